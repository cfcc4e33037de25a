//===- Linearize.h - The flat form c + sum(coeff * idx) ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Stage A of the seed's bridge: fold an expression tree into the flat form
//
//     c + coeff_1 * atom_1 + ... + coeff_n * atom_n
//
// with one coefficient per distinct atom, no zero coefficients, and atoms in
// the deterministic order of compareExprs. In strict (Affine) mode the atoms
// are leaves only (Index, Param, RuntimeValue) and any FloorDiv / Modulo /
// CCDiv / CCMod throws NonAffineError naming the offending term. In
// QuasiAffine mode those div-like nodes are kept as atoms, with their
// numerators linearized recursively, so that floordiv(i + 1, 2) and
// floordiv(1 + i, 2) become the same atom (the integer-set side later turns
// each such atom into an existentially quantified division).
//
// The canonical expression of a flat form (toExpr / linearizeAffineExpr) is
// Sum(Mult(coeff_1, atom_1), ..., Mult(coeff_n, atom_n), Constant(c)), with
// Mult(1, a) = a and the constant omitted when 0, re-interned in the
// context: mathematically equal affine expressions get the same node.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_LINEARIZE_H
#define PENGUIN_LINEARIZE_H

#include "penguin/AffineExpr.h"

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace penguin {

enum class LinearizeMode {
  /// Atoms are leaves; div-like terms are an error.
  Affine,
  /// Div-like terms are atoms (with canonical numerators).
  QuasiAffine,
};

/// One term coeff * atom of a flat form.
struct LinearTerm {
  int64_t coeff = 0;
  AffineExpr atom;
};

/// The flat form. Terms are sorted by compareExprs on their atoms, atoms are
/// distinct, coefficients are non-zero.
class LinearExpr {
public:
  LinearExpr() = default;
  LinearExpr(std::vector<LinearTerm> terms, int64_t constant);

  const std::vector<LinearTerm> &terms() const { return terms_; }
  int64_t constant() const { return constant_; }
  bool isConstant() const { return terms_.empty(); }
  /// The coefficient of `atom` (0 when absent).
  int64_t coefficient(AffineExpr atom) const;

  /// The canonical expression in `ctx` (see the file comment).
  AffineExpr toExpr(ExprContext &ctx) const;

  /// Exact sum, difference, scaling (overflow-checked).
  LinearExpr plus(const LinearExpr &o) const;
  LinearExpr scaled(int64_t c) const;
  LinearExpr plusConstant(int64_t c) const;

  friend bool operator==(const LinearExpr &a, const LinearExpr &b);

private:
  std::vector<LinearTerm> terms_;
  int64_t constant_ = 0;
};

/// Flattens `e`. Throws NonAffineError in Affine mode on a div-like term,
/// OverflowError when a folded coefficient does not fit in int64.
LinearExpr linearize(AffineExpr e, LinearizeMode mode = LinearizeMode::Affine);

/// The seed's linearize_affineexpr: the canonical flat expression of `e`.
AffineExpr linearizeAffineExpr(AffineExpr e,
                               LinearizeMode mode = LinearizeMode::Affine);

/// The seed's linearize_affineindices: one canonical flat expression per
/// access dimension, each flattened independently.
std::vector<AffineExpr>
linearizeAffineIndices(std::span<const AffineExpr> indices,
                       LinearizeMode mode = LinearizeMode::Affine);

/// The seed's remove_const_term: splits `e` into (sum coeff_i * idx_i, c),
/// both from the flat form; the first part is the canonical expression of
/// the variable part (the constant 0 when there is none).
std::pair<AffineExpr, int64_t>
removeConstTerm(AffineExpr e, LinearizeMode mode = LinearizeMode::QuasiAffine);

} // namespace penguin

#endif // PENGUIN_LINEARIZE_H
