// Coalescing, read like mathematics: each case gives the input, the union
// expected (derived by hand) and the number of disjuncts expected.
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {
void expectCoalesced(const char *input, const char *expected,
                     unsigned disjuncts) {
  SCOPED_TRACE(input);
  Relation in = parseRelation(input);
  Relation want = parseRelation(expected);
  Relation out = in.coalesce();
  EXPECT_TRUE(out.isEqual(in)) << "result " << out.toString();
  EXPECT_TRUE(out.isEqual(want)) << "result " << out.toString();
  EXPECT_EQ(out.numDisjuncts(), disjuncts) << out.toString();
  EXPECT_EQ(out.space(), in.space());
}
} // namespace

TEST(Coalesce, LoopTail) {
  expectCoalesced("{ [i] : 0 <= i < 8; [i] : 8 <= i < 10 }",
                  "{ [i] : 0 <= i < 10 }", 1);
}

TEST(Coalesce, BoxSplitIn2D) {
  expectCoalesced("{ [i, j] : 0 <= i < 4 and 0 <= j < 6; "
                  "[i, j] : 4 <= i < 10 and 0 <= j < 6 }",
                  "{ [i, j] : 0 <= i < 10 and 0 <= j < 6 }", 1);
}

TEST(Coalesce, BoxSplitIn3DAlongOneAxis) {
  expectCoalesced("{ [i, j, k] : 0 <= i < 4 and 0 <= j < 4 and 0 <= k < 2; "
                  "[i, j, k] : 0 <= i < 4 and 0 <= j < 4 and 5 <= k < 8; "
                  "[i, j, k] : 0 <= i < 4 and 0 <= j < 4 and 2 <= k < 5 }",
                  "{ [i, j, k] : 0 <= i < 4 and 0 <= j < 4 and 0 <= k < 8 }",
                  1);
}

TEST(Coalesce, BoxSplitIn3DAlongTwoAxes) {
  expectCoalesced("{ [i, j, k] : 0 <= i < 2 and 0 <= j < 3 and 0 <= k < 5; "
                  "[i, j, k] : 2 <= i < 6 and 0 <= j < 3 and 0 <= k < 5; "
                  "[i, j, k] : 0 <= i < 2 and 3 <= j < 7 and 0 <= k < 5; "
                  "[i, j, k] : 2 <= i < 6 and 3 <= j < 7 and 0 <= k < 5 }",
                  "{ [i, j, k] : 0 <= i < 6 and 0 <= j < 7 and 0 <= k < 5 }",
                  1);
}

TEST(Coalesce, TriangleAndItsComplementInABox) {
  expectCoalesced("{ [i, j] : 0 <= j <= i < 10; [i, j] : 0 <= i < j < 10 }",
                  "{ [i, j] : 0 <= i < 10 and 0 <= j < 10 }", 1);
}

TEST(Coalesce, TriangleExtendedByARectangle) {
  // Past x = 4 the rectangle continues the triangle up to y = 5.
  expectCoalesced("{ [x, y] : 0 <= y <= x <= 4; "
                  "[x, y] : 5 <= x <= 6 and 0 <= y <= 5 }",
                  "{ [x, y] : 0 <= y <= x and x <= 6 and y <= 5 }", 1);
}

TEST(Coalesce, ResiduesModuloTwoCoverEverything) {
  expectCoalesced("{ [i] : i mod 2 = 0; [i] : i mod 2 = 1 }", "{ [i] }", 1);
}

TEST(Coalesce, ResiduesModuloThreeCoverEverything) {
  expectCoalesced("{ [i] : i mod 3 = 0; [i] : i mod 3 = 1; [i] : i mod 3 = 2 }",
                  "{ [i] }", 1);
}

TEST(Coalesce, StridedPiecesWithTheSameStride) {
  expectCoalesced("{ [i] : 0 <= i <= 10 and i mod 4 = 0; "
                  "[i] : 12 <= i <= 20 and i mod 4 = 0 }",
                  "{ [i] : 0 <= i <= 20 and i mod 4 = 0 }", 1);
}

TEST(Coalesce, StridedPiecesWithAGapStayApart) {
  // 12 and 16 are missing between the pieces.
  expectCoalesced("{ [i] : 0 <= i <= 8 and i mod 4 = 0; "
                  "[i] : 20 <= i <= 28 and i mod 4 = 0 }",
                  "{ [i] : 0 <= i <= 28 and i mod 4 = 0 and "
                  "(i <= 8 or i >= 20) }",
                  2);
}

TEST(Coalesce, ParametricTailWithNonNegativeBound) {
  expectCoalesced("[n] -> { [i] : 0 <= i < n; [i] : n <= i < n + 4 and n >= 0 }",
                  "[n] -> { [i] : 0 <= i < n + 4 and n >= 0 }", 1);
}

TEST(Coalesce, ParametricTailIsTwoPiecesForNegativeBounds) {
  // For n <= 0 the second piece starts at n < 0, for n > 0 the union starts
  // at 0: the lower bound is min(n, 0), which no single conjunction states
  // (isl keeps two disjuncts as well).
  expectCoalesced("[n] -> { [i] : 0 <= i < n; [i] : n <= i < n + 4 }",
                  "[n] -> { [i] : i < n + 4 and (i >= 0 or i >= n) }", 2);
}

TEST(Coalesce, PiecesWithEqualities) {
  expectCoalesced("{ [i, j] : i = j and 0 <= i < 5; [i, j] : i = j and 5 <= i < 9 }",
                  "{ [i, j] : i = j and 0 <= i < 9 }", 1);
}

TEST(Coalesce, RelationWithTupleNames) {
  expectCoalesced("{ A[i] -> B[j] : j = i + 1 and 0 <= i < 4; "
                  "A[i] -> B[j] : j = i + 1 and 4 <= i < 8 }",
                  "{ A[i] -> B[i + 1] : 0 <= i < 8 }", 1);
}

TEST(Coalesce, RelationOverParameters) {
  expectCoalesced("[n] -> { S[i] -> T[i, j] : 0 <= i < n and 0 <= j < 4; "
                  "S[i] -> T[i, j] : 0 <= i < n and 4 <= j < 8 }",
                  "[n] -> { S[i] -> T[i, j] : 0 <= i < n and 0 <= j < 8 }", 1);
}

TEST(Coalesce, SubsetIsDropped) {
  expectCoalesced("{ [i] : 2 <= i <= 3; [i] : 0 <= i <= 10 }",
                  "{ [i] : 0 <= i <= 10 }", 1);
}

TEST(Coalesce, SeparatePiecesStay) {
  expectCoalesced("{ [i] : 0 <= i <= 3; [i] : 5 <= i <= 8 }",
                  "{ [i] : 0 <= i <= 8 and i != 4 }", 2);
}

TEST(Coalesce, ColumnNextToABoxRelaxesTheBox) {
  expectCoalesced("{ [x, y] : 0 <= x <= 4 and 0 <= y <= 4; "
                  "[x, y] : x = 5 and 0 <= y <= 4 }",
                  "{ [x, y] : 0 <= x <= 5 and 0 <= y <= 4 }", 1);
}

TEST(Coalesce, ShorterColumnIsWrappedIn) {
  // At x = 5 only 0 <= y <= 3: the facet y <= 4 is rotated to x + y <= 8.
  expectCoalesced("{ [x, y] : 0 <= x <= 4 and 0 <= y <= 4; "
                  "[x, y] : x = 5 and 0 <= y <= 3 }",
                  "{ [x, y] : 0 <= x <= 5 and 0 <= y <= 4 and x + y <= 8 }", 1);
}

TEST(Coalesce, AdjacentParallelHyperplanes) {
  expectCoalesced("{ [x, y] : y = x and 0 <= x <= 5; "
                  "[x, y] : y = x + 1 and 0 <= x <= 5 }",
                  "{ [x, y] : x <= y <= x + 1 and 0 <= x <= 5 }", 1);
}

TEST(Coalesce, ExistentialWithoutDivisionForm) {
  // Both pieces are 0 <= i <= 9 in disguise.
  expectCoalesced("{ [i] : exists (e : 0 <= i - 2e <= 1 and 0 <= e <= 2); "
                  "[i] : 6 <= i <= 9 }",
                  "{ [i] : 0 <= i <= 9 }", 1);
}

TEST(Coalesce, EmptyAndSingleDisjunct) {
  expectCoalesced("{ [i] : 0 <= i <= 3 }", "{ [i] : 0 <= i <= 3 }", 1);
  Relation empty = parseRelation("{ [i] : i > 3 and i < 2 }");
  EXPECT_EQ(empty.coalesce().numDisjuncts(), 0u);
  Relation emptyPieces = parseRelation(
      "{ [i] : exists (e : i = 2e and i = 2e + 1); [i] : 0 <= i <= 3 }");
  EXPECT_EQ(emptyPieces.coalesce().numDisjuncts(), 1u);
}

TEST(Coalesce, UnionOverSeveralSpaces) {
  UnionRelation in = parseUnion("{ A[i] : 0 <= i < 3; A[i] : 3 <= i < 6; "
                                "B[i] : 0 <= i < 2; B[i] : 5 <= i < 7 }");
  UnionRelation out = in.coalesce();
  EXPECT_TRUE(out.isEqual(in));
  ASSERT_EQ(out.numPieces(), 2u);
  EXPECT_EQ(out.pieces()[0].numDisjuncts(), 1u);
  EXPECT_EQ(out.pieces()[1].numDisjuncts(), 2u);
  EXPECT_TRUE(out.isEqual(
      parseUnion("{ A[i] : 0 <= i < 6; B[i] : 0 <= i < 2 or 5 <= i < 7 }")));
}

TEST(Coalesce, FusedPiecesHaveNoRedundantConstraints) {
  Relation out = parseRelation("{ [i, j] : 0 <= i < 4 and 0 <= j < 6 and "
                               "i + j < 100; [i, j] : 4 <= i < 10 and "
                               "0 <= j < 6 }")
                     .coalesce();
  ASSERT_EQ(out.numDisjuncts(), 1u);
  EXPECT_EQ(out.disjuncts()[0].numInequalities(), 4u) << out.toString();
  EXPECT_EQ(out.disjuncts()[0].numEqualities(), 0u);
}

TEST(Coalesce, RunsOutOfBudgetInsteadOfHanging) {
  Relation in = parseRelation("{ [i, j] : 0 <= i < 4 and 0 <= j < 6; "
                              "[i, j] : 4 <= i < 10 and 0 <= j < 6; "
                              "[i, j] : 10 <= i < 12 and 0 <= j < 6 }");
  WorkBudget::Scope scope(50);
  EXPECT_THROW(in.coalesce(), LimitExceeded);
}
