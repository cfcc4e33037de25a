//===- Redundancy.cpp - Implicit equalities and redundant constraints -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "basic/VariableBox.h"
#include "presburger/BasicRelation.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"
#include "solve/DifferenceConstraints.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace presburger {

namespace {
/// Whether the inequalities `ineqs` over `n` variables have a rational
/// point satisfying each of them strictly, found as in a loop nest: the
/// variables taken one by one (from the first or, with `lastFirst`, from
/// the last), each placed strictly between the bounds that the rows ending
/// at it give once the earlier ones are placed (one past a one-sided
/// bound, zero without any). Each row bounds the variable it ends at, so
/// every row holds strictly at the point: a tile 0 <= t <= 3,
/// 32t <= i <= 32t + 31 gets t = 1, i = 33. Then no inequality is an
/// implicit equality. False when the bounds of some variable meet or
/// cross, or a row without variables is not positive: a tableau decides.
/// The point is kept as integers over one positive denominator, scaled
/// only when no integer lies strictly between the bounds. O(rows x n).
bool hasNestedInteriorPoint(const Matrix &ineqs, unsigned n, bool lastFirst) {
  // The step at which a variable is placed; the map is its own inverse.
  auto stepOf = [&](unsigned var) { return lastFirst ? n - 1 - var : var; };
  // The step at which each row is placed: that of its last variable (n for
  // a row without variables, which must then be positive).
  boost::container::small_vector<unsigned, 32> rowStep(ineqs.numRows(), n);
  for (unsigned r = 0; r < ineqs.numRows(); ++r) {
    ConstRow row = ineqs.row(r);
    unsigned last = n;
    for (unsigned c = 0; c < n; ++c)
      if (!row[c].isZero() && (last == n || stepOf(c) > last))
        last = stepOf(c);
    rowStep[r] = last;
    if (last == n && !row[n].isPositive())
      return false;
  }
  boost::container::small_vector<Int, 16> point(n); // x = point / den.
  Int den(1);
  for (unsigned step = 0; step < n; ++step) {
    unsigned var = stepOf(step);
    // Bounds on point[var] as fractions num / positive den.
    bool hasLo = false, hasHi = false;
    Int loNum, loDen, hiNum, hiDen;
    for (unsigned r = 0; r < ineqs.numRows(); ++r) {
      if (rowStep[r] != step)
        continue;
      ConstRow row = ineqs.row(r);
      const Int &a = row[var];
      // a x + rest >= 0, the other variables of rest placed; times den:
      // a X + s > 0.
      Int s = den.isOne() ? row[n] : row[n] * den;
      for (unsigned c = 0; c < n; ++c)
        if (c != var && !row[c].isZero())
          s += row[c] * point[c];
      // X > -s / a (a > 0) or X < s / |a| (a < 0).
      if (a.isPositive()) {
        Int num = -s;
        if (!hasLo || compare(num * loDen, loNum * a) > 0) {
          loNum = std::move(num);
          loDen = a;
          hasLo = true;
        }
      } else {
        Int d = -a;
        if (!hasHi || compare(s * hiDen, hiNum * d) < 0) {
          hiNum = std::move(s);
          hiDen = std::move(d);
          hasHi = true;
        }
      }
    }
    if (hasLo && hasHi) {
      if (compare(loNum * hiDen, hiNum * loDen) >= 0)
        return false;
      Int above = floorDiv(loNum, loDen) + Int(1);
      if (compare(above * hiDen, hiNum) < 0) {
        point[var] = std::move(above);
      } else {
        // No integer strictly between: the midpoint, over a denominator
        // scaled by 2 loDen hiDen.
        Int scale = Int(2) * loDen * hiDen;
        for (unsigned c = 0; c < n; ++c)
          point[c] *= scale; // Unplaced ones are zero.
        den *= scale;
        point[var] = loNum * hiDen + hiNum * loDen;
      }
    } else if (hasLo) {
      point[var] = floorDiv(loNum, loDen) + Int(1);
    } else if (hasHi) {
      point[var] = ceilDiv(hiNum, hiDen) - Int(1);
    }
  }
  return true;
}
} // namespace

bool BasicRelation::detectEqualities() { return detectEqualities(nullptr); }

bool BasicRelation::detectEqualities(Simplex *tableau, bool *simplifiedAsBox) {
  // Rows fixed by an equality are decided here rather than found as
  // implicit equalities by a second tableau.
  if (!normalize() || !dropInequalitiesFixedByEqualities())
    return false;
  // A difference system whose graph has no zero-weight cycle has no
  // implicit equality.
  if (eqs().numRows() == 0 &&
      (difference::redundantInequalities(ineqs(), numVars()) ||
       boundsMidpointStrictlyInside() ||
       hasNestedInteriorPoint(ineqs(), numVars(), /*lastFirst=*/false) ||
       hasNestedInteriorPoint(ineqs(), numVars(), /*lastFirst=*/true)))
    return true;
  // Strided boxes (i = 4e, 0 <= i <= 127): a box once the equalities are
  // substituted away, which has none either, unless a row is left without
  // variables (0 >= 0 is an equality on every point: the tableau finds it).
  if (eqs().numRows() > 0 && ineqs().numRows() > 0)
    if (std::optional<std::vector<bool>> box =
            difference::boxRedundanciesAfterSubstitution(eqs(), ineqs(),
                                                         numVars()))
      if (std::none_of(box->begin(), box->end(), [](bool b) { return b; })) {
        if (simplifiedAsBox)
          *simplifiedAsBox = true;
        return true;
      }
  while (ineqs().numRows() > 0) {
    WorkBudget::charge(numConstraints());
    Simplex s(eqs(), ineqs());
    if (s.isEmpty()) {
      markEmpty();
      return false;
    }
    unsigned base = 2 * eqs().numRows();
    std::vector<unsigned> found;
    for (unsigned i = 0; i < ineqs().numRows(); ++i)
      if (s.isImplicitEquality(base + i))
        found.push_back(i);
    if (found.empty()) {
      if (tableau)
        *tableau = std::move(s);
      return true;
    }
    for (unsigned i = unsigned(found.size()); i-- > 0;) {
      mutEqs().appendRow(ineqs().row(found[i]));
      mutIneqs().removeRow(found[i]);
    }
    // The bounds the new equalities fix go without another tableau.
    if (!normalize() || !dropInequalitiesFixedByEqualities())
      return false;
  }
  return true;
}

bool BasicRelation::removeRedundancies() { return removeRedundancies(nullptr); }

namespace {
/// Which equalities have a column of their own, as bit masks over the rows
/// of `eqs` (up to 64; none above): `amongEqualities`, a non-zero column
/// that every other equality has zero in (so the equalities with one are
/// linearly independent of the rest); `amongAll`, such a column that every
/// inequality has zero in too (a variable the equality alone fixes: a
/// lexmin piece's range dimension), so the equality can be met whatever
/// the other variables are. One pass over the columns, no allocation.
struct PrivateColumns {
  uint64_t amongEqualities = 0, amongAll = 0;
};
PrivateColumns privateColumns(const Matrix &eqs, const Matrix &ineqs) {
  PrivateColumns out;
  unsigned rows = eqs.numRows(), cols = eqs.numColumns() - 1;
  if (rows > 64)
    return out;
  for (unsigned c = 0; c < cols; ++c) {
    unsigned only = rows; // The one equality using column c, if one.
    for (unsigned r = 0; r < rows; ++r) {
      if (eqs.at(r, c).isZero())
        continue;
      if (only != rows) {
        only = rows;
        break;
      }
      only = r;
    }
    if (only == rows)
      continue;
    out.amongEqualities |= uint64_t(1) << only;
    bool inInequality = false;
    for (unsigned r = 0; r < ineqs.numRows() && !inInequality; ++r)
      inInequality = !ineqs.at(r, c).isZero();
    if (!inInequality)
      out.amongAll |= uint64_t(1) << only;
  }
  return out;
}

/// The mask of all `rows` rows.
uint64_t allRows(unsigned rows) {
  return rows >= 64 ? ~uint64_t(0) : (uint64_t(1) << rows) - 1;
}
} // namespace

bool BasicRelation::removeRedundancies(Simplex *tableau) {
  // A given tableau was built on the current rows, already normalized.
  if (!tableau && !normalize())
    return false;
  unsigned eqRowsInTableau = eqs().numRows();
  PrivateColumns own = privateColumns(eqs(), ineqs());
  // The tests below run on the equalities that bear on the inequalities:
  // those that alone fix a variable are kept (independent of the rest).
  std::optional<Matrix> bearing;
  if (!tableau && own.amongAll != 0 && ineqs().numRows() > 0) {
    bearing.emplace(0, numCols());
    for (unsigned e = 0; e < eqs().numRows(); ++e)
      if (!(own.amongAll >> e & 1))
        bearing->appendRow(eqs().row(e));
  }
  if (!tableau && ineqs().numRows() > 0 &&
      removeDifferenceRedundancies(bearing ? *bearing : eqs()))
    return true;
  // Equalities: keep a linearly independent subset (Gaussian rank test on
  // the rows including the constant; a dependent consistent row is
  // redundant, an inconsistent one was caught by normalize or shows up as
  // emptiness below).
  if (eqs().numRows() > 1 && own.amongEqualities != allRows(eqs().numRows())) {
    Matrix kept(0, numCols());
    for (unsigned i = 0; i < eqs().numRows(); ++i) {
      Matrix trial = kept;
      trial.appendRow(eqs().row(i));
      if (columnEchelon(trial).rank > kept.numRows())
        kept = std::move(trial);
    }
    eqStore_ = std::move(kept); // A subset of the rows: still normalized.
  }
  if (ineqs().numRows() == 0)
    return true;
  WorkBudget::charge(numConstraints() * numCols());
  std::optional<Simplex> built;
  if (!tableau) {
    const Matrix &testEqs = bearing ? *bearing : eqs();
    built.emplace(testEqs, ineqs());
    tableau = &*built;
    eqRowsInTableau = testEqs.numRows();
  }
  Simplex &s = *tableau;
  if (s.isEmpty()) {
    markEmpty();
    return false;
  }
  // The tableau may hold equalities dropped above as dependent: they are
  // implied by the others, so redundancy among the inequalities is the same.
  unsigned base = 2 * eqRowsInTableau;
  s.detectRedundant(base, base + ineqs().numRows());
  for (unsigned i = ineqs().numRows(); i-- > 0;)
    if (s.isMarkedRedundant(base + i))
      removeInequality(i);
  return true;
}

bool BasicRelation::removeDifferenceRedundancies(const Matrix &equalities) {
  std::optional<std::vector<bool>> redundant;
  if (equalities.numRows() == 0)
    redundant = difference::redundantInequalities(ineqs(), numVars());
  else if (difference::unitDifferenceRows(equalities, numVars()) &&
           difference::unitDifferenceRows(ineqs(), numVars()))
    redundant = difference::redundantInequalitiesAfterSubstitution(
        equalities, ineqs(), numVars());
  else
    redundant = difference::boxRedundanciesAfterSubstitution(
        equalities, ineqs(), numVars());
  if (!redundant)
    return false;
  for (unsigned i = ineqs().numRows(); i-- > 0;)
    if ((*redundant)[i])
      removeInequality(i);
  return true;
}

namespace {
/// A hash of the rows of `m` that ignores their order (the sum of the rows'
/// hashes): different values mean different row multisets.
uint64_t rowSetHash(const Matrix &m) {
  uint64_t sum = 0;
  for (unsigned r = 0; r < m.numRows(); ++r) {
    uint64_t h = 1469598103934665603ull;
    for (const Int &v : m.row(r))
      h = (h ^ uint64_t(v.hash())) * 1099511628211ull;
    sum += h;
  }
  return sum;
}
} // namespace

uint64_t BasicRelation::constraintFingerprint() const {
  return rowSetHash(eqs()) * 31 + rowSetHash(ineqs());
}

bool BasicRelation::isObviouslyEqual(const BasicRelation &other) const {
  if (numLocals_ != other.numLocals_ || numCols() != other.numCols() ||
      eqs().numRows() != other.eqs().numRows() ||
      ineqs().numRows() != other.ineqs().numRows() ||
      obviouslyEmpty_ != other.obviouslyEmpty_ || divDen_ != other.divDen_ ||
      !(divNum_ == other.divNum_))
    return false;
  if (eqs() == other.eqs() && ineqs() == other.ineqs())
    return true;
  if (rowSetHash(eqs()) != rowSetHash(other.eqs()) ||
      rowSetHash(ineqs()) != rowSetHash(other.ineqs()))
    return false;
  BasicRelation a = *this, b = other;
  a.sortConstraints();
  b.sortConstraints();
  return a.eqs() == b.eqs() && a.ineqs() == b.ineqs();
}

void BasicRelation::sortConstraints() {
  auto sortRows = [](Matrix &m) {
    using Indices = boost::container::small_vector<unsigned, 32>;
    Indices order(m.numRows());
    std::iota(order.begin(), order.end(), 0u);
    auto before = [&](unsigned a, unsigned b) {
      ConstRow ra = m.row(a), rb = m.row(b);
      // Later columns first (dimensions before parameters), ignoring the
      // constant, then the constant.
      for (unsigned c = m.numColumns() - 1; c-- > 0;) {
        int cmp = compare(ra[c], rb[c]);
        if (cmp != 0)
          return cmp > 0;
      }
      return ra.back() < rb.back();
    };
    // Pieces simplified again are mostly in order already.
    if (std::is_sorted(order.begin(), order.end(), before))
      return;
    std::sort(order.begin(), order.end(), before);
    // The permutation applied in place by row swaps: position p holds the
    // original row rowAt[p], original row r sits at positionOf[r].
    Indices rowAt(m.numRows()), positionOf(m.numRows());
    std::iota(rowAt.begin(), rowAt.end(), 0u);
    std::iota(positionOf.begin(), positionOf.end(), 0u);
    for (unsigned p = 0; p < m.numRows(); ++p) {
      unsigned q = positionOf[order[p]];
      if (q == p)
        continue;
      m.swapRows(p, q);
      std::swap(rowAt[p], rowAt[q]);
      positionOf[rowAt[p]] = p;
      positionOf[rowAt[q]] = q;
    }
  };
  // Reordering keeps the rows normalized.
  sortRows(eqStore_);
  sortRows(ineqStore_);
}

bool BasicRelation::simplify() {
  WorkBudget::Operation op;
  if (!simplifyLocals())
    return false;
  if (numLocals_ == 0 && eqs().numRows() == 0) {
    // A box: normalized, each variable keeps at most one row per side
    // (equal bounds became an equality, crossing ones emptiness), and none
    // of them is redundant.
    if (!normalize())
      return false;
    if (eqs().numRows() == 0 && VariableBox::isBoxShaped(*this)) {
      sortConstraints();
      return true;
    }
    // Loop bounds and guards without equalities: decided on the constraint
    // graph, without a tableau.
    if (eqs().numRows() == 0 && removeDifferenceRedundancies(eqs())) {
      sortConstraints();
      return true;
    }
  }
  // The tableau of the last round of equality detection decides the
  // redundancies too, unless the rows change in between.
  Simplex tableau(0);
  bool simplifiedAsBox = false;
  unsigned rowsBefore = numConstraints();
  if (!detectEqualities(&tableau, &simplifiedAsBox))
    return false;
  // A strided box without implicit equality has no redundant row either
  // (the same test would run again in removeRedundancies), and with its
  // rows unchanged its locals are as simplifyLocals left them.
  if (simplifiedAsBox && numConstraints() == rowsBefore) {
    sortConstraints();
    return true;
  }
  bool tableauCurrent =
      ineqs().numRows() > 0 &&
      tableau.numConstraints() == 2 * eqs().numRows() + ineqs().numRows();
  // New equalities may make more locals removable.
  if (numLocals_) {
    Matrix eqsBefore = eqs(), ineqsBefore = ineqs();
    if (!simplifyLocals() || !normalize())
      return false;
    tableauCurrent =
        tableauCurrent && eqsBefore == eqs() && ineqsBefore == ineqs();
  }
  if (!removeRedundancies(tableauCurrent ? &tableau : nullptr))
    return false;
  sortConstraints();
  return true;
}

} // namespace presburger
