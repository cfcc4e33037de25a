//===- GistTest.cpp - gist(S, C), case by case
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-----------------------------===//
//
// gist(S, C) keeps the constraints of S that the context C does not imply,
// over the integers, so that gist(S, C) ∩ C = S ∩ C (docs/algorithms/
// gist.md). Each case below states S and C, the result derived by hand
// (which constraints C implies and why), and checks the text the engine
// prints together with the defining equation.
//
//===----------------------------------------------------------------------===//
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {

/// gist(s, c) prints as `want`, and gist(s, c) ∩ c = s ∩ c.
void expectGist(const char *s, const char *c, const char *want) {
  Relation S = parseRelation(s), C = parseRelation(c);
  Relation G = S.gist(C);
  EXPECT_EQ(G.toString(), want) << "gist(" << s << ", " << c << ")";
  EXPECT_TRUE(G.intersect(C).isEqual(S.intersect(C)))
      << "gist(" << s << ", " << c << ") = " << G.toString()
      << " changes the points inside the context";
}

// A loop-tail guard: 0 <= i < 10 is the context itself; only i < 7 is new.
TEST(GistTest, GuardInsideItsLoop) {
  expectGist("{ [i] : 0 <= i < 10 and i < 7 }", "{ [i] : 0 <= i < 10 }",
             "{ [i] : i <= 6 }");
}

// 2 <= i <= 5 implies 0 <= i < 10: nothing of S is left.
TEST(GistTest, ContextInsideTheSetGivesTheUniverse) {
  expectGist("{ [i] : 0 <= i < 10 }", "{ [i] : 2 <= i <= 5 }", "{ [i] }");
}

// An empty context implies everything.
TEST(GistTest, EmptyContextGivesTheUniverse) {
  expectGist("{ [i] : 0 <= i <= 3 }", "{ [i] : 1 = 0 }", "{ [i] }");
}

// i = 4k implies i = 2(2k): the stride goes.
TEST(GistTest, StrideImpliedByTheContext) {
  expectGist("{ [i] : i mod 2 = 0 }", "{ [i] : i mod 4 = 0 }", "{ [i] }");
}

// i = 2k does not imply i = 4k: the stride stays.
TEST(GistTest, StrideNotImpliedByTheContext) {
  expectGist("{ [i] : i mod 4 = 0 }", "{ [i] : i mod 2 = 0 }",
             "{ [i] : (i) mod 4 = 0 }");
}

// i >= 2 implies i >= 0; i <= 5 and the stride remain (the only point in
// the context is i = 3, but that is no equality of the rational relaxation
// of S ∩ C).
TEST(GistTest, BoundImpliedNextToAStride) {
  expectGist("{ [i] : 0 <= i <= 5 and i mod 3 = 0 }", "{ [i] : i >= 2 }",
             "{ [i] : (i) mod 3 = 0 and i <= 5 }");
}

// On the context's points (i <= 9), i mod 2 = 0 is all that 0 <= i <= 9
// and i mod 2 = 0 add.
TEST(GistTest, BoxOfTheContextDropped) {
  expectGist("{ [i] : 0 <= i <= 9 and i mod 2 = 0 }", "{ [i] : 0 <= i <= 9 }",
             "{ [i] : (i) mod 2 = 0 }");
}

// i + j <= 5 implies i + j <= 10; the signs of i and j are not implied.
TEST(GistTest, WeakerDiagonalDropped) {
  expectGist("{ [i, j] : i + j <= 10 and i >= 0 and j >= 0 }",
             "{ [i, j] : i + j <= 5 }", "{ [i, j] : i >= 0 and j >= 0 }");
}

// The triangle 0 <= j <= i < 10 is the context; j <= 4 cuts it.
TEST(GistTest, CutOfATriangle) {
  expectGist("{ [i, j] : 0 <= j <= i < 10 and j <= 4 }",
             "{ [i, j] : 0 <= j <= i < 10 }", "{ [i, j] : j <= 4 }");
}

// i < n <= 100 implies i <= 99, and 0 <= i < n is the context.
TEST(GistTest, ParametricBoundImplied) {
  expectGist("[n] -> { [i] : 0 <= i < n and i <= 99 }",
             "[n] -> { [i] : 0 <= i < n and n <= 100 }", "[n] -> { [i] }");
}

// A disjunct that misses the context (i >= 20 against i <= 10) goes; in the
// other, neither bound is implied by i <= 10 alone.
TEST(GistTest, DisjunctOutsideTheContextDropped) {
  expectGist("{ [i] : 0 <= i <= 3; [i] : i >= 20 }", "{ [i] : i <= 10 }",
             "{ [i] : 0 <= i <= 3 }");
}

// A constraint goes only when every context disjunct implies it: i <= 5
// holds on 0 <= i <= 3, not on 10 <= i <= 12.
TEST(GistTest, EveryContextDisjunctMustImplyIt) {
  expectGist("{ [i] : i <= 5 }", "{ [i] : 0 <= i <= 3; [i] : 10 <= i <= 12 }",
             "{ [i] : i <= 5 }");
}

// Both context disjuncts lie in 0 <= i <= 8.
TEST(GistTest, ImpliedByEachContextDisjunct) {
  expectGist("{ [i] : 0 <= i <= 8 }",
             "{ [i] : 0 <= i <= 3; [i] : 6 <= i <= 8 }", "{ [i] }");
}

// floor(i/2) <= 2 holds exactly when i <= 5: the division is written
// without (it bounds in one direction only).
TEST(GistTest, OneSidedDivisionWrittenWithout) {
  expectGist("{ [i] : exists q : q = floor(i/2) and q <= 2 }", "{ [i] }",
             "{ [i] : i <= 5 }");
}

// gist of a gist against the same context changes nothing.
TEST(GistTest, Idempotent) {
  Relation S = parseRelation("[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i "
                             "and j mod 3 = 0 and i <= 50 }");
  Relation C = parseRelation("[n] -> { [i, j] : 0 <= i < n and n <= 40 }");
  Relation once = S.gist(C);
  EXPECT_EQ(once.gist(C).toString(), once.toString());
}

// gistParams: n >= 5 implies n >= 1.
TEST(GistTest, ParamsContext) {
  Relation S = parseRelation("[n] -> { [i] : 0 <= i < n and n >= 1 }");
  Relation P = parseRelation("[n] -> { : n >= 5 }");
  EXPECT_EQ(S.gistParams(P).toString(), "[n] -> { [i] : 0 <= i < n }");
}

// gistDomain: the domain bounds are the context; j = i + 1 remains.
TEST(GistTest, DomainContext) {
  Relation S = parseRelation("{ [i] -> [j] : 0 <= i < 10 and j = i + 1 }");
  Relation D = parseRelation("{ [i] : 0 <= i < 10 }");
  EXPECT_EQ(S.gistDomain(D).toString(), "{ [i] -> [j = 1 + i] }");
}

// gistRange: 0 <= j <= 5 on the range implies j <= 7.
TEST(GistTest, RangeContext) {
  Relation S = parseRelation("{ [i] -> [j] : j = i and j <= 7 }");
  Relation R = parseRelation("{ [j] : 0 <= j <= 5 }");
  EXPECT_EQ(S.gistRange(R).toString(), "{ [i] -> [j = i] }");
}

// A union is gisted piece by piece against the context piece of its
// space; a piece without one is dropped.
TEST(GistTest, UnionPieceByPiece) {
  UnionRelation S =
      parseUnion("{ A[i] : 0 <= i < 10 and i < 7; B[i] : i >= 0 }");
  UnionRelation C = parseUnion("{ A[i] : 0 <= i < 10 }");
  EXPECT_EQ(S.gist(C).toString(), "{ A[i] : i <= 6 }");
}

} // namespace

// Over the context 0 <= j <= 1, 2i >= j the rational minimum of i - j is
// -1/2 (at j = 1, i = 1/2), but every integer point has i - j >= 0 (j = 0
// gives i >= 0, j = 1 gives i >= 1): the LP bound rounded up drops the row
// without an integer search. The row i - j >= 1 is kept: (0, 0) violates it.
TEST(GistTest, RoundedLpBoundDropsARowTheIntegersImply) {
  expectGist("{ [i, j] : i - j >= 0 }", "{ [i, j] : 0 <= j <= 1 and 2i >= j }",
             "{ [i, j] }");
  expectGist("{ [i, j] : i - j >= 1 }", "{ [i, j] : 0 <= j <= 1 and 2i >= j }",
             "{ [i, j] : j < i }");
}
