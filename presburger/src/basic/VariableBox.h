//===- VariableBox.h - Rows that bound one variable each --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). A box: a basic relation whose
// every row, equalities included, bounds a single variable (a tile's tail,
// a peeled iteration, a loop nest's constant bounds). Any affine row's
// optimum over it is read off the variables' bounds, one term per
// variable, where a graph or a tableau would otherwise be built.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASIC_VARIABLEBOX_H
#define PRESBURGER_SRC_BASIC_VARIABLEBOX_H

#include "presburger/BasicRelation.h"
#include "presburger/Simplex.h"
#include "solve/BoundPropagation.h"

#include <optional>
#include <vector>

namespace presburger {

class VariableBox {
public:
  /// The box of `d`: nullopt when a row of `d` has two variables or none,
  /// or the box has no integer point. O(rows x variables); the shape is
  /// checked before anything is allocated (most relations asked are not
  /// boxes).
  static std::optional<VariableBox> of(const BasicRelation &d);
  /// Whether each row of `d`, equalities included, has exactly one
  /// non-zero variable coefficient (the shape `of` requires); `unitRows`,
  /// when given, is set to whether each such coefficient is +-1.
  /// O(rows x variables), no allocation.
  static bool isBoxShaped(const BasicRelation &d, bool *unitRows = nullptr);

  /// A box holding every integer point of `d`, any basic relation: the
  /// variables' ranges after `rounds` rounds of bound propagation
  /// (propagateBounds). holds() on it is a sufficient test for a row on
  /// `d`; it offers no optimum (rationalOptimum gives nullopt: the box is
  /// larger than `d`). nullopt when a range comes out empty: `d` has no
  /// integer point. O(rounds x rows x variables^2).
  static std::optional<VariableBox> enclosing(const BasicRelation &d,
                                              unsigned rounds);
  /// Whether `row` (variables, then the constant) is non-negative at every
  /// integer point of the box. O(variables).
  bool holds(ConstRow row) const;

  /// The minimum (or maximum) of `row` over the rational points of the
  /// box, when its rows all have a unit coefficient (then the integer
  /// bounds are the rational ones: a normalized box always does); nullopt
  /// otherwise. O(variables).
  std::optional<Optimum> rationalOptimum(ConstRow row, bool maximize) const;

private:
  /// The minimum (or maximum) of `row` over the integer points of the box;
  /// nullopt when unbounded.
  std::optional<Int> integerExtreme(ConstRow row, bool maximize) const;

  VariableBox(std::vector<VariableRange> ranges, bool unitRows)
      : ranges_(std::move(ranges)), unitRows_(unitRows) {}
  std::vector<VariableRange> ranges_;
  bool unitRows_;
};

} // namespace presburger

#endif // PRESBURGER_SRC_BASIC_VARIABLEBOX_H
