//===- ScriptTest.cpp - The binary on scripts, results by meaning ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every tests/calc/scripts/NAME.pcalc runs through presburger-calc; its
// printed results are compared by meaning with the hand-written values of
// NAME.expected (one per line; `#` lines are comments). Every
// docs/examples/NAME.pcalc is compared with its companion NAME.expected, which
// holds the exact text printed, and with the hand-written values of
// tests/calc/examples/NAME.values; every script prints the same text when
// run twice.
//
//===----------------------------------------------------------------------===//
#include "CalcTestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

using namespace pcalc_test;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> scriptsIn(const std::string &dir) {
  std::vector<std::string> out;
  for (const fs::directory_entry &e : fs::directory_iterator(dir))
    if (e.path().extension() == ".pcalc")
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string withExtension(const std::string &path, const std::string &ext) {
  return fs::path(path).replace_extension(ext).string();
}

std::vector<std::string> expectedValues(const std::string &path) {
  std::vector<std::string> out;
  for (const std::string &line : splitLines(readFile(path)))
    if (!line.empty() && line[0] != '#')
      out.push_back(line);
  return out;
}

} // namespace

TEST(ScriptTest, TestScriptsGiveTheExpectedValues) {
  std::vector<std::string> scripts = scriptsIn(testDir() + "/scripts");
  ASSERT_GE(scripts.size(), 6u);
  for (const std::string &script : scripts) {
    SCOPED_TRACE(script);
    RunResult r = runBinary({script});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    expectSameMeaning(splitLines(r.out),
                      expectedValues(withExtension(script, ".expected")),
                      script);
  }
}

TEST(ScriptTest, DocsExamplesGiveTheirExpectedValues) {
  // Each docs/examples/NAME.pcalc prints exactly NAME.expected, and its
  // results mean the hand-written values of tests/calc/examples/NAME.values.
  std::vector<std::string> scripts = scriptsIn(sourceDir() + "/docs/examples");
  ASSERT_FALSE(scripts.empty());
  for (const std::string &script : scripts) {
    SCOPED_TRACE(script);
    std::string expectedPath = withExtension(script, ".expected");
    std::string valuesPath =
        testDir() + "/examples/" + fs::path(script).stem().string() + ".values";
    ASSERT_TRUE(fs::exists(expectedPath)) << "missing " << expectedPath;
    ASSERT_TRUE(fs::exists(valuesPath)) << "missing " << valuesPath;
    RunResult r = runBinary({script});
    std::vector<std::string> values = expectedValues(valuesPath);
    std::vector<std::string> printed = splitLines(r.out);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, readFile(expectedPath));
    expectSameMeaning(printed, values, script);
  }
}

TEST(ScriptTest, TourPrintsExactlyTheExpectedText) {
  std::string tour = sourceDir() + "/docs/examples/tour.pcalc";
  RunResult r = runBinary({tour});
  EXPECT_EQ(r.out, readFile(sourceDir() + "/docs/examples/tour.expected"));
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(ScriptTest, PrintingIsCanonicalAcrossRuns) {
  std::vector<std::string> scripts = scriptsIn(testDir() + "/scripts");
  for (const std::string &s : scriptsIn(sourceDir() + "/docs/examples"))
    scripts.push_back(s);
  for (const std::string &script : scripts) {
    SCOPED_TRACE(script);
    RunResult first = runBinary({script});
    RunResult second = runBinary({script});
    EXPECT_FALSE(first.out.empty());
    EXPECT_EQ(first.out, second.out);
    EXPECT_EQ(first.err, second.err);
    EXPECT_EQ(first.status, second.status);
  }
}

TEST(ScriptTest, StandardInputAndCommandLineRunLikeAFile) {
  std::string script = testDir() + "/scripts/relations.pcalc";
  std::string text = readFile(script);
  RunResult fromFile = runBinary({script});
  RunResult fromStdin = runBinary({}, text);
  RunResult fromDash = runBinary({"-"}, text);
  RunResult fromE = runBinary({"-e", text});
  EXPECT_EQ(fromFile.status, 0);
  EXPECT_EQ(fromStdin.status, 0);
  EXPECT_EQ(fromDash.status, 0);
  EXPECT_EQ(fromE.status, 0);
  EXPECT_EQ(fromStdin.out, fromFile.out);
  EXPECT_EQ(fromDash.out, fromFile.out);
  EXPECT_EQ(fromE.out, fromFile.out);
}

TEST(ScriptTest, RepeatedDashEShareVariables) {
  RunResult r = runBinary(
      {"-e", "a := { [i] : 0 <= i < 4 };", "-e", "a * { [i] : i >= 2 };"});
  EXPECT_EQ(r.status, 0) << r.err;
  expectSameMeaning(splitLines(r.out), {"{ [i] : 2 <= i <= 3 }"}, "-e -e");
}

TEST(ScriptTest, PrintedResultsReadBackAsTheSameValue) {
  // Each printed value, fed back to the calculator as a literal, equals
  // the expression it came from.
  const char *exprs[] = {
      "{ [i] : 0 <= i < 10 } - { [i] : 3 <= i < 5 }",
      "[n] -> { : n > 0 } % [n] -> { : n > 5 }",
      "[n] -> { : n > 0 } + [n] -> { : }",
      "lexmin [n] -> { [i] : i >= 0 and i >= n - 5 }",
      "{ [x] : exists e : x = 3e + 1 and 0 <= x < 20 }",
      "wrap { A[i] -> B[j] : j = i + 1 and 0 <= i < 3 }",
      "params { [i] : false }",
      "{ : }",
  };
  for (const char *e : exprs) {
    SCOPED_TRACE(e);
    RunResult r = runBinary({"-e", std::string(e) + ";"});
    ASSERT_EQ(r.status, 0) << r.err;
    std::vector<std::string> lines = splitLines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    RunResult back =
        runBinary({"-e", "(" + lines[0] + ") = (" + std::string(e) + ");"});
    EXPECT_EQ(back.out, "True\n") << "printed " << lines[0] << "; " << back.err;
  }
}
