//===- ConvexHullRational.cpp - Convex hulls of rational polyhedra --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The closed convex hull of a finite union of rational polyhedra, the core
// of Relation::convexHull. The structure follows isl's isl_convex_hull.c
// (the algorithms, not the code):
//
//  - Cheap cases: no dimension, a single piece (after dropping pieces that
//    another piece contains), one dimension (extreme bounds), and an affine
//    hull smaller than the space (the pieces are rewritten over a
//    parametrization of it, one dimension less per equality).
//  - Bounded pieces: facet wrapping. Start from facets that are obvious
//    (a constraint direction shared by every piece, at its loosest constant,
//    and attained by a full-dimensional piece) or from a bound on the last
//    coordinate rotated until it touches the union in a facet. Then, for
//    every facet F found, compute the ridges of F (the facets of the convex
//    hull of the union restricted to F's hyperplane, recursively in one
//    dimension less) and rotate F around each ridge that no known facet
//    covers yet: the rotation angle is one linear program over the sum of
//    the homogenized cones of the pieces, whose optimum gives the adjacent
//    facet. Every facet is found once; the work is one LP per ridge.
//  - Unbounded pieces: the lineality space common to the pieces is
//    projected out; then pieces are combined two at a time. A pair whose
//    homogenized cones sum to a pointed cone has a direction s positive on
//    every ray of both cones (one LP); taking <s, .> as the homogenizing
//    coordinate turns both pieces into polytopes (M. Koeppe's idea, used by
//    isl), whose hull is computed by wrapping and mapped back. A pair whose
//    sum has a lineality space (a ray of one is the opposite of a ray of the
//    other) gets that space projected out first.
//  - HullMethod::FourierMotzkin instead projects the sum of the homogenized
//    cones directly: writing x = y + (x - y), 1 = l + (1 - l) with (y, l) in
//    cone(P) and (x - y, 1 - l) in cone(Q) and eliminating (y, l) gives the
//    closed hull of P and Q; pieces are added two at a time, redundant rows
//    pruned (Chernikov's rule and the simplex) after every elimination.
//
// All arithmetic is exact; constants are never tightened here (rational
// semantics). Work is charged to the budget.
//
//===----------------------------------------------------------------------===//
#include "hulls/ConvexHullRational.h"
#include "core/Rows.h"
#include "hulls/HullByDoubleDescription.h"

#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/WorkBudget.h"

#include <map>
#include <set>

namespace presburger::hulls {

namespace {

using RowVec = std::vector<Int>;

/// The most generators (rays of a cone, at any step) the double
/// description method may hold before the hull is wrapped instead.
constexpr size_t kMaxGenerators = 2000;

/// The linear part divided by its gcd, and the constant divided by the
/// same gcd: two inequalities are translates of each other exactly when
/// their keys' linear parts agree.
std::pair<RowVec, Fraction> parallelKey(ConstRow row, unsigned n, bool negate) {
  RowVec lin(row.begin(), row.begin() + n);
  Int c = row[n];
  if (negate) {
    for (Int &v : lin)
      v.negate();
    c.negate();
  }
  Int g = rowGcd(ConstRow(lin));
  if (!g.isZero() && !g.isOne())
    for (Int &v : lin)
      v = divExact(v, g);
  return {std::move(lin), g.isZero() ? Fraction(c) : Fraction(c, g)};
}

/// A rational point of a non-empty polyhedron as a generator [v | w].
RowVec samplePointGenerator(Simplex &s) {
  std::vector<Fraction> x = s.getRationalSample();
  Int l(1);
  for (const Fraction &f : x)
    l = lcm(l, f.den());
  RowVec row;
  for (const Fraction &f : x)
    row.push_back(f.num() * divExact(l, f.den()));
  row.push_back(l);
  return row;
}

/// Equalities of the rational affine hull of the union of `pieces`
/// (n variables); an empty union gives the contradiction 1 = 0.
/// `simplified`: the pieces are non-empty with all their implicit
/// equalities explicit (preparePieces), so none is simplified again.
Matrix rationalAffineHull(const std::vector<RatPoly> &pieces, unsigned n,
                          bool simplified = false) {
  Matrix gens(0, n + 1);
  for (const RatPoly &piece : pieces) {
    RatPoly copy;
    if (!simplified) {
      copy = piece;
      if (!simplifyRational(copy))
        continue;
    }
    const RatPoly &p = simplified ? piece : copy;
    Simplex s = simplexOf(p);
    gens.appendRow(samplePointGenerator(s));
    Matrix dirs = kernelRows(leadingColumns(p.eqs, n));
    for (unsigned r = 0; r < dirs.numRows(); ++r) {
      RowVec row(dirs.row(r).begin(), dirs.row(r).end());
      row.push_back(Int(0));
      gens.appendRow(row);
    }
  }
  return affineHullOfGenerators(gens);
}

/// Simplifies every piece, drops the empty ones and those contained in
/// another piece.
std::vector<RatPoly> preparePieces(std::vector<RatPoly> pieces) {
  std::vector<RatPoly> live;
  for (RatPoly &p : pieces)
    if (simplifyRational(p))
      live.push_back(std::move(p));
  std::vector<bool> dropped(live.size(), false);
  for (size_t j = 0; j < live.size(); ++j)
    for (size_t i = 0; i < live.size() && !dropped[j]; ++i)
      if (i != j && !dropped[i] && containsRational(live[i], live[j]))
        dropped[j] = true;
  std::vector<RatPoly> out;
  for (size_t j = 0; j < live.size(); ++j)
    if (!dropped[j])
      out.push_back(std::move(live[j]));
  return out;
}

/// One dimension: the extreme bounds.
RatPoly hull1D(const std::vector<RatPoly> &pieces) {
  std::optional<Fraction> lo, hi;
  bool loUnbounded = false, hiUnbounded = false;
  for (const RatPoly &p : pieces) {
    Simplex s = simplexOf(p);
    Optimum mn = s.computeVarOptimum(0, false);
    if (mn.kind == OptimumKind::Unbounded)
      loUnbounded = true;
    else if (mn.isBounded() && (!lo || mn.value < *lo))
      lo = mn.value;
    Optimum mx = s.computeVarOptimum(0, true);
    if (mx.kind == OptimumKind::Unbounded)
      hiUnbounded = true;
    else if (mx.isBounded() && (!hi || mx.value > *hi))
      hi = mx.value;
  }
  RatPoly out(1);
  if (!loUnbounded && lo)
    out.ineqs.appendRow(RowVec{lo->den(), -lo->num()});
  if (!hiUnbounded && hi)
    out.ineqs.appendRow(RowVec{-hi->den(), hi->num()});
  simplifyRational(out);
  return out;
}

/// Rotates the valid constraint `f` around `r` (valid on the face of the
/// hull where f = 0) until it touches the union again: returns r - a f with
/// a = min { r(p) : p in the homogenized hull cone, f(p) = 1 }, or `f`
/// itself when that minimum is unbounded.
RowVec wrapFacet(const std::vector<RatPoly> &pieces, unsigned n, ConstRow f,
                 ConstRow r) {
  unsigned m = unsigned(pieces.size());
  unsigned w = n + 1, total = m * w;
  Simplex lp(total);
  unsigned rows = 1;
  for (unsigned i = 0; i < m; ++i) {
    const RatPoly &p = pieces[i];
    unsigned off = i * w;
    auto lift = [&](ConstRow src) {
      RowVec row(total + 1);
      for (unsigned c = 0; c <= n; ++c)
        row[off + c] = src[c];
      return row;
    };
    for (unsigned k = 0; k < p.eqs.numRows(); ++k)
      lp.addEquality(lift(p.eqs.row(k)));
    for (unsigned k = 0; k < p.ineqs.numRows(); ++k)
      lp.addInequality(lift(p.ineqs.row(k)));
    RowVec lambda(total + 1);
    lambda[off + n] = Int(1);
    lp.addInequality(lambda);
    rows += p.eqs.numRows() + p.ineqs.numRows() + 1;
  }
  WorkBudget::charge(uint64_t(rows) * total);
  RowVec sumF(total + 1), obj(total + 1);
  for (unsigned i = 0; i < m; ++i)
    for (unsigned c = 0; c <= n; ++c) {
      sumF[i * w + c] = f[c];
      obj[i * w + c] = r[c];
    }
  sumF[total] = Int(-1);
  lp.addEquality(sumF);
  Optimum opt = lp.computeOptimum(obj, false);
  RowVec out(f.begin(), f.end());
  if (opt.isBounded()) {
    const Int &num = opt.value.num(), &den = opt.value.den();
    for (unsigned c = 0; c <= n; ++c)
      out[c] = den * r[c] - num * f[c];
  }
  scaleDownRow(Row(out));
  return out;
}

/// Whether the 2 x (n+1) rows r, f are linearly independent; if so, sets
/// p, q to columns with a non-zero minor.
bool independentPair(ConstRow r, ConstRow f, unsigned &p, unsigned &q,
                     Int &det) {
  unsigned len = unsigned(r.size());
  for (unsigned a = 0; a < len; ++a)
    for (unsigned b = a + 1; b < len; ++b) {
      Int d = r[a] * f[b] - r[b] * f[a];
      if (!d.isZero()) {
        p = a;
        q = b;
        det = d;
        return true;
      }
    }
  return false;
}

/// An affine subspace {x : E x + e = 0} (rational) written as x = U w with
/// U unimodular, the first r coordinates of w fixed (`head`) and the others
/// free: constraints move between x and the free coordinates.
struct Subspace {
  unsigned n = 0, r = 0;
  Matrix u, uinv;
  std::vector<Fraction> head;

  /// A row over x (n + 1 entries) as a row over the free coordinates
  /// (n - r + 1 entries), scaled by a positive factor to integers.
  RowVec down(ConstRow row) const {
    RowVec au(n);
    for (unsigned j = 0; j < n; ++j)
      for (unsigned i = 0; i < n; ++i)
        if (!row[i].isZero() && !u.at(i, j).isZero())
          au[j] += row[i] * u.at(i, j);
    Fraction c(row[n]);
    for (unsigned j = 0; j < r; ++j)
      if (!au[j].isZero())
        c = c + Fraction(au[j]) * head[j];
    RowVec out;
    for (unsigned j = r; j < n; ++j)
      out.push_back(au[j] * c.den());
    out.push_back(c.num());
    scaleDownRow(Row(out));
    return out;
  }
  /// A row over the free coordinates as a row over x (valid on the
  /// subspace).
  RowVec up(ConstRow row) const {
    RowVec out(n + 1);
    for (unsigned j = 0; j + r < n; ++j) {
      if (row[j].isZero())
        continue;
      for (unsigned i = 0; i < n; ++i)
        if (!uinv.at(r + j, i).isZero())
          out[i] += row[j] * uinv.at(r + j, i);
    }
    out[n] = row[n - r];
    scaleDownRow(Row(out));
    return out;
  }
  RatPoly down(const RatPoly &p) const {
    RatPoly q(n - r);
    for (unsigned k = 0; k < p.eqs.numRows(); ++k)
      q.eqs.appendRow(down(p.eqs.row(k)));
    for (unsigned k = 0; k < p.ineqs.numRows(); ++k)
      q.ineqs.appendRow(down(p.ineqs.row(k)));
    return q;
  }
};

/// The subspace of the equalities `eqs` (rows over n variables and the
/// constant); nullopt when they are inconsistent.
std::optional<Subspace> subspaceOf(const Matrix &eqs, unsigned n) {
  unsigned m = eqs.numRows();
  ColumnEchelon ce = columnEchelon(leadingColumns(eqs, n));
  Subspace s;
  s.n = n;
  s.r = ce.rank;
  s.u = ce.u;
  s.uinv = inverseUnimodular(ce.u);
  s.head.resize(ce.rank);
  unsigned next = 0;
  for (unsigned i = 0; i < m; ++i) {
    Fraction rhs(-eqs.at(i, n));
    for (unsigned j = 0; j < next; ++j)
      if (!ce.h.at(i, j).isZero())
        rhs = rhs - Fraction(ce.h.at(i, j)) * s.head[j];
    if (next < ce.rank && ce.pivotRows[next] == i) {
      s.head[next] = rhs * Fraction(Int(1), ce.h.at(i, next));
      ++next;
    } else if (rhs.sign() != 0) {
      return std::nullopt;
    }
  }
  return s;
}

/// The rows of a polyhedron's constraints (equalities and inequalities).
Matrix allRows(const RatPoly &p) {
  Matrix m = p.eqs;
  for (unsigned k = 0; k < p.ineqs.numRows(); ++k)
    m.appendRow(p.ineqs.row(k));
  return m;
}

/// Spanning vectors (rows) of the lineality space of a polyhedron: the
/// directions along which no constraint varies.
Matrix linealityVectors(const RatPoly &p) {
  return kernelRows(leadingColumns(allRows(p), p.n));
}

/// Equalities (rows over n variables, no constant) of the linear span of
/// the vectors `gens`.
Matrix spanEqualities(const Matrix &gens, unsigned n) {
  if (gens.numRows() == 0) {
    Matrix id(n, n);
    for (unsigned i = 0; i < n; ++i)
      id.at(i, i) = Int(1);
    return id;
  }
  return kernelRows(gens);
}

/// Fourier-Motzkin: the closed hull of two non-empty polyhedra.
RatPoly hullPairFM(const RatPoly &p, const RatPoly &q, unsigned n) {
  unsigned nv = 2 * n + 1; // x, y, lambda.
  RatPoly big(nv);
  auto fromP = [&](ConstRow src) {
    RowVec row(nv + 1);
    for (unsigned c = 0; c < n; ++c)
      row[n + c] = src[c];
    row[2 * n] = src[n];
    return row;
  };
  auto fromQ = [&](ConstRow src) {
    RowVec row(nv + 1);
    for (unsigned c = 0; c < n; ++c) {
      row[c] = src[c];
      row[n + c] = -src[c];
    }
    row[2 * n] = -src[n];
    row[nv] = src[n];
    return row;
  };
  for (unsigned k = 0; k < p.eqs.numRows(); ++k)
    big.eqs.appendRow(fromP(p.eqs.row(k)));
  for (unsigned k = 0; k < p.ineqs.numRows(); ++k)
    big.ineqs.appendRow(fromP(p.ineqs.row(k)));
  for (unsigned k = 0; k < q.eqs.numRows(); ++k)
    big.eqs.appendRow(fromQ(q.eqs.row(k)));
  for (unsigned k = 0; k < q.ineqs.numRows(); ++k)
    big.ineqs.appendRow(fromQ(q.ineqs.row(k)));
  RowVec lambda(nv + 1);
  lambda[2 * n] = Int(1);
  big.ineqs.appendRow(lambda);
  lambda[2 * n] = Int(-1);
  lambda[nv] = Int(1);
  big.ineqs.appendRow(lambda);
  RatPoly out = eliminateRational(std::move(big), n, n + 1);
  simplifyRational(out);
  return out;
}

std::optional<RatPoly> hullRec(std::vector<RatPoly> pieces, unsigned n,
                               HullMethod method);

/// Facet wrapping; the pieces are simplified, non-empty, bounded, their
/// union full-dimensional, n >= 2.
RatPoly wrapHull(const std::vector<RatPoly> &pieces, unsigned n);

/// The ridges of the facet `f` of the hull: the facets of the hull of the
/// union restricted to the hyperplane f = 0, as rows over x (meaningful on
/// that hyperplane).
Matrix facetRidges(const std::vector<RatPoly> &pieces, unsigned n, ConstRow f) {
  Matrix eq(0, n + 1);
  eq.appendRow(f);
  std::optional<Subspace> sub = subspaceOf(eq, n);
  Matrix out(0, n + 1);
  if (!sub)
    return out;
  // Empty restrictions are dropped by hullRec (preparePieces).
  std::vector<RatPoly> face;
  for (const RatPoly &p : pieces)
    face.push_back(sub->down(p));
  std::optional<RatPoly> h =
      hullRec(std::move(face), n - 1, HullMethod::Wrapping);
  if (!h)
    return out;
  for (unsigned k = 0; k < h->ineqs.numRows(); ++k)
    out.appendRow(sub->up(h->ineqs.row(k)));
  for (unsigned k = 0; k < h->eqs.numRows(); ++k) {
    RowVec e = sub->up(h->eqs.row(k));
    out.appendRow(e);
    for (Int &v : e)
      v.negate();
    out.appendRow(e);
  }
  return out;
}

/// The hull of `pieces` modulo the linear space {x : m x = 0} (m: r
/// independent rows over n variables, 0 < r < n) contained in the
/// lineality space of the hull: the pieces are projected onto a complement
/// (Fourier-Motzkin on the lineality directions), their hull computed in r
/// dimensions and mapped back.
std::optional<RatPoly> moduloLineality(const std::vector<RatPoly> &pieces,
                                       const Matrix &m, unsigned n,
                                       HullMethod method) {
  ColumnEchelon ce = columnEchelon(m);
  unsigned r = ce.rank;
  Matrix uinv = inverseUnimodular(ce.u);
  // x = U w: m x = H w_head, so the lineality directions are w_tail.
  auto toW = [&](ConstRow row) {
    RowVec out(n + 1);
    for (unsigned j = 0; j < n; ++j)
      for (unsigned i = 0; i < n; ++i)
        if (!row[i].isZero() && !ce.u.at(i, j).isZero())
          out[j] += row[i] * ce.u.at(i, j);
    out[n] = row[n];
    return out;
  };
  std::vector<RatPoly> projected;
  for (const RatPoly &p : pieces) {
    RatPoly w(n);
    for (unsigned k = 0; k < p.eqs.numRows(); ++k)
      w.eqs.appendRow(toW(p.eqs.row(k)));
    for (unsigned k = 0; k < p.ineqs.numRows(); ++k)
      w.ineqs.appendRow(toW(p.ineqs.row(k)));
    projected.push_back(eliminateRational(std::move(w), r, n - r));
  }
  std::optional<RatPoly> h = hullRec(std::move(projected), r, method);
  if (!h)
    return std::nullopt;
  auto back = [&](ConstRow row) {
    RowVec out(n + 1);
    for (unsigned j = 0; j < r; ++j) {
      if (row[j].isZero())
        continue;
      for (unsigned i = 0; i < n; ++i)
        if (!uinv.at(j, i).isZero())
          out[i] += row[j] * uinv.at(j, i);
    }
    out[n] = row[r];
    scaleDownRow(Row(out));
    return out;
  };
  RatPoly out(n);
  for (unsigned k = 0; k < h->eqs.numRows(); ++k)
    out.eqs.appendRow(back(h->eqs.row(k)));
  for (unsigned k = 0; k < h->ineqs.numRows(); ++k)
    out.ineqs.appendRow(back(h->ineqs.row(k)));
  return out;
}

/// The normals of the homogenized cone of p (rows over [x | lambda]):
/// lambda >= 0, both signs of each equality, each inequality.
std::vector<RowVec> coneNormals(const RatPoly &p) {
  std::vector<RowVec> out;
  RowVec pos(p.n + 1);
  pos[p.n] = Int(1);
  out.push_back(pos);
  for (unsigned k = 0; k < p.eqs.numRows(); ++k) {
    RowVec e(p.eqs.row(k).begin(), p.eqs.row(k).end());
    out.push_back(e);
    for (Int &v : e)
      v.negate();
    out.push_back(e);
  }
  for (unsigned k = 0; k < p.ineqs.numRows(); ++k)
    out.emplace_back(p.ineqs.row(k).begin(), p.ineqs.row(k).end());
  return out;
}

/// A direction s (over [x | lambda], primitive) with <s, r> > 0 for every
/// non-zero r in the homogenized cones of p and q: a combination of each
/// cone's normals with coefficients >= 1. nullopt when the sum of the cones
/// is not pointed.
std::optional<RowVec> validDirection(const RatPoly &p, const RatPoly &q) {
  std::vector<RowVec> hp = coneNormals(p), hq = coneNormals(q);
  unsigned kp = unsigned(hp.size()), kq = unsigned(hq.size()), nv = kp + kq;
  unsigned w = p.n + 1;
  Simplex lp(nv);
  for (unsigned i = 0; i < nv; ++i) {
    RowVec row(nv + 1);
    row[i] = Int(1);
    row[nv] = Int(-1);
    lp.addInequality(row);
  }
  for (unsigned c = 0; c < w && !lp.isEmpty(); ++c) {
    RowVec row(nv + 1);
    for (unsigned i = 0; i < kp; ++i)
      row[i] = hp[i][c];
    for (unsigned j = 0; j < kq; ++j)
      row[kp + j] = -hq[j][c];
    lp.addEquality(row);
  }
  WorkBudget::charge(uint64_t(nv) * (nv + w));
  if (lp.isEmpty())
    return std::nullopt;
  std::vector<Fraction> alpha = lp.getRationalSample();
  std::vector<Fraction> s(w);
  for (unsigned i = 0; i < kp; ++i)
    for (unsigned c = 0; c < w; ++c)
      if (!hp[i][c].isZero())
        s[c] = s[c] + alpha[i] * Fraction(hp[i][c]);
  Int l(1);
  for (const Fraction &f : s)
    l = lcm(l, f.den());
  RowVec out;
  for (const Fraction &f : s)
    out.push_back(f.num() * divExact(l, f.den()));
  scaleDownRow(Row(out));
  return out;
}

/// Constraints shared (up to translation) by every piece, at the loosest
/// constant, when a full-dimensional piece attains that constant: facets of
/// the hull. Sets `hullPiece` when some piece is exactly described by them
/// (it then contains all the others and is the hull).
Matrix commonFacets(const std::vector<RatPoly> &pieces, unsigned n,
                    int &hullPiece) {
  hullPiece = -1;
  Matrix out(0, n + 1);
  int best = -1;
  for (size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i].eqs.numRows() == 0 &&
        (best < 0 ||
         pieces[i].ineqs.numRows() < pieces[size_t(best)].ineqs.numRows()))
      best = int(i);
  if (best < 0)
    return out;
  // Per piece: linear key -> (constant, from an inequality of a piece
  // without equalities).
  std::vector<std::map<RowVec, Fraction>> tables(pieces.size());
  for (size_t i = 0; i < pieces.size(); ++i) {
    const RatPoly &p = pieces[i];
    for (unsigned k = 0; k < p.ineqs.numRows(); ++k) {
      auto [lin, c] = parallelKey(p.ineqs.row(k), n, false);
      auto it = tables[i].find(lin);
      if (it == tables[i].end() || c < it->second)
        tables[i][lin] = c;
    }
    for (unsigned k = 0; k < p.eqs.numRows(); ++k)
      for (bool neg : {false, true}) {
        auto [lin, c] = parallelKey(p.eqs.row(k), n, neg);
        tables[i][lin] = c;
      }
  }
  std::set<std::pair<RowVec, Fraction>> chosen;
  const RatPoly &bp = pieces[size_t(best)];
  for (unsigned k = 0; k < bp.ineqs.numRows(); ++k) {
    auto [lin, c] = parallelKey(bp.ineqs.row(k), n, false);
    Fraction cmax = c;
    bool attained = true, common = true;
    for (size_t i = 0; i < pieces.size() && common; ++i) {
      if (int(i) == best)
        continue;
      auto it = tables[i].find(lin);
      if (it == tables[i].end()) {
        common = false;
        break;
      }
      bool full = pieces[i].eqs.numRows() == 0;
      if (it->second > cmax) {
        cmax = it->second;
        attained = full;
      } else if (it->second == cmax && full) {
        attained = true;
      }
    }
    if (!common || !attained)
      continue;
    if (!chosen.insert({lin, cmax}).second)
      continue;
    RowVec row;
    for (const Int &v : lin)
      row.push_back(v * cmax.den());
    row.push_back(cmax.num());
    scaleDownRow(Row(row));
    out.appendRow(row);
  }
  for (size_t i = 0; i < pieces.size() && hullPiece < 0; ++i) {
    const RatPoly &p = pieces[i];
    if (p.eqs.numRows() != 0 || p.ineqs.numRows() != chosen.size())
      continue;
    bool all = true;
    for (unsigned k = 0; k < p.ineqs.numRows() && all; ++k)
      all = chosen.count(parallelKey(p.ineqs.row(k), n, false)) != 0;
    if (all)
      hullPiece = int(i);
  }
  return out;
}

/// A first facet: the lower bound of the last coordinate, rotated around
/// equalities of its face until the face has dimension n - 1.
RowVec initialFacet(const std::vector<RatPoly> &pieces, unsigned n) {
  std::optional<Fraction> mn;
  for (const RatPoly &p : pieces) {
    Simplex s = simplexOf(p);
    Optimum o = s.computeVarOptimum(n - 1, false);
    if (!o.isBounded())
      throw UnboundedError("facet wrapping needs bounded pieces");
    if (!mn || o.value < *mn)
      mn = o.value;
  }
  RowVec c(n + 1);
  c[n - 1] = mn->den();
  c[n] = -mn->num();
  for (unsigned iter = 0; iter <= n; ++iter) {
    std::vector<RatPoly> face;
    for (const RatPoly &p : pieces) {
      RatPoly q = p;
      q.eqs.appendRow(c);
      if (!isRationallyEmpty(q))
        face.push_back(std::move(q));
    }
    Matrix eqs = rationalAffineHull(face, n);
    if (eqs.numRows() <= 1)
      return c;
    int pick = -1;
    for (unsigned k = 0; k < eqs.numRows() && pick < 0; ++k) {
      unsigned p = 0, q = 0;
      Int det;
      if (independentPair(ConstRow(c).first(n), eqs.row(k).first(n), p, q, det))
        pick = int(k);
    }
    if (pick < 0)
      return c; // Cannot happen: the equalities have rank >= 2.
    c = wrapFacet(pieces, n, c, eqs.row(unsigned(pick)));
  }
  return c;
}

RatPoly wrapHull(const std::vector<RatPoly> &pieces, unsigned n) {
  int hullPiece = -1;
  Matrix facets = commonFacets(pieces, n, hullPiece);
  if (hullPiece >= 0)
    return pieces[size_t(hullPiece)];
  if (facets.numRows() == 0)
    facets.appendRow(initialFacet(pieces, n));
  std::set<RowVec> known;
  for (unsigned i = 0; i < facets.numRows(); ++i)
    known.insert(RowVec(facets.row(i).begin(), facets.row(i).end()));
  for (unsigned i = 0; i < facets.numRows(); ++i) {
    RowVec fi(facets.row(i).begin(), facets.row(i).end());
    Matrix ridges = facetRidges(pieces, n, fi);
    for (unsigned k = 0; k < ridges.numRows(); ++k) {
      ConstRow r = ridges.row(k);
      // Covered when some other facet f_j = alpha r + beta f_i, alpha > 0:
      // the facet on the other side of this ridge is known already.
      unsigned p = 0, q = 0;
      Int det;
      if (!independentPair(r, fi, p, q, det))
        continue;
      bool covered = false;
      for (unsigned j = 0; j < facets.numRows() && !covered; ++j) {
        if (j == i)
          continue;
        ConstRow fj = facets.row(j);
        Int a = fj[p] * fi[q] - fj[q] * fi[p]; // alpha * det
        Int b = r[p] * fj[q] - r[q] * fj[p];   // beta * det
        if (a.sign() * det.sign() <= 0)
          continue;
        bool match = true;
        for (unsigned c = 0; c <= n && match; ++c)
          match = a * r[c] + b * fi[c] == det * fj[c];
        covered = match;
      }
      if (covered)
        continue;
      RowVec g = wrapFacet(pieces, n, fi, r);
      if (known.insert(g).second)
        facets.appendRow(g);
    }
  }
  RatPoly out(n);
  out.ineqs = facets;
  return out;
}

/// The hull of two pieces whose sum of homogenized cones is pointed: with
/// a valid direction s as the new homogenizing coordinate both become
/// polytopes; their hull is mapped back. nullopt when no such direction
/// exists.
std::optional<std::optional<RatPoly>>
pointedHull(const RatPoly &p, const RatPoly &q, unsigned n) {
  std::optional<RowVec> s = validDirection(p, q);
  if (!s)
    return std::nullopt;
  Matrix srow(1, n + 1);
  for (unsigned c = 0; c <= n; ++c)
    srow.at(0, c) = (*s)[c];
  ColumnEchelon ce = columnEchelon(srow); // s U = [1 0 ... 0].
  Matrix uinv = inverseUnimodular(ce.u);
  // v = (x, lambda) = U w with w_0 = <s, v>: slice w_0 = 1, free w_1..w_n.
  auto toW = [&](ConstRow row) {
    RowVec hu(n + 1);
    for (unsigned j = 0; j <= n; ++j)
      for (unsigned i = 0; i <= n; ++i)
        if (!row[i].isZero() && !ce.u.at(i, j).isZero())
          hu[j] += row[i] * ce.u.at(i, j);
    RowVec out(hu.begin() + 1, hu.end());
    out.push_back(hu[0]);
    return out;
  };
  std::vector<RatPoly> polytopes;
  for (const RatPoly *src : {&p, &q}) {
    RatPoly t(n);
    for (unsigned k = 0; k < src->eqs.numRows(); ++k)
      t.eqs.appendRow(toW(src->eqs.row(k)));
    for (unsigned k = 0; k < src->ineqs.numRows(); ++k)
      t.ineqs.appendRow(toW(src->ineqs.row(k)));
    RowVec pos(n + 1);
    pos[n] = Int(1);
    t.ineqs.appendRow(toW(pos));
    polytopes.push_back(std::move(t));
  }
  std::optional<RatPoly> h =
      hullRec(std::move(polytopes), n, HullMethod::Wrapping);
  if (!h)
    return std::optional<RatPoly>();
  auto back = [&](ConstRow row) {
    RowVec gw(n + 1); // Over w_0..w_n.
    gw[0] = row[n];
    for (unsigned j = 0; j < n; ++j)
      gw[j + 1] = row[j];
    RowVec out(n + 1);
    for (unsigned j = 0; j <= n; ++j) {
      if (gw[j].isZero())
        continue;
      for (unsigned i = 0; i <= n; ++i)
        if (!uinv.at(j, i).isZero())
          out[i] += gw[j] * uinv.at(j, i);
    }
    scaleDownRow(Row(out));
    return out;
  };
  RatPoly out(n);
  for (unsigned k = 0; k < h->eqs.numRows(); ++k)
    out.eqs.appendRow(back(h->eqs.row(k)));
  for (unsigned k = 0; k < h->ineqs.numRows(); ++k)
    out.ineqs.appendRow(back(h->ineqs.row(k)));
  simplifyRational(out);
  return std::optional<RatPoly>(std::move(out));
}

/// The hull of two non-empty pieces, at least one of them unbounded.
std::optional<RatPoly> hullPair(const RatPoly &p, const RatPoly &q,
                                unsigned n) {
  std::vector<RatPoly> pair{p, q};
  // A lower-dimensional pair, or two bounded pieces: the general case copes.
  if (rationalAffineHull(pair, n).numRows() != 0 ||
      (isBoundedRational(p) && isBoundedRational(q)))
    return hullRec(std::move(pair), n, HullMethod::Wrapping);
  // Rays of p opposite to rays of q span lineality of the hull.
  RatPoly cone(n);
  auto addCone = [&](const RatPoly &src, bool negate) {
    for (unsigned k = 0; k < src.eqs.numRows(); ++k) {
      RowVec r(src.eqs.row(k).begin(), src.eqs.row(k).end());
      r[n] = Int(0);
      cone.eqs.appendRow(r);
    }
    for (unsigned k = 0; k < src.ineqs.numRows(); ++k) {
      RowVec r(src.ineqs.row(k).begin(), src.ineqs.row(k).end());
      r[n] = Int(0);
      if (negate)
        for (Int &v : r)
          v.negate();
      cone.ineqs.appendRow(r);
    }
  };
  addCone(p, false);
  addCone(q, true);
  simplifyRational(cone);
  if (cone.eqs.numRows() == 0)
    return RatPoly(n); // The union's hull is the whole space.
  if (cone.eqs.numRows() < n) {
    Matrix m(cone.eqs.numRows(), n);
    for (unsigned i = 0; i < m.numRows(); ++i)
      for (unsigned c = 0; c < n; ++c)
        m.at(i, c) = cone.eqs.at(i, c);
    return moduloLineality(pair, m, n, HullMethod::Wrapping);
  }
  if (std::optional<std::optional<RatPoly>> h = pointedHull(p, q, n))
    return *h;
  return hullPairFM(p, q, n); // Cannot happen: the sum is pointed.
}

std::optional<RatPoly> hullRec(std::vector<RatPoly> pieces, unsigned n,
                               HullMethod method) {
  if (method == HullMethod::DoubleDescription ||
      (method == HullMethod::Automatic && n <= kDoubleDescriptionMaxDim)) {
    // An optional step: half of what is left, wrapping when it runs out
    // (as when the generators exceed their limit).
    std::optional<GeneratorHull> g =
        WorkBudget::attempt(WorkBudget::left() / 2, [&] {
          return hullByDoubleDescription(pieces, n, kMaxGenerators);
        });
    if (g && !g->gaveUp)
      return g->hull;
    method = HullMethod::Wrapping;
  }
  pieces = preparePieces(std::move(pieces));
  if (pieces.empty())
    return std::nullopt;
  if (n == 0)
    return RatPoly(0);
  if (pieces.size() == 1)
    return pieces.front();
  // A smaller affine hull: work on a parametrization of it.
  Matrix aff = rationalAffineHull(pieces, n, /*simplified=*/true);
  if (aff.numRows() != 0) {
    std::optional<Subspace> sub = subspaceOf(aff, n);
    if (!sub)
      return std::nullopt;
    std::vector<RatPoly> down;
    for (const RatPoly &p : pieces)
      down.push_back(sub->down(p));
    std::optional<RatPoly> h = hullRec(std::move(down), n - sub->r, method);
    if (!h)
      return std::nullopt;
    RatPoly out(n);
    out.eqs = aff;
    for (unsigned k = 0; k < h->eqs.numRows(); ++k)
      out.eqs.appendRow(sub->up(h->eqs.row(k)));
    for (unsigned k = 0; k < h->ineqs.numRows(); ++k)
      out.ineqs.appendRow(sub->up(h->ineqs.row(k)));
    simplifyRational(out);
    return out;
  }
  if (n == 1)
    return hull1D(pieces);
  if (method == HullMethod::FourierMotzkin) {
    RatPoly h = pieces.front();
    for (size_t i = 1; i < pieces.size(); ++i)
      h = hullPairFM(h, pieces[i], n);
    simplifyRational(h);
    return h;
  }
  bool bounded = true;
  for (size_t i = 0; i < pieces.size() && bounded; ++i)
    bounded = isBoundedRational(pieces[i]);
  if (bounded) // Facets only, each once: nothing to simplify.
    return wrapHull(pieces, n);
  // The lineality spaces of the pieces are in that of the hull.
  Matrix lin(0, n);
  for (const RatPoly &p : pieces) {
    Matrix l = linealityVectors(p);
    for (unsigned k = 0; k < l.numRows(); ++k)
      lin.appendRow(l.row(k));
  }
  Matrix m = spanEqualities(lin, n);
  if (m.numRows() == 0)
    return RatPoly(n);
  if (m.numRows() < n)
    return moduloLineality(pieces, m, n, method);
  // Two at a time; an intermediate hull with a lineality space has it
  // projected out of everything that is left.
  std::vector<RatPoly> list = std::move(pieces);
  while (list.size() > 1) {
    RatPoly b = std::move(list.back());
    list.pop_back();
    RatPoly a = std::move(list.back());
    list.pop_back();
    std::optional<RatPoly> t = hullPair(a, b, n);
    if (!t)
      return std::nullopt;
    simplifyRational(*t);
    Matrix tl = linealityVectors(*t);
    list.push_back(std::move(*t));
    if (tl.numRows() == 0 || list.size() == 1)
      continue;
    Matrix tm = spanEqualities(tl, n);
    if (tm.numRows() == 0)
      return RatPoly(n);
    return moduloLineality(list, tm, n, method);
  }
  return list.front();
}

} // namespace

std::optional<RatPoly> rationalConvexHull(std::vector<RatPoly> pieces,
                                          unsigned n, HullMethod method) {
  return hullRec(std::move(pieces), n, method);
}

} // namespace presburger::hulls
