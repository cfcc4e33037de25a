//===- BoundPropagation.h - Variable ranges from the rows -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). Interval propagation over a
// system of integer constraints: each row bounds each of its variables by
// the other variables' bounds, rounded to integers; a few rounds over all
// rows. The ranges hold every integer point (they are implied bounds), but
// need not be tight. Cheap evidence used before a tableau: a variable
// fixed to one value (a division inside one tile), or every variable
// bounded (no recession cone to compute before sampling).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_SOLVE_BOUNDPROPAGATION_H
#define PRESBURGER_SRC_SOLVE_BOUNDPROPAGATION_H

#include "presburger/Matrix.h"

#include <optional>
#include <vector>

namespace presburger {

/// The integer range of one variable; nullopt ends are unbounded.
struct VariableRange {
  std::optional<Int> lo, hi;
  bool bounded() const { return lo && hi; }
  bool fixed() const { return lo && hi && *lo == *hi; }
};

/// When bound propagation may stop before its last round.
enum class PropagationStop {
  Never,      ///< Every round that still changes a range.
  AllBounded, ///< Once every variable has both ends (the caller only
              ///< needs to know that, not the tightest ends).
};

/// The ranges of the `n` variables of eqs == 0, ineqs >= 0 (rows of n + 1
/// entries, the constant last) after at most `rounds` rounds of bound
/// propagation (fewer as `stop` says), or nullopt when some range comes out
/// empty (then the system has no integer point). Cost: rounds x rows x n^2;
/// charges the work budget.
std::optional<std::vector<VariableRange>>
propagateBounds(const Matrix &eqs, const Matrix &ineqs, unsigned n,
                unsigned rounds, PropagationStop stop = PropagationStop::Never);

} // namespace presburger

#endif // PRESBURGER_SRC_SOLVE_BOUNDPROPAGATION_H
