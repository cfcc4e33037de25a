// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Lexicographic minimum and maximum checked against enumeration on random
// bounded problems with a parameter and strides.
#include "lexopt/ComponentwiseOptimum.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <random>
#include <string>

using namespace presburger;

namespace {
constexpr int kLo = -4, kHi = 4;

/// A random basic set [p] -> { [x, y] } boxed in [kLo, kHi], sometimes with
/// a stride local.
BasicRelation randomProblem(std::mt19937 &rng) {
  BasicRelation b(Space::set({"p"}, Tuple(2)));
  for (unsigned c = 0; c < 3; ++c) {
    std::vector<Int> lo(4), hi(4);
    lo[c] = Int(1);
    lo[3] = Int(-kLo);
    hi[c] = Int(-1);
    hi[3] = Int(kHi);
    b.addInequality(lo);
    b.addInequality(hi);
  }
  unsigned m = 1 + rng() % 3;
  for (unsigned k = 0; k < m; ++k) {
    std::vector<Int> row(4);
    for (unsigned c = 0; c < 4; ++c)
      row[c] = Int(int64_t(rng() % 7) - 3);
    b.addInequality(row);
  }
  if (rng() % 3 == 0) {
    // x + p = s * q + r for a random stride.
    unsigned q = b.addLocal();
    (void)q;
    std::vector<Int> eq(5);
    eq[0] = Int(1);
    eq[1] = Int(1);
    eq[3] = Int(-int64_t(2 + rng() % 2));
    eq[4] = Int(-int64_t(rng() % 2));
    b.addEquality(eq);
  }
  return b;
}

bool inSet(const BasicRelation &b, int p, int x, int y) {
  Relation r(b);
  return r.containsPoint({Int(p), Int(x), Int(y)});
}

/// Checks that `mn` and `mx` hold, for every parameter value in the box, just
/// the lexicographically first and last points (x, y) of the box for which
/// `member(p, x, y)` holds; `input` is printed on a failure.
void expectOptimaByEnumeration(const std::function<bool(int, int, int)> &member,
                               const Relation &mn, const Relation &mx, int iter,
                               const std::string &input) {
  for (int p = kLo; p <= kHi; ++p) {
    std::optional<std::pair<int, int>> lo, hi;
    for (int x = kLo; x <= kHi; ++x)
      for (int y = kLo; y <= kHi; ++y)
        if (member(p, x, y)) {
          if (!lo)
            lo = {x, y};
          hi = {x, y};
        }
    for (int x = kLo - 1; x <= kHi + 1; ++x)
      for (int y = kLo - 1; y <= kHi + 1; ++y) {
        bool isMin = lo && lo->first == x && lo->second == y;
        bool isMax = hi && hi->first == x && hi->second == y;
        ASSERT_EQ(mn.containsPoint({Int(p), Int(x), Int(y)}), isMin)
            << "iteration " << iter << " p=" << p << " (" << x << "," << y
            << ")\n"
            << input << "\nlexmin: " << mn.toString();
        ASSERT_EQ(mx.containsPoint({Int(p), Int(x), Int(y)}), isMax)
            << "iteration " << iter << " p=" << p << " (" << x << "," << y
            << ")\n"
            << input << "\nlexmax: " << mx.toString();
      }
  }
}
} // namespace

TEST(Lexmin, RandomParametricAgainstEnumeration) {
  std::mt19937 rng(4242);
  for (int iter = 0; iter < 120; ++iter) {
    BasicRelation b = randomProblem(rng);
    Relation r(b);
    Relation mn = r.lexmin(), mx = r.lexmax();
    expectOptimaByEnumeration(
        [&](int p, int x, int y) { return inSet(b, p, x, y); }, mn, mx, iter,
        b.toString());
  }
}

TEST(Lexmin, RandomUnionsAgainstEnumeration) {
  // Two to four disjuncts whose optima overlap, tie and beat each other on
  // different parameter values: the combination of the disjuncts' optima.
  std::mt19937 rng(777);
  for (int iter = 0; iter < 60; ++iter) {
    Relation r(Space::set({"p"}, Tuple(2)));
    unsigned n = 2 + rng() % 3;
    for (unsigned k = 0; k < n; ++k)
      r.addDisjunct(randomProblem(rng));
    Relation mn = r.lexmin(), mx = r.lexmax();
    expectOptimaByEnumeration(
        [&](int p, int x, int y) {
          return r.containsPoint({Int(p), Int(x), Int(y)});
        },
        mn, mx, iter, r.toString());
  }
}

namespace {
constexpr int kWindowLo = -15, kWindowHi = 5;

/// A random loop nest [p] -> { [x, y] } of the shape componentwiseOptimum
/// reads the minimum off, under upper bounds and guards with no positive
/// coefficient on x or y. Either x comes first (x >= a p + b, then
/// y >= c x + d p + e with c >= 0, or y >= floor(p/2) + e; perhaps a tile
/// floor(x/3) bounded above by the parameter), or y does
/// (y >= d p + e, then x >= y + f and perhaps x >= d p + g: two lower bounds
/// of x that differ by a constant once y is at its minimum). Its points lie
/// in [kWindowLo, kWindowHi]^2 for p in [kLo, kHi] (x >= -8, y >= x + p - 2).
BasicRelation randomLoopNest(std::mt19937 &rng) {
  auto pick = [&](int lo, int hi) {
    return int64_t(lo + int(rng() % unsigned(hi - lo + 1)));
  };
  BasicRelation b(Space::set({"p"}, Tuple(2)));
  bool division = rng() % 3 == 0;
  unsigned q = 0;
  if (division) // q = floor(p / 2), with its defining rows.
    q = b.addDivLocal(std::vector<Int>{Int(1), Int(0), Int(0), Int(0)}, Int(2));
  bool yFirst = rng() % 3 == 0;
  // A tile of x, t = floor(x / 3), with a row like a tiled loop's
  // 3 floor(x/3) + 3 <= p + 5.
  bool tile = !yFirst && rng() % 3 == 0;
  unsigned t = 0;
  if (tile) {
    std::vector<Int> num(b.numCols());
    num[1] = Int(1);
    t = b.addDivLocal(num, Int(3)); // With x - 3t >= 0, -x + 3t + 2 >= 0.
  }
  unsigned nc = b.numCols();
  auto row = [&](int64_t p, int64_t x, int64_t y, int64_t c) {
    std::vector<Int> r(nc);
    r[0] = Int(p);
    r[1] = Int(x);
    r[2] = Int(y);
    r.back() = Int(c);
    return r;
  };
  if (tile) {
    std::vector<Int> r = row(1, 0, 0, 2); // p + 2 - 3t >= 0.
    r[3 + t] = Int(-3);
    b.addInequality(r);
  }
  if (yFirst) {
    int64_t d = pick(-1, 1);
    b.addInequality(row(-d, 0, 1, -pick(-2, 2))); // y >= d p + e.
    b.addInequality(row(0, 1, -1, -pick(-2, 2))); // x >= y + f.
    if (rng() % 2)
      b.addInequality(row(-d, 1, 0, -pick(-4, 4))); // x >= d p + g.
  } else {
    // x >= a p + b.
    b.addInequality(row(-pick(-1, 1), 1, 0, -pick(-4, 4)));
    if (division && rng() % 2) { // y >= q + e.
      std::vector<Int> r = row(0, 0, 1, -pick(-2, 2));
      r[3 + q] = Int(-1);
      b.addInequality(r);
    } else { // y >= c x + d p + e; c < 0 would bound x from below too.
      b.addInequality(row(-pick(-1, 1), -pick(0, 1), 1, -pick(-2, 2)));
    }
  }
  b.addInequality(row(0, -1, 0, 4)); // x <= 4.
  b.addInequality(row(0, 0, -1, 4)); // y <= 4.
  for (unsigned k = rng() % 3; k-- > 0;)
    b.addInequality(row(pick(-2, 2), -pick(0, 2), -pick(0, 2), pick(0, 6)));
  if (rng() % 3 == 0) // A guard on the parameter alone.
    b.addInequality(row(rng() % 2 ? 1 : -1, 0, 0, pick(0, 3)));
  return b;
}

/// b with x and y negated: its upper bounds are single rows.
BasicRelation mirrored(const BasicRelation &b) {
  BasicRelation m(b.space());
  for (unsigned k = 0; k < b.numLocals(); ++k)
    m.addLocal();
  auto flip = [](ConstRow r) {
    std::vector<Int> v(r.begin(), r.end());
    v[1] = -v[1];
    v[2] = -v[2];
    return v;
  };
  for (unsigned i = 0; i < b.numInequalities(); ++i)
    m.addInequality(flip(b.inequality(i)));
  for (unsigned k = 0; k < b.numLocals(); ++k)
    if (b.hasDivDef(k))
      m.setDivDef(k, flip(b.divNumerator(k)), b.divDenominator(k));
  return m;
}

/// Checks that `opt` holds, for every p in [kLo, kHi], just the
/// lexicographically first (last with `maximize`) point of `b`, whose
/// points are in [lo, hi]^2.
void expectOptimumInWindow(const BasicRelation &b, const Relation &opt,
                           bool maximize, int iter, int lo = kWindowLo,
                           int hi = kWindowHi) {
  Relation r(b);
  for (int p = kLo; p <= kHi; ++p) {
    std::optional<std::pair<int, int>> best;
    for (int x = lo; x <= hi; ++x)
      for (int y = lo; y <= hi; ++y)
        if (r.containsPoint({Int(p), Int(x), Int(y)}) && (!best || maximize))
          best = {x, y};
    for (int x = lo - 1; x <= hi + 1; ++x)
      for (int y = lo - 1; y <= hi + 1; ++y)
        ASSERT_EQ(opt.containsPoint({Int(p), Int(x), Int(y)}),
                  best && best->first == x && best->second == y)
            << "iteration " << iter << (maximize ? " lexmax" : " lexmin")
            << " p=" << p << " (" << x << "," << y << ")\n"
            << b.toString() << "\noptimum: " << opt.toString();
  }
}
} // namespace

TEST(Lexmin, ComponentwiseOptimaReadOffAgainstEnumeration) {
  // The optimum read off the bounds, with no solver: the fast path must
  // apply to every one of these, and agree with enumeration, with a
  // division of the parameter among the symbols and guards that empty the
  // set for some parameter values.
  std::mt19937 rng(9090);
  for (int iter = 0; iter < 100; ++iter) {
    BasicRelation b = randomLoopNest(rng);
    ASSERT_TRUE(componentwiseOptimum(b, false).has_value()) << b.toString();
    expectOptimumInWindow(b, Relation(b).lexmin(), false, iter);
    BasicRelation m = mirrored(b);
    ASSERT_TRUE(componentwiseOptimum(m, true).has_value()) << m.toString();
    expectOptimumInWindow(m, Relation(m).lexmax(), true, iter, -kWindowHi,
                          -kWindowLo);
    // A second lower bound on y, y >= 3p - 3, differing from the first on
    // the parameter: the optimum is piecewise, the solver answers.
    BasicRelation two = b;
    std::vector<Int> second(two.numCols());
    second[0] = Int(-3);
    second[2] = Int(1);
    second.back() = Int(3);
    two.addInequality(second);
    ASSERT_FALSE(componentwiseOptimum(two, false).has_value());
    expectOptimumInWindow(two, Relation(two).lexmin(), false, iter);
    // A tile bounded below (3 floor(x/3) >= p - 5) breaks as x goes down:
    // the solver answers.
    for (unsigned k = 0; k < b.numLocals(); ++k) {
      if (b.divNumerator(k)[1].isZero())
        continue;
      BasicRelation tiled = b;
      std::vector<Int> row(tiled.numCols());
      row[0] = Int(-1);
      row[3 + k] = Int(3);
      row.back() = Int(5);
      tiled.addInequality(row);
      ASSERT_FALSE(componentwiseOptimum(tiled, false).has_value());
      expectOptimumInWindow(tiled, Relation(tiled).lexmin(), false, iter);
      // Without its lower defining row (x - 3t >= 0) the tile is not
      // pinned to floor(x/3): not read off either.
      BasicRelation loose = b;
      std::vector<Int> lower = loose.divisionBounds(k)[0];
      for (unsigned i = loose.numInequalities(); i-- > 0;)
        if (std::equal(lower.begin(), lower.end(), loose.inequality(i).begin()))
          loose.removeInequality(i);
      ASSERT_FALSE(componentwiseOptimum(loose, false).has_value());
      expectOptimumInWindow(loose, Relation(loose).lexmin(), false, iter);
    }
  }
}
