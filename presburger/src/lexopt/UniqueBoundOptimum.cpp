//===- UniqueBoundOptimum.cpp - Optima read off single bounds -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "lexopt/UniqueBoundOptimum.h"

#include "basic/RowAccess.h"
#include "presburger/WorkBudget.h"

#include <vector>

namespace presburger {

namespace {

/// The value of each range variable as a row over b's columns (range
/// columns zero): x_k = L_k with the earlier values substituted. nullopt
/// when b does not have the shape uniqueBoundOptimum needs.
std::optional<std::vector<std::vector<Int>>>
singleBoundValues(const BasicRelation &b, bool maximize) {
  unsigned rangeCol = b.offset(VarKind::Range), numRange = b.numRange();
  auto onRange = [&](ConstRow row) {
    for (unsigned k = 0; k < numRange; ++k)
      if (!row[rangeCol + k].isZero())
        return true;
    return false;
  };
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    if (onRange(b.equality(e)))
      return std::nullopt;
  // The one row on the optimized side of each range variable.
  std::vector<int> boundRow(numRange, -1);
  for (unsigned i = 0; i < b.numInequalities(); ++i) {
    ConstRow row = b.inequality(i);
    for (unsigned k = 0; k < numRange; ++k) {
      int s = row[rangeCol + k].sign();
      if (s == 0 || (s > 0) == maximize)
        continue;
      if (boundRow[k] >= 0)
        return std::nullopt;
      boundRow[k] = int(i);
    }
  }
  std::vector<std::vector<Int>> values(numRange);
  for (unsigned k = 0; k < numRange; ++k) {
    if (boundRow[k] < 0)
      return std::nullopt;
    ConstRow row = b.inequality(unsigned(boundRow[k]));
    if (abs(row[rangeCol + k]) != Int(1))
      return std::nullopt;
    for (unsigned j = k + 1; j < numRange; ++j)
      if (!row[rangeCol + j].isZero())
        return std::nullopt;
    // a x_k + rest >= 0 with a = +-1 (+1 for a minimum): tight at
    // x_k = -rest / a, written over the symbols with the earlier values.
    std::vector<Int> &value = values[k];
    value.assign(b.numCols(), Int(0));
    Int scale = maximize ? Int(1) : Int(-1);
    for (unsigned c = 0; c < b.numCols(); ++c) {
      if (row[c].isZero() || c == rangeCol + k)
        continue;
      if (c >= rangeCol && c < rangeCol + numRange) {
        const std::vector<Int> &earlier = values[c - rangeCol];
        for (unsigned d = 0; d < b.numCols(); ++d)
          if (!earlier[d].isZero())
            value[d] += scale * row[c] * earlier[d];
      } else {
        value[c] += scale * row[c];
      }
    }
  }
  return values;
}

} // namespace

std::optional<Relation> uniqueBoundOptimum(const BasicRelation &b,
                                           bool maximize) {
  unsigned rangeCol = b.offset(VarKind::Range), numRange = b.numRange();
  if (numRange == 0 || b.isObviouslyEmpty() ||
      b.divisionsOf(rangeCol).size() != b.numLocals())
    return std::nullopt;
  WorkBudget::charge(b.numConstraints() * b.numCols());
  std::optional<std::vector<std::vector<Int>>> values =
      singleBoundValues(b, maximize);
  if (!values)
    return std::nullopt;
  // b with x = x*: every row read at the optimum (rows over the symbols),
  // then the range fixed.
  BasicRelation optimum = b;
  Matrix &rows = mutableInequalities(optimum);
  for (unsigned i = 0; i < rows.numRows(); ++i) {
    Row row = rows.row(i);
    for (unsigned k = 0; k < numRange; ++k) {
      Int a = row[rangeCol + k];
      if (a.isZero())
        continue;
      row[rangeCol + k] = Int(0);
      const std::vector<Int> &value = (*values)[k];
      for (unsigned c = 0; c < value.size(); ++c)
        if (!value[c].isZero())
          row[c] += a * value[c];
    }
  }
  for (unsigned k = 0; k < numRange; ++k) {
    std::vector<Int> eq = std::move((*values)[k]);
    eq[rangeCol + k] = Int(-1);
    optimum.addEquality(eq);
  }
  Relation out(b.space());
  if (optimum.removeRedundancies() && !optimum.isEmpty())
    out.addDisjunct(std::move(optimum));
  return out;
}

} // namespace presburger
