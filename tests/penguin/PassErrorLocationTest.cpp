// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every pass reports a failure met while it processes an instruction or a
// loop at that instruction or loop: an engine failure (here an exhausted
// work budget, forced by running the pass under a tiny WorkBudget::Scope)
// or an int64 overflow. Passes that stop report `FILE:LINE:COL: error: in
// pass 'NAME': ...`; the seed's guarded computations (the simplifier's
// `try`, memcpy-elimination's refusals) leave the IR unchanged and say
// where in their explanation.
#include "penguin/Canonicalize.h"
#include "penguin/DependencePasses.h"
#include "penguin/MemcpyElimination.h"
#include "penguin/Parser.h"
#include "penguin/Pass.h"
#include "penguin/PredicateSimplifier.h"
#include "penguin/Printer.h"

#include "presburger/WorkBudget.h"

#include <gtest/gtest.h>

#include <functional>
#include <sstream>

using namespace penguin;

namespace {

// Line 6 holds s0 (column 5), line 5 its loop (column 3), line 9 s1.
const char *kKernel = "kernel k() {\n"
                      "  tensor A : f32[16] DRAM input\n"
                      "  tensor B : f32[16] SBUF\n"
                      "  tensor O : f32[16] DRAM output\n"
                      "  for i = 0 to 16 step 1 {\n"
                      "    s0: B[i] = copy(A[i]) if -i + 11 >= 0\n"
                      "  }\n"
                      "  for t = 0 to 12 step 1 {\n"
                      "    s1: O[t] = exp(B[t]) if -t + 13 >= 0\n"
                      "  }\n"
                      "}\n";

struct PassRun {
  std::string failure; // the failure's text, empty when none
  std::string explain;
  std::string module; // the module afterwards
  std::string before;
};

/// Runs `pass` on `text` (read as "in.pn"), under a work budget of
/// `budget` units when it is not zero.
using PassFactory = std::function<std::unique_ptr<Pass>()>;

PassRun runPass(const PassFactory &make, uint64_t budget,
                const char *text = kKernel) {
  Module m = parseModule(text, "in.pn");
  PassRun r;
  r.before = printModule(m);
  Statistics stats;
  std::ostringstream explain, report;
  PassContext ctx{.stats = stats, .report = &report, .explain = &explain};
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(make());
  try {
    if (budget) {
      presburger::WorkBudget::Scope scope(budget);
      runPasses(m, passes, ctx, /*verifyEach=*/false);
    } else {
      runPasses(m, passes, ctx, /*verifyEach=*/false);
    }
  } catch (const PassFailure &e) {
    r.failure = e.what();
  } catch (const LocatedError &e) { // text the pass read (a schedule)
    r.failure = e.what();
  }
  r.explain = explain.str();
  r.module = printModule(m);
  return r;
}

/// The places of kKernel: the kernel, the loops, the instructions.
const std::vector<std::string> kKernelPlace{"in.pn:1:1: "};
const std::vector<std::string> kLoops{"in.pn:5:3: ", "in.pn:8:3: "};
const std::vector<std::string> kInstructions{"in.pn:6:5: ", "in.pn:9:5: "};

bool mentionsOneOf(const std::string &line,
                   const std::vector<std::string> &places) {
  for (const std::string &p : places)
    if (line.find(p) != std::string::npos)
      return true;
  return false;
}

/// Runs `pass` under budgets 1, 2, 3, 4, 6, ... (steps of a quarter, so
/// that a short stretch of work between two long ones is not stepped over)
/// until it runs through: each run's failure (or, for a pass that leaves
/// what failed unchanged instead, each line of its explanation that
/// mentions the engine) must name one of `places` and the exhausted budget;
/// some must be at one of `wanted` (the first such line is kept in
/// `*firstWanted` when given). Returns how many failures were seen.
int sweepBudgets(const PassFactory &pass,
                 const std::vector<std::string> &places,
                 const std::vector<std::string> &wanted, bool stops,
                 std::string *firstWanted = nullptr) {
  int failures = 0, atWanted = 0;
  for (uint64_t budget = 1; budget < (uint64_t(1) << 30);
       budget += budget / 4 + 1) {
    PassRun r = runPass(pass, budget);
    std::vector<std::string> lines;
    if (stops) {
      if (!r.failure.empty())
        lines.push_back(r.failure);
    } else {
      EXPECT_EQ(r.failure, "") << "budget " << budget;
      std::istringstream in(r.explain);
      for (std::string l; std::getline(in, l);)
        if (l.find("engine failed") != std::string::npos)
          lines.push_back(l);
    }
    if (lines.empty() && r.failure.empty() &&
        r.explain.find("engine failed") == std::string::npos)
      break; // ran through
    for (const std::string &l : lines) {
      ++failures;
      EXPECT_TRUE(mentionsOneOf(l, places)) << l << "\nbudget " << budget;
      EXPECT_TRUE(l.find("work budget of " + std::to_string(budget) +
                         " units exceeded") != std::string::npos ||
                  l.find("work limit exceeded") != std::string::npos)
          << l;
      if (mentionsOneOf(l, wanted) && atWanted++ == 0 && firstWanted)
        *firstWanted = l;
    }
  }
  EXPECT_GT(atWanted, 0) << "no failure at the wanted places";
  return failures;
}

std::vector<std::string> concat(std::vector<std::string> a,
                                const std::vector<std::string> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(PassErrorLocationTest, DependencesAtTheInstruction) {
  PassFactory p = [] { return createDependencesPass(); };
  // The kernel's domain and schedule are kernel-wide (at its header); the
  // accesses, bands and dependence pairs at their instruction or loop.
  std::string atInstruction;
  EXPECT_GT(sweepBudgets(p, concat(concat(kKernelPlace, kLoops), kInstructions),
                         kInstructions, /*stops=*/true, &atInstruction),
            0);
  // Located at s0 or s1, in the pass's own words.
  ASSERT_NE(atInstruction.find(": "), std::string::npos) << atInstruction;
  size_t placeEnd = atInstruction.find(": ") + 2;
  EXPECT_TRUE(mentionsOneOf(atInstruction.substr(0, placeEnd), kInstructions))
      << atInstruction;
  EXPECT_EQ(atInstruction.substr(placeEnd).rfind(
                "error: in pass 'dependences': the integer-set engine "
                "failed: work budget of ",
                0),
            0u)
      << atInstruction;
}

TEST(PassErrorLocationTest, CheckScheduleAtTheInstruction) {
  PassFactory p = [] {
    std::unique_ptr<Pass> c = createCheckSchedulePass();
    c->setArgument("{ s0[i] -> [0, i]; s1[t] -> [1, t] }");
    return c;
  };
  // Reading the schedule is located in its text.
  EXPECT_GT(
      sweepBudgets(p,
                   concat(concat(concat(kKernelPlace, kLoops), kInstructions),
                          {"<schedule>:"}),
                   kInstructions, /*stops=*/true),
      0);
}

TEST(PassErrorLocationTest,
     SimplifyPredicatesLeavesTheInstructionAndSaysWhere) {
  PassFactory p = [] { return createSimplifyPredicatesPass(); };
  EXPECT_GT(sweepBudgets(p, kInstructions, kInstructions, /*stops=*/false), 0);
  PassRun r = runPass(p, 1);
  EXPECT_EQ(r.explain.substr(0, r.explain.find('\n')),
            "in.pn:6:5: remark: simplify-predicates: left unchanged: the "
            "integer-set engine failed: work budget of 1 units exceeded");
}

TEST(PassErrorLocationTest, ShrinkDomainsLeavesTheLoopAndSaysWhere) {
  PassFactory p = [] { return createShrinkDomainsPass(); };
  EXPECT_GT(sweepBudgets(p, kLoops, kLoops, /*stops=*/false), 0);
}

TEST(PassErrorLocationTest, MemcpyEliminationRefusesAndSaysWhere) {
  PassFactory p = [] { return createMemcpyEliminationPass(); };
  EXPECT_GT(sweepBudgets(p, kInstructions, kInstructions, /*stops=*/false), 0);
  PassRun r = runPass(p, 1);
  EXPECT_NE(r.explain.find("s0: not eliminated: in.pn:6:5: the integer-set "
                           "engine failed: work budget of 1 units exceeded"),
            std::string::npos)
      << r.explain;
  // Without the budget the copy goes.
  PassRun ok = runPass(p, 0);
  EXPECT_NE(ok.explain.find("s0: eliminated"), std::string::npos) << ok.explain;
}

// 2^62 i + 2^62 i does not fit in 64 bits: flattening the index overflows.
const char *kOverflow =
    "kernel k() {\n"
    "  tensor A : f32[8] DRAM input\n"
    "  tensor O : f32[8] DRAM output\n"
    "  for i = 0 to 8 step 1 {\n"
    "    s0: O[i] = exp(A[4611686018427387904*i + 4611686018427387904*i])\n"
    "  }\n"
    "}\n";

TEST(PassErrorLocationTest, OverflowAtTheInstruction) {
  const std::string overflow = "integer overflow in addition (coefficients "
                               "and constants are 64-bit)";
  EXPECT_EQ(runPass(createCanonicalizePass, 0, kOverflow).failure,
            "in.pn:5:5: error: in pass 'canonicalize': " + overflow);
  EXPECT_EQ(runPass(createDependencesPass, 0, kOverflow).failure,
            "in.pn:5:5: error: in pass 'dependences': " + overflow);
}

TEST(PassErrorLocationTest, ANestedLocationWins) {
  // locatedAt keeps the innermost place.
  SourceLocation outer{"f.pn", 1, 1}, inner{"f.pn", 7, 3};
  try {
    locatedAt(outer, [&] {
      locatedAt(inner, [] { throw presburger::LimitExceeded("spent"); });
    });
    FAIL() << "expected a LocatedError";
  } catch (const LocatedError &e) {
    EXPECT_EQ(std::string(e.what()),
              "f.pn:7:3: error: the integer-set engine failed: spent");
  }
  // A bail-out is not located: its caller handles it.
  EXPECT_THROW(locatedAt(outer, [] { throw NotImplementedError("no"); }),
               NotImplementedError);
}

} // namespace
