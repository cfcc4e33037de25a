//===- StatementParser.cpp - The calculator's grammar ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/StatementParser.h"

#include <algorithm>

namespace presburger::calc {

namespace {

constexpr int kLowestLevel = 1;
constexpr int kHighestLevel = 8;

} // namespace

void StatementParser::fail(const Token &t, const std::string &what) {
  throw CalcError(t.pos, what, t.kind == TokKind::End);
}

void StatementParser::checkDepth(unsigned depth, SourcePos pos) {
  if (depth > kMaxDepth)
    throw CalcError(pos, "expression too large (more than " +
                             std::to_string(kMaxDepth) +
                             " levels of operators)");
}

void StatementParser::enterNesting(SourcePos pos) {
  if (++nesting_ > kMaxNesting)
    throw CalcError(pos, "expression nested too deeply (more than " +
                             std::to_string(kMaxNesting) +
                             " levels of parentheses or functions)");
}

std::optional<Statement> StatementParser::next() {
  const Token &first = lexer_.peek();
  if (first.kind == TokKind::End)
    return std::nullopt;
  Statement s;
  s.pos = first.pos;
  if (first.kind == TokKind::Semi) {
    lexer_.next();
    s.kind = Statement::Kind::Empty;
    return s;
  }
  if (first.kind == TokKind::Ident && first.text == "help" &&
      lexer_.peek(1).kind != TokKind::Assign) {
    // `help;` lists the operators and functions.
    lexer_.next();
    const Token &t = lexer_.peek();
    if (t.kind != TokKind::Semi)
      fail(t, "'help' takes no argument: write 'help;'");
    lexer_.next();
    s.kind = Statement::Kind::Help;
    return s;
  }
  if (first.kind == TokKind::Ident && lexer_.peek(1).kind == TokKind::Assign) {
    Token nameTok = lexer_.next();
    if (isReservedWord(nameTok.text))
      throw CalcError(nameTok.pos, "cannot assign to '" + nameTok.text +
                                       "': it is a reserved word");
    lexer_.next(); // :=
    s.kind = Statement::Kind::Assign;
    s.name = nameTok.text;
  } else {
    if (first.kind == TokKind::Ident && first.text == "print")
      lexer_.next();
    s.kind = Statement::Kind::Print;
  }
  s.expr = parseExpr();
  const Token &t = lexer_.peek();
  if (t.kind != TokKind::Semi) {
    if (t.kind == TokKind::End)
      throw CalcError(lexer_.lastEnd(),
                      "expected ';' at the end of the "
                      "statement, found end of input",
                      true);
    fail(t, "expected an operator or ';', found " + describeToken(t));
  }
  lexer_.next();
  return s;
}

std::unique_ptr<Expr> StatementParser::parseExpression(std::string_view text) {
  Lexer lexer(text);
  StatementParser p(lexer);
  std::unique_ptr<Expr> e = p.parseExpr();
  const Token &t = lexer.peek();
  if (t.kind != TokKind::End)
    p.fail(t,
           "expected an operator or end of input, found " + describeToken(t));
  return e;
}

std::unique_ptr<Expr> StatementParser::parseExpr() {
  return parseBinaryLevel(kLowestLevel);
}

std::optional<BinaryOp> StatementParser::binaryOpAt(int level) {
  const Token &t = lexer_.peek();
  std::optional<BinaryOp> op;
  switch (t.kind) {
  case TokKind::Eq:
    op = BinaryOp::Equal;
    break;
  case TokKind::Le:
    op = BinaryOp::Subset;
    break;
  case TokKind::Lt:
    op = BinaryOp::ProperSubset;
    break;
  case TokKind::Ge:
    op = BinaryOp::Superset;
    break;
  case TokKind::Gt:
    op = BinaryOp::ProperSuperset;
    break;
  case TokKind::Plus:
    op = BinaryOp::Union;
    break;
  case TokKind::Minus:
    op = BinaryOp::Difference;
    break;
  case TokKind::Star:
    op = BinaryOp::Intersect;
    break;
  case TokKind::Percent:
    op = BinaryOp::Gist;
    break;
  case TokKind::Dot:
    op = BinaryOp::Join;
    break;
  case TokKind::Arrow:
    op = BinaryOp::Universal;
    break;
  case TokKind::LexLt:
    op = BinaryOp::LexLt;
    break;
  case TokKind::LexLe:
    op = BinaryOp::LexLe;
    break;
  case TokKind::LexGt:
    op = BinaryOp::LexGt;
    break;
  case TokKind::LexGe:
    op = BinaryOp::LexGe;
    break;
  case TokKind::Ident:
    if (t.text == "cross")
      op = BinaryOp::Cross;
    break;
  default:
    break;
  }
  if (op && precedence(*op) == level)
    return op;
  return std::nullopt;
}

std::unique_ptr<Expr> StatementParser::makeBinary(BinaryOp op, SourcePos pos,
                                                  std::unique_ptr<Expr> lhs,
                                                  std::unique_ptr<Expr> rhs) {
  auto e = std::make_unique<Expr>();
  e->kind = Expr::Kind::Binary;
  e->op = op;
  e->pos = pos;
  e->depth = 1 + std::max(lhs->depth, rhs->depth);
  checkDepth(e->depth, pos);
  e->lhs = std::move(lhs);
  e->rhs = std::move(rhs);
  return e;
}

std::unique_ptr<Expr> StatementParser::parseBinaryLevel(int level) {
  if (level > kHighestLevel)
    return parseUnary();
  std::unique_ptr<Expr> lhs = parseBinaryLevel(level + 1);
  while (std::optional<BinaryOp> op = binaryOpAt(level)) {
    Token opTok = lexer_.next();
    std::unique_ptr<Expr> rhs = parseBinaryLevel(level + 1);
    lhs = makeBinary(*op, opTok.pos, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

std::unique_ptr<Expr> StatementParser::parseUnary() {
  const Token &t = lexer_.peek();
  if (t.kind == TokKind::Ident && (t.text == "last" || t.text == "any"))
    return parseFlow();
  if (t.kind == TokKind::Ident) {
    if (std::optional<Function> fn = lookupFunction(t.text)) {
      Token fnTok = lexer_.next();
      enterNesting(fnTok.pos);
      std::unique_ptr<Expr> arg = parseUnary();
      --nesting_;
      auto e = std::make_unique<Expr>();
      e->kind = Expr::Kind::Call;
      e->fn = *fn;
      e->pos = fnTok.pos;
      e->depth = arg->depth + 1;
      checkDepth(e->depth, fnTok.pos);
      e->lhs = std::move(arg);
      return e;
    }
  }
  return parsePostfix();
}

std::unique_ptr<Expr> StatementParser::parsePostfix() {
  std::unique_ptr<Expr> e = parsePrimary();
  for (;;) {
    const Token &t = lexer_.peek();
    if (t.kind == TokKind::LParen) {
      Token open = lexer_.next();
      enterNesting(open.pos);
      std::unique_ptr<Expr> arg = parseExpr();
      --nesting_;
      const Token &close = lexer_.peek();
      if (close.kind != TokKind::RParen)
        fail(close, "expected ')' to close the argument opened at " +
                        std::to_string(open.pos.line) + ":" +
                        std::to_string(open.pos.column) + ", found " +
                        describeToken(close));
      lexer_.next();
      auto app = std::make_unique<Expr>();
      app->kind = Expr::Kind::Apply;
      app->pos = open.pos;
      app->depth = 1 + std::max(e->depth, arg->depth);
      checkDepth(app->depth, open.pos);
      app->lhs = std::move(e);
      app->rhs = std::move(arg);
      e = std::move(app);
      continue;
    }
    if (t.kind == TokKind::Caret) {
      e = parseCaret(std::move(e));
      continue;
    }
    return e;
  }
}

std::unique_ptr<Expr> StatementParser::parseCaret(std::unique_ptr<Expr> base) {
  Token caret = lexer_.next();
  const Token &after = lexer_.peek();
  auto e = std::make_unique<Expr>();
  e->pos = caret.pos;
  e->depth = base->depth + 1;
  checkDepth(e->depth, caret.pos);
  e->lhs = std::move(base);
  if (after.kind == TokKind::Minus && lexer_.peek(1).kind == TokKind::Number &&
      lexer_.peek(1).text == "1") {
    lexer_.next();
    lexer_.next();
    e->kind = Expr::Kind::Inverse;
    return e;
  }
  if (after.kind == TokKind::Plus) {
    lexer_.next();
    e->kind = Expr::Kind::Closure;
    return e;
  }
  if (after.kind == TokKind::Number) {
    Token k = lexer_.next();
    // A positive exponent that fits in 64 bits (powers are computed by
    // repeated squaring, so even a large K costs few joins).
    bool ok = k.text.size() <= 19 &&
              k.text.find_first_not_of('0') != std::string::npos;
    if (!ok)
      throw CalcError(k.pos, "the power in 'm^K' must be a positive integer "
                             "below 10^19, found " +
                                 k.text);
    e->kind = Expr::Kind::Power;
    e->text = k.text;
    return e;
  }
  throw CalcError(caret.pos,
                  "'^' is followed by '-1' (inverse), '+' (transitive "
                  "closure) or a positive integer K (power), found " +
                      describeToken(after),
                  after.kind == TokKind::End);
}

std::unique_ptr<Expr> StatementParser::parseFlow() {
  Token head = lexer_.next();
  auto e = std::make_unique<Expr>();
  e->kind = Expr::Kind::Flow;
  e->flow = head.text == "last" ? FlowKind::Last : FlowKind::Any;
  e->pos = head.pos;
  enterNesting(head.pos);
  ++flowNesting_;
  auto expectKeyword = [&](const char *word, const char *after) {
    const Token &t = lexer_.peek();
    if (t.kind != TokKind::Ident || t.text != word)
      fail(t, std::string("expected '") + word + "' after " + after + " of '" +
                  head.text + "', found " + describeToken(t));
    lexer_.next();
  };
  e->lhs = parseUnary();
  expectKeyword("before", "the writes");
  e->rhs = parseUnary();
  expectKeyword("under", "the reads");
  e->third = parseUnary();
  --flowNesting_;
  --nesting_;
  e->depth = 1 + std::max({e->lhs->depth, e->rhs->depth, e->third->depth});
  checkDepth(e->depth, head.pos);
  return e;
}

std::unique_ptr<Expr> StatementParser::parsePrimary() {
  const Token &t = lexer_.peek();
  switch (t.kind) {
  case TokKind::Literal: {
    Token lit = lexer_.next();
    auto e = std::make_unique<Expr>();
    e->kind = Expr::Kind::Literal;
    e->pos = lit.pos;
    e->text = std::move(lit.text);
    return e;
  }
  case TokKind::Ident: {
    if (t.text == "cross")
      fail(t, "expected an expression before 'cross'");
    if (t.text == "print")
      fail(t, "'print' can only start a statement");
    if (t.text == "help")
      fail(t, "'help' is a statement of its own: write 'help;'");
    Token name = lexer_.next();
    const Token &after = lexer_.peek();
    // A name followed directly by an operand: a call of a function that
    // does not exist (or a variable missing an operator after it).
    bool flowKeyword = flowNesting_ > 0 && after.kind == TokKind::Ident &&
                       (after.text == "before" || after.text == "under");
    if ((after.kind == TokKind::Ident && after.text != "cross" &&
         !flowKeyword) ||
        after.kind == TokKind::Literal) {
      if (isVariable_ && isVariable_(name.text))
        fail(after, "expected an operator or ';' after '" + name.text +
                        "', found " + describeToken(after));
      throw CalcError(name.pos, "unknown function '" + name.text + "'");
    }
    auto e = std::make_unique<Expr>();
    e->kind = Expr::Kind::Variable;
    e->pos = name.pos;
    e->text = std::move(name.text);
    return e;
  }
  case TokKind::LParen: {
    Token open = lexer_.next();
    enterNesting(open.pos);
    std::unique_ptr<Expr> e = parseExpr();
    --nesting_;
    const Token &close = lexer_.peek();
    if (close.kind != TokKind::RParen)
      fail(close, "expected ')' to close the '(' at " +
                      std::to_string(open.pos.line) + ":" +
                      std::to_string(open.pos.column) + ", found " +
                      describeToken(close));
    lexer_.next();
    return e;
  }
  case TokKind::Number:
    fail(t, "unexpected number " + t.text +
                " (numbers appear only after '^': 'm^-1', 'm^K')");
  case TokKind::End:
    fail(t, "expected an expression, found end of input");
  default:
    fail(t, "expected an expression, found " + describeToken(t));
  }
}

} // namespace presburger::calc
