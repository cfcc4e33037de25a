//===- ParserImpl.h - Internals shared by the .pn reader --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pieces of the .pn reader (Parser.h): the lexer (Lexer.cpp), the
// conditions as parsed (a small tree) and their lowering to predicates
// through the mask algebra (ConditionLowering.cpp); the syntax is
// Parser.cpp. Private to the library.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_TEXT_PARSERIMPL_H
#define PENGUIN_TEXT_PARSERIMPL_H

#include "penguin/AffinePredicate.h"
#include "penguin/Error.h"
#include "penguin/Mask.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace penguin::text {

enum class Tok {
  End,
  Ident,
  Int,
  Float,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Assign,
  Plus,
  Minus,
  Star,
  Amp,
  Pipe,
  Tilde,
  Lt,
  Le,
  Gt,
  Ge,
  EqEq,
  NotEq,
};

/// How a token kind reads in a message ("'('", "identifier", ...).
const char *spelling(Tok t);

struct Token {
  Tok kind = Tok::End;
  std::string text;
  int line = 1;
  int col = 1;
};

/// Splits .pn text into tokens; `//` comments and white space are skipped.
/// A character the text form does not use is a ParseError at its place.
class Lexer {
public:
  Lexer(std::string_view src, const std::string &file)
      : src_(src), file_(file) {}

  /// The next token (Tok::End at the end of the input).
  Token next();

  [[noreturn]] void error(const Token &at, const std::string &msg) const {
    throw ParseError(SourceLocation{file_, at.line, at.col}, msg);
  }

private:
  static bool isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }
  void advance();
  void skipSpaceAndComments();
  Token number(Token t);

  std::string_view src_;
  const std::string &file_;
  size_t pos_ = 0;
  int line_ = 1;
  int col_ = 1;
};

//===----------------------------------------------------------------------===//
// Conditions: parsed into a small tree, then lowered
//===----------------------------------------------------------------------===//

struct Cond {
  enum Kind { Leaf, And, Or, Not, True, False, Approx } kind = True;
  std::optional<AffinePredicate> pred; // Leaf
  std::vector<Cond> kids;
  Token tok; // where it starts (for messages)
};

struct Value {
  bool isMask = false;
  AffineExpr expr;
  Cond cond;
  Token tok;
};

/// Where the reader reports: `FILE:LINE:COL: error: ...` at a token.
class Diagnoser {
public:
  explicit Diagnoser(std::string file) : file_(std::move(file)) {}
  const std::string &file() const { return file_; }
  [[noreturn]] void error(const Token &at, const std::string &msg) const {
    throw ParseError(SourceLocation{file_, at.line, at.col}, msg);
  }
  /// Runs `f`; an IR rule it breaks (IRError, MaskError, ...) becomes a
  /// ParseError at `at`.
  template <typename F>
  auto guardIR(const Token &at, F &&f) const -> decltype(f()) {
    try {
      return f();
    } catch (const ParseError &) {
      throw;
    } catch (const Error &e) {
      error(at, e.what());
    }
  }

private:
  std::string file_;
};

/// A condition as a mask (the mask algebra's smart constructors apply the
/// lattice identities); approx(...) is only allowed at the top level.
Mask toMask(const Cond &c, const Diagnoser &diag);

/// The predicates an `if` condition attaches: a conjunction of comparisons,
/// approx(...), true and false as written; a condition with compound
/// conjuncts (|, ~, !=) lowered as a whole through the mask algebra, which
/// must come down to a single AND-term. ParseError (through `diag`)
/// otherwise.
std::vector<AffinePredicate> lowerCondition(const Cond &c, ExprContext &ctx,
                                            const Diagnoser &diag);

} // namespace penguin::text

#endif // PENGUIN_TEXT_PARSERIMPL_H
