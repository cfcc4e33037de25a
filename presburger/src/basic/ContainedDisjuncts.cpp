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

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace presburger {

namespace {

/// Up to this many disjuncts every ordered pair is compared (behind a 64-bit
/// filter, a few thousand cheap tests at most).
constexpr size_t kAllPairs = 128;
/// Above kAllPairs, a disjunct is compared with at most three times this
/// many disjuncts of the same coefficient rows: its neighbours on either
/// side in the order of their constants and the widest of them. More
/// containments may exist than this finds; what it drops is still exact.
constexpr size_t kCandidates = 8;

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

/// One disjunct's bounds: `rows` holds `n` rows of `width` coefficients and
/// a constant each, sorted by coefficients, one row per coefficient vector.
struct Bounds {
  unsigned width = 0;
  size_t n = 0;
  std::vector<Int> rows;
  bool empty = false;
  uint64_t shape = 0; // Hash of the coefficient vectors (and the locals).
  uint64_t full = 0;  // Hash of the rows with their constants.
  uint64_t mask = 0;  // One bit per coefficient vector, by its hash.
  Int constantSum;

  const Int *row(size_t i) const { return rows.data() + i * (width + 1); }
};

int compareCoefficients(const Int *a, const Int *b, unsigned width) {
  for (unsigned c = 0; c < width; ++c)
    if (int cmp = compare(a[c], b[c]))
      return cmp;
  return 0;
}

Bounds boundsOf(const BasicRelation &d) {
  Bounds out;
  unsigned cols = d.numCols();
  out.width = cols - 1;
  out.empty = d.isObviouslyEmpty();
  // Every row once, each equality also negated.
  std::vector<Int> all;
  all.reserve(size_t(cols) * (2 * d.numEqualities() + d.numInequalities()));
  for (unsigned i = 0; i < d.numEqualities(); ++i) {
    ConstRow r = d.equality(i);
    all.insert(all.end(), r.begin(), r.end());
    for (const Int &v : r)
      all.push_back(-v);
  }
  for (unsigned i = 0; i < d.numInequalities(); ++i) {
    ConstRow r = d.inequality(i);
    all.insert(all.end(), r.begin(), r.end());
  }
  size_t total = all.size() / cols;
  std::vector<size_t> order(total);
  std::iota(order.begin(), order.end(), size_t(0));
  const Int *base = all.data();
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    const Int *a = base + x * cols, *b = base + y * cols;
    if (int cmp = compareCoefficients(a, b, out.width))
      return cmp < 0;
    return a[out.width] < b[out.width];
  });
  out.rows.reserve(all.size());
  uint64_t locals = d.numLocals();
  for (unsigned k = 0; k < d.numLocals(); ++k) {
    locals = mix(locals, d.hasDivDef(k) ? d.divDenominator(k).hash() : 0);
    for (const Int &v : d.divNumerator(k))
      locals = mix(locals, v.hash());
  }
  out.shape = mix(locals, cols);
  const Int *last = nullptr;
  for (size_t i : order) {
    const Int *r = base + i * cols;
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
      h = mix(h, r[c].hash());
    out.shape = mix(out.shape, h);
    out.full = mix(mix(out.full, h), r[out.width].hash());
    out.mask |= uint64_t(1) << (h % 64);
    out.constantSum += r[out.width];
    out.rows.insert(out.rows.end(), r, r + cols);
    last = r;
    ++out.n;
  }
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

/// Whether disjunct x (bounds bx) is syntactically inside y (bounds by).
bool inside(const BasicRelation &x, const Bounds &bx, const BasicRelation &y,
            const Bounds &by) {
  if (x.numCols() != y.numCols() || x.numLocals() != y.numLocals())
    return false;
  if (!bx.empty && (by.empty || (by.mask & ~bx.mask) || by.n > bx.n))
    return false;
  if (!localsFit(x, y))
    return false;
  if (bx.empty)
    return true;
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

} // namespace

void dropContainedDisjuncts(std::vector<BasicRelation> &disjuncts) {
  size_t n = disjuncts.size();
  if (n < 2)
    return;
  std::vector<Bounds> bounds;
  bounds.reserve(n);
  for (const BasicRelation &d : disjuncts)
    bounds.push_back(boundsOf(d));
  std::vector<bool> drop(n, false);
  auto in = [&](size_t i, size_t j) {
    return inside(disjuncts[i], bounds[i], disjuncts[j], bounds[j]);
  };

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
