//===- UnionRelation.h - Relations over several spaces ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A union relation (or union set) maps each space to a relation in that
// space: isl's isl_union_map / isl_union_set, as written
// `{ A[i] : i >= 0; B[i, j] : i < j }`. All pieces share one parameter list
// (aligned by name). Pieces are kept sorted by their tuples so that printing
// is canonical; a piece is never empty in the sense of having no disjunct.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_UNIONRELATION_H
#define PRESBURGER_UNIONRELATION_H

#include "presburger/Relation.h"

#include <optional>
#include <string>
#include <vector>

namespace presburger {

class UnionRelation {
public:
  /// The empty union with the given parameters.
  explicit UnionRelation(std::vector<std::string> params = {});
  /// The union holding `r` (an empty `r` gives an empty union with r's
  /// parameters, remembering nothing of its tuples).
  UnionRelation(Relation r);

  /// The parameters, shared by every piece.
  const std::vector<std::string> &paramNames() const { return params_; }
  /// The pieces, one per space, sorted by tuples.
  const std::vector<Relation> &pieces() const { return pieces_; }
  unsigned numPieces() const { return unsigned(pieces_.size()); }
  /// Whether there is no piece (a syntactic test: a piece whose disjuncts
  /// have no integer point still counts; isEmpty decides).
  bool isEmptyUnion() const { return pieces_.empty(); }

  /// Adds the points of `r` (merging with the piece of the same space).
  void add(Relation r);
  /// The piece in the space of `space`'s tuples, if any (binary search).
  const Relation *find(const Space &space) const;
  /// Aligns every piece to `params`, a superset of the current list.
  void alignParams(const std::vector<std::string> &params);

  /// True when every piece is a set (or there is none).
  bool isSetUnion() const;
  /// True when every piece is a relation (or there is none).
  bool isRelationUnion() const;
  /// True when the only piece is a params set.
  bool isParamsUnion() const;

  /// The points of both: pieces of the same space are united
  /// (Relation::unite: disjuncts concatenated, copies and disjuncts inside
  /// others dropped), the others kept. One merge of the two sorted piece
  /// lists: linear in the size of both.
  UnionRelation unite(const UnionRelation &other) const;
  /// The points in both: pieces of the same space intersected
  /// (Relation::intersect), the others dropped. `{ A[i] : i >= 0; B[j] }`
  /// with `{ A[i] : i < 5 }` gives `{ A[i] : 0 <= i <= 4 }`.
  UnionRelation intersect(const UnionRelation &other) const;
  /// The points of this union not in `other`: each piece minus the piece of
  /// `other` in its space (Relation::subtract; exponential in the worst
  /// case), pieces without a counterpart kept.
  UnionRelation subtract(const UnionRelation &other) const;
  /// Whether no piece has an integer point (Relation::isEmpty per piece).
  bool isEmpty() const;
  /// Whether every point of this union is in `other`: each piece is a
  /// subset of the piece of `other` in its space (Relation::isSubsetOf:
  /// cheap tests first, then a difference), a piece without a counterpart
  /// is empty.
  bool isSubsetOf(const UnionRelation &other) const;
  /// Whether both hold the same points: two isSubsetOf tests.
  bool isEqual(const UnionRelation &other) const;
  /// Whether no point is in both: the intersection is empty.
  bool isDisjoint(const UnionRelation &other) const;
  /// Relation::coalesce applied to every piece.
  UnionRelation coalesce() const;

  //===--------------------------------------------------------------------===//
  // Relation algebra over unions (UnionAlgebra.cpp): each operation acts on
  // the pieces whose tuples fit, as isl's union_map operations do; pieces
  // that have no partner are left out of the result.
  //===--------------------------------------------------------------------===//
  /// Relation::reverse of every relation piece.
  UnionRelation reverse() const;
  /// The domains of the relation pieces (pieces of one domain tuple
  /// united): `{ A[i] -> B[j] : j = i; A[i] -> C[] : i > 3 }` gives `{ A[i] }`.
  UnionRelation domain() const;
  /// The ranges of the relation pieces.
  UnionRelation range() const;
  /// Pieces whose domain and range tuples are equal, as {y - x}.
  UnionRelation deltas() const;
  /// Every relation piece A -> B as the set [A -> B].
  UnionRelation wrap() const;
  /// Every wrapped set piece [A -> B] as the relation A -> B; set pieces
  /// that are not wrapped relations are dropped (as isl does). SpaceError
  /// when a piece is a relation.
  UnionRelation unwrap() const;
  /// The union of the params sets of the pieces.
  UnionRelation params() const;
  /// {x -> z : x -> y in this, y -> z in other}: Relation::applyRange on
  /// every pair of pieces whose middle tuples agree (one composition per
  /// pair).
  UnionRelation applyRange(const UnionRelation &other) const;
  /// {z -> y : x -> y in this, x -> z in other}, on every pair of pieces
  /// whose domain tuples agree.
  UnionRelation applyDomain(const UnionRelation &other) const;
  /// For union sets: the image under the union relation `rel`.
  UnionRelation apply(const UnionRelation &rel) const;
  /// Every relation piece restricted on its domain to the set piece of the
  /// same tuple (pieces without one are dropped).
  UnionRelation intersectDomain(const UnionRelation &set) const;
  /// Every relation piece restricted on its range to the set piece of the
  /// same tuple.
  UnionRelation intersectRange(const UnionRelation &set) const;
  /// Pairwise cartesian products (see Relation::product).
  UnionRelation product(const UnionRelation &other) const;
  /// Relation::domainProduct of every pair of pieces with the same range
  /// tuple.
  UnionRelation domainProduct(const UnionRelation &other) const;
  /// Relation::rangeProduct of every pair of pieces with the same domain
  /// tuple.
  UnionRelation rangeProduct(const UnionRelation &other) const;

  //===--------------------------------------------------------------------===//
  // Reshaping over unions (UnionReshape.cpp), as isl's union_map versions:
  // the unary operations apply the Relation method to the pieces that have
  // the nesting it needs and leave the others out (curry of
  // `{ [A[] -> B[]] -> C[]; D[] -> E[] }` is `{ A[] -> [B[] -> C[]] }`);
  // domainMap and rangeMap take every piece and throw SpaceError on a set.
  // Pieces whose results fall in one space are united. Costs as the
  // Relation methods, summed over the pieces (or pairs).
  //===--------------------------------------------------------------------===//

  /// Relation::domainMap of every piece: {[x -> y] -> x}.
  UnionRelation domainMap() const;
  /// Relation::rangeMap of every piece: {[x -> y] -> y}.
  UnionRelation rangeMap() const;
  /// Relation::curry of the pieces with a nested domain.
  UnionRelation curry() const;
  /// Relation::uncurry of the pieces with a nested range.
  UnionRelation uncurry() const;
  /// Relation::zip of the pieces with both sides nested.
  UnionRelation zip() const;
  /// Relation::rangeFactorDomain of the pieces with a nested range.
  UnionRelation rangeFactorDomain() const;
  /// Relation::rangeFactorRange of the pieces with a nested range.
  UnionRelation rangeFactorRange() const;
  /// Relation::domainFactorDomain of the pieces with a nested domain.
  UnionRelation domainFactorDomain() const;
  /// Relation::domainFactorRange of the pieces with a nested domain.
  UnionRelation domainFactorRange() const;
  /// Relation::factorDomain of the pieces with both sides nested.
  UnionRelation factorDomain() const;
  /// Relation::factorRange of the pieces with both sides nested.
  UnionRelation factorRange() const;
  /// Relation::flatDomainProduct of every pair of pieces with the same
  /// range tuple.
  UnionRelation flatDomainProduct(const UnionRelation &other) const;
  /// Relation::flatRangeProduct of every pair of pieces with the same
  /// domain tuple.
  UnionRelation flatRangeProduct(const UnionRelation &other) const;
  /// The union relation from every piece of this union set to every piece
  /// of `other` (iscc's `a -> b`).
  UnionRelation universeTo(const UnionRelation &other) const;
  /// The identity on each piece of a union set.
  UnionRelation identity() const;
  /// The universe of each piece's space.
  UnionRelation universe() const;
  /// Lexicographic order between union sets (pieces with the same tuple)
  /// or union relations (pieces with the same range tuple).
  UnionRelation lexOrderTo(const UnionRelation &other, LexOrder op) const;
  /// Relation::lexmin of every piece: per space, exact and piecewise
  /// (parametric integer programming, exponential in the worst case).
  UnionRelation lexmin() const;
  /// Relation::lexmax of every piece.
  UnionRelation lexmax() const;
  /// gist per piece, against the context piece of the same space; pieces
  /// without a context piece are dropped (isl's union gist). A union
  /// relation may also be gisted by a union set on its domain, or by a
  /// params set.
  UnionRelation gist(const UnionRelation &context) const;
  /// Whether each domain point has at most one image, across pieces too:
  /// the composition of the reverse with the union must stay inside the
  /// identity (one composition and one subset test per pair of pieces).
  bool isSingleValued() const;
  /// Whether each range point has at most one preimage: the reverse is
  /// single-valued.
  bool isInjective() const;
  /// Single-valued and injective.
  bool isBijective() const;
  /// Whether every piece is the universe of its space (one complement per
  /// piece). A union holds only the spaces of its pieces.
  bool isUniverse() const;
  /// A point of some piece, as a union holding one point, or the empty
  /// union.
  UnionRelation sample() const;

  /// The hulls of every piece (see the Relation methods of the same names;
  /// all are over-approximations). Pieces whose hull is empty disappear.
  /// Relation::convexHull of every piece.
  UnionRelation convexHull() const;
  /// Relation::polyhedralHull of every piece.
  UnionRelation polyhedralHull() const;
  /// Relation::simpleHull of every piece.
  UnionRelation simpleHull() const;
  /// Relation::affineHull of every piece.
  UnionRelation affineHull() const;
  /// Over-approximation: Relation::removeDivs on every piece.
  UnionRelation removeDivs() const;

  /// Applies `f` to every piece, keeping the non-empty results.
  template <typename F> UnionRelation map(F f) const {
    UnionRelation out(params_);
    for (const Relation &r : pieces_)
      out.add(f(r));
    return out;
  }

  /// isl notation, as printUnionRelation (Printer.h) writes it. Defined by
  /// the text layer.
  std::string toString() const;

private:
  std::vector<std::string> params_;
  std::vector<Relation> pieces_;
};

/// Aligns both unions to the union of their parameter lists.
void alignParams(UnionRelation &a, UnionRelation &b);

} // namespace presburger

#endif // PRESBURGER_UNIONRELATION_H
