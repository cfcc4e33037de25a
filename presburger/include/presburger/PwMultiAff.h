//===- PwMultiAff.h - Piecewise quasi-affine functions ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A function defined on a union of pieces, each a set of the domain space
// with one MultiAff (isl's isl_pw_multi_aff); the pieces' domains are
// pairwise disjoint, and outside them the function is undefined:
//
//   { [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }
//   [n] -> { [(n), (0)] : n > 0 }                 (a function of n only)
//
// The exact conversions to and from relations: fromRelation reads a
// single-valued relation's outputs off its equalities (through
// divisions and existentials), toRelation gives the graph. Values:
// copyable, small.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_PWMULTIAFF_H
#define PRESBURGER_PWMULTIAFF_H

#include "presburger/MultiAff.h"

#include <optional>
#include <string>
#include <vector>

namespace presburger {

class PwAff;

class PwMultiAff {
public:
  /// One piece: the function `ma` on the set `domain` (of the domain
  /// space).
  struct Piece {
    Relation domain;
    MultiAff ma;
  };

  /// The function defined nowhere, from the params space to `[]`.
  PwMultiAff() = default;
  /// The function defined nowhere from `domain` (set or params space) to
  /// the tuple `range`.
  PwMultiAff(Space domain, Tuple range);
  /// `ma` on its whole domain space.
  PwMultiAff(const MultiAff &ma);
  /// `ma` restricted to the set `domain`.
  PwMultiAff(Relation domain, const MultiAff &ma);

  /// The exact function whose graph is `r`: for a relation A -> B, a
  /// function from A to B; for a set, a function of the parameters (a
  /// params domain) to the set's tuple. Each disjunct's outputs are read
  /// off its equalities (solved one unknown at a time, through divisions
  /// and existentials, an equality c*y = e giving y = floor(e/c)); a
  /// disjunct where that does not determine every output is its own
  /// lexicographic minimum, whose pieces the parametric solver writes out
  /// (exponential in the worst case; charges the work budget). Pieces are
  /// made disjoint by subtracting earlier domains they meet, and pieces
  /// with the same expression merged. Throws InvalidArgument when `r` is
  /// not single-valued (one isSingleValued test).
  static PwMultiAff fromRelation(const Relation &r);
  /// fromRelation for a relation known to be single-valued (no test).
  static PwMultiAff fromSingleValued(const Relation &r);

  /// The domain space, the range tuple and the function's space (see
  /// MultiAff::space).
  const Space &domainSpace() const { return domain_; }
  const Tuple &rangeTuple() const { return range_; }
  Space space() const;
  unsigned numOutputs() const { return range_.numDims(); }
  const std::vector<Piece> &pieces() const { return pieces_; }
  unsigned numPieces() const { return unsigned(pieces_.size()); }
  /// Output `i` as a piecewise expression (same pieces).
  PwAff pwAff(unsigned i) const;

  /// The union of the pieces' domains.
  Relation domain() const;
  /// The graph {x -> f(x) : x in the domain} (for a params domain, the set
  /// of the values); exact, one disjunct per piece disjunct.
  Relation toRelation() const;
  /// The outputs at `point` (parameters, then domain dimensions), nullopt
  /// outside the domain. One containment test per piece.
  std::optional<std::vector<Int>> eval(const Point &point) const;
  /// The function restricted to the points of the set `set`.
  PwMultiAff intersectDomain(const Relation &set) const;
  /// Adds a piece (its domain must not meet the existing ones; not
  /// checked).
  void addPiece(Relation domain, MultiAff ma);

  /// Output-wise sum and difference on the intersection of the domains
  /// (isl's isl_pw_multi_aff_add, _sub): one piece per pair of pieces whose
  /// domains meet (one emptiness test per pair); the same domain and range
  /// tuples, else SpaceError.
  PwMultiAff add(const PwMultiAff &o) const;
  PwMultiAff sub(const PwMultiAff &o) const;
  /// Piecewise negation and integer multiple (isl's _neg, _scale_val).
  PwMultiAff neg() const;
  PwMultiAff scale(const Int &k) const;
  /// isl's isl_pw_multi_aff_union_add: the sum where both are defined,
  /// each operand's value where only it is. add plus two domain
  /// differences.
  PwMultiAff unionAdd(const PwMultiAff &o) const;
  /// The outputs of this then those of `o`, on the intersection of the
  /// domains (pairs of pieces as add): to the wrapped tuple [R1 -> R2]
  /// (isl's isl_pw_multi_aff_range_product), or to one anonymous flat
  /// tuple (isl_pw_multi_aff_flat_range_product).
  PwMultiAff rangeProduct(const PwMultiAff &o) const;
  PwMultiAff flatRangeProduct(const PwMultiAff &o) const;

  /// x -> this(ma(x)) on {x : ma(x) in the domain}: one pullback and one
  /// preimage per piece. With a piecewise `f`: piece by piece of both.
  PwMultiAff pullback(const MultiAff &ma) const;
  PwMultiAff pullback(const PwMultiAff &f) const;

  /// The same parameters in the order `params` (a superset).
  void alignParams(const std::vector<std::string> &params);

  /// isl notation, `{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }`, as
  /// isl prints an isl_pw_multi_aff. Defined by the text layer.
  std::string toString() const;

private:
  Space domain_;
  Tuple range_;
  std::vector<Piece> pieces_;
};

/// {x : f(x) in set} for a function `f` into the set's tuple (isl's
/// isl_set_preimage_multi_aff / _pw_multi_aff); exact.
Relation preimage(const Relation &set, const MultiAff &f);
Relation preimage(const Relation &set, const PwMultiAff &f);
/// {x -> y : f(x) -> y in rel} (isl's isl_map_preimage_domain_*) and
/// {x -> y : x -> f(y) in rel} (isl_map_preimage_range_*); exact.
Relation preimageDomain(const Relation &rel, const PwMultiAff &f);
Relation preimageRange(const Relation &rel, const PwMultiAff &f);

} // namespace presburger

#endif // PRESBURGER_PWMULTIAFF_H
