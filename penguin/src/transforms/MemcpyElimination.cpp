//===- MemcpyElimination.cpp - Fold copies into their readers -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/MemcpyElimination.h"

#include "penguin/AllocationMap.h"
#include "penguin/IntegerSetBridge.h"

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

/// The copy sC: B[f(i)] = copy(A[g(i)]), checked to be one.
struct Copy {
  Site site;
  const AccessPattern *dst, *src;
  std::string B, A;
};

Copy checkIsCopy(Kernel &kernel, const std::vector<Site> &sites,
                 int64_t copyId) {
  auto it = std::find_if(sites.begin(), sites.end(),
                         [&](const Site &s) { return s.inst->id == copyId; });
  if (it == sites.end())
    throw Refuse{"no instruction s" + std::to_string(copyId)};
  const Instruction &c = *it->inst;
  if (c.opcode != kCopyOpcode || !c.dst || c.operands.size() != 1 ||
      !std::holds_alternative<AccessPattern>(c.operands[0]))
    throw Refuse{"not a copy (opcode 'copy' with a destination and one "
                 "access operand)"};
  Copy copy{*it, &*c.dst, &std::get<AccessPattern>(c.operands[0]),
            c.dst->tensor, std::get<AccessPattern>(c.operands[0]).tensor};
  const std::string &A = copy.A, &B = copy.B;
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
  for (const AccessPattern *ap : {copy.dst, copy.src})
    for (AffineExpr idx : ap->indices)
      if (idx.hasRuntimeValue())
        throw Refuse{"the copy's access " + ap->str() +
                     " depends on a runtime value"};
  return copy;
}

/// The loads to rewrite: every read of B in a statement after the copy's.
/// Refuses other uses of B by name (B itself: any write after the copy,
/// any use in the copy's statement); uses through other tensors of B's
/// allocation are checked on memory by checkMemory.
struct Loads {
  std::vector<LoadSite> loads;
  size_t lastUnit;
};

Loads collectLoads(const std::vector<Site> &sites, const Copy &copy) {
  Loads out{{}, copy.site.unit};
  const std::string &B = copy.B;
  for (const Site &s : sites) {
    if (s.inst == copy.site.inst)
      continue;
    const Instruction &i = *s.inst;
    if (s.unit == copy.site.unit && (reads(i, B) || writes(i, B)))
      throw Refuse{instText(i) + " uses " + B +
                   " in the same loop nest as the copy"};
    if (s.unit >= copy.site.unit && writes(i, B))
      throw Refuse{instText(i) + " writes " + B + " again after the copy"};
    if (s.unit > copy.site.unit && reads(i, B)) {
      out.lastUnit = s.unit;
      for (size_t k = 0; k < i.operands.size(); ++k) {
        const auto *ap = std::get_if<AccessPattern>(&i.operands[k]);
        if (ap && ap->tensor == B)
          out.loads.push_back(LoadSite{s.inst, s.nest, k});
      }
    }
  }
  return out;
}

/// The memory side of legality. Accesses are carried onto memory cells by
/// the AllocationMap the dependence analysis uses, so a tensor that shares
/// an allocation with A or B is seen for what it is: the same cells.
///   W  the cells the copy writes (B's allocation)
///   R  the cells the loads of B read (within W: coverage)
///   S  the cells the rewritten loads will read (A's allocation)
/// Refused, between the copy's statement and the last load's:
///   a write to R through another tensor (the loads would not have read
///     the copied value);
///   a read of W through another tensor, from the copy's statement on
///     (without the copy it would read what was there before);
///   a write to S, by any instruction, the copy included (the rewritten
///     loads would read a value the copy did not copy).
/// And the copy must write each cell from one element of A.
class MemoryCheck {
public:
  MemoryCheck(const Kernel &kernel, const Copy &copy)
      : kernel_(kernel), memory_(kernel), copy_(copy) {}

  /// The cells `ap` (an access of `inst` in `nest`) touches over the
  /// instruction's executed iterations: a set over its allocation tuple.
  Relation cells(const Instruction &inst, const LoopNest &nest,
                 const AccessPattern &ap) const {
    return memoryAccess(inst, nest, ap).range();
  }

  void run(const std::vector<Site> &sites, const Loads &loads,
           const std::vector<LoadRewrite> &rewrites) {
    const Copy &c = copy_;
    const Instruction &ci = *c.site.inst;
    const std::string allocB = memory_.tupleNameOf(c.B);
    const std::string allocA = memory_.tupleNameOf(c.A);
    Relation W = cells(ci, c.site.nest, *c.dst);
    checkOneSourcePerCell(allocB);
    std::vector<Relation> read, reread;
    std::map<const Instruction *, const LoopNest *> nests;
    for (const LoadSite &l : loads.loads) {
      read.push_back(
          cells(*l.inst, l.nest,
                std::get<AccessPattern>(l.inst->operands[l.operand])));
      nests[l.inst] = &l.nest;
    }
    for (const LoadRewrite &r : rewrites)
      reread.push_back(cells(*r.inst, *nests.at(r.inst), r.newAccess));
    Relation R = uniteAll(read, W.space()), S = uniteAll(reread, W.space());
    for (const Site &s : sites) {
      if (s.unit < c.site.unit)
        continue;
      const Instruction &i = *s.inst;
      bool beforeLastLoad = s.unit <= loads.lastUnit;
      if (&i != &ci) {
        for (const AccessPattern *ap : i.operandAccesses())
          if (ap->tensor != c.B && memory_.tupleNameOf(ap->tensor) == allocB &&
              meets(cells(i, s.nest, *ap), W))
            throw Refuse{instText(i) + " reads " + ap->tensor +
                         ", which shares the allocation " + allocB + " with " +
                         c.B +
                         ", after the copy: without the copy it would "
                         "read other values"};
      }
      if (!i.dst || !beforeLastLoad)
        continue;
      const AccessPattern &w = *i.dst;
      std::string alloc = memory_.tupleNameOf(w.tensor);
      if (&i != &ci && w.tensor != c.B && alloc == allocB &&
          meets(cells(i, s.nest, w), R))
        throw Refuse{instText(i) + " writes " + w.tensor +
                     ", which shares the allocation " + allocB + " with " +
                     c.B + ", between the copy and the last read of " + c.B +
                     ": the reads of " + c.B + " would not see the copy"};
      if (alloc == allocA && !reread.empty() &&
          meets(&i == &ci ? W : cells(i, s.nest, w), S)) {
        if (&i == &ci)
          throw Refuse{"the copy writes cells of the allocation " + allocA +
                       " that the rewritten loads would read through " + c.A};
        throw Refuse{instText(i) + " writes " + w.tensor +
                     (w.tensor == c.A ? ""
                                      : ", which shares the allocation " +
                                            allocA + " with " + c.A + ",") +
                     " between the copy and the last read of " + c.B +
                     ": the rewritten loads would read other values"};
      }
    }
  }

private:
  Relation memoryAccess(const Instruction &inst, const LoopNest &nest,
                        const AccessPattern &ap) const {
    return memory_.access(inst, nest, ap);
  }
  /// The union of `parts` (all over one tuple), or the empty set over
  /// `otherwise` when there are none.
  static Relation uniteAll(const std::vector<Relation> &parts,
                           const presburger::Space &otherwise) {
    if (parts.empty())
      return Relation::empty(otherwise);
    Relation u = parts.front();
    for (size_t k = 1; k < parts.size(); ++k)
      u = u.unite(parts[k]);
    return u;
  }
  static bool meets(Relation a, Relation b) {
    if (a.space().setTuple().name() != b.space().setTuple().name())
      return false;
    presburger::alignParams(a, b);
    return !a.intersect(b).isEmpty();
  }
  /// { cell -> A[a] } single-valued: no cell of B's allocation is written
  /// from two elements of A (tensors of one allocation may wrap onto the
  /// same cells, which the relation on B's indices does not see).
  void checkOneSourcePerCell(const std::string &allocB) const {
    const Copy &c = copy_;
    Relation written = memoryAccess(*c.site.inst, c.site.nest, *c.dst);
    AccessOptions opts;
    opts.predicated = true;
    Relation read =
        accessRelation(kernel_, *c.site.inst, c.site.nest, *c.src, opts);
    Relation m = written.reverse().applyRange(read);
    if (!m.isSingleValued())
      throw Refuse{"the copy writes some cell of the allocation " + allocB +
                   " from several elements of " + c.A};
  }

  const Kernel &kernel_;
  AllocationMap memory_;
  const Copy &copy_;
};

MemcpyDecision analyseAndApply(Kernel &kernel, int64_t copyId,
                               RewriteOptions options) {
  MemcpyDecision d;
  d.copyId = copyId;
  std::vector<Site> sites = sitesOf(kernel);
  const Copy copy = checkIsCopy(kernel, sites, copyId);
  const Instruction &c = *copy.site.inst;
  const std::string &A = copy.A, &B = copy.B;
  Loads loads = collectLoads(sites, copy);

  // Engine failures are located at the instruction being looked at: the
  // copy, or the load.
  AccessRewriter rw(kernel, SimplifierOptions{}, options);
  Relation mapping, written;
  locatedAt(c.loc, [&] {
    mapping = rw.buildMapping(*copy.dst, *copy.src, c, copy.site.nest);
    if (!mapping.isSingleValued())
      throw Refuse{"the copy writes some element of " + B +
                   " from several elements of " + A + " (mapping " +
                   mapping.toString() + ")"};
    std::vector<StoreSite> stores{StoreSite{copy.site.inst, copy.site.nest}};
    written = rw.unionAffineAccessRanges(B, stores);
  });
  for (const LoadSite &l : loads.loads) {
    locatedAt(l.inst->loc, [&] {
      const auto &ap = std::get<AccessPattern>(l.inst->operands[l.operand]);
      std::vector<AccessSite> one{AccessSite{l.inst, l.nest, &ap}};
      Relation read = rw.unionRanges(B, one);
      if (!read.isSubsetOf(written))
        throw Refuse{instText(*l.inst) + " reads elements of " + B +
                     " that the copy does not write: " +
                     rw.simplify(read.subtract(written)).toString()};
    });
  }
  std::vector<LoadRewrite> rewrites;
  try {
    rewrites = rw.rewriteAllLoadAddress(loads.loads, mapping);
  } catch (const NotImplementedError &e) {
    throw Refuse{e.what()};
  }
  locatedAt(c.loc,
            [&] { MemoryCheck(kernel, copy).run(sites, loads, rewrites); });

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
  auto refused = [&](std::string reason) {
    MemcpyDecision d;
    d.copyId = copyId;
    d.reason = std::move(reason);
    return d;
  };
  try {
    return analyseAndApply(kernel, copyId, options);
  } catch (const Refuse &r) {
    return refused(r.reason);
  } catch (const LocatedError &e) {
    return refused(e.location().str() + ": " + e.message());
  } catch (const Error &e) {
    return refused(e.what());
  } catch (const presburger::Error &e) {
    return refused(engineFailureMessage(e));
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
