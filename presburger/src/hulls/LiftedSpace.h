//===- LiftedSpace.h - Disjuncts over common divisions ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The convex, simple and affine
// hulls see a union in its lifted space: every disjunct gets the same list
// of floor-division locals (isl's "align divs", AlignedDivisions in
// basic/Divisions.h) and is then a plain set over [params | dims |
// divisions] (isl's "underlying set"). This header holds that view and the
// steps around it.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_HULLS_LIFTEDSPACE_H
#define PRESBURGER_SRC_HULLS_LIFTEDSPACE_H

#include "presburger/BasicRelation.h"
#include "presburger/Relation.h"

#include <vector>

namespace presburger::hulls {

/// A union of disjuncts over one list of division locals.
struct Lifted {
  /// The relation's space with the common divisions (definitions and their
  /// defining constraints) and no other constraint.
  BasicRelation model;
  /// Each disjunct as a plain set over model.numVars() columns: its own
  /// constraints (mapped to the common divisions) plus the defining
  /// constraints of the common divisions it did not have itself.
  std::vector<BasicRelation> pieces;
};
/// `pieces` (in `space`; every local defined, no cycles; a definition need
/// not be backed by constraints) over their common divisions, two
/// divisions being one when they agree up to a common factor. Throws
/// InvalidArgument when a piece has a local without a definition.
Lifted liftToCommonDivisions(const Space &space,
                             const std::vector<BasicRelation> &pieces);
/// The disjuncts of `r` as isl's convex and simple hulls see them: every
/// existential written as a division (computeDivs, which may split a
/// disjunct), the equalities of the integer affine hull added and
/// Gauss-eliminated (pivots on the last columns, divisions first), and the
/// divisions they fix substituted away. Empty disjuncts are dropped; every
/// local of a result has a definition.
std::vector<BasicRelation> detectedPieces(const Relation &r);
/// The affine hull of a union from its disjuncts' integer affine hulls,
/// each given as equalities with its locals projected out (strides become
/// canonical divisions): the divisions are aligned and the affine hull of
/// the lifted pieces is taken (AffineHull.cpp, steps 2 and 3).
BasicRelation affineHullOfLocals(const Space &space,
                                 const std::vector<BasicRelation> &locals);
/// The same from detectedPieces (whose equalities are already those of each
/// piece's integer affine hull): no integer affine hull is computed twice
/// for a disjunct when a caller needs both (simple hull).
BasicRelation affineHullOfDetected(const Space &space,
                                   const std::vector<BasicRelation> &detected);
/// A plain set space with `n` anonymous dimensions.
Space plainSpace(unsigned n);
/// `model` plus the constraints `eqs` and `ineqs` (rows over model's columns).
BasicRelation overlay(const BasicRelation &model, const Matrix &eqs,
                      const Matrix &ineqs);
/// simplify, then dropFreeDivisions; returns false when found empty.
bool finishHull(BasicRelation &b);

/// Adds to `b` the equalities of the integer affine hull of its points
/// (integerAffineHull) that it does not imply already, Gauss-eliminates
/// and simplifies the locals (which substitutes away the divisions the
/// equalities fix with a unit coefficient): isl's step before a hull.
/// Returns false when `b` has no integer point or is found empty.
bool addIntegerAffineHull(BasicRelation &b);

/// Gaussian elimination as isl's gauss: each equality in turn gets the
/// last column where it is non-zero as its pivot (made positive), and that
/// column is eliminated from every other constraint (inequalities are
/// only multiplied by positive factors); then normalize() tightens the rows
/// over the integers. All columns are treated alike, so `b` should have no
/// division definitions. Returns false when found empty.
bool gaussEliminate(BasicRelation &b);

} // namespace presburger::hulls

#endif // PRESBURGER_SRC_HULLS_LIFTEDSPACE_H
