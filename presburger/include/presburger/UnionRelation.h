//===- UnionRelation.h - Relations over several spaces ----------*- C++ -*-===//
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

  const std::vector<std::string> &paramNames() const { return params_; }
  /// The pieces, one per space, sorted by tuples.
  const std::vector<Relation> &pieces() const { return pieces_; }
  unsigned numPieces() const { return unsigned(pieces_.size()); }
  bool isEmptyUnion() const { return pieces_.empty(); }

  /// Adds the points of `r` (merging with the piece of the same space).
  void add(Relation r);
  /// The piece in the space of `space`'s tuples, if any.
  const Relation *find(const Space &space) const;
  /// Aligns every piece to `params`, a superset of the current list.
  void alignParams(const std::vector<std::string> &params);

  /// True when every piece is a set (or there is none).
  bool isSetUnion() const;
  /// True when every piece is a relation (or there is none).
  bool isRelationUnion() const;
  /// True when the only piece is a params set.
  bool isParamsUnion() const;

  UnionRelation unite(const UnionRelation &other) const;
  UnionRelation intersect(const UnionRelation &other) const;
  UnionRelation subtract(const UnionRelation &other) const;
  bool isEmpty() const;
  bool isSubsetOf(const UnionRelation &other) const;
  bool isEqual(const UnionRelation &other) const;
  bool isDisjoint(const UnionRelation &other) const;
  /// Relation::coalesce applied to every piece.
  UnionRelation coalesce() const;

  //===--------------------------------------------------------------------===//
  // Relation algebra over unions (UnionAlgebra.cpp): each operation acts on
  // the pieces whose tuples fit, as isl's union_map operations do; pieces
  // that have no partner are left out of the result.
  //===--------------------------------------------------------------------===//
  UnionRelation reverse() const;
  UnionRelation domain() const;
  UnionRelation range() const;
  /// Pieces whose domain and range tuples are equal, as {y - x}.
  UnionRelation deltas() const;
  UnionRelation wrap() const;
  UnionRelation unwrap() const;
  /// The union of the params sets of the pieces.
  UnionRelation params() const;
  /// {x -> z : x -> y in this, y -> z in other}.
  UnionRelation applyRange(const UnionRelation &other) const;
  UnionRelation applyDomain(const UnionRelation &other) const;
  /// For union sets: the image under the union relation `rel`.
  UnionRelation apply(const UnionRelation &rel) const;
  UnionRelation intersectDomain(const UnionRelation &set) const;
  UnionRelation intersectRange(const UnionRelation &set) const;
  /// Pairwise cartesian products (see Relation::product).
  UnionRelation product(const UnionRelation &other) const;
  UnionRelation domainProduct(const UnionRelation &other) const;
  UnionRelation rangeProduct(const UnionRelation &other) const;
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
  UnionRelation lexmin() const;
  UnionRelation lexmax() const;
  /// gist per piece, against the context piece of the same space; pieces
  /// without a context piece are dropped (isl's union gist). A union
  /// relation may also be gisted by a union set on its domain, or by a
  /// params set.
  UnionRelation gist(const UnionRelation &context) const;
  bool isSingleValued() const;
  bool isInjective() const;
  bool isBijective() const;
  bool isUniverse() const;
  /// A point of some piece, as a union holding one point, or the empty
  /// union.
  UnionRelation sample() const;

  /// The hulls of every piece (see the Relation methods of the same names;
  /// all are over-approximations). Pieces whose hull is empty disappear.
  UnionRelation convexHull() const;
  UnionRelation polyhedralHull() const;
  UnionRelation simpleHull() const;
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

  /// isl notation (see Printer.h).
  std::string toString() const;

private:
  std::vector<std::string> params_;
  std::vector<Relation> pieces_;
};

/// Aligns both unions to the union of their parameter lists.
void alignParams(UnionRelation &a, UnionRelation &b);

} // namespace presburger

#endif // PRESBURGER_UNIONRELATION_H
