//===- ContainedDisjunctsTest.cpp - Copies and contained disjuncts dropped ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Unions, compositions, intersections and projections drop the disjuncts
// that are copies of another or syntactically inside another
// (Relation::removeContainedDisjuncts). Each test checks the points (against
// the same set written by hand) and the number of disjuncts left.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <vector>

using namespace presburger;
using presburger::testing::expectSame;

namespace {

unsigned disjuncts(const UnionRelation &u) {
  unsigned n = 0;
  for (const Relation &r : u.pieces())
    n += r.numDisjuncts();
  return n;
}

Relation set(const char *text) { return parseRelation(text); }

} // namespace

TEST(ContainedDisjuncts, ImageOfTwoPiecesOneInsideTheOther) {
  // { A[i] -> M[i]; B[i] -> M[i] } applied to A = [0, 15], B = [6, 7]:
  // the image of B is inside the image of A.
  UnionRelation s = parseUnion("{ A[i] : 0 <= i <= 15; B[i] : 6 <= i <= 7 }");
  UnionRelation m = parseUnion("{ A[i] -> M[i]; B[i] -> M[i] }");
  UnionRelation image = s.apply(m);
  expectSame(image, "{ M[i] : 0 <= i <= 15 }");
  EXPECT_EQ(disjuncts(image), 1u) << image.toString();
}

TEST(ContainedDisjuncts, UnionKeepsTheLargerOfNestedBoxes) {
  Relation u = set("{ [i, j] : 0 <= i <= 10 and 0 <= j <= 10 }")
                   .unite(set("{ [i, j] : 2 <= i <= 3 and j = 5 }"));
  expectSame(u, "{ [i, j] : 0 <= i <= 10 and 0 <= j <= 10 }");
  EXPECT_EQ(u.numDisjuncts(), 1u);
}

TEST(ContainedDisjuncts, CopiesWrittenInAnotherOrderAreOne) {
  Relation u = set("{ [i] : i >= 0 and i <= 9; [i] : i <= 9 and 0 <= i; "
                   "[i] : 0 <= i <= 9 }");
  expectSame(u, "{ [i] : 0 <= i <= 9 }");
  EXPECT_EQ(u.numDisjuncts(), 1u);
}

TEST(ContainedDisjuncts, OverlappingPiecesAreBothKept) {
  // Neither [0, 5] nor [3, 9] holds the other.
  Relation u = set("{ [i] : 0 <= i <= 5 }").unite(set("{ [i] : 3 <= i <= 9 }"));
  expectSame(u, "{ [i] : 0 <= i <= 9 }");
  EXPECT_EQ(u.numDisjuncts(), 2u);
}

TEST(ContainedDisjuncts, EqualityInsideABand) {
  // i = j with 0 <= i <= 4 lies in the band -1 <= i - j <= 1, 0 <= i <= 4.
  Relation u = set("{ [i, j] : i = j and 0 <= i <= 4 }")
                   .unite(set("{ [i, j] : -1 <= i - j <= 1 and 0 <= i <= 4 }"));
  expectSame(u, "{ [i, j] : -1 <= i - j <= 1 and 0 <= i <= 4 }");
  EXPECT_EQ(u.numDisjuncts(), 1u);
}

TEST(ContainedDisjuncts, ParametricBoundsCompareByConstant) {
  // i <= n - 2 implies i <= n.
  Relation u = set("[n] -> { [i] : 0 <= i <= n }")
                   .unite(set("[n] -> { [i] : 1 <= i <= n - 2 }"));
  expectSame(u, "[n] -> { [i] : 0 <= i <= n }");
  EXPECT_EQ(u.numDisjuncts(), 1u);
}

TEST(ContainedDisjuncts, SameDivisionsAreCompared) {
  // Even i in [0, 20] holds even i in [4, 8].
  Relation u = set("{ [i] : i mod 2 = 0 and 0 <= i <= 20 }")
                   .unite(set("{ [i] : i mod 2 = 0 and 4 <= i <= 8 }"));
  expectSame(u, "{ [i] : i mod 2 = 0 and 0 <= i <= 20 }");
  EXPECT_EQ(u.numDisjuncts(), 1u);
}

TEST(ContainedDisjuncts, DifferentDivisionsAreKept) {
  // Multiples of 3 in [4, 10] (6 and 9) are not all even: both stay.
  Relation u = set("{ [i] : i mod 2 = 0 and 0 <= i <= 20 }")
                   .unite(set("{ [i] : i mod 3 = 0 and 4 <= i <= 10 }"));
  expectSame(u, "{ [i] : (i mod 2 = 0 and 0 <= i <= 20) or i = 9 }");
  EXPECT_EQ(u.numDisjuncts(), 2u);
}

TEST(ContainedDisjuncts, IntersectionDropsPiecesInsideOthers) {
  // (A1 or A2) and B where A2 and B is inside A1 and B.
  Relation i = set("{ [i] : 0 <= i <= 10; [i] : 2 <= i <= 12 }")
                   .intersect(set("{ [i] : i <= 10 }"));
  expectSame(i, "{ [i] : 0 <= i <= 10 }");
  EXPECT_EQ(i.numDisjuncts(), 1u);
}

TEST(ContainedDisjuncts, ProjectionDropsShadowsInsideOthers) {
  // The shadows on i are [0, 9] and [2, 3].
  Relation r = set("{ [i, j] : 0 <= i <= 9 and j = 0; "
                   "[i, j] : 2 <= i <= 3 and j = 7 }");
  Relation p = r.projectOut(VarKind::Range, 1, 1);
  expectSame(p, "{ [i] : 0 <= i <= 9 }");
  EXPECT_EQ(p.numDisjuncts(), 1u);
}

TEST(ContainedDisjuncts, SubtractionFromCopiesSubtractsOnce) {
  Relation d = set("{ [i] : 0 <= i <= 9; [i] : 0 <= i <= 9 }")
                   .subtract(set("{ [i] : 3 <= i <= 5 }"));
  expectSame(d, "{ [i] : 0 <= i <= 2 or 6 <= i <= 9 }");
  EXPECT_EQ(d.numDisjuncts(), 2u);
}

TEST(ContainedDisjuncts, ManyDisjunctsAllDistinctAreKept) {
  // 300 unit squares on a diagonal, and the same with beside each square
  // its left edge (i = a, a <= j <= a + 1), inside it: the edges go, the
  // squares stay (600 disjuncts: the bucketed path above 128).
  std::string distinct = "{ ", nested = "{ ";
  for (int k = 0; k < 300; ++k) {
    std::string a = std::to_string(3 * k), b = std::to_string(3 * k + 1);
    std::string square =
        "[i, j] : " + a + " <= i <= " + b + " and " + a + " <= j <= " + b;
    distinct += (k ? "; " : "") + square;
    nested += (k ? "; " : "") + square + "; [i, j] : " + a + " <= i <= " + a +
              " and " + a + " <= j <= " + b;
  }
  Relation d = parseRelation(distinct + " }");
  Relation n = parseRelation(nested + " }");
  EXPECT_EQ(d.numDisjuncts(), 300u);
  EXPECT_EQ(n.numDisjuncts(), 300u);
  EXPECT_TRUE(n.isEqual(d));
}

TEST(ContainedDisjuncts, LargeLiteralOverSeveralSpacesReadsEveryDisjunct) {
  // 20000 distinct boxes in 8 named spaces, and the union of the literal
  // with itself: nothing may be lost, nothing doubled.
  std::string text = "{ ";
  for (int k = 0; k < 20000; ++k) {
    std::string lo = std::to_string(5 * k), hi = std::to_string(5 * k + 3);
    text += (k ? "; S" : "S") + std::to_string(k % 8) + "[i] : " + lo +
            " <= i <= " + hi;
  }
  UnionRelation u = parseUnion(text + " }");
  EXPECT_EQ(u.numPieces(), 8u);
  EXPECT_EQ(disjuncts(u), 20000u);
  EXPECT_EQ(disjuncts(u.unite(u)), 20000u);
}

TEST(ContainedDisjuncts, EqualityInsideAnEqualityWithWiderBounds) {
  // Both equalities read as two opposite inequalities: i = j (i.e. i - j
  // >= 0 and j - i >= 0) on [0, 4] lies in i = j on [0, 9]; i = j + 1 does
  // not, whatever its bounds.
  Relation u = set("{ [i, j] : i = j and 0 <= i <= 4 }")
                   .unite(set("{ [i, j] : i = j and 0 <= i <= 9 }"));
  expectSame(u, "{ [i, j] : i = j and 0 <= i <= 9 }");
  EXPECT_EQ(u.numDisjuncts(), 1u);
  Relation v = set("{ [i, j] : i = j + 1 and 0 <= i <= 4 }")
                   .unite(set("{ [i, j] : i = j and 0 <= i <= 9 }"));
  EXPECT_EQ(v.numDisjuncts(), 2u);
}

TEST(ContainedDisjuncts, RandomUnionsKeepTheirPoints) {
  // Unions of two to four random pieces over [-3, 3]^2 (bounds, a diagonal
  // inequality, sometimes an equality): the union keeps exactly the points
  // of its pieces, and never more disjuncts than it was given.
  std::mt19937 rng(2026);
  auto coefficient = [&] { return int(rng() % 3) - 1; };
  // "0 + i - j": the terms with unit coefficients -1, 0 or 1.
  auto terms = [](int a, int b) {
    std::string s = "0";
    s += a > 0 ? " + i" : a < 0 ? " - i" : "";
    s += b > 0 ? " + j" : b < 0 ? " - j" : "";
    return s;
  };
  auto piece = [&] {
    std::string text = "{ [i, j] : ";
    int lo = int(rng() % 5) - 3, hi = lo + int(rng() % 4);
    text += std::to_string(lo) + " <= i <= " + std::to_string(hi);
    text += " and -3 <= j <= 3";
    int a = coefficient(), b = coefficient(), c = int(rng() % 5) - 2;
    text += " and " + terms(a, b) + " >= " + std::to_string(c);
    if (rng() % 3 == 0)
      text += " and i = " + terms(0, coefficient()) + " + " +
              std::to_string(coefficient() + 1);
    return parseRelation(text + " }");
  };
  for (int trial = 0; trial < 300; ++trial) {
    unsigned n = 2 + unsigned(rng() % 3);
    std::vector<Relation> pieces;
    for (unsigned k = 0; k < n; ++k)
      pieces.push_back(piece());
    Relation u = pieces[0];
    for (unsigned k = 1; k < n; ++k)
      u = u.unite(pieces[k]);
    EXPECT_LE(u.numDisjuncts(), n);
    for (int i = -4; i <= 4; ++i)
      for (int j = -4; j <= 4; ++j) {
        Point p{Int(i), Int(j)};
        bool inSome = false;
        for (const Relation &r : pieces)
          inSome = inSome || r.containsPoint(p);
        ASSERT_EQ(u.containsPoint(p), inSome)
            << u.toString() << " at (" << i << ", " << j << ")";
      }
  }
}

TEST(ContainedDisjuncts, ManyBoxesSomeNestedAgainstEnumeration) {
  // 9 to 40 random boxes in [0, 12]^2, a third of them triangles (another
  // coefficient shape), unions of two such lists: the pair tests with the
  // boxes' constants compared directly must keep exactly the points, and
  // drop a box only when another one contains it.
  std::mt19937 rng(77);
  auto rnd = [&](int lo, int hi) {
    return lo + int(rng() % unsigned(hi - lo + 1));
  };
  auto piece = [&] {
    int a = rnd(0, 9), b = a + rnd(0, 3), c = rnd(0, 9), d = c + rnd(0, 3);
    std::string s = "[i, j] : " + std::to_string(a) +
                    " <= i <= " + std::to_string(b) + " and " +
                    std::to_string(c) + " <= j <= " + std::to_string(d);
    if (rnd(0, 2) == 0)
      s += " and i + j <= " + std::to_string(a + d);
    return s;
  };
  for (int trial = 0; trial < 40; ++trial) {
    std::string left = "{ ", right = "{ ";
    int nl = rnd(5, 20), nr = rnd(4, 20);
    for (int k = 0; k < nl; ++k)
      left += (k ? "; " : "") + piece();
    for (int k = 0; k < nr; ++k)
      right += (k ? "; " : "") + piece();
    Relation a = parseRelation(left + " }"), b = parseRelation(right + " }");
    Relation u = a.unite(b);
    EXPECT_LE(u.numDisjuncts(), a.numDisjuncts() + b.numDisjuncts());
    for (int i = -1; i <= 14; ++i)
      for (int j = -1; j <= 14; ++j) {
        Point p{Int(i), Int(j)};
        ASSERT_EQ(u.containsPoint(p), a.containsPoint(p) || b.containsPoint(p))
            << u.toString() << " at (" << i << ", " << j << ")";
      }
    // Every dropped disjunct is inside a kept one: each input disjunct's
    // points are in a single kept disjunct.
    for (const Relation *side : {&a, &b})
      for (const BasicRelation &d : side->disjuncts()) {
        bool insideOne = false;
        for (const BasicRelation &k : u.disjuncts())
          insideOne = insideOne || Relation(d).isSubsetOf(Relation(k));
        EXPECT_TRUE(insideOne) << d.toString();
      }
  }
}

TEST(ContainedDisjuncts, EveryBoxInsideAnotherIsDropped) {
  // Unions of 2 to 60 random boxes in [0, 9]^2, some repeated: below the
  // all-pairs limit the union keeps exactly the boxes inside no other one,
  // one of each set of copies (counted here from the bounds).
  std::mt19937 rng(4242);
  auto rnd = [&](int lo, int hi) {
    return lo + int(rng() % unsigned(hi - lo + 1));
  };
  for (int trial = 0; trial < 200; ++trial) {
    int count = rnd(2, 60);
    std::vector<std::array<int, 4>> boxes; // i in [a, b], j in [c, d].
    std::string text = "{ ";
    for (int k = 0; k < count; ++k) {
      std::array<int, 4> box;
      if (k > 0 && rnd(0, 5) == 0) {
        box = boxes[size_t(rnd(0, k - 1))];
      } else {
        box[0] = rnd(0, 9);
        box[1] = box[0] + rnd(0, 4);
        box[2] = rnd(0, 9);
        box[3] = box[2] + rnd(0, 4);
      }
      boxes.push_back(box);
      text += (k ? "; " : "") + std::string("[i, j] : ") +
              std::to_string(box[0]) + " <= i <= " + std::to_string(box[1]) +
              " and " + std::to_string(box[2]) +
              " <= j <= " + std::to_string(box[3]);
    }
    Relation all = parseRelation("{ [i, j] : 0 = 1 }");
    for (const std::array<int, 4> &box : boxes) {
      Relation one = parseRelation("{ [i, j] : " + std::to_string(box[0]) +
                                   " <= i <= " + std::to_string(box[1]) +
                                   " and " + std::to_string(box[2]) +
                                   " <= j <= " + std::to_string(box[3]) + " }");
      all = all.unite(one);
    }
    std::vector<std::array<int, 4>> distinct(boxes);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()),
                   distinct.end());
    auto inside = [](const std::array<int, 4> &x, const std::array<int, 4> &y) {
      return y[0] <= x[0] && x[1] <= y[1] && y[2] <= x[2] && x[3] <= y[3];
    };
    unsigned maximal = 0;
    for (const std::array<int, 4> &x : distinct)
      maximal += std::none_of(
          distinct.begin(), distinct.end(),
          [&](const std::array<int, 4> &y) { return y != x && inside(x, y); });
    Relation parsed = parseRelation(text + " }");
    EXPECT_EQ(parsed.numDisjuncts(), maximal) << parsed.toString();
    EXPECT_EQ(all.numDisjuncts(), maximal) << all.toString();
    EXPECT_TRUE(parsed.isEqual(all)) << parsed.toString();
  }
}

TEST(ContainedDisjuncts, BoxesWrittenInAnyOrderAgainstTheirBounds) {
  // Unions A | B of one or two random boxes each in [0, 9]^3 (up to four
  // disjuncts: the pair tests, rows compared in place), each box's six
  // bounds written in a random order, the same box often repeated or cut
  // smaller on one side: the union keeps the boxes inside no other one, one
  // of each set of copies (counted from the bounds).
  std::mt19937 rng(4545);
  auto rnd = [&](int lo, int hi) {
    return lo + int(rng() % unsigned(hi - lo + 1));
  };
  using Box = std::array<int, 6>; // [lo, hi] for i, j, k.
  auto text = [&](const Box &b) {
    const char *names[] = {"i", "j", "k"};
    std::vector<std::string> rows;
    for (int d = 0; d < 3; ++d) {
      rows.push_back(std::string(names[d]) +
                     " >= " + std::to_string(b[size_t(2 * d)]));
      rows.push_back(std::string(names[d]) +
                     " <= " + std::to_string(b[size_t(2 * d + 1)]));
    }
    std::shuffle(rows.begin(), rows.end(), rng);
    std::string s = "[i, j, k] : ";
    for (size_t r = 0; r < rows.size(); ++r)
      s += (r ? " and " : "") + rows[r];
    return s;
  };
  auto inside = [](const Box &x, const Box &y) {
    for (size_t d = 0; d < 3; ++d)
      if (x[2 * d] < y[2 * d] || x[2 * d + 1] > y[2 * d + 1])
        return false;
    return true;
  };
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<Box> boxes;
    int count = rnd(2, 4);
    for (int n = 0; n < count; ++n) {
      Box b;
      if (n > 0 && rnd(0, 2) == 0) {
        b = boxes[size_t(rnd(0, n - 1))];
        size_t side = size_t(rnd(0, 5));
        b[side] += side % 2 == 0 ? rnd(0, 1) : -rnd(0, 1);
        if (b[side & ~size_t(1)] > b[side | 1])
          b[side] = b[side ^ 1];
      } else {
        for (size_t d = 0; d < 3; ++d) {
          b[2 * d] = rnd(0, 9);
          b[2 * d + 1] = b[2 * d] + rnd(0, 3);
        }
      }
      boxes.push_back(b);
    }
    size_t half = boxes.size() / 2;
    auto relationOf = [&](size_t first, size_t last) {
      std::string s = "{ ";
      for (size_t n = first; n < last; ++n)
        s += (n > first ? "; " : "") + text(boxes[n]);
      return parseRelation(s + " }");
    };
    Relation a = relationOf(0, half), b = relationOf(half, boxes.size());
    Relation u = a.unite(b);
    std::vector<Box> distinct(boxes);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()),
                   distinct.end());
    unsigned maximal = 0;
    for (const Box &x : distinct)
      maximal +=
          std::none_of(distinct.begin(), distinct.end(),
                       [&](const Box &y) { return y != x && inside(x, y); });
    EXPECT_EQ(u.numDisjuncts(), maximal) << u.toString();
    for (int i = 0; i <= 12; i += 2)
      for (int j = 0; j <= 12; j += 3)
        for (int k = 0; k <= 12; ++k) {
          std::vector<Int> p = {Int(i), Int(j), Int(k)};
          bool in = std::any_of(boxes.begin(), boxes.end(), [&](const Box &x) {
            return x[0] <= i && i <= x[1] && x[2] <= j && j <= x[3] &&
                   x[4] <= k && k <= x[5];
          });
          EXPECT_EQ(u.containsPoint(p), in);
        }
  }
}

TEST(ContainedDisjuncts, TightenedCopyWithTheSameDivisions) {
  // The same strided domain, one bound tightened (its row moves to the end
  // of the list when normalized): the copy is inside; a different stride is
  // not.
  Relation d = set("{ [i, j] : 0 <= i < 40 and 0 <= j < 40 and i mod 4 = 0 }");
  Relation t = set("{ [i, j] : 0 <= i < 40 and 0 <= j < 40 and i mod 4 = 0 "
                   "and i >= 1 }");
  EXPECT_EQ(d.unite(t).numDisjuncts(), 1u);
  EXPECT_EQ(t.unite(d).numDisjuncts(), 1u);
  expectSame(t.unite(d), "{ [i, j] : 0 <= i < 40 and 0 <= j < 40 and "
                         "i mod 4 = 0 }");
  Relation other = set("{ [i, j] : 0 <= i < 40 and 0 <= j < 40 and "
                       "i mod 3 = 0 and i >= 1 }");
  EXPECT_EQ(d.unite(other).numDisjuncts(), 2u);
}
