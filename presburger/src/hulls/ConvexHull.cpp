//===- ConvexHull.cpp - Convex and polyhedral hulls of relations ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// isl's isl_map_convex_hull, step by step:
//  0. A union that coalesces to one disjunct is replaced by it.
//  1. Existentials become floor divisions (computeDivs) and every disjunct
//     gets the same list of divisions; from then on a disjunct is a plain
//     set over [params | dims | divisions] (the lifted space).
//  2. Each disjunct gets the equalities of its integer affine hull (then
//     divisions they fix are substituted away), both before and after the
//     alignment; the affine hull of the union is the affine hull of the
//     generators of the aligned disjuncts.
//  3. The integer solutions of that affine hull are parametrized,
//     x = origin + B z, and every disjunct is rewritten over z, where its
//     inequalities are tightened over the integers in the lattice of its own
//     equalities (isl tightens by Gaussian elimination and the gcd of the
//     coefficients, which is weaker when an equality has no unit
//     coefficient: our hull is then contained in isl's). The union is
//     full-dimensional in z.
//  4. The rational hull in z (ConvexHullRational.cpp), mapped back, plus
//     the affine hull; the divisions are put back as locals; simplified.
//
//===----------------------------------------------------------------------===//
#include "basic/FuseCuts.h"
#include "hulls/ConvexHullRational.h"
#include "hulls/IntegerAffineHull.h"
#include "hulls/LiftedSpace.h"
#include "simplify/CoalesceWithinBudget.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

using namespace hulls;

namespace {

/// `r` coalesced, when that gives a single disjunct (its integer points are
/// the union's, so its hull is the union's over the integers; isl's hulls
/// coalesce first too). Coalescing gets half of the remaining budget; when
/// it runs out, or leaves several disjuncts, nullopt.
std::optional<BasicRelation> coalescedToOne(const Relation &r) {
  if (r.numDisjuncts() < 2)
    return std::nullopt;
  // Split polyhedra first: no LP on pairs that fuse syntactically.
  std::vector<BasicRelation> live;
  for (const BasicRelation &d : r.disjuncts()) {
    BasicRelation b = d;
    if (b.normalize())
      live.push_back(std::move(b));
  }
  fuseAdjacentCuts(live);
  if (live.size() == 1)
    return live.front();
  if (live.empty())
    return std::nullopt;
  Relation fused(r.space());
  for (BasicRelation &b : live)
    fused.addDisjunct(std::move(b));
  fused = coalesceWithinBudget(std::move(fused));
  if (fused.numDisjuncts() == 1)
    return fused.disjuncts().front();
  return std::nullopt;
}

} // namespace

BasicRelation Relation::convexHull(HullMethod method) const {
  WorkBudget::Operation op;
  if (std::optional<BasicRelation> one = coalescedToOne(*this))
    return Relation(*one).convexHull(method);
  // One difference system (loop bounds, guards, triangles) is its own
  // integer hull once its rows are tightened (total unimodularity).
  if (disjuncts_.size() == 1 && disjuncts_.front().numLocals() == 0) {
    const BasicRelation &d = disjuncts_.front();
    if (difference::isDifferenceSystem(d.equalities(), d.inequalities(),
                                       d.numVars())) {
      BasicRelation b = d;
      if (!finishHull(b))
        return BasicRelation::empty(space_);
      b.setSpace(space_);
      return b;
    }
  }
  std::vector<BasicRelation> locals = detectedPieces(*this);
  Lifted lifted = liftToCommonDivisions(space_, locals);
  unsigned n = lifted.model.numVars();
  std::vector<BasicRelation> pieces;
  Matrix gens(0, n + 1);
  for (BasicRelation &u : lifted.pieces) {
    std::optional<AffineHullResult> ah = integerAffineHull(u);
    if (!ah)
      continue;
    for (unsigned i = 0; i < ah->equalities.numRows(); ++i)
      u.addEquality(ah->equalities.row(i));
    for (unsigned i = 0; i < ah->generators.numRows(); ++i)
      gens.appendRow(ah->generators.row(i));
    pieces.push_back(std::move(u));
  }
  if (pieces.empty())
    return BasicRelation::empty(space_);
  Matrix affine = affineHullOfGenerators(gens);
  std::optional<Compression> comp = compressEqualities(affine);
  if (!comp) // Cannot happen: the generators' points are integer solutions.
    throw InvalidArgument("convexHull: affine hull without integer points");
  unsigned k = comp->dim();
  std::vector<RatPoly> compressed;
  for (const BasicRelation &u : pieces) {
    BasicRelation z(plainSpace(k));
    Matrix eqs = toCompressed(u.equalities(), *comp);
    Matrix ineqs = toCompressed(u.inequalities(), *comp);
    for (unsigned i = 0; i < eqs.numRows(); ++i)
      z.addEquality(eqs.row(i));
    for (unsigned i = 0; i < ineqs.numRows(); ++i)
      z.addInequality(ineqs.row(i));
    // Tightening over the integers, in the lattice of the disjunct's own
    // equalities.
    if (!z.normalize())
      continue;
    std::optional<RatPoly> p = latticeTightened(z);
    if (p)
      compressed.push_back(std::move(*p));
  }
  std::optional<RatPoly> hull =
      rationalConvexHull(std::move(compressed), k, method);
  if (!hull)
    return BasicRelation::empty(space_);
  Matrix eqs = fromCompressed(hull->eqs, *comp);
  Matrix ineqs = fromCompressed(hull->ineqs, *comp);
  for (unsigned i = 0; i < affine.numRows(); ++i)
    eqs.appendRow(affine.row(i));
  BasicRelation out = overlay(lifted.model, eqs, ineqs);
  if (!finishHull(out))
    return BasicRelation::empty(space_);
  return out;
}

BasicRelation Relation::polyhedralHull() const {
  WorkBudget::Operation op;
  BasicRelation hull = convexHull();
  if (hull.isObviouslyEmpty())
    return hull;
  Relation flat = Relation(hull).removeDivs();
  if (flat.numDisjuncts() == 0)
    return BasicRelation::empty(space_);
  BasicRelation out = flat.disjuncts().front();
  if (!finishHull(out))
    return BasicRelation::empty(space_);
  return out;
}

} // namespace presburger
