// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The five comparison verbs, their normalisation and folding; legality;
// is_approx; EQ to two GE.
#include "penguin/AffinePredicate.h"
#include "penguin/Error.h"
#include "penguin/Instruction.h"

#include <gtest/gtest.h>

using namespace penguin;

namespace {

class AffinePredicateTest : public ::testing::Test {
protected:
  ExprContext ctx;
  AffineExpr i = ctx.index("i");
  AffineExpr j = ctx.index("j");
  AffineExpr n = ctx.param("N");
  AffineExpr r = ctx.runtimeValue("r");

  bool holds(const AffinePredicate &p, int64_t iv, int64_t jv = 0,
             int64_t nv = 0) {
    Valuation v;
    v.set(i, iv);
    v.set(j, jv);
    v.set(n, nv);
    return p.evaluate(v);
  }
};

TEST_F(AffinePredicateTest, PredGe) {
  AffinePredicate p = predGe(i, n); // i - N >= 0
  EXPECT_TRUE(p.ge());
  EXPECT_FALSE(p.isEquality());
  EXPECT_EQ(p.str(), "i - N >= 0");
  EXPECT_TRUE(holds(p, 5, 0, 5));
  EXPECT_FALSE(holds(p, 4, 0, 5));
}

TEST_F(AffinePredicateTest, PredGtSubtractsOne) {
  AffinePredicate p = predGt(i, n); // i - N - 1 >= 0
  EXPECT_TRUE(p.ge());
  EXPECT_EQ(p.str(), "i - N - 1 >= 0");
  EXPECT_TRUE(holds(p, 6, 0, 5));
  EXPECT_FALSE(holds(p, 5, 0, 5));
}

TEST_F(AffinePredicateTest, PredLeSwapsOperands) {
  AffinePredicate p = predLe(i, n); // N - i >= 0
  EXPECT_TRUE(p.ge());
  EXPECT_EQ(p.str(), "-i + N >= 0");
  EXPECT_TRUE(holds(p, 5, 0, 5));
  EXPECT_FALSE(holds(p, 6, 0, 5));
}

TEST_F(AffinePredicateTest, PredLtSwapsAndSubtractsOne) {
  // The brief's example: i < 7 is 7 - i - 1 >= 0.
  AffinePredicate p = predLt(i, 7);
  EXPECT_TRUE(p.ge());
  EXPECT_EQ(p.str(), "-i + 6 >= 0");
  EXPECT_TRUE(holds(p, 6));
  EXPECT_FALSE(holds(p, 7));
}

TEST_F(AffinePredicateTest, PredEqIsTheOnlyEquality) {
  AffinePredicate p = predEq(i + 1, j);
  EXPECT_FALSE(p.ge());
  EXPECT_TRUE(p.isEquality());
  EXPECT_EQ(p.str(), "i - j + 1 == 0");
  EXPECT_TRUE(holds(p, 2, 3));
  EXPECT_FALSE(holds(p, 2, 2));
  using Verb = AffinePredicate (*)(AffineExpr, AffineExpr);
  for (Verb verb : {Verb(predGe), Verb(predGt), Verb(predLe), Verb(predLt)})
    EXPECT_TRUE(verb(i, j).ge());
}

TEST_F(AffinePredicateTest, VerbsAgreeWithComparisonsEverywhere) {
  for (int64_t a = -4; a <= 4; ++a)
    for (int64_t b = -4; b <= 4; ++b) {
      EXPECT_EQ(holds(predGe(i, j), a, b), a >= b);
      EXPECT_EQ(holds(predGt(i, j), a, b), a > b);
      EXPECT_EQ(holds(predLe(i, j), a, b), a <= b);
      EXPECT_EQ(holds(predLt(i, j), a, b), a < b);
      EXPECT_EQ(holds(predEq(i, j), a, b), a == b);
    }
}

TEST_F(AffinePredicateTest, ConstantPredicatesFold) {
  AffinePredicate t = predGe(ctx.constant(3), 1);
  EXPECT_TRUE(t.isTriviallyTrue());
  EXPECT_EQ(t.str(), "0 >= 0");
  AffinePredicate f = predLt(ctx.constant(3), 1);
  EXPECT_TRUE(f.isTriviallyFalse());
  EXPECT_EQ(f.str(), "-1 >= 0");
  // Variables that cancel fold too.
  EXPECT_TRUE(predEq(i + 1, 1 + i).isTriviallyTrue());
  EXPECT_TRUE(predGt(i, i).isTriviallyFalse());
  EXPECT_TRUE(predLe(i, i).isTriviallyTrue());
  EXPECT_TRUE(predEq(ctx.constant(2), 3).isTriviallyFalse());
  EXPECT_FALSE(predGe(i, 0).constantTruth().has_value());
  EXPECT_TRUE(truePredicate(ctx).isTriviallyTrue());
  EXPECT_TRUE(falsePredicate(ctx).isTriviallyFalse());
}

TEST_F(AffinePredicateTest, NormalFormIsCanonical) {
  // Different spellings of the same comparison give the same expression node.
  AffinePredicate a = predLt(i, 7), b = predGe(ctx.constant(6) - i, 0);
  EXPECT_EQ(a.expr().node(), b.expr().node());
  EXPECT_TRUE(a == b);
  AffinePredicate raw(ctx.constant(7) - i - 1, true);
  EXPECT_EQ(raw.str(), "7 - i - 1 >= 0");
  EXPECT_TRUE(normalizePredicate(raw) == a);
  EXPECT_TRUE(normalizePredicate(raw.withApprox(true)).isApprox());
}

TEST_F(AffinePredicateTest, QuasiAffinePredicates) {
  AffinePredicate p = predGe(floorDiv(i, 4) + 1, floorDiv(i, 4));
  EXPECT_TRUE(p.isTriviallyTrue());
  AffinePredicate q = predLt(mod(i, 4), 2);
  EXPECT_EQ(q.str(), "-mod(i, 4) + 1 >= 0");
  EXPECT_TRUE(isLegalPredicate(q));
  EXPECT_TRUE(holds(q, -3));  // mod(-3, 4) = 1 < 2
  EXPECT_FALSE(holds(q, -2)); // mod(-2, 4) = 2
}

TEST_F(AffinePredicateTest, IsApproxFlag) {
  AffinePredicate p = predGe(i, 0);
  EXPECT_FALSE(p.isApprox());
  AffinePredicate a = p.withApprox(true);
  EXPECT_TRUE(a.isApprox());
  EXPECT_EQ(a.str(), "approx(i >= 0)");
  EXPECT_FALSE(a == p);
  std::vector<AffinePredicate> preds = {p, a, predLt(i, 3)};
  std::vector<AffinePredicate> exact = dropApproxPredicates(preds);
  ASSERT_EQ(exact.size(), 2u);
  EXPECT_FALSE(exact[0].isApprox());
  EXPECT_FALSE(exact[1].isApprox());
}

TEST_F(AffinePredicateTest, LegalityRejectsRuntimeValues) {
  AffinePredicate ok = predLt(i + n, 10);
  AffinePredicate bad = predLt(i + r, 10);
  EXPECT_TRUE(isLegalPredicate(ok));
  EXPECT_FALSE(isLegalPredicate(bad));
  std::vector<AffinePredicate> mixed = {ok, bad};
  EXPECT_FALSE(isLegalPredicate(mixed));
  std::vector<AffinePredicate> fine = {ok, predGe(i, 0)};
  EXPECT_TRUE(isLegalPredicate(fine));
  EXPECT_NO_THROW(checkLegalPredicate(ok));
  try {
    checkLegalPredicate(bad);
    FAIL() << "expected IRError";
  } catch (const IRError &e) {
    std::string msg = e.what();
    EXPECT_EQ(msg.rfind("Invalid Predicate!", 0), 0u) << msg;
    EXPECT_NE(msg.find("'r'"), std::string::npos) << msg;
  }
}

TEST_F(AffinePredicateTest, AttachingAnIllegalPredicateRaises) {
  Instruction inst;
  inst.id = 3;
  inst.opcode = "copy";
  inst.addPredicate(predGe(i, 0));
  EXPECT_THROW(inst.addPredicate(predGe(r, 0)), IRError);
  EXPECT_EQ(inst.predicates.size(), 1u);
  std::vector<AffinePredicate> batch = {predLt(i, 4), predGe(r, 1)};
  EXPECT_THROW(addPredicateExprsToInst(inst, batch), IRError);
  EXPECT_EQ(inst.predicates.size(), 1u); // nothing attached
  EXPECT_THROW(inst.resetPredicates(batch), IRError);
  EXPECT_EQ(inst.predicates.size(), 1u);
  std::vector<AffinePredicate> good = {predLt(i, 4), predGe(j, 1)};
  addPredicateExprsToInst(inst, good);
  EXPECT_EQ(inst.predicates.size(), 3u);
  inst.resetPredicates({predEq(i, 2)});
  EXPECT_EQ(inst.predicates.size(), 1u);
}

TEST_F(AffinePredicateTest, EqToTwoGe) {
  AffinePredicate p = predEq(i, 3);
  auto [a, b] = normalizeEqToGe(p);
  EXPECT_EQ(a.str(), "i - 3 >= 0");
  EXPECT_EQ(b.str(), "-i + 3 >= 0");
  for (int64_t x = -2; x <= 8; ++x)
    EXPECT_EQ(holds(p, x), holds(a, x) && holds(b, x));
  EXPECT_THROW(normalizeEqToGe(predGe(i, 0)), IRError);
  EXPECT_EQ(opcodeForPredicate(p), CompareOpcode::Equal);
  EXPECT_EQ(opcodeForPredicate(a), CompareOpcode::GreaterEqual);
}

TEST_F(AffinePredicateTest, NegateInequality) {
  AffinePredicate p = predGe(i, 3);
  AffinePredicate q = negateInequality(p);
  EXPECT_EQ(q.str(), "-i + 2 >= 0");
  for (int64_t x = -2; x <= 8; ++x)
    EXPECT_NE(holds(p, x), holds(q, x));
  EXPECT_THROW(negateInequality(predEq(i, 0)), IRError);
}

TEST_F(AffinePredicateTest, NullExpressionsAreRejected) {
  EXPECT_THROW(AffinePredicate(AffineExpr(), true), IRError);
  EXPECT_THROW(predGe(AffineExpr(), i), IRError);
  EXPECT_THROW(predGe(i, AffineExpr()), IRError);
}

} // namespace
