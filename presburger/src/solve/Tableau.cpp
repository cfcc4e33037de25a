//===- Tableau.cpp - The arithmetic of simplex tableaux -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "solve/Tableau.h"

#include "presburger/WorkBudget.h"

namespace presburger::tableau {

void pivot(Matrix &tab, unsigned row, unsigned col) {
  WorkBudget::chargeRows(tab.numRows(), tab.numColumns());
  unsigned nc = tab.numColumns();
  // Rewrite the pivot row to express the column unknown.
  Int a = tab.at(row, col);
  Int d = tab.at(row, 0);
  tab.at(row, 0) = a;
  tab.at(row, col) = d;
  for (unsigned c = 1; c < nc; ++c)
    if (c != col)
      tab.at(row, c).negate();
  if (a.isNegative())
    for (unsigned c = 0; c < nc; ++c)
      tab.at(row, c).negate();
  tab.normalizeRow(row, 0, nc);
  // Every other row is combined with the pivot row (work on big
  // coefficients is accounted by Int itself, core/Int.cpp).
  const Int r0 = tab.at(row, 0);
  for (unsigned i = 0; i < tab.numRows(); ++i) {
    if (i == row)
      continue;
    Int b = tab.at(i, col);
    if (b.isZero())
      continue;
    tab.at(i, 0) *= r0;
    for (unsigned c = 1; c < nc; ++c) {
      if (c == col) {
        tab.at(i, c) = b * tab.at(row, c);
        continue;
      }
      Int &v = tab.at(i, c);
      if (!r0.isOne())
        v *= r0;
      const Int &rv = tab.at(row, c);
      if (!rv.isZero())
        v += b * rv;
    }
    tab.normalizeRow(i, 0, nc);
  }
}

void addMultipleOfRow(Matrix &tab, unsigned target, unsigned source,
                      const Int &coeff) {
  Int sourceDen = tab.at(source, 0);
  Int targetDen = tab.at(target, 0);
  Int newDen = lcm(targetDen, sourceDen);
  Int scaleTarget = divExact(newDen, targetDen);
  Int scaleSource = coeff * divExact(newDen, sourceDen);
  for (unsigned c = 1; c < tab.numColumns(); ++c) {
    if (!scaleTarget.isOne())
      tab.at(target, c) *= scaleTarget;
    const Int &v = tab.at(source, c);
    if (!v.isZero())
      tab.at(target, c) += scaleSource * v;
  }
  tab.at(target, 0) = newDen;
}

} // namespace presburger::tableau
