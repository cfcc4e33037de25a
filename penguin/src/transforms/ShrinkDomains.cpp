//===- ShrinkDomains.cpp - The shrink path of the simplifier --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// shrink_domain on a loop tree, in steps (docs/penguin-simplifier.md, "The
// shrink path"):
//   1. the tree: its loops in pre-order, the instructions below each;
//   2. per loop, the new header: exact constant bounds and stride of the
//      iterations where some instruction below executes;
//   3. the rewritten tree: new headers, loops that never run removed;
//   4. per instruction, the residual predicates: its predicated domain
//      gisted against the rebuilt box of its new loop nest;
//   5. statistics, then the commit.
// Steps 2-4 run inside the seed's `try` (tryEngine): a failure leaves the
// loop unchanged.
//
//===----------------------------------------------------------------------===//

#include "penguin/PredicateSimplifier.h"

#include "expr/Checked.h"
#include "transforms/PredicateLists.h"

#include <algorithm>
#include <functional>
#include <map>

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::VarKind;

/// One loop of the tree being shrunk, in pre-order.
struct PredicateSimplifier::ShrinkLoop {
  const Loop *loop;
  unsigned depth;            // position of its variable in the nest
  std::vector<size_t> insts; // instructions below it (indices)
};

/// One instruction of the tree, with its original loop nest.
struct PredicateSimplifier::ShrinkInst {
  const Instruction *inst;
  LoopNest nest;
};

/// The new header of one loop.
struct PredicateSimplifier::ShrinkHeader {
  AffineExpr lb, ub;
  int64_t stride = 1;
  bool eliminated = false;
  bool changed = false;
};

/// What the shrink will do: a header per loop (pre-order), the rewritten
/// tree and the residual predicates per instruction.
struct PredicateSimplifier::ShrinkPlan {
  std::vector<ShrinkHeader> headers;
  std::vector<std::optional<std::vector<AffinePredicate>>> preds;
  Loop tree;
  bool anyChange() const {
    return std::any_of(headers.begin(), headers.end(),
                       [](const ShrinkHeader &h) { return h.changed; });
  }
};

namespace {

using ShrinkLoop = PredicateSimplifier::ShrinkLoop;
using ShrinkInst = PredicateSimplifier::ShrinkInst;
using ShrinkHeader = PredicateSimplifier::ShrinkHeader;

void collect(const std::vector<Stmt> &body, LoopNest &nest,
             std::vector<size_t> &openLoops, std::vector<ShrinkLoop> &loops,
             std::vector<ShrinkInst> &insts) {
  for (const Stmt &s : body) {
    if (const Instruction *i = s.asInstruction()) {
      for (size_t l : openLoops)
        loops[l].insts.push_back(insts.size());
      insts.push_back({i, nest});
    } else if (const Loop *l = s.asLoop()) {
      loops.push_back({l, unsigned(nest.size()), {}});
      openLoops.push_back(loops.size() - 1);
      nest.push_back(l);
      collect(l->body, nest, openLoops, loops, insts);
      nest.pop_back();
      openLoops.pop_back();
    } else if (const Scope *sc = s.asScope()) {
      collect(sc->body, nest, openLoops, loops, insts);
    }
  }
}

/// The loops of the tree rooted at `loop` (enclosed by `outer`) in
/// pre-order, and its instructions.
void collectTree(const Loop &loop, const LoopNest &outer,
                 std::vector<ShrinkLoop> &loops,
                 std::vector<ShrinkInst> &insts) {
  LoopNest nest = outer;
  std::vector<size_t> open;
  loops.push_back({&loop, unsigned(outer.size()), {}});
  open.push_back(0);
  nest.push_back(&loop);
  collect(loop.body, nest, open, loops, insts);
}

/// Whether the two loops run the same iterations (syntactically equal
/// bounds, or constant bounds with the same first value, stride and
/// tripcount).
bool sameIterations(const Loop &a, const ShrinkHeader &b) {
  if (a.lb == b.lb && a.ub == b.ub && a.stride == b.stride)
    return true;
  if (!a.lb.isConstant() || !a.ub.isConstant() || !b.lb.isConstant() ||
      !b.ub.isConstant())
    return false;
  Loop t;
  t.lb = b.lb;
  t.ub = b.ub;
  t.stride = b.stride;
  std::optional<int64_t> na = a.tripcount(), nb = t.tripcount();
  if (!na || !nb || *na != *nb)
    return false;
  if (*na == 0)
    return true;
  if (a.lb.constantValue() != b.lb.constantValue())
    return false;
  return *na == 1 || a.stride == b.stride;
}

/// The iterations of a loop after a header change.
Loop withHeader(const ShrinkHeader &h) {
  Loop t;
  t.lb = h.lb;
  t.ub = h.ub;
  t.stride = h.stride;
  return t;
}

/// The pre-order indices of the loops inside `body` are skipped.
void skipLoops(const std::vector<Stmt> &body, size_t &next) {
  for (const Stmt &s : body) {
    if (const Loop *in = s.asLoop()) {
      ++next;
      skipLoops(in->body, next);
    } else if (const Scope *sc = s.asScope()) {
      skipLoops(sc->body, next);
    }
  }
}

/// Gives `l` and the loops inside it (pre-order index `next` on) their new
/// headers and removes the eliminated ones. False when `l` itself is
/// eliminated.
bool applyHeaders(Loop &l, const std::vector<ShrinkHeader> &headers,
                  size_t &next) {
  const ShrinkHeader &h = headers[next++];
  if (h.eliminated) {
    skipLoops(l.body, next);
    return false;
  }
  l.lb = h.lb;
  l.ub = h.ub;
  l.stride = h.stride;
  std::function<void(std::vector<Stmt> &)> walk = [&](std::vector<Stmt> &body) {
    for (size_t k = 0; k < body.size();) {
      if (Loop *in = body[k].asLoop()) {
        if (!applyHeaders(*in, headers, next)) {
          body.erase(body.begin() + static_cast<std::ptrdiff_t>(k));
          continue;
        }
      } else if (Scope *sc = body[k].asScope()) {
        walk(sc->body);
      }
      ++k;
    }
  };
  walk(l.body);
  return true;
}

} // namespace

SimplifyOutcome PredicateSimplifier::shrinkDomain(Loop &loop,
                                                  const LoopNest &outer) {
  return shrinkImpl(loop, outer, /*hull=*/false);
}

SimplifyOutcome
PredicateSimplifier::shrinkDomainConvexHull(Loop &loop, const LoopNest &outer) {
  return shrinkImpl(loop, outer, /*hull=*/true);
}

bool PredicateSimplifier::alwaysLeq(AffineExpr a, AffineExpr b) const {
  // Parameters only, with their known bounds: a - b >= 1 has no solution.
  std::vector<std::string> names;
  for (const Param &q : kernel().params)
    names.push_back(q.name);
  DomainSpace paramSpace("", {}, names);
  BasicRelation probe(paramSpace.space());
  addParamBounds(probe);
  AffineBuilder builder(paramSpace, probe);
  // Both built before padding: building may add division columns.
  std::vector<Int> ra = builder.build(a), rb = builder.build(b);
  ra = builder.padded(ra);
  rb = builder.padded(rb);
  std::vector<Int> row(ra.size());
  for (size_t c = 0; c < ra.size(); ++c)
    row[c] = ra[c] - rb[c];
  row.back() -= Int(1);
  builder.addInequality(row);
  return probe.isEmpty();
}

PredicateSimplifier::ShrinkHeader
PredicateSimplifier::newHeader(const ShrinkLoop &site,
                               const std::vector<Relation> &domains,
                               bool hull) const {
  ExprContext &ctx = kernel().context();
  const Loop &l = *site.loop;
  ShrinkHeader h{l.lb, l.ub, l.stride, false, false};
  if (options_.fixedAxes.count(l.iv))
    return h;
  // The iterations of this loop where some instruction below executes.
  Relation used;
  bool first = true;
  for (size_t k : site.insts) {
    const Relation &pd = domains[k];
    unsigned n = pd.numRange();
    Relation proj =
        pd.projectOut(VarKind::Range, site.depth + 1, n - site.depth - 1)
            .setTupleName(VarKind::Range, "");
    used = first ? proj : used.unite(proj);
    first = false;
  }
  AxisBounds b;
  if (first) {
    b.empty = true;
  } else {
    if (hull)
      used = convexHull(used);
    b = exractCstBounds(used, site.depth);
  }
  if (b.empty) {
    h.eliminated = true;
    h.changed = true;
    return h;
  }
  // Headers are rebuilt for box loops only; a loop with several bounds or
  // bounds over loop variables keeps its header (it is still removed when
  // nothing below it runs, and its instructions' residual predicates are
  // still computed against it).
  if (!l.isBox())
    return h;
  // The new iterations stay a subset of the old ones: a constant lb and the
  // stride move only within the old lattice lb + stride*k.
  bool single = b.lower && b.upper && *b.lower == *b.upper;
  if (b.lower) {
    if (l.lb.isConstant()) {
      int64_t oldLb = l.lb.constantValue();
      int64_t lo = *b.lower;
      int64_t stride = single ? l.stride : b.stride;
      if (stride % l.stride != 0 ||
          detail::checkedSub(lo, oldLb) % l.stride != 0) {
        // Bounds of an over-approximation (the convex-hull variant): round
        // up onto the old lattice, keep the old stride.
        stride = l.stride;
        lo = detail::checkedAdd(
            oldLb,
            detail::checkedMul(
                detail::ceilDivPos(detail::checkedSub(lo, oldLb), l.stride),
                l.stride));
      }
      h.lb = ctx.constant(lo);
      h.stride = stride;
    } else if (l.stride == 1 && alwaysLeq(l.lb, ctx.constant(*b.lower))) {
      // A symbolic lb (stride 1) that is never above the constant one: the
      // constant lb and the stride of the values replace it.
      h.lb = ctx.constant(*b.lower);
      if (!single)
        h.stride = b.stride;
    }
  }
  if (b.upper) {
    int64_t upper = *b.upper;
    if (h.lb.isConstant() && upper >= h.lb.constantValue()) {
      // The last value of the new lattice (a no-op for exact bounds, a
      // tightening for the bounds of a convex hull).
      int64_t lo = h.lb.constantValue();
      upper = detail::checkedAdd(
          lo, detail::checkedMul(
                  detail::floorDivPos(detail::checkedSub(upper, lo), h.stride),
                  h.stride));
    }
    AffineExpr hi = ctx.constant(detail::checkedAdd(upper, 1));
    if (l.ub.isConstant() || alwaysLeq(hi, l.ub))
      h.ub = hi;
  }
  h.changed = !sameIterations(l, h);
  if (!h.changed) {
    h.lb = l.lb;
    h.ub = l.ub;
    h.stride = l.stride;
  }
  return h;
}

std::optional<std::vector<AffinePredicate>>
PredicateSimplifier::residualPredicates(const ShrinkInst &s,
                                        const Relation &executed) const {
  const bool withApprox = options_.approximatePredicates;
  Relation box = domain(*s.inst, s.nest);
  if (withApprox) {
    std::vector<AffinePredicate> exact, approx;
    splitPredicates(s.inst->predicates, exact, approx);
    box = applyPredicates(box, createDomainSpace(*s.inst, s.nest), approx);
  }
  std::string name = s.inst->statementName();
  if (!executed.isSubsetOf(box))
    throw BridgeError("shrink_domain: the new loop nest of " + name +
                      " does not contain its domain");
  Relation g = simplify(executed.gist(box));
  if (g.numDisjuncts() == 0) {
    // Never executes: its predicates stay as they are, which is exact
    // because the new loops run a subset of the old iterations (checked).
    if (!predicatedDomain(*s.inst, s.nest, withApprox).isEmpty())
      throw BridgeError("shrink_domain: " + name +
                        " would execute in the new loop nest");
    return std::nullopt;
  }
  if (g.numDisjuncts() != 1)
    throw BridgeError("shrink_domain: the residual guard of " + name +
                      " is not one conjunction");
  return enumeratePredicates(g.disjuncts()[0],
                             createDomainSpace(*s.inst, s.nest));
}

PredicateSimplifier::ShrinkPlan PredicateSimplifier::planShrink(
    const Loop &loop, const LoopNest &outer,
    const std::vector<ShrinkLoop> &loops, const std::vector<ShrinkInst> &insts,
    const std::map<int64_t, size_t> &byId, bool hull) const {
  ShrinkPlan p;
  // The predicated domains (the iterations each instruction executes).
  std::vector<Relation> executed;
  for (const ShrinkInst &s : insts)
    executed.push_back(
        predicatedDomain(*s.inst, s.nest, options_.approximatePredicates));
  for (const ShrinkLoop &site : loops)
    p.headers.push_back(newHeader(site, executed, hull));
  if (!p.anyChange())
    return p;
  // The rewritten tree (pre-order matches `loops`).
  p.tree = loop;
  size_t next = 0;
  if (!applyHeaders(p.tree, p.headers, next))
    return p; // the whole loop is eliminated: no predicates to rewrite
  // The residual predicates, over the new loop nests.
  p.preds.assign(insts.size(), std::nullopt);
  std::vector<ShrinkInst> kept;
  std::vector<ShrinkLoop> ignored;
  collectTree(p.tree, outer, ignored, kept);
  for (const ShrinkInst &s : kept) {
    size_t k = byId.at(s.inst->id);
    p.preds[k] = residualPredicates(s, executed[k]);
  }
  return p;
}

void PredicateSimplifier::countShrink(
    const Loop &loop, const std::vector<ShrinkHeader> &headers) {
  // Axis by axis; loops inside an eliminated loop are counted as eliminated
  // loops, their iterations are not.
  size_t k = 0;
  std::function<void(const std::vector<Stmt> &, bool)> count;
  auto visit = [&](const Loop &l, bool insideEliminated) {
    const ShrinkHeader &h = headers[k++];
    if (insideEliminated) {
      ++counters_.eliminatedLoops;
    } else if (h.eliminated) {
      ++counters_.eliminatedLoops;
      if (std::optional<int64_t> n = l.tripcount())
        counters_.eliminatedIterations += *n;
    } else if (h.changed) {
      std::optional<int64_t> before = l.tripcount(),
                             after = withHeader(h).tripcount();
      if (before && after && *after < *before)
        counters_.eliminatedIterations += *before - *after;
      if (h.stride > l.stride)
        ++counters_.stridedAxes;
    }
    count(l.body, insideEliminated || h.eliminated);
  };
  count = [&](const std::vector<Stmt> &body, bool inside) {
    for (const Stmt &s : body) {
      if (const Loop *l = s.asLoop())
        visit(*l, inside);
      else if (const Scope *sc = s.asScope())
        count(sc->body, inside);
    }
  };
  visit(loop, false);
}

void PredicateSimplifier::commitShrink(Loop &loop, ShrinkPlan &plan,
                                       const std::map<int64_t, size_t> &byId) {
  // The new tree, then the residual predicates (approximate ones kept after
  // the exact ones).
  loop = std::move(plan.tree);
  std::function<void(std::vector<Stmt> &)> rewrite =
      [&](std::vector<Stmt> &body) {
        for (Stmt &s : body) {
          if (Instruction *i = s.asInstruction()) {
            const auto &r = plan.preds[byId.at(i->id)];
            if (!r)
              continue;
            std::vector<AffinePredicate> exact, approx;
            splitPredicates(i->predicates, exact, approx);
            if (r->size() < exact.size())
              counters_.eliminatedPredicates +=
                  static_cast<int64_t>(exact.size() - r->size());
            i->resetPredicates(concat(orderLikeOriginal(*r, exact), approx));
          } else if (Loop *l = s.asLoop()) {
            rewrite(l->body);
          } else if (Scope *sc = s.asScope()) {
            rewrite(sc->body);
          }
        }
      };
  rewrite(loop.body);
}

SimplifyOutcome
PredicateSimplifier::shrinkImpl(Loop &loop, const LoopNest &outer, bool hull) {
  Processing here(*this, loop.loc);
  setOutcome(SimplifyOutcome::Unchanged);
  std::vector<ShrinkLoop> loops;
  std::vector<ShrinkInst> insts;
  collectTree(loop, outer, loops, insts);
  std::map<int64_t, size_t> byId;
  for (size_t k = 0; k < insts.size(); ++k)
    if (!byId.emplace(insts[k].inst->id, k).second) {
      recordFailure("shrink_domain: instruction id s" +
                    std::to_string(insts[k].inst->id) + " is not unique");
      setOutcome(SimplifyOutcome::Failed);
      return SimplifyOutcome::Failed;
    }
  std::optional<ShrinkPlan> plan = tryEngine(
      [&] { return planShrink(loop, outer, loops, insts, byId, hull); });
  if (!plan) {
    setOutcome(SimplifyOutcome::Failed);
    return SimplifyOutcome::Failed;
  }
  if (!plan->anyChange())
    return SimplifyOutcome::Unchanged;
  countShrink(loop, plan->headers);
  if (plan->headers.front().eliminated) {
    setOutcome(SimplifyOutcome::Eliminated);
    return SimplifyOutcome::Eliminated;
  }
  commitShrink(loop, *plan, byId);
  setOutcome(SimplifyOutcome::Changed);
  return SimplifyOutcome::Changed;
}

int PredicateSimplifier::shrinkDomains(Kernel &kernel) {
  int changed = 0;
  std::function<void(std::vector<Stmt> &)> walk = [&](std::vector<Stmt> &body) {
    for (size_t k = 0; k < body.size();) {
      if (Loop *l = body[k].asLoop()) {
        SimplifyOutcome o =
            locatedAt(l->loc, [&] { return shrinkDomain(*l, {}); });
        if (o == SimplifyOutcome::Eliminated) {
          body.erase(body.begin() + static_cast<std::ptrdiff_t>(k));
          ++changed;
          continue;
        }
        changed += o == SimplifyOutcome::Changed;
      } else if (Scope *sc = body[k].asScope()) {
        walk(sc->body);
      }
      ++k;
    }
  };
  walk(kernel.body);
  return changed;
}

} // namespace penguin
