// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Integer emptiness and sampling checked against brute-force enumeration on
// random small systems.
#include "presburger/BasicRelation.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <random>

using namespace presburger;

namespace {
bool bruteForceHasPoint(const BasicRelation &b, int lo, int hi) {
  unsigned n = b.numVars();
  std::vector<Int> p(n, Int(lo));
  while (true) {
    if (b.containsPoint(p))
      return true;
    unsigned i = 0;
    for (; i < n; ++i) {
      if (p[i] < Int(hi)) {
        p[i] += Int(1);
        break;
      }
      p[i] = Int(lo);
    }
    if (i == n)
      return false;
  }
}
} // namespace

TEST(IntegerSampling, RandomBoundedAgainstEnumeration) {
  std::mt19937 rng(12345);
  for (int iter = 0; iter < 1500; ++iter) {
    unsigned n = 1 + rng() % 3;
    BasicRelation b(Space::set({}, Tuple(n)));
    // Box [-4, 4]^n keeps enumeration exact.
    for (unsigned d = 0; d < n; ++d) {
      std::vector<Int> lo(n + 1), hi(n + 1);
      lo[d] = Int(1);
      lo[n] = Int(4);
      hi[d] = Int(-1);
      hi[n] = Int(4);
      b.addInequality(lo);
      b.addInequality(hi);
    }
    unsigned m = rng() % 4;
    for (unsigned k = 0; k < m; ++k) {
      std::vector<Int> row(n + 1);
      for (unsigned c = 0; c <= n; ++c)
        row[c] = Int(int64_t(rng() % 9) - 4);
      if (rng() % 4 == 0)
        b.addEquality(row);
      else
        b.addInequality(row);
    }
    bool expected = bruteForceHasPoint(b, -4, 4);
    auto sample = b.findIntegerSample();
    ASSERT_EQ(sample.has_value(), expected) << "seed iteration " << iter << "\n"
                                            << b.toString();
    if (sample) {
      ASSERT_TRUE(b.containsPoint(*sample)) << b.toString();
    }
  }
}

TEST(IntegerSampling, RandomUnboundedSamplesAreValid) {
  std::mt19937 rng(777);
  for (int iter = 0; iter < 1500; ++iter) {
    unsigned n = 1 + rng() % 3;
    BasicRelation b(Space::set({}, Tuple(n)));
    unsigned m = 1 + rng() % 4;
    for (unsigned k = 0; k < m; ++k) {
      std::vector<Int> row(n + 1);
      for (unsigned c = 0; c <= n; ++c)
        row[c] = Int(int64_t(rng() % 11) - 5);
      if (rng() % 5 == 0)
        b.addEquality(row);
      else
        b.addInequality(row);
    }
    auto sample = b.findIntegerSample();
    if (sample) {
      ASSERT_TRUE(b.containsPoint(*sample)) << b.toString();
    } else {
      // No point may exist in a generous box either.
      ASSERT_FALSE(bruteForceHasPoint(b, -6, 6)) << b.toString();
    }
  }
}

TEST(IntegerSampling, RowsTightenOnTheLatticeOfTheEqualities) {
  // { [i, a, b] : i = 4a, -i - 4b - 1 >= 0, i + 4b + 3 >= 0, 0 <= i <= 4000 }:
  // with i = 4a the rows read a + b <= -1 and a + b >= 0. Rationally there
  // is a thousand-wide slab of points (a + b = -1/2); over the lattice the
  // relaxation is empty at once.
  BasicRelation b(Space::set({}, Tuple(3)));
  b.addEquality(std::vector<Int>{1, -4, 0, 0});
  b.addInequality(std::vector<Int>{-1, 0, -4, -1});
  b.addInequality(std::vector<Int>{1, 0, 4, 3});
  b.addInequality(std::vector<Int>{1, 0, 0, 0});
  b.addInequality(std::vector<Int>{-1, 0, 0, 4000});
  EXPECT_TRUE(b.isEmpty());
  EXPECT_FALSE(b.findIntegerSample().has_value());
  // Without the - 1: a + b = 0 has points.
  BasicRelation c(Space::set({}, Tuple(3)));
  c.addEquality(std::vector<Int>{1, -4, 0, 0});
  c.addInequality(std::vector<Int>{-1, 0, -4, 0});
  c.addInequality(std::vector<Int>{1, 0, 4, 3});
  c.addInequality(std::vector<Int>{1, 0, 0, 0});
  c.addInequality(std::vector<Int>{-1, 0, 0, 4000});
  std::optional<std::vector<Int>> p = c.findIntegerSample();
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(c.containsPoint(*p));
}

TEST(IntegerSampling, CheapWitnessAndFallback) {
  // x0 + x1 <= 15 on [0, 10)^2: the corner (0, 0) is a witness.
  BasicRelation coupled(Space::set({}, Tuple(2)));
  coupled.addInequality(std::vector<Int>{1, 0, 0});
  coupled.addInequality(std::vector<Int>{-1, 0, 9});
  coupled.addInequality(std::vector<Int>{0, 1, 0});
  coupled.addInequality(std::vector<Int>{0, -1, 9});
  coupled.addInequality(std::vector<Int>{-1, -1, 15});
  EXPECT_FALSE(coupled.isEmpty());
  // x >= 0, y <= 0, x + y >= 5, 2x <= 3y + 30: the corner (0, 0) is
  // outside, (5, 0) inside; the sampler decides.
  BasicRelation away(Space::set({}, Tuple(2)));
  away.addInequality(std::vector<Int>{1, 0, 0});
  away.addInequality(std::vector<Int>{0, -1, 0});
  away.addInequality(std::vector<Int>{1, 1, -5});
  away.addInequality(std::vector<Int>{-2, 3, 30});
  EXPECT_FALSE(away.isEmpty());
  // The same with x + y >= 16 and x <= 15: empty (y <= 0).
  BasicRelation none(Space::set({}, Tuple(2)));
  none.addInequality(std::vector<Int>{1, 0, 0});
  none.addInequality(std::vector<Int>{-1, 0, 15});
  none.addInequality(std::vector<Int>{0, -1, 0});
  none.addInequality(std::vector<Int>{1, 1, -16});
  none.addInequality(std::vector<Int>{-2, 3, 30});
  EXPECT_TRUE(none.isEmpty());
}

TEST(IntegerSampling, CheapWitnessCentreAndEqualities) {
  // Non-empty sets whose witness is the centre or comes from solving an
  // equality, and empty ones where the candidates must all fail.
  auto empty = [](const char *text) {
    // (The parser itself finds some of the empty ones empty.)
    Relation r = parseRelation(text);
    return r.numDisjuncts() == 0 || r.disjuncts()[0].isEmpty();
  };
  // A diamond around the origin: its lower corner (-5, -5) is outside,
  // its centre (0, 0) inside.
  EXPECT_FALSE(empty("{ [x, y] : -5 <= x <= 5 and -5 <= y <= 5 and "
                     "-5 <= x + y <= 5 and -5 <= x - y <= 5 }"));
  // x0 = 2^40 x1 + 1: x1 = 0 gives x0 = 1.
  EXPECT_FALSE(empty("{ [x0, x1, x2] : x0 = 1099511627776x1 + 1 and "
                     "0 <= x1 <= 20 and 0 <= x2 <= 10 and "
                     "1099511627776x2 - x0 <= 1099511627776 and "
                     "x0 + x2 >= 0 }"));
  // A chain of pivots: z = y + 1, y = x + 2 with x >= 3.
  EXPECT_FALSE(empty("{ [x, y, z] : z = y + 1 and y = x + 2 and x >= 3 and "
                     "z <= 100 }"));
  // Equalities without a free unit variable: the sampler decides.
  EXPECT_FALSE(empty("{ [x, y] : 2x = 3y and 1 <= x <= 10 and "
                     "0 <= y <= 10 }"));
  EXPECT_TRUE(empty("{ [x, y] : 2x = 3y and 1 <= x <= 2 and 0 <= y <= 10 }"));
  // Empty, whatever the candidates.
  EXPECT_TRUE(empty("{ [x, y] : x + y = 1 and x >= 0 and y >= 0 and "
                    "x - y >= 2 }"));
  EXPECT_TRUE(empty("{ [x, y] : -5 <= x <= 5 and -5 <= y <= 5 and "
                    "x + y >= 11 }"));
  // Full tiles: the lower corner (n = 0) is pushed up to n = 32.
  EXPECT_FALSE(
      empty("[n] -> { [i] : 0 <= i < n and 32*floor(i/32) + 32 <= n }"));
  EXPECT_FALSE(
      empty("[n] -> { [i, j] : 0 <= i < n and 0 <= j < n and "
            "32*floor(i/32) + 32 <= n and 32*floor(j/32) + 32 <= n }"));
  // A box cut by a lower bound on a combination: the lower corner, the
  // pushed-up corner (f = 60000 > 511) and the centre fail; the upper
  // corner (127, 511) is inside, as cheapWitness returns it.
  Relation cut = parseRelation("{ S[p, f] : 0 <= p < 128 and 0 <= f < 512 "
                               "and 512p + f >= 60000 }");
  ASSERT_EQ(cut.numDisjuncts(), 1u);
  std::optional<std::vector<Int>> corner = cut.disjuncts()[0].cheapWitness();
  ASSERT_TRUE(corner.has_value());
  EXPECT_EQ(*corner, (std::vector<Int>{Int(127), Int(511)}));
  // A pivot raised through its equality: n = 32m is the pivot n; the row
  // n >= i + 1 raises m to 1 (n = 32), then i >= n - 31 raises i to 1.
  Relation tile = parseRelation("[n] -> { S[i] : 0 <= i < n and "
                                "32*floor(i/32) + 32 <= n and i >= n - 31 and "
                                "n mod 32 = 0 }");
  ASSERT_EQ(tile.numDisjuncts(), 1u);
  std::optional<std::vector<Int>> tilePoint =
      tile.disjuncts()[0].cheapWitness();
  ASSERT_TRUE(tilePoint.has_value());
  EXPECT_TRUE(tile.disjuncts()[0].containsPoint(*tilePoint));
  EXPECT_EQ((*tilePoint)[0], Int(32)); // n
  EXPECT_FALSE(tile.isEmpty());
  // The same with n <= 31: pushing up breaks n <= 31; empty.
  EXPECT_TRUE(empty("[n] -> { [i] : 0 <= i < n and 32*floor(i/32) + 32 <= n "
                    "and n <= 31 }"));
  // x = 4y + 2 on 0 <= x <= 1: the pivot x gets 2, outside; empty.
  BasicRelation lattice(Space::set({}, Tuple(2)));
  lattice.addEquality(std::vector<Int>{1, -4, -2});
  lattice.addInequality(std::vector<Int>{1, 0, 0});
  lattice.addInequality(std::vector<Int>{-1, 0, 1});
  EXPECT_TRUE(lattice.isEmpty());
}
