// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Expression kinds, hash-consing, folding, printing, semantics of floor and
// collective division on negative operands, linearization.
#include "penguin/AffineExpr.h"
#include "penguin/Error.h"
#include "penguin/Linearize.h"

#include <gtest/gtest.h>

#include <climits>

using namespace penguin;

namespace {

class AffineExprTest : public ::testing::Test {
protected:
  ExprContext ctx;
  AffineExpr i = ctx.index("i");
  AffineExpr j = ctx.index("j");
  AffineExpr n = ctx.param("N");
  AffineExpr r = ctx.runtimeValue("r");

  int64_t eval(AffineExpr e, int64_t iv = 0, int64_t jv = 0, int64_t nv = 0,
               int64_t rv = 0) {
    Valuation v;
    v.set(i, iv);
    v.set(j, jv);
    v.set(n, nv);
    v.set(r, rv);
    return evaluate(e, v);
  }
};

TEST_F(AffineExprTest, LeafKindsAndNames) {
  EXPECT_EQ(i.kind(), ExprKind::Index);
  EXPECT_EQ(n.kind(), ExprKind::Param);
  EXPECT_EQ(r.kind(), ExprKind::RuntimeValue);
  EXPECT_EQ(i.name(), "i");
  EXPECT_EQ(n.name(), "N");
  EXPECT_TRUE(i.isLeaf());
  EXPECT_TRUE(r.hasRuntimeValue());
  EXPECT_FALSE(i.hasRuntimeValue());
  EXPECT_TRUE((i + r).hasRuntimeValue());
  AffineExpr c = ctx.constant(-5);
  EXPECT_EQ(c.kind(), ExprKind::Constant);
  EXPECT_EQ(c.constantValue(), -5);
}

TEST_F(AffineExprTest, HashConsingGivesOneObject) {
  AffineExpr a = 2 * i + j - 3;
  AffineExpr b = 2 * i + j - 3;
  EXPECT_EQ(a.node(), b.node());
  EXPECT_EQ(ctx.index("i").node(), i.node());
  // Same name, different kind: different nodes.
  EXPECT_NE(ctx.param("i").node(), i.node());
  // Structure matters before linearization.
  EXPECT_NE((i + 1).node(), (1 + i).node());
  EXPECT_EQ(linearizeAffineExpr(i + 1).node(),
            linearizeAffineExpr(1 + i).node());
  EXPECT_EQ(floorDiv(i + 1, 4).node(), floorDiv(i + 1, 4).node());
  EXPECT_NE(floorDiv(i + 1, 4).node(), floorDiv(i + 1, 2).node());
  EXPECT_NE(ccDiv(i, 4, 0).node(), ccDiv(i, 4, 1).node());
  EXPECT_NE(ccDiv(i, 4, 0).node(), floorDiv(i, 4).node());
  EXPECT_EQ(a.hash(), b.hash());
  size_t before = ctx.size();
  (void)(2 * i + j - 3);
  EXPECT_EQ(ctx.size(), before);
}

TEST_F(AffineExprTest, ContextsAreIndependent) {
  ExprContext other;
  AffineExpr i2 = other.index("i");
  EXPECT_NE(i2.node(), i.node());
  EXPECT_THROW(i + i2, IRError);
  EXPECT_THROW(ctx.add(i, i2), IRError);
}

TEST_F(AffineExprTest, SumFlattensAndFolds) {
  AffineExpr s = (i + j) + (n + 2);
  ASSERT_EQ(s.kind(), ExprKind::Sum);
  EXPECT_EQ(s.terms().size(), 4u);
  EXPECT_EQ(s.str(), "i + j + N + 2");
  EXPECT_EQ((ctx.constant(2) + ctx.constant(3)).constantValue(), 5);
  EXPECT_EQ((i + 0).node(), i.node());
  EXPECT_EQ(eval(s, 1, 2, 3), 8);
}

TEST_F(AffineExprTest, MultIsByConstantOnly) {
  AffineExpr m = 3 * i;
  ASSERT_EQ(m.kind(), ExprKind::Mult);
  EXPECT_EQ(m.coeff(), 3);
  EXPECT_EQ(m.sub().node(), i.node());
  EXPECT_EQ((1 * i).node(), i.node());
  EXPECT_EQ((0 * i).constantValue(), 0);
  EXPECT_EQ((2 * (3 * i)).node(), (6 * i).node());
  EXPECT_EQ((-(-i)).node(), i.node());
  EXPECT_EQ((i * ctx.constant(4)).node(), (4 * i).node());
  EXPECT_THROW(i * j, NonAffineError);
  EXPECT_EQ(eval(-2 * (i + j), 3, 4), -14);
}

TEST_F(AffineExprTest, FloorDivAndModNegativeOperands) {
  // floor semantics: floordiv(-7, 4) = -2, mod(-7, 4) = 1.
  AffineExpr fd = floorDiv(i, 4), md = mod(i, 4);
  EXPECT_EQ(fd.kind(), ExprKind::FloorDiv);
  EXPECT_EQ(md.kind(), ExprKind::Modulo);
  EXPECT_EQ(fd.denominator(), 4);
  struct Case {
    int64_t a, q, m;
  } cases[] = {{-7, -2, 1}, {-8, -2, 0}, {-1, -1, 3}, {0, 0, 0},
               {7, 1, 3},   {8, 2, 0},   {-4, -1, 0}, {3, 0, 3}};
  for (const Case &c : cases) {
    EXPECT_EQ(eval(fd, c.a), c.q) << c.a;
    EXPECT_EQ(eval(md, c.a), c.m) << c.a;
    // Constant folding agrees with evaluation.
    EXPECT_EQ(floorDiv(ctx.constant(c.a), 4).constantValue(), c.q);
    EXPECT_EQ(mod(ctx.constant(c.a), 4).constantValue(), c.m);
    // The defining identity.
    EXPECT_EQ(4 * c.q + c.m, c.a);
  }
  EXPECT_EQ(floorDiv(i, 1).node(), i.node());
  EXPECT_EQ(mod(i, 1).constantValue(), 0);
  EXPECT_THROW(floorDiv(i, 0), IRError);
  EXPECT_THROW(mod(i, -3), IRError);
  EXPECT_EQ(floorDiv(ctx.constant(INT64_MIN), 1).constantValue(), INT64_MIN);
  EXPECT_EQ(floorDiv(ctx.constant(INT64_MIN), 2).constantValue(),
            INT64_MIN / 2);
}

TEST_F(AffineExprTest, CollectiveKindsUseCeilingSemantics) {
  AffineExpr cd = ccDiv(i, 4, 7), cm = ccMod(i, 4, 7);
  EXPECT_EQ(cd.kind(), ExprKind::CCDiv);
  EXPECT_EQ(cm.kind(), ExprKind::CCMod);
  EXPECT_EQ(cd.denominator(), 4);
  EXPECT_EQ(cd.replicaGroupsId(), 7u);
  EXPECT_EQ(cm.replicaGroupsId(), 7u);
  EXPECT_EQ(cd.str(), "ccdiv(i, 4, 7)");
  EXPECT_EQ(cm.str(), "ccmod(i, 4, 7)");
  struct Case {
    int64_t a, q, m;
  } cases[] = {{7, 2, -1},   {8, 2, 0},   {1, 1, -3},  {0, 0, 0},
               {-7, -1, -3}, {-8, -2, 0}, {-1, 0, -1}, {5, 2, -3}};
  for (const Case &c : cases) {
    EXPECT_EQ(eval(cd, c.a), c.q) << c.a;
    EXPECT_EQ(eval(cm, c.a), c.m) << c.a;
    EXPECT_EQ(ccDiv(ctx.constant(c.a), 4, 7).constantValue(), c.q);
    EXPECT_EQ(ccMod(ctx.constant(c.a), 4, 7).constantValue(), c.m);
    EXPECT_EQ(4 * c.q + c.m, c.a);
    EXPECT_GT(c.m, -4);
    EXPECT_LE(c.m, 0);
  }
  // Not folded for d == 1: the replica-group identity stays visible.
  EXPECT_EQ(ccDiv(i, 1, 3).kind(), ExprKind::CCDiv);
  EXPECT_THROW(ccDiv(i, 0, 0), IRError);
  EXPECT_THROW(ccMod(i, -2, 0), IRError);
}

TEST_F(AffineExprTest, AccessorsRejectWrongKinds) {
  EXPECT_THROW(i.constantValue(), IRError);
  EXPECT_THROW(ctx.constant(1).name(), IRError);
  EXPECT_THROW(i.terms(), IRError);
  EXPECT_THROW(i.coeff(), IRError);
  EXPECT_THROW(i.denominator(), IRError);
  EXPECT_THROW(floorDiv(i, 2).replicaGroupsId(), IRError);
  AffineExpr null;
  EXPECT_TRUE(null.isNull());
  EXPECT_THROW(null.kind(), IRError);
  EXPECT_THROW(null.str(), IRError);
  EXPECT_THROW(ctx.index("1x"), IRError);
  EXPECT_THROW(ctx.param(""), IRError);
}

TEST_F(AffineExprTest, PrintingIsPrecise) {
  EXPECT_EQ((-i + 6).str(), "-i + 6");
  EXPECT_EQ((i - 2 * j).str(), "i - 2*j");
  EXPECT_EQ((2 * (i + j)).str(), "2*(i + j)");
  EXPECT_EQ((n - (i + j)).str(), "N - (i + j)");
  EXPECT_EQ((-(i + j)).str(), "-(i + j)");
  EXPECT_EQ((3 * floorDiv(i + 1, 4) - mod(j, 2)).str(),
            "3*floordiv(i + 1, 4) - mod(j, 2)");
  EXPECT_EQ(ctx.constant(-3).str(), "-3");
  EXPECT_EQ((ctx.constant(-3) + i).str(), "-3 + i");
  EXPECT_EQ((i + ctx.constant(INT64_MIN)).str(), "i + -9223372036854775808");
}

TEST_F(AffineExprTest, OverflowIsAnError) {
  AffineExpr big = ctx.constant(INT64_MAX);
  EXPECT_THROW(big + 1, OverflowError);
  EXPECT_THROW(-ctx.constant(INT64_MIN), OverflowError);
  EXPECT_THROW(2 * (INT64_MAX * i), OverflowError);
  Valuation v;
  v.set(i, INT64_MAX);
  EXPECT_THROW(evaluate(i + 1, v), OverflowError);
}

TEST_F(AffineExprTest, EvaluationNeedsEveryLeaf) {
  Valuation v;
  v.set(i, 1);
  EXPECT_THROW(evaluate(i + j, v), IRError);
  EXPECT_THROW(v.set(ctx.constant(1), 2), IRError);
}

TEST_F(AffineExprTest, DeterministicOrder) {
  EXPECT_LT(compareExprs(i, j), 0);
  EXPECT_LT(compareExprs(i, n), 0); // Index before Param
  EXPECT_LT(compareExprs(n, r), 0); // Param before RuntimeValue
  EXPECT_LT(compareExprs(r, floorDiv(i, 2)), 0);
  EXPECT_EQ(compareExprs(i + 1, i + 1), 0);
  EXPECT_GT(compareExprs(j, i), 0);
}

TEST_F(AffineExprTest, ForEachLeafVisitsDistinctLeavesInOrder) {
  std::vector<std::string> seen;
  forEachLeaf(j + 2 * i + floorDiv(j + n, 3) + r,
              [&](AffineExpr l) { seen.push_back(l.name()); });
  EXPECT_EQ(seen, (std::vector<std::string>{"j", "i", "N", "r"}));
}

//===----------------------------------------------------------------------===//
// Linearization
//===----------------------------------------------------------------------===//

TEST_F(AffineExprTest, LinearizeFoldsNestedSumsAndMults) {
  AffineExpr e = 2 * (i + 3 * (j - i)) + 7 - (j + 1) + n;
  LinearExpr l = linearize(e);
  // 2i + 6j - 6i + 7 - j - 1 + N = -4i + 5j + N + 6
  EXPECT_EQ(l.constant(), 6);
  ASSERT_EQ(l.terms().size(), 3u);
  EXPECT_EQ(l.coefficient(i), -4);
  EXPECT_EQ(l.coefficient(j), 5);
  EXPECT_EQ(l.coefficient(n), 1);
  EXPECT_EQ(l.terms()[0].atom.node(), i.node()); // deterministic order
  EXPECT_EQ(linearizeAffineExpr(e).str(), "-4*i + 5*j + N + 6");
  // Cancelling terms vanish.
  EXPECT_TRUE(linearize(i - i + 3).isConstant());
  EXPECT_EQ(linearizeAffineExpr(i - i).str(), "0");
}

TEST_F(AffineExprTest, LinearizeIsCanonical) {
  AffineExpr a = linearizeAffineExpr(3 + 2 * j + i - j);
  AffineExpr b = linearizeAffineExpr(i + (j + 3));
  EXPECT_EQ(a.node(), b.node());
  EXPECT_EQ(a.str(), "i + j + 3");
  // Idempotent.
  EXPECT_EQ(linearizeAffineExpr(a).node(), a.node());
}

TEST_F(AffineExprTest, LinearizeFailsClearlyOnNonAffineTerms) {
  try {
    linearize(i + floorDiv(j, 4));
    FAIL() << "expected NonAffineError";
  } catch (const NonAffineError &e) {
    EXPECT_NE(std::string(e.what()).find("floordiv(j, 4)"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("not affine"), std::string::npos);
  }
  EXPECT_THROW(linearize(mod(i, 2)), NonAffineError);
  EXPECT_THROW(linearize(ccDiv(i, 2, 0)), NonAffineError);
  EXPECT_THROW(linearize(ccMod(i, 2, 0)), NonAffineError);
  // Runtime values are leaves: linear, just not compile-time.
  EXPECT_EQ(linearize(2 * r + i).coefficient(r), 2);
}

TEST_F(AffineExprTest, QuasiAffineModeKeepsDivAtomsCanonical) {
  AffineExpr e = floorDiv(i + 1, 2) + floorDiv(1 + i, 2) - mod(j, 3);
  LinearExpr l = linearize(e, LinearizeMode::QuasiAffine);
  ASSERT_EQ(l.terms().size(), 2u);
  EXPECT_EQ(l.terms()[0].coeff, 2);
  EXPECT_EQ(l.terms()[0].atom.str(), "floordiv(i + 1, 2)");
  EXPECT_EQ(l.terms()[1].coeff, -1);
  EXPECT_EQ(linearizeAffineExpr(e, LinearizeMode::QuasiAffine).str(),
            "2*floordiv(i + 1, 2) - mod(j, 3)");
  // A numerator that cancels to a constant folds away.
  LinearExpr c = linearize(floorDiv(i - i + 9, 2), LinearizeMode::QuasiAffine);
  EXPECT_TRUE(c.isConstant());
  EXPECT_EQ(c.constant(), 4);
}

TEST_F(AffineExprTest, LinearizeAffineIndicesIsPerDimension) {
  std::vector<AffineExpr> idx = {i + i, j - 1 + 1, 2 * (n + 1)};
  std::vector<AffineExpr> flat = linearizeAffineIndices(idx);
  ASSERT_EQ(flat.size(), 3u);
  EXPECT_EQ(flat[0].str(), "2*i");
  EXPECT_EQ(flat[1].str(), "j");
  EXPECT_EQ(flat[2].str(), "2*N + 2");
}

TEST_F(AffineExprTest, RemoveConstTerm) {
  auto [vars, c] = removeConstTerm(2 * i + 5 - j + 1);
  EXPECT_EQ(vars.str(), "2*i - j");
  EXPECT_EQ(c, 6);
  auto [v2, c2] = removeConstTerm(ctx.constant(4));
  EXPECT_EQ(v2.str(), "0");
  EXPECT_EQ(c2, 4);
}

TEST_F(AffineExprTest, LinearizationPreservesValue) {
  AffineExpr e = 3 * (i - 2 * (j + n)) - floorDiv(i + j, 3) + mod(i - j, 5) +
                 ccDiv(i, 4, 1) - ccMod(j, 3, 2);
  AffineExpr flat = linearizeAffineExpr(e, LinearizeMode::QuasiAffine);
  for (int64_t a = -6; a <= 6; ++a)
    for (int64_t b = -6; b <= 6; ++b)
      EXPECT_EQ(eval(e, a, b, a - b), eval(flat, a, b, a - b));
}

TEST_F(AffineExprTest, LinearExprArithmetic) {
  LinearExpr a = linearize(i + 2 * j + 1), b = linearize(i - 2 * j);
  EXPECT_EQ(a.plus(b), linearize(2 * i + 1));
  EXPECT_EQ(a.scaled(-1), linearize(-i - 2 * j - 1));
  EXPECT_EQ(a.plusConstant(4).constant(), 5);
  EXPECT_THROW(a.scaled(INT64_MAX), OverflowError);
}

} // namespace
