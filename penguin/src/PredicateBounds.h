//===- PredicateBounds.h - Parallel-constraint bounds (internal) -*- C++ -*-=//
//
// A cheap, exact analysis of a conjunction of predicates: every predicate
// L + c {>=, ==} 0 is rewritten over its primitive direction D (L divided by
// the gcd of its coefficients, first coefficient positive) as a bound on the
// integer value D(x): lo <= D(x) <= hi. Predicates over the same direction
// combine into one interval. An empty interval proves the conjunction
// infeasible (it never claims infeasibility wrongly); a non-empty table
// proves nothing about other directions. Used by the mask algebra to prune
// empty AND-terms and by the canonicalize pass.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_SRC_PREDICATEBOUNDS_H
#define PENGUIN_SRC_PREDICATEBOUNDS_H

#include "penguin/AffinePredicate.h"
#include "penguin/Linearize.h"

#include <optional>
#include <vector>

namespace penguin::detail {

class BoundsTable {
public:
  /// Adds `p` (its approx flag is ignored: callers decide what to add).
  void add(const AffinePredicate &p);
  /// True when the added predicates are proven to have no common integer
  /// solution.
  bool infeasible() const { return infeasible_; }

  /// The canonical conjunction equivalent to everything added, one entry
  /// per direction in first-seen order: `D - v == 0` when lo == hi,
  /// otherwise `D - lo >= 0` and/or `-D + hi >= 0`. Empty when all added
  /// predicates were trivially true. Must not be called when infeasible().
  std::vector<AffinePredicate> canonicalPredicates(ExprContext &ctx) const;

private:
  struct Entry {
    LinearExpr direction;
    std::optional<int64_t> lo, hi;
  };
  void tighten(Entry &e, std::optional<int64_t> lo, std::optional<int64_t> hi);

  std::vector<Entry> entries_;
  bool infeasible_ = false;
};

/// True when BoundsTable proves the conjunction `preds` empty.
bool provablyEmpty(const std::vector<AffinePredicate> &preds);

} // namespace penguin::detail

#endif // PENGUIN_SRC_PREDICATEBOUNDS_H
