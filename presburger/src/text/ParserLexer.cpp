//===- ParserLexer.cpp - Tokens of isl notation ---------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The token set is isl's: identifiers (letters, digits, `_`, then any number
// of primes), non-negative integer literals of any size, the operators of
// sets and relations, and the keywords below, which isl matches without
// regard to case (`Exists`, `AND`). `#` starts a comment that runs to the end
// of the line; a backslash before a newline joins the two lines.
//
//===----------------------------------------------------------------------===//
#include "text/ParserImpl.h"

#include <algorithm>
#include <cctype>

namespace presburger::parser {

namespace {

struct Keyword {
  const char *spelling;
  Tok kind;
};

constexpr Keyword kKeywords[] = {
    {"exists", Tok::KwExists},
    {"and", Tok::And},
    {"or", Tok::Or},
    {"implies", Tok::KwImplies},
    {"not", Tok::Not},
    {"infty", Tok::KwInfty},
    {"infinity", Tok::KwInfty},
    {"nan", Tok::KwNaN},
    {"min", Tok::KwMin},
    {"max", Tok::KwMax},
    {"rat", Tok::KwRat},
    {"true", Tok::KwTrue},
    {"false", Tok::KwFalse},
    {"ceild", Tok::KwCeild},
    {"floord", Tok::KwFloord},
    {"mod", Tok::KwMod},
    {"ceil", Tok::KwCeil},
    {"floor", Tok::KwFloor},
};

bool equalsIgnoreCase(std::string_view a, const char *b) {
  size_t n = 0;
  for (; b[n]; ++n)
    if (n >= a.size() || std::tolower(static_cast<unsigned char>(a[n])) != b[n])
      return false;
  return n == a.size();
}

const Keyword *findKeyword(std::string_view word) {
  for (const Keyword &k : kKeywords)
    if (equalsIgnoreCase(word, k.spelling))
      return &k;
  return nullptr;
}

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    for (;;) {
      Token t = next();
      bool end = t.kind == Tok::End;
      out.push_back(std::move(t));
      if (end)
        return out;
    }
  }

private:
  /// The character at the cursor after skipping backslash-newline pairs.
  int peek() {
    while (pos_ + 1 < text_.size() && text_[pos_] == '\\' &&
           text_[pos_ + 1] == '\n') {
      pos_ += 2;
      ++line_;
      col_ = 1;
    }
    return pos_ < text_.size() ? static_cast<unsigned char>(text_[pos_]) : -1;
  }
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }
  bool eat(char c) {
    if (peek() == static_cast<unsigned char>(c)) {
      advance();
      return true;
    }
    return false;
  }

  void skipSpaceAndComments() {
    for (;;) {
      int c = peek();
      if (c == '#') {
        // A NUL byte ends a C string (and isl's reading); it is an error
        // here, also inside a comment.
        while (peek() != -1 && peek() != '\n' && peek() != 0)
          advance();
        continue;
      }
      if (c != -1 && std::isspace(c)) {
        advance();
        continue;
      }
      return;
    }
  }

  Token make(Tok kind, SourcePos pos, std::string text) {
    Token t;
    t.kind = kind;
    t.pos = pos;
    t.text = std::move(text);
    return t;
  }

  Token next() {
    skipSpaceAndComments();
    SourcePos pos{line_, col_};
    int c = peek();
    if (c == -1)
      return make(Tok::End, pos, "");
    char ch = static_cast<char>(c);
    if (std::isdigit(c)) {
      std::string digits;
      while (peek() != -1 && std::isdigit(peek())) {
        digits += text_[pos_];
        advance();
      }
      return make(Tok::Value, pos, std::move(digits));
    }
    if (isIdentStart(ch)) {
      std::string word;
      while (peek() != -1 && isIdentChar(static_cast<char>(peek()))) {
        word += text_[pos_];
        advance();
      }
      while (peek() == '\'') {
        word += '\'';
        advance();
      }
      Token t = make(Tok::Ident, pos, word);
      if (const Keyword *k = findKeyword(word)) {
        t.kind = k->kind;
        t.isKeyword = true;
      }
      return t;
    }
    advance();
    switch (ch) {
    case '(':
      return make(Tok::LParen, pos, "(");
    case ')':
      return make(Tok::RParen, pos, ")");
    case '[':
      return make(Tok::LBracket, pos, "[");
    case ']':
      return make(Tok::RBracket, pos, "]");
    case '{':
      return make(Tok::LBrace, pos, "{");
    case '}':
      return make(Tok::RBrace, pos, "}");
    case ',':
      return make(Tok::Comma, pos, ",");
    case ';':
      return make(Tok::Semicolon, pos, ";");
    case '?':
      return make(Tok::Question, pos, "?");
    case '^':
      return make(Tok::Caret, pos, "^");
    case '+':
      return make(Tok::Plus, pos, "+");
    case '*':
      return make(Tok::Star, pos, "*");
    case '%':
      return make(Tok::Percent, pos, "%");
    case '-': {
      if (eat('>'))
        return make(Tok::Arrow, pos, "->");
      // A sign is never part of a number (as in isl since 0.26).
      return make(Tok::Minus, pos, "-");
    }
    case '=':
      if (eat('='))
        return make(Tok::EqEq, pos, "==");
      return make(Tok::Assign, pos, "=");
    case ':':
      if (eat('='))
        return make(Tok::Other, pos, ":=");
      return make(Tok::Colon, pos, ":");
    case '<':
      if (eat('='))
        return make(Tok::Le, pos, "<=");
      if (eat('<')) {
        if (eat('='))
          return make(Tok::LexLe, pos, "<<=");
        return make(Tok::LexLt, pos, "<<");
      }
      return make(Tok::Lt, pos, "<");
    case '>':
      if (eat('='))
        return make(Tok::Ge, pos, ">=");
      if (eat('>')) {
        if (eat('='))
          return make(Tok::LexGe, pos, ">>=");
        return make(Tok::LexGt, pos, ">>");
      }
      return make(Tok::Gt, pos, ">");
    case '&':
      return make(Tok::And, pos, eat('&') ? "&&" : "&");
    case '|':
      return make(Tok::Or, pos, eat('|') ? "||" : "|");
    case '!':
      if (eat('='))
        return make(Tok::Ne, pos, "!=");
      return make(Tok::Not, pos, "!");
    case '/':
      if (eat('\\'))
        return make(Tok::And, pos, "/\\");
      if (eat('/'))
        return make(Tok::IntDiv, pos, "//");
      return make(Tok::Slash, pos, "/");
    case '\\':
      if (eat('/'))
        return make(Tok::Or, pos, "\\/");
      return make(Tok::Unknown, pos, "\\");
    case '"': {
      std::string s;
      while (peek() != -1 && peek() != '"' && peek() != '\n') {
        s += text_[pos_];
        advance();
      }
      if (!eat('"'))
        return make(Tok::Unknown, pos, "\"" + s);
      return make(Tok::Other, pos, "\"" + s + "\"");
    }
    default:
      return make(Tok::Unknown, pos, std::string(1, ch));
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
  unsigned line_ = 1, col_ = 1;
};

} // namespace

std::vector<Token> tokenize(std::string_view text) { return Lexer(text).run(); }

std::string describe(const Token &t) {
  switch (t.kind) {
  case Tok::End:
    return "end of input";
  case Tok::Ident:
    return "identifier '" + t.text + "'";
  case Tok::Value: {
    std::string v = t.text.size() > 24 ? t.text.substr(0, 20) + "..." : t.text;
    return "number " + v;
  }
  case Tok::Unknown: {
    std::string shown;
    for (char c : t.text.substr(0, 16)) {
      unsigned char u = static_cast<unsigned char>(c);
      if (std::isprint(u)) {
        shown += c;
      } else {
        static const char *hex = "0123456789abcdef";
        shown += "\\x";
        shown += hex[u >> 4];
        shown += hex[u & 15];
      }
    }
    if (!t.text.empty() && t.text[0] == '"')
      return "unterminated string " + shown;
    return "unexpected character '" + shown + "'";
  }
  default:
    if (t.isKeyword)
      return "keyword '" + t.text + "'";
    return "'" + t.text + "'";
  }
}

bool isPlainIdentifier(std::string_view name) {
  if (name.empty() || !isIdentStart(name[0]))
    return false;
  size_t i = 1;
  while (i < name.size() && isIdentChar(name[i]))
    ++i;
  while (i < name.size() && name[i] == '\'')
    ++i;
  if (i != name.size())
    return false;
  return findKeyword(name) == nullptr;
}

} // namespace presburger::parser
