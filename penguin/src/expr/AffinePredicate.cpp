//===- AffinePredicate.cpp - e >= 0 / e == 0 guards -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/AffinePredicate.h"

#include "penguin/Error.h"
#include "penguin/Linearize.h"

namespace penguin {

static ExprContext &ctxOf(AffineExpr e) {
  if (e.isNull())
    throw IRError("use of a null affine expression");
  return const_cast<ExprContext &>(e.context());
}

AffinePredicate::AffinePredicate(AffineExpr expr, bool ge, bool isApprox)
    : expr_(expr), ge_(ge), isApprox_(isApprox) {
  if (expr.isNull())
    throw IRError("affine predicate over a null expression");
}

AffinePredicate AffinePredicate::withApprox(bool approx) const {
  return AffinePredicate(expr_, ge_, approx);
}

std::optional<bool> AffinePredicate::constantTruth() const {
  if (!expr_.isConstant())
    return std::nullopt;
  int64_t v = expr_.constantValue();
  return ge_ ? v >= 0 : v == 0;
}

bool AffinePredicate::evaluate(const Valuation &values) const {
  int64_t v = penguin::evaluate(expr_, values);
  return ge_ ? v >= 0 : v == 0;
}

std::string AffinePredicate::str() const {
  std::string s = expr_.str() + (ge_ ? " >= 0" : " == 0");
  return isApprox_ ? "approx(" + s + ")" : s;
}

// The common body of the five verbs: e = linearize(a - b - strict), folded.
static AffinePredicate build(AffineExpr a, AffineExpr b, int64_t minus,
                             bool ge) {
  ExprContext &ctx = ctxOf(a);
  if (b.isNull())
    throw IRError("use of a null affine expression");
  AffineExpr diff = ctx.sub(a, b);
  if (minus != 0)
    diff = ctx.sub(diff, ctx.constant(minus));
  LinearExpr flat = linearize(diff, LinearizeMode::QuasiAffine);
  if (flat.isConstant()) { // the triviality gates
    int64_t v = flat.constant();
    bool holds = ge ? v >= 0 : v == 0;
    return holds ? truePredicate(ctx) : falsePredicate(ctx);
  }
  return AffinePredicate(flat.toExpr(ctx), ge);
}

AffinePredicate predGe(AffineExpr lhs, AffineExpr rhs) {
  return build(lhs, rhs, 0, true);
}
AffinePredicate predGt(AffineExpr lhs, AffineExpr rhs) {
  return build(lhs, rhs, 1, true);
}
AffinePredicate predLe(AffineExpr lhs, AffineExpr rhs) {
  return build(rhs, lhs, 0, true);
}
AffinePredicate predLt(AffineExpr lhs, AffineExpr rhs) {
  return build(rhs, lhs, 1, true);
}
AffinePredicate predEq(AffineExpr lhs, AffineExpr rhs) {
  return build(lhs, rhs, 0, false);
}

AffinePredicate predGe(AffineExpr lhs, int64_t rhs) {
  return predGe(lhs, ctxOf(lhs).constant(rhs));
}
AffinePredicate predGt(AffineExpr lhs, int64_t rhs) {
  return predGt(lhs, ctxOf(lhs).constant(rhs));
}
AffinePredicate predLe(AffineExpr lhs, int64_t rhs) {
  return predLe(lhs, ctxOf(lhs).constant(rhs));
}
AffinePredicate predLt(AffineExpr lhs, int64_t rhs) {
  return predLt(lhs, ctxOf(lhs).constant(rhs));
}
AffinePredicate predEq(AffineExpr lhs, int64_t rhs) {
  return predEq(lhs, ctxOf(lhs).constant(rhs));
}

AffinePredicate truePredicate(ExprContext &ctx) {
  return AffinePredicate(ctx.constant(0), true);
}
AffinePredicate falsePredicate(ExprContext &ctx) {
  return AffinePredicate(ctx.constant(-1), true);
}

AffinePredicate normalizePredicate(const AffinePredicate &p) {
  ExprContext &ctx = ctxOf(p.expr());
  AffinePredicate n = p.ge() ? predGe(p.expr(), ctx.constant(0))
                             : predEq(p.expr(), ctx.constant(0));
  return n.withApprox(p.isApprox());
}

AffinePredicate negateInequality(const AffinePredicate &p) {
  if (!p.ge())
    throw IRError("the complement of the equality '" + p.str() +
                  "' is a union of two predicates, not one predicate");
  return predLt(p.expr(), ctxOf(p.expr()).constant(0));
}

std::pair<AffinePredicate, AffinePredicate>
normalizeEqToGe(const AffinePredicate &p) {
  if (p.ge())
    throw IRError("normalizeEqToGe expects an equality, got '" + p.str() + "'");
  ExprContext &ctx = ctxOf(p.expr());
  AffinePredicate a = predGe(p.expr(), ctx.constant(0));
  AffinePredicate b = predGe(ctx.neg(p.expr()), ctx.constant(0));
  return {a.withApprox(p.isApprox()), b.withApprox(p.isApprox())};
}

bool isLegalPredicate(const AffinePredicate &p) {
  return p.expr().isAffine() && !p.hasRuntimeValue();
}

bool isLegalPredicate(std::span<const AffinePredicate> preds) {
  for (const AffinePredicate &p : preds)
    if (!isLegalPredicate(p))
      return false;
  return true;
}

void checkLegalPredicate(const AffinePredicate &p) {
  if (isLegalPredicate(p))
    return;
  std::string rv;
  forEachLeaf(p.expr(), [&](AffineExpr leaf) {
    if (rv.empty() && leaf.kind() == ExprKind::RuntimeValue)
      rv = leaf.name();
  });
  throw IRError(std::string(kInvalidPredicateMessage) + " '" + p.str() +
                "' depends on the runtime value '" + rv +
                "' and cannot become an exact affine constraint");
}

CompareOpcode opcodeForPredicate(const AffinePredicate &p) {
  return p.ge() ? CompareOpcode::GreaterEqual : CompareOpcode::Equal;
}

} // namespace penguin
