//===- ParserSyntax.cpp - The grammar of isl notation ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A recursive-descent reader that follows isl 0.25's reader (isl_input.c)
// in what it accepts and how it groups, so that a string both accept means
// the same to both. The grammar, informally:
//
//   input     := [ '[' params ']' '->' ] '{' [ 'Sym' '=' '[' params ']' ]
//                [ body { ';' body } [';'] ] '}'
//   body      := ':' [formula] | tuple [ '->' tuple ] [ (':' | '|') [formula] ]
//   tuple     := [name] '[' ( tuple '->' tuple | elements ) ']'
//   element   := '*' | newname [ '=' pieces ] | pieces
//   pieces    := piece { ';' piece }
//   piece     := ':' [affine] | '(' pieces ')' ... | xaffine
//                [ ':' ( | affine | formula ) ]
//   formula   := disj [ 'implies' disj ]
//   disj      := conj { 'or' conj }
//   conj      := [ 'not' ] atom { 'and' [ 'not' ] atom }
//   atom      := '(' formula ')' | 'exists' ... | 'true' | 'false'
//              | list cmp list { cmp list }
//   list      := affine { ',' affine }
//   xaffine   := affine | formula '?' xaffine ':' xaffine
//   affine    := term { ('+' | '-') term }, each term with leading '-'s
//   term      := factor
//   factor    := primary ( ('%' | 'mod') NUMBER
//                        | [ '*' consts ] [ '/' consts ] [ '//' consts ] )
//   primary   := name | NUMBER [ ( '*' ['-'] | ) factor ] | '(' affine ')'
//              | min(list)
//              | max(list) | floor(affine) | ceil(affine) | '[' affine ']'
//              | floord(affine, NUMBER) | ceild(affine, NUMBER)
//
// Binding follows isl, not C: `2i % 3` is 2*(i % 3), `i / 2 * 3` is
// i / (2*3), and `-i % 3` is -(i % 3). A NUMBER is digits with an optional
// `^ digits`; a '-' is never part of it (isl since 0.26): a unary '-'
// before a number negates it before the factor's operators apply.
// `( pieces )` at the start of a piece continues as the first factor of
// an expression.
//
//===----------------------------------------------------------------------===//
#include "text/ParserImpl.h"

#include "presburger/BigInt.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace presburger::parser {

namespace {

constexpr unsigned kMaxDepth = 200;
// Powers and literals beyond these sizes are refused (about 60000 decimal
// digits); 3^100000 (158497 bits) is still read.
constexpr unsigned kMaxPowerBits = 200000;
constexpr size_t kMaxLiteralDigits = 60000;
constexpr size_t kMaxTuplePieces = 8;

bool isComparator(Tok k) {
  switch (k) {
  case Tok::Assign:
  case Tok::Ne:
  case Tok::Lt:
  case Tok::Le:
  case Tok::Gt:
  case Tok::Ge:
  case Tok::LexLt:
  case Tok::LexLe:
  case Tok::LexGt:
  case Tok::LexGe:
    return true;
  default:
    return false;
  }
}

CmpOp toCmpOp(Tok k) {
  switch (k) {
  case Tok::Ne:
    return CmpOp::Ne;
  case Tok::Lt:
    return CmpOp::Lt;
  case Tok::Le:
    return CmpOp::Le;
  case Tok::Gt:
    return CmpOp::Gt;
  case Tok::Ge:
    return CmpOp::Ge;
  case Tok::LexLt:
    return CmpOp::LexLt;
  case Tok::LexLe:
    return CmpOp::LexLe;
  case Tok::LexGt:
    return CmpOp::LexGt;
  case Tok::LexGe:
    return CmpOp::LexGe;
  default:
    return CmpOp::Eq;
  }
}

bool isLexOp(CmpOp op) {
  return op == CmpOp::LexLt || op == CmpOp::LexLe || op == CmpOp::LexGt ||
         op == CmpOp::LexGe;
}

class SyntaxParser {
public:
  explicit SyntaxParser(std::string_view text) : toks_(tokenize(text)) {
    ast_.scopes.push_back(ScopeInfo{}); // The global scope.
  }

  Ast run() {
    if (at(Tok::LBracket)) {
      parseParams();
      if (!eat(Tok::Arrow))
        error("expected '->' after the parameter list");
    }
    if (!at(Tok::LBrace))
      error("expected '{'");
    ast_.openBrace = tok().pos;
    advance();
    if (at(Tok::Ident) && tok().text == "Sym" && peekTok().kind == Tok::Assign)
      parseSymParams();
    if (!at(Tok::RBrace)) {
      for (;;) {
        parseBody();
        if (eat(Tok::Semicolon)) {
          if (at(Tok::RBrace))
            break;
          continue;
        }
        break;
      }
    }
    if (!at(Tok::RBrace))
      error("expected ';' or '}'");
    advance();
    if (!at(Tok::End))
      error("unexpected text after '}'");
    return std::move(ast_);
  }

private:
  //===--------------------------------------------------------------------===//
  // Token access and errors
  //===--------------------------------------------------------------------===//

  const Token &tok() const { return toks_[pos_]; }
  const Token &peekTok(size_t k = 1) const {
    return toks_[std::min(pos_ + k, toks_.size() - 1)];
  }
  bool at(Tok k) const { return tok().kind == k; }
  void advance() {
    if (!at(Tok::End))
      ++pos_;
  }
  bool eat(Tok k) {
    if (!at(k))
      return false;
    advance();
    return true;
  }

  /// Fails at the current token: "<message> (found <token>)", or with the
  /// lexer's complaint when the token is a bad character.
  [[noreturn]] void error(const std::string &message) const {
    if (at(Tok::Unknown))
      fail(tok().pos, describe(tok()));
    fail(tok().pos, message + " (found " + describe(tok()) + ")");
  }
  void expect(Tok k, const char *message) {
    if (!eat(k))
      error(message);
  }

  struct DepthGuard {
    explicit DepthGuard(SyntaxParser &p) : p_(p) {
      if (++p_.depth_ > kMaxDepth)
        fail(p_.tok().pos, "nesting too deep (more than " +
                               std::to_string(kMaxDepth) + " levels)");
    }
    ~DepthGuard() { --p_.depth_; }
    DepthGuard(const DepthGuard &) = delete;
    DepthGuard &operator=(const DepthGuard &) = delete;

  private:
    SyntaxParser &p_;
  };

  //===--------------------------------------------------------------------===//
  // AST construction
  //===--------------------------------------------------------------------===//

  NodeId newExpr(ExprNode::Kind kind, SourcePos pos) {
    ExprNode n;
    n.kind = kind;
    n.pos = pos;
    ast_.exprs.push_back(std::move(n));
    return NodeId(ast_.exprs.size() - 1);
  }
  NodeId constExpr(Int v, SourcePos pos) {
    NodeId e = newExpr(ExprNode::Kind::Const, pos);
    ast_.exprs[e].num = std::move(v);
    return e;
  }
  NodeId varExpr(unsigned var, SourcePos pos) {
    NodeId e = newExpr(ExprNode::Kind::Var, pos);
    ast_.exprs[e].var = var;
    return e;
  }
  NodeId scaleExpr(NodeId arg, Int num, Int den, SourcePos pos) {
    NodeId e = newExpr(ExprNode::Kind::Scale, pos);
    ast_.exprs[e].args = {arg};
    ast_.exprs[e].num = std::move(num);
    ast_.exprs[e].den = std::move(den);
    return e;
  }
  NodeId unaryExpr(ExprNode::Kind kind, NodeId arg, SourcePos pos) {
    NodeId e = newExpr(kind, pos);
    ast_.exprs[e].args = {arg};
    return e;
  }

  NodeId newForm(FormNode::Kind kind, SourcePos pos) {
    FormNode n;
    n.kind = kind;
    n.pos = pos;
    ast_.forms.push_back(std::move(n));
    return NodeId(ast_.forms.size() - 1);
  }
  NodeId cmpForm(CmpOp op, NodeId a, NodeId b, SourcePos pos) {
    NodeId f = newForm(FormNode::Kind::Cmp, pos);
    ast_.forms[f].op = op;
    ast_.forms[f].lhs = {a};
    ast_.forms[f].rhs = {b};
    return f;
  }
  /// The conjunction of `parts` (True when empty).
  NodeId andForm(std::vector<NodeId> parts, SourcePos pos) {
    if (parts.empty())
      return newForm(FormNode::Kind::True, pos);
    if (parts.size() == 1)
      return parts[0];
    NodeId f = newForm(FormNode::Kind::And, pos);
    ast_.forms[f].kids = std::move(parts);
    return f;
  }

  //===--------------------------------------------------------------------===//
  // Names and scopes
  //===--------------------------------------------------------------------===//

  unsigned newScope(unsigned parent) {
    ScopeInfo s;
    s.parent = parent;
    s.depth = ast_.scopes[parent].depth + 1;
    ast_.scopes.push_back(std::move(s));
    return unsigned(ast_.scopes.size() - 1);
  }
  unsigned newVar(std::string name, VarRole role, unsigned scope,
                  unsigned index) {
    ast_.vars.push_back(VarInfo{name, role, scope, index});
    unsigned v = unsigned(ast_.vars.size() - 1);
    if (!name.empty()) {
      names_[name] = v;
      declared_.push_back(std::move(name));
    }
    return v;
  }
  /// Forgets the names declared since `mark`.
  void dropNames(size_t mark) {
    while (declared_.size() > mark) {
      names_.erase(declared_.back());
      declared_.pop_back();
    }
  }
  bool isKnown(const std::string &name) const {
    return names_.count(name) != 0;
  }

  //===--------------------------------------------------------------------===//
  // Numbers
  //===--------------------------------------------------------------------===//

  /// Reads a number, with isl's `a^b` power of two literals (a number
  /// never includes a sign: `-2^2` is -(2^2), as in isl since 0.26).
  Int nextValue() {
    if (!at(Tok::Value))
      error("expected a number");
    SourcePos pos = tok().pos;
    if (tok().text.size() > kMaxLiteralDigits)
      fail(pos, "number too large (more than " +
                    std::to_string(kMaxLiteralDigits) + " digits)");
    Int v = *Int::fromString(tok().text);
    advance();
    if (!at(Tok::Caret))
      return v;
    advance();
    if (!at(Tok::Value))
      error("expected a non-negative integer exponent after '^'");
    SourcePos expPos = tok().pos;
    std::optional<Int> e = Int::fromString(tok().text);
    advance();
    if (at(Tok::Caret))
      error("a power cannot be raised to a power again (as in isl): write "
            "the exponent as one number");
    return power(std::move(v), *e, expPos);
  }

  /// base^exp by repeated squaring, refusing results of more than
  /// kMaxPowerBits bits before computing them.
  static Int power(Int base, const Int &exp, SourcePos pos) {
    if (exp.isZero())
      return Int(1);
    unsigned bits = bitLength(base);
    if (bits <= 1) // 0 and 1.
      return base;
    // The result has more than (bits - 1) * exp bits.
    if (bitLength(exp) > 32 ||
        uint64_t(bits - 1) * uint64_t(exp.getSmall()) >= kMaxPowerBits)
      fail(pos, "number too large (more than " + std::to_string(kMaxPowerBits) +
                    " bits)");
    Int result(1);
    for (int64_t k = exp.getSmall(); k > 0; k >>= 1) {
      if (k & 1)
        result *= base;
      if (k > 1)
        base *= base;
    }
    if (bitLength(result) > kMaxPowerBits)
      fail(pos, "number too large (more than " + std::to_string(kMaxPowerBits) +
                    " bits)");
    return result;
  }

  /// A product of numbers, each with an optional '-': what isl allows after
  /// '*' (and, as isl 0.25 did, after '/' and '//'). `op` and `leftStart`
  /// describe the operation for the error on a non-constant operand.
  Int constantChain(const std::string &op, size_t leftStart) {
    Int c(1);
    for (;;) {
      if (eat(Tok::Minus))
        c = -c;
      if (!at(Tok::Value)) {
        if (at(Tok::Unknown))
          error("");
        std::string shown = "'" + sourceText(leftStart, opIndex_) + " " + op +
                            " " + (at(Tok::End) ? "" : tok().text) + "'";
        if (op == "*")
          fail(tok().pos, "non-affine product " + shown +
                              ": only multiplication by a constant is allowed");
        fail(tok().pos, "division by a non-constant in " + shown +
                            ": the divisor must be a positive integer");
      }
      c *= nextValue();
      if (!at(Tok::Star))
        return c;
      advance();
    }
  }

  /// A positive number after `context` (a divisor or modulus).
  Int positiveConstant(const std::string &context) {
    SourcePos p = tok().pos;
    if (!at(Tok::Value))
      error("expected a positive number " + context);
    Int v = nextValue();
    if (v.isZero())
      fail(p, "division by zero " + context);
    if (v.isNegative())
      fail(p, "expected a positive number " + context + " (found " +
                  v.toString() + ")");
    return v;
  }

  std::string sourceText(size_t from, size_t to) const {
    std::string s;
    for (size_t i = from; i < to && i < toks_.size(); ++i) {
      if (!s.empty())
        s += ' ';
      s += toks_[i].text;
      if (s.size() > 40) {
        s = s.substr(0, 40) + "...";
        break;
      }
    }
    return s;
  }

  //===--------------------------------------------------------------------===//
  // Affine expressions
  //===--------------------------------------------------------------------===//

  bool factorStart() const {
    switch (tok().kind) {
    case Tok::Ident:
    case Tok::LParen:
    case Tok::LBracket:
    case Tok::KwFloor:
    case Tok::KwCeil:
    case Tok::KwFloord:
    case Tok::KwCeild:
    case Tok::KwMin:
    case Tok::KwMax:
      return true;
    default:
      return false;
    }
  }

  /// term { ('+' | '-') term }, each term with leading '-'s. As in isl
  /// (since 0.26), a '-' right before a number negates the number before
  /// the factor's operators apply (`-1//4` is floor(-1/4)), and a binary
  /// '-' negates the whole term (`0-1//4` is 0 - floor(1/4)).
  NodeId parseAffine() {
    SourcePos start = tok().pos;
    std::vector<NodeId> args;
    std::vector<int8_t> signs;
    int op = 1;
    for (;;) {
      int sign = 1;
      if (pending_ == kNoNode)
        while (eat(Tok::Minus))
          sign = -sign;
      if (pending_ == kNoNode && !factorStart() && !at(Tok::Value))
        error("expected an expression");
      bool negateNumber = pending_ == kNoNode && at(Tok::Value) && sign < 0;
      if (negateNumber)
        sign = 1;
      args.push_back(parseFactor(negateNumber));
      signs.push_back(int8_t(op * sign));
      if (eat(Tok::Plus))
        op = 1;
      else if (eat(Tok::Minus))
        op = -1;
      else
        break;
    }
    if (args.size() == 1 && signs[0] == 1)
      return args[0];
    NodeId e = newExpr(ExprNode::Kind::Sum, start);
    ast_.exprs[e].args = std::move(args);
    ast_.exprs[e].signs = std::move(signs);
    return e;
  }

  /// A factor with its `%`, `*`, `/`, `//` operators; `negateNumber` makes
  /// a leading number negative first.
  NodeId parseFactor(bool negateNumber = false) {
    DepthGuard guard(*this);
    size_t startIdx = pos_;
    SourcePos start = tok().pos;
    NodeId e;
    if (pending_ != kNoNode) {
      e = pending_;
      pending_ = kNoNode;
      startIdx = pendingStart_;
    } else if (at(Tok::Ident)) {
      auto it = names_.find(tok().text);
      if (it == names_.end())
        fail(tok().pos, "unknown identifier '" + tok().text + "'");
      e = varExpr(it->second, start);
      advance();
    } else if (at(Tok::Value)) {
      Int v = nextValue();
      if (negateNumber)
        v = -v;
      // `2 i`, `2 * i`, `2 * -i`, `2 * 3`: the number times a factor.
      if (eat(Tok::Star) || at(Tok::Ident)) {
        if (eat(Tok::Minus))
          v = -v;
        return scaleExpr(parseFactor(), v, Int(1), start);
      }
      e = constExpr(v, start);
    } else if (at(Tok::LParen)) {
      advance();
      e = parseAffine();
      expect(Tok::RParen, "expected ')'");
    } else if (at(Tok::LBracket) || at(Tok::KwFloor) || at(Tok::KwCeil) ||
               at(Tok::KwFloord) || at(Tok::KwCeild)) {
      e = parseDivision();
    } else if (at(Tok::KwMin) || at(Tok::KwMax)) {
      e = parseMinMax();
    } else {
      error("expected an expression");
    }
    if (at(Tok::Caret))
      fail(tok().pos, "non-affine power '" + sourceText(startIdx, pos_) +
                          " ^ ...': only a number may be raised to a power");
    if (at(Tok::Percent) || at(Tok::KwMod)) {
      std::string what = "after '" + tok().text + "'";
      advance();
      Int m = positiveConstant(what);
      NodeId r = unaryExpr(ExprNode::Kind::Mod, e, start);
      ast_.exprs[r].num = m;
      return r;
    }
    if (at(Tok::Star)) {
      opIndex_ = pos_;
      advance();
      Int c = constantChain("*", startIdx);
      e = scaleExpr(e, c, Int(1), start);
    }
    if (at(Tok::Slash)) {
      opIndex_ = pos_;
      SourcePos p = peekTok().pos;
      advance();
      Int c = constantChain("/", startIdx);
      if (c.sign() <= 0)
        fail(p, c.isZero() ? "division by zero"
                           : "division by a negative number (isl requires a "
                             "positive divisor)");
      e = scaleExpr(e, Int(1), c, start);
    }
    if (at(Tok::IntDiv)) {
      opIndex_ = pos_;
      SourcePos p = peekTok().pos;
      advance();
      Int c = constantChain("//", startIdx);
      if (c.sign() <= 0)
        fail(p, c.isZero() ? "division by zero"
                           : "division by a negative number (isl requires a "
                             "positive divisor)");
      e = unaryExpr(ExprNode::Kind::Floor, scaleExpr(e, Int(1), c, start),
                    start);
    }
    return e;
  }

  /// `[e]`, floor(e), ceil(e), floord(e, d), ceild(e, d).
  NodeId parseDivision() {
    SourcePos start = tok().pos;
    Tok kind = tok().kind;
    advance();
    if (kind == Tok::LBracket) {
      NodeId e = parseAffine();
      expect(Tok::RBracket, "expected ']' after the division");
      return unaryExpr(ExprNode::Kind::Floor, e, start);
    }
    std::string name = toks_[pos_ - 1].text;
    if (!eat(Tok::LParen))
      error("expected '(' after '" + name + "'");
    NodeId e = parseAffine();
    if (kind == Tok::KwFloord || kind == Tok::KwCeild) {
      expect(Tok::Comma, "expected ',' before the denominator");
      Int d = positiveConstant("as the denominator of '" + name + "'");
      e = scaleExpr(e, Int(1), d, start);
    }
    expect(Tok::RParen, "expected ')'");
    bool isFloor = kind == Tok::KwFloor || kind == Tok::KwFloord;
    return unaryExpr(isFloor ? ExprNode::Kind::Floor : ExprNode::Kind::Ceil, e,
                     start);
  }

  NodeId parseMinMax() {
    SourcePos start = tok().pos;
    bool isMin = at(Tok::KwMin);
    std::string name = tok().text;
    advance();
    if (!eat(Tok::LParen))
      error("expected '(' after '" + name + "'");
    std::vector<NodeId> args = parseAffineList();
    expect(Tok::RParen, "expected ')'");
    if (args.size() == 1)
      return args[0];
    NodeId e =
        newExpr(isMin ? ExprNode::Kind::Min : ExprNode::Kind::Max, start);
    ast_.exprs[e].args = std::move(args);
    return e;
  }

  std::vector<NodeId> parseAffineList() {
    std::vector<NodeId> list{parseAffine()};
    while (eat(Tok::Comma))
      list.push_back(parseAffine());
    return list;
  }

  /// An affine expression, or `condition ? a : b` (isl's "extended" affine
  /// expression, allowed in tuples and definitions).
  NodeId parseExtendedAffine() {
    DepthGuard guard(*this);
    SourcePos start = tok().pos;
    size_t startIdx = pos_;
    NodeId e = parseAffine();
    if (!isComparator(tok().kind))
      return e;
    NodeId cond = parseFormulaFromExpr(e, startIdx);
    if (!eat(Tok::Question))
      error("expected '?' after the condition of a conditional expression");
    NodeId a = parseExtendedAffine();
    expect(Tok::Colon, "expected ':' between the branches of '?:'");
    NodeId b = parseExtendedAffine();
    NodeId t = newExpr(ExprNode::Kind::Ternary, start);
    ast_.exprs[t].args = {a, b};
    ast_.exprs[t].cond = cond;
    return t;
  }

  //===--------------------------------------------------------------------===//
  // Formulas
  //===--------------------------------------------------------------------===//

  bool conditionStart() const {
    return at(Tok::KwExists) || at(Tok::Not) || at(Tok::KwTrue) ||
           at(Tok::KwFalse);
  }

  /// formula := disj [implies disj]; `first`, when given, is the already
  /// parsed first atom.
  NodeId parseFormula(NodeId first = kNoNode) {
    NodeId a = parseDisjunction(first);
    if (!at(Tok::KwImplies))
      return a;
    SourcePos p = tok().pos;
    advance();
    NodeId b = parseDisjunction(kNoNode);
    NodeId f = newForm(FormNode::Kind::Implies, p);
    ast_.forms[f].kids = {a, b};
    return f;
  }

  NodeId parseDisjunction(NodeId first) {
    SourcePos start = tok().pos;
    // As in isl, a formula may be empty right before the closing brace:
    // `{ [i] : }`, `{ [i] : exists e : }`, `a implies }` (true).
    if (first == kNoNode && at(Tok::RBrace))
      return newForm(FormNode::Kind::True, start);
    std::vector<NodeId> kids{parseConjunction(first)};
    while (eat(Tok::Or))
      kids.push_back(parseConjunction(kNoNode));
    if (kids.size() == 1)
      return kids[0];
    NodeId f = newForm(FormNode::Kind::Or, start);
    ast_.forms[f].kids = std::move(kids);
    return f;
  }

  NodeId parseConjunction(NodeId first) {
    SourcePos start = tok().pos;
    std::vector<NodeId> kids{first != kNoNode ? first : parseNegatedAtom()};
    while (eat(Tok::And))
      kids.push_back(parseNegatedAtom());
    return andForm(std::move(kids), start);
  }

  NodeId parseNegatedAtom() {
    if (!at(Tok::Not))
      return parseAtom();
    SourcePos p = tok().pos;
    advance();
    NodeId a = parseAtom();
    NodeId f = newForm(FormNode::Kind::Not, p);
    ast_.forms[f].kids = {a};
    return f;
  }

  NodeId parseAtom() {
    if (at(Tok::LParen)) {
      Item item = parseParenItem();
      if (item.isFormula)
        return item.node;
      setPending(item);
      return parseConstraint();
    }
    if (at(Tok::KwExists))
      return parseExists();
    if (at(Tok::KwTrue) || at(Tok::KwFalse)) {
      NodeId f = newForm(at(Tok::KwTrue) ? FormNode::Kind::True
                                         : FormNode::Kind::False,
                         tok().pos);
      advance();
      return f;
    }
    return parseConstraint();
  }

  /// What a parenthesized part turned out to be.
  struct Item {
    bool isFormula;
    NodeId node;
    size_t startIdx; // Token index of the '('.
  };

  void setPending(const Item &item) {
    pending_ = item.node;
    pendingStart_ = item.startIdx;
  }

  /// `( ... )` where the contents may be a formula or an affine expression
  /// (isl decides the same way: by what follows the first expression).
  Item parseParenItem() {
    DepthGuard guard(*this);
    size_t startIdx = pos_;
    advance(); // '('
    if (conditionStart()) {
      NodeId f = parseFormula();
      expect(Tok::RParen, "expected ')' after the condition");
      return {true, f, startIdx};
    }
    if (at(Tok::LParen)) {
      Item inner = parseParenItem();
      if (inner.isFormula) {
        NodeId f = parseFormula(inner.node);
        expect(Tok::RParen, "expected ')' after the condition");
        return {true, f, startIdx};
      }
      setPending(inner);
    }
    size_t exprStart = pending_ != kNoNode ? pendingStart_ : pos_;
    NodeId e = parseAffine();
    if (eat(Tok::RParen))
      return {false, e, startIdx};
    // Not an expression in parentheses: the start of a condition. As in
    // isl, the expression is read again as the first factor, so it may
    // still take `/`, `mod`, ... (`(9 / 2 >= i)`).
    NodeId f = parseFormulaFromExpr(e, exprStart);
    expect(Tok::RParen, "expected ')' after the condition");
    return {true, f, startIdx};
  }

  /// The rest of a formula whose first constraint starts with the already
  /// parsed expression `e` (whose first token is at `startIdx`).
  NodeId parseFormulaFromExpr(NodeId e, size_t startIdx) {
    setPending(Item{false, e, startIdx});
    NodeId first = parseConstraint();
    return parseFormula(first);
  }

  /// list op list { op list }: pairwise comparisons for the ordinary
  /// operators, one comparison of two lists for the lexicographic ones.
  NodeId parseConstraint() {
    SourcePos start = tok().pos;
    std::vector<NodeId> left = parseAffineList();
    if (!isComparator(tok().kind)) {
      if (at(Tok::EqEq))
        fail(tok().pos, "'==' is not isl notation: write '='");
      error("expected a comparison operator");
    }
    std::vector<NodeId> parts;
    while (isComparator(tok().kind)) {
      SourcePos opPos = tok().pos;
      CmpOp op = toCmpOp(tok().kind);
      advance();
      std::vector<NodeId> right = parseAffineList();
      if (isLexOp(op)) {
        if (left.size() != right.size())
          fail(opPos, "lexicographic comparison of lists of different "
                      "lengths (" +
                          std::to_string(left.size()) + " and " +
                          std::to_string(right.size()) + ")");
        NodeId f = newForm(FormNode::Kind::LexCmp, opPos);
        ast_.forms[f].op = op;
        ast_.forms[f].lhs = left;
        ast_.forms[f].rhs = right;
        parts.push_back(f);
      } else {
        for (NodeId a : left)
          for (NodeId b : right)
            parts.push_back(cmpForm(op, a, b, opPos));
      }
      left = std::move(right);
    }
    if (at(Tok::EqEq))
      fail(tok().pos, "'==' is not isl notation: write '='");
    return andForm(std::move(parts), start);
  }

  /// exists [ '(' ] v [= def] { ',' v [= def] } ':' formula [ ')' ]
  NodeId parseExists() {
    DepthGuard guard(*this);
    SourcePos start = tok().pos;
    advance();
    bool paren = eat(Tok::LParen);
    unsigned outer = curScope_;
    unsigned scope = newScope(outer);
    curScope_ = scope;
    size_t mark = declared_.size();
    std::vector<NodeId> parts;
    while (at(Tok::Ident)) {
      if (isKnown(tok().text))
        error("expected a fresh variable name after 'exists': '" + tok().text +
              "' is already in use");
      SourcePos vp = tok().pos;
      unsigned index = unsigned(ast_.scopes[scope].vars.size());
      unsigned v = newVar(tok().text, VarRole::Exists, scope, index);
      ast_.scopes[scope].vars.push_back(v);
      advance();
      if (eat(Tok::Assign)) {
        NodeId def = parseExtendedAffine();
        parts.push_back(cmpForm(CmpOp::Eq, varExpr(v, vp), def, vp));
      }
      // isl allows a comma before the ':'.
      if (!eat(Tok::Comma))
        break;
    }
    if (!eat(Tok::Colon))
      error("expected ':' after the variables of 'exists'");
    parts.push_back(parseFormula());
    dropNames(mark);
    curScope_ = outer;
    if (paren)
      expect(Tok::RParen, "expected ')' to close 'exists ('");
    NodeId f = newForm(FormNode::Kind::Exists, start);
    ast_.forms[f].kids = {andForm(std::move(parts), start)};
    ast_.forms[f].scope = scope;
    return f;
  }

  //===--------------------------------------------------------------------===//
  // Tuples, bodies, parameters
  //===--------------------------------------------------------------------===//

  bool tupleStart() const {
    if (at(Tok::LBracket))
      return true;
    return (at(Tok::Ident) || tok().isKeyword) &&
           peekTok().kind == Tok::LBracket;
  }

  /// One piece of a tuple element: a value with an optional condition, or
  /// a range (then `range` is its constraint on the element's variable).
  struct PieceSyntax {
    NodeId value = kNoNode, cond = kNoNode, range = kNoNode;
    SourcePos pos;
  };

  /// The constraint a tuple element puts on its variable `d`:
  ///   `e`        d = e             `a : b`  a <= d <= b
  ///   `a :`      d >= a            `: b`    d <= b
  ///   `:`        nothing           `e : c`  d = e and c
  /// and for pieces `e1 : c1; e2 : c2; ...` (isl's union_add): d is the
  /// sum of the values whose conditions hold, where at least one holds.
  NodeId parsePiece(unsigned d) {
    SourcePos start = tok().pos;
    std::vector<PieceSyntax> pieces = parsePieceList(d);
    if (pieces.size() == 1)
      return pieces[0].range != kNoNode ? pieces[0].range
                                        : pieceFormula(d, pieces[0]);
    return cmpForm(CmpOp::Eq, varExpr(d, start), piecewiseExpr(pieces, start),
                   start);
  }

  /// piece { ';' piece }.
  std::vector<PieceSyntax> parsePieceList(unsigned d) {
    SourcePos start = tok().pos;
    std::vector<PieceSyntax> pieces{parseOnePiece(d)};
    while (eat(Tok::Semicolon))
      pieces.push_back(parseOnePiece(d));
    if (pieces.size() > 1)
      for (const PieceSyntax &p : pieces)
        if (p.range != kNoNode)
          fail(p.pos, "a range cannot be combined with other pieces by ';'");
    if (pieces.size() > kMaxTuplePieces)
      fail(start, "too many pieces in a tuple element (more than " +
                      std::to_string(kMaxTuplePieces) + ")");
    return pieces;
  }

  /// The union_add of `pieces` (none of them a range) as one expression.
  NodeId piecewiseExpr(const std::vector<PieceSyntax> &pieces, SourcePos pos) {
    NodeId e = newExpr(ExprNode::Kind::Piecewise, pos);
    for (const PieceSyntax &p : pieces) {
      ast_.exprs[e].args.push_back(p.value);
      ast_.exprs[e].conds.push_back(p.cond);
    }
    return e;
  }

  NodeId pieceFormula(unsigned d, const PieceSyntax &p) {
    NodeId eq = cmpForm(CmpOp::Eq, varExpr(d, p.pos), p.value, p.pos);
    if (p.cond == kNoNode)
      return eq;
    return andForm({eq, p.cond}, p.pos);
  }

  /// `( pieces )` at the start of a piece, as isl reads it: the pieces
  /// (or an expression, or a range alone) in parentheses, which may then
  /// continue as the first factor of an expression (`(a : a > 0) + 1`).
  /// Sets the value as the pending factor, or returns a range piece.
  std::optional<PieceSyntax> parseParenPieces(unsigned d) {
    DepthGuard guard(*this);
    size_t startIdx = pos_;
    SourcePos start = tok().pos;
    advance(); // '('
    std::vector<PieceSyntax> pieces = parsePieceList(d);
    expect(Tok::RParen, "expected ')' after the pieces");
    const PieceSyntax &first = pieces[0];
    if (first.range != kNoNode) {
      if (!at(Tok::Comma) && !at(Tok::RBracket) && !at(Tok::Semicolon))
        fail(start, "a range in parentheses cannot be part of an expression");
      PieceSyntax range = first;
      range.pos = start;
      return range;
    }
    NodeId value = pieces.size() == 1 && first.cond == kNoNode
                       ? first.value
                       : piecewiseExpr(pieces, start);
    setPending(Item{false, value, startIdx});
    return std::nullopt;
  }

  PieceSyntax parseOnePiece(unsigned d) {
    PieceSyntax piece;
    SourcePos start = tok().pos;
    piece.pos = start;
    auto dvar = [&]() { return varExpr(d, start); };
    auto endOfElement = [&]() {
      return at(Tok::Comma) || at(Tok::RBracket) || at(Tok::Semicolon) ||
             at(Tok::RParen);
    };
    if (eat(Tok::Colon)) {
      piece.range = endOfElement()
                        ? newForm(FormNode::Kind::True, start)
                        : cmpForm(CmpOp::Le, dvar(), parseAffine(), start);
      return piece;
    }
    if (at(Tok::LParen))
      if (std::optional<PieceSyntax> range = parseParenPieces(d))
        return *range;
    NodeId first = pending_;
    piece.value = parseExtendedAffine();
    if (first != kNoNode && isPartial(first) && piece.value != first &&
        ast_.exprs[piece.value].kind == ExprNode::Kind::Ternary)
      fail(start, "pieces in parentheses cannot be compared in a condition "
                  "(not supported)");
    if (!eat(Tok::Colon))
      return piece;
    if (endOfElement()) {
      piece.range = cmpForm(CmpOp::Ge, dvar(), piece.value, start);
      return piece;
    }
    if (conditionStart()) {
      piece.cond = parseFormula();
      return piece;
    }
    if (at(Tok::LParen)) {
      Item item = parseParenItem();
      if (item.isFormula) {
        piece.cond = parseFormula(item.node);
        return piece;
      }
      setPending(item);
    }
    size_t startIdx = pending_ != kNoNode ? pendingStart_ : pos_;
    NodeId hi = parseAffine();
    if (isComparator(tok().kind)) {
      piece.cond = parseFormulaFromExpr(hi, startIdx);
      return piece;
    }
    piece.range = andForm({cmpForm(CmpOp::Ge, dvar(), piece.value, start),
                           cmpForm(CmpOp::Le, dvar(), hi, start)},
                          start);
    return piece;
  }

  /// Whether `e` is a piecewise expression (undefined where none of its
  /// conditions holds).
  bool isPartial(NodeId e) const {
    return ast_.exprs[e].kind == ExprNode::Kind::Piecewise;
  }

  /// One tuple (possibly nested); adds its dimensions to the current body.
  Tuple parseTuple() {
    DepthGuard guard(*this);
    std::string name;
    if (!at(Tok::LBracket)) {
      name = tok().text;
      advance();
    }
    expect(Tok::LBracket, "expected '['");
    if (tupleStart()) {
      Tuple dom = parseTuple();
      if (!eat(Tok::Arrow))
        error("expected '->' in a nested tuple");
      if (!tupleStart())
        error("expected a tuple after '->'");
      Tuple ran = parseTuple();
      expect(Tok::RBracket, "expected ']' after the nested tuple");
      return Tuple::nested(name, std::move(dom), std::move(ran));
    }
    std::vector<std::string> dimNames;
    if (!at(Tok::RBracket)) {
      for (;;) {
        parseElement(dimNames);
        if (eat(Tok::Comma))
          continue;
        if (at(Tok::RBracket) && peekTok().kind == Tok::LBracket) {
          advance();
          advance();
          continue;
        }
        break;
      }
    }
    if (!at(Tok::RBracket))
      error("expected ']' after tuple");
    advance();
    Tuple t(name, unsigned(dimNames.size()));
    t.setDimNames(dimNames);
    return t;
  }

  void parseElement(std::vector<std::string> &dimNames) {
    unsigned index = unsigned(body_->dims.size());
    if (at(Tok::Star)) {
      advance();
      body_->dims.push_back(newVar("", VarRole::Dim, curScope_, index));
      dimNames.emplace_back();
      return;
    }
    if (at(Tok::Ident) && !isKnown(tok().text)) {
      std::string name = tok().text;
      unsigned d = newVar(name, VarRole::Dim, curScope_, index);
      body_->dims.push_back(d);
      dimNames.push_back(name);
      advance();
      if (eat(Tok::Assign))
        elementForms_.push_back(parsePiece(d));
      return;
    }
    if (at(Tok::Comma) || at(Tok::RBracket))
      error("expected a tuple element");
    unsigned d = newVar("", VarRole::Dim, curScope_, index);
    body_->dims.push_back(d);
    dimNames.emplace_back();
    elementForms_.push_back(parsePiece(d));
  }

  void parseBody() {
    BodyAst body;
    body.pos = tok().pos;
    body.scope = newScope(kGlobalScope);
    body_ = &body;
    curScope_ = body.scope;
    elementForms_.clear();
    size_t mark = declared_.size();
    if (at(Tok::KwRat) && peekTok().kind == Tok::Colon)
      error("rational sets ('rat:') are not supported");
    NodeId formula = kNoNode;
    if (at(Tok::Colon)) {
      body.kind = BodyKind::Params;
      advance();
      formula = parseOptionalFormula();
    } else if (tupleStart()) {
      Tuple first = parseTuple();
      if (eat(Tok::Arrow)) {
        if (!tupleStart())
          error("expected a tuple after '->'");
        body.kind = BodyKind::Relation;
        body.domain = std::move(first);
        body.range = parseTuple();
      } else {
        body.kind = BodyKind::Set;
        body.range = std::move(first);
      }
      if (at(Tok::Colon) || (at(Tok::Or) && tok().text == "|")) {
        advance();
        formula = parseOptionalFormula();
      }
    } else {
      error("expected a tuple or ':'");
    }
    std::vector<NodeId> parts = elementForms_;
    if (formula != kNoNode)
      parts.push_back(formula);
    body.formula = andForm(std::move(parts), body.pos);
    dropNames(mark);
    curScope_ = kGlobalScope;
    body_ = nullptr;
    ast_.bodies.push_back(std::move(body));
  }

  NodeId parseOptionalFormula() { return parseFormula(); }

  /// isl's older parameter syntax right after '{': `Sym = [n, m]` declares
  /// parameters for every part, like `[n, m] -> { ... }`. As in isl only
  /// commas separate them, and they cannot be added to a parameter list
  /// before the '{' (isl misreads that).
  void parseSymParams() {
    SourcePos symPos = tok().pos;
    bool hadParams = !ast_.params.empty();
    advance(); // Sym
    advance(); // '='
    if (!at(Tok::LBracket)) {
      if (tupleStart())
        error("a parameter tuple after 'Sym=' cannot be named");
      error("expected '[' after 'Sym='");
    }
    size_t before = ast_.params.size();
    parseParams(/*joinBrackets=*/false);
    if (hadParams && ast_.params.size() > before)
      fail(symPos, "'Sym=[...]' cannot add parameters to the list before "
                   "'{' (isl misreads this): write them all in one list");
  }

  void parseParams(bool joinBrackets = true) {
    SourcePos start = tok().pos;
    advance();      // '['
    BodyAst holder; // Collects the parameter variables as "dims".
    body_ = &holder;
    curScope_ = kGlobalScope;
    elementForms_.clear();
    if (!at(Tok::RBracket)) {
      for (;;) {
        if (!at(Tok::Ident))
          error("expected a parameter name");
        if (isKnown(tok().text))
          error("duplicate parameter '" + tok().text + "'");
        unsigned index = unsigned(ast_.params.size());
        unsigned v = newVar(tok().text, VarRole::Param, kGlobalScope, index);
        ast_.params.push_back(tok().text);
        ast_.paramVars.push_back(v);
        advance();
        if (eat(Tok::Assign))
          elementForms_.push_back(parsePiece(v));
        if (eat(Tok::Comma))
          continue;
        // isl also reads `[n][m]` as `[n, m]` (not after `Sym=`).
        if (joinBrackets && at(Tok::RBracket) &&
            peekTok().kind == Tok::LBracket) {
          advance();
          advance();
          continue;
        }
        break;
      }
    }
    if (!at(Tok::RBracket))
      error("expected ']' after the parameter list");
    advance();
    if (ast_.paramFormula != kNoNode)
      elementForms_.insert(elementForms_.begin(), ast_.paramFormula);
    if (!elementForms_.empty())
      ast_.paramFormula = andForm(elementForms_, start);
    elementForms_.clear();
    body_ = nullptr;
    // Parameter names stay declared for every body.
    declared_.clear();
  }

  std::vector<Token> toks_;
  size_t pos_ = 0;
  unsigned depth_ = 0;
  Ast ast_;
  std::unordered_map<std::string, unsigned> names_;
  std::vector<std::string> declared_;
  unsigned curScope_ = kGlobalScope;
  BodyAst *body_ = nullptr;
  std::vector<NodeId> elementForms_;
  NodeId pending_ = kNoNode; // A parsed expression to use as next factor.
  size_t pendingStart_ = 0;
  size_t opIndex_ = 0; // Token index of the last '*', '/', '//'.
};

} // namespace

Ast parseSyntax(std::string_view text) { return SyntaxParser(text).run(); }

} // namespace presburger::parser
