//===- Simplex.cpp - Exact rational simplex with rollback -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Simplex.h"
#include "presburger/Errors.h"
#include "presburger/WorkBudget.h"
#include "solve/Tableau.h"

#include <cassert>
#include <climits>
#include <sstream>

namespace presburger {

namespace {
constexpr int kNoUnknown = INT_MIN;

/// A key giving every unknown a fixed place in Bland's order.
long blandKey(int u) { return u >= 0 ? long(u) : (1L << 40) + long(~u); }
} // namespace

Simplex::Simplex(unsigned numVars) : tab_(0, 2 + numVars) {
  colUnknown_.reserve(2 + numVars);
  colUnknown_.assign(2, kNoUnknown);
  vars_.resize(numVars);
  for (unsigned i = 0; i < numVars; ++i) {
    vars_[i].pos = 2 + i;
    colUnknown_.push_back(int(i));
  }
}

namespace {
/// The number of variables of rows `equalities` and `inequalities`.
unsigned numVarsOfRows(const Matrix &equalities, const Matrix &inequalities) {
  if (inequalities.numColumns() == 0 ||
      equalities.numColumns() != inequalities.numColumns())
    throw InvalidArgument("simplex rows of different or zero widths");
  return inequalities.numColumns() - 1;
}
} // namespace

Simplex::Simplex(const Matrix &equalities, const Matrix &inequalities)
    : Simplex(numVarsOfRows(equalities, inequalities)) {
  // Every row known up front: the tableau and the bookkeeping grow once
  // (an equality is two rows).
  reserveRows(2 * equalities.numRows() + inequalities.numRows());
  for (unsigned i = 0; i < equalities.numRows() && !isEmpty(); ++i)
    addEquality(equalities.row(i));
  for (unsigned i = 0; i < inequalities.numRows() && !isEmpty(); ++i)
    addInequality(inequalities.row(i));
}

void Simplex::reserveRows(unsigned rows) {
  tab_.reserveRows(rows);
  cons_.reserve(rows);
  rowUnknown_.reserve(rows);
  undo_.reserve(rows);
}

unsigned Simplex::addVariable() {
  unsigned col = tab_.numColumns();
  tab_.insertColumns(col, 1);
  unsigned var = unsigned(vars_.size());
  Unknown u;
  u.pos = col;
  vars_.push_back(u);
  colUnknown_.push_back(int(var));
  undo_.push_back({UndoKind::RemoveLastVariable, var});
  return var;
}

void Simplex::normalizeRow(unsigned row) {
  tab_.normalizeRow(row, 0, tab_.numColumns());
}

unsigned Simplex::addRow(ConstRow coeffs, bool restricted) {
  assert(coeffs.size() == vars_.size() + 1);
  // Substituting the basic variables touches up to one row per variable.
  WorkBudget::chargeRows(vars_.size() + 1, numColumns());
  unsigned r = tab_.appendZeroRow();
  tab_.at(r, 0) = Int(1);
  tab_.at(r, 1) = coeffs.back();
  for (unsigned i = 0; i < vars_.size(); ++i) {
    const Int &a = coeffs[i];
    if (a.isZero())
      continue;
    const Unknown &var = vars_[i];
    if (!var.isRow) {
      tab_.at(r, var.pos) += a * tab_.at(r, 0);
      continue;
    }
    // Substitute the row expression of the basic variable.
    tableau::addMultipleOfRow(tab_, r, var.pos, a);
  }
  normalizeRow(r);
  unsigned con = unsigned(cons_.size());
  Unknown u;
  u.isRow = true;
  u.pos = r;
  u.restricted = restricted;
  cons_.push_back(u);
  rowUnknown_.push_back(~int(con));
  undo_.push_back({UndoKind::RemoveLastConstraint, con});
  if (!empty_ && restricted && sampleSign(r) < 0 && !restoreRow(r))
    markEmpty();
  return con;
}

unsigned Simplex::addInequality(ConstRow coeffs) {
  return addRow(coeffs, /*restricted=*/true);
}

unsigned Simplex::addEquality(ConstRow coeffs) {
  std::vector<Int> neg(coeffs.begin(), coeffs.end());
  for (Int &v : neg)
    v.negate();
  unsigned first = addInequality(coeffs);
  addInequality(neg);
  return first;
}

void Simplex::markEmpty() {
  if (empty_)
    return;
  empty_ = true;
  undo_.push_back({UndoKind::UnmarkEmpty, 0});
}

void Simplex::pivot(unsigned row, unsigned col) {
  tableau::pivot(tab_, row, col);
  int rowU = rowUnknown_[row], colU = colUnknown_[col];
  rowUnknown_[row] = colU;
  colUnknown_[col] = rowU;
  Unknown &ur = unknown(rowU), &uc = unknown(colU);
  ur.isRow = false;
  ur.pos = col;
  uc.isRow = true;
  uc.pos = row;
}

std::optional<unsigned> Simplex::findPivotColumn(unsigned row, bool up) const {
  std::optional<unsigned> best;
  for (unsigned c = 2; c < numColumns(); ++c) {
    int s = tab_.at(row, c).sign();
    if (s == 0)
      continue;
    // Direction the column unknown must move in.
    int dir = up ? s : -s;
    const Unknown &u = unknown(colUnknown_[c]);
    if (dir < 0 && u.restricted && !u.redundant)
      continue;
    if (!best || blandKey(colUnknown_[c]) < blandKey(colUnknown_[*best]))
      best = c;
  }
  return best;
}

std::optional<unsigned>
Simplex::findBlockingRowForColumn(unsigned col, bool colUp, int skipRow) const {
  std::optional<unsigned> best;
  for (unsigned i = 0; i < tab_.numRows(); ++i) {
    if (int(i) == skipRow || !isRestrictedRow(i))
      continue;
    const Int &b = tab_.at(i, col);
    int s = b.sign();
    if (s == 0 || (colUp ? s > 0 : s < 0))
      continue; // Row i does not decrease.
    if (!best) {
      best = i;
      continue;
    }
    // Ratio const_i / |b_i| against the best so far.
    const Int &bb = tab_.at(*best, col);
    int cmp = compare(tab_.at(i, 1) * abs(bb), tab_.at(*best, 1) * abs(b));
    if (cmp < 0 ||
        (cmp == 0 && blandKey(rowUnknown_[i]) < blandKey(rowUnknown_[*best])))
      best = i;
  }
  return best;
}

std::optional<unsigned> Simplex::findBlockingRow(unsigned row, unsigned col,
                                                 bool up, int skipRow) const {
  int s = tab_.at(row, col).sign();
  bool colUp = up ? s > 0 : s < 0;
  return findBlockingRowForColumn(col, colUp, skipRow);
}

bool Simplex::restoreRow(unsigned row) {
  int u = rowUnknown_[row];
  while (true) {
    const Unknown &cur = unknown(u);
    assert(cur.isRow);
    unsigned r = cur.pos;
    if (sampleSign(r) >= 0)
      return true;
    std::optional<unsigned> col = findPivotColumn(r, /*up=*/true);
    if (!col)
      return false;
    std::optional<unsigned> block = findBlockingRow(r, *col, true, int(r));
    if (block) {
      // Does the blocking row hit zero strictly before row r does?
      const Int &bb = tab_.at(*block, *col);
      const Int &br = tab_.at(r, *col);
      // ratio_block = const_b / |b_b|; ratio_r = -const_r / |b_r|.
      if (compare(tab_.at(*block, 1) * abs(br), -tab_.at(r, 1) * abs(bb)) < 0) {
        pivot(*block, *col);
        continue;
      }
    }
    pivot(r, *col);
    return true;
  }
}

Optimum Simplex::optimizeRow(unsigned row, bool maximize, Stop stop) {
  int u = rowUnknown_[row];
  while (true) {
    unsigned r = unknown(u).pos;
    // The denominator (column 0) is positive: the sample is at most -1
    // when numerator + denominator <= 0.
    if ((stop == Stop::BelowZero && sampleSign(r) < 0) ||
        (stop == Stop::AtMinusOne &&
         (tab_.at(r, 1) + tab_.at(r, 0)).sign() <= 0))
      return {OptimumKind::Bounded, sampleValue(u)};
    std::optional<unsigned> col = findPivotColumn(r, maximize);
    if (!col)
      return {OptimumKind::Bounded, sampleValue(u)};
    std::optional<unsigned> block = findBlockingRow(r, *col, maximize, int(r));
    if (!block)
      return {OptimumKind::Unbounded, Fraction()};
    pivot(*block, *col);
  }
}

Optimum Simplex::optimizeUnknown(int u, bool maximize, Stop stop) {
  if (empty_)
    return {OptimumKind::Empty, Fraction()};
  Unknown &info = unknown(u);
  if (!info.isRow) {
    unsigned col = info.pos;
    if (!maximize && info.restricted && !info.redundant)
      return {OptimumKind::Bounded, Fraction()}; // At its lower bound 0.
    std::optional<unsigned> block =
        findBlockingRowForColumn(col, /*colUp=*/maximize, -1);
    if (!block) {
      // Nothing stops the move: unbounded, unless no row depends on it and
      // it is free anyway (still unbounded).
      return {OptimumKind::Unbounded, Fraction()};
    }
    pivot(*block, col);
  }
  return optimizeRow(unknown(u).pos, maximize, stop);
}

Optimum Simplex::computeOptimum(ConstRow coeffs, bool maximize) {
  if (empty_)
    return {OptimumKind::Empty, Fraction()};
  unsigned snap = getSnapshot();
  unsigned con = addRow(coeffs, /*restricted=*/false);
  Optimum result = optimizeRow(cons_[con].pos, maximize, Stop::Never);
  rollback(snap);
  return result;
}

Optimum
Simplex::computeOptimumWithMultipliers(ConstRow coeffs, bool maximize,
                                       std::span<const unsigned> cons,
                                       std::vector<Fraction> &multipliers) {
  multipliers.assign(cons.size(), Fraction());
  if (empty_)
    return {OptimumKind::Empty, Fraction()};
  unsigned snap = getSnapshot();
  unsigned con = addRow(coeffs, /*restricted=*/false);
  Optimum result = optimizeRow(cons_[con].pos, maximize, Stop::Never);
  if (result.isBounded()) {
    // The objective's row: (const + sum_j coeff_j * y_j) / den over the
    // non-basic unknowns y_j.
    unsigned row = cons_[con].pos;
    for (unsigned k = 0; k < cons.size(); ++k) {
      const Unknown &u = cons_[cons[k]];
      if (!u.isRow)
        multipliers[k] = Fraction(tab_.at(row, u.pos), tab_.at(row, 0));
    }
  }
  rollback(snap);
  return result;
}

Optimum Simplex::computeVarOptimum(unsigned var, bool maximize) {
  std::vector<Int> coeffs(numVariables() + 1);
  coeffs[var] = Int(1);
  return computeOptimum(coeffs, maximize);
}

bool Simplex::isRedundantInequality(ConstRow coeffs) {
  if (empty_)
    return true;
  unsigned snap = getSnapshot();
  unsigned con = addRow(coeffs, /*restricted=*/false);
  Optimum opt = optimizeRow(cons_[con].pos, false, Stop::BelowZero);
  rollback(snap);
  return opt.isBounded() && opt.value.sign() >= 0;
}

bool Simplex::isRedundantEquality(ConstRow coeffs) {
  if (empty_)
    return true;
  Optimum lo = computeOptimum(coeffs, false);
  if (!lo.isBounded() || lo.value.sign() != 0)
    return false;
  Optimum hi = computeOptimum(coeffs, true);
  return hi.isBounded() && hi.value.sign() == 0;
}

bool Simplex::markIfImplied(unsigned con, Stop stop) {
  if (cons_[con].redundant)
    return true;
  cons_[con].restricted = false;
  Optimum opt = optimizeUnknown(~int(con), /*maximize=*/false, stop);
  cons_[con].restricted = true;
  bool implied =
      opt.isBounded() && (stop == Stop::AtMinusOne ? Fraction(-1) < opt.value
                                                   : opt.value.sign() >= 0);
  if (implied) {
    // Unrestricted from now on, so a sample in (-1, 0) is no violation.
    markRedundant(con);
    return true;
  }
  if (cons_[con].isRow && sampleSign(cons_[con].pos) < 0) {
    [[maybe_unused]] bool ok = restoreRow(cons_[con].pos);
    assert(ok && "a feasible tableau must be restorable");
  }
  return false;
}

void Simplex::detectRedundant(unsigned begin, unsigned end) {
  if (empty_)
    return;
  for (unsigned j = begin; j < end; ++j)
    markIfImplied(j, Stop::BelowZero);
}

bool Simplex::markIfIntegerImplied(unsigned con) {
  return !empty_ && markIfImplied(con, Stop::AtMinusOne);
}

void Simplex::markRedundant(unsigned con) {
  if (cons_[con].redundant)
    return;
  cons_[con].redundant = true;
  undo_.push_back({UndoKind::UnmarkRedundant, con});
}

bool Simplex::isImplicitEquality(unsigned con) {
  if (empty_)
    return true;
  const Unknown &u = cons_[con];
  if (u.isRow && sampleSign(u.pos) > 0)
    return false;
  Optimum opt = optimizeUnknown(~int(con), /*maximize=*/true, Stop::Never);
  return opt.isBounded() && opt.value.sign() == 0;
}

bool Simplex::isBounded() {
  if (empty_)
    return true;
  for (unsigned v = 0; v < numVariables(); ++v)
    if (!computeVarOptimum(v, false).isBounded() ||
        !computeVarOptimum(v, true).isBounded())
      return false;
  return true;
}

Fraction Simplex::sampleValue(int u) const {
  const Unknown &info = unknown(u);
  if (!info.isRow)
    return Fraction();
  return Fraction(tab_.at(info.pos, 1), tab_.at(info.pos, 0));
}

std::vector<Fraction> Simplex::getRationalSample() const {
  std::vector<Fraction> out;
  out.reserve(vars_.size());
  for (unsigned i = 0; i < vars_.size(); ++i)
    out.push_back(sampleValue(int(i)));
  return out;
}

std::optional<std::vector<Int>> Simplex::integralSample() const {
  if (empty_)
    return std::nullopt;
  std::vector<Int> point;
  point.reserve(vars_.size());
  for (unsigned i = 0; i < vars_.size(); ++i) {
    Fraction v = sampleValue(int(i));
    if (!v.isInteger())
      return std::nullopt;
    point.push_back(v.num());
  }
  return point;
}

bool Simplex::moveToRow(int u) {
  unsigned col = unknown(u).pos;
  std::optional<unsigned> row = findBlockingRowForColumn(col, true, -1);
  if (!row)
    row = findBlockingRowForColumn(col, false, -1);
  if (!row) {
    for (unsigned i = 0; i < tab_.numRows(); ++i)
      if (!tab_.at(i, col).isZero()) {
        row = i;
        break;
      }
  }
  if (!row)
    return false;
  pivot(*row, col);
  return true;
}

void Simplex::removeLastUnknown(int u) {
  Unknown &info = unknown(u);
  if (!info.isRow && !moveToRow(u)) {
    unsigned col = info.pos;
    tab_.removeColumns(col, 1);
    colUnknown_.erase(colUnknown_.begin() + col);
    for (unsigned c = col; c < colUnknown_.size(); ++c)
      unknown(colUnknown_[c]).pos = c;
    return;
  }
  unsigned row = unknown(u).pos;
  unsigned last = tab_.numRows() - 1;
  if (row != last) {
    tab_.swapRows(row, last);
    rowUnknown_[row] = rowUnknown_[last];
    unknown(rowUnknown_[row]).pos = row;
  }
  tab_.resizeRows(last);
  rowUnknown_.pop_back();
}

void Simplex::rollback(unsigned snapshot) {
  while (undo_.size() > snapshot) {
    UndoEntry e = undo_.back();
    undo_.pop_back();
    switch (e.kind) {
    case UndoKind::RemoveLastConstraint:
      assert(e.index + 1 == cons_.size());
      removeLastUnknown(~int(e.index));
      cons_.pop_back();
      break;
    case UndoKind::RemoveLastVariable:
      assert(e.index + 1 == vars_.size());
      removeLastUnknown(int(e.index));
      vars_.pop_back();
      break;
    case UndoKind::UnmarkEmpty:
      empty_ = false;
      break;
    case UndoKind::UnmarkRedundant:
      cons_[e.index].redundant = false;
      break;
    }
  }
}

bool Simplex::branchAndBound(unsigned numIntegerVars,
                             std::vector<Fraction> &result) {
  if (empty_)
    return false;
  WorkBudget::charge(numColumns() * 4);
  std::vector<Fraction> sample = getRationalSample();
  unsigned branchVar = numIntegerVars;
  for (unsigned i = 0; i < numIntegerVars; ++i)
    if (!sample[i].isInteger()) {
      branchVar = i;
      break;
    }
  if (branchVar == numIntegerVars) {
    result = std::move(sample);
    return true;
  }
  std::vector<Int> bound(numVariables() + 1);
  for (int side = 0; side < 2; ++side) {
    unsigned snap = getSnapshot();
    std::fill(bound.begin(), bound.end(), Int(0));
    if (side == 0) { // x <= floor(v)
      bound[branchVar] = Int(-1);
      bound.back() = sample[branchVar].floor();
    } else { // x >= ceil(v)
      bound[branchVar] = Int(1);
      bound.back() = -sample[branchVar].ceil();
    }
    addInequality(bound);
    bool found = branchAndBound(numIntegerVars, result);
    rollback(snap);
    if (found)
      return true;
  }
  return false;
}

std::optional<std::vector<Fraction>>
Simplex::findPartiallyIntegerSample(unsigned numIntegerVars) {
  std::vector<Fraction> result;
  if (branchAndBound(numIntegerVars, result))
    return result;
  return std::nullopt;
}

std::optional<std::vector<Int>> Simplex::findIntegerSampleBounded() {
  std::optional<std::vector<Fraction>> sample =
      findPartiallyIntegerSample(numVariables());
  if (!sample)
    return std::nullopt;
  std::vector<Int> result;
  for (const Fraction &f : *sample)
    result.push_back(f.num());
  return result;
}

std::string Simplex::toString() const {
  std::ostringstream os;
  os << "simplex " << vars_.size() << " vars, " << cons_.size()
     << " cons, empty=" << empty_ << "\n";
  for (unsigned r = 0; r < tab_.numRows(); ++r) {
    int u = rowUnknown_[r];
    os << (u >= 0 ? "x" + std::to_string(u) : "c" + std::to_string(~u)) << ":";
    for (unsigned c = 0; c < numColumns(); ++c)
      os << " " << tab_.at(r, c);
    os << "\n";
  }
  os << "cols:";
  for (unsigned c = 2; c < numColumns(); ++c) {
    int u = colUnknown_[c];
    os << " " << (u >= 0 ? "x" + std::to_string(u) : "c" + std::to_string(~u));
  }
  os << "\n";
  return os.str();
}

} // namespace presburger
