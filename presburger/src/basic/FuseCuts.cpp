//===- FuseCuts.cpp - Putting split polyhedra back together ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See FuseCuts.h. Rows are compared as sorted lists of normalized rows
// (views of the disjuncts' own rows, which stay put while the lists live:
// a disjunct moved within its vector keeps its buffers); the only
// arithmetic is, per bound that only one side of a cut has and no row of
// the other side implies as written, a shortest path when that side is a
// difference system and one LP otherwise.
//
//===----------------------------------------------------------------------===//
#include "basic/FuseCuts.h"
#include "basic/ContainedDisjuncts.h"
#include "basic/Divisions.h"
#include "basic/VariableBox.h"
#include "core/Rows.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/LinearAlgebra.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <optional>

namespace presburger {

namespace {

/// A disjunct's rows, sorted (kept while the disjunct is unchanged).
using SortedRows = std::vector<ConstRow>;
/// The rows one side of a pair has and the other lacks, and indices into
/// them: inline up to a loop nest's worth of rows (they live only while a
/// pair is compared).
constexpr unsigned kInlineRows = 16;
using RowSubset = boost::container::small_vector<ConstRow, kInlineRows>;
using RowIndices = boost::container::small_vector<size_t, kInlineRows>;

bool rowLess(ConstRow a, ConstRow b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}
bool sameRows(const SortedRows &a, const SortedRows &b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), sameRow);
}

SortedRows sortedRows(const Matrix &m) {
  SortedRows out;
  out.reserve(m.numRows());
  for (unsigned i = 0; i < m.numRows(); ++i)
    out.push_back(m.row(i));
  std::sort(out.begin(), out.end(), rowLess);
  return out;
}

bool sameLocals(const BasicRelation &a, const BasicRelation &b) {
  if (a.numLocals() != b.numLocals())
    return false;
  for (unsigned k = 0; k < a.numLocals(); ++k)
    if (!sameDivision(a, k, b, k))
      return false;
  return true;
}

/// The rows of `a` that `b` lacks (sorted lists).
RowSubset rowsMissingIn(const SortedRows &a, const SortedRows &b) {
  RowSubset out;
  size_t j = 0;
  for (ConstRow r : a) {
    while (j < b.size() && rowLess(b[j], r))
      ++j;
    if (j == b.size() || !sameRow(b[j], r))
      out.push_back(r);
  }
  return out;
}

/// Whether some inequality of `d` has the coefficients of `row` and a
/// constant no larger, so that it implies `row` (a loop's lower bound
/// i >= 0 on the piece i >= 10 beyond a cut).
bool impliedByARow(const BasicRelation &d, ConstRow row) {
  unsigned n = unsigned(row.size()) - 1;
  for (unsigned i = 0; i < d.numInequalities(); ++i) {
    ConstRow r = d.inequality(i);
    if (r[n] <= row[n] && std::equal(r.begin(), r.begin() + n, row.begin()))
      return true;
  }
  return false;
}

/// The rows to check on `d` for validOn: those of `rows` but the one at
/// `skip` that no row of `d` implies as written.
RowIndices rowsToCheck(const BasicRelation &d, const RowSubset &rows,
                       size_t skip) {
  RowIndices open;
  for (size_t k = 0; k < rows.size(); ++k)
    if (k != skip && !impliedByARow(d, rows[k]))
      open.push_back(k);
  return open;
}

/// Whether every integer point of `d` satisfies the rows `open` of `rows`,
/// decided without a tableau where that is cheap: exactly on the
/// constraint graph when `d` is a difference system (after substituting
/// its unit equalities: loop boxes, triangles, strides), where each row's
/// integer minimum is a shortest path; otherwise "no" when a cheap point of
/// `d` violates a row (the tile tail beside full tiles). Rows the graph
/// cannot read stay in `open` for validOn; nullopt when undecided.
std::optional<bool> validWithoutTableau(const BasicRelation &d,
                                        const RowSubset &rows,
                                        RowIndices &open) {
  if (open.empty())
    return true;
  // A box answers every row exactly, before any graph.
  if (std::optional<VariableBox> box = VariableBox::of(d)) {
    for (size_t k : open)
      if (!box->holds(rows[k]))
        return false;
    return true;
  }
  unsigned nv = d.numCols() - 1;
  // The graph is built only when it can answer: every open row and, unless
  // equalities are to be substituted, every row of d a difference row
  // (IntegerOptima::of finds that out only after allocating its graph, and
  // checking first there would read every row twice where it succeeds).
  bool graphReadsAll =
      std::all_of(
          open.begin(), open.end(),
          [&](size_t k) { return difference::isDifferenceRow(rows[k], nv); }) &&
      (d.numEqualities() > 0 ||
       difference::unitDifferenceRows(d.inequalities(), nv));
  if (std::optional<difference::IntegerOptima> graph =
          graphReadsAll ? difference::IntegerOptima::of(d.equalities(),
                                                        d.inequalities(), nv)
                        : std::nullopt) {
    RowIndices unread;
    for (size_t k : open) {
      std::optional<Optimum> low = graph->minimum(rows[k]);
      if (!low)
        unread.push_back(k);
      else if (!low->isBounded() || low->value.sign() < 0)
        return false;
    }
    open = std::move(unread);
    if (open.empty())
      return true;
  }
  std::optional<std::vector<Int>> w = d.cheapWitness();
  if (!w)
    return std::nullopt;
  for (size_t k : open)
    if (affineValue(rows[k], *w).isNegative())
      return false;
  return std::nullopt;
}

/// Whether every integer point of `d` satisfies the rows `open` of `rows`
/// (a rational minimum per row, rounded up: rows have integer
/// coefficients); one tableau of `d`.
bool validOn(const BasicRelation &d, const RowSubset &rows,
             const RowIndices &open) {
  if (open.empty())
    return true;
  Simplex s(d.equalities(), d.inequalities());
  for (size_t k : open) {
    ConstRow r = rows[k];
    std::vector<Int> lin(r.begin(), r.end() - 1);
    lin.push_back(Int(0));
    Optimum o = s.computeOptimum(ConstRow(lin), false);
    if (o.kind == OptimumKind::Empty)
      return true;
    if (!o.isBounded() || o.value.ceil() + r.back() < Int(0))
      return false;
  }
  return true;
}

/// Removes from `d` its inequality equal to `row`, if any.
void removeRow(BasicRelation &d, ConstRow row) {
  for (unsigned k = 0; k < d.numInequalities(); ++k) {
    ConstRow r = d.inequality(k);
    if (std::equal(r.begin(), r.end(), row.begin(), row.end())) {
      d.removeInequality(k);
      return;
    }
  }
}

/// When disjuncts a and b (with their sorted rows) are the polyhedron
/// C and E_a and E_b cut by the hyperplane a.x + c >= 0 | -a.x - c - 1 >= 0
/// (rows of C shared, E_a valid on b and E_b valid on a), that polyhedron.
std::optional<BasicRelation> fuseCut(const BasicRelation &a,
                                     const SortedRows &ia,
                                     const BasicRelation &b,
                                     const SortedRows &ib) {
  RowSubset onlyA = rowsMissingIn(ia, ib), onlyB = rowsMissingIn(ib, ia);
  if (onlyA.empty() || onlyB.empty())
    return std::nullopt;
  for (size_t x = 0; x < onlyA.size(); ++x)
    for (size_t y = 0; y < onlyB.size(); ++y) {
      ConstRow ra = onlyA[x], rb = onlyB[y];
      bool adjacent = ra.back() + rb.back() == Int(-1);
      for (size_t c = 0; c + 1 < ra.size() && adjacent; ++c)
        adjacent = ra[c] == -rb[c];
      if (!adjacent)
        continue;
      // Both sides' cheap refutations before either side's tableau.
      RowIndices openA = rowsToCheck(b, onlyA, x),
                 openB = rowsToCheck(a, onlyB, y);
      std::optional<bool> quickA = validWithoutTableau(b, onlyA, openA);
      if (quickA == false)
        return std::nullopt;
      std::optional<bool> quickB = validWithoutTableau(a, onlyB, openB);
      if (quickB == false || (!quickA && !validOn(b, onlyA, openA)) ||
          (!quickB && !validOn(a, onlyB, openB)))
        return std::nullopt;
      BasicRelation out = a;
      removeRow(out, ra);
      for (size_t k = 0; k < onlyB.size(); ++k)
        if (k != y)
          out.addInequality(onlyB[k]);
      return out;
    }
  return std::nullopt;
}

/// `d` with each equality written as two opposite inequalities: a peeled
/// iteration (i = n - 1) then meets the rest of its loop (i <= n - 2) as a
/// cut.
BasicRelation withEqualitiesAsInequalities(const BasicRelation &d) {
  BasicRelation out = d;
  std::vector<Int> neg(d.numCols());
  for (unsigned e = 0; e < d.numEqualities(); ++e) {
    ConstRow r = d.equality(e);
    for (unsigned c = 0; c < r.size(); ++c)
      neg[c] = -r[c];
    out.addInequality(r);
    out.addInequality(ConstRow(neg));
  }
  while (out.numEqualities() > 0)
    out.removeEquality(out.numEqualities() - 1);
  return out;
}

/// Fraction-free elimination of column `col` from `row` by `pivot`.
void eliminateColumn(std::vector<Int> &row, const std::vector<Int> &pivot,
                     unsigned col) {
  if (row[col].isZero())
    return;
  Int g = gcd(pivot[col], row[col]);
  Int fp = divExact(pivot[col], g), fr = divExact(row[col], g);
  for (size_t c = 0; c < row.size(); ++c) {
    Int v = fp * row[c];
    if (!pivot[c].isZero())
      v -= fr * pivot[c];
    row[c] = std::move(v);
  }
}

/// Echelon rows (each with its pivot column) of the span of `rows`.
struct Echelon {
  std::vector<std::vector<Int>> rows;
  std::vector<unsigned> pivots;

  /// Reduces `row` by the echelon rows; adds what remains (when non-zero,
  /// divided by its content) and returns whether it did.
  bool add(std::vector<Int> row) {
    for (size_t k = 0; k < rows.size(); ++k)
      eliminateColumn(row, rows[k], pivots[k]);
    // The constant column counts: 0 = 1 left over means the rows are
    // inconsistent together, which is no dependence.
    unsigned n = unsigned(row.size());
    unsigned col = 0;
    while (col < n && row[col].isZero())
      ++col;
    if (col == n)
      return false;
    Int g = rowGcd(ConstRow(row));
    if (!g.isOne())
      for (Int &v : row)
        v = divExact(v, g);
    rows.push_back(std::move(row));
    pivots.push_back(col);
    return true;
  }
};

/// `b` with its equalities rewritten as `a`'s equalities followed by the
/// rest of their span, when a's equalities are implied by b's (same
/// solution set: only the basis of the row space changes). A peeled
/// iteration (j = i - 1, i = 4q + 1) then shows its loop's equality
/// (j = 4q) and the one cut (i = 4q + 1) that sets it apart.
std::optional<BasicRelation> rebasedOnEqualities(const BasicRelation &a,
                                                 const BasicRelation &b) {
  if (a.numEqualities() == 0 || a.numEqualities() >= b.numEqualities())
    return std::nullopt;
  auto rowOf = [](ConstRow r) { return std::vector<Int>(r.begin(), r.end()); };
  Echelon joint;
  for (unsigned e = 0; e < a.numEqualities(); ++e)
    if (!joint.add(rowOf(a.equality(e))))
      return std::nullopt; // a's equalities are not independent.
  std::vector<std::vector<Int>> rest;
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    if (joint.add(rowOf(b.equality(e))))
      rest.push_back(joint.rows.back());
  // a's equalities lie in the span of b's exactly when adding them did not
  // raise its rank.
  if (joint.rows.size() != columnEchelon(b.equalities()).rank)
    return std::nullopt;
  BasicRelation out = b;
  while (out.numEqualities() > 0)
    out.removeEquality(out.numEqualities() - 1);
  for (unsigned e = 0; e < a.numEqualities(); ++e)
    out.addEquality(a.equality(e));
  for (const std::vector<Int> &r : rest)
    out.addEquality(ConstRow(r));
  return out;
}

/// fuseCut on the disjuncts with their equalities, as written, read as
/// inequality pairs; the result normalized.
std::optional<BasicRelation>
fuseCutAcrossEqualitiesAsWritten(const BasicRelation &a,
                                 const BasicRelation &b) {
  BasicRelation ea = withEqualitiesAsInequalities(a),
                eb = withEqualitiesAsInequalities(b);
  std::optional<BasicRelation> fused = fuseCut(
      ea, sortedRows(ea.inequalities()), eb, sortedRows(eb.inequalities()));
  if (!fused || !fused->normalize())
    return std::nullopt;
  return fused;
}

/// fuseCut on the disjuncts with their equalities as inequality pairs (for
/// pairs whose equalities differ), the result normalized (opposite pairs
/// become equalities again). When one side's equalities imply the other's,
/// they are first rewritten on the other's (rebasedOnEqualities).
std::optional<BasicRelation> fuseCutAcrossEqualities(const BasicRelation &a,
                                                     const BasicRelation &b) {
  if (std::optional<BasicRelation> rb = rebasedOnEqualities(a, b))
    if (std::optional<BasicRelation> f =
            fuseCutAcrossEqualitiesAsWritten(a, *rb))
      return f;
  if (std::optional<BasicRelation> ra = rebasedOnEqualities(b, a))
    if (std::optional<BasicRelation> f =
            fuseCutAcrossEqualitiesAsWritten(*ra, b))
      return f;
  return fuseCutAcrossEqualitiesAsWritten(a, b);
}

/// A disjunct with its inequalities on the lattice of its equalities (see
/// onEqualityLattice), and whether rewriting them tightened a row.
struct LatticeForm {
  BasicRelation rel;
  bool tightened = false;
};

/// `d` with each equality that has a variable of coefficient +-1 (i - 4e =
/// 0 takes i) substituted into the inequalities, which are then tightened
/// (coefficients divided by their gcd, the constant floored:
/// difference::substituteUnitEqualities) and cleared of the rows left
/// without variables. The same integer points, since the
/// equalities hold on them; a cut between strided pieces that the rounding
/// hides then shows: 0 <= i <= 10 and 12 <= i <= 20 with i = 4e become
/// e <= 2 and e >= 3. nullopt when an equality has no unit variable or the
/// rows turn out empty.
std::optional<LatticeForm> onEqualityLattice(const BasicRelation &d) {
  unsigned n = d.numCols() - 1;
  std::optional<difference::Substituted> sub =
      difference::substituteUnitEqualities(d.equalities(), d.inequalities(), n);
  if (!sub || sub->empty)
    return std::nullopt;
  LatticeForm out{d, sub->tightened};
  while (out.rel.numInequalities() > 0)
    out.rel.removeInequality(out.rel.numInequalities() - 1);
  for (unsigned r = 0; r < sub->ineqs.numRows(); ++r) {
    ConstRow row = sub->ineqs.row(r);
    if (std::all_of(row.begin(), row.end() - 1,
                    [](const Int &v) { return v.isZero(); })) {
      if (row[n].isNegative())
        return std::nullopt;
      continue; // Implied by the equalities.
    }
    out.rel.addInequality(row);
  }
  // Not normalized: that could merge opposite rows into equalities, and
  // fuseCut needs both sides' equalities to stay the same.
  return out;
}

/// fuseCut on strided disjuncts with the same equalities, read on the
/// lattice of those equalities (onEqualityLattice), when that tightens a
/// row of either: i = 4e on 0 <= i <= 10 and on 12 <= i <= 20 fuse into
/// i = 4e, 0 <= e <= 5.
std::optional<BasicRelation> fuseCutOnLattice(const BasicRelation &a,
                                              const BasicRelation &b) {
  std::optional<LatticeForm> la = onEqualityLattice(a);
  if (!la)
    return std::nullopt;
  std::optional<LatticeForm> lb = onEqualityLattice(b);
  if (!lb || !(la->tightened || lb->tightened))
    return std::nullopt;
  return fuseCut(la->rel, sortedRows(la->rel.inequalities()), lb->rel,
                 sortedRows(lb->rel.inequalities()));
}

/// One pass over the pairs of disjuncts (each with its sorted equalities
/// and inequalities), fusing those fuseCut accepts; whether any fused.
bool fusePass(std::vector<BasicRelation> &disjuncts,
              std::vector<SortedRows> &eqs, std::vector<SortedRows> &ineqs) {
  bool fusedAny = false;
  for (size_t i = 0; i < disjuncts.size(); ++i) {
    for (size_t j = i + 1; j < disjuncts.size(); ++j) {
      WorkBudget::charge(ineqs[i].size() + 1);
      if (!sameLocals(disjuncts[i], disjuncts[j]))
        continue;
      bool sameEqs = sameRows(eqs[i], eqs[j]);
      std::optional<BasicRelation> fused =
          sameEqs ? fuseCut(disjuncts[i], ineqs[i], disjuncts[j], ineqs[j])
                  : fuseCutAcrossEqualities(disjuncts[i], disjuncts[j]);
      if (!fused && sameEqs && !eqs[i].empty())
        fused = fuseCutOnLattice(disjuncts[i], disjuncts[j]);
      if (!fused)
        continue;
      disjuncts[i] = std::move(*fused);
      eqs[i] = sortedRows(disjuncts[i].equalities());
      ineqs[i] = sortedRows(disjuncts[i].inequalities());
      disjuncts.erase(disjuncts.begin() + std::ptrdiff_t(j));
      eqs.erase(eqs.begin() + std::ptrdiff_t(j));
      ineqs.erase(ineqs.begin() + std::ptrdiff_t(j));
      fusedAny = true;
      j = i; // Disjunct i changed: try every later disjunct again.
    }
  }
  return fusedAny;
}

} // namespace

void fuseAdjacentCuts(std::vector<BasicRelation> &disjuncts) {
  dropContainedDisjuncts(disjuncts);
  std::vector<SortedRows> eqs, ineqs;
  eqs.reserve(disjuncts.size());
  ineqs.reserve(disjuncts.size());
  for (const BasicRelation &d : disjuncts) {
    eqs.push_back(sortedRows(d.equalities()));
    ineqs.push_back(sortedRows(d.inequalities()));
  }
  // A fusion can make a disjunct adjacent to an earlier one (two slabs
  // that together border a third): passes repeat until one fuses nothing.
  while (fusePass(disjuncts, eqs, ineqs)) {
  }
}

} // namespace presburger
