//===- RationalPolyhedron.cpp - Polyhedra over the rationals --------------===//
#include "hulls/RationalPolyhedron.h"
#include "core/Rows.h"

#include "presburger/Fraction.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <iterator>
#include <map>

namespace presburger::hulls {

void canonicalEqualityRow(Row row) {
  scaleDownRow(row);
  makeLeadingCoefficientPositive(row, row.size() - 1);
}

Simplex simplexOf(const RatPoly &p) {
  Simplex s(p.n);
  for (unsigned i = 0; i < p.eqs.numRows() && !s.isEmpty(); ++i)
    s.addEquality(p.eqs.row(i));
  for (unsigned i = 0; i < p.ineqs.numRows() && !s.isEmpty(); ++i)
    s.addInequality(p.ineqs.row(i));
  return s;
}

bool isRationallyEmpty(const RatPoly &p) { return simplexOf(p).isEmpty(); }

namespace {

void setContradiction(RatPoly &p) {
  p.eqs = Matrix(0, p.n + 1);
  p.ineqs = Matrix(0, p.n + 1);
  std::vector<Int> row(p.n + 1);
  row.back() = Int(-1);
  p.ineqs.appendRow(row);
}

/// Keeps a maximal linearly independent subset of the rows.
Matrix independentRows(const Matrix &m) {
  Matrix kept(0, m.numColumns());
  for (unsigned i = 0; i < m.numRows(); ++i) {
    if (inRowSpace(kept, m.row(i)))
      continue;
    kept.appendRow(m.row(i));
  }
  return kept;
}

} // namespace

bool simplifyRational(RatPoly &p) {
  WorkBudget::charge(p.eqs.numRows() + p.ineqs.numRows() + 1);
  Simplex s = simplexOf(p);
  if (s.isEmpty()) {
    setContradiction(p);
    return false;
  }
  unsigned base = 2 * p.eqs.numRows();
  std::vector<bool> implicit(p.ineqs.numRows(), false);
  bool anyImplicit = false;
  for (unsigned i = 0; i < p.ineqs.numRows(); ++i)
    if (s.isImplicitEquality(base + i))
      implicit[i] = anyImplicit = true;
  Matrix eqs = p.eqs, ineqs(0, p.n + 1);
  for (unsigned i = 0; i < p.ineqs.numRows(); ++i) {
    if (implicit[i])
      eqs.appendRow(p.ineqs.row(i));
    else
      ineqs.appendRow(p.ineqs.row(i));
  }
  for (unsigned i = 0; i < eqs.numRows(); ++i)
    canonicalEqualityRow(eqs.row(i));
  unsigned oldEqs = p.eqs.numRows();
  p.eqs = independentRows(eqs);
  p.ineqs = std::move(ineqs);
  if (p.ineqs.numRows() == 0)
    return true;
  // The tableau's constraint indices must match the rows of p.
  bool rebuild = anyImplicit || p.eqs.numRows() != oldEqs;
  Simplex t = rebuild ? simplexOf(p) : std::move(s);
  base = 2 * p.eqs.numRows();
  t.detectRedundant(base, base + p.ineqs.numRows());
  Matrix kept(0, p.n + 1);
  for (unsigned i = 0; i < p.ineqs.numRows(); ++i)
    if (!t.isMarkedRedundant(base + i)) {
      kept.appendRow(p.ineqs.row(i));
      scaleDownRow(kept.row(kept.numRows() - 1));
    }
  p.ineqs = std::move(kept);
  return true;
}

bool isBoundedRational(const RatPoly &p) {
  Simplex s = simplexOf(p);
  return s.isBounded();
}

bool containsRational(const RatPoly &outer, const RatPoly &inner) {
  Simplex s = simplexOf(inner);
  if (s.isEmpty())
    return true;
  WorkBudget::charge(outer.eqs.numRows() + outer.ineqs.numRows());
  for (unsigned i = 0; i < outer.ineqs.numRows(); ++i)
    if (!s.isRedundantInequality(outer.ineqs.row(i)))
      return false;
  for (unsigned i = 0; i < outer.eqs.numRows(); ++i)
    if (!s.isRedundantEquality(outer.eqs.row(i)))
      return false;
  return true;
}

namespace {

using RowVec = std::vector<Int>;

/// An inequality during Fourier-Motzkin, with the (sorted) indices of the
/// input inequalities it was combined from.
struct FMRow {
  RowVec v;
  std::vector<unsigned> parents;
};

/// dst = a * dst + b * src over all entries.
void combineInto(RowVec &dst, const Int &a, const RowVec &src, const Int &b) {
  for (size_t c = 0; c < dst.size(); ++c) {
    Int v = a * dst[c];
    if (!src[c].isZero())
      v += b * src[c];
    dst[c] = std::move(v);
  }
}

bool linearPartZero(const RowVec &r) {
  for (size_t c = 0; c + 1 < r.size(); ++c)
    if (!r[c].isZero())
      return false;
  return true;
}

/// Keeps, among inequalities with parallel linear parts, only the
/// tightest; drops trivially true rows. Returns false on a trivially false
/// row.
bool pruneInequalities(std::vector<FMRow> &rows) {
  std::map<RowVec, std::pair<Fraction, size_t>> best;
  std::vector<FMRow> out;
  for (FMRow &r : rows) {
    scaleDownRow(Row(r.v));
    if (linearPartZero(r.v)) {
      if (r.v.back().isNegative())
        return false;
      continue;
    }
    RowVec lin(r.v.begin(), r.v.end() - 1);
    Int g = rowGcd(ConstRow(lin));
    for (Int &x : lin)
      x = divExact(x, g);
    Fraction c(r.v.back(), g);
    auto it = best.find(lin);
    if (it == best.end()) {
      best.emplace(std::move(lin), std::make_pair(c, out.size()));
      out.push_back(std::move(r));
    } else if (c < it->second.first) {
      it->second.first = c;
      out[it->second.second] = std::move(r);
    }
  }
  rows = std::move(out);
  return true;
}

} // namespace

RatPoly eliminateRational(RatPoly p, unsigned first, unsigned count) {
  unsigned n = p.n, nc = n + 1;
  std::vector<RowVec> eqs;
  std::vector<FMRow> ineqs;
  for (unsigned i = 0; i < p.eqs.numRows(); ++i)
    eqs.emplace_back(p.eqs.row(i).begin(), p.eqs.row(i).end());
  for (unsigned i = 0; i < p.ineqs.numRows(); ++i)
    ineqs.push_back({RowVec(p.ineqs.row(i).begin(), p.ineqs.row(i).end()),
                     {}});
  std::vector<bool> todo(n, false);
  for (unsigned v = first; v < first + count; ++v)
    todo[v] = true;
  auto result = [&](bool empty) {
    RatPoly out(n - count);
    if (empty) {
      setContradiction(out);
      return out;
    }
    auto shrink = [&](const RowVec &r) {
      RowVec s;
      for (unsigned c = 0; c < nc; ++c)
        if (c < first || c >= first + count)
          s.push_back(r[c]);
      return s;
    };
    for (const RowVec &r : eqs)
      out.eqs.appendRow(shrink(r));
    for (const FMRow &r : ineqs)
      out.ineqs.appendRow(shrink(r.v));
    return out;
  };
  // Chernikov's rule (a row combined from more than k + 1 rows, k
  // Fourier-Motzkin steps after the rows were taken as the input, is
  // redundant) is only valid on an unpruned elimination; every pruning of
  // redundant rows therefore restarts the count with the pruned rows as the
  // new input.
  unsigned steps = 0;
  size_t restartSize = 0;
  auto restart = [&]() -> bool {
    if (!pruneInequalities(ineqs))
      return false;
    if (ineqs.size() > 8) {
      RatPoly tmp(n);
      for (const RowVec &r : eqs)
        tmp.eqs.appendRow(r);
      for (const FMRow &r : ineqs)
        tmp.ineqs.appendRow(r.v);
      Simplex s = simplexOf(tmp);
      if (s.isEmpty())
        return false;
      unsigned base = 2 * unsigned(eqs.size());
      s.detectRedundant(base, base + unsigned(ineqs.size()));
      std::vector<FMRow> kept;
      for (size_t i = 0; i < ineqs.size(); ++i)
        if (!s.isMarkedRedundant(base + unsigned(i)))
          kept.push_back(std::move(ineqs[i]));
      ineqs = std::move(kept);
    }
    for (size_t i = 0; i < ineqs.size(); ++i)
      ineqs[i].parents = {unsigned(i)};
    steps = 0;
    restartSize = ineqs.size();
    return true;
  };
  if (!restart())
    return result(true);
  for (unsigned remaining = count; remaining > 0; --remaining) {
    WorkBudget::charge(uint64_t(eqs.size() + ineqs.size() + 1) * nc);
    // 1. An equality on a variable to eliminate: Gaussian elimination.
    int bestEq = -1;
    unsigned bestVar = 0;
    for (size_t e = 0; e < eqs.size(); ++e)
      for (unsigned v = 0; v < n; ++v)
        if (todo[v] && !eqs[e][v].isZero() &&
            (bestEq < 0 || abs(eqs[e][v]) < abs(eqs[size_t(bestEq)][bestVar]))) {
          bestEq = int(e);
          bestVar = v;
        }
    if (bestEq >= 0) {
      RowVec e = eqs[size_t(bestEq)];
      eqs.erase(eqs.begin() + bestEq);
      Int a = e[bestVar];
      Int absA = abs(a);
      auto eliminate = [&](RowVec &r) {
        if (r[bestVar].isZero())
          return;
        // |a| r - sign(a) r[v] e has a zero in column v.
        Int b = a.isNegative() ? r[bestVar] : -r[bestVar];
        combineInto(r, absA, e, b);
      };
      for (RowVec &r : eqs) {
        eliminate(r);
        scaleDownRow(Row(r));
      }
      for (FMRow &r : ineqs)
        eliminate(r.v);
      for (size_t i = eqs.size(); i-- > 0;)
        if (linearPartZero(eqs[i])) {
          if (!eqs[i].back().isZero())
            return result(true);
          eqs.erase(eqs.begin() + long(i));
        }
      todo[bestVar] = false;
      if (!restart())
        return result(true);
      continue;
    }
    // 2. Fourier-Motzkin on the variable with the fewest new rows.
    unsigned var = 0;
    long bestCost = 0;
    bool haveVar = false;
    for (unsigned v = 0; v < n; ++v) {
      if (!todo[v])
        continue;
      long pos = 0, neg = 0;
      for (const FMRow &r : ineqs) {
        int sg = r.v[v].sign();
        pos += sg > 0;
        neg += sg < 0;
      }
      long cost = pos * neg - pos - neg;
      if (!haveVar || cost < bestCost) {
        haveVar = true;
        bestCost = cost;
        var = v;
      }
    }
    ++steps;
    std::vector<FMRow> lower, upper, next;
    for (FMRow &r : ineqs) {
      int sg = r.v[var].sign();
      if (sg > 0)
        lower.push_back(std::move(r));
      else if (sg < 0)
        upper.push_back(std::move(r));
      else
        next.push_back(std::move(r));
    }
    WorkBudget::charge(uint64_t(lower.size()) * upper.size() * nc);
    for (const FMRow &l : lower)
      for (const FMRow &u : upper) {
        std::vector<unsigned> parents;
        std::set_union(l.parents.begin(), l.parents.end(), u.parents.begin(),
                       u.parents.end(), std::back_inserter(parents));
        if (parents.size() > steps + 1)
          continue;
        FMRow r{combineBounds(l.v, u.v, var), std::move(parents)};
        scaleDownRow(Row(r.v));
        if (linearPartZero(r.v)) {
          if (r.v.back().isNegative())
            return result(true);
          continue;
        }
        next.push_back(std::move(r));
      }
    ineqs = std::move(next);
    todo[var] = false;
    if (ineqs.size() > 2 * restartSize + 8 && !restart())
      return result(true);
  }
  return result(false);
}

Matrix affineHullOfGenerators(const Matrix &gens) {
  Matrix k = kernelRows(gens);
  for (unsigned i = 0; i < k.numRows(); ++i)
    canonicalEqualityRow(k.row(i));
  return k;
}
std::optional<RatPoly> latticeTightened(const BasicRelation &b) {
  unsigned n = b.numVars();
  RatPoly out(n);
  out.eqs = b.equalities();
  if (b.numEqualities() == 0) {
    out.ineqs = b.inequalities();
    return out;
  }
  std::optional<Compression> comp = compressEqualities(b.equalities());
  if (!comp)
    return std::nullopt;
  BasicRelation z(Space::set({}, Tuple(comp->dim())));
  Matrix rows = toCompressed(b.inequalities(), *comp);
  for (unsigned i = 0; i < rows.numRows(); ++i)
    z.addInequality(rows.row(i));
  if (!z.normalize())
    return std::nullopt;
  out.ineqs = fromCompressed(z.inequalities(), *comp);
  return out;
}
} // namespace presburger::hulls
