//===- BasicRelation.h - Conjunctions of affine constraints -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A basic relation is the set of integer points of a space that satisfy a
// conjunction of affine equalities and inequalities, where some variables
// (locals) are existentially quantified:
//
//   { [params] -> dom -> ran : exists locals : E.x + e = 0 and A.x + a >= 0 }
//
// Constraint rows are laid out as [params | domain | range | locals | const].
// A local may carry a floor-division definition floor((num . x) / den); its
// two defining inequalities are then among the constraints as well, so every
// algorithm may treat locals as plain existential variables, and the
// definition is extra knowledge (used for complements and printing). A basic
// set is a basic relation in a set space (no domain tuple).
//
// Values: copyable, comparable by meaning through isEqual (in Relation).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_BASICRELATION_H
#define PRESBURGER_BASICRELATION_H

#include "presburger/Matrix.h"
#include "presburger/Space.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace presburger {

class Simplex;
namespace detail {
struct BasicRelationRows;
} // namespace detail

class BasicRelation {
public:
  /// The universe of `space`.
  explicit BasicRelation(Space space = Space());
  /// The universe of `space` (no constraint).
  static BasicRelation universe(Space space) { return BasicRelation(space); }
  /// An obviously empty basic relation of `space` (one contradiction).
  static BasicRelation empty(Space space);

  /// The space: parameters and tuples (the locals are not part of it).
  const Space &space() const { return space_; }
  /// Whether the space is a set, a params or a relation space.
  bool isSet() const { return space_.isSet(); }
  bool isParams() const { return space_.isParams(); }
  bool isRelation() const { return space_.isRelation(); }

  /// The number of parameters, domain and range dimensions.
  unsigned numParams() const { return space_.numParams(); }
  unsigned numDomain() const { return space_.numDomain(); }
  unsigned numRange() const { return space_.numRange(); }
  /// Domain plus range dimensions.
  unsigned numDims() const { return space_.numDims(); }
  /// The number of existential locals (with or without a definition).
  unsigned numLocals() const { return numLocals_; }
  /// All variables: params, dims and locals.
  unsigned numVars() const {
    return space_.offset(VarKind::Local) + numLocals_;
  }
  /// numVars() + 1 (the constant column).
  unsigned numCols() const { return numVars() + 1; }
  /// The number of variables of `kind`.
  unsigned numVars(VarKind kind) const {
    return kind == VarKind::Local ? numLocals_ : space_.numVars(kind);
  }
  /// The column of the first variable of `kind`.
  unsigned offset(VarKind kind) const { return space_.offset(kind); }
  /// The constant column.
  unsigned constCol() const { return numVars(); }

  /// The constraint rows, read only: row . [x 1] == 0 (equalities) and
  /// >= 0 (inequalities), numCols() entries each. The engine rewrites rows
  /// in place only through its internal RowAccess.h.
  unsigned numEqualities() const { return eqs().numRows(); }
  unsigned numInequalities() const { return ineqs().numRows(); }
  unsigned numConstraints() const {
    return numEqualities() + numInequalities();
  }
  ConstRow equality(unsigned i) const { return eqs().row(i); }
  ConstRow inequality(unsigned i) const { return ineqs().row(i); }
  const Matrix &equalities() const { return eqs(); }
  const Matrix &inequalities() const { return ineqs(); }

  /// Adds row . x + row.back() == 0 (numCols() entries).
  void addEquality(ConstRow row);
  /// Adds row . x + row.back() >= 0 (numCols() entries).
  void addInequality(ConstRow row);
  /// This relation with row . x + row.back() >= 0 added (numCols()
  /// entries): one allocation per matrix, where a copy and addInequality
  /// allocate the inequalities twice.
  BasicRelation withInequality(ConstRow row) const;
  /// Adds row . x + row.back() >= 0 and normalizes (as normalize(); false
  /// when found empty, then marked empty). On a normalized relation only
  /// the new row is normalized and compared with the others, O(rows x
  /// columns) with no sort, where normalize() redoes every row.
  bool addInequalityNormalized(ConstRow row);
  /// withInequality, normalized as by addInequalityNormalized (an empty
  /// result is marked empty: isObviouslyEmpty()).
  BasicRelation withInequalityNormalized(ConstRow row) const;
  /// addEquality and addInequality for a row held in a vector.
  void addEquality(const std::vector<Int> &row) { addEquality(ConstRow(row)); }
  void addInequality(const std::vector<Int> &row) {
    addInequality(ConstRow(row));
  }
  /// Removes constraint `i` (later rows move up by one).
  // Removing rows keeps them normalized (no row changes, no pair appears).
  void removeEquality(unsigned i) { eqStore_.removeRow(i); }
  void removeInequality(unsigned i) { ineqStore_.removeRow(i); }

  /// Adds an existential local without a known definition; returns its index
  /// among the locals.
  unsigned addLocal();
  /// Adds the local q = floor((num . x) / den) (num has numCols() entries,
  /// none on q itself) together with its defining constraints
  /// den*q <= num.x <= den*q + den - 1. Returns its index among the locals.
  unsigned addDivLocal(ConstRow num, const Int &den);
  /// Whether local `k` has a floor-division definition.
  bool hasDivDef(unsigned k) const { return !divDen_[k].isZero(); }
  /// Numerator of local `k`'s definition (numCols() entries); requires
  /// hasDivDef(k).
  ConstRow divNumerator(unsigned k) const { return divNum_.row(k); }
  /// Denominator of local `k`'s definition; zero when it has none.
  const Int &divDenominator(unsigned k) const { return divDen_[k]; }
  /// Sets (or, with den = 0, clears) the definition of local `k` without
  /// touching the constraints.
  void setDivDef(unsigned k, ConstRow num, const Int &den);

  /// Inserts `n` unconstrained variables of `kind` before position `pos`
  /// among that kind; the space grows accordingly (new dimensions are
  /// anonymous). Returns the column of the first new variable.
  unsigned insertVars(VarKind kind, unsigned pos, unsigned n);
  /// Removes the columns of variables [pos, pos + n) of `kind` from every
  /// constraint: callers use it for variables that no constraint involves,
  /// or to drop them as if unconstrained. Division definitions that use
  /// them are forgotten.
  void removeVarsRaw(VarKind kind, unsigned pos, unsigned n);
  /// Existentially quantifies variables [pos, pos + n) of `kind` (not
  /// Local): they become locals, the space shrinks. Exact.
  void convertToLocals(VarKind kind, unsigned pos, unsigned n);
  /// Swaps the columns of two variables (both given as absolute columns).
  void swapVars(unsigned colA, unsigned colB);

  /// Replaces the space by one with the same variable counts.
  void setSpace(Space space);
  /// Maps to the parameter list `params`, a superset (by name) of the
  /// current one, reordering and inserting columns as needed.
  void alignParams(const std::vector<std::string> &params);

  /// Marks the relation as empty (drops all constraints but one
  /// contradiction).
  void markEmpty();
  /// True when known to be empty without solving (after markEmpty or a
  /// normalization that found a contradiction).
  bool isObviouslyEmpty() const { return obviouslyEmpty_; }

  /// Cheap simplification: divides rows by the gcd of their coefficients,
  /// tightens inequality constants over the integers, drops trivially true
  /// rows and exact duplicates, merges opposite inequalities into
  /// equalities and detects trivial contradictions. Returns false if the
  /// relation was found empty (it is then marked empty).
  bool normalize();
  /// Whether normalize() would change nothing (it ran, and no row was
  /// written since).
  bool isNormalized() const { return normalized_; }

  /// Drops the inequalities parallel to an equality a.x + c = 0, which
  /// fixes their value on every point (the upper bound i - 4e >= 0 of a
  /// stride's division beside i = 4e): redundant, or a contradiction (then
  /// false, and marked empty). Rows normalized; O(rows x columns) plus a
  /// comparison per hash match.
  bool dropInequalitiesFixedByEqualities();

  /// Simplifies the existential locals without changing the set: locals
  /// fixed by an equality with a unit coefficient are substituted away,
  /// locals that no constraint uses or that are bounded on one side only
  /// are dropped with their constraints, locals whose Fourier-Motzkin
  /// elimination is exact over the integers (unit coefficients on one side)
  /// are eliminated, and the remaining ones get floor-division definitions
  /// where their constraints determine one (see detectDivDefinitions).
  /// Normalizes first; returns false when found empty.
  bool simplifyLocals();
  /// Gives floor-division definitions to locals that lack one when the
  /// constraints determine it: an equality d*q + e = 0 defines
  /// q = floor(-e / d), and a pair e - d*q >= 0, -e + d*q + c >= 0 with
  /// c < d defines q = floor(e / d). Returns true when every local then has
  /// a definition.
  bool detectDivDefinitions();
  /// The two inequalities that define division k, q = floor(num/d):
  /// num - d*q >= 0 (q's upper bound) and -num + d*q + d - 1 >= 0 (its
  /// lower bound), in that order, each as normalize() stores it (divided by
  /// the gcd of its coefficients, constant floored). k must be defined.
  std::array<std::vector<Int>, 2> divisionBounds(unsigned k) const;
  /// Whether every local has a floor-division definition.
  bool allLocalsDefined() const;
  /// An order of the locals in which each division definition uses only
  /// earlier locals; nullopt when some local has no definition or the
  /// definitions are cyclic (a self-reference counts as a cycle).
  std::optional<std::vector<unsigned>> divisionOrder() const;
  /// The locals that are floor divisions of the first `numCols` columns
  /// (and of such locals), in an order where each definition uses only
  /// earlier ones: with numCols = offset(Local), every local that is a
  /// function of the variables; with the parameters and the domain, the
  /// divisions a lexmin takes as symbols.
  std::vector<unsigned> divisionsOf(unsigned numCols) const;
  /// Removes each defined division q = floor(e/d) that appears in no
  /// equality and no other definition and has coefficient +-1 in every
  /// inequality that is not one of its defining rows (possibly tightened):
  /// since the definition pins q to one integer, q >= -r is e + d*r >= 0
  /// and q <= r is d*r + d - 1 - e >= 0, exactly (isl drops such divisions
  /// too).
  /// Returns false when the relation is found empty.
  bool eliminateUnitDivisions();
  /// Brings every coefficient (and the constant) of each division's
  /// numerator into (-d/2, d/2] by a change of variable:
  /// floor((a + q*d*x)/d) = floor(a/d) + q*x. A division of a constant is
  /// replaced by its value. Locals must be in definition order.
  void reduceDivCoefficients();
  /// Keeps the division definitions well formed: definitions caught in a
  /// cycle are forgotten, locals with identical definitions are merged, and
  /// locals are reordered so that each definition uses only earlier locals.
  void canonicalizeLocals();
  /// The same points as a union of basic relations whose locals all have
  /// floor-division definitions (isl's compute_divs): the existential
  /// locals are expressed by parametric integer programming over the other
  /// variables. Exponential in the worst case; charges the work budget.
  /// Throws UnboundedError in the rare case where an existential is
  /// unbounded in a way the method cannot settle.
  std::vector<BasicRelation> computeDivs() const;

  /// Makes implicit equalities explicit: inequalities that hold with
  /// equality on every rational point become equalities (then rows are
  /// normalized, which also tightens over the integers). Repeats until
  /// nothing changes. One simplex and one optimization per inequality.
  /// Returns false when found empty.
  bool detectEqualities();
  /// Drops inequalities implied by the other constraints (over the
  /// rationals; a set of mutually implying inequalities keeps one) and
  /// equalities that are linear combinations of the others. Division
  /// definitions keep their defining constraints only when needed.
  /// Returns false when found empty.
  bool removeRedundancies();
  /// normalize, simplifyLocals, detectEqualities, removeRedundancies, and a
  /// canonical order of the rows: the full cheap-to-moderate simplification
  /// used before printing and between steps of the simplifiers.
  bool simplify();
  /// Sorts the equalities and inequalities into a canonical order.
  void sortConstraints();
  /// Whether `other` has the same constraints and divisions, up to the
  /// order of the constraints (a syntactic test: equal sets written
  /// differently answer false). Cheap; used to drop repeated disjuncts.
  bool isObviouslyEqual(const BasicRelation &other) const;
  /// A hash of the constraints that ignores their order: relations that
  /// are obviously equal have the same fingerprint. O(size), no allocation.
  uint64_t constraintFingerprint() const;

  /// Eliminates the variables in columns [firstCol, firstCol + n) by
  /// Gaussian substitution where an equality involves them and by
  /// Fourier-Motzkin otherwise: the exact projection of the rational
  /// relaxation, which over the integers is an over-approximation. The
  /// columns are removed (they must be dimensions or locals of one kind).
  /// Redundant rows are pruned after each step; the pair count of FM is
  /// charged to the work budget.
  void projectOutRationally(VarKind kind, unsigned pos, unsigned n);

  /// Integer emptiness: exact, terminates on unbounded sets (see
  /// findIntegerSample). May throw LimitExceeded.
  bool isEmpty() const;
  /// Rational emptiness of the relaxation (cheap necessary test).
  bool isRationallyEmpty() const;
  /// An integer point over all variables (params, dims, locals), or nullopt
  /// when there is none. Exact: equalities are solved over the integers by
  /// a Hermite decomposition, the remaining directions split into a bounded
  /// part searched by generalized basis reduction (after a short branch
  /// and bound; docs/algorithms/basis-reduction.md) and an unbounded part
  /// whose integer points come from rounding a point deep inside its
  /// recession cone. Exponential in the dimension in the worst case, not in
  /// the size of the numbers; charges the work budget.
  std::optional<std::vector<Int>> findIntegerSample() const;
  /// Whether `point` (numVars() entries, locals included) satisfies every
  /// constraint.
  bool containsPoint(ConstRow point) const;

  /// The conjunction with `other` (same space up to parameters, which are
  /// aligned by name); locals of both are kept, this one's first. The rows
  /// are this one's, in order, then `other`'s, not normalized (gist finds
  /// the rows of its operand there by position).
  BasicRelation intersect(const BasicRelation &other) const;

  /// Adds the constraints of `src` to this relation: src's parameter and
  /// dimension column c goes to column `map[c]` here (map has
  /// src.offset(Local) entries, each a column below numVars()); src's
  /// locals become new locals here, with their definitions. Used to build
  /// products, compositions and projections.
  void appendMapped(const BasicRelation &src, const std::vector<unsigned> &map);

  /// isl notation, as printBasicRelation (Printer.h) writes it:
  /// `[n] -> { S[i] : 0 <= i < n }`. Defined by the text layer.
  std::string toString() const;
  /// The raw representation for debugging: space, constraint rows and
  /// division table. Not isl notation; never used in error messages.
  std::string dump() const;

  /// A point (every variable, locals included) found without a tableau:
  /// the first candidate that satisfies every constraint. The candidates:
  /// each variable at its largest single-variable lower bound (the lower
  /// corner); the lower corner pushed up along the rows it violates (each
  /// raises its last variable with a positive coefficient, counting what
  /// it gives to the equality pivots in the row, three passes at most); each
  /// variable at the middle of its single-variable bounds (the centre); each at
  /// its upper bound (the upper corner). A variable with a unit coefficient in
  /// an equality (preferably one without bounds of its own) takes the value
  /// that equality gives it. nullopt says nothing about emptiness. A few passes
  /// over the rows; tried by isEmpty before a tableau.
  std::optional<std::vector<Int>> cheapWitness() const;
  /// The point with every variable at its tightest single-variable lower
  /// bound (with `upper`, upper bound), a local with a division at the
  /// division's value, when each of these exists and the point satisfies
  /// every constraint: it is then the componentwise minimum (maximum) of
  /// the integer points over the variables other than the divisions, hence
  /// also their lexicographic minimum (maximum). One pass over the rows.
  std::optional<std::vector<Int>> boundCorner(bool upper) const;

private:
  /// A copy with every row and room for one more inequality (`row`, whose
  /// width is checked), not yet added; not marked normalized.
  BasicRelation copyWithRoomForInequality(ConstRow row) const;
  // The engine's in-place row rewriting (src/basic/RowAccess.h).
  friend struct detail::BasicRelationRows;

  /// detectEqualities; when `tableau` is given and the result is non-empty
  /// with inequalities left, it receives the tableau of the final
  /// constraints (equalities first, then inequalities), for reuse. When
  /// `simplifiedAsBox` is given, it is set when the rows were found to be
  /// a strided box with neither implicit equality nor redundant row (the
  /// relation is then simplified: no tableau was built).
  bool detectEqualities(Simplex *tableau, bool *simplifiedAsBox = nullptr);
  /// removeRedundancies; `tableau`, when given, is the tableau of the
  /// current (normalized) constraints, equalities first.
  bool removeRedundancies(Simplex *tableau);
  /// Whether the midpoint of the box that the single-variable rows give
  /// (every variable bounded on both sides, lower below upper) satisfies
  /// every inequality strictly: then none is an implicit equality (a loop
  /// nest with a guard). One pass over the rows, no tableau.
  bool boundsMidpointStrictlyInside() const;
  /// removeRedundancies on the constraint graph when the inequalities
  /// (normalized) and `equalities` (this relation's, or those of them that
  /// bear on the inequalities) form a difference system without implicit
  /// equalities, the equalities, if any, unit difference rows that
  /// substitute away one variable each (so they are independent and all
  /// kept); false, changing nothing, when that fast path does not apply.
  bool removeDifferenceRedundancies(const Matrix &equalities);

  /// The constraint rows, read through eqs()/ineqs(); writes go through
  /// mutEqs()/mutIneqs(), which forget that they are normalized, except
  /// removing and reordering rows (removeInequality, sortConstraints, the
  /// independent equalities of removeRedundancies), which keep them so.
  const Matrix &eqs() const { return eqStore_; }
  const Matrix &ineqs() const { return ineqStore_; }
  Matrix &mutEqs() {
    normalized_ = false;
    return eqStore_;
  }
  Matrix &mutIneqs() {
    normalized_ = false;
    return ineqStore_;
  }

  Space space_;
  unsigned numLocals_ = 0;
  Matrix eqStore_, ineqStore_;
  /// normalize() would change nothing: it set this and no row changed
  /// since (a copy carries it with the rows it describes).
  bool normalized_ = false;
  Matrix divNum_;           // One row per local; numCols() columns.
  std::vector<Int> divDen_; // 0: no known definition.
  bool obviouslyEmpty_ = false;
};

/// Aligns the parameters of `a` and `b` to the union of their lists (a's
/// order first, then b's new names).
void alignParams(BasicRelation &a, BasicRelation &b);
/// The union of two parameter lists, a's order first.
std::vector<std::string> mergeParams(const std::vector<std::string> &a,
                                     const std::vector<std::string> &b);

} // namespace presburger

#endif // PRESBURGER_BASICRELATION_H
