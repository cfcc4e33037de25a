//===- AffinePredicate.h - e >= 0 / e == 0 guards ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// AffinePredicate(e, ge) means `e >= 0` when ge is true and `e == 0` when it
// is false: the only two native forms (the seed's ICmp(SGE, e, 0) and
// ICmp(EQ, e, 0)). An instruction's predicates are a conjunction of these.
// `isApprox` marks a legal predicate that over-approximates the real guard;
// the simplifier drops such predicates before gist.
//
// The five comparison verbs normalise to the native forms exactly as the
// seeds give them:
//
//   predGe(a, b) = (a - b     >= 0)
//   predGt(a, b) = (a - b - 1 >= 0)     strict: the -1
//   predLe(a, b) = (b - a     >= 0)     swapped operands
//   predLt(a, b) = (b - a - 1 >= 0)     swapped and strict
//   predEq(a, b) = (a - b     == 0)     the only ge = false verb
//
// The difference is stored in canonical flat form (Linearize.h, QuasiAffine
// mode). When it is a constant the verb folds to the trivially true
// predicate `0 >= 0` or the trivially false predicate `-1 >= 0`.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_AFFINEPREDICATE_H
#define PENGUIN_AFFINEPREDICATE_H

#include "penguin/AffineExpr.h"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace penguin {

class AffinePredicate {
public:
  /// `expr >= 0` (ge) or `expr == 0` (!ge). Throws IRError on a null expr.
  AffinePredicate(AffineExpr expr, bool ge, bool isApprox = false);

  AffineExpr expr() const { return expr_; }
  /// True for `e >= 0`, false for `e == 0` (the seed's `ge` flag / is_ge).
  bool ge() const { return ge_; }
  bool isEquality() const { return !ge_; }
  bool isApprox() const { return isApprox_; }
  AffinePredicate withApprox(bool approx) const;

  /// The expression mentions a RuntimeValue (the seed's has_runtime_value).
  bool hasRuntimeValue() const { return expr_.hasRuntimeValue(); }

  /// The truth value when the expression is a constant.
  std::optional<bool> constantTruth() const;
  bool isTriviallyTrue() const { return constantTruth() == true; }
  bool isTriviallyFalse() const { return constantTruth() == false; }

  /// Exact truth at a point (throws IRError on a leaf without value).
  bool evaluate(const Valuation &values) const;

  /// `E >= 0`, `E == 0`, or `approx(E >= 0)`.
  std::string str() const;

  /// Same expression node, same form, same approx flag.
  friend bool operator==(const AffinePredicate &a, const AffinePredicate &b) {
    return a.expr_ == b.expr_ && a.ge_ == b.ge_ && a.isApprox_ == b.isApprox_;
  }

private:
  AffineExpr expr_;
  bool ge_;
  bool isApprox_;
};

AffinePredicate predGe(AffineExpr lhs, AffineExpr rhs);
AffinePredicate predGt(AffineExpr lhs, AffineExpr rhs);
AffinePredicate predLe(AffineExpr lhs, AffineExpr rhs);
AffinePredicate predLt(AffineExpr lhs, AffineExpr rhs);
AffinePredicate predEq(AffineExpr lhs, AffineExpr rhs);
AffinePredicate predGe(AffineExpr lhs, int64_t rhs);
AffinePredicate predGt(AffineExpr lhs, int64_t rhs);
AffinePredicate predLe(AffineExpr lhs, int64_t rhs);
AffinePredicate predLt(AffineExpr lhs, int64_t rhs);
AffinePredicate predEq(AffineExpr lhs, int64_t rhs);

/// The canonical constants: `0 >= 0` and `-1 >= 0`.
AffinePredicate truePredicate(ExprContext &ctx);
AffinePredicate falsePredicate(ExprContext &ctx);

/// Re-normalises an existing predicate through the verbs: predGe(e, 0) or
/// predEq(e, 0), keeping the approx flag.
AffinePredicate normalizePredicate(const AffinePredicate &p);

/// The complement of `e >= 0`, which is `-e - 1 >= 0` (predLt(e, 0)).
/// Equalities have no single-predicate complement: IRError.
AffinePredicate negateInequality(const AffinePredicate &p);

/// EQ to two GE: `e == 0` becomes (`e >= 0`, `-e >= 0`) ("Should normalize
/// eq predicate to ge predicates"). Throws IRError on an inequality.
std::pair<AffinePredicate, AffinePredicate>
normalizeEqToGe(const AffinePredicate &p);

/// The seed's validity gate: legal iff the expression is a compile-time
/// (quasi-)affine expression without any runtime value. Every expression
/// tree is quasi-affine by construction (see AffineExpr.h), so in practice
/// this checks for runtime values.
bool isLegalPredicate(const AffinePredicate &p);
bool isLegalPredicate(std::span<const AffinePredicate> preds);

/// The exact message of the seed: "Invalid Predicate!".
inline constexpr const char *kInvalidPredicateMessage = "Invalid Predicate!";

/// Throws IRError("Invalid Predicate!: <predicate>: <reason>") unless
/// isLegalPredicate(p).
void checkLegalPredicate(const AffinePredicate &p);

/// The compare opcode a predicate lowers to (opcode_for_predicate).
enum class CompareOpcode { GreaterEqual, Equal };
CompareOpcode opcodeForPredicate(const AffinePredicate &p);

} // namespace penguin

#endif // PENGUIN_AFFINEPREDICATE_H
