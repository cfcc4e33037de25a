//===- BeatenParts.cpp - Where one optimum piece beats another ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "lexopt/BeatenParts.h"
#include "relation/Subset.h"

namespace presburger {

namespace {

/// The range dimensions of `b` as affine rows over its symbols (symbol
/// columns, then the constant), when its equalities give each one without
/// a local and with integer coefficients; nullopt otherwise. Gauss-Jordan
/// elimination over the range columns, pivoting only on rows without
/// locals.
std::optional<std::vector<std::vector<Int>>>
affineValues(const BasicRelation &b) {
  unsigned nS = b.offset(VarKind::Range), nR = b.numRange();
  unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
  std::vector<std::vector<Int>> eqs;
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    eqs.emplace_back(b.equality(e).begin(), b.equality(e).end());
  std::vector<bool> used(eqs.size(), false);
  std::vector<unsigned> pivot(nR);
  for (unsigned k = 0; k < nR; ++k) {
    unsigned col = nS + k, r = 0;
    for (; r < eqs.size(); ++r) {
      if (used[r] || eqs[r][col].isZero())
        continue;
      bool noLocal = true;
      for (unsigned c = lo; c < nv && noLocal; ++c)
        noLocal = eqs[r][c].isZero();
      if (noLocal)
        break;
    }
    if (r == eqs.size())
      return std::nullopt;
    used[r] = true;
    pivot[k] = r;
    for (unsigned o = 0; o < eqs.size(); ++o) {
      if (o == r || eqs[o][col].isZero())
        continue;
      Int a = eqs[r][col], f = eqs[o][col], g(0);
      for (unsigned c = 0; c <= nv; ++c) {
        eqs[o][c] = eqs[o][c] * a - eqs[r][c] * f;
        g = gcd(g, eqs[o][c]);
      }
      if (!g.isZero() && !g.isOne())
        for (Int &v : eqs[o])
          v = divExact(v, g);
    }
  }
  // a*y_k + rest = 0: y_k = -rest / a, an affine value when a divides rest.
  std::vector<std::vector<Int>> values(nR, std::vector<Int>(nS + 1));
  for (unsigned k = 0; k < nR; ++k) {
    const std::vector<Int> &row = eqs[pivot[k]];
    const Int &a = row[nS + k];
    for (unsigned c = 0; c <= nS; ++c) {
      const Int &v = c < nS ? row[c] : row[nv];
      if (!mod(v, a).isZero())
        return std::nullopt;
      values[k][c] = -divExact(v, a);
    }
  }
  return values;
}

/// { (s, y) : s in the domain of `graph` }.
Relation liftedDomain(const BasicRelation &graph) {
  return Relation::universe(graph.space())
      .intersectDomain(Relation(graph).domain());
}

} // namespace

OptimumPiece::OptimumPiece(BasicRelation g)
    : graph(std::move(g)), values(affineValues(graph)),
      domainLifted(liftedDomain(graph)) {}

bool addBeatenParts(const OptimumPiece &p, const OptimumPiece &q, bool maximize,
                    bool tiesLose, const Relation &order, Relation &beaten) {
  if (!q.values) {
    Relation own(p.graph);
    Relation there = own.intersect(Relation(q.graph).applyRange(order));
    if (tiesLose)
      there = there.unite(own.intersect(Relation(q.graph)));
    for (const BasicRelation &b : there.disjuncts())
      beaten.addDisjunct(b);
    return false;
  }
  // The common domain, with p's range fixed: empty for most pairs of
  // pieces of different disjuncts.
  Relation common = Relation(p.graph).intersect(q.domainLifted);
  if (common.numDisjuncts() == 0)
    return false;
  const std::vector<std::vector<Int>> &g = *q.values;
  unsigned nS = p.graph.offset(VarKind::Range), nR = p.graph.numRange();
  // Rows over the symbols and the range (constant last): g_k(s) - y_k.
  auto difference = [&](unsigned k) {
    std::vector<Int> row(nS + nR + 1);
    for (unsigned c = 0; c < nS; ++c)
      row[c] = g[k][c];
    row[nS + k] = Int(-1);
    row.back() = g[k][nS];
    return row;
  };
  // Each disjunct of the common domain where the levels before are equal
  // (`equal`, rows = 0) and, if given, the level `better` holds (>= 0).
  auto addPart = [&](const std::vector<std::vector<Int>> &equal,
                     const std::vector<Int> *better) {
    // q beats p on the whole common domain: all of p when it is inside
    // q's domain.
    if (equal.empty() && !better) {
      std::vector<const BasicRelation *> qDomain;
      for (const BasicRelation &b : q.domainLifted.disjuncts())
        qDomain.push_back(&b);
      if (coveredByPieces(p.graph, qDomain))
        return true;
    }
    for (const BasicRelation &b : common.disjuncts()) {
      if (equal.empty() && !better) {
        beaten.addDisjunct(b);
        continue;
      }
      BasicRelation c = b;
      auto widened = [&](const std::vector<Int> &row) {
        std::vector<Int> out(c.numCols());
        std::copy(row.begin(), row.end() - 1, out.begin());
        out.back() = row.back();
        return out;
      };
      for (const std::vector<Int> &row : equal)
        c.addEquality(widened(row));
      if (better)
        c.addInequality(widened(*better));
      if (c.normalize() && !c.isEmpty())
        beaten.addDisjunct(std::move(c));
    }
    return false;
  };
  std::vector<std::vector<Int>> equal;
  for (unsigned k = 0; k < nR; ++k) {
    // g_k - f_k, when both values are affine and it is a constant.
    std::optional<Int> constant;
    if (p.values) {
      const std::vector<Int> &f = (*p.values)[k];
      bool same = true;
      for (unsigned c = 0; c < nS && same; ++c)
        same = f[c] == g[k][c];
      if (same)
        constant = g[k][nS] - f[nS];
    }
    if (constant) {
      if (constant->isZero())
        continue;
      if (maximize ? constant->isPositive() : constant->isNegative())
        return addPart(equal, nullptr);
      return false;
    }
    // Better at this level: g_k - y_k >= 1 (maximum), y_k - g_k >= 1.
    std::vector<Int> row = difference(k), strict = row;
    if (!maximize)
      for (Int &v : strict)
        v.negate();
    strict.back() -= Int(1);
    addPart(equal, &strict);
    equal.push_back(std::move(row));
  }
  return tiesLose && addPart(equal, nullptr);
}

} // namespace presburger
