//===- PredicateSimplifier.cpp - Predicate and domain gist ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The predicate path (gist of each instruction's guard against its loop
// nest), the failure log and the two passes; the shrink path is in
// ShrinkDomains.cpp. docs/penguin-simplifier.md describes the algorithms and
// the choices made where the seed is ambiguous.
//
//===----------------------------------------------------------------------===//

#include "penguin/PredicateSimplifier.h"

#include "penguin/RegenerateLoops.h"

#include "transforms/PredicateLists.h"

#include <algorithm>

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::VarKind;

namespace {

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
  std::optional<std::vector<AffinePredicate>> r2 = predicatesOverLoopnest(
      inst, nest, *tighter, exact, options_.overapproximate,
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
  return predicatesOverLoopnestConvexHull(
      inst, nest, *pd, loopnestDomain, overapproximate, approximatePredicates);
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
  explicit SimplifyPredicatesPass(SimplifierOptions o)
      : options_(std::move(o)) {}
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
           "drop the guards that become implied, remove empty loops "
           "(shrink-domains=regenerate: then regenerate the loop trees)";
  }
  bool acceptsArgument() const override { return true; }
  void setArgument(std::string_view argument) override {
    if (argument != "regenerate")
      throw IRError("pass 'shrink-domains' takes the argument 'regenerate' "
                    "or none, not '" +
                    std::string(argument) + "'");
    options_.regenerateLoops = true;
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
      if (options_.regenerateLoops) {
        RegenerateOptions ro;
        ro.workLimit = options_.workLimit;
        RegenerateCounters rc = regenerateLoops(k, ro, pc.explain);
        pc.stats.counter(name(), "loops-regenerated",
                         "Number of loop trees regenerated") +=
            rc.treesRegenerated;
        pc.stats.counter(name(), "trees-unchanged",
                         "Number of loop trees not regenerated (not "
                         "expressible or the engine failed)") +=
            rc.treesUnchanged;
      }
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
