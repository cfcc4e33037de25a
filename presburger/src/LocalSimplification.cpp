//===- LocalSimplification.cpp - Existential locals made simpler ----------===//
#include "presburger/BasicRelation.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

namespace {
/// dst += scale * src over all columns.
void addScaled(Row dst, ConstRow src, const Int &scale) {
  if (scale.isZero())
    return;
  for (size_t c = 0; c < dst.size(); ++c)
    if (!src[c].isZero())
      dst[c] += scale * src[c];
}
} // namespace

bool BasicRelation::allLocalsDefined() const {
  for (unsigned k = 0; k < numLocals_; ++k)
    if (!hasDivDef(k))
      return false;
  return true;
}

bool BasicRelation::simplifyLocals() {
  if (!normalize())
    return false;
  bool changed = true;
  while (changed) {
    changed = false;
    WorkBudget::charge(numConstraints() + 1);
    unsigned lo = offset(VarKind::Local);
    for (unsigned k = 0; k < numLocals_ && !changed; ++k) {
      unsigned col = lo + k;
      // 1. Unit coefficient in an equality: substitute.
      for (unsigned e = 0; e < eqs_.numRows(); ++e) {
        Int a = eqs_.at(e, col);
        if (abs(a) != Int(1))
          continue;
        std::vector<Int> eq(eqs_.row(e).begin(), eqs_.row(e).end());
        // q = -(eq - a q) / a; row += (-row[q] / a) * eq eliminates q.
        for (unsigned r = 0; r < eqs_.numRows(); ++r)
          if (r != e)
            addScaled(eqs_.row(r), eq, -eqs_.at(r, col) * a);
        for (unsigned r = 0; r < ineqs_.numRows(); ++r)
          addScaled(ineqs_.row(r), eq, -ineqs_.at(r, col) * a);
        for (unsigned d = 0; d < numLocals_; ++d)
          if (hasDivDef(d) && !divNum_.at(d, col).isZero()) {
            // Keep the definition's value on the set: num += c*eq scaled.
            addScaled(divNum_.row(d), eq, -divNum_.at(d, col) * a);
          }
        eqs_.removeRow(e);
        removeVarsRaw(VarKind::Local, k, 1);
        changed = true;
        break;
      }
      if (changed)
        break;
      // 2. Occurrences in the constraints.
      bool inEq = false;
      unsigned lower = 0, upper = 0;
      bool unitLower = true, unitUpper = true;
      for (unsigned e = 0; e < eqs_.numRows(); ++e)
        inEq = inEq || !eqs_.at(e, col).isZero();
      for (unsigned i = 0; i < ineqs_.numRows(); ++i) {
        int s = ineqs_.at(i, col).sign();
        if (s > 0) {
          ++lower;
          unitLower = unitLower && ineqs_.at(i, col).isOne();
        } else if (s < 0) {
          ++upper;
          unitUpper = unitUpper && ineqs_.at(i, col) == Int(-1);
        }
      }
      bool usedByDiv = false;
      for (unsigned d = 0; d < numLocals_; ++d)
        usedByDiv = usedByDiv || (hasDivDef(d) && !divNum_.at(d, col).isZero());
      if (inEq || usedByDiv)
        continue;
      if (lower == 0 || upper == 0) {
        // Unused, or bounded on one side only: always satisfiable.
        for (unsigned i = ineqs_.numRows(); i-- > 0;)
          if (!ineqs_.at(i, col).isZero())
            ineqs_.removeRow(i);
        removeVarsRaw(VarKind::Local, k, 1);
        changed = true;
        break;
      }
      if (!(unitLower || unitUpper) || lower * upper > 16)
        continue;
      // 3. Exact Fourier-Motzkin: every pair of bounds combines.
      std::vector<unsigned> lows, ups;
      for (unsigned i = 0; i < ineqs_.numRows(); ++i) {
        int s = ineqs_.at(i, col).sign();
        if (s > 0)
          lows.push_back(i);
        else if (s < 0)
          ups.push_back(i);
      }
      Matrix combined(0, numCols());
      for (unsigned l : lows)
        for (unsigned u : ups) {
          Int a = ineqs_.at(l, col), b = -ineqs_.at(u, col);
          std::vector<Int> row(numCols());
          for (unsigned c = 0; c < numCols(); ++c)
            row[c] = b * ineqs_.at(l, c) + a * ineqs_.at(u, c);
          combined.appendRow(row);
        }
      for (unsigned i = ineqs_.numRows(); i-- > 0;)
        if (!ineqs_.at(i, col).isZero())
          ineqs_.removeRow(i);
      for (unsigned r = 0; r < combined.numRows(); ++r)
        ineqs_.appendRow(combined.row(r));
      removeVarsRaw(VarKind::Local, k, 1);
      if (!normalize())
        return false;
      changed = true;
    }
  }
  detectDivDefinitions();
  return true;
}

bool BasicRelation::detectDivDefinitions() {
  unsigned lo = offset(VarKind::Local);
  bool progress = true;
  while (progress) {
    progress = false;
    for (unsigned k = 0; k < numLocals_; ++k) {
      if (hasDivDef(k))
        continue;
      unsigned col = lo + k;
      // A definition may only use variables and already-defined locals
      // (no cycles through undefined ones).
      auto usable = [&](ConstRow row) {
        for (unsigned j = 0; j < numLocals_; ++j)
          if (j != k && !row[lo + j].isZero() && !hasDivDef(j))
            return false;
        return true;
      };
      // Equality d*q + e = 0.
      for (unsigned e = 0; e < eqs_.numRows(); ++e) {
        Int d = eqs_.at(e, col);
        if (d.isZero() || !usable(eqs_.row(e)))
          continue;
        std::vector<Int> num(eqs_.row(e).begin(), eqs_.row(e).end());
        if (d.isPositive())
          for (Int &v : num)
            v.negate();
        num[col] = Int(0);
        setDivDef(k, num, abs(d));
        progress = true;
        break;
      }
      if (hasDivDef(k))
        continue;
      // Pair e - d*q >= 0 and -e + d*q + c >= 0 with 0 <= c < d.
      for (unsigned i = 0; i < ineqs_.numRows() && !hasDivDef(k); ++i) {
        Int d = -ineqs_.at(i, col);
        if (!d.isPositive() || !usable(ineqs_.row(i)))
          continue;
        for (unsigned j = 0; j < ineqs_.numRows(); ++j) {
          if (j == i || ineqs_.at(j, col) != d)
            continue;
          bool opposite = true;
          for (unsigned c = 0; c < numVars() && opposite; ++c)
            if (c != col && ineqs_.at(i, c) != -ineqs_.at(j, c))
              opposite = false;
          if (!opposite)
            continue;
          Int slack = ineqs_.at(i, numVars()) + ineqs_.at(j, numVars());
          if (slack.isNegative() || slack >= d)
            continue;
          std::vector<Int> num(ineqs_.row(i).begin(), ineqs_.row(i).end());
          num[col] = Int(0);
          setDivDef(k, num, d);
          progress = true;
          break;
        }
      }
    }
  }
  return allLocalsDefined();
}

} // namespace presburger
