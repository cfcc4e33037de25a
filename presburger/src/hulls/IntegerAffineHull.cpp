//===- IntegerAffineHull.cpp - Affine hull of integer points --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "hulls/IntegerAffineHull.h"
#include "core/Rows.h"
#include "hulls/RationalPolyhedron.h"
#include "solve/BoundPropagation.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/LinearAlgebra.h"
#include "presburger/WorkBudget.h"

namespace presburger::hulls {

namespace {

bool satisfiesEqualities(const Matrix &eqs, const std::vector<Int> &point) {
  for (unsigned r = 0; r < eqs.numRows(); ++r) {
    Int v = eqs.at(r, unsigned(point.size()));
    for (unsigned c = 0; c < point.size(); ++c)
      if (!eqs.at(r, c).isZero())
        v += eqs.at(r, c) * point[c];
    if (!v.isZero())
      return false;
  }
  return true;
}

void appendPoint(Matrix &gens, const std::vector<Int> &point) {
  std::vector<Int> row(point);
  row.push_back(Int(1));
  gens.appendRow(row);
}

} // namespace

namespace {

/// Adds x_j = v to `work` for each variable that bound propagation fixes
/// to the single value v (propagateBounds, four rounds). A division local
/// within one tile (q = floor(i / 32) with 0 <= i < 32) is fixed this way,
/// which no rational test sees; the integer affine hull then needs no
/// sampling of its two sides. False when some variable has no integer
/// value left (the set is empty).
bool addFixedVariables(BasicRelation &work) {
  unsigned n = work.numVars();
  std::optional<std::vector<VariableRange>> ranges =
      propagateBounds(work.equalities(), work.inequalities(), n, 4);
  if (!ranges)
    return false;
  std::vector<Int> eq(n + 1);
  for (unsigned j = 0; j < n; ++j) {
    if (!(*ranges)[j].fixed())
      continue;
    std::fill(eq.begin(), eq.end(), Int(0));
    eq[j] = Int(1);
    eq[n] = -*(*ranges)[j].lo;
    work.addEquality(eq);
  }
  return true;
}

/// Loop bounds and guards: a difference system is totally unimodular, so
/// its integer hull is the polyhedron itself; without implicit equalities
/// (no zero-weight cycle) its integer points span the whole space. Adds a
/// direction per variable and returns true when that applies.
bool spanOfDifferenceSystem(const BasicRelation &work, AffineHullResult &res) {
  unsigned n = work.numVars();
  if (work.numEqualities() != 0 ||
      !difference::redundantInequalities(work.inequalities(), n))
    return false;
  for (unsigned j = 0; j < n; ++j) {
    std::vector<Int> dir(n + 1);
    dir[j] = Int(1);
    res.generators.appendRow(dir);
  }
  res.equalities = Matrix(0, n + 1);
  return true;
}

/// The same with strides: when the equalities can be substituted away
/// through unit coefficients (i = 4e), the remaining variables range over
/// the integer points of the tightened system, which span their whole
/// space when it is such a difference system; mapped back (an integral
/// affine injection) they span exactly the affine space of the
/// equalities. Adds the generators and returns true when that applies.
bool spanOfStridedDifferenceSystem(const BasicRelation &work,
                                   AffineHullResult &res) {
  unsigned n = work.numVars();
  if (work.numEqualities() == 0)
    return false;
  std::optional<difference::Substituted> sub =
      difference::substituteUnitEqualities(work.equalities(),
                                           work.inequalities(), n);
  if (!sub || sub->empty || !difference::redundantInequalities(sub->ineqs, n))
    return false;
  // The generators must span the integer lattice of the points, not only
  // their real span: one direction per free variable, with the eliminated
  // variables back-substituted (an integral basis of the equalities'
  // integer kernel).
  std::vector<bool> eliminated(n, false);
  for (const auto &el : sub->eliminated)
    eliminated[el.column] = true;
  for (unsigned j = 0; j < n; ++j) {
    if (eliminated[j])
      continue;
    std::vector<Int> dir(n + 1);
    dir[j] = Int(1);
    for (auto it = sub->eliminated.rbegin(); it != sub->eliminated.rend();
         ++it) {
      // eq . x = 0 on directions: x_col = -(rest) / eq[col].
      Int rest(0);
      for (unsigned c = 0; c < n; ++c)
        if (c != it->column && !it->equality[c].isZero())
          rest += it->equality[c] * dir[c];
      dir[it->column] = it->equality[it->column].isOne() ? -rest : rest;
    }
    res.generators.appendRow(dir);
  }
  res.equalities = affineHullOfGenerators(res.generators);
  return true;
}

/// The recession cone: its affine hull (a linear space) lies in the affine
/// hull of the integer points of a non-empty set (Meyer's theorem: the
/// integer hull has the same recession cone). Adds its directions.
void addRecessionDirections(const BasicRelation &work, AffineHullResult &res) {
  unsigned n = work.numVars();
  RatPoly cone(n);
  for (unsigned i = 0; i < work.numEqualities(); ++i) {
    cone.eqs.appendRow(work.equality(i));
    cone.eqs.at(cone.eqs.numRows() - 1, n) = Int(0);
  }
  for (unsigned i = 0; i < work.numInequalities(); ++i) {
    cone.ineqs.appendRow(work.inequality(i));
    cone.ineqs.at(cone.ineqs.numRows() - 1, n) = Int(0);
  }
  simplifyRational(cone);
  Matrix dirs = kernelRows(leadingColumns(cone.eqs, n));
  for (unsigned r = 0; r < dirs.numRows(); ++r) {
    std::vector<Int> row(dirs.row(r).begin(), dirs.row(r).end());
    row.push_back(Int(0));
    res.generators.appendRow(row);
  }
}

/// Cheap: the integer neighbours of the sample `p0` that lie off an
/// equality of the current hull.
void addNeighbours(const BasicRelation &work, const std::vector<Int> &p0,
                   AffineHullResult &res) {
  unsigned n = work.numVars();
  for (unsigned j = 0; j < n && res.equalities.numRows() > 0; ++j) {
    for (int s : {1, -1}) {
      std::vector<Int> q = p0;
      q[j] += Int(s);
      if (satisfiesEqualities(res.equalities, q))
        continue;
      if (!work.containsPoint(q))
        continue;
      appendPoint(res.generators, q);
      res.equalities = affineHullOfGenerators(res.generators);
      break;
    }
  }
}

/// Grows the generators until every equality of their affine hull holds on
/// all integer points of `work`: an equality h = 0 stays when no integer
/// point has h >= 1 or h <= -1.
void growUntilConfirmed(BasicRelation work, AffineHullResult &res) {
  unsigned n = work.numVars();
  Matrix confirmed(0, n + 1);
  while (res.equalities.numRows() > 0) {
    WorkBudget::charge(n + 1);
    bool grown = false;
    for (unsigned e = 0; e < res.equalities.numRows() && !grown; ++e) {
      ConstRow h = res.equalities.row(e);
      if (inRowSpace(confirmed, h))
        continue;
      for (int dir : {1, -1}) {
        BasicRelation t = work;
        std::vector<Int> row(h.begin(), h.end());
        if (dir < 0)
          for (Int &v : row)
            v.negate();
        row.back() -= Int(1);
        t.addInequality(row);
        std::optional<std::vector<Int>> p = t.findIntegerSample();
        if (p) {
          appendPoint(res.generators, *p);
          grown = true;
          break;
        }
      }
      if (!grown) {
        confirmed.appendRow(h);
        work.addEquality(h);
      }
    }
    if (!grown)
      break;
    res.equalities = affineHullOfGenerators(res.generators);
  }
}

} // namespace

std::optional<AffineHullResult> integerAffineHull(const BasicRelation &b) {
  BasicRelation work = b;
  if (!work.normalize())
    return std::nullopt;
  unsigned n = work.numVars();
  bool difference =
      work.numEqualities() == 0 &&
      difference::isDifferenceSystem(work.equalities(), work.inequalities(), n);
  if (!difference && (!addFixedVariables(work) || !work.normalize()))
    return std::nullopt;
  std::optional<std::vector<Int>> p0 = work.cheapWitness();
  if (!p0)
    p0 = work.findIntegerSample();
  if (!p0)
    return std::nullopt;
  AffineHullResult res;
  res.generators = Matrix(0, n + 1);
  appendPoint(res.generators, *p0);
  if (spanOfDifferenceSystem(work, res) ||
      spanOfStridedDifferenceSystem(work, res))
    return res;
  // The neighbours first: a full-dimensional piece (a triangle, a
  // skewed box) is spanned by them, without the recession cone's LPs.
  res.equalities = affineHullOfGenerators(res.generators);
  addNeighbours(work, *p0, res);
  if (res.equalities.numRows() > 0) {
    addRecessionDirections(work, res);
    res.equalities = affineHullOfGenerators(res.generators);
  }
  growUntilConfirmed(std::move(work), res);
  return res;
}

} // namespace presburger::hulls
