//===- Tableau.h - The arithmetic of simplex tableaux -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The rational simplex (Simplex)
// and the parametric solver (ParametricLexMin.cpp) keep their tableaux the
// same way: each row expresses a basic unknown as (c + sum_j a_j y_j) / d
// over the non-basic unknowns y_j, with the row's denominator d in column
// 0, its constant part from column 1 on and one column per non-basic
// unknown after that (the parametric solver's constant part spans several
// columns: the big parameter and the symbols). They differ in which pivot
// they choose and in what they know about each unknown; the row
// operations are these.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_SOLVE_TABLEAU_H
#define PRESBURGER_SRC_SOLVE_TABLEAU_H

#include "presburger/Matrix.h"

namespace presburger::tableau {

/// Pivots the tableau on the entry (row, col): row `row` is rewritten to
/// express the unknown of column `col` (which the caller then records as
/// basic in that row, and the row's old unknown as the column's), and that
/// column is eliminated from every other row. Rows are kept with a
/// positive denominator and divided by the gcd of their entries. Charges
/// rows x columns to the work budget.
void pivot(Matrix &tab, unsigned row, unsigned col);

/// Adds `coeff` times the expression of row `source` to row `target`: the
/// substitution of a basic unknown into a row being built. Both are
/// brought to the lcm of their denominators first, so the result is exact.
void addMultipleOfRow(Matrix &tab, unsigned target, unsigned source,
                      const Int &coeff);

} // namespace presburger::tableau

#endif // PRESBURGER_SRC_SOLVE_TABLEAU_H
