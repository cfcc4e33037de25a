//===- CoalescePair.h - Can two disjuncts be one? ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The pair test of coalescing
// (CoalescePair.cpp): each constraint of one disjunct is classified against
// the other (valid, separate, cut, adjacent to an equality or to an
// inequality), and the classification selects the case that builds the
// basic relation of their union, when there is one.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_SIMPLIFY_COALESCEPAIR_H
#define PRESBURGER_SRC_SIMPLIFY_COALESCEPAIR_H

#include "solve/DifferenceConstraints.h"

#include "presburger/BasicRelation.h"
#include "presburger/Simplex.h"

#include <optional>

namespace presburger {

/// What a pair test found: nothing, one disjunct inside the other (drop
/// it), or one basic relation holding exactly the integer points of both.
enum class PairChange { None, DropFirst, DropSecond, Fuse };

struct PairOutcome {
  PairChange change = PairChange::None;
  /// The union when change == Fuse.
  BasicRelation fused;
  /// When nothing was found: whether a tighter form of the disjuncts might
  /// fuse (a separation by a fractional amount), or they were close enough
  /// to try again.
  bool looseHint = false;
};

/// What a disjunct keeps across the pair tests it takes part in (isl keeps
/// one tableau per basic map in coalescing): its tableau and its
/// shortest paths, built once by the owner. A pair test that is given them
/// adds constraints to the tableau only under a snapshot and rolls back
/// before it returns, so the tableau describes the same polyhedron after
/// the test (its basis may differ).
struct PairSideCache {
  /// The owner's slot for the tableau of the relation passed (tableauOf),
  /// filled by the first test that needs it; or null (the test builds its
  /// own).
  std::optional<Simplex> *tableau = nullptr;
  /// difference::Distances::of of the relation passed when it has no
  /// locals (nullopt inside when not a difference system), or null.
  const std::optional<difference::Distances> *graph = nullptr;
};

/// The pair test on `a` and `b`, which are the (simplified) disjuncts
/// `origA` and `origB` in the working form of coalescing, over one common
/// list of locals. `cacheA` and `cacheB`, when they hold anything, belong to
/// exactly `a` and `b` (same rows in the same order) and save rebuilding
/// them. A fusion that rests on more than the simplest geometric cases is
/// verified exactly against origA and origB (coveredByPieces). A few LPs
/// per constraint; charges the work budget.
PairOutcome coalescePair(const BasicRelation &origA, const BasicRelation &origB,
                         const BasicRelation &a, const BasicRelation &b,
                         PairSideCache cacheA = {}, PairSideCache cacheB = {});

} // namespace presburger

#endif // PRESBURGER_SRC_SIMPLIFY_COALESCEPAIR_H
