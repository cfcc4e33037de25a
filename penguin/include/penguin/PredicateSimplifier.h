//===- PredicateSimplifier.h - Predicate and domain gist --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The seed's IslSimplifier (islsimplifier-predicate-domain-gist.txt): the
// polyhedral guard-and-domain simplifier, over IntegerSetAnalysis. Two
// paths (docs/penguin-simplifier.md has the algorithms and every choice):
//
// Predicate path — simplifyPredicate -> gistConvexHull ->
// predicatesOverLoopnest -> predicatesOverLoopnestConvexHull:
//   * only exact predicates are simplified; approximate ones are never fed
//     to gist and stay on the instruction unchanged (after the exact ones);
//   * S = loop-nest domain and exact predicates, gisted against the convex
//     hull of the loop-nest domain; optionally (overapproximate) the
//     divisions are then made explicit and eliminated (compute_divs, then
//     remove_divs): a sound superset of the guard;
//   * one basic set is read back as predicates (the single-basic-set fast
//     path; a union is coalesced, and only with overapproximate replaced by
//     its convex hull — otherwise there is no result);
//   * two passes: the result replaces the exact predicates (commit), then
//     the original S is gisted against the now tighter context (loop-nest
//     domain and the committed predicates) and whatever it still needs is
//     added (the delta);
//   * "no result" (the seed's None) leaves the instruction unchanged: an
//     empty predicated domain (signalled: lastOutcome() == EmptyDomain and
//     the emptyDomains counter), a failed engine call, a union that is not
//     one conjunction;
//   * every engine call runs inside tryEngine (the seed's `try`): an engine
//     or bridge error — LimitExceeded included — leaves the instruction
//     unchanged and is counted (failures).
//
// Shrink path — shrinkDomain / shrinkDomainConvexHull on a loop: for every
// loop of the tree, the iterations where some instruction of its body
// executes (the union of the instructions' predicated domains, projected on
// the enclosing loop variables) give exact constant bounds
// (exractCstBounds); the loop gets the tightened lb / ub / stride (hence
// tripcount), fixed axes keep theirs, loops where nothing executes are
// removed; then each instruction's predicated domain is gisted against the
// rebuilt box (loop bounds and parameter bounds of the new nest) and
// coalesced, and the surviving constraints become its exact predicates.
//
// Counters (the seed's four class statistics, plus two of ours):
// eliminatedPredicates, eliminatedLoops, eliminatedIterations, stridedAxes,
// failures, emptyDomains. The passes `simplify-predicates` and
// `shrink-domains` (createSimplifyPredicatesPass, createShrinkDomainsPass)
// report them through penguin's Statistics.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_PREDICATESIMPLIFIER_H
#define PENGUIN_PREDICATESIMPLIFIER_H

#include "penguin/IntegerSetAnalysis.h"
#include "penguin/Pass.h"

#include "presburger/Errors.h"
#include "presburger/WorkBudget.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace penguin {

struct SimplifierOptions {
  /// Allow the sound over-approximation of the predicate path: after gist,
  /// compute_divs then remove_divs (divisions eliminated rationally), so
  /// the new guard may admit iterations the old one excluded. Only for
  /// callers whose loop bounds exclude the difference.
  bool overapproximate = false;
  /// Let approximate predicates take part: as gist context on the predicate
  /// path, in the narrowing intersection on the shrink path. Sound because
  /// an approximate predicate over-approximates its guard (every executed
  /// iteration satisfies it); they are never rewritten either way.
  bool approximatePredicates = false;
  /// Loop variables whose loops shrink_domain must not reshape (the seed's
  /// fixed_axes).
  std::set<std::string> fixedAxes;
  /// The seed's literal short-circuit: when no constraint survives the gist
  /// ("cons empty") there is no result and the guards stay. Off by default:
  /// we drop guards that the loop nest implies, all of them if need be
  /// (docs/penguin-simplifier.md, choice 3).
  bool keepGuardsWhenAllImplied = false;
  /// Work budget of one guarded engine computation (0: the engine's
  /// default limit).
  uint64_t workLimit = 0;
  /// The shrink-domains pass only: after shrinking, regenerate every loop
  /// tree from its domains (RegenerateLoops.h), so that triangular,
  /// guarded and strided domains get max / min bounds too. Off by default
  /// (`shrink-domains=regenerate` in penguin-opt).
  bool regenerateLoops = false;
};

struct SimplifierCounters {
  int64_t eliminatedPredicates = 0;
  int64_t eliminatedLoops = 0;
  int64_t eliminatedIterations = 0;
  int64_t stridedAxes = 0;
  /// Guarded computations that failed (the instruction or loop was left
  /// unchanged).
  int64_t failures = 0;
  /// Predicated domains found empty (the instruction never executes).
  int64_t emptyDomains = 0;
};

/// What the last simplifyPredicate / gistConvexHull /
/// predicateAccessRange / shrinkDomain call did.
enum class SimplifyOutcome {
  Unchanged,   ///< nothing to do, or no result
  Changed,     ///< predicates or loops rewritten
  EmptyDomain, ///< the predicated domain is empty; left unchanged
  Eliminated,  ///< shrinkDomain: the loop never runs its body; the caller
               ///< removes it
  Failed,      ///< a guarded computation failed; left unchanged
};

class PredicateSimplifier : public IntegerSetAnalysis {
public:
  explicit PredicateSimplifier(const Kernel &kernel,
                               SimplifierOptions options = {});

  const SimplifierOptions &options() const { return options_; }
  SimplifierOptions &options() { return options_; }
  const SimplifierCounters &counters() const { return counters_; }
  SimplifyOutcome lastOutcome() const { return lastOutcome_; }
  /// The failures caught so far, in order, each at the instruction or
  /// loop being processed when it happened.
  const std::vector<Diagnostic> &failures() const { return failureLog_; }

  //===------------------------------------------------------------------===//
  // Predicate path
  //===------------------------------------------------------------------===//

  /// The public entry: gistConvexHull, then eliminatedPredicates += the
  /// number of predicates dropped. True when the predicate count changed.
  bool simplifyPredicate(Instruction &inst, const LoopNest &nest);

  /// The orchestrator: exact predicates only, pass 1 (commit), pass 2
  /// (re-gist against the tighter context, add the delta). False when pass
  /// 1 has no result (the instruction is unchanged), true otherwise.
  bool gistConvexHull(Instruction &inst, const LoopNest &nest);

  /// The forward-build thunk: S = loopnestDomain ∩ preds (predicated
  /// domain); no result (nullopt) when S is empty (EmptyDomain is
  /// signalled) or cannot be built; otherwise the worker's answer with
  /// convexHull(loopnestDomain) as the gist context.
  virtual std::optional<std::vector<AffinePredicate>>
  predicatesOverLoopnest(const Instruction &inst, const LoopNest &nest,
                         const presburger::Relation &loopnestDomain,
                         std::span<const AffinePredicate> preds,
                         bool overapproximate, bool approximatePredicates);

  /// The worker: gist `domain` against the convex hull of `loopnestDomain`
  /// (intersected with inst's approximate predicates when
  /// approximatePredicates), optionally over-approximate
  /// (compute_divs + remove_divs), read one basic set back as predicates.
  /// nullopt ("None") when a guarded call fails, the set is empty, no single
  /// conjunction expresses it, or (keepGuardsWhenAllImplied) no constraint
  /// survives.
  virtual std::optional<std::vector<AffinePredicate>>
  predicatesOverLoopnestConvexHull(const Instruction &inst,
                                   const LoopNest &nest,
                                   const presburger::Relation &domain,
                                   const presburger::Relation &loopnestDomain,
                                   bool overapproximate,
                                   bool approximatePredicates);

  /// predicate_access_range: replaces inst's exact predicates by the guard
  /// that selects exactly the iterations of its predicated domain whose
  /// access `ap` lands in `validRange` (a set over the tensor's tuple,
  /// parameters by name). True when the predicates were replaced.
  bool predicateAccessRange(Instruction &inst, const LoopNest &nest,
                            const AccessPattern &ap,
                            const presburger::Relation &validRange);

  //===------------------------------------------------------------------===//
  // Shrink path
  //===------------------------------------------------------------------===//

  /// shrink_domain: tightens `loop` (enclosed by `outer`) and every loop
  /// nested in it, and rewrites the predicates of the instructions inside.
  /// Nested loops that never run their body are removed; when `loop` itself
  /// never does, the outcome is Eliminated and the caller removes it.
  SimplifyOutcome shrinkDomain(Loop &loop, const LoopNest &outer);
  /// shrink_domain_convex_hull: the same, reading each loop's bounds from
  /// the convex hull of its domain (an over-approximation of the union the
  /// plain version reads: never tighter bounds, same exactness).
  SimplifyOutcome shrinkDomainConvexHull(Loop &loop, const LoopNest &outer);

  //===------------------------------------------------------------------===//
  // Whole kernels (what the passes run)
  //===------------------------------------------------------------------===//

  /// simplifyPredicate on every predicated instruction; returns how many
  /// changed.
  int simplifyPredicates(Kernel &kernel);
  /// shrinkDomain on every outermost loop (loops in scopes included),
  /// removing the eliminated ones; returns how many loop trees changed.
  int shrinkDomains(Kernel &kernel);

protected:
  /// The seed's `try`: runs `f` under the work budget of the options;
  /// an engine error (presburger::Error, LimitExceeded included) or a
  /// penguin error is caught, counted and logged, and nullopt returned.
  template <typename F> auto tryEngine(F &&f) -> std::optional<decltype(f())> {
    try {
      if (options_.workLimit > 0) {
        presburger::WorkBudget::Scope scope(options_.workLimit);
        return f();
      }
      return f();
    } catch (const penguin::Error &e) {
      recordFailure(e.what());
    } catch (const presburger::Error &e) {
      recordFailure(engineFailureMessage(e));
    }
    return std::nullopt;
  }

  /// Logs a failure at the place being processed.
  void recordFailure(const std::string &message);
  /// The last failure logged, as "FILE:LINE:COL: MESSAGE" (its message
  /// alone when the place is unknown).
  std::string lastFailureText() const;
  /// Marks `loc` (an instruction's or a loop's) as the place being
  /// processed until the returned guard goes.
  class Processing {
  public:
    Processing(PredicateSimplifier &s, const SourceLocation &loc)
        : s_(s), saved_(s.where_) {
      s_.where_ = loc;
    }
    ~Processing() { s_.where_ = saved_; }
    Processing(const Processing &) = delete;
    Processing &operator=(const Processing &) = delete;

  private:
    PredicateSimplifier &s_;
    SourceLocation saved_;
  };
  void setOutcome(SimplifyOutcome o) { lastOutcome_ = o; }

public:
  // The shrink path's steps (ShrinkDomains.cpp).
  struct ShrinkLoop;
  struct ShrinkInst;
  struct ShrinkHeader;
  struct ShrinkPlan;

private:
  SimplifyOutcome shrinkImpl(Loop &loop, const LoopNest &outer, bool hull);
  ShrinkPlan planShrink(const Loop &loop, const LoopNest &outer,
                        const std::vector<ShrinkLoop> &loops,
                        const std::vector<ShrinkInst> &insts,
                        const std::map<int64_t, size_t> &byId, bool hull) const;
  ShrinkHeader newHeader(const ShrinkLoop &site,
                         const std::vector<presburger::Relation> &domains,
                         bool hull) const;
  std::optional<std::vector<AffinePredicate>>
  residualPredicates(const ShrinkInst &s,
                     const presburger::Relation &executed) const;
  void countShrink(const Loop &loop, const std::vector<ShrinkHeader> &headers);
  void commitShrink(Loop &loop, ShrinkPlan &plan,
                    const std::map<int64_t, size_t> &byId);
  /// Whether a <= b for every parameter value within the known bounds.
  bool alwaysLeq(AffineExpr a, AffineExpr b) const;

  SimplifierOptions options_;
  SimplifierCounters counters_;
  SimplifyOutcome lastOutcome_ = SimplifyOutcome::Unchanged;
  std::vector<Diagnostic> failureLog_;
  SourceLocation where_;
};

/// The pass `simplify-predicates`: simplifyPredicate on every predicated
/// instruction of every kernel. Counters under "simplify-predicates":
/// eliminated-predicates, empty-domains, failures. Each failure the seed's
/// `try` caught (the instruction is left unchanged) is explained as
/// `FILE:LINE:COL: remark: simplify-predicates: left unchanged: MESSAGE`
/// at the instruction; an error outside it fails the pass there.
std::unique_ptr<Pass>
createSimplifyPredicatesPass(SimplifierOptions options = {});
/// The pass `shrink-domains`: shrinkDomain on every outermost loop.
/// Counters under "shrink-domains": eliminated-predicates,
/// eliminated-loops, eliminated-iterations, strided-axes, failures (and,
/// with options.regenerateLoops, loops-regenerated and trees-unchanged);
/// caught failures are explained as remarks at the loop, as for
/// simplify-predicates. Takes the optional argument `regenerate`
/// (options.regenerateLoops).
std::unique_ptr<Pass> createShrinkDomainsPass(SimplifierOptions options = {});

/// Adds both passes to `registry` (penguin-opt does this).
void registerSimplifierPasses(PassRegistry &registry);

} // namespace penguin

#endif // PENGUIN_PREDICATESIMPLIFIER_H
