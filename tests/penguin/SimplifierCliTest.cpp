// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// penguin-opt with simplify-predicates and shrink-domains: the bundled
// example (docs/examples/shrink_and_simplify.pn) gives exactly the expected
// kernel, and --stats reports the four counters of the seed.
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

OptResult runOpt(const std::string &args) {
  return penguin_test::runPenguinOpt(args);
}

std::string example() {
  return penguin_test::quotedExample("shrink_and_simplify.pn");
}

const char *kShrunkAndSimplified =
    R"(kernel shrink_and_simplify(param spmd_id in [0, 3]) {
  tensor A : f32[128, 64] DRAM input
  tensor B : f32[128, 64] SBUF
  tensor C : f32[64, 64] SBUF
  for i = 0 to 100 step 1 {
    s0: B[i, 0] = copy(A[i, 0])
  }
  for j = 0 to 49 step 4 {
    s1: B[j, 1] = copy(A[j, 1])
  }
  for p = 0 to 64 step 1 {
    for q = 0 to 64 step 1 {
      s2: C[p, q] = copy(A[p, q]) if p - q >= 0 & q - spmd_id >= 0
    }
  }
}
)";

TEST(SimplifierCliTest, PassesAreRegistered) {
  OptResult r = runOpt("--help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("simplify-predicates"), std::string::npos);
  EXPECT_NE(r.out.find("shrink-domains"), std::string::npos);
}

TEST(SimplifierCliTest, ExampleShrinksAndSimplifies) {
  // The masked tail becomes a tightened loop (s0), the stride becomes the
  // loop step (s1), the redundant guards go and the triangular and
  // parameter guards stay (s2), the loop that never runs is removed (s3).
  OptResult r =
      runOpt("-p shrink-domains,simplify-predicates --stats " + example());
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, kShrunkAndSimplified);
  EXPECT_NE(r.err.find("   3 shrink-domains.eliminated-predicates - Number of "
                       "predicates eliminated"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("   1 shrink-domains.eliminated-loops - Number of "
                       "loops eliminated"),
            std::string::npos);
  EXPECT_NE(r.err.find("  87 shrink-domains.eliminated-iterations - Number of "
                       "loop iterations eliminated"),
            std::string::npos);
  EXPECT_NE(r.err.find("   1 shrink-domains.strided-axes - Number of axes "
                       "that became strided"),
            std::string::npos);
  EXPECT_NE(r.err.find("   2 simplify-predicates.eliminated-predicates"),
            std::string::npos);
  EXPECT_NE(r.err.find("   0 shrink-domains.failures"), std::string::npos);
}

TEST(SimplifierCliTest, SimplifyPredicatesAlone) {
  OptResult r = runOpt("-p simplify-predicates --stats " + example());
  ASSERT_EQ(r.rc, 0) << r.err;
  std::string expected = penguin_test::slurp(std::string(PENGUIN_EXAMPLES_DIR) +
                                             "/shrink_and_simplify.pn");
  // Only s2's redundant guards go; the loops are untouched.
  std::string from = " & p >= 0 & -q + 100 >= 0";
  size_t at = expected.find(from);
  ASSERT_NE(at, std::string::npos);
  expected.erase(at, from.size());
  EXPECT_EQ(r.out, expected);
  EXPECT_NE(r.err.find("  2 simplify-predicates.eliminated-predicates"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("  1 simplify-predicates.empty-domains"),
            std::string::npos)
      << r.err;
}

TEST(SimplifierCliTest, PassesAreIdempotent) {
  OptResult r = penguin_test::runPenguinOpt(
      "-p shrink-domains,simplify-predicates -", kShrunkAndSimplified);
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, kShrunkAndSimplified);
}

} // namespace
