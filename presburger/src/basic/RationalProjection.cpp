//===- RationalProjection.cpp - Fourier-Motzkin and bounded helpers -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "core/FourierMotzkin.h"
#include "presburger/BasicRelation.h"
#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/ParametricLexMin.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"

namespace presburger {

namespace {
/// dst = a * dst - b * src over all columns (a > 0).
std::vector<Int> combineRows(ConstRow dst, const Int &a, ConstRow src,
                             const Int &b) {
  std::vector<Int> out(dst.size());
  for (size_t c = 0; c < dst.size(); ++c)
    out[c] = a * dst[c] - b * src[c];
  return out;
}
} // namespace

void BasicRelation::projectOutRationally(VarKind kind, unsigned pos,
                                         unsigned n) {
  if (pos + n > numVars(kind))
    throw InvalidArgument("projectOutRationally: columns past the end");
  for (unsigned step = 0; step < n; ++step) {
    // Always eliminate the first remaining one; removal shifts the rest.
    unsigned col = offset(kind) + pos;
    if (obviouslyEmpty_) {
      removeVarsRaw(kind, pos, 1);
      continue;
    }
    // An equality involving the variable: substitute it everywhere.
    int eqRow = -1;
    for (unsigned e = 0; e < eqs().numRows() && eqRow < 0; ++e)
      if (!eqs().at(e, col).isZero())
        eqRow = int(e);
    if (eqRow >= 0) {
      std::vector<Int> eq(eqs().row(unsigned(eqRow)).begin(),
                          eqs().row(unsigned(eqRow)).end());
      if (eq[col].isNegative())
        for (Int &v : eq)
          v.negate();
      mutEqs().removeRow(unsigned(eqRow));
      Int a = eq[col];
      for (unsigned e = 0; e < eqs().numRows(); ++e)
        if (!eqs().at(e, col).isZero()) {
          std::vector<Int> r =
              combineRows(eqs().row(e), a, eq, eqs().at(e, col));
          std::copy(r.begin(), r.end(), mutEqs().row(e).begin());
        }
      for (unsigned i = 0; i < ineqs().numRows(); ++i)
        if (!ineqs().at(i, col).isZero()) {
          std::vector<Int> r =
              combineRows(ineqs().row(i), a, eq, ineqs().at(i, col));
          std::copy(r.begin(), r.end(), mutIneqs().row(i).begin());
        }
    } else {
      uint64_t lows = 0, ups = 0;
      for (unsigned i = 0; i < ineqs().numRows(); ++i) {
        int s = ineqs().at(i, col).sign();
        lows += s > 0;
        ups += s < 0;
      }
      WorkBudget::charge(lows * ups * numCols() + 1);
      mutIneqs() = eliminateByFourierMotzkin(mutIneqs(), col);
    }
    // Locals whose definition used the variable lose it.
    removeVarsRaw(kind, pos, 1);
    // Rational normalization only: dividing by the gcd without tightening
    // would still be exact, but tightening constants is an integer step
    // that is valid for the integer points and keeps rows small.
    if (!normalize())
      return;
    if (ineqs().numRows() > 8 && !removeRedundancies())
      return;
  }
}

BasicRelation boundExistentials(const BasicRelation &problem,
                                unsigned numFree) {
  if (problem.numLocals() != 0)
    throw InvalidArgument("boundExistentials: the problem has locals");
  unsigned n = problem.numVars();
  unsigned h = n - numFree;
  if (h == 0)
    return problem;
  // The helpers' recession cone and its implicit equalities.
  Simplex cone(h);
  std::vector<std::vector<Int>> rows;
  auto coneRow = [&](ConstRow r, bool negate) {
    std::vector<Int> out(h + 1);
    for (unsigned j = 0; j < h; ++j)
      out[j] = negate ? -r[numFree + j] : r[numFree + j];
    return out;
  };
  for (unsigned e = 0; e < problem.numEqualities(); ++e) {
    rows.push_back(coneRow(problem.equality(e), false));
    rows.push_back(coneRow(problem.equality(e), true));
  }
  for (unsigned i = 0; i < problem.numInequalities(); ++i)
    rows.push_back(coneRow(problem.inequality(i), false));
  for (const std::vector<Int> &r : rows)
    cone.addInequality(r);
  Matrix fixed(0, h);
  for (unsigned i = 0; i < rows.size(); ++i)
    if (cone.isImplicitEquality(i))
      fixed.appendRow(ConstRow(rows[i]).first(h));
  ColumnEchelon ce = columnEchelon(fixed);
  if (ce.rank == h)
    return problem;
  // z = U w: helper coefficients a.z become (a U).w.
  auto transform = [&](ConstRow r) {
    std::vector<Int> out(r.begin(), r.end());
    for (unsigned j = 0; j < h; ++j) {
      Int v(0);
      for (unsigned i = 0; i < h; ++i)
        if (!r[numFree + i].isZero())
          v += r[numFree + i] * ce.u.at(i, j);
      out[numFree + j] = v;
    }
    return out;
  };
  BasicRelation out(problem.space());
  for (unsigned e = 0; e < problem.numEqualities(); ++e)
    out.addEquality(transform(problem.equality(e)));
  for (unsigned i = 0; i < problem.numInequalities(); ++i)
    out.addInequality(transform(problem.inequality(i)));
  // Eliminate w_rank .. w_{h-1}: full-dimensional cone directions.
  unsigned first = numFree + ce.rank;
  out.projectOutRationally(VarKind::Range,
                           first - problem.offset(VarKind::Range), h - ce.rank);
  return out;
}

} // namespace presburger
