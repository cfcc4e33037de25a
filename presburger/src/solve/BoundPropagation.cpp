//===- BoundPropagation.cpp - Variable ranges from the rows ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "solve/BoundPropagation.h"

#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

namespace {

/// Tightens the ranges by one pass over the row sign * row . [x 1] >= 0;
/// whether a range changed.
bool propagateRow(ConstRow row, int sign, unsigned n,
                  std::vector<VariableRange> &ranges) {
  bool changed = false;
  for (unsigned j = 0; j < n; ++j) {
    if (row[j].isZero())
      continue;
    // rest = c + sum over k != j of a_k x_k, at its largest.
    Int rest = sign * row[n];
    bool bounded = true;
    for (unsigned k = 0; k < n && bounded; ++k) {
      if (k == j || row[k].isZero())
        continue;
      Int a = sign * row[k];
      const std::optional<Int> &end =
          a.isPositive() ? ranges[k].hi : ranges[k].lo;
      bounded = end.has_value();
      if (bounded)
        rest += a * *end;
    }
    if (!bounded)
      continue;
    Int a = sign * row[j];
    VariableRange &r = ranges[j];
    if (a.isPositive()) { // a x_j + rest >= 0: x_j >= ceil(-rest / a).
      Int b = ceilDiv(-rest, a);
      if (!r.lo || *r.lo < b) {
        r.lo = b;
        changed = true;
      }
    } else { // x_j <= floor(rest / -a).
      Int b = floorDiv(rest, -a);
      if (!r.hi || b < *r.hi) {
        r.hi = b;
        changed = true;
      }
    }
  }
  return changed;
}

} // namespace

std::optional<std::vector<VariableRange>>
propagateBounds(const Matrix &eqs, const Matrix &ineqs, unsigned n,
                unsigned rounds, PropagationStop stop) {
  std::vector<VariableRange> ranges(n);
  for (unsigned round = 0; round < rounds; ++round) {
    WorkBudget::chargeRows(eqs.numRows() + ineqs.numRows(), n + 1);
    bool changed = false;
    for (unsigned i = 0; i < ineqs.numRows(); ++i)
      changed = propagateRow(ineqs.row(i), 1, n, ranges) || changed;
    for (unsigned e = 0; e < eqs.numRows(); ++e) {
      changed = propagateRow(eqs.row(e), 1, n, ranges) || changed;
      changed = propagateRow(eqs.row(e), -1, n, ranges) || changed;
    }
    for (const VariableRange &r : ranges)
      if (r.lo && r.hi && *r.hi < *r.lo)
        return std::nullopt;
    if (!changed)
      break;
    if (stop == PropagationStop::AllBounded &&
        std::all_of(ranges.begin(), ranges.end(),
                    [](const VariableRange &r) { return r.bounded(); }))
      break;
  }
  return ranges;
}

} // namespace presburger
