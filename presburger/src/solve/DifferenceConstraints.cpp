//===- DifferenceConstraints.cpp - Systems of x - y + c >= 0 --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "solve/DifferenceConstraints.h"
#include "presburger/WorkBudget.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cstdint>

namespace presburger::difference {

namespace {

/// The row a*(x_p - x_q) + k >= 0 (or == 0), where a single-variable row
/// a*x_p + k has q = the zero node nv.
struct DifferenceRow {
  unsigned p, q;
  int64_t a, k;
};

enum class RowShape { Difference, Constant, Other };

/// Reads `row` as a difference row; Constant for a row without variables
/// (its constant in out.k), Other when it has another shape or a value
/// that is not a small integer.
RowShape readRow(ConstRow row, unsigned nv, DifferenceRow &out) {
  unsigned p = nv, q = nv;
  int64_t a = 0;
  for (unsigned c = 0; c < nv; ++c) {
    const Int &v = row[c];
    if (v.isZero())
      continue;
    if (!v.isSmall() || v.getSmall() == INT64_MIN)
      return RowShape::Other;
    int64_t x = v.getSmall();
    if (p == nv) {
      p = c;
      a = x;
    } else if (q == nv && x == -a) {
      q = c;
    } else {
      return RowShape::Other;
    }
  }
  if (!row[nv].isSmall() || row[nv].getSmall() == INT64_MIN)
    return RowShape::Other;
  out = {p, q, a, row[nv].getSmall()};
  return p == nv ? RowShape::Constant : RowShape::Difference;
}

int64_t floorDiv64(int64_t x, int64_t y) { // y > 0
  return x / y - ((x % y != 0) && (x < 0));
}

struct Edge {
  unsigned from, to;
  int64_t w; // x_to <= x_from + w
};

/// The edge of the inequality a*(x_p - x_q) + k >= 0.
Edge inequalityEdge(const DifferenceRow &r) {
  if (r.a > 0) // x_q <= x_p + floor(k / a)
    return {r.p, r.q, floorDiv64(r.k, r.a)};
  return {r.q, r.p, floorDiv64(r.k, -r.a)}; // x_p <= x_q + floor(k / -a)
}

enum class EdgeRead { Added, Infeasible, NotDifference };

/// Calls add(edge) for the edges of eqs == 0, ineqs >= 0 (an equality
/// gives two); constant rows add nothing. Infeasible when a row alone has
/// no integer solution, NotDifference when a row has another shape (or,
/// with `unitOnly`, a coefficient other than +-1: then the edges describe
/// the rational polyhedron exactly, not only its integer points).
template <typename AddEdge>
EdgeRead readEdges(const Matrix &eqs, const Matrix &ineqs, unsigned nv,
                   bool unitOnly, AddEdge add) {
  for (const Matrix *m : {&eqs, &ineqs}) {
    bool equality = m == &eqs;
    for (unsigned i = 0; i < m->numRows(); ++i) {
      DifferenceRow r;
      switch (readRow(m->row(i), nv, r)) {
      case RowShape::Other:
        return EdgeRead::NotDifference;
      case RowShape::Constant:
        if (equality ? r.k != 0 : r.k < 0)
          return EdgeRead::Infeasible;
        continue;
      case RowShape::Difference:
        break;
      }
      if (unitOnly && r.a != 1 && r.a != -1)
        return EdgeRead::NotDifference;
      if (!equality) {
        if (!add(inequalityEdge(r)))
          return EdgeRead::NotDifference;
        continue;
      }
      // x_p - x_q == -k / a, which must be an integer.
      if (r.k % r.a != 0)
        return EdgeRead::Infeasible;
      int64_t d = -(r.k / r.a);
      if (!add(Edge{r.q, r.p, d}) || !add(Edge{r.p, r.q, -d}))
        return EdgeRead::NotDifference;
    }
  }
  return EdgeRead::Added;
}

/// row -= (row[col] / eq[col]) * eq, exact since eq[col] is +-1.
void eliminateWith(Row row, ConstRow eq, unsigned col) {
  if (row[col].isZero())
    return;
  Int f = eq[col].isOne() ? row[col] : -row[col];
  for (size_t c = 0; c < eq.size(); ++c)
    if (!eq[c].isZero())
      row[c] -= f * eq[c];
}

} // namespace

bool isDifferenceRow(ConstRow row, unsigned nv) {
  DifferenceRow r;
  return readRow(row, nv, r) != RowShape::Other;
}

bool isDifferenceSystem(const Matrix &eqs, const Matrix &ineqs, unsigned nv) {
  for (const Matrix *m : {&eqs, &ineqs})
    for (unsigned i = 0; i < m->numRows(); ++i)
      if (!isDifferenceRow(m->row(i), nv))
        return false;
  return true;
}

std::optional<bool> isEmpty(const Matrix &eqs, const Matrix &ineqs,
                            unsigned nv) {
  return solve(eqs, ineqs, nv, nullptr);
}

std::optional<bool> solve(const Matrix &eqs, const Matrix &ineqs, unsigned nv,
                          std::vector<Int> *point) {
  constexpr unsigned kMaxNodes = 48, kMaxEdges = 160;
  if (nv + 1 > kMaxNodes)
    return std::nullopt;
  Edge edges[kMaxEdges];
  unsigned numEdges = 0;
  // Fixed-size buffers: no allocation on this path (every emptiness test).
  switch (readEdges(eqs, ineqs, nv, /*unitOnly=*/false, [&](const Edge &e) {
    if (numEdges == kMaxEdges)
      return false;
    edges[numEdges++] = e;
    return true;
  })) {
  case EdgeRead::NotDifference:
    return std::nullopt;
  case EdgeRead::Infeasible:
    return true;
  case EdgeRead::Added:
    break;
  }
  // Bellman-Ford from a virtual source at distance 0 to every node.
  int64_t dist[kMaxNodes];
  unsigned n = nv + 1;
  for (unsigned v = 0; v < n; ++v)
    dist[v] = 0;
  for (unsigned pass = 0; pass < n; ++pass) {
    bool changed = false;
    for (unsigned e = 0; e < numEdges; ++e) {
      int64_t cand;
      if (__builtin_add_overflow(dist[edges[e].from], edges[e].w, &cand))
        return std::nullopt;
      if (cand < dist[edges[e].to]) {
        dist[edges[e].to] = cand;
        changed = true;
      }
    }
    if (!changed) {
      // Converged: the distances are an integer point, once shifted so
      // that the zero node is at zero.
      if (point) {
        point->assign(nv, Int(0));
        for (unsigned v = 0; v < nv; ++v) {
          int64_t x;
          if (__builtin_sub_overflow(dist[v], dist[nv], &x))
            return std::nullopt;
          (*point)[v] = Int(x);
        }
      }
      return false;
    }
  }
  return true; // Still relaxing after n passes: a negative cycle.
}

std::optional<Substituted>
substituteUnitEqualities(const Matrix &eqs, const Matrix &ineqs, unsigned nv) {
  Matrix e = eqs;
  Substituted out{ineqs, false, false, {}};
  out.eliminated.reserve(eqs.numRows());
  Matrix &in = out.ineqs;
  while (e.numRows() > 0) {
    unsigned last = e.numRows() - 1;
    // Divide by the content; a constant it does not divide is a
    // contradiction.
    Int g = e.normalizeRow(last, 0, nv);
    if (g.isZero()) {
      if (!e.at(last, nv).isZero()) {
        out.empty = true;
        return out;
      }
      e.removeRow(last);
      continue;
    }
    if (!mod(e.at(last, nv), g).isZero()) {
      out.empty = true;
      return out;
    }
    if (!g.isOne())
      e.at(last, nv) = divExact(e.at(last, nv), g);
    unsigned col = nv;
    for (unsigned c = 0; c < nv && col == nv; ++c)
      if (e.at(last, c) == Int(1) || e.at(last, c) == Int(-1))
        col = c;
    if (col == nv)
      return std::nullopt;
    out.eliminated.push_back(
        {col, std::vector<Int>(e.row(last).begin(), e.row(last).end())});
    const std::vector<Int> &eq = out.eliminated.back().equality;
    e.removeRow(last);
    for (unsigned r = 0; r < e.numRows(); ++r)
      eliminateWith(e.row(r), eq, col);
    for (unsigned r = 0; r < in.numRows(); ++r)
      eliminateWith(in.row(r), eq, col);
  }
  // Tighten the inequalities over the integers (divide by the content,
  // floor the constant): the difference tests expect unit rows.
  for (unsigned r = 0; r < in.numRows(); ++r) {
    Int g = in.normalizeRow(r, 0, nv);
    if (!g.isZero() && !g.isOne()) {
      Int k = floorDiv(in.at(r, nv), g);
      out.tightened = out.tightened || k * g != in.at(r, nv);
      in.at(r, nv) = std::move(k);
    }
  }
  return out;
}

void substituteEliminated(
    const std::vector<Substituted::Elimination> &eliminated, Row row) {
  for (const Substituted::Elimination &el : eliminated)
    eliminateWith(row, el.equality, el.column);
}

std::optional<bool> isEmptyAfterUnitSubstitution(const Matrix &eqs,
                                                 const Matrix &ineqs,
                                                 unsigned nv) {
  std::optional<Substituted> sub = substituteUnitEqualities(eqs, ineqs, nv);
  if (!sub)
    return std::nullopt;
  if (sub->empty)
    return true;
  return isEmpty(Matrix(0, nv + 1), sub->ineqs, nv);
}

std::optional<Distances> Distances::of(const Matrix &eqs, const Matrix &ineqs,
                                       unsigned nv) {
  unsigned n = nv + 1;
  if (n > kMaxNodes)
    return std::nullopt;
  WorkBudget::chargeRows(eqs.numRows() + ineqs.numRows(), n);
  std::vector<int64_t> weights(n * n, kInfinity);
  // Normalized rows have unit coefficients, so an edge weight is the row's
  // constant and the rational and integer readings agree. Constant rows
  // (left by substitutions) add no edge; a false one makes it empty.
  EdgeRead read =
      readEdges(eqs, ineqs, nv, /*unitOnly=*/true, [&](const Edge &e) {
        int64_t &slot = weights[e.from * n + e.to];
        if (e.w < slot)
          slot = e.w;
        return true;
      });
  if (read != EdgeRead::Added)
    return std::nullopt;
  return closure(nv, std::move(weights));
}

std::optional<Distances> Distances::closure(unsigned nv,
                                            std::vector<int64_t> weights) {
  unsigned n = nv + 1;
  // Floyd-Warshall: n^3.
  WorkBudget::chargeRows(uint64_t(n) * n, n);
  Distances g;
  g.nv_ = nv;
  g.n_ = n;
  g.d_ = std::move(weights);
  int64_t *d = g.d_.data();
  for (unsigned i = 0; i < n; ++i)
    d[i * n + i] = std::min<int64_t>(d[i * n + i], 0);
  for (unsigned k = 0; k < n; ++k)
    for (unsigned i = 0; i < n; ++i) {
      if (d[i * n + k] == kInfinity)
        continue;
      for (unsigned j = 0; j < n; ++j) {
        if (d[k * n + j] == kInfinity)
          continue;
        int64_t via;
        if (__builtin_add_overflow(d[i * n + k], d[k * n + j], &via))
          return std::nullopt;
        if (via < d[i * n + j])
          d[i * n + j] = via;
      }
    }
  for (unsigned i = 0; i < n; ++i)
    if (d[i * n + i] < 0)
      return std::nullopt; // Empty.
  return g;
}

std::optional<Optimum> Distances::optimum(ConstRow row, bool maximize) const {
  DifferenceRow r;
  switch (readRow(row, nv_, r)) {
  case RowShape::Other:
    return std::nullopt;
  case RowShape::Constant:
    return Optimum{OptimumKind::Bounded, Fraction(Int(r.k))};
  case RowShape::Difference:
    break;
  }
  return optimumOfDifference(r.p, r.q, r.a, r.k, maximize);
}

Optimum Distances::optimumOfDifference(unsigned p, unsigned q, int64_t a,
                                       int64_t k, bool maximize) const {
  if (p == nv_ || a == 0)
    return Optimum{OptimumKind::Bounded, Fraction(Int(k))};
  // row = a * (x_p - x_q) + k; max (x_p - x_q) = d[q][p], min = -d[p][q].
  bool up = (a > 0) == maximize; // Maximize x_p - x_q?
  int64_t dist = up ? distance(q, p) : distance(p, q);
  if (dist == kInfinity)
    return Optimum{OptimumKind::Unbounded, Fraction()};
  Int absA = Int(a < 0 ? -a : a);
  Int diff = up ? Int(dist) : -Int(dist);
  // |a| * (x_p - x_q) when a > 0, |a| * (x_q - x_p) otherwise.
  Int value = (a > 0 ? absA * diff : -(absA * diff)) + Int(k);
  return Optimum{OptimumKind::Bounded, Fraction(value)};
}

namespace {
/// redundantInequalities for a box: every row has one variable, with
/// coefficient +-1, and each bound of a variable appears once (normalized
/// rows of loop bounds). Its graph is a star around the zero node whose
/// cycles (one per variable bounded on both sides) only add weight to a
/// path, so no row is implied by the others: no closure is needed. nullopt
/// when the rows are not such a box (the graph decides); otherwise the
/// graph's answer: nullopt for an implicit equality or an empty range,
/// else only the constant rows redundant.
std::optional<std::optional<std::vector<bool>>>
boxRedundancies(const Matrix &ineqs, unsigned nv) {
  // Whether every row is a unit bound or a constant, before anything is
  // allocated (most rows that reach here are differences: the graph's).
  auto boxRow = [&](unsigned i, DifferenceRow &r) {
    switch (readRow(ineqs.row(i), nv, r)) {
    case RowShape::Other:
      return false;
    case RowShape::Constant:
      return true;
    case RowShape::Difference:
      break;
    }
    return r.q == nv && (r.a == 1 || r.a == -1) && r.k != INT64_MIN;
  };
  DifferenceRow r;
  for (unsigned i = 0; i < ineqs.numRows(); ++i)
    if (!boxRow(i, r))
      return std::nullopt;
  WorkBudget::chargeRows(ineqs.numRows(), nv + 1);
  constexpr unsigned kInline = 16;
  // Bit 0: a lower bound seen, bit 1: an upper bound; then the bounds.
  boost::container::small_vector<uint8_t, kInline> seen(nv, 0);
  boost::container::small_vector<int64_t, kInline> lo(nv), hi(nv);
  std::vector<bool> redundant(ineqs.numRows(), false);
  for (unsigned i = 0; i < ineqs.numRows(); ++i) {
    boxRow(i, r);
    if (r.p == nv) { // A constant row.
      if (r.k < 0)
        return std::optional<std::vector<bool>>(); // Empty.
      redundant[i] = true;
      continue;
    }
    // a x_p + k >= 0 with a = +-1: x_p >= -k or x_p <= k.
    uint8_t bit = r.a > 0 ? 1 : 2;
    if (seen[r.p] & bit)
      return std::nullopt; // A second row on that bound.
    seen[r.p] |= bit;
    (r.a > 0 ? lo : hi)[r.p] = r.a > 0 ? -r.k : r.k;
  }
  for (unsigned v = 0; v < nv; ++v)
    if (seen[v] == 3 && hi[v] <= lo[v])
      return std::optional<std::vector<bool>>(); // Fixed or empty.
  return std::optional<std::vector<bool>>(std::move(redundant));
}
} // namespace

std::optional<std::vector<bool>> redundantInequalities(const Matrix &ineqs,
                                                       unsigned nv) {
  if (std::optional<std::optional<std::vector<bool>>> box =
          boxRedundancies(ineqs, nv))
    return *box;
  std::optional<Distances> g = Distances::of(Matrix(0, nv + 1), ineqs, nv);
  if (!g)
    return std::nullopt;
  constexpr int64_t kInf = Distances::kInfinity;
  unsigned n = nv + 1, m = ineqs.numRows();
  // Rows without variables (k >= 0, checked by Distances::of) are
  // redundant; the others are edges.
  std::vector<std::optional<Edge>> edges(m);
  std::vector<bool> redundant(m, false);
  for (unsigned i = 0; i < m; ++i) {
    DifferenceRow r;
    if (readRow(ineqs.row(i), nv, r) == RowShape::Constant)
      redundant[i] = true;
    else
      edges[i] = inequalityEdge(r);
  }
  auto d = [&](unsigned i, unsigned j) { return g->distance(i, j); };
  // An edge on a cycle of weight zero is an implicit equality.
  for (const std::optional<Edge> &e : edges)
    if (e && d(e->to, e->from) != kInf && d(e->to, e->from) + e->w == 0)
      return std::nullopt;
  // Every cycle has positive weight now. A walk from v to u other than the
  // edge e = (v -> u, w) itself that weighs at most w is a simple path
  // (dropping its cycles makes it lighter) through some other node k, so e
  // is redundant iff d[v][k] + d[k][u] <= w for some k outside {u, v}; a
  // shortest path that uses e itself weighs w plus a positive cycle and
  // never passes that test. Two redundant edges never depend on each
  // other: each would be the other plus positive cycles.
  for (unsigned i = 0; i < m; ++i) {
    if (!edges[i])
      continue;
    const Edge &e = *edges[i];
    for (unsigned k = 0; k < n && !redundant[i]; ++k) {
      if (k == e.from || k == e.to || d(e.from, k) == kInf ||
          d(k, e.to) == kInf)
        continue;
      int64_t via;
      if (!__builtin_add_overflow(d(e.from, k), d(k, e.to), &via) && via <= e.w)
        redundant[i] = true;
    }
  }
  return redundant;
}

namespace {

/// Reads `row` with every variable replaced by its alias, whose
/// representatives are nodes numbered below `zero` (the zero node): the
/// difference row over the nodes it becomes (Constant, Difference) or
/// Other; nullopt when a value is too large or the row too wide for this
/// path (int64, no allocation).
std::optional<RowShape> readThroughAliases(ConstRow row,
                                           const std::vector<VariableAlias> &al,
                                           unsigned zero, DifferenceRow &out) {
  unsigned nv = al.size();
  // The row over the representatives: few distinct ones in a loop bound.
  constexpr unsigned kMaxTerms = 8;
  unsigned reps[kMaxTerms];
  int64_t coefs[kMaxTerms];
  unsigned terms = 0;
  if (!row[nv].isSmall())
    return std::nullopt;
  int64_t k = row[nv].getSmall();
  for (unsigned c = 0; c < nv; ++c) {
    const Int &v = row[c];
    if (v.isZero())
      continue;
    if (!v.isSmall())
      return std::nullopt;
    int64_t x = v.getSmall(), shift;
    if (__builtin_mul_overflow(x, al[c].offset, &shift) ||
        __builtin_add_overflow(k, shift, &k))
      return std::nullopt;
    unsigned rep = al[c].rep;
    if (rep == zero)
      continue;
    unsigned t = 0;
    while (t < terms && reps[t] != rep)
      ++t;
    if (t == terms) {
      if (terms == kMaxTerms)
        return std::nullopt;
      reps[terms] = rep;
      coefs[terms++] = 0;
    }
    if (__builtin_add_overflow(coefs[t], x, &coefs[t]))
      return std::nullopt;
  }
  unsigned p = zero, q = zero;
  int64_t a = 0;
  for (unsigned t = 0; t < terms; ++t) {
    if (coefs[t] == 0)
      continue;
    if (p == zero && coefs[t] != INT64_MIN) {
      p = reps[t];
      a = coefs[t];
    } else if (q == zero && coefs[t] == -a) {
      q = reps[t];
    } else {
      return RowShape::Other;
    }
  }
  if (k == INT64_MIN)
    return std::nullopt;
  out = {p, q, a, k};
  return p == zero ? RowShape::Constant : RowShape::Difference;
}

/// The aliases that the equalities make when every one is a unit
/// difference row (x_p - x_q + c == 0 or x_p + c == 0), each variable
/// pointing at the representative of its class (the zero node for a
/// class with a fixed value); nullopt when some equality has another
/// shape, a value is large, or two equalities contradict each other (the
/// general substitution decides those).
std::optional<std::vector<VariableAlias>> unitAliases(const Matrix &eqs,
                                                      unsigned nv) {
  std::vector<VariableAlias> al(nv);
  for (unsigned v = 0; v < nv; ++v)
    al[v] = {v, 0};
  auto resolve = [&](unsigned v) {
    return v == nv ? VariableAlias{nv, 0} : al[v];
  };
  for (unsigned e = 0; e < eqs.numRows(); ++e) {
    DifferenceRow r;
    if (readRow(eqs.row(e), nv, r) != RowShape::Difference ||
        (r.a != 1 && r.a != -1))
      return std::nullopt;
    // x_p - x_q + shift == 0.
    int64_t shift = r.a == 1 ? r.k : -r.k;
    VariableAlias p = resolve(r.p), q = resolve(r.q);
    // x_rp - x_rq == q.offset - p.offset - shift =: gap.
    int64_t gap;
    if (__builtin_sub_overflow(q.offset, p.offset, &gap) ||
        __builtin_sub_overflow(gap, shift, &gap))
      return std::nullopt;
    if (p.rep == q.rep) {
      if (gap != 0)
        return std::nullopt;
      continue;
    }
    // The zero node stays a representative: x_from = x_to + gap'.
    unsigned from = p.rep, to = q.rep;
    if (from == nv) {
      std::swap(from, to);
      if (gap == INT64_MIN)
        return std::nullopt;
      gap = -gap;
    }
    for (VariableAlias &v : al)
      if (v.rep == from) {
        v.rep = to;
        if (__builtin_add_overflow(v.offset, gap, &v.offset))
          return std::nullopt;
      }
  }
  return al;
}

/// Renumbers the representatives of `al` as the nodes 0, 1, ... in column
/// order, the zero node last: a variable fixed by a copy has no node of its
/// own. Returns the zero node's number.
unsigned numberRepresentatives(std::vector<VariableAlias> &al) {
  unsigned nv = al.size(), nodes = 0;
  std::vector<unsigned> node(nv + 1, 0);
  for (unsigned v = 0; v < nv; ++v)
    if (al[v].rep == v)
      node[v] = nodes++;
  node[nv] = nodes;
  for (VariableAlias &a : al)
    a.rep = node[a.rep];
  return nodes;
}

} // namespace

std::optional<IntegerOptima>
IntegerOptima::of(const Matrix &eqs, const Matrix &ineqs, unsigned nv) {
  unsigned n = nv + 1;
  if (n > Distances::kMaxNodes)
    return std::nullopt;
  if (std::optional<std::vector<VariableAlias>> al = unitAliases(eqs, nv)) {
    // A graph over the representatives; each inequality read through the
    // aliases, its edge flooring the constant (the tightening over the
    // integers).
    unsigned zero = numberRepresentatives(*al);
    WorkBudget::chargeRows(eqs.numRows() + ineqs.numRows(), n);
    n = zero + 1;
    std::vector<int64_t> weights(n * n, Distances::kInfinity);
    for (unsigned i = 0; i < ineqs.numRows(); ++i) {
      DifferenceRow r;
      std::optional<RowShape> shape =
          readThroughAliases(ineqs.row(i), *al, zero, r);
      if (!shape || *shape == RowShape::Other)
        return std::nullopt;
      if (*shape == RowShape::Constant) {
        if (r.k < 0)
          return std::nullopt; // Empty.
        continue;
      }
      Edge edge = inequalityEdge(r);
      int64_t &slot = weights[edge.from * n + edge.to];
      slot = std::min(slot, edge.w);
    }
    std::optional<Distances> d = Distances::closure(zero, std::move(weights));
    if (!d)
      return std::nullopt;
    return IntegerOptima({}, std::move(*al), std::move(*d));
  }
  std::optional<Substituted> sub = substituteUnitEqualities(eqs, ineqs, nv);
  if (!sub || sub->empty)
    return std::nullopt;
  std::optional<Distances> d = Distances::of(Matrix(0, n), sub->ineqs, nv);
  if (!d)
    return std::nullopt;
  return IntegerOptima(std::move(sub->eliminated), {}, std::move(*d));
}

std::optional<Optimum> IntegerOptima::minimum(ConstRow row) const {
  if (!aliases_.empty()) {
    DifferenceRow r;
    std::optional<RowShape> shape =
        readThroughAliases(row, aliases_, distances_.zeroNode(), r);
    if (!shape || *shape == RowShape::Other)
      return std::nullopt; // Large values: the caller's general method.
    return distances_.optimumOfDifference(r.p, r.q, r.a, r.k,
                                          /*maximize=*/false);
  }
  std::vector<Int> r(row.begin(), row.end());
  substituteEliminated(eliminated_, r);
  return distances_.optimum(r, /*maximize=*/false);
}

bool unitDifferenceRows(const Matrix &m, unsigned nv) {
  for (unsigned r = 0; r < m.numRows(); ++r) {
    ConstRow row = m.row(r);
    int count = 0, signSum = 0;
    for (unsigned c = 0; c < nv; ++c) {
      if (row[c].isZero())
        continue;
      if (!abs(row[c]).isOne() || ++count > 2)
        return false;
      signSum += row[c].isNegative() ? -1 : 1;
    }
    if (count == 2 && signSum != 0)
      return false;
  }
  return true;
}

std::optional<std::vector<bool>>
boxRedundanciesAfterSubstitution(const Matrix &eqs, const Matrix &ineqs,
                                 unsigned nv) {
  // Before substituting: a row with two variables that no equality
  // mentions keeps both (the parametric bounds i < n of a loop nest).
  if (nv > 64)
    return std::nullopt;
  uint64_t inEqualities = 0;
  for (unsigned r = 0; r < eqs.numRows(); ++r)
    for (unsigned c = 0; c < nv; ++c)
      if (!eqs.at(r, c).isZero())
        inEqualities |= uint64_t(1) << c;
  for (unsigned r = 0; r < ineqs.numRows(); ++r) {
    unsigned outside = 0;
    for (unsigned c = 0; c < nv; ++c)
      outside += !ineqs.at(r, c).isZero() && !(inEqualities >> c & 1);
    if (outside > 1)
      return std::nullopt;
  }
  std::optional<Substituted> sub = substituteUnitEqualities(eqs, ineqs, nv);
  // The substitution keeps the rows in place (one per inequality) and
  // tightens them: a range open after tightening is open before, and each
  // row is its original one on the equalities' points, scaled and shifted
  // inwards, so the conclusions carry over.
  if (!sub || sub->empty || sub->ineqs.numRows() != ineqs.numRows())
    return std::nullopt;
  std::optional<std::optional<std::vector<bool>>> box =
      boxRedundancies(sub->ineqs, nv);
  if (!box || !*box)
    return std::nullopt;
  return std::move(**box);
}

std::optional<std::vector<bool>>
redundantInequalitiesAfterSubstitution(const Matrix &eqs, const Matrix &ineqs,
                                       unsigned nv) {
  std::optional<Substituted> sub = substituteUnitEqualities(eqs, ineqs, nv);
  if (!sub || sub->empty || sub->eliminated.size() != eqs.numRows() ||
      sub->ineqs.numRows() != ineqs.numRows())
    return std::nullopt;
  // Rows that the substitution made alike (a copy's bound i' < n beside
  // i < n, where i' = i): the tightest stays (the first of equal ones), the
  // others are implied by it.
  const Matrix &rows = sub->ineqs;
  std::vector<bool> redundant(rows.numRows(), false);
  std::vector<unsigned> distinct;
  for (unsigned r = 0; r < rows.numRows(); ++r) {
    ConstRow row = rows.row(r);
    auto same = std::find_if(distinct.begin(), distinct.end(), [&](unsigned q) {
      return std::equal(row.begin(), row.begin() + nv, rows.row(q).begin());
    });
    if (same == distinct.end()) {
      distinct.push_back(r);
      continue;
    }
    if (row[nv] < rows.at(*same, nv)) {
      redundant[*same] = true;
      *same = r;
    } else {
      redundant[r] = true;
    }
  }
  Matrix kept(0, nv + 1);
  for (unsigned r : distinct)
    kept.appendRow(rows.row(r));
  std::optional<std::vector<bool>> implied = redundantInequalities(kept, nv);
  if (!implied)
    return std::nullopt;
  for (size_t k = 0; k < distinct.size(); ++k)
    redundant[distinct[k]] = (*implied)[k];
  return redundant;
}

} // namespace presburger::difference
