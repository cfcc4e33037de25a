//===- ComponentwiseOptimum.cpp - Optima read off the bounds --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "lexopt/ComponentwiseOptimum.h"

#include "basic/Divisions.h"
#include "basic/RowAccess.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace presburger {

namespace {

/// A local of b that is a division of the range (and the symbols),
/// monotone in the range: tiles floor(i/32) of the optimized loops.
struct RangeDivision {
  unsigned local;
  int direction; // +1: nondecreasing in each range variable; -1: nonincreasing.
};

/// b's range divisions; nullopt when a local is neither such a division
/// nor a division of the symbols alone.
std::optional<std::vector<RangeDivision>>
rangeDivisions(const BasicRelation &b) {
  unsigned rangeCol = b.offset(VarKind::Range), numRange = b.numRange();
  unsigned lo = b.offset(VarKind::Local);
  std::vector<bool> ofSymbols(b.numLocals(), false);
  for (unsigned k : b.divisionsOf(rangeCol))
    ofSymbols[k] = true;
  std::vector<RangeDivision> out;
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (ofSymbols[k])
      continue;
    if (!b.hasDivDef(k))
      return std::nullopt;
    ConstRow num = b.divNumerator(k);
    for (unsigned l = 0; l < b.numLocals(); ++l)
      if (!ofSymbols[l] && !num[lo + l].isZero())
        return std::nullopt;
    int direction = 0;
    for (unsigned c = rangeCol; c < rangeCol + numRange; ++c) {
      int s = num[c].sign();
      if (s == 0)
        continue;
      if (direction == -s)
        return std::nullopt;
      direction = s;
    }
    out.push_back({k, direction});
  }
  return out;
}

/// Rows of b by the range variable they bound on the optimized side
/// (lower rows for a minimum, upper rows for a maximum), leaving out the
/// defining rows of the range divisions (true wherever the division has
/// its value); nullopt when a row bounds two range variables so, has a
/// coefficient other than +-1 on its variable or mentions a range
/// division, when another row would break as the divisions follow the
/// range towards the optimum, when a range division's two defining rows
/// are not both among the rows, or when an equality mentions the range.
std::optional<std::vector<std::vector<unsigned>>>
rowsBoundingEach(const BasicRelation &b, const std::vector<RangeDivision> &divs,
                 bool maximize) {
  unsigned rangeCol = b.offset(VarKind::Range), numRange = b.numRange();
  unsigned lo = b.offset(VarKind::Local);
  for (unsigned e = 0; e < b.numEqualities(); ++e) {
    ConstRow row = b.equality(e);
    for (unsigned k = 0; k < numRange; ++k)
      if (!row[rangeCol + k].isZero())
        return std::nullopt;
    for (const RangeDivision &d : divs)
      if (!row[lo + d.local].isZero())
        return std::nullopt;
  }
  std::vector<std::array<std::vector<Int>, 2>> definitions;
  for (const RangeDivision &d : divs)
    definitions.push_back(b.divisionBounds(d.local));
  // Which defining rows are among b's rows as they are: both pin the
  // division to its value, so that it is the only one on every point.
  std::vector<std::array<bool, 2>> pinned(divs.size(), {false, false});
  std::vector<std::vector<unsigned>> rows(numRange);
  for (unsigned i = 0; i < b.numInequalities(); ++i) {
    ConstRow row = b.inequality(i);
    bool mentionsDivision = false, definitional = false;
    for (unsigned j = 0; j < divs.size() && !definitional; ++j) {
      const Int &a = row[lo + divs[j].local];
      if (a.isZero())
        continue;
      int which = impliedDefiningRow(definitions[j], row);
      definitional = which != 0;
      if (definitional && row.back() == definitions[j][which - 1].back())
        pinned[j][which - 1] = true;
      // Towards the optimum (down for a minimum) the division moves with
      // the range, in its direction: the row must not lose by it.
      int towards = (maximize ? 1 : -1) * divs[j].direction;
      if (!definitional && a.sign() * towards < 0)
        return std::nullopt;
      mentionsDivision = true;
    }
    if (definitional)
      continue;
    int bounded = -1;
    for (unsigned k = 0; k < numRange; ++k) {
      int s = row[rangeCol + k].sign();
      if (s == 0 || (s > 0) == maximize)
        continue;
      if (bounded >= 0 || mentionsDivision || abs(row[rangeCol + k]) != Int(1))
        return std::nullopt;
      bounded = int(k);
    }
    if (bounded >= 0)
      rows[unsigned(bounded)].push_back(i);
  }
  for (const std::array<bool, 2> &p : pinned)
    if (!p[0] || !p[1])
      return std::nullopt;
  return rows;
}

/// The range variables in an order where the rows bounding each mention
/// only earlier ones; nullopt on a cycle.
std::optional<std::vector<unsigned>>
boundOrder(const BasicRelation &b,
           const std::vector<std::vector<unsigned>> &rows) {
  unsigned rangeCol = b.offset(VarKind::Range), numRange = b.numRange();
  enum : uint8_t { kNew, kOpen, kDone };
  std::vector<uint8_t> state(numRange, kNew);
  std::vector<unsigned> order;
  bool cycle = false;
  auto visit = [&](auto &self, unsigned v) -> void {
    state[v] = kOpen;
    for (unsigned r : rows[v]) {
      ConstRow row = b.inequality(r);
      for (unsigned u = 0; u < numRange && !cycle; ++u) {
        if (u == v || row[rangeCol + u].isZero() || state[u] == kDone)
          continue;
        if (state[u] == kOpen)
          cycle = true;
        else
          self(self, u);
      }
    }
    state[v] = kDone;
    order.push_back(v);
  };
  for (unsigned v = 0; v < numRange && !cycle; ++v)
    if (state[v] == kNew)
      visit(visit, v);
  if (cycle)
    return std::nullopt;
  return order;
}

/// `row` (over b's columns) with each range variable x_k that it mentions
/// replaced by values[k], a row over the same columns with the range ones
/// zero; in place.
void substituteRange(Row row, unsigned rangeCol,
                     const std::vector<std::vector<Int>> &values) {
  for (unsigned k = 0; k < values.size(); ++k) {
    Int a = row[rangeCol + k];
    if (a.isZero())
      continue;
    row[rangeCol + k] = Int(0);
    const std::vector<Int> &value = values[k];
    for (unsigned c = 0; c < value.size(); ++c)
      if (!value[c].isZero())
        row[c] += a * value[c];
  }
}

/// The value x*_v of each range variable as a row over b's columns (range
/// columns zero), as in the header; nullopt when b does not have the shape.
std::optional<std::vector<std::vector<Int>>>
componentwiseValues(const BasicRelation &b,
                    const std::vector<RangeDivision> &divs, bool maximize) {
  std::optional<std::vector<std::vector<unsigned>>> rows =
      rowsBoundingEach(b, divs, maximize);
  if (!rows)
    return std::nullopt;
  std::optional<std::vector<unsigned>> order = boundOrder(b, *rows);
  if (!order)
    return std::nullopt;
  unsigned rangeCol = b.offset(VarKind::Range), numRange = b.numRange();
  unsigned nc = b.numCols();
  // a x_v + rest >= 0 with a = +-1 (+1 for a minimum) bounds x_v by
  // -rest / a: scale * rest, with the earlier values substituted.
  Int scale = maximize ? Int(1) : Int(-1);
  std::vector<std::vector<Int>> values(numRange);
  std::vector<Int> bound(nc);
  for (unsigned v : *order) {
    if ((*rows)[v].empty())
      return std::nullopt;
    std::vector<Int> &value = values[v];
    for (unsigned r : (*rows)[v]) {
      // The row mentions only v and variables before it in the order,
      // whose values are known.
      ConstRow row = b.inequality(r);
      std::copy(row.begin(), row.end(), bound.begin());
      bound[rangeCol + v] = Int(0);
      substituteRange(bound, rangeCol, values);
      for (Int &x : bound)
        x *= scale;
      if (value.empty()) {
        value = bound;
        continue;
      }
      // The tightest of bounds that differ by a constant; bounds that
      // differ on the symbols would make the optimum piecewise.
      if (!std::equal(bound.begin(), bound.end() - 1, value.begin()))
        return std::nullopt;
      if (maximize ? bound.back() < value.back() : bound.back() > value.back())
        value.back() = bound.back();
    }
  }
  return values;
}

/// Drops from `rows` (inequalities, constant last) those that hold
/// everywhere (no coefficient, a constant >= 0) and, of rows with the same
/// coefficients, all but one with the smallest constant: a box's lower
/// bounds 0 <= x_k read at the optimum are all 0 >= 0, its upper bounds
/// x_k < n all n - 1 >= 0. What normalization would do, in one pass
/// without removing rows one at a time. O(rows^2 x columns).
void dropRepeatedBounds(Matrix &rows) {
  unsigned width = rows.numColumns() - 1, kept = 0;
  for (unsigned i = 0; i < rows.numRows(); ++i) {
    ConstRow row = rows.row(i);
    bool constant = std::all_of(row.begin(), row.end() - 1,
                                [](const Int &v) { return v.isZero(); });
    if (constant && row[width].sign() >= 0)
      continue;
    unsigned same = 0;
    while (same < kept &&
           !std::equal(row.begin(), row.end() - 1, rows.row(same).begin()))
      ++same;
    if (same < kept) {
      Int &c = rows.at(same, width);
      if (row[width] < c)
        c = row[width];
      continue;
    }
    if (kept != i)
      std::copy(row.begin(), row.end(), rows.row(kept).begin());
    ++kept;
  }
  rows.resizeRows(kept);
}

} // namespace

std::optional<Relation> componentwiseOptimum(const BasicRelation &b,
                                             bool maximize) {
  unsigned rangeCol = b.offset(VarKind::Range), numRange = b.numRange();
  if (numRange == 0 || b.isObviouslyEmpty())
    return std::nullopt;
  std::optional<std::vector<RangeDivision>> divs = rangeDivisions(b);
  if (!divs)
    return std::nullopt;
  WorkBudget::charge(b.numConstraints() * b.numCols());
  std::optional<std::vector<std::vector<Int>>> values =
      componentwiseValues(b, *divs, maximize);
  if (!values)
    return std::nullopt;
  // b with x = x*: every row and division read at the optimum (over the
  // symbols), then the range fixed.
  BasicRelation optimum = b;
  Matrix &rows = mutableInequalities(optimum);
  for (unsigned i = 0; i < rows.numRows(); ++i)
    substituteRange(rows.row(i), rangeCol, *values);
  dropRepeatedBounds(rows);
  for (const RangeDivision &d : *divs) {
    ConstRow def = b.divNumerator(d.local);
    std::vector<Int> num(def.begin(), def.end());
    substituteRange(num, rangeCol, *values);
    optimum.setDivDef(d.local, num, b.divDenominator(d.local));
  }
  auto fixRange = [&] {
    Matrix &eqs = mutableEqualities(optimum);
    eqs.reserveRows(eqs.numRows() + numRange);
    for (unsigned k = 0; k < numRange; ++k) {
      std::vector<Int> eq = std::move((*values)[k]);
      eq[rangeCol + k] = Int(-1);
      optimum.addEquality(eq);
    }
  };
  Relation out(b.space());
  if (b.numLocals() == 0) {
    // The rows are over the parameters and the domain alone: simplified
    // before the range is fixed, as the equalities x = x* (independent,
    // one range variable each) change neither their redundancy nor the
    // emptiness, and would cost a rank test and a substitution.
    if (optimum.removeRedundancies() && !optimum.isEmpty()) {
      fixRange();
      if (optimum.normalize())
        out.addDisjunct(std::move(optimum));
    }
    return out;
  }
  // The values may read divisions, whose columns simplification moves.
  fixRange();
  // The range divisions are now divisions of the symbols (often of a
  // constant: folded away).
  if ((divs->empty() || optimum.simplifyLocals()) &&
      optimum.removeRedundancies() && !optimum.isEmpty())
    out.addDisjunct(std::move(optimum));
  return out;
}

} // namespace presburger
