//===- FourierMotzkin.h - One Fourier-Motzkin elimination -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The engine's one Fourier-Motzkin
// step: every lower bound of a variable combined with every upper bound
// (combineBounds, core/Rows.h). Over the rationals it is the exact
// projection; over the integers it is exact when, for instance, every
// lower or every upper bound has a unit coefficient (simplifyLocals uses it
// only then) and an over-approximation otherwise (projectOutRationally,
// whose name says so).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_CORE_FOURIERMOTZKIN_H
#define PRESBURGER_SRC_CORE_FOURIERMOTZKIN_H

#include "presburger/Matrix.h"

namespace presburger {

/// The inequalities `ineqs` (rows over columns, constant last) with column
/// `col` eliminated: the rows without it, in their order, then the
/// combination of each lower bound (positive coefficient) with each upper
/// bound (negative), lower bounds in order, each with the upper bounds in
/// order. Column `col` stays, zero. Rows are not normalized.
Matrix eliminateByFourierMotzkin(const Matrix &ineqs, unsigned col);

} // namespace presburger

#endif // PRESBURGER_SRC_CORE_FOURIERMOTZKIN_H
