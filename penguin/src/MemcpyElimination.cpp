//===- MemcpyElimination.cpp - Fold copies into their readers -------------===//

#include "penguin/MemcpyElimination.h"

#include "presburger/Errors.h"

#include <algorithm>
#include <map>
#include <ostream>
#include <set>

namespace penguin {

using presburger::Relation;

std::string MemcpyDecision::str() const {
  std::string s = "s" + std::to_string(copyId) + ": ";
  if (!eliminated)
    return s + "not eliminated: " + reason;
  s += reason;
  if (!rewrites.empty()) {
    s += "; loads rewritten:";
    for (size_t k = 0; k < rewrites.size(); ++k)
      s += (k ? ", " : " ") + rewrites[k];
  }
  return s;
}

namespace {

/// One instruction with its loop nest and its top-level statement.
struct Site {
  Instruction *inst;
  LoopNest nest;
  size_t unit; // index of the top-level statement (scopes looked through)
};

void collect(std::vector<Stmt> &body, LoopNest &nest, bool top, size_t &units,
             size_t unit, std::vector<Site> &out) {
  for (Stmt &s : body) {
    if (Scope *sc = s.asScope()) {
      collect(sc->body, nest, top, units, unit, out);
      continue;
    }
    size_t u = top ? units++ : unit;
    if (Instruction *i = s.asInstruction()) {
      out.push_back(Site{i, nest, u});
    } else if (Loop *l = s.asLoop()) {
      nest.push_back(l);
      collect(l->body, nest, false, units, u, out);
      nest.pop_back();
    }
  }
}

std::vector<Site> sitesOf(Kernel &kernel) {
  std::vector<Site> out;
  LoopNest nest;
  size_t units = 0;
  collect(kernel.body, nest, true, units, 0, out);
  return out;
}

bool writes(const Instruction &i, const std::string &t) {
  return i.dst && i.dst->tensor == t;
}

bool reads(const Instruction &i, const std::string &t) {
  for (const AccessPattern *ap : i.operandAccesses())
    if (ap->tensor == t)
      return true;
  return false;
}

std::string instText(const Instruction &i) {
  std::string s = i.statementName() + " (";
  if (i.dst)
    s += i.dst->str() + " = ";
  s += i.opcode + "(";
  for (size_t k = 0; k < i.operands.size(); ++k) {
    if (k)
      s += ", ";
    if (const auto *ap = std::get_if<AccessPattern>(&i.operands[k]))
      s += ap->str();
    else
      s += "...";
  }
  return s + "))";
}

/// Removes the instruction `id` from `body` (recursively); loops left empty
/// on the way are removed too. True when found.
bool removeInstruction(std::vector<Stmt> &body, int64_t id) {
  for (auto it = body.begin(); it != body.end(); ++it) {
    if (Instruction *i = it->asInstruction()) {
      if (i->id == id) {
        body.erase(it);
        return true;
      }
    } else if (Loop *l = it->asLoop()) {
      if (removeInstruction(l->body, id)) {
        if (l->body.empty())
          body.erase(it);
        return true;
      }
    } else if (Scope *sc = it->asScope()) {
      if (removeInstruction(sc->body, id))
        return true;
    }
  }
  return false;
}

/// A refusal: the message of the decision.
struct Refuse {
  std::string reason;
};

MemcpyDecision analyseAndApply(Kernel &kernel, int64_t copyId,
                               RewriteOptions options) {
  MemcpyDecision d;
  d.copyId = copyId;
  std::vector<Site> sites = sitesOf(kernel);
  auto copyIt = std::find_if(sites.begin(), sites.end(), [&](const Site &s) {
    return s.inst->id == copyId;
  });
  if (copyIt == sites.end())
    throw Refuse{"no instruction s" + std::to_string(copyId)};
  const Site copy = *copyIt;
  const Instruction &c = *copy.inst;
  if (c.opcode != kCopyOpcode || !c.dst || c.operands.size() != 1 ||
      !std::holds_alternative<AccessPattern>(c.operands[0]))
    throw Refuse{"not a copy (opcode 'copy' with a destination and one "
                 "access operand)"};
  const AccessPattern &dst = *c.dst;
  const AccessPattern &src = std::get<AccessPattern>(c.operands[0]);
  const std::string B = dst.tensor, A = src.tensor;
  if (A == B)
    throw Refuse{"the copy reads and writes the same tensor " + A};
  const Tensor *tA = kernel.findTensor(A), *tB = kernel.findTensor(B);
  if (!tA || !tB)
    throw Refuse{"the copy uses an undeclared tensor"};
  if (tA->dtype != tB->dtype)
    throw Refuse{"the copy converts " + std::string(toString(tA->dtype)) +
                 " to " + std::string(toString(tB->dtype))};
  if (tB->isInputOrOutput())
    throw Refuse{B + " is a kernel " +
                 std::string(tB->isOutput ? "output" : "input") +
                 ": its contents are observable"};
  for (const AffinePredicate &p : c.predicates)
    if (p.isApprox())
      throw Refuse{"the copy has the approximate predicate " + p.str() +
                   " (its exact guard is unknown)"};
  for (const AccessPattern *ap : {&dst, &src})
    for (AffineExpr idx : ap->indices)
      if (idx.hasRuntimeValue())
        throw Refuse{"the copy's access " + ap->str() +
                     " depends on a runtime value"};

  // Ordering.
  std::vector<LoadSite> loads;
  size_t lastLoadUnit = copy.unit;
  for (const Site &s : sites) {
    if (s.inst == copy.inst)
      continue;
    const Instruction &i = *s.inst;
    if (s.unit == copy.unit && (reads(i, B) || writes(i, B)))
      throw Refuse{instText(i) + " uses " + B +
                   " in the same loop nest as the copy"};
    if (s.unit >= copy.unit && writes(i, B))
      throw Refuse{instText(i) + " writes " + B + " again after the copy"};
    if (s.unit > copy.unit && reads(i, B)) {
      lastLoadUnit = s.unit;
      for (size_t k = 0; k < i.operands.size(); ++k) {
        const auto *ap = std::get_if<AccessPattern>(&i.operands[k]);
        if (ap && ap->tensor == B)
          loads.push_back(LoadSite{s.inst, s.nest, k});
      }
    }
  }
  for (const Site &s : sites)
    if (s.inst != copy.inst && s.unit >= copy.unit &&
        s.unit <= lastLoadUnit && writes(*s.inst, A))
      throw Refuse{instText(*s.inst) + " writes " + A +
                   " between the copy and the last read of " + B};

  AccessRewriter rw(kernel, SimplifierOptions{}, options);
  Relation mapping = rw.buildMapping(dst, src, c, copy.nest);
  if (!mapping.isSingleValued())
    throw Refuse{"the copy writes some element of " + B +
                 " from several elements of " + A + " (mapping " +
                 mapping.toString() + ")"};
  std::vector<StoreSite> stores{StoreSite{copy.inst, copy.nest}};
  Relation written = rw.unionAffineAccessRanges(B, stores);
  for (const LoadSite &l : loads) {
    const auto &ap = std::get<AccessPattern>(l.inst->operands[l.operand]);
    std::vector<AccessSite> one{AccessSite{l.inst, l.nest, &ap}};
    Relation read = rw.unionRanges(B, one);
    if (!read.isSubsetOf(written))
      throw Refuse{instText(*l.inst) + " reads elements of " + B +
                   " that the copy does not write: " +
                   rw.simplify(read.subtract(written)).toString()};
  }
  std::vector<LoadRewrite> rewrites;
  try {
    rewrites = rw.rewriteAllLoadAddress(loads, mapping);
  } catch (const NotImplementedError &e) {
    throw Refuse{e.what()};
  }

  // Apply: rewrite the loads, remove the copy.
  std::map<int64_t, Instruction *> byId;
  for (const Site &s : sites)
    byId[s.inst->id] = s.inst;
  for (const LoadRewrite &r : rewrites) {
    Instruction &i = *byId.at(r.inst->id);
    const auto &old = std::get<AccessPattern>(i.operands[r.operand]);
    d.rewrites.push_back(i.statementName() + ": " + old.str() + " -> " +
                         r.newAccess.str());
    i.operands[r.operand] = r.newAccess;
  }
  std::string text = instText(c);
  removeInstruction(kernel.body, copyId);
  d.eliminated = true;
  d.reason = "eliminated " + text + ", " + std::to_string(rewrites.size()) +
             (rewrites.size() == 1 ? " load" : " loads") + " rewritten";
  return d;
}

} // namespace

MemcpyDecision eliminateMemcpy(Kernel &kernel, int64_t copyId,
                               RewriteOptions options) {
  try {
    return analyseAndApply(kernel, copyId, options);
  } catch (const Refuse &r) {
    MemcpyDecision d;
    d.copyId = copyId;
    d.reason = r.reason;
    return d;
  } catch (const presburger::Error &e) {
    MemcpyDecision d;
    d.copyId = copyId;
    d.reason = std::string("the integer-set engine failed: ") + e.what();
    return d;
  } catch (const Error &e) {
    MemcpyDecision d;
    d.copyId = copyId;
    d.reason = e.what();
    return d;
  }
}

std::vector<MemcpyDecision> eliminateMemcpies(Kernel &kernel,
                                              RewriteOptions options) {
  std::vector<MemcpyDecision> done;
  std::map<int64_t, MemcpyDecision> refused;
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int64_t> copies;
    walkInstructions(kernel, [&](const Instruction &i, const LoopNest &) {
      if (i.opcode == kCopyOpcode)
        copies.push_back(i.id);
    });
    for (int64_t id : copies) {
      MemcpyDecision d = eliminateMemcpy(kernel, id, options);
      if (d.eliminated) {
        refused.erase(id);
        done.push_back(std::move(d));
        changed = true; // the kernel changed: look at every copy again
        break;
      }
      refused[id] = std::move(d);
    }
  }
  for (auto &[id, d] : refused)
    done.push_back(std::move(d));
  return done;
}

namespace {

class MemcpyEliminationPass : public Pass {
public:
  explicit MemcpyEliminationPass(RewriteOptions o) : options_(o) {}
  std::string_view name() const override { return "memcpy-elimination"; }
  std::string_view description() const override {
    return "remove copies whose readers can read the source instead, "
           "rewriting each load through the copy's address mapping";
  }
  void run(Module &module, PassContext &pc) override {
    int64_t &copies = pc.stats.counter(name(), "eliminated-copies",
                                       "Number of copies eliminated");
    int64_t &loads = pc.stats.counter(name(), "rewritten-loads",
                                      "Number of loads rewritten");
    int64_t &refused = pc.stats.counter(name(), "refused-copies",
                                        "Number of copies not eliminated");
    for (Kernel &k : module.kernels) {
      for (const MemcpyDecision &d : eliminateMemcpies(k, options_)) {
        if (d.eliminated) {
          ++copies;
          loads += int64_t(d.rewrites.size());
        } else {
          ++refused;
        }
        if (pc.explain)
          *pc.explain << "memcpy-elimination: kernel " << k.name << ": "
                      << d.str() << "\n";
      }
    }
  }

private:
  RewriteOptions options_;
};

} // namespace

std::unique_ptr<Pass> createMemcpyEliminationPass(RewriteOptions options) {
  return std::make_unique<MemcpyEliminationPass>(options);
}

void registerAccessRewritePasses(PassRegistry &registry) {
  registry.add("memcpy-elimination",
               "remove copies whose readers can read the source instead, "
               "rewriting each load through the copy's address mapping",
               [] { return createMemcpyEliminationPass(); });
}

} // namespace penguin
