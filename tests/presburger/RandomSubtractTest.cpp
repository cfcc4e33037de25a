// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Subtraction checked against enumeration on random sets whose subtrahend
// has existentially quantified variables without a division form (which
// needs compute_divs).
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <random>

using namespace presburger;

namespace {
constexpr int kLo = -5, kHi = 5;

BasicRelation randomSet(std::mt19937 &rng, bool withExistential) {
  BasicRelation b(Space::set({}, Tuple(2)));
  unsigned z = 0;
  if (withExistential)
    z = b.addLocal() + 1;
  unsigned nc = b.numCols();
  for (unsigned c = 0; c < 2 + (z ? 1 : 0); ++c) {
    std::vector<Int> lo(nc), hi(nc);
    lo[c] = Int(1);
    lo.back() = Int(-kLo);
    hi[c] = Int(-1);
    hi.back() = Int(kHi);
    b.addInequality(lo);
    b.addInequality(hi);
  }
  unsigned m = 1 + rng() % 3;
  for (unsigned k = 0; k < m; ++k) {
    std::vector<Int> row(nc);
    for (unsigned c = 0; c < nc; ++c)
      row[c] = Int(int64_t(rng() % 7) - 3);
    if (rng() % 4 == 0)
      b.addEquality(row);
    else
      b.addInequality(row);
  }
  return b;
}
} // namespace

TEST(Subtract, RandomWithExistentialsAgainstEnumeration) {
  std::mt19937 rng(99);
  for (int iter = 0; iter < 200; ++iter) {
    Relation s(randomSet(rng, rng() % 2 == 0));
    Relation t(randomSet(rng, true));
    Relation d = s.subtract(t);
    for (int x = kLo - 1; x <= kHi + 1; ++x)
      for (int y = kLo - 1; y <= kHi + 1; ++y) {
        Point p{Int(x), Int(y)};
        bool expected = s.containsPoint(p) && !t.containsPoint(p);
        ASSERT_EQ(d.containsPoint(p), expected)
            << "iteration " << iter << " at (" << x << "," << y
            << ")\nS = " << s.toString() << "\nT = " << t.toString()
            << "\nS - T = " << d.toString();
      }
  }
}
