//===- Parser.cpp - The syntax of the .pn text form -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Recursive descent over the tokens of Lexer.cpp; conditions are lowered by
// ConditionLowering.cpp (ParserImpl.h ties the three together).
//
//===----------------------------------------------------------------------===//

#include "penguin/Parser.h"

#include "penguin/Linearize.h"
#include "penguin/Mask.h"
#include "text/ParserImpl.h"

#include <charconv>
#include <cmath>
#include <deque>
#include <map>
#include <optional>
#include <set>

namespace penguin {

using namespace text;

namespace {

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

class Parser {
public:
  Parser(std::string_view text, std::string file)
      : file_(std::move(file)), diag_(file_), lex_(text, file_) {}

  Module parseModule() {
    Module m;
    m.file = file_;
    m.context = std::make_shared<ExprContext>();
    ctx_ = m.context.get();
    std::set<std::string> names;
    if (peek().kind == Tok::End)
      error(peek(), "expected 'kernel', found end of input (empty module)");
    while (peek().kind != Tok::End) {
      Kernel k = parseKernel(m.context);
      if (!names.insert(k.name).second)
        error(kernelNameTok_, "redefinition of kernel '" + k.name + "'");
      m.kernels.push_back(std::move(k));
    }
    return m;
  }

private:
  // Tokens --------------------------------------------------------------------
  const Token &peek(size_t k = 0) {
    while (buf_.size() <= k)
      buf_.push_back(lex_.next());
    return buf_[k];
  }
  Token take() {
    Token t = peek();
    buf_.pop_front();
    return t;
  }
  bool isWord(const Token &t, std::string_view w) const {
    return t.kind == Tok::Ident && t.text == w;
  }
  bool atWord(std::string_view w, size_t k = 0) { return isWord(peek(k), w); }

  static std::string describe(const Token &t) {
    switch (t.kind) {
    case Tok::End:
      return "end of input";
    case Tok::Ident:
      return "'" + t.text + "'";
    case Tok::Int:
      return "integer " + t.text;
    case Tok::Float:
      return "number " + t.text;
    default:
      return spelling(t.kind);
    }
  }

  SourceLocation locOf(const Token &t) const {
    return SourceLocation{file_, t.line, t.col};
  }

  [[noreturn]] void error(const Token &at, const std::string &msg) const {
    diag_.error(at, msg);
  }
  template <typename F> auto guardIR(const Token &at, F &&f) -> decltype(f()) {
    return diag_.guardIR(at, std::forward<F>(f));
  }

  Token expect(Tok kind, const std::string &what) {
    if (peek().kind != kind)
      error(peek(), "expected " + what + ", found " + describe(peek()));
    return take();
  }

  void expectWord(std::string_view w, const std::string &what) {
    if (!atWord(w))
      error(peek(), "expected " + what + ", found " + describe(peek()));
    take();
  }

  Token expectName(const std::string &what) {
    const Token &t = peek();
    if (t.kind != Tok::Ident)
      error(t, "expected " + what + ", found " + describe(t));
    if (isKeyword(t.text))
      error(t, "expected " + what + ", found the keyword '" + t.text +
                   "' (keywords cannot be used as names)");
    return take();
  }

  // Integers ------------------------------------------------------------------
  int64_t intValue(const Token &t, bool negative) {
    uint64_t v = 0;
    for (char c : t.text) {
      uint64_t d = static_cast<uint64_t>(c - '0');
      if (v > (UINT64_MAX - d) / 10)
        error(t, "integer literal " + t.text + " is out of range");
      v = v * 10 + d;
    }
    if (negative) {
      if (v > static_cast<uint64_t>(INT64_MAX) + 1)
        error(t, "integer literal -" + t.text + " is out of range (64-bit)");
      return static_cast<int64_t>(0 - v);
    }
    if (v > static_cast<uint64_t>(INT64_MAX))
      error(t, "integer literal " + t.text + " is out of range (64-bit)");
    return static_cast<int64_t>(v);
  }

  /// [-]INT
  int64_t signedInt(const std::string &what) {
    bool neg = false;
    if (peek().kind == Tok::Minus) {
      take();
      neg = true;
    }
    Token t = expect(Tok::Int, what);
    return intValue(t, neg);
  }

  std::vector<int64_t> shape(const std::string &what) {
    expect(Tok::LBracket, "'[' to start " + what);
    std::vector<int64_t> out;
    out.push_back(intValue(expect(Tok::Int, "an extent in " + what), false));
    while (peek().kind == Tok::Comma) {
      take();
      out.push_back(intValue(expect(Tok::Int, "an extent in " + what), false));
    }
    expect(Tok::RBracket, "',' or ']' in " + what);
    return out;
  }

  // Nesting guard
  // ---------------------------------------------------------------
  struct DepthGuard {
    Parser &p;
    DepthGuard(Parser &parser, const Token &at) : p(parser) {
      if (++p.depth_ > kMaxNesting)
        p.error(at, "nesting is too deep (more than " +
                        std::to_string(kMaxNesting) + " levels)");
    }
    ~DepthGuard() { --p.depth_; }
  };

  // Kernel
  // ----------------------------------------------------------------------
  Kernel parseKernel(const std::shared_ptr<ExprContext> &ctx) {
    Token kw = peek();
    expectWord("kernel", "'kernel'");
    kernelNameTok_ = peek();
    Kernel k(ctx, expectName("a kernel name").text);
    k.loc = locOf(kw);
    values_.clear();
    ivs_.clear();
    expect(Tok::LParen, "'(' after the kernel name");
    if (peek().kind != Tok::RParen) {
      k.params.push_back(parseParam());
      while (peek().kind == Tok::Comma) {
        take();
        k.params.push_back(parseParam());
      }
    }
    expect(Tok::RParen, "',' or ')' after the kernel parameters");
    expect(Tok::LBrace, "'{' to start the kernel body");
    while (atWord("tensor") || atWord("runtime")) {
      if (atWord("tensor"))
        k.tensors.push_back(parseTensor());
      else
        k.runtimeValues.push_back(parseRuntime());
    }
    k.body = parseBody("the kernel body");
    return k;
  }

  void declareValue(const Token &name, ExprKind kind) {
    if (values_.count(name.text))
      error(name, "redefinition of '" + name.text + "'");
    values_[name.text] = kind;
  }

  Param parseParam() {
    Token kw = peek();
    expectWord("param", "'param' to declare a kernel parameter");
    Token name = expectName("a parameter name");
    declareValue(name, ExprKind::Param);
    Param p;
    p.name = name.text;
    p.loc = locOf(kw);
    if (atWord("in")) {
      take();
      expect(Tok::LBracket, "'[' to start the parameter bounds");
      p.lo = signedInt("the lower bound of '" + p.name + "'");
      expect(Tok::Comma, "',' between the parameter bounds");
      p.hi = signedInt("the upper bound of '" + p.name + "'");
      expect(Tok::RBracket, "']' after the parameter bounds");
    }
    return p;
  }

  DataType parseType() {
    const Token &t = peek();
    if (t.kind != Tok::Ident)
      error(t, "expected an element type, found " + describe(t));
    auto dt = parseDataType(t.text);
    if (!dt)
      error(t, "unknown element type '" + t.text + "' (expected one of " +
                   allDataTypeNames() + ")");
    take();
    return *dt;
  }

  Tensor parseTensor() {
    Token kw = take(); // 'tensor'
    Tensor t;
    t.loc = locOf(kw);
    t.name = expectName("a tensor name").text;
    expect(Tok::Colon, "':' after the tensor name");
    t.dtype = parseType();
    t.shape = shape("the tensor shape");
    const Token &mem = peek();
    std::optional<MemoryKind> mk;
    if (mem.kind == Tok::Ident)
      mk = parseMemoryKind(mem.text);
    if (!mk)
      error(mem, "expected a memory kind (DRAM, SBUF or PSUM), found " +
                     describe(mem));
    t.memory = *mk;
    take();
    std::set<std::string> seen;
    while (atWord("input") || atWord("output") || atWord("alloc") ||
           atWord("block") || atWord("bank")) {
      Token a = take();
      if (!seen.insert(a.text).second)
        error(a, "duplicate tensor attribute '" + a.text + "'");
      if (a.text == "input")
        t.isInput = true;
      else if (a.text == "output")
        t.isOutput = true;
      else if (a.text == "alloc") {
        if (peek().kind == Tok::Ident)
          t.allocation = expectName("an allocation name").text;
        t.allocatedShape = shape("the allocated shape");
      } else if (a.text == "block")
        t.blockShape = shape("the block shape");
      else
        t.bankShape = shape("the bank shape");
    }
    return t;
  }

  RuntimeValueDecl parseRuntime() {
    Token kw = take(); // 'runtime'
    Token name = expectName("a runtime value name");
    declareValue(name, ExprKind::RuntimeValue);
    RuntimeValueDecl r;
    r.name = name.text;
    r.loc = locOf(kw);
    expect(Tok::Colon, "':' after the runtime value name");
    r.dtype = parseType();
    return r;
  }

  // Statements
  // --------------------------------------------------------------------
  std::vector<Stmt> parseBody(const std::string &what) {
    std::vector<Stmt> body;
    while (peek().kind != Tok::RBrace) {
      if (peek().kind == Tok::End)
        error(peek(), "expected '}' to close " + what + ", found end of input");
      if (atWord("tensor") || atWord("runtime"))
        error(peek(), "declarations ('" + peek().text +
                          "') must come before the first statement of the "
                          "kernel");
      body.push_back(parseStmt());
    }
    take(); // '}'
    return body;
  }

  Stmt parseStmt() {
    if (atWord("for"))
      return parseLoop();
    if (atWord("scope"))
      return parseScope();
    if (peek().kind == Tok::Ident && peek(1).kind == Tok::Colon)
      return parseInstruction();
    error(peek(), "expected a statement ('for', 'scope' or an instruction "
                  "'sN: ...') or '}', found " +
                      describe(peek()));
  }

  Stmt parseLoop() {
    Token kw = take(); // 'for'
    DepthGuard guard(*this, kw);
    Loop l;
    l.loc = locOf(kw);
    Token iv = expectName("a loop variable");
    l.iv = iv.text;
    expect(Tok::Assign, "'=' after the loop variable");
    std::vector<AffineExpr> lbs = parseBounds("max", "the lower bound");
    expectWord("to", "'to' after the lower bound");
    std::vector<AffineExpr> ubs = parseBounds("min", "the upper bound");
    l.lb = lbs.front();
    l.moreLbs.assign(lbs.begin() + 1, lbs.end());
    l.ub = ubs.front();
    l.moreUbs.assign(ubs.begin() + 1, ubs.end());
    if (atWord("step")) {
      take();
      l.stride = signedInt("an integer step");
    }
    for (const std::string &outer : ivs_)
      if (outer == iv.text)
        error(iv, "loop variable '" + iv.text +
                      "' shadows an enclosing loop variable");
    if (values_.count(iv.text))
      error(iv, "loop variable '" + iv.text + "' shadows a " +
                    (values_[iv.text] == ExprKind::Param ? "parameter"
                                                         : "runtime value") +
                    " of the same name");
    expect(Tok::LBrace, "'{' to start the loop body");
    ivs_.push_back(iv.text);
    l.body = parseBody("the body of loop '" + iv.text + "'");
    ivs_.pop_back();
    return Stmt(std::move(l));
  }

  // A loop bound: an expression, or `FN(e1, e2, ...)` (FN is max for the
  // lower bound, min for the upper one) for several. The words max and min
  // stay ordinary names elsewhere (a parameter may be called max).
  std::vector<AffineExpr> parseBounds(const char *fn, const std::string &what) {
    if (!(peek().kind == Tok::Ident && peek().text == fn &&
          peek(1).kind == Tok::LParen))
      return {parseExpr(what)};
    Token name = take();
    DepthGuard guard(*this, name);
    take(); // '('
    std::vector<AffineExpr> out{parseExpr(what)};
    while (peek().kind == Tok::Comma) {
      take();
      out.push_back(parseExpr(what));
    }
    expect(Tok::RParen, "',' or ')' to close '" + name.text + "('");
    return out;
  }

  Stmt parseScope() {
    Token kw = take(); // 'scope'
    DepthGuard guard(*this, kw);
    Scope s;
    s.loc = locOf(kw);
    s.name = expectName("a scope name").text;
    expect(Tok::LBrace, "'{' to start the scope body");
    s.body = parseBody("scope '" + s.name + "'");
    return Stmt(std::move(s));
  }

  int64_t statementId(const Token &t) {
    const std::string &s = t.text;
    bool ok = s.size() >= 2 && s[0] == 's' && !(s[1] == '0' && s.size() > 2);
    for (size_t k = 1; ok && k < s.size(); ++k)
      ok = s[k] >= '0' && s[k] <= '9';
    if (!ok)
      error(t, "expected an instruction id 's' followed by a number (e.g. "
               "s0, s12), found '" +
                   s + "'");
    Token digits = t;
    digits.text = s.substr(1);
    return intValue(digits, false);
  }

  Stmt parseInstruction() {
    Token idTok = take();
    Instruction inst;
    inst.loc = locOf(idTok);
    inst.id = statementId(idTok);
    take(); // ':'
    if (peek().kind == Tok::Ident && peek(1).kind == Tok::LBracket) {
      inst.dst = parseAccess();
      expect(Tok::Assign, "'=' after the destination access");
    }
    const Token &op = peek();
    if (op.kind != Tok::Ident || peek(1).kind != Tok::LParen)
      error(op, "expected " +
                    std::string(inst.dst ? "an opcode 'name(...)'"
                                         : "a destination 'T[...] =' or an "
                                           "opcode 'name(...)'") +
                    ", found " + describe(op));
    inst.opcode = take().text;
    take(); // '('
    if (peek().kind != Tok::RParen) {
      inst.operands.push_back(parseOperand());
      while (peek().kind == Tok::Comma) {
        take();
        inst.operands.push_back(parseOperand());
      }
    }
    expect(Tok::RParen, "',' or ')' after the operands");
    if (atWord("if")) {
      Token ifTok = take();
      Value v = parseOr();
      if (!v.isMask)
        error(v.tok, "expected a condition after 'if' (a comparison such as "
                     "'i < 7'), found an affine expression");
      std::vector<AffinePredicate> preds = lowerCondition(v.cond, *ctx_, diag_);
      for (const AffinePredicate &p : preds) {
        try {
          inst.addPredicate(p);
        } catch (const IRError &e) {
          error(ifTok, e.what());
        }
      }
    }
    return Stmt(std::move(inst));
  }

  AccessPattern parseAccess() {
    Token name = expectName("a tensor name");
    AccessPattern ap;
    ap.tensor = name.text;
    ap.loc = locOf(name);
    expect(Tok::LBracket, "'[' after the tensor name");
    ap.indices.push_back(parseExpr("an index expression"));
    while (peek().kind == Tok::Comma) {
      take();
      ap.indices.push_back(parseExpr("an index expression"));
    }
    expect(Tok::RBracket, "',' or ']' after the index expressions");
    return ap;
  }

  Operand parseOperand() {
    const Token &t = peek();
    if (t.kind == Tok::Ident && peek(1).kind == Tok::LBracket)
      return parseAccess();
    bool neg = false;
    if (t.kind == Tok::Minus) {
      take();
      neg = true;
    }
    const Token &n = peek();
    if (n.kind == Tok::Int)
      return intValue(take(), neg);
    if (n.kind == Tok::Float) {
      Token f = take();
      double v = 0;
      auto res =
          std::from_chars(f.text.data(), f.text.data() + f.text.size(), v);
      if (res.ec != std::errc() || std::isinf(v))
        error(f, "floating-point literal " + f.text + " is out of range");
      return neg ? -v : v;
    }
    if (isWord(n, "inf")) {
      take();
      return neg ? -HUGE_VAL : HUGE_VAL;
    }
    if (isWord(n, "nan")) {
      take();
      return std::nan("");
    }
    error(n, "expected an operand (an access 'T[...]' or a number), found " +
                 describe(n));
  }

  // Expressions and conditions
  // ---------------------------------------------------
  AffineExpr parseExpr(const std::string &what) {
    Value v = parseOr();
    if (v.isMask)
      error(v.tok,
            "expected " + what + " (an affine expression), found a condition");
    return v.expr;
  }

  Value exprValue(AffineExpr e, const Token &t) {
    Value v;
    v.expr = e;
    v.tok = t;
    return v;
  }
  Value maskValue(Cond c, const Token &t) {
    Value v;
    v.isMask = true;
    c.tok = t;
    v.cond = std::move(c);
    v.tok = t;
    return v;
  }

  void requireExpr(const Value &v, const Token &op) {
    if (v.isMask)
      error(v.tok, "operator " + describe(op) +
                       " needs affine expressions, found a condition");
  }
  void requireMask(const Value &v, const Token &op) {
    if (!v.isMask)
      error(v.tok, "operator " + describe(op) +
                       " needs conditions, found an affine expression");
  }

  Value parseOr() {
    Value v = parseAnd();
    if (peek().kind != Tok::Pipe)
      return v;
    Cond c;
    c.kind = Cond::Or;
    Token first = v.tok;
    while (peek().kind == Tok::Pipe) {
      Token op = take();
      requireMask(v, op);
      c.kids.push_back(std::move(v.cond));
      v = parseAnd();
      requireMask(v, op);
    }
    c.kids.push_back(std::move(v.cond));
    return maskValue(std::move(c), first);
  }

  Value parseAnd() {
    Value v = parseEquality();
    if (peek().kind != Tok::Amp)
      return v;
    Cond c;
    c.kind = Cond::And;
    Token first = v.tok;
    while (peek().kind == Tok::Amp) {
      Token op = take();
      requireMask(v, op);
      c.kids.push_back(std::move(v.cond));
      v = parseEquality();
      requireMask(v, op);
    }
    c.kids.push_back(std::move(v.cond));
    return maskValue(std::move(c), first);
  }

  // A comparison leaf. `E >= 0` and `E == 0` with a literal 0 are the native
  // forms and are kept as written; everything else goes through the verbs.
  Cond comparison(const Token &op, const Value &lhs, const Value &rhs) {
    Cond c;
    c.kind = Cond::Leaf;
    c.tok = lhs.tok;
    AffineExpr a = lhs.expr, b = rhs.expr;
    bool rhsZero = b.isConstant() && b.constantValue() == 0;
    c.pred = guardIR(op, [&]() -> AffinePredicate {
      switch (op.kind) {
      case Tok::Ge:
        return rhsZero ? AffinePredicate(a, true) : predGe(a, b);
      case Tok::Gt:
        return predGt(a, b);
      case Tok::Le:
        return predLe(a, b);
      case Tok::Lt:
        return predLt(a, b);
      default:
        return rhsZero ? AffinePredicate(a, false) : predEq(a, b);
      }
    });
    return c;
  }

  Value parseEquality() {
    Value v = parseRelational();
    while (peek().kind == Tok::EqEq || peek().kind == Tok::NotEq) {
      Token op = take();
      Value rhs = parseRelational();
      if (v.isMask && rhs.isMask) {
        // The runtime path of the mask algebra rejects == and != on masks.
        guardIR(op, [&] {
          return applyMaskOperator(
              op.kind == Tok::EqEq ? MaskOperator::Equal
                                   : MaskOperator::NotEqual,
              toMask(v.cond, diag_), toMask(rhs.cond, diag_));
        });
      }
      if (v.isMask || rhs.isMask)
        error(op, "cannot compare a condition with an affine expression");
      Token opEq = op;
      opEq.kind = Tok::EqEq;
      Cond leaf = comparison(opEq, v, rhs);
      if (op.kind == Tok::NotEq) {
        Cond n;
        n.kind = Cond::Not;
        n.kids.push_back(std::move(leaf));
        v = maskValue(std::move(n), v.tok);
      } else {
        Token at = v.tok;
        v = maskValue(std::move(leaf), at);
      }
    }
    return v;
  }

  static bool isRelational(Tok k) {
    return k == Tok::Lt || k == Tok::Le || k == Tok::Gt || k == Tok::Ge;
  }

  Value parseRelational() {
    Value v = parseAdditive();
    if (!isRelational(peek().kind))
      return v;
    Token op = take();
    requireExpr(v, op);
    Value rhs = parseAdditive();
    requireExpr(rhs, op);
    Token at = v.tok;
    Value out = maskValue(comparison(op, v, rhs), at);
    if (isRelational(peek().kind))
      error(peek(), "comparisons cannot be chained; combine them with '&'");
    return out;
  }

  Value parseAdditive() {
    Value v = parseTerm();
    if (peek().kind != Tok::Plus && peek().kind != Tok::Minus)
      return v;
    Token first = v.tok;
    std::vector<AffineExpr> terms;
    Token op0 = peek();
    requireExpr(v, op0);
    terms.push_back(v.expr);
    while (peek().kind == Tok::Plus || peek().kind == Tok::Minus) {
      Token op = take();
      Value rhs = parseTerm();
      requireExpr(rhs, op);
      if (op.kind == Tok::Minus)
        terms.push_back(guardIR(op, [&] { return ctx_->neg(rhs.expr); }));
      else
        terms.push_back(rhs.expr);
    }
    return exprValue(guardIR(first, [&] { return ctx_->sum(terms); }), first);
  }

  Value parseTerm() {
    Value v = parseUnary();
    while (peek().kind == Tok::Star) {
      Token op = take();
      requireExpr(v, op);
      Value rhs = parseUnary();
      requireExpr(rhs, op);
      Token at = v.tok;
      v = exprValue(guardIR(op, [&] { return ctx_->mul(v.expr, rhs.expr); }),
                    at);
    }
    return v;
  }

  Value parseUnary() {
    const Token &t = peek();
    if (t.kind == Tok::Minus) {
      Token op = take();
      DepthGuard guard(*this, op);
      if (peek().kind == Tok::Int) { // a negative literal (reaches INT64_MIN)
        Token lit = take();
        return exprValue(ctx_->constant(intValue(lit, true)), op);
      }
      Value v = parseUnary();
      requireExpr(v, op);
      return exprValue(guardIR(op, [&] { return ctx_->neg(v.expr); }), op);
    }
    if (t.kind == Tok::Tilde) {
      Token op = take();
      DepthGuard guard(*this, op);
      Value v = parseUnary();
      requireMask(v, op);
      Cond c;
      c.kind = Cond::Not;
      c.kids.push_back(std::move(v.cond));
      return maskValue(std::move(c), op);
    }
    return parsePrimary();
  }

  Value parseDivLike(const Token &fn) {
    DepthGuard guard(*this, fn);
    expect(Tok::LParen, "'(' after '" + fn.text + "'");
    AffineExpr num = parseExpr("the numerator of '" + fn.text + "'");
    expect(Tok::Comma, "',' after the numerator of '" + fn.text + "'");
    Token dTok = peek();
    if (dTok.kind != Tok::Int)
      error(dTok,
            "expected a positive integer denominator, found " + describe(dTok));
    int64_t d = intValue(take(), false);
    if (d <= 0)
      error(dTok, "the denominator of '" + fn.text + "' must be positive");
    uint64_t rgid = 0;
    bool cc = fn.text == "ccdiv" || fn.text == "ccmod";
    if (cc) {
      expect(Tok::Comma,
             "',' before the replica-group id of '" + fn.text + "'");
      Token g = expect(Tok::Int, "a replica-group id");
      rgid = static_cast<uint64_t>(intValue(g, false));
    }
    expect(Tok::RParen, "')' to close '" + fn.text + "'");
    AffineExpr e = guardIR(fn, [&] {
      if (fn.text == "floordiv")
        return ctx_->floorDiv(num, d);
      if (fn.text == "mod")
        return ctx_->mod(num, d);
      if (fn.text == "ccdiv")
        return ctx_->ccDiv(num, d, rgid);
      return ctx_->ccMod(num, d, rgid);
    });
    return exprValue(e, fn);
  }

  Value parsePrimary() {
    const Token &t = peek();
    if (t.kind == Tok::Int) {
      Token lit = take();
      return exprValue(ctx_->constant(intValue(lit, false)), lit);
    }
    if (t.kind == Tok::LParen) {
      Token open = take();
      DepthGuard guard(*this, open);
      Value v = parseOr();
      expect(Tok::RParen, "')'");
      v.tok = open;
      if (v.isMask)
        v.cond.tok = open;
      return v;
    }
    if (t.kind == Tok::Ident) {
      Token name = take();
      if (name.text == "true" || name.text == "false") {
        Cond c;
        c.kind = name.text == "true" ? Cond::True : Cond::False;
        return maskValue(std::move(c), name);
      }
      if (name.text == "approx") {
        DepthGuard guard(*this, name);
        expect(Tok::LParen, "'(' after 'approx'");
        Value inner = parseOr();
        expect(Tok::RParen, "')' to close 'approx('");
        if (!inner.isMask || inner.cond.kind != Cond::Leaf)
          error(inner.tok, "approx(...) takes a single comparison");
        Cond c;
        c.kind = Cond::Approx;
        c.kids.push_back(std::move(inner.cond));
        return maskValue(std::move(c), name);
      }
      if (name.text == "floordiv" || name.text == "mod" ||
          name.text == "ccdiv" || name.text == "ccmod")
        return parseDivLike(name);
      if (peek().kind == Tok::LBracket)
        error(peek(), "tensor accesses cannot appear inside expressions "
                      "(only as instruction operands)");
      return exprValue(resolve(name), name);
    }
    error(t, "expected an expression, found " + describe(t));
  }

  AffineExpr resolve(const Token &name) {
    for (auto it = ivs_.rbegin(); it != ivs_.rend(); ++it)
      if (*it == name.text)
        return ctx_->index(name.text);
    auto v = values_.find(name.text);
    if (v != values_.end())
      return v->second == ExprKind::Param ? ctx_->param(name.text)
                                          : ctx_->runtimeValue(name.text);
    if (isKeyword(name.text))
      error(name, "unexpected keyword '" + name.text + "' in an expression");
    error(name, "unknown name '" + name.text +
                    "' (not a loop variable, parameter or runtime value in "
                    "scope)");
  }

  std::string file_;
  Diagnoser diag_;
  Lexer lex_;
  std::deque<Token> buf_;
  ExprContext *ctx_ = nullptr;
  std::map<std::string, ExprKind> values_; // params and runtime values
  std::vector<std::string> ivs_;           // enclosing loop variables
  Token kernelNameTok_;
  int depth_ = 0;
};

} // namespace

Module parseModule(std::string_view text, std::string file) {
  Parser p(text, std::move(file));
  return p.parseModule();
}

} // namespace penguin
