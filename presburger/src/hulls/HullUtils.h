//===- HullUtils.h - Shared machinery of the hull operations ----*- C++ -*-===//
//
// Internal to the engine (not installed). The hull operations (ConvexHull.cpp,
// SimpleHull.cpp, AffineHull.cpp, RemoveDivs.cpp, DimBounds.cpp) share:
//
//  - rational polyhedra {x in Q^n : E x + e = 0, A x + a >= 0} and the
//    exact rational operations on them (emptiness, implicit equalities,
//    redundancy, containment, Fourier-Motzkin projection), which never
//    tighten constants the way BasicRelation::normalize does over the
//    integers;
//  - affine hulls of generators (points and directions) and kernels;
//  - the integer lattice of an equality system as a change of variables;
//  - the integer affine hull of a basic relation (all columns, locals
//    included, are integer variables);
//  - the lifted space of a union: every disjunct gets the same list of
//    floor-division locals (isl's "align divs"), and is then viewed as a
//    plain set over [params | dims | divisions] (isl's "underlying set").
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_HULLUTILS_H
#define PRESBURGER_SRC_HULLUTILS_H

#include "presburger/BasicRelation.h"
#include "presburger/Fraction.h"
#include "presburger/Hulls.h"
#include "presburger/Relation.h"
#include "presburger/Simplex.h"

#include <optional>
#include <vector>

namespace presburger::hulls {

//===----------------------------------------------------------------------===//
// Rational polyhedra
//===----------------------------------------------------------------------===//

/// {x in Q^n : eqs . [x 1] = 0, ineqs . [x 1] >= 0}; rows have n + 1
/// entries, the constant last.
struct RatPoly {
  unsigned n = 0;
  Matrix eqs, ineqs;
  RatPoly() = default;
  explicit RatPoly(unsigned numVars)
      : n(numVars), eqs(0, numVars + 1), ineqs(0, numVars + 1) {}
};

/// Divides the row by the gcd of all its entries (constant included): the
/// same rational constraint, smallest integer coefficients.
void scaleDownRow(Row row);
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

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

/// Rows spanning {v : m v = 0} (an integer basis of the rational kernel);
/// m.numColumns() columns.
Matrix kernelRows(const Matrix &m);
/// Whether `row` is a linear combination of the rows of `m`.
bool inRowSpace(const Matrix &m, ConstRow row);
/// The equalities [a | c] (a . x + c = 0) of the affine hull of generators
/// given as rows [v | w]: a point v / w when w > 0, a direction v when
/// w = 0. Rows of the result are independent.
Matrix affineHullOfGenerators(const Matrix &gens);

/// The integer solutions of a system of equalities as a change of
/// variables x = origin + basis . z, with z = leftInverse . x on every
/// solution (leftInverse . basis = I, leftInverse . origin = 0).
struct Compression {
  std::vector<Int> origin; // n
  Matrix basis;            // n x k
  Matrix leftInverse;      // k x n
  unsigned dim() const { return basis.numColumns(); }
};
/// nullopt when the equalities (rows over n variables plus the constant)
/// have no integer solution.
std::optional<Compression> compressEqualities(const Matrix &eqs, unsigned n);
/// Rows [a | c] over x mapped to rows over z: [a . basis | a . origin + c].
Matrix toCompressed(const Matrix &rows, const Compression &c);
/// Rows [a' | c'] over z mapped to rows over x: [a' . leftInverse | c'];
/// valid on the solutions of the compressed equalities.
Matrix fromCompressed(const Matrix &rows, const Compression &c);

/// Gaussian elimination as isl's gauss: each equality in turn gets the
/// last column where it is non-zero as its pivot (made positive), and that
/// column is eliminated from every other constraint (inequalities are
/// only multiplied by positive factors); then normalize() tightens the rows
/// over the integers. All columns are treated alike, so `b` should have no
/// division definitions. Returns false when found empty.
/// `r` coalesced, when that gives a single disjunct (its integer points are
/// the union's, so its hull is the union's over the integers; isl's hulls
/// coalesce first too). Coalescing gets half of the remaining budget; when
/// it runs out, or leaves several disjuncts, nullopt.
std::optional<BasicRelation> coalescedToOne(const Relation &r);

bool gaussEliminate(BasicRelation &b);
/// The constraints of a plain set `b`, tightened over the integers in the
/// lattice of its own equalities: the inequalities are rewritten over the
/// integer parametrization of the equalities, normalized there (gcd of the
/// coefficients), and mapped back. Exact for the integer points; the
/// rational relaxation shrinks. nullopt when `b` has no integer point on
/// its equalities or normalization finds it empty.
std::optional<RatPoly> latticeTightened(const BasicRelation &b);

//===----------------------------------------------------------------------===//
// Integer affine hull of one basic relation
//===----------------------------------------------------------------------===//

/// The affine hull of the integer points of `b` over all its columns
/// (parameters, dimensions and locals alike), found by growing a set of
/// integer points until no integer point of `b` violates an equality of
/// their affine hull. Returns the generators (see affineHullOfGenerators)
/// and the equalities, or nullopt when `b` has no integer point. Charges
/// the work budget through integer sampling.
struct AffineHullResult {
  Matrix generators;
  Matrix equalities;
};
std::optional<AffineHullResult> integerAffineHull(const BasicRelation &b);

//===----------------------------------------------------------------------===//
// Lifting a union into a common space of divisions
//===----------------------------------------------------------------------===//

/// A disjunct as constraints over [params | dims | its locals] with the
/// division definitions of its locals (every local defined; a numerator may
/// use other locals as long as the definitions are not cyclic).
struct LocalPiece {
  Matrix eqs, ineqs;
  std::vector<std::vector<Int>> divNum; // numCols entries, zero on itself.
  std::vector<Int> divDen;
};
/// The piece of a basic relation whose locals all have definitions.
LocalPiece localPieceOf(const BasicRelation &b);

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
Lifted alignDivisions(const Space &space, const std::vector<LocalPiece> &pieces);
/// The disjuncts of `r` as isl's convex and simple hulls see them: every
/// existential written as a division (computeDivs, which may split a
/// disjunct), the equalities of the integer affine hull added and
/// Gauss-eliminated (pivots on the last columns, divisions first), and the
/// divisions they fix substituted away. Empty disjuncts are dropped.
std::vector<LocalPiece> detectedPieces(const Relation &r);
/// The affine hull of a union from its disjuncts' integer affine hulls,
/// each given as equalities with its locals projected out (strides become
/// canonical divisions): the divisions are aligned and the affine hull of
/// the lifted pieces is taken (AffineHull.cpp, steps 2 and 3).
BasicRelation affineHullOfLocals(const Space &space,
                                 const std::vector<LocalPiece> &locals);
/// The same from detectedPieces (whose equalities are already those of each
/// piece's integer affine hull): no integer affine hull is computed twice
/// for a disjunct when a caller needs both (simple hull).
BasicRelation affineHullOfDetected(const Space &space,
                                   const std::vector<LocalPiece> &detected);
/// A plain set space with `n` anonymous dimensions.
Space plainSpace(unsigned n);
/// `model` plus the constraints `eqs` and `ineqs` (rows over model's columns).
BasicRelation overlay(const BasicRelation &model, const Matrix &eqs,
                      const Matrix &ineqs);
/// Merges locals with identical division definitions.
void mergeDuplicateDivs(BasicRelation &b);
/// Drops division locals that no other definition uses and that occur only
/// in their own defining inequalities (always satisfiable: exact).
void dropFreeDivs(BasicRelation &b);
/// simplify, then dropFreeDivs; returns false when found empty.
bool finishHull(BasicRelation &b);

//===----------------------------------------------------------------------===//
// Rational convex hull
//===----------------------------------------------------------------------===//

/// The closed convex hull of the union of the rational polyhedra `pieces`
/// (all over n variables), without redundant constraints. nullopt when all
/// pieces are empty. `method` picks the algorithm (see HullMethod).
std::optional<RatPoly> rationalConvexHull(std::vector<RatPoly> pieces,
                                          unsigned n, HullMethod method);

} // namespace presburger::hulls

#endif // PRESBURGER_SRC_HULLUTILS_H
