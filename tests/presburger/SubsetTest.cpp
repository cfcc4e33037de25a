// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The subset and equality tests on unions, through both of their paths:
// each disjunct inside one disjunct of the other side (decided without a
// subtraction) and the general subtraction (a disjunct covered only by
// several, strides, parameters).
#include "relation/Subset.h"

#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <random>

using namespace presburger;

namespace {
bool subset(const char *a, const char *b) {
  return parseRelation(a).isSubsetOf(parseRelation(b));
}
} // namespace

TEST(Subset, EachDisjunctInsideOne) {
  EXPECT_TRUE(subset("{ [i, j] : 0 <= i < 10 and 0 <= j < 5 }",
                     "{ [i, j] : 0 <= i < 20 and j >= 0 and j < 8; "
                     "[i, j] : i = 100 }"));
  EXPECT_TRUE(subset("[n] -> { [i] : 0 <= i < n and i < 50; [i] : i = n + 3 }",
                     "[n] -> { [i] : 0 <= i < n; [i] : n <= i <= n + 5 }"));
  // The box written twice with a disjunctive mask: equal.
  EXPECT_TRUE(parseRelation("{ S[i0, i1] : 0 <= i0 < 128 and 0 <= i1 < 128 and "
                            "(i1 >= 16 or i0 < 100) }")
                  .isEqual(parseRelation(
                      "{ S[i0, i1] : (i1 >= 16 or i0 < 100) and 0 <= i1 < 128 "
                      "and 0 <= i0 < 128 and i0 <= 1000000 }")));
}

TEST(Subset, SharedDivisionsOnBothSides) {
  // The right side's division floor(i/4) is the left side's: its rows are
  // checked on the left side directly.
  EXPECT_TRUE(subset("{ [i] : i mod 4 = 0 and 0 <= i < 128 }",
                     "{ [i] : i mod 4 = 0 and i <= 1000 }"));
  EXPECT_FALSE(subset("{ [i] : i mod 4 = 0 and 0 <= i < 128 }",
                      "{ [i] : i mod 4 = 0 and i <= 100 }"));
  // A division the left side lacks: floor(i/8) is not floor(i/4).
  EXPECT_FALSE(subset("{ [i] : i mod 4 = 0 and 0 <= i < 128 }",
                      "{ [i] : i mod 8 = 0 }"));
  EXPECT_TRUE(subset("{ [i] : i mod 8 = 0 and 0 <= i < 128 }",
                     "{ [i] : i mod 4 = 0 }"));
  // Full tiles only, inside the box and not the other way round (n = 5).
  const char *tiles =
      "[n] -> { [i] : 0 <= i < n and 32*floor(i/32) + 32 <= n }";
  const char *box = "[n] -> { [i] : 0 <= i < n }";
  EXPECT_TRUE(subset(tiles, box));
  EXPECT_FALSE(subset(box, tiles));
  EXPECT_TRUE(subset(tiles, "[n] -> { [i] : 32*floor(i/32) + 32 <= n }"));
  // Loop bounds: a redundant bound that only holds for small parameters.
  EXPECT_FALSE(subset("[n] -> { [i, j] : 0 <= i < n and 0 <= j < n }",
                      "[n] -> { [i, j] : 0 <= i < n and 0 <= j < n and "
                      "i <= 1000000 }"));
  EXPECT_TRUE(subset("[n] -> { [i, j] : 0 <= i < n and i <= j < n }",
                     "[n] -> { [i, j] : 0 <= i and i <= j and j <= n + 5 }"));
}

TEST(Subset, CoveredOnlyByTheUnion) {
  // [0, 10] is in neither piece alone.
  EXPECT_TRUE(subset("{ [i] : 0 <= i <= 10 }",
                     "{ [i] : 0 <= i <= 4; [i] : 5 <= i <= 12 }"));
  // Only over the integers: the rational gap (4, 5) holds no integer.
  EXPECT_TRUE(
      subset("{ [i, j] : 0 <= i <= 10 and j = 2i }",
             "{ [i, j] : i <= 4 and j = 2i; [i, j] : i >= 5 and j = 2i }"));
  // With parameters: needs n >= 3 from the context of the left side.
  EXPECT_TRUE(subset("[n] -> { [i] : 0 <= i < n and n >= 3 }",
                     "[n] -> { [i] : 0 <= i < 3; [i] : 3 <= i < n }"));
}

TEST(Subset, NotASubset) {
  EXPECT_FALSE(subset("{ [i] : 0 <= i <= 13 }",
                      "{ [i] : 0 <= i <= 4; [i] : 5 <= i <= 12 }"));
  EXPECT_FALSE(subset("{ [i] : 0 <= i <= 10 }",
                      "{ [i] : 0 <= i <= 4; [i] : 6 <= i <= 12 }"));
  // A stride on the right: odd points are missing.
  EXPECT_FALSE(subset("{ [i] : 0 <= i <= 10 }",
                      "{ [i] : 0 <= i <= 10 and i mod 2 = 0; [i] : i > 20 }"));
  EXPECT_TRUE(subset("{ [i] : 0 <= i <= 10 and i mod 4 = 0 }",
                     "{ [i] : 0 <= i <= 10 and i mod 2 = 0; [i] : i > 20 }"));
}

TEST(Subset, AWitnessOutsideTheUnionAnswersNo) {
  // Overlapping chains of boxes shifted by 2: the left side's lower corner
  // (0, 0, 0) is in no box of the right side.
  EXPECT_FALSE(subset("{ [x, y, z] : 0 <= x <= 5 and 0 <= y <= 7 and "
                      "0 <= z <= 7; [x, y, z] : 4 <= x <= 9 and 0 <= y <= 7 "
                      "and 1 <= z <= 8 }",
                      "{ [x, y, z] : 2 <= x <= 7 and 0 <= y <= 7 and "
                      "0 <= z <= 7; [x, y, z] : 6 <= x <= 11 and 0 <= y <= 7 "
                      "and 1 <= z <= 8 }"));
  // The same chains, the left one shifted into the right one: yes, although
  // no box of the left side is inside a single box of the right side.
  EXPECT_TRUE(subset("{ [x, y, z] : 3 <= x <= 8 and 0 <= y <= 7 and "
                     "0 <= z <= 7 }",
                     "{ [x, y, z] : 2 <= x <= 7 and 0 <= y <= 7 and "
                     "0 <= z <= 7; [x, y, z] : 6 <= x <= 11 and 0 <= y <= 7 "
                     "and 0 <= z <= 8 }"));
  // Parameters: the witness fixes them too (n = 0 here is outside).
  EXPECT_FALSE(subset("[n] -> { [i] : 0 <= i <= 10 and n >= 0 }",
                      "[n] -> { [i] : 0 <= i <= 10 and n >= 1; "
                      "[i] : i >= 11 }"));
  // The far corner of the left box crosses the right side's bound (a gist
  // context against its set): no.
  EXPECT_FALSE(subset("{ S[p, f] : 0 <= p < 128 and 0 <= f < 512 }",
                      "{ S[p, f] : 0 <= p < 128 and 0 <= f < 512 and "
                      "512p + f < 60000 }"));
  EXPECT_TRUE(subset("{ S[p, f] : 0 <= p < 117 and 0 <= f < 512 }",
                     "{ S[p, f] : 0 <= p < 128 and 0 <= f < 512 and "
                     "512p + f < 60000 }"));
  // Right side with locals: no witness test; the subtraction decides.
  EXPECT_FALSE(subset("{ [i] : 0 <= i <= 10 }",
                      "{ [i] : 0 <= i <= 10 and i mod 2 = 1; [i] : i > 20 }"));
}

TEST(Subset, RandomLoopBoundsAgainstEnumeration) {
  // Difference systems (the graph decides both answers exactly) against
  // the points of a box that holds them all.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coef(-1, 1), cst(-4, 4), pick(0, 2);
  auto randomSystem = [&] {
    BasicRelation b(Space::set({}, Tuple(2)));
    for (unsigned v = 0; v < 2; ++v) { // A box -6 <= x_v <= 6.
      std::vector<Int> lo(3), hi(3);
      lo[v] = Int(1), lo[2] = Int(6);
      hi[v] = Int(-1), hi[2] = Int(6);
      b.addInequality(lo);
      b.addInequality(hi);
    }
    int extra = pick(rng) + 1;
    for (int k = 0; k < extra; ++k) {
      std::vector<Int> row(3);
      row[0] = Int(coef(rng));
      row[1] = row[0].isZero() ? Int(coef(rng)) : -row[0] * Int(pick(rng) % 2);
      row[2] = Int(cst(rng));
      b.addInequality(row);
    }
    return b;
  };
  for (int trial = 0; trial < 300; ++trial) {
    BasicRelation a = randomSystem(), b = randomSystem();
    bool expected = true;
    for (int x = -6; x <= 6 && expected; ++x)
      for (int y = -6; y <= 6 && expected; ++y) {
        std::vector<Int> p{Int(x), Int(y)};
        expected = !a.containsPoint(p) || b.containsPoint(p);
      }
    EXPECT_EQ(Relation(a).isSubsetOf(Relation(b)), expected)
        << a.toString() << " in " << b.toString();
  }
}

TEST(Subset, CoveredByPiecesAgainstEnumeration) {
  // coveredByPieces (the fusion's verification) on random polygons in
  // [-5, 5]^2: rows of two variables, so the general splitting path runs,
  // half of the pieces with a stride (x even, a division local); a third
  // of the triples are difference systems, split on the constraint graph.
  // Every answer is compared with the enumerated points.
  presburger::testing::RandomInts rnd(23);
  auto row = [](int64_t a, int64_t b, int64_t c) {
    return std::vector<Int>{Int(a), Int(b), Int(c)};
  };
  BasicRelation even = parseRelation("{ [x, y] : x mod 2 = 0 }").disjuncts()[0];
  auto polygon = [&](bool stride) {
    BasicRelation b(Space::set({}, Tuple(2)));
    b.addInequality(row(1, 0, 5));
    b.addInequality(row(-1, 0, 5));
    b.addInequality(row(0, 1, 5));
    b.addInequality(row(0, -1, 5));
    for (int k = rnd(1, 3); k > 0; --k)
      b.addInequality(row(rnd(-2, 2), rnd(-2, 2), rnd(-2, 6)));
    return stride ? b.intersect(even) : b;
  };
  // A difference system (rows x - y + k, +-x + k, +-y + k): the
  // constraint graph's path, with its witness points.
  auto differenceSystem = [&] {
    BasicRelation b(Space::set({}, Tuple(2)));
    b.addInequality(row(1, 0, 5));
    b.addInequality(row(-1, 0, 5));
    b.addInequality(row(0, 1, 5));
    b.addInequality(row(0, -1, 5));
    for (int k = rnd(1, 3); k > 0; --k) {
      int64_t x = rnd(-1, 1), y = x == 0 ? rnd(-1, 1) : -x * rnd(0, 1);
      b.addInequality(row(x, y, rnd(-3, 5)));
    }
    return b;
  };
  unsigned covered = 0, notCovered = 0;
  for (int trial = 0; trial < 600; ++trial) {
    bool graph = trial % 3 == 2;
    BasicRelation c = graph ? differenceSystem() : polygon(false),
                  a = graph ? differenceSystem() : polygon(trial % 2 == 1),
                  b = graph ? differenceSystem() : polygon(trial % 4 == 3);
    Relation cr(c), ar(a), br(b); // Their points, locals projected out.
    bool expected = true;
    for (int x = -5; x <= 5 && expected; ++x)
      for (int y = -5; y <= 5 && expected; ++y) {
        Point p{Int(x), Int(y)};
        expected =
            !cr.containsPoint(p) || ar.containsPoint(p) || br.containsPoint(p);
      }
    EXPECT_EQ(coveredByPieces(c, {&a, &b}), expected)
        << c.toString() << " by " << a.toString() << " and " << b.toString();
    ++(expected ? covered : notCovered);
  }
  EXPECT_GT(covered, 40u);
  EXPECT_GT(notCovered, 40u);
}
