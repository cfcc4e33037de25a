//===- Linearize.cpp - The flat form c + sum(coeff * idx) -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Linearize.h"

#include "expr/Checked.h"
#include "penguin/Error.h"

#include <algorithm>
#include <map>

namespace penguin {

using detail::checkedAdd;
using detail::checkedMul;

namespace {
struct AtomLess {
  bool operator()(AffineExpr a, AffineExpr b) const {
    return compareExprs(a, b) < 0;
  }
};
using Accumulator = std::map<AffineExpr, int64_t, AtomLess>;

const char *divWord(ExprKind k) {
  switch (k) {
  case ExprKind::FloorDiv:
    return "floor division";
  case ExprKind::Modulo:
    return "modulo";
  case ExprKind::CCDiv:
    return "collective division (CCDiv)";
  case ExprKind::CCMod:
    return "collective modulo (CCMod)";
  default:
    return "term";
  }
}

AffineExpr canonicalAtom(AffineExpr atom, LinearizeMode mode);

// acc += scale * e ; constant accumulates into c.
void accumulate(AffineExpr e, int64_t scale, LinearizeMode mode,
                Accumulator &acc, int64_t &c) {
  switch (e.kind()) {
  case ExprKind::Constant:
    c = checkedAdd(c, checkedMul(scale, e.constantValue()));
    return;
  case ExprKind::Index:
  case ExprKind::Param:
  case ExprKind::RuntimeValue: {
    int64_t &slot = acc[e];
    slot = checkedAdd(slot, scale);
    return;
  }
  case ExprKind::Sum:
    for (AffineExpr t : e.terms())
      accumulate(t, scale, mode, acc, c);
    return;
  case ExprKind::Mult:
    accumulate(e.sub(), checkedMul(scale, e.coeff()), mode, acc, c);
    return;
  case ExprKind::FloorDiv:
  case ExprKind::Modulo:
  case ExprKind::CCDiv:
  case ExprKind::CCMod: {
    if (mode == LinearizeMode::Affine)
      throw NonAffineError("cannot linearize '" + e.str() +
                           "': " + divWord(e.kind()) + " is not affine");
    AffineExpr atom = canonicalAtom(e, mode);
    if (atom.kind() == ExprKind::Constant) { // folded after canonicalizing
      c = checkedAdd(c, checkedMul(scale, atom.constantValue()));
      return;
    }
    if (!atom.isDivLike()) { // e.g. floordiv(e, 1) folded to e
      accumulate(atom, scale, mode, acc, c);
      return;
    }
    int64_t &slot = acc[atom];
    slot = checkedAdd(slot, scale);
    return;
  }
  }
}

// A div-like atom with its numerator in canonical flat form.
AffineExpr canonicalAtom(AffineExpr atom, LinearizeMode mode) {
  ExprContext &ctx = const_cast<ExprContext &>(atom.context());
  AffineExpr num = linearize(atom.numerator(), mode).toExpr(ctx);
  switch (atom.kind()) {
  case ExprKind::FloorDiv:
    return ctx.floorDiv(num, atom.denominator());
  case ExprKind::Modulo:
    return ctx.mod(num, atom.denominator());
  case ExprKind::CCDiv:
    return ctx.ccDiv(num, atom.denominator(), atom.replicaGroupsId());
  case ExprKind::CCMod:
    return ctx.ccMod(num, atom.denominator(), atom.replicaGroupsId());
  default:
    return atom;
  }
}
} // namespace

LinearExpr::LinearExpr(std::vector<LinearTerm> terms, int64_t constant)
    : constant_(constant) {
  Accumulator acc;
  for (const LinearTerm &t : terms) {
    if (t.atom.isNull())
      throw IRError("linear term with a null atom");
    int64_t &slot = acc[t.atom];
    slot = checkedAdd(slot, t.coeff);
  }
  for (auto &[atom, coeff] : acc)
    if (coeff != 0)
      terms_.push_back({coeff, atom});
}

int64_t LinearExpr::coefficient(AffineExpr atom) const {
  for (const LinearTerm &t : terms_)
    if (t.atom == atom)
      return t.coeff;
  return 0;
}

AffineExpr LinearExpr::toExpr(ExprContext &ctx) const {
  std::vector<AffineExpr> parts;
  parts.reserve(terms_.size() + 1);
  for (const LinearTerm &t : terms_)
    parts.push_back(ctx.mult(t.coeff, t.atom));
  if (constant_ != 0 || parts.empty())
    parts.push_back(ctx.constant(constant_));
  return ctx.sum(parts);
}

LinearExpr LinearExpr::plus(const LinearExpr &o) const {
  std::vector<LinearTerm> all = terms_;
  all.insert(all.end(), o.terms_.begin(), o.terms_.end());
  return LinearExpr(std::move(all), checkedAdd(constant_, o.constant_));
}

LinearExpr LinearExpr::scaled(int64_t c) const {
  std::vector<LinearTerm> all;
  all.reserve(terms_.size());
  for (const LinearTerm &t : terms_)
    all.push_back({checkedMul(t.coeff, c), t.atom});
  return LinearExpr(std::move(all), checkedMul(constant_, c));
}

LinearExpr LinearExpr::plusConstant(int64_t c) const {
  LinearExpr r = *this;
  r.constant_ = checkedAdd(constant_, c);
  return r;
}

bool operator==(const LinearExpr &a, const LinearExpr &b) {
  if (a.constant_ != b.constant_ || a.terms_.size() != b.terms_.size())
    return false;
  for (size_t i = 0; i < a.terms_.size(); ++i)
    if (a.terms_[i].coeff != b.terms_[i].coeff ||
        !(a.terms_[i].atom == b.terms_[i].atom))
      return false;
  return true;
}

LinearExpr linearize(AffineExpr e, LinearizeMode mode) {
  if (e.isNull())
    throw IRError("linearize of a null affine expression");
  Accumulator acc;
  int64_t c = 0;
  accumulate(e, 1, mode, acc, c);
  std::vector<LinearTerm> terms;
  for (auto &[atom, coeff] : acc)
    if (coeff != 0)
      terms.push_back({coeff, atom});
  return LinearExpr(std::move(terms), c);
}

AffineExpr linearizeAffineExpr(AffineExpr e, LinearizeMode mode) {
  LinearExpr l = linearize(e, mode);
  return l.toExpr(const_cast<ExprContext &>(e.context()));
}

std::vector<AffineExpr>
linearizeAffineIndices(std::span<const AffineExpr> indices,
                       LinearizeMode mode) {
  std::vector<AffineExpr> out;
  out.reserve(indices.size());
  for (AffineExpr e : indices)
    out.push_back(linearizeAffineExpr(e, mode));
  return out;
}

std::pair<AffineExpr, int64_t> removeConstTerm(AffineExpr e,
                                               LinearizeMode mode) {
  LinearExpr l = linearize(e, mode);
  LinearExpr vars(l.terms(), 0);
  return {vars.toExpr(const_cast<ExprContext &>(e.context())), l.constant()};
}

} // namespace penguin
