//===- ErrorTest.cpp - Every error path of the binary ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Errors print `FILE:LINE:COL: error: MESSAGE` on stderr after the results
// of the statements before them, and exit with 1; bad usage exits with 2.
//
//===----------------------------------------------------------------------===//
#include "CalcTestSupport.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace pcalc_test;

namespace {

/// Runs `-e text` and expects exit 1, the given stdout and stderr.
void expectError(const std::string &text, const std::string &out,
                 const std::string &err) {
  SCOPED_TRACE(text);
  RunResult r = runBinary({"-e", text});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, out);
  EXPECT_EQ(r.err, err);
}

std::string writeScript(const std::string &name, const std::string &text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

const std::string kCmd = "<command line>";

} // namespace

TEST(ErrorTest, UnknownFunction) {
  expectError("a := { [i] }; foo a;", "",
              kCmd + ":1:15: error: unknown function 'foo'\n");
  expectError("card { [i] : 0 <= i < 3 };", "",
              kCmd + ":1:1: error: unknown function 'card'\n");
  expectError("frobnicate({ [i] });", "",
              kCmd + ":1:1: error: unknown function or undefined variable "
                     "'frobnicate'\n");
  // A defined variable followed by an operand is a missing operator.
  expectError("a := { [i] }; a a;", "",
              kCmd + ":1:17: error: expected an operator or ';' after 'a', "
                     "found 'a'\n");
}

TEST(ErrorTest, GistOfASetByARelation) {
  expectError("{ [i] : i > 0 } % { [i] -> [j] };", "",
              kCmd + ":1:17: error: '%' (gist) does not apply to a set and a "
                     "relation; the context of a set is a set or a params "
                     "set\n");
}

TEST(ErrorTest, ApplyingASet) {
  expectError("s := { [i] : 0 <= i < 3 };\ns({ [i] });", "",
              kCmd + ":2:2: error: cannot apply a set: in m(s), m must be a "
                     "relation\n");
  expectError("m := { [i] -> [j] }; m(m);", "",
              kCmd + ":1:23: error: a relation applies to a set: in m(s), s "
                     "must be a set, got a relation\n");
}

TEST(ErrorTest, OtherTypeErrors) {
  expectError("{ [i] } << { [i] -> [j] };", "",
              kCmd + ":1:9: error: '<<' (lexicographic order) does not apply "
                     "to a set and a relation; lexicographic orders relate "
                     "two sets or two relations\n");
  expectError("{ [i] } + { [i] -> [j] };", "",
              kCmd + ":1:9: error: '+' (union) does not apply to a set and a "
                     "relation\n");
  expectError("{ [i] } * { [i] -> [j] };", "",
              kCmd + ":1:9: error: '*' (intersection) does not apply to a set "
                     "and a relation; to restrict the domain of a relation m "
                     "to a set s, write m * s\n");
  expectError("{ [i] } = { [i] -> [j] };", "",
              kCmd + ":1:9: error: '=' (equality) does not apply to a set and "
                     "a relation\n");
  expectError("{ [i] -> [j] } -> { [i] };", "",
              kCmd + ":1:16: error: '->' (universal relation) does not apply "
                     "to a relation and a set; '->' relates two sets\n");
  expectError("{ [i] } . { [i] };", "",
              kCmd + ":1:9: error: '.' (join) does not apply to a set and a "
                     "set; '.' joins two relations\n");
  expectError("{ [i] } cross { [i] -> [j] };", "",
              kCmd + ":1:9: error: 'cross' (product) does not apply to a set "
                     "and a relation; 'cross' takes two sets or two "
                     "relations\n");
  expectError("dom { [i] };", "",
              kCmd + ":1:1: error: 'dom' needs a relation, got a set\n");
  expectError("identity { [i] -> [j] };", "",
              kCmd + ":1:1: error: 'identity' needs a set, got a relation\n");
  expectError("{ [i] }^+;", "",
              kCmd + ":1:8: error: '^+' (transitive closure) needs a relation, "
                     "got a set\n");
  expectError("{ [i] }^2;", "",
              kCmd + ":1:8: error: '^2' (power) needs a relation, got a set\n");
  expectError("is_exact_closure { [i] };", "",
              kCmd + ":1:1: error: 'is_exact_closure' needs a relation, got a "
                     "set\n");
  expectError("codegen { [i] };", "",
              kCmd + ":1:1: error: 'codegen' needs a schedule { instance -> "
                     "time }, got a set\n");
  expectError("codegen [n] -> { S[i] -> [i] : i >= 0 };", "",
              kCmd + ":1:1: error: 'codegen': buildAst: time dimension 0 of "
                     "the schedule is unbounded above; only finite sets of "
                     "instances can be scanned\n");
  expectError("codegen { S[i] -> [0] : 0 <= i < 2 };", "",
              kCmd + ":1:1: error: 'codegen': buildAst: the schedule maps "
                     "two instances of S to the same time; each statement's "
                     "schedule must be injective\n");
  expectError("c := codegen { S[i] -> [i] : 0 <= i < 2 }; c + c;", "",
              kCmd + ":1:46: error: '+' (union) does not apply to C code "
                     "and C code\n");
  expectError("last { [i] } before { S[i] -> A[i] } under { S[i] -> [i] };", "",
              kCmd + ":1:1: error: 'last' needs write accesses { instance -> "
                     "element } before 'before', got a set\n");
  expectError("{ [i] }^-1;", "",
              kCmd + ":1:8: error: '^-1' (inverse) needs a relation, got a "
                     "set\n");
  expectError("is_empty { [i] } + { [i] };", "",
              kCmd + ":1:18: error: '+' (union) does not apply to a boolean "
                     "and a set\n");
  expectError("lexmin [n] -> { : n > 0 };", "",
              kCmd + ":1:1: error: 'lexmin' needs a set or a relation, got a "
                     "params set\n");
  expectError("{ [i] } - [n] -> { : n > 0 };", "",
              kCmd + ":1:9: error: '-' (difference) does not apply to a set "
                     "and a params set\n");
  expectError("[n] -> { : n > 0 } % { [i] };", "",
              kCmd + ":1:20: error: '%' (gist) does not apply to a params set "
                     "and a set\n");
  expectError("coalesce (is_empty { [i] });", "",
              kCmd + ":1:1: error: 'coalesce' needs a set, a relation or a "
                     "params set, got a boolean\n");
}

TEST(ErrorTest, UndefinedVariable) {
  expectError("{ A[i] };\nb := a + { [i] };", "{ A[i] }\n",
              kCmd + ":2:6: error: undefined variable 'a'\n");
}

TEST(ErrorTest, ParseErrorInsideAMultiLineLiteralHasTheScriptPosition) {
  std::string path =
      writeScript("multi-line.pcalc", "a := { [i] : 0 <= i < 10 };\n"
                                      "a;\n"
                                      "b := { [i, j] :\n"
                                      "         0 <= i < 10 and\n"
                                      "         j >= i +  };\n"
                                      "b;\n");
  RunResult r = runBinary({path});
  EXPECT_EQ(r.status, 1);
  expectSameMeaning(splitLines(r.out), {"{ [i] : 0 <= i <= 9 }"}, path);
  EXPECT_EQ(r.err, path + ":5:20: error: expected an expression (found '}')\n");
  // On the literal's first line the column is offset by the literal's
  // start.
  expectError("x := { [i] : i >> };", "",
              kCmd + ":1:19: error: expected an expression (found '}')\n");
  // A literal with parameters starts at its '['.
  expectError("  [n] -> { [i] : i < m };", "",
              kCmd + ":1:22: error: unknown identifier 'm'\n");
}

TEST(ErrorTest, LexicalAndSyntaxErrors) {
  expectError("{ [i] }; $;", "{ [i] }\n",
              kCmd + ":1:10: error: unexpected character '$'\n");
  expectError("a := { [i] : i > 0 ;", "",
              kCmd + ":1:6: error: unterminated set literal: no '}' matches "
                     "the '{'\n");
  expectError("[n] { [i] };", "",
              kCmd + ":1:5: error: expected '->' after the parameter list (a "
                     "literal with parameters is written [n, m] -> { ... })\n");
  expectError("m := { [i] -> [j] }; m^-2;", "",
              kCmd + ":1:23: error: '^' is followed by '-1' (inverse), '+' "
                     "(transitive closure) or a positive integer K (power), "
                     "found '-'\n");
  expectError("m := { [i] -> [j] }; m^0;", "",
              kCmd + ":1:24: error: the power in 'm^K' must be a positive "
                     "integer below 10^19, found 0\n");
  expectError("m := { [i] -> [j] }; m^;", "",
              kCmd + ":1:23: error: '^' is followed by '-1' (inverse), '+' "
                     "(transitive closure) or a positive integer K (power), "
                     "found ';'\n");
  expectError("w := { S[i] -> A[i] }; last w under w;", "",
              kCmd + ":1:31: error: expected 'before' after the writes of "
                     "'last', found 'under'\n");
  expectError("w := { S[i] -> A[i] }; any w before w;", "",
              kCmd + ":1:38: error: expected 'under' after the reads of "
                     "'any', found ';'\n");
  expectError("last := { [i] };", "",
              kCmd + ":1:1: error: cannot assign to 'last': it is a reserved "
                     "word\n");
  expectError("(({ [i] });", "",
              kCmd + ":1:11: error: expected ')' to close the '(' at 1:1, "
                     "found ';'\n");
  expectError("dom := { [i] };", "",
              kCmd + ":1:1: error: cannot assign to 'dom': it is a reserved "
                     "word\n");
  expectError("a := 3;", "",
              kCmd + ":1:6: error: unexpected number 3 (numbers appear only "
                     "after '^': 'm^-1', 'm^K')\n");
  expectError("{ [i] } }", "",
              kCmd + ":1:9: error: unexpected '}' without a matching '{'\n");
  expectError("a : = { [i] };", "",
              kCmd + ":1:3: error: unexpected ':' (assignment is written "
                     "':=')\n");
}

TEST(ErrorTest, StatementWithoutSemicolonAtEndOfInput) {
  expectError("a := { [i] }; a", "",
              kCmd + ":1:16: error: expected ';' at the end of the statement, "
                     "found end of input\n");
  RunResult r = runBinary({}, "{ [i] };\n{ [j] }\n\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "{ [i] }\n");
  EXPECT_EQ(r.err, "<stdin>:2:8: error: expected ';' at the end of the "
                   "statement, found end of input\n");
}

TEST(ErrorTest, EmptyInputPrintsNothing) {
  for (const std::string &input : {std::string(""), std::string("\n\n"),
                                   std::string("# only a comment\n   \n")}) {
    RunResult r = runBinary({}, input);
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "");
  }
  RunResult e = runBinary({"-e", ""});
  EXPECT_EQ(e.status, 0);
  EXPECT_EQ(e.out, "");
  EXPECT_EQ(e.err, "");
  RunResult f = runBinary({writeScript("empty.pcalc", "")});
  EXPECT_EQ(f.status, 0);
  EXPECT_EQ(f.out, "");
  EXPECT_EQ(f.err, "");
}

TEST(ErrorTest, TheFirstErrorStopsTheScript) {
  expectError("{ A[i] }; x; { B[i] };", "{ A[i] }\n",
              kCmd + ":1:11: error: undefined variable 'x'\n");
  RunResult r = runBinary({"-e", "{ A[i] };", "-e", "x;", "-e", "{ B[i] };"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "{ A[i] }\n");
  EXPECT_EQ(r.err, kCmd + ":1:1: error: undefined variable 'x'\n");
}

TEST(ErrorTest, WorkBudgetExceeded) {
  const std::string script =
      "a := { [i, j] : 0 <= i < 100 and 0 <= j < 100 };\n"
      "b := { [i, j] : exists e : i = 3e + 1 and j > i };\n"
      "a * { [i, j] : i = 0 };\n"
      "a - b;\n";
  RunResult r = runBinary({"--budget", "100", "-e", script});
  EXPECT_EQ(r.status, 1);
  expectSameMeaning(splitLines(r.out), {"{ [0, j] : 0 <= j <= 99 }"}, "budget");
  EXPECT_EQ(r.err, kCmd + ":4:3: error: work budget exceeded in '-' (work "
                          "budget of 100 units exceeded)\n");
  // The same script with the default budget completes.
  RunResult ok = runBinary({"-e", script});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(splitLines(ok.out).size(), 2u);
  // lexmin, too, gives up cleanly.
  RunResult lm = runBinary({"--budget=1000", "-e",
                            "lexmin [n] -> { [i, j, k] : 0 <= i, j, k < n and "
                            "i + j + k >= n and 3i + 5j = 7k + n };"});
  EXPECT_EQ(lm.status, 1);
  EXPECT_EQ(lm.err, kCmd + ":1:1: error: work budget exceeded in 'lexmin' "
                           "(work budget of 1000 units exceeded)\n");
}

TEST(ErrorTest, EngineErrorsCarryThePosition) {
  expectError("lexmin { [i] : i <= 5 };", "",
              kCmd + ":1:1: error: 'lexmin' has no finite result: lexmin is "
                     "unbounded: a range dimension has no lower bound\n");
  expectError("a := { S[i] -> [i] : i >= 0 };\ncodegen a;", "",
              kCmd + ":2:1: error: 'codegen': buildAst: time dimension 0 of "
                     "the schedule is unbounded above; only finite sets of "
                     "instances can be scanned\n");
}

TEST(ErrorTest, HullOfABooleanIsATypeError) {
  for (const char *f :
       {"coalesce", "aff", "poly", "convex_hull", "simple_hull"}) {
    RunResult r = runBinary({"-e", std::string(f) + " ({ [i] } = { [i] });"});
    EXPECT_EQ(r.status, 1) << f;
    EXPECT_NE(r.err.find(":1:1: error:"), std::string::npos) << r.err;
  }
}
TEST(ErrorTest, MissingFileIsBadUsage) {
  RunResult r = runBinary({"/nonexistent/dir/script.pcalc"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "presburger-calc: error: cannot open "
                   "/nonexistent/dir/script.pcalc: No such file or "
                   "directory\n");
  RunResult d = runBinary({testing::TempDir()});
  EXPECT_EQ(d.status, 2);
  EXPECT_NE(d.err.find("is a directory"), std::string::npos) << d.err;
}

TEST(ErrorTest, BadUsageExitsWithTwo) {
  const std::vector<std::vector<std::string>> cases = {
      {"--frobnicate"},
      {"-x"},
      {"-e"},
      {"--budget"},
      {"--budget", "0"},
      {"--budget", "ten", "-e", "{ [i] };"},
      {"a.pcalc", "b.pcalc"},
      {"-e", "{ [i] };", "a.pcalc"},
  };
  for (const std::vector<std::string> &args : cases) {
    SCOPED_TRACE(args.front());
    RunResult r = runBinary(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("presburger-calc: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("--help"), std::string::npos) << r.err;
  }
  RunResult u = runBinary({"--frobnicate"});
  EXPECT_EQ(u.err, "presburger-calc: error: unknown option '--frobnicate'\n"
                   "Try 'presburger-calc --help' for more information.\n");
}

TEST(ErrorTest, HelpAndVersion) {
  RunResult h = runBinary({"--help"});
  EXPECT_EQ(h.status, 0);
  EXPECT_EQ(h.out.rfind("Usage: presburger-calc", 0), 0u);
  EXPECT_NE(h.out.find("-e TEXT"), std::string::npos);
  EXPECT_EQ(h.err, "");
  RunResult v = runBinary({"--version"});
  EXPECT_EQ(v.status, 0);
  EXPECT_EQ(v.out, "presburger-calc " PCALC_EXPECTED_VERSION "\n");
  // Options after `--` are file names.
  RunResult dd = runBinary({"--", "--help"});
  EXPECT_EQ(dd.status, 2);
  EXPECT_EQ(dd.err, "presburger-calc: error: cannot open --help: No such file "
                    "or directory\n");
}
