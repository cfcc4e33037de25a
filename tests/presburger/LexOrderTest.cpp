//===- LexOrderTest.cpp - Lexicographic order between relations' images ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A.lexOrderTo(B, op) relates x to y when A(x) op B(y) lexicographically.
// Each case checks it against that definition, the composition
// A . order . B^-1 with the order relation of the range spaces, and on
// the schedules of a compiler (2d+1 schedules whose scalar dimensions
// decide the order of most statement pairs) against points.
//
//===----------------------------------------------------------------------===//
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {

constexpr LexOrder kOrders[] = {LexOrder::LT, LexOrder::LE, LexOrder::GT,
                                LexOrder::GE};

/// The definition: through the order relation between the two ranges.
Relation byDefinition(const Relation &a, const Relation &b, LexOrder op) {
  Relation order =
      Relation::lexOrder(a.space().rangeSpace(), b.space().rangeSpace(), op);
  return a.applyRange(order).applyRange(b.reverse());
}

void expectDefinition(const char *a, const char *b) {
  Relation ra = parseRelation(a), rb = parseRelation(b);
  for (LexOrder op : kOrders) {
    Relation got = ra.lexOrderTo(rb, op), want = byDefinition(ra, rb, op);
    EXPECT_TRUE(got.isEqual(want))
        << a << " to " << b << " (order " << int(op) << "): " << got.toString()
        << ", want " << want.toString();
  }
}

} // namespace

TEST(LexOrderTest, ScalarDimensionsOfSchedules) {
  const char *s0 = "[n] -> { S0[i, j] -> [0, i, j, 0, 0] : 0 <= i, j < n }";
  const char *s1 =
      "[n] -> { S1[i, j, k] -> [0, i, j, 1, k] : 0 <= i, j, k < n }";
  const char *s2 = "[n] -> { S2[i, j] -> [1, i, j, 0, 0] : 0 <= i, j < n }";
  for (const char *a : {s0, s1, s2})
    for (const char *b : {s0, s1, s2})
      expectDefinition(a, b);
}

TEST(LexOrderTest, ScalarDimensionsWrittenAsConstantsOrEqualities) {
  // The scalar dimension as a constant in the tuple, as an equality, and
  // as a range that only some points reach.
  expectDefinition("{ A[i] -> [0, i] : 0 <= i < 8 }",
                   "{ B[j] -> [t, j] : t = 0 and 0 <= j < 8 }");
  expectDefinition("{ A[i] -> [2, i] : 0 <= i < 8 }",
                   "{ B[j] -> [t, j] : 0 <= t <= 3 and t = j and j < 8 }");
  expectDefinition("{ A[i] -> [-1, i] : 0 <= i < 8 }",
                   "{ B[j] -> [1, -j] : 0 <= j < 8 }");
}

TEST(LexOrderTest, UnionsLocalsAndDifferentParameters) {
  expectDefinition(
      "[n] -> { A[i] -> [i, 0] : 0 <= i < n; A[i] -> [i, 1] : n <= i < 2n }",
      "[m] -> { B[j] -> [j - 1, 1] : 0 <= j < m and j mod 3 = 0 }");
  expectDefinition("{ A[i, j] -> [floor(i / 2), j] : 0 <= i, j < 6 }",
                   "{ B[k] -> [k, 0] : exists e : k = 2e and 0 <= k < 6 }");
  expectDefinition("{ A[i] -> [0, i] : 0 <= i < 4 }",
                   "{ B[j] -> [0, j] : 1 = 0 }");
}

TEST(LexOrderTest, TwoStatementsOfALoopNest) {
  // S0 runs before S1 in the same (i, j) iteration, S1 in the next i
  // before S0 of that i only from the next iteration on.
  Relation s0 = parseRelation("{ S0[i, j] -> [0, i, j, 0] : 0 <= i, j < 3 }");
  Relation s1 = parseRelation("{ S1[i, j] -> [0, i, j, 1] : 0 <= i, j < 3 }");
  Relation before = s0.lexOrderTo(s1, LexOrder::LT);
  EXPECT_TRUE(before.containsPoint({Int(1), Int(2), Int(1), Int(2)}));
  EXPECT_TRUE(before.containsPoint({Int(1), Int(2), Int(2), Int(0)}));
  EXPECT_FALSE(before.containsPoint({Int(1), Int(2), Int(1), Int(1)}));
  Relation after = s0.lexOrderTo(s1, LexOrder::GT);
  EXPECT_TRUE(after.containsPoint({Int(1), Int(2), Int(1), Int(1)}));
  EXPECT_FALSE(after.containsPoint({Int(1), Int(2), Int(1), Int(2)}));
  EXPECT_TRUE(before.intersect(after).isEmpty());
  EXPECT_TRUE(s0.lexOrderTo(s1, LexOrder::LE).isEqual(before));
}
