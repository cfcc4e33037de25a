// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The lexicographic optimum (Relation::lexmin, lexmax): first on
// hand-built basic sets, then on unions through both of its paths, sets
// without parameters (each disjunct's optimum is a point; the best point
// wins) and the general combination (parameters, relations).
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace presburger;
using presburger::testing::expectSame;

namespace {
std::vector<Int> row(std::initializer_list<int64_t> v) {
  return std::vector<Int>(v.begin(), v.end());
}
Point pt(std::initializer_list<int64_t> v) { return Point(v.begin(), v.end()); }

/// expectSame, and the result written as one piece.
void expectSameInOnePiece(const Relation &got, const char *expected) {
  expectSame(got, expected);
  EXPECT_EQ(got.numDisjuncts(), 1u) << got.toString();
}
} // namespace

TEST(Lexmin, BoxAndUnion) {
  BasicRelation a(Space::set({}, Tuple(1)));
  a.addInequality(row({1, -5}));
  a.addInequality(row({-1, 10}));
  BasicRelation b(Space::set({}, Tuple(1)));
  b.addInequality(row({1, -2}));
  b.addInequality(row({-1, 3}));
  Relation u = Relation(a).unite(Relation(b));
  Relation mn = u.lexmin();
  EXPECT_TRUE(mn.containsPoint(pt({2})));
  EXPECT_FALSE(mn.containsPoint(pt({3})));
  EXPECT_FALSE(mn.containsPoint(pt({5})));
  Relation mx = u.lexmax();
  EXPECT_TRUE(mx.containsPoint(pt({10})));
  EXPECT_FALSE(mx.containsPoint(pt({3})));
}

TEST(Lexmin, ParametricMax) {
  // [n] -> { [i] : i >= n and i >= 0 }: lexmin is max(n, 0).
  BasicRelation a(Space::set({"n"}, Tuple(1)));
  a.addInequality(row({-1, 1, 0}));
  a.addInequality(row({0, 1, 0}));
  Relation mn = Relation(a).lexmin();
  for (int n = -3; n <= 3; ++n)
    for (int i = -4; i <= 4; ++i)
      EXPECT_EQ(mn.containsPoint(pt({n, i})), i == std::max(n, 0))
          << "n=" << n << " i=" << i;
  EXPECT_THROW(Relation(a).lexmax(), UnboundedError);
}

TEST(Lexmin, CeilingNeedsADivision) {
  // { [i] -> [j] : 2j >= i and j <= 100 }: lexmin j = ceil(i / 2).
  BasicRelation r(Space::relation({}, Tuple(1), Tuple(1)));
  r.addInequality(row({-1, 2, 0}));
  r.addInequality(row({0, -1, 100}));
  Relation mn = Relation(r).lexmin();
  for (int i = -7; i <= 7; ++i)
    for (int j = -5; j <= 5; ++j) {
      int expect = (i >= 0) ? (i + 1) / 2 : -((-i) / 2);
      EXPECT_EQ(mn.containsPoint(pt({i, j})), j == expect) << i << " " << j;
    }
  EXPECT_TRUE(mn.isSingleValued());
}

TEST(Lexmin, StridedAndTwoDims) {
  // { [i] : exists q : i = 3q + 1 and i >= 5 }: lexmin 7.
  BasicRelation s(Space::set({}, Tuple(1)));
  s.addLocal();
  s.addEquality(row({1, -3, -1}));
  s.addInequality(row({1, 0, -5}));
  Relation mn = Relation(s).lexmin();
  EXPECT_TRUE(mn.containsPoint(pt({7})));
  EXPECT_FALSE(mn.containsPoint(pt({4})));
  EXPECT_FALSE(mn.containsPoint(pt({10})));
  // [n] -> { [i, j] : 0 <= i < n and i < j < n }: lexmin (0, 1) for n >= 2.
  BasicRelation t(Space::set({"n"}, Tuple(2)));
  t.addInequality(row({0, 1, 0, 0}));
  t.addInequality(row({1, -1, 0, -1}));
  t.addInequality(row({0, -1, 1, -1}));
  t.addInequality(row({1, 0, -1, -1}));
  Relation m2 = Relation(t).lexmin();
  for (int n = 0; n <= 4; ++n) {
    EXPECT_EQ(m2.containsPoint(pt({n, 0, 1})), n >= 2) << n;
    EXPECT_FALSE(m2.containsPoint(pt({n, 0, 2})));
  }
  Relation x2 = Relation(t).lexmax();
  for (int n = 0; n <= 5; ++n)
    EXPECT_EQ(x2.containsPoint(pt({n, n - 2, n - 1})), n >= 2) << n;
}

TEST(LexminOfUnions, PointsOfAConstantUnion) {
  Relation u = parseRelation("{ [i, j] : 5 <= i < 10 and 0 <= j < 3; "
                             "[i, j] : 2 <= i < 4 and 7 <= j < 9; "
                             "[i, j] : i = 2 and 9 <= j < 12 }");
  expectSame(u.lexmin(), "{ [2, 7] }");
  expectSame(u.lexmax(), "{ [9, 2] }");
  // A disjunct with an empty optimum (it is empty) does not count.
  expectSame(parseRelation("{ [i] : 3 <= i < 7; [i] : 5 <= i < 2 }").lexmin(),
             "{ [3] }");
  // Strides: the optimum of each piece is on its lattice.
  expectSame(parseRelation("{ [i] : 1 <= i < 20 and i mod 4 = 0; "
                           "[i] : 3 <= i < 20 and i mod 5 = 0 }")
                 .lexmin(),
             "{ [4] }");
}

TEST(LexminOfUnions, ParametricUnion) {
  // Which piece wins depends on n.
  expectSame(
      parseRelation("[n] -> { [i] : n <= i < n + 10; [i] : 5 <= i < 20 }")
          .lexmin(),
      "[n] -> { [n] : n <= 5; [5] : n > 5 }");
}

TEST(LexminOfUnions, DivisionsOfTheDomainAreSymbols) {
  // Dependences on tiled loops: floor(i/32) is a function of the source,
  // so it stays in the context of the parametric solver.
  Relation dep = parseRelation(
      "[n] -> { S[i] -> S[j] : 0 <= i < n and 32*floor(i/32) + 32 <= n and "
      "j >= i and j < n and j <= i + 8 }");
  expectSame(dep.lexmin(), "[n] -> { S[i] -> S[i] : 0 <= i < n and "
                           "32*floor(i/32) + 32 <= n }");
  expectSame(
      dep.lexmax(),
      "[n] -> { S[i] -> S[j] : 0 <= i < n and 32*floor(i/32) + 32 <= n "
      "and ((j = i + 8 and i <= n - 9) or (j = n - 1 and i >= n - 8)) }");
  // A division of the range is minimized: the next multiple of 3.
  expectSame(
      parseRelation("{ [i] -> [j] : 0 <= i <= 10 and j >= i and "
                    "j mod 3 = 0 and j <= 20 }")
          .lexmin(),
      "{ [i] -> [j] : 0 <= i <= 10 and j mod 3 = 0 and i <= j <= i + 2 }");
  // A division of the domain and one of both: tile of i, then a stride of
  // i + j.
  expectSame(parseRelation("{ [i] -> [j] : 0 <= i < 64 and j >= "
                           "32*floor(i/32) and (i + j) mod 2 = 0 }")
                 .lexmin(),
             "{ [i] -> [j] : 0 <= i < 64 and (i + j) mod 2 = 0 and "
             "32*floor(i/32) <= j <= 32*floor(i/32) + 1 }");
}

TEST(LexminOfUnions, PointOptimaOfOneBasicSet) {
  // The corner of the variables' own bounds, when it is inside.
  Relation coupled =
      parseRelation("{ [i, j] : 0 <= i < 10 and 0 <= j < 10 and i + j <= 15 }");
  expectSame(coupled.lexmin(), "{ [0, 0] }");
  // The upper corner (9, 9) is outside: max i = 9, then max j = 6.
  expectSame(coupled.lexmax(), "{ [9, 6] }");
  // A triangle: the rational optimum is integral.
  expectSame(
      parseRelation("{ [i, j] : 0 <= i <= j <= 10 and i + j >= 5 }").lexmin(),
      "{ [0, 5] }");
  // A fractional rational optimum (i = 1/2) leaves it to the solver.
  expectSame(parseRelation("{ [i, j] : 2i >= 1 and i <= 5 and 3j >= i and "
                           "j <= 4 }")
                 .lexmin(),
             "{ [1, 1] }");
  // Rationally feasible, no integer point: empty.
  EXPECT_TRUE(parseRelation("{ [i, j] : 0 <= 3i - 3j - 1 and 3i - 3j <= 2 "
                            "and 0 <= i <= 5 }")
                  .lexmin()
                  .isEmpty());
  EXPECT_THROW(parseRelation("{ [i, j] : i <= 5 and 0 <= j <= 3 }").lexmin(),
               UnboundedError);
  EXPECT_THROW(parseRelation("{ [i, j] : i >= 5 and 0 <= j <= 3 }").lexmax(),
               UnboundedError);
}

TEST(LexminOfUnions, StridedOptimaWithoutParameters) {
  // i odd, 3i + 5j >= 217: i = 1 leaves 5j >= 214, so j = 43. The cuts of
  // the solver are numbers here (no symbols), not divisions of a context.
  expectSame(parseRelation("{ S[i, j] : 0 <= i < 100 and 0 <= j < 100 and "
                           "3i + 5j >= 217 and i mod 2 = 1 }")
                 .lexmin(),
             "{ S[1, 43] }");
  // From the top: i = 99 (odd), then j = 99.
  expectSame(parseRelation("{ S[i, j] : 0 <= i < 100 and 0 <= j < 100 and "
                           "3i + 5j >= 217 and i mod 2 = 1 }")
                 .lexmax(),
             "{ S[99, 99] }");
  // Two strides: i = 3 mod 7 and i = 2 mod 5 meet at 17 (mod 35); the
  // first at least 20 is 52, the last at most 100 is 87.
  Relation both =
      parseRelation("{ [i] : 20 <= i <= 100 and i mod 7 = 3 and i mod 5 = 2 }");
  expectSame(both.lexmin(), "{ [52] }");
  expectSame(both.lexmax(), "{ [87] }");
  EXPECT_TRUE(parseRelation("{ [i] : 20 <= i <= 50 and i mod 7 = 3 and "
                            "i mod 5 = 2 }")
                  .lexmin()
                  .isEmpty());
}

TEST(LexminOfUnions, ParametricStridedOptimum) {
  // The last multiple of 4 below i: j = 4 floor((i - 1) / 4) for i >= 1,
  // one piece as isl gives it (the stride's local is optimized before j,
  // and the solver's pieces fuse).
  expectSameInOnePiece(
      parseRelation("[n] -> { S[i] -> T[j] : 0 <= i < n and 0 <= j < i and "
                    "j mod 4 = 0 }")
          .lexmax(),
      "[n] -> { S[i] -> T[j] : 0 < i < n and j mod 4 = 0 and i - 4 <= j < i }");
  // The first multiple of 4 from i: j = 4 ceil(i / 4).
  expectSameInOnePiece(
      parseRelation("[n] -> { S[i] -> T[j] : 0 <= i < n and j >= i and "
                    "j mod 4 = 0 }")
          .lexmin(),
      "[n] -> { S[i] -> T[j] : 0 <= i < n and j mod 4 = 0 and i <= j <= i + 3 "
      "}");
  // A stride written the other way (j = -3e + 1: j grows as e falls) and
  // a second range variable after it: the first j >= i with j = 1 mod 3,
  // then k = j.
  expectSame(parseRelation("[n] -> { S[i] -> T[j, k] : 0 <= i < n and "
                           "exists e : j = -3e + 1 and j >= i and "
                           "j <= k <= j + 2 }")
                 .lexmin(),
             "[n] -> { S[i] -> T[j, j] : 0 <= i < n and j mod 3 = 1 and "
             "i <= j <= i + 2 }");
  expectSame(parseRelation("[n] -> { S[i] -> T[j, k] : 0 <= i < n and "
                           "exists e : j = -3e + 1 and j <= i and "
                           "j <= k <= j + 2 }")
                 .lexmax(),
             "[n] -> { S[i] -> T[j, j + 2] : 0 <= i < n and j mod 3 = 1 and "
             "i - 2 <= j <= i }");
}
