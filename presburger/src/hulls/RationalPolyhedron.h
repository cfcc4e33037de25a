//===- RationalPolyhedron.h - Polyhedra over the rationals ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The hulls compute with rational
// polyhedra {x in Q^n : E x + e = 0, A x + a >= 0} and exact rational
// operations on them (emptiness, implicit equalities, redundancy,
// containment, Fourier-Motzkin projection), which never tighten constants
// the way BasicRelation::normalize does over the integers; and with affine
// hulls of generators (points and directions).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_HULLS_RATIONALPOLYHEDRON_H
#define PRESBURGER_SRC_HULLS_RATIONALPOLYHEDRON_H

#include "presburger/BasicRelation.h"
#include "presburger/Matrix.h"
#include "presburger/Simplex.h"

#include <optional>

namespace presburger::hulls {

/// {x in Q^n : eqs . [x 1] = 0, ineqs . [x 1] >= 0}; rows have n + 1
/// entries, the constant last.
struct RatPoly {
  unsigned n = 0;
  Matrix eqs, ineqs;
  RatPoly() = default;
  explicit RatPoly(unsigned numVars)
      : n(numVars), eqs(0, numVars + 1), ineqs(0, numVars + 1) {}
};

/// scaleDownRow, then makes the first non-zero entry positive (for
/// equalities, whose sign is free).
void canonicalEqualityRow(Row row);

Simplex simplexOf(const RatPoly &p);
bool isRationallyEmpty(const RatPoly &p);
/// Turns implicit equalities into equalities, drops redundant inequalities
/// and linearly dependent equalities; rows are scaled down. Never tightens
/// a constant. Returns false when the polyhedron is empty.
bool simplifyRational(RatPoly &p);
/// Whether every variable is bounded (the polyhedron must be non-empty).
bool isBoundedRational(const RatPoly &p);
/// Whether every point of `inner` satisfies every constraint of `outer`.
bool containsRational(const RatPoly &outer, const RatPoly &inner);
/// Exact rational projection: eliminates the variables [first, first +
/// count) by Gaussian elimination on equalities and Fourier-Motzkin on
/// inequalities, pruning redundant rows as it goes; the result has n - count
/// variables. Charges the work budget (the number of rows can grow
/// exponentially). An empty input gives a polyhedron with a contradiction.
RatPoly eliminateRational(RatPoly p, unsigned first, unsigned count);

/// The equalities [a | c] (a . x + c = 0) of the affine hull of generators
/// given as rows [v | w]: a point v / w when w > 0, a direction v when
/// w = 0. Rows of the result are independent.
Matrix affineHullOfGenerators(const Matrix &gens);

/// The constraints of a plain set `b`, tightened over the integers in the
/// lattice of its own equalities: the inequalities are rewritten over the
/// integer parametrization of the equalities, normalized there (gcd of the
/// coefficients), and mapped back. Exact for the integer points; the
/// rational relaxation shrinks. nullopt when `b` has no integer point on
/// its equalities or normalization finds it empty.
std::optional<RatPoly> latticeTightened(const BasicRelation &b);

} // namespace presburger::hulls

#endif // PRESBURGER_SRC_HULLS_RATIONALPOLYHEDRON_H
