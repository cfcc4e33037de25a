//===- DifferenceConstraints.h - Systems of x - y + c >= 0 ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Loop bounds, triangular bounds, parametric boxes and tail guards give
// systems whose rows each have one non-zero coefficient or two of equal
// magnitude and opposite sign. Their constraint matrix is totally
// unimodular and they are decided on their constraint graph (one node per
// variable and a zero node; x_u - x_v <= w is an edge v -> u of weight w),
// without a simplex:
//   - the rational and the integer relaxations agree, and the system is
//     empty iff the graph has a negative cycle;
//   - the rational maximum of x_u - x_v is the shortest-path distance from
//     v to u, which decides implicit equalities and redundancy.
// Internal to the engine (BasicRelation uses it as a fast path).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_DIFFERENCECONSTRAINTS_H
#define PRESBURGER_SRC_DIFFERENCECONSTRAINTS_H

#include "presburger/Matrix.h"
#include "presburger/Simplex.h"

#include <cstdint>

#include <optional>
#include <vector>

namespace presburger::difference {

/// Whether `row` (over `nv` variables, constant last) has one non-zero
/// coefficient or two of equal magnitude and opposite sign, all small.
bool isDifferenceRow(ConstRow row, unsigned nv);

/// Whether every row of `eqs` and `ineqs` is a difference row.
bool isDifferenceSystem(const Matrix &eqs, const Matrix &ineqs, unsigned nv);

/// Emptiness of the system eqs == 0, ineqs >= 0 over `nv` variables, when
/// it is a difference system (Bellman-Ford). nullopt when a row is not of
/// that form, a value is not a small integer, or the system is too large
/// for the fixed-size buffers.
std::optional<bool> isEmpty(const Matrix &eqs, const Matrix &ineqs,
                            unsigned nv);

/// isEmpty, and when the system is not empty and `point` is given, an
/// integer point of it in *point.
std::optional<bool> solve(const Matrix &eqs, const Matrix &ineqs, unsigned nv,
                          std::vector<Int> *point);

/// The inequalities after substituting every equality away through a
/// variable with coefficient +-1 (exact over the integers), each then
/// tightened (divided by its content, constant floored); the eliminated
/// variables' columns are zero. `empty` when an equality has no integer
/// solution. nullopt when some equality has no unit coefficient.
struct Substituted {
  Matrix ineqs;
  bool empty;
  /// Whether tightening moved some constant (a bound the lattice rounds).
  bool tightened = false;
  /// The substitutions, in the order made: variable `column` is fixed by
  /// `equality` (coefficient +-1 there), which involves only variables not
  /// eliminated before it.
  struct Elimination {
    unsigned column;
    std::vector<Int> equality;
  };
  std::vector<Elimination> eliminated;
};
std::optional<Substituted>
substituteUnitEqualities(const Matrix &eqs, const Matrix &ineqs, unsigned nv);

/// Rewrites `row` (the variables, then the constant) without the variables
/// of `eliminated`: each replaced through its equality, in the order made.
/// Equal to `row` on every point of the equalities. O(eliminations x
/// variables), no allocation.
void substituteEliminated(
    const std::vector<Substituted::Elimination> &eliminated, Row row);

/// Emptiness of eqs == 0, ineqs >= 0 over the integers when substituting
/// every equality away through a variable with coefficient +-1 (exact over
/// the integers: i = 4e, a stride, becomes 0 <= 4e <= 127, then
/// 0 <= e <= 31) leaves a difference system. nullopt otherwise.
std::optional<bool> isEmptyAfterUnitSubstitution(const Matrix &eqs,
                                                 const Matrix &ineqs,
                                                 unsigned nv);

/// For a difference system without equalities whose inequalities are
/// normalized (unit coefficients, no two rows with the same coefficients):
/// which inequalities are implied by the others over the rationals. Returns
/// nullopt when the fast path does not apply: a row not of that form, a
/// large value, too many variables, an empty system, or an inequality
/// that is an implicit equality (then several rows may imply each other
/// and the caller's general method decides which to keep). When it
/// returns a value the system has no implicit equality, so the redundant
/// rows are independent of each other and may all be dropped. A row
/// without variables (left by a substitution) is redundant when true and
/// makes the system empty when false. O(nodes^3) on at most 24 nodes.
std::optional<std::vector<bool>> redundantInequalities(const Matrix &ineqs,
                                                       unsigned nv);

/// Whether every row of `m` has at most two non-zero coefficients among
/// its first `nv` columns, each +1 or -1, of opposite signs when there are
/// two. O(rows x columns), no allocation.
bool unitDifferenceRows(const Matrix &m, unsigned nv);

/// For eqs == 0, ineqs >= 0 whose equalities can be substituted away
/// through variables of coefficient +-1 (strides i = 4e, copies j = i + 1;
/// substituteUnitEqualities): when that leaves a box (each row on one
/// variable or on none, each bound of a variable once, every range open:
/// lower < upper), no inequality is an implicit equality and none is
/// implied by the others but those left without a variable, which the
/// equalities imply: their flags. nullopt otherwise (a row on two
/// variables, a bound twice, a fixed or empty range, an equality without a
/// unit variable): the caller's general method decides. No tableau.
std::optional<std::vector<bool>>
boxRedundanciesAfterSubstitution(const Matrix &eqs, const Matrix &ineqs,
                                 unsigned nv);

/// For a unit difference system with equalities (every row of `eqs` and
/// `ineqs` a unit difference row, normalized): which inequalities are
/// implied by the others over the rationals, when substituting the
/// equalities away eliminates one variable each (so they are independent)
/// and leaves rows that redundantInequalities decides (of rows made alike
/// by the substitution, all but the tightest are redundant); the
/// redundant rows may then all be dropped. nullopt when that does not
/// apply. No tableau.
std::optional<std::vector<bool>>
redundantInequalitiesAfterSubstitution(const Matrix &eqs, const Matrix &ineqs,
                                       unsigned nv);

/// The all-pairs shortest paths of a difference system whose rows have
/// unit coefficients (normalized): the rational optimum of any difference
/// objective over it without a tableau. Built in O(nodes^3), at most 24
/// nodes.
class Distances {
public:
  /// nullopt when a row is not a unit difference row, a value is large,
  /// there are too many variables, or the system is empty.
  static std::optional<Distances> of(const Matrix &eqs, const Matrix &ineqs,
                                     unsigned nv);
  /// The rational optimum of `row` (a*(x_p - x_q) + k or a*x_p + k, any
  /// a), like Simplex::computeOptimum; nullopt when `row` has another
  /// shape or the result overflows.
  std::optional<Optimum> optimum(ConstRow row, bool maximize) const;
  /// The closure of a graph given by its direct edge weights (weights[i *
  /// (nv + 1) + j] bounds x_j - x_i, kInfinity for no edge): nullopt when
  /// it has a negative cycle (the system is empty) or a sum overflows.
  static std::optional<Distances> closure(unsigned nv,
                                          std::vector<int64_t> weights);
  /// The rational optimum of a*(x_p - x_q) + k, where q (or p and q) may be
  /// the zero node nv: optimum's answer for a row already read.
  Optimum optimumOfDifference(unsigned p, unsigned q, int64_t a, int64_t k,
                              bool maximize) const;
  /// The shortest-path distance from node `from` to node `to` (nodes are
  /// the variables, then the zero node nv): the maximum of x_to - x_from;
  /// kInfinity when unbounded.
  int64_t distance(unsigned from, unsigned to) const {
    return d_[from * n_ + to];
  }
  /// The zero node: the number of variables of the graph.
  unsigned zeroNode() const { return nv_; }
  static constexpr int64_t kInfinity = INT64_MAX;
  /// The most nodes (variables and the zero node) a graph has.
  static constexpr unsigned kMaxNodes = 24;

private:
  unsigned nv_ = 0, n_ = 0;
  std::vector<int64_t> d_;
};

/// A variable's value as another's plus a constant, x_v = x_rep + offset
/// (rep is the zero node for a fixed variable; IntegerOptima numbers the
/// representatives as its graph's nodes): what substituting unit
/// difference equalities (copies i' = i + c, fixed values) leaves.
struct VariableAlias {
  unsigned rep;
  int64_t offset;
};

/// Integer optima over a system that is a difference system once its
/// equalities are substituted away through unit coefficients (strided loop
/// bounds): the tightened system is totally unimodular, so its rational
/// optima are attained at integer points.
class IntegerOptima {
public:
  /// nullopt when the substitution or the graph does not apply, or the
  /// system has no integer point. O(rows x columns + nodes^3); without
  /// copying the rows when every equality is a unit difference row.
  static std::optional<IntegerOptima> of(const Matrix &eqs, const Matrix &ineqs,
                                         unsigned nv);
  /// The minimum of `row` over the integer points; nullopt when `row` is
  /// not a difference row after the substitution. No allocation on the
  /// common path.
  std::optional<Optimum> minimum(ConstRow row) const;

private:
  IntegerOptima(std::vector<Substituted::Elimination> eliminated,
                std::vector<VariableAlias> aliases, Distances distances)
      : eliminated_(std::move(eliminated)), aliases_(std::move(aliases)),
        distances_(std::move(distances)) {}
  /// The substitutions of a system whose equalities are not all unit
  /// difference rows (then aliases_ is empty).
  std::vector<Substituted::Elimination> eliminated_;
  /// One alias per variable when every equality is a unit difference row;
  /// the representatives are then numbered as the graph's nodes.
  std::vector<VariableAlias> aliases_;
  Distances distances_;
};

} // namespace presburger::difference

#endif // PRESBURGER_SRC_DIFFERENCECONSTRAINTS_H
