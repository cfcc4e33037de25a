//===- Ast.cpp - Nodes and expressions of generated code ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Ast.h"

#include "presburger/Errors.h"

#include <algorithm>
#include <optional>

namespace presburger {

AstExpr AstExpr::integer(Int v) {
  AstExpr e;
  e.kind = Kind::Int;
  e.value = std::move(v);
  return e;
}

AstExpr AstExpr::id(std::string n) {
  AstExpr e;
  e.kind = Kind::Id;
  e.name = std::move(n);
  return e;
}

bool operator==(const AstExpr &a, const AstExpr &b) {
  return a.kind == b.kind && a.value == b.value && a.name == b.name &&
         a.args == b.args;
}

namespace {

using K = AstExpr::Kind;

bool allInts(const std::vector<AstExpr> &args) {
  return std::all_of(args.begin(), args.end(),
                     [](const AstExpr &a) { return a.kind == K::Int; });
}

/// The value of a comparison or connective of integer operands.
Int foldInts(K k, const std::vector<AstExpr> &args) {
  const Int &a = args[0].value;
  switch (k) {
  case K::Add:
    return a + args[1].value;
  case K::Sub:
    return a - args[1].value;
  case K::Mul:
    return a * args[1].value;
  case K::Neg:
    return -a;
  case K::FloorDiv:
  case K::Div:
    return floorDiv(a, args[1].value);
  case K::Mod:
    return mod(a, args[1].value);
  case K::Lt:
    return a < args[1].value ? 1 : 0;
  case K::Le:
    return a <= args[1].value ? 1 : 0;
  case K::Eq:
    return a == args[1].value ? 1 : 0;
  case K::Ge:
    return a >= args[1].value ? 1 : 0;
  case K::Gt:
    return a > args[1].value ? 1 : 0;
  default:
    break;
  }
  Int out = a;
  for (const AstExpr &x : args) {
    if (k == K::Min && x.value < out)
      out = x.value;
    if (k == K::Max && x.value > out)
      out = x.value;
    if (k == K::And && x.value.isZero())
      out = 0;
    if (k == K::Or && !x.value.isZero())
      out = 1;
  }
  if ((k == K::And || k == K::Or) && !out.isZero())
    out = 1;
  return out;
}

/// `e` as base + constant (base null for a constant): n - 1 is (n, -1).
std::pair<const AstExpr *, Int> splitConstant(const AstExpr &e) {
  if (e.kind == K::Int)
    return {nullptr, e.value};
  if ((e.kind == K::Add || e.kind == K::Sub) && e.args[1].kind == K::Int)
    return {&e.args[0], e.kind == K::Add ? e.args[1].value : -e.args[1].value};
  return {&e, Int(0)};
}

/// Whether the operand `a` of a min (max) makes `b` superfluous: both are
/// one expression plus constants, and a's constant is the smaller (larger).
bool dominates(K k, const AstExpr &a, const AstExpr &b) {
  auto [ba, ca] = splitConstant(a);
  auto [bb, cb] = splitConstant(b);
  bool same = (!ba && !bb) || (ba && bb && *ba == *bb);
  return same && (k == K::Min ? ca <= cb : ca >= cb);
}

} // namespace

AstExpr AstExpr::op(Kind k, std::vector<AstExpr> args) {
  if (args.empty() || k == K::Int || k == K::Id)
    throw InvalidArgument("AstExpr::op: an operation needs operands");
  bool variadic = k == K::Min || k == K::Max || k == K::And || k == K::Or;
  if (variadic) {
    // Nested operations of the same kind are flattened, repeats dropped;
    // constants of a min or max are folded into one.
    std::vector<AstExpr> flat;
    for (AstExpr &a : args) {
      if (a.kind == k) {
        for (AstExpr &b : a.args)
          flat.push_back(std::move(b));
      } else {
        flat.push_back(std::move(a));
      }
    }
    std::vector<AstExpr> kept;
    std::optional<Int> constant;
    for (AstExpr &a : flat) {
      if (a.kind == K::Int && (k == K::Min || k == K::Max)) {
        if (!constant ||
            (k == K::Min ? a.value < *constant : a.value > *constant))
          constant = a.value;
        continue;
      }
      if (a.kind == K::Int) { // And, Or: a constant decides or vanishes.
        bool truth = !a.value.isZero();
        if (k == K::And ? !truth : truth)
          return integer(truth ? 1 : 0);
        continue;
      }
      if (k == K::Min || k == K::Max) {
        // x + 1 and x + 3: one of them decides.
        if (std::any_of(kept.begin(), kept.end(),
                        [&](const AstExpr &b) { return dominates(k, b, a); }))
          continue;
        kept.erase(std::remove_if(
                       kept.begin(), kept.end(),
                       [&](const AstExpr &b) { return dominates(k, a, b); }),
                   kept.end());
      }
      if (std::find(kept.begin(), kept.end(), a) == kept.end())
        kept.push_back(std::move(a));
    }
    if (k == K::Min || k == K::Max) {
      // Absorption: max(a, y) >= y, so min(max(a, y), y) = y (and
      // max(min(a, y), y) = y); also when y is a constant at least as
      // tight as the inner one.
      K dual = k == K::Min ? K::Max : K::Min;
      auto absorbed = [&](const AstExpr &e) {
        if (e.kind != dual)
          return false;
        for (const AstExpr &x : e.args) {
          if (x.kind == K::Int && constant &&
              (k == K::Min ? x.value >= *constant : x.value <= *constant))
            return true;
          if (std::any_of(kept.begin(), kept.end(),
                          [&](const AstExpr &y) { return &y != &e && y == x; }))
            return true;
        }
        return false;
      };
      std::vector<bool> drop(kept.size());
      for (size_t i = 0; i < kept.size(); ++i)
        drop[i] = absorbed(kept[i]);
      std::vector<AstExpr> live;
      for (size_t i = 0; i < kept.size(); ++i)
        if (!drop[i])
          live.push_back(std::move(kept[i]));
      kept = std::move(live);
    }
    if (constant)
      kept.push_back(integer(*constant));
    if (kept.empty())
      return integer(k == K::And ? 1 : 0);
    if (kept.size() == 1)
      return std::move(kept.front());
    AstExpr e;
    e.kind = k;
    e.args = std::move(kept);
    return e;
  }
  unsigned arity = k == K::Neg ? 1 : 2;
  if (args.size() != arity)
    throw InvalidArgument("AstExpr::op: wrong number of operands");
  if (allInts(args))
    return integer(foldInts(k, args));
  if (k == K::Add) {
    if (args[1].isInt(0))
      return std::move(args[0]);
    if (args[0].isInt(0))
      return std::move(args[1]);
  }
  if (k == K::Sub && args[1].isInt(0))
    return std::move(args[0]);
  // a + -b is a - b, a - -b is a + b (and so for negative constants).
  if ((k == K::Add || k == K::Sub) && args[1].kind == K::Neg)
    return op(k == K::Add ? K::Sub : K::Add,
              {std::move(args[0]), std::move(args[1].args[0])});
  if ((k == K::Add || k == K::Sub) && args[1].kind == K::Int &&
      args[1].value.isNegative())
    return op(k == K::Add ? K::Sub : K::Add,
              {std::move(args[0]), integer(-args[1].value)});
  if (k == K::Sub && args[0].isInt(0))
    return op(K::Neg, {std::move(args[1])});
  if (k == K::Mul) {
    for (unsigned i = 0; i < 2; ++i) {
      if (args[i].isInt(1))
        return std::move(args[1 - i]);
      if (args[i].isInt(0))
        return integer(0);
    }
  }
  if ((k == K::FloorDiv || k == K::Div) && args[1].isInt(1))
    return std::move(args[0]);
  if (k == K::Neg && args[0].kind == K::Neg)
    return std::move(args[0].args[0]);
  AstExpr e;
  e.kind = k;
  e.args = std::move(args);
  return e;
}

AstNode AstNode::block(std::vector<AstNode> nodes) {
  // Nested blocks are spliced into this one, empty ones dropped.
  std::vector<AstNode> flat;
  for (AstNode &n : nodes) {
    if (n.kind == Kind::Block) {
      for (AstNode &m : n.body)
        flat.push_back(std::move(m));
    } else {
      flat.push_back(std::move(n));
    }
  }
  if (flat.size() == 1)
    return std::move(flat.front());
  AstNode b;
  b.kind = Kind::Block;
  b.body = std::move(flat);
  return b;
}

AstNode AstNode::loop(std::string it, AstExpr lower, AstExpr upper, Int step,
                      AstNode body) {
  AstNode n;
  n.kind = Kind::For;
  n.iterator = std::move(it);
  n.lower = std::move(lower);
  n.upper = std::move(upper);
  n.step = std::move(step);
  n.body.push_back(std::move(body));
  return n;
}

AstNode AstNode::ifThen(AstExpr cond, AstNode then,
                        std::vector<AstNode> otherwise) {
  AstNode n;
  n.kind = Kind::If;
  n.cond = std::move(cond);
  n.body.push_back(std::move(then));
  n.elseBody = std::move(otherwise);
  return n;
}

AstNode AstNode::user(std::string name, std::vector<AstExpr> args) {
  AstNode n;
  n.kind = Kind::User;
  n.name = std::move(name);
  n.args = std::move(args);
  return n;
}

} // namespace presburger
