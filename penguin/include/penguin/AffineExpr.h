//===- AffineExpr.h - Hash-consed quasi-affine expressions ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The penguin AffineExpr is a tree of
//
//   Constant c | Index (loop induction variable) | Param (symbolic parameter,
//   e.g. an SPMD id) | RuntimeValue (data-dependent value) |
//   Sum(t1, ..., tn) | Mult(c, e) | FloorDiv(e, d) | Modulo(e, d) |
//   CCDiv(e, d, replica_groups_id) | CCMod(e, d, replica_groups_id)
//
// Nodes are immutable and hash-consed in an ExprContext: two structurally
// equal expressions built in the same context are the same node, so
// `AffineExpr` handles compare by identity. The context owns every node; an
// AffineExpr is a cheap non-owning handle that stays valid as long as its
// context lives (a Kernel or Module keeps its context alive through a
// shared_ptr). There is no global state: each context is independent.
// A context is not safe to grow from several threads at once.
//
// Semantics (docs/penguin-ir.md, "Expression semantics"):
//   FloorDiv(e, d) = floor(e / d),           d > 0
//   Modulo(e, d)   = e - d * floor(e / d),   in [0, d)
//   CCDiv(e, d, g) = ceil(e / d),            d > 0   (collective, ceiling)
//   CCMod(e, d, g) = e - d * ceil(e / d),    in (-d, 0]
// so e.g. floordiv(-7, 4) = -2, mod(-7, 4) = 1, ccdiv(-7, 4) = -1,
// ccmod(-7, 4) = -3, ccdiv(7, 4) = 2, ccmod(7, 4) = -1.
//
// Multiplication is always by a constant (Mult(c, e)); multiplying two
// non-constant expressions throws NonAffineError. Coefficients and constants
// are int64_t; every operation is overflow-checked (OverflowError).
//
// The builders fold a little, and only in ways that keep printing and
// parsing consistent (docs/penguin-ir.md lists the rules): constants fold,
// nested sums flatten, zero summands disappear, Mult(1, e) = e,
// Mult(0, e) = 0, Mult(a, Mult(b, e)) = Mult(a*b, e), floordiv(e, 1) = e,
// mod(e, 1) = 0. Mathematically equal expressions that differ in structure
// (i + 1 vs 1 + i) are different nodes until linearized (Linearize.h), whose
// canonical form is unique.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_AFFINEEXPR_H
#define PENGUIN_AFFINEEXPR_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace penguin {

class ExprContext;
class AffineExpr;

/// The node kinds. The seed's pelican kinds are CExpr (Constant), AffineIdx
/// (Index / Param / RuntimeValue leaves), SumKind, MultKind, FloorDivKind,
/// ModuloKind, CCDivKind, CCModKind.
enum class ExprKind : uint8_t {
  Constant,
  Index,
  Param,
  RuntimeValue,
  Sum,
  Mult,
  FloorDiv,
  Modulo,
  CCDiv,
  CCMod,
};

/// "Constant", "Index", ... (for messages).
std::string_view toString(ExprKind kind);

namespace detail {
/// The interned node. Users never build one directly; see ExprContext.
struct ExprNode {
  ExprKind kind = ExprKind::Constant;
  int64_t value = 0;            // Constant: value; Mult: coeff; divs: denom
  uint64_t replicaGroupsId = 0; // CCDiv / CCMod only
  std::string name;             // Index / Param / RuntimeValue
  std::vector<const ExprNode *> operands; // Sum: terms; Mult: {sub};
                                          // divs: {numerator}
  const ExprContext *context = nullptr;
  size_t hash = 0;
  bool hasRuntimeValue = false; // some RuntimeValue leaf below
  bool isLinear = true;         // no FloorDiv/Modulo/CCDiv/CCMod below
};
} // namespace detail

/// A handle to an interned expression node. Default-constructed handles are
/// null; every accessor on a null handle throws IRError.
class AffineExpr {
public:
  AffineExpr() = default;

  bool isNull() const { return node_ == nullptr; }
  ExprKind kind() const;
  const ExprContext &context() const;

  // Leaf and node data ------------------------------------------------------
  /// The value of a Constant.
  int64_t constantValue() const;
  /// The name of an Index, Param or RuntimeValue leaf.
  const std::string &name() const;
  /// The terms of a Sum.
  std::vector<AffineExpr> terms() const;
  /// The coefficient of a Mult.
  int64_t coeff() const;
  /// The scaled sub-expression of a Mult.
  AffineExpr sub() const;
  /// The numerator of FloorDiv / Modulo / CCDiv / CCMod.
  AffineExpr numerator() const;
  /// The (positive) denominator of FloorDiv / Modulo / CCDiv / CCMod.
  int64_t denominator() const;
  /// The replica-group id of CCDiv / CCMod.
  uint64_t replicaGroupsId() const;

  // Classification -----------------------------------------------------------
  bool isConstant() const { return kind() == ExprKind::Constant; }
  /// Index, Param or RuntimeValue.
  bool isLeaf() const;
  /// FloorDiv, Modulo, CCDiv or CCMod.
  bool isDivLike() const;
  /// True when a RuntimeValue leaf occurs anywhere in the expression.
  bool hasRuntimeValue() const;
  /// True when no FloorDiv / Modulo / CCDiv / CCMod occurs (the expression is
  /// affine in its leaves, so `linearize` in strict mode succeeds).
  bool isLinear() const;
  /// Always true for a well-formed tree: every node kind is quasi-affine
  /// (multiplication is by constants only, denominators are positive
  /// constants). Kept for the seed's `is_affine` vocabulary.
  bool isAffine() const { return !isNull(); }

  /// The structural hash (equal for equal nodes, stable across runs).
  size_t hash() const;
  /// The canonical text (docs/penguin-ir.md, "Expressions").
  std::string str() const;

  /// Identity, which is structural equality because of hash-consing.
  friend bool operator==(AffineExpr a, AffineExpr b) {
    return a.node_ == b.node_;
  }

  // Arithmetic (builds new interned nodes in the operands' context) ----------
  friend AffineExpr operator+(AffineExpr a, AffineExpr b);
  friend AffineExpr operator+(AffineExpr a, int64_t b);
  friend AffineExpr operator+(int64_t a, AffineExpr b);
  friend AffineExpr operator-(AffineExpr a, AffineExpr b);
  friend AffineExpr operator-(AffineExpr a, int64_t b);
  friend AffineExpr operator-(int64_t a, AffineExpr b);
  friend AffineExpr operator-(AffineExpr a);
  /// Throws NonAffineError unless one side is a constant.
  friend AffineExpr operator*(AffineExpr a, AffineExpr b);
  friend AffineExpr operator*(AffineExpr a, int64_t c);
  friend AffineExpr operator*(int64_t c, AffineExpr a);

  /// Internal: wraps a node (used by ExprContext and the library).
  static AffineExpr fromNode(const detail::ExprNode *node) {
    AffineExpr e;
    e.node_ = node;
    return e;
  }
  const detail::ExprNode *node() const { return node_; }

private:
  const detail::ExprNode *checked() const;
  const detail::ExprNode *node_ = nullptr;
};

std::ostream &operator<<(std::ostream &os, AffineExpr e);

/// Deterministic structural total order (independent of creation order and
/// addresses): by kind (Index < Param < RuntimeValue < FloorDiv < Modulo <
/// CCDiv < CCMod < Mult < Sum < Constant), then name / data, then operands.
/// Returns <0, 0, >0.
int compareExprs(AffineExpr a, AffineExpr b);

/// floor(e / d) (d > 0; throws IRError otherwise).
AffineExpr floorDiv(AffineExpr e, int64_t d);
/// e mod d with the floor convention, in [0, d) (d > 0).
AffineExpr mod(AffineExpr e, int64_t d);
/// The seed's cc_div: collective shard index, ceiling division by the group
/// size, tagged with its replica-group id.
AffineExpr ccDiv(AffineExpr numer, int64_t denom, uint64_t replicaGroupsId);
/// The seed's cc_mod: collective in-group offset, e - d * ceil(e / d).
AffineExpr ccMod(AffineExpr numer, int64_t denom, uint64_t replicaGroupsId);

/// A source of values for the leaves of an expression (by leaf node).
class Valuation {
public:
  void set(AffineExpr leaf, int64_t value);
  std::optional<int64_t> get(AffineExpr leaf) const;

private:
  std::unordered_map<const detail::ExprNode *, int64_t> values_;
};

/// Evaluates `e` exactly; throws IRError naming the first leaf without a
/// value, OverflowError on int64 overflow.
int64_t evaluate(AffineExpr e, const Valuation &values);

/// Calls `fn` on every distinct leaf (Index / Param / RuntimeValue) of `e`,
/// in the deterministic order of first occurrence in a left-to-right walk.
void forEachLeaf(AffineExpr e, const std::function<void(AffineExpr)> &fn);

/// `e` with every Index leaf named in `values` replaced by its expression
/// (other leaves kept), rebuilt through the folding builders in `e`'s
/// context; the replacements must live in that context (IRError
/// otherwise). O(size of e) nodes built.
AffineExpr
substituteIndices(AffineExpr e,
                  const std::unordered_map<std::string, AffineExpr> &values);

/// The interning arena. Non-copyable and non-movable (nodes point back to
/// it); hold it by value or through a shared_ptr.
class ExprContext {
public:
  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext &) = delete;
  ExprContext &operator=(const ExprContext &) = delete;

  AffineExpr constant(int64_t value);
  AffineExpr index(std::string_view name);
  AffineExpr param(std::string_view name);
  AffineExpr runtimeValue(std::string_view name);

  /// Sum of the given terms (flattening nested sums, folding constants).
  AffineExpr sum(std::span<const AffineExpr> terms);
  AffineExpr add(AffineExpr a, AffineExpr b);
  AffineExpr sub(AffineExpr a, AffineExpr b);
  AffineExpr neg(AffineExpr a);
  /// coeff * e.
  AffineExpr mult(int64_t coeff, AffineExpr e);
  /// a * b where one side must be constant (NonAffineError otherwise).
  AffineExpr mul(AffineExpr a, AffineExpr b);
  AffineExpr floorDiv(AffineExpr e, int64_t d);
  AffineExpr mod(AffineExpr e, int64_t d);
  AffineExpr ccDiv(AffineExpr e, int64_t d, uint64_t replicaGroupsId);
  AffineExpr ccMod(AffineExpr e, int64_t d, uint64_t replicaGroupsId);

  /// Number of distinct nodes interned so far.
  size_t size() const;

private:
  AffineExpr intern(detail::ExprNode node);
  AffineExpr leaf(ExprKind kind, std::string_view name);
  AffineExpr divLike(ExprKind kind, AffineExpr e, int64_t d, uint64_t rgid);
  void checkOwn(AffineExpr e) const;

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace penguin

template <> struct std::hash<penguin::AffineExpr> {
  size_t operator()(penguin::AffineExpr e) const noexcept {
    return std::hash<const void *>()(e.node());
  }
};

#endif // PENGUIN_AFFINEEXPR_H
