//===- PredicateSimplifier.cpp - Predicate and domain gist ----------------===//
//
// docs/penguin-simplifier.md describes the algorithms and the choices made
// where the seed is ambiguous.
//
//===----------------------------------------------------------------------===//

#include "penguin/PredicateSimplifier.h"

#include "penguin/Linearize.h"

#include "expr/Checked.h"

#include <algorithm>
#include <functional>
#include <map>


namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::VarKind;

namespace {

void splitPredicates(std::span<const AffinePredicate> preds,
                     std::vector<AffinePredicate> &exact,
                     std::vector<AffinePredicate> &approx) {
  for (const AffinePredicate &p : preds)
    (p.isApprox() ? approx : exact).push_back(p);
}

std::vector<AffinePredicate> concat(std::vector<AffinePredicate> a,
                                    std::span<const AffinePredicate> b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// compute_divs then remove_divs: every existential written as divisions
/// (exact, possibly several disjuncts), then all of them eliminated
/// rationally (a superset without locals).
Relation computeAndRemoveDivs(const Relation &r) {
  Relation withDivs(r.space());
  for (const BasicRelation &b : r.disjuncts())
    for (BasicRelation &piece : b.computeDivs())
      withDivs.addDisjunct(std::move(piece));
  return withDivs.removeDivs();
}

/// The guards of `result` that are, in canonical flat form (and up to sign
/// for equalities), one of the `original` predicates are written as that
/// original, in the original order; the others follow in the engine's
/// order. A guard that survives a pass thus reads as the user wrote it.
std::vector<AffinePredicate>
orderLikeOriginal(const std::vector<AffinePredicate> &result,
                  std::span<const AffinePredicate> original) {
  auto flat = [](const AffinePredicate &p) {
    return linearize(p.expr(), LinearizeMode::QuasiAffine);
  };
  std::vector<LinearExpr> keys;
  for (const AffinePredicate &r : result)
    keys.push_back(flat(r));
  std::vector<bool> used(result.size(), false);
  std::vector<AffinePredicate> out;
  for (const AffinePredicate &p : original) {
    LinearExpr k = flat(p);
    for (size_t r = 0; r < result.size(); ++r) {
      if (used[r] || result[r].ge() != p.ge())
        continue;
      if (keys[r] == k || (!p.ge() && keys[r] == k.scaled(-1))) {
        used[r] = true;
        out.push_back(p.withApprox(false));
        break;
      }
    }
  }
  for (size_t r = 0; r < result.size(); ++r)
    if (!used[r])
      out.push_back(result[r]);
  return out;
}

} // namespace

PredicateSimplifier::PredicateSimplifier(const Kernel &kernel,
                                         SimplifierOptions options)
    : IntegerSetAnalysis(kernel), options_(std::move(options)) {}

void PredicateSimplifier::recordFailure(const std::string &message) {
  ++counters_.failures;
  failureLog_.push_back(Diagnostic{where_, message});
}

std::string PredicateSimplifier::lastFailureText() const {
  if (failureLog_.empty())
    return "";
  const Diagnostic &d = failureLog_.back();
  return d.loc.isKnown() ? d.loc.str() + ": " + d.message : d.message;
}

//===----------------------------------------------------------------------===//
// Predicate path
//===----------------------------------------------------------------------===//

bool PredicateSimplifier::simplifyPredicate(Instruction &inst,
                                            const LoopNest &nest) {
  size_t before = inst.predicates.size();
  if (gistConvexHull(inst, nest) && inst.predicates.size() < before)
    counters_.eliminatedPredicates +=
        static_cast<int64_t>(before - inst.predicates.size());
  return before != inst.predicates.size();
}

bool PredicateSimplifier::gistConvexHull(Instruction &inst,
                                         const LoopNest &nest) {
  Processing here(*this, inst.loc);
  setOutcome(SimplifyOutcome::Unchanged);
  if (!inst.isPredicated())
    return false;
  std::vector<AffinePredicate> exact, approx;
  splitPredicates(inst.predicates, exact, approx);
  if (exact.empty())
    return false;
  std::optional<Relation> dom = tryEngine([&] { return domain(inst, nest); });
  if (!dom) {
    setOutcome(SimplifyOutcome::Failed);
    return false;
  }

  // Pass 1: simplify against the loop-nest domain, commit.
  std::optional<std::vector<AffinePredicate>> r1 =
      predicatesOverLoopnest(inst, nest, *dom, exact, options_.overapproximate,
                             options_.approximatePredicates);
  if (!r1)
    return false;
  *r1 = orderLikeOriginal(*r1, exact);
  inst.resetPredicates(concat(*r1, approx));
  setOutcome(SimplifyOutcome::Changed);

  // Pass 2: the original guard against the now tighter context (loop-nest
  // domain and the committed predicates); what it still needs is added.
  DomainSpace space = createDomainSpace(inst, nest);
  std::optional<Relation> tighter =
      tryEngine([&] { return applyPredicates(*dom, space, *r1); });
  if (!tighter)
    return true;
  std::optional<std::vector<AffinePredicate>> r2 =
      predicatesOverLoopnest(inst, nest, *tighter, exact,
                             options_.overapproximate,
                             options_.approximatePredicates);
  setOutcome(SimplifyOutcome::Changed);
  if (!r2 || r2->empty())
    return true;
  inst.resetPredicates(
      concat(orderLikeOriginal(concat(*r1, *r2), exact), approx));
  return true;
}

std::optional<std::vector<AffinePredicate>>
PredicateSimplifier::predicatesOverLoopnest(
    const Instruction &inst, const LoopNest &nest,
    const Relation &loopnestDomain, std::span<const AffinePredicate> preds,
    bool overapproximate, bool approximatePredicates) {
  std::optional<Relation> pd = tryEngine([&] {
    return applyPredicates(loopnestDomain, createDomainSpace(inst, nest),
                           preds);
  });
  if (!pd) {
    setOutcome(SimplifyOutcome::Failed);
    return std::nullopt;
  }
  std::optional<bool> empty = tryEngine([&] { return pd->isEmpty(); });
  if (!empty) {
    setOutcome(SimplifyOutcome::Failed);
    return std::nullopt;
  }
  if (*empty) {
    ++counters_.emptyDomains;
    setOutcome(SimplifyOutcome::EmptyDomain);
    return std::nullopt;
  }
  return predicatesOverLoopnestConvexHull(inst, nest, *pd, loopnestDomain,
                                          overapproximate,
                                          approximatePredicates);
}

std::optional<std::vector<AffinePredicate>>
PredicateSimplifier::predicatesOverLoopnestConvexHull(
    const Instruction &inst, const LoopNest &nest, const Relation &domain,
    const Relation &loopnestDomain, bool overapproximate,
    bool approximatePredicates) {
  DomainSpace space = createDomainSpace(inst, nest);
  // The gist context: the convex hull of the loop-nest domain (with the
  // approximate predicates when they may take part).
  std::optional<Relation> context = tryEngine([&] {
    Relation c = loopnestDomain;
    if (approximatePredicates) {
      std::vector<AffinePredicate> exact, approx;
      splitPredicates(inst.predicates, exact, approx);
      c = applyPredicates(c, space, approx);
    }
    return convexHull(c);
  });
  if (!context) {
    setOutcome(SimplifyOutcome::Failed);
    return std::nullopt;
  }
  std::optional<Relation> g = tryEngine([&] { return domain.gist(*context); });
  if (!g) {
    setOutcome(SimplifyOutcome::Failed);
    return std::nullopt;
  }
  if (overapproximate) {
    std::optional<Relation> over =
        tryEngine([&] { return computeAndRemoveDivs(*g); });
    if (!over) {
      setOutcome(SimplifyOutcome::Failed);
      return std::nullopt;
    }
    g = std::move(over);
  }
  // The single-basic-set fast path; a union must coalesce to one piece (or,
  // when over-approximating anyway, be replaced by its convex hull).
  if (g->numDisjuncts() > 1) {
    std::optional<Relation> one = tryEngine([&] {
      Relation c = simplify(*g);
      if (c.numDisjuncts() > 1 && overapproximate)
        c = convexHull(c);
      return c;
    });
    if (!one) {
      setOutcome(SimplifyOutcome::Failed);
      return std::nullopt;
    }
    g = std::move(one);
  }
  if (g->numDisjuncts() != 1)
    return std::nullopt; // empty, or no single conjunction expresses it
  std::optional<std::optional<std::vector<AffinePredicate>>> preds =
      tryEngine([&] { return enumeratePredicates(g->disjuncts()[0], space); });
  if (!preds) {
    setOutcome(SimplifyOutcome::Failed);
    return std::nullopt;
  }
  if (!*preds)
    return std::nullopt; // an infeasible constraint set
  if ((*preds)->empty() && options_.keepGuardsWhenAllImplied)
    return std::nullopt; // the seed's "cons empty: nothing to simplify"
  return **preds;
}

bool PredicateSimplifier::predicateAccessRange(Instruction &inst,
                                               const LoopNest &nest,
                                               const AccessPattern &ap,
                                               const Relation &validRange) {
  Processing here(*this, inst.loc);
  setOutcome(SimplifyOutcome::Unchanged);
  std::vector<AffinePredicate> exact, approx;
  splitPredicates(inst.predicates, exact, approx);
  struct Domains {
    Relation loopnest, inRange;
    bool empty;
  };
  std::optional<Domains> d = tryEngine([&] {
    Relation valid = validRange;
    if (valid.isSet() && !valid.space().setTuple().hasName())
      valid = valid.setTupleName(VarKind::Range, ap.tensor);
    AccessOptions opts;
    opts.predicated = true;
    Relation acc = access(inst, nest, ap, opts);
    Relation dom = acc.intersectRange(valid).domain();
    bool empty = dom.isEmpty();
    return Domains{domain(inst, nest), std::move(dom), empty};
  });
  if (!d) {
    setOutcome(SimplifyOutcome::Failed);
    return false;
  }
  if (d->empty) {
    ++counters_.emptyDomains;
    setOutcome(SimplifyOutcome::EmptyDomain);
    return false;
  }
  std::optional<std::vector<AffinePredicate>> r =
      predicatesOverLoopnestConvexHull(inst, nest, d->inRange, d->loopnest,
                                       options_.overapproximate,
                                       options_.approximatePredicates);
  if (!r)
    return false;
  inst.resetPredicates(concat(orderLikeOriginal(*r, exact), approx));
  setOutcome(SimplifyOutcome::Changed);
  return true;
}

//===----------------------------------------------------------------------===//
// Shrink path
//===----------------------------------------------------------------------===//

namespace {

/// One loop of the tree being shrunk, in pre-order.
struct LoopSite {
  const Loop *loop;
  unsigned depth;                // position of its variable in the nest
  std::vector<size_t> insts;     // instructions below it (indices)
};

/// One instruction of the tree, with its original loop nest.
struct InstSite {
  const Instruction *inst;
  LoopNest nest;
};

void collect(const std::vector<Stmt> &body, LoopNest &nest,
             std::vector<size_t> &openLoops, std::vector<LoopSite> &loops,
             std::vector<InstSite> &insts) {
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

/// The new header of one loop.
struct Header {
  AffineExpr lb, ub;
  int64_t stride = 1;
  bool eliminated = false;
  bool changed = false;
};

/// Whether the two loops run the same iterations (syntactically equal
/// bounds, or constant bounds with the same first value, stride and
/// tripcount).
bool sameIterations(const Loop &a, const Header &b) {
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

} // namespace

SimplifyOutcome PredicateSimplifier::shrinkDomain(Loop &loop,
                                                  const LoopNest &outer) {
  return shrinkImpl(loop, outer, /*hull=*/false);
}

SimplifyOutcome PredicateSimplifier::shrinkDomainConvexHull(Loop &loop,
                                                            const LoopNest &outer) {
  return shrinkImpl(loop, outer, /*hull=*/true);
}

SimplifyOutcome PredicateSimplifier::shrinkImpl(Loop &loop,
                                                const LoopNest &outer,
                                                bool hull) {
  Processing here(*this, loop.loc);
  setOutcome(SimplifyOutcome::Unchanged);
  // The tree: loops in pre-order (the root first), instructions below.
  std::vector<LoopSite> loops;
  std::vector<InstSite> insts;
  {
    LoopNest nest = outer;
    std::vector<size_t> open;
    loops.push_back({&loop, unsigned(outer.size()), {}});
    open.push_back(0);
    nest.push_back(&loop);
    collect(loop.body, nest, open, loops, insts);
  }
  std::map<int64_t, size_t> byId;
  for (size_t k = 0; k < insts.size(); ++k)
    if (!byId.emplace(insts[k].inst->id, k).second) {
      recordFailure("shrink_domain: instruction id s" +
                    std::to_string(insts[k].inst->id) + " is not unique");
      setOutcome(SimplifyOutcome::Failed);
      return SimplifyOutcome::Failed;
    }

  ExprContext &ctx = kernel().context();
  const bool withApprox = options_.approximatePredicates;
  struct Plan {
    std::vector<Header> headers;
    std::vector<std::optional<std::vector<AffinePredicate>>> preds;
    Loop tree;
  };

  std::optional<Plan> plan = tryEngine([&]() -> Plan {
    Plan p;
    // The predicated domains (the iterations each instruction executes).
    std::vector<Relation> pds;
    for (const InstSite &s : insts)
      pds.push_back(predicatedDomain(*s.inst, s.nest, withApprox));

    // Parameters only, with their known bounds: to compare symbolic bounds.
    DomainSpace paramSpace("", {}, [&] {
      std::vector<std::string> names;
      for (const Param &q : kernel().params)
        names.push_back(q.name);
      return names;
    }());
    auto alwaysLeq = [&](AffineExpr a, AffineExpr b) {
      BasicRelation probe(paramSpace.space());
      addParamBounds(probe);
      AffineBuilder builder(paramSpace, probe);
      std::vector<Int> ra = builder.build(a), rb = builder.build(b);
      rb = builder.padded(rb);
      ra = builder.padded(ra);
      std::vector<Int> row(ra.size());
      for (size_t c = 0; c < ra.size(); ++c)
        row[c] = ra[c] - rb[c];
      row.back() -= Int(1); // a - b >= 1 has no solution
      builder.addInequality(row);
      return probe.isEmpty();
    };

    // New headers, loop by loop.
    for (const LoopSite &site : loops) {
      const Loop &l = *site.loop;
      Header h{l.lb, l.ub, l.stride, false, false};
      if (options_.fixedAxes.count(l.iv)) {
        p.headers.push_back(h);
        continue;
      }
      // The iterations of this loop where some instruction below executes.
      Relation used;
      bool first = true;
      for (size_t k : site.insts) {
        const Relation &pd = pds[k];
        unsigned n = pd.numRange();
        Relation proj = pd.projectOut(VarKind::Range, site.depth + 1,
                                      n - site.depth - 1)
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
        p.headers.push_back(h);
        continue;
      }
      // The new iterations stay a subset of the old ones: a constant lb
      // and the stride move only within the old lattice lb + stride*k.
      bool single = b.lower && b.upper && *b.lower == *b.upper;
      if (b.lower) {
        if (l.lb.isConstant()) {
          int64_t oldLb = l.lb.constantValue();
          int64_t lo = *b.lower;
          int64_t stride = single ? l.stride : b.stride;
          if (stride % l.stride != 0 ||
              detail::checkedSub(lo, oldLb) % l.stride != 0) {
            // Bounds of an over-approximation (the convex-hull variant):
            // round up onto the old lattice, keep the old stride.
            stride = l.stride;
            lo = detail::checkedAdd(
                oldLb, detail::checkedMul(
                           detail::ceilDivPos(detail::checkedSub(lo, oldLb),
                                              l.stride),
                           l.stride));
          }
          h.lb = ctx.constant(lo);
          h.stride = stride;
        } else if (l.stride == 1 && alwaysLeq(l.lb, ctx.constant(*b.lower))) {
          // A symbolic lb (stride 1) that is never above the constant one:
          // the constant lb and the stride of the values replace it.
          h.lb = ctx.constant(*b.lower);
          if (!single)
            h.stride = b.stride;
        }
      }
      if (b.upper) {
        int64_t upper = *b.upper;
        if (h.lb.isConstant() && upper >= h.lb.constantValue()) {
          // The last value of the new lattice (a no-op for exact bounds,
          // a tightening for the bounds of a convex hull).
          int64_t lo = h.lb.constantValue();
          upper = detail::checkedAdd(
              lo, detail::checkedMul(
                      detail::floorDivPos(detail::checkedSub(upper, lo),
                                          h.stride),
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
      p.headers.push_back(h);
    }
    if (std::none_of(p.headers.begin(), p.headers.end(),
                     [](const Header &h) { return h.changed; }))
      return p;

    // The rewritten tree (pre-order matches `loops`).
    p.tree = loop;
    size_t next = 0;
    std::function<bool(Loop &)> apply = [&](Loop &l) -> bool {
      const Header &h = p.headers[next++];
      if (h.eliminated) {
        // Skip the pre-order indices of the loops inside.
        std::function<void(const std::vector<Stmt> &)> skip =
            [&](const std::vector<Stmt> &body) {
              for (const Stmt &s : body) {
                if (const Loop *in = s.asLoop()) {
                  ++next;
                  skip(in->body);
                } else if (const Scope *sc = s.asScope()) {
                  skip(sc->body);
                }
              }
            };
        skip(l.body);
        return false;
      }
      l.lb = h.lb;
      l.ub = h.ub;
      l.stride = h.stride;
      std::function<void(std::vector<Stmt> &)> walk =
          [&](std::vector<Stmt> &body) {
            for (size_t k = 0; k < body.size();) {
              if (Loop *in = body[k].asLoop()) {
                if (!apply(*in)) {
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
    };
    if (!apply(p.tree))
      return p; // the whole loop is eliminated: no predicates to rewrite

    // Residual predicates: each predicated domain gisted against the
    // rebuilt box of its new loop nest, coalesced.
    p.preds.assign(insts.size(), std::nullopt);
    std::vector<InstSite> kept;
    std::vector<size_t> open;
    std::vector<LoopSite> ignored;
    LoopNest nest = outer;
    nest.push_back(&p.tree);
    collect(p.tree.body, nest, open, ignored, kept);
    for (const InstSite &s : kept) {
      size_t k = byId.at(s.inst->id);
      Relation box = domain(*s.inst, s.nest);
      if (withApprox) {
        std::vector<AffinePredicate> exact, approx;
        splitPredicates(s.inst->predicates, exact, approx);
        box = applyPredicates(box, createDomainSpace(*s.inst, s.nest), approx);
      }
      if (!pds[k].isSubsetOf(box))
        throw BridgeError("shrink_domain: the new loop nest of s" +
                          std::to_string(s.inst->id) +
                          " does not contain its domain");
      Relation g = simplify(pds[k].gist(box));
      if (g.numDisjuncts() == 0) {
        // Never executes: its predicates stay as they are, which is exact
        // because the new loops run a subset of the old iterations (checked).
        if (!predicatedDomain(*s.inst, s.nest, withApprox).isEmpty())
          throw BridgeError("shrink_domain: s" + std::to_string(s.inst->id) +
                            " would execute in the new loop nest");
        continue;
      }
      if (g.numDisjuncts() != 1)
        throw BridgeError("shrink_domain: the residual guard of s" +
                          std::to_string(s.inst->id) +
                          " is not one conjunction");
      p.preds[k] = enumeratePredicates(g.disjuncts()[0],
                                       createDomainSpace(*s.inst, s.nest));
    }
    return p;
  });
  if (!plan) {
    setOutcome(SimplifyOutcome::Failed);
    return SimplifyOutcome::Failed;
  }
  if (std::none_of(plan->headers.begin(), plan->headers.end(),
                   [](const Header &h) { return h.changed; }))
    return SimplifyOutcome::Unchanged;

  // Statistics, axis by axis (loops inside an eliminated loop are counted
  // as eliminated loops, their iterations are not).
  {
    size_t k = 0;
    std::function<void(const std::vector<Stmt> &, bool)> count;
    auto visit = [&](const Loop &l, bool insideEliminated) {
      const Header &h = plan->headers[k++];
      if (insideEliminated) {
        ++counters_.eliminatedLoops;
      } else if (h.eliminated) {
        ++counters_.eliminatedLoops;
        if (std::optional<int64_t> n = l.tripcount())
          counters_.eliminatedIterations += *n;
      } else if (h.changed) {
        Loop t;
        t.lb = h.lb;
        t.ub = h.ub;
        t.stride = h.stride;
        std::optional<int64_t> before = l.tripcount(), after = t.tripcount();
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

  if (plan->headers.front().eliminated) {
    setOutcome(SimplifyOutcome::Eliminated);
    return SimplifyOutcome::Eliminated;
  }

  // Commit: the new tree, then the residual predicates (approximate ones
  // kept after the exact ones).
  loop = std::move(plan->tree);
  std::function<void(std::vector<Stmt> &)> rewrite =
      [&](std::vector<Stmt> &body) {
        for (Stmt &s : body) {
          if (Instruction *i = s.asInstruction()) {
            const auto &r = plan->preds[byId.at(i->id)];
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
  setOutcome(SimplifyOutcome::Changed);
  return SimplifyOutcome::Changed;
}

//===----------------------------------------------------------------------===//
// Whole kernels and the passes
//===----------------------------------------------------------------------===//

int PredicateSimplifier::simplifyPredicates(Kernel &kernel) {
  int changed = 0;
  walkInstructions(kernel, [&](Instruction &inst, const LoopNest &nest) {
    if (!inst.isPredicated())
      return;
    std::vector<AffinePredicate> before = inst.predicates;
    locatedAt(inst.loc, [&] { simplifyPredicate(inst, nest); });
    changed += !(before == inst.predicates);
  });
  return changed;
}

int PredicateSimplifier::shrinkDomains(Kernel &kernel) {
  int changed = 0;
  std::function<void(std::vector<Stmt> &)> walk =
      [&](std::vector<Stmt> &body) {
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

namespace {

/// The failures the seed's `try` caught, as remarks at their places.
void explainFailures(std::string_view pass, const PredicateSimplifier &s,
                     PassContext &pc) {
  if (!pc.explain)
    return;
  for (const Diagnostic &d : s.failures())
    *pc.explain << formatDiagnostic(d.loc,
                                    std::string(pass) +
                                        ": left unchanged: " + d.message,
                                    "remark")
                << "\n";
}

class SimplifyPredicatesPass : public Pass {
public:
  explicit SimplifyPredicatesPass(SimplifierOptions o) : options_(std::move(o)) {}
  std::string_view name() const override { return "simplify-predicates"; }
  std::string_view description() const override {
    return "drop the exact predicates that the loop nest implies (gist "
           "against the convex hull of the loop-nest domain)";
  }
  void run(Module &module, PassContext &pc) override {
    int64_t &eliminated = pc.stats.counter(name(), "eliminated-predicates",
                                           "Number of predicates eliminated");
    int64_t &empty = pc.stats.counter(
        name(), "empty-domains",
        "Number of instructions whose predicated domain is empty");
    int64_t &failures = pc.stats.counter(
        name(), "failures",
        "Number of engine computations that failed (left unchanged)");
    for (Kernel &k : module.kernels) {
      PredicateSimplifier s(k, options_);
      s.simplifyPredicates(k);
      explainFailures(name(), s, pc);
      eliminated += s.counters().eliminatedPredicates;
      empty += s.counters().emptyDomains;
      failures += s.counters().failures;
    }
  }

private:
  SimplifierOptions options_;
};

class ShrinkDomainsPass : public Pass {
public:
  explicit ShrinkDomainsPass(SimplifierOptions o) : options_(std::move(o)) {}
  std::string_view name() const override { return "shrink-domains"; }
  std::string_view description() const override {
    return "tighten loop bounds and strides to the iterations that execute, "
           "drop the guards that become implied, remove empty loops";
  }
  void run(Module &module, PassContext &pc) override {
    int64_t &preds = pc.stats.counter(name(), "eliminated-predicates",
                                      "Number of predicates eliminated");
    int64_t &loops = pc.stats.counter(name(), "eliminated-loops",
                                      "Number of loops eliminated");
    int64_t &iters = pc.stats.counter(name(), "eliminated-iterations",
                                      "Number of loop iterations eliminated");
    int64_t &strided = pc.stats.counter(name(), "strided-axes",
                                        "Number of axes that became strided");
    int64_t &failures = pc.stats.counter(
        name(), "failures",
        "Number of engine computations that failed (left unchanged)");
    for (Kernel &k : module.kernels) {
      PredicateSimplifier s(k, options_);
      s.shrinkDomains(k);
      explainFailures(name(), s, pc);
      preds += s.counters().eliminatedPredicates;
      loops += s.counters().eliminatedLoops;
      iters += s.counters().eliminatedIterations;
      strided += s.counters().stridedAxes;
      failures += s.counters().failures;
    }
  }

private:
  SimplifierOptions options_;
};

} // namespace

std::unique_ptr<Pass> createSimplifyPredicatesPass(SimplifierOptions options) {
  return std::make_unique<SimplifyPredicatesPass>(std::move(options));
}

std::unique_ptr<Pass> createShrinkDomainsPass(SimplifierOptions options) {
  return std::make_unique<ShrinkDomainsPass>(std::move(options));
}

void registerSimplifierPasses(PassRegistry &registry) {
  registry.add("simplify-predicates",
               "drop the exact predicates that the loop nest implies (gist "
               "against the convex hull of the loop-nest domain, two passes)",
               [] { return createSimplifyPredicatesPass(); });
  registry.add("shrink-domains",
               "tighten loop bounds and strides to the iterations that "
               "execute, drop the guards that become implied, remove empty "
               "loops",
               [] { return createShrinkDomainsPass(); });
}

} // namespace penguin
