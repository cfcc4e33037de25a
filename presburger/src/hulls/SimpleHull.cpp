//===- SimpleHull.cpp - Hulls made of translates of given constraints -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// isl's isl_map_simple_hull: with the divisions aligned (the lifted space)
// and each disjunct given the equalities of its integer affine hull, every
// constraint direction a of some disjunct (an equality counts in both
// directions) is tried: if a.x is bounded below on every disjunct, the
// hull gets a.x + c >= 0 with the tightest c valid on all of them, c =
// max_j -ceil(min over disjunct j of a.x) (ceil: a.x takes integer values
// on integer points). The result is intersected with the affine hull.
// Cost: one LP per direction and disjunct; no new directions are invented,
// so it is looser than the convex hull.
//
//===----------------------------------------------------------------------===//
#include "basic/Divisions.h"
#include "basic/FuseCuts.h"
#include "hulls/LiftedSpace.h"
#include "hulls/RationalPolyhedron.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <set>

namespace presburger {

using namespace hulls;

BasicRelation Relation::simpleHull() const {
  WorkBudget::Operation op;
  // One disjunct is its own hull, empty or not (the same points): returned
  // normalized, without an emptiness test.
  if (disjuncts_.size() == 1) {
    BasicRelation b = disjuncts_.front();
    if (!b.normalize())
      return BasicRelation::empty(space_);
    return b;
  }
  Relation live(space_);
  for (const BasicRelation &d : disjuncts_) {
    BasicRelation b = d;
    if (b.normalize() && !b.isEmpty())
      live.disjuncts_.push_back(std::move(b));
  }
  if (live.disjuncts_.empty())
    return BasicRelation::empty(space_);
  // A single disjunct is its own hull; returned as it is (normalized), as
  // isl does, without the cost of a simplification nobody asked for.
  if (live.disjuncts_.size() == 1)
    return live.disjuncts_.front();
  // A polyhedron split in pieces (index-set splitting) is its own hull.
  // Coalescing would find more unions that are one disjunct, but costs more
  // than the hull whenever it fails (isl does not try either).
  fuseAdjacentCuts(live.disjuncts_);
  if (live.disjuncts_.size() == 1) {
    BasicRelation b = live.disjuncts_.front();
    if (!b.simplify())
      return BasicRelation::empty(space_);
    return b;
  }
  std::vector<BasicRelation> locals = detectedPieces(live);
  if (locals.empty())
    return BasicRelation::empty(space_);
  BasicRelation affine = affineHullOfDetected(space_, locals);
  Lifted lifted = liftToCommonDivisions(space_, locals);
  unsigned n = lifted.model.numVars();
  std::vector<BasicRelation> pieces;
  for (BasicRelation &u : lifted.pieces)
    if (u.normalize())
      pieces.push_back(std::move(u));
  // Candidate directions, in order of first appearance.
  std::vector<std::vector<Int>> directions;
  std::set<std::vector<Int>> seen;
  auto consider = [&](ConstRow row, bool negate) {
    std::vector<Int> lin(row.begin(), row.begin() + n);
    if (negate)
      for (Int &v : lin)
        v.negate();
    Int g = rowGcd(ConstRow(lin));
    if (g.isZero())
      return;
    for (Int &v : lin)
      v = divExact(v, g);
    if (seen.insert(lin).second)
      directions.push_back(std::move(lin));
  };
  for (const BasicRelation &u : pieces) {
    for (unsigned i = 0; i < u.numEqualities(); ++i) {
      consider(u.equality(i), false);
      consider(u.equality(i), true);
    }
    for (unsigned i = 0; i < u.numInequalities(); ++i)
      consider(u.inequality(i), false);
  }
  // Per piece, its shortest paths when it is a difference system (loop
  // bounds and guards: the optimum of a difference direction without a
  // tableau), and its tableau, built on first need.
  std::vector<std::optional<difference::Distances>> graphs;
  std::vector<std::optional<Simplex>> tableaus(pieces.size());
  for (const BasicRelation &u : pieces)
    graphs.push_back(
        difference::Distances::of(u.equalities(), u.inequalities(), n));
  auto minimum = [&](size_t k, ConstRow row) -> Optimum {
    if (graphs[k])
      if (std::optional<Optimum> o = graphs[k]->optimum(row, false))
        return *o;
    if (!tableaus[k]) {
      RatPoly p(n);
      p.eqs = pieces[k].equalities();
      p.ineqs = pieces[k].inequalities();
      tableaus[k].emplace(simplexOf(p));
    }
    return tableaus[k]->computeOptimum(row, false);
  };
  Matrix ineqs(0, n + 1);
  for (const std::vector<Int> &a : directions) {
    WorkBudget::charge(tableaus.size() * (n + 1));
    std::vector<Int> row = a;
    row.push_back(Int(0));
    std::optional<Int> bound;
    bool bounded = true;
    for (size_t k = 0; k < pieces.size(); ++k) {
      Optimum o = minimum(k, row);
      if (o.kind == OptimumKind::Empty)
        continue;
      if (!o.isBounded()) {
        bounded = false;
        break;
      }
      Int c = -o.value.ceil();
      if (!bound || c > *bound)
        bound = c;
    }
    if (!bounded || !bound)
      continue;
    row.back() = *bound;
    ineqs.appendRow(row);
  }
  BasicRelation hull = overlay(lifted.model, Matrix(0, n + 1), ineqs);
  BasicRelation out = hull.intersect(affine);
  out.setSpace(space_);
  mergeDuplicateDivisions(out);
  if (!finishHull(out))
    return BasicRelation::empty(space_);
  return out;
}

} // namespace presburger
