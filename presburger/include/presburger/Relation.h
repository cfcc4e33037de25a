//===- Relation.h - Finite unions of basic relations ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
#include "presburger/Hulls.h"

#include <optional>
#include <string>
#include <vector>

namespace presburger {

/// The four lexicographic comparisons.
enum class LexOrder { LT, LE, GT, GE };

class PwAff;
class PwMultiAff;

/// A point of a relation: values of the parameters, then the domain and
/// range dimensions (no locals).
using Point = std::vector<Int>;

class Relation {
public:
  /// The empty relation of `space`.
  explicit Relation(Space space = Space());
  /// The relation with the single disjunct `b`.
  Relation(BasicRelation b);

  /// The relation of `space` with no point (no disjunct).
  static Relation empty(Space space) { return Relation(std::move(space)); }
  /// The relation of `space` with every point (one unconstrained disjunct).
  static Relation universe(Space space);

  /// The space: parameters and tuples.
  const Space &space() const { return space_; }
  /// Whether the space is a set space (one tuple), a params space (no
  /// tuple) or a relation space (domain and range tuples).
  bool isSet() const { return space_.isSet(); }
  bool isParams() const { return space_.isParams(); }
  bool isRelation() const { return space_.isRelation(); }
  /// The number of parameters, domain and range dimensions (a set's tuple
  /// is its range).
  unsigned numParams() const { return space_.numParams(); }
  unsigned numDomain() const { return space_.numDomain(); }
  unsigned numRange() const { return space_.numRange(); }

  /// The basic relations whose union this is (possibly overlapping, possibly
  /// with empty ones: no operation promises a canonical list).
  const std::vector<BasicRelation> &disjuncts() const { return disjuncts_; }
  unsigned numDisjuncts() const { return unsigned(disjuncts_.size()); }

  /// Adds the points of `b` (same tuples; parameters aligned by name).
  void addDisjunct(BasicRelation b);
  /// Maps to the parameter list `params`, a superset of the current one.
  void alignParams(const std::vector<std::string> &params);
  /// Replaces the space by one with the same variable counts (renaming
  /// tuples); every disjunct follows.
  void setSpace(const Space &space);

  /// The union: the disjuncts of both, then those that are copies of
  /// another or syntactically inside another dropped
  /// (removeContainedDisjuncts), so `{ [i] : 0 <= i <= 15 }` united with
  /// `{ [i] : 6 <= i <= 7 }` is `{ [i] : 0 <= i <= 15 }`. Linear in the
  /// size of both (up to sorting each disjunct's rows); no LP.
  Relation unite(const Relation &other) const;
  /// The intersection (pairwise conjunctions, empty ones dropped, then
  /// removeContainedDisjuncts).
  Relation intersect(const Relation &other) const;
  /// The points of this relation not in `other`, as disjoint pieces.
  /// Exponential in the number of constraints of `other` in the worst case;
  /// charges the work budget. Locals of `other` must have (or be given, by
  /// detection from their constraints) floor-division definitions; a local
  /// that has none throws InvalidArgument.
  Relation subtract(const Relation &other) const;
  /// The points of the space not in this relation.
  Relation complement() const;

  /// Integer emptiness (exact): whether no disjunct has an integer point.
  /// One integer emptiness test per disjunct (see
  /// BasicRelation::isEmpty; usually a constraint graph or a simplex run).
  bool isEmpty() const;
  /// Whether every point of the space is in the relation: the complement
  /// is empty. Costs a complement (exponential in the worst case).
  bool isUniverse() const;
  /// Whether every integer point of this relation is in `other` (same
  /// tuples; parameters aligned by name; throws SpaceError otherwise).
  /// Exact. Cheap tests first: each disjunct inside one disjunct of
  /// `other` (one LP, or a constraint-graph minimum, per constraint of that
  /// disjunct), then a cheap point of this relation outside `other`; only
  /// when both fail, the emptiness of this minus `other` (exponential in
  /// the worst case). For example `{ [i] : 0 <= i < 4 }` is a subset of
  /// `{ [i] : 0 <= i < 2; [i] : 2 <= i < 10 }`, which needs the difference:
  /// no single disjunct holds it.
  bool isSubsetOf(const Relation &other) const;
  /// Whether both hold the same integer points: two isSubsetOf tests.
  /// Relations in spaces with different tuples are not equal.
  bool isEqual(const Relation &other) const;
  /// Whether no integer point is in both: the emptiness of the
  /// intersection (one emptiness test per pair of disjuncts).
  bool isDisjoint(const Relation &other) const;
  /// Some point of the relation, or nullopt when empty.
  std::optional<Point> samplePoint() const;
  /// Whether `point` (params, domain, range values) is in the relation.
  bool containsPoint(const Point &point) const;

  //===--------------------------------------------------------------------===//
  // Relation algebra (RelationAlgebra.cpp). Every operation is exact; the
  // variables that an operation hides (the middle tuple of a composition,
  // the projected dimensions) become existential locals, simplified away
  // where that is exact (unit equalities, exact Fourier-Motzkin) and kept as
  // floor divisions or plain existentials otherwise.
  //===--------------------------------------------------------------------===//

  /// The identity relation on the set space `setSpace`.
  static Relation identity(const Space &setSpace);
  /// The relation {x -> y} with domain space `dom` and range space `ran`
  /// (both set spaces; parameters merged).
  static Relation universeBetween(const Space &dom, const Space &ran);
  /// {y -> x : x -> y in this}.
  Relation reverse() const;
  /// {x : exists y : x -> y}. For a set, throws SpaceError.
  Relation domain() const;
  /// {y : exists x : x -> y}.
  Relation range() const;
  /// {x -> z : x -> y in this and y -> z in other}: isl's apply_range,
  /// iscc's `this . other`.
  Relation applyRange(const Relation &other) const;
  /// {z -> y : x -> y in this and x -> z in other}.
  Relation applyDomain(const Relation &other) const;
  /// For a set: {y : x in this and x -> y in rel}.
  Relation apply(const Relation &rel) const;
  /// {y - x : x -> y}; domain and range must be the same tuple.
  Relation deltas() const;
  /// Restricts the domain (a relation) to the set `set`.
  Relation intersectDomain(const Relation &set) const;
  /// Restricts the range to the set `set`.
  Relation intersectRange(const Relation &set) const;
  /// The points of this relation whose parameter values lie in the params
  /// set `params` (parameters aligned by name): isl's intersect_params. For
  /// example `[n] -> { [i] : 0 <= i < n }` with `[n] -> { : n <= 4 }` gives
  /// `[n] -> { [i] : 0 <= i < n <= 4 }`. Each disjunct of `params` meets
  /// each disjunct of this relation (in that order), their locals simplified
  /// as by intersectDomain; no emptiness test. Throws SpaceError when
  /// `params` is not a params set.
  Relation intersectParams(const Relation &params) const;
  /// Cartesian product: sets A, B give the set [A -> B]; relations A -> B,
  /// C -> D give [A -> C] -> [B -> D].
  Relation product(const Relation &other) const;
  /// A -> B and C -> B give [A -> C] -> B (pairs agreeing on B).
  Relation domainProduct(const Relation &other) const;
  /// A -> B and A -> C give A -> [B -> C] (pairs agreeing on A).
  Relation rangeProduct(const Relation &other) const;
  /// The relation A -> B as the set [A -> B].
  Relation wrap() const;
  /// The set [A -> B] as the relation A -> B.
  Relation unwrap() const;

  //===--------------------------------------------------------------------===//
  // Reshaping (Reshape.cpp): the nested tuples of a space rearranged, as
  // isl's domain_map, curry, zip, flatten, factor and flat products do. The
  // operations that only move the split between tuples (curry, uncurry,
  // flatten) copy the disjuncts with a new space, O(size); the others reuse
  // projections and products, one result disjunct per input disjunct (or
  // pair). Wrapper tuples lose their names (`S[A -> B]` curried forgets S),
  // the inner tuples keep theirs. Each throws SpaceError, naming the
  // operation and the space, when the needed nesting is missing.
  //===--------------------------------------------------------------------===//

  /// Whether this is a set whose tuple is nested (isl's is_wrapping), a
  /// relation whose domain is nested (domain_is_wrapping: curry and the
  /// domain factors apply), or one whose range is (range_is_wrapping). O(1).
  bool isWrapping() const;
  bool domainIsWrapping() const;
  bool rangeIsWrapping() const;
  /// {[x -> y] -> x : x -> y in this}: isl's domain_map. The identity on
  /// the wrapped space with the range factor projected out, restricted to
  /// wrap(): one disjunct per disjunct.
  Relation domainMap() const;
  /// {[x -> y] -> y : x -> y in this}: isl's range_map.
  Relation rangeMap() const;
  /// {x -> [y -> z] : [x -> y] -> z in this}: isl's curry; the domain must
  /// be nested. Only the space changes, O(size).
  Relation curry() const;
  /// {[x -> y] -> z : x -> [y -> z] in this}: isl's uncurry; the range must
  /// be nested. O(size).
  Relation uncurry() const;
  /// {[x -> z] -> [y -> w] : [x -> y] -> [z -> w] in this}: isl's zip; both
  /// sides must be nested. Two dimension moves, O(size).
  Relation zip() const;
  /// The same points with every nested tuple made flat: for a set its
  /// tuple, for a relation both sides (isl's flatten). A tuple that was
  /// nested becomes anonymous (`S[A[i] -> B[j]]` gives `[i, j]`); a flat
  /// tuple keeps its name. O(size).
  Relation flatten() const;
  /// A relation with its domain flattened (isl's flatten_domain). O(size).
  Relation flattenDomain() const;
  /// A relation with its range flattened (isl's flatten_range). O(size).
  Relation flattenRange() const;
  /// {x -> y : exists z : x -> [y -> z] in this}: isl's range_factor_domain;
  /// the range must be nested. A projection of z's dimensions.
  Relation rangeFactorDomain() const;
  /// {x -> z : exists y : x -> [y -> z] in this}: isl's range_factor_range.
  Relation rangeFactorRange() const;
  /// {x -> z : exists y : [x -> y] -> z in this}: isl's
  /// domain_factor_domain; the domain must be nested. A projection.
  Relation domainFactorDomain() const;
  /// {y -> z : exists x : [x -> y] -> z in this}: isl's
  /// domain_factor_range.
  Relation domainFactorRange() const;
  /// {x -> z : exists y, w : [x -> y] -> [z -> w] in this}: isl's
  /// factor_domain, the first factor of a product; both sides nested.
  Relation factorDomain() const;
  /// {y -> w : exists x, z : [x -> y] -> [z -> w] in this}: isl's
  /// factor_range, the second factor.
  Relation factorRange() const;
  /// product() with the result flattened (isl's flat_product): sets A, B
  /// give one anonymous tuple of A's then B's dimensions; relations give
  /// (A, C) -> (B, D). O(disjunct pairs).
  Relation flatProduct(const Relation &other) const;
  /// domainProduct() with the domain flattened: A -> B and C -> B give
  /// (A, C) -> B (isl's flat_domain_product). O(disjunct pairs).
  Relation flatDomainProduct(const Relation &other) const;
  /// rangeProduct() with the range flattened: A -> B and A -> C give
  /// A -> (B, C) (isl's flat_range_product). O(disjunct pairs).
  Relation flatRangeProduct(const Relation &other) const;
  /// The parameter values for which the relation is not empty (a params
  /// set).
  Relation params() const;
  /// Existentially quantifies variables [pos, pos + n) of `kind` (Param,
  /// Domain or Range) and removes them from the space.
  Relation projectOut(VarKind kind, unsigned pos, unsigned n) const;
  /// Adds the constraint var = value for variable `pos` of `kind`.
  Relation fix(VarKind kind, unsigned pos, const Int &value) const;
  /// Adds var >= value for variable `pos` of `kind`.
  Relation lowerBound(VarKind kind, unsigned pos, const Int &value) const;
  /// Adds var <= value for variable `pos` of `kind`.
  Relation upperBound(VarKind kind, unsigned pos, const Int &value) const;
  /// Inserts `n` unconstrained dimensions of `kind` (Domain or Range) at
  /// `pos`.
  Relation insertDims(VarKind kind, unsigned pos, unsigned n) const;
  /// Moves `n` dimensions from position `srcPos` of `src` to position
  /// `dstPos` of `dst` (Domain and Range; a set's tuple is Range).
  Relation moveDims(VarKind dst, unsigned dstPos, VarKind src, unsigned srcPos,
                    unsigned n) const;
  /// Renames the tuple of `kind` (Domain or Range; the empty name makes it
  /// anonymous).
  Relation setTupleName(VarKind kind, const std::string &name) const;
  /// Whether each domain element has at most one image.
  bool isSingleValued() const;
  /// Whether each range element has at most one preimage.
  bool isInjective() const;
  /// Single-valued and injective.
  bool isBijective() const;

  /// The relation {x -> y : x op y} between the set spaces `dom` and `ran`,
  /// which must have the same number of dimensions (isl's lex_lt_map etc.
  /// on spaces). A union of one disjunct per leading dimension.
  static Relation lexOrder(const Space &dom, const Space &ran, LexOrder op);
  /// For sets: {x -> y : x in this, y in other, x op y} (same tuples).
  /// For relations: {x -> y : this(x) op other(y)} over a shared range
  /// tuple, as isl's lex_lt_map.
  Relation lexOrderTo(const Relation &other, LexOrder op) const;

  /// A relation equal to this one inside `context` with as few constraints
  /// as possible: gist(S, C) ∩ C = S ∩ C, every constraint implied by the
  /// context (together with the rest of the disjunct) dropped, over the
  /// integers (strides and divisions included). Disjuncts that do not meet
  /// the context are dropped; a context inside the relation gives the
  /// universe; an empty context gives the universe. Each kept constraint
  /// costs one integer emptiness test per context disjunct (exponential in
  /// the worst case, usually a simplex run); charges the work budget.
  Relation gist(const Relation &context) const;
  /// gist against a context on the domain (a set): this relation's domain
  /// is simplified under `domainContext`.
  Relation gistDomain(const Relation &domainContext) const;
  /// gist against a context on the range (a set).
  Relation gistRange(const Relation &rangeContext) const;
  /// gist against a params set.
  Relation gistParams(const Relation &paramsContext) const;

  /// The lexicographic minimum: for a set, the smallest point for each
  /// value of the parameters; for a relation, the smallest image of each
  /// domain element. The result is a subset of this relation, single-valued,
  /// exact, and piecewise: its disjuncts partition the parameter (and
  /// domain) values where a minimum exists, with floor divisions where the
  /// minimum needs them. Parametric integer programming per disjunct, then
  /// a lexicographic comparison across disjuncts; exponential in the worst
  /// case and charged to the work budget. Throws UnboundedError when some
  /// minimum does not exist (a range dimension unbounded below).
  Relation lexmin() const;
  /// The lexicographic maximum, dually.
  Relation lexmax() const;
  /// lexmin as a piecewise quasi-affine function (isl's
  /// lexmin_pw_multi_aff): for a relation, of the domain; for a set, of
  /// the parameters. lexmin, then its pieces read as functions
  /// (PwMultiAff::fromSingleValued). Defined by the functions layer.
  PwMultiAff lexminPwMultiAff() const;
  /// lexmax as a piecewise quasi-affine function.
  PwMultiAff lexmaxPwMultiAff() const;
  /// For a set: the smallest (largest) value of dimension `pos` as a
  /// piecewise expression of the parameters, defined where the set is
  /// not empty (isl's dim_min, dim_max): the lexmin (lexmax) of the set
  /// projected onto that dimension. For a relation: of range dimension
  /// `pos`, an expression of the domain defined where the image is not
  /// empty (isl_map_dim_min, isl_map_dim_max). Throws UnboundedError where the
  /// dimension is unbounded that way (isl gives infinity there).
  PwAff dimMin(unsigned pos) const;
  PwAff dimMax(unsigned pos) const;

  //===--------------------------------------------------------------------===//
  // Hulls and bounds (ConvexHull.cpp, SimpleHull.cpp, AffineHull.cpp,
  // RemoveDivs.cpp, DimBounds.cpp; docs/algorithms/hulls.md). The hulls and
  // removeDivs are OVER-APPROXIMATIONS: supersets of this relation.
  //===--------------------------------------------------------------------===//

  /// Over-approximation (isl's convex_hull): the smallest polyhedron that
  /// contains the disjuncts, computed in the lifted space of their floor
  /// divisions (existentials are first written as divisions, the divisions
  /// of all disjuncts are aligned and act as extra variables, parameters
  /// are variables too), after moving to the integer lattice of the affine
  /// hull; one basic relation without redundant constraints whose locals are
  /// those divisions. Empty input gives an obviously empty basic relation.
  /// `method` only selects the algorithm (see HullMethod).
  BasicRelation convexHull(HullMethod method = HullMethod::Automatic) const;
  /// Over-approximation (isl's polyhedral_hull, iscc's `poly`): convexHull
  /// with the divisions then eliminated rationally (removeDivs), so the
  /// result has no locals.
  BasicRelation polyhedralHull() const;
  /// Over-approximation (isl's simple_hull): the affine hull intersected
  /// with, for every constraint direction of some disjunct (in the lifted
  /// space of aligned divisions) that is bounded on every disjunct, that
  /// constraint translated to the tightest constant valid on all
  /// disjuncts' integer points. Cheaper and looser than convexHull. A
  /// relation with one disjunct, or one non-empty disjunct, returns it as
  /// it is (normalized, not simplified; an empty one may then come back
  /// not obviously empty), as isl does.
  BasicRelation simpleHull() const;
  /// Over-approximation (isl's affine_hull): the smallest affine subspace
  /// of the lifted space [params | dims | divisions] containing the integer
  /// points of every disjunct, where the divisions express the strides of
  /// each disjunct's locals. Only equalities (and the definitions of the
  /// divisions they use): `i mod 3 = 0` survives, but two points 4 apart
  /// give the universe, not a stride no division expresses.
  BasicRelation affineHull() const;
  /// Over-approximation (isl's remove_divs): every disjunct with its locals
  /// (divisions and existentials) eliminated by rational Fourier-Motzkin, so
  /// the result has no locals. Exact only when the elimination happens to
  /// be exact over the integers.
  Relation removeDivs() const;
  /// The exact integer range of variable `pos` of `kind` (Param, Domain or
  /// Range; a set's dimensions are Range) over the integer points, every
  /// other variable (parameters included) ranging freely: lower and upper
  /// bounds, and the stride and offset of its values. Integer optimization
  /// by sampling (not a rational relaxation); charges the work budget.
  DimBounds dimBounds(VarKind kind, unsigned pos) const;
  /// dimBounds of every domain dimension, then every range dimension.
  std::vector<DimBounds> dimBounds() const;

  /// Drops empty disjuncts and normalizes the rest.
  void removeEmptyDisjuncts();
  /// Drops the disjuncts whose points are visibly in another kept disjunct:
  /// exact copies (up to the order and repetition of rows), obviously empty
  /// ones beside others, and those each of whose constraints is implied by
  /// a constraint of the other with the same coefficients (equalities as
  /// two inequalities; locals compared only where their division
  /// definitions agree). Same points, no LP. O(n m log m) for n disjuncts
  /// of m rows: every pair is tested up to 128 disjuncts, above that only
  /// disjuncts of the same coefficient rows, a bounded number each. Every
  /// union-producing operation (unite, intersect, the compositions and
  /// projections, subtract) ends with it.
  void removeContainedDisjuncts();

  /// The same integer points with fewer disjuncts: every pair of disjuncts
  /// whose union is exactly one basic relation is replaced by it, until no
  /// pair fuses (Verdoolaege, "Integer Set Coalescing"; docs/algorithms/
  /// coalesce.md). Exact, never an approximation. With two disjuncts or
  /// more, the disjuncts are simplified (as by removeRedundancies); a
  /// relation of one disjunct is returned as it is (as isl does: nothing
  /// to fuse).
  /// O(n^2) pair tests per fusion for n disjuncts, each a few LPs per
  /// constraint; charges the work budget (LimitExceeded).
  Relation coalesce() const;

  /// Each disjunct simplified: implicit equalities made explicit, redundant
  /// constraints removed, locals that constrain nothing dropped; empty
  /// disjuncts removed. Same points, same number of disjuncts or fewer
  /// (isl_map_remove_redundancies). One LP per constraint per disjunct;
  /// charges the work budget.
  Relation removeRedundancies() const;

  /// isl notation, as printRelation (Printer.h) writes it: canonical, and
  /// isl reads it back. Defined by the text layer.
  std::string toString() const;

private:
  Space space_;
  std::vector<BasicRelation> disjuncts_;
};

/// Aligns both relations to the union of their parameter lists.
void alignParams(Relation &a, Relation &b);

} // namespace presburger

#endif // PRESBURGER_RELATION_H
