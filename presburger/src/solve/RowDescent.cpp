//===- RowDescent.cpp - Integer points read off the rows ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See RowDescent.h.
//
//===----------------------------------------------------------------------===//
#include "solve/RowDescent.h"

#include "presburger/WorkBudget.h"

#include <cassert>

namespace presburger {

RowDescent descendByRows(const Matrix &ineqs, std::vector<Int> &point,
                         unsigned fixed, RangePick pick) {
  unsigned n = ineqs.numColumns() - 1;
  assert(point.size() == n && fixed <= n);
  for (unsigned t = fixed; t < n; ++t) {
    WorkBudget::charge(ineqs.numRows());
    // An empty range means no point only when no choice was made before.
    bool exact = t == fixed && t + 1 == n;
    std::optional<Int> lo, hi;
    for (unsigned r = 0; r < ineqs.numRows(); ++r) {
      ConstRow row = ineqs.row(r);
      bool later = false;
      for (unsigned c = t + 1; c < n && !later; ++c)
        later = !row[c].isZero();
      if (later)
        continue;
      // row[t] * x_t + rest >= 0.
      Int rest = row[n];
      for (unsigned c = 0; c < t; ++c)
        if (!row[c].isZero())
          rest += row[c] * point[c];
      int sign = row[t].sign();
      if (sign == 0) {
        if (rest.isNegative())
          return exact ? RowDescent::Empty : RowDescent::Unknown;
      } else if (sign > 0) {
        Int bound = ceilDiv(-rest, row[t]);
        if (!lo || *lo < bound)
          lo = std::move(bound);
      } else {
        Int bound = floorDiv(rest, -row[t]);
        if (!hi || bound < *hi)
          hi = std::move(bound);
      }
    }
    if (!lo || !hi)
      return RowDescent::Unknown;
    if (*hi < *lo)
      return exact ? RowDescent::Empty : RowDescent::Unknown;
    point[t] = pick == RangePick::First  ? *lo
               : pick == RangePick::Last ? *hi
                                         : floorDiv(*lo + *hi, Int(2));
  }
  // The last variable read every row, with all the others at their values.
  // (With nothing left to descend, the fixed point is checked here.)
  if (fixed == n)
    for (unsigned r = 0; r < ineqs.numRows(); ++r)
      if (affineValue(ineqs.row(r), point).isNegative())
        return RowDescent::Unknown;
  return RowDescent::Found;
}

bool hasLargeCoefficient(const Matrix &ineqs) {
  constexpr int64_t kSmallCoefficient = 1 << 16;
  unsigned n = ineqs.numColumns() - 1;
  for (unsigned r = 0; r < ineqs.numRows(); ++r)
    for (unsigned c = 0; c < n; ++c)
      if (abs(ineqs.at(r, c)) > Int(kSmallCoefficient))
        return true;
  return false;
}

std::optional<std::vector<Int>>
sampleAtRangeEnds(const Matrix &ineqs,
                  const std::vector<VariableRange> &ranges) {
  unsigned n = ineqs.numColumns() - 1;
  if (n == 0 || ranges.size() != n || !ranges[0].bounded())
    return std::nullopt;
  std::vector<Int> point(n);
  for (RangePick pick : {RangePick::Last, RangePick::First}) {
    point[0] = pick == RangePick::Last ? *ranges[0].hi : *ranges[0].lo;
    if (descendByRows(ineqs, point, 1, pick) == RowDescent::Found)
      return point;
  }
  return std::nullopt;
}

} // namespace presburger
