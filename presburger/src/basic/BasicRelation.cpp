//===- BasicRelation.cpp - Conjunctions of affine constraints -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/BasicRelation.h"
#include "basic/AlignedParams.h"
#include "basic/Divisions.h"
#include "core/Rows.h"
#include "presburger/Errors.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"
#include "solve/DifferenceConstraints.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <sstream>

namespace presburger {

BasicRelation::BasicRelation(Space space)
    : space_(std::move(space)), eqStore_(0, space_.offset(VarKind::Local) + 1),
      ineqStore_(0, space_.offset(VarKind::Local) + 1),
      divNum_(0, space_.offset(VarKind::Local) + 1) {}

BasicRelation BasicRelation::empty(Space space) {
  BasicRelation r(std::move(space));
  r.markEmpty();
  return r;
}

void BasicRelation::addEquality(ConstRow row) {
  if (row.size() != numCols())
    throw InvalidArgument("equality has the wrong number of columns");
  mutEqs().appendRow(row);
}

BasicRelation BasicRelation::copyWithRoomForInequality(ConstRow row) const {
  if (row.size() != numCols())
    throw InvalidArgument("inequality has the wrong number of columns");
  BasicRelation out(space_);
  out.numLocals_ = numLocals_;
  out.eqStore_ = eqs();
  out.ineqStore_ = Matrix(ineqs(), 1);
  out.divNum_ = divNum_;
  out.divDen_ = divDen_;
  out.obviouslyEmpty_ = obviouslyEmpty_;
  return out;
}

BasicRelation BasicRelation::withInequality(ConstRow row) const {
  BasicRelation out = copyWithRoomForInequality(row);
  out.mutIneqs().appendRow(row);
  return out;
}

BasicRelation BasicRelation::withInequalityNormalized(ConstRow row) const {
  BasicRelation out = copyWithRoomForInequality(row);
  out.normalized_ = normalized_; // The rows are the same.
  out.addInequalityNormalized(row);
  return out;
}

void BasicRelation::addInequality(ConstRow row) {
  if (row.size() != numCols())
    throw InvalidArgument("inequality has the wrong number of columns");
  mutIneqs().appendRow(row);
}

unsigned BasicRelation::addLocal() {
  insertVars(VarKind::Local, numLocals_, 1);
  return numLocals_ - 1;
}

unsigned BasicRelation::addDivLocal(ConstRow num, const Int &den) {
  if (den.sign() <= 0)
    throw InvalidArgument("division by a non-positive denominator");
  if (num.size() != numCols())
    throw InvalidArgument("division numerator has the wrong number of columns");
  std::vector<Int> numerator(num.begin(), num.end());
  unsigned k = addLocal();
  unsigned col = offset(VarKind::Local) + k;
  numerator.insert(numerator.begin() + col, Int(0));
  setDivDef(k, numerator, den);
  for (const std::vector<Int> &row : definingRows(numerator, den, col))
    addInequality(row);
  return k;
}

void BasicRelation::setDivDef(unsigned k, ConstRow num, const Int &den) {
  Row dst = divNum_.row(k);
  if (den.isZero()) {
    std::fill(dst.begin(), dst.end(), Int(0));
  } else {
    if (num.size() != numCols())
      throw InvalidArgument("division numerator has the wrong size");
    std::copy(num.begin(), num.end(), dst.begin());
  }
  divDen_[k] = den;
}

namespace {
/// `t` resized from `oldDims` to `oldDims + delta` dimensions around
/// position `pos` (delta may be negative); keeps the name and dimension
/// names, but not a nesting that no longer fits.
Tuple resizeTuple(const Tuple &t, unsigned pos, int delta) {
  std::vector<std::string> names = t.dimNames();
  if (delta > 0)
    names.insert(names.begin() + pos, size_t(delta), std::string());
  else
    names.erase(names.begin() + pos, names.begin() + pos + unsigned(-delta));
  Tuple out(t.name(), unsigned(int(t.numDims()) + delta));
  out.setDimNames(names);
  return out;
}

/// `space` without variables [pos, pos + n) of `kind` (not Local).
Space withoutVars(const Space &space, VarKind kind, unsigned pos, unsigned n) {
  switch (kind) {
  case VarKind::Param: {
    std::vector<std::string> params = space.paramNames();
    params.erase(params.begin() + pos, params.begin() + pos + n);
    return space.withParams(std::move(params));
  }
  case VarKind::Domain:
    return space.withDomainTuple(
        resizeTuple(space.domainTuple(), pos, -int(n)));
  case VarKind::Range:
    return space.withRangeTuple(resizeTuple(space.rangeTuple(), pos, -int(n)));
  case VarKind::Local:
    break;
  }
  return space;
}
} // namespace

unsigned BasicRelation::insertVars(VarKind kind, unsigned pos, unsigned n) {
  if (pos > numVars(kind))
    throw InvalidArgument("insert position past the end");
  unsigned col = offset(kind) + pos;
  if (kind == VarKind::Local)
    col = offset(VarKind::Local) + pos;
  if (kind == VarKind::Param)
    throw InvalidArgument("parameters are added by name (alignParams)");
  if (n == 0)
    return col;
  mutEqs().insertColumns(col, n);
  mutIneqs().insertColumns(col, n);
  divNum_.insertColumns(col, n);
  switch (kind) {
  case VarKind::Param:
    break;
  case VarKind::Domain:
    space_ =
        space_.withDomainTuple(resizeTuple(space_.domainTuple(), pos, int(n)));
    break;
  case VarKind::Range:
    space_ =
        space_.withRangeTuple(resizeTuple(space_.rangeTuple(), pos, int(n)));
    break;
  case VarKind::Local: {
    numLocals_ += n;
    // New rows in the definition table for the new locals.
    Matrix defs(numLocals_, numCols());
    for (unsigned k = 0, src = 0; k < numLocals_; ++k) {
      if (k >= pos && k < pos + n)
        continue;
      std::copy(divNum_.row(src).begin(), divNum_.row(src).end(),
                defs.row(k).begin());
      ++src;
    }
    divNum_ = std::move(defs);
    divDen_.insert(divDen_.begin() + pos, n, Int(0));
    break;
  }
  }
  return col;
}

void BasicRelation::removeVarsRaw(VarKind kind, unsigned pos, unsigned n) {
  if (pos + n > numVars(kind))
    throw InvalidArgument("removed variables past the end");
  if (n == 0)
    return;
  unsigned col = offset(kind) + pos;
  // Definitions that use a removed variable are forgotten.
  for (unsigned k = 0; k < numLocals_; ++k) {
    if (divDen_[k].isZero())
      continue;
    for (unsigned c = col; c < col + n; ++c)
      if (!divNum_.at(k, c).isZero()) {
        setDivDef(k, {}, Int(0));
        break;
      }
  }
  mutEqs().removeColumns(col, n);
  mutIneqs().removeColumns(col, n);
  divNum_.removeColumns(col, n);
  if (kind != VarKind::Local) {
    space_ = withoutVars(space_, kind, pos, n);
    return;
  }
  numLocals_ -= n;
  divNum_.removeRows(pos, n);
  divDen_.erase(divDen_.begin() + pos, divDen_.begin() + pos + n);
}

void BasicRelation::convertToLocals(VarKind kind, unsigned pos, unsigned n) {
  if (kind == VarKind::Local)
    throw InvalidArgument("variables are already locals");
  if (pos + n > numVars(kind))
    throw InvalidArgument("converted variables past the end");
  if (n == 0)
    return;
  // The columns move, in place, to the end of the locals (just before the
  // constant); the new locals have no definition.
  unsigned first = offset(kind) + pos, end = numVars();
  mutEqs().rotateColumns(first, first + n, end);
  mutIneqs().rotateColumns(first, first + n, end);
  divNum_.rotateColumns(first, first + n, end);
  for (unsigned i = 0; i < n; ++i)
    divNum_.appendZeroRow();
  divDen_.insert(divDen_.end(), n, Int(0));
  numLocals_ += n;
  space_ = withoutVars(space_, kind, pos, n);
}

void BasicRelation::swapVars(unsigned colA, unsigned colB) {
  mutEqs().swapColumns(colA, colB);
  mutIneqs().swapColumns(colA, colB);
  divNum_.swapColumns(colA, colB);
  unsigned lo = offset(VarKind::Local);
  if (colA >= lo && colB >= lo && colA != colB) {
    divNum_.swapRows(colA - lo, colB - lo);
    std::swap(divDen_[colA - lo], divDen_[colB - lo]);
  }
}

void BasicRelation::setSpace(Space space) {
  // Same columns: wrapping and unwrapping only move the split between
  // domain and range.
  if (space.numParams() != space_.numParams() ||
      space.numDims() != space_.numDims())
    throw SpaceError("setSpace: variable counts differ: " + space.toString() +
                     " vs " + space_.toString());
  space_ = std::move(space);
}

namespace {
/// Copies `m` into a matrix of `newCols` columns, old column c going to
/// map[c].
Matrix remapColumns(const Matrix &m, const std::vector<unsigned> &map,
                    unsigned newCols) {
  Matrix out(m.numRows(), newCols);
  for (unsigned r = 0; r < m.numRows(); ++r)
    for (unsigned c = 0; c < m.numColumns(); ++c)
      out.at(r, map[c]) = m.at(r, c);
  return out;
}
} // namespace

void BasicRelation::alignParams(const std::vector<std::string> &params) {
  const std::vector<std::string> &cur = space_.paramNames();
  if (cur == params)
    return;
  unsigned np = unsigned(params.size());
  std::vector<unsigned> map(numCols());
  for (unsigned i = 0; i < cur.size(); ++i) {
    auto it = std::find(params.begin(), params.end(), cur[i]);
    if (it == params.end())
      throw SpaceError("parameter '" + cur[i] +
                       "' missing from the target list");
    map[i] = unsigned(it - params.begin());
  }
  unsigned shift = np - unsigned(cur.size());
  for (unsigned c = unsigned(cur.size()); c < numCols(); ++c)
    map[c] = c + shift;
  unsigned newCols = numCols() + shift;
  mutEqs() = remapColumns(mutEqs(), map, newCols);
  mutIneqs() = remapColumns(mutIneqs(), map, newCols);
  divNum_ = remapColumns(divNum_, map, newCols);
  space_ = space_.withParams(params);
}

std::vector<std::string> mergeParams(const std::vector<std::string> &a,
                                     const std::vector<std::string> &b) {
  std::vector<std::string> out = a;
  for (const std::string &p : b)
    if (std::find(out.begin(), out.end(), p) == out.end())
      out.push_back(p);
  return out;
}

void alignParams(BasicRelation &a, BasicRelation &b) {
  if (a.space().paramNames() == b.space().paramNames())
    return;
  std::vector<std::string> merged =
      mergeParams(a.space().paramNames(), b.space().paramNames());
  a.alignParams(merged);
  b.alignParams(merged);
}

void BasicRelation::markEmpty() {
  mutEqs().clear();
  mutIneqs().clear();
  std::vector<Int> contradiction(numCols());
  contradiction.back() = Int(-1);
  mutIneqs().appendRow(contradiction);
  obviouslyEmpty_ = true;
}

namespace {
/// A hash of row[0, nv) up to sign: the row is read with its first non-zero
/// coefficient positive, so a row and its negation hash alike.
uint64_t signlessRowHash(ConstRow row, unsigned nv) {
  bool neg = false;
  for (unsigned c = 0; c < nv; ++c) {
    int sg = row[c].sign();
    if (sg != 0) {
      neg = sg < 0;
      break;
    }
  }
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (unsigned c = 0; c < nv; ++c) {
    uint64_t v;
    if (row[c].isSmall()) {
      uint64_t x = uint64_t(row[c].getSmall());
      v = neg ? 0 - x : x;
    } else {
      // Big values (rare): the magnitude, so that the sign does not matter.
      // (A row holding INT64_MIN and its negation holding 2^63 may then
      // hash apart: a missed pairing only, never a wrong one.)
      v = uint64_t(abs(row[c]).hash());
    }
    // One multiply per entry (FNV-1a's step on whole words): collisions
    // only cost a comparison of the rows.
    h = (h ^ v) * 0x100000001b3ULL;
  }
  return h ^ (h >> 29);
}

/// Whether row i of a and row j of b have equal (or, with `negated`,
/// opposite) coefficients in [0, nv).
bool sameCoefficients(const Matrix &a, unsigned i, const Matrix &b, unsigned j,
                      unsigned nv, bool negated) {
  for (unsigned c = 0; c < nv; ++c) {
    const Int &x = a.at(i, c), &y = b.at(j, c);
    if (!negated) {
      if (x != y)
        return false;
    } else if (x.isSmall() && y.isSmall() && x.getSmall() != INT64_MIN &&
               y.getSmall() != INT64_MIN) {
      if (x.getSmall() != -y.getSmall())
        return false;
    } else if (x != -y) {
      return false;
    }
  }
  return true;
}
/// 1 when `a` and `b` have the same coefficients in [0, nv), -1 when
/// opposite ones, 0 otherwise (either for zero rows): one pass, which
/// usually stops at the first column.
int parallelism(ConstRow a, ConstRow b, unsigned nv) {
  bool same = true, opposite = true;
  for (unsigned c = 0; c < nv && (same || opposite); ++c) {
    const Int &x = a[c], &y = b[c];
    if (x.isSmall() && y.isSmall() && y.getSmall() != INT64_MIN) {
      same = same && x.getSmall() == y.getSmall();
      opposite = opposite && x.getSmall() == -y.getSmall();
    } else {
      same = same && x == y;
      opposite = opposite && x == -y;
    }
  }
  return same ? 1 : opposite ? -1 : 0;
}
} // namespace

namespace {

/// Divides each equality by the gcd of its coefficients and gives it the
/// canonical sign (first non-zero coefficient positive); drops 0 = 0.
/// False when an equality has no integer solution.
bool normalizeEqualityRows(Matrix &eqs, unsigned nv) {
  for (unsigned i = 0; i < eqs.numRows();) {
    Int g = eqs.normalizeRow(i, 0, nv);
    if (g.isZero()) {
      if (!eqs.at(i, nv).isZero())
        return false;
      eqs.removeRow(i);
      continue;
    }
    if (!mod(eqs.at(i, nv), g).isZero())
      return false;
    if (!g.isOne())
      eqs.at(i, nv) = divExact(eqs.at(i, nv), g);
    makeLeadingCoefficientPositive(eqs.row(i), nv);
    ++i;
  }
  return true;
}

/// Divides each inequality by the gcd of its coefficients, flooring the
/// constant (exact over the integers); drops the trivially true ones. False
/// on a trivially false one.
bool normalizeInequalityRows(Matrix &ineqs, unsigned nv) {
  for (unsigned i = 0; i < ineqs.numRows();) {
    Int g = ineqs.normalizeRow(i, 0, nv);
    if (g.isZero()) {
      if (ineqs.at(i, nv).isNegative())
        return false;
      ineqs.removeRow(i);
      continue;
    }
    if (!g.isOne())
      ineqs.at(i, nv) = floorDiv(ineqs.at(i, nv), g);
    ++i;
  }
  return true;
}

/// Rows a normalization keeps its scratch for on the stack.
constexpr unsigned kInlineRows = 32;
/// Pairs of rows (indices), a few of them on the stack.
using RowPairs =
    boost::container::small_vector<std::pair<unsigned, unsigned>, 8>;

/// Appends to `eqs` the equalities that the opposite inequality pairs
/// `pairs` (rows of `ineqs` that meet) make, in the lexicographic order of
/// the smaller of the two coefficient vectors, each with the canonical
/// sign.
void appendMergedEqualities(const Matrix &ineqs, RowPairs &pairs, Matrix &eqs,
                            unsigned nv) {
  auto lexLess = [&](unsigned r1, unsigned r2) {
    for (unsigned c = 0; c < nv; ++c)
      if (ineqs.at(r1, c) != ineqs.at(r2, c))
        return ineqs.at(r1, c) < ineqs.at(r2, c);
    return false;
  };
  for (auto &[i, j] : pairs)
    if (lexLess(j, i))
      std::swap(i, j);
  std::sort(pairs.begin(), pairs.end(), [&](const auto &x, const auto &y) {
    return lexLess(x.first, y.first);
  });
  for (auto &[i, j] : pairs) {
    std::vector<Int> eq(ineqs.row(i).begin(), ineqs.row(i).end());
    makeLeadingCoefficientPositive(Row(eq), nv);
    eqs.appendRow(eq);
  }
}

/// Among inequalities with the same coefficients keeps the tightest (the
/// first one on a tie), and turns each opposite pair that meets into an
/// equality (appended to `eqs`). False when an opposite pair leaves no
/// point. Rows are grouped by a hash of their coefficients up to sign, so
/// that duplicates and opposites fall in one group, and compared in place:
/// no allocation per row (this runs before every emptiness test).
bool mergeParallelInequalities(Matrix &ineqs, Matrix &eqs, unsigned nv) {
  unsigned m = ineqs.numRows();
  if (m <= 1)
    return true;
  struct Entry {
    uint64_t hash;
    unsigned row;
  };
  // On the stack for the common sizes: this runs on every piece built.
  boost::container::small_vector<Entry, kInlineRows> entries(m);
  for (unsigned i = 0; i < m; ++i)
    entries[i] = {signlessRowHash(ineqs.row(i), nv), i};
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
    return a.hash != b.hash ? a.hash < b.hash : a.row < b.row;
  });
  boost::container::small_vector<bool, kInlineRows> dropIneq(m, false);
  // Opposite pairs (i, j) that meet with equality, to become equalities.
  RowPairs pairs;
  for (unsigned g = 0; g < m;) {
    unsigned e = g + 1;
    while (e < m && entries[e].hash == entries[g].hash)
      ++e;
    if (e - g > 1) {
      // Duplicates: keep the tightest row (the first one on a tie).
      for (unsigned a = g; a < e; ++a) {
        unsigned i = entries[a].row;
        if (dropIneq[i])
          continue;
        for (unsigned b = a + 1; b < e; ++b) {
          unsigned j = entries[b].row;
          if (dropIneq[j] || !sameCoefficients(ineqs, i, ineqs, j, nv, false))
            continue;
          unsigned first = std::min(i, j), second = std::max(i, j);
          if (ineqs.at(second, nv) < ineqs.at(first, nv)) {
            dropIneq[first] = true;
            i = second;
          } else {
            dropIneq[second] = true;
            i = first;
          }
        }
      }
      // Opposites among the survivors.
      for (unsigned a = g; a < e; ++a) {
        unsigned i = entries[a].row;
        if (dropIneq[i])
          continue;
        for (unsigned b = a + 1; b < e; ++b) {
          unsigned j = entries[b].row;
          if (dropIneq[j] || !sameCoefficients(ineqs, i, ineqs, j, nv, true))
            continue;
          Int sum = ineqs.at(i, nv) + ineqs.at(j, nv);
          if (sum.isNegative())
            return false;
          if (sum.isZero()) {
            dropIneq[i] = dropIneq[j] = true;
            pairs.emplace_back(i, j);
          }
          break;
        }
      }
    }
    g = e;
  }
  appendMergedEqualities(ineqs, pairs, eqs, nv);
  unsigned kept = 0;
  for (unsigned i = 0; i < m; ++i) {
    if (dropIneq[i])
      continue;
    if (kept != i)
      ineqs.swapRows(kept, i);
    ++kept;
  }
  ineqs.resizeRows(kept);
  return true;
}

/// Drops repeated equalities (which have a canonical sign here). False when
/// two have the same coefficients and different constants.
bool dropRepeatedEqualities(Matrix &eqs, unsigned nv) {
  unsigned ne = eqs.numRows();
  if (ne <= 1)
    return true;
  boost::container::small_vector<bool, kInlineRows> dropEq(ne, false);
  for (unsigned i = 0; i < ne; ++i) {
    if (dropEq[i])
      continue;
    for (unsigned j = i + 1; j < ne; ++j) {
      if (dropEq[j] || !sameCoefficients(eqs, i, eqs, j, nv, false))
        continue;
      if (eqs.at(i, nv) != eqs.at(j, nv))
        return false;
      dropEq[j] = true;
    }
  }
  unsigned kept = 0;
  for (unsigned i = 0; i < ne; ++i) {
    if (dropEq[i])
      continue;
    if (kept != i)
      eqs.swapRows(kept, i);
    ++kept;
  }
  eqs.resizeRows(kept);
  return true;
}

} // namespace

bool BasicRelation::normalize() {
  if (obviouslyEmpty_)
    return false;
  // Rows normalized before and not written since: nothing would change (a
  // relation is normalized many times over on its way through simplify).
  if (normalized_) {
    WorkBudget::charge(1);
    return true;
  }
  // Charged before any row changes: a stop leaves the relation as it was.
  WorkBudget::chargeRows(numConstraints(), numCols());
  unsigned nv = numVars();
  if (!normalizeEqualityRows(mutEqs(), nv) ||
      !normalizeInequalityRows(mutIneqs(), nv) ||
      !mergeParallelInequalities(mutIneqs(), mutEqs(), nv) ||
      !dropRepeatedEqualities(mutEqs(), nv)) {
    markEmpty();
    return false;
  }
  normalized_ = true;
  return true;
}

bool BasicRelation::addInequalityNormalized(ConstRow row) {
  if (!normalized_ || obviouslyEmpty_) {
    addInequality(row);
    return normalize();
  }
  if (row.size() != numCols())
    throw InvalidArgument("inequality has the wrong number of columns");
  WorkBudget::chargeRows(numConstraints() + 1, numCols());
  // The stores are written directly: the rows stay normalized.
  Matrix &ineqs = ineqStore_;
  unsigned nv = numVars();
  ineqs.appendRow(row);
  unsigned r = ineqs.numRows() - 1;
  Int g = ineqs.normalizeRow(r, 0, nv);
  if (g.isZero()) { // 0 >= -c.
    if (ineqs.at(r, nv).isNegative()) {
      markEmpty();
      return false;
    }
    ineqs.removeRow(r);
    return true;
  }
  if (!g.isOne())
    ineqs.at(r, nv) = floorDiv(ineqs.at(r, nv), g);
  // Normalized, the other rows hold at most one row with the new row's
  // coefficients and one with the opposite ones.
  std::optional<unsigned> same, opposite;
  ConstRow added = ineqs.row(r);
  for (unsigned i = 0; i < r && !(same && opposite); ++i) {
    if (int kind = parallelism(ineqs.row(i), added, nv); kind > 0)
      same = i;
    else if (kind < 0)
      opposite = i;
  }
  if (same) {
    // Keep the tighter constant in the older row.
    if (ineqs.at(r, nv) < ineqs.at(*same, nv))
      ineqs.at(*same, nv) = ineqs.at(r, nv);
    ineqs.removeRow(r);
    r = *same;
  }
  if (!opposite)
    return true;
  Int sum = ineqs.at(r, nv) + ineqs.at(*opposite, nv);
  if (sum.isNegative()) {
    markEmpty();
    return false;
  }
  if (!sum.isZero())
    return true;
  // The two rows meet: one equality instead, unless already there.
  std::vector<Int> eq(ineqs.row(r).begin(), ineqs.row(r).end());
  makeLeadingCoefficientPositive(Row(eq), nv);
  ineqs.removeRow(std::max(r, *opposite));
  ineqs.removeRow(std::min(r, *opposite));
  eqStore_.appendRow(eq);
  if (!dropRepeatedEqualities(eqStore_, nv)) {
    markEmpty();
    return false;
  }
  return true;
}

bool BasicRelation::dropInequalitiesFixedByEqualities() {
  unsigned m = ineqs().numRows(), nv = numVars();
  if (m == 0 || eqs().numRows() == 0)
    return true;
  boost::container::small_vector<uint64_t, kInlineRows> hashes(m);
  for (unsigned i = 0; i < m; ++i)
    hashes[i] = signlessRowHash(ineqs().row(i), nv);
  boost::container::small_vector<bool, kInlineRows> drop(m, false);
  bool any = false;
  for (unsigned e = 0; e < eqs().numRows(); ++e) {
    uint64_t h = signlessRowHash(eqs().row(e), nv);
    for (unsigned i = 0; i < m; ++i) {
      if (hashes[i] != h || drop[i])
        continue;
      bool same = sameCoefficients(ineqs(), i, eqs(), e, nv, false);
      if (!same && !sameCoefficients(ineqs(), i, eqs(), e, nv, true))
        continue;
      // a.x + c = 0 holds, so the row is d - c (same coefficients) or
      // d + c (opposite ones) on every point.
      Int value = same ? ineqs().at(i, nv) - eqs().at(e, nv)
                       : ineqs().at(i, nv) + eqs().at(e, nv);
      if (value.isNegative()) {
        markEmpty();
        return false;
      }
      drop[i] = any = true;
    }
  }
  // Removing rows keeps them normalized.
  for (unsigned i = m; any && i-- > 0;)
    if (drop[i])
      removeInequality(i);
  return true;
}

bool BasicRelation::isRationallyEmpty() const {
  if (obviouslyEmpty_)
    return true;
  return Simplex(eqs(), ineqs()).isEmpty();
}

bool BasicRelation::isEmpty() const {
  if (obviouslyEmpty_)
    return true;
  if (std::optional<bool> fast = difference::isEmpty(eqs(), ineqs(), numVars()))
    return *fast;
  if (cheapWitness())
    return false;
  // Strides (i = 4e) on loop bounds: a difference system once the
  // equalities are substituted away.
  if (eqs().numRows() > 0)
    if (std::optional<bool> fast =
            difference::isEmptyAfterUnitSubstitution(eqs(), ineqs(), numVars()))
      return *fast;
  // Divisions that only their own defining rows mention always exist: the
  // sampler need not search their columns (a difference leaves many, the
  // subtrahend's divisions that none of its rows on the piece uses).
  if (numLocals() > 0) {
    BasicRelation lean = *this;
    dropFreeDivisions(lean);
    if (lean.numLocals() < numLocals())
      return !lean.findIntegerSample().has_value();
  }
  return !findIntegerSample().has_value();
}

namespace {
/// A variable's tightest single-variable bounds (rows a x + k >= 0 with one
/// non-zero coefficient), rounded to integers.
struct VarBounds {
  Int lo, hi;
  bool hasLo = false, hasHi = false, pivot = false;
};

std::vector<VarBounds> singleVariableBounds(const Matrix &ineqs, unsigned n) {
  std::vector<VarBounds> vars(n);
  for (unsigned i = 0; i < ineqs.numRows(); ++i) {
    ConstRow r = ineqs.row(i);
    unsigned var = n;
    for (unsigned c = 0; c < n; ++c) {
      if (r[c].isZero())
        continue;
      if (var != n) {
        var = n + 1; // Two variables: not a bound.
        break;
      }
      var = c;
    }
    if (var >= n)
      continue;
    VarBounds &v = vars[var];
    if (r[var].sign() > 0) {
      // a x + k >= 0 with a > 0: x >= ceil(-k / a).
      Int b = ceilDiv(-r[n], r[var]);
      if (!v.hasLo || v.lo < b) {
        v.lo = b;
        v.hasLo = true;
      }
    } else {
      // -a x + k >= 0 with a > 0: x <= floor(k / a).
      Int b = floorDiv(r[n], -r[var]);
      if (!v.hasHi || b < v.hi) {
        v.hi = b;
        v.hasHi = true;
      }
    }
  }
  return vars;
}
} // namespace

bool BasicRelation::boundsMidpointStrictlyInside() const {
  unsigned n = numVars();
  std::vector<VarBounds> vars = singleVariableBounds(ineqs(), n);
  for (const VarBounds &v : vars)
    if (!v.hasLo || !v.hasHi || !(v.lo < v.hi))
      return false;
  // Twice each row at the midpoint: sum a_c (lo_c + hi_c) + 2k > 0.
  for (unsigned r = 0; r < ineqs().numRows(); ++r) {
    ConstRow row = ineqs().row(r);
    Int v = row[n] + row[n];
    for (unsigned c = 0; c < n; ++c)
      if (!row[c].isZero())
        v += row[c] * (vars[c].lo + vars[c].hi);
    if (!v.isPositive())
      return false;
  }
  return true;
}

std::optional<std::vector<Int>> BasicRelation::boundCorner(bool upper) const {
  if (obviouslyEmpty_)
    return std::nullopt;
  unsigned n = numVars();
  std::vector<VarBounds> vars = singleVariableBounds(ineqs(), n);
  std::vector<Int> point(n);
  unsigned lo = offset(VarKind::Local), nl = numLocals();
  // A local with a division takes the division's value (the only one its
  // defining rows allow); it is computed below, from the other variables.
  for (unsigned c = 0; c < n; ++c) {
    if (c >= lo && hasDivDef(c - lo))
      continue;
    if (!(upper ? vars[c].hasHi : vars[c].hasLo))
      return std::nullopt;
    point[c] = upper ? vars[c].hi : vars[c].lo;
  }
  // Divisions of divisions: each pass computes those whose numerator reads
  // only values known (i mod 4 = 0: e = floor(i / 4) once i is).
  std::vector<bool> known(nl);
  for (unsigned k = 0; k < nl; ++k)
    known[k] = !hasDivDef(k);
  for (unsigned pass = 0; pass < nl; ++pass) {
    bool progress = false;
    for (unsigned k = 0; k < nl; ++k) {
      if (known[k])
        continue;
      ConstRow num = divNumerator(k);
      bool ready = true;
      for (unsigned j = 0; j < nl && ready; ++j)
        ready = known[j] || num[lo + j].isZero();
      if (!ready)
        continue;
      Int value = num[n];
      for (unsigned c = 0; c < n; ++c)
        if (!num[c].isZero())
          value += num[c] * point[c];
      point[lo + k] = floorDiv(value, divDenominator(k));
      known[k] = progress = true;
    }
    if (!progress)
      break;
  }
  if (std::find(known.begin(), known.end(), false) != known.end())
    return std::nullopt;
  if (!containsPoint(point))
    return std::nullopt;
  return point;
}

std::optional<std::vector<Int>> BasicRelation::cheapWitness() const {
  // Boxes and coupled boxes that start at their bounds contain the lower
  // corner; polygons around their centre contain the centre; strides and
  // lattices (i = 4e + 1, x0 = C x1 + 1) are met by solving the equality
  // for its unbounded unit variable.
  unsigned n = numVars();
  if (obviouslyEmpty_ || n == 0 || n > 64)
    return std::nullopt;
  std::vector<VarBounds> vars = singleVariableBounds(ineqs(), n);
  // One pivot per equality: a variable with coefficient +-1, not yet a
  // pivot, preferably without a bound of its own (i = 4e + 1 takes i).
  std::vector<unsigned> pivot;
  pivot.reserve(eqs().numRows());
  for (unsigned e = 0; e < eqs().numRows(); ++e) {
    ConstRow r = eqs().row(e);
    unsigned p = n;
    for (unsigned c = 0; c < n; ++c) {
      if (!(r[c].isOne() || r[c] == Int(-1)) || vars[c].pivot)
        continue;
      if (p == n || (!vars[c].hasLo && !vars[c].hasHi))
        p = c;
      if (!vars[c].hasLo && !vars[c].hasHi)
        break;
    }
    if (p == n)
      return std::nullopt; // An equality we cannot meet cheaply.
    vars[p].pivot = true;
    pivot.push_back(p);
  }
  std::vector<Int> point(n);
  auto solvePivots = [&]() {
    // Pivots may depend on one another: each pass fixes one more level.
    for (unsigned pass = 0; pass < pivot.size(); ++pass)
      for (unsigned e = 0; e < pivot.size(); ++e) {
        ConstRow r = eqs().row(e);
        unsigned p = pivot[e];
        Int rest = r[n];
        for (unsigned c = 0; c < n; ++c)
          if (c != p && !r[c].isZero())
            rest += r[c] * point[c];
        point[p] = r[p].isOne() ? -rest : rest;
      }
  };
  auto tryPoint = [&]() {
    solvePivots();
    return containsPoint(point);
  };
  auto setLowerCorner = [&]() {
    for (unsigned c = 0; c < n; ++c) {
      const VarBounds &v = vars[c];
      point[c] = v.hasLo ? v.lo : v.hasHi && v.hi.isNegative() ? v.hi : Int(0);
    }
  };
  // The lower corner, then, without equalities, the middle of the
  // variables' ranges (polygons around their centre; strides and tiles go
  // to the raise passes below first, where the middle fails).
  auto setMiddle = [&]() {
    bool moved = false;
    for (unsigned c = 0; c < n; ++c) {
      const VarBounds &v = vars[c];
      if (v.hasLo && v.hasHi && v.lo < v.hi) {
        point[c] = floorDiv(v.lo + v.hi, Int(2));
        moved = true;
      }
    }
    return moved;
  };
  setLowerCorner();
  if (tryPoint())
    return point;
  bool middleTried = pivot.empty();
  if (middleTried) {
    if (setMiddle() && tryPoint())
      return point;
    setLowerCorner();
  }
  // The lower corner pushed up along the rows it violates: each violated
  // row raises its last variable with a positive coefficient (not a pivot)
  // just enough (tiles: n >= i + 1 and n >= 32 floor(i/32) + 32 give
  // n = 32 from i = 0). A few passes; the rows raised earlier may break.
  // A pivot is raised through the variables its equality gives it from
  // (n = 32m: raising m by one raises n by 32), one level deep: each
  // coefficient is the row's own plus, for each pivot in the row, the
  // pivot's coefficient times its dependence on that variable.
  std::vector<Int> through(n);
  for (unsigned pass = 0; pass < 3; ++pass) {
    bool raised = false;
    for (unsigned i = 0; i < ineqs().numRows(); ++i) {
      ConstRow r = ineqs().row(i);
      Int value = affineValue(r, point);
      if (!value.isNegative())
        continue;
      for (unsigned c = 0; c < n; ++c)
        through[c] = vars[c].pivot ? Int(0) : r[c];
      for (unsigned e = 0; e < pivot.size(); ++e) {
        unsigned p = pivot[e];
        if (r[p].isZero())
          continue;
        // x_p = -eq[p] * (sum over c != p of eq[c] x_c + k), eq[p] = +-1.
        ConstRow eq = eqs().row(e);
        for (unsigned c = 0; c < n; ++c)
          if (c != p && !vars[c].pivot && !eq[c].isZero())
            through[c] -= r[p] * eq[p] * eq[c];
      }
      unsigned last = n;
      for (unsigned c = 0; c < n; ++c)
        if (through[c].isPositive())
          last = c;
      if (last == n)
        continue;
      point[last] += ceilDiv(-value, through[last]);
      solvePivots();
      raised = true;
    }
    if (!raised)
      break;
    if (tryPoint())
      return point;
  }
  if (!middleTried) {
    setLowerCorner();
    if (setMiddle() && tryPoint())
      return point;
  }
  // The upper corner: a box cut by a lower bound on a combination of its
  // variables (512p + f >= 60000) keeps that corner.
  bool upper = false;
  for (unsigned c = 0; c < n; ++c) {
    const VarBounds &v = vars[c];
    upper = upper || v.hasHi;
    point[c] = v.hasHi ? v.hi : v.hasLo && v.lo.isPositive() ? v.lo : Int(0);
  }
  if (upper && tryPoint())
    return point;
  return std::nullopt;
}

bool BasicRelation::containsPoint(ConstRow point) const {
  if (point.size() != numVars())
    throw InvalidArgument("point has the wrong number of coordinates");
  for (unsigned i = 0; i < eqs().numRows(); ++i)
    if (!affineValue(eqs().row(i), point).isZero())
      return false;
  for (unsigned i = 0; i < ineqs().numRows(); ++i)
    if (affineValue(ineqs().row(i), point).isNegative())
      return false;
  return true;
}

BasicRelation BasicRelation::intersect(const BasicRelation &other) const {
  return withAlignedParams(
      *this, other, [](const BasicRelation &a, const BasicRelation &b) {
        if (!a.space_.sameTuples(b.space_))
          throw SpaceError("intersect of objects in different spaces: " +
                           a.space_.toString() + " and " + b.space_.toString());
        if (a.obviouslyEmpty_ || b.obviouslyEmpty_) {
          BasicRelation out = a;
          out.markEmpty();
          return out;
        }
        // Columns [params|dims|a's locals|b's locals|const], built once with
        // room for both operands' rows (no copy of either to grow).
        unsigned lo = a.offset(VarKind::Local), aLocals = a.numLocals_,
                 numLocals = aLocals + b.numLocals_, cols = lo + numLocals + 1;
        BasicRelation out(a.space_);
        out.numLocals_ = numLocals;
        out.mutEqs() = Matrix(0, cols);
        out.mutIneqs() = Matrix(0, cols);
        out.mutEqs().reserveRows(a.eqs().numRows() + b.eqs().numRows());
        out.mutIneqs().reserveRows(a.ineqs().numRows() + b.ineqs().numRows());
        out.divNum_ = Matrix(0, cols);
        out.divNum_.reserveRows(numLocals);
        // Appends the rows of `from` to `to`, locals moved by `shift` columns.
        auto append = [&](const Matrix &from, unsigned shift, Matrix &to) {
          unsigned base = to.numRows(), width = from.numColumns();
          to.resizeRows(base + from.numRows());
          for (unsigned i = 0; i < from.numRows(); ++i) {
            ConstRow src = from.row(i);
            Row dst = to.row(base + i);
            std::copy(src.begin(), src.begin() + lo, dst.begin());
            std::copy(src.begin() + lo, src.begin() + width - 1,
                      dst.begin() + lo + shift);
            dst.back() = src.back();
          }
        };
        append(a.eqs(), 0, out.mutEqs());
        append(b.eqs(), aLocals, out.mutEqs());
        append(a.ineqs(), 0, out.mutIneqs());
        append(b.ineqs(), aLocals, out.mutIneqs());
        append(a.divNum_, 0, out.divNum_);
        append(b.divNum_, aLocals, out.divNum_);
        out.divDen_.reserve(numLocals);
        out.divDen_.insert(out.divDen_.end(), a.divDen_.begin(),
                           a.divDen_.end());
        out.divDen_.insert(out.divDen_.end(), b.divDen_.begin(),
                           b.divDen_.end());
        return out;
      });
}

void BasicRelation::appendMapped(const BasicRelation &src,
                                 const std::vector<unsigned> &map) {
  unsigned srcLo = src.offset(VarKind::Local);
  if (map.size() != srcLo)
    throw InvalidArgument("appendMapped: map has the wrong size");
  if (src.obviouslyEmpty_) {
    markEmpty();
    return;
  }
  unsigned first = numLocals_;
  insertVars(VarKind::Local, numLocals_, src.numLocals_);
  unsigned dstLo = offset(VarKind::Local);
  // Writes the mapped `row` into `out`, a row of zeros.
  auto mapRow = [&](ConstRow row, Row out) {
    for (unsigned c = 0; c < srcLo; ++c)
      if (!row[c].isZero())
        out[map[c]] += row[c];
    for (unsigned k = 0; k < src.numLocals_; ++k)
      out[dstLo + first + k] = row[srcLo + k];
    out.back() = row[src.numVars()];
  };
  // The rows are written in place (no temporary vector per row).
  auto appendAll = [&](Matrix &dst, const Matrix &from) {
    unsigned base = dst.numRows();
    dst.resizeRows(base + from.numRows());
    for (unsigned i = 0; i < from.numRows(); ++i)
      mapRow(from.row(i), dst.row(base + i));
  };
  appendAll(mutEqs(), src.eqs());
  appendAll(mutIneqs(), src.ineqs());
  for (unsigned k = 0; k < src.numLocals_; ++k)
    if (src.hasDivDef(k)) {
      std::vector<Int> def(numCols());
      mapRow(src.divNum_.row(k), def);
      setDivDef(first + k, def, src.divDen_[k]);
    }
}

std::string BasicRelation::dump() const {
  std::ostringstream os;
  os << space_.toString() << " locals=" << numLocals_
     << (obviouslyEmpty_ ? " (empty)" : "") << "\n";
  os << "eqs:\n" << eqs().toString() << "ineqs:\n" << ineqs().toString();
  for (unsigned k = 0; k < numLocals_; ++k)
    if (hasDivDef(k)) {
      os << "div" << k << " = floor((";
      for (unsigned c = 0; c < numCols(); ++c)
        os << (c ? " " : "") << divNum_.at(k, c);
      os << ") / " << divDen_[k] << ")\n";
    }
  return os.str();
}

} // namespace presburger
