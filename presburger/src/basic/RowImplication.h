//===- RowImplication.h - A constraint implied by one row -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine. The cheapest proof that a constraint holds on a
// basic relation: one of its rows says so outright. Tried before graphs and
// tableaux by the tests that ask whether a row holds (the subtraction, the
// subset test), since operands often repeat each other's rows.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASIC_ROWIMPLICATION_H
#define PRESBURGER_SRC_BASIC_ROWIMPLICATION_H

#include "presburger/BasicRelation.h"

namespace presburger {

/// Whether `row` >= 0 (numCols() entries: coefficients, then the constant)
/// holds on all of `b` because one of b's rows says so outright: an
/// inequality with the same coefficients and a constant no larger, or an
/// equality with the same or the opposite coefficients and a fitting
/// constant. False says nothing. One scan of the rows, O(rows x columns),
/// no tableau.
bool impliedByARow(const BasicRelation &b, ConstRow row);

} // namespace presburger

#endif // PRESBURGER_SRC_BASIC_ROWIMPLICATION_H
