//===- VariableBoxTest.cpp - Basic relations whose rows bound one variable ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// VariableBox (basic/VariableBox.h): which relations are boxes, and the
// optimum of any row over one against the tableau's.
//
//===----------------------------------------------------------------------===//
#include "basic/VariableBox.h"

#include "presburger/Simplex.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <vector>

using namespace presburger;
using presburger::testing::row;

TEST(VariableBox, ATileTailIsABoxAndATileIsNot) {
  // t = 4, 128 <= i <= 149 over [t, i].
  BasicRelation tail(Space::set({}, Tuple(2)));
  tail.addEquality(row({1, 0, -4}));
  tail.addInequality(row({0, 1, -128}));
  tail.addInequality(row({0, -1, 149}));
  std::optional<VariableBox> box = VariableBox::of(tail);
  ASSERT_TRUE(box);
  // i - 32t over the tail: 128 - 128 = 0 at least, 149 - 128 = 21 at most.
  std::optional<Optimum> lo = box->rationalOptimum(row({-32, 1, 0}), false);
  std::optional<Optimum> hi = box->rationalOptimum(row({-32, 1, 0}), true);
  ASSERT_TRUE(lo && hi && lo->isBounded() && hi->isBounded());
  EXPECT_EQ(lo->value, Fraction(Int(0)));
  EXPECT_EQ(hi->value, Fraction(Int(21)));
  EXPECT_TRUE(box->holds(row({-32, 1, 0})));
  EXPECT_FALSE(box->holds(row({0, 1, -129})));

  // 32t <= i <= 32t + 31: rows with two variables.
  BasicRelation tile(Space::set({}, Tuple(2)));
  tile.addInequality(row({-32, 1, 0}));
  tile.addInequality(row({32, -1, 31}));
  EXPECT_FALSE(VariableBox::of(tile));
}

TEST(VariableBox, UnboundedNonUnitAndEmptyBoxes) {
  // i >= 3 alone: the minimum of i is 3, the maximum unbounded.
  BasicRelation half(Space::set({}, Tuple(1)));
  half.addInequality(row({1, -3}));
  std::optional<VariableBox> box = VariableBox::of(half);
  ASSERT_TRUE(box);
  EXPECT_EQ(box->rationalOptimum(row({1, 0}), false)->value, Fraction(Int(3)));
  EXPECT_EQ(box->rationalOptimum(row({1, 0}), true)->kind,
            OptimumKind::Unbounded);
  // 2i >= 1, 2i <= 7: the integer range is [1, 3], the rational one
  // [1/2, 7/2]; no rational answer is given.
  BasicRelation scaled(Space::set({}, Tuple(1)));
  scaled.addInequality(row({2, -1}));
  scaled.addInequality(row({-2, 7}));
  std::optional<VariableBox> integerOnly = VariableBox::of(scaled);
  ASSERT_TRUE(integerOnly);
  EXPECT_FALSE(integerOnly->rationalOptimum(row({1, 0}), false));
  EXPECT_TRUE(integerOnly->holds(row({1, -1})));
  // 2i >= 1, 2i <= 1: no integer point, no box.
  BasicRelation empty(Space::set({}, Tuple(1)));
  empty.addInequality(row({2, -1}));
  empty.addInequality(row({-2, 1}));
  EXPECT_FALSE(VariableBox::of(empty));
}

TEST(VariableBox, OptimaAgreeWithTheTableau) {
  presburger::testing::RandomInts rnd(7);
  unsigned compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    unsigned n = unsigned(rnd(1, 3));
    BasicRelation b(Space::set({}, Tuple(n)));
    for (unsigned v = 0; v < n; ++v) {
      int kind = int(rnd(0, 3)); // 0: fixed, 1: both ends, 2: lower, 3: upper
      std::vector<Int> lower(n + 1), upper(n + 1);
      int64_t a = rnd(-5, 5), w = rnd(0, 6);
      lower[v] = Int(1);
      lower[n] = Int(-a);
      upper[v] = Int(-1);
      upper[n] = Int(a + w);
      if (kind == 0)
        b.addEquality(lower);
      if (kind == 1 || kind == 2)
        b.addInequality(lower);
      if (kind == 1 || kind == 3)
        b.addInequality(upper);
    }
    std::optional<VariableBox> box = VariableBox::of(b);
    ASSERT_TRUE(box);
    Simplex tab(b.equalities(), b.inequalities());
    for (int k = 0; k < 5; ++k) {
      std::vector<Int> objective(n + 1);
      for (Int &c : objective)
        c = Int(rnd(-4, 4));
      for (bool maximize : {false, true}) {
        std::optional<Optimum> got = box->rationalOptimum(objective, maximize);
        ASSERT_TRUE(got);
        Optimum want = tab.computeOptimum(objective, maximize);
        ASSERT_EQ(got->kind, want.kind);
        if (want.isBounded()) {
          EXPECT_EQ(got->value, want.value);
        }
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 2000u);
}

TEST(VariableBox, AnEnclosingBoxHoldsEveryIntegerPoint) {
  // The fused column 0 <= x <= 5, 0 <= y <= 4, x + y <= 8 cut at x >= 5:
  // propagation gives x = 5 and y <= 8 - 5 = 3.
  BasicRelation part(Space::set({}, Tuple(2)));
  part.addInequality(row({1, 0, 0}));
  part.addInequality(row({-1, 0, 5}));
  part.addInequality(row({0, 1, 0}));
  part.addInequality(row({0, -1, 4}));
  part.addInequality(row({-1, -1, 8}));
  part.addInequality(row({1, 0, -5}));
  EXPECT_FALSE(VariableBox::of(part)); // x + y <= 8 has two variables.
  std::optional<VariableBox> box = VariableBox::enclosing(part, 2);
  ASSERT_TRUE(box);
  EXPECT_TRUE(box->holds(row({1, 0, -5})));  // x >= 5
  EXPECT_TRUE(box->holds(row({-1, 0, 5})));  // x <= 5
  EXPECT_TRUE(box->holds(row({0, -1, 3})));  // y <= 3
  EXPECT_FALSE(box->holds(row({0, -1, 2}))); // y <= 2: (5, 3) is a point.
  // The box is larger than the relation: it gives no optimum.
  EXPECT_FALSE(box->rationalOptimum(row({0, 1, 0}), true));
  // No integer point: 2x = 1 + 4y.
  BasicRelation odd(Space::set({}, Tuple(2)));
  odd.addEquality(row({2, -4, -1}));
  odd.addInequality(row({0, 1, 0}));
  odd.addInequality(row({0, -1, 0}));
  EXPECT_FALSE(VariableBox::enclosing(odd, 2));
}

TEST(VariableBox, WhatAnEnclosingBoxImpliesHoldsOnEveryPoint) {
  // Random polygons in [-5, 5]^2: a row that holds on the enclosing box
  // holds at every integer point of the polygon (enumerated).
  presburger::testing::RandomInts rnd(11);
  unsigned implied = 0;
  for (int trial = 0; trial < 300; ++trial) {
    BasicRelation b(Space::set({}, Tuple(2)));
    b.addInequality(row({1, 0, 5}));
    b.addInequality(row({-1, 0, 5}));
    b.addInequality(row({0, 1, 5}));
    b.addInequality(row({0, -1, 5}));
    for (int k = rnd(1, 3); k > 0; --k)
      b.addInequality(row({rnd(-2, 2), rnd(-2, 2), rnd(-3, 6)}));
    std::optional<VariableBox> box = VariableBox::enclosing(b, 2);
    bool hasPoint = false;
    for (int x = -5; x <= 5; ++x)
      for (int y = -5; y <= 5; ++y)
        hasPoint = hasPoint || b.containsPoint(row({x, y}));
    if (!box) {
      EXPECT_FALSE(hasPoint) << b.toString();
      continue;
    }
    for (int k = 0; k < 10; ++k) {
      std::vector<Int> r = row({rnd(-2, 2), rnd(-2, 2), rnd(-6, 6)});
      if (!box->holds(r))
        continue;
      ++implied;
      for (int x = -5; x <= 5; ++x)
        for (int y = -5; y <= 5; ++y)
          if (b.containsPoint(row({x, y}))) {
            EXPECT_GE(r[0] * Int(x) + r[1] * Int(y) + r[2], Int(0))
                << b.toString() << " at (" << x << ", " << y << ")";
          }
    }
  }
  EXPECT_GT(implied, 100u);
}

TEST(VariableBox, EqualitiesFixTheirVariable) {
  // 3i = 6 and 0 <= j <= 4: i is 2, so i + j >= 2 holds and i + j >= 3
  // does not (at j = 0).
  BasicRelation fixed(Space::set({}, Tuple(2)));
  fixed.addEquality(row({3, 0, -6}));
  fixed.addInequality(row({0, 1, 0}));
  fixed.addInequality(row({0, -1, 4}));
  std::optional<VariableBox> box = VariableBox::of(fixed);
  ASSERT_TRUE(box);
  EXPECT_TRUE(box->holds(row({1, 1, -2})));
  EXPECT_FALSE(box->holds(row({1, 1, -3})));
  EXPECT_TRUE(box->holds(row({-1, 0, 2}))); // i <= 2.
  // 2i = 3 has no integer solution; i = 5 against i <= 4 neither.
  BasicRelation odd(Space::set({}, Tuple(1)));
  odd.addEquality(row({2, -3}));
  EXPECT_FALSE(VariableBox::of(odd));
  BasicRelation outside(Space::set({}, Tuple(1)));
  outside.addEquality(row({1, -5}));
  outside.addInequality(row({-1, 4}));
  EXPECT_FALSE(VariableBox::of(outside));
}
