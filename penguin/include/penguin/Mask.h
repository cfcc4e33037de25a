//===- Mask.h - The mask / predicate algebra --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A NKI-style mask is never a boolean: comparisons of indices build objects,
// and &, | and ~ combine them into an object graph that lowers, at the end,
// to a tuple of tuples of AffinePredicate (a disjunction of mutually
// disjoint AND-terms). Two families mirror the seed's eleven classes:
//
//   tile family (per element of an NDTile)    scalar family (no tile)
//     EQTileMask            leaf               EQScalarPredicate
//     TileMaskIntersection  AND                ScalarPredicateIntersection
//     (no tile union: OR is scalar-only)       ScalarPredicateUnion  OR + DNF
//     AlwaysTrueMask        top                AlwaysTruePredicate
//     AlwaysFalseMask       bottom             AlwaysFalsePredicate
//
// `Mask` is the value type (an immutable node behind a shared_ptr; copies
// are cheap and share). The class names above are constructors: each is a
// Mask whose kind() says which class it is. A default-constructed Mask is
// the abstract base `mask`: every query on it throws the seeds' "... not
// implemented for base mask" errors.
//
// Operators (docs/penguin-ir.md, "Mask algebra", for the full table):
//   a & b   tile & tile -> TileMaskIntersection (tiles aligned); otherwise
//           ScalarPredicateIntersection. x & top = x, x & bottom = bottom.
//   a | b   bottom | x = x, x | bottom = x, top | x = top, x | top = top;
//           otherwise a ScalarPredicateUnion (tile operands are demoted to
//           the scalar family: there is no tile union).
//   ~a      leaves flip (e >= 0 -> -e - 1 >= 0; e == 0 -> a union of
//           e - 1 >= 0 and -e - 1 >= 0); De Morgan on combinators;
//           ~top = bottom, ~bottom = top.
//   ==, !=  deleted at compile time; the dynamic path (applyMaskOperator)
//           throws the seed's err_mask_not_equal_not_supported.
// Smart constructors flatten nested combinators of the same kind, apply the
// lattice constants and drop structurally identical operands (x & x = x).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_MASK_H
#define PENGUIN_MASK_H

#include "penguin/AffinePredicate.h"
#include "penguin/Tile.h"

#include <concepts>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace penguin {

enum class MaskKind {
  EQTileMask,
  TileMaskIntersection,
  AlwaysTrueMask,
  AlwaysFalseMask,
  EQScalarPredicate,
  ScalarPredicateUnion,
  ScalarPredicateIntersection,
  AlwaysTruePredicate,
  AlwaysFalsePredicate,
};
std::string_view toString(MaskKind kind);

enum class MaskFamily { Tile, Scalar };

/// How `predicates()` emits equalities: as they are, or as two GE
/// predicates each (for consumers that only accept GE).
enum class EqForm { Keep, NormalizeToGe };

/// Upper bound on the number of AND-terms the disjoint-intersection
/// enumeration may hold at once before throwing LimitExceeded.
inline constexpr size_t kMaxDisjointTerms = 1u << 16;

namespace detail {
struct MaskNode;
}

class Mask {
public:
  /// The abstract base mask (see the file comment).
  Mask() = default;

  bool isBase() const { return node_ == nullptr; }
  MaskKind kind() const;
  MaskFamily family() const;
  bool isTile() const { return family() == MaskFamily::Tile; }
  bool isScalar() const { return family() == MaskFamily::Scalar; }
  /// AlwaysTrueMask / AlwaysTruePredicate.
  bool isTopConstant() const;
  /// AlwaysFalseMask / AlwaysFalsePredicate.
  bool isBottomConstant() const;

  /// The predicate of a leaf (EQTileMask / EQScalarPredicate).
  const AffinePredicate &predicate() const;
  /// The operands of a combinator (empty for leaves and constants).
  const std::vector<Mask> &operands() const;
  /// The tile of a tile-family mask ("tile not implemented for base index
  /// predicate" on the base; MaskError on a scalar predicate).
  const NDTile &tile() const;
  std::vector<int64_t> shape() const;

  // The two-level enumeration ------------------------------------------------
  /// Mutually disjoint AND-terms whose union is this mask, each an
  /// intersection of leaves of this mask's family (TileMaskIntersection /
  /// ScalarPredicateIntersection), or the family's top constant for the
  /// empty conjunction. Empty AND-terms that the exact parallel-bounds check
  /// proves infeasible are dropped. Throws LimitExceeded beyond
  /// kMaxDisjointTerms terms.
  std::vector<Mask> enumerateDisjointIntersections() const;
  /// The same for ~this (the seed's enumerate_invert_disjoint_intersections).
  std::vector<Mask> enumerateInvertDisjointIntersections() const;
  /// The AND-conjuncts of one intersection term. On a mask whose disjoint
  /// form has more than one term: MaskError.
  std::vector<AffinePredicate> enumerateIntersectionPredicates() const;
  /// The lowering: one tuple of AffinePredicate per disjoint term.
  std::vector<std::vector<AffinePredicate>>
  predicates(EqForm form = EqForm::Keep) const;
  /// True when the disjoint form has no term (proven empty). A false result
  /// means "not proven empty" (the exact engine check comes later).
  bool isAlwaysFalse() const;

  /// The truth of the mask at a point (direct recursive semantics; used to
  /// check the enumeration).
  bool evaluate(const Valuation &values) const;

  // Tile adapters ----------------------------------------------------------
  /// The seed's as_tile: the mask's NDTile.
  NDTile asTile() const;
  /// Broadcasts a tile mask onto `target` (every own axis must be in the
  /// target with the same extent or extent 1).
  Mask broadcastTile(const NDTile &target) const;
  /// Keeps only the axes whose indices are listed; the mask must not depend
  /// on a dropped axis.
  Mask projectTile(std::span<const AffineExpr> keep) const;
  /// Both masks broadcast onto combineTileWith(tile(), other.tile()).
  std::pair<Mask, Mask> alignTile(const Mask &other) const;
  /// The seed's _promote_to_mask: a tile mask over `tile` (tile masks are
  /// broadcast; constants map to their tile duals; a union is promotable
  /// only when its disjoint form has at most one term).
  Mask promoteToMask(const NDTile &tile) const;
  /// The same structure in the scalar family (tile dropped).
  Mask toScalar() const;

  /// A readable rendering, e.g. "(i - 10 >= 0) & (j >= 0)".
  std::string str() const;
  /// Object identity (the same node), for the lattice-law tests.
  bool isSameObject(const Mask &o) const { return node_ == o.node_; }

  /// Internal: wraps a node.
  explicit Mask(std::shared_ptr<const detail::MaskNode> node)
      : node_(std::move(node)) {}

protected:
  const detail::MaskNode &checked(const char *what) const;
  std::shared_ptr<const detail::MaskNode> node_;
};

/// Masks are not value-comparable.
bool operator==(const Mask &, const Mask &) = delete;
bool operator!=(const Mask &, const Mask &) = delete;

Mask operator&(const Mask &a, const Mask &b);
Mask operator|(const Mask &a, const Mask &b);
Mask operator~(const Mask &a);

/// The reflected operators of the seed (pyconst & pred): a bool becomes the
/// top/bottom constant of the other operand's family.
template <std::same_as<bool> B> Mask operator&(B lhs, const Mask &rhs);
template <std::same_as<bool> B> Mask operator&(const Mask &lhs, B rhs);
template <std::same_as<bool> B> Mask operator|(B lhs, const Mask &rhs);
template <std::same_as<bool> B> Mask operator|(const Mask &lhs, B rhs);
/// The constant `value` of `family` (tile constants get `tile`).
Mask constantMask(bool value, MaskFamily family, const NDTile &tile = {});

/// The seed's error for == / != on masks.
inline constexpr const char *kMaskNotEqualNotSupported =
    "err_mask_not_equal_not_supported: masks cannot be compared with == or "
    "!=; combine them with &, | and ~";

/// The dynamic operator dispatch a front end uses (the text parser does).
enum class MaskOperator { And, Or, Equal, NotEqual };
Mask applyMaskOperator(MaskOperator op, const Mask &a, const Mask &b);

// The named classes ---------------------------------------------------------

/// A checked view of a tile-family mask.
class TileMask : public Mask {
public:
  explicit TileMask(const Mask &m);
};
class EQTileMask : public TileMask {
public:
  /// tile_index >= k / == k: `pred` must be exact and mention only indices
  /// that are axes of `tile`.
  EQTileMask(NDTile tile, AffinePredicate pred);
};
class TileMaskIntersection : public TileMask {
public:
  /// The raw AND node over tile masks (tiles aligned to a common frame).
  explicit TileMaskIntersection(std::vector<Mask> operands);
  /// The smart constructor (flatten, constants, dedupe, align).
  static Mask create(std::vector<Mask> operands);
};
class AlwaysTrueMask : public TileMask {
public:
  explicit AlwaysTrueMask(NDTile tile = {});
};
class AlwaysFalseMask : public TileMask {
public:
  explicit AlwaysFalseMask(NDTile tile = {});
};

/// A checked view of a scalar-family predicate.
class ScalarPredicate : public Mask {
public:
  explicit ScalarPredicate(const Mask &m);
};
class EQScalarPredicate : public ScalarPredicate {
public:
  explicit EQScalarPredicate(AffinePredicate pred);
};
class ScalarPredicateUnion : public ScalarPredicate {
public:
  /// The raw OR node (tile operands are demoted to scalar).
  explicit ScalarPredicateUnion(std::vector<Mask> operands);
  /// The seed's `create` smart constructor.
  static Mask create(std::vector<Mask> operands);
};
class ScalarPredicateIntersection : public ScalarPredicate {
public:
  explicit ScalarPredicateIntersection(std::vector<Mask> operands);
  static Mask create(std::vector<Mask> operands);
};
class AlwaysTruePredicate : public ScalarPredicate {
public:
  AlwaysTruePredicate();
};
class AlwaysFalsePredicate : public ScalarPredicate {
public:
  AlwaysFalsePredicate();
};

// Index wrappers whose comparisons build masks ---------------------------

/// An affine expression over the axes of a tile. Comparisons give
/// EQTileMask leaves (`!=` gives the union ~(a == b)).
class TileIndex {
public:
  TileIndex(NDTile tile, AffineExpr expr);
  /// The index of axis `k` of `tile`.
  static TileIndex axis(const NDTile &tile, size_t k);
  const NDTile &tile() const { return tile_; }
  AffineExpr expr() const { return expr_; }

  friend TileIndex operator+(const TileIndex &a, int64_t c);
  friend TileIndex operator-(const TileIndex &a, int64_t c);
  friend TileIndex operator*(const TileIndex &a, int64_t c);
  friend TileIndex operator+(const TileIndex &a, AffineExpr e);
  friend TileIndex operator-(const TileIndex &a, AffineExpr e);

  friend Mask operator>=(const TileIndex &a, AffineExpr b);
  friend Mask operator>(const TileIndex &a, AffineExpr b);
  friend Mask operator<=(const TileIndex &a, AffineExpr b);
  friend Mask operator<(const TileIndex &a, AffineExpr b);
  friend Mask operator==(const TileIndex &a, AffineExpr b);
  friend Mask operator!=(const TileIndex &a, AffineExpr b);
  friend Mask operator>=(const TileIndex &a, int64_t b);
  friend Mask operator>(const TileIndex &a, int64_t b);
  friend Mask operator<=(const TileIndex &a, int64_t b);
  friend Mask operator<(const TileIndex &a, int64_t b);
  friend Mask operator==(const TileIndex &a, int64_t b);
  friend Mask operator!=(const TileIndex &a, int64_t b);

private:
  NDTile tile_;
  AffineExpr expr_;
};

/// An affine expression whose comparisons give EQScalarPredicate leaves.
class ScalarIndex {
public:
  explicit ScalarIndex(AffineExpr expr);
  AffineExpr expr() const { return expr_; }

  friend Mask operator>=(const ScalarIndex &a, AffineExpr b);
  friend Mask operator>(const ScalarIndex &a, AffineExpr b);
  friend Mask operator<=(const ScalarIndex &a, AffineExpr b);
  friend Mask operator<(const ScalarIndex &a, AffineExpr b);
  friend Mask operator==(const ScalarIndex &a, AffineExpr b);
  friend Mask operator!=(const ScalarIndex &a, AffineExpr b);
  friend Mask operator>=(const ScalarIndex &a, int64_t b);
  friend Mask operator>(const ScalarIndex &a, int64_t b);
  friend Mask operator<=(const ScalarIndex &a, int64_t b);
  friend Mask operator<(const ScalarIndex &a, int64_t b);
  friend Mask operator==(const ScalarIndex &a, int64_t b);
  friend Mask operator!=(const ScalarIndex &a, int64_t b);

private:
  AffineExpr expr_;
};

// Consumers ------------------------------------------------------------------

/// The seed's guard message (followed by the count).
inline constexpr const char *kAffineSelectMessage =
    "'affine_select' only supports single predicate, was provided ";

/// The predicate an affine_select is masked by: the lowering of `mask` must
/// be exactly one term with exactly one predicate; otherwise MaskError
/// "'affine_select' only supports single predicate, was provided N" where N
/// is the total number of predicates in the lowering.
AffinePredicate affineSelectPredicate(const Mask &mask);

// Template definitions -------------------------------------------------------

template <std::same_as<bool> B> Mask operator&(B lhs, const Mask &rhs) {
  return constantMask(lhs, rhs.family(), rhs.isTile() ? rhs.tile() : NDTile()) &
         rhs;
}
template <std::same_as<bool> B> Mask operator&(const Mask &lhs, B rhs) {
  return lhs &
         constantMask(rhs, lhs.family(), lhs.isTile() ? lhs.tile() : NDTile());
}
template <std::same_as<bool> B> Mask operator|(B lhs, const Mask &rhs) {
  return constantMask(lhs, rhs.family(), rhs.isTile() ? rhs.tile() : NDTile()) |
         rhs;
}
template <std::same_as<bool> B> Mask operator|(const Mask &lhs, B rhs) {
  return lhs |
         constantMask(rhs, lhs.family(), lhs.isTile() ? lhs.tile() : NDTile());
}

} // namespace penguin

#endif // PENGUIN_MASK_H
