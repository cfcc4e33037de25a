//===- ContainedDisjuncts.cpp - Dropping disjuncts inside others ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See ContainedDisjuncts.h. Each disjunct is brought to a bound list: its
// rows (equalities as two inequalities) sorted by a hash of their
// coefficients, then by coefficients, one row per coefficient vector with
// the smallest constant, the tightest. X is then
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
#include <cstring>
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
/// and a constant each, one row per coefficient vector, sorted by the hash
/// of the coefficients (`hashes`), then by the coefficients: rows of the
/// disjunct itself (which must outlive the bounds and stay unchanged) or
/// negated equalities held in `negated`. Any fixed order of the coefficient
/// vectors serves the merge in `inside`; the hash first settles most
/// comparisons with one integer comparison.
struct Bounds {
  unsigned width = 0;
  size_t n = 0;
  std::vector<Int> negated;
  boost::container::small_vector<const Int *, 16> rows;
  boost::container::small_vector<uint64_t, 16> hashes;
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

/// For bounds of one coefficient class whose constants are all small:
/// whether each constant of x is no larger than y's (x inside y).
bool smallConstantsNoLarger(const Bounds &x, const Bounds &y) {
  const int64_t *cx = x.smallConstants.data(), *cy = y.smallConstants.data();
  size_t k = 0;
  while (k < x.n && cx[k] <= cy[k])
    ++k;
  return k == x.n;
}

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

/// The hash of a coefficient vector (`width` entries), negated with
/// `negate`: of its non-zero entries and their columns (rows are sparse),
/// 0 for the zero vector.
inline uint64_t coefficientHash(const Int *r, unsigned width,
                                bool negate = false) {
  uint64_t h = 0;
  for (unsigned c = 0; c < width; ++c)
    if (!r[c].isZero())
      h = mix(h, c ^ (negate ? hashOfNegated(r[c]) : hashOf(r[c])) << 8);
  return h;
}

/// The order of the bound lists: by coefficient hash, then by
/// coefficients; 0 when the coefficient vectors are equal.
int compareKeys(uint64_t ha, const Int *a, uint64_t hb, const Int *b,
                unsigned width) {
  if (ha != hb)
    return ha < hb ? -1 : 1;
  return compareCoefficients(a, b, width);
}

/// Fills `out` (default-constructed: built in place, as its inline
/// vectors make a move cost a copy) with the bounds of `d`.
void boundsOf(const BasicRelation &d, Bounds &out) {
  unsigned cols = d.numCols();
  unsigned width = cols - 1;
  out.width = width;
  out.empty = d.isObviouslyEmpty();
  // Every row once, each equality also negated (the negations are the only
  // rows copied; reserved up front, so the pointers into them stay valid).
  std::vector<Int> &negated = out.negated;
  negated.reserve(size_t(cols) * d.numEqualities());
  for (unsigned i = 0; i < d.numEqualities(); ++i)
    for (const Int &v : d.equality(i))
      negated.push_back(-v);
  struct Keyed {
    uint64_t hash;
    const Int *row;
  };
  boost::container::small_vector<Keyed, 32> order;
  order.reserve(2 * d.numEqualities() + d.numInequalities());
  // A row without coefficients is 0 >= -c: true when c >= 0 (implied by
  // anything), else the disjunct is empty. It takes no place in the list.
  auto add = [&](const Int *r) {
    uint64_t h = coefficientHash(r, width);
    if (h == 0 &&
        std::all_of(r, r + width, [](const Int &v) { return v.isZero(); }))
      out.empty = out.empty || r[width] < Int(0);
    else
      order.push_back({h, r});
  };
  for (unsigned i = 0; i < d.numEqualities(); ++i) {
    add(d.equality(i).data());
    add(negated.data() + size_t(i) * cols);
  }
  for (unsigned i = 0; i < d.numInequalities(); ++i)
    add(d.inequality(i).data());
  std::sort(order.begin(), order.end(), [&](const Keyed &a, const Keyed &b) {
    if (int cmp = compareKeys(a.hash, a.row, b.hash, b.row, width))
      return cmp < 0;
    return a.row[width] < b.row[width];
  });
  out.rows.reserve(order.size());
  out.hashes.reserve(order.size());
  uint64_t locals = d.numLocals();
  for (unsigned k = 0; k < d.numLocals(); ++k) {
    locals = mix(locals, d.hasDivDef(k) ? hashOf(d.divDenominator(k)) : 0);
    for (const Int &v : d.divNumerator(k))
      locals = mix(locals, hashOf(v));
  }
  out.shape = mix(locals, cols);
  bool small = true;
  for (size_t k = 0; k < order.size(); ++k) {
    const Int *r = order[k].row;
    uint64_t h = order[k].hash;
    // Sorted: the first row of each coefficient vector is its tightest.
    if (k > 0 && order[k - 1].hash == h &&
        compareCoefficients(order[k - 1].row, r, width) == 0)
      continue;
    out.shape = mix(out.shape, h);
    out.full = mix(mix(out.full, h), hashOf(r[width]));
    out.mask |= uint64_t(1) << (h % 64);
    out.constantSum += r[width];
    small = small && r[width].isSmall();
    out.rows.push_back(r);
    out.hashes.push_back(h);
  }
  out.n = out.rows.size();
  if (small)
    for (const Int *r : out.rows)
      out.smallConstants.push_back(r[width].getSmall());
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
    if (bx.smallConstants.size() == bx.n && by.smallConstants.size() == by.n)
      return smallConstantsNoLarger(bx, by);
    for (size_t k = 0; k < by.n; ++k)
      if (by.row(k)[by.width] < bx.row(k)[bx.width])
        return false;
    return true;
  }
  size_t i = 0;
  for (size_t j = 0; j < by.n; ++j) {
    const Int *r = by.row(j);
    uint64_t h = by.hashes[j];
    int cmp = 1;
    while (i < bx.n &&
           (cmp = compareKeys(bx.hashes[i], bx.row(i), h, r, bx.width)) < 0)
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

// Rows are compared bit for bit: an Int must have no padding.
static_assert(sizeof(Int) == sizeof(int64_t) + sizeof(uintptr_t));

/// Whether the coefficients of rows a and b (`width` entries) are the same
/// bits: the same values, as a big value is never equal bit for bit to
/// another's (each owns its digits).
bool sameCoefficientBits(ConstRow a, ConstRow b, unsigned width) {
  // Short rows word by word, inline, where a call to memcmp costs more
  // than the comparison; long ones by memcmp's vector loop.
  if (width > 4)
    return std::memcmp(a.data(), b.data(), width * sizeof(Int)) == 0;
  const auto *p = reinterpret_cast<const unsigned char *>(a.data());
  const auto *q = reinterpret_cast<const unsigned char *>(b.data());
  for (size_t k = 0, words = 2 * size_t(width); k < words; ++k) {
    uint64_t u, v;
    std::memcpy(&u, p + 8 * k, 8);
    std::memcpy(&v, q + 8 * k, 8);
    if (u != v)
      return false;
  }
  return true;
}

/// Whether row i of x (as an inequality) implies row j of y: the same
/// coefficients, and a constant no larger.
bool impliesRow(const InequalityRows &x, unsigned i, const InequalityRows &y,
                unsigned j, unsigned width) {
  ConstRow a = x.row(i), b = y.row(j);
  bool na = x.negated(i), nb = y.negated(j);
  // One memcmp settles the common case, two rows of one origin; the loop
  // the rest.
  bool sameBits = na == nb && sameCoefficientBits(a, b, width);
  for (unsigned c = 0; c < width && !sameBits; ++c) {
    const Int &u = a[c], &v = b[c];
    if (na == nb ? u != v : !isNegationOf(u, v))
      return false;
  }
  const Int &ca = a[width], &cb = b[width];
  if (ca.isSmall() && cb.isSmall() && ca.getSmall() != INT64_MIN &&
      cb.getSmall() != INT64_MIN) {
    int64_t u = ca.getSmall(), v = cb.getSmall();
    return (na ? -u : u) <= (nb ? -v : v);
  }
  return (na ? -ca : ca) <= (nb ? -cb : cb);
}

/// The rows of one small disjunct read as inequalities (InequalityRows),
/// each with a hash of its coefficients, on the stack: the pair tests
/// compare full rows only where the hashes agree.
struct RowKeys {
  std::array<uint64_t, kDirectRows> hash;
  std::array<bool, kDirectRows> constant; // No coefficient: 0 >= -c.
  unsigned size = 0;
  bool empty = false; // Visibly: marked empty, or a constant row fails.
  uint64_t mask = 0;  // One bit per coefficient hash (rows with one).
};

/// Fills `keys` (default-constructed: built in place, not copied) with the
/// row keys of `b`.
void rowKeysOf(const BasicRelation &b, RowKeys &keys) {
  InequalityRows rows{b};
  unsigned width = b.numCols() - 1;
  keys.size = rows.size();
  keys.empty = b.isObviouslyEmpty();
  for (unsigned i = 0; i < keys.size; ++i) {
    ConstRow row = rows.row(i);
    bool negated = rows.negated(i);
    uint64_t h = coefficientHash(row.data(), width, negated);
    bool constant =
        h == 0 && std::all_of(row.begin(), row.end() - 1,
                              [](const Int &v) { return v.isZero(); });
    keys.hash[i] = h;
    keys.constant[i] = constant;
    if (!constant)
      keys.mask |= uint64_t(1) << (h % 64);
    const Int &k = row[width];
    keys.empty =
        keys.empty || (constant && (negated ? k.isPositive() : k.isNegative()));
  }
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
  // A coefficient vector of Y's that X lacks: not inside (one test for
  // most pairs that are not).
  if (!kx.empty && (ky.mask & ~kx.mask))
    return false;
  if (!localsFit(x, y))
    return false;
  if (kx.empty)
    return true;
  unsigned width = x.numCols() - 1;
  InequalityRows xs{x}, ys{y};
  for (unsigned j = 0; j < ky.size; ++j) {
    if (ky.constant[j])
      continue; // Always true: y is not visibly empty.
    auto implies = [&](unsigned i) {
      return kx.hash[i] == ky.hash[j] && impliesRow(xs, i, ys, j, width);
    };
    // Rows of one origin often sit at the same index: that one first.
    bool implied = j < kx.size && implies(j);
    for (unsigned i = 0; i < kx.size && !implied; ++i)
      implied = i != j && implies(i);
    if (!implied)
      return false;
  }
  return true;
}

/// Two normalized disjuncts whose rows pair up: the same equalities, and
/// for each inequality of x one of y with the same coefficients, as many as
/// x has (a disjunct and a copy with bounds tightened: `D` and
/// `D and i >= 1`). Normalized, neither has two rows with the same
/// coefficients, so the pairs are a bijection, and each disjunct is inside
/// the other, as `inside` decides, exactly when its constants are no larger
/// pair by pair. {x inside y, y inside x}, or nullopt when the rows do not
/// pair up. Rows are looked for at the same index, then after the last
/// match (the rows after a moved one), then everywhere: one pass for the
/// usual pairs, no hashing.
std::optional<std::pair<bool, bool>> pairedContainment(const BasicRelation &x,
                                                       const BasicRelation &y) {
  if (!x.isNormalized() || !y.isNormalized() || x.isObviouslyEmpty() ||
      y.isObviouslyEmpty() || x.numCols() != y.numCols() ||
      x.numLocals() != y.numLocals() ||
      x.numEqualities() != y.numEqualities() ||
      x.numInequalities() != y.numInequalities())
    return std::nullopt;
  unsigned width = x.numCols() - 1;
  for (unsigned e = 0; e < x.numEqualities(); ++e)
    if (!sameCoefficientBits(x.equality(e), y.equality(e), width + 1))
      return std::nullopt;
  unsigned m = x.numInequalities();
  bool xInY = true, yInX = true;
  unsigned next = 0; // The row of y after the last match.
  for (unsigned i = 0; i < m; ++i) {
    ConstRow a = x.inequality(i);
    auto pairs = [&](unsigned j) {
      return j < m && sameCoefficientBits(a, y.inequality(j), width);
    };
    unsigned j = i;
    if (!pairs(j)) {
      j = next;
      if (next == i || !pairs(j)) {
        j = 0;
        while (j < m && (j == i || j == next || !pairs(j)))
          ++j;
        if (j == m)
          return std::nullopt;
      }
    }
    next = j + 1;
    int cmp = compare(a[width], y.inequality(j)[width]);
    xInY = xInY && cmp <= 0;
    yInX = yInX && cmp >= 0;
  }
  if (x.numLocals() > 0 && !(localsFit(x, y) && localsFit(y, x)))
    return std::nullopt;
  return std::make_pair(xInY, yInX);
}

/// Marks in `drop` each of a few disjuncts (at most kFew) inside another by
/// `in(i, j)`, every ordered pair tested, a copy of an earlier disjunct
/// counting as inside it.
template <typename Inside>
void markInsidePairwise(size_t n, DropFlags &drop, Inside in) {
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n && !drop[i]; ++j)
      drop[i] = j != i && in(i, j) && (j < i || !in(j, i));
}

bool fewSmallDisjuncts(DisjunctView disjuncts) {
  if (disjuncts.size() > kDirectDisjuncts)
    return false;
  return std::all_of(
      disjuncts.begin(), disjuncts.end(), [](const BasicRelation *d) {
        return 2 * d->numEqualities() + d->numInequalities() <= kDirectRows;
      });
}

} // namespace

DropFlags containedDisjuncts(DisjunctView disjuncts) {
  size_t n = disjuncts.size();
  DropFlags drop(n, false);
  if (n < 2)
    return drop;
  auto at = [&](size_t i) -> const BasicRelation & { return *disjuncts[i]; };
  // The usual union: one pair, settled here when its rows pair up.
  if (n == 2) {
    if (std::optional<std::pair<bool, bool>> p =
            pairedContainment(at(0), at(1))) {
      drop[1] = p->second; // Of copies, the first is kept.
      drop[0] = !drop[1] && p->first;
      return drop;
    }
  }
  if (fewSmallDisjuncts(disjuncts)) {
    // Each unordered pair's rows are paired once (both directions at a
    // time); pairs that do not pair up take the keys, built on first use.
    enum : int8_t { kUnknown, kNotPaired, kOut, kIn };
    std::array<std::array<int8_t, kDirectDisjuncts>, kDirectDisjuncts> paired{};
    if (n == 2) // Not paired up (see above).
      paired[0][1] = paired[1][0] = kNotPaired;
    std::array<RowKeys, kDirectDisjuncts> keys;
    std::array<bool, kDirectDisjuncts> built{};
    auto keysOf = [&](size_t i) -> const RowKeys & {
      if (!built[i])
        rowKeysOf(at(i), keys[i]);
      built[i] = true;
      return keys[i];
    };
    markInsidePairwise(n, drop, [&](size_t i, size_t j) {
      if (paired[i][j] == kUnknown) {
        std::optional<std::pair<bool, bool>> p =
            pairedContainment(at(i), at(j));
        paired[i][j] = !p ? kNotPaired : p->first ? kIn : kOut;
        paired[j][i] = !p ? kNotPaired : p->second ? kIn : kOut;
      }
      if (paired[i][j] != kNotPaired)
        return paired[i][j] == kIn;
      return insideDirect(at(i), keysOf(i), at(j), keysOf(j));
    });
    return drop;
  }
  std::vector<Bounds> bounds;
  bounds.reserve(n);
  for (const BasicRelation *d : disjuncts)
    boundsOf(*d, bounds.emplace_back());
  classifyCoefficients(bounds);
  auto in = [&](size_t i, size_t j) {
    return inside(at(i), bounds[i], at(j), bounds[j]);
  };
  // A few disjuncts: every ordered pair, copies included, without the hash
  // table of copies.
  if (n <= kFew) {
    markInsidePairwise(n, drop, in);
    return drop;
  }

  // Copies: the same bound lists (so the same hash; all obviously empty
  // disjuncts count as copies of each other) and locals that fit both ways.
  // The first of each is kept.
  auto copyKey = [&](size_t i) {
    return bounds[i].empty ? ~uint64_t(0) : bounds[i].full;
  };
  std::vector<size_t> byRows(n);
  std::iota(byRows.begin(), byRows.end(), size_t(0));
  std::sort(byRows.begin(), byRows.end(), [&](size_t a, size_t b) {
    uint64_t ka = copyKey(a), kb = copyKey(b);
    return ka != kb ? ka < kb : a < b;
  });
  for (size_t run = 0; run < n;) {
    size_t end = run + 1;
    while (end < n && copyKey(byRows[end]) == copyKey(byRows[run]))
      ++end;
    for (size_t p = run + 1; p < end; ++p) {
      size_t i = byRows[p];
      for (size_t q = run; q < p && !drop[i]; ++q) {
        size_t j = byRows[q];
        drop[i] = !drop[j] && in(i, j) && in(j, i);
      }
    }
    run = end;
  }
  std::vector<size_t> live;
  for (size_t i = 0; i < n; ++i)
    if (!drop[i])
      live.push_back(i);

  // Strict containment. Without copies left it is a strict partial order,
  // so a disjunct inside any other one (dropped or not) is inside a kept
  // maximal one: the order of the tests does not matter.
  if (live.size() <= kAllPairs) {
    // Disjuncts without locals in one class with small constants (boxes
    // along a line, tiles; `plain`) are inside one another exactly when
    // each constant is no larger, and then (no copies left) their sum of
    // constants is smaller: each is compared with the members of its class
    // of larger sum on the constants alone, and by `inside` with the
    // disjuncts outside its class.
    auto isPlain = [&](size_t i) {
      return bounds[i].coefficientClass != SIZE_MAX &&
             bounds[i].smallConstants.size() == bounds[i].n &&
             at(i).numLocals() == 0;
    };
    std::vector<size_t> plain; // By class, then by decreasing sum.
    for (size_t i : live)
      if (isPlain(i))
        plain.push_back(i);
    std::sort(plain.begin(), plain.end(), [&](size_t a, size_t b) {
      const Bounds &ba = bounds[a], &bb = bounds[b];
      if (ba.coefficientClass != bb.coefficientClass)
        return ba.coefficientClass < bb.coefficientClass;
      if (int cmp = compare(bb.constantSum, ba.constantSum))
        return cmp < 0;
      return a < b;
    });
    // Each plain disjunct's class as a range [first, last) of `plain`.
    std::vector<std::pair<size_t, size_t>> classRange(n, {0, 0});
    for (size_t start = 0; start < plain.size();) {
      size_t cls = bounds[plain[start]].coefficientClass, end = start;
      while (end < plain.size() && bounds[plain[end]].coefficientClass == cls)
        ++end;
      for (size_t p = start; p < end; ++p)
        classRange[plain[p]] = {start, end};
      for (size_t p = start + 1; p < end; ++p) {
        size_t i = plain[p];
        for (size_t q = start; q < p && !drop[i]; ++q) {
          if (bounds[plain[q]].constantSum == bounds[i].constantSum)
            break; // Sums no larger from here on.
          drop[i] = smallConstantsNoLarger(bounds[i], bounds[plain[q]]);
        }
      }
      start = end;
    }
    std::vector<size_t> others; // The live disjuncts that are not plain.
    for (size_t i : live)
      if (!isPlain(i))
        others.push_back(i);
    for (size_t i : others)
      for (size_t j : live) {
        if (drop[i])
          break;
        drop[i] = i != j && in(i, j);
      }
    for (size_t i : plain) {
      auto [first, last] = classRange[i];
      for (size_t j : others) {
        if (drop[i])
          break;
        drop[i] = in(i, j);
      }
      for (size_t p = 0; p < plain.size() && !drop[i]; ++p)
        if (p == first)
          p = last - 1; // Its own class: compared above.
        else
          drop[i] = in(i, plain[p]);
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

  return drop;
}

namespace {
/// Moves the elements of `items` whose flag in `drop` is false to the
/// front, in order, and erases the rest (without resize(), which needs a
/// default constructor).
template <typename Container>
void eraseDropped(Container &items, const DropFlags &drop) {
  size_t out = 0;
  for (size_t i = 0; i < items.size(); ++i)
    if (!drop[i]) {
      if (out != i)
        items[out] = std::move(items[i]);
      ++out;
    }
  items.erase(items.begin() + std::ptrdiff_t(out), items.end());
}
} // namespace

void dropContainedDisjuncts(std::vector<BasicRelation> &disjuncts) {
  if (disjuncts.size() < 2)
    return;
  DisjunctList view;
  for (const BasicRelation &d : disjuncts)
    view.push_back(&d);
  eraseDropped(disjuncts,
               containedDisjuncts(DisjunctView(view.data(), view.size())));
}

void dropContainedDisjuncts(DisjunctList &all) {
  if (all.size() < 2)
    return;
  eraseDropped(all, containedDisjuncts(DisjunctView(all.data(), all.size())));
}

} // namespace presburger
