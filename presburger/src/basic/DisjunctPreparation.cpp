//===- DisjunctPreparation.cpp - Disjuncts made ready for pair tests ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See DisjunctPreparation.h.
//
//===----------------------------------------------------------------------===//
#include "basic/DisjunctPreparation.h"
#include "basic/Divisions.h"
#include "basic/RowAccess.h"
#include "core/Rows.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/LinearAlgebra.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

using Vec = std::vector<Int>;

Simplex tableauOf(const BasicRelation &b) {
  WorkBudget::charge(b.numConstraints() * b.numCols());
  return Simplex(b.equalities(), b.inequalities());
}

//===----------------------------------------------------------------------===//
// Reducing coefficients on the lattice of the equalities.
//===----------------------------------------------------------------------===//

namespace {

/// reduceCoefficients when every equality can be solved in turn for a
/// variable with coefficient +-1 (a stride i = 4q, a copy i = j): the
/// variables not solved for are then coordinates of the lattice, so an
/// inequality's content on the lattice is that of its coefficients once
/// the solved variables are substituted away, and the reduced inequality
/// is the substituted one divided by it (constant floored). No echelon
/// form, no inverse. nullopt when some equality has no unit coefficient.
std::optional<bool> reduceByUnitSubstitution(BasicRelation &b) {
  unsigned n = b.numVars();
  std::optional<difference::Substituted> sub =
      difference::substituteUnitEqualities(b.equalities(), Matrix(0, n + 1), n);
  if (!sub)
    return std::nullopt;
  if (sub->empty) {
    b.markEmpty();
    return false;
  }
  WorkBudget::chargeRows(b.numInequalities(), n + 1);
  bool changed = false;
  std::vector<Int> row;
  for (unsigned r = 0; r < b.numInequalities(); ++r) {
    ConstRow original = b.inequality(r);
    row.assign(original.begin(), original.end());
    difference::substituteEliminated(sub->eliminated, row);
    Int g = rowGcd(ConstRow(row).first(n));
    if (g.isZero() || g.isOne())
      continue;
    for (unsigned c = 0; c < n; ++c)
      row[c] = divExact(row[c], g);
    row[n] = floorDiv(row[n], g);
    std::copy(row.begin(), row.end(), mutableInequalities(b).row(r).begin());
    changed = true;
  }
  return !changed || b.normalize();
}

} // namespace

bool reduceCoefficients(BasicRelation &b) {
  if (b.numEqualities() == 0 || b.numInequalities() == 0)
    return true;
  if (std::optional<bool> done = reduceByUnitSubstitution(b))
    return *done;
  unsigned n = b.numVars();
  ColumnEchelon ce = columnEchelon(leadingColumns(b.equalities(), n));
  if (ce.rank == n)
    return true;
  std::optional<IntegerLattice> lat = solveIntegerEqualities(b.equalities());
  if (!lat) {
    b.markEmpty();
    return false;
  }
  unsigned k = n - ce.rank;
  // The lattice directions are the last k columns of U (as in
  // solveIntegerEqualities); the matching rows of U^-1 give the lattice
  // coordinates z = V (x - origin) of a point x.
  Matrix uinv = inverseUnimodular(ce.u);
  WorkBudget::charge(b.numInequalities() * n * k);
  bool changed = false;
  for (unsigned r = 0; r < b.numInequalities(); ++r) {
    ConstRow a = b.inequality(r);
    Vec az(k);
    for (unsigned j = 0; j < k; ++j)
      for (unsigned c = 0; c < n; ++c)
        if (!a[c].isZero())
          az[j] += a[c] * ce.u.at(c, ce.rank + j);
    Int g = rowGcd(ConstRow(az));
    if (g.isZero() || g.isOne())
      continue;
    Int value0 = a[n];
    for (unsigned c = 0; c < n; ++c)
      if (!a[c].isZero())
        value0 += a[c] * lat->origin[c];
    Vec out(n + 1);
    for (unsigned j = 0; j < k; ++j) {
      Int coef = divExact(az[j], g);
      if (coef.isZero())
        continue;
      for (unsigned c = 0; c < n; ++c)
        if (!uinv.at(ce.rank + j, c).isZero())
          out[c] += coef * uinv.at(ce.rank + j, c);
    }
    Int constant = floorDiv(value0, g);
    for (unsigned c = 0; c < n; ++c)
      if (!out[c].isZero())
        constant -= out[c] * lat->origin[c];
    out[n] = constant;
    std::copy(out.begin(), out.end(), mutableInequalities(b).row(r).begin());
    changed = true;
  }
  if (changed)
    return b.normalize();
  return true;
}

//===----------------------------------------------------------------------===//
// Local normalizations.
//===----------------------------------------------------------------------===//

void normalizeStrideDivs(BasicRelation &b) {
  unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (!b.hasDivDef(k) || b.divNumerator(k)[nv].isZero())
      continue;
    const Int &d = b.divDenominator(k);
    ConstRow num = b.divNumerator(k);
    bool stride = false;
    for (unsigned e = 0; e < b.numEqualities() && !stride; ++e) {
      ConstRow r = b.equality(e);
      if (abs(r[lo + k]) != d)
        continue;
      // r = s * (f + c - d*q) for s = +-1.
      int s = r[lo + k].isNegative() ? 1 : -1;
      bool match = true;
      for (unsigned c = 0; c <= nv && match; ++c)
        if (c != lo + k)
          match = (s > 0 ? r[c] : -r[c]) == num[c];
      stride = match;
    }
    if (!stride)
      continue;
    Int shift = ceilDiv(num[nv], d);
    // Substitute q = q' + shift everywhere: constants gain coef * shift.
    auto apply = [&](Matrix &m) {
      for (unsigned r = 0; r < m.numRows(); ++r)
        if (!m.at(r, lo + k).isZero())
          m.at(r, nv) += m.at(r, lo + k) * shift;
    };
    apply(mutableEqualities(b));
    apply(mutableInequalities(b));
    for (unsigned l = 0; l < b.numLocals(); ++l) {
      if (l == k || !b.hasDivDef(l) || b.divNumerator(l)[lo + k].isZero())
        continue;
      Vec other = toVector(b.divNumerator(l));
      other[nv] += other[lo + k] * shift;
      Int den = b.divDenominator(l);
      b.setDivDef(l, other, den);
    }
    Vec own = toVector(num);
    own[nv] = Int(0);
    Int den = d;
    b.setDivDef(k, own, den);
  }
}

void dropUnconstrainingLocals(BasicRelation &b) {
  bool changed = true;
  while (changed) {
    changed = false;
    unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
    for (unsigned k = 0; k < b.numLocals() && !changed; ++k) {
      unsigned col = lo + k;
      if (inEqualityOrOtherDefinition(b, k))
        continue;
      std::vector<unsigned> rows;
      for (unsigned i = 0; i < b.numInequalities(); ++i)
        if (!b.inequality(i)[col].isZero())
          rows.push_back(i);
      if (rows.size() != 2)
        continue;
      ConstRow r0 = b.inequality(rows[0]), r1 = b.inequality(rows[1]);
      bool opposite = true;
      for (unsigned c = 0; c < nv && opposite; ++c)
        opposite = r0[c] == -r1[c];
      if (!opposite)
        continue;
      Int d = abs(r0[col]);
      if (r0[nv] + r1[nv] < d - Int(1))
        continue;
      b.removeInequality(rows[1]);
      b.removeInequality(rows[0]);
      b.removeVarsRaw(VarKind::Local, k, 1);
      changed = true;
    }
  }
}

bool fixIntegerConstants(BasicRelation &b,
                         std::optional<std::vector<unsigned>> vars, bool asPair,
                         bool tightenBounds) {
  Simplex s = tableauOf(b);
  if (s.isEmpty())
    return false;
  if (!vars) {
    vars.emplace();
    for (unsigned v = 0; v < b.numVars(); ++v)
      vars->push_back(v);
  }
  for (unsigned v : *vars) {
    WorkBudget::charge(b.numConstraints() + 1);
    Optimum lo = s.computeVarOptimum(v, false);
    Optimum hi = s.computeVarOptimum(v, true);
    if (tightenBounds) {
      // A fractional bound rounds: v >= ceil(min), v <= floor(max).
      for (const Optimum *o : {&lo, &hi}) {
        if (!o->isBounded() || o->value.isInteger())
          continue;
        bool upper = o == &hi;
        if (lo.isBounded() && hi.isBounded() &&
            lo.value.ceil() >= hi.value.floor())
          break; // Fixed or empty: handled below.
        Vec row(b.numCols());
        row[v] = Int(upper ? -1 : 1);
        row.back() = upper ? o->value.floor() : -o->value.ceil();
        b.addInequality(row);
        s.addInequality(row);
      }
    }
    if (!lo.isBounded() || !hi.isBounded() || lo.value == hi.value)
      continue;
    Int l = lo.value.ceil(), h = hi.value.floor();
    if (l > h)
      return false;
    if (l != h)
      continue;
    Vec row(b.numCols());
    row[v] = Int(1);
    row.back() = -l;
    s.addEquality(row);
    if (!asPair) {
      b.addEquality(row);
      continue;
    }
    b.addInequality(row);
    b.addInequality(negated(ConstRow(row)));
  }
  return true;
}

bool removeRedundantInequalities(BasicRelation &b) {
  Simplex s = tableauOf(b);
  if (s.isEmpty())
    return false;
  unsigned base = 2 * b.numEqualities();
  s.detectRedundant(base, base + b.numInequalities());
  for (unsigned i = b.numInequalities(); i-- > 0;)
    if (s.isMarkedRedundant(base + i))
      b.removeInequality(i);
  return true;
}

void eliminateBoundedDivs(BasicRelation &b) {
  bool changed = true;
  while (changed) {
    changed = false;
    unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
    for (unsigned k = 0; k < b.numLocals() && !changed; ++k) {
      unsigned col = lo + k;
      if (!b.hasDivDef(k))
        continue;
      if (inEqualityOrOtherDefinition(b, k))
        continue;
      const Int &d = b.divDenominator(k);
      // f - d*q >= 0 and d*q - f + d - 1 >= 0.
      auto [lower, upper] = definingRows(b.divNumerator(k), d, col);
      int lowerRow = -1, upperRow = -1;
      bool unit = true;
      for (unsigned i = 0; i < b.numInequalities() && unit; ++i) {
        ConstRow r = b.inequality(i);
        if (r[col].isZero())
          continue;
        if (lowerRow < 0 && sameRow(r, ConstRow(lower)))
          lowerRow = int(i);
        else if (upperRow < 0 && sameRow(r, ConstRow(upper)))
          upperRow = int(i);
        else
          unit = abs(r[col]).isOne();
      }
      if (!unit || lowerRow < 0 || upperRow < 0)
        continue;
      ConstRow f = b.divNumerator(k);
      Matrix &m = mutableInequalities(b);
      for (unsigned i = 0; i < m.numRows(); ++i) {
        if (int(i) == lowerRow || int(i) == upperRow || m.at(i, col).isZero())
          continue;
        bool plus = m.at(i, col).isPositive();
        // Row a.x + q >= 0 becomes d*a.x + f >= 0; a.x - q >= 0 becomes
        // d*a.x - f + d - 1 >= 0.
        m.at(i, col) = Int(0);
        for (unsigned c = 0; c <= nv; ++c) {
          m.at(i, c) *= d;
          if (!f[c].isZero())
            m.at(i, c) += plus ? f[c] : -f[c];
        }
        if (!plus)
          m.at(i, nv) += d - Int(1);
      }
      b.removeInequality(unsigned(std::max(lowerRow, upperRow)));
      b.removeInequality(unsigned(std::min(lowerRow, upperRow)));
      b.removeVarsRaw(VarKind::Local, k, 1);
      changed = true;
    }
  }
}

bool simplifyPiece(BasicRelation &b) {
  // Divisions bounded by their definitions go before the tableau work:
  // a stride written with a local (0 <= i - 2e <= 1, 0 <= e <= 2) is an
  // interval once e is gone, simplified on the constraint graph. (With
  // equalities, a local is mostly a stride, i = 4e, which stays.)
  if (b.numLocals() > 0 && b.numEqualities() == 0) {
    if (!b.simplifyLocals())
      return false;
    dropUnconstrainingLocals(b);
    eliminateBoundedDivs(b);
  }
  if (!b.simplify())
    return false;
  unsigned locals = b.numLocals();
  dropUnconstrainingLocals(b);
  eliminateBoundedDivs(b);
  if (b.numLocals() != locals)
    return b.simplify();
  return true;
}

bool prepareWork(BasicRelation &b, bool simplified) {
  std::optional<BasicRelation> before;
  if (simplified)
    before = b;
  normalizeStrideDivs(b);
  unsigned eqs = b.numEqualities();
  if (!reduceCoefficients(b))
    return false;
  if (b.numLocals() > 0 && b.numEqualities() != eqs) {
    // Tightening on the lattice may fix a local (i = 4e + 1 on
    // -2 <= i <= 1 gives e = 0): substitute it away.
    if (!b.simplifyLocals())
      return false;
    normalizeStrideDivs(b);
    if (!reduceCoefficients(b))
      return false;
  }
  if (before && before->numLocals() == b.numLocals() &&
      before->equalities() == b.equalities() &&
      before->inequalities() == b.inequalities())
    return true;
  return b.removeRedundancies();
}

bool prepareTight(BasicRelation &b) {
  unsigned eqs = b.numEqualities();
  if (!fixIntegerConstants(b, {}, false, true))
    return false;
  if (b.numEqualities() != eqs && !reduceCoefficients(b))
    return false;
  return b.removeRedundancies();
}

} // namespace presburger
