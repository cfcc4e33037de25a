// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// penguin-opt with the dependences and check-schedule passes on the bundled
// examples (docs/examples/schedule_tree.pn, alias_stencil.pn and its
// candidate schedules): what is reported and the exit statuses (0 legal,
// 3 a violated dependence, 1 bad input, 2 bad usage).
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

std::string example(const std::string &name) {
  return penguin_test::quotedExample(name);
}

/// The report lines (without the "// " prefix) and the module after them.
std::pair<std::vector<std::string>, std::string> split(const std::string &out) {
  std::vector<std::string> lines;
  size_t b = 0;
  while (b < out.size() && out.compare(b, 2, "//") == 0) {
    size_t e = out.find('\n', b);
    std::string line = out.substr(b, e - b);
    lines.push_back(line.size() > 3 ? line.substr(3) : "");
    b = e + 1;
  }
  return {lines, out.substr(b)};
}

/// The file's text ending in exactly one newline (as the printer ends it).
std::string printed(const std::string &file) {
  std::string t =
      penguin_test::slurp(std::string(PENGUIN_EXAMPLES_DIR) + "/" + file);
  while (!t.empty() && t.back() == '\n')
    t.pop_back();
  return t + "\n";
}

bool hasLine(const std::vector<std::string> &lines, const std::string &l) {
  for (const std::string &x : lines)
    if (x == l)
      return true;
  return false;
}

TEST(DependenceCliTest, PassesAreRegistered) {
  OptResult r = runOpt("--help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("  dependences "), std::string::npos);
  EXPECT_NE(r.out.find("  check-schedule "), std::string::npos);
  // The simplifier's passes are still there.
  EXPECT_NE(r.out.find("shrink-domains"), std::string::npos);
}

TEST(DependenceCliTest, DependencesOfTheDocstringExample) {
  OptResult r = runOpt("-p dependences " + example("schedule_tree.pn"));
  ASSERT_EQ(r.rc, 0) << r.err;
  auto [lines, module] = split(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "kernel schedule_tree: dependences");
  EXPECT_TRUE(hasLine(
      lines,
      "  schedule tree: { domain: \"{ s0[i] : 0 <= i <= 9; s1[i, j] : 0 <= i "
      "<= 9 and 0 <= j <= 19; s2[i] : 0 <= i <= 9 }\", child: { schedule: "
      "\"[{ s0[i] -> [(i)]; s1[i, j] -> [(i)]; s2[i] -> [(i)] }]\", child: { "
      "sequence: [ { filter: \"{ s0[i] : 0 <= i <= 9 }\", child: { mark: "
      "\"s0\" } }, { filter: \"{ s1[i, j] : 0 <= i <= 9 and 0 <= j <= 19 }\", "
      "child: { schedule: \"[{ s1[i, j] -> [(j)] }]\", child: { mark: \"s1\" "
      "} } }, { filter: \"{ s2[i] : 0 <= i <= 9 }\", child: { mark: \"s2\" } "
      "} ] } } }"))
      << r.out;
  EXPECT_TRUE(hasLine(lines, "  WAR: { }"));
  EXPECT_TRUE(hasLine(lines, "  WAW: { }"));
  EXPECT_TRUE(hasLine(lines, "  RAW s1 -> s1 on Y_alloc (s1 writes Y, s1 "
                             "reads Y): distance { [0, 0, 1] }"))
      << r.out;
  EXPECT_TRUE(hasLine(lines, "  RAW s1 -> s2 on Y_alloc (s1 writes Y, s2 "
                             "reads Y): distance { [0, 1, -19] }"))
      << r.out;
  // The module is printed unchanged.
  EXPECT_EQ(module, printed("schedule_tree.pn"));
}

TEST(DependenceCliTest, DependencesThroughASharedAllocation) {
  OptResult r = runOpt("-p dependences --stats " + example("alias_stencil.pn"));
  ASSERT_EQ(r.rc, 0) << r.err;
  auto [lines, module] = split(r.out);
  EXPECT_TRUE(hasLine(lines, "  RAW s0 -> s1 on tile_alloc (s0 writes A, s1 "
                             "reads B): distance { [1, 1, 0] }"))
      << r.out;
  EXPECT_TRUE(hasLine(lines, "  WAW s0 -> s1 on tile_alloc (s0 writes A, s1 "
                             "writes B): distance { [1, 0, 0] }"))
      << r.out;
  EXPECT_TRUE(hasLine(lines, "  WAR: { }"));
  EXPECT_NE(r.err.find("dependences"), std::string::npos) << r.err;
}

TEST(DependenceCliTest, LegalSchedulesExitZero) {
  for (const char *sched :
       {"alias_stencil.interchange.sched", "alias_stencil.fused.sched"}) {
    OptResult r = runOpt("-p check-schedule=" + example(sched) + " " +
                         example("alias_stencil.pn"));
    EXPECT_EQ(r.rc, 0) << sched << "\n" << r.out << r.err;
    auto [lines, module] = split(r.out);
    ASSERT_EQ(lines.size(), 1u) << r.out;
    EXPECT_EQ(lines[0], "kernel alias_stencil: the schedule is legal (5 "
                        "dependence relations: RAW 4, WAR 0, WAW 1)");
    EXPECT_EQ(module, printed("alias_stencil.pn"));
  }
}

TEST(DependenceCliTest, IllegalScheduleExitsThree) {
  OptResult r =
      runOpt("-p check-schedule=" + example("alias_stencil.reversed.sched") +
             " " + example("alias_stencil.pn"));
  EXPECT_EQ(r.rc, 3) << r.out << r.err;
  auto [lines, module] = split(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0],
            "kernel alias_stencil: RAW violation on tensor: tile_alloc (s1 "
            "writes B, s1 reads B): s1[1, 0] must run before s1[2, 0], but "
            "the schedule runs them at [1, -1, 0] and [1, -2, 0]");
  EXPECT_EQ(lines[1], "  violated distances: { [0, -1, 0] }");
  // Inline text: reading B before A's producer ran (through the shared
  // allocation).
  OptResult s = runOpt("--pass 'check-schedule={ s0[i, j] -> [1, i, j]; "
                       "s1[i, j] -> [0, i, j]; s2[i, j] -> [2, i, j] }' " +
                       example("alias_stencil.pn"));
  EXPECT_EQ(s.rc, 3) << s.out << s.err;
  EXPECT_NE(s.out.find("// kernel alias_stencil: RAW violation on tensor: "
                       "tile_alloc (s0 writes A, s1 reads B)"),
            std::string::npos)
      << s.out;
}

TEST(DependenceCliTest, CodegenScheduleWritesTheLoopsOfATree) {
  // The interchange tree: s1's loops swapped, the others as written.
  OptResult r = runOpt(
      "-p codegen-schedule=" + example("alias_stencil.interchange.sched") +
      " " + example("alias_stencil.pn"));
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  auto [lines, module] = split(r.out);
  std::vector<std::string> want = {"kernel alias_stencil:",
                                   "for (int c1 = 0; c1 <= 7; c1 += 1)",
                                   "  for (int c2 = 0; c2 <= 7; c2 += 1)",
                                   "    s0(c1, c2);",
                                   "for (int c1 = 0; c1 <= 7; c1 += 1)",
                                   "  for (int c2 = 1; c2 <= 7; c2 += 1)",
                                   "    s1(c2, c1);",
                                   "for (int c1 = 0; c1 <= 7; c1 += 1)",
                                   "  for (int c2 = 0; c2 <= 7; c2 += 1)",
                                   "    s2(c1, c2);"};
  EXPECT_EQ(lines, want) << r.out;
  EXPECT_EQ(module, printed("alias_stencil.pn"));
}

TEST(DependenceCliTest, CodegenScheduleUsesTheParameterBounds) {
  // s2 interchanged over its triangle spmd_id <= q <= p <= 63: the
  // parameter's bounds [0, 3] are the context, so no guard on spmd_id.
  OptResult r = runOpt("--pass 'codegen-schedule={ s0[i] -> [0, i, 0]; "
                       "s1[j] -> [1, j, 0]; s2[p, q] -> [2, q, p]; "
                       "s3[t] -> [3, t, 0] }' " +
                       example("shrink_and_simplify.pn"));
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  auto [lines, module] = split(r.out);
  std::vector<std::string> want = {"kernel shrink_and_simplify:",
                                   "for (int c1 = 0; c1 <= 99; c1 += 1)",
                                   "  s0(c1);",
                                   "for (int c1 = 0; c1 <= 50; c1 += 4)",
                                   "  s1(c1);",
                                   "for (int c1 = spmd_id; c1 <= 63; c1 += 1)",
                                   "  for (int c2 = c1; c2 <= 63; c2 += 1)",
                                   "    s2(c2, c1);"};
  EXPECT_EQ(lines, want) << r.out;
  // A schedule that leaves instances out is an error at the schedule.
  OptResult bad = runOpt("--pass 'codegen-schedule={ s0[i, j] -> [i, j] }' " +
                         example("alias_stencil.pn"));
  EXPECT_EQ(bad.rc, 1) << bad.out << bad.err;
  EXPECT_NE(bad.err.find("<schedule>: error: in pass 'codegen-schedule': the "
                         "schedule gives no time to some instances of s1"),
            std::string::npos)
      << bad.err;
}

TEST(DependenceCliTest, BadSchedulesAndUsage) {
  // No argument: usage error.
  OptResult a = runOpt("-p check-schedule " + example("alias_stencil.pn"));
  EXPECT_EQ(a.rc, 2) << a.err;
  // A missing file, a schedule that leaves instances out, a malformed one.
  OptResult b = runOpt("-p check-schedule=/nonexistent/x.sched " +
                       example("alias_stencil.pn"));
  EXPECT_EQ(b.rc, 1);
  EXPECT_NE(b.err.find("cannot open the schedule file"), std::string::npos);
  OptResult c = runOpt("-p 'check-schedule={ s0[i, j] -> [i, j] }' " +
                       example("alias_stencil.pn"));
  EXPECT_EQ(c.rc, 1);
  EXPECT_NE(c.err.find("gives no time to some instances of s1"),
            std::string::npos)
      << c.err;
  OptResult d = runOpt("-p 'check-schedule={ s0[i, j] -> [i, j' " +
                       example("alias_stencil.pn"));
  EXPECT_EQ(d.rc, 1);
  // check-schedule needs exactly one kernel.
  OptResult e = runOpt("-p 'check-schedule={ s0[i] -> [i] }' " +
                       example("two_kernels.pn"));
  EXPECT_EQ(e.rc, 1);
  EXPECT_NE(e.err.find("exactly one kernel"), std::string::npos) << e.err;
}

} // namespace

namespace {

TEST(DependenceCliTest, ExactDependences) {
  std::string kernel = "kernel over() {\n"
                       "  tensor A : f32[8] SBUF\n"
                       "  tensor B : f32[8] DRAM output\n"
                       "  tensor C : f32[8] DRAM input\n"
                       "  for i = 0 to 8 step 1 {\n"
                       "    s0: A[i] = copy(C[i])\n"
                       "    s1: A[i] = exp(C[i])\n"
                       "    s2: B[i] = copy(A[i])\n"
                       "  }\n"
                       "}\n";
  OptResult may = penguin_test::runPenguinOpt("-p dependences", kernel);
  OptResult exact = penguin_test::runPenguinOpt("-p dependences=exact", kernel);
  ASSERT_EQ(exact.rc, 0) << exact.err;
  auto [mayLines, m1] = split(may.out);
  auto [exactLines, m2] = split(exact.out);
  EXPECT_TRUE(hasLine(exactLines, "kernel over: dependences (exact)"))
      << exact.out;
  EXPECT_TRUE(hasLine(mayLines, "  RAW: { s0[i] -> s2[i] : 0 <= i <= 7; "
                                "s1[i] -> s2[i] : 0 <= i <= 7 }"))
      << may.out;
  EXPECT_TRUE(hasLine(exactLines, "  RAW: { s1[i] -> s2[i] : 0 <= i <= 7 }"))
      << exact.out;
  EXPECT_EQ(m1, m2);
  // check-schedule=exact: ... checks against the exact dependences.
  OptResult legal = penguin_test::runPenguinOpt(
      "--pass 'check-schedule=exact:{ s0[i] -> [i, 0]; s1[i] -> [i, 1]; "
      "s2[i] -> [i, 2] }'",
      kernel);
  EXPECT_EQ(legal.rc, 0) << legal.err << legal.out;
  OptResult illegal = penguin_test::runPenguinOpt(
      "--pass 'check-schedule=exact:{ s0[i] -> [i, 0]; s2[i] -> [i, 1]; "
      "s1[i] -> [i, 2] }'",
      kernel);
  EXPECT_EQ(illegal.rc, 3) << illegal.err << illegal.out;
  OptResult bad = penguin_test::runPenguinOpt("-p dependences=sure", kernel);
  EXPECT_EQ(bad.rc, 2); // a usage error
  EXPECT_EQ(bad.err.find("internal error"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("the dependences are 'may' or 'exact', not 'sure'"),
            std::string::npos)
      << bad.err;
}

} // namespace
