// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Simplex.h"
#include "presburger/BasicRelation.h"
#include "presburger/LinearAlgebra.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace presburger;
using presburger::testing::row;

namespace {
BasicRelation setOf(unsigned dims, std::initializer_list<std::vector<Int>> eqs,
                    std::initializer_list<std::vector<Int>> ineqs) {
  BasicRelation b(Space::set({}, Tuple(dims)));
  for (auto &e : eqs)
    b.addEquality(e);
  for (auto &i : ineqs)
    b.addInequality(i);
  return b;
}
} // namespace

TEST(Simplex, TriangleOptimum) {
  // x >= 0, y >= 0, x + y <= 4: max x + 2y = 8, min = 0.
  Simplex s(2);
  s.addInequality(row({1, 0, 0}));
  s.addInequality(row({0, 1, 0}));
  s.addInequality(row({-1, -1, 4}));
  EXPECT_FALSE(s.isEmpty());
  Optimum hi = s.computeOptimum(row({1, 2, 0}), true);
  ASSERT_TRUE(hi.isBounded());
  EXPECT_EQ(hi.value, Fraction(8));
  Optimum lo = s.computeOptimum(row({1, 2, 0}), false);
  EXPECT_EQ(lo.value, Fraction(0));
  EXPECT_EQ(s.computeOptimum(row({-1, 0, 0}), false).value, Fraction(-4));
}

TEST(Simplex, RationalEmptinessAndRollback) {
  Simplex s(1);
  s.addInequality(row({2, -1})); // 2x >= 1
  unsigned snap = s.getSnapshot();
  s.addInequality(row({-2, 0})); // x <= 0
  EXPECT_TRUE(s.isEmpty());
  s.rollback(snap);
  EXPECT_FALSE(s.isEmpty());
  EXPECT_EQ(s.computeVarOptimum(0).value, Fraction(1, 2));
  EXPECT_EQ(s.computeVarOptimum(0, true).kind, OptimumKind::Unbounded);
}

TEST(Simplex, IntegralSampleOnlyWhenEveryCoordinateIsAnInteger) {
  // x >= 3, y >= x: the sample (3, 3) is integral.
  Simplex s(2);
  s.addInequality(row({1, 0, -3}));
  s.addInequality(row({-1, 1, 0}));
  std::optional<std::vector<Int>> p = s.integralSample();
  ASSERT_TRUE(p);
  EXPECT_EQ(*p, row({3, 3}));
  // 2x >= 1 moves the sample to x = 1/2: no integral sample.
  Simplex half(1);
  half.addInequality(row({2, -1}));
  EXPECT_FALSE(half.integralSample());
  // x <= 0 as well: empty, no sample.
  half.addInequality(row({-2, 0}));
  ASSERT_TRUE(half.isEmpty());
  EXPECT_FALSE(half.integralSample());
}

TEST(Simplex, Redundancy) {
  Simplex s(2);
  s.addInequality(row({1, 0, 0}));   // x >= 0
  s.addInequality(row({1, 0, 1}));   // x >= -1 (redundant)
  s.addInequality(row({0, 1, 0}));   // y >= 0
  s.addInequality(row({-1, -1, 3})); // x + y <= 3
  s.addInequality(row({-1, 0, 5}));  // x <= 5 (redundant)
  s.addInequality(row({1, 0, 0}));   // x >= 0 again (duplicate)
  s.detectRedundant();
  std::vector<bool> red;
  for (unsigned i = 0; i < 6; ++i)
    red.push_back(s.isMarkedRedundant(i));
  EXPECT_EQ(red, (std::vector<bool>{true, true, false, false, true, false}));
  EXPECT_TRUE(s.isRedundantInequality(row({-1, 0, 3})));
  EXPECT_FALSE(s.isRedundantInequality(row({-1, 0, 2})));
}

TEST(Simplex, ImplicitEquality) {
  Simplex s(2);
  s.addInequality(row({1, 1, -2}));  // x + y >= 2
  s.addInequality(row({-1, -1, 2})); // x + y <= 2
  s.addInequality(row({1, 0, 0}));   // x >= 0
  EXPECT_TRUE(s.isImplicitEquality(0));
  EXPECT_TRUE(s.isImplicitEquality(1));
  EXPECT_FALSE(s.isImplicitEquality(2));
}

TEST(LinearAlgebra, IntegerEqualities) {
  // 2x + 4y = 6 has integer solutions x = 3 - 2t, y = t.
  Matrix eqs(1, 3);
  eqs.at(0, 0) = Int(2);
  eqs.at(0, 1) = Int(4);
  eqs.at(0, 2) = Int(-6);
  auto lat = solveIntegerEqualities(eqs);
  ASSERT_TRUE(lat);
  EXPECT_EQ(lat->basis.numColumns(), 1u);
  Int x = lat->origin[0], y = lat->origin[1];
  EXPECT_EQ(Int(2) * x + Int(4) * y, Int(6));
  // 2x + 2y = 1 has none.
  eqs.at(0, 1) = Int(2);
  eqs.at(0, 2) = Int(-1);
  EXPECT_FALSE(solveIntegerEqualities(eqs));
}

TEST(IntegerSampling, ParityAndLattices) {
  // { [x, y] : 2x + 2y = 1 } is rationally non-empty, integrally empty.
  BasicRelation par = setOf(2, {row({2, 2, -1})}, {});
  EXPECT_FALSE(par.isRationallyEmpty());
  EXPECT_TRUE(par.isEmpty());
  // Thin unbounded strip 1 <= 3x - 3y <= 2.
  BasicRelation strip = setOf(2, {}, {row({3, -3, -1}), row({-3, 3, 2})});
  EXPECT_TRUE(strip.isEmpty());
  // Thin strip without a gcd: 1 <= 3x - 5y <= 2 has points.
  BasicRelation strip2 = setOf(2, {}, {row({3, -5, -1}), row({-3, 5, 2})});
  auto p = strip2.findIntegerSample();
  ASSERT_TRUE(p);
  EXPECT_TRUE(strip2.containsPoint(*p));
  // x = 3a + 1, x = 3b + 2 (x mod 3 = 1 and (x + 1) mod 3 = 0): empty.
  BasicRelation m = setOf(3, {row({1, -3, 0, -1}), row({1, 0, -3, -2})}, {});
  EXPECT_TRUE(m.isEmpty());
  // A thin rotated bounded triangle with no integer point:
  // 4x >= 2y + 1, 4x <= 2y + 2 ... : 2 <= 4x - 2y <= 3 needs 4x - 2y even = 2.
  BasicRelation t = setOf(
      2, {},
      {row({4, -2, -3}), row({-4, 2, 3}), row({0, 1, 0}), row({0, -1, 100})});
  EXPECT_TRUE(t.isEmpty());
}

TEST(IntegerSampling, UnboundedWithPoints) {
  // { [n, i] : 0 <= i < n } : unbounded in n, has points.
  BasicRelation b = setOf(2, {}, {row({0, 1, 0}), row({1, -1, -1})});
  auto p = b.findIntegerSample();
  ASSERT_TRUE(p);
  EXPECT_TRUE(b.containsPoint(*p));
  // 2x = 3y + 1 with x >= 10^6 (unbounded line of integer points).
  BasicRelation l = setOf(2, {row({2, -3, -1})}, {row({1, 0, -1000000})});
  auto q = l.findIntegerSample();
  ASSERT_TRUE(q);
  EXPECT_TRUE(l.containsPoint(*q));
  // A cone with a bounded part: 0 <= x <= 1, y - 2x >= 1/3 scaled: 3y >= 6x
  // + 1.
  BasicRelation c =
      setOf(2, {}, {row({1, 0, 0}), row({-1, 0, 1}), row({-6, 3, -1})});
  auto r = c.findIntegerSample();
  ASSERT_TRUE(r);
  EXPECT_TRUE(c.containsPoint(*r));
}

TEST(IntegerSampling, CoefficientsBeyondInt64) {
  // x = 2^70 exactly, y = x + 1.
  Int big = Int(1);
  for (int i = 0; i < 70; ++i)
    big *= Int(2);
  BasicRelation b(Space::set({}, Tuple(2)));
  b.addEquality(std::vector<Int>{Int(1), Int(0), -big});
  b.addEquality(std::vector<Int>{Int(-1), Int(1), Int(-1)});
  auto p = b.findIntegerSample();
  ASSERT_TRUE(p);
  EXPECT_EQ((*p)[0], big);
  EXPECT_EQ((*p)[1], big + Int(1));
  // 2^70 x = 2^70 + 1 has no integer solution.
  BasicRelation e(Space::set({}, Tuple(1)));
  e.addEquality(std::vector<Int>{big, -(big + Int(1))});
  EXPECT_TRUE(e.isEmpty());
  // 3 <= 2^65 x <= 2^65 + 2: only x = 1.
  Int b65 = Int(1);
  for (int i = 0; i < 65; ++i)
    b65 *= Int(2);
  BasicRelation f(Space::set({}, Tuple(1)));
  f.addInequality(std::vector<Int>{b65, Int(-3)});
  f.addInequality(std::vector<Int>{-b65, b65 + Int(2)});
  auto s = f.findIntegerSample();
  ASSERT_TRUE(s);
  EXPECT_EQ((*s)[0], Int(1));
}

TEST(Simplification, EqualitiesAndRedundancy) {
  // x + y >= 2, x + y <= 2, x >= 0, x >= -3, y >= 0: x + y = 2 is implicit,
  // x >= -3 is redundant.
  BasicRelation b = setOf(2, {},
                          {row({1, 1, -2}), row({-1, -1, 2}), row({1, 0, 0}),
                           row({1, 0, 3}), row({0, 1, 0})});
  ASSERT_TRUE(b.simplify());
  EXPECT_EQ(b.numEqualities(), 1u);
  EXPECT_EQ(b.numInequalities(), 2u);
  // Dependent equalities: x = 1, y = 2, x + y = 3.
  BasicRelation e =
      setOf(2, {row({1, 0, -1}), row({0, 1, -2}), row({1, 1, -3})}, {});
  ASSERT_TRUE(e.simplify());
  EXPECT_EQ(e.numEqualities(), 2u);
  // 2x >= 1 and 2x <= 1 has no integer point: found empty.
  BasicRelation h = setOf(1, {}, {row({2, -1}), row({-2, 1})});
  EXPECT_FALSE(h.simplify());
}

TEST(Simplification, BoxesKeepOneBoundPerSide) {
  // x >= 0, x >= 2, 2x <= 13, y <= 5: x in [2, 6] (two rows), y <= 5.
  BasicRelation b = setOf(
      2, {},
      {row({1, 0, 0}), row({1, 0, -2}), row({-2, 0, 13}), row({0, -1, 5})});
  ASSERT_TRUE(b.simplify());
  EXPECT_EQ(b.numEqualities(), 0u);
  EXPECT_EQ(b.numInequalities(), 3u);
  EXPECT_TRUE(b.containsPoint(std::vector<Int>{Int(2), Int(-7)}));
  EXPECT_TRUE(b.containsPoint(std::vector<Int>{Int(6), Int(5)}));
  EXPECT_FALSE(b.containsPoint(std::vector<Int>{Int(7), Int(5)}));
  EXPECT_FALSE(b.containsPoint(std::vector<Int>{Int(1), Int(0)}));
  // 3 <= x <= 3: an equality.
  BasicRelation p =
      setOf(2, {}, {row({1, 0, -3}), row({-1, 0, 3}), row({0, 1, 0})});
  ASSERT_TRUE(p.simplify());
  EXPECT_EQ(p.numEqualities(), 1u);
  EXPECT_EQ(p.numInequalities(), 1u);
  // 4 <= x <= 3: empty.
  BasicRelation e = setOf(1, {}, {row({1, -4}), row({-1, 3})});
  EXPECT_FALSE(e.simplify());
}
