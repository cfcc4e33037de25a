// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// memcpy-elimination: the copies that go (with the expected kernel, compared
// as text) and the copies that must stay (kernel unchanged, the reason).
#include "penguin/MemcpyElimination.h"

#include "penguin/Parser.h"
#include "penguin/Printer.h"
#include "penguin/Verify.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace penguin;

namespace {

struct Outcome {
  std::string text;
  std::vector<MemcpyDecision> decisions;
};

Outcome eliminate(const std::string &text, RewriteOptions options = {}) {
  Module m = parseModule(text);
  EXPECT_TRUE(verifyModule(m).empty());
  Outcome r;
  r.decisions = eliminateMemcpies(m.kernels[0], options);
  EXPECT_TRUE(verifyModule(m).empty());
  r.text = printModule(m);
  return r;
}

std::string kernel(const std::string &tensors, const std::string &body) {
  return "kernel k(param n in [0, 3]) {\n" + tensors + body + "}\n";
}

const char *kAB2 = "  tensor A : f32[8, 8] DRAM input\n"
                   "  tensor B : f32[8, 8] SBUF\n"
                   "  tensor O : f32[8, 8] DRAM output\n";

const char *kReadB = "  for p = 0 to 8 step 1 {\n"
                     "    for q = 0 to 8 step 1 {\n"
                     "      s1: O[p, q] = exp(B[p, q])\n"
                     "    }\n"
                     "  }\n";

TEST(MemcpyEliminationTest, IdentityCopy) {
  Outcome r = eliminate(kernel(kAB2, "  for i = 0 to 8 step 1 {\n"
                                     "    for j = 0 to 8 step 1 {\n"
                                     "      s0: B[i, j] = copy(A[i, j])\n"
                                     "    }\n  }\n" +
                                         std::string(kReadB)));
  ASSERT_EQ(r.decisions.size(), 1u);
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_EQ(r.text, kernel(kAB2, "  for p = 0 to 8 step 1 {\n"
                                 "    for q = 0 to 8 step 1 {\n"
                                 "      s1: O[p, q] = exp(A[p, q])\n"
                                 "    }\n  }\n"));
  EXPECT_EQ(r.decisions[0].rewrites,
            (std::vector<std::string>{"s1: B[p, q] -> A[p, q]"}));
}

TEST(MemcpyEliminationTest, TransposedCopy) {
  Outcome r = eliminate(kernel(kAB2, "  for i = 0 to 8 step 1 {\n"
                                     "    for j = 0 to 8 step 1 {\n"
                                     "      s0: B[j, i] = copy(A[i, j])\n"
                                     "    }\n  }\n" +
                                         std::string(kReadB)));
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_EQ(r.text, kernel(kAB2, "  for p = 0 to 8 step 1 {\n"
                                 "    for q = 0 to 8 step 1 {\n"
                                 "      s1: O[p, q] = exp(A[q, p])\n"
                                 "    }\n  }\n"));
}

TEST(MemcpyEliminationTest, TiledAndStridedCopiesWithFloorDivision) {
  const std::string tensors = "  tensor A : f32[64] DRAM input\n"
                              "  tensor B : f32[16, 4] SBUF\n"
                              "  tensor O : f32[16, 4] DRAM output\n";
  Outcome r = eliminate(kernel(
      tensors, "  for k = 0 to 64 step 1 {\n"
               "    s0: B[floordiv(k, 4), mod(k, 4)] = copy(A[k])\n  }\n"
               "  for r = 0 to 16 step 1 {\n    for c = 0 to 4 step 1 {\n"
               "      s1: O[r, c] = exp(B[r, c])\n    }\n  }\n"));
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_EQ(r.text,
            kernel(tensors,
                   "  for r = 0 to 16 step 1 {\n    for c = 0 to 4 step 1 {\n"
                   "      s1: O[r, c] = exp(A[c + 4*r])\n    }\n  }\n"));
  // Even elements of A packed into B, read back with a parameter offset.
  const std::string t1 = "  tensor A : f32[80] DRAM input\n"
                         "  tensor B : f32[32] SBUF\n"
                         "  tensor O : f32[32] DRAM output\n";
  r = eliminate(kernel(t1, "  for k = 0 to 64 step 2 {\n"
                           "    s0: B[floordiv(k, 2)] = copy(A[k + n])\n"
                           "  }\n"
                           "  for t = 0 to 28 step 1 {\n"
                           "    s1: O[t] = exp(B[t + n])\n  }\n"));
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_EQ(r.text, kernel(t1, "  for t = 0 to 28 step 1 {\n"
                               "    s1: O[t] = exp(A[2*t + 3*n])\n  }\n"));
}

TEST(MemcpyEliminationTest, CopyGuardedByATailPredicate) {
  const std::string tensors = "  tensor A : f32[32] DRAM input\n"
                              "  tensor B : f32[16] SBUF\n"
                              "  tensor O : f32[16] DRAM output\n";
  // The copy writes B[0..12 - n]; the reader reads exactly those.
  Outcome r =
      eliminate(kernel(tensors, "  for i = 0 to 16 step 1 {\n"
                                "    s0: B[i] = copy(A[i + 3]) if -i - n + "
                                "12 >= 0\n  }\n"
                                "  for t = 0 to 16 step 1 {\n"
                                "    s1: O[t] = exp(B[t]) if -t - n + 12 "
                                ">= 0\n  }\n"));
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_EQ(r.text,
            kernel(tensors, "  for t = 0 to 16 step 1 {\n"
                            "    s1: O[t] = exp(A[t + 3]) if -t - n + 12 >= 0\n"
                            "  }\n"));
  // A reader that reads past the guard when n > 0: refused.
  std::string tooFar = kernel(tensors, "  for i = 0 to 16 step 1 {\n"
                                       "    s0: B[i] = copy(A[i + 3]) if -i - "
                                       "n + 12 >= 0\n  }\n"
                                       "  for t = 0 to 13 step 1 {\n"
                                       "    s1: O[t] = exp(B[t])\n  }\n");
  r = eliminate(tooFar);
  EXPECT_FALSE(r.decisions[0].eliminated);
  EXPECT_EQ(r.text, tooFar);
  EXPECT_NE(r.decisions[0].reason.find("reads elements of B that the copy "
                                       "does not write"),
            std::string::npos)
      << r.decisions[0].reason;
}

// Refusals: the kernel is unchanged and the reason says why.
void expectRefused(const std::string &text, const std::string &why,
                   RewriteOptions options = {}) {
  Outcome r = eliminate(text, options);
  bool found = false;
  for (const MemcpyDecision &d : r.decisions)
    if (d.copyId == 0) {
      found = true;
      EXPECT_FALSE(d.eliminated) << d.str();
      EXPECT_NE(d.reason.find(why), std::string::npos) << d.reason;
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(r.text, text);
}

TEST(MemcpyEliminationTest, CopyCoveringPartOfTheTensorIsRefused) {
  expectRefused(
      kernel(kAB2, "  for i = 0 to 4 step 1 {\n"
                   "    for j = 0 to 8 step 1 {\n"
                   "      s0: B[i, j] = copy(A[i, j])\n"
                   "    }\n  }\n" +
                       std::string(kReadB)),
      "s1 (O[p, q] = exp(B[p, q])) reads elements of B that the "
      "copy does not write: [n] -> { B[i0, i1] : 0 <= n <= 3 and 4 <= "
      "i0 <= 7 and 0 <= i1 <= 7 }");
}

TEST(MemcpyEliminationTest, UnsafeCopiesAreRefused) {
  const std::string copy = "  for i = 0 to 8 step 1 {\n"
                           "    for j = 0 to 8 step 1 {\n"
                           "      s0: B[i, j] = copy(A[i, j])\n"
                           "    }\n  }\n";
  // B is observable.
  expectRefused(kernel("  tensor A : f32[8, 8] DRAM input\n"
                       "  tensor B : f32[8, 8] DRAM output\n"
                       "  tensor O : f32[8, 8] DRAM output\n",
                       copy + kReadB),
                "B is a kernel output");
  // Another write of B after the copy.
  expectRefused(kernel(kAB2, copy + "  s5: B[0, 0] = memset(0.0)\n" + kReadB),
                "s5 (B[0, 0] = memset(...)) writes B again after the copy");
  // A written between the copy and the read.
  expectRefused(kernel(kAB2, copy + "  s5: A[1, 1] = memset(0.0)\n" + kReadB),
                "s5 (A[1, 1] = memset(...)) writes A between the copy and the "
                "last read of B");
  // A conversion is not a copy.
  expectRefused(kernel("  tensor A : f32[8, 8] DRAM input\n"
                       "  tensor B : bf16[8, 8] SBUF\n"
                       "  tensor O : f32[8, 8] DRAM output\n",
                       copy + kReadB),
                "the copy converts f32 to bf16");
  // A read of B in the copy's own loop nest.
  expectRefused(kernel(kAB2, "  for i = 0 to 8 step 1 {\n"
                             "    for j = 0 to 8 step 1 {\n"
                             "      s0: B[i, j] = copy(A[i, j])\n"
                             "      s2: O[i, j] = exp(B[j, i])\n"
                             "    }\n  }\n"),
                "uses B in the same loop nest as the copy");
  // Each B[i] written from eight elements of A: the last one wins.
  expectRefused(kernel("  tensor A : f32[8, 8] DRAM input\n"
                       "  tensor B : f32[8] SBUF\n"
                       "  tensor O : f32[8] DRAM output\n",
                       "  for i = 0 to 8 step 1 {\n"
                       "    for j = 0 to 8 step 1 {\n"
                       "      s0: B[i] = copy(A[i, j])\n    }\n  }\n"
                       "  for t = 0 to 8 step 1 {\n"
                       "    s1: O[t] = exp(B[t])\n  }\n"),
                "writes some element of B from several elements of A");
  // An approximate guard on the copy.
  expectRefused(kernel(kAB2, "  for i = 0 to 8 step 1 {\n"
                             "    for j = 0 to 8 step 1 {\n"
                             "      s0: B[i, j] = copy(A[i, j]) if "
                             "approx(-i + 7 >= 0)\n"
                             "    }\n  }\n" +
                                 std::string(kReadB)),
                "approximate predicate");
  // Not a copy.
  expectRefused(kernel(kAB2, "  for i = 0 to 8 step 1 {\n"
                             "    s0: B[i, 0] = copy(A[i, 0], A[i, 1])\n  }\n"),
                "not a copy");
}

TEST(MemcpyEliminationTest, NonLinearRebasedAddressesFollowTheOption) {
  const std::string text = kernel("  tensor A : f32[64] DRAM input\n"
                                  "  tensor B : f32[64] SBUF\n"
                                  "  tensor O : f32[64] DRAM output\n",
                                  "  for i = 0 to 64 step 1 {\n"
                                  "    s0: B[i] = copy(A[63 - i])\n  }\n"
                                  "  for t = 0 to 64 step 1 {\n"
                                  "    s1: O[t] = exp(B[floordiv(t, 2)])\n"
                                  "  }\n");
  expectRefused(text, "is not linear");
  RewriteOptions quasi;
  quasi.requireLinear = false;
  Outcome r = eliminate(text, quasi);
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_NE(r.text.find("s1: O[t] = exp(A[floordiv(-t + 127, 2)])"),
            std::string::npos)
      << r.text;
}

TEST(MemcpyEliminationTest, ChainsScopesAndReadsBeforeTheCopy) {
  // B is read before the copy (untouched), the copy sits in a scope, and
  // the copy's copy is folded too: A -> B -> C becomes reads of A.
  const std::string tensors = "  tensor A : f32[16] DRAM input\n"
                              "  tensor B : f32[16] SBUF\n"
                              "  tensor C : f32[16] SBUF\n"
                              "  tensor O : f32[16] DRAM output\n";
  Outcome r =
      eliminate(kernel(tensors, "  for t = 0 to 16 step 1 {\n"
                                "    s9: O[t] = exp(B[t])\n  }\n"
                                "  scope copies {\n"
                                "    for i = 0 to 16 step 1 {\n"
                                "      s0: B[i] = copy(A[15 - i])\n"
                                "    }\n"
                                "    for i = 0 to 16 step 1 {\n"
                                "      s1: C[i] = copy(B[i])\n    }\n  }\n"
                                "  for t = 0 to 8 step 1 {\n"
                                "    s2: O[t] = add(C[2*t], B[t])\n"
                                "  }\n"));
  int eliminated = 0;
  for (const MemcpyDecision &d : r.decisions)
    eliminated += d.eliminated;
  EXPECT_EQ(eliminated, 2);
  EXPECT_EQ(r.text,
            kernel(tensors, "  for t = 0 to 16 step 1 {\n"
                            "    s9: O[t] = exp(B[t])\n  }\n"
                            "  scope copies {\n  }\n"
                            "  for t = 0 to 8 step 1 {\n"
                            "    s2: O[t] = add(A[-2*t + 15], A[-t + 15])\n"
                            "  }\n"));
}

TEST(MemcpyEliminationTest, PassCountersAndExplanations) {
  Module m = parseModule(kernel(kAB2, "  for i = 0 to 8 step 1 {\n"
                                      "    for j = 0 to 8 step 1 {\n"
                                      "      s0: B[i, j] = copy(A[i, j])\n"
                                      "    }\n  }\n" +
                                          std::string(kReadB)));
  std::vector<std::unique_ptr<Pass>> ps;
  ps.push_back(createMemcpyEliminationPass());
  Statistics stats;
  std::ostringstream explain;
  runPasses(m, ps, stats, true, &explain);
  EXPECT_EQ(stats.get("memcpy-elimination", "eliminated-copies"), 1);
  EXPECT_EQ(stats.get("memcpy-elimination", "rewritten-loads"), 1);
  EXPECT_EQ(stats.get("memcpy-elimination", "refused-copies"), 0);
  EXPECT_EQ(explain.str(),
            "memcpy-elimination: kernel k: s0: eliminated s0 (B[i, j] = "
            "copy(A[i, j])), 1 load rewritten; loads rewritten: s1: B[p, q] "
            "-> A[p, q]\n");
  // An unknown copy id is a refusal, not a crash.
  MemcpyDecision d = eliminateMemcpy(m.kernels[0], 42);
  EXPECT_FALSE(d.eliminated);
  EXPECT_EQ(d.str(), "s42: not eliminated: no instruction s42");
}

// Tensors that name one allocation share its cells: legality is decided on
// memory. B lives in allocation M beside C; A (on chip) in N beside D.
const char *kShared = "  tensor A : f32[8, 8] SBUF alloc N [8, 8]\n"
                      "  tensor D : f32[8, 8] SBUF alloc N [8, 8]\n"
                      "  tensor B : f32[8, 8] SBUF alloc M [8, 8]\n"
                      "  tensor C : f32[8, 8] SBUF alloc M [8, 8]\n"
                      "  tensor O : f32[8, 8] DRAM output\n";

const char *kCopyAB = "  for i = 0 to 8 step 1 {\n"
                      "    for j = 0 to 8 step 1 {\n"
                      "      s0: B[i, j] = copy(A[i, j])\n"
                      "    }\n  }\n";

TEST(MemcpyEliminationTest, WritesThroughAnotherTensorOfTheDestination) {
  // C[2, 3] is B[2, 3]: the read of B sees 9.0, not the copied A[2, 3].
  expectRefused(kernel(kShared, std::string(kCopyAB) +
                                    "  s5: C[2, 3] = memset(9.0)\n" + kReadB),
                "s5 (C[2, 3] = memset(...)) writes C, which shares the "
                "allocation M_alloc with B, between the copy and the last "
                "read of B: the reads of B would not see the copy");
}

TEST(MemcpyEliminationTest, ReadsThroughAnotherTensorOfTheDestination) {
  // Without the copy, C[4, 4] would read what M held before it.
  expectRefused(kernel(kShared, std::string(kCopyAB) +
                                    "  s5: O[0, 0] = exp(C[4, 4])\n" + kReadB),
                "s5 (O[0, 0] = exp(C[4, 4])) reads C, which shares the "
                "allocation M_alloc with B, after the copy: without the copy "
                "it would read other values");
  // In the copy's own loop nest too.
  expectRefused(kernel(kShared, "  for i = 0 to 8 step 1 {\n"
                                "    for j = 0 to 8 step 1 {\n"
                                "      s0: B[i, j] = copy(A[i, j])\n"
                                "      s2: O[i, j] = exp(C[j, i])\n"
                                "    }\n  }\n" +
                                    std::string(kReadB)),
                "s2 (O[i, j] = exp(C[j, i])) reads C, which shares the "
                "allocation M_alloc with B, after the copy");
}

TEST(MemcpyEliminationTest, WritesThroughAnotherTensorOfTheSource) {
  // D[7, 0] is A[7, 0], which the rewritten load of B[7, 0] would read.
  expectRefused(kernel(kShared, std::string(kCopyAB) +
                                    "  s5: D[7, 0] = memset(9.0)\n" + kReadB),
                "s5 (D[7, 0] = memset(...)) writes D, which shares the "
                "allocation N_alloc with A, between the copy and the last "
                "read of B: the rewritten loads would read other values");
}

TEST(MemcpyEliminationTest, ACopyInsideOneAllocation) {
  // A and B in one allocation: B[i] = A[i + 1] shifts M down by one, and
  // each write lands on a cell a later iteration (and so the rewritten
  // loads) read.
  expectRefused(kernel("  tensor A : f32[16] SBUF alloc M [16]\n"
                       "  tensor B : f32[8] SBUF alloc M [16]\n"
                       "  tensor O : f32[8] DRAM output\n",
                       "  for i = 0 to 8 step 1 {\n"
                       "    s0: B[i] = copy(A[i + 1])\n  }\n"
                       "  for t = 0 to 8 step 1 {\n"
                       "    s1: O[t] = exp(B[t])\n  }\n"),
                "the copy writes cells of the allocation M_alloc that the "
                "rewritten loads would read through A");
  // Disjoint halves of one allocation: nothing is overwritten.
  Outcome r = eliminate(kernel("  tensor A : f32[16] SBUF alloc M [16]\n"
                               "  tensor B : f32[16] SBUF alloc M [16]\n"
                               "  tensor O : f32[8] DRAM output\n",
                               "  for i = 0 to 8 step 1 {\n"
                               "    s0: B[i] = copy(A[i + 8])\n  }\n"
                               "  for t = 0 to 8 step 1 {\n"
                               "    s1: O[t] = exp(B[t])\n  }\n"));
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_NE(r.text.find("s1: O[t] = exp(A[t + 8])"), std::string::npos)
      << r.text;
}

TEST(MemcpyEliminationTest, AnAllocationSmallerThanTheTensorWraps) {
  // B[i] and B[i + 4] are one cell of M [4]: it ends holding A[i + 4].
  expectRefused(kernel("  tensor A : f32[8] DRAM input\n"
                       "  tensor B : f32[8] SBUF alloc M [4]\n"
                       "  tensor O : f32[8] DRAM output\n",
                       "  for i = 0 to 8 step 1 {\n"
                       "    s0: B[i] = copy(A[i])\n  }\n"
                       "  for t = 0 to 8 step 1 {\n"
                       "    s1: O[t] = exp(B[t])\n  }\n"),
                "the copy writes some cell of the allocation M_alloc from "
                "several elements of A");
}

TEST(MemcpyEliminationTest, SharedMemoryOutsideWhatIsReadIsNoHazard) {
  // C writes a row of M that no load of B reads, D a row of N that the
  // rewritten loads do not read, C is read before the copy, and after the
  // last load C is written again: all harmless.
  const std::string readRows = "  for p = 0 to 4 step 1 {\n"
                               "    for q = 0 to 8 step 1 {\n"
                               "      s1: O[p, q] = exp(B[p, q])\n"
                               "    }\n  }\n";
  Outcome r = eliminate(
      kernel(kShared, "  s4: O[7, 7] = exp(C[0, 0])\n" + std::string(kCopyAB) +
                          "  s5: C[6, 1] = memset(9.0)\n"
                          "  s6: D[5, 5] = memset(9.0)\n" +
                          readRows + "  s7: C[0, 0] = memset(1.0)\n"));
  ASSERT_EQ(r.decisions.size(), 1u);
  EXPECT_TRUE(r.decisions[0].eliminated) << r.decisions[0].str();
  EXPECT_NE(r.text.find("s1: O[p, q] = exp(A[p, q])"), std::string::npos)
      << r.text;
}

TEST(MemcpyEliminationTest, ExplainNamesTheInstructionTensorAndAllocation) {
  Module m = parseModule(
      kernel(kShared,
             std::string(kCopyAB) + "  s5: C[2, 3] = memset(9.0)\n" + kReadB));
  std::vector<std::unique_ptr<Pass>> ps;
  ps.push_back(createMemcpyEliminationPass());
  Statistics stats;
  std::ostringstream explain;
  runPasses(m, ps, stats, true, &explain);
  EXPECT_EQ(stats.get("memcpy-elimination", "refused-copies"), 1);
  EXPECT_EQ(explain.str(),
            "memcpy-elimination: kernel k: s0: not eliminated: s5 (C[2, 3] = "
            "memset(...)) writes C, which shares the allocation M_alloc with "
            "B, between the copy and the last read of B: the reads of B would "
            "not see the copy\n");
}

} // namespace
