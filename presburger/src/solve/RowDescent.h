//===- RowDescent.h - Integer points read off the rows ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). Thin polytopes with huge
// coefficients (x - 10^9 y in [0, 1], chained) have their lattice points
// at the ends of the variables' ranges, where fixing the variables one by
// one leaves each next one a range of one or two integers that the rows
// give directly. Reading them off the rows costs one pass per variable;
// a tableau on those coefficients costs pivots on 10^18-sized numbers.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_SOLVE_ROWDESCENT_H
#define PRESBURGER_SRC_SOLVE_ROWDESCENT_H

#include "presburger/Matrix.h"
#include "solve/BoundPropagation.h"

#include <optional>
#include <vector>

namespace presburger {

/// Which integer of a range a descent takes.
enum class RangePick { First, Middle, Last };

/// What a descent through the rows found.
enum class RowDescent {
  Found,   ///< A point satisfying every row.
  Empty,   ///< Only the last variable was free and no integer fits it.
  Unknown, ///< Neither: some range was open, empty after a choice, or the
           ///< point misses a row.
};

/// A descent through the rows of { x : ineqs.[x 1] >= 0 } without a
/// tableau: the first `fixed` entries of `point` (which has one entry per
/// variable) stay, and each later variable x_t takes the `pick` of the
/// integer range that the rows without a variable after x_t give it, the
/// earlier ones at their values. Found leaves the point in `point`. Empty
/// is exact (no integer point extends the fixed entries); Unknown decides
/// nothing. Cost: rows x n per variable; charges the work budget.
RowDescent descendByRows(const Matrix &ineqs, std::vector<Int> &point,
                         unsigned fixed, RangePick pick);

/// Whether some coefficient (not a constant) of `ineqs` exceeds 2^16 in
/// absolute value: thin polytopes, where branching cuts slivers off at the
/// cost of pivots on huge numbers and descents through the rows pay.
bool hasLargeCoefficient(const Matrix &ineqs);

/// An integer point of { x : ineqs.[x 1] >= 0 } found by descents through
/// the rows from each end of the first variable's range in `ranges`
/// (bounds that hold on the set, e.g. propagated), or nullopt when neither
/// finds one (which says nothing about emptiness). A few passes over the
/// rows; meant for rows with huge coefficients, where a tableau is
/// expensive.
std::optional<std::vector<Int>>
sampleAtRangeEnds(const Matrix &ineqs,
                  const std::vector<VariableRange> &ranges);

} // namespace presburger

#endif // PRESBURGER_SRC_SOLVE_ROWDESCENT_H
