//===- Lexer.h - Tokens of the calculator language -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The statement language's tokens: names, numbers (only in `^-1`), the
// operators, `:=` and `;`. `#` starts a comment that runs to the end of the
// line. A set or relation literal is one token: from `{` to its matching `}`
// (braces balanced, `#` comments and "strings" inside skipped as isl's own
// reader skips them), optionally preceded by a parameter list
// `[n, m] ->`; its text is handed unchanged to presburger::parseUnion.
//
// Tokens are produced on demand, so that a script runs statement by
// statement and an error late in a file does not stop the statements before
// it from printing.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_LEXER_H
#define PCALC_LEXER_H

#include "pcalc/Source.h"

#include <deque>
#include <string>
#include <string_view>

namespace presburger::calc {

enum class TokKind {
  Ident,   // names, keywords and function names
  Number,  // a non-negative integer
  Literal, // `{ ... }` or `[params] -> { ... }`
  Assign,  // :=
  Semi,    // ;
  LParen,
  RParen,
  Eq,    // =
  Le,    // <=
  Lt,    // <
  Ge,    // >=
  Gt,    // >
  LexLt, // <<
  LexLe, // <<=
  LexGt, // >>
  LexGe, // >>=
  Plus,
  Minus,
  Star,
  Percent,
  Dot,
  Arrow, // ->
  Caret, // ^
  End,   // end of input
};

struct Token {
  TokKind kind = TokKind::End;
  /// The token's text as written (a literal's full text).
  std::string text;
  /// Where the token starts.
  SourcePos pos;
  /// Just past the token's last character.
  SourcePos end;
};

/// How a token is named in error messages: `identifier 'x'`, `';'`,
/// `a set literal`, `end of input`.
std::string describeToken(const Token &t);

class Lexer {
public:
  /// Lexes `text`, whose first line is line `firstLine` of its source. The
  /// text must outlive the lexer.
  explicit Lexer(std::string_view text, unsigned firstLine = 1);

  /// The token `k` places ahead, without consuming it. Throws CalcError on
  /// text that is not a token.
  const Token &peek(unsigned k = 0);
  /// Consumes and returns the next token.
  Token next();
  /// Just past the last token consumed (the start of the text before any).
  SourcePos lastEnd() const { return lastEnd_; }

private:
  Token lexToken();
  int cur() const;
  int at(size_t offset) const;
  void advance();
  void skipSpaceAndComments();
  /// Scans a brace-balanced literal starting at `{`; `start` is where the
  /// literal token starts (a `[` of a parameter list, or the brace).
  void scanBraces(SourcePos start);
  void scanParamList(SourcePos start);

  std::string_view text_;
  size_t pos_ = 0;
  SourcePos here_;
  SourcePos lastEnd_;
  std::deque<Token> ahead_;
};

} // namespace presburger::calc

#endif // PCALC_LEXER_H
