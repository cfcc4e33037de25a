//===- IntegerSetAnalysis.h - Domains, bounds and hulls of a kernel -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-//
//
// The seed's IntegerSetAnalysis (islwrapper::IntegerSetAnalysis): the codecs
// between one kernel's IR and the engine's sets, on top of the bridge
// (IntegerSetBridge.h). It owns nothing but a reference to the kernel and
// answers, for an instruction in its loop nest:
//
//   createDomainSpace   [params] -> { sN[ivs] }       (positional identity)
//   domain              loop bounds and parameter bounds of the nest
//   predicatedDomain    domain and the exact predicates (optionally the
//                       approximate ones too)
//   applyPredicates     a set intersected with predicates
//   addLoopBounds       lb <= iv < ub and iv = lb + stride * k
//   addParamBounds      lo <= p <= hi for the parameters with known bounds
//   convexHull          the gist context (see below)
//   exractCstBounds     exact constant bounds, stride and offset per axis
//                       (the seed's misspelling, kept)
//   simplify            coalesce
//   access              the access relation { sN[ivs] -> T[addrs] }
//   enumeratePredicates the constraints of a basic set as predicates
//
// Every method may throw the bridge's errors and the engine's
// presburger::Error (LimitExceeded included); the simplifier guards each
// call (see PredicateSimplifier.h).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_INTEGERSETANALYSIS_H
#define PENGUIN_INTEGERSETANALYSIS_H

#include "penguin/IntegerSetBridge.h"
#include "penguin/Kernel.h"

#include "presburger/Relation.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace penguin {

/// The exact range of one axis over the integer points of a set, every
/// other variable (parameters included) ranging freely.
struct AxisBounds {
  /// The set has no integer point (nothing else is meaningful then).
  bool empty = false;
  /// Smallest and largest value; nullopt when unbounded that way.
  std::optional<int64_t> lower, upper;
  /// Every value is congruent to `offset` modulo `stride` (stride >= 1,
  /// 0 <= offset < stride) and no larger modulus has that property; a
  /// single value reports stride 1.
  int64_t stride = 1;
  int64_t offset = 0;

  friend bool operator==(const AxisBounds &, const AxisBounds &) = default;
};

class IntegerSetAnalysis {
public:
  explicit IntegerSetAnalysis(const Kernel &kernel) : kernel_(kernel) {}
  virtual ~IntegerSetAnalysis() = default;

  const Kernel &kernel() const { return kernel_; }

  /// create_domain_space: "sN" over the loop variables of `nest` and the
  /// kernel's parameters.
  DomainSpace createDomainSpace(const Instruction &inst,
                                const LoopNest &nest) const;

  /// domain: { sN[ivs] : loop bounds and parameter bounds }.
  presburger::Relation domain(const Instruction &inst,
                              const LoopNest &nest) const;
  /// predicated_domain: domain and the exact predicates of `inst` (and its
  /// approximate ones when `withApprox`).
  presburger::Relation predicatedDomain(const Instruction &inst,
                                        const LoopNest &nest,
                                        bool withApprox = false) const;
  /// domain and the given predicates (their approx flag is ignored: the
  /// caller chooses what to pass).
  presburger::Relation
  predicatedDomain(const Instruction &inst, const LoopNest &nest,
                   std::span<const AffinePredicate> preds) const;
  /// apply_predicates: `set` (over `space`) intersected with `preds`.
  presburger::Relation
  applyPredicates(const presburger::Relation &set, const DomainSpace &space,
                  std::span<const AffinePredicate> preds) const;

  /// add_loop_bounds on a basic set over `space` (loop variables are its
  /// set dimensions).
  void addLoopBounds(presburger::BasicRelation &set, const DomainSpace &space,
                     const LoopNest &nest) const;
  /// add_param_bounds: the kernel's known parameter bounds.
  void addParamBounds(presburger::BasicRelation &set) const;

  /// convex_hull: one convex set (a single disjunct) containing `set`: the
  /// gist context of the predicate path and the over-approximation of the
  /// shrink path's convex-hull variant. A set of one disjunct is its own
  /// hull; otherwise the disjuncts are coalesced, and when several remain
  /// the engine's convex hull (Relation::convexHull) is taken if this build
  /// has it, else the conjunction of the div-free constraints of the
  /// disjuncts that hold on every disjunct (a looser convex superset; see
  /// docs/penguin-simplifier.md). An empty set stays empty.
  presburger::Relation convexHull(const presburger::Relation &set) const;

  /// exract_cst_bounds (sic): the exact AxisBounds of every set dimension
  /// of `set`, in order.
  std::vector<AxisBounds>
  exractCstBounds(const presburger::Relation &set) const;
  /// The AxisBounds of dimension `dim` only.
  AxisBounds exractCstBounds(const presburger::Relation &set,
                             unsigned dim) const;

  /// simplify: the same points with fewer disjuncts and constraints
  /// (coalesce; a union whose coalesced form is not the same set — an
  /// engine problem, see docs/penguin-simplifier.md — is returned as is).
  presburger::Relation simplify(const presburger::Relation &set) const;

  /// The access relation of `ap` (see accessRelation in the bridge).
  presburger::Relation access(const Instruction &inst, const LoopNest &nest,
                              const AccessPattern &ap,
                              const AccessOptions &options = {}) const;

  /// enumerate_affine_predicates over the kernel's expression context.
  std::optional<std::vector<AffinePredicate>>
  enumeratePredicates(const presburger::BasicRelation &bset,
                      const DomainSpace &space) const;

private:
  const Kernel &kernel_;
};

} // namespace penguin

#endif // PENGUIN_INTEGERSETANALYSIS_H
