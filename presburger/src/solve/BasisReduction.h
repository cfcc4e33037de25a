//===- BasisReduction.h - Generalized basis reduction -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Integer sampling of a bounded polyhedron P = { x : A x + a >= 0 } by the
// generalized basis reduction of Lovasz and Scarf, in the form of Cook,
// Rutherford, Scarf and Shallcross ("An implementation of the generalized
// basis reduction algorithm for integer programming", 1993), as isl and
// MLIR's Presburger library use it. See docs/algorithms/basis-reduction.md.
//
// The search walks a unimodular basis b_0 .. b_{n-1} of Z^n: it fixes
// b_0.x to each integer of its range over P, then b_1.x over that slice,
// and so on; a point with every b_j.x integral is integral. Before a level
// is enumerated, its basis vectors are reduced so that the widths of the
// slice along them are nearly as small as a lattice direction can make
// them: a thin polytope is crossed in a few slices whatever its size, and
// its numbers stay small.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASISREDUCTION_H
#define PRESBURGER_SRC_BASISREDUCTION_H

#include "presburger/Fraction.h"
#include "presburger/Matrix.h"
#include "presburger/Simplex.h"

#include <optional>
#include <vector>

namespace presburger {

/// The width of a polyhedron Q along directions d (max of d.x - d.y over
/// x, y in Q), optionally with some directions b fixed (b.x = b.y): the
/// functions F_i of Cook et al. Q is { x : ineqs.[x 1] >= 0 } cut by the
/// equalities added with addEquality; it must be bounded and non-empty
/// when widths are asked. One simplex over (x, y), 2n variables.
class WidthProblem {
public:
  /// The pair tableau of { x : ineqs.[x 1] >= 0 }. Cost: one simplex of
  /// 2 * (rows of ineqs) constraints in 2n variables.
  explicit WidthProblem(const Matrix &ineqs);

  /// Cuts Q by eq.[x 1] = 0 (n + 1 entries), on both copies.
  void addEquality(ConstRow eq);
  /// An opaque mark of the state (equalities and fixed directions) for
  /// rollback().
  unsigned getSnapshot() const { return simplex_.getSnapshot(); }
  /// Undoes what was added since `snapshot`; there must be no fixed
  /// direction added since then left unreleased.
  void rollback(unsigned snapshot) { simplex_.rollback(snapshot); }

  /// max d.(x - y) over x, y in Q with the fixed directions equal on x and
  /// y. `d` has n entries. O(pivots), exact.
  Fraction width(ConstRow d);
  /// width(d), and the multiplier mu of the last fixed direction b at the
  /// optimum: width(d - mu b) with that direction released equals this
  /// width (Cook et al.'s size reduction). Needs one fixed direction.
  Fraction widthAndLastMultiplier(ConstRow d, Fraction &mu);
  /// Adds b.x = b.y (n entries).
  void fixDirection(ConstRow b);
  /// Releases the last fixed direction.
  void releaseLastDirection();
  unsigned numFixed() const { return unsigned(snapshots_.size()); }

private:
  /// scratch_ = [d, -d, 0].
  void setPairRow(ConstRow d);

  unsigned n_;
  Simplex simplex_;
  std::vector<unsigned> snapshots_, equalityIndex_;
  std::vector<Int> scratch_;
};

/// Reduces rows [level, n) of the unimodular `basis` (n x n) for the
/// polyhedron Q of `wp` (bounded, non-empty; rows [0, level) are taken as
/// fixed by Q's equalities, and wp has no fixed direction): afterwards,
/// for level <= i < n - 1, F_i(b_{i+1} + u b_i) >= F_i(b_{i+1}) for every
/// integer u and F_i(b_{i+1}) >= 3/4 F_i(b_i), where F_i is the width with
/// b_level .. b_{i-1} fixed. With `onlyFirst`, stops as soon as the width
/// along b_level is below 2 (the search reduces again at the next level;
/// isl's gbr_only_first). The rows stay a unimodular basis together with
/// rows [0, level). Each step costs a few simplex optimizations; the
/// number of swaps is polynomial in the input size (and capped: the basis
/// is valid whenever the loop stops). Charges the work budget.
void reduceBasis(WidthProblem &wp, Matrix &basis, unsigned level,
                 bool onlyFirst);

/// An integer point of the bounded polyhedron { x : ineqs.[x 1] >= 0 }
/// (`ineqs` has n + 1 columns, constant last), or nullopt when it has none.
/// Exact. The polyhedron must be bounded (the search enumerates the range
/// of each basis direction). A depth-first branch and bound of a few dozen
/// nodes runs first (it settles small round polytopes more cheaply than
/// widths can be measured); then the basis-reduction search, whose work is
/// a few simplex optimizations per node, its branching bounded by the
/// reduced widths. Charges the work budget.
std::optional<std::vector<Int>>
sampleBoundedByBasisReduction(const Matrix &ineqs);
/// The same with `tableau` already holding exactly the rows of `ineqs`
/// (saves building it again).
std::optional<std::vector<Int>>
sampleBoundedByBasisReduction(const Matrix &ineqs, Simplex tableau);

/// The rational tableau of { z : ineqs . [z 1] >= 0 } (at least one
/// variable); adding rows stops once it is empty.
Simplex inequalityTableau(const Matrix &ineqs);
/// For a system without variables (ineqs has one column): the empty point
/// when every constant is >= 0, otherwise nullopt.
std::optional<std::vector<Int>> sampleWithoutVariables(const Matrix &ineqs);

} // namespace presburger

#endif // PRESBURGER_SRC_BASISREDUCTION_H
