//===- Lexer.cpp - Tokens of the calculator language ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Lexer.h"

#include <cctype>

namespace presburger::calc {

namespace {

bool isIdentStart(int c) { return std::isalpha(c) || c == '_'; }
bool isIdentChar(int c) { return std::isalnum(c) || c == '_'; }

/// A character as shown in a message: itself when printable, else \xNN.
std::string showChar(int c) {
  if (c >= 0 && std::isprint(c))
    return std::string(1, static_cast<char>(c));
  static const char *hex = "0123456789abcdef";
  std::string s = "\\x";
  s += hex[(c >> 4) & 15];
  s += hex[c & 15];
  return s;
}

} // namespace

std::string describeToken(const Token &t) {
  switch (t.kind) {
  case TokKind::Ident:
    return "'" + t.text + "'";
  case TokKind::Number:
    return "number " +
           (t.text.size() > 20 ? t.text.substr(0, 20) + "..." : t.text);
  case TokKind::Literal:
    return "a set literal";
  case TokKind::End:
    return "end of input";
  default:
    return "'" + t.text + "'";
  }
}

Lexer::Lexer(std::string_view text, unsigned firstLine) : text_(text) {
  here_.line = firstLine;
  here_.column = 1;
  lastEnd_ = here_;
}

int Lexer::cur() const { return at(0); }

int Lexer::at(size_t offset) const {
  size_t p = pos_ + offset;
  return p < text_.size() ? static_cast<unsigned char>(text_[p]) : -1;
}

void Lexer::advance() {
  if (text_[pos_] == '\n') {
    ++here_.line;
    here_.column = 1;
  } else {
    ++here_.column;
  }
  ++pos_;
}

void Lexer::skipSpaceAndComments() {
  for (;;) {
    int c = cur();
    if (c == '#') {
      while (cur() != -1 && cur() != '\n')
        advance();
    } else if (c != -1 && std::isspace(c)) {
      advance();
    } else {
      return;
    }
  }
}

const Token &Lexer::peek(unsigned k) {
  while (ahead_.size() <= k)
    ahead_.push_back(lexToken());
  return ahead_[k];
}

Token Lexer::next() {
  peek();
  Token t = std::move(ahead_.front());
  ahead_.pop_front();
  lastEnd_ = t.end;
  return t;
}

void Lexer::scanBraces(SourcePos start) {
  // At the opening brace. Skip what isl's reader skips: comments (which
  // may hold braces) and double-quoted strings (which end at a newline).
  unsigned depth = 0;
  for (;;) {
    int c = cur();
    if (c == -1)
      throw CalcError(start, "unterminated set literal: no '}' matches the '{'",
                      /*atEndOfInput=*/true);
    if (c == '#') {
      while (cur() != -1 && cur() != '\n')
        advance();
      continue;
    }
    if (c == '"') {
      advance();
      while (cur() != -1 && cur() != '"' && cur() != '\n')
        advance();
      if (cur() == '"')
        advance();
      continue;
    }
    advance();
    if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth == 0)
        return;
    }
  }
}

void Lexer::scanParamList(SourcePos start) {
  // At `[`: the parameter list, then `->`, then the braces.
  unsigned depth = 0;
  for (;;) {
    int c = cur();
    if (c == -1)
      throw CalcError(start,
                      "unterminated parameter list: no ']' matches "
                      "the '['",
                      true);
    if (c == '#') {
      while (cur() != -1 && cur() != '\n')
        advance();
      continue;
    }
    if (c == '{' || c == '}' || c == ';')
      throw CalcError(here_, "unexpected '" + showChar(c) +
                                 "' in a parameter list (a literal with "
                                 "parameters is written [n, m] -> { ... })");
    advance();
    if (c == '[') {
      ++depth;
    } else if (c == ']') {
      if (--depth == 0)
        break;
    }
  }
  skipSpaceAndComments();
  if (cur() == -1)
    throw CalcError(start,
                    "expected '->' and a set literal after the "
                    "parameter list",
                    true);
  if (!(cur() == '-' && at(1) == '>'))
    throw CalcError(here_, "expected '->' after the parameter list (a "
                           "literal with parameters is written "
                           "[n, m] -> { ... })");
  advance();
  advance();
  skipSpaceAndComments();
  if (cur() == -1)
    throw CalcError(start, "expected a set literal after '[...] ->'", true);
  if (cur() != '{')
    throw CalcError(here_, "expected '{' after '[...] ->' (a literal with "
                           "parameters is written [n, m] -> { ... })");
  scanBraces(start);
}

Token Lexer::lexToken() {
  skipSpaceAndComments();
  Token t;
  t.pos = here_;
  size_t begin = pos_;
  int c = cur();
  auto finish = [&](TokKind kind) {
    t.kind = kind;
    t.text = std::string(text_.substr(begin, pos_ - begin));
    t.end = here_;
    return t;
  };
  auto one = [&](TokKind kind) {
    advance();
    return finish(kind);
  };
  if (c == -1)
    return finish(TokKind::End);
  if (isIdentStart(c)) {
    while (cur() != -1 && isIdentChar(cur()))
      advance();
    return finish(TokKind::Ident);
  }
  if (std::isdigit(c)) {
    while (cur() != -1 && std::isdigit(cur()))
      advance();
    return finish(TokKind::Number);
  }
  switch (c) {
  case '{':
    scanBraces(t.pos);
    return finish(TokKind::Literal);
  case '[':
    scanParamList(t.pos);
    return finish(TokKind::Literal);
  case '}':
    throw CalcError(t.pos, "unexpected '}' without a matching '{'");
  case ']':
    throw CalcError(t.pos, "unexpected ']' without a matching '['");
  case ';':
    return one(TokKind::Semi);
  case '(':
    return one(TokKind::LParen);
  case ')':
    return one(TokKind::RParen);
  case '=':
    return one(TokKind::Eq);
  case '+':
    return one(TokKind::Plus);
  case '*':
    return one(TokKind::Star);
  case '%':
    return one(TokKind::Percent);
  case '.':
    return one(TokKind::Dot);
  case '^':
    return one(TokKind::Caret);
  case ':':
    if (at(1) == '=') {
      advance();
      return one(TokKind::Assign);
    }
    throw CalcError(t.pos, "unexpected ':' (assignment is written ':=')");
  case '-':
    if (at(1) == '>') {
      advance();
      return one(TokKind::Arrow);
    }
    return one(TokKind::Minus);
  case '<':
    advance();
    if (cur() == '=')
      return one(TokKind::Le);
    if (cur() == '<') {
      advance();
      if (cur() == '=')
        return one(TokKind::LexLe);
      return finish(TokKind::LexLt);
    }
    return finish(TokKind::Lt);
  case '>':
    advance();
    if (cur() == '=')
      return one(TokKind::Ge);
    if (cur() == '>') {
      advance();
      if (cur() == '=')
        return one(TokKind::LexGe);
      return finish(TokKind::LexGt);
    }
    return finish(TokKind::Gt);
  default:
    throw CalcError(t.pos, "unexpected character '" + showChar(c) + "'");
  }
}

} // namespace presburger::calc
