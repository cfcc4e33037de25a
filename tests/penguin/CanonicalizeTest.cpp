// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The canonicalize pass, the pass registry and the statistics counters.
#include "penguin/Canonicalize.h"
#include "penguin/Error.h"
#include "penguin/Parser.h"
#include "penguin/Pass.h"
#include "penguin/Printer.h"
#include "penguin/Statistics.h"
#include "penguin/Verify.h"

#include <gtest/gtest.h>

#include <random>

using namespace penguin;

namespace {

std::string guardsOf(const std::string &cond) {
  Module m = parseModule("kernel k(param N) {\n  tensor A : f32[64] DRAM\n  "
                         "for i = 0 to 8 step 1 {\n    for j = 0 to 8 step 1 "
                         "{\n      s0: A[i] = copy(A[j]) if " +
                         cond + "\n    }\n  }\n}\n");
  canonicalizeModule(m);
  const Instruction &inst =
      *m.kernels[0].body[0].asLoop()->body[0].asLoop()->body[0].asInstruction();
  std::string s;
  for (const AffinePredicate &p : inst.predicates)
    s += (s.empty() ? "" : " & ") + p.str();
  return s;
}

TEST(CanonicalizeTest, VerbNormalForm) {
  EXPECT_EQ(guardsOf("7 - i - 1 >= 0"), "-i + 6 >= 0");
  EXPECT_EQ(guardsOf("i + j - (j + 1) == 0"), "i - 1 == 0");
}

TEST(CanonicalizeTest, ConstantsFold) {
  EXPECT_EQ(guardsOf("3 >= 0 & i >= 0"), "i >= 0");
  EXPECT_EQ(guardsOf("i - i >= 0"), "");
  EXPECT_EQ(guardsOf("i >= 0 & 2 - 3 >= 0"), "-1 >= 0");
  EXPECT_EQ(guardsOf("5 == 0"), "-1 >= 0");
}

TEST(CanonicalizeTest, GcdTightening) {
  EXPECT_EQ(guardsOf("2*i - 3 >= 0"), "i - 2 >= 0");   // i >= 1.5 -> 2
  EXPECT_EQ(guardsOf("-4*i + 9 >= 0"), "-i + 2 >= 0"); // i <= 2.25 -> 2
  EXPECT_EQ(guardsOf("2*i + 4*j - 6 == 0"), "i + 2*j - 3 == 0");
  EXPECT_EQ(guardsOf("2*i + 4*j - 5 == 0"), "-1 >= 0"); // no integer solution
}

TEST(CanonicalizeTest, ParallelBoundsMerge) {
  EXPECT_EQ(guardsOf("i >= 0 & i >= 3 & i - 1 >= 0"), "i - 3 >= 0");
  EXPECT_EQ(guardsOf("i < 7 & i <= 3 & i >= 1"), "i - 1 >= 0 & -i + 3 >= 0");
  EXPECT_EQ(guardsOf("i + j >= 2 & 2*i + 2*j <= 10"),
            "i + j - 2 >= 0 & -i - j + 5 >= 0");
}

TEST(CanonicalizeTest, OppositeBoundsFormAnEquality) {
  EXPECT_EQ(guardsOf("i >= 3 & i <= 3"), "i - 3 == 0");
  EXPECT_EQ(guardsOf("i - j >= 0 & j - i >= 0 & N >= 1"),
            "i - j == 0 & N - 1 >= 0");
}

TEST(CanonicalizeTest, ContradictionsCollapseToFalse) {
  EXPECT_EQ(guardsOf("i >= 5 & i <= 3"), "-1 >= 0");
  EXPECT_EQ(guardsOf("i == 2 & i == 3"), "-1 >= 0");
  EXPECT_EQ(guardsOf("i - j >= 1 & j - i >= 0"), "-1 >= 0");
}

TEST(CanonicalizeTest, ApproxPredicatesAreNormalisedButNeverFold) {
  EXPECT_EQ(guardsOf("approx(7 - i - 1 >= 0) & i >= 0"),
            "i >= 0 & approx(-i + 6 >= 0)");
  EXPECT_EQ(guardsOf("approx(i >= 0) & i >= 0"), "i >= 0");
  EXPECT_EQ(guardsOf("approx(i >= 0) & approx(i + 0 >= 0)"), "approx(i >= 0)");
  // An approximate contradiction does not make the instruction dead.
  EXPECT_EQ(guardsOf("approx(i >= 5) & approx(i <= 3)"),
            "approx(i - 5 >= 0) & approx(-i + 3 >= 0)");
}

TEST(CanonicalizeTest, QuasiAffinePredicates) {
  EXPECT_EQ(guardsOf("2*floordiv(i + 1, 2) >= 4"),
            "floordiv(i + 1, 2) - 2 >= 0");
  EXPECT_EQ(guardsOf("mod(i, 4) == 0 & mod(i, 4) >= 0"), "mod(i, 4) == 0");
}

TEST(CanonicalizeTest, IndicesAndBoundsFlatten) {
  Module m = parseModule(R"(kernel k(param N) {
  tensor A : f32[64, 64] DRAM
  for i = 1 + 2 to N + N step 1 {
    s0: A[2*(i + 1) - i, 63 - i] = copy(A[floordiv(i + 0, 2), floordiv(1 + i, 2)])
  }
}
)");
  Statistics stats;
  canonicalizeModule(m, &stats);
  EXPECT_EQ(printModule(m), R"(kernel k(param N) {
  tensor A : f32[64, 64] DRAM
  for i = 3 to 2*N step 1 {
    s0: A[i + 2, -i + 63] = copy(A[floordiv(i, 2), floordiv(i + 1, 2)])
  }
}
)");
  // 1 + 2 and i + 0 already fold while parsing; the bound N + N and three
  // index expressions are rewritten.
  EXPECT_EQ(stats.get("canonicalize", "expressions-rewritten"), 4);
}

TEST(CanonicalizeTest, CountersAndIdempotence) {
  Module m = parseModule(R"(kernel k() {
  tensor A : f32[8] DRAM
  for i = 0 to 8 step 1 {
    s0: A[i] = copy(A[i]) if i >= 0 & i >= 2 & 1 >= 0
    s1: A[i] = copy(A[i]) if i >= 4 & i <= 4
    s2: A[i] = copy(A[i]) if i >= 5 & i <= 4
    s3: A[i] = copy(A[i]) if -1 >= 0
  }
}
)");
  Statistics stats;
  canonicalizeModule(m, &stats);
  EXPECT_EQ(stats.get("canonicalize", "predicates-removed"), 2 + 1 + 1);
  EXPECT_EQ(stats.get("canonicalize", "equalities-formed"), 1);
  EXPECT_EQ(stats.get("canonicalize", "never-executed"), 1); // s3 already was
  std::string once = printModule(m);
  Statistics again;
  canonicalizeModule(m, &again);
  EXPECT_EQ(printModule(m), once);
  EXPECT_EQ(again.get("canonicalize", "predicates-removed"), 0);
  EXPECT_EQ(again.get("canonicalize", "never-executed"), 0);
  EXPECT_EQ(again.get("canonicalize", "expressions-rewritten"), 0);
}

// Canonical guards accept exactly the same integer points as the original.
TEST(CanonicalizeTest, RandomGuardsKeepTheirMeaning) {
  ExprContext ctx;
  AffineExpr i = ctx.index("i"), j = ctx.index("j");
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  for (int iter = 0; iter < 500; ++iter) {
    std::vector<AffinePredicate> preds;
    int n = pick(1, 5);
    for (int k = 0; k < n; ++k) {
      AffineExpr e = pick(-3, 3) * i + pick(-3, 3) * j + pick(-6, 6);
      preds.push_back(AffinePredicate(e, pick(0, 4) != 0));
    }
    std::vector<AffinePredicate> canon = canonicalizePredicates(preds, ctx);
    for (int a = -6; a <= 6; ++a)
      for (int b = -6; b <= 6; ++b) {
        Valuation v;
        v.set(i, a);
        v.set(j, b);
        bool x = true, y = true;
        for (const AffinePredicate &p : preds)
          x = x && p.evaluate(v);
        for (const AffinePredicate &p : canon)
          y = y && p.evaluate(v);
        ASSERT_EQ(x, y) << "iteration " << iter << " at (" << a << ", " << b
                        << ")";
      }
    EXPECT_LE(canon.size(), preds.size());
    // Idempotent.
    std::vector<AffinePredicate> twice = canonicalizePredicates(canon, ctx);
    ASSERT_EQ(twice.size(), canon.size());
    for (size_t k = 0; k < canon.size(); ++k)
      EXPECT_TRUE(twice[k] == canon[k]);
  }
}

//===----------------------------------------------------------------------===//
// Pass registry and statistics
//===----------------------------------------------------------------------===//

class CountingPass : public Pass {
public:
  std::string_view name() const override { return "count-instructions"; }
  std::string_view description() const override { return "counts"; }
  void run(Module &m, PassContext &ctx) override {
    int64_t &c = ctx.stats.counter("count-instructions", "instructions",
                                   "Number of instructions");
    for (Kernel &k : m.kernels)
      walkInstructions(k, [&](Instruction &, const LoopNest &) { ++c; });
  }
};

class BreakingPass : public Pass {
public:
  std::string_view name() const override { return "break"; }
  std::string_view description() const override { return "breaks the IR"; }
  void run(Module &m, PassContext &) override { m.kernels[0].tensors.clear(); }
};

TEST(PassRegistryTest, BuiltinsAndPlugIns) {
  PassRegistry r = PassRegistry::withBuiltinPasses();
  EXPECT_TRUE(r.contains("canonicalize"));
  EXPECT_TRUE(r.contains("verify"));
  EXPECT_FALSE(r.contains("simplify-predicates"));
  EXPECT_EQ(r.create("nope"), nullptr);
  r.add("count-instructions", "counts",
        [] { return std::make_unique<CountingPass>(); });
  EXPECT_THROW(r.add("verify", "again", createVerifyPass), IRError);
  EXPECT_THROW(
      r.add("Bad_Name", "x", [] { return std::make_unique<CountingPass>(); }),
      IRError);
  EXPECT_THROW(r.add("no-factory", "x", nullptr), IRError);
  auto entries = r.entries();
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0]->name, "canonicalize"); // sorted
  EXPECT_EQ(entries[1]->name, "count-instructions");
  EXPECT_EQ(entries[2]->name, "verify");

  Module m = parseModule("kernel k() {\n  tensor A : f32[4] DRAM\n  s0: A[0] = "
                         "copy(A[0]) if 1 >= 0\n  s1: A[1] = copy(A[1])\n}\n");
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(r.create("canonicalize"));
  passes.push_back(r.create("count-instructions"));
  passes.push_back(r.create("verify"));
  Statistics stats;
  runPasses(m, passes, stats);
  EXPECT_EQ(stats.get("count-instructions", "instructions"), 2);
  EXPECT_EQ(stats.get("canonicalize", "predicates-removed"), 1);
  EXPECT_EQ(stats.get("verify", "kernels-verified"), 1);
  std::string report = stats.str();
  EXPECT_NE(report.find("2 count-instructions.instructions - Number of "
                        "instructions"),
            std::string::npos)
      << report;
}

TEST(PassRegistryTest, VerifyEachNamesTheBreakingPass) {
  Module m = parseModule("kernel k() {\n  tensor A : f32[4] DRAM\n  s0: A[0] = "
                         "copy(A[0])\n}\n",
                         "in.pn");
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(std::make_unique<BreakingPass>());
  Statistics stats;
  try {
    runPasses(m, passes, stats);
    FAIL() << "expected PassFailure";
  } catch (const PassFailure &e) {
    ASSERT_EQ(e.diagnostics().size(), 2u); // the destination and the operand
    EXPECT_EQ(e.diagnostics()[0].str(),
              "in.pn:3:7: error: after pass 'break': s0: destination 'A[0]' "
              "uses the unknown tensor 'A'");
  }
  // Without verification the broken module goes through.
  Module m2 = parseModule("kernel k() {\n  tensor A : f32[4] DRAM\n}\n");
  EXPECT_NO_THROW(runPasses(m2, passes, stats, /*verifyEach=*/false));
}

TEST(StatisticsTest, Counters) {
  Statistics s;
  s.counter("p", "a", "A things") += 3;
  s.counter("p", "a", "ignored description") += 2;
  s.counter("q", "b", "B things") += 10;
  EXPECT_EQ(s.get("p", "a"), 5);
  EXPECT_EQ(s.get("q", "b"), 10);
  EXPECT_EQ(s.get("p", "zzz"), 0);
  ASSERT_EQ(s.counters().size(), 2u);
  EXPECT_EQ(s.counters()[0].description, "A things");
  EXPECT_EQ(s.str(), "===--- penguin statistics ---===\n"
                     "   5 p.a - A things\n"
                     "  10 q.b - B things\n");
}

} // namespace
