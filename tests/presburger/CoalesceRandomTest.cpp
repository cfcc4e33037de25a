// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Coalescing random unions of 2-4 small basic sets (boxes, boxes split
// along an axis or by a hyperplane, strides, triangles, dependence-like
// pieces whose last dimension is another plus a constant): the result must
// have the same points (checked by isEqual and by enumeration in a box
// around the sets) and never more disjuncts than the input.
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>

using namespace presburger;

namespace {
constexpr int kLo = -6, kHi = 12;

struct Gen {
  std::mt19937 rng;
  unsigned dims;
  explicit Gen(unsigned seed) : rng(seed), dims(1) {}

  int rnd(int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); }

  Space space() const { return Space::set({}, Tuple(dims)); }

  std::vector<Int> row() { return std::vector<Int>(dims + 1); }

  BasicRelation box() {
    BasicRelation b(space());
    for (unsigned i = 0; i < dims; ++i) {
      int lo = rnd(-3, 3), hi = lo + rnd(0, 6);
      std::vector<Int> l = row(), h = row();
      l[i] = Int(1);
      l.back() = Int(-lo);
      h[i] = Int(-1);
      h.back() = Int(hi);
      b.addInequality(l);
      b.addInequality(h);
    }
    return b;
  }

  /// A random constraint over the dimensions (coefficients in [-2, 2]).
  std::vector<Int> hyperplane(unsigned cols) {
    std::vector<Int> r(cols);
    for (unsigned i = 0; i < dims; ++i)
      r[i] = Int(rnd(-2, 2));
    r.back() = Int(rnd(-4, 4));
    return r;
  }

  static std::vector<Int> opposite(const std::vector<Int> &r) {
    std::vector<Int> n(r.size());
    for (size_t i = 0; i < r.size(); ++i)
      n[i] = -r[i];
    n.back() -= Int(1);
    return n;
  }

  Relation generate() {
    dims = unsigned(rnd(1, 3));
    unsigned n = unsigned(rnd(2, 4));
    std::vector<BasicRelation> parts;
    switch (rng() % 5) {
    case 0:   // A box split along axes.
    case 1: { // A box split by hyperplanes (triangles and complements).
      bool axes = rng() % 2 == 0;
      parts.push_back(box());
      while (parts.size() < n) {
        size_t k = rng() % parts.size();
        std::vector<Int> cut;
        if (axes) {
          cut = row();
          unsigned ax = rng() % dims;
          cut[ax] = Int(-1);
          cut.back() = Int(rnd(-3, 6));
        } else {
          cut = hyperplane(dims + 1);
        }
        BasicRelation a = parts[k], b = parts[k];
        a.addInequality(cut);
        b.addInequality(opposite(cut));
        parts[k] = a;
        parts.push_back(b);
      }
      break;
    }
    case 2: { // Strided boxes.
      for (unsigned k = 0; k < n; ++k) {
        BasicRelation b = box();
        if (rng() % 3 != 0) {
          b.insertVars(VarKind::Local, 0, 1);
          std::vector<Int> eq(dims + 2);
          eq[rng() % dims] = Int(1);
          int m = rnd(2, 4);
          eq[dims] = Int(-m);
          eq.back() = Int(-rnd(0, m - 1));
          b.addEquality(eq);
        }
        parts.push_back(b);
      }
      break;
    }
    case 3: { // Unit difference systems with equalities: the last
              // dimension is the first plus a small distance, or a
              // constant (dependences at distance 0, 1, 2).
      if (dims == 1)
        dims = 2;
      for (unsigned k = 0; k < n; ++k) {
        BasicRelation b = box();
        std::vector<Int> eq = row();
        eq[dims - 1] = Int(1);
        if (rng() % 4 != 0)
          eq[0] = Int(-1);
        eq.back() = Int(-rnd(-1, 2));
        b.addEquality(eq);
        parts.push_back(b);
      }
      break;
    }
    default: { // Small boxes with an extra constraint or equality.
      for (unsigned k = 0; k < n; ++k) {
        BasicRelation b = box();
        if (rng() % 2)
          b.addInequality(hyperplane(dims + 1));
        if (rng() % 5 == 0)
          b.addEquality(hyperplane(dims + 1));
        parts.push_back(b);
      }
      break;
    }
    }
    std::shuffle(parts.begin(), parts.end(), rng);
    Relation r(space());
    for (BasicRelation &b : parts)
      r.addDisjunct(b);
    return r;
  }
};

void forEachPoint(unsigned dims, const std::function<void(const Point &)> &f) {
  Point p(dims, Int(kLo));
  while (true) {
    f(p);
    unsigned i = 0;
    while (i < dims && p[i] == Int(kHi)) {
      p[i] = Int(kLo);
      ++i;
    }
    if (i == dims)
      return;
    p[i] += Int(1);
  }
}
} // namespace

TEST(CoalesceRandom, SamePointsNeverMoreDisjuncts) {
  Gen gen(20261129);
  unsigned fused = 0;
  for (int iter = 0; iter < 300; ++iter) {
    Relation in = gen.generate();
    Relation out = in.coalesce();
    ASSERT_LE(out.numDisjuncts(), in.numDisjuncts()) << in.toString();
    ASSERT_TRUE(out.isEqual(in)) << "iteration " << iter << "\nin  "
                                 << in.toString() << "\nout " << out.toString();
    if (gen.dims <= 2)
      forEachPoint(gen.dims, [&](const Point &p) {
        ASSERT_EQ(out.containsPoint(p), in.containsPoint(p))
            << "iteration " << iter << "\nin  " << in.toString() << "\nout "
            << out.toString();
      });
    if (out.numDisjuncts() < in.numDisjuncts())
      ++fused;
    // Coalescing is idempotent in the number of disjuncts.
    ASSERT_EQ(out.coalesce().numDisjuncts(), out.numDisjuncts())
        << out.toString();
  }
  // The generator splits boxes most of the time: many inputs must fuse.
  EXPECT_GT(fused, 100u);
}
