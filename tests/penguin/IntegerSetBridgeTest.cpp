// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The bridge: build_aff, predicates <-> sets, enumerate_affine_predicates,
// loop and parameter bounds, access relations.
#include "penguin/IntegerSetBridge.h"

#include "penguin/Linearize.h"
#include "penguin/Parser.h"

#include "presburger/Parser.h"
#include "presburger/Printer.h"

#include <gtest/gtest.h>

#include <random>

using namespace penguin;
using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;

namespace {

std::vector<Int> ints(std::initializer_list<int64_t> v) {
  std::vector<Int> out;
  for (int64_t x : v)
    out.push_back(Int(x));
  return out;
}

// The first instruction of the first kernel of `text`, with its loop nest.
struct Parsed {
  Module module;
  const Instruction *inst = nullptr;
  LoopNest nest;
  const Kernel &kernel() const { return module.kernels[0]; }
};

Parsed parseFirst(const std::string &text) {
  Parsed p{parseModule(text), nullptr, {}};
  walkInstructions(static_cast<const Kernel &>(p.module.kernels[0]),
                   [&](const Instruction &inst, const LoopNest &nest) {
                     if (!p.inst) {
                       p.inst = &inst;
                       p.nest = nest;
                     }
                   });
  return p;
}

std::string predicatesText(const std::vector<AffinePredicate> &ps) {
  std::string s;
  for (const AffinePredicate &p : ps)
    s += (s.empty() ? "" : " & ") + p.str();
  return s;
}

TEST(IntegerSetBridgeTest, DomainSpaceIsPositional) {
  DomainSpace s("s3", {"j", "i"}, {"M", "spmd"});
  EXPECT_EQ(s.space().toString(), "[M, spmd] -> { s3[j, i] }");
  EXPECT_EQ(*s.ivPosition("j"), 0u);
  EXPECT_EQ(*s.ivPosition("i"), 1u);
  EXPECT_EQ(*s.paramPosition("spmd"), 1u);
  EXPECT_FALSE(s.ivPosition("M"));
  EXPECT_THROW(DomainSpace("s0", {"i", "i"}, {}), BridgeError);
  EXPECT_THROW(DomainSpace("s0", {"i"}, {"i"}), BridgeError);
}

TEST(IntegerSetBridgeTest, CreateDomainSpaceFollowsTheLoopNest) {
  Parsed p = parseFirst("kernel k(param N, param spmd_id in [0, 3]) {\n"
                        "  tensor A : f32[64, 64] DRAM\n"
                        "  for j = 0 to N step 1 {\n"
                        "    for i = 0 to 8 step 2 {\n"
                        "      s7: A[i, j] = copy(A[j, i])\n"
                        "    }\n  }\n}\n");
  DomainSpace s = createDomainSpace(p.kernel(), p.nest, *p.inst);
  EXPECT_EQ(s.tupleName(), "s7");
  EXPECT_EQ(s.ivs(), (std::vector<std::string>{"j", "i"}));
  EXPECT_EQ(s.params(), (std::vector<std::string>{"N", "spmd_id"}));
}

TEST(IntegerSetBridgeTest, BuildAffFlattensToCoefficientRows) {
  ExprContext ctx;
  DomainSpace s("s0", {"i", "j"}, {"M", "spmd"});
  AffineExpr i = ctx.index("i"), j = ctx.index("j"), M = ctx.param("M");
  BasicRelation set;
  // (i + 2*j) + (3 - M) - (j - j) in any nesting is c + sum(coeff * idx).
  std::vector<Int> row = buildAff(
      ctx.add(ctx.add(i, ctx.mult(2, j)), ctx.sub(ctx.constant(3), M)), s, set);
  EXPECT_EQ(row, ints({-1, 0, 1, 2, 3}));
  EXPECT_EQ(set.numLocals(), 0u);
  row = buildAff(ctx.mult(3, ctx.add(i, ctx.mult(-1, i))), s, set);
  EXPECT_EQ(row, ints({0, 0, 0, 0, 0}));
  row = buildAff(ctx.constant(-5), s, set);
  EXPECT_EQ(row, ints({0, 0, 0, 0, -5}));
}

TEST(IntegerSetBridgeTest, UnknownIndexHasTheSeedMessage) {
  ExprContext ctx;
  DomainSpace s("s0", {"i"}, {"M"});
  BasicRelation set;
  try {
    buildAff(ctx.add(ctx.index("i"), ctx.index("k")), s, set);
    FAIL() << "expected BridgeError";
  } catch (const BridgeError &e) {
    EXPECT_STREQ(e.what(), "k doesn't appear in params or loopnest");
  }
  try {
    buildAff(ctx.param("N"), s, set);
    FAIL() << "expected BridgeError";
  } catch (const BridgeError &e) {
    EXPECT_STREQ(e.what(), "N doesn't appear in params or loopnest");
  }
  // An index inside a division is checked as well.
  EXPECT_THROW(buildAff(ctx.floorDiv(ctx.index("q"), 4), s, set), BridgeError);
}

TEST(IntegerSetBridgeTest, RuntimeValuesAreNotRepresentable) {
  ExprContext ctx;
  DomainSpace s("s0", {"i"}, {});
  BasicRelation set;
  try {
    buildAff(ctx.add(ctx.index("i"), ctx.runtimeValue("row")), s, set);
    FAIL() << "expected BridgeError";
  } catch (const BridgeError &e) {
    EXPECT_EQ(std::string(e.what()).rfind(
                  "row doesn't appear in params or loopnest", 0),
              0u)
        << e.what();
  }
  // As a predicate it is illegal before anything is translated.
  AffinePredicate bad(ctx.sub(ctx.runtimeValue("row"), ctx.index("i")), true);
  BasicRelation target(s.space());
  AffineBuilder b(s, target);
  try {
    b.addPredicate(bad);
    FAIL() << "expected IRError";
  } catch (const IRError &e) {
    EXPECT_EQ(std::string(e.what()).rfind("Invalid Predicate!", 0), 0u);
  }
  EXPECT_EQ(target.numConstraints(), 0u);
}

TEST(IntegerSetBridgeTest, DivisionsBecomeSharedLocals) {
  ExprContext ctx;
  DomainSpace s("s0", {"i"}, {});
  BasicRelation set(s.space());
  AffineBuilder b(s, set);
  AffineExpr i = ctx.index("i");
  std::vector<Int> q = b.build(ctx.floorDiv(i, 4));
  EXPECT_EQ(set.numLocals(), 1u);
  EXPECT_EQ(q, ints({0, 1, 0}));
  // mod(i, 4) = i - 4 * floor(i / 4) reuses the local; floordiv(1*i, 4) too.
  EXPECT_EQ(b.build(ctx.mod(i, 4)), ints({1, -4, 0}));
  EXPECT_EQ(b.build(ctx.floorDiv(ctx.mult(1, i), 4)), ints({0, 1, 0}));
  EXPECT_EQ(set.numLocals(), 1u);
  // The ceiling kinds get their own local floor((i + 3) / 4).
  EXPECT_EQ(b.build(ctx.ccDiv(i, 4, 0)), ints({0, 0, 1, 0}));
  EXPECT_EQ(set.numLocals(), 2u);
  EXPECT_EQ(b.build(ctx.ccMod(i, 4, 7)), ints({1, 0, -4, 0}));
  EXPECT_EQ(set.numLocals(), 2u);
  EXPECT_TRUE(set.hasDivDef(1));
  EXPECT_EQ(set.divDenominator(1), Int(4));
  EXPECT_EQ(
      std::vector<Int>(set.divNumerator(1).begin(), set.divNumerator(1).end()),
      ints({1, 0, 0, 3}));
}

// For each kind of expression e(i), the set { [i, v] : v = e(i) } holds
// exactly the pairs (i, evaluate(e, i)): floor semantics for floordiv/mod,
// ceiling semantics for ccdiv/ccmod (docs/penguin-ir.md).
TEST(IntegerSetBridgeTest, DivisionSemanticsMatchEvaluation) {
  ExprContext ctx;
  DomainSpace s("s0", {"i", "v"}, {});
  AffineExpr i = ctx.index("i"), v = ctx.index("v");
  std::vector<AffineExpr> exprs = {
      ctx.floorDiv(i, 4),
      ctx.mod(i, 4),
      ctx.ccDiv(i, 4, 1),
      ctx.ccMod(i, 4, 1),
      ctx.floorDiv(ctx.add(ctx.mult(3, i), ctx.constant(-2)), 5),
      ctx.ccMod(ctx.add(ctx.mult(-2, i), ctx.constant(1)), 3, 2),
      ctx.add(ctx.mod(ctx.floorDiv(i, 2), 3), ctx.ccDiv(i, 3, 0)),
  };
  for (AffineExpr e : exprs) {
    Relation set(
        predicatesToSet(std::vector<AffinePredicate>{predEq(v, e)}, s));
    for (int64_t x = -13; x <= 13; ++x) {
      Valuation val;
      val.set(i, x);
      int64_t expected = evaluate(e, val);
      for (int64_t y = expected - 5; y <= expected + 5; ++y)
        EXPECT_EQ(set.containsPoint({Int(x), Int(y)}), y == expected)
            << e.str() << " at i = " << x << ", v = " << y;
    }
  }
}

TEST(IntegerSetBridgeTest, PredicatesBecomeInequalitiesAndEqualities) {
  ExprContext ctx;
  DomainSpace s("s0", {"i", "j"}, {"N"});
  AffineExpr i = ctx.index("i"), j = ctx.index("j"), N = ctx.param("N");
  BasicRelation set = predicatesToSet(
      std::vector<AffinePredicate>{predLt(i, N), predEq(j, ctx.mult(2, i)),
                                   predGe(i, 0)},
      s);
  EXPECT_EQ(set.numEqualities(), 1u);
  EXPECT_EQ(set.numInequalities(), 2u);
  Relation expected =
      presburger::parseRelation("[N] -> { s0[i, j] : 0 <= i < N and j = 2i }");
  EXPECT_TRUE(Relation(set).isEqual(expected));
}

// The five verbs reach the engine as e >= 0 / e == 0, the strict ones with
// the -1, and give exactly the sets of their comparisons.
TEST(IntegerSetBridgeTest, VerbsBecomeExactSets) {
  ExprContext ctx;
  DomainSpace s("s0", {"i", "j"}, {});
  AffineExpr i = ctx.index("i"), j = ctx.index("j");
  struct Case {
    AffinePredicate pred;
    const char *isl;
  };
  std::vector<Case> cases = {
      {predGe(i, j), "{ s0[i, j] : i >= j }"},
      {predGt(i, j), "{ s0[i, j] : i > j }"},
      {predLe(i, j), "{ s0[i, j] : i <= j }"},
      {predLt(i, j), "{ s0[i, j] : i < j }"},
      {predEq(i, ctx.add(j, ctx.constant(2))), "{ s0[i, j] : i = j + 2 }"},
  };
  for (const Case &c : cases) {
    BasicRelation set =
        predicatesToSet(std::vector<AffinePredicate>{c.pred}, s);
    EXPECT_EQ(set.numEqualities() + set.numInequalities(), 1u);
    EXPECT_EQ(set.numEqualities(), c.pred.isEquality() ? 1u : 0u);
    EXPECT_TRUE(Relation(set).isEqual(presburger::parseRelation(c.isl)))
        << c.pred.str() << " vs " << c.isl;
  }
}

TEST(IntegerSetBridgeTest, EnumerateGivesBackPredicates) {
  ExprContext ctx;
  DomainSpace s("s0", {"i", "j"}, {"N"});
  auto enumerate = [&](const std::string &text) {
    BasicRelation b = presburger::parseBasicRelation(text);
    auto preds = enumerateAffinePredicates(b, s, ctx);
    return preds ? predicatesText(*preds) : std::string("none");
  };
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : 0 <= i < N and j = 2i }"),
            "2*i - j == 0 & i >= 0 & -i + N - 1 >= 0");
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : i > 5 and i < 3 }"), "none");
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : 2i = 2j + 1 }"), "none");
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] }"), "");
  // A stride comes back as a modulo, a division as a floordiv.
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : i mod 2 = 0 }"), "mod(i, 2) == 0");
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : exists e : i = 3e + 1 }"),
            "mod(i - 1, 3) == 0");
  // A division whose coefficient is not a multiple of its denominator
  // after the engine's gcd normalization still reads as a modulo.
  // (The engine keeps division coefficients in (-d/2, d/2], as isl does:
  // -2j - 6 = 0 mod 4 is j odd.)
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : (-2j - 6) mod 4 = 0 }"),
            "mod(j + 1, 2) == 0");
  {
    // Built by hand: q = floor((-2j - 6) / 4) and j + 3 + 2q == 0 (the
    // division's coefficient 2 is not a multiple of 4: the row is scaled).
    BasicRelation hand(s.space());
    unsigned q = hand.addDivLocal(ints({0, 0, -2, -6}), Int(4));
    std::vector<Int> eq = ints({0, 0, 1, 0, 3});
    eq[hand.offset(presburger::VarKind::Local) + q] = Int(2);
    hand.addEquality(eq);
    auto preds = enumerateAffinePredicates(hand, s, ctx);
    ASSERT_TRUE(preds);
    // floor((-2j - 6)/4) = floor((2j + 2)/4) - j - 2.
    EXPECT_EQ(predicatesText(*preds), "mod(2*j + 2, 4) == 0");
    EXPECT_TRUE(Relation(predicatesToSet(*preds, s)).isEqual(Relation(hand)));
  }
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : 2 * ((i + j) mod 3) <= 3 }"),
            "-mod(i + j, 3) + 1 >= 0");
  EXPECT_EQ(enumerate("[N] -> { s0[i, j] : j <= floor((i + N) / 4) }"),
            "-j + floordiv(i + N, 4) >= 0");
  // Parameters are matched by name, whatever their order in the set.
  BasicRelation other =
      presburger::parseBasicRelation("[X, N] -> { s0[i, j] : i < N + X }");
  auto preds = enumerateAffinePredicates(other, s, ctx);
  ASSERT_TRUE(preds);
  EXPECT_EQ(predicatesText(*preds), "-i + N + X - 1 >= 0");
  // Wrong shapes are rejected.
  EXPECT_THROW(enumerateAffinePredicates(
                   presburger::parseBasicRelation("{ s0[i] }"), s, ctx),
               BridgeError);
  EXPECT_THROW(enumerateAffinePredicates(
                   presburger::parseBasicRelation("{ A[i] -> B[j] }"), s, ctx),
               BridgeError);
}

TEST(IntegerSetBridgeTest, ExistentialWithoutDivisionIsReported) {
  ExprContext ctx;
  DomainSpace s("s0", {"i", "j"}, {});
  // e exists iff j >= 1 or i is even: no floor division expresses it.
  BasicRelation b = presburger::parseBasicRelation(
      "{ s0[i, j] : exists e : 0 <= i - 2e <= j and 0 <= j <= 5 and "
      "0 <= i <= 5 }");
  try {
    enumerateAffinePredicates(b, s, ctx);
    FAIL() << "expected BridgeError";
  } catch (const BridgeError &e) {
    EXPECT_NE(std::string(e.what()).find("floor-division definition"),
              std::string::npos)
        << e.what();
  }
}

TEST(IntegerSetBridgeTest, LoopAndParameterBounds) {
  Parsed p = parseFirst("kernel k(param N in [1, 16], param M) {\n"
                        "  tensor A : f32[64, 64] DRAM\n"
                        "  for i = 1 to N + 3 step 3 {\n"
                        "    for j = M to 10 step 1 {\n"
                        "      s0: A[i, j] = copy(A[j, i]) if i - j >= 0\n"
                        "    }\n  }\n}\n");
  DomainSpace s = createDomainSpace(p.kernel(), p.nest, *p.inst);
  Relation dom(iterationDomain(s, p.nest, p.kernel().params));
  Relation expected = presburger::parseRelation(
      "[N, M] -> { s0[i, j] : 1 <= N <= 16 and 1 <= i < N + 3 and "
      "(i - 1) mod 3 = 0 and M <= j < 10 }");
  EXPECT_TRUE(dom.isEqual(expected)) << dom.toString();
  Relation pred(
      iterationDomain(s, p.nest, p.kernel().params, p.inst->predicates));
  EXPECT_TRUE(pred.isEqual(expected.intersect(
      presburger::parseRelation("[N, M] -> { s0[i, j] : i >= j }"))));
  // A non-positive stride cannot be a domain.
  Loop bad = *p.nest[0];
  bad.stride = 0;
  LoopNest nest{&bad, p.nest[1]};
  EXPECT_THROW(iterationDomain(s, nest, p.kernel().params), BridgeError);
}

TEST(IntegerSetBridgeTest, AccessRelation) {
  Parsed p = parseFirst("kernel k(param N in [1, 16]) {\n"
                        "  tensor A : f32[64, 64] DRAM\n"
                        "  tensor B : f32[64] DRAM\n"
                        "  runtime r : i32\n"
                        "  for i = 0 to 8 step 1 {\n"
                        "    for j = 0 to 8 step 2 {\n"
                        "      s4: A[i + 1, floordiv(j, 2) + N] = "
                        "copy(B[r + i]) if i - j >= 0 & approx(j - 4 >= 0)\n"
                        "    }\n  }\n}\n");
  Relation acc = accessRelation(p.kernel(), *p.inst, p.nest, *p.inst->dst);
  Relation expected = presburger::parseRelation(
      "[N] -> { s4[i, j] -> A[i + 1, floor(j / 2) + N] : 1 <= N <= 16 and "
      "0 <= i < 8 and 0 <= j < 8 and j mod 2 = 0 and i >= j }");
  EXPECT_TRUE(acc.isEqual(expected)) << acc.toString();
  AccessOptions unpred;
  unpred.predicated = false;
  Relation all =
      accessRelation(p.kernel(), *p.inst, p.nest, *p.inst->dst, unpred);
  EXPECT_TRUE(all.isEqual(presburger::parseRelation(
      "[N] -> { s4[i, j] -> A[i + 1, floor(j / 2) + N] : 1 <= N <= 16 and "
      "0 <= i < 8 and 0 <= j < 8 and j mod 2 = 0 }")));
  const AccessPattern &read = std::get<AccessPattern>(p.inst->operands[0]);
  EXPECT_THROW(accessRelation(p.kernel(), *p.inst, p.nest, read), BridgeError);
  AccessOptions cover;
  cover.coverRuntimeIndices = true;
  Relation covered = accessRelation(p.kernel(), *p.inst, p.nest, read, cover);
  EXPECT_TRUE(covered.isEqual(presburger::parseRelation(
      "[N] -> { s4[i, j] -> B[o] : 1 <= N <= 16 and 0 <= i < 8 and 0 <= j < 8 "
      "and j mod 2 = 0 and i >= j and 0 <= o < 64 }")));
  AccessPattern wrongRank{"A", {p.inst->dst->indices[0]}, {}};
  EXPECT_THROW(accessRelation(p.kernel(), *p.inst, p.nest, wrongRank),
               BridgeError);
  AccessPattern noTensor{"Z", {p.inst->dst->indices[0]}, {}};
  EXPECT_THROW(accessRelation(p.kernel(), *p.inst, p.nest, noTensor),
               BridgeError);
}

// Random predicates over two loop variables and a parameter, with every
// kind of division: predicates -> set -> predicates -> set is the identity
// (engine equality), and the set holds exactly the points where the
// predicates evaluate to true (explicit enumeration).
TEST(IntegerSetBridgeTest, RandomRoundTripIsExact) {
  std::mt19937 rng(20240611);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  ExprContext ctx;
  DomainSpace s("s0", {"i", "j"}, {"P"});
  AffineExpr i = ctx.index("i"), j = ctx.index("j"), P = ctx.param("P");
  auto linear = [&]() {
    AffineExpr e = ctx.constant(pick(-6, 6));
    e = ctx.add(e, ctx.mult(pick(-3, 3), i));
    e = ctx.add(e, ctx.mult(pick(-3, 3), j));
    if (pick(0, 2) == 0)
      e = ctx.add(e, ctx.mult(pick(-2, 2), P));
    return e;
  };
  auto quasi = [&]() {
    AffineExpr e = linear();
    switch (pick(0, 6)) {
    case 0:
      return ctx.add(e,
                     ctx.mult(pick(-2, 2), ctx.floorDiv(linear(), pick(2, 4))));
    case 1:
      return ctx.add(e, ctx.mult(pick(-2, 2), ctx.mod(linear(), pick(2, 4))));
    case 2:
      return ctx.add(e,
                     ctx.mult(pick(-2, 2), ctx.ccDiv(linear(), pick(2, 4), 0)));
    case 3:
      return ctx.add(e,
                     ctx.mult(pick(-2, 2), ctx.ccMod(linear(), pick(2, 4), 1)));
    default:
      return e;
    }
  };
  int nonEmpty = 0;
  for (int round = 0; round < 200; ++round) {
    std::vector<AffinePredicate> preds = {predGe(i, -4), predLe(i, 4),
                                          predGe(j, -4), predLe(j, 4),
                                          predGe(P, -2), predLe(P, 2)};
    int n = pick(1, 3);
    for (int k = 0; k < n; ++k) {
      AffineExpr e = quasi();
      preds.push_back(pick(0, 3) == 0 ? AffinePredicate(e, false)
                                      : AffinePredicate(e, true));
    }
    BasicRelation set = predicatesToSet(preds, s);
    auto back = enumerateAffinePredicates(set, s, ctx);
    Relation original(set);
    if (!back) {
      EXPECT_TRUE(original.isEmpty()) << predicatesText(preds);
      continue;
    }
    ++nonEmpty;
    Relation again(predicatesToSet(*back, s));
    EXPECT_TRUE(again.isEqual(original))
        << predicatesText(preds) << "\n -> " << predicatesText(*back);
    for (int64_t pv = -2; pv <= 2; ++pv)
      for (int64_t x = -4; x <= 4; ++x)
        for (int64_t y = -4; y <= 4; ++y) {
          Valuation val;
          val.set(i, x);
          val.set(j, y);
          val.set(P, pv);
          bool holds = true;
          for (const AffinePredicate &p : preds)
            holds = holds && p.evaluate(val);
          bool holdsBack = true;
          for (const AffinePredicate &p : *back)
            holdsBack = holdsBack && p.evaluate(val);
          ASSERT_EQ(original.containsPoint({Int(pv), Int(x), Int(y)}), holds)
              << predicatesText(preds) << " at P=" << pv << " i=" << x
              << " j=" << y;
          ASSERT_EQ(holdsBack, holds)
              << predicatesText(preds) << "\n -> " << predicatesText(*back)
              << " at P=" << pv << " i=" << x << " j=" << y;
        }
  }
  EXPECT_GT(nonEmpty, 30);
}

} // namespace
