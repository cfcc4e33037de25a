//===- RegenerateLoops.cpp - Loop nests rebuilt from their domains --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Per outermost loop tree (docs/penguin-simplifier.md, "Regenerating
// loops"):
//   1. the instructions of the tree with their loop nests and positions;
//   2. the schedule { sN[ivs] -> [iv0, pos1, iv1, ..., ivk-1, posk, 0...] }
//      restricted to each instruction's instances (loop bounds, parameter
//      bounds, exact predicates), the parameter bounds as context;
//   3. buildAst, and the AST converted back to statements (Converter);
//   4. the check: each instruction's new instances, mapped back through
//      the AST's coordinates, are exactly its old ones;
//   5. the commit, unless the new tree prints as the old one.
// Anything the IR cannot express throws CannotExpress; every failure leaves
// the tree unchanged.
//
//===----------------------------------------------------------------------===//

#include "penguin/RegenerateLoops.h"

#include "penguin/IntegerSetBridge.h"
#include "penguin/Linearize.h"
#include "penguin/Names.h"
#include "penguin/Printer.h"

#include "presburger/AstBuild.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <functional>
#include <map>
#include <ostream>
#include <set>
#include <unordered_map>

namespace penguin {

using presburger::AstExpr;
using presburger::AstNode;
using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::Space;
using presburger::Tuple;
using presburger::UnionRelation;
using presburger::VarKind;
using presburger::WorkBudget;

namespace {

/// Something of the generated code that the IR cannot express.
class CannotExpress : public Error {
public:
  using Error::Error;
};

/// Bound on the terms of one max / min list (sums of lists multiply).
constexpr size_t kMaxBoundTerms = 64;

/// One instruction of the tree.
struct TreeInst {
  const Instruction *inst = nullptr;
  LoopNest nest;             // the root first
  std::vector<int64_t> time; // iv0 (as -1), pos1, iv1 (-1), ..., posk
};

void collect(const Loop &loop, LoopNest &nest, std::vector<int64_t> &time,
             std::vector<TreeInst> &out) {
  nest.push_back(&loop);
  time.push_back(-1); // the loop variable's slot
  for (size_t k = 0; k < loop.body.size(); ++k) {
    const Stmt &s = loop.body[k];
    time.push_back(static_cast<int64_t>(k));
    if (const Instruction *i = s.asInstruction())
      out.push_back({i, nest, time});
    else if (const Loop *l = s.asLoop())
      collect(*l, nest, time, out);
    else
      throw CannotExpress("a scope inside a loop ('" + s.asScope()->name +
                          "') is not regenerated");
    time.pop_back();
  }
  time.pop_back();
  nest.pop_back();
}

/// The predicates that restrict where `inst` runs: its exact ones, except
/// for an affine_select, whose single predicate is the select's condition
/// and stays on it as written (rewritten in the new loop variables).
std::vector<AffinePredicate> domainPredicates(const Instruction &inst) {
  if (inst.opcode == kAffineSelectOpcode)
    return {};
  return dropApproxPredicates(inst.predicates);
}

int64_t toInt64(const Int &v, const char *what) {
  std::optional<int64_t> s = v.toInt64();
  if (!s)
    throw CannotExpress(std::string(what) + " " + v.toString() +
                        " does not fit in 64 bits");
  return *s;
}

std::vector<std::string> paramNames(const Kernel &kernel) {
  std::vector<std::string> out;
  for (const Param &p : kernel.params)
    out.push_back(p.name);
  return out;
}

/// { sN[ivs] -> [time] } on the instruction's instances, time padded with
/// zeros to `width` dimensions.
Relation scheduleOf(const Kernel &kernel, const TreeInst &ti, unsigned width) {
  DomainSpace ds = createDomainSpace(kernel, ti.nest, *ti.inst);
  BasicRelation rel(Space::relation(ds.params(), ds.tuple(), Tuple(width)));
  addParamBounds(rel, kernel.params);
  AffineBuilder b(ds, rel, VarKind::Domain);
  addLoopBounds(b, ti.nest);
  b.addPredicates(domainPredicates(*ti.inst));
  unsigned out = rel.offset(VarKind::Range);
  for (unsigned r = 0; r < width; ++r) {
    std::vector<Int> row(rel.numCols());
    row[out + r] = Int(1);
    if (r < ti.time.size()) {
      if (r % 2 == 0)
        row[b.ivColumn(r / 2)] = Int(-1);
      else
        row.back() = Int(-ti.time[r]);
    }
    b.addEquality(std::move(row));
  }
  return Relation(std::move(rel));
}

unsigned countLoops(const std::vector<Stmt> &body) {
  unsigned n = 0;
  for (const Stmt &s : body)
    if (const Loop *l = s.asLoop())
      n += 1 + countLoops(l->body);
    else if (const Scope *sc = s.asScope())
      n += countLoops(sc->body);
  return n;
}

int64_t countExactPredicates(const std::vector<Stmt> &body) {
  int64_t n = 0;
  for (const Stmt &s : body)
    if (const Instruction *i = s.asInstruction())
      n += static_cast<int64_t>(dropApproxPredicates(i->predicates).size());
    else if (const Loop *l = s.asLoop())
      n += countExactPredicates(l->body);
    else if (const Scope *sc = s.asScope())
      n += countExactPredicates(sc->body);
  return n;
}

/// Every name of the kernel a new loop variable must not take.
void takenNames(const std::vector<Stmt> &body, std::set<std::string> &out) {
  for (const Stmt &s : body)
    if (const Loop *l = s.asLoop()) {
      out.insert(l->iv);
      takenNames(l->body, out);
    } else if (const Scope *sc = s.asScope()) {
      takenNames(sc->body, out);
    }
}

using Substitution = std::unordered_map<std::string, AffineExpr>;

/// The AST of one tree back to penguin statements.
class Converter {
public:
  Converter(const Kernel &kernel, const std::vector<TreeInst> &insts,
            std::set<std::string> taken, SourceLocation loc)
      : kernel_(kernel), ctx_(kernel.context()), taken_(std::move(taken)),
        loc_(std::move(loc)) {
    for (const TreeInst &t : insts)
      byTuple_[t.inst->statementName()] = &t;
  }

  std::vector<Stmt> convert(const AstNode &n) {
    switch (n.kind) {
    case AstNode::Kind::Block: {
      std::vector<Stmt> out;
      for (const AstNode &c : n.body) {
        std::vector<Stmt> part = convert(c);
        for (Stmt &s : part)
          out.push_back(std::move(s));
      }
      return out;
    }
    case AstNode::Kind::For:
      return {Stmt(convertFor(n))};
    case AstNode::Kind::If: {
      if (!n.elseBody.empty())
        throw CannotExpress("an 'if' with an 'else' branch");
      size_t mark = guards_.size();
      condition(n.cond, guards_);
      std::vector<Stmt> out = convert(n.body.at(0));
      guards_.erase(guards_.begin() + static_cast<std::ptrdiff_t>(mark),
                    guards_.end());
      return out;
    }
    case AstNode::Kind::User:
      return {Stmt(convertUser(n))};
    }
    throw CannotExpress("an unknown AST node");
  }

  /// Per emitted instruction id: its original and the new coordinates of
  /// its old loop variables.
  const std::map<int64_t, std::pair<const TreeInst *, Substitution>> &
  emitted() const {
    return emitted_;
  }

private:
  // Expressions ------------------------------------------------------------

  AffineExpr leaf(const std::string &name) {
    auto it = iterName_.find(name);
    if (it != iterName_.end())
      return ctx_.index(it->second);
    if (kernel_.findParam(name))
      return ctx_.param(name);
    throw CannotExpress("the generated code uses the unknown name '" + name +
                        "'");
  }

  using List = std::vector<AffineExpr>;

  static List
  cross(const List &a, const List &b,
        const std::function<AffineExpr(AffineExpr, AffineExpr)> &f) {
    if (a.size() * b.size() > kMaxBoundTerms)
      throw CannotExpress("a bound with more than " +
                          std::to_string(kMaxBoundTerms) + " terms");
    List out;
    for (AffineExpr x : a)
      for (AffineExpr y : b)
        out.push_back(f(x, y));
    return out;
  }

  /// Expressions whose max (`isMax`) or min is `e`: max and min are pushed
  /// out through the monotone operations (sums, products by constants,
  /// floor divisions by positive constants; subtraction and negation swap
  /// them).
  List list(const AstExpr &e, bool isMax) {
    List out = rawList(e, isMax);
    for (AffineExpr &x : out)
      x = linearizeAffineExpr(x, LinearizeMode::QuasiAffine);
    return out;
  }

  List rawList(const AstExpr &e, bool isMax) {
    using K = AstExpr::Kind;
    switch (e.kind) {
    case K::Int:
      return {ctx_.constant(toInt64(e.value, "the constant"))};
    case K::Id:
      return {leaf(e.name)};
    case K::Add:
      return cross(rawList(e.args.at(0), isMax), rawList(e.args.at(1), isMax),
                   [&](AffineExpr x, AffineExpr y) { return ctx_.add(x, y); });
    case K::Sub:
      return cross(rawList(e.args.at(0), isMax), rawList(e.args.at(1), !isMax),
                   [&](AffineExpr x, AffineExpr y) { return ctx_.sub(x, y); });
    case K::Neg: {
      List out;
      for (AffineExpr x : rawList(e.args.at(0), !isMax))
        out.push_back(ctx_.neg(x));
      return out;
    }
    case K::Mul: {
      const AstExpr &a = e.args.at(0), &b = e.args.at(1);
      if (a.kind != K::Int && b.kind != K::Int)
        throw CannotExpress("a product of two non-constant expressions");
      int64_t c = toInt64(a.kind == K::Int ? a.value : b.value, "the factor");
      const AstExpr &other = a.kind == K::Int ? b : a;
      List out;
      for (AffineExpr x : rawList(other, c >= 0 ? isMax : !isMax))
        out.push_back(ctx_.mult(c, x));
      return out;
    }
    case K::FloorDiv:
    case K::Div: {
      // An exact division is a floor division too.
      const AstExpr &d = e.args.at(1);
      if (d.kind != K::Int || d.value <= Int(0))
        throw CannotExpress("a division by a non-constant");
      int64_t den = toInt64(d.value, "the denominator");
      List out;
      for (AffineExpr x : rawList(e.args.at(0), isMax))
        out.push_back(ctx_.floorDiv(x, den));
      return out;
    }
    case K::Mod: {
      // Written on nonnegative operands only, where C's % and the floor
      // convention of penguin's mod agree.
      const AstExpr &d = e.args.at(1);
      if (d.kind != K::Int || d.value <= Int(0))
        throw CannotExpress("a modulo by a non-constant");
      return {ctx_.mod(single(e.args.at(0)), toInt64(d.value, "the modulus"))};
    }
    case K::Max:
    case K::Min: {
      if ((e.kind == K::Max) != isMax)
        throw CannotExpress(std::string("a ") +
                            (e.kind == K::Max ? "max" : "min") + " in " +
                            (isMax ? "a lower bound" : "an upper bound"));
      List out;
      for (const AstExpr &a : e.args)
        for (AffineExpr x : rawList(a, isMax))
          out.push_back(x);
      if (out.size() > kMaxBoundTerms)
        throw CannotExpress("a bound with more than " +
                            std::to_string(kMaxBoundTerms) + " terms");
      return out;
    }
    default:
      throw CannotExpress("a condition where an expression was expected");
    }
  }

  AffineExpr single(const AstExpr &e) {
    List l = list(e, true);
    if (l.size() != 1)
      throw CannotExpress("a max or min inside an expression");
    return l.front();
  }

  /// The conjunction `c` as predicates (appended to `out`).
  void condition(const AstExpr &c, std::vector<AffinePredicate> &out) {
    using K = AstExpr::Kind;
    auto all = [&](const AstExpr &a, const AstExpr &b, bool strict) {
      // min(A) >= max(B) iff every A_i >= every B_j.
      for (AffineExpr x : list(a, false))
        for (AffineExpr y : list(b, true))
          out.push_back(strict ? predGt(x, y) : predGe(x, y));
    };
    switch (c.kind) {
    case K::And:
      for (const AstExpr &a : c.args)
        condition(a, out);
      return;
    case K::Ge:
      return all(c.args.at(0), c.args.at(1), false);
    case K::Gt:
      return all(c.args.at(0), c.args.at(1), true);
    case K::Le:
      return all(c.args.at(1), c.args.at(0), false);
    case K::Lt:
      return all(c.args.at(1), c.args.at(0), true);
    case K::Eq:
      out.push_back(predEq(single(c.args.at(0)), single(c.args.at(1))));
      return;
    case K::Int:
      if (c.value.isZero())
        out.push_back(falsePredicate(ctx_));
      return;
    case K::Or:
      throw CannotExpress("a disjunction in a condition");
    default:
      throw CannotExpress("a condition that is not a comparison");
    }
  }

  // Nodes ----------------------------------------------------------------

  /// The user nodes below `n`.
  static void users(const AstNode &n,
                    const std::function<void(const AstNode &)> &fn) {
    if (n.kind == AstNode::Kind::User)
      fn(n);
    for (const AstNode &c : n.body)
      users(c, fn);
    for (const AstNode &c : n.elseBody)
      users(c, fn);
  }

  bool isFree(const std::string &name) const {
    for (const std::string &e : enclosing_)
      if (e == name)
        return false;
    return isValidName(name) && !kernel_.findParam(name) &&
           !kernel_.findRuntimeValue(name);
  }

  /// The time dimension of an AST iterator (the generator names them
  /// PREFIX<t>, the prefix possibly followed by underscores).
  static std::optional<unsigned> timeDimension(const std::string &it) {
    size_t k = it.find_first_of("0123456789");
    if (k == std::string::npos || k == 0 ||
        it.find_first_not_of("0123456789", k) != std::string::npos ||
        it.size() - k > 6)
      return std::nullopt;
    return unsigned(std::stoul(it.substr(k)));
  }

  /// The original variable the loop stands for: time dimension 2d is loop
  /// d of every statement below, so its name when all agree (and it is
  /// free here); otherwise a fresh name.
  std::string chooseName(const AstNode &loop) {
    std::set<std::string> names;
    std::optional<unsigned> t = timeDimension(loop.iterator);
    users(loop, [&](const AstNode &u) {
      auto it = byTuple_.find(u.name);
      if (it == byTuple_.end())
        return;
      const LoopNest &nest = it->second->nest;
      if (t && *t % 2 == 0 && *t / 2 < nest.size())
        names.insert(nest[*t / 2]->iv);
      else if (t)
        names.insert(""); // a position dimension: no original variable
    });
    names.erase("");
    if (names.size() == 1 && isFree(*names.begin()))
      return *names.begin();
    std::string base = names.size() == 1 ? *names.begin() + "_" : "c";
    for (unsigned k = 0;; ++k) {
      std::string n = base + std::to_string(k);
      if (!taken_.count(n) && isFree(n))
        return n;
    }
  }

  Loop convertFor(const AstNode &n) {
    Loop l;
    l.loc = loc_;
    List lbs = list(n.lower, true);
    List ubs;
    for (AffineExpr u : list(n.upper, false)) // inclusive -> exclusive
      ubs.push_back(linearizeAffineExpr(ctx_.add(u, ctx_.constant(1)),
                                        LinearizeMode::QuasiAffine));
    l.lb = lbs.front();
    l.moreLbs.assign(lbs.begin() + 1, lbs.end());
    l.ub = ubs.front();
    l.moreUbs.assign(ubs.begin() + 1, ubs.end());
    l.stride = toInt64(n.step, "the step");
    if (l.stride <= 0)
      throw CannotExpress("a loop with a non-positive step");
    l.iv = chooseName(n);
    std::optional<std::string> saved;
    if (auto it = iterName_.find(n.iterator); it != iterName_.end())
      saved = it->second;
    iterName_[n.iterator] = l.iv;
    enclosing_.push_back(l.iv);
    l.body = convert(n.body.at(0));
    enclosing_.pop_back();
    if (saved)
      iterName_[n.iterator] = *saved;
    else
      iterName_.erase(n.iterator);
    return l;
  }

  Instruction convertUser(const AstNode &n) {
    auto it = byTuple_.find(n.name);
    if (it == byTuple_.end())
      throw CannotExpress("the generated code names the unknown statement '" +
                          n.name + "'");
    const TreeInst &ti = *it->second;
    if (emitted_.count(ti.inst->id))
      throw CannotExpress("instruction " + n.name +
                          " is generated in more than one place");
    if (n.args.size() != ti.nest.size())
      throw CannotExpress("instance of " + n.name + " with " +
                          std::to_string(n.args.size()) + " coordinates");
    Substitution sub;
    for (size_t d = 0; d < ti.nest.size(); ++d)
      sub[ti.nest[d]->iv] = single(n.args[d]);
    Instruction inst = *ti.inst;
    auto rewrite = [&](AccessPattern &ap) {
      for (AffineExpr &e : ap.indices)
        e = substituteIndices(e, sub);
    };
    if (inst.dst)
      rewrite(*inst.dst);
    for (Operand &o : inst.operands)
      if (auto *ap = std::get_if<AccessPattern>(&o))
        rewrite(*ap);
    bool select = ti.inst->opcode == kAffineSelectOpcode;
    if (select && !guards_.empty())
      throw CannotExpress("affine_select " + n.name +
                          " would need a guard besides its condition");
    std::vector<AffinePredicate> preds = guards_;
    for (const AffinePredicate &p : ti.inst->predicates)
      if (p.isApprox() || select)
        preds.push_back(AffinePredicate(substituteIndices(p.expr(), sub),
                                        p.ge(), p.isApprox()));
    // Drop repeated and trivially true guards (two ifs may imply the same
    // constraint).
    std::vector<AffinePredicate> unique;
    for (const AffinePredicate &p : preds)
      if (select ||
          (!p.isTriviallyTrue() &&
           std::find(unique.begin(), unique.end(), p) == unique.end()))
        unique.push_back(p);
    inst.resetPredicates(std::move(unique));
    emitted_.emplace(inst.id, std::make_pair(&ti, std::move(sub)));
    return inst;
  }

  const Kernel &kernel_;
  ExprContext &ctx_;
  std::set<std::string> taken_;
  SourceLocation loc_;
  std::map<std::string, const TreeInst *> byTuple_;
  std::unordered_map<std::string, std::string> iterName_; // AST -> penguin
  std::vector<std::string> enclosing_;
  std::vector<AffinePredicate> guards_;
  std::map<int64_t, std::pair<const TreeInst *, Substitution>> emitted_;
};

/// Whether `now` in `nest` (the new tree) runs exactly the instances `ti`
/// ran: its new instances mapped through `sub` equal the old ones.
bool sameInstances(const Kernel &kernel, const TreeInst &ti,
                   const Instruction &now, const LoopNest &nest,
                   const Substitution &sub) {
  DomainSpace oldDs = createDomainSpace(kernel, ti.nest, *ti.inst);
  Relation old(iterationDomain(oldDs, ti.nest, kernel.params,
                               domainPredicates(*ti.inst)));
  DomainSpace newDs = createDomainSpace(kernel, nest, now);
  BasicRelation rel(
      Space::relation(newDs.params(), newDs.tuple(), oldDs.tuple()));
  addParamBounds(rel, kernel.params);
  AffineBuilder b(newDs, rel, VarKind::Domain);
  addLoopBounds(b, nest);
  b.addPredicates(domainPredicates(now));
  unsigned out = rel.offset(VarKind::Range);
  for (unsigned d = 0; d < ti.nest.size(); ++d) {
    std::vector<Int> row = b.build(sub.at(ti.nest[d]->iv));
    for (Int &v : row)
      v = -v;
    row[out + d] += Int(1);
    b.addEquality(std::move(row));
  }
  return Relation(std::move(rel)).range().isEqual(old);
}

/// The instructions of `body` with their loop nests.
void walkNew(
    const std::vector<Stmt> &body, LoopNest &nest,
    const std::function<void(const Instruction &, const LoopNest &)> &fn) {
  for (const Stmt &s : body)
    if (const Instruction *i = s.asInstruction()) {
      fn(*i, nest);
    } else if (const Loop *l = s.asLoop()) {
      nest.push_back(l);
      walkNew(l->body, nest, fn);
      nest.pop_back();
    }
}

/// Constant upper bounds replaced by one past the last value (`0 to 16 step
/// 2` and `0 to 15 step 2` run the same iterations).
void normalizeConstantBounds(std::vector<Stmt> &body, ExprContext &ctx) {
  for (Stmt &s : body)
    if (Loop *l = s.asLoop()) {
      std::optional<int64_t> n = l->tripcount();
      if (n && *n > 0 && !l->hasMinMaxBounds())
        l->ub = ctx.constant(l->lb.constantValue() + (*n - 1) * l->stride + 1);
      normalizeConstantBounds(l->body, ctx);
    } else if (Scope *sc = s.asScope()) {
      normalizeConstantBounds(sc->body, ctx);
    }
}

/// The printed form of `body`, constant bounds normalized (to tell whether
/// regeneration changed anything but the way of writing them).
std::string printed(const Kernel &kernel, std::vector<Stmt> body) {
  normalizeConstantBounds(body, kernel.context());
  Kernel k(kernel.sharedContext(), kernel.name);
  k.params = kernel.params;
  k.body = std::move(body);
  return printKernel(k);
}

/// The regenerated tree of `root`, or nullopt when it prints as `root`.
std::optional<std::vector<Stmt>>
regenerateTree(const Kernel &kernel, const Loop &root, RegenerateCounters &c) {
  std::vector<TreeInst> insts;
  {
    LoopNest nest;
    std::vector<int64_t> time;
    collect(root, nest, time, insts);
  }
  unsigned width = 0;
  for (const TreeInst &t : insts)
    width = std::max(width, unsigned(t.time.size()));
  UnionRelation schedule(paramNames(kernel));
  std::set<int64_t> ids;
  for (const TreeInst &t : insts) {
    if (!ids.insert(t.inst->id).second)
      throw CannotExpress("instruction id " + t.inst->statementName() +
                          " is not unique");
    schedule.add(scheduleOf(kernel, t, width));
  }
  BasicRelation context(Space::params(paramNames(kernel)));
  addParamBounds(context, kernel.params);
  AstNode ast = presburger::buildAst(schedule, Relation(std::move(context)));

  std::set<std::string> taken;
  takenNames(kernel.body, taken);
  for (const Tensor &t : kernel.tensors)
    taken.insert(t.name);
  Converter conv(kernel, insts, std::move(taken), root.loc);
  std::vector<Stmt> out = conv.convert(ast);

  // The check, instruction by instruction.
  LoopNest nest;
  walkNew(out, nest, [&](const Instruction &i, const LoopNest &n) {
    const auto &[ti, sub] = conv.emitted().at(i.id);
    if (!sameInstances(kernel, *ti, i, n, sub))
      throw CannotExpress("the regenerated loops of " + i.statementName() +
                          " do not run its instances (a bug: please report)");
  });
  int64_t removed = 0;
  for (const TreeInst &t : insts) {
    if (conv.emitted().count(t.inst->id))
      continue;
    DomainSpace ds = createDomainSpace(kernel, t.nest, *t.inst);
    if (!Relation(iterationDomain(ds, t.nest, kernel.params,
                                  domainPredicates(*t.inst)))
             .isEmpty())
      throw CannotExpress("the generated code lost " + t.inst->statementName() +
                          " (a bug: please report)");
    ++removed;
  }

  std::vector<Stmt> before{Stmt(root)};
  if (printed(kernel, out) == printed(kernel, before))
    return std::nullopt;
  ++c.treesRegenerated;
  c.loopsBefore += countLoops(before);
  c.loopsAfter += countLoops(out);
  int64_t guards = countExactPredicates(before) - countExactPredicates(out);
  if (guards > 0)
    c.guardsRemoved += guards;
  c.instructionsRemoved += removed;
  return out;
}

void regenerateBody(Kernel &kernel, std::vector<Stmt> &body,
                    const RegenerateOptions &options, RegenerateCounters &c,
                    std::ostream *explain) {
  for (size_t k = 0; k < body.size();) {
    if (Scope *sc = body[k].asScope()) {
      regenerateBody(kernel, sc->body, options, c, explain);
      ++k;
      continue;
    }
    Loop *l = body[k].asLoop();
    if (!l) {
      ++k;
      continue;
    }
    struct Outcome {
      std::optional<std::vector<Stmt>> tree;
      std::string failure;
    };
    uint64_t limit =
        options.workLimit ? options.workLimit : WorkBudget::kDefaultLimit;
    std::optional<Outcome> o = WorkBudget::attempt(limit, [&]() -> Outcome {
      try {
        return {regenerateTree(kernel, *l, c), ""};
      } catch (const presburger::LimitExceeded &) {
        throw;
      } catch (const presburger::Error &e) {
        return {std::nullopt, e.what()};
      }
    });
    if (!o)
      o = Outcome{std::nullopt, "the work budget ran out"};
    if (!o->failure.empty()) {
      ++c.treesUnchanged;
      if (explain)
        *explain << formatDiagnostic(l->loc,
                                     "regenerate-loops: left unchanged: " +
                                         o->failure,
                                     "remark")
                 << "\n";
    }
    if (!o->tree) {
      ++k;
      continue;
    }
    std::vector<Stmt> tree = std::move(*o->tree);
    size_t n = tree.size();
    body.erase(body.begin() + static_cast<std::ptrdiff_t>(k));
    body.insert(body.begin() + static_cast<std::ptrdiff_t>(k),
                std::make_move_iterator(tree.begin()),
                std::make_move_iterator(tree.end()));
    k += n;
  }
}

class RegenerateLoopsPass : public Pass {
public:
  explicit RegenerateLoopsPass(RegenerateOptions o) : options_(o) {}
  std::string_view name() const override { return "regenerate-loops"; }
  std::string_view description() const override {
    return "rebuild each loop tree from its instructions' domains: tight "
           "max / min bounds and strides instead of boxes with guards";
  }
  void run(Module &module, PassContext &pc) override {
    int64_t &regenerated = pc.stats.counter(name(), "loops-regenerated",
                                            "Number of loop trees regenerated");
    int64_t &unchanged = pc.stats.counter(
        name(), "trees-unchanged",
        "Number of loop trees left unchanged (not expressible or the "
        "engine failed)");
    int64_t &before =
        pc.stats.counter(name(), "loops-before",
                         "Number of loops in the regenerated trees "
                         "before");
    int64_t &after =
        pc.stats.counter(name(), "loops-after",
                         "Number of loops in the regenerated trees "
                         "after");
    int64_t &guards = pc.stats.counter(name(), "guards-removed",
                                       "Number of exact predicates removed");
    int64_t &removed = pc.stats.counter(
        name(), "instructions-removed",
        "Number of instructions removed because they never execute");
    for (Kernel &k : module.kernels) {
      RegenerateCounters c = regenerateLoops(k, options_, pc.explain);
      regenerated += c.treesRegenerated;
      unchanged += c.treesUnchanged;
      before += c.loopsBefore;
      after += c.loopsAfter;
      guards += c.guardsRemoved;
      removed += c.instructionsRemoved;
    }
  }

private:
  RegenerateOptions options_;
};

} // namespace

RegenerateCounters regenerateLoops(Kernel &kernel,
                                   const RegenerateOptions &options,
                                   std::ostream *explain) {
  RegenerateCounters c;
  regenerateBody(kernel, kernel.body, options, c, explain);
  return c;
}

std::unique_ptr<Pass> createRegenerateLoopsPass(RegenerateOptions options) {
  return std::make_unique<RegenerateLoopsPass>(options);
}

void registerRegenerateLoopsPass(PassRegistry &registry) {
  registry.add("regenerate-loops",
               "rebuild each loop tree from its instructions' domains: tight "
               "max / min bounds and strides instead of boxes with guards",
               [] { return createRegenerateLoopsPass(); });
}

} // namespace penguin
