// Integer emptiness and sampling checked against brute-force enumeration on
// random small systems.
#include "presburger/BasicRelation.h"

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
