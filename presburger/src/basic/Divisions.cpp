//===- Divisions.cpp - Floor-division locals across relations ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "basic/Divisions.h"
#include "basic/RowAccess.h"
#include "core/Rows.h"

#include "presburger/Errors.h"

#include <algorithm>

namespace presburger {

//===----------------------------------------------------------------------===//
// The divisions of one relation (BasicRelation methods).
//===----------------------------------------------------------------------===//

std::array<std::vector<Int>, 2>
BasicRelation::divisionBounds(unsigned k) const {
  std::array<std::vector<Int>, 2> rows =
      definingRows(divNum_.row(k), divDen_[k], offset(VarKind::Local) + k);
  for (std::vector<Int> &r : rows)
    tightenInequality(r);
  return rows;
}

int impliedDefiningRow(const std::array<std::vector<Int>, 2> &bounds,
                       ConstRow row) {
  for (int which = 0; which < 2; ++which) {
    const std::vector<Int> &def = bounds[which];
    if (std::equal(row.begin(), row.end() - 1, def.begin()) &&
        row.back() >= def.back())
      return which + 1;
  }
  return 0;
}

bool BasicRelation::allLocalsDefined() const {
  for (unsigned k = 0; k < numLocals_; ++k)
    if (!hasDivDef(k))
      return false;
  return true;
}

std::vector<unsigned> BasicRelation::divisionsOf(unsigned numCols) const {
  unsigned lo = offset(VarKind::Local);
  std::vector<unsigned> order;
  std::vector<bool> done(numLocals_, false);
  for (bool progress = true; progress;) {
    progress = false;
    for (unsigned k = 0; k < numLocals_; ++k) {
      if (done[k] || !hasDivDef(k))
        continue;
      bool ready = true;
      for (unsigned c = numCols; c < lo + numLocals_ && ready; ++c)
        if (!divNum_.at(k, c).isZero())
          ready = c >= lo && done[c - lo];
      if (!ready)
        continue;
      done[k] = true;
      order.push_back(k);
      progress = true;
    }
  }
  return order;
}

std::optional<std::vector<unsigned>> BasicRelation::divisionOrder() const {
  std::vector<unsigned> order = divisionsOf(offset(VarKind::Local));
  if (order.size() != numLocals_)
    return std::nullopt;
  return order;
}

void BasicRelation::reduceDivCoefficients() {
  unsigned lo = offset(VarKind::Local);
  unsigned cst = numVars();
  // Locals are in definition order: a definition uses only earlier locals,
  // and a change of variable of local k only touches later definitions.
  // Coefficients land in (-d/2, d/2], as isl keeps them.
  std::vector<std::pair<unsigned, Int>> constant; // local, its value
  for (unsigned k = 0; k < numLocals_; ++k) {
    if (!hasDivDef(k))
      continue;
    Int den = divDen_[k];
    bool allZero = true;
    for (unsigned c = 0; c <= cst; ++c) {
      if (c == lo + k)
        continue;
      Int a = divNum_.at(k, c);
      Int q = floorDiv(a, den);
      if (Int(2) * (a - q * den) > den)
        q += Int(1);
      if (!q.isZero()) {
        // floor((num + q*d*x)/d) = floor(num/d) + q*x: the old local is
        // the new one plus q*x wherever it occurs.
        divNum_.at(k, c) -= q * den;
        auto shift = [&](Matrix &m, unsigned from) {
          for (unsigned r = from; r < m.numRows(); ++r)
            if (!m.at(r, lo + k).isZero())
              m.at(r, c) += m.at(r, lo + k) * q;
        };
        shift(mutEqs(), 0);
        shift(mutIneqs(), 0);
        shift(divNum_, k + 1);
      }
      if (c != cst)
        allZero = allZero && divNum_.at(k, c).isZero();
    }
    if (allZero)
      constant.emplace_back(k, floorDiv(divNum_.at(k, cst), den));
  }
  // A division of a constant is that constant.
  for (size_t i = constant.size(); i-- > 0;) {
    auto [k, v] = constant[i];
    unsigned col = lo + k, last = numVars(); // columns shift as locals go
    auto fold = [&](Matrix &m) {
      for (unsigned r = 0; r < m.numRows(); ++r)
        if (!m.at(r, col).isZero()) {
          m.at(r, last) += m.at(r, col) * v;
          m.at(r, col) = Int(0);
        }
    };
    fold(mutEqs());
    fold(mutIneqs());
    fold(divNum_);
    removeVarsRaw(VarKind::Local, k, 1);
  }
}

void BasicRelation::canonicalizeLocals() {
  unsigned lo = offset(VarKind::Local);
  // A definition that uses its own local is a cycle of length one.
  auto dependsOn = [&](unsigned k, unsigned j) {
    return hasDivDef(k) && !divNum_.at(k, lo + j).isZero();
  };
  // Topological order; a definition whose dependencies never resolve sits
  // on a cycle and is forgotten, then the order is recomputed.
  std::vector<unsigned> order;
  while (true) {
    order.clear();
    std::vector<bool> placed(numLocals_, false);
    bool progress = true;
    while (progress) {
      progress = false;
      for (unsigned k = 0; k < numLocals_; ++k) {
        if (placed[k])
          continue;
        bool ready = true;
        for (unsigned j = 0; j < numLocals_ && ready; ++j)
          if (!placed[j] && dependsOn(k, j))
            ready = false;
        if (ready) {
          placed[k] = true;
          order.push_back(k);
          progress = true;
        }
      }
    }
    if (order.size() == numLocals_)
      break;
    for (unsigned k = 0; k < numLocals_; ++k)
      if (!placed[k]) {
        setDivDef(k, {}, Int(0));
        break;
      }
  }
  // Reorder the locals into that order (a permutation of columns and of
  // the definition table).
  bool identity = true;
  for (unsigned i = 0; i < order.size(); ++i)
    identity = identity && order[i] == i;
  if (!identity) {
    std::vector<unsigned> map(numCols());
    for (unsigned c = 0; c < numCols(); ++c)
      map[c] = c;
    for (unsigned i = 0; i < order.size(); ++i)
      map[lo + order[i]] = lo + i;
    auto permute = [&](Matrix &m) {
      Matrix out(m.numRows(), m.numColumns());
      for (unsigned r = 0; r < m.numRows(); ++r)
        for (unsigned c = 0; c < m.numColumns(); ++c)
          out.at(r, map[c]) = m.at(r, c);
      m = std::move(out);
    };
    permute(mutEqs());
    permute(mutIneqs());
    permute(divNum_);
    Matrix defs(numLocals_, numCols());
    std::vector<Int> dens(numLocals_);
    for (unsigned i = 0; i < order.size(); ++i) {
      std::copy(divNum_.row(order[i]).begin(), divNum_.row(order[i]).end(),
                defs.row(i).begin());
      dens[i] = divDen_[order[i]];
    }
    divNum_ = std::move(defs);
    divDen_ = std::move(dens);
  }
  reduceDivCoefficients();
  // The locals are in definition order now, so merging into the first of
  // two identical divisions keeps it.
  mergeDuplicateDivisions(*this);
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
      for (unsigned e = 0; e < eqs().numRows(); ++e) {
        Int d = eqs().at(e, col);
        if (d.isZero() || !usable(eqs().row(e)))
          continue;
        std::vector<Int> num(eqs().row(e).begin(), eqs().row(e).end());
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
      for (unsigned i = 0; i < ineqs().numRows() && !hasDivDef(k); ++i) {
        Int d = -ineqs().at(i, col);
        if (!d.isPositive() || !usable(ineqs().row(i)))
          continue;
        for (unsigned j = 0; j < ineqs().numRows(); ++j) {
          if (j == i || ineqs().at(j, col) != d)
            continue;
          bool opposite = true;
          for (unsigned c = 0; c < numVars() && opposite; ++c)
            if (c != col && ineqs().at(i, c) != -ineqs().at(j, c))
              opposite = false;
          if (!opposite)
            continue;
          Int slack = ineqs().at(i, numVars()) + ineqs().at(j, numVars());
          if (slack.isNegative() || slack >= d)
            continue;
          std::vector<Int> num(ineqs().row(i).begin(), ineqs().row(i).end());
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

//===----------------------------------------------------------------------===//
// Divisions across relations.
//===----------------------------------------------------------------------===//

std::array<std::vector<Int>, 2> definingRows(ConstRow num, const Int &den,
                                             unsigned col) {
  std::vector<Int> upperOfQ(num.begin(), num.end());
  upperOfQ[col] = -den;
  std::vector<Int> lowerOfQ(upperOfQ.size());
  for (size_t c = 0; c < upperOfQ.size(); ++c)
    lowerOfQ[c] = -upperOfQ[c];
  lowerOfQ.back() += den - Int(1);
  return {std::move(upperOfQ), std::move(lowerOfQ)};
}

bool sameDivision(const BasicRelation &a, unsigned k, const BasicRelation &b,
                  unsigned l) {
  if (!a.hasDivDef(k) || !b.hasDivDef(l) ||
      a.divDenominator(k) != b.divDenominator(l))
    return false;
  ConstRow x = a.divNumerator(k), y = b.divNumerator(l);
  return std::equal(x.begin(), x.end(), y.begin(), y.end());
}

std::optional<unsigned> findDivision(const BasicRelation &b, ConstRow num,
                                     const Int &den) {
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (!b.hasDivDef(k) || b.divDenominator(k) != den)
      continue;
    ConstRow d = b.divNumerator(k);
    if (std::equal(d.begin(), d.end(), num.begin(), num.end()))
      return k;
  }
  return std::nullopt;
}

std::vector<Int> LocalMap::mapRow(ConstRow row, unsigned width) const {
  std::vector<Int> out(width);
  mapRowInto(row, out);
  return out;
}

LocalMap importDivisions(BasicRelation &dst, const BasicRelation &src) {
  std::optional<std::vector<unsigned>> order = src.divisionOrder();
  if (!order)
    throw InvalidArgument("cyclic or missing division definitions");
  LocalMap map;
  map.firstLocal = src.offset(VarKind::Local);
  map.target.assign(src.numLocals(), 0);
  for (unsigned k : *order) {
    // The map already sends the locals this definition uses.
    std::vector<Int> num = map.mapRow(src.divNumerator(k), dst.numCols());
    const Int &den = src.divDenominator(k);
    if (std::optional<unsigned> same = findDivision(dst, num, den))
      map.target[k] = *same;
    else
      map.target[k] = dst.addDivLocal(num, den);
  }
  return map;
}

std::optional<AlignedDivisions>
AlignedDivisions::of(const std::vector<const BasicRelation *> &relations,
                     DivisionMatch match) {
  AlignedDivisions out;
  if (relations.empty())
    return out;
  unsigned lo = relations.front()->offset(VarKind::Local);
  unsigned maxDivs = 0;
  for (const BasicRelation *b : relations)
    maxDivs += b->numLocals();
  // Numerators are built over room for every division and trimmed at the
  // end.
  unsigned width = lo + maxDivs + 1;
  out.firstLocal_ = lo;
  for (const BasicRelation *b : relations) {
    std::optional<std::vector<unsigned>> order = b->divisionOrder();
    if (!order)
      return std::nullopt;
    LocalMap &map = out.maps_.emplace_back();
    map.firstLocal = lo;
    map.target.assign(b->numLocals(), 0);
    for (unsigned k : *order) {
      std::vector<Int> num = map.mapRow(b->divNumerator(k), width);
      Int den = b->divDenominator(k);
      if (match == DivisionMatch::UpToCommonFactor) {
        Int g = gcd(rowGcd(ConstRow(num)), den);
        if (!g.isOne()) {
          for (Int &v : num)
            v = divExact(v, g);
          den = divExact(den, g);
        }
      }
      unsigned d = 0;
      while (d < out.den_.size() && !(out.den_[d] == den && out.num_[d] == num))
        ++d;
      if (d == out.den_.size()) {
        out.num_.push_back(std::move(num));
        out.den_.push_back(std::move(den));
      }
      map.target[k] = d;
    }
  }
  unsigned nd = out.numDivisions();
  for (std::vector<Int> &v : out.num_) {
    Int c = v.back();
    v.resize(lo + nd + 1);
    v.back() = c;
  }
  return out;
}

std::vector<unsigned> AlignedDivisions::addedColumns(unsigned i) const {
  std::vector<bool> own(numDivisions(), false);
  for (unsigned d : maps_[i].target)
    own[d] = true;
  std::vector<unsigned> out;
  for (unsigned d = 0; d < numDivisions(); ++d)
    if (!own[d])
      out.push_back(firstLocal_ + d);
  return out;
}

void AlignedDivisions::liftedRows(const BasicRelation &b, unsigned i,
                                  Matrix &eqs, Matrix &ineqs) const {
  unsigned nc = firstLocal_ + numDivisions() + 1;
  const LocalMap &map = maps_[i];
  eqs = Matrix(0, nc);
  ineqs = Matrix(0, nc);
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    eqs.appendRow(map.mapRow(b.equality(e), nc));
  for (unsigned r = 0; r < b.numInequalities(); ++r)
    ineqs.appendRow(map.mapRow(b.inequality(r), nc));
  std::vector<bool> own(numDivisions(), false);
  for (unsigned d : map.target)
    own[d] = true;
  for (unsigned d = 0; d < numDivisions(); ++d) {
    if (own[d])
      continue;
    for (const std::vector<Int> &row :
         definingRows(num_[d], den_[d], firstLocal_ + d))
      ineqs.appendRow(row);
  }
}

BasicRelation AlignedDivisions::lift(const BasicRelation &b, unsigned i) const {
  BasicRelation out(b.space());
  out.insertVars(VarKind::Local, 0, numDivisions());
  Matrix eqs, ineqs;
  liftedRows(b, i, eqs, ineqs);
  for (unsigned e = 0; e < eqs.numRows(); ++e)
    out.addEquality(eqs.row(e));
  for (unsigned r = 0; r < ineqs.numRows(); ++r)
    out.addInequality(ineqs.row(r));
  for (unsigned d = 0; d < numDivisions(); ++d)
    out.setDivDef(d, num_[d], den_[d]);
  return out;
}

BasicRelation AlignedDivisions::liftAsPlainSet(const BasicRelation &b,
                                               unsigned i) const {
  BasicRelation out(Space::set({}, Tuple(firstLocal_ + numDivisions())));
  Matrix eqs, ineqs;
  liftedRows(b, i, eqs, ineqs);
  for (unsigned e = 0; e < eqs.numRows(); ++e)
    out.addEquality(eqs.row(e));
  for (unsigned r = 0; r < ineqs.numRows(); ++r)
    out.addInequality(ineqs.row(r));
  return out;
}

BasicRelation AlignedDivisions::model(const Space &space) const {
  BasicRelation out(space);
  for (unsigned d = 0; d < numDivisions(); ++d) {
    // The numerator over the columns so far: no later division.
    std::vector<Int> num(num_[d].begin(), num_[d].begin() + firstLocal_ + d);
    num.push_back(num_[d].back());
    out.addDivLocal(num, den_[d]);
  }
  return out;
}

namespace {
/// Adds column `from` into column `to` in every row of `m` and clears it.
void foldColumn(Matrix &m, unsigned from, unsigned to) {
  for (unsigned r = 0; r < m.numRows(); ++r)
    if (!m.at(r, from).isZero()) {
      m.at(r, to) += m.at(r, from);
      m.at(r, from) = Int(0);
    }
}
} // namespace

void mergeDuplicateDivisions(BasicRelation &b) {
  unsigned lo = b.offset(VarKind::Local);
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned k = 0; k < b.numLocals() && !changed; ++k) {
      for (unsigned l = k + 1; l < b.numLocals() && !changed; ++l) {
        if (!sameDivision(b, k, b, l))
          continue;
        // Local l equals local k: move its column onto k's.
        unsigned ck = lo + k, cl = lo + l;
        foldColumn(mutableEqualities(b), cl, ck);
        foldColumn(mutableInequalities(b), cl, ck);
        for (unsigned d = 0; d < b.numLocals(); ++d) {
          if (!b.hasDivDef(d) || b.divNumerator(d)[cl].isZero())
            continue;
          std::vector<Int> num(b.divNumerator(d).begin(),
                               b.divNumerator(d).end());
          num[ck] += num[cl];
          num[cl] = Int(0);
          Int den = b.divDenominator(d);
          b.setDivDef(d, num, den);
        }
        b.removeVarsRaw(VarKind::Local, l, 1);
        changed = true;
      }
    }
  }
  b.normalize();
}

bool inEqualityOrOtherDefinition(const BasicRelation &b, unsigned k) {
  unsigned col = b.offset(VarKind::Local) + k;
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    if (!b.equality(e)[col].isZero())
      return true;
  for (unsigned l = 0; l < b.numLocals(); ++l)
    if (l != k && b.hasDivDef(l) && !b.divNumerator(l)[col].isZero())
      return true;
  return false;
}

void dropFreeDivisions(BasicRelation &b) {
  unsigned lo = b.offset(VarKind::Local);
  for (unsigned k = b.numLocals(); k-- > 0;) {
    if (!b.hasDivDef(k))
      continue;
    unsigned col = lo + k;
    if (inEqualityOrOtherDefinition(b, k))
      continue;
    std::array<std::vector<Int>, 2> defs = b.divisionBounds(k);
    std::vector<unsigned> rows;
    bool onlyDefinition = true;
    for (unsigned i = 0; i < b.numInequalities() && onlyDefinition; ++i) {
      ConstRow r = b.inequality(i);
      if (r[col].isZero())
        continue;
      onlyDefinition = std::equal(r.begin(), r.end(), defs[0].begin()) ||
                       std::equal(r.begin(), r.end(), defs[1].begin());
      rows.push_back(i);
    }
    if (!onlyDefinition)
      continue;
    for (unsigned i = unsigned(rows.size()); i-- > 0;)
      b.removeInequality(rows[i]);
    b.removeVarsRaw(VarKind::Local, k, 1);
  }
}

} // namespace presburger
