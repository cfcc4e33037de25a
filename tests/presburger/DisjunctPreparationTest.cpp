//===- DisjunctPreparationTest.cpp - Working forms of disjuncts -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// reduceCoefficients (basic/DisjunctPreparation.h): inequalities tightened
// on the lattice of the equalities, through the unit substitution (every
// equality solved for a variable with coefficient +-1) and through the
// echelon form otherwise; both keep every integer point.
//
//===----------------------------------------------------------------------===//
#include "basic/DisjunctPreparation.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace presburger;
using presburger::testing::row;

TEST(ReduceCoefficients, AStrideBoundIsABoundOfTheLattice) {
  // i = 4q and 0 <= i <= 10 over [i, q]: on the lattice, 0 <= q <= 2.
  BasicRelation b(Space::set({}, Tuple(2)));
  b.addEquality(row({1, -4, 0}));
  b.addInequality(row({1, 0, 0}));
  b.addInequality(row({-1, 0, 10}));
  ASSERT_TRUE(reduceCoefficients(b));
  ASSERT_EQ(b.numEqualities(), 1u);
  ASSERT_EQ(b.numInequalities(), 2u);
  std::vector<std::vector<Int>> rows;
  for (unsigned r = 0; r < 2; ++r)
    rows.emplace_back(b.inequality(r).begin(), b.inequality(r).end());
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows[0], row({0, -1, 2})); // 2 - q >= 0
  EXPECT_EQ(rows[1], row({0, 1, 0}));  // q >= 0
}

TEST(ReduceCoefficients, EqualitiesWithoutIntegerPointsEmptyTheDisjunct) {
  // i = 2j + 4k + 1 and i = 2m: i is odd and even.
  BasicRelation b(Space::set({}, Tuple(4)));
  b.addEquality(row({1, -2, -4, 0, -1}));
  b.addEquality(row({1, 0, 0, -2, 0}));
  b.addInequality(row({1, 0, 0, 0, 0}));
  EXPECT_FALSE(reduceCoefficients(b));
  EXPECT_TRUE(b.isObviouslyEmpty());
}

TEST(ReduceCoefficients, RandomLatticesKeepTheirIntegerPoints) {
  // Random systems over [x, y, z] in [-6, 6]^3 with one or two equalities,
  // with a unit coefficient (the substitution) or without one (2x = 3y + c:
  // the echelon form); the integer points before and after are the same.
  presburger::testing::RandomInts rnd(5);
  unsigned changed = 0;
  for (int trial = 0; trial < 400; ++trial) {
    BasicRelation b(Space::set({}, Tuple(3)));
    for (unsigned v = 0; v < 3; ++v) {
      std::vector<Int> lo(4), hi(4);
      lo[v] = Int(1), lo[3] = Int(6);
      hi[v] = Int(-1), hi[3] = Int(6);
      b.addInequality(lo);
      b.addInequality(hi);
    }
    bool unit = trial % 3 != 0;
    if (unit)
      b.addEquality(row({1, -rnd(1, 4), -rnd(-3, 3), -rnd(-2, 2)}));
    else
      b.addEquality(row({rnd(2, 3) * 2, -3, 0, -rnd(-2, 2)}));
    if (trial % 2 == 0)
      b.addEquality(row({0, rnd(-2, 2), 1, -rnd(-2, 2)}));
    for (int k = rnd(1, 3); k > 0; --k)
      b.addInequality(row({rnd(-4, 4), rnd(-4, 4), rnd(-4, 4), rnd(-9, 9)}));
    BasicRelation reduced = b;
    bool nonEmpty = reduceCoefficients(reduced);
    changed += reduced.inequalities() == b.inequalities() ? 0 : 1;
    for (int x = -6; x <= 6; ++x)
      for (int y = -6; y <= 6; ++y)
        for (int z = -6; z <= 6; ++z) {
          std::vector<Int> p = row({x, y, z});
          bool before = b.containsPoint(p);
          bool after = nonEmpty && reduced.containsPoint(p);
          ASSERT_EQ(before, after)
              << b.toString() << " -> " << reduced.toString() << " at (" << x
              << ", " << y << ", " << z << ")";
        }
  }
  EXPECT_GT(changed, 100u);
}
