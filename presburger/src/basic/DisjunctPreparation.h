//===- DisjunctPreparation.h - Disjuncts ready for pair tests ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). Exact rewritings of one basic
// relation that make the relations between disjuncts visible to cheap
// tests: strides put in a canonical form, coefficients reduced on the
// lattice of the equalities, fixed variables made explicit, locals that
// constrain nothing dropped. Coalescing prepares every disjunct with them
// (simplifyPiece, prepareWork, prepareTight); removeRedundancies and the
// cover test use some of them too. None changes the integer points.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASIC_DISJUNCTPREPARATION_H
#define PRESBURGER_SRC_BASIC_DISJUNCTPREPARATION_H

#include "presburger/BasicRelation.h"
#include "presburger/Simplex.h"

#include <optional>
#include <vector>

namespace presburger {

/// The tableau of `b` (Simplex(b.equalities(), b.inequalities())), its
/// construction charged to the work budget (rows times columns).
Simplex tableauOf(const BasicRelation &b);

/// Tightens the inequalities of `b` over the integer points of the affine
/// lattice of its equalities, and rewrites an inequality whose linear part
/// has a common factor g > 1 on that lattice as the inequality divided by g
/// (expressed in a coordinate of the lattice). For example with i = 4q,
/// 10 - i >= 0 becomes 2 - q >= 0. Exact on the points of `b`; makes
/// adjacency visible between strided pieces. Returns false when `b` has no
/// integer point on its equalities.
bool reduceCoefficients(BasicRelation &b);

/// For each division local q = floor((f + c) / d) fixed by an equality
/// d*q = f + c (a stride), rewrites it as q' = floor(f / d) with
/// q = q' + ceil(c / d): on the points of `b` both are the same integer, and
/// two pieces whose strides differ by a constant get the same division.
void normalizeStrideDivs(BasicRelation &b);

/// Drops locals whose only constraints are a pair e <= d*q <= e + c with
/// c >= d - 1 (such as their own definition): some integer q always
/// satisfies them, so they constrain nothing.
void dropUnconstrainingLocals(BasicRelation &b);

/// Makes explicit the variables (locals included) that take a single
/// integer value on the rational relaxation of `b`: v = c is added as an
/// equality, or, with `asPair`, as the two inequalities v >= c, v <= c; with
/// `tightenBounds`, fractional variable bounds are rounded as well. The
/// integer points do not change. Returns false when some variable has no
/// integer value in its range (then `b` has no integer point). Two LPs per
/// variable, restricted to the columns `vars` when given.
bool fixIntegerConstants(BasicRelation &b,
                         std::optional<std::vector<unsigned>> vars = {},
                         bool asPair = false, bool tightenBounds = false);

/// Drops the inequalities implied by the others (over the rationals)
/// without touching anything else (no merging of opposite pairs). False
/// when `b` is rationally empty.
bool removeRedundantInequalities(BasicRelation &b);

/// Eliminates a division local q = floor(f / d) whose defining pair
/// d*q <= f <= d*q + d - 1 is among the constraints and which appears
/// elsewhere only with coefficient +-1 (no equality, no other definition):
/// a.x + q >= 0 holds exactly when f + d*a.x >= 0, and a.x - q >= 0 when
/// d*a.x + d - 1 - f >= 0. For example floor(i/2) <= 2 is i <= 5.
void eliminateBoundedDivs(BasicRelation &b);

/// BasicRelation::simplify plus the removal of locals that constrain
/// nothing and of divisions that are only bounded. False when `b` is
/// empty.
bool simplifyPiece(BasicRelation &b);

/// The representation used for the pair tests: strides normalized and
/// coefficients reduced on the lattice of the equalities. `simplified`: `b`
/// comes out of simplifyPiece, so its redundancies need another pass only
/// when the rows change here.
bool prepareWork(BasicRelation &b, bool simplified);

/// A second representation, tried when the first one fuses nothing: the
/// working one with single-valued variables fixed and fractional variable
/// bounds rounded. It is closer to the integer hull, which exposes
/// adjacencies that an earlier fusion hid, but it may also drop constraints
/// that the rounded bounds make redundant, so it does not replace the
/// first. Returns false when `b` is empty.
bool prepareTight(BasicRelation &b);

} // namespace presburger

#endif // PRESBURGER_SRC_BASIC_DISJUNCTPREPARATION_H
