//===- RobustnessTest.cpp - No crash, hang or stray output on any input ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CalcTestSupport.h"

#include "pcalc/Session.h"

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <sstream>

using namespace presburger::calc;
using pcalc_test::runBinary;
using pcalc_test::splitLines;

namespace {

const std::vector<std::string> kPieces = {
    "{ [i] : 0 <= i < 5 }",
    "{ [i] -> [j] : j = i + 1 and 0 <= i < 4 }",
    "[n] -> { : n > 0 }",
    "{ }",
    "{ A[i, j] : i < j < 3 and i >= 0 }",
    "{ [i] : i mod 3 = 0 and -5 <= i <= 5 }",
    "[n] -> { [i] : 0 <= i < n }",
    "{ [[i] -> [j]] : i = j }",
    "{ [i] -> [j] : i <= j <= i + 2 }",
    "{ A[i] -> B[2i] }",
    "{ [i] :",
    "{ [i] : i >>> 0 }",
    "[n] ->",
    "{ : }",
    "a",
    "b",
    "c",
    "undefined_name",
    "dom",
    "ran",
    "lexmin",
    "lexmax",
    "deltas",
    "sample",
    "params",
    "wrap",
    "unwrap",
    "domain_map",
    "range_map",
    "curry",
    "uncurry",
    "zip",
    "universe",
    "identity",
    "is_empty",
    "is_universe",
    "is_single_valued",
    "is_injective",
    "is_bijective",
    "coalesce",
    "cross",
    "print",
    "+",
    "-",
    "*",
    "%",
    ".",
    "->",
    "<<",
    "<<=",
    ">>",
    ">>=",
    "=",
    "<=",
    "<",
    ">=",
    ">",
    "(",
    ")",
    "(",
    ")",
    "^-1",
    "^",
    "-1",
    "1",
    ";",
    ";",
    ":=",
    "a :=",
    "b :=",
    "c :=",
    "#",
    "\n",
    "$",
    "}",
    "]",
    "[",
    ":",
};

} // namespace

TEST(RobustnessTest, RandomTokenSoupNeverEscapesTheSession) {
  std::mt19937 rng(12345);
  const std::regex errorLine(R"(^<fuzz>:(\d+):(\d+): error: .+$)");
  SessionOptions options;
  options.budget = 200000;
  unsigned errors = 0, successes = 0;
  for (int round = 0; round < 400; ++round) {
    std::string text = "a := { [i] : 0 <= i < 4 }; b := { [i] -> [i + 1] };\n";
    int n = std::uniform_int_distribution<int>(1, 14)(rng);
    for (int k = 0; k < n; ++k)
      text += kPieces[std::uniform_int_distribution<size_t>(0, kPieces.size() -
                                                                   1)(rng)] +
              " ";
    if (rng() % 2)
      text += ";";
    SCOPED_TRACE(text);
    std::ostringstream out, err;
    Session session(out, err, options);
    bool ok = true;
    ASSERT_NO_THROW(ok = session.run(text, "<fuzz>"));
    if (ok) {
      ++successes;
      EXPECT_EQ(err.str(), "");
    } else {
      ++errors;
      std::vector<std::string> lines = splitLines(err.str());
      ASSERT_EQ(lines.size(), 1u) << err.str();
      std::smatch m;
      ASSERT_TRUE(std::regex_match(lines[0], m, errorLine)) << lines[0];
      size_t line = std::stoul(m[1].str());
      EXPECT_GE(line, 1u);
      EXPECT_LE(line, splitLines(text).size() + 1);
      EXPECT_GE(std::stoul(m[2].str()), 1u);
    }
    // Printed results are values, one per line.
    for (const std::string &l : splitLines(out.str()))
      EXPECT_TRUE(l == "True" || l == "False" ||
                  l.find('{') != std::string::npos)
          << l;
  }
  EXPECT_GT(errors, 0u);
  EXPECT_GT(successes, 0u);
}

namespace {

/// A random well-formed expression over values of every kind, so that the
/// operators and functions meet operands of every kind (type errors, engine
/// errors and results all happen).
std::string randomExpr(std::mt19937 &rng, int depth) {
  static const char *leaves[] = {"s",
                                 "m",
                                 "p",
                                 "e",
                                 "w",
                                 "t",
                                 "{ [i] : 0 <= i < 3 }",
                                 "{ [i] -> [j] : i <= j <= i + 1 }",
                                 "[n] -> { [i] : 0 <= i <= n }",
                                 "{ A[i] -> B[i] : i >= 0 }",
                                 "(is_empty s)"};
  static const char *binary[] = {"=",  "<=",  "<",  ">=", ">",     "+",
                                 "-",  "*",   "%",  ".",  "cross", "->",
                                 "<<", "<<=", ">>", ">>="};
  static const char *functions[] = {
      "coalesce",     "lexmin",      "lexmax",      "dom",
      "ran",          "deltas",      "sample",      "aff",
      "poly",         "convex_hull", "simple_hull", "params",
      "wrap",         "unwrap",      "domain_map",  "range_map",
      "curry",        "uncurry",     "zip",         "universe",
      "identity",     "is_empty",    "is_universe", "is_single_valued",
      "is_injective", "is_bijective"};
  auto pick = [&](auto &array) {
    return array[std::uniform_int_distribution<size_t>(0, std::size(array) -
                                                              1)(rng)];
  };
  int choice = depth <= 0 ? 0 : std::uniform_int_distribution<int>(0, 5)(rng);
  switch (choice) {
  case 0:
    return pick(leaves);
  case 1:
  case 2:
    return "(" + randomExpr(rng, depth - 1) + " " + pick(binary) + " " +
           randomExpr(rng, depth - 1) + ")";
  case 3:
    return std::string(pick(functions)) + " " + randomExpr(rng, depth - 1);
  case 4:
    return randomExpr(rng, depth - 1) + "(" + randomExpr(rng, depth - 1) + ")";
  default:
    return randomExpr(rng, depth - 1) + "^-1";
  }
}

} // namespace

TEST(RobustnessTest, RandomWellFormedExpressionsGiveValuesOrErrors) {
  std::mt19937 rng(2024);
  SessionOptions options;
  options.budget = 2000000;
  const std::string prelude =
      "s := { [i] : 0 <= i < 4 }; m := { [i] -> [i + 1] : i >= 0 };\n"
      "p := [n] -> { : n > 2 }; e := { }; w := wrap m;\n"
      "t := [n] -> { [i] -> [j] : 0 <= i < n and j = 2i };\n";
  const std::regex errorLine(R"(^<gen>:4:\d+: error: .+$)");
  unsigned values = 0, errors = 0;
  for (int round = 0; round < 300; ++round) {
    std::string expr = randomExpr(rng, 3);
    SCOPED_TRACE(expr);
    std::ostringstream out, err;
    Session session(out, err, options);
    bool ok = session.run(prelude + expr + ";\n", "<gen>");
    if (ok) {
      ++values;
      std::vector<std::string> lines = splitLines(out.str());
      ASSERT_EQ(lines.size(), 1u);
      EXPECT_TRUE(lines[0] == "True" || lines[0] == "False" ||
                  lines[0].find('{') != std::string::npos);
    } else {
      ++errors;
      EXPECT_EQ(out.str(), "");
      EXPECT_TRUE(std::regex_match(err.str().substr(0, err.str().size() - 1),
                                   errorLine))
          << err.str();
      EXPECT_EQ(err.str().find("internal error"), std::string::npos)
          << err.str();
    }
  }
  EXPECT_GT(values, 50u);
  EXPECT_GT(errors, 50u);
}

TEST(RobustnessTest, HostileInputsToTheBinary) {
  const std::vector<std::string> inputs = {
      std::string(100000, '(') + "{ [i] }" + std::string(100000, ')') + ";",
      [] {
        std::string s;
        for (int i = 0; i < 20000; ++i)
          s += "dom ";
        return s + "{ [i] -> [j] };";
      }(),
      [] {
        std::string s = "{ [i] }";
        for (int i = 0; i < 20000; ++i)
          s += " + { [i] }";
        return s + ";";
      }(),
      "{ [i] : " + std::string(100000, '(') + "i > 0" +
          std::string(100000, ')') + " };",
      std::string("{ [i] }\0;", 9),
      "\xff\xfe{ [i] };",
      "{ [i] : i > 0 \x01 };",
      std::string(50000, '{'),
      std::string(50000, '['),
      "[" + std::string(50000, ']'),
  };
  for (const std::string &input : inputs) {
    SCOPED_TRACE(input.substr(0, 40));
    pcalc_test::RunResult r = runBinary({}, input);
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find(": error: "), std::string::npos) << r.err;
    EXPECT_EQ(splitLines(r.err).size(), 1u) << r.err;
  }
}
