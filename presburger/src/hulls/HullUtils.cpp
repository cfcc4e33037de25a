//===- HullUtils.cpp - Shared machinery of the hull operations ------------===//
#include "hulls/HullUtils.h"
#include "basic/FuseCuts.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <iterator>
#include <map>

namespace presburger::hulls {

//===----------------------------------------------------------------------===//
// Rational polyhedra
//===----------------------------------------------------------------------===//

void scaleDownRow(Row row) {
  Int g = rowGcd(ConstRow(row.data(), row.size()));
  if (g.isZero() || g.isOne())
    return;
  for (Int &v : row)
    if (!v.isZero())
      v = divExact(v, g);
}

void canonicalEqualityRow(Row row) {
  scaleDownRow(row);
  for (size_t c = 0; c + 1 < row.size(); ++c) {
    int s = row[c].sign();
    if (s == 0)
      continue;
    if (s < 0)
      for (Int &v : row)
        v.negate();
    return;
  }
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
        FMRow r{l.v, std::move(parents)};
        combineInto(r.v, -u.v[var], u.v, l.v[var]);
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

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

Matrix kernelRows(const Matrix &m) {
  unsigned n = m.numColumns();
  Matrix out(0, n);
  if (m.numRows() == 0) {
    for (unsigned i = 0; i < n; ++i) {
      std::vector<Int> r(n);
      r[i] = Int(1);
      out.appendRow(r);
    }
    return out;
  }
  ColumnEchelon ce = columnEchelon(m);
  for (unsigned j = ce.rank; j < n; ++j) {
    std::vector<Int> r(n);
    for (unsigned i = 0; i < n; ++i)
      r[i] = ce.u.at(i, j);
    scaleDownRow(Row(r));
    out.appendRow(r);
  }
  return out;
}

bool inRowSpace(const Matrix &m, ConstRow row) {
  bool zero = true;
  for (const Int &v : row)
    zero = zero && v.isZero();
  if (zero)
    return true;
  if (m.numRows() == 0)
    return false;
  Matrix t = m;
  unsigned r0 = columnEchelon(m).rank;
  t.appendRow(row);
  return columnEchelon(t).rank == r0;
}

Matrix affineHullOfGenerators(const Matrix &gens) {
  Matrix k = kernelRows(gens);
  for (unsigned i = 0; i < k.numRows(); ++i)
    canonicalEqualityRow(k.row(i));
  return k;
}

std::optional<Compression> compressEqualities(const Matrix &eqs, unsigned n) {
  unsigned m = eqs.numRows();
  Matrix e(m, n);
  for (unsigned r = 0; r < m; ++r)
    for (unsigned c = 0; c < n; ++c)
      e.at(r, c) = eqs.at(r, c);
  ColumnEchelon ce = columnEchelon(e);
  // x = U y: H y = -const; the pivot rows fix y_0..y_{rank-1}, the other
  // rows must then hold.
  std::vector<Int> y(ce.rank);
  unsigned next = 0;
  for (unsigned r = 0; r < m; ++r) {
    Int rhs = -eqs.at(r, n);
    for (unsigned j = 0; j < next; ++j)
      if (!ce.h.at(r, j).isZero())
        rhs -= ce.h.at(r, j) * y[j];
    if (next < ce.rank && ce.pivotRows[next] == r) {
      const Int &p = ce.h.at(r, next);
      if (!mod(rhs, p).isZero())
        return std::nullopt;
      y[next] = divExact(rhs, p);
      ++next;
    } else if (!rhs.isZero()) {
      return std::nullopt;
    }
  }
  Compression c;
  c.origin.assign(n, Int(0));
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < ce.rank; ++j)
      if (!y[j].isZero())
        c.origin[i] += ce.u.at(i, j) * y[j];
  unsigned k = n - ce.rank;
  c.basis = Matrix(n, k);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < k; ++j)
      c.basis.at(i, j) = ce.u.at(i, ce.rank + j);
  Matrix inv = inverseUnimodular(ce.u);
  c.leftInverse = Matrix(k, n);
  for (unsigned j = 0; j < k; ++j)
    for (unsigned i = 0; i < n; ++i)
      c.leftInverse.at(j, i) = inv.at(ce.rank + j, i);
  return c;
}

Matrix toCompressed(const Matrix &rows, const Compression &c) {
  unsigned n = c.basis.numRows(), k = c.dim();
  Matrix out(rows.numRows(), k + 1);
  for (unsigned r = 0; r < rows.numRows(); ++r) {
    Int cst = rows.at(r, n);
    for (unsigned i = 0; i < n; ++i) {
      const Int &a = rows.at(r, i);
      if (a.isZero())
        continue;
      if (!c.origin[i].isZero())
        cst += a * c.origin[i];
      for (unsigned j = 0; j < k; ++j)
        if (!c.basis.at(i, j).isZero())
          out.at(r, j) += a * c.basis.at(i, j);
    }
    out.at(r, k) = cst;
  }
  return out;
}

Matrix fromCompressed(const Matrix &rows, const Compression &c) {
  unsigned n = c.basis.numRows(), k = c.dim();
  Matrix out(rows.numRows(), n + 1);
  for (unsigned r = 0; r < rows.numRows(); ++r) {
    for (unsigned j = 0; j < k; ++j) {
      const Int &a = rows.at(r, j);
      if (a.isZero())
        continue;
      for (unsigned i = 0; i < n; ++i)
        if (!c.leftInverse.at(j, i).isZero())
          out.at(r, i) += a * c.leftInverse.at(j, i);
    }
    out.at(r, n) = rows.at(r, k);
  }
  return out;
}

std::optional<BasicRelation> coalescedToOne(const Relation &r) {
  if (r.numDisjuncts() < 2)
    return std::nullopt;
  // Split polyhedra first: no LP on pairs that fuse syntactically.
  std::vector<BasicRelation> live;
  for (const BasicRelation &d : r.disjuncts()) {
    BasicRelation b = d;
    if (b.normalize())
      live.push_back(std::move(b));
  }
  fuseAdjacentCuts(live);
  if (live.size() == 1)
    return live.front();
  if (live.empty())
    return std::nullopt;
  try {
    WorkBudget::Scope share(WorkBudget::left() / 2);
    Relation fused(r.space());
    for (BasicRelation &b : live)
      fused.addDisjunct(std::move(b));
    Relation c = fused.coalesce();
    if (c.numDisjuncts() == 1)
      return c.disjuncts().front();
  } catch (const LimitExceeded &) {
  }
  return std::nullopt;
}

bool gaussEliminate(BasicRelation &b) {
  if (!b.normalize())
    return false;
  Matrix &eqs = b.equalitiesMut();
  Matrix &ineqs = b.inequalitiesMut();
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

std::optional<RatPoly> latticeTightened(const BasicRelation &b) {
  unsigned n = b.numVars();
  RatPoly out(n);
  out.eqs = b.equalities();
  if (b.numEqualities() == 0) {
    out.ineqs = b.inequalities();
    return out;
  }
  std::optional<Compression> comp = compressEqualities(b.equalities(), n);
  if (!comp)
    return std::nullopt;
  BasicRelation z(plainSpace(comp->dim()));
  Matrix rows = toCompressed(b.inequalities(), *comp);
  for (unsigned i = 0; i < rows.numRows(); ++i)
    z.addInequality(rows.row(i));
  if (!z.normalize())
    return std::nullopt;
  out.ineqs = fromCompressed(z.inequalities(), *comp);
  return out;
}

//===----------------------------------------------------------------------===//
// Integer affine hull
//===----------------------------------------------------------------------===//

namespace {

bool satisfiesEqualities(const Matrix &eqs, const std::vector<Int> &point) {
  for (unsigned r = 0; r < eqs.numRows(); ++r) {
    Int v = eqs.at(r, unsigned(point.size()));
    for (unsigned c = 0; c < point.size(); ++c)
      if (!eqs.at(r, c).isZero())
        v += eqs.at(r, c) * point[c];
    if (!v.isZero())
      return false;
  }
  return true;
}

void appendPoint(Matrix &gens, const std::vector<Int> &point) {
  std::vector<Int> row(point);
  row.push_back(Int(1));
  gens.appendRow(row);
}

} // namespace

std::optional<AffineHullResult> integerAffineHull(const BasicRelation &b) {
  BasicRelation work = b;
  if (!work.normalize())
    return std::nullopt;
  std::optional<std::vector<Int>> p0 = work.findIntegerSample();
  if (!p0)
    return std::nullopt;
  unsigned n = work.numVars();
  AffineHullResult res;
  res.generators = Matrix(0, n + 1);
  appendPoint(res.generators, *p0);
  // Loop bounds and guards: a difference system is totally unimodular, so
  // its integer hull is the polyhedron itself; without implicit equalities
  // (no zero-weight cycle) its integer points span the whole space.
  if (work.numEqualities() == 0 &&
      difference::redundantInequalities(work.inequalities(), n)) {
    for (unsigned j = 0; j < n; ++j) {
      std::vector<Int> dir(n + 1);
      dir[j] = Int(1);
      res.generators.appendRow(dir);
    }
    res.equalities = Matrix(0, n + 1);
    return res;
  }
  // The same with strides: when the equalities can be substituted away
  // through unit coefficients (i = 4e), the remaining variables range over
  // the integer points of the tightened system, which span their whole
  // space when it is such a difference system; mapped back (an integral
  // affine injection) they span exactly the affine space of the
  // equalities.
  if (work.numEqualities() > 0)
    if (std::optional<difference::Substituted> sub =
            difference::substituteUnitEqualities(work.equalities(),
                                                 work.inequalities(), n))
      if (!sub->empty && difference::redundantInequalities(sub->ineqs, n)) {
        // The generators must span the integer lattice of the points, not
        // only their real span: one direction per free variable, with the
        // eliminated variables back-substituted (an integral basis of the
        // equalities' integer kernel).
        std::vector<bool> eliminated(n, false);
        for (const auto &el : sub->eliminated)
          eliminated[el.column] = true;
        for (unsigned j = 0; j < n; ++j) {
          if (eliminated[j])
            continue;
          std::vector<Int> dir(n + 1);
          dir[j] = Int(1);
          for (auto it = sub->eliminated.rbegin();
               it != sub->eliminated.rend(); ++it) {
            // eq . x = 0 on directions: x_col = -(rest) / eq[col].
            Int rest(0);
            for (unsigned c = 0; c < n; ++c)
              if (c != it->column && !it->equality[c].isZero())
                rest += it->equality[c] * dir[c];
            dir[it->column] = it->equality[it->column].isOne() ? -rest : rest;
          }
          res.generators.appendRow(dir);
        }
        res.equalities = affineHullOfGenerators(res.generators);
        return res;
      }
  // The recession cone: its affine hull (a linear space) lies in the
  // affine hull of the integer points of a non-empty set (Meyer's theorem:
  // the integer hull has the same recession cone).
  {
    RatPoly cone(n);
    for (unsigned i = 0; i < work.numEqualities(); ++i) {
      cone.eqs.appendRow(work.equality(i));
      cone.eqs.at(cone.eqs.numRows() - 1, n) = Int(0);
    }
    for (unsigned i = 0; i < work.numInequalities(); ++i) {
      cone.ineqs.appendRow(work.inequality(i));
      cone.ineqs.at(cone.ineqs.numRows() - 1, n) = Int(0);
    }
    simplifyRational(cone);
    Matrix lin(cone.eqs.numRows(), n);
    for (unsigned r = 0; r < cone.eqs.numRows(); ++r)
      for (unsigned c = 0; c < n; ++c)
        lin.at(r, c) = cone.eqs.at(r, c);
    Matrix dirs = kernelRows(lin);
    for (unsigned r = 0; r < dirs.numRows(); ++r) {
      std::vector<Int> row(dirs.row(r).begin(), dirs.row(r).end());
      row.push_back(Int(0));
      res.generators.appendRow(row);
    }
  }
  res.equalities = affineHullOfGenerators(res.generators);
  // Cheap: integer neighbours of the sample.
  for (unsigned j = 0; j < n && res.equalities.numRows() > 0; ++j) {
    for (int s : {1, -1}) {
      std::vector<Int> q = *p0;
      q[j] += Int(s);
      if (satisfiesEqualities(res.equalities, q))
        continue;
      if (!work.containsPoint(q))
        continue;
      appendPoint(res.generators, q);
      res.equalities = affineHullOfGenerators(res.generators);
      break;
    }
  }
  // Grow until every equality holds on all integer points.
  Matrix confirmed(0, n + 1);
  while (res.equalities.numRows() > 0) {
    WorkBudget::charge(n + 1);
    bool grown = false;
    for (unsigned e = 0; e < res.equalities.numRows() && !grown; ++e) {
      ConstRow h = res.equalities.row(e);
      if (inRowSpace(confirmed, h))
        continue;
      for (int dir : {1, -1}) {
        BasicRelation t = work;
        std::vector<Int> row(h.begin(), h.end());
        if (dir < 0)
          for (Int &v : row)
            v.negate();
        row.back() -= Int(1);
        t.addInequality(row);
        std::optional<std::vector<Int>> p = t.findIntegerSample();
        if (p) {
          appendPoint(res.generators, *p);
          grown = true;
          break;
        }
      }
      if (!grown) {
        confirmed.appendRow(h);
        work.addEquality(h);
      }
    }
    if (!grown)
      break;
    res.equalities = affineHullOfGenerators(res.generators);
  }
  return res;
}

//===----------------------------------------------------------------------===//
// Lifting
//===----------------------------------------------------------------------===//

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
        fold(b.equalitiesMut());
        fold(b.inequalitiesMut());
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
