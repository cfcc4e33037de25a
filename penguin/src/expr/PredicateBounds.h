//===- PredicateBounds.h - Parallel-constraint bounds (internal) -*- C++ -*-=//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
// BoundsCache memoises the per-predicate analysis (one linearization per
// distinct predicate) and numbers the directions; it lives only as long as
// one computation (no global state).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_SRC_PREDICATEBOUNDS_H
#define PENGUIN_SRC_PREDICATEBOUNDS_H

#include "penguin/AffinePredicate.h"
#include "penguin/Linearize.h"

#include <map>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace penguin::detail {

/// The analysis of one predicate.
struct PredicateBound {
  /// Set when the predicate is a constant: its truth.
  std::optional<bool> constantTruth;
  /// Set when the predicate alone has no integer solution (an equality
  /// whose constant is not a multiple of the gcd).
  bool infeasible = false;
  size_t direction = 0; ///< index into BoundsCache::direction
  std::optional<int64_t> lo, hi;
};

class BoundsCache {
public:
  const PredicateBound &get(const AffinePredicate &p);
  const LinearExpr &direction(size_t id) const { return directions_[id]; }

private:
  struct DirLess {
    bool operator()(const LinearExpr &a, const LinearExpr &b) const;
  };
  std::map<std::pair<const void *, bool>, PredicateBound> memo_;
  std::map<LinearExpr, size_t, DirLess> ids_;
  std::vector<LinearExpr> directions_;
};

class BoundsTable {
public:
  explicit BoundsTable(BoundsCache &cache) : cache_(cache) {}
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
    size_t direction;
    std::optional<int64_t> lo, hi;
  };
  BoundsCache &cache_;
  std::vector<Entry> entries_;
  bool infeasible_ = false;
};

/// The conjunction without its dominated members: trivially true
/// predicates, duplicates, and parallel bounds weaker than another member
/// of the same direction (an equality subsumes the inequalities on its
/// direction). Keeps the first of equally strong members and the original
/// order. The result is equivalent to `preds`. Must only be called on a
/// conjunction that provablyEmpty() does not reject.
std::vector<AffinePredicate>
dropDominated(std::span<const AffinePredicate> preds, BoundsCache &cache);

/// True when BoundsTable proves the conjunction `preds` empty.
bool provablyEmpty(std::span<const AffinePredicate> preds, BoundsCache &cache);

} // namespace penguin::detail

#endif // PENGUIN_SRC_PREDICATEBOUNDS_H
