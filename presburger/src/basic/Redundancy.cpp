//===- Redundancy.cpp - Implicit equalities and redundant constraints -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/BasicRelation.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"
#include "solve/DifferenceConstraints.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace presburger {

bool BasicRelation::detectEqualities() { return detectEqualities(nullptr); }

bool BasicRelation::detectEqualities(Simplex *tableau) {
  if (!normalize())
    return false;
  // A difference system whose graph has no zero-weight cycle has no
  // implicit equality.
  if (eqs_.numRows() == 0 &&
      difference::redundantInequalities(ineqs_, numVars()))
    return true;
  while (ineqs_.numRows() > 0) {
    WorkBudget::charge(numConstraints());
    Simplex s(eqs_, ineqs_);
    if (s.isEmpty()) {
      markEmpty();
      return false;
    }
    unsigned base = 2 * eqs_.numRows();
    std::vector<unsigned> found;
    for (unsigned i = 0; i < ineqs_.numRows(); ++i)
      if (s.isImplicitEquality(base + i))
        found.push_back(i);
    if (found.empty()) {
      if (tableau)
        *tableau = std::move(s);
      return true;
    }
    for (unsigned i = unsigned(found.size()); i-- > 0;) {
      eqs_.appendRow(ineqs_.row(found[i]));
      ineqs_.removeRow(found[i]);
    }
    if (!normalize())
      return false;
  }
  return true;
}

bool BasicRelation::removeRedundancies() { return removeRedundancies(nullptr); }

bool BasicRelation::removeRedundancies(Simplex *tableau) {
  // A given tableau was built on the current rows, already normalized.
  if (!tableau && !normalize())
    return false;
  unsigned eqRowsInTableau = eqs_.numRows();
  if (!tableau && ineqs_.numRows() > 0 && removeDifferenceRedundancies())
    return true;
  // Equalities: keep a linearly independent subset (Gaussian rank test on
  // the rows including the constant; a dependent consistent row is
  // redundant, an inconsistent one was caught by normalize or shows up as
  // emptiness below).
  if (eqs_.numRows() > 1) {
    Matrix kept(0, numCols());
    for (unsigned i = 0; i < eqs_.numRows(); ++i) {
      Matrix trial = kept;
      trial.appendRow(eqs_.row(i));
      if (columnEchelon(trial).rank > kept.numRows())
        kept = std::move(trial);
    }
    eqs_ = std::move(kept);
  }
  if (ineqs_.numRows() == 0)
    return true;
  WorkBudget::charge(numConstraints() * numCols());
  std::optional<Simplex> built;
  if (!tableau) {
    built.emplace(eqs_, ineqs_);
    tableau = &*built;
    eqRowsInTableau = eqs_.numRows();
  }
  Simplex &s = *tableau;
  if (s.isEmpty()) {
    markEmpty();
    return false;
  }
  // The tableau may hold equalities dropped above as dependent: they are
  // implied by the others, so redundancy among the inequalities is the same.
  unsigned base = 2 * eqRowsInTableau;
  s.detectRedundant(base, base + ineqs_.numRows());
  for (unsigned i = ineqs_.numRows(); i-- > 0;)
    if (s.isMarkedRedundant(base + i))
      ineqs_.removeRow(i);
  return true;
}

bool BasicRelation::removeDifferenceRedundancies() {
  std::optional<std::vector<bool>> redundant;
  if (eqs_.numRows() == 0)
    redundant = difference::redundantInequalities(ineqs_, numVars());
  else if (difference::unitDifferenceRows(eqs_, numVars()) &&
           difference::unitDifferenceRows(ineqs_, numVars()))
    redundant = difference::redundantInequalitiesAfterSubstitution(eqs_, ineqs_,
                                                                   numVars());
  if (!redundant)
    return false;
  for (unsigned i = ineqs_.numRows(); i-- > 0;)
    if ((*redundant)[i])
      ineqs_.removeRow(i);
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
  return rowSetHash(eqs_) * 31 + rowSetHash(ineqs_);
}

bool BasicRelation::isObviouslyEqual(const BasicRelation &other) const {
  if (numLocals_ != other.numLocals_ || numCols() != other.numCols() ||
      eqs_.numRows() != other.eqs_.numRows() ||
      ineqs_.numRows() != other.ineqs_.numRows() ||
      obviouslyEmpty_ != other.obviouslyEmpty_ || divDen_ != other.divDen_ ||
      !(divNum_ == other.divNum_))
    return false;
  if (eqs_ == other.eqs_ && ineqs_ == other.ineqs_)
    return true;
  if (rowSetHash(eqs_) != rowSetHash(other.eqs_) ||
      rowSetHash(ineqs_) != rowSetHash(other.ineqs_))
    return false;
  BasicRelation a = *this, b = other;
  a.sortConstraints();
  b.sortConstraints();
  return a.eqs_ == b.eqs_ && a.ineqs_ == b.ineqs_;
}

void BasicRelation::sortConstraints() {
  auto sortRows = [](Matrix &m) {
    std::vector<unsigned> order(m.numRows());
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
    Matrix sorted(0, m.numColumns());
    sorted.reserveRows(m.numRows());
    for (unsigned r : order)
      sorted.appendRow(m.row(r));
    m = std::move(sorted);
  };
  sortRows(eqs_);
  sortRows(ineqs_);
}

bool BasicRelation::simplify() {
  WorkBudget::Operation op;
  if (!simplifyLocals())
    return false;
  // Loop bounds and guards without equalities: decided on the constraint
  // graph, without a tableau.
  if (numLocals_ == 0 && eqs_.numRows() == 0 &&
      removeDifferenceRedundancies()) {
    sortConstraints();
    return true;
  }
  // The tableau of the last round of equality detection decides the
  // redundancies too, unless the rows change in between.
  Simplex tableau(0);
  if (!detectEqualities(&tableau))
    return false;
  bool tableauCurrent =
      ineqs_.numRows() > 0 &&
      tableau.numConstraints() == 2 * eqs_.numRows() + ineqs_.numRows();
  // New equalities may make more locals removable.
  if (numLocals_) {
    Matrix eqs = eqs_, ineqs = ineqs_;
    if (!simplifyLocals() || !normalize())
      return false;
    tableauCurrent = tableauCurrent && eqs == eqs_ && ineqs == ineqs_;
  }
  if (!removeRedundancies(tableauCurrent ? &tableau : nullptr))
    return false;
  sortConstraints();
  return true;
}

} // namespace presburger
