//===- Parser.cpp - Reading the .pn text form -----------------------------===//

#include "penguin/Parser.h"

#include "penguin/Linearize.h"
#include "penguin/Mask.h"

#include <charconv>
#include <cmath>
#include <deque>
#include <map>
#include <optional>
#include <set>

namespace penguin {

namespace {

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

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

const char *spelling(Tok t) {
  switch (t) {
  case Tok::End:
    return "end of input";
  case Tok::Ident:
    return "identifier";
  case Tok::Int:
    return "integer";
  case Tok::Float:
    return "number";
  case Tok::LParen:
    return "'('";
  case Tok::RParen:
    return "')'";
  case Tok::LBracket:
    return "'['";
  case Tok::RBracket:
    return "']'";
  case Tok::LBrace:
    return "'{'";
  case Tok::RBrace:
    return "'}'";
  case Tok::Comma:
    return "','";
  case Tok::Colon:
    return "':'";
  case Tok::Assign:
    return "'='";
  case Tok::Plus:
    return "'+'";
  case Tok::Minus:
    return "'-'";
  case Tok::Star:
    return "'*'";
  case Tok::Amp:
    return "'&'";
  case Tok::Pipe:
    return "'|'";
  case Tok::Tilde:
    return "'~'";
  case Tok::Lt:
    return "'<'";
  case Tok::Le:
    return "'<='";
  case Tok::Gt:
    return "'>'";
  case Tok::Ge:
    return "'>='";
  case Tok::EqEq:
    return "'=='";
  case Tok::NotEq:
    return "'!='";
  }
  return "?";
}

struct Token {
  Tok kind = Tok::End;
  std::string text;
  int line = 1;
  int col = 1;
};

class Lexer {
public:
  Lexer(std::string_view src, const std::string &file)
      : src_(src), file_(file) {}

  Token next() {
    skipSpaceAndComments();
    Token t;
    t.line = line_;
    t.col = col_;
    if (pos_ >= src_.size()) {
      t.kind = Tok::End;
      return t;
    }
    char c = src_[pos_];
    if (isAlpha(c)) {
      size_t start = pos_;
      while (pos_ < src_.size() && (isAlpha(src_[pos_]) || isDigit(src_[pos_])))
        advance();
      t.kind = Tok::Ident;
      t.text = std::string(src_.substr(start, pos_ - start));
      return t;
    }
    if (isDigit(c))
      return number(t);
    auto two = [&](char second) {
      return pos_ + 1 < src_.size() && src_[pos_ + 1] == second;
    };
    auto single = [&](Tok k) {
      t.kind = k;
      t.text = std::string(1, c);
      advance();
      return t;
    };
    auto dbl = [&](Tok k) {
      t.kind = k;
      t.text = std::string(src_.substr(pos_, 2));
      advance();
      advance();
      return t;
    };
    switch (c) {
    case '(':
      return single(Tok::LParen);
    case ')':
      return single(Tok::RParen);
    case '[':
      return single(Tok::LBracket);
    case ']':
      return single(Tok::RBracket);
    case '{':
      return single(Tok::LBrace);
    case '}':
      return single(Tok::RBrace);
    case ',':
      return single(Tok::Comma);
    case ':':
      return single(Tok::Colon);
    case '+':
      return single(Tok::Plus);
    case '-':
      return single(Tok::Minus);
    case '*':
      return single(Tok::Star);
    case '&':
      return single(Tok::Amp);
    case '|':
      return single(Tok::Pipe);
    case '~':
      return single(Tok::Tilde);
    case '<':
      return two('=') ? dbl(Tok::Le) : single(Tok::Lt);
    case '>':
      return two('=') ? dbl(Tok::Ge) : single(Tok::Gt);
    case '=':
      return two('=') ? dbl(Tok::EqEq) : single(Tok::Assign);
    case '!':
      if (two('='))
        return dbl(Tok::NotEq);
      error(t, "unexpected character '!' (did you mean '!='? negate a "
               "condition with '~')");
    default:
      break;
    }
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f)
      error(t, std::string("unexpected character '") + c + "'");
    static const char hex[] = "0123456789ABCDEF";
    error(t, std::string("unexpected character (byte 0x") + hex[u >> 4] +
                 hex[u & 15] + ")");
  }

  [[noreturn]] void error(const Token &at, const std::string &msg) const {
    throw ParseError(SourceLocation{file_, at.line, at.col}, msg);
  }

private:
  static bool isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  void advance() {
    if (src_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }

  void skipSpaceAndComments() {
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        advance();
      } else if (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '/') {
        while (pos_ < src_.size() && src_[pos_] != '\n')
          advance();
      } else {
        break;
      }
    }
  }

  Token number(Token t) {
    size_t start = pos_;
    while (pos_ < src_.size() && isDigit(src_[pos_]))
      advance();
    bool isFloat = false;
    if (pos_ < src_.size() && src_[pos_] == '.') {
      isFloat = true;
      advance();
      if (pos_ >= src_.size() || !isDigit(src_[pos_])) {
        Token at{Tok::End, "", line_, col_};
        error(at, "expected a digit after the decimal point");
      }
      while (pos_ < src_.size() && isDigit(src_[pos_]))
        advance();
    }
    if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
      isFloat = true;
      advance();
      if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-'))
        advance();
      if (pos_ >= src_.size() || !isDigit(src_[pos_])) {
        Token at{Tok::End, "", line_, col_};
        error(at, "expected a digit in the exponent");
      }
      while (pos_ < src_.size() && isDigit(src_[pos_]))
        advance();
    }
    if (pos_ < src_.size() && isAlpha(src_[pos_])) {
      Token at{Tok::End, "", line_, col_};
      error(at, "unexpected letter '" + std::string(1, src_[pos_]) +
                    "' after a number (write '2*i', not '2i')");
    }
    t.kind = isFloat ? Tok::Float : Tok::Int;
    t.text = std::string(src_.substr(start, pos_ - start));
    return t;
  }

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

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

class Parser {
public:
  Parser(std::string_view text, std::string file)
      : file_(std::move(file)), lex_(text, file_) {}

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
    throw ParseError(locOf(at), msg);
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

  // Nesting guard ---------------------------------------------------------------
  struct DepthGuard {
    Parser &p;
    DepthGuard(Parser &parser, const Token &at) : p(parser) {
      if (++p.depth_ > kMaxNesting)
        p.error(at, "nesting is too deep (more than " +
                        std::to_string(kMaxNesting) + " levels)");
    }
    ~DepthGuard() { --p.depth_; }
  };

  // Kernel ----------------------------------------------------------------------
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
      }
      else if (a.text == "block")
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

  // Statements --------------------------------------------------------------------
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
    l.lb = parseExpr("the lower bound");
    expectWord("to", "'to' after the lower bound");
    l.ub = parseExpr("the upper bound");
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
      std::vector<AffinePredicate> preds = lowerCondition(v.cond);
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
      auto res = std::from_chars(f.text.data(), f.text.data() + f.text.size(), v);
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

  // Expressions and conditions ---------------------------------------------------
  AffineExpr parseExpr(const std::string &what) {
    Value v = parseOr();
    if (v.isMask)
      error(v.tok, "expected " + what +
                       " (an affine expression), found a condition");
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

  template <typename F> auto guardIR(const Token &at, F &&f) -> decltype(f()) {
    try {
      return f();
    } catch (const ParseError &) {
      throw;
    } catch (const Error &e) {
      error(at, e.what());
    }
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
          return applyMaskOperator(op.kind == Tok::EqEq ? MaskOperator::Equal
                                                        : MaskOperator::NotEqual,
                                   toMask(v.cond), toMask(rhs.cond));
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
      error(dTok, "expected a positive integer denominator, found " +
                      describe(dTok));
    int64_t d = intValue(take(), false);
    if (d <= 0)
      error(dTok, "the denominator of '" + fn.text + "' must be positive");
    uint64_t rgid = 0;
    bool cc = fn.text == "ccdiv" || fn.text == "ccmod";
    if (cc) {
      expect(Tok::Comma, "',' before the replica-group id of '" + fn.text +
                             "'");
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

  // Lowering conditions --------------------------------------------------------
  Mask toMask(const Cond &c) {
    switch (c.kind) {
    case Cond::Leaf:
      return guardIR(c.tok, [&]() -> Mask { return EQScalarPredicate(*c.pred); });
    case Cond::True:
      return AlwaysTruePredicate();
    case Cond::False:
      return AlwaysFalsePredicate();
    case Cond::Not:
      return guardIR(c.tok, [&] { return ~toMask(c.kids[0]); });
    case Cond::And:
    case Cond::Or: {
      // n-ary at once: the smart constructors apply the same identities as
      // the binary operators (flatten, lattice constants, dedupe).
      std::vector<Mask> kids;
      for (const Cond &k : c.kids)
        kids.push_back(toMask(k));
      return guardIR(c.tok, [&] {
        return c.kind == Cond::And
                   ? ScalarPredicateIntersection::create(std::move(kids))
                   : ScalarPredicateUnion::create(std::move(kids));
      });
    }
    case Cond::Approx:
      error(c.tok, "approx(...) is only allowed as a top-level conjunct of an "
                   "'if' condition");
    }
    error(c.tok, "malformed condition");
  }

  void flattenAnd(const Cond &c, std::vector<const Cond *> &out) {
    if (c.kind == Cond::And) {
      for (const Cond &k : c.kids)
        flattenAnd(k, out);
      return;
    }
    out.push_back(&c);
  }

  // A condition that is a conjunction of comparisons, approx(...), true and
  // false is attached as written. One with compound conjuncts (|, ~, !=) is
  // lowered as a whole through the mask algebra (the plain conjuncts prune
  // the disjoint terms) and must come down to a single AND-term.
  std::vector<AffinePredicate> lowerCondition(const Cond &c) {
    std::vector<const Cond *> conjuncts;
    flattenAnd(c, conjuncts);
    bool compound = false;
    for (const Cond *k : conjuncts)
      compound = compound || k->kind == Cond::Or || k->kind == Cond::Not;
    std::vector<AffinePredicate> out, approx;
    std::vector<Mask> exact;
    for (const Cond *k : conjuncts) {
      switch (k->kind) {
      case Cond::Leaf:
        out.push_back(*k->pred);
        break;
      case Cond::Approx:
        approx.push_back(k->kids[0].pred->withApprox(true));
        continue;
      case Cond::True:
        break;
      case Cond::False:
        out.push_back(falsePredicate(*ctx_));
        break;
      default:
        break;
      }
      if (compound)
        exact.push_back(toMask(*k));
    }
    if (compound) {
      Mask m = guardIR(c.tok, [&] {
        return ScalarPredicateIntersection::create(std::move(exact));
      });
      auto lowered = guardIR(c.tok, [&] { return m.predicates(EqForm::Keep); });
      if (lowered.size() > 1)
        error(c.tok, "the condition '" + m.str() + "' lowers to " +
                         std::to_string(lowered.size()) +
                         " disjoint AND-terms; an instruction is guarded by a "
                         "single conjunction (use one instruction per term)");
      out = lowered.empty() ? std::vector<AffinePredicate>{falsePredicate(*ctx_)}
                            : lowered[0];
    } else {
      // Keep the written order of exact and approximate conjuncts.
      out.clear();
      for (const Cond *k : conjuncts) {
        if (k->kind == Cond::Leaf)
          out.push_back(*k->pred);
        else if (k->kind == Cond::Approx)
          out.push_back(k->kids[0].pred->withApprox(true));
        else if (k->kind == Cond::False)
          out.push_back(falsePredicate(*ctx_));
      }
      return out;
    }
    out.insert(out.end(), approx.begin(), approx.end());
    return out;
  }

  std::string file_;
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
