//===- Aff.h - Quasi-affine expressions -------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A quasi-affine expression over a domain space (isl's isl_aff): an integer
// combination of the parameters, the domain dimensions and floor divisions
// floor(e / d) by positive integer constants d, where e is again such an
// expression (divisions may nest):
//
//   [n] -> { [i] -> [(n + floor((i)/2))] }
//
// The domain space is a set space (the function's input tuple) or a params
// space (a function of the parameters only). The divisions are kept as the
// defined locals of a basic set of that space (its "local space": its only
// constraints are the divisions' defining rows), so the engine's division
// bookkeeping applies to them; the expression is a row over that basic
// set's columns [params | dims | divisions | constant].
//
// Divisions are kept in a normal form, as isl keeps them: numerator and
// denominator without common factor, every numerator coefficient in
// (-d/2, d/2] (the rest moved out of the floor), a division with a
// coefficient-one inner division flattened (floor((floor(a/m) + b)/d) =
// floor((a + m*b)/(m*d))), divisions used by no term dropped, equal
// divisions merged. Values: copyable, small.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_AFF_H
#define PRESBURGER_AFF_H

#include "presburger/BasicRelation.h"
#include "presburger/Relation.h"

#include <string>
#include <vector>

namespace presburger {

class MultiAff;

class Aff {
public:
  /// The zero expression on the params space without parameters.
  Aff() : Aff(Space()) {}
  /// The zero expression on `domain` (a set or params space).
  explicit Aff(Space domain);
  /// The constant `value` on `domain`.
  static Aff constant(Space domain, Int value);
  /// Parameter `pos` of `domain`.
  static Aff param(Space domain, unsigned pos);
  /// Dimension `pos` of the tuple of the set space `domain`.
  static Aff dim(Space domain, unsigned pos);
  /// The affine expression row . [params, dims, 1] (numParams + numDims +
  /// 1 entries) on `domain`.
  static Aff linear(Space domain, const std::vector<Int> &row);

  /// The domain space (set or params space).
  const Space &domainSpace() const { return ls_.space(); }
  /// The divisions: a basic set of the domain space whose locals are the
  /// divisions (each defined, in definition order) and whose constraints
  /// are their defining rows.
  const BasicRelation &localSpace() const { return ls_; }
  /// The expression over localSpace()'s columns (numCols() entries).
  const std::vector<Int> &row() const { return row_; }
  unsigned numDivs() const { return ls_.numLocals(); }
  /// Whether the expression is a constant (no variable, no division).
  bool isConstant() const;
  /// The constant term.
  const Int &constantTerm() const { return row_.back(); }

  /// Sum, difference, negation and integer multiple (parameters aligned by
  /// name; the domains' tuples must agree, else SpaceError). Linear in the
  /// number of divisions.
  Aff add(const Aff &o) const;
  Aff sub(const Aff &o) const;
  Aff neg() const;
  Aff scale(const Int &k) const;
  /// floor(this / d) for d > 0 (InvalidArgument otherwise).
  Aff floorDiv(const Int &d) const;
  /// this mod d = this - d*floor(this/d), in [0, d), for d > 0.
  Aff mod(const Int &d) const;
  /// The expression with its domain variables replaced by the expressions
  /// of `ma` (whose range tuple must be this domain's tuple; for a params
  /// domain, `ma` has an empty range): this(ma(x)), an expression on ma's
  /// domain. The divisions are rebuilt one by one (normal form kept).
  Aff pullback(const MultiAff &ma) const;
  /// The integer linear combination sum row[c]*vars[c] + row.back() of
  /// expressions on `domain` (row has vars.size() + 1 entries).
  static Aff combine(const std::vector<Int> &row, const std::vector<Aff> &vars,
                     const Space &domain);
  /// The expression with parameter and dimension column c replaced by
  /// vars[c] (expressions on `domain`, one per parameter and dimension of
  /// this domain): the building block of pullback and of reading functions
  /// off constraints.
  Aff substitute(const std::vector<Aff> &vars, const Space &domain) const;

  /// The value at `point`: the parameters, then the domain dimensions.
  /// O(size of the divisions).
  Int eval(const Point &point) const;

  /// The basic set of domain points where the expression is >= 0 (with
  /// `strict`, > 0), = 0: its divisions as locals. Cheap (one row added).
  BasicRelation nonNegativeSet(bool strict = false) const;
  BasicRelation zeroSet() const;

  /// The same parameters in the order `params` (a superset).
  void alignParams(const std::vector<std::string> &params);
  /// Same domain space, same divisions and same row: expressions written
  /// alike (different texts of one function can compare unequal).
  bool isPlainEqual(const Aff &o) const;

  /// isl notation: `[n] -> { [i] -> [(n + floor((i)/2))] }`, as isl prints
  /// an isl_aff. Defined by the text layer.
  std::string toString() const;

private:
  Aff(BasicRelation ls, std::vector<Int> row);
  /// Drops unused divisions (last first, since later ones may use earlier
  /// ones).
  void dropUnusedDivs();

  BasicRelation ls_;
  std::vector<Int> row_;
};

/// Aligns the parameters of both expressions to the union of their lists.
void alignParams(Aff &a, Aff &b);

} // namespace presburger

#endif // PRESBURGER_AFF_H
