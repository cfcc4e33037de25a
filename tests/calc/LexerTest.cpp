//===- LexerTest.cpp - Tokens and literal extents -------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Lexer.h"
#include "pcalc/Session.h"

#include <gtest/gtest.h>

using namespace presburger::calc;

namespace {

std::vector<Token> lexAll(std::string_view text) {
  Lexer lexer(text);
  std::vector<Token> out;
  for (;;) {
    Token t = lexer.next();
    if (t.kind == TokKind::End)
      return out;
    out.push_back(t);
  }
}

std::vector<TokKind> kinds(std::string_view text) {
  std::vector<TokKind> out;
  for (const Token &t : lexAll(text))
    out.push_back(t.kind);
  return out;
}

CalcError lexError(std::string_view text) {
  try {
    lexAll(text);
  } catch (const CalcError &e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << text;
  return CalcError({0, 0}, "");
}

} // namespace

TEST(LexerTest, Operators) {
  using K = TokKind;
  EXPECT_EQ(kinds("a := b; = <= < >= > << <<= >> >>= + - * % . -> ^ ( )"),
            (std::vector<K>{K::Ident,  K::Assign,  K::Ident, K::Semi,  K::Eq,
                            K::Le,     K::Lt,      K::Ge,    K::Gt,    K::LexLt,
                            K::LexLe,  K::LexGt,   K::LexGe, K::Plus,  K::Minus,
                            K::Star,   K::Percent, K::Dot,   K::Arrow, K::Caret,
                            K::LParen, K::RParen}));
  EXPECT_EQ(kinds("m^-1"),
            (std::vector<K>{K::Ident, K::Caret, K::Minus, K::Number}));
  EXPECT_EQ(kinds("a->b"), (std::vector<K>{K::Ident, K::Arrow, K::Ident}));
  EXPECT_EQ(kinds("a<<=b"), (std::vector<K>{K::Ident, K::LexLe, K::Ident}));
}

TEST(LexerTest, CommentsRunToTheEndOfTheLine) {
  std::vector<Token> t = lexAll("a # b := { c\n  d;");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].text, "a");
  EXPECT_EQ(t[1].text, "d");
  EXPECT_EQ(t[1].pos, (SourcePos{2, 3}));
  EXPECT_EQ(t[2].kind, TokKind::Semi);
}

TEST(LexerTest, ALiteralIsOneTokenWithBalancedBraces) {
  std::vector<Token> t =
      lexAll("x := { [i] : i > 0 # a } in a comment\n and i < \"}\" 5 };");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[2].kind, TokKind::Literal);
  EXPECT_EQ(t[2].text, "{ [i] : i > 0 # a } in a comment\n and i < \"}\" 5 }");
  EXPECT_EQ(t[2].pos, (SourcePos{1, 6}));
  EXPECT_EQ(t[2].end, (SourcePos{2, 17}));
  EXPECT_EQ(t[3].kind, TokKind::Semi);
}

TEST(LexerTest, ALiteralMayStartWithAParameterList) {
  std::vector<Token> t = lexAll("[n, m] -> { [i] : n <= i < m } -> { [j] };");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].kind, TokKind::Literal);
  EXPECT_EQ(t[0].text, "[n, m] -> { [i] : n <= i < m }");
  EXPECT_EQ(t[1].kind, TokKind::Arrow);
  EXPECT_EQ(t[2].text, "{ [j] }");
  std::vector<Token> spaced = lexAll("[n] # params\n  ->\n { : n > 0 }");
  ASSERT_EQ(spaced.size(), 1u);
  EXPECT_EQ(spaced[0].text, "[n] # params\n  ->\n { : n > 0 }");
}

TEST(LexerTest, NestedBracesAndBrackets) {
  std::vector<Token> t = lexAll("{ [A[i] -> B[j]] : i = j }");
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].text, "{ [A[i] -> B[j]] : i = j }");
}

TEST(LexerTest, Errors) {
  CalcError e = lexError("a := $;");
  EXPECT_EQ(e.pos(), (SourcePos{1, 6}));
  EXPECT_EQ(e.message(), "unexpected character '$'");
  EXPECT_FALSE(e.atEndOfInput());
  e = lexError(std::string_view("a\0", 2));
  EXPECT_EQ(e.message(), "unexpected character '\\x00'");
  e = lexError("\n  { [i] : i > 0 ;");
  EXPECT_EQ(e.pos(), (SourcePos{2, 3}));
  EXPECT_TRUE(e.atEndOfInput());
  e = lexError("[n, m");
  EXPECT_TRUE(e.atEndOfInput());
  e = lexError("[n] ->");
  EXPECT_TRUE(e.atEndOfInput());
  e = lexError("[n] + { }");
  EXPECT_FALSE(e.atEndOfInput());
  EXPECT_EQ(e.pos(), (SourcePos{1, 5}));
  e = lexError("[n] -> [m]");
  EXPECT_FALSE(e.atEndOfInput());
  e = lexError("[n; m] -> { }");
  EXPECT_EQ(e.pos(), (SourcePos{1, 3}));
  e = lexError("a }");
  EXPECT_EQ(e.message(), "unexpected '}' without a matching '{'");
  e = lexError("a : b");
  EXPECT_EQ(e.message(), "unexpected ':' (assignment is written ':=')");
}

TEST(LexerTest, FirstLineOffset) {
  Lexer lexer("\n x", 10);
  Token t = lexer.next();
  EXPECT_EQ(t.pos, (SourcePos{11, 2}));
}

TEST(LexerTest, ClassifyInputForTheLineReader) {
  EXPECT_EQ(classifyInput(""), InputState::Blank);
  EXPECT_EQ(classifyInput("  # comment\n\n"), InputState::Blank);
  EXPECT_EQ(classifyInput("a := { [i] };\n"), InputState::Complete);
  EXPECT_EQ(classifyInput("a := { [i] }; b;  # done\n"), InputState::Complete);
  EXPECT_EQ(classifyInput("a := { [i] :\n"), InputState::Incomplete);
  EXPECT_EQ(classifyInput("a := { [i] } +\n"), InputState::Incomplete);
  EXPECT_EQ(classifyInput("a := { [i] }\n"), InputState::Incomplete);
  EXPECT_EQ(classifyInput("[n] ->\n"), InputState::Incomplete);
  EXPECT_EQ(classifyInput("a; b := {\n"), InputState::Incomplete);
  // An error that more input cannot fix is complete: it runs and reports.
  EXPECT_EQ(classifyInput("a := $\n"), InputState::Complete);
}
