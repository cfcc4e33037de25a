//===- ContainedDisjuncts.cpp - Dropping disjuncts inside others ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See ContainedDisjuncts.h. Each disjunct is brought to a bound list: its
// rows (equalities as two inequalities) sorted by coefficients, one row per
// coefficient vector with the smallest constant, the tightest. X is then
// syntactically inside Y when Y's coefficient vectors are among X's with
// constants no smaller: one merge of the two lists.
//
//===----------------------------------------------------------------------===//
#include "basic/ContainedDisjuncts.h"
#include "basic/Divisions.h"
#include "core/Rows.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace presburger {

namespace {

/// Up to this many disjuncts every ordered pair is compared (behind a 64-bit
/// filter, a few thousand cheap tests at most).
constexpr size_t kAllPairs = 128;
/// Up to this many disjuncts copies are found by the pair tests too.
constexpr size_t kFew = 8;
/// Up to this many disjuncts of at most kDirectRows rows each (an equality
/// counting twice), the pairs are compared row by row without sorted bound
/// lists: a few hundred comparisons and no allocation, where building the
/// lists costs more than the tests (a union of two loop nests).
constexpr size_t kDirectDisjuncts = 4;
constexpr unsigned kDirectRows = 24;
/// Above kAllPairs, a disjunct is compared with at most three times this
/// many disjuncts of the same coefficient rows: its neighbours on either
/// side in the order of their constants and the widest of them. More
/// containments may exist than this finds; what it drops is still exact.
constexpr size_t kCandidates = 8;

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

/// One disjunct's bounds: `rows` points to `n` rows of `width` coefficients
/// and a constant each, sorted by coefficients, one row per coefficient
/// vector: rows of the disjunct itself (which must outlive the bounds and
/// stay unchanged) or negated equalities held in `negated`.
struct Bounds {
  unsigned width = 0;
  size_t n = 0;
  std::vector<Int> negated;
  std::vector<const Int *> rows;
  bool empty = false;
  uint64_t shape = 0; // Hash of the coefficient vectors (and the locals).
  uint64_t full = 0;  // Hash of the rows with their constants.
  uint64_t mask = 0;  // One bit per coefficient vector, by its hash.
  Int constantSum;
  /// The rows' constants as int64 when every one fits (empty otherwise):
  /// the test between disjuncts of one class reads only these.
  boost::container::small_vector<int64_t, 16> smallConstants;
  /// Disjuncts with the same class have the same coefficient vectors, in
  /// the same order (set by classifyCoefficients; distinct by default).
  size_t coefficientClass = SIZE_MAX;

  const Int *row(size_t i) const { return rows[i]; }
};

int compareCoefficients(const Int *a, const Int *b, unsigned width) {
  for (unsigned c = 0; c < width; ++c)
    if (int cmp = compare(a[c], b[c]))
      return cmp;
  return 0;
}

/// A hash of one coefficient, inline for the common small integers.
uint64_t hashOf(const Int &v) {
  return v.isSmall() ? uint64_t(v.getSmall()) : uint64_t(v.hash());
}
/// hashOf(-v), without building -v for small values (the same hash: the
/// small value's two's complement negation).
uint64_t hashOfNegated(const Int &v) {
  if (v.isSmall() && v.getSmall() != INT64_MIN)
    return 0 - uint64_t(v.getSmall());
  return hashOf(-v);
}

Bounds boundsOf(const BasicRelation &d) {
  Bounds out;
  unsigned cols = d.numCols();
  out.width = cols - 1;
  out.empty = d.isObviouslyEmpty();
  // Every row once, each equality also negated (the negations are the only
  // rows copied; reserved up front, so the pointers into them stay valid).
  std::vector<Int> &negated = out.negated;
  negated.reserve(size_t(cols) * d.numEqualities());
  for (unsigned i = 0; i < d.numEqualities(); ++i)
    for (const Int &v : d.equality(i))
      negated.push_back(-v);
  std::vector<const Int *> order;
  order.reserve(2 * d.numEqualities() + d.numInequalities());
  for (unsigned i = 0; i < d.numEqualities(); ++i) {
    order.push_back(d.equality(i).data());
    order.push_back(negated.data() + size_t(i) * cols);
  }
  for (unsigned i = 0; i < d.numInequalities(); ++i)
    order.push_back(d.inequality(i).data());
  std::sort(order.begin(), order.end(), [&](const Int *a, const Int *b) {
    if (int cmp = compareCoefficients(a, b, out.width))
      return cmp < 0;
    return a[out.width] < b[out.width];
  });
  out.rows.reserve(order.size());
  uint64_t locals = d.numLocals();
  for (unsigned k = 0; k < d.numLocals(); ++k) {
    locals = mix(locals, d.hasDivDef(k) ? hashOf(d.divDenominator(k)) : 0);
    for (const Int &v : d.divNumerator(k))
      locals = mix(locals, hashOf(v));
  }
  out.shape = mix(locals, cols);
  const Int *last = nullptr;
  for (const Int *r : order) {
    bool zero =
        std::all_of(r, r + out.width, [](const Int &v) { return v.isZero(); });
    if (zero) {
      // 0 >= -c: true when c >= 0 (implied by anything), else empty.
      out.empty = out.empty || r[out.width] < Int(0);
      continue;
    }
    // Sorted: the first row of each coefficient vector is its tightest.
    if (last && compareCoefficients(last, r, out.width) == 0)
      continue;
    uint64_t h = 0;
    for (unsigned c = 0; c < out.width; ++c)
      h = mix(h, hashOf(r[c]));
    out.shape = mix(out.shape, h);
    out.full = mix(mix(out.full, h), hashOf(r[out.width]));
    out.mask |= uint64_t(1) << (h % 64);
    out.constantSum += r[out.width];
    out.rows.push_back(r);
    last = r;
    ++out.n;
  }
  bool small = std::all_of(out.rows.begin(), out.rows.end(), [&](const Int *r) {
    return r[out.width].isSmall();
  });
  if (small)
    for (const Int *r : out.rows)
      out.smallConstants.push_back(r[out.width].getSmall());
  return out;
}

/// Whether the locals allow reading X inside Y column by column: Y's local
/// is a plain existential (any witness of X serves), or both are the same
/// division.
bool localsFit(const BasicRelation &x, const BasicRelation &y) {
  for (unsigned k = 0; k < y.numLocals(); ++k)
    if (y.hasDivDef(k) && !sameDivision(x, k, y, k))
      return false;
  return true;
}

/// Gives the bounds of disjuncts with the same coefficient vectors (and
/// locals, and width) one class: grouped by the shape hash, each checked
/// against its group's first member row by row. O(n k w) for n disjuncts of
/// k rows of width w.
void classifyCoefficients(std::vector<Bounds> &bounds) {
  std::unordered_map<uint64_t, std::vector<size_t>> firstOfClass;
  for (size_t i = 0; i < bounds.size(); ++i) {
    Bounds &b = bounds[i];
    if (b.empty)
      continue;
    std::vector<size_t> &reps = firstOfClass[b.shape];
    for (size_t r : reps) {
      const Bounds &rep = bounds[r];
      bool same = rep.width == b.width && rep.n == b.n;
      for (size_t k = 0; k < b.n && same; ++k)
        same = compareCoefficients(rep.row(k), b.row(k), b.width) == 0;
      if (same) {
        b.coefficientClass = rep.coefficientClass;
        break;
      }
    }
    if (b.coefficientClass == SIZE_MAX) {
      b.coefficientClass = i;
      reps.push_back(i);
    }
  }
}

/// Whether disjunct x (bounds bx) is syntactically inside y (bounds by).
bool inside(const BasicRelation &x, const Bounds &bx, const BasicRelation &y,
            const Bounds &by) {
  if (bx.width != by.width || x.numLocals() != y.numLocals())
    return false;
  if (!bx.empty && (by.empty || (by.mask & ~bx.mask) || by.n > bx.n))
    return false;
  if (!localsFit(x, y))
    return false;
  if (bx.empty)
    return true;
  if (bx.coefficientClass != SIZE_MAX &&
      bx.coefficientClass == by.coefficientClass) {
    // The same coefficient vectors in the same order: the constants decide
    // (boxes along a line, tiles, copies of a piece cut smaller).
    if (bx.smallConstants.size() == bx.n && by.smallConstants.size() == by.n) {
      for (size_t k = 0; k < by.n; ++k)
        if (by.smallConstants[k] < bx.smallConstants[k])
          return false;
      return true;
    }
    for (size_t k = 0; k < by.n; ++k)
      if (by.row(k)[by.width] < bx.row(k)[bx.width])
        return false;
    return true;
  }
  size_t i = 0;
  for (size_t j = 0; j < by.n; ++j) {
    const Int *r = by.row(j);
    int cmp = 1;
    while (i < bx.n && (cmp = compareCoefficients(bx.row(i), r, bx.width)) < 0)
      ++i;
    if (i == bx.n || cmp != 0 || r[by.width] < bx.row(i)[bx.width])
      return false;
  }
  return true;
}

/// Entry `c` of constraint `i` of `b` read as inequalities: equalities
/// first, each as itself (i = 2e) and negated (i = 2e + 1), then the
/// inequalities.
struct InequalityRows {
  const BasicRelation &b;
  unsigned size() const { return 2 * b.numEqualities() + b.numInequalities(); }
  bool negated(unsigned i) const {
    return i < 2 * b.numEqualities() && (i & 1) != 0;
  }
  ConstRow row(unsigned i) const {
    unsigned twiceEqs = 2 * b.numEqualities();
    return i < twiceEqs ? b.equality(i / 2) : b.inequality(i - twiceEqs);
  }
};

/// Whether row i of x (as an inequality) has the same coefficients as row j
/// of y, and then its constant minus y's in `slack` (x's row implies y's
/// when slack <= 0).
bool sameCoefficients(const InequalityRows &x, unsigned i,
                      const InequalityRows &y, unsigned j, unsigned width,
                      Int &slack) {
  ConstRow a = x.row(i), b = y.row(j);
  bool na = x.negated(i), nb = y.negated(j);
  for (unsigned c = 0; c < width; ++c) {
    const Int &u = a[c], &v = b[c];
    if (na == nb ? u != v : !isNegationOf(u, v))
      return false;
  }
  Int ca = na ? -a[width] : a[width], cb = nb ? -b[width] : b[width];
  slack = ca - cb;
  return true;
}

/// The rows of one small disjunct read as inequalities (InequalityRows),
/// each with a hash of its coefficients, on the stack: the pair tests
/// compare full rows only where the hashes agree.
struct RowKeys {
  std::array<uint64_t, kDirectRows> hash;
  std::array<bool, kDirectRows> constant; // No coefficient: 0 >= -c.
  unsigned size = 0;
  bool empty = false; // Visibly: marked empty, or a constant row fails.
};

RowKeys rowKeysOf(const BasicRelation &b) {
  RowKeys keys;
  InequalityRows rows{b};
  unsigned width = b.numCols() - 1;
  keys.size = rows.size();
  keys.empty = b.isObviouslyEmpty();
  for (unsigned i = 0; i < keys.size; ++i) {
    ConstRow row = rows.row(i);
    bool negated = rows.negated(i);
    uint64_t h = 0;
    bool constant = true;
    for (unsigned c = 0; c < width; ++c) {
      constant = constant && row[c].isZero();
      h = mix(h, negated ? hashOfNegated(row[c]) : hashOf(row[c]));
    }
    keys.hash[i] = h;
    keys.constant[i] = constant;
    const Int &k = row[width];
    keys.empty =
        keys.empty || (constant && (negated ? k.isPositive() : k.isNegative()));
  }
  return keys;
}

/// `inside` without bound lists, row against row: X is inside Y when X is
/// visibly empty, or Y is not and each of Y's rows with a coefficient is
/// implied by a row of X with the same coefficients. The same relation as
/// `inside` (equalities as two inequalities, locals as in localsFit).
bool insideDirect(const BasicRelation &x, const RowKeys &kx,
                  const BasicRelation &y, const RowKeys &ky) {
  if (x.numCols() != y.numCols() || x.numLocals() != y.numLocals())
    return false;
  if (!kx.empty && ky.empty)
    return false;
  if (!localsFit(x, y))
    return false;
  if (kx.empty)
    return true;
  unsigned width = x.numCols() - 1;
  InequalityRows xs{x}, ys{y};
  Int slack;
  for (unsigned j = 0; j < ky.size; ++j) {
    if (ky.constant[j])
      continue; // Always true: y is not visibly empty.
    bool implied = false;
    for (unsigned i = 0; i < kx.size && !implied; ++i)
      implied = kx.hash[i] == ky.hash[j] &&
                sameCoefficients(xs, i, ys, j, width, slack) &&
                !slack.isPositive();
    if (!implied)
      return false;
  }
  return true;
}

/// Drops from a few disjuncts (at most kFew) each one inside another by
/// `in(i, j)`, every ordered pair tested, a copy of an earlier disjunct
/// counting as inside it; the survivors keep their order.
template <typename Inside>
void dropInsidePairwise(std::vector<BasicRelation> &disjuncts, Inside in) {
  size_t n = disjuncts.size();
  std::array<bool, kFew> dropped{};
  bool any = false;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n && !dropped[i]; ++j)
      dropped[i] = j != i && in(i, j) && (j < i || !in(j, i));
    any = any || dropped[i];
  }
  if (!any)
    return;
  size_t out = 0;
  for (size_t i = 0; i < n; ++i)
    if (!dropped[i]) {
      if (out != i)
        disjuncts[out] = std::move(disjuncts[i]);
      ++out;
    }
  disjuncts.resize(out);
}

bool fewSmallDisjuncts(const std::vector<BasicRelation> &disjuncts) {
  if (disjuncts.size() > kDirectDisjuncts)
    return false;
  return std::all_of(
      disjuncts.begin(), disjuncts.end(), [](const BasicRelation &d) {
        return 2 * d.numEqualities() + d.numInequalities() <= kDirectRows;
      });
}

} // namespace

void dropContainedDisjuncts(std::vector<BasicRelation> &disjuncts) {
  size_t n = disjuncts.size();
  if (n < 2)
    return;
  if (fewSmallDisjuncts(disjuncts)) {
    std::array<RowKeys, kDirectDisjuncts> keys;
    for (size_t i = 0; i < n; ++i)
      keys[i] = rowKeysOf(disjuncts[i]);
    dropInsidePairwise(disjuncts, [&](size_t i, size_t j) {
      return insideDirect(disjuncts[i], keys[i], disjuncts[j], keys[j]);
    });
    return;
  }
  std::vector<Bounds> bounds;
  bounds.reserve(n);
  for (const BasicRelation &d : disjuncts)
    bounds.push_back(boundsOf(d));
  classifyCoefficients(bounds);
  auto in = [&](size_t i, size_t j) {
    return inside(disjuncts[i], bounds[i], disjuncts[j], bounds[j]);
  };
  // A few disjuncts: every ordered pair, copies included, without the hash
  // table of copies.
  if (n <= kFew) {
    dropInsidePairwise(disjuncts, in);
    return;
  }
  std::vector<bool> drop(n, false);

  // Copies: the same bound lists (so the same hash; all obviously empty
  // disjuncts count as copies of each other) and locals that fit both ways.
  // The first of each is kept.
  std::unordered_map<uint64_t, std::vector<size_t>> byRows;
  byRows.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    uint64_t key = bounds[i].empty ? ~uint64_t(0) : bounds[i].full;
    std::vector<size_t> &seen = byRows[key];
    drop[i] = std::any_of(seen.begin(), seen.end(),
                          [&](size_t j) { return in(i, j) && in(j, i); });
    if (!drop[i])
      seen.push_back(i);
  }
  std::vector<size_t> live;
  for (size_t i = 0; i < n; ++i)
    if (!drop[i])
      live.push_back(i);

  // Strict containment. Without copies left it is a strict partial order,
  // so a disjunct inside any other one (dropped or not) is inside a kept
  // maximal one: the order of the tests does not matter.
  if (live.size() <= kAllPairs) {
    for (size_t i : live)
      for (size_t j : live)
        if (i != j && in(i, j)) {
          drop[i] = true;
          break;
        }
  } else {
    // Only disjuncts of the same coefficient rows are compared, whose
    // constants line up row by row. Candidates: the neighbours in the
    // lexicographic order of the constants (near copies, which differ in
    // few constants: a piece and the same piece cut smaller) and the
    // widest ones (largest sums of constants, which hold the most).
    std::unordered_map<uint64_t, std::vector<size_t>> byShape;
    for (size_t i : live)
      byShape[bounds[i].shape].push_back(i);
    for (auto &[shape, group] : byShape) {
      if (group.size() < 2)
        continue;
      auto constants = [&](size_t i, size_t r) -> const Int & {
        return bounds[i].row(r)[bounds[i].width];
      };
      std::sort(group.begin(), group.end(), [&](size_t a, size_t b) {
        for (size_t r = 0; r < bounds[a].n && r < bounds[b].n; ++r)
          if (int cmp = compare(constants(a, r), constants(b, r)))
            return cmp < 0;
        return a < b;
      });
      std::vector<size_t> widest = group;
      size_t top = std::min(kCandidates, widest.size());
      std::partial_sort(widest.begin(), widest.begin() + std::ptrdiff_t(top),
                        widest.end(), [&](size_t a, size_t b) {
                          return bounds[b].constantSum < bounds[a].constantSum;
                        });
      widest.resize(top);
      for (size_t p = 0; p < group.size(); ++p) {
        size_t i = group[p];
        size_t lo = p > kCandidates ? p - kCandidates : 0,
               hi = std::min(group.size(), p + kCandidates + 1);
        for (size_t q = lo; q < hi && !drop[i]; ++q)
          drop[i] = q != p && in(i, group[q]);
        for (size_t j : widest)
          drop[i] = drop[i] || (j != i && in(i, j));
      }
    }
    // An obviously empty disjunct is inside any other, so inside a kept
    // one when some disjunct is not empty.
    bool someNonEmpty = std::any_of(live.begin(), live.end(),
                                    [&](size_t i) { return !bounds[i].empty; });
    for (size_t i : live)
      drop[i] = drop[i] || (someNonEmpty && bounds[i].empty);
  }

  std::vector<BasicRelation> kept;
  kept.reserve(n);
  for (size_t i = 0; i < n; ++i)
    if (!drop[i])
      kept.push_back(std::move(disjuncts[i]));
  disjuncts = std::move(kept);
}

} // namespace presburger
