//===- ParserTest.cpp - The grammar: precedence table, statements, errors -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CalcTestSupport.h"

#include "pcalc/StatementParser.h"

#include <gtest/gtest.h>

using namespace presburger::calc;
using pcalc_test::expectSameMeaning;
using pcalc_test::runInProcess;
using pcalc_test::splitLines;

namespace {

std::string parsed(std::string_view text) {
  return toString(*StatementParser::parseExpression(text));
}

CalcError parseError(std::string_view text) {
  try {
    StatementParser::parseExpression(text);
  } catch (const CalcError &e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << text;
  return CalcError({0, 0}, "");
}

} // namespace

// The operator table of the specification, lowest precedence first.
TEST(ParserTest, PrecedenceLevelsFollowTheSpecification) {
  const std::vector<std::vector<BinaryOp>> rows = {
      {BinaryOp::Equal, BinaryOp::Subset, BinaryOp::ProperSubset,
       BinaryOp::Superset, BinaryOp::ProperSuperset},
      {BinaryOp::Union, BinaryOp::Difference},
      {BinaryOp::Intersect},
      {BinaryOp::Gist},
      {BinaryOp::Join},
      {BinaryOp::Cross},
      {BinaryOp::Universal},
      {BinaryOp::LexLt, BinaryOp::LexLe, BinaryOp::LexGt, BinaryOp::LexGe},
  };
  for (size_t level = 0; level < rows.size(); ++level)
    for (BinaryOp op : rows[level]) {
      EXPECT_EQ(precedence(op), int(level) + 1) << spelling(op);
      // The parser agrees: `a OP b OP c` groups to the left, and an
      // operator one row up binds tighter on both sides.
      std::string s = spelling(op);
      EXPECT_EQ(parsed("a " + s + " b " + s + " c"),
                "((a " + s + " b) " + s + " c)");
      if (level + 1 < rows.size()) {
        std::string t = spelling(rows[level + 1].front());
        EXPECT_EQ(parsed("a " + s + " b " + t + " c"),
                  "(a " + s + " (b " + t + " c))");
        EXPECT_EQ(parsed("a " + t + " b " + s + " c"),
                  "((a " + t + " b) " + s + " c)");
      }
    }
}

TEST(ParserTest, PrecedenceTable) {
  const std::pair<const char *, const char *> table[] = {
      {"coalesce a + b", "((coalesce a) + b)"},
      {"a + b * c", "(a + (b * c))"},
      {"a * b + c", "((a * b) + c)"},
      {"a - b - c", "((a - b) - c)"},
      {"a - b + c", "((a - b) + c)"},
      {"m^-1(s)", "m^-1(s)"},
      {"m(s)^-1", "m(s)^-1"},
      {"m^-1^-1", "m^-1^-1"},
      {"m(s)(t)", "m(s)(t)"},
      {"a . b . c", "((a . b) . c)"},
      {"a = b + c", "(a = (b + c))"},
      {"a <= b", "(a <= b)"},
      {"a * b % c", "(a * (b % c))"},
      {"a % b . c", "(a % (b . c))"},
      {"a . b cross c", "(a . (b cross c))"},
      {"a cross b -> c", "(a cross (b -> c))"},
      {"a -> b << c", "(a -> (b << c))"},
      {"a << b(c)", "(a << b(c))"},
      {"a <<= b >>= c", "((a <<= b) >>= c)"},
      {"dom m(s)", "(dom m(s))"},
      {"dom m^-1", "(dom m^-1)"},
      {"lexmin dom m", "(lexmin (dom m))"},
      {"dom a . b", "((dom a) . b)"},
      {"is_empty a * b", "((is_empty a) * b)"},
      {"(a + b) * c", "((a + b) * c)"},
      {"dom (a . b)", "(dom (a . b))"},
      {"a - (b - c)", "(a - (b - c))"},
      {"[n] -> { [i] : i < n } -> { [j] }",
       "([n] -> { [i] : i < n } -> { [j] })"},
      {"{ [i] } -> [n] -> { [j] : j < n }",
       "({ [i] } -> [n] -> { [j] : j < n })"},
      {"a cross b cross c", "((a cross b) cross c)"},
      {"sample a % b", "((sample a) % b)"},
      {"m^+", "m^+"},
      {"m^+ + n", "(m^+ + n)"},
      {"m^3 . n", "(m^3 . n)"},
      {"dom m^+", "(dom m^+)"},
      {"m^2^-1", "m^2^-1"},
      {"last w before r under s", "(last w before r under s)"},
      {"any w before dom r under s . t",
       "((any w before (dom r) under s) . t)"},
      {"last (w + v) before r under s", "(last (w + v) before r under s)"},
      {"is_exact_closure m . n", "((is_exact_closure m) . n)"},
  };
  for (const auto &[text, expected] : table)
    EXPECT_EQ(parsed(text), expected) << text;
}

TEST(ParserTest, PrecedenceChangesResults) {
  pcalc_test::RunResult r = runInProcess(
      "a := { [0] }; b := { [1]; [2] }; c := { [2] };\n"
      "a + b * c;\n" // a + (b * c)
      "(a + b) * c;\n"
      "x := { [i] : 0 <= i < 10 }; y := { [i] : i >= 5 }; z := { [i] : i >= 8 "
      "};\n"
      "x - y - z;\n" // (x - y) - z
      "x - (y - z);\n"
      "m := { [i] -> [i + 1] }; m^-1({ [5] });\n" // (m^-1)({5})
      "dom m * { [i] : 0 <= i < 2 };\n"           // (dom m) * {...}
      "{ [i] : 0 <= i < 4 } * { [i] : i > 1 } % { [i] : i < 100 };\n");
  EXPECT_EQ(r.status, 0) << r.err;
  expectSameMeaning(splitLines(r.out),
                    {"{ [0]; [2] }", "{ [2] }", "{ [i] : 0 <= i <= 4 }",
                     "{ [i] : 0 <= i <= 4 or 8 <= i <= 9 }", "{ [4] }",
                     "{ [i] : 0 <= i <= 1 }", "{ [2]; [3] }"},
                    "precedence");
}

TEST(ParserTest, Statements) {
  Lexer lexer("a := { [i] };\n; print a; a; b := dom a . c;");
  StatementParser p(lexer);
  std::optional<Statement> s = p.next();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, Statement::Kind::Assign);
  EXPECT_EQ(s->name, "a");
  EXPECT_EQ(toString(*s->expr), "{ [i] }");
  s = p.next();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, Statement::Kind::Empty);
  EXPECT_EQ(s->pos, (SourcePos{2, 1}));
  s = p.next();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, Statement::Kind::Print);
  EXPECT_EQ(toString(*s->expr), "a");
  s = p.next();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, Statement::Kind::Print);
  s = p.next();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->name, "b");
  EXPECT_EQ(toString(*s->expr), "((dom a) . c)");
  EXPECT_FALSE(p.next());
}

TEST(ParserTest, SyntaxErrors) {
  CalcError e = parseError("a +");
  EXPECT_EQ(e.message(), "expected an expression, found end of input");
  EXPECT_TRUE(e.atEndOfInput());
  e = parseError("a + * b");
  EXPECT_EQ(e.pos(), (SourcePos{1, 5}));
  EXPECT_EQ(e.message(), "expected an expression, found '*'");
  e = parseError("m^0");
  EXPECT_EQ(e.message(), "the power in 'm^K' must be a positive integer "
                         "below 10^19, found 0");
  e = parseError("m^10000000000000000000");
  EXPECT_EQ(e.pos(), (SourcePos{1, 3}));
  e = parseError("m^-2");
  EXPECT_EQ(e.message(), "'^' is followed by '-1' (inverse), '+' (transitive "
                         "closure) or a positive integer K (power), found '-'");
  e = parseError("last w before r");
  EXPECT_EQ(e.message(), "expected 'under' after the reads of 'last', found "
                         "end of input");
  EXPECT_TRUE(e.atEndOfInput());
  e = parseError("m(s");
  EXPECT_EQ(e.message(), "expected ')' to close the argument opened at 1:2, "
                         "found end of input");
  e = parseError("cross a");
  EXPECT_EQ(e.message(), "expected an expression before 'cross'");
  e = parseError("a + print b");
  EXPECT_EQ(e.message(), "'print' can only start a statement");
  e = parseError("foo a");
  EXPECT_EQ(e.message(), "unknown function 'foo'");
  e = parseError("a b");
  EXPECT_EQ(e.message(), "unknown function 'a'");
  e = parseError("dom");
  EXPECT_EQ(e.message(), "expected an expression, found end of input");
  e = parseError("a ; b");
  EXPECT_EQ(e.message(), "expected an operator or end of input, found ';'");
}

TEST(ParserTest, NestingLimits) {
  std::string deep(StatementParser::kMaxNesting + 1, '(');
  CalcError e = parseError(deep + "a" +
                           std::string(StatementParser::kMaxNesting + 1, ')'));
  EXPECT_NE(e.message().find("nested too deeply"), std::string::npos);
  std::string ok(StatementParser::kMaxNesting, '(');
  EXPECT_EQ(parsed(ok + "a" + std::string(StatementParser::kMaxNesting, ')')),
            "a");
  std::string fns;
  for (unsigned i = 0; i <= StatementParser::kMaxNesting; ++i)
    fns += "dom ";
  e = parseError(fns + "a");
  EXPECT_NE(e.message().find("nested too deeply"), std::string::npos);
  std::string chain = "a";
  for (unsigned i = 0; i < StatementParser::kMaxDepth; ++i)
    chain += " + a";
  e = parseError(chain);
  EXPECT_NE(e.message().find("expression too large"), std::string::npos);
  std::string inverses = "m";
  for (unsigned i = 0; i < StatementParser::kMaxDepth; ++i)
    inverses += "^-1";
  e = parseError(inverses);
  EXPECT_NE(e.message().find("expression too large"), std::string::npos);
}
