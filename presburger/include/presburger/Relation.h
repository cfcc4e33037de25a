//===- Relation.h - Finite unions of basic relations ------------*- C++ -*-===//
//
// A relation (or set, or params set) is a finite union of basic relations
// that share one space: isl's isl_map / isl_set. All operations are exact
// over the integers. Parameters are aligned by name whenever two relations
// meet, so `[n] -> { [i] : i < n }` and `[m] -> { [i] : i < m }` combine into
// a relation over [n, m].
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_RELATION_H
#define PRESBURGER_RELATION_H

#include "presburger/BasicRelation.h"

#include <optional>
#include <string>
#include <vector>

namespace presburger {

/// A point of a relation: values of the parameters, then the domain and
/// range dimensions (no locals).
using Point = std::vector<Int>;

class Relation {
public:
  /// The empty relation of `space`.
  explicit Relation(Space space = Space());
  /// The relation with the single disjunct `b`.
  Relation(BasicRelation b);

  static Relation empty(Space space) { return Relation(std::move(space)); }
  static Relation universe(Space space);

  const Space &space() const { return space_; }
  bool isSet() const { return space_.isSet(); }
  bool isParams() const { return space_.isParams(); }
  bool isRelation() const { return space_.isRelation(); }
  unsigned numParams() const { return space_.numParams(); }
  unsigned numDomain() const { return space_.numDomain(); }
  unsigned numRange() const { return space_.numRange(); }

  const std::vector<BasicRelation> &disjuncts() const { return disjuncts_; }
  unsigned numDisjuncts() const { return unsigned(disjuncts_.size()); }

  /// Adds the points of `b` (same tuples; parameters aligned by name).
  void addDisjunct(BasicRelation b);
  /// Maps to the parameter list `params`, a superset of the current one.
  void alignParams(const std::vector<std::string> &params);
  /// Replaces the space by one with the same variable counts (renaming
  /// tuples); every disjunct follows.
  void setSpace(const Space &space);

  /// The union (disjuncts are concatenated; no simplification).
  Relation unite(const Relation &other) const;
  /// The intersection (pairwise conjunctions, empty ones dropped).
  Relation intersect(const Relation &other) const;
  /// The points of this relation not in `other`, as disjoint pieces.
  /// Exponential in the number of constraints of `other` in the worst case;
  /// charges the work budget. Locals of `other` must have (or be given, by
  /// detection from their constraints) floor-division definitions; a local
  /// that has none throws InvalidArgument.
  Relation subtract(const Relation &other) const;
  /// The points of the space not in this relation.
  Relation complement() const;

  /// Integer emptiness (exact).
  bool isEmpty() const;
  /// Whether every point of the space is in the relation.
  bool isUniverse() const;
  bool isSubsetOf(const Relation &other) const;
  bool isEqual(const Relation &other) const;
  bool isDisjoint(const Relation &other) const;
  /// Some point of the relation, or nullopt when empty.
  std::optional<Point> samplePoint() const;
  /// Whether `point` (params, domain, range values) is in the relation.
  bool containsPoint(const Point &point) const;

  /// Drops empty disjuncts and normalizes the rest.
  void removeEmptyDisjuncts();

  /// isl notation (see Printer.h).
  std::string toString() const;

private:
  Space space_;
  std::vector<BasicRelation> disjuncts_;
};

/// Aligns both relations to the union of their parameter lists.
void alignParams(Relation &a, Relation &b);

} // namespace presburger

#endif // PRESBURGER_RELATION_H
