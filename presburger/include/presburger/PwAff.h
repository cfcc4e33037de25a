//===- PwAff.h - Piecewise quasi-affine expressions -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An expression defined on a union of pieces, each a set of the domain
// space with one Aff (isl's isl_pw_aff); the pieces' domains are pairwise
// disjoint:
//
//   [n] -> { [i] -> [(n + floor((i)/2))] : i >= 0 }
//   { [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }
//
// Arithmetic follows isl: a binary operation is defined where both
// operands are (the intersection of the domains), min and max are
// piecewise (each operand on the part where it wins), and the comparisons
// give the set of domain points where both are defined and the relation
// holds. Values: copyable, small.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_PWAFF_H
#define PRESBURGER_PWAFF_H

#include "presburger/PwMultiAff.h"

#include <optional>
#include <string>
#include <vector>

namespace presburger {

class PwAff {
public:
  /// One piece: `aff` on the set `domain`.
  struct Piece {
    Relation domain;
    Aff aff;
  };

  /// The expression defined nowhere on the params space.
  PwAff() = default;
  /// The expression defined nowhere on `domain` (set or params space).
  explicit PwAff(Space domain);
  /// `aff` on its whole domain space.
  PwAff(const Aff &aff);
  /// `aff` restricted to the set `domain`.
  PwAff(Relation domain, const Aff &aff);
  /// The single output of `f` (InvalidArgument unless it has one).
  static PwAff fromPwMultiAff(const PwMultiAff &f);
  /// The expression whose graph is the relation `r` (one output; see
  /// PwMultiAff::fromRelation for the method and the errors).
  static PwAff fromRelation(const Relation &r);

  const Space &domainSpace() const { return domain_; }
  const std::vector<Piece> &pieces() const { return pieces_; }
  unsigned numPieces() const { return unsigned(pieces_.size()); }
  /// The union of the pieces' domains.
  Relation domain() const;
  /// As a function with one anonymous output.
  PwMultiAff toPwMultiAff() const;
  /// The graph (see PwMultiAff::toRelation).
  Relation toRelation() const;
  /// The value at `point` (parameters, then domain dimensions), nullopt
  /// outside the domain.
  std::optional<Int> eval(const Point &point) const;
  /// The expression restricted to the set `set`.
  PwAff intersectDomain(const Relation &set) const;
  /// Adds a piece (its domain must not meet the existing ones; not
  /// checked).
  void addPiece(Relation domain, Aff aff);

  /// Sum and difference on the intersection of the domains (isl's add,
  /// sub): one piece per pair of pieces whose domains meet (one emptiness
  /// test per pair).
  PwAff add(const PwAff &o) const;
  PwAff sub(const PwAff &o) const;
  /// Piecewise negation, integer multiple, floor(this / d) and this mod d
  /// (d > 0).
  PwAff neg() const;
  PwAff scale(const Int &k) const;
  PwAff floorDiv(const Int &d) const;
  PwAff mod(const Int &d) const;
  /// The smaller (larger) of the two values, on the intersection of the
  /// domains: each pair of pieces splits into the part where the first
  /// operand wins (ties included) and the part where the second one does.
  PwAff min(const PwAff &o) const;
  PwAff max(const PwAff &o) const;
  /// isl's union_add, union_min, union_max: the sum (min, max) where both
  /// are defined, each operand's value where only it is. As add (min, max)
  /// plus two domain differences.
  PwAff unionAdd(const PwAff &o) const;
  PwAff unionMin(const PwAff &o) const;
  PwAff unionMax(const PwAff &o) const;

  /// The set of domain points where both are defined and this <= o (and
  /// so on); a params set for a params domain. Exact; one basic set per
  /// pair of pieces (two for ne), empty ones dropped.
  Relation leSet(const PwAff &o) const;
  Relation ltSet(const PwAff &o) const;
  Relation geSet(const PwAff &o) const;
  Relation gtSet(const PwAff &o) const;
  Relation eqSet(const PwAff &o) const;
  Relation neSet(const PwAff &o) const;
  /// The points of the domain where the value is >= 0 (isl's
  /// nonneg_set), = 0 (zero_set).
  Relation nonNegativeSet() const;
  Relation zeroSet() const;

  /// x -> this(ma(x)) on {x : ma(x) in the domain}.
  PwAff pullback(const MultiAff &ma) const;
  PwAff pullback(const PwMultiAff &f) const;

  /// The same parameters in the order `params` (a superset).
  void alignParams(const std::vector<std::string> &params);

  /// isl notation, as isl prints an isl_pw_aff. Defined by the text layer.
  std::string toString() const;

private:
  Space domain_;
  std::vector<Piece> pieces_;
};

} // namespace presburger

#endif // PRESBURGER_PWAFF_H
