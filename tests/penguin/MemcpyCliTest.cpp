// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// penguin-opt with memcpy-elimination on the bundled example
// (docs/examples/memcpy.pn): the exact output, the --explain text, the
// counters, the exit statuses.
#include "PenguinOptRunner.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using penguin_test::OptResult;

OptResult runOpt(const std::string &args, const std::string &stdinText = "") {
  return penguin_test::runPenguinOpt(args, stdinText);
}

std::string example() { return penguin_test::quotedExample("memcpy.pn"); }

const char *kEliminated = R"(kernel transpose(param spmd_id in [0, 3]) {
  tensor A : f32[64, 32] DRAM input
  tensor T : f32[32, 64] SBUF
  tensor O : f32[32, 64] DRAM output
  for p = 0 to 32 step 1 {
    for q = 0 to 64 step 1 {
      s1: O[p, q] = add(A[q, p], 1.0)
    }
  }
}

kernel tiles() {
  tensor X : f32[256] DRAM input
  tensor Y : f32[64, 4] SBUF
  tensor Z : f32[64, 4] DRAM output
  for r = 0 to 64 step 1 {
    for c = 0 to 4 step 1 {
      s1: Z[r, c] = exp(X[c + 4*r]) if -r + 59 >= 0
    }
  }
}

kernel partial() {
  tensor A : f32[128] DRAM input
  tensor B : f32[128] SBUF
  tensor O : f32[128] DRAM output
  for i = 0 to 64 step 1 {
    s0: B[i] = copy(A[i])
  }
  for k = 0 to 128 step 1 {
    s1: O[k] = exp(B[k])
  }
}
)";

const char *kExplanation =
    "memcpy-elimination: kernel transpose: s0: eliminated s0 (T[j, i] = "
    "copy(A[i, j])), 1 load rewritten; loads rewritten: s1: T[p, q] -> A[q, "
    "p]\n"
    "memcpy-elimination: kernel tiles: s0: eliminated s0 (Y[floordiv(k, 4), "
    "mod(k, 4)] = copy(X[k])), 1 load rewritten; loads rewritten: s1: Y[r, "
    "c] -> X[c + 4*r]\n"
    "memcpy-elimination: kernel partial: s0: not eliminated: s1 (O[k] = "
    "exp(B[k])) reads elements of B that the copy does not write: { B[i0] : "
    "64 <= i0 <= 127 }\n";

TEST(MemcpyCliTest, PassAndExplainAreListed) {
  OptResult r = runOpt("--help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("memcpy-elimination"), std::string::npos);
  EXPECT_NE(r.out.find("--explain"), std::string::npos);
}

TEST(MemcpyCliTest, ExampleWithExplanations) {
  OptResult r = runOpt("-p memcpy-elimination --explain " + example());
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, kEliminated);
  EXPECT_EQ(r.err, kExplanation);
  // The result is stable: a second run eliminates nothing more.
  OptResult again = runOpt("-p memcpy-elimination --explain -", r.out);
  EXPECT_EQ(again.rc, 0);
  EXPECT_EQ(again.out, kEliminated);
  EXPECT_EQ(again.err,
            "memcpy-elimination: kernel partial: s0: not eliminated: s1 (O[k] "
            "= exp(B[k])) reads elements of B that the copy does not write: "
            "{ B[i0] : 64 <= i0 <= 127 }\n");
}

TEST(MemcpyCliTest, QuietWithoutExplainAndCountersWithStats) {
  OptResult r = runOpt("-p memcpy-elimination " + example());
  ASSERT_EQ(r.rc, 0);
  EXPECT_EQ(r.out, kEliminated);
  EXPECT_EQ(r.err, "");
  r = runOpt("-p memcpy-elimination --stats " + example());
  ASSERT_EQ(r.rc, 0);
  EXPECT_NE(r.err.find("  2 memcpy-elimination.eliminated-copies - Number of "
                       "copies eliminated"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("  2 memcpy-elimination.rewritten-loads"),
            std::string::npos);
  EXPECT_NE(r.err.find("  1 memcpy-elimination.refused-copies"),
            std::string::npos);
  // Without the pass, --explain has nothing to say and the file comes back.
  r = runOpt("--explain " + example());
  EXPECT_EQ(r.rc, 0);
  EXPECT_EQ(r.out, penguin_test::slurp(std::string(PENGUIN_EXAMPLES_DIR) +
                                       "/memcpy.pn"));
  EXPECT_EQ(r.err, "");
}

TEST(MemcpyCliTest, BadInputIsAnErrorNotACrash) {
  OptResult r = runOpt("-p memcpy-elimination --explain -",
                       "kernel k() {\n  tensor A : f32[4] DRAM\n"
                       "  s0: B[0] = copy(A[0])\n}\n");
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
  r = runOpt("-p memcpy-elimination --explain -", "kernel k( {");
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("<stdin>:1:"), std::string::npos) << r.err;
  r = runOpt("-p memcpy-elimination --explian " + example());
  EXPECT_EQ(r.rc, 2);
}

} // namespace
