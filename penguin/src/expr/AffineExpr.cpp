//===- AffineExpr.cpp - Hash-consed quasi-affine expressions --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/AffineExpr.h"

#include "expr/Checked.h"
#include "penguin/Error.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <ostream>
#include <unordered_set>

namespace penguin {

using detail::ExprNode;

std::string_view toString(ExprKind kind) {
  switch (kind) {
  case ExprKind::Constant:
    return "Constant";
  case ExprKind::Index:
    return "Index";
  case ExprKind::Param:
    return "Param";
  case ExprKind::RuntimeValue:
    return "RuntimeValue";
  case ExprKind::Sum:
    return "Sum";
  case ExprKind::Mult:
    return "Mult";
  case ExprKind::FloorDiv:
    return "FloorDiv";
  case ExprKind::Modulo:
    return "Modulo";
  case ExprKind::CCDiv:
    return "CCDiv";
  case ExprKind::CCMod:
    return "CCMod";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// AffineExpr accessors
//===----------------------------------------------------------------------===//

const ExprNode *AffineExpr::checked() const {
  if (!node_)
    throw IRError("use of a null affine expression");
  return node_;
}

ExprKind AffineExpr::kind() const { return checked()->kind; }
const ExprContext &AffineExpr::context() const { return *checked()->context; }

static void expectKind(const ExprNode *n, bool ok, const char *what) {
  if (!ok)
    throw IRError(std::string(what) + " requested on a " +
                  std::string(toString(n->kind)) + " expression");
}

int64_t AffineExpr::constantValue() const {
  const ExprNode *n = checked();
  expectKind(n, n->kind == ExprKind::Constant, "constantValue()");
  return n->value;
}

const std::string &AffineExpr::name() const {
  const ExprNode *n = checked();
  expectKind(n, isLeaf(), "name()");
  return n->name;
}

std::vector<AffineExpr> AffineExpr::terms() const {
  const ExprNode *n = checked();
  expectKind(n, n->kind == ExprKind::Sum, "terms()");
  std::vector<AffineExpr> out;
  out.reserve(n->operands.size());
  for (const ExprNode *t : n->operands)
    out.push_back(fromNode(t));
  return out;
}

int64_t AffineExpr::coeff() const {
  const ExprNode *n = checked();
  expectKind(n, n->kind == ExprKind::Mult, "coeff()");
  return n->value;
}

AffineExpr AffineExpr::sub() const {
  const ExprNode *n = checked();
  expectKind(n, n->kind == ExprKind::Mult, "sub()");
  return fromNode(n->operands[0]);
}

AffineExpr AffineExpr::numerator() const {
  const ExprNode *n = checked();
  expectKind(n, isDivLike(), "numerator()");
  return fromNode(n->operands[0]);
}

int64_t AffineExpr::denominator() const {
  const ExprNode *n = checked();
  expectKind(n, isDivLike(), "denominator()");
  return n->value;
}

uint64_t AffineExpr::replicaGroupsId() const {
  const ExprNode *n = checked();
  expectKind(n, n->kind == ExprKind::CCDiv || n->kind == ExprKind::CCMod,
             "replicaGroupsId()");
  return n->replicaGroupsId;
}

bool AffineExpr::isLeaf() const {
  ExprKind k = kind();
  return k == ExprKind::Index || k == ExprKind::Param ||
         k == ExprKind::RuntimeValue;
}

bool AffineExpr::isDivLike() const {
  ExprKind k = kind();
  return k == ExprKind::FloorDiv || k == ExprKind::Modulo ||
         k == ExprKind::CCDiv || k == ExprKind::CCMod;
}

bool AffineExpr::hasRuntimeValue() const { return checked()->hasRuntimeValue; }
bool AffineExpr::isLinear() const { return checked()->isLinear; }
size_t AffineExpr::hash() const { return checked()->hash; }

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {

void print(std::string &out, const ExprNode *n);

// A factor of a product: sums need parentheses, everything else binds
// tighter than '*'.
void printFactor(std::string &out, const ExprNode *n) {
  if (n->kind == ExprKind::Sum) {
    out += '(';
    print(out, n);
    out += ')';
    return;
  }
  print(out, n);
}

// c * sub for a known-positive-or-negative c (never 0 or the folded 1 case
// of a Mult node, but this is also used for |c| of a negated term).
void printScaled(std::string &out, int64_t c, const ExprNode *sub) {
  if (c == 1) {
    printFactor(out, sub);
    return;
  }
  if (c == -1) {
    out += '-';
    printFactor(out, sub);
    return;
  }
  out += std::to_string(c);
  out += '*';
  printFactor(out, sub);
}

void print(std::string &out, const ExprNode *n) {
  switch (n->kind) {
  case ExprKind::Constant:
    out += std::to_string(n->value);
    return;
  case ExprKind::Index:
  case ExprKind::Param:
  case ExprKind::RuntimeValue:
    out += n->name;
    return;
  case ExprKind::Mult:
    printScaled(out, n->value, n->operands[0]);
    return;
  case ExprKind::Sum: {
    bool first = true;
    for (const ExprNode *t : n->operands) {
      if (first) {
        print(out, t);
        first = false;
        continue;
      }
      // Negative constants and negatively scaled terms print as
      // subtractions; the parser maps `a - b` back to the same node. The
      // one value whose negation does not fit (INT64_MIN) prints as
      // `+ -9223372036854775808`, which the parser also reads back.
      if (t->kind == ExprKind::Constant && t->value < 0 &&
          t->value != INT64_MIN) {
        out += " - ";
        out += std::to_string(-t->value);
      } else if (t->kind == ExprKind::Mult && t->value < 0 &&
                 t->value != INT64_MIN) {
        out += " - ";
        printScaled(out, -t->value, t->operands[0]);
      } else {
        out += " + ";
        print(out, t);
      }
    }
    return;
  }
  case ExprKind::FloorDiv:
  case ExprKind::Modulo:
  case ExprKind::CCDiv:
  case ExprKind::CCMod: {
    static const char *const names[] = {"floordiv", "mod", "ccdiv", "ccmod"};
    int which = n->kind == ExprKind::FloorDiv ? 0
                : n->kind == ExprKind::Modulo ? 1
                : n->kind == ExprKind::CCDiv  ? 2
                                              : 3;
    out += names[which];
    out += '(';
    print(out, n->operands[0]);
    out += ", ";
    out += std::to_string(n->value);
    if (which >= 2) {
      out += ", ";
      out += std::to_string(n->replicaGroupsId);
    }
    out += ')';
    return;
  }
  }
}

} // namespace

std::string AffineExpr::str() const {
  std::string out;
  print(out, checked());
  return out;
}

std::ostream &operator<<(std::ostream &os, AffineExpr e) {
  return os << (e.isNull() ? std::string("<null>") : e.str());
}

//===----------------------------------------------------------------------===//
// Order, evaluation, traversal
//===----------------------------------------------------------------------===//

static int kindRank(ExprKind k) {
  switch (k) {
  case ExprKind::Index:
    return 0;
  case ExprKind::Param:
    return 1;
  case ExprKind::RuntimeValue:
    return 2;
  case ExprKind::FloorDiv:
    return 3;
  case ExprKind::Modulo:
    return 4;
  case ExprKind::CCDiv:
    return 5;
  case ExprKind::CCMod:
    return 6;
  case ExprKind::Mult:
    return 7;
  case ExprKind::Sum:
    return 8;
  case ExprKind::Constant:
    return 9;
  }
  return 10;
}

template <typename T> static int cmp3(const T &a, const T &b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

static int compareNodes(const ExprNode *a, const ExprNode *b) {
  if (a == b)
    return 0;
  if (int c = cmp3(kindRank(a->kind), kindRank(b->kind)))
    return c;
  switch (a->kind) {
  case ExprKind::Index:
  case ExprKind::Param:
  case ExprKind::RuntimeValue:
    return cmp3(a->name, b->name);
  case ExprKind::Constant:
    return cmp3(a->value, b->value);
  case ExprKind::Mult:
    if (int c = compareNodes(a->operands[0], b->operands[0]))
      return c;
    return cmp3(a->value, b->value);
  case ExprKind::FloorDiv:
  case ExprKind::Modulo:
  case ExprKind::CCDiv:
  case ExprKind::CCMod:
    if (int c = compareNodes(a->operands[0], b->operands[0]))
      return c;
    if (int c = cmp3(a->value, b->value))
      return c;
    return cmp3(a->replicaGroupsId, b->replicaGroupsId);
  case ExprKind::Sum: {
    size_t n = std::min(a->operands.size(), b->operands.size());
    for (size_t i = 0; i < n; ++i)
      if (int c = compareNodes(a->operands[i], b->operands[i]))
        return c;
    return cmp3(a->operands.size(), b->operands.size());
  }
  }
  return 0;
}

int compareExprs(AffineExpr a, AffineExpr b) {
  if (a.isNull() || b.isNull())
    return cmp3(!a.isNull(), !b.isNull());
  return compareNodes(a.node(), b.node());
}

void Valuation::set(AffineExpr leaf, int64_t value) {
  if (leaf.isNull() || !leaf.isLeaf())
    throw IRError("a valuation assigns values to leaves (index, parameter, "
                  "runtime value) only");
  values_[leaf.node()] = value;
}

std::optional<int64_t> Valuation::get(AffineExpr leaf) const {
  auto it = values_.find(leaf.node());
  if (it == values_.end())
    return std::nullopt;
  return it->second;
}

static int64_t evalNode(const ExprNode *n, const Valuation &values) {
  using namespace detail;
  switch (n->kind) {
  case ExprKind::Constant:
    return n->value;
  case ExprKind::Index:
  case ExprKind::Param:
  case ExprKind::RuntimeValue: {
    auto v = values.get(AffineExpr::fromNode(n));
    if (!v)
      throw IRError("no value for " + std::string(toString(n->kind)) + " '" +
                    n->name + "'");
    return *v;
  }
  case ExprKind::Sum: {
    int64_t acc = 0;
    for (const ExprNode *t : n->operands)
      acc = checkedAdd(acc, evalNode(t, values));
    return acc;
  }
  case ExprKind::Mult:
    return checkedMul(n->value, evalNode(n->operands[0], values));
  case ExprKind::FloorDiv:
    return floorDivPos(evalNode(n->operands[0], values), n->value);
  case ExprKind::Modulo:
    return floorModPos(evalNode(n->operands[0], values), n->value);
  case ExprKind::CCDiv:
    return ceilDivPos(evalNode(n->operands[0], values), n->value);
  case ExprKind::CCMod:
    return ceilModPos(evalNode(n->operands[0], values), n->value);
  }
  return 0;
}

int64_t evaluate(AffineExpr e, const Valuation &values) {
  if (e.isNull())
    throw IRError("evaluation of a null affine expression");
  return evalNode(e.node(), values);
}

static void leavesOf(const ExprNode *n,
                     std::unordered_set<const ExprNode *> &seen,
                     const std::function<void(AffineExpr)> &fn) {
  switch (n->kind) {
  case ExprKind::Constant:
    return;
  case ExprKind::Index:
  case ExprKind::Param:
  case ExprKind::RuntimeValue:
    if (seen.insert(n).second)
      fn(AffineExpr::fromNode(n));
    return;
  default:
    for (const ExprNode *o : n->operands)
      leavesOf(o, seen, fn);
  }
}

void forEachLeaf(AffineExpr e, const std::function<void(AffineExpr)> &fn) {
  if (e.isNull())
    throw IRError("traversal of a null affine expression");
  std::unordered_set<const ExprNode *> seen;
  leavesOf(e.node(), seen, fn);
}

//===----------------------------------------------------------------------===//
// ExprContext
//===----------------------------------------------------------------------===//

namespace {
struct NodeHash {
  size_t operator()(const ExprNode *n) const { return n->hash; }
};
struct NodeEq {
  bool operator()(const ExprNode *a, const ExprNode *b) const {
    return a->kind == b->kind && a->value == b->value &&
           a->replicaGroupsId == b->replicaGroupsId && a->name == b->name &&
           a->operands == b->operands;
  }
};

size_t combine(size_t seed, size_t v) {
  return seed ^ (v + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}
} // namespace

struct ExprContext::Impl {
  std::deque<ExprNode> nodes; // stable addresses
  std::unordered_set<const ExprNode *, NodeHash, NodeEq> table;
};

ExprContext::ExprContext() : impl_(std::make_unique<Impl>()) {}
ExprContext::~ExprContext() = default;

size_t ExprContext::size() const { return impl_->nodes.size(); }

AffineExpr ExprContext::intern(ExprNode node) {
  node.context = this;
  size_t h = std::hash<int>()(static_cast<int>(node.kind));
  h = combine(h, std::hash<int64_t>()(node.value));
  h = combine(h, std::hash<uint64_t>()(node.replicaGroupsId));
  h = combine(h, std::hash<std::string>()(node.name));
  node.hasRuntimeValue = node.kind == ExprKind::RuntimeValue;
  node.isLinear =
      !(node.kind == ExprKind::FloorDiv || node.kind == ExprKind::Modulo ||
        node.kind == ExprKind::CCDiv || node.kind == ExprKind::CCMod);
  for (const ExprNode *o : node.operands) {
    h = combine(h, o->hash);
    node.hasRuntimeValue = node.hasRuntimeValue || o->hasRuntimeValue;
    node.isLinear = node.isLinear && o->isLinear;
  }
  node.hash = h;
  auto it = impl_->table.find(&node);
  if (it != impl_->table.end())
    return AffineExpr::fromNode(*it);
  impl_->nodes.push_back(std::move(node));
  const ExprNode *stored = &impl_->nodes.back();
  impl_->table.insert(stored);
  return AffineExpr::fromNode(stored);
}

void ExprContext::checkOwn(AffineExpr e) const {
  if (e.isNull())
    throw IRError("use of a null affine expression");
  if (e.node()->context != this)
    throw IRError("affine expression '" + e.str() +
                  "' belongs to a different ExprContext");
}

AffineExpr ExprContext::constant(int64_t value) {
  ExprNode n;
  n.kind = ExprKind::Constant;
  n.value = value;
  return intern(std::move(n));
}

static bool isIdentifier(std::string_view s) {
  if (s.empty())
    return false;
  auto alpha = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  if (!alpha(s[0]))
    return false;
  for (char c : s)
    if (!alpha(c) && !(c >= '0' && c <= '9'))
      return false;
  return true;
}

AffineExpr ExprContext::leaf(ExprKind kind, std::string_view name) {
  if (!isIdentifier(name))
    throw IRError("invalid " + std::string(toString(kind)) + " name '" +
                  std::string(name) +
                  "' (expected a letter or '_' followed by letters, digits "
                  "or '_')");
  ExprNode n;
  n.kind = kind;
  n.name = std::string(name);
  return intern(std::move(n));
}

AffineExpr ExprContext::index(std::string_view name) {
  return leaf(ExprKind::Index, name);
}
AffineExpr ExprContext::param(std::string_view name) {
  return leaf(ExprKind::Param, name);
}
AffineExpr ExprContext::runtimeValue(std::string_view name) {
  return leaf(ExprKind::RuntimeValue, name);
}

AffineExpr ExprContext::sum(std::span<const AffineExpr> terms) {
  std::vector<const ExprNode *> flat;
  bool allConstant = true;
  for (AffineExpr t : terms) {
    checkOwn(t);
    if (t.kind() == ExprKind::Sum) {
      for (const ExprNode *o : t.node()->operands)
        flat.push_back(o); // operands of a Sum are never Sums or zero
      allConstant = false;
      continue;
    }
    if (t.kind() == ExprKind::Constant) {
      if (t.constantValue() == 0)
        continue;
    } else {
      allConstant = false;
    }
    flat.push_back(t.node());
  }
  if (allConstant) {
    int64_t acc = 0;
    for (const ExprNode *o : flat)
      acc = detail::checkedAdd(acc, o->value);
    return constant(acc);
  }
  if (flat.size() == 1)
    return AffineExpr::fromNode(flat[0]);
  ExprNode n;
  n.kind = ExprKind::Sum;
  n.operands = std::move(flat);
  return intern(std::move(n));
}

AffineExpr ExprContext::add(AffineExpr a, AffineExpr b) {
  AffineExpr ts[2] = {a, b};
  return sum(ts);
}

AffineExpr ExprContext::sub(AffineExpr a, AffineExpr b) {
  return add(a, neg(b));
}

AffineExpr ExprContext::neg(AffineExpr a) { return mult(-1, a); }

AffineExpr ExprContext::mult(int64_t coeff, AffineExpr e) {
  checkOwn(e);
  if (coeff == 0)
    return constant(0);
  if (e.kind() == ExprKind::Constant)
    return constant(detail::checkedMul(coeff, e.constantValue()));
  if (e.kind() == ExprKind::Mult)
    return mult(detail::checkedMul(coeff, e.coeff()), e.sub());
  if (coeff == 1)
    return e;
  ExprNode n;
  n.kind = ExprKind::Mult;
  n.value = coeff;
  n.operands = {e.node()};
  return intern(std::move(n));
}

AffineExpr ExprContext::mul(AffineExpr a, AffineExpr b) {
  checkOwn(a);
  checkOwn(b);
  if (a.kind() == ExprKind::Constant)
    return mult(a.constantValue(), b);
  if (b.kind() == ExprKind::Constant)
    return mult(b.constantValue(), a);
  throw NonAffineError("non-affine product '(" + a.str() + ") * (" + b.str() +
                       ")': one factor of '*' must be a constant");
}

AffineExpr ExprContext::divLike(ExprKind kind, AffineExpr e, int64_t d,
                                uint64_t rgid) {
  checkOwn(e);
  if (d <= 0)
    throw IRError(std::string(toString(kind)) +
                  " needs a positive constant denominator, got " +
                  std::to_string(d));
  if (e.kind() == ExprKind::Constant) {
    int64_t v = e.constantValue();
    switch (kind) {
    case ExprKind::FloorDiv:
      return constant(detail::floorDivPos(v, d));
    case ExprKind::Modulo:
      return constant(detail::floorModPos(v, d));
    case ExprKind::CCDiv:
      return constant(detail::ceilDivPos(v, d));
    case ExprKind::CCMod:
      return constant(detail::ceilModPos(v, d));
    default:
      break;
    }
  }
  if (d == 1 && kind == ExprKind::FloorDiv)
    return e;
  if (d == 1 && kind == ExprKind::Modulo)
    return constant(0);
  ExprNode n;
  n.kind = kind;
  n.value = d;
  n.replicaGroupsId = rgid;
  n.operands = {e.node()};
  return intern(std::move(n));
}

AffineExpr ExprContext::floorDiv(AffineExpr e, int64_t d) {
  return divLike(ExprKind::FloorDiv, e, d, 0);
}
AffineExpr ExprContext::mod(AffineExpr e, int64_t d) {
  return divLike(ExprKind::Modulo, e, d, 0);
}
AffineExpr ExprContext::ccDiv(AffineExpr e, int64_t d, uint64_t rgid) {
  return divLike(ExprKind::CCDiv, e, d, rgid);
}
AffineExpr ExprContext::ccMod(AffineExpr e, int64_t d, uint64_t rgid) {
  return divLike(ExprKind::CCMod, e, d, rgid);
}

//===----------------------------------------------------------------------===//
// Operators and free builders
//===----------------------------------------------------------------------===//

static ExprContext &ctxOf(AffineExpr e) {
  if (e.isNull())
    throw IRError("use of a null affine expression");
  // Nodes are created through a non-const context; the handle only stores a
  // const pointer to keep accessors read-only.
  return const_cast<ExprContext &>(e.context());
}

AffineExpr operator+(AffineExpr a, AffineExpr b) { return ctxOf(a).add(a, b); }
AffineExpr operator+(AffineExpr a, int64_t b) {
  return ctxOf(a).add(a, ctxOf(a).constant(b));
}
AffineExpr operator+(int64_t a, AffineExpr b) {
  return ctxOf(b).add(ctxOf(b).constant(a), b);
}
AffineExpr operator-(AffineExpr a, AffineExpr b) { return ctxOf(a).sub(a, b); }
AffineExpr operator-(AffineExpr a, int64_t b) {
  return ctxOf(a).sub(a, ctxOf(a).constant(b));
}
AffineExpr operator-(int64_t a, AffineExpr b) {
  return ctxOf(b).sub(ctxOf(b).constant(a), b);
}
AffineExpr operator-(AffineExpr a) { return ctxOf(a).neg(a); }
AffineExpr operator*(AffineExpr a, AffineExpr b) { return ctxOf(a).mul(a, b); }
AffineExpr operator*(AffineExpr a, int64_t c) { return ctxOf(a).mult(c, a); }
AffineExpr operator*(int64_t c, AffineExpr a) { return ctxOf(a).mult(c, a); }

AffineExpr floorDiv(AffineExpr e, int64_t d) { return ctxOf(e).floorDiv(e, d); }
AffineExpr mod(AffineExpr e, int64_t d) { return ctxOf(e).mod(e, d); }
AffineExpr ccDiv(AffineExpr numer, int64_t denom, uint64_t rgid) {
  return ctxOf(numer).ccDiv(numer, denom, rgid);
}
AffineExpr ccMod(AffineExpr numer, int64_t denom, uint64_t rgid) {
  return ctxOf(numer).ccMod(numer, denom, rgid);
}

AffineExpr
substituteIndices(AffineExpr e,
                  const std::unordered_map<std::string, AffineExpr> &values) {
  ExprContext &ctx = ctxOf(e);
  std::function<AffineExpr(AffineExpr)> go = [&](AffineExpr x) -> AffineExpr {
    switch (x.kind()) {
    case ExprKind::Constant:
    case ExprKind::Param:
    case ExprKind::RuntimeValue:
      return x;
    case ExprKind::Index: {
      auto it = values.find(x.name());
      return it == values.end() ? x : it->second;
    }
    case ExprKind::Sum: {
      std::vector<AffineExpr> ts;
      for (AffineExpr t : x.terms())
        ts.push_back(go(t));
      return ctx.sum(ts);
    }
    case ExprKind::Mult:
      return ctx.mult(x.coeff(), go(x.sub()));
    case ExprKind::FloorDiv:
      return ctx.floorDiv(go(x.numerator()), x.denominator());
    case ExprKind::Modulo:
      return ctx.mod(go(x.numerator()), x.denominator());
    case ExprKind::CCDiv:
      return ctx.ccDiv(go(x.numerator()), x.denominator(), x.replicaGroupsId());
    case ExprKind::CCMod:
      return ctx.ccMod(go(x.numerator()), x.denominator(), x.replicaGroupsId());
    }
    return x;
  };
  return go(e);
}

} // namespace penguin
