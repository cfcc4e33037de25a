//===- Lexer.cpp - Tokens of the .pn text form ----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "text/ParserImpl.h"

namespace penguin::text {

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

Token Lexer::next() {
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

void Lexer::advance() {
  if (src_[pos_] == '\n') {
    ++line_;
    col_ = 1;
  } else {
    ++col_;
  }
  ++pos_;
}

void Lexer::skipSpaceAndComments() {
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

Token Lexer::number(Token t) {
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

} // namespace penguin::text
