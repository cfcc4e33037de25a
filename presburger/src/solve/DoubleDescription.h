//===- DoubleDescription.h - Generators of polyhedral cones -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The double description method
// (Motzkin, Raiffa, Thompson and Thrall, 1953; Fukuda and Prodon's
// presentation): the generators of a cone { x : A x >= 0 } are built by
// adding the rows of A one at a time to the generators of the whole space.
// A row that some line (a direction of the lineality space) crosses turns
// that line into a ray and is met by every other generator after a shift
// along it; otherwise the rays on its negative side go, and each one is
// combined with each adjacent ray on the positive side into a ray on the
// row's hyperplane. Two rays are adjacent when no third ray is tight on
// every row both are tight on (the combinatorial test). Exact: rays are
// primitive integer vectors. Hulls use it twice, from constraints to
// generators and back (hulls/HullByDoubleDescription.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_SOLVE_DOUBLEDESCRIPTION_H
#define PRESBURGER_SRC_SOLVE_DOUBLEDESCRIPTION_H

#include "presburger/Matrix.h"

#include <cstddef>
#include <optional>

namespace presburger {

/// The generators of a polyhedral cone: every point of it is a combination
/// of the lines (any coefficients) and the rays (non-negative ones). The
/// lines are a basis of the lineality space; the rays are the extreme rays
/// of the cone modulo that space, one primitive integer vector each.
struct ConeGenerators {
  Matrix lines;
  Matrix rays;
};

/// The generators of { x in Q^d : row . x >= 0 for every row of `rows` }
/// (d = rows.numColumns(); an equality is given as two opposite rows).
/// nullopt when more than `maxRays` rays arise at some step: the number of
/// intermediate rays can grow exponentially, and the caller then takes
/// another method. Charges the work budget for every pair of rays it
/// tests.
std::optional<ConeGenerators> coneGenerators(const Matrix &rows,
                                             size_t maxRays);

} // namespace presburger

#endif // PRESBURGER_SRC_SOLVE_DOUBLEDESCRIPTION_H
