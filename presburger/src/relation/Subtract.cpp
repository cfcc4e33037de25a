//===- Subtract.cpp - Difference and complement of relations --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// s minus t for basic relations: t's divisions are brought into s, then s
// is split along t's constraints, one piece per constraint (the part where
// it fails, with the earlier ones holding), so the pieces are disjoint.
// See docs/algorithms/subtract.md.
//
//===----------------------------------------------------------------------===//
#include "basic/AlignedParams.h"
#include "basic/ContainedDisjuncts.h"
#include "basic/Divisions.h"
#include "basic/RowImplication.h"
#include "basic/VariableBox.h"
#include "core/Rows.h"
#include "relation/SpaceChecks.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>

namespace presburger {

namespace {

/// A row built for one step of the subtraction: inline up to a loop nest's
/// width.
using RowVector = boost::container::small_vector<Int, 16>;
ConstRow rowOf(const RowVector &v) { return ConstRow(v.data(), v.size()); }

/// Appends to `pieces` s minus t, as disjoint basic relations. `t` has
/// every local defined. `s` is taken by value: the running part grows from
/// it (callers move the pieces of an earlier subtraction in).
void subtractBasic(BasicRelation s, const BasicRelation &t,
                   std::vector<BasicRelation> &pieces) {
  unsigned lo = s.offset(VarKind::Local);
  // Bring t's divisions into s (S often shares T's divisions already).
  BasicRelation cur = std::move(s);
  LocalMap localMap = importDivisions(cur, t);
  // The constraints of t, minus the definitional ones.
  std::vector<std::vector<Int>> defRows;
  for (unsigned k = 0; k < t.numLocals(); ++k)
    for (std::vector<Int> &row :
         definingRows(t.divNumerator(k), t.divDenominator(k), lo + k))
      defRows.push_back(std::move(row));
  // The rational relaxation of cur, grown with it: a constraint that holds
  // on all of it leaves an empty piece (no integer point of cur violates
  // it), found with one optimization instead of a copy and an emptiness
  // test (usually most of t's constraints hold on s). Built on first use:
  // pieces that are difference systems have a cheaper emptiness test.
  unsigned nv = cur.numVars();
  // Whether cur is a difference system: read on first use (boxes never
  // ask), then kept up to date row by row.
  std::optional<bool> curIsDifferenceKnown;
  auto curIsDifference = [&] {
    if (!curIsDifferenceKnown)
      curIsDifferenceKnown = difference::isDifferenceSystem(
          cur.equalities(), cur.inequalities(), nv);
    return *curIsDifferenceKnown;
  };
  // Whether cur and the subtrahend's row `row` are both difference rows,
  // cached in `known` for the row.
  auto bothDifference = [&](ConstRow row, std::optional<bool> &known) {
    if (!known)
      known = curIsDifference() && difference::isDifferenceRow(row, nv);
    return *known;
  };
  std::optional<Simplex> relaxation;
  // Strided loop bounds: the exact integer minimum of a row over cur from
  // its substituted constraint graph, rebuilt when cur changes.
  std::optional<difference::IntegerOptima> optima;
  bool optimaStale = true;
  // cur's integer points as a product of ranges, when each of its rows
  // bounds one variable (boxes cut by boxes: complements, masks): a row's
  // minimum over it is one term per variable. Rebuilt when cur changes.
  std::optional<VariableBox> box;
  bool boxStale = true;
  // Set by addPiece when the row it was given holds on every integer point
  // of cur: the row is then not added to cur, whose integer points, and
  // `optima`, it would leave unchanged.
  bool rowHolds = false;
  // The piece is cur and `negated` >= 0, where `negated` is -row - 1 (the
  // complement of `row` >= 0): it is empty when row >= 0 holds on cur.
  // `row` is the subtrahend's `tRow` or its opposite; `rowIsDifference`
  // caches bothDifference for tRow.
  auto addPiece = [&](const RowVector &negated, ConstRow row, ConstRow tRow,
                      std::optional<bool> &rowIsDifference) {
    rowHolds = impliedByARow(cur, row);
    if (rowHolds)
      return;
    if (boxStale) {
      // A local is bound to other variables by its rows: no box then.
      box = cur.numLocals() == 0 ? VariableBox::of(cur) : std::nullopt;
      boxStale = false;
    }
    if (box) {
      // The exact integer minimum of the row over cur: non-negative, the
      // piece is empty; otherwise an integer point of cur has row <= -1.
      rowHolds = box->holds(row);
      if (rowHolds)
        return;
      BasicRelation piece = cur.withInequalityNormalized(rowOf(negated));
      if (!piece.isObviouslyEmpty())
        pieces.push_back(std::move(piece));
      return;
    }
    // Loop bounds, strided or not: the exact integer minimum of the row on
    // cur's constraint graph says whether the piece is empty, without a
    // copy of cur and an emptiness test.
    if (cur.numEqualities() > 0 || curIsDifference()) {
      if (optimaStale) {
        optima = difference::IntegerOptima::of(cur.equalities(),
                                               cur.inequalities(), nv);
        optimaStale = false;
      }
      if (optima) {
        if (std::optional<Optimum> mn = optima->minimum(row)) {
          // row >= 0 on every integer point of cur: the piece is empty.
          // Otherwise some integer point of cur has row <= -1.
          if (mn->isBounded() && mn->value.sign() >= 0) {
            rowHolds = true;
            return;
          }
          BasicRelation piece = cur.withInequalityNormalized(rowOf(negated));
          if (!piece.isObviouslyEmpty())
            pieces.push_back(std::move(piece));
          return;
        }
      }
    }
    std::optional<std::vector<Int>> vertex; // An integral relaxed point.
    if (!bothDifference(tRow, rowIsDifference)) {
      if (!relaxation) {
        relaxation.emplace(nv);
        // cur's rows, t's rows added to cur later, and the probe rows.
        relaxation->reserveRows(2 * cur.numEqualities() +
                                cur.numInequalities() + 2 * t.numConstraints() +
                                2);
        for (unsigned e = 0; e < cur.numEqualities(); ++e)
          relaxation->addEquality(cur.equality(e));
        for (unsigned i = 0; i < cur.numInequalities(); ++i)
          relaxation->addInequality(cur.inequality(i));
      }
      if (relaxation->isRedundantInequality(row)) {
        // On every rational point of (a relaxation of) cur, so on every
        // integer point of cur.
        rowHolds = true;
        return;
      }
      // The piece's relaxation (cur's, which may lack rows added to cur
      // while graph optima served, so a superset): empty, the piece is; a
      // vertex that is an integer point of the piece shows it is not,
      // without its emptiness test.
      unsigned snapshot = relaxation->getSnapshot();
      relaxation->addInequality(rowOf(negated));
      bool rationallyEmpty = relaxation->isEmpty();
      if (!rationallyEmpty)
        vertex = relaxation->integralSample();
      relaxation->rollback(snapshot);
      if (rationallyEmpty)
        return;
    }
    BasicRelation piece = cur.withInequalityNormalized(rowOf(negated));
    if (piece.isObviouslyEmpty())
      return;
    bool witnessed = vertex && piece.containsPoint(*vertex);
    if (witnessed || !piece.isEmpty())
      pieces.push_back(std::move(piece));
  };
  // Adds the subtrahend's row to cur (as an equality or an inequality). A
  // normalized cur stays so, one row at a time, so that each piece
  // normalizes only its new row (withInequalityNormalized). False when cur
  // is found empty: no more parts.
  auto extendCur = [&](ConstRow row, bool equality,
                       std::optional<bool> &rowIsDifference) {
    if (equality)
      cur.addEquality(row);
    else if (!cur.isNormalized())
      cur.addInequality(row);
    else if (!cur.addInequalityNormalized(row))
      return false;
    optimaStale = boxStale = true;
    if (curIsDifferenceKnown)
      curIsDifferenceKnown = bothDifference(row, rowIsDifference);
    // With graph optima or a relaxation, emptiness of cur shows there, and
    // every part is normalized on its own: cur need not be normalized at
    // each step.
    if (optima)
      return true;
    if (relaxation) {
      if (equality)
        relaxation->addEquality(row);
      else
        relaxation->addInequality(row);
      return !relaxation->isEmpty();
    }
    return cur.normalize();
  };
  unsigned nc = cur.numCols();
  for (unsigned e = 0; e < t.numEqualities(); ++e) {
    WorkBudget::charge(nc);
    RowVector row(nc);
    localMap.mapRowInto(t.equality(e), Row(row.data(), nc));
    // row <= -1, empty when row >= 0 holds; row >= 1, empty when
    // -row >= 0 holds.
    RowVector neg = complementOf<RowVector>(rowOf(row));
    RowVector opposite = neg;
    opposite.back() += Int(1);
    RowVector pos = row;
    pos.back() -= Int(1);
    std::optional<bool> isDifference;
    addPiece(pos, rowOf(opposite), rowOf(row), isDifference);
    bool holds = rowHolds;
    addPiece(neg, rowOf(row), rowOf(row), isDifference);
    if (holds && rowHolds)
      continue; // Holds on every integer point of cur: cur stays as it is.
    if (e + 1 == t.numEqualities() && t.numInequalities() == 0)
      break; // The last row: no piece reads cur any more.
    if (!extendCur(rowOf(row), /*equality=*/true, isDifference))
      return;
  }
  for (unsigned i = 0; i < t.numInequalities(); ++i) {
    ConstRow tRow = t.inequality(i);
    if (std::any_of(
            defRows.begin(), defRows.end(),
            [&](const std::vector<Int> &d) { return sameRow(d, tRow); }))
      continue;
    WorkBudget::charge(nc);
    RowVector row(nc);
    localMap.mapRowInto(tRow, Row(row.data(), nc));
    RowVector neg = complementOf<RowVector>(rowOf(row)); // row <= -1
    std::optional<bool> isDifference;
    addPiece(neg, rowOf(row), rowOf(row), isDifference);
    if (rowHolds)
      continue; // Holds on every integer point of cur: cur stays as it is.
    if (i + 1 == t.numInequalities())
      break; // The last row: no piece reads cur any more.
    if (!extendCur(rowOf(row), /*equality=*/false, isDifference))
      return;
  }
}

/// `t` as basic relations whose locals all have definitions.
std::vector<BasicRelation> withDefinedLocals(const BasicRelation &t) {
  BasicRelation copy = t;
  std::vector<BasicRelation> out;
  if (!copy.simplifyLocals())
    return out;
  if (!copy.allLocalsDefined())
    return copy.computeDivs();
  out.push_back(std::move(copy));
  return out;
}

} // namespace

Relation Relation::subtract(const Relation &other) const {
  WorkBudget::Operation op;
  checkSameTuples(space_, other.space_, "difference");
  return withAlignedParams(
      *this, other, [](const Relation &a, const Relation &b) {
        // The subtrahends: b's disjuncts read in place when they need no
        // preparation (normalized, no locals), otherwise with their locals
        // defined, held in `prepared` (whose vectors keep their elements in
        // place when it grows).
        std::vector<std::vector<BasicRelation>> prepared;
        DisjunctList subtrahends;
        for (size_t k = 0; k < b.disjuncts_.size(); ++k) {
          const BasicRelation &t = b.disjuncts_[k];
          if (t.numLocals() == 0 && t.isNormalized()) {
            if (!t.isObviouslyEmpty())
              subtrahends.push_back(&t);
            continue;
          }
          prepared.push_back(withDefinedLocals(t));
          for (const BasicRelation &d : prepared.back())
            if (!d.isObviouslyEmpty())
              subtrahends.push_back(&d);
        }
        // Each disjunct inside another spared is one subtraction (and its
        // pieces) less.
        dropContainedDisjuncts(subtrahends);
        DisjunctList minuends;
        for (const BasicRelation &s : a.disjuncts_)
          minuends.push_back(&s);
        dropContainedDisjuncts(minuends);
        Relation result(a.space_);
        std::vector<BasicRelation> pieces, next;
        for (const BasicRelation *s : minuends) {
          size_t first = result.disjuncts_.size();
          if (subtrahends.empty()) {
            result.disjuncts_.push_back(*s);
          } else {
            // The first subtraction copies the minuend; later ones take
            // the pieces of the earlier ones; the last writes the result.
            size_t last = subtrahends.size() - 1;
            auto outputOf = [&](size_t k) -> std::vector<BasicRelation> & {
              return k == last ? result.disjuncts_ : next;
            };
            subtractBasic(*s, *subtrahends[0], outputOf(0));
            std::swap(pieces, next);
            for (size_t k = 1; k <= last && !pieces.empty(); ++k) {
              for (BasicRelation &p : pieces)
                subtractBasic(std::move(p), *subtrahends[k], outputOf(k));
              pieces.clear();
              std::swap(pieces, next);
            }
            pieces.clear();
          }
          for (size_t i = first; i < result.disjuncts_.size(); ++i)
            result.disjuncts_[i].setSpace(a.space_);
        }
        // The pieces of one minuend are disjoint and not empty, so none is
        // inside another: only pieces of different minuends can be.
        if (minuends.size() > 1)
          result.removeContainedDisjuncts();
        return result;
      });
}

Relation Relation::complement() const {
  return universe(space_).subtract(*this);
}

} // namespace presburger
