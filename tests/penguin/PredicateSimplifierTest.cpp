// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The predicate and domain simplifier: every behaviour of the predicate and
// shrink paths that design.md lists, each on a kernel in the text form with
// the expected kernel after the pass (compared as text: the printer is
// canonical), plus the IntegerSetAnalysis codecs.
#include "penguin/PredicateSimplifier.h"

#include "penguin/Parser.h"
#include "penguin/Printer.h"
#include "penguin/Verify.h"

#include "presburger/Parser.h"

#include <gtest/gtest.h>

using namespace penguin;
using presburger::Relation;

namespace {

// Runs the named passes (verifying after each) and prints the module.
std::string runPass(const std::string &text, const std::string &passes,
                    Statistics *statsOut = nullptr,
                    SimplifierOptions options = {}) {
  Module m = parseModule(text);
  EXPECT_TRUE(verifyModule(m).empty());
  std::vector<std::unique_ptr<Pass>> ps;
  size_t start = 0;
  while (start <= passes.size()) {
    size_t end = passes.find(',', start);
    std::string name = passes.substr(start, end - start);
    if (name == "simplify-predicates")
      ps.push_back(createSimplifyPredicatesPass(options));
    else if (name == "shrink-domains")
      ps.push_back(createShrinkDomainsPass(options));
    else
      ADD_FAILURE() << "unknown pass " << name;
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  Statistics local;
  Statistics &stats = statsOut ? *statsOut : local;
  runPasses(m, ps, stats);
  return printModule(m);
}

// A kernel with the standard header and the given body lines.
std::string kernel(const std::string &params, const std::string &body) {
  return "kernel k(" + params +
         ") {\n"
         "  tensor A : f32[128, 128] DRAM input\n"
         "  tensor B : f32[128, 128] SBUF\n" +
         body + "}\n";
}

// The first instruction of a parsed kernel and its loop nest.
struct Site {
  Instruction *inst = nullptr;
  LoopNest nest;
};
Site firstInstruction(Kernel &k) {
  Site s;
  walkInstructions(k, [&](Instruction &inst, const LoopNest &nest) {
    if (!s.inst) {
      s.inst = &inst;
      s.nest = nest;
    }
  });
  return s;
}

std::string preds(const Instruction &inst) {
  std::string s;
  for (const AffinePredicate &p : inst.predicates)
    s += (s.empty() ? "" : " & ") + p.str();
  return s;
}

//===----------------------------------------------------------------------===//
// IntegerSetAnalysis: the codecs
//===----------------------------------------------------------------------===//

TEST(IntegerSetAnalysisTest, DomainAndPredicatedDomain) {
  Module m = parseModule(
      kernel("param spmd_id in [0, 3]",
             "  for i = 0 to 10 step 2 {\n"
             "    s0: B[i, 0] = copy(A[i, 0]) if i - spmd_id >= 0 & "
             "approx(-i + 4 >= 0)\n  }\n"));
  Site s = firstInstruction(m.kernels[0]);
  IntegerSetAnalysis a(m.kernels[0]);
  EXPECT_EQ(a.createDomainSpace(*s.inst, s.nest).space().toString(),
            "[spmd_id] -> { s0[i] }");
  EXPECT_TRUE(a.domain(*s.inst, s.nest)
                  .isEqual(presburger::parseRelation(
                      "[spmd_id] -> { s0[i] : 0 <= spmd_id <= 3 and "
                      "0 <= i < 10 and i mod 2 = 0 }")));
  EXPECT_TRUE(a.predicatedDomain(*s.inst, s.nest)
                  .isEqual(presburger::parseRelation(
                      "[spmd_id] -> { s0[i] : 0 <= spmd_id <= 3 and "
                      "spmd_id <= i < 10 and i mod 2 = 0 }")));
  EXPECT_TRUE(a.predicatedDomain(*s.inst, s.nest, /*withApprox=*/true)
                  .isEqual(presburger::parseRelation(
                      "[spmd_id] -> { s0[i] : 0 <= spmd_id <= 3 and "
                      "spmd_id <= i <= 4 and i mod 2 = 0 }")));
}

TEST(IntegerSetAnalysisTest, ExactConstantBoundsPerAxis) {
  Module m = parseModule(kernel("", ""));
  IntegerSetAnalysis a(m.kernels[0]);
  auto bounds = [&](const char *isl) {
    return a.exractCstBounds(presburger::parseRelation(isl));
  };
  std::vector<AxisBounds> b = bounds("{ [i] : 0 <= i < 10 and i mod 3 = 1 }");
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0], (AxisBounds{false, 1, 7, 3, 1}));
  // Parameters range freely; a dimension bound through them stays exact.
  b = bounds("[N] -> { [i, j] : 0 <= N <= 5 and 0 <= i < N and j = 2i + 1 }");
  EXPECT_EQ(b[0], (AxisBounds{false, 0, 4, 1, 0}));
  EXPECT_EQ(b[1], (AxisBounds{false, 1, 9, 2, 1}));
  b = bounds("{ [i] : i >= -2 and i mod 4 = 2 }");
  EXPECT_EQ(b[0], (AxisBounds{false, -2, std::nullopt, 4, 2}));
  b = bounds("[N] -> { [i] : i < N }");
  EXPECT_EQ(b[0], (AxisBounds{false, std::nullopt, std::nullopt, 1, 0}));
  b = bounds("{ [i] : i = 7 }");
  EXPECT_EQ(b[0], (AxisBounds{false, 7, 7, 1, 0}));
  b = bounds("{ [i] : i >= 3 and i <= 2 }");
  EXPECT_TRUE(b[0].empty);
  // A union: the values {0, 4, 8} and {2}: stride 2.
  b = bounds("{ [i] : (0 <= i <= 8 and i mod 4 = 0) or i = 2 }");
  EXPECT_EQ(b[0], (AxisBounds{false, 0, 8, 2, 0}));
}

TEST(IntegerSetAnalysisTest, ConvexHullAndSimplify) {
  Module m = parseModule(kernel("", ""));
  IntegerSetAnalysis a(m.kernels[0]);
  Relation one = presburger::parseRelation("{ s0[i] : 0 <= i < 10 }");
  EXPECT_TRUE(a.convexHull(one).isEqual(one));
  EXPECT_EQ(a.convexHull(one).numDisjuncts(), 1u);
  Relation two =
      presburger::parseRelation("{ s0[i] : 0 <= i <= 4 or 5 <= i <= 9 }");
  Relation h = a.convexHull(two);
  EXPECT_EQ(h.numDisjuncts(), 1u);
  EXPECT_TRUE(h.isEqual(one));
  EXPECT_EQ(a.simplify(two).numDisjuncts(), 1u);
  // A non-convex union: the hull contains it (it is a context).
  Relation gap =
      presburger::parseRelation("{ s0[i] : 0 <= i <= 2 or 7 <= i <= 9 }");
  Relation gapHull = a.convexHull(gap);
  EXPECT_EQ(gapHull.numDisjuncts(), 1u);
  EXPECT_TRUE(gap.isSubsetOf(gapHull));
  EXPECT_TRUE(gapHull.isSubsetOf(one));
  // Parameters and equalities.
  Relation diag = presburger::parseRelation(
      "[N] -> { s0[i, j] : i = j and 0 <= i <= N or i = j and i = N + 5 }");
  Relation diagHull = a.convexHull(diag);
  EXPECT_EQ(diagHull.numDisjuncts(), 1u);
  EXPECT_TRUE(diag.isSubsetOf(diagHull));
  EXPECT_TRUE(diagHull.isSubsetOf(
      presburger::parseRelation("[N] -> { s0[i, j] : i = j }")));
}

// The engine's coalesce drops the first disjunct of this union (its two
// divisions define the same lattice); simplify checks and keeps the union.
TEST(IntegerSetAnalysisTest, SimplifyNeverLosesPoints) {
  Module m = parseModule(kernel("", ""));
  IntegerSetAnalysis a(m.kernels[0]);
  Relation u = presburger::parseRelation(
      "{ [j] : exists (e0 = floor((j - 2)/2), e1 = floor((j)/2): "
      "j = 2e0 + 2 and j = 2e1 and 2 <= j <= 9) ; [j] : j = 2 }");
  EXPECT_TRUE(a.simplify(u).isEqual(u));
  EXPECT_TRUE(u.isSubsetOf(a.convexHull(u)));
  EXPECT_TRUE(a.exractCstBounds(a.convexHull(u))[0] ==
                  (AxisBounds{false, 2, 8, 2, 0}) ||
              a.exractCstBounds(a.convexHull(u))[0] ==
                  (AxisBounds{false, 2, 9, 1, 0}));
}

//===----------------------------------------------------------------------===//
// Predicate path
//===----------------------------------------------------------------------===//

TEST(SimplifyPredicatesTest, GuardsImpliedByTheLoopNestAreDropped) {
  std::string in = kernel(
      "param spmd_id in [0, 3]",
      "  for i = 0 to 10 step 1 {\n"
      "    s0: B[i, 0] = copy(A[i, 0]) if i >= 0 & -i + 6 >= 0\n"
      "    s1: B[i, 1] = copy(A[i, 1]) if i - spmd_id >= 0 & spmd_id >= 0 & "
      "-i + 20 >= 0\n"
      "  }\n"
      "  for j = 0 to 64 step 4 {\n"
      "    s2: B[j, 2] = copy(A[j, 2]) if mod(j, 2) == 0 & -j + 100 >= 0\n"
      "  }\n");
  Statistics stats;
  EXPECT_EQ(runPass(in, "simplify-predicates", &stats),
            kernel("param spmd_id in [0, 3]",
                   "  for i = 0 to 10 step 1 {\n"
                   "    s0: B[i, 0] = copy(A[i, 0]) if -i + 6 >= 0\n"
                   "    s1: B[i, 1] = copy(A[i, 1]) if i - spmd_id >= 0\n"
                   "  }\n"
                   "  for j = 0 to 64 step 4 {\n"
                   "    s2: B[j, 2] = copy(A[j, 2])\n"
                   "  }\n"));
  EXPECT_EQ(stats.get("simplify-predicates", "eliminated-predicates"), 5);
  EXPECT_EQ(stats.get("simplify-predicates", "failures"), 0);
}

TEST(SimplifyPredicatesTest, GuardsThatMustStay) {
  std::string in = kernel(
      "param N in [1, 64]",
      "  for i = 0 to 32 step 1 {\n"
      "    for j = 0 to 32 step 1 {\n"
      "      s0: B[i, j] = copy(A[j, i]) if i - j >= 0 & -i + N - 1 >= 0\n"
      "      s1: B[i, j] = copy(A[j, i]) if mod(i + j, 3) == 0\n"
      "      s2: B[i, j] = copy(A[j, i]) if floordiv(i, 4) - j >= 0\n"
      "    }\n  }\n");
  Statistics stats;
  // The floordiv guard stays, written without the division as isl's gist
  // writes it: floor(i/4) >= j exactly when i >= 4j.
  std::string out = in;
  std::string from = "floordiv(i, 4) - j >= 0", to = "i - 4*j >= 0";
  out.replace(out.find(from), from.size(), to);
  EXPECT_EQ(runPass(in, "simplify-predicates", &stats), out);
  EXPECT_EQ(stats.get("simplify-predicates", "eliminated-predicates"), 0);
}

TEST(SimplifyPredicatesTest, ResultIsCanonicalAndFormsEqualities) {
  std::string in = kernel(
      "", "  for i = 0 to 10 step 1 {\n"
          "    for j = 0 to 10 step 1 {\n"
          "      s0: B[i, j] = copy(A[i, j]) if i - j >= 0 & j - i >= 0 & "
          "2*i - 3 >= 0\n"
          "    }\n  }\n");
  EXPECT_EQ(runPass(in, "simplify-predicates"),
            kernel("", "  for i = 0 to 10 step 1 {\n"
                       "    for j = 0 to 10 step 1 {\n"
                       "      s0: B[i, j] = copy(A[i, j]) if i - j == 0 & "
                       "i - 2 >= 0\n"
                       "    }\n  }\n"));
}

TEST(SimplifyPredicatesTest, ApproximatePredicatesAreNotGisted) {
  // approx(i >= 0) is implied by the loop, approx(-i + 3 >= 0) would imply
  // -i + 5 >= 0: neither is used nor rewritten by default.
  std::string in =
      kernel("", "  for i = 0 to 10 step 1 {\n"
                 "    s0: B[i, 0] = copy(A[i, 0]) if -i + 5 >= 0 & "
                 "approx(i >= 0) & approx(-i + 3 >= 0)\n"
                 "  }\n");
  EXPECT_EQ(runPass(in, "simplify-predicates"), in);
  // An instruction with only approximate predicates is left alone.
  std::string only =
      kernel("", "  for i = 0 to 10 step 1 {\n"
                 "    s0: B[i, 0] = copy(A[i, 0]) if approx(i >= 0)\n"
                 "  }\n");
  EXPECT_EQ(runPass(only, "simplify-predicates"), only);
  // With approximatePredicates they are context (never rewritten).
  SimplifierOptions o;
  o.approximatePredicates = true;
  EXPECT_EQ(runPass(in, "simplify-predicates", nullptr, o),
            kernel("", "  for i = 0 to 10 step 1 {\n"
                       "    s0: B[i, 0] = copy(A[i, 0]) if approx(i >= 0) & "
                       "approx(-i + 3 >= 0)\n"
                       "  }\n"));
}

// The orchestrator's control flow, observed through the virtual thunk.
class Recording : public PredicateSimplifier {
public:
  using PredicateSimplifier::PredicateSimplifier;
  int calls = 0;
  int dropOnCall = 0; // drop the last predicate of this call's result
  int noneOnCall = 0; // answer "None" on this call
  std::vector<std::string> contexts;

  std::optional<std::vector<AffinePredicate>> predicatesOverLoopnest(
      const Instruction &inst, const LoopNest &nest,
      const Relation &loopnestDomain, std::span<const AffinePredicate> preds,
      bool overapproximate, bool approximatePredicates) override {
    ++calls;
    contexts.push_back(loopnestDomain.toString());
    if (calls == noneOnCall)
      return std::nullopt;
    auto r = PredicateSimplifier::predicatesOverLoopnest(
        inst, nest, loopnestDomain, preds, overapproximate,
        approximatePredicates);
    if (calls == dropOnCall && r && !r->empty())
      r->pop_back();
    return r;
  }
};

const char *kTwoGuards =
    "kernel k() {\n"
    "  tensor A : f32[128, 128] DRAM input\n"
    "  for i = 0 to 10 step 1 {\n"
    "    s0: A[i, 0] = copy(A[i, 1]) if i - 2 >= 0 & -i + 6 >= 0 & "
    "-i + 40 >= 0\n"
    "  }\n"
    "}\n";

TEST(SimplifyPredicatesTest, TwoPassesCommitThenAddTheDelta) {
  Module m = parseModule(kTwoGuards);
  Site s = firstInstruction(m.kernels[0]);
  Recording r(m.kernels[0]);
  r.dropOnCall = 1; // pass 1 loses a guard ...
  EXPECT_TRUE(r.gistConvexHull(*s.inst, s.nest));
  EXPECT_EQ(r.calls, 2);
  // ... pass 2 runs against the loop-nest domain with the committed guard
  // and adds back exactly what is missing.
  EXPECT_TRUE(
      presburger::parseRelation(r.contexts[0])
          .isEqual(presburger::parseRelation("{ s0[i] : 0 <= i <= 9 }")));
  EXPECT_TRUE(
      presburger::parseRelation(r.contexts[1])
          .isEqual(presburger::parseRelation("{ s0[i] : 2 <= i <= 9 }")));
  EXPECT_EQ(preds(*s.inst), "i - 2 >= 0 & -i + 6 >= 0");
  EXPECT_EQ(r.lastOutcome(), SimplifyOutcome::Changed);
}

TEST(SimplifyPredicatesTest, NoResultShortCircuits) {
  {
    // Pass 1 "None": false, unchanged.
    Module m = parseModule(kTwoGuards);
    Site s = firstInstruction(m.kernels[0]);
    std::string before = preds(*s.inst);
    Recording r(m.kernels[0]);
    r.noneOnCall = 1;
    EXPECT_FALSE(r.gistConvexHull(*s.inst, s.nest));
    EXPECT_EQ(r.calls, 1);
    EXPECT_EQ(preds(*s.inst), before);
    Recording again(m.kernels[0]);
    again.noneOnCall = 1;
    EXPECT_FALSE(again.simplifyPredicate(*s.inst, s.nest));
    EXPECT_EQ(again.counters().eliminatedPredicates, 0);
    EXPECT_EQ(preds(*s.inst), before);
  }
  {
    // Pass 2 "None": true, the pass-1 result stands.
    Module m = parseModule(kTwoGuards);
    Site s = firstInstruction(m.kernels[0]);
    Recording r(m.kernels[0]);
    r.noneOnCall = 2;
    EXPECT_TRUE(r.gistConvexHull(*s.inst, s.nest));
    EXPECT_EQ(r.calls, 2);
    EXPECT_EQ(preds(*s.inst), "i - 2 >= 0 & -i + 6 >= 0");
  }
  {
    // Unpredicated: nothing to do, no engine call.
    Module m = parseModule(kernel("", "  for i = 0 to 4 step 1 {\n"
                                      "    s0: B[i, 0] = copy(A[i, 0])\n"
                                      "  }\n"));
    Site s = firstInstruction(m.kernels[0]);
    Recording r(m.kernels[0]);
    EXPECT_FALSE(r.gistConvexHull(*s.inst, s.nest));
    EXPECT_EQ(r.calls, 0);
  }
  {
    // The seed's literal "cons empty" short-circuit (an option): when every
    // guard is implied there is no result and the guards stay.
    std::string in = kernel("", "  for i = 0 to 10 step 1 {\n"
                                "    s0: B[i, 0] = copy(A[i, 0]) if i >= 0 & "
                                "-i + 9 >= 0\n"
                                "  }\n");
    SimplifierOptions o;
    o.keepGuardsWhenAllImplied = true;
    EXPECT_EQ(runPass(in, "simplify-predicates", nullptr, o), in);
    EXPECT_EQ(runPass(in, "simplify-predicates"),
              kernel("", "  for i = 0 to 10 step 1 {\n"
                         "    s0: B[i, 0] = copy(A[i, 0])\n"
                         "  }\n"));
  }
}

TEST(SimplifyPredicatesTest, EmptyDomainIsSignalledAndLeftUnchanged) {
  std::string in =
      kernel("param spmd_id in [0, 3]",
             "  for i = 0 to 10 step 1 {\n"
             "    s0: B[i, 0] = copy(A[i, 0]) if i - 12 >= 0\n"
             "    s1: B[i, 1] = copy(A[i, 1]) if spmd_id - 4 >= 0\n"
             "    s2: B[i, 2] = copy(A[i, 2]) if mod(i, 2) == 0 "
             "& mod(i, 4) - 1 == 0\n"
             "  }\n");
  Statistics stats;
  EXPECT_EQ(runPass(in, "simplify-predicates", &stats), in);
  EXPECT_EQ(stats.get("simplify-predicates", "empty-domains"), 3);
  Module m = parseModule(in);
  Site s = firstInstruction(m.kernels[0]);
  PredicateSimplifier p(m.kernels[0]);
  EXPECT_FALSE(p.simplifyPredicate(*s.inst, s.nest));
  EXPECT_EQ(p.lastOutcome(), SimplifyOutcome::EmptyDomain);
  EXPECT_EQ(p.counters().emptyDomains, 1);
}

TEST(SimplifyPredicatesTest, FailuresLeaveTheInstructionUnchanged) {
  std::string in = kernel("param spmd_id in [0, 3]",
                          "  for i = 0 to 10 step 1 {\n"
                          "    for j = 0 to 10 step 1 {\n"
                          "      s0: B[i, j] = copy(A[i, j]) if i - j >= 0 & "
                          "i >= 0 & mod(i + j, 3) == 0\n"
                          "    }\n  }\n");
  // The engine runs out of budget (LimitExceeded): caught, counted.
  SimplifierOptions o;
  o.workLimit = 1;
  Statistics stats;
  EXPECT_EQ(runPass(in, "simplify-predicates", &stats, o), in);
  EXPECT_GE(stats.get("simplify-predicates", "failures"), 1);
  Module m = parseModule(in);
  Site s = firstInstruction(m.kernels[0]);
  PredicateSimplifier p(m.kernels[0], o);
  EXPECT_FALSE(p.simplifyPredicate(*s.inst, s.nest));
  EXPECT_EQ(p.lastOutcome(), SimplifyOutcome::Failed);
  ASSERT_FALSE(p.failures().empty());
  EXPECT_NE(p.failures()[0].message.find("budget"), std::string::npos)
      << p.failures()[0].message;
  // A bridge error (an index outside the nest, IR built without the
  // verifier) is caught the same way.
  ExprContext &ctx = m.kernels[0].context();
  s.inst->predicates.push_back(predGe(ctx.index("q"), 0));
  PredicateSimplifier q(m.kernels[0]);
  std::vector<AffinePredicate> before = s.inst->predicates;
  EXPECT_FALSE(q.simplifyPredicate(*s.inst, s.nest));
  EXPECT_EQ(s.inst->predicates, before);
  EXPECT_EQ(q.counters().failures, 1);
  EXPECT_EQ(q.failures()[0].message, "q doesn't appear in params or loopnest");
}

TEST(SimplifyPredicatesTest, SingleBasicSetFastPathAndUnions) {
  Module m = parseModule(kernel("", "  for i = 0 to 10 step 1 {\n"
                                    "    s0: B[i, 0] = copy(A[i, 0]) if "
                                    "-i + 6 >= 0\n"
                                    "  }\n"));
  Site s = firstInstruction(m.kernels[0]);
  PredicateSimplifier p(m.kernels[0]);
  Relation loopnest = p.domain(*s.inst, s.nest);
  // One basic set: read back directly.
  auto one = p.predicatesOverLoopnestConvexHull(
      *s.inst, s.nest, presburger::parseRelation("{ s0[i] : 2 <= i <= 9 }"),
      loopnest, false, false);
  ASSERT_TRUE(one);
  EXPECT_EQ(AffinePredicate((*one)[0]).str(), "i - 2 >= 0");
  EXPECT_EQ(one->size(), 1u);
  // Two pieces that coalesce: one conjunction.
  auto fused = p.predicatesOverLoopnestConvexHull(
      *s.inst, s.nest,
      presburger::parseRelation("{ s0[i] : 0 <= i <= 3 or 4 <= i <= 6 }"),
      loopnest, false, false);
  ASSERT_TRUE(fused);
  ASSERT_EQ(fused->size(), 1u);
  EXPECT_EQ((*fused)[0].str(), "-i + 6 >= 0");
  // A real union: no single conjunction, no result.
  Relation gap =
      presburger::parseRelation("{ s0[i] : 0 <= i <= 2 or 7 <= i <= 9 }");
  EXPECT_FALSE(p.predicatesOverLoopnestConvexHull(*s.inst, s.nest, gap,
                                                  loopnest, false, false));
  // Over-approximating: a superset guard (here the hull, or nothing).
  auto over = p.predicatesOverLoopnestConvexHull(*s.inst, s.nest, gap, loopnest,
                                                 true, false);
  ASSERT_TRUE(over);
  DomainSpace space = p.createDomainSpace(*s.inst, s.nest);
  EXPECT_TRUE(gap.isSubsetOf(
      Relation(predicatesToSet(*over, space)).intersect(loopnest)));
}

TEST(SimplifyPredicatesTest, OverapproximateGivesASoundSuperset) {
  std::string in =
      kernel("", "  for i = 0 to 12 step 1 {\n"
                 "    s0: B[i, 0] = copy(A[i, 0]) if mod(i, 3) == 0 & "
                 "-i + 8 >= 0\n"
                 "  }\n");
  // Exact: the stride stays.
  EXPECT_EQ(runPass(in, "simplify-predicates"), in);
  // compute_divs + remove_divs: the division is eliminated rationally, the
  // guard weakens to its affine part (a superset).
  SimplifierOptions o;
  o.overapproximate = true;
  EXPECT_EQ(runPass(in, "simplify-predicates", nullptr, o),
            kernel("", "  for i = 0 to 12 step 1 {\n"
                       "    s0: B[i, 0] = copy(A[i, 0]) if -i + 8 >= 0\n"
                       "  }\n"));
  // floordiv(i, 4) >= 2 is i >= 8 exactly, also after the relaxation.
  std::string div = kernel("", "  for i = 0 to 12 step 1 {\n"
                               "    s0: B[i, 0] = copy(A[i, 0]) if "
                               "floordiv(i, 4) - 2 >= 0\n"
                               "  }\n");
  std::string divOut = kernel("", "  for i = 0 to 12 step 1 {\n"
                                  "    s0: B[i, 0] = copy(A[i, 0]) if "
                                  "i - 8 >= 0\n"
                                  "  }\n");
  EXPECT_EQ(runPass(div, "simplify-predicates", nullptr, o), divOut);
}

TEST(SimplifyPredicatesTest, PredicateAccessRange) {
  Module m = parseModule(kernel("param spmd_id in [0, 3]",
                                "  for i = 0 to 16 step 1 {\n"
                                "    s0: B[i + 2*spmd_id, 0] = copy(A[i, 0]) "
                                "if i - 1 >= 0\n"
                                "  }\n"));
  Site s = firstInstruction(m.kernels[0]);
  PredicateSimplifier p(m.kernels[0]);
  // Keep the writes inside rows [0, 10) of B.
  EXPECT_TRUE(p.predicateAccessRange(
      *s.inst, s.nest, *s.inst->dst,
      presburger::parseRelation("{ B[r, c] : 0 <= r < 10 }")));
  EXPECT_EQ(preds(*s.inst), "i - 1 >= 0 & -i - 2*spmd_id + 9 >= 0");
  // An anonymous range tuple means the accessed tensor.
  EXPECT_TRUE(
      p.predicateAccessRange(*s.inst, s.nest, *s.inst->dst,
                             presburger::parseRelation("{ [r, c] : r <= 6 }")));
  EXPECT_EQ(preds(*s.inst), "i - 1 >= 0 & -i - 2*spmd_id + 6 >= 0");
  // Nothing in range: the empty domain is signalled, nothing changes.
  std::string before = preds(*s.inst);
  EXPECT_FALSE(p.predicateAccessRange(
      *s.inst, s.nest, *s.inst->dst,
      presburger::parseRelation("{ B[r, c] : r >= 100 }")));
  EXPECT_EQ(p.lastOutcome(), SimplifyOutcome::EmptyDomain);
  EXPECT_EQ(preds(*s.inst), before);
}

//===----------------------------------------------------------------------===//
// Shrink path
//===----------------------------------------------------------------------===//

TEST(ShrinkDomainsTest, MaskedTailBecomesATightenedLoop) {
  std::string in = kernel("", "  for i = 0 to 10 step 1 {\n"
                              "    s0: B[i, 0] = copy(A[i, 0]) if -i + 6 >= 0\n"
                              "  }\n"
                              "  for k = 0 to 10 step 1 {\n"
                              "    s1: B[k, 1] = copy(A[k, 1]) if k - 3 >= 0\n"
                              "  }\n");
  Statistics stats;
  EXPECT_EQ(runPass(in, "shrink-domains", &stats),
            kernel("", "  for i = 0 to 7 step 1 {\n"
                       "    s0: B[i, 0] = copy(A[i, 0])\n"
                       "  }\n"
                       "  for k = 3 to 10 step 1 {\n"
                       "    s1: B[k, 1] = copy(A[k, 1])\n"
                       "  }\n"));
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-iterations"), 6);
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-predicates"), 2);
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-loops"), 0);
  EXPECT_EQ(stats.get("shrink-domains", "strided-axes"), 0);
}

TEST(ShrinkDomainsTest, StridedAxes) {
  std::string in =
      kernel("", "  for i = 0 to 16 step 1 {\n"
                 "    s0: B[i, 0] = copy(A[i, 0]) if mod(i, 4) == 0\n"
                 "  }\n"
                 "  for j = 0 to 20 step 2 {\n"
                 "    s1: B[j, 1] = copy(A[j, 1]) if mod(j - 2, 6) == 0 "
                 "& -j + 14 >= 0\n"
                 "  }\n");
  Statistics stats;
  EXPECT_EQ(runPass(in, "shrink-domains", &stats),
            kernel("", "  for i = 0 to 13 step 4 {\n"
                       "    s0: B[i, 0] = copy(A[i, 0])\n"
                       "  }\n"
                       "  for j = 2 to 15 step 6 {\n"
                       "    s1: B[j, 1] = copy(A[j, 1])\n"
                       "  }\n"));
  EXPECT_EQ(stats.get("shrink-domains", "strided-axes"), 2);
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-iterations"),
            (16 - 4) + (10 - 3));
}

TEST(ShrinkDomainsTest, GuardsThatMustStay) {
  // A triangular guard and a parameter guard: the loops keep their bounds
  // (every value of i and j is used by some spmd_id), nothing changes.
  std::string in = kernel("param spmd_id in [0, 3]",
                          "  for i = 0 to 8 step 1 {\n"
                          "    for j = 0 to 8 step 1 {\n"
                          "      s0: B[i, j] = copy(A[j, i]) if i - j >= 0 & "
                          "j - spmd_id >= 0\n"
                          "    }\n  }\n");
  Statistics stats;
  EXPECT_EQ(runPass(in, "shrink-domains", &stats), in);
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-iterations"), 0);
  // The outer axis tightens, the triangular guard stays.
  std::string tri =
      kernel("", "  for i = 0 to 8 step 1 {\n"
                 "    for j = 0 to 8 step 1 {\n"
                 "      s0: B[i, j] = copy(A[j, i]) if i - j >= 0 & "
                 "j - 5 >= 0\n"
                 "    }\n  }\n");
  EXPECT_EQ(runPass(tri, "shrink-domains"),
            kernel("", "  for i = 5 to 8 step 1 {\n"
                       "    for j = 5 to 8 step 1 {\n"
                       "      s0: B[i, j] = copy(A[j, i]) if i - j >= 0\n"
                       "    }\n  }\n"));
}

TEST(ShrinkDomainsTest, EveryInstructionOfTheBodyCounts) {
  // The loop keeps the iterations any instruction of its body executes.
  std::string in =
      kernel("", "  for i = 0 to 20 step 1 {\n"
                 "    s0: B[i, 0] = copy(A[i, 0]) if -i + 6 >= 0\n"
                 "    scope inner {\n"
                 "      s1: B[i, 1] = copy(A[i, 1]) if i - 3 >= 0 & "
                 "-i + 9 >= 0\n"
                 "    }\n"
                 "  }\n");
  EXPECT_EQ(runPass(in, "shrink-domains"),
            kernel("", "  for i = 0 to 10 step 1 {\n"
                       "    s0: B[i, 0] = copy(A[i, 0]) if -i + 6 >= 0\n"
                       "    scope inner {\n"
                       "      s1: B[i, 1] = copy(A[i, 1]) if i - 3 >= 0\n"
                       "    }\n"
                       "  }\n"));
}

TEST(ShrinkDomainsTest, FixedAxesAreKept) {
  std::string in =
      kernel("", "  for i = 0 to 10 step 1 {\n"
                 "    for j = 0 to 10 step 1 {\n"
                 "      s0: B[i, j] = copy(A[i, j]) if -i + 4 >= 0 & "
                 "-j + 2 >= 0\n"
                 "    }\n  }\n");
  SimplifierOptions o;
  o.fixedAxes = {"i"};
  EXPECT_EQ(runPass(in, "shrink-domains", nullptr, o),
            kernel("", "  for i = 0 to 10 step 1 {\n"
                       "    for j = 0 to 3 step 1 {\n"
                       "      s0: B[i, j] = copy(A[i, j]) if -i + 4 >= 0\n"
                       "    }\n  }\n"));
  EXPECT_EQ(runPass(in, "shrink-domains"),
            kernel("", "  for i = 0 to 5 step 1 {\n"
                       "    for j = 0 to 3 step 1 {\n"
                       "      s0: B[i, j] = copy(A[i, j])\n"
                       "    }\n  }\n"));
}

TEST(ShrinkDomainsTest, EmptyLoopsAreRemoved) {
  std::string in =
      kernel("", "  for i = 0 to 10 step 1 {\n"
                 "    s0: B[i, 0] = copy(A[i, 0]) if i - 20 >= 0\n"
                 "  }\n"
                 "  for p = 0 to 4 step 1 {\n"
                 "    s1: B[p, 1] = copy(A[p, 1])\n"
                 "    for q = 0 to 6 step 1 {\n"
                 "      for r = 0 to 2 step 1 {\n"
                 "        s2: B[q, r] = copy(A[q, r]) if p - 9 >= 0\n"
                 "      }\n"
                 "    }\n"
                 "  }\n");
  Statistics stats;
  EXPECT_EQ(runPass(in, "shrink-domains", &stats),
            kernel("", "  for p = 0 to 4 step 1 {\n"
                       "    s1: B[p, 1] = copy(A[p, 1])\n"
                       "  }\n"));
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-loops"), 3);
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-iterations"), 10 + 6);
}

TEST(ShrinkDomainsTest, SymbolicBounds) {
  // ub = N: the constant bound 7 replaces it only when 7 <= N always.
  std::string small = kernel("param N in [1, 64]",
                             "  for i = 0 to N step 1 {\n"
                             "    s0: B[i, 0] = copy(A[i, 0]) if -i + 6 >= 0\n"
                             "  }\n");
  EXPECT_EQ(runPass(small, "shrink-domains"), small);
  std::string large = kernel("param N in [8, 64]",
                             "  for i = 0 to N step 1 {\n"
                             "    s0: B[i, 0] = copy(A[i, 0]) if -i + 6 >= 0\n"
                             "  }\n");
  EXPECT_EQ(runPass(large, "shrink-domains"),
            kernel("param N in [8, 64]", "  for i = 0 to 7 step 1 {\n"
                                         "    s0: B[i, 0] = copy(A[i, 0])\n"
                                         "  }\n"));
  // lb = M (stride 1): replaced by the constant when M <= 2 always; the
  // guard that becomes necessary (i >= M) is added back by the gist.
  std::string lower = kernel("param M in [0, 2], param N in [8, 64]",
                             "  for i = M to N step 1 {\n"
                             "    s0: B[i, 0] = copy(A[i, 0]) if i - 2 >= 0 & "
                             "-i + 6 >= 0\n"
                             "  }\n");
  EXPECT_EQ(runPass(lower, "shrink-domains"),
            kernel("param M in [0, 2], param N in [8, 64]",
                   "  for i = 2 to 7 step 1 {\n"
                   "    s0: B[i, 0] = copy(A[i, 0])\n"
                   "  }\n"));
}

TEST(ShrinkDomainsTest, ConvexHullVariantAndOutcomes) {
  Module m =
      parseModule(kernel("", "  for i = 0 to 10 step 1 {\n"
                             "    s0: B[i, 0] = copy(A[i, 0]) if -i + 2 >= 0\n"
                             "    s1: B[i, 1] = copy(A[i, 1]) if -i + 4 >= 0\n"
                             "  }\n"));
  Loop &loop = *m.kernels[0].body[0].asLoop();
  PredicateSimplifier p(m.kernels[0]);
  EXPECT_EQ(p.shrinkDomainConvexHull(loop, {}), SimplifyOutcome::Changed);
  EXPECT_EQ(printKernel(m.kernels[0]),
            kernel("", "  for i = 0 to 5 step 1 {\n"
                       "    s0: B[i, 0] = copy(A[i, 0]) if -i + 2 >= 0\n"
                       "    s1: B[i, 1] = copy(A[i, 1])\n"
                       "  }\n"));
  // Nothing left to do.
  EXPECT_EQ(p.shrinkDomain(loop, {}), SimplifyOutcome::Unchanged);
  EXPECT_EQ(p.counters().eliminatedIterations, 5);
  EXPECT_EQ(p.counters().eliminatedPredicates, 1);
  // A loop that runs nothing is reported, not removed by the callee.
  Module e = parseModule(kernel("", "  for i = 0 to 10 step 1 {\n"
                                    "    s0: B[i, 0] = copy(A[i, 0]) if "
                                    "i - 10 >= 0\n"
                                    "  }\n"));
  PredicateSimplifier q(e.kernels[0]);
  Loop &dead = *e.kernels[0].body[0].asLoop();
  EXPECT_EQ(q.shrinkDomain(dead, {}), SimplifyOutcome::Eliminated);
  EXPECT_EQ(e.kernels[0].body.size(), 1u);
  EXPECT_EQ(q.counters().eliminatedLoops, 1);
}

TEST(ShrinkDomainsTest, ApproximatePredicatesNarrowOnlyWhenAllowed) {
  std::string in =
      kernel("", "  for i = 0 to 10 step 1 {\n"
                 "    s0: B[i, 0] = copy(A[i, 0]) if -i + 7 >= 0 & "
                 "approx(-i + 4 >= 0)\n"
                 "  }\n");
  EXPECT_EQ(runPass(in, "shrink-domains"),
            kernel("",
                   "  for i = 0 to 8 step 1 {\n"
                   "    s0: B[i, 0] = copy(A[i, 0]) if approx(-i + 4 >= 0)\n"
                   "  }\n"));
  SimplifierOptions o;
  o.approximatePredicates = true;
  EXPECT_EQ(runPass(in, "shrink-domains", nullptr, o),
            kernel("",
                   "  for i = 0 to 5 step 1 {\n"
                   "    s0: B[i, 0] = copy(A[i, 0]) if approx(-i + 4 >= 0)\n"
                   "  }\n"));
}

TEST(ShrinkDomainsTest, FailuresLeaveTheLoopUnchanged) {
  std::string in =
      kernel("", "  for i = 0 to 10 step 1 {\n"
                 "    for j = 0 to 10 step 1 {\n"
                 "      s0: B[i, j] = copy(A[i, j]) if -i + 4 >= 0 & "
                 "mod(i + j, 3) == 0\n"
                 "    }\n  }\n");
  SimplifierOptions o;
  o.workLimit = 1;
  Statistics stats;
  EXPECT_EQ(runPass(in, "shrink-domains", &stats, o), in);
  EXPECT_EQ(stats.get("shrink-domains", "failures"), 1);
  EXPECT_EQ(stats.get("shrink-domains", "eliminated-iterations"), 0);
}

TEST(ShrinkDomainsTest, ShrinkThenSimplify) {
  std::string in = kernel("param spmd_id in [0, 3]",
                          "  for i = 0 to 10 step 1 {\n"
                          "    for j = 0 to 16 step 1 {\n"
                          "      s0: B[i, j] = copy(A[i, j]) if -i + 6 >= 0 & "
                          "i - j >= 0 & j - spmd_id >= 0 & spmd_id >= 0\n"
                          "    }\n  }\n");
  EXPECT_EQ(runPass(in, "shrink-domains,simplify-predicates"),
            kernel("param spmd_id in [0, 3]",
                   "  for i = 0 to 7 step 1 {\n"
                   "    for j = 0 to 7 step 1 {\n"
                   "      s0: B[i, j] = copy(A[i, j]) if i - j >= 0 & "
                   "j - spmd_id >= 0\n"
                   "    }\n  }\n"));
}

} // namespace
