//===- Divisions.h - Floor-division locals across relations ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The one home of the bookkeeping
// of division locals q = floor(num / den) that several algorithms need
// across basic relations: the defining rows of a division, finding a local
// by its definition, carrying the locals of one relation into another
// (subtraction, the cover test, the subset test), aligning the divisions
// of several relations onto one common list (coalescing, the hulls), and
// merging or dropping locals. The BasicRelation methods on divisions of
// one relation (divisionBounds, divisionOrder, detectDivDefinitions,
// canonicalizeLocals, ...) are defined in Divisions.cpp too.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASIC_DIVISIONS_H
#define PRESBURGER_SRC_BASIC_DIVISIONS_H

#include "presburger/BasicRelation.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

namespace presburger {

/// The two inequalities that define the local in column `col` as
/// q = floor(num / den) (num has the relation's numCols() entries, zero at
/// `col`): num - den*q >= 0 (q's upper bound) and -num + den*q + den - 1 >= 0
/// (its lower bound), in that order, as addDivLocal adds them.
/// BasicRelation::divisionBounds gives them normalized.
std::array<std::vector<Int>, 2> definingRows(ConstRow num, const Int &den,
                                             unsigned col);

/// Which of a division's defining rows (`bounds`, from
/// BasicRelation::divisionBounds) implies `row`: 1 for q's upper bound, 2
/// for its lower bound, when `row` has its coefficients and a constant no
/// smaller (no tighter); 0 when neither does.
int impliedDefiningRow(const std::array<std::vector<Int>, 2> &bounds,
                       ConstRow row);

/// Whether local `k` of `a` and local `l` of `b` both have a definition and
/// it is the same: same denominator, same numerator entry by entry (so the
/// relations must have the same columns before their locals).
bool sameDivision(const BasicRelation &a, unsigned k, const BasicRelation &b,
                  unsigned l);

/// The first local of `b` defined as floor(num / den) (num: b.numCols()
/// entries), if any.
std::optional<unsigned> findDivision(const BasicRelation &b, ConstRow num,
                                     const Int &den);

/// Where the locals of one basic relation sit among the locals of another
/// with the same parameters and dimensions: local k of the source is local
/// target[k] of the destination, plus the constant shift[k] when `shift` is
/// not empty.
struct LocalMap {
  /// The column of the first local in both relations.
  unsigned firstLocal = 0;
  std::vector<unsigned> target;
  std::vector<Int> shift;

  /// A row of the source (its columns, constant last) over the
  /// destination's `width` columns. Two source locals that land on one
  /// destination local add up.
  std::vector<Int> mapRow(ConstRow row, unsigned width) const;
  /// mapRow into `out`, whose size is the width (no allocation; inline:
  /// the subset test and the subtraction map every row they read).
  void mapRowInto(ConstRow row, Row out) const {
    std::copy(row.begin(), row.begin() + firstLocal, out.begin());
    std::fill(out.begin() + firstLocal, out.end(), Int(0));
    out.back() = row.back();
    for (unsigned k = 0; k < target.size(); ++k) {
      const Int &a = row[firstLocal + k];
      if (a.isZero())
        continue;
      out[firstLocal + target[k]] += a;
      if (!shift.empty())
        out.back() += a * shift[k];
    }
  }
};

/// Brings the divisions of `src` into `dst`, in the order of src's
/// definitions: a division that `dst` already has (findDivision, after its
/// numerator is mapped) is reused, any other becomes a new division local of
/// `dst` with its defining rows. Returns where src's locals went. Throws
/// InvalidArgument when some local of `src` has no definition or the
/// definitions are cyclic.
LocalMap importDivisions(BasicRelation &dst, const BasicRelation &src);

/// How alignDivisions decides that two divisions are one.
enum class DivisionMatch {
  /// The same denominator and numerator.
  Identical,
  /// The same after dividing numerator and denominator by their common
  /// factor: floor((2x + 2)/4) and floor((x + 1)/2) are one division.
  UpToCommonFactor,
};

/// Several basic relations (same space up to their locals) over one common
/// list of divisions: the union of their divisions, each taken once.
class AlignedDivisions {
public:
  /// nullopt when a local of some relation has no definition or the
  /// definitions are cyclic. Divisions are listed relation by relation,
  /// each relation's in the order of its definitions.
  static std::optional<AlignedDivisions>
  of(const std::vector<const BasicRelation *> &relations, DivisionMatch match);

  unsigned numDivisions() const { return unsigned(den_.size()); }
  /// The numerator of common division d over [params | dims | common
  /// divisions | constant]; it uses only earlier common divisions.
  const std::vector<Int> &numerator(unsigned d) const { return num_[d]; }
  const Int &denominator(unsigned d) const { return den_[d]; }
  /// Where the locals of relation `i` went.
  const LocalMap &map(unsigned i) const { return maps_[i]; }
  /// The columns (among the common locals) of the divisions that relation
  /// `i` does not have itself.
  std::vector<unsigned> addedColumns(unsigned i) const;

  /// Relation `i` over the common divisions: its rows mapped (equalities,
  /// then inequalities), then the defining rows of each common division it
  /// did not have. The result is in `space` with the common divisions as
  /// its locals, defined (`space` is the relation's own, or a set space
  /// with as many dimensions as columns, for a plain set, in which case no
  /// local is added and no definition kept).
  BasicRelation lift(const BasicRelation &b, unsigned i) const;
  /// The rows of lift(b, i) over the common columns, as a plain set with
  /// one anonymous dimension per column.
  BasicRelation liftAsPlainSet(const BasicRelation &b, unsigned i) const;
  /// `space` with the common divisions as defined locals and their
  /// defining rows as its only constraints.
  BasicRelation model(const Space &space) const;

private:
  std::vector<std::vector<Int>> num_;
  std::vector<Int> den_;
  std::vector<LocalMap> maps_;
  unsigned firstLocal_ = 0;

  /// The mapped rows of `b` plus the defining rows of the divisions it
  /// lacks, over firstLocal_ + numDivisions() + 1 columns.
  void liftedRows(const BasicRelation &b, unsigned i, Matrix &eqs,
                  Matrix &ineqs) const;
};

/// Whether local `k` of `b` appears in an equality or in the definition of
/// another local: the steps that drop or eliminate a local through its own
/// bounds (dropFreeDivisions, eliminateUnitDivisions, coalescing's
/// preparation) leave such a local alone.
bool inEqualityOrOtherDefinition(const BasicRelation &b, unsigned k);

/// Merges locals with identical division definitions into the first of
/// them (their columns are added up in every row and definition), then
/// normalizes.
void mergeDuplicateDivisions(BasicRelation &b);

/// Drops division locals that no equality and no other definition uses and
/// that occur only in their own (normalized) defining inequalities: always
/// satisfiable, so exact.
void dropFreeDivisions(BasicRelation &b);

} // namespace presburger

#endif // PRESBURGER_SRC_BASIC_DIVISIONS_H
