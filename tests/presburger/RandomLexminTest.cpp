// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Lexicographic minimum and maximum checked against enumeration on random
// bounded problems with a parameter and strides.
#include "presburger/Relation.h"

#include <gtest/gtest.h>

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
