//===- IntegerSampling.cpp - Exact integer points of a basic relation -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The method (as in isl and MLIR, derived independently here):
//  1. Solve the equalities over the integers: x = origin + B z, z free.
//  2. In z-space only inequalities A z + a >= 0 remain. Let C = {A z >= 0}
//     be the recession cone and E the rows that are implicit equalities of
//     C. Along the directions that E fixes, the polyhedron is bounded; in
//     the others the cone is full-dimensional.
//  3. A unimodular change of basis z = U w makes E z depend on w1 only.
//     The rows free of w2 are the projection onto w1, which is bounded;
//     generalized basis reduction (BasisReduction.cpp) gives integer w1,
//     whose fibre in w2 is non-empty.
//  4. The fibre's recession cone is full-dimensional, so the fibre
//     shrunk by ||a||_1 on every constraint is non-empty; any rational point
//     of it rounds down to an integer point of the fibre.
//
//===----------------------------------------------------------------------===//
#include "presburger/BasicRelation.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"
#include "solve/BasisReduction.h"
#include "solve/BoundPropagation.h"
#include "solve/DifferenceConstraints.h"
#include "solve/RowDescent.h"

#include <algorithm>
#include <cassert>

namespace presburger {

namespace {

/// An integer point of { z : ineqs . [z 1] >= 0 }, or nullopt.
std::optional<std::vector<Int>> sampleInequalities(const Matrix &ineqs) {
  unsigned n = ineqs.numColumns() - 1;
  if (n == 0)
    return sampleWithoutVariables(ineqs);
  // Huge coefficients (thin slabs x - 10^18 y in [0, 1]) make every pivot
  // expensive: the ends of the propagated ranges, read off the rows, first.
  std::optional<std::optional<std::vector<VariableRange>>> propagated;
  auto ranges = [&]() -> const std::optional<std::vector<VariableRange>> & {
    if (!propagated)
      propagated = propagateBounds(Matrix(0, n + 1), ineqs, n, 4,
                                   PropagationStop::AllBounded);
    return *propagated;
  };
  if (hasLargeCoefficient(ineqs)) {
    if (!ranges())
      return std::nullopt; // A range came out empty.
    if (std::optional<std::vector<Int>> p = sampleAtRangeEnds(ineqs, *ranges()))
      return p;
  }
  Simplex simplex = inequalityTableau(ineqs);
  if (simplex.isEmpty())
    return std::nullopt;
  // Fast path: the rational sample is already integral.
  if (std::optional<std::vector<Int>> point = simplex.integralSample())
    return point;

  // Every variable bounded by propagation: no recession cone to compute,
  // the polytope is sampled as it is.
  if (const std::optional<std::vector<VariableRange>> &r = ranges())
    if (std::all_of(r->begin(), r->end(),
                    [](const VariableRange &v) { return v.bounded(); }))
      return sampleBoundedByBasisReduction(ineqs, std::move(simplex));
  // Implicit equalities of the recession cone.
  Simplex cone(n);
  Matrix coneRows(ineqs.numRows(), n + 1);
  for (unsigned r = 0; r < ineqs.numRows(); ++r) {
    for (unsigned c = 0; c < n; ++c)
      coneRows.at(r, c) = ineqs.at(r, c);
    cone.addInequality(coneRows.row(r));
  }
  Matrix fixed(0, n);
  for (unsigned r = 0; r < ineqs.numRows(); ++r)
    if (cone.isImplicitEquality(r))
      fixed.appendRow(ConstRow(coneRows.row(r)).first(n));

  if (fixed.numRows() == 0 || columnEchelon(fixed).rank == 0) {
    // Full-dimensional cone: round a deep point.
    Simplex deep(n);
    std::vector<Int> row(n + 1);
    for (unsigned r = 0; r < ineqs.numRows(); ++r) {
      Int norm(0);
      for (unsigned c = 0; c < n; ++c) {
        row[c] = ineqs.at(r, c);
        norm += abs(row[c]);
      }
      row[n] = ineqs.at(r, n) - norm;
      deep.addInequality(row);
    }
    // Non-empty by the argument above; guard anyway.
    if (deep.isEmpty())
      return simplex.findIntegerSampleBounded();
    std::vector<Int> out;
    for (const Fraction &f : deep.getRationalSample())
      out.push_back(f.floor());
    return out;
  }

  ColumnEchelon ce = columnEchelon(fixed);
  unsigned r = ce.rank;
  bool identity = r == n; // Bounded: sample the polytope as it is.
  Matrix u = identity ? Matrix(n, n) : ce.u;
  if (identity)
    for (unsigned i = 0; i < n; ++i)
      u.at(i, i) = Int(1);
  Matrix w = identity ? ineqs : transformRows(ineqs, u, {});
  // The projection onto w1 is the set of the rows without w2 (isl's
  // argument: a row with w2 is not an implicit equality of the cone, so
  // the cone has a direction strictly inside every such row, and each
  // fibre over w1 is non-empty). It is bounded: basis reduction samples
  // it.
  Matrix bounded(0, r + 1);
  if (identity) {
    bounded = w;
  } else {
    std::vector<Int> row(r + 1);
    for (unsigned i = 0; i < w.numRows(); ++i) {
      bool hasW2 = false;
      for (unsigned j = r; j < n && !hasW2; ++j)
        hasW2 = !w.at(i, j).isZero();
      if (hasW2)
        continue;
      for (unsigned j = 0; j < r; ++j)
        row[j] = w.at(i, j);
      row[r] = w.at(i, n);
      bounded.appendRow(row);
    }
  }
  std::optional<std::vector<Int>> part =
      identity ? sampleBoundedByBasisReduction(bounded, std::move(simplex))
               : sampleBoundedByBasisReduction(bounded);
  if (!part)
    return std::nullopt;
  std::vector<Int> wPoint(n);
  for (unsigned i = 0; i < r; ++i)
    wPoint[i] = (*part)[i];
  if (r < n) {
    // Fibre over w2 with w1 fixed, shrunk so that rounding down stays inside.
    unsigned m = n - r;
    Simplex fibre(m);
    std::vector<Int> row(m + 1);
    for (unsigned i = 0; i < w.numRows(); ++i) {
      Int c = w.at(i, n);
      for (unsigned j = 0; j < r; ++j)
        if (!w.at(i, j).isZero())
          c += w.at(i, j) * wPoint[j];
      Int norm(0);
      for (unsigned j = 0; j < m; ++j) {
        row[j] = w.at(i, r + j);
        norm += abs(row[j]);
      }
      row[m] = c - norm;
      fibre.addInequality(row);
    }
    assert(!fibre.isEmpty() && "each fibre over the projection is non-empty");
    if (fibre.isEmpty())
      return std::nullopt; // Cannot happen (see the header); stay safe.
    std::vector<Fraction> fs = fibre.getRationalSample();
    for (unsigned j = 0; j < m; ++j)
      wPoint[r + j] = fs[j].floor();
  }
  std::vector<Int> z(n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j)
      if (!u.at(i, j).isZero())
        z[i] += u.at(i, j) * wPoint[j];
  return z;
}

} // namespace

std::optional<std::vector<Int>> BasicRelation::findIntegerSample() const {
  WorkBudget::Operation op;
  if (obviouslyEmpty_)
    return std::nullopt;
  // Loop bounds and guards: the constraint graph gives a point directly.
  {
    std::vector<Int> point;
    if (std::optional<bool> empty =
            difference::solve(eqs(), ineqs(), numVars(), &point)) {
      if (*empty)
        return std::nullopt;
      return point;
    }
  }
  BasicRelation rel = *this;
  if (!rel.normalize())
    return std::nullopt;
  unsigned n = rel.numVars();
  if (rel.numEqualities() == 0) {
    std::optional<std::vector<Int>> z = sampleInequalities(rel.inequalities());
    return z;
  }
  std::optional<IntegerLattice> lat = solveIntegerEqualities(rel.equalities());
  if (!lat)
    return std::nullopt;
  Matrix reduced = transformRows(rel.inequalities(), lat->basis, lat->origin);
  // Over the lattice's coordinates the rows tighten again (gcd of the
  // coefficients, constant floored): i = 4a makes -i - 4b - 1 >= 0 into
  // -a - b - 1 >= 0, which can empty the rational relaxation that branch
  // and bound would otherwise enumerate.
  unsigned k = reduced.numColumns() - 1;
  for (unsigned r = 0; r < reduced.numRows(); ++r) {
    Int g = reduced.normalizeRow(r, 0, k);
    if (g.isZero()) {
      if (reduced.at(r, k).isNegative())
        return std::nullopt;
      continue;
    }
    if (!g.isOne())
      reduced.at(r, k) = floorDiv(reduced.at(r, k), g);
  }
  std::optional<std::vector<Int>> z = sampleInequalities(reduced);
  if (!z)
    return std::nullopt;
  std::vector<Int> x = lat->origin;
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < lat->basis.numColumns(); ++j)
      if (!lat->basis.at(i, j).isZero())
        x[i] += lat->basis.at(i, j) * (*z)[j];
  return x;
}

} // namespace presburger
