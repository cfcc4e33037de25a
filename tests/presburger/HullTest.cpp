// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Hulls and bounds on hand-derived cases: each test gives the input and the
// expected result in isl notation (worked out by hand; the comments say how)
// and compares them with isEqual. The isl behaviour each case pins down is
// noted where it is not the obvious one.
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace presburger;
using presburger::testing::expectSame;

namespace {

Relation R(const char *text) { return parseRelation(text); }

/// The number of inequalities of a basic relation without locals.
unsigned numIneqs(const BasicRelation &b) { return b.numInequalities(); }

} // namespace

//===----------------------------------------------------------------------===//
// Convex hull
//===----------------------------------------------------------------------===//

TEST(ConvexHull, TwoIntervals) {
  Relation s = R("{ [i] : 0 <= i <= 3 or 10 <= i <= 12 }");
  BasicRelation h = s.convexHull();
  expectSame(h, "{ [i] : 0 <= i <= 12 }");
  EXPECT_EQ(h.numLocals(), 0u);
  EXPECT_EQ(numIneqs(h), 2u);
  expectSame(s.polyhedralHull(), "{ [i] : 0 <= i <= 12 }");
}

TEST(ConvexHull, TrianglePlusPoint) {
  // Vertices (0,0), (4,0), (0,4), (5,5): the edges to (5,5) are
  // 5i - j <= 20 (through (4,0) and (5,5)) and 5j - i <= 20.
  Relation s = R("{ [i, j] : i >= 0 and j >= 0 and i + j <= 4 or "
                 "i = 5 and j = 5 }");
  BasicRelation h = s.convexHull();
  expectSame(h, "{ [i, j] : i >= 0 and j >= 0 and 5i - j <= 20 and "
                "5j - i <= 20 }");
  EXPECT_EQ(numIneqs(h), 4u); // No redundant constraint.
  EXPECT_EQ(h.numEqualities(), 0u);
}

TEST(ConvexHull, ThreeDimensionalCubeAndSimplex) {
  // The unit cube and the simplex i + j + k <= 5 (with i, j, k >= 0): the
  // cube lies inside the simplex, which is the hull.
  Relation s = R("{ [i, j, k] : 0 <= i, j, k <= 1 or i + j + k = 5 and "
                 "i >= 0 and j >= 0 and k >= 0 }");
  expectSame(s.convexHull(), "{ [i, j, k] : i >= 0 and j >= 0 and k >= 0 and "
                             "i + j + k <= 5 }");
}

TEST(ConvexHull, SegmentsInThePlane) {
  // (0,0)-(3,3) and the point (0,5): triangle with the edge 2i + 3j <= 15.
  Relation s = R("{ [i, j] : i = j and 0 <= i <= 3 or i = 0 and j = 5 }");
  expectSame(s.convexHull(), "{ [i, j] : i >= 0 and j >= i and "
                             "2i + 3j <= 15 }");
}

TEST(ConvexHull, EqualitiesOfTheAffineHull) {
  // Both pieces lie on the plane k = i + j: the hull keeps the equality.
  Relation s = R("{ [i, j, k] : k = i + j and 0 <= i <= 2 and j = 0 or "
                 "k = i + j and i = 0 and 0 <= j <= 2 }");
  BasicRelation h = s.convexHull();
  EXPECT_EQ(h.numEqualities(), 1u);
  expectSame(h, "{ [i, j, k] : k = i + j and i >= 0 and j >= 0 and "
                "i + j <= 2 }");
}

TEST(ConvexHull, IntegerTighteningOnTheLattice) {
  // 2j = 3i - 1 forces i odd: on the lattice i = 2t + 1 the bounds
  // 0 <= i <= 10 become 0 <= t <= 4, so 1 <= i <= 9 (isl gives the same).
  Relation s = R("{ [i, j] : 2j = 3i - 1 and 0 <= i <= 10 }");
  expectSame(s.convexHull(), "{ [i, j] : 2j = 3i - 1 and 1 <= i <= 9 }");
}

TEST(ConvexHull, SplitPolyhedraFuseBack) {
  // Index-set splitting at i = 10; the piece i >= 10 lost the redundant
  // i >= 0 when it was built: still one polyhedron cut in two.
  const char *split = "[n] -> { [i] : 0 <= i < n and i < n - 3 and i < 10; "
                      "[i] : 0 <= i < n and i < n - 3 and i >= 10 }";
  expectSame(R(split).convexHull(), "[n] -> { [i] : 0 <= i < n - 3 }");
  expectSame(R(split).simpleHull(), "[n] -> { [i] : 0 <= i < n - 3 }");
  // Adjacent in i, but j <= 3 does not hold on the first piece: not one
  // polyhedron, and the hull has a new facet (as isl's).
  const char *step = "{ [i, j] : 0 <= i <= 9 and 0 <= j <= 5; "
                     "[i, j] : 10 <= i <= 20 and 0 <= j <= 3 }";
  expectSame(R(step).convexHull(),
             "{ [i, j] : 0 <= i <= 20 and 0 <= j <= 5 and 2i + 11j <= 73 }");
  expectSame(R(step).simpleHull(), "{ [i, j] : 0 <= i <= 20 and 0 <= j <= 5 }");
  // A gap of one (i <= 9, i >= 11) is no cut: the hull closes it.
  expectSame(R("{ [i] : 0 <= i <= 9 or 11 <= i <= 20 }").simpleHull(),
             "{ [i] : 0 <= i <= 20 }");
  // Three slabs fuse pairwise.
  expectSame(R("[n] -> { [i, j] : 0 <= j < n and 0 <= i < n and i < 5; "
               "[i, j] : 0 <= j < n and 0 <= i < n and 5 <= i < 9; "
               "[i, j] : 0 <= j < n and 0 <= i < n and i >= 9 }")
                 .simpleHull(),
             "[n] -> { [i, j] : 0 <= j < n and 0 <= i < n }");
}

TEST(ConvexHull, UnboundedQuadrantAndPoint) {
  // Rays (1,0) and (0,1); vertices (0,0) and (-3,2). Facets: j >= 0,
  // i >= -3 and the edge 2i + 3j >= 0 from (-3,2) to (0,0).
  Relation s = R("{ [i, j] : i >= 0 and j >= 0 or i = -3 and j = 2 }");
  BasicRelation h = s.convexHull();
  expectSame(h, "{ [i, j] : i >= -3 and j >= 0 and 2i + 3j >= 0 }");
  expectSame(s.convexHull(HullMethod::FourierMotzkin),
             "{ [i, j] : i >= -3 and j >= 0 and 2i + 3j >= 0 }");
}

TEST(ConvexHull, UnboundedBothWays) {
  // Two half-lines pointing apart: the hull is everything.
  expectSame(R("{ [i] : i >= 5 or i <= -5 }").convexHull(), "{ [i] }");
  // Two parallel lines: the strip between them.
  expectSame(R("{ [i, j] : j = 0 or j = 2 }").convexHull(),
             "{ [i, j] : 0 <= j <= 2 }");
  // A line and a point off it.
  expectSame(R("{ [i, j] : i = j or i = 0 and j = 3 }").convexHull(),
             "{ [i, j] : i <= j <= i + 3 }");
}

TEST(ConvexHull, ParametersAreVariables) {
  // In (n, i): 0 <= i < n and the line i = n + 5. The line's direction
  // (1, 1) is in the hull's lineality space; along u = i - n the pieces
  // are u <= -1 and u = 5, so the hull is i <= n + 5 (as isl).
  Relation s = R("[n] -> { [i] : 0 <= i < n or i = n + 5 }");
  expectSame(s.convexHull(), "[n] -> { [i] : i <= n + 5 }");
  // A single disjunct is its own hull.
  expectSame(R("[n] -> { [i] : 0 <= i <= n }").convexHull(),
             "[n] -> { [i] : 0 <= i <= n }");
  // (n, i) in {0 <= i <= n <= 4} or {i = -1, n = 0}: the hull of the
  // triangle (0,0), (4,0), (4,4) and the point (n,i) = (0,-1).
  expectSame(
      R("[n] -> { [i] : 0 <= i <= n <= 4 or i = -1 and n = 0 }").convexHull(),
      "[n] -> { [i] : 0 <= n <= 4 and i <= n and 4i + 4 >= n }");
}

TEST(ConvexHull, Relation) {
  // Points (i, j): the segments (0,0)-(4,8) and (10,10)-(12,12); (10,10) is
  // on the edge j = i, the third edge is (4,8)-(12,12): 2j = i + 12.
  Relation r = R("{ [i] -> [j] : j = 2i and 0 <= i <= 4 or "
                 "j = i and 10 <= i <= 12 }");
  BasicRelation h = r.convexHull();
  EXPECT_TRUE(h.isRelation());
  expectSame(h, "{ [i] -> [j] : i <= j <= 2i and 2j <= 12 + i }");
}

TEST(ConvexHull, StridedSingleDisjunctKeepsItsDivision) {
  // isl's convex_hull keeps the divisions: a single disjunct is its own
  // hull, stride included. polyhedral_hull drops them.
  Relation s = R("{ [i] : i mod 3 = 0 and 0 <= i <= 9 }");
  expectSame(s.convexHull(), "{ [i] : i mod 3 = 0 and 0 <= i <= 9 }");
  BasicRelation p = s.polyhedralHull();
  EXPECT_EQ(p.numLocals(), 0u);
  expectSame(p, "{ [i] : 0 <= i <= 9 }");
}

TEST(ConvexHull, DivisionsAreLiftedAndAligned) {
  // With e = floor(i/3) as a variable the points (i, e) are (0,0), (3,1),
  // (6,2), (9,3) and (20,6), (21,7), (22,7). Their hull: 10e >= 3i (the
  // edge from (0,0) to (20,6)), e <= i/3 (through (0,0) and (21,7): the
  // division's own bound), e <= 7, i <= 2e + 8 (from (20,6) to (22,7)).
  // With e = floor(i/3) that is isl's answer below: 0, 3, 6, 9, 10, 12,
  // 13, 15, 16, 18..22.
  Relation s = R("{ [i] : i mod 3 = 0 and 0 <= i <= 9 or 20 <= i <= 22 }");
  BasicRelation h = s.convexHull();
  expectSame(h, "{ [i] : i <= 22 and 10*floor(i/3) >= 3i }");
  EXPECT_EQ(h.numLocals(), 1u);
  expectSame(s.polyhedralHull(), "{ [i] : 0 <= i <= 22 }");
}

TEST(ConvexHull, ExistentialsBecomeDivisions) {
  // 6a + 4b ranges over the even numbers.
  Relation s = R("{ [i] : exists a, b : i = 6a + 4b and 0 <= i <= 20 }");
  expectSame(s.convexHull(), "{ [i] : i mod 2 = 0 and 0 <= i <= 20 }");
}

TEST(ConvexHull, EmptyAndZeroDimensional) {
  EXPECT_TRUE(R("{ [i] : false }").convexHull().isEmpty());
  EXPECT_TRUE(R("{ [i, j] : 2i = 1 }").convexHull().isEmpty());
  EXPECT_TRUE(R("{ [i] : 0 <= i <= 3 and 2i = 7 or i > 5 and i < 6 }")
                  .convexHull()
                  .isEmpty());
  expectSame(R("{ [] }").convexHull(), "{ [] }");
  EXPECT_TRUE(R("{ [] : false }").convexHull().isEmpty());
  expectSame(R("[n] -> { : 0 <= n <= 3 or n = 7 }").convexHull(),
             "[n] -> { : 0 <= n <= 7 }");
}

TEST(ConvexHull, MethodsAgree) {
  const char *inputs[] = {
      "{ [i, j] : i >= 0 and j >= 0 and i + j <= 4 or i = 5 and j = 5 }",
      "{ [i, j, k] : 0 <= i, j, k <= 2 or i = 4 and j = 4 and k = -1 }",
      "{ [i, j] : i >= 0 and j >= 0 or i = -3 and j = 2 }",
      "{ [i, j] : j >= i and j >= -i or j = -1 and -2 <= i <= 5 }",
      "[n] -> { [i] : 0 <= i < n or i = n + 5 }",
  };
  for (const char *in : inputs) {
    SCOPED_TRACE(in);
    Relation s = R(in);
    Relation a(s.convexHull(HullMethod::Wrapping));
    Relation b(s.convexHull(HullMethod::FourierMotzkin));
    Relation c(s.convexHull(HullMethod::DoubleDescription));
    EXPECT_TRUE(a.isEqual(b)) << a.toString() << " vs " << b.toString();
    EXPECT_TRUE(a.isEqual(c)) << a.toString() << " vs " << c.toString();
  }
}

//===----------------------------------------------------------------------===//
// Simple hull
//===----------------------------------------------------------------------===//

TEST(SimpleHull, Intervals) {
  expectSame(R("{ [i] : 0 <= i <= 3 or 10 <= i <= 12 }").simpleHull(),
             "{ [i] : 0 <= i <= 12 }");
}

TEST(SimpleHull, SeveralFreeDivisionsDropped) {
  // Both divisions of the lifted hull are left with only their defining
  // constraints and dropped one after the other; dropFreeDivs used to read
  // past the end of a row (stale column count) after the first one
  // (cross-check simple_hull, seed 1, case 42).
  expectSame(R("{ [i] : floor((i - 7)/2) <= 2i - 2 or (2i - 5) mod 4 = 1 }")
                 .simpleHull(),
             "{ [i] }");
}

TEST(SimpleHull, OnlyTranslatesOfGivenConstraints) {
  // Directions i, j, i + j (both signs where they occur): i + j <= 4 from
  // the triangle moves to i + j <= 10 for the point (5,5); no new
  // direction like 5i - j appears, so the hull is the box [0,5]^2.
  Relation s = R("{ [i, j] : i >= 0 and j >= 0 and i + j <= 4 or "
                 "i = 5 and j = 5 }");
  BasicRelation h = s.simpleHull();
  expectSame(h, "{ [i, j] : 0 <= i <= 5 and 0 <= j <= 5 }");
  EXPECT_TRUE(Relation(s.convexHull()).isSubsetOf(Relation(h)));
}

TEST(SimpleHull, UnboundedDirectionsAreDropped) {
  // i <= 0 bounds only the quadrant side; i >= -3 holds for both.
  expectSame(
      R("{ [i, j] : i >= 0 and j >= 0 or i = -3 and j = 2 }").simpleHull(),
      "{ [i, j] : i >= -3 and j >= 0 }");
  expectSame(R("[n] -> { [i] : 0 <= i < n or i = n + 5 }").simpleHull(),
             "[n] -> { [i] : i <= n + 5 }");
}

TEST(SimpleHull, RelationAndStrides) {
  // Directions j - 2i, j - i (both signs), i (both): j - i <= 4 (at
  // (4,8)), j - i >= 0, j <= 2i, i <= 12.
  expectSame(R("{ [i] -> [j] : j = 2i and 0 <= i <= 4 or "
               "j = i and 10 <= i <= 12 }")
                 .simpleHull(),
             "{ [i] -> [j] : i <= 12 and i <= j <= i + 4 and j <= 2i }");
  // One disjunct: itself (stride kept).
  expectSame(R("{ [i] : i mod 3 = 0 and 0 <= i <= 9 }").simpleHull(),
             "{ [i] : i mod 3 = 0 and 0 <= i <= 9 }");
  EXPECT_TRUE(R("{ [i] : false }").simpleHull().isEmpty());
}

//===----------------------------------------------------------------------===//
// Affine hull
//===----------------------------------------------------------------------===//

TEST(AffineHull, PointsLinesAndSpaces) {
  expectSame(R("{ [i] : 0 <= i <= 3 or 10 <= i <= 12 }").affineHull(),
             "{ [i] }");
  expectSame(R("{ [i, j] : i = 2 and j = 3 }").affineHull(),
             "{ [i, j] : i = 2 and j = 3 }");
  expectSame(
      R("{ [i, j, k] : i = 1 and j = 1 or i = 2 and j = 3 }").affineHull(),
      "{ [i, j, k] : j = 2i - 1 }");
  // Equalities that only the integer points satisfy: 2i + 2j in [1, 2]
  // means i + j = 1.
  expectSame(R("{ [i, j] : 1 <= 2i + 2j <= 2 and 0 <= i <= 5 }").affineHull(),
             "{ [i, j] : i + j = 1 }");
  expectSame(R("[n] -> { [i] : i = n and 0 <= n <= 5 }").affineHull(),
             "[n] -> { [i] : i = n }");
}

// One piece whose integer points span the space (a skewed triangle, no
// equality, no stride) makes the affine hull of the union the universe,
// whatever strides and equalities the other pieces carry.
TEST(AffineHull, AFullDimensionalPieceSpansTheSpace) {
  expectSame(R("{ [i, j] : i >= 0 and j >= 0 and i + j <= 4 or i = 5 and "
               "j = 5 }")
                 .affineHull(),
             "{ [i, j] }");
  expectSame(R("{ [i, j] : i = 7 and j mod 3 = 0 or 0 <= 2i - j <= 1 and "
               "0 <= i + j <= 4 }")
                 .affineHull(),
             "{ [i, j] }");
  // The simple hull keeps every direction of the pieces: the triangle's and
  // the point's bounds, translated.
  expectSame(R("{ [i, j] : i >= 0 and j >= 0 and i + j <= 4 or i = 5 and "
               "j = 5 }")
                 .simpleHull(),
             "{ [i, j] : 0 <= i <= 5 and 0 <= j <= 5 and i + j <= 10 }");
}

TEST(AffineHull, StridesSurviveAsDivisions) {
  // isl keeps a stride that a division expresses: { [i] : i mod 3 = 0 },
  // not the universe.
  expectSame(R("{ [i] : i mod 3 = 0 and 0 <= i <= 9 }").affineHull(),
             "{ [i] : i mod 3 = 0 }");
  // Existentials that are not divisions leave their stride behind.
  expectSame(
      R("{ [i] : exists a, b : i = 6a + 4b and 0 <= i <= 20 }").affineHull(),
      "{ [i] : i mod 2 = 0 }");
  // Two strided disjuncts: with e = floor(i/2) the points (i, j, e) are
  // (2e, 0, e) and (2e + 1, 1, e), all on i = 2e + j; so j = i mod 2 (a
  // set that is not an affine subspace of (i, j), as in isl).
  expectSame(R("{ [i, j] : i mod 2 = 0 and j = 0 and 0 <= i <= 10 or "
               "i mod 2 = 1 and j = 1 and 0 <= i <= 10 }")
                 .affineHull(),
             "{ [i, j] : j = i - 2*floor(i/2) }");
  // A point off the stride gives the universe.
  expectSame(R("{ [i] : i mod 3 = 0 and 0 <= i <= 9 or i = 1 }").affineHull(),
             "{ [i] }");
}

TEST(AffineHull, OnlyDivisionsCarryStrides) {
  // As in isl: two points 4 apart without a division give the universe
  // (the affine subspace), not the lattice 4Z; a division fixed by an
  // equality is substituted away first.
  expectSame(R("{ [i] : i = 0 or i = 4 }").affineHull(), "{ [i] }");
  expectSame(R("{ [i] : -2 <= i <= -1 and i mod 2 = 0 or i = 2 }").affineHull(),
             "{ [i] }");
}

TEST(AffineHull, StridesTheEqualitiesImplyGetNoDivision) {
  // In the first disjunct n = 3i + 3 implies n mod 3 = 0. Were that stride
  // a division of its own, the lifted union would tie it to the second
  // disjunct's floor((n + 1)/3) and keep n - d0 - 2 d1 = 0, which excludes
  // n mod 3 = 1. The points (i, n) = (-1, 0), (-2, 2), (-3, 2), (-2, -1)
  // span the whole space, and so does isl's hull.
  expectSame(R("[n] -> { [i] : (3i = -3 + n and n >= -6) or "
               "((1 + n) mod 3 = 0 and i <= -2) }")
                 .affineHull(),
             "[n] -> { [i] }");
  // The same with the stride written as an existential.
  expectSame(R("[n] -> { [i] : (exists e : n = 3e and 3i = -3 + n and "
               "n >= -6) or ((1 + n) mod 3 = 0 and i <= -2) }")
                 .affineHull(),
             "[n] -> { [i] }");
  // A stride implied by another stride stays: it is what the union keeps.
  expectSame(R("[n] -> { [i, j] : (n = 1 and i < 0 and j <= -2) or "
               "((1 + n) mod 2 = 0 and (1 + n + 2j) mod 4 = 0 and "
               "-7 - 2n <= j <= 0) }")
                 .affineHull(),
             "[n] -> { [i, j] : (1 + n) mod 2 = 0 }");
}

TEST(AffineHull, EmptyAndZeroDimensional) {
  EXPECT_TRUE(R("{ [i] : false }").affineHull().isEmpty());
  EXPECT_TRUE(R("{ [i] : 0 <= 3i <= 2 and i >= 1 }").affineHull().isEmpty());
  expectSame(R("{ [] }").affineHull(), "{ [] }");
  expectSame(R("[n] -> { : n = 3 }").affineHull(), "[n] -> { : n = 3 }");
}

//===----------------------------------------------------------------------===//
// removeDivs
//===----------------------------------------------------------------------===//

TEST(RemoveDivs, RationalShadow) {
  // i = 3e and j - 2 <= e <= j: eliminating e rationally gives
  // 3j - 6 <= i <= 3j, which contains points with i not a multiple of 3.
  Relation s = R("{ [i, j] : exists e : i = 3e and j - 2 <= e <= j }");
  Relation r = s.removeDivs();
  expectSame(r, "{ [i, j] : 3j - 6 <= i <= 3j }");
  for (const BasicRelation &b : r.disjuncts())
    EXPECT_EQ(b.numLocals(), 0u);
  EXPECT_TRUE(s.isSubsetOf(r));
  EXPECT_FALSE(r.isSubsetOf(s));
}

TEST(RemoveDivs, KeepsDisjunctsAndTightensOverTheIntegers) {
  expectSame(R("{ [i] : i mod 3 = 0 and 0 <= i <= 9 }").removeDivs(),
             "{ [i] : 0 <= i <= 9 }");
  // 2 <= 2e <= 3 and i = e: e in [1, 3/2], so i = 1 after tightening.
  expectSame(R("{ [i] : exists e : i = e and 2 <= 2e <= 3 }").removeDivs(),
             "{ [i] : i = 1 }");
  Relation two = R("{ [i] : i mod 2 = 0 and 0 <= i <= 4 or 10 <= i <= 11 }");
  Relation r = two.removeDivs();
  EXPECT_EQ(r.numDisjuncts(), 2u);
  expectSame(r, "{ [i] : 0 <= i <= 4 or 10 <= i <= 11 }");
  Relation plain = R("{ [i, j] : 0 <= i <= j }");
  expectSame(plain.removeDivs(), "{ [i, j] : 0 <= i <= j }");
}

//===----------------------------------------------------------------------===//
// Per-dimension bounds
//===----------------------------------------------------------------------===//

TEST(DimBounds, BoxesAndStrides) {
  DimBounds b =
      R("{ [i] : i mod 3 = 0 and 0 <= i <= 9 }").dimBounds(VarKind::Range, 0);
  EXPECT_FALSE(b.empty);
  EXPECT_EQ(b.lower, Int(0));
  EXPECT_EQ(b.upper, Int(9));
  EXPECT_EQ(b.stride, Int(3));
  EXPECT_EQ(b.offset, Int(0));

  b = R("{ [i] : i mod 4 = 1 and 0 <= i <= 20 }").dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(1));
  EXPECT_EQ(b.upper, Int(17));
  EXPECT_EQ(b.stride, Int(4));
  EXPECT_EQ(b.offset, Int(1));

  // Two points 4 apart: congruent modulo 4 although no division says so.
  b = R("{ [i] : i = -3 or i = 5 }").dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(-3));
  EXPECT_EQ(b.upper, Int(5));
  EXPECT_EQ(b.stride, Int(8));
  EXPECT_EQ(b.offset, Int(5));

  // A single value: stride 1.
  b = R("{ [i, j] : i = 7 and 0 <= j <= 3 }").dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(7));
  EXPECT_EQ(b.upper, Int(7));
  EXPECT_EQ(b.stride, Int(1));
  EXPECT_EQ(b.offset, Int(0));
}

TEST(DimBounds, IntegerNotRational) {
  // The rational range of i is [1/3, 8/3]; the integers are 1 and 2.
  DimBounds b = R("{ [i, j] : 3i >= 1 and 3i <= 8 and j = 0 }")
                    .dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(1));
  EXPECT_EQ(b.upper, Int(2));
  // A thin triangle whose rational box is larger than its integer points:
  // 2i = j + k, 0 <= k <= 1, 0 <= j <= 5: i in [0, 3].
  b = R("{ [i, j, k] : 2i = j + k and 0 <= k <= 1 and 0 <= j <= 5 and "
        "k <= j }")
          .dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(0));
  EXPECT_EQ(b.upper, Int(3));
  // Existential: i = 4e + 2 with 0 <= e <= 3 (e an existential).
  b = R("{ [i] : exists e : i = 4e + 2 and 0 <= e <= 3 }")
          .dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(2));
  EXPECT_EQ(b.upper, Int(14));
  EXPECT_EQ(b.stride, Int(4));
  EXPECT_EQ(b.offset, Int(2));
}

TEST(DimBounds, UnboundedParametersAndUnions) {
  DimBounds b = R("[n] -> { [i] : 0 <= i <= n }").dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(0));
  EXPECT_FALSE(b.upper.has_value());
  b = R("[n] -> { [i] : 0 <= i <= n and n <= 10 }")
          .dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(0));
  EXPECT_EQ(b.upper, Int(10));
  b = R("[n] -> { [i] : 0 <= i <= n and n <= 10 }")
          .dimBounds(VarKind::Param, 0);
  EXPECT_EQ(b.lower, Int(0));
  EXPECT_EQ(b.upper, Int(10));
  b = R("{ [i] : i mod 2 = 0 and 0 <= i <= 4 or i mod 2 = 1 and "
        "11 <= i <= 13 }")
          .dimBounds(VarKind::Range, 0);
  EXPECT_EQ(b.lower, Int(0));
  EXPECT_EQ(b.upper, Int(13));
  EXPECT_EQ(b.stride, Int(1));
  b = R("{ [i] : i <= 3 and i mod 5 = 3 }").dimBounds(VarKind::Range, 0);
  EXPECT_FALSE(b.lower.has_value());
  EXPECT_EQ(b.upper, Int(3));
  EXPECT_EQ(b.stride, Int(5));
  EXPECT_EQ(b.offset, Int(3));
}

TEST(DimBounds, RelationsAllDimensionsAndEmpty) {
  Relation r = R("{ [i] -> [j] : j = 2i + 1 and 0 <= i <= 4 }");
  std::vector<DimBounds> all = r.dimBounds();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].lower, Int(0));
  EXPECT_EQ(all[0].upper, Int(4));
  EXPECT_EQ(all[0].stride, Int(1));
  EXPECT_EQ(all[1].lower, Int(1));
  EXPECT_EQ(all[1].upper, Int(9));
  EXPECT_EQ(all[1].stride, Int(2));
  EXPECT_EQ(all[1].offset, Int(1));
  DimBounds e = R("{ [i] : 2i = 1 }").dimBounds(VarKind::Range, 0);
  EXPECT_TRUE(e.empty);
  EXPECT_THROW(R("{ [i] : i = 0 }").dimBounds(VarKind::Range, 1),
               InvalidArgument);
  EXPECT_THROW(R("{ [i] : i = 0 }").dimBounds(VarKind::Domain, 0),
               InvalidArgument);
}

//===----------------------------------------------------------------------===//
// Union relations
//===----------------------------------------------------------------------===//

TEST(UnionHulls, PieceByPiece) {
  UnionRelation u =
      parseUnion("{ A[i] : 0 <= i <= 2 or 5 <= i <= 7; "
                 "B[i, j] : i = j and 0 <= i <= 3 or i = 0 and j = 5 }");
  EXPECT_TRUE(
      u.convexHull().isEqual(parseUnion("{ A[i] : 0 <= i <= 7; B[i, j] : i >= "
                                        "0 and j >= i and 2i + 3j <= 15 }")));
  EXPECT_TRUE(u.polyhedralHull().isEqual(u.convexHull()));
  EXPECT_TRUE(u.simpleHull().isEqual(
      parseUnion("{ A[i] : 0 <= i <= 7; B[i, j] : 0 <= i <= 3 and "
                 "0 <= j <= 5 and j >= i }")));
  EXPECT_TRUE(u.affineHull().isEqual(parseUnion("{ A[i]; B[i, j] }")));
  EXPECT_TRUE(u.removeDivs().isEqual(u));
  // The convex hull tightens the bounds on the lattice i = 4e + 1
  // (0 <= 4e + 1 gives e >= 0) before the division is dropped, so the
  // polyhedral hull starts at 1 (as isl); removeDivs alone does not.
  UnionRelation strided = parseUnion("{ C[i] : i mod 4 = 1 and 0 <= i <= 9 }");
  EXPECT_TRUE(
      strided.polyhedralHull().isEqual(parseUnion("{ C[i] : 1 <= i <= 9 }")));
  EXPECT_TRUE(
      strided.removeDivs().isEqual(parseUnion("{ C[i] : 0 <= i <= 9 }")));
  EXPECT_TRUE(UnionRelation().convexHull().isEmpty());
}

// Loop bounds with strides (i = 4e, j = 6f): the affine hull is the lattice
// of the strides, found through the substitution fast path; a union of
// such pieces keeps what they share.
TEST(AffineHull, StridedLoopBounds) {
  expectSame(R("{ [i, j] : 0 <= i < 100 and i mod 4 = 0 and "
               "0 <= j < 100 and j mod 6 = 0 }")
                 .affineHull(),
             "{ [i, j] : i mod 4 = 0 and j mod 6 = 0 }");
  // A skewed stride: i = 2j + 4k, so i - 2j is a multiple of 4.
  expectSame(R("{ [i, j] : exists (k : i = 2j + 4k and 0 <= j < 10 and "
               "0 <= k < 10) }")
                 .affineHull(),
             "{ [i, j] : (i - 2j) mod 4 = 0 }");
  // j = 3i on a segment: an equality, no stride.
  expectSame(R("{ [i, j] : j = 3i and 0 <= i < 10 }").affineHull(),
             "{ [i, j] : j = 3i }");
  expectSame(R("{ [i] : 0 <= i < 100 and i mod 4 = 0; "
               "[i] : 200 <= i < 300 and i mod 8 = 0 }")
                 .affineHull(),
             "{ [i] : i mod 4 = 0 }");
}
