// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Transitive closures and powers, against results derived by hand: the
// closure R^+ (exact or a flagged superset closed under composition with
// R), constant powers by composition, parametric powers R^k.
#include "presburger/Closure.h"

#include "presburger/Parser.h"

#include <gtest/gtest.h>

#include <iostream>
#include <random>

using namespace presburger;

namespace {

Relation rel(const std::string &text) { return parseRelation(text); }
UnionRelation un(const std::string &text) { return parseUnion(text); }

void expectExactClosure(const std::string &r, const std::string &expected) {
  ClosureResult c = transitiveClosure(rel(r));
  EXPECT_TRUE(c.exact) << r;
  EXPECT_TRUE(c.relation.isEqual(rel(expected)))
      << r << "^+ = " << c.relation.toString() << ", expected " << expected;
}

/// A flagged closure still contains R^+ (here: given by hand, or R and
/// R.R at least) and is closed under composition with R.
void expectSoundOverApproximation(const Relation &r, const ClosureResult &c) {
  EXPECT_TRUE(r.isSubsetOf(c.relation)) << c.relation.toString();
  EXPECT_TRUE(r.applyRange(r).isSubsetOf(c.relation)) << c.relation.toString();
  EXPECT_TRUE(c.relation.applyRange(r).isSubsetOf(c.relation))
      << c.relation.toString();
}

TEST(ClosureTest, UniformDependenceWithParametricBounds) {
  // i -> i + 1 inside 0 <= i < n: every later i up to n.
  expectExactClosure("[n] -> { [i] -> [i + 1] : 0 <= i < n }",
                     "[n] -> { [i] -> [o] : 0 <= i < o <= n }");
  // A 2-D stencil step along j in a parametric box: rows stay.
  expectExactClosure(
      "[n, m] -> { S[i, j] -> S[i, j + 1] : 0 <= i < n and 0 <= j < m - 1 }",
      "[n, m] -> { S[i, j] -> S[i, o] : 0 <= i < n and 0 <= j < o < m }");
}

TEST(ClosureTest, StridedSteps) {
  // Steps of 3 from the multiples of 3 below 30.
  expectExactClosure(
      "{ [i] -> [i + 3] : 0 <= i <= 27 and i mod 3 = 0 }",
      "{ [i] -> [o] : 0 <= i < o <= 30 and i mod 3 = 0 and o mod 3 = 0 }");
}

TEST(ClosureTest, UnionOfTranslations) {
  // Steps +1 and +2 while below 10: from i every o in (i, 11] (9 -> 11 in
  // one step, not two, which the power test alone would call inexact).
  expectExactClosure("{ [i] -> [i + 1] : 0 <= i <= 9; [i] -> [i + 2] : 0 <= i "
                     "<= 9 }",
                     "{ [i] -> [o] : 0 <= i <= 9 and i < o <= 11 }");
  // Two independent directions in a square: right or down.
  expectExactClosure("[n] -> { [i, j] -> [i + 1, j] : 0 <= i < n and 0 <= j "
                     "<= n; [i, j] -> [i, j + 1] : 0 <= i <= n and 0 <= j < n "
                     "}",
                     "[n] -> { [i, j] -> [a, b] : 0 <= i <= a <= n and 0 <= j "
                     "<= b <= n and a + b > i + j }");
}

TEST(ClosureTest, TriviallyClosedRelations) {
  // No path of two steps.
  expectExactClosure("{ [i] -> [i + 10] : 0 <= i < 10 }",
                     "{ [i] -> [i + 10] : 0 <= i < 10 }");
  // Already transitively closed.
  expectExactClosure("{ [i] -> [j] : 0 <= i < j < 8 }",
                     "{ [i] -> [j] : 0 <= i < j < 8 }");
  // Different tuples: no composition at all.
  ClosureResult c = transitiveClosure(rel("{ A[i] -> B[i] : 0 <= i < 4 }"));
  EXPECT_TRUE(c.exact);
  EXPECT_TRUE(c.relation.isEqual(rel("{ A[i] -> B[i] : 0 <= i < 4 }")));
  // The empty relation.
  c = transitiveClosure(rel("{ [i] -> [j] : false }"));
  EXPECT_TRUE(c.exact);
  EXPECT_TRUE(c.relation.isEmpty());
}

TEST(ClosureTest, NonAffineClosureIsFlagged) {
  // i -> 2i: the closure { i -> 2^k i } is not Presburger.
  Relation r = rel("{ [i] -> [2i] : 1 <= i <= 100 }");
  ClosureResult c = transitiveClosure(r);
  EXPECT_FALSE(c.exact);
  expectSoundOverApproximation(r, c);
  // 1 -> 2 -> 4 -> 8 must be in it.
  EXPECT_TRUE(rel("{ [1] -> [8] }").isSubsetOf(c.relation));
  // A parametric translation: { i -> i + k*n } is not Presburger either.
  Relation t = rel("[n] -> { [i] -> [i + n] : 0 <= i < 100 and n > 0 }");
  ClosureResult ct = transitiveClosure(t);
  EXPECT_FALSE(ct.exact);
  expectSoundOverApproximation(t, ct);
}

TEST(ClosureTest, UnionAcrossSpaces) {
  // A -> B -> C, a chain without cycles: exact, A -> C composed.
  UnionClosureResult c = transitiveClosure(
      un("{ A[i] -> B[i + 1] : 0 <= i < 10; B[j] -> C[2j] : 0 <= j < 5 }"));
  EXPECT_TRUE(c.exact);
  EXPECT_TRUE(c.relation.isEqual(
      un("{ A[i] -> B[i + 1] : 0 <= i < 10; B[j] -> C[2j] : 0 <= j < 5; "
         "A[i] -> C[2i + 2] : 0 <= i < 4 }")))
      << c.relation.toString();
  // A cycle through two statements: S[i] -> T[i] -> S[i + 1], i < 3.
  UnionClosureResult cy = transitiveClosure(
      un("{ S[i] -> T[i] : 0 <= i < 3; T[i] -> S[i + 1] : 0 <= i < 3 }"));
  EXPECT_TRUE(cy.exact);
  EXPECT_TRUE(cy.relation.isEqual(
      un("{ S[i] -> T[o] : 0 <= i <= o < 3; S[i] -> S[o] : 0 <= i < o <= 3; "
         "T[i] -> S[o] : 0 <= i < o <= 3; T[i] -> T[o] : 0 <= i < o < 3 }")))
      << cy.relation.toString();
}

TEST(ClosureTest, ConstantPowers) {
  Relation r = rel("[n] -> { [i] -> [i + 1] : 0 <= i < n }");
  EXPECT_TRUE(power(r, 1).isEqual(r));
  EXPECT_TRUE(
      power(r, 3).isEqual(rel("[n] -> { [i] -> [i + 3] : 0 <= i < n - 2 }")));
  EXPECT_TRUE(power(rel("{ [i] -> [2i] : 1 <= i <= 100 }"), 4)
                  .isEqual(rel("{ [i] -> [16i] : 1 <= i <= 12 }")));
  EXPECT_TRUE(power(un("{ A[i] -> B[i]; B[i] -> A[i + 1] }"), 2)
                  .isEqual(un("{ A[i] -> A[i + 1]; B[i] -> B[i + 1] }")));
  EXPECT_THROW(power(r, 0), InvalidArgument);
}

TEST(ClosureTest, ParametricPowers) {
  ClosureResult p = power(rel("[n] -> { [i] -> [i + 2] : 0 <= i < n }"), "k");
  EXPECT_TRUE(p.exact);
  EXPECT_TRUE(p.relation.isEqual(rel(
      "[n, k] -> { [i] -> [i + 2k] : k >= 1 and 0 <= i and i + 2k <= n + 1 }")))
      << p.relation.toString();
  // With steps +1 and +2 the power is not exact though the closure is: R^2
  // has no 9 -> 11.
  ClosureResult q = power(
      rel("{ [i] -> [i + 1] : 0 <= i <= 9; [i] -> [i + 2] : 0 <= i <= 9 }"),
      "k");
  EXPECT_FALSE(q.exact);
  // No two steps: R^k is R at k = 1.
  ClosureResult one = power(rel("{ [i] -> [i + 5] : 0 <= i < 5 }"), "k");
  EXPECT_TRUE(one.exact);
  EXPECT_TRUE(one.relation.isEqual(
      rel("[k] -> { [i] -> [i + 5] : k = 1 and 0 <= i < 5 }")));
  EXPECT_THROW(power(rel("[k] -> { [i] -> [i + 1] }"), "k"), InvalidArgument);
}

} // namespace

namespace {

/// R^+ of a relation inside the box [lo, hi]^dims, by brute force: its
/// pairs enumerated, then closed by a search over that finite graph.
/// Returns the reachability matrix over the box's points, row-major.
std::vector<std::vector<bool>> closureByEnumeration(const Relation &r, int dims,
                                                    int lo, int hi,
                                                    std::vector<Point> &pts) {
  pts.clear();
  for (int a = lo; a <= hi; ++a) {
    if (dims == 1) {
      pts.push_back({Int(a)});
      continue;
    }
    for (int b = lo; b <= hi; ++b)
      pts.push_back({Int(a), Int(b)});
  }
  size_t n = pts.size();
  std::vector<std::vector<size_t>> succ(n);
  for (size_t x = 0; x < n; ++x)
    for (size_t y = 0; y < n; ++y) {
      Point p = pts[x];
      p.insert(p.end(), pts[y].begin(), pts[y].end());
      if (r.containsPoint(p))
        succ[x].push_back(y);
    }
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (size_t x = 0; x < n; ++x) {
    std::vector<size_t> stack = succ[x];
    while (!stack.empty()) {
      size_t y = stack.back();
      stack.pop_back();
      if (reach[x][y])
        continue;
      reach[x][y] = true;
      for (size_t z : succ[y])
        stack.push_back(z);
    }
  }
  return reach;
}

// Random finite relations: unions of translations and general pieces in
// boxes of 1 or 2 dimensions, some strided: an exact closure must equal the
// fixed point, a flagged one contain it and be closed under R.
TEST(ClosureTest, RandomFiniteRelationsAgainstIteration) {
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  int exact = 0, total = 0;
  for (int t = 0; t < 60; ++t) {
    int dims = pick(1, 2), pieces = pick(1, 3);
    std::string text = "{ ";
    for (int p = 0; p < pieces; ++p) {
      std::string in = dims == 1 ? "[i]" : "[i, j]";
      std::string out, cond;
      bool translation = pick(0, 4) > 0;
      if (dims == 1) {
        out = translation ? "[i + " + std::to_string(pick(-2, 3)) + "]"
                          : "[" + std::to_string(pick(1, 2)) + "i - " +
                                std::to_string(pick(0, 3)) + "]";
        cond = std::to_string(pick(-3, 2)) +
               " <= i <= " + std::to_string(pick(3, 9));
        if (pick(0, 3) == 0)
          cond += " and i mod 2 = " + std::to_string(pick(0, 1));
      } else {
        out = translation ? "[i + " + std::to_string(pick(-1, 2)) + ", j + " +
                                std::to_string(pick(-1, 2)) + "]"
                          : "[j, i + " + std::to_string(pick(0, 2)) + "]";
        cond = "0 <= i <= " + std::to_string(pick(2, 5)) +
               " and 0 <= j <= " + std::to_string(pick(2, 5));
      }
      text += (p ? "; " : "") + in + " -> " + out + " : " + cond;
    }
    text += " }";
    Relation r = rel(text);
    ClosureResult c = transitiveClosure(r);
    // Every point of the relations lies in [lo, hi]^dims.
    const int lo = dims == 1 ? -8 : -1, hi = dims == 1 ? 20 : 7;
    std::string box = dims == 1
                          ? "{ [i] -> [o] : -8 <= i, o <= 20 }"
                          : "{ [i, j] -> [a, b] : -1 <= i, j, a, b <= 7 }";
    ASSERT_TRUE(r.isSubsetOf(rel(box))) << text;
    ASSERT_TRUE(c.relation.isSubsetOf(rel(box))) << text;
    std::vector<Point> pts;
    std::vector<std::vector<bool>> reach =
        closureByEnumeration(r, dims, lo, hi, pts);
    ++total;
    exact += c.exact;
    for (size_t x = 0; x < pts.size(); ++x)
      for (size_t y = 0; y < pts.size(); ++y) {
        Point p = pts[x];
        p.insert(p.end(), pts[y].begin(), pts[y].end());
        bool in = c.relation.containsPoint(p);
        if (c.exact ? in != reach[x][y] : reach[x][y] && !in) {
          ADD_FAILURE() << text << (c.exact ? " (exact)" : " (flagged)")
                        << "^+ = " << c.relation.toString() << " is wrong at ("
                        << x << ", " << y << ")";
          return;
        }
      }
    if (!c.exact) {
      EXPECT_TRUE(c.relation.applyRange(r).isSubsetOf(c.relation)) << text;
    }
  }
  std::cout << "[ closure  ] " << exact << " of " << total << " exact\n";
  EXPECT_GT(exact, total / 3);
}

} // namespace
