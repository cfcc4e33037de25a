//===- DoubleDescriptionTest.cpp - Generators of polyhedral cones ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// coneGenerators (solve/DoubleDescription.h) on cones whose generators are
// known by hand, and on random cones checked point by point: an integer
// point satisfies the rows exactly when it is a combination of the lines
// and a non-negative combination of the rays (decided by a simplex), and
// every ray is extreme (the rows tight on it leave one direction).
//
//===----------------------------------------------------------------------===//
#include "solve/DoubleDescription.h"

#include "presburger/LinearAlgebra.h"
#include "presburger/Simplex.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace presburger;
using presburger::testing::nextPointInBox;
using presburger::testing::rowsOf;
using presburger::testing::sortedRows;

namespace {

/// Whether x is a combination of the lines plus a non-negative combination
/// of the rays: one feasibility problem over the coefficients.
bool inGeneratedCone(const ConeGenerators &g, const std::vector<Int> &x) {
  unsigned nl = g.lines.numRows(), nr = g.rays.numRows();
  unsigned d = unsigned(x.size());
  Simplex s(nl + nr);
  std::vector<Int> row(nl + nr + 1);
  for (unsigned c = 0; c < d; ++c) {
    for (unsigned l = 0; l < nl; ++l)
      row[l] = g.lines.at(l, c);
    for (unsigned r = 0; r < nr; ++r)
      row[nl + r] = g.rays.at(r, c);
    row.back() = -x[c];
    s.addEquality(row);
  }
  for (unsigned r = 0; r < nr; ++r) {
    std::fill(row.begin(), row.end(), Int(0));
    row[nl + r] = Int(1);
    s.addInequality(row);
  }
  return !s.isEmpty();
}

} // namespace

TEST(DoubleDescription, CubeHasItsEightVertices) {
  // The homogenized unit cube over [x y z | t]: 0 <= x, y, z <= t.
  Matrix rows = rowsOf({{0, 0, 0, 1},
                        {1, 0, 0, 0},
                        {-1, 0, 0, 1},
                        {0, 1, 0, 0},
                        {0, -1, 0, 1},
                        {0, 0, 1, 0},
                        {0, 0, -1, 1}},
                       4);
  std::optional<ConeGenerators> g = coneGenerators(rows, 100);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->lines.numRows(), 0u);
  std::vector<std::vector<Int>> expected;
  for (int x = 0; x < 2; ++x)
    for (int y = 0; y < 2; ++y)
      for (int z = 0; z < 2; ++z)
        expected.push_back({Int(x), Int(y), Int(z), Int(1)});
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(sortedRows(g->rays), expected);
}

TEST(DoubleDescription, HalfPlaneHasALineAndARay) {
  std::optional<ConeGenerators> g = coneGenerators(rowsOf({{1, 1}}, 2), 100);
  ASSERT_TRUE(g);
  ASSERT_EQ(g->lines.numRows(), 1u);
  ASSERT_EQ(g->rays.numRows(), 1u);
  // The line lies on x + y = 0, the ray strictly inside.
  EXPECT_EQ(g->lines.at(0, 0) + g->lines.at(0, 1), Int(0));
  EXPECT_TRUE((g->rays.at(0, 0) + g->rays.at(0, 1)).isPositive());
}

TEST(DoubleDescription, WholeSpaceAndOrigin) {
  std::optional<ConeGenerators> all = coneGenerators(Matrix(0, 3), 100);
  ASSERT_TRUE(all);
  EXPECT_EQ(all->lines.numRows(), 3u);
  EXPECT_EQ(all->rays.numRows(), 0u);
  // x >= 0 and -x >= 0 in one dimension: the origin alone.
  std::optional<ConeGenerators> origin =
      coneGenerators(rowsOf({{1}, {-1}}, 1), 100);
  ASSERT_TRUE(origin);
  EXPECT_EQ(origin->lines.numRows() + origin->rays.numRows(), 0u);
}

TEST(DoubleDescription, RayLimitGivesUp) {
  // The homogenized 6-cube has 64 vertices: more than 20 rays.
  Matrix rows(0, 7);
  std::vector<Int> t(7);
  t[6] = Int(1);
  rows.appendRow(t);
  for (unsigned i = 0; i < 6; ++i) {
    std::vector<Int> lo(7), hi(7);
    lo[i] = Int(1);
    hi[i] = Int(-1);
    hi[6] = Int(1);
    rows.appendRow(lo);
    rows.appendRow(hi);
  }
  EXPECT_FALSE(coneGenerators(rows, 20));
  std::optional<ConeGenerators> g = coneGenerators(rows, 100);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->rays.numRows(), 64u);
}

TEST(DoubleDescription, RandomConesPointByPoint) {
  std::mt19937 rng(5);
  auto rnd = [&](int lo, int hi) {
    return lo + int(rng() % unsigned(hi - lo + 1));
  };
  for (int trial = 0; trial < 300; ++trial) {
    // Small coefficients make degenerate cones (rays on more facets than
    // the dimension), where only the combinatorial test tells adjacent
    // rays apart.
    unsigned d = unsigned(rnd(1, 5)), m = unsigned(rnd(0, 9));
    int c = trial % 2 ? 1 : 3;
    Matrix rows(0, d);
    for (unsigned k = 0; k < m; ++k) {
      std::vector<Int> row(d);
      for (Int &v : row)
        v = Int(rnd(-c, c));
      rows.appendRow(row);
    }
    SCOPED_TRACE(rows.toString());
    std::optional<ConeGenerators> g = coneGenerators(rows, 1000);
    ASSERT_TRUE(g);
    // Every generator lies in the cone; each ray is extreme: the rows tight
    // on it and the lines span all but one direction.
    for (unsigned r = 0; r < g->rays.numRows(); ++r) {
      Matrix tight(0, d);
      for (unsigned k = 0; k < m; ++k) {
        Int v(0);
        for (unsigned c = 0; c < d; ++c)
          v += rows.at(k, c) * g->rays.at(r, c);
        ASSERT_FALSE(v.isNegative());
        if (v.isZero())
          tight.appendRow(rows.row(k));
      }
      unsigned rank = tight.numRows() ? columnEchelon(tight).rank : 0;
      EXPECT_EQ(rank + g->lines.numRows(), d - 1);
    }
    for (unsigned l = 0; l < g->lines.numRows(); ++l)
      for (unsigned k = 0; k < m; ++k) {
        Int v(0);
        for (unsigned c = 0; c < d; ++c)
          v += rows.at(k, c) * g->lines.at(l, c);
        ASSERT_TRUE(v.isZero());
      }
    // Membership agrees on the points of a small box.
    if (d > 4)
      continue;
    std::vector<int> x(d, -2);
    while (true) {
      std::vector<Int> point(x.begin(), x.end());
      bool inRows = true;
      for (unsigned k = 0; k < m && inRows; ++k) {
        Int v(0);
        for (unsigned c = 0; c < d; ++c)
          v += rows.at(k, c) * point[c];
        inRows = !v.isNegative();
      }
      ASSERT_EQ(inGeneratedCone(*g, point), inRows);
      if (!nextPointInBox(x, -2, 2))
        break;
    }
  }
}
