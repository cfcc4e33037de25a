//===- BoundPropagationTest.cpp - Variable ranges from the rows -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// propagateBounds (solve/BoundPropagation.h): hand-checked ranges, and on
// random systems the ranges hold every integer point of a box around them.
//
//===----------------------------------------------------------------------===//
#include "solve/BoundPropagation.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace presburger;
using presburger::testing::nextPointInBox;
using presburger::testing::rowsOf;

TEST(BoundPropagation, DivisionInsideOneTileIsFixed) {
  // Over [i, q]: 0 <= i <= 31, 32q <= i <= 32q + 31, so q = 0.
  Matrix ineqs = rowsOf({{1, 0, 0}, {-1, 0, 31}, {1, -32, 0}, {-1, 32, 31}}, 3);
  auto ranges = propagateBounds(Matrix(0, 3), ineqs, 2, 4);
  ASSERT_TRUE(ranges);
  EXPECT_TRUE((*ranges)[1].fixed());
  EXPECT_EQ(*(*ranges)[1].lo, Int(0));
  EXPECT_EQ(*(*ranges)[0].lo, Int(0));
  EXPECT_EQ(*(*ranges)[0].hi, Int(31));
}

TEST(BoundPropagation, EmptyRangeAndUnboundedVariable) {
  // 2x >= 1 and 2x <= 1 (x = 1/2): no integer point.
  EXPECT_FALSE(
      propagateBounds(Matrix(0, 2), rowsOf({{2, -1}, {-2, 1}}, 2), 1, 4));
  // x >= 0, y free: y stays unbounded, x bounded below only.
  auto ranges = propagateBounds(Matrix(0, 3), rowsOf({{1, 0, 0}}, 3), 2, 4);
  ASSERT_TRUE(ranges);
  EXPECT_EQ(*(*ranges)[0].lo, Int(0));
  EXPECT_FALSE((*ranges)[0].hi);
  EXPECT_FALSE((*ranges)[1].lo || (*ranges)[1].hi);
  // An equality bounds both ways: x = 2y + 1, 0 <= y <= 3 gives 1 <= x <= 7.
  auto eq = propagateBounds(rowsOf({{1, -2, -1}}, 3),
                            rowsOf({{0, 1, 0}, {0, -1, 3}}, 3), 2, 4);
  ASSERT_TRUE(eq);
  EXPECT_EQ(*(*eq)[0].lo, Int(1));
  EXPECT_EQ(*(*eq)[0].hi, Int(7));
}

TEST(BoundPropagation, RangesHoldEveryIntegerPoint) {
  std::mt19937 rng(3);
  auto rnd = [&](int lo, int hi) {
    return lo + int(rng() % unsigned(hi - lo + 1));
  };
  unsigned pointsSeen = 0;
  for (int trial = 0; trial < 300; ++trial) {
    unsigned n = unsigned(rnd(1, 3)), m = unsigned(rnd(1, 6));
    Matrix ineqs(0, n + 1);
    for (unsigned k = 0; k < m; ++k) {
      std::vector<Int> row(n + 1);
      for (unsigned c = 0; c < n; ++c)
        row[c] = Int(rnd(-3, 3));
      row[n] = Int(rnd(-4, 8));
      ineqs.appendRow(row);
    }
    auto ranges = propagateBounds(Matrix(0, n + 1), ineqs, n, 4);
    std::vector<int> x(n, -6);
    while (true) {
      bool in = true;
      for (unsigned k = 0; k < m && in; ++k) {
        Int v = ineqs.at(k, n);
        for (unsigned c = 0; c < n; ++c)
          v += ineqs.at(k, c) * Int(x[c]);
        in = !v.isNegative();
      }
      if (in) {
        ++pointsSeen;
        ASSERT_TRUE(ranges) << ineqs.toString(); // A point: not empty.
        for (unsigned c = 0; c < n; ++c) {
          const VariableRange &r = (*ranges)[c];
          EXPECT_TRUE(!r.lo || *r.lo <= Int(x[c])) << ineqs.toString();
          EXPECT_TRUE(!r.hi || Int(x[c]) <= *r.hi) << ineqs.toString();
        }
      }
      if (!nextPointInBox(x, -6, 6))
        break;
    }
  }
  EXPECT_GT(pointsSeen, 10000u); // The systems are not all empty.
}
