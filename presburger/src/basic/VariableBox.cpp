//===- VariableBox.cpp - Basic relations whose rows bound one variable ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "basic/VariableBox.h"

namespace presburger {

bool VariableBox::isBoxShaped(const BasicRelation &d, bool *unitRows) {
  unsigned nv = d.numCols() - 1;
  bool unit = true;
  auto singleVariable = [nv, &unit](ConstRow r) {
    unsigned nonZero = 0;
    for (unsigned c = 0; c < nv && nonZero < 2; ++c) {
      if (r[c].isZero())
        continue;
      ++nonZero;
      unit = unit && (r[c].isOne() || r[c] == Int(-1));
    }
    return nonZero == 1;
  };
  for (unsigned i = 0; i < d.numInequalities(); ++i)
    if (!singleVariable(d.inequality(i)))
      return false;
  for (unsigned i = 0; i < d.numEqualities(); ++i)
    if (!singleVariable(d.equality(i)))
      return false;
  if (unitRows)
    *unitRows = unit;
  return true;
}

std::optional<VariableBox> VariableBox::of(const BasicRelation &d) {
  unsigned nv = d.numCols() - 1;
  bool unitRows = true;
  if (!isBoxShaped(d, &unitRows))
    return std::nullopt;
  // Each row bounds its variable, rounded to integers: one pass (what one
  // round of bound propagation gives, without its general machinery).
  std::vector<VariableRange> ranges(nv);
  auto tightenLo = [](VariableRange &r, Int v) {
    if (!r.lo || *r.lo < v)
      r.lo = std::move(v);
  };
  auto tightenHi = [](VariableRange &r, Int v) {
    if (!r.hi || v < *r.hi)
      r.hi = std::move(v);
  };
  auto variableOf = [](ConstRow r) { // The one variable (checked above).
    unsigned c = 0;
    while (r[c].isZero())
      ++c;
    return c;
  };
  for (unsigned i = 0; i < d.numInequalities(); ++i) {
    ConstRow r = d.inequality(i);
    unsigned c = variableOf(r);
    if (r[c].isPositive()) // a x + k >= 0, a > 0: x >= ceil(-k / a).
      tightenLo(ranges[c], ceilDiv(-r[nv], r[c]));
    else // -a x + k >= 0, a > 0: x <= floor(k / a).
      tightenHi(ranges[c], floorDiv(r[nv], -r[c]));
  }
  for (unsigned i = 0; i < d.numEqualities(); ++i) {
    ConstRow r = d.equality(i);
    unsigned c = variableOf(r);
    if (!mod(r[nv], r[c]).isZero())
      return std::nullopt; // a x + k = 0 without an integer solution.
    Int v = divExact(-r[nv], r[c]);
    tightenLo(ranges[c], v);
    tightenHi(ranges[c], std::move(v));
  }
  for (const VariableRange &r : ranges)
    if (r.lo && r.hi && *r.hi < *r.lo)
      return std::nullopt;
  return VariableBox(std::move(ranges), unitRows);
}

std::optional<VariableBox> VariableBox::enclosing(const BasicRelation &d,
                                                  unsigned rounds) {
  std::optional<std::vector<VariableRange>> ranges = propagateBounds(
      d.equalities(), d.inequalities(), d.numCols() - 1, rounds);
  if (!ranges)
    return std::nullopt;
  return VariableBox(std::move(*ranges), /*unitRows=*/false);
}

std::optional<Int> VariableBox::integerExtreme(ConstRow row,
                                               bool maximize) const {
  unsigned nv = unsigned(ranges_.size());
  Int value = row[nv];
  for (unsigned c = 0; c < nv; ++c) {
    if (row[c].isZero())
      continue;
    // The end of the range at which the term takes its extreme.
    bool lower = row[c].isPositive() != maximize;
    const std::optional<Int> &b = lower ? ranges_[c].lo : ranges_[c].hi;
    if (!b)
      return std::nullopt;
    value += row[c] * *b;
  }
  return value;
}

bool VariableBox::holds(ConstRow row) const {
  std::optional<Int> low = integerExtreme(row, /*maximize=*/false);
  return low && !low->isNegative();
}

std::optional<Optimum> VariableBox::rationalOptimum(ConstRow row,
                                                    bool maximize) const {
  if (!unitRows_)
    return std::nullopt;
  std::optional<Int> value = integerExtreme(row, maximize);
  if (!value)
    return Optimum{OptimumKind::Unbounded, Fraction()};
  return Optimum{OptimumKind::Bounded, Fraction(std::move(*value))};
}

} // namespace presburger
