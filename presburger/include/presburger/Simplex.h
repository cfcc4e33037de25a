//===- Simplex.h - Exact rational simplex with rollback ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An incremental simplex tableau over the rationals with exact integer
// arithmetic. It holds variables x_0..x_{n-1} (unrestricted in sign) and
// constraints a.x + c >= 0 (or == 0), and answers: is the rational
// relaxation empty, what is the optimum of an affine function, which
// constraints are redundant or implicit equalities, and (for bounded
// problems) an integer point by branch and bound.
//
// Representation: each row of the tableau expresses a basic unknown as
// (const + sum_j coeff_j * y_j) / den over the non-basic unknowns y_j, which
// sit at zero in the current sample. Constraint unknowns (slacks) are
// restricted to be non-negative; the tableau keeps every restricted row
// non-negative in the sample. Pivoting uses Bland's rule, so it terminates.
//
// Snapshots: getSnapshot()/rollback() undo every addition and marking done
// since the snapshot, so a caller can add constraints tentatively.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SIMPLEX_H
#define PRESBURGER_SIMPLEX_H

#include "presburger/Fraction.h"
#include "presburger/Matrix.h"

#include <boost/container/small_vector.hpp>

#include <optional>
#include <vector>

namespace presburger {

/// What an optimization found: no point, no finite optimum, or one.
enum class OptimumKind { Empty, Unbounded, Bounded };

/// The result of an optimization over the rational points.
struct Optimum {
  OptimumKind kind;
  Fraction value; // Meaningful when kind == Bounded.
  /// Whether there is a finite optimum (`value`).
  bool isBounded() const { return kind == OptimumKind::Bounded; }
};

class Simplex {
public:
  /// The tableau of `numVars` unrestricted variables and no constraint.
  explicit Simplex(unsigned numVars);
  /// The tableau of `equalities` == 0 and `inequalities` >= 0 (rows of
  /// numVars + 1 entries, the constant last; both matrices have that many
  /// columns): the equalities first (two constraints each, from index 0),
  /// then the inequalities (from 2 * equalities.numRows()). Adding stops at
  /// the first constraint that makes it rationally empty: isEmpty() then
  /// holds and the later constraints are absent. A basic relation `b` gives
  /// its tableau as Simplex(b.equalities(), b.inequalities()). Throws
  /// InvalidArgument when the widths differ or are zero.
  Simplex(const Matrix &equalities, const Matrix &inequalities);
  /// Moves do not throw (the inline bookkeeping holds trivially copyable
  /// entries and never allocates on a move), so containers of tableaux
  /// move them when they grow instead of copying.
  Simplex(Simplex &&) noexcept = default;
  Simplex &operator=(Simplex &&) noexcept = default;
  Simplex(const Simplex &) = default;
  Simplex &operator=(const Simplex &) = default;

  /// The number of variables and of constraints added (an equality counts
  /// as two constraints).
  unsigned numVariables() const { return unsigned(vars_.size()); }
  unsigned numConstraints() const { return unsigned(cons_.size()); }

  /// Adds the constraint coeffs.x + coeffs.back() >= 0 and returns its index.
  /// `coeffs` has numVariables() + 1 entries (constant last).
  unsigned addInequality(ConstRow coeffs);
  /// Adds coeffs.x + coeffs.back() == 0, as two inequalities; returns the
  /// index of the first one.
  unsigned addEquality(ConstRow coeffs);
  /// Makes room for `rows` constraint rows in all (an equality takes two),
  /// so that adding up to that many reallocates nothing.
  void reserveRows(unsigned rows);
  /// Adds a fresh unrestricted variable; returns its index. Constraints
  /// added before it do not involve it.
  unsigned addVariable();

  /// True when the constraints have no rational solution.
  bool isEmpty() const { return empty_; }

  /// An opaque mark of the current state for rollback().
  unsigned getSnapshot() const { return unsigned(undo_.size()); }
  /// Undoes every change made since `snapshot` was taken.
  void rollback(unsigned snapshot);

  /// The minimum (or, with `maximize`, maximum) of coeffs.x + coeffs.back()
  /// over the rational points. O(pivots), exact.
  Optimum computeOptimum(ConstRow coeffs, bool maximize = false);
  /// The optimum of variable `var`.
  Optimum computeVarOptimum(unsigned var, bool maximize = false);
  /// computeOptimum, and the multipliers of the constraints `cons` at the
  /// optimum (the dual values): when the optimum is bounded, the objective
  /// equals value + sum_k multipliers[k] * (constraint cons[k]'s expression)
  /// + a combination of the other constraints' expressions, identically in
  /// x. A constraint in the basis has multiplier 0; the equality added by
  /// addEquality at index e has the multiplier of e minus that of e + 1.
  /// Used by basis reduction (BasisReduction.cpp). O(pivots), exact.
  Optimum computeOptimumWithMultipliers(ConstRow coeffs, bool maximize,
                                        std::span<const unsigned> cons,
                                        std::vector<Fraction> &multipliers);

  /// The current rational sample point (numVariables() entries); the
  /// tableau must not be empty.
  std::vector<Fraction> getRationalSample() const;
  /// The rational sample point when every coordinate is an integer (an
  /// integer point of the constraints); nullopt otherwise or when the
  /// tableau is empty. O(variables).
  std::optional<std::vector<Int>> integralSample() const;

  /// Whether coeffs.x + c >= 0 holds at every rational point.
  bool isRedundantInequality(ConstRow coeffs);
  /// Whether coeffs.x + c == 0 holds at every rational point.
  bool isRedundantEquality(ConstRow coeffs);

  /// Marks, among constraints [begin, end), those implied by the other
  /// constraints that are not themselves marked; a set of mutually
  /// implying constraints keeps exactly one of them.
  void detectRedundant(unsigned begin, unsigned end);
  /// detectRedundant over every constraint.
  void detectRedundant() { detectRedundant(0, numConstraints()); }
  /// Whether detectRedundant marked constraint `con`.
  bool isMarkedRedundant(unsigned con) const { return cons_[con].redundant; }
  /// For a tableau of integer variables: whether inequality `con` (integer
  /// coefficients) holds at every integer point of the other constraints
  /// not marked redundant, as their rational relaxation shows it: its
  /// minimum over them is above -1, and it takes integer values. It is then
  /// marked redundant (isl's rounding of an LP bound). False also when the
  /// tableau is empty. O(pivots).
  bool markIfIntegerImplied(unsigned con);
  /// Marks constraint `con` redundant: the caller knows that the other
  /// unmarked constraints imply it where it matters, and it no longer
  /// restricts the tableau.
  void markRedundant(unsigned con);

  /// Whether inequality `con` holds with equality at every rational point
  /// (its maximum is zero). The tableau must not be empty.
  bool isImplicitEquality(unsigned con);

  /// Whether every variable is bounded above and below.
  bool isBounded();

  /// An integer point, by depth-first branch and bound over the rational
  /// relaxation. Terminates when the polyhedron is bounded; callers must
  /// ensure that (see BasicRelation::findIntegerSample, which handles
  /// unbounded sets). Charges the work budget per node.
  std::optional<std::vector<Int>> findIntegerSampleBounded();
  /// A rational point whose first `numIntegerVars` coordinates are
  /// integers, by branch and bound on those coordinates only. Terminates
  /// when those coordinates are bounded. The tableau is left unchanged.
  std::optional<std::vector<Fraction>>
  findPartiallyIntegerSample(unsigned numIntegerVars);

  /// Debugging aid: the tableau as text.
  std::string toString() const;

private:
  // An unknown is a variable (index >= 0) or a constraint (~index < 0).
  struct Unknown {
    bool isRow = false;
    unsigned pos = 0;
    bool restricted = false;
    bool redundant = false;
  };
  enum class UndoKind {
    RemoveLastConstraint,
    RemoveLastVariable,
    UnmarkEmpty,
    UnmarkRedundant
  };
  struct UndoEntry {
    UndoKind kind;
    unsigned index;
  };

  Unknown &unknown(int u) { return u >= 0 ? vars_[u] : cons_[~u]; }
  const Unknown &unknown(int u) const { return u >= 0 ? vars_[u] : cons_[~u]; }
  bool isRestrictedRow(unsigned row) const {
    const Unknown &u = unknown(rowUnknown_[row]);
    return u.restricted && !u.redundant;
  }
  unsigned numColumns() const { return tab_.numColumns(); }
  int sampleSign(unsigned row) const { return tab_.at(row, 1).sign(); }

  unsigned addRow(ConstRow coeffs, bool restricted);
  void pivot(unsigned row, unsigned col);
  void normalizeRow(unsigned row);
  /// Makes restricted row `row` non-negative; false when impossible.
  bool restoreRow(unsigned row);
  /// Column through which `row` can move in direction `up` (true: increase),
  /// by Bland's rule; nullopt when none can.
  std::optional<unsigned> findPivotColumn(unsigned row, bool up) const;
  /// Ratio test: the restricted row (other than `skipRow`) that first hits
  /// zero when column `col`'s unknown moves so that `row` moves `up`.
  std::optional<unsigned> findBlockingRow(unsigned row, unsigned col, bool up,
                                          int skipRow) const;
  /// Ratio test on a column moving in direction `colUp` by itself.
  std::optional<unsigned> findBlockingRowForColumn(unsigned col, bool colUp,
                                                   int skipRow) const;
  /// Moves unknown `u` from a column into a row without breaking
  /// feasibility; false when no row depends on its column.
  bool moveToRow(int u);
  /// When a minimization may stop before the optimum: never, once the
  /// sample is negative, or once it is at most -1.
  enum class Stop { Never, BelowZero, AtMinusOne };
  /// Optimizes row `row` in direction `maximize`; stops early as `stop`
  /// says (for minimization), returning the sample value then.
  Optimum optimizeRow(unsigned row, bool maximize, Stop stop);
  Optimum optimizeUnknown(int u, bool maximize, Stop stop);
  /// Minimizes constraint `con` over the others not marked redundant (it
  /// made unrestricted meanwhile) and marks it redundant when the minimum
  /// is at least 0 (`stop` BelowZero) or above -1 (AtMinusOne); otherwise
  /// restores a feasible tableau. Whether it is marked. Not empty.
  bool markIfImplied(unsigned con, Stop stop);
  void removeLastUnknown(int u);
  void markEmpty();
  Fraction sampleValue(int u) const;
  bool branchAndBound(unsigned numIntegerVars, std::vector<Fraction> &result);

  /// The bookkeeping of a tableau of a loop nest's size is held inline, so
  /// that building one allocates only the tableau's entries.
  static constexpr unsigned kInlineUnknowns = 24;
  template <typename T>
  using InlineVector = boost::container::small_vector<T, kInlineUnknowns>;

  Matrix tab_; // Columns: [den, const, y_0, y_1, ...].
  InlineVector<int> rowUnknown_, colUnknown_;
  InlineVector<Unknown> vars_, cons_;
  InlineVector<UndoEntry> undo_;
  bool empty_ = false;
};

} // namespace presburger

#endif // PRESBURGER_SIMPLEX_H
