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
