//===- AstPrinter.cpp - Generated code as C -------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/AstPrinter.h"

#include <algorithm>

namespace presburger {

namespace {

using K = AstExpr::Kind;

/// C precedence, higher binds tighter.
int precedence(K k) {
  switch (k) {
  case K::Or:
    return 1;
  case K::And:
    return 2;
  case K::Eq:
    return 3;
  case K::Lt:
  case K::Le:
  case K::Ge:
  case K::Gt:
    return 4;
  case K::Add:
  case K::Sub:
    return 5;
  case K::Mul:
  case K::Div:
  case K::Mod:
    return 6;
  case K::Neg:
    return 7;
  default:
    return 8; // atoms and calls
  }
}

const char *infix(K k) {
  switch (k) {
  case K::Add:
    return " + ";
  case K::Sub:
    return " - ";
  case K::Mul:
    return " * ";
  case K::Div:
    return " / ";
  case K::Mod:
    return " % ";
  case K::Lt:
    return " < ";
  case K::Le:
    return " <= ";
  case K::Eq:
    return " == ";
  case K::Ge:
    return " >= ";
  case K::Gt:
    return " > ";
  case K::And:
    return " && ";
  case K::Or:
    return " || ";
  default:
    return " ? ";
  }
}

void print(const AstExpr &e, std::string &out);

/// `e` as an operand of an operator of precedence `prec`; `right` for the
/// right operand of a left-associative one (a - (b - c)).
void operand(const AstExpr &e, int prec, bool right, std::string &out) {
  int p = precedence(e.kind);
  // A negative literal is an operand of a unary minus.
  if (e.kind == K::Int && e.value.isNegative())
    p = precedence(K::Neg);
  bool paren = p < prec || (right && p == prec && prec < 8);
  if (paren)
    out += '(';
  print(e, out);
  if (paren)
    out += ')';
}

void print(const AstExpr &e, std::string &out) {
  switch (e.kind) {
  case K::Int:
    out += e.value.toString();
    return;
  case K::Id:
    out += e.name;
    return;
  case K::Neg:
    out += '-';
    operand(e.args[0], precedence(K::Neg), true, out);
    return;
  case K::FloorDiv:
    out += "floord(";
    print(e.args[0], out);
    out += ", ";
    print(e.args[1], out);
    out += ')';
    return;
  case K::Min:
  case K::Max: {
    // C has binary min and max: min(min(a, b), c).
    const char *name = e.kind == K::Min ? "min(" : "max(";
    std::string acc;
    print(e.args[0], acc);
    for (size_t i = 1; i < e.args.size(); ++i) {
      std::string next;
      print(e.args[i], next);
      acc = name + acc + ", " + next + ")";
    }
    out += acc;
    return;
  }
  default:
    break;
  }
  int p = precedence(e.kind);
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (i > 0)
      out += infix(e.kind);
    operand(e.args[i], p, i > 0, out);
  }
}

void line(std::string &out, unsigned indent, const std::string &text) {
  out.append(2 * indent, ' ');
  out += text;
  out += '\n';
}

void print(const AstNode &n, unsigned indent, std::string &out);

/// A body of a for or an if: braces when it is a block of several nodes.
/// `head` is the line that opens it; `close` what follows the closing
/// brace on its line (" else {" and the like), written by the caller.
void body(const std::string &head, const std::vector<AstNode> &nodes,
          unsigned indent, std::string &out, bool &braced) {
  braced = nodes.size() == 1 && nodes[0].kind == AstNode::Kind::Block &&
           nodes[0].body.size() > 1;
  line(out, indent, head + (braced ? " {" : ""));
  for (const AstNode &b : nodes)
    print(b, indent + 1, out);
}

void print(const AstNode &n, unsigned indent, std::string &out) {
  switch (n.kind) {
  case AstNode::Kind::Block:
    for (const AstNode &b : n.body)
      print(b, indent, out);
    return;
  case AstNode::Kind::User: {
    std::string s = n.name + "(";
    for (size_t i = 0; i < n.args.size(); ++i)
      s += (i ? ", " : "") + printC(n.args[i]);
    line(out, indent, s + ");");
    return;
  }
  case AstNode::Kind::For: {
    std::string head = "for (int " + n.iterator + " = " + printC(n.lower) +
                       "; " + n.iterator + " <= " + printC(n.upper) + "; " +
                       n.iterator + " += " + n.step.toString() + ")";
    bool braced;
    body(head, n.body, indent, out, braced);
    if (braced)
      line(out, indent, "}");
    return;
  }
  case AstNode::Kind::If: {
    bool braced;
    body("if (" + printC(n.cond) + ")", n.body, indent, out, braced);
    if (n.elseBody.empty()) {
      if (braced)
        line(out, indent, "}");
      return;
    }
    bool elseBraced = n.elseBody.size() == 1 &&
                      n.elseBody[0].kind == AstNode::Kind::Block &&
                      n.elseBody[0].body.size() > 1;
    line(out, indent,
         std::string(braced ? "} " : "") + "else" + (elseBraced ? " {" : ""));
    for (const AstNode &b : n.elseBody)
      print(b, indent + 1, out);
    if (elseBraced)
      line(out, indent, "}");
    return;
  }
  }
}

void count(const AstNode &n, AstCounts &c) {
  c.loops += n.kind == AstNode::Kind::For;
  c.ifs += n.kind == AstNode::Kind::If;
  c.users += n.kind == AstNode::Kind::User;
  for (const AstNode &b : n.body)
    count(b, c);
  for (const AstNode &b : n.elseBody)
    count(b, c);
}

} // namespace

std::string printC(const AstExpr &expr) {
  std::string out;
  print(expr, out);
  return out;
}

std::string printC(const AstNode &node) {
  std::string out;
  print(node, 0, out);
  return out;
}

AstCounts countAst(const AstNode &node) {
  AstCounts c;
  count(node, c);
  std::string text = printC(node);
  c.lines = unsigned(std::count(text.begin(), text.end(), '\n'));
  return c;
}

} // namespace presburger
