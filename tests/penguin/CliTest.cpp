// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// penguin-opt end to end: options, passes, exit codes, diagnostics.
#include "PenguinOptRunner.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using Result = penguin_test::OptResult;

class CliTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("penguin-cli-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string write(const std::string &name, const std::string &text) {
    fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }

  // Runs penguin-opt with `args` (already shell-quoted where needed).
  Result run(const std::string &args, const std::string &stdinFile = "") {
    return penguin_test::runPenguinOpt(
        args, stdinFile.empty() ? "" : penguin_test::slurp(stdinFile));
  }

  std::string example(const std::string &name) {
    return std::string(PENGUIN_EXAMPLES_DIR) + "/" + name;
  }

  fs::path dir_;
};

// 'text' for the shell (the test paths contain no quotes).
std::string quoted(const std::string &text) {
  std::string q = "'";
  q += text;
  q += "'";
  return q;
}

const char *kTail = R"(kernel tail_mask(param spmd_id in [0, 7]) {
  tensor A : f32[128, 64] DRAM input
  tensor B : f32[128, 64] SBUF alloc [128, 64] block [32, 64] bank [1, 64]
  for i = 0 to 10 step 1 {
    s0: B[i, 0] = copy(A[i, 0]) if 7 - i - 1 >= 0
  }
}
)";

TEST_F(CliTest, HelpListsThePasses) {
  Result r = run("--help");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("usage: penguin-opt"), std::string::npos);
  EXPECT_NE(r.out.find("  canonicalize  "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  verify  "), std::string::npos) << r.out;
  EXPECT_EQ(run("-h").rc, 0);
}

TEST_F(CliTest, PrintsTheModuleUnchangedWithoutPasses) {
  Result r = run(quoted(example("tail_mask.pn")));
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, kTail);
  EXPECT_EQ(r.err, "");
}

TEST_F(CliTest, ReadsStandardInput) {
  std::string f = write("in.pn", kTail);
  Result r = run("-p canonicalize", f);
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("if -i + 6 >= 0"), std::string::npos) << r.out;
  Result dash = run("- --pass verify", f);
  EXPECT_EQ(dash.rc, 0);
  EXPECT_EQ(dash.out, kTail);
}

TEST_F(CliTest, PassSpellings) {
  std::string f = write("in.pn", kTail);
  for (std::string spelling :
       {"-p canonicalize,verify", "--pass canonicalize --pass verify",
        "--pass=canonicalize,verify", "-pcanonicalize -pverify"}) {
    Result r = run(spelling + " '" + f + "'");
    EXPECT_EQ(r.rc, 0) << spelling << ": " << r.err;
    EXPECT_NE(r.out.find("if -i + 6 >= 0"), std::string::npos) << spelling;
  }
}

TEST_F(CliTest, StatisticsGoToStandardError) {
  std::string f = write(
      "in.pn", "kernel k() {\n  tensor A : f32[4] DRAM\n  for i = 0 to 4 step "
               "1 {\n    s0: A[i] = copy(A[i]) if i >= 0 & i >= 1 & 2 >= 0\n  "
               "}\n}\n");
  Result r = run("--stats -p canonicalize '" + f + "'");
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("if i - 1 >= 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("2 canonicalize.predicates-removed"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("statistics"), std::string::npos);
}

TEST_F(CliTest, ParseErrorsAreInputErrors) {
  std::string f = write("bad.pn", "kernel k() {\n  tensor A : f32[4] DRAM\n  "
                                  "s0: A[j] = copy(A[0])\n}\n");
  Result r = run("'" + f + "'");
  EXPECT_EQ(r.rc, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, f + ":3:9: error: unknown name 'j' (not a loop variable, "
                       "parameter or runtime value in scope)\n");
  Result s = run("", f);
  EXPECT_EQ(s.rc, 1);
  EXPECT_EQ(s.err.rfind("<stdin>:3:9: error: ", 0), 0u) << s.err;
}

TEST_F(CliTest, InvalidIrIsAnInputErrorUnlessVerificationIsOff) {
  std::string f = write("bad.pn", "kernel k() {\n  tensor A : f32[4, 4] DRAM\n"
                                  "  s0: A[0] = copy(A[0, 0])\n}\n");
  Result r = run("'" + f + "'");
  EXPECT_EQ(r.rc, 1);
  EXPECT_EQ(r.err, f + ":3:7: error: s0: destination 'A[0]' has 1 index but "
                       "tensor 'A' has rank 2\n");
  Result nv = run("--no-verify '" + f + "'");
  EXPECT_EQ(nv.rc, 0) << nv.err;
  Result explicitVerify = run("--no-verify -p verify '" + f + "'");
  EXPECT_EQ(explicitVerify.rc, 1);
  EXPECT_NE(explicitVerify.err.find(":3:7: error: "), std::string::npos);
}

TEST_F(CliTest, UsageErrors) {
  std::string f = write("in.pn", kTail);
  struct Case {
    std::string args;
    std::string fragment;
  } cases[] = {
      {"-p no-such-pass '" + f + "'", "unknown pass 'no-such-pass'"},
      {"--frobnicate '" + f + "'", "unknown option '--frobnicate'"},
      {"'" + f + "' -p", "option '-p' needs a pass name"},
      {"-p canonicalize,,verify '" + f + "'", "empty pass name"},
      {"'" + f + "' '" + f + "'", "more than one input file"},
      {"-o", "option '-o' needs a file name"},
      {"--output= '" + f + "'", "the output file name is empty"},
  };
  for (const Case &c : cases) {
    Result r = run(c.args);
    EXPECT_EQ(r.rc, 2) << c.args;
    EXPECT_NE(r.err.find("penguin-opt: error: " + c.fragment),
              std::string::npos)
        << c.args << ": " << r.err;
    EXPECT_EQ(r.out, "") << c.args;
  }
}

TEST_F(CliTest, MissingInputFile) {
  // As presburger-calc: which file and why, exit status 2.
  const std::string nope = (dir_ / "nope.pn").string();
  Result r = run(quoted(nope));
  EXPECT_EQ(r.rc, 2);
  EXPECT_EQ(r.err, "penguin-opt: error: cannot open " + nope +
                       ": No such file or directory\n");
  Result d = run(quoted(dir_.string()));
  EXPECT_EQ(d.rc, 2);
  EXPECT_EQ(d.err, "penguin-opt: error: cannot open " + dir_.string() +
                       ": is a directory\n");
}

TEST_F(CliTest, Version) {
  Result r = run("--version");
  EXPECT_EQ(r.rc, 0);
  EXPECT_EQ(r.out,
            std::string("penguin-opt ") + PENGUIN_EXPECTED_VERSION + "\n");
}

TEST_F(CliTest, PrintAfterAllAndTimePasses) {
  std::string f = write("in.pn", kTail);
  Result r =
      run("--print-after-all --time-passes -p canonicalize,verify '" + f + "'");
  EXPECT_EQ(r.rc, 0) << r.err;
  size_t a = r.err.find("// -----// IR Dump After canonicalize //----- //\n"
                        "kernel ");
  size_t b = r.err.find("// -----// IR Dump After verify //----- //\n"
                        "kernel ");
  EXPECT_NE(a, std::string::npos) << r.err;
  EXPECT_NE(b, std::string::npos) << r.err;
  EXPECT_LT(a, b);
  size_t t = r.err.find("Pass execution timing report");
  EXPECT_NE(t, std::string::npos) << r.err;
  EXPECT_GT(t, b);
  EXPECT_NE(r.err.find(")  canonicalize\n", t), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(")  verify\n", t), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(")  Total\n", t), std::string::npos) << r.err;
  // The module on standard output is unchanged by the options.
  Result plain = run("-p canonicalize,verify '" + f + "'");
  EXPECT_EQ(r.out, plain.out);
}

TEST_F(CliTest, OutputFile) {
  std::string f = write("in.pn", kTail);
  fs::path out = dir_ / "out.pn";
  Result r = run("-p canonicalize -o '" + out.string() + "' '" + f + "'");
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(penguin_test::slurp(out).find("if -i + 6 >= 0"), std::string::npos);
  Result bad =
      run("-o '" + (dir_ / "no/such/dir/x.pn").string() + "' '" + f + "'");
  EXPECT_EQ(bad.rc, 1);
  EXPECT_NE(bad.err.find("cannot write the output file"), std::string::npos);
}

TEST_F(CliTest, EveryExampleRoundTripsThroughTheDriver) {
  for (const auto &e : fs::directory_iterator(PENGUIN_EXAMPLES_DIR)) {
    if (e.path().extension() != ".pn")
      continue;
    Result r = run("-p verify '" + e.path().string() + "'");
    EXPECT_EQ(r.rc, 0) << e.path() << ": " << r.err;
    EXPECT_EQ(r.out, penguin_test::slurp(e.path())) << e.path();
    Result c = run("-p canonicalize,canonicalize '" + e.path().string() + "'");
    EXPECT_EQ(c.rc, 0) << e.path() << ": " << c.err;
  }
}

} // namespace
