// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Boolean algebra on hand-built relations (the parser-based tests live in
// RelationTest.cpp once the parser exists).
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace presburger;
using presburger::testing::row;

namespace {
/// { [i] : lo <= i <= hi }
Relation interval(int64_t lo, int64_t hi) {
  BasicRelation b(Space::set({}, Tuple(1)));
  b.addInequality(row({1, -lo}));
  b.addInequality(row({-1, hi}));
  return Relation(b);
}
} // namespace

TEST(RelationSmoke, SubtractIntervals) {
  Relation a = interval(0, 10), b = interval(3, 5);
  Relation d = a.subtract(b);
  EXPECT_EQ(d.numDisjuncts(), 2u);
  EXPECT_TRUE(d.containsPoint({Int(2)}));
  EXPECT_FALSE(d.containsPoint({Int(3)}));
  EXPECT_FALSE(d.containsPoint({Int(5)}));
  EXPECT_TRUE(d.containsPoint({Int(6)}));
  EXPECT_TRUE(d.unite(b).isEqual(a));
  EXPECT_TRUE(b.isSubsetOf(a));
  EXPECT_FALSE(a.isSubsetOf(b));
  EXPECT_TRUE(d.isDisjoint(b));
}

TEST(RelationSmoke, ComplementOfStride) {
  // { [i] : exists q : i = 2q } complement is the odd numbers.
  BasicRelation even(Space::set({}, Tuple(1)));
  even.addLocal();
  even.addEquality(row({1, -2, 0}));
  Relation e(even);
  Relation odd = e.complement();
  EXPECT_TRUE(odd.containsPoint({Int(3)}));
  EXPECT_TRUE(odd.containsPoint({Int(-7)}));
  EXPECT_FALSE(odd.containsPoint({Int(4)}));
  EXPECT_TRUE(odd.unite(e).isUniverse());
  EXPECT_TRUE(odd.isDisjoint(e));
  EXPECT_EQ(odd.complement().isEqual(e), true);
}

TEST(RelationSmoke, ParamsAlignedByName) {
  // [n] -> { [i] : i < n } and [m, n] -> { [i] : i >= m }.
  BasicRelation a(Space::set({"n"}, Tuple(1)));
  a.addInequality(row({1, -1, -1}));
  BasicRelation b(Space::set({"m", "n"}, Tuple(1)));
  b.addInequality(row({-1, 0, 1, 0}));
  Relation c = Relation(a).intersect(Relation(b));
  EXPECT_EQ(c.space().paramNames(), (std::vector<std::string>{"n", "m"}));
  EXPECT_TRUE(c.containsPoint({Int(5), Int(2), Int(3)}));
  EXPECT_FALSE(c.containsPoint({Int(5), Int(2), Int(5)}));
}

namespace {
/// { [i] -> [j] : j = a*i + b and 0 <= i <= hi }
Relation affineMap(int64_t a, int64_t b, int64_t hi) {
  BasicRelation r(Space::relation({}, Tuple(1), Tuple(1)));
  r.addEquality(row({a, -1, b}));
  r.addInequality(row({1, 0, 0}));
  r.addInequality(row({-1, 0, hi}));
  return Relation(r);
}
} // namespace

TEST(RelationSmoke, ComposeDomainRangeDeltas) {
  Relation f = affineMap(2, 0, 10);  // j = 2i
  Relation g = affineMap(1, 1, 100); // k = j + 1
  Relation h = f.applyRange(g);      // k = 2i + 1
  EXPECT_TRUE(h.isEqual(affineMap(2, 1, 10)));
  Relation ran = f.range(); // even numbers in [0, 20]
  EXPECT_TRUE(ran.containsPoint({Int(8)}));
  EXPECT_FALSE(ran.containsPoint({Int(7)}));
  EXPECT_FALSE(ran.containsPoint({Int(22)}));
  Relation d = g.deltas(); // { [1] }
  EXPECT_TRUE(d.containsPoint({Int(1)}));
  EXPECT_FALSE(d.containsPoint({Int(0)}));
  EXPECT_TRUE(f.isSingleValued());
  EXPECT_TRUE(f.isInjective());
  EXPECT_TRUE(f.reverse().reverse().isEqual(f));
  // Projection of { [i, j] : i = 2j } on i: the even numbers.
  BasicRelation s(Space::set({}, Tuple(2)));
  s.addEquality(row({1, -2, 0}));
  Relation proj = Relation(s).projectOut(VarKind::Range, 1, 1);
  EXPECT_TRUE(proj.containsPoint({Int(-4)}));
  EXPECT_FALSE(proj.containsPoint({Int(3)}));
  EXPECT_FALSE(proj.isUniverse());
  // Lex order on [0, 2]: 3 pairs strictly increasing.
  Relation box = interval(0, 2);
  Relation lt = box.lexOrderTo(box, LexOrder::LT);
  EXPECT_TRUE(lt.containsPoint({Int(0), Int(2)}));
  EXPECT_FALSE(lt.containsPoint({Int(2), Int(2)}));
  Relation le = box.lexOrderTo(box, LexOrder::LE);
  EXPECT_TRUE(le.containsPoint({Int(2), Int(2)}));
  EXPECT_TRUE(lt.isSubsetOf(le));
  EXPECT_FALSE(le.isSubsetOf(lt));
}

TEST(RelationSmoke, DetectEqualitiesDecidesInequalitiesFixedByAnEquality) {
  // { [i] : exists e : i = 4e, i - 4e >= 0, -i + 4e + 3 >= 0, 0 <= i <= 10 }:
  // on i = 4e the row i - 4e >= 0 is 0 >= 0 and -i + 4e + 3 >= 0 is 3 >= 0;
  // both go (same and opposite coefficients as the equality), the bounds
  // of i stay, and no row becomes an equality.
  BasicRelation b(Space::set({}, Tuple(1)));
  b.addLocal();
  b.addEquality(row({1, -4, 0}));
  b.addInequality(row({1, -4, 0}));
  b.addInequality(row({-1, 4, 3}));
  b.addInequality(row({1, 0, 0}));
  b.addInequality(row({-1, 0, 10}));
  ASSERT_TRUE(b.detectEqualities());
  EXPECT_EQ(b.numEqualities(), 1u);
  EXPECT_EQ(b.numInequalities(), 2u);
  for (unsigned i = 0; i < b.numInequalities(); ++i)
    EXPECT_TRUE(b.inequality(i)[1].isZero()); // only the bounds of i remain
  for (int64_t i = -2; i <= 12; ++i)
    EXPECT_EQ(Relation(b).containsPoint({Int(i)}),
              i >= 0 && i <= 10 && i % 4 == 0);

  // x + y = 3 with x + y >= 5 (same direction) or -x - y >= -2 (opposite):
  // contradictions, found without a tableau.
  for (std::vector<Int> contradiction : {row({1, 1, -5}), row({-1, -1, 2})}) {
    BasicRelation c(Space::set({}, Tuple(2)));
    c.addEquality(row({1, 1, -3}));
    c.addInequality(contradiction);
    EXPECT_FALSE(c.detectEqualities());
    EXPECT_TRUE(c.isObviouslyEmpty());
  }
  // ... while x + y >= 3 and -x - y >= -3 on x + y = 3 hold with equality.
  BasicRelation d(Space::set({}, Tuple(2)));
  d.addEquality(row({1, 1, -3}));
  d.addInequality(row({1, 1, -3}));
  d.addInequality(row({-1, -1, 3}));
  d.addInequality(row({1, 0, 0}));
  ASSERT_TRUE(d.detectEqualities());
  EXPECT_EQ(d.numEqualities(), 1u);
  EXPECT_EQ(d.numInequalities(), 1u);
}

TEST(RelationSmoke, DetectEqualitiesInsideAndOnTheBoxOfTheBounds) {
  // 0 <= i, j <= 10 and i + j <= 15: the midpoint (5, 5) is strictly
  // inside every row, so no row is an implicit equality.
  BasicRelation inside(Space::set({}, Tuple(2)));
  for (auto r : {row({1, 0, 0}), row({-1, 0, 10}), row({0, 1, 0}),
                 row({0, -1, 10}), row({-1, -1, 15})})
    inside.addInequality(r);
  ASSERT_TRUE(inside.detectEqualities());
  EXPECT_EQ(inside.numEqualities(), 0u);
  EXPECT_EQ(inside.numInequalities(), 5u);
  // i + j >= 20 on the same box leaves the corner i = j = 10 only: the
  // midpoint violates it, and the tableau finds the equalities (i = 10,
  // j = 10 and the dependent i + j = 20, which removeRedundancies drops).
  BasicRelation corner(Space::set({}, Tuple(2)));
  for (auto r : {row({1, 0, 0}), row({-1, 0, 10}), row({0, 1, 0}),
                 row({0, -1, 10}), row({1, 1, -20})})
    corner.addInequality(r);
  ASSERT_TRUE(corner.detectEqualities());
  EXPECT_EQ(corner.numEqualities(), 3u);
  EXPECT_EQ(corner.numInequalities(), 0u);
  EXPECT_TRUE(Relation(corner).containsPoint({Int(10), Int(10)}));
  EXPECT_FALSE(Relation(corner).containsPoint({Int(9), Int(10)}));
}

TEST(RelationSmoke, DetectEqualitiesFromANestedInteriorPoint) {
  // Each case: rows over [x0, x1, const] and how many implicit equalities
  // the set has.
  struct Case {
    std::vector<std::vector<int64_t>> rows;
    unsigned equalities;
  };
  std::vector<Case> cases = {
      // A tile, 0 <= t <= 3 and 32t <= i <= 32t + 31: t = 1, i = 33 is
      // strictly inside (placed first variable first).
      {{{1, 0, 0}, {-1, 0, 3}, {-32, 1, 0}, {32, -1, 31}}, 0},
      // 2e <= i <= 2e + 1, 0 <= e <= 2 over [i, e]: e = 1, then i = 5/2
      // (last variable first; no integer strictly between 2 and 3).
      {{{1, -2, 0}, {-1, 2, 1}, {0, 1, 0}, {0, -1, 2}}, 0},
      // A full-dimensional triangle where both orders meet a vertex
      // (0 <= t <= 2, t <= i <= 2 - t: t = 1 leaves i = 1 only, i = 0
      // leaves t = 0 only): the tableau decides, no equality.
      {{{1, 0, 0}, {-1, 0, 2}, {-1, 1, 0}, {-1, -1, 2}}, 0},
      // 32t <= i <= 32t with 0 <= t <= 3: the bounds of i meet, and the
      // tableau finds i = 32t.
      {{{1, 0, 0}, {-1, 0, 3}, {-32, 1, 0}, {32, -1, 0}}, 1},
  };
  for (const Case &c : cases) {
    BasicRelation b(Space::set({}, Tuple(2)));
    for (const std::vector<int64_t> &r : c.rows)
      b.addInequality(std::vector<Int>(r.begin(), r.end()));
    BasicRelation original = b;
    ASSERT_TRUE(b.detectEqualities());
    EXPECT_EQ(b.numEqualities(), c.equalities);
    // The same integer points either way.
    for (int64_t x = -3; x <= 130; ++x)
      for (int64_t y = -3; y <= 130; ++y)
        ASSERT_EQ(Relation(b).containsPoint({Int(x), Int(y)}),
                  Relation(original).containsPoint({Int(x), Int(y)}));
  }
}

TEST(RelationSmoke, RemoveRedundanciesDropsOnlyDependentEqualities) {
  // Over [n, i, j]: i = n + 1 and j = 2n, as a lexmin's piece fixes its
  // range; each has a column of its own (i, j), so both are independent
  // and stay without a rank test. n >= 0 stays, i >= 1 follows from it.
  BasicRelation piece(Space::set({}, Tuple(3)));
  piece.addEquality(row({1, -1, 0, 1}));
  piece.addEquality(row({2, 0, -1, 0}));
  piece.addInequality(row({1, 0, 0, 0}));
  piece.addInequality(row({0, 1, 0, -1}));
  ASSERT_TRUE(piece.removeRedundancies());
  EXPECT_EQ(piece.numEqualities(), 2u);
  EXPECT_EQ(piece.numInequalities(), 1u);
  // i = j, j = k, i = k: no column of its own; the third is the sum of
  // the first two and goes.
  BasicRelation chain(Space::set({}, Tuple(3)));
  chain.addEquality(row({1, -1, 0, 0}));
  chain.addEquality(row({0, 1, -1, 0}));
  chain.addEquality(row({1, 0, -1, 0}));
  chain.addInequality(row({1, 0, 0, 0}));
  ASSERT_TRUE(chain.removeRedundancies());
  EXPECT_EQ(chain.numEqualities(), 2u);
  EXPECT_EQ(chain.numInequalities(), 1u);
}

TEST(RelationSmoke,
     RemoveRedundanciesSetsAsideEqualitiesFixingAnUnusedVariable) {
  // Over [n, i]: i = 2n fixes i, which no inequality uses: n >= -5 is
  // redundant beside n >= 0 with or without it, and the equality stays.
  BasicRelation fixed(Space::set({}, Tuple(2)));
  fixed.addEquality(row({2, -1, 0}));
  fixed.addInequality(row({1, 0, 0}));
  fixed.addInequality(row({1, 0, 5}));
  ASSERT_TRUE(fixed.removeRedundancies());
  EXPECT_EQ(fixed.numEqualities(), 1u);
  ASSERT_EQ(fixed.numInequalities(), 1u);
  EXPECT_EQ(
      std::vector<Int>(fixed.inequality(0).begin(), fixed.inequality(0).end()),
      row({1, 0, 0}));
  // i = n with i >= 3 and n >= 1: the equality bears on the inequalities
  // (i is in one), and through it n >= 1 follows from i >= 3.
  BasicRelation tied(Space::set({}, Tuple(2)));
  tied.addEquality(row({1, -1, 0}));
  tied.addInequality(row({0, 1, -3}));
  tied.addInequality(row({1, 0, -1}));
  ASSERT_TRUE(tied.removeRedundancies());
  EXPECT_EQ(tied.numEqualities(), 1u);
  EXPECT_EQ(tied.numInequalities(), 1u);
  EXPECT_TRUE(
      Relation(tied).isEqual(parseRelation("{ [n, i] : i = n and n >= 3 }")));
}
