//===- LiftedSpace.cpp - Disjuncts over common divisions ------------------===//
#include "hulls/LiftedSpace.h"
#include "basic/RowAccess.h"
#include "hulls/IntegerAffineHull.h"

#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"

#include <algorithm>

namespace presburger::hulls {

bool gaussEliminate(BasicRelation &b) {
  if (!b.normalize())
    return false;
  Matrix &eqs = mutableEqualities(b);
  Matrix &ineqs = mutableInequalities(b);
  unsigned nv = b.numVars(), m = eqs.numRows();
  auto eliminate = [&](Matrix &rows, unsigned r, unsigned pivotRow,
                       unsigned col) {
    Int a = eqs.at(pivotRow, col), c = rows.at(r, col);
    Int g = gcd(a, c);
    Int fa = divExact(a, g), fc = divExact(c, g);
    for (unsigned k = 0; k <= nv; ++k) {
      Int v = fa * rows.at(r, k);
      if (!eqs.at(pivotRow, k).isZero())
        v -= fc * eqs.at(pivotRow, k);
      rows.at(r, k) = std::move(v);
    }
  };
  unsigned done = 0;
  for (unsigned col = nv; col-- > 0 && done < m;) {
    unsigned k = done;
    while (k < m && eqs.at(k, col).isZero())
      ++k;
    if (k == m)
      continue;
    eqs.swapRows(k, done);
    if (eqs.at(done, col).isNegative())
      for (unsigned c = 0; c <= nv; ++c)
        eqs.at(done, c).negate();
    for (unsigned r = 0; r < m; ++r)
      if (r != done && !eqs.at(r, col).isZero())
        eliminate(eqs, r, done, col);
    for (unsigned r = 0; r < ineqs.numRows(); ++r)
      if (!ineqs.at(r, col).isZero())
        eliminate(ineqs, r, done, col);
    ++done;
  }
  return b.normalize();
}

namespace {

/// Order of the locals such that each definition only uses earlier ones.
std::vector<unsigned> definitionOrder(const LocalPiece &p, unsigned base) {
  unsigned n = unsigned(p.divDen.size());
  std::vector<unsigned> order;
  std::vector<bool> done(n, false);
  while (order.size() < n) {
    bool progress = false;
    for (unsigned k = 0; k < n; ++k) {
      if (done[k])
        continue;
      bool ready = true;
      for (unsigned j = 0; j < n && ready; ++j)
        if (!done[j] && j != k && !p.divNum[k][base + j].isZero())
          ready = false;
      if (!ready)
        continue;
      done[k] = true;
      order.push_back(k);
      progress = true;
    }
    if (!progress)
      throw InvalidArgument("cyclic division definitions");
  }
  return order;
}

} // namespace

LocalPiece localPieceOf(const BasicRelation &b) {
  LocalPiece p;
  p.eqs = b.equalities();
  p.ineqs = b.inequalities();
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (!b.hasDivDef(k))
      throw InvalidArgument("localPieceOf: local without a definition");
    p.divNum.emplace_back(b.divNumerator(k).begin(), b.divNumerator(k).end());
    p.divDen.push_back(b.divDenominator(k));
  }
  return p;
}

std::vector<LocalPiece> detectedPieces(const Relation &r) {
  std::vector<LocalPiece> out;
  for (const BasicRelation &d : r.disjuncts()) {
    BasicRelation b = d;
    if (!b.simplifyLocals())
      continue;
    std::vector<BasicRelation> parts;
    if (b.divisionOrder())
      parts.push_back(std::move(b));
    else
      parts = b.computeDivs();
    // Each part is taken to its affine hull and Gauss-eliminated; that can
    // turn division definitions cyclic or make the constraints stop
    // defining a division, and such a part has its divisions computed
    // again (a few rounds at most).
    std::vector<std::pair<BasicRelation, unsigned>> work;
    for (BasicRelation &p : parts)
      work.emplace_back(std::move(p), 0u);
    while (!work.empty()) {
      auto [p, round] = std::move(work.back());
      work.pop_back();
      if (p.isObviouslyEmpty())
        continue;
      std::optional<AffineHullResult> ah = integerAffineHull(p);
      if (!ah)
        continue;
      for (unsigned i = 0; i < ah->equalities.numRows(); ++i)
        if (!inRowSpace(p.equalities(), ah->equalities.row(i)))
          p.addEquality(ah->equalities.row(i));
      if (!gaussEliminate(p) || !p.simplifyLocals())
        continue;
      if (!(p.allLocalsDefined() || p.detectDivDefinitions()) ||
          !p.divisionOrder()) {
        if (round >= 3)
          throw UnboundedError("cannot express the existential variables of " +
                               p.toString() + " as floor divisions");
        for (BasicRelation &q : p.computeDivs())
          work.emplace_back(std::move(q), round + 1);
        continue;
      }
      p.setSpace(r.space());
      out.push_back(localPieceOf(p));
    }
  }
  return out;
}

Space plainSpace(unsigned n) { return Space::set({}, Tuple(n)); }

Lifted alignDivisions(const Space &space, const std::vector<LocalPiece> &pieces) {
  unsigned base = space.offset(VarKind::Local);
  struct CommonDiv {
    std::vector<Int> num; // base + index + 1 entries.
    Int den;
  };
  std::vector<CommonDiv> common;
  std::vector<std::vector<unsigned>> maps(pieces.size());
  for (size_t pi = 0; pi < pieces.size(); ++pi) {
    const LocalPiece &p = pieces[pi];
    unsigned nl = unsigned(p.divDen.size());
    std::vector<unsigned> &map = maps[pi];
    map.assign(nl, 0);
    for (unsigned k : definitionOrder(p, base)) {
      std::vector<Int> num(base + common.size() + 1);
      for (unsigned c = 0; c < base; ++c)
        num[c] = p.divNum[k][c];
      for (unsigned j = 0; j < nl; ++j)
        if (!p.divNum[k][base + j].isZero())
          num[base + map[j]] += p.divNum[k][base + j];
      num.back() = p.divNum[k][base + nl];
      Int den = p.divDen[k];
      Int g = gcd(rowGcd(ConstRow(num)), den);
      if (!g.isOne()) {
        for (Int &v : num)
          v = divExact(v, g);
        den = divExact(den, g);
      }
      // Look for the same definition among the common divisions.
      int found = -1;
      for (size_t d = 0; d < common.size() && found < 0; ++d) {
        if (common[d].den != den)
          continue;
        const std::vector<Int> &cn = common[d].num;
        unsigned w = base + unsigned(d); // Variable columns of cn.
        bool same = cn.back() == num.back();
        for (unsigned c = 0; c < num.size() - 1 && same; ++c)
          same = c < w ? cn[c] == num[c] : num[c].isZero();
        if (same)
          found = int(d);
      }
      if (found >= 0) {
        map[k] = unsigned(found);
        continue;
      }
      map[k] = unsigned(common.size());
      common.push_back({std::move(num), std::move(den)});
    }
  }
  Lifted out{BasicRelation(space), {}};
  for (const CommonDiv &d : common)
    out.model.addDivLocal(d.num, d.den);
  unsigned n = out.model.numVars();
  // Defining rows of each common division over the n + 1 columns.
  auto defRows = [&](unsigned d) {
    std::vector<Int> lower(n + 1);
    for (unsigned c = 0; c < base + d; ++c)
      lower[c] = common[d].num[c];
    lower[n] = common[d].num.back();
    lower[base + d] = -common[d].den;
    std::vector<Int> upper(n + 1);
    for (unsigned c = 0; c <= n; ++c)
      upper[c] = -lower[c];
    upper[n] += common[d].den - Int(1);
    return std::make_pair(lower, upper);
  };
  for (size_t pi = 0; pi < pieces.size(); ++pi) {
    const LocalPiece &p = pieces[pi];
    unsigned nl = unsigned(p.divDen.size());
    auto mapRow = [&](ConstRow row) {
      std::vector<Int> out(n + 1);
      for (unsigned c = 0; c < base; ++c)
        out[c] = row[c];
      for (unsigned j = 0; j < nl; ++j)
        if (!row[base + j].isZero())
          out[base + maps[pi][j]] += row[base + j];
      out[n] = row[base + nl];
      return out;
    };
    BasicRelation u(plainSpace(n));
    for (unsigned i = 0; i < p.eqs.numRows(); ++i)
      u.addEquality(mapRow(p.eqs.row(i)));
    for (unsigned i = 0; i < p.ineqs.numRows(); ++i)
      u.addInequality(mapRow(p.ineqs.row(i)));
    std::vector<bool> own(common.size(), false);
    for (unsigned j = 0; j < nl; ++j)
      own[maps[pi][j]] = true;
    for (unsigned d = 0; d < common.size(); ++d) {
      if (own[d])
        continue;
      auto [lower, upper] = defRows(d);
      u.addInequality(lower);
      u.addInequality(upper);
    }
    out.pieces.push_back(std::move(u));
  }
  return out;
}

BasicRelation overlay(const BasicRelation &model, const Matrix &eqs,
                      const Matrix &ineqs) {
  BasicRelation out = model;
  for (unsigned i = 0; i < eqs.numRows(); ++i)
    out.addEquality(eqs.row(i));
  for (unsigned i = 0; i < ineqs.numRows(); ++i)
    out.addInequality(ineqs.row(i));
  return out;
}

void mergeDuplicateDivs(BasicRelation &b) {
  unsigned lo = b.offset(VarKind::Local);
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned k = 0; k < b.numLocals() && !changed; ++k) {
      if (!b.hasDivDef(k))
        continue;
      for (unsigned l = k + 1; l < b.numLocals() && !changed; ++l) {
        if (!b.hasDivDef(l) || b.divDenominator(l) != b.divDenominator(k))
          continue;
        ConstRow nk = b.divNumerator(k), nl = b.divNumerator(l);
        if (!std::equal(nk.begin(), nk.end(), nl.begin()))
          continue;
        // Local l equals local k: move its column onto k's.
        unsigned ck = lo + k, cl = lo + l;
        auto fold = [&](Matrix &m) {
          for (unsigned r = 0; r < m.numRows(); ++r)
            if (!m.at(r, cl).isZero()) {
              m.at(r, ck) += m.at(r, cl);
              m.at(r, cl) = Int(0);
            }
        };
        fold(mutableEqualities(b));
        fold(mutableInequalities(b));
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

void dropFreeDivs(BasicRelation &b) {
  unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
  // The defining inequality of local k as normalize() leaves it.
  auto normalized = [&](std::vector<Int> row) {
    Int g = rowGcd(ConstRow(row).first(nv));
    if (!g.isZero() && !g.isOne()) {
      for (unsigned c = 0; c < nv; ++c)
        row[c] = divExact(row[c], g);
      row[nv] = floorDiv(row[nv], g);
    }
    return row;
  };
  for (unsigned k = b.numLocals(); k-- > 0;) {
    // A dropped division removes a column: the count must follow.
    nv = b.numVars();
    if (!b.hasDivDef(k))
      continue;
    unsigned col = lo + k;
    bool used = false;
    for (unsigned i = 0; i < b.numEqualities() && !used; ++i)
      used = !b.equality(i)[col].isZero();
    for (unsigned d = 0; d < b.numLocals() && !used; ++d)
      used = d != k && b.hasDivDef(d) && !b.divNumerator(d)[col].isZero();
    if (used)
      continue;
    std::vector<Int> lower(b.divNumerator(k).begin(), b.divNumerator(k).end());
    lower[col] = -b.divDenominator(k);
    std::vector<Int> upper(lower.size());
    for (size_t c = 0; c < lower.size(); ++c)
      upper[c] = -lower[c];
    upper.back() += b.divDenominator(k) - Int(1);
    lower = normalized(lower);
    upper = normalized(upper);
    std::vector<unsigned> rows;
    bool onlyDefinition = true;
    for (unsigned i = 0; i < b.numInequalities() && onlyDefinition; ++i) {
      ConstRow r = b.inequality(i);
      if (r[col].isZero())
        continue;
      onlyDefinition = std::equal(r.begin(), r.end(), lower.begin()) ||
                       std::equal(r.begin(), r.end(), upper.begin());
      rows.push_back(i);
    }
    if (!onlyDefinition)
      continue;
    for (unsigned i = unsigned(rows.size()); i-- > 0;)
      b.removeInequality(rows[i]);
    b.removeVarsRaw(VarKind::Local, k, 1);
  }
}

bool finishHull(BasicRelation &b) {
  if (!b.simplify())
    return false;
  dropFreeDivs(b);
  return true;
}
} // namespace presburger::hulls
