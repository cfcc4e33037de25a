//===- ConstraintBuilderTest.cpp - Constraints over named variables -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/ConstraintBuilder.h"

#include "presburger/Errors.h"
#include "presburger/Parser.h"

#include <gtest/gtest.h>

using namespace presburger;

TEST(ConstraintBuilderTest, ATriangleWithAParameter) {
  ConstraintBuilder b = ConstraintBuilder::set({"n"}, "S", {"i", "j"});
  AffineExpr i = b["i"], j = b["j"], n = b["n"];
  b.add(0 <= i).add(i < n).add(0 <= j).add(j <= i);
  Relation built = b.buildRelation();
  EXPECT_TRUE(built.isEqual(
      parseRelation("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }")));
  // The names are kept as printing hints.
  EXPECT_EQ(built.toString(),
            parseRelation("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }")
                .toString());
}

TEST(ConstraintBuilderTest, ARelationWithEqualitiesAndBounds) {
  ConstraintBuilder b = ConstraintBuilder::relation({}, "A", {"i"}, "B", {"j"});
  b.add(b["j"] == 2 * b["i"] + 1)
      .addLowerBound("i", Int(0))
      .addUpperBound("i", Int(4));
  EXPECT_TRUE(b.buildRelation().isEqual(
      parseRelation("{ A[i] -> B[2i + 1] : 0 <= i <= 4 }")));
  ConstraintBuilder fixed = ConstraintBuilder::set({}, "", {"x", "y"});
  fixed.addEquality("x", Int(3)).add(fixed["y"] > fixed["x"] - 2 * fixed["x"]);
  EXPECT_TRUE(fixed.buildRelation().isEqual(
      parseRelation("{ [x, y] : x = 3 and y > -3 }")));
}

TEST(ConstraintBuilderTest, ExistentialsExpressStrides) {
  ConstraintBuilder b = ConstraintBuilder::set({}, "", {"x"});
  AffineExpr x = b["x"], e = b.addExistential("e");
  b.add(x == 3 * e + 1).add(0 <= x).add(x < 20);
  Relation r = b.buildRelation();
  EXPECT_TRUE(r.isEqual(
      parseRelation("{ [x] : exists k : x = 3k + 1 and 0 <= x < 20 }")));
  EXPECT_TRUE(r.containsPoint({Int(7)}));
  EXPECT_FALSE(r.containsPoint({Int(8)}));
}

TEST(ConstraintBuilderTest, ExpressionArithmetic) {
  AffineExpr a = AffineExpr::variable("a"), b = AffineExpr::variable("b");
  AffineExpr e = 3 * a - (b - 2) + a * 2 - 5 * a;
  EXPECT_EQ(e.coefficient("a"), Int(0));
  EXPECT_EQ(e.coefficient("b"), Int(-1));
  EXPECT_EQ(e.constant(), Int(2));
  EXPECT_EQ(e.terms().size(), 1u);
  EXPECT_TRUE((-a).coefficient("a") == Int(-1));
  AffineConstraint c = a < b;
  EXPECT_FALSE(c.isEquality);
  EXPECT_EQ(c.expr.constant(), Int(-1));
}

TEST(ConstraintBuilderTest, BadNamesAreInvalidArguments) {
  EXPECT_THROW(ConstraintBuilder::set({"i"}, "S", {"i"}), InvalidArgument);
  EXPECT_THROW(ConstraintBuilder::set({}, "S", {""}), InvalidArgument);
  ConstraintBuilder b = ConstraintBuilder::set({}, "S", {"i"});
  EXPECT_THROW(b["k"], InvalidArgument);
  EXPECT_THROW(b.addExistential("i"), InvalidArgument);
  b.add(AffineExpr::variable("k") >= 0);
  EXPECT_THROW(b.build(), InvalidArgument);
}

TEST(ConstraintBuilderTest, ContradictionsGiveTheEmptySet) {
  ConstraintBuilder b = ConstraintBuilder::set({}, "", {"i"});
  b.add(b["i"] >= 3).add(b["i"] <= 2);
  EXPECT_TRUE(b.buildRelation().isEmpty());
}
