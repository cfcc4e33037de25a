//===- LiftedSpace.cpp - Disjuncts over common divisions ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "hulls/LiftedSpace.h"
#include "basic/Divisions.h"
#include "basic/RowAccess.h"
#include "hulls/IntegerAffineHull.h"

#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"

#include <algorithm>

namespace presburger::hulls {

bool gaussEliminate(BasicRelation &b) {
  if (!b.normalize())
    return false;
  Matrix &eqs = mutableEqualities(b);
  Matrix &ineqs = mutableInequalities(b);
  unsigned nv = b.numVars(), m = eqs.numRows();
  auto eliminate = [&](Matrix &rows, unsigned r, unsigned pivotRow,
                       unsigned col) {
    Int a = eqs.at(pivotRow, col), c = rows.at(r, col);
    Int g = gcd(a, c);
    Int fa = divExact(a, g), fc = divExact(c, g);
    for (unsigned k = 0; k <= nv; ++k) {
      Int v = fa * rows.at(r, k);
      if (!eqs.at(pivotRow, k).isZero())
        v -= fc * eqs.at(pivotRow, k);
      rows.at(r, k) = std::move(v);
    }
  };
  unsigned done = 0;
  for (unsigned col = nv; col-- > 0 && done < m;) {
    unsigned k = done;
    while (k < m && eqs.at(k, col).isZero())
      ++k;
    if (k == m)
      continue;
    eqs.swapRows(k, done);
    if (eqs.at(done, col).isNegative())
      for (unsigned c = 0; c <= nv; ++c)
        eqs.at(done, c).negate();
    for (unsigned r = 0; r < m; ++r)
      if (r != done && !eqs.at(r, col).isZero())
        eliminate(eqs, r, done, col);
    for (unsigned r = 0; r < ineqs.numRows(); ++r)
      if (!ineqs.at(r, col).isZero())
        eliminate(ineqs, r, done, col);
    ++done;
  }
  return b.normalize();
}

bool addIntegerAffineHull(BasicRelation &b) {
  std::optional<AffineHullResult> ah = integerAffineHull(b);
  if (!ah)
    return false;
  for (unsigned i = 0; i < ah->equalities.numRows(); ++i)
    if (!inRowSpace(b.equalities(), ah->equalities.row(i)))
      b.addEquality(ah->equalities.row(i));
  return gaussEliminate(b) && b.simplifyLocals();
}

std::vector<BasicRelation> detectedPieces(const Relation &r) {
  std::vector<BasicRelation> out;
  for (const BasicRelation &d : r.disjuncts()) {
    BasicRelation b = d;
    if (!b.simplifyLocals())
      continue;
    std::vector<BasicRelation> parts;
    if (b.divisionOrder())
      parts.push_back(std::move(b));
    else
      parts = b.computeDivs();
    // Each part is taken to its affine hull and Gauss-eliminated; that can
    // turn division definitions cyclic or make the constraints stop
    // defining a division, and such a part has its divisions computed
    // again (a few rounds at most).
    std::vector<std::pair<BasicRelation, unsigned>> work;
    for (BasicRelation &p : parts)
      work.emplace_back(std::move(p), 0u);
    while (!work.empty()) {
      auto [p, round] = std::move(work.back());
      work.pop_back();
      if (p.isObviouslyEmpty())
        continue;
      if (!addIntegerAffineHull(p))
        continue;
      if (!(p.allLocalsDefined() || p.detectDivDefinitions()) ||
          !p.divisionOrder()) {
        if (round >= 3)
          throw UnboundedError("cannot express the existential variables of " +
                               p.toString() + " as floor divisions");
        for (BasicRelation &q : p.computeDivs())
          work.emplace_back(std::move(q), round + 1);
        continue;
      }
      p.setSpace(r.space());
      out.push_back(std::move(p));
    }
  }
  return out;
}

Space plainSpace(unsigned n) { return Space::set({}, Tuple(n)); }

Lifted liftToCommonDivisions(const Space &space,
                             const std::vector<BasicRelation> &pieces) {
  std::vector<const BasicRelation *> ptrs;
  for (const BasicRelation &p : pieces)
    ptrs.push_back(&p);
  std::optional<AlignedDivisions> aligned =
      AlignedDivisions::of(ptrs, DivisionMatch::UpToCommonFactor);
  if (!aligned)
    throw InvalidArgument("cyclic division definitions");
  Lifted out{aligned->model(space), {}};
  for (unsigned i = 0; i < pieces.size(); ++i)
    out.pieces.push_back(aligned->liftAsPlainSet(pieces[i], i));
  return out;
}

BasicRelation overlay(const BasicRelation &model, const Matrix &eqs,
                      const Matrix &ineqs) {
  BasicRelation out = model;
  for (unsigned i = 0; i < eqs.numRows(); ++i)
    out.addEquality(eqs.row(i));
  for (unsigned i = 0; i < ineqs.numRows(); ++i)
    out.addInequality(ineqs.row(i));
  return out;
}

bool finishHull(BasicRelation &b) {
  if (!b.simplify())
    return false;
  dropFreeDivisions(b);
  return true;
}

} // namespace presburger::hulls
