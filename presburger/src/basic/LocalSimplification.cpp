//===- LocalSimplification.cpp - Existential locals made simpler ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "basic/Divisions.h"
#include "core/FourierMotzkin.h"
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

bool BasicRelation::simplifyLocals() {
  if (!normalize())
    return false;
  if (numLocals_ == 0)
    return true;
  // Locals substituted away through a unit equality (step 1) keep their
  // column, all zero, until the end, where they are removed together: one
  // pass over the matrices instead of one per local (a composition
  // eliminates every variable of the middle tuple this way). The scan
  // skips them, so the steps run in the same order as with immediate
  // removal.
  // `dead` stays unallocated until the first such local.
  std::vector<bool> dead;
  unsigned numDead = 0;
  auto removeLocal = [&](unsigned k) {
    removeVarsRaw(VarKind::Local, k, 1);
    if (!dead.empty())
      dead.erase(dead.begin() + k);
  };
  // Removes the dead locals' columns (also before an early return: the
  // relation is then empty, but keeps no column nothing constrains).
  auto removeDeadLocals = [&] {
    if (numDead == 0)
      return;
    // The live locals' entries move forward in each row, the dead (zero)
    // columns gather at the end of the locals and go in one removal.
    unsigned lo = offset(VarKind::Local);
    auto gather = [&](Matrix &m) {
      for (unsigned r = 0; r < m.numRows(); ++r) {
        Row row = m.row(r);
        unsigned out = lo;
        for (unsigned k = 0; k < numLocals_; ++k)
          if (!dead[k]) {
            if (out != lo + k)
              row[out] = std::move(row[lo + k]);
            ++out;
          }
        for (; out < lo + numLocals_; ++out)
          row[out] = Int(0);
      }
    };
    // Already one run of columns (a single local, or a whole tuple): no
    // gathering needed.
    unsigned firstDead = 0;
    while (!dead[firstDead])
      ++firstDead;
    bool contiguous = std::all_of(dead.begin() + firstDead,
                                  dead.begin() + firstDead + numDead,
                                  [](bool d) { return d; });
    if (contiguous) {
      firstDead += lo;
    } else {
      gather(mutEqs());
      gather(mutIneqs());
      gather(divNum_);
      firstDead = lo + numLocals_ - numDead;
    }
    mutEqs().removeColumns(firstDead, numDead);
    mutIneqs().removeColumns(firstDead, numDead);
    divNum_.removeColumns(firstDead, numDead);
    unsigned kept = 0;
    for (unsigned k = 0; k < numLocals_; ++k) {
      if (dead[k])
        continue;
      if (kept != k) {
        divNum_.swapRows(kept, k);
        std::swap(divDen_[kept], divDen_[k]);
      }
      ++kept;
    }
    divNum_.resizeRows(kept);
    divDen_.resize(kept);
    numLocals_ = kept;
    dead.clear();
    numDead = 0;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    WorkBudget::charge(numConstraints() + 1);
    unsigned lo = offset(VarKind::Local);
    for (unsigned k = 0; k < numLocals_ && !changed; ++k) {
      if (numDead > 0 && dead[k])
        continue;
      unsigned col = lo + k;
      // 0. A division of a constant is that constant.
      if (hasDivDef(k)) {
        bool constant = true;
        for (unsigned c = 0; c < numVars() && constant; ++c)
          constant = divNum_.at(k, c).isZero();
        if (constant) {
          Int v = floorDiv(divNum_.at(k, numVars()), divDen_[k]);
          auto fold = [&](Matrix &m) {
            for (unsigned r = 0; r < m.numRows(); ++r)
              if (!m.at(r, col).isZero()) {
                m.at(r, numVars()) += m.at(r, col) * v;
                m.at(r, col) = Int(0);
              }
          };
          fold(mutEqs());
          fold(mutIneqs());
          fold(divNum_);
          removeLocal(k);
          if (!normalize()) {
            removeDeadLocals();
            return false;
          }
          changed = true;
          break;
        }
      }
      // 1. Unit coefficient in an equality: substitute.
      for (unsigned e = 0; e < eqs().numRows(); ++e) {
        Int a = eqs().at(e, col);
        if (abs(a) != Int(1))
          continue;
        std::vector<Int> eq(eqs().row(e).begin(), eqs().row(e).end());
        // q = -(eq - a q) / a; row += (-row[q] / a) * eq eliminates q.
        for (unsigned r = 0; r < eqs().numRows(); ++r)
          if (r != e)
            addScaled(mutEqs().row(r), eq, -eqs().at(r, col) * a);
        for (unsigned r = 0; r < ineqs().numRows(); ++r)
          addScaled(mutIneqs().row(r), eq, -ineqs().at(r, col) * a);
        for (unsigned d = 0; d < numLocals_; ++d)
          if (hasDivDef(d) && !divNum_.at(d, col).isZero()) {
            // Keep the definition's value on the set: num += c*eq scaled.
            // When the equality involves d itself the definition would
            // refer to itself: forget it instead.
            if (!eq[lo + d].isZero()) {
              setDivDef(d, {}, Int(0));
              continue;
            }
            addScaled(divNum_.row(d), eq, -divNum_.at(d, col) * a);
          }
        mutEqs().removeRow(e);
        setDivDef(k, {}, Int(0));
        dead.resize(numLocals_, false);
        dead[k] = true;
        ++numDead;
        changed = true;
        break;
      }
      if (changed)
        break;
      // 2. Occurrences in the constraints.
      bool inEq = false;
      unsigned lower = 0, upper = 0;
      bool unitLower = true, unitUpper = true;
      for (unsigned e = 0; e < eqs().numRows(); ++e)
        inEq = inEq || !eqs().at(e, col).isZero();
      for (unsigned i = 0; i < ineqs().numRows(); ++i) {
        int s = ineqs().at(i, col).sign();
        if (s > 0) {
          ++lower;
          unitLower = unitLower && ineqs().at(i, col).isOne();
        } else if (s < 0) {
          ++upper;
          unitUpper = unitUpper && ineqs().at(i, col) == Int(-1);
        }
      }
      bool usedByDiv = false;
      for (unsigned d = 0; d < numLocals_; ++d)
        usedByDiv = usedByDiv || (hasDivDef(d) && !divNum_.at(d, col).isZero());
      if (inEq || usedByDiv)
        continue;
      if (lower == 0 || upper == 0) {
        // Unused, or bounded on one side only: always satisfiable.
        for (unsigned i = ineqs().numRows(); i-- > 0;)
          if (!ineqs().at(i, col).isZero())
            mutIneqs().removeRow(i);
        removeLocal(k);
        changed = true;
        break;
      }
      if (!(unitLower || unitUpper) || lower * upper > 16)
        continue;
      // 3. Exact Fourier-Motzkin: every pair of bounds combines.
      mutIneqs() = eliminateByFourierMotzkin(mutIneqs(), col);
      removeLocal(k);
      if (!normalize()) {
        removeDeadLocals();
        return false;
      }
      changed = true;
    }
  }
  removeDeadLocals();
  detectDivDefinitions();
  canonicalizeLocals();
  return true;
}

bool BasicRelation::eliminateUnitDivisions() {
  bool changed = true;
  while (changed) {
    changed = false;
    unsigned lo = offset(VarKind::Local), nc = numCols();
    for (unsigned k = 0; k < numLocals_ && !changed; ++k) {
      if (!hasDivDef(k))
        continue;
      unsigned col = lo + k;
      if (inEqualityOrOtherDefinition(*this, k))
        continue;
      const Int &d = divDen_[k];
      std::array<std::vector<Int>, 2> stored = divisionBounds(k);
      // Only where the constraints themselves pin q to floor(e/d) (both
      // defining rows present): a definition alone may be a mere record.
      bool ok = true, haveLower = false, haveUpper = false;
      for (unsigned i = 0; i < ineqs().numRows() && ok; ++i) {
        const Int &a = ineqs().at(i, col);
        if (a.isZero())
          continue;
        int which = impliedDefiningRow(stored, ineqs().row(i));
        haveUpper = haveUpper || which == 1;
        haveLower = haveLower || which == 2;
        ok = which != 0 || abs(a) == Int(1);
      }
      if (!ok || !haveLower || !haveUpper)
        continue;
      Matrix kept(0, nc);
      for (unsigned i = 0; i < ineqs().numRows(); ++i) {
        const Int a = ineqs().at(i, col);
        if (!a.isZero() && impliedDefiningRow(stored, ineqs().row(i)) != 0)
          continue;
        std::vector<Int> row(ineqs().row(i).begin(), ineqs().row(i).end());
        if (!a.isZero()) {
          // With q = floor(e/d): q + r >= 0 is e + d*r >= 0 and
          // -q + r >= 0 is -e + d*r + d - 1 >= 0.
          for (unsigned c = 0; c < nc; ++c)
            row[c] = c == col ? Int(0) : d * row[c] + a * divNum_.at(k, c);
          if (!a.isOne())
            row.back() += d - Int(1);
        }
        kept.appendRow(row);
      }
      mutIneqs() = std::move(kept);
      removeVarsRaw(VarKind::Local, k, 1);
      if (!normalize())
        return false;
      changed = true;
    }
  }
  return true;
}

} // namespace presburger
