//===- VariableBox.cpp - Basic relations whose rows bound one variable ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "basic/VariableBox.h"

namespace presburger {

std::optional<VariableBox> VariableBox::of(const BasicRelation &d) {
  unsigned nv = d.numCols() - 1;
  bool unitRows = true;
  auto singleVariable = [nv, &unitRows](ConstRow r) {
    unsigned nonZero = 0;
    for (unsigned c = 0; c < nv && nonZero < 2; ++c) {
      if (r[c].isZero())
        continue;
      ++nonZero;
      unitRows = unitRows && (r[c].isOne() || r[c] == Int(-1));
    }
    return nonZero == 1;
  };
  for (unsigned i = 0; i < d.numInequalities(); ++i)
    if (!singleVariable(d.inequality(i)))
      return std::nullopt;
  for (unsigned i = 0; i < d.numEqualities(); ++i)
    if (!singleVariable(d.equality(i)))
      return std::nullopt;
  // One round of propagation gives a box's exact integer bounds.
  std::optional<std::vector<VariableRange>> ranges =
      propagateBounds(d.equalities(), d.inequalities(), nv, 1);
  if (!ranges)
    return std::nullopt;
  return VariableBox(std::move(*ranges), unitRows);
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
