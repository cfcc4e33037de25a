//===- StatementParser.h - The calculator's grammar ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   statement  := ';' | NAME ':=' expr ';' | 'print' expr ';' | expr ';'
//   expr       := cmp
//   cmp        := sum   (('=' | '<=' | '<' | '>=' | '>') sum)*
//   sum        := meet  (('+' | '-') meet)*
//   meet       := gist  ('*' gist)*
//   gist       := join  ('%' join)*
//   join       := cross ('.' cross)*
//   cross      := arrow ('cross' arrow)*
//   arrow      := lex   ('->' lex)*
//   lex        := unary (('<<' | '<<=' | '>>' | '>>=') unary)*
//   unary      := FUNCTION unary | flow | postfix
//   flow       := ('last' | 'any') unary 'before' unary 'under' unary
//   postfix    := primary ('(' expr ')' | '^' '-' '1' | '^' '+' | '^' K)*
//   primary    := NAME | LITERAL | '(' expr ')'
//
// Every binary operator associates to the left. A function applies to the
// unary expression after it, so it binds tighter than any binary operator
// (`coalesce a + b` is `(coalesce a) + b`) and looser than the postfix
// application, inverse, closure and power (`dom m^-1` is `dom (m^-1)`).
// The operands of `last`/`any` are parsed as a function's argument is;
// `before` and `under` are keywords only there.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_STATEMENTPARSER_H
#define PCALC_STATEMENTPARSER_H

#include "pcalc/Ast.h"
#include "pcalc/Lexer.h"

#include <functional>
#include <optional>
#include <string>

namespace presburger::calc {

class StatementParser {
public:
  /// Limits that keep the parser's and the evaluator's recursion far from
  /// the end of the stack: parentheses, argument lists and function
  /// prefixes may nest kMaxNesting deep, and an expression tree may be at
  /// most kMaxDepth high (a chain `a + b + ...` of kMaxDepth operands).
  static constexpr unsigned kMaxNesting = 256;
  static constexpr unsigned kMaxDepth = 2000;

  /// `isVariable` tells whether a name is a defined variable; it only
  /// sharpens the message for a name followed by an operand (`foo x`:
  /// an unknown function, or a variable missing an operator).
  explicit StatementParser(
      Lexer &lexer,
      std::function<bool(const std::string &)> isVariable = nullptr)
      : lexer_(lexer), isVariable_(std::move(isVariable)) {}

  /// The next statement, or nullopt at the end of the input. Throws
  /// CalcError on a syntax error; the parser cannot continue after one.
  std::optional<Statement> next();

  /// Parses `text` as one expression and nothing else (for tests).
  static std::unique_ptr<Expr> parseExpression(std::string_view text);

private:
  std::unique_ptr<Expr> parseExpr();
  std::unique_ptr<Expr> parseBinaryLevel(int level);
  std::unique_ptr<Expr> parseUnary();
  std::unique_ptr<Expr> parsePostfix();
  std::unique_ptr<Expr> parsePrimary();
  /// After a postfix operand, at '^': the inverse, closure or power.
  std::unique_ptr<Expr> parseCaret(std::unique_ptr<Expr> base);
  /// At 'last' or 'any': the dataflow form.
  std::unique_ptr<Expr> parseFlow();
  std::unique_ptr<Expr> makeBinary(BinaryOp op, SourcePos pos,
                                   std::unique_ptr<Expr> lhs,
                                   std::unique_ptr<Expr> rhs);
  void checkDepth(unsigned depth, SourcePos pos);
  void enterNesting(SourcePos pos);
  /// The binary operator of level `level` that the next token is, if any.
  std::optional<BinaryOp> binaryOpAt(int level);
  [[noreturn]] void fail(const Token &t, const std::string &what);

  Lexer &lexer_;
  std::function<bool(const std::string &)> isVariable_;
  unsigned nesting_ = 0;
  /// How many `last`/`any` forms enclose the current token.
  unsigned flowNesting_ = 0;
};

} // namespace presburger::calc

#endif // PCALC_STATEMENTPARSER_H
