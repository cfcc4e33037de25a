//===- RationalPolyhedron.cpp - Polyhedra over the rationals --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

namespace {

/// The state of eliminateRational: the rows, the variables still to go,
/// and the count of Fourier-Motzkin steps for Chernikov's rule.
class RationalEliminator {
public:
  RationalEliminator(const RatPoly &p, unsigned first, unsigned count)
      : n_(p.n), first_(first), count_(count), toEliminate_(p.n, false) {
    for (unsigned i = 0; i < p.eqs.numRows(); ++i)
      eqs_.emplace_back(p.eqs.row(i).begin(), p.eqs.row(i).end());
    for (unsigned i = 0; i < p.ineqs.numRows(); ++i)
      ineqs_.push_back(
          {RowVec(p.ineqs.row(i).begin(), p.ineqs.row(i).end()), {}});
    for (unsigned v = first; v < first + count; ++v)
      toEliminate_[v] = true;
  }

  /// Eliminates the variables one by one: through an equality when one
  /// involves a variable to eliminate, by Fourier-Motzkin otherwise. False
  /// when the polyhedron is found empty.
  bool run() {
    if (!restart())
      return false;
    for (unsigned remaining = count_; remaining > 0; --remaining) {
      WorkBudget::charge(uint64_t(eqs_.size() + ineqs_.size() + 1) * (n_ + 1));
      if (std::optional<bool> gauss = eliminateByEquality()) {
        if (!*gauss)
          return false;
        continue;
      }
      if (!fourierMotzkinStep())
        return false;
    }
    return true;
  }

  /// The rows over the remaining variables (a contradiction when `empty`).
  RatPoly result(bool empty) const {
    RatPoly out(n_ - count_);
    if (empty) {
      setContradiction(out);
      return out;
    }
    auto shrink = [&](const RowVec &r) {
      RowVec s;
      for (unsigned c = 0; c <= n_; ++c)
        if (c < first_ || c >= first_ + count_)
          s.push_back(r[c]);
      return s;
    };
    for (const RowVec &r : eqs_)
      out.eqs.appendRow(shrink(r));
    for (const FMRow &r : ineqs_)
      out.ineqs.appendRow(shrink(r.v));
    return out;
  }

private:
  /// Chernikov's rule (a row combined from more than k + 1 rows, k
  /// Fourier-Motzkin steps after the rows were taken as the input, is
  /// redundant) is only valid on an unpruned elimination; every pruning of
  /// redundant rows therefore restarts the count with the pruned rows as
  /// the new input. False when the rows are found contradictory.
  bool restart() {
    if (!pruneInequalities(ineqs_))
      return false;
    if (ineqs_.size() > 8) {
      RatPoly tmp(n_);
      for (const RowVec &r : eqs_)
        tmp.eqs.appendRow(r);
      for (const FMRow &r : ineqs_)
        tmp.ineqs.appendRow(r.v);
      Simplex s = simplexOf(tmp);
      if (s.isEmpty())
        return false;
      unsigned base = 2 * unsigned(eqs_.size());
      s.detectRedundant(base, base + unsigned(ineqs_.size()));
      std::vector<FMRow> kept;
      for (size_t i = 0; i < ineqs_.size(); ++i)
        if (!s.isMarkedRedundant(base + unsigned(i)))
          kept.push_back(std::move(ineqs_[i]));
      ineqs_ = std::move(kept);
    }
    for (size_t i = 0; i < ineqs_.size(); ++i)
      ineqs_[i].parents = {unsigned(i)};
    steps_ = 0;
    restartSize_ = ineqs_.size();
    return true;
  }

  /// Gaussian elimination of a variable to eliminate through the equality
  /// with its smallest coefficient: nullopt when no equality involves one,
  /// otherwise whether the rows are still consistent.
  std::optional<bool> eliminateByEquality() {
    int bestEq = -1;
    unsigned bestVar = 0;
    for (size_t e = 0; e < eqs_.size(); ++e)
      for (unsigned v = 0; v < n_; ++v)
        if (toEliminate_[v] && !eqs_[e][v].isZero() &&
            (bestEq < 0 ||
             abs(eqs_[e][v]) < abs(eqs_[size_t(bestEq)][bestVar]))) {
          bestEq = int(e);
          bestVar = v;
        }
    if (bestEq < 0)
      return std::nullopt;
    RowVec e = eqs_[size_t(bestEq)];
    eqs_.erase(eqs_.begin() + bestEq);
    Int a = e[bestVar];
    Int absA = abs(a);
    auto eliminate = [&](RowVec &r) {
      if (r[bestVar].isZero())
        return;
      // |a| r - sign(a) r[v] e has a zero in column v.
      Int b = a.isNegative() ? r[bestVar] : -r[bestVar];
      combineInto(r, absA, e, b);
    };
    for (RowVec &r : eqs_) {
      eliminate(r);
      scaleDownRow(Row(r));
    }
    for (FMRow &r : ineqs_)
      eliminate(r.v);
    for (size_t i = eqs_.size(); i-- > 0;)
      if (linearPartZero(eqs_[i])) {
        if (!eqs_[i].back().isZero())
          return false;
        eqs_.erase(eqs_.begin() + long(i));
      }
    toEliminate_[bestVar] = false;
    return restart();
  }

  /// The variable to eliminate whose Fourier-Motzkin step makes the fewest
  /// new rows.
  unsigned cheapestVariable() const {
    unsigned var = 0;
    long bestCost = 0;
    bool haveVar = false;
    for (unsigned v = 0; v < n_; ++v) {
      if (!toEliminate_[v])
        continue;
      long pos = 0, neg = 0;
      for (const FMRow &r : ineqs_) {
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
    return var;
  }

  /// One Fourier-Motzkin step on the cheapest variable, skipping the
  /// combinations Chernikov's rule shows redundant. False when a
  /// combination is contradictory.
  bool fourierMotzkinStep() {
    unsigned var = cheapestVariable();
    ++steps_;
    std::vector<FMRow> lower, upper, next;
    for (FMRow &r : ineqs_) {
      int sg = r.v[var].sign();
      if (sg > 0)
        lower.push_back(std::move(r));
      else if (sg < 0)
        upper.push_back(std::move(r));
      else
        next.push_back(std::move(r));
    }
    WorkBudget::charge(uint64_t(lower.size()) * upper.size() * (n_ + 1));
    for (const FMRow &l : lower)
      for (const FMRow &u : upper) {
        std::vector<unsigned> parents;
        std::set_union(l.parents.begin(), l.parents.end(), u.parents.begin(),
                       u.parents.end(), std::back_inserter(parents));
        if (parents.size() > steps_ + 1)
          continue;
        FMRow r{combineBounds(l.v, u.v, var), std::move(parents)};
        scaleDownRow(Row(r.v));
        if (linearPartZero(r.v)) {
          if (r.v.back().isNegative())
            return false;
          continue;
        }
        next.push_back(std::move(r));
      }
    ineqs_ = std::move(next);
    toEliminate_[var] = false;
    return ineqs_.size() <= 2 * restartSize_ + 8 || restart();
  }

  unsigned n_, first_, count_;
  std::vector<RowVec> eqs_;
  std::vector<FMRow> ineqs_;
  /// toEliminate_[v]: v is among the variables still to eliminate.
  std::vector<bool> toEliminate_;
  unsigned steps_ = 0;
  size_t restartSize_ = 0;
};

} // namespace

RatPoly eliminateRational(RatPoly p, unsigned first, unsigned count) {
  RationalEliminator elimination(p, first, count);
  bool consistent = elimination.run();
  return elimination.result(!consistent);
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
