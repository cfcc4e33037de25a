//===- BasisReduction.cpp - Generalized basis reduction -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The widths. For a bounded polyhedron Q and directions b_0 .. b_{n-1}, let
//   F_i(d) = max { d.(x - y) : x, y in Q, b_j.x = b_j.y for j < i },
// the width of Q along d once the first i directions are held equal. F_i
// is a (semi)norm; F_i(b_i) is the width that the search meets at level i.
//
// The reduction (Cook et al., with Lovasz's condition, epsilon = 1/4): for
// i = level, level + 1, ...
//  - size reduction: along the line b_{i+1} + u b_i, F_i is convex in u and
//    least at u = -mu, where mu is the multiplier of the equality
//    b_i.x = b_i.y in the optimum of F_{i+1}(b_{i+1}) (LP duality); the
//    best integer u is the floor or the ceiling of -mu;
//  - exchange: when then F_i(b_{i+1}) < 3/4 F_i(b_i), swap b_i and b_{i+1}
//    and step back (i - 1), else go on (i + 1).
// Every step is a unimodular row operation, so the rows stay a basis of
// Z^n; the exchanges shrink the product of the widths by 3/4 each, so they
// are few (a cap keeps the loop finite even on degenerate, zero-width
// slices, where that argument does not apply; any basis is correct).
//
// The search: depth-first over levels, as isl's isl_tab_sample. At level i
// the slice of P with b_j.x fixed (j < i) has b_i.x in [lo, hi]; when that
// range holds two integers or more and the directions were not reduced at
// this level yet, they are (for the slice) and the range is recomputed.
// Then a greedy descent through the middles of the ranges may find a point
// at once; otherwise each integer of the range is fixed in turn. A
// tableau sample that is already integral ends the search, and at the last
// level any integer of the range gives a point. While the basis is still
// the identity, a descent first reads each later level's range off the
// rows (solve/RowDescent.h: thin chains with huge coefficients, where a
// pivot is expensive) and only falls back to the tableau when that does
// not decide. Exact throughout: the tableau is exact, a point read off
// the rows is checked against every row, and integrality of b.x for a
// unimodular basis is integrality of x.
//
//===----------------------------------------------------------------------===//
#include "solve/BasisReduction.h"
#include "presburger/WorkBudget.h"
#include "solve/RowDescent.h"

#include <algorithm>
#include <cassert>

namespace presburger {

WidthProblem::WidthProblem(const Matrix &ineqs)
    : n_(ineqs.numColumns() - 1), simplex_(2 * n_), scratch_(2 * n_ + 1) {
  std::vector<Int> row(2 * n_ + 1);
  for (unsigned r = 0; r < ineqs.numRows(); ++r)
    for (unsigned copy = 0; copy < 2 && !simplex_.isEmpty(); ++copy) {
      std::fill(row.begin(), row.end(), Int(0));
      for (unsigned c = 0; c < n_; ++c)
        row[copy * n_ + c] = ineqs.at(r, c);
      row[2 * n_] = ineqs.at(r, n_);
      simplex_.addInequality(row);
    }
}

void WidthProblem::addEquality(ConstRow eq) {
  for (unsigned copy = 0; copy < 2 && !simplex_.isEmpty(); ++copy) {
    std::fill(scratch_.begin(), scratch_.end(), Int(0));
    for (unsigned c = 0; c < n_; ++c)
      scratch_[copy * n_ + c] = eq[c];
    scratch_[2 * n_] = eq[n_];
    simplex_.addEquality(scratch_);
  }
}

void WidthProblem::setPairRow(ConstRow d) {
  for (unsigned c = 0; c < n_; ++c) {
    scratch_[c] = d[c];
    scratch_[n_ + c] = -d[c];
  }
  scratch_[2 * n_] = Int(0);
}

Fraction WidthProblem::width(ConstRow d) {
  setPairRow(d);
  Optimum o = simplex_.computeOptimum(scratch_, /*maximize=*/true);
  // Q is bounded and non-empty; were it not, a zero width only makes the
  // reduction useless, never the search wrong.
  return o.isBounded() ? o.value : Fraction();
}

Fraction WidthProblem::widthAndLastMultiplier(ConstRow d, Fraction &mu) {
  assert(!equalityIndex_.empty());
  setPairRow(d);
  unsigned e = equalityIndex_.back();
  const unsigned cons[2] = {e, e + 1};
  std::vector<Fraction> m;
  Optimum o = simplex_.computeOptimumWithMultipliers(scratch_, true, cons, m);
  if (!o.isBounded()) {
    mu = Fraction();
    return Fraction();
  }
  // The equality is the pair e: b.(x - y) >= 0, e + 1: -b.(x - y) >= 0.
  mu = m[0] - m[1];
  return o.value;
}

void WidthProblem::fixDirection(ConstRow b) {
  snapshots_.push_back(simplex_.getSnapshot());
  setPairRow(b);
  equalityIndex_.push_back(simplex_.addEquality(scratch_));
}

void WidthProblem::releaseLastDirection() {
  assert(!snapshots_.empty());
  simplex_.rollback(snapshots_.back());
  snapshots_.pop_back();
  equalityIndex_.pop_back();
}

void reduceBasis(WidthProblem &wp, Matrix &basis, unsigned level,
                 bool onlyFirst) {
  unsigned n = basis.numRows();
  if (level + 1 >= n)
    return;
  // Exchanges shrink the product of the widths by 3/4 each: about
  // n * log(width) / log(4/3) of them at most on a full-dimensional slice.
  // The cap only matters on degenerate ones.
  const unsigned maxSwaps = 64 * n * n + 256;
  const Fraction threshold(Int(3), Int(4));
  std::vector<Fraction> width(n);
  width[level] = wp.width(basis.row(level));
  std::vector<Int> candidate(n);
  unsigned k = level, swaps = 0;
  const Fraction two(Int(2));
  while (k + 1 < n) {
    if (onlyFirst && width[level] < two)
      break;
    WorkBudget::charge(uint64_t(n) * n);
    // F_{k+1}(b_{k+1}) and the multiplier of b_k in it.
    wp.fixDirection(basis.row(k));
    Fraction mu;
    Fraction next = wp.widthAndLastMultiplier(basis.row(k + 1), mu);
    wp.releaseLastDirection();
    // Size reduction: b_{k+1} + u b_k with u the floor or ceiling of -mu.
    Fraction best;
    Int u = (-mu).floor();
    for (int step = 0; step < 2; ++step) {
      Int t = step == 0 ? u : u + Int(1);
      for (unsigned c = 0; c < n; ++c)
        candidate[c] = basis.at(k + 1, c) + t * basis.at(k, c);
      Fraction w = wp.width(candidate);
      if (step == 0 || w < best) {
        best = w;
        u = t;
      }
      if ((-mu).isInteger())
        break;
    }
    if (!u.isZero())
      basis.addToRow(k + 1, k, u);
    if (swaps < maxSwaps && best < threshold * width[k]) {
      basis.swapRows(k, k + 1);
      width[k] = best;
      ++swaps;
      if (k > level) {
        --k;
        wp.releaseLastDirection();
      }
      continue;
    }
    // b_k is fixed in F_{k+1}, so adding u b_k left F_{k+1}(b_{k+1}) alone.
    width[k + 1] = next;
    wp.fixDirection(basis.row(k));
    ++k;
  }
  while (wp.numFixed() > 0)
    wp.releaseLastDirection();
}

namespace {

/// Nodes of the branch and bound tried before basis reduction.
constexpr unsigned kBranchAndBoundNodes = 64;
/// Its depth beyond the dimension: deep dives are the thin polytopes.
constexpr unsigned kBranchAndBoundExtraDepth = 8;

/// The tableau's sample point into `point` when it is integral.
bool integralSample(const Simplex &s, std::vector<Int> &point) {
  std::optional<std::vector<Int>> p = s.integralSample();
  if (!p)
    return false;
  point = std::move(*p);
  return true;
}

bool satisfies(const Matrix &ineqs, ConstRow point) {
  for (unsigned r = 0; r < ineqs.numRows(); ++r)
    if (affineValue(ineqs.row(r), point).isNegative())
      return false;
  return true;
}

/// The depth-first search over the levels of a basis (see the header).
class Search {
public:
  /// `tableau` holds exactly the rows of `ineqs`.
  Search(const Matrix &ineqs, Simplex tableau)
      : ineqs_(ineqs), n_(ineqs.numColumns() - 1), simplex_(std::move(tableau)),
        basis_(n_, n_), fixed_(0, n_ + 1), row_(n_ + 1) {
    for (unsigned i = 0; i < n_; ++i)
      basis_.at(i, i) = Int(1);
  }

  enum class Outcome { Found, Empty, GaveUp };
  /// Depth-first branch and bound on the fractional coordinates of the
  /// tableau's sample, within `nodes` nodes: Found (point_ set), Empty, or
  /// GaveUp when the nodes ran out. The tableau is left as it was.
  Outcome branchAndBound(unsigned &nodes, unsigned depth);

  const std::vector<Int> &point() const { return point_; }

  /// A point found without enumeration, on thin polytopes whose lattice
  /// points sit at the ends of the ranges (x - 10^9 y in [0, 1] at the
  /// largest x): the vertices minimizing and maximizing the first direction
  /// (two LPs), then descents fixing every level at the upper, then the
  /// lower, end of its integer range (2 LPs a level each). True with point_
  /// set; otherwise the tableau is as it was.
  bool probeRangeEnds() {
    Int first, last;
    bool found = false;
    if (!range(0, first, last, found) || found)
      return found;
    return first <= last && (descend(0, first, last, RangePick::Last) ||
                             descend(0, first, last, RangePick::First));
  }

  /// The answer; `bounded` is false when a range was found unbounded (the
  /// precondition failed), and the answer is then meaningless.
  std::optional<std::vector<Int>> run(bool &bounded);

private:
  /// row_ = [b_level, -value].
  void setLevelRow(unsigned level, const Int &value) {
    for (unsigned c = 0; c < n_; ++c)
      row_[c] = basis_.at(level, c);
    row_[n_] = -value;
  }
  /// The integer range [first, last] of b_level.x over the current slice;
  /// false when unbounded. Sets `found` when the tableau sample became
  /// integral on the way (point_ then holds it).
  bool range(unsigned level, Int &first, Int &last, bool &found);
  /// Fixes b_level.x = value in the tableau (and in fixed_).
  void fix(unsigned level, const Int &value) {
    setLevelRow(level, value);
    simplex_.addEquality(row_);
    fixed_.appendRow(row_);
  }
  /// Greedy descent from `level` with range [first, last]: fixes each level
  /// at the value `pick` chooses from its range (isl's greedy search takes
  /// the middle). True with point_ set on success; the tableau is restored
  /// otherwise.
  bool descend(unsigned level, Int first, Int last, RangePick pick);

  /// Reduces rows [level, n) of the basis for the current slice.
  void reduce(unsigned level);

  /// With the basis still the identity, the descent from `level` (x_level
  /// = `value`, the levels below at fixed_'s values) read off the rows
  /// without the tableau (descendByRows); point_ holds the point when
  /// Found.
  RowDescent descendWithoutTableau(unsigned level, const Int &value,
                                   RangePick pick);

  const Matrix &ineqs_;
  unsigned n_;
  Simplex simplex_;
  std::optional<WidthProblem> widths_; // Built at the first reduction.
  Matrix basis_;
  bool identityBasis_ = true; // Until the first reduction.
  Matrix fixed_;              // b_j.x - v_j = 0 for the levels fixed so far.
  std::vector<Int> row_, point_;
};

void Search::reduce(unsigned level) {
  identityBasis_ = false;
  if (!widths_)
    widths_.emplace(ineqs_);
  unsigned snap = widths_->getSnapshot();
  for (unsigned r = 0; r < fixed_.numRows(); ++r)
    widths_->addEquality(fixed_.row(r));
  reduceBasis(*widths_, basis_, level, /*onlyFirst=*/true);
  widths_->rollback(snap);
}

bool Search::range(unsigned level, Int &first, Int &last, bool &found) {
  found = false;
  setLevelRow(level, Int(0));
  Optimum lo = simplex_.computeOptimum(row_, /*maximize=*/false);
  if (integralSample(simplex_, point_)) {
    found = true;
    return true;
  }
  Optimum hi = simplex_.computeOptimum(row_, /*maximize=*/true);
  if (integralSample(simplex_, point_)) {
    found = true;
    return true;
  }
  if (!lo.isBounded() || !hi.isBounded())
    return false;
  first = lo.value.ceil();
  last = hi.value.floor();
  return true;
}

Search::Outcome Search::branchAndBound(unsigned &nodes, unsigned depth) {
  if (simplex_.isEmpty())
    return Outcome::Empty;
  if (nodes == 0 || depth == 0)
    return Outcome::GaveUp;
  --nodes;
  WorkBudget::charge(4 * (n_ + 2));
  std::vector<Fraction> sample = simplex_.getRationalSample();
  unsigned var = n_;
  for (unsigned i = 0; i < n_ && var == n_; ++i)
    if (!sample[i].isInteger())
      var = i;
  if (var == n_) {
    point_.resize(n_);
    for (unsigned i = 0; i < n_; ++i)
      point_[i] = sample[i].num();
    return Outcome::Found;
  }
  std::vector<Int> bound(n_ + 1);
  bool gaveUp = false;
  for (int side = 0; side < 2 && !gaveUp; ++side) {
    // x <= floor(v), then x >= ceil(v).
    std::fill(bound.begin(), bound.end(), Int(0));
    bound[var] = Int(side == 0 ? -1 : 1);
    bound[n_] = side == 0 ? sample[var].floor() : -sample[var].ceil();
    unsigned snap = simplex_.getSnapshot();
    simplex_.addInequality(bound);
    Outcome o = branchAndBound(nodes, depth - 1);
    simplex_.rollback(snap);
    if (o == Outcome::Found)
      return o;
    gaveUp = o == Outcome::GaveUp;
  }
  return gaveUp ? Outcome::GaveUp : Outcome::Empty;
}

RowDescent Search::descendWithoutTableau(unsigned level, const Int &value,
                                         RangePick pick) {
  assert(identityBasis_ && fixed_.numRows() == level && level < n_);
  point_.resize(n_);
  // With the identity basis, row j of fixed_ is x_j - v_j = 0.
  for (unsigned j = 0; j < level; ++j)
    point_[j] = -fixed_.at(j, n_);
  point_[level] = value;
  return descendByRows(ineqs_, point_, level + 1, pick);
}

bool Search::descend(unsigned level, Int first, Int last, RangePick pick) {
  unsigned snap = simplex_.getSnapshot();
  unsigned fixedRows = fixed_.numRows();
  unsigned lv = level;
  while (true) {
    WorkBudget::charge(n_);
    Int value = pick == RangePick::First  ? first
                : pick == RangePick::Last ? last
                                          : floorDiv(first + last, Int(2));
    if (identityBasis_ && lv + 1 < n_) {
      RowDescent d = descendWithoutTableau(lv, value, pick);
      if (d == RowDescent::Found)
        return true;
      if (d == RowDescent::Empty)
        break;
    }
    fix(lv, value);
    if (++lv == n_ || integralSample(simplex_, point_)) {
      if (lv == n_ && !integralSample(simplex_, point_))
        break; // Cannot happen: every b_j.x is fixed to an integer.
      return true;
    }
    bool found;
    if (!range(lv, first, last, found))
      break;
    if (found)
      return true;
    if (first > last)
      break;
  }
  simplex_.rollback(snap);
  fixed_.resizeRows(fixedRows);
  return false;
}

std::optional<std::vector<Int>> Search::run(bool &bounded) {
  bounded = true;
  if (simplex_.isEmpty())
    return std::nullopt;
  if (integralSample(simplex_, point_))
    return point_;
  struct Range {
    unsigned snapshot;
    Int next, last;
  };
  std::vector<Range> ranges;
  bool reduced = false;
  while (true) {
    unsigned level = unsigned(ranges.size());
    Int first, last;
    bool found;
    if (!range(level, first, last, found)) {
      bounded = false;
      return std::nullopt;
    }
    if (found)
      return point_;
    if (first <= last && level + 1 == n_) {
      // The slice is a segment along b_{n-1}: each integer of the range
      // gives an integer point.
      fix(level, first);
      if (integralSample(simplex_, point_))
        return point_;
      bounded = false; // Cannot happen; let the caller decide.
      return std::nullopt;
    }
    if (first < last && descend(level, first, last, RangePick::Middle))
      return point_;
    if (first < last && !reduced) {
      // Two integers or more along b_level: reduce the directions from
      // here on for this slice, then measure again.
      reduce(level);
      reduced = true;
      continue;
    }
    reduced = false;
    ranges.push_back({simplex_.getSnapshot(), first, last});
    while (!ranges.empty() && ranges.back().next > ranges.back().last)
      ranges.pop_back();
    if (ranges.empty())
      return std::nullopt;
    Range &r = ranges.back();
    unsigned lv = unsigned(ranges.size()) - 1;
    simplex_.rollback(r.snapshot);
    fixed_.resizeRows(lv);
    WorkBudget::charge(n_);
    fix(lv, r.next);
    r.next += Int(1);
  }
}

} // namespace

std::optional<std::vector<Int>>
sampleBoundedByBasisReduction(const Matrix &ineqs) {
  if (ineqs.numColumns() == 1)
    return sampleWithoutVariables(ineqs);
  return sampleBoundedByBasisReduction(ineqs, inequalityTableau(ineqs));
}

Simplex inequalityTableau(const Matrix &ineqs) {
  Simplex tableau(ineqs.numColumns() - 1);
  for (unsigned r = 0; r < ineqs.numRows() && !tableau.isEmpty(); ++r)
    tableau.addInequality(ineqs.row(r));
  return tableau;
}

std::optional<std::vector<Int>> sampleWithoutVariables(const Matrix &ineqs) {
  for (unsigned r = 0; r < ineqs.numRows(); ++r)
    if (ineqs.at(r, 0).isNegative())
      return std::nullopt;
  return std::vector<Int>();
}

std::optional<std::vector<Int>>
sampleBoundedByBasisReduction(const Matrix &ineqs, Simplex tableau) {
  unsigned n = ineqs.numColumns() - 1;
  Search search(ineqs, std::move(tableau));
  // Most polytopes that reach here are small and round: a short branch and
  // bound settles them at a fraction of the cost of measuring widths.
  // Large coefficients make thin polytopes (x - 10^9 y in [0, 1]), where
  // branching cuts slivers off at the cost of pivots on huge numbers: the
  // ends of the ranges, then the reduced basis, go straight across them.
  unsigned nodes = kBranchAndBoundNodes;
  if (hasLargeCoefficient(ineqs)) {
    if (search.probeRangeEnds())
      return search.point();
    nodes = 0;
  }
  switch (search.branchAndBound(nodes, n + kBranchAndBoundExtraDepth)) {
  case Search::Outcome::Found:
    return search.point();
  case Search::Outcome::Empty:
    return std::nullopt;
  case Search::Outcome::GaveUp:
    break;
  }
  bool bounded;
  std::optional<std::vector<Int>> point = search.run(bounded);
  if (bounded && (!point || satisfies(ineqs, *point)))
    return point;
  // The precondition failed (or an internal invariant did): the old branch
  // and bound stays exact where it terminates.
  assert(false && "basis reduction on an unbounded polyhedron");
  Simplex s(n);
  for (unsigned r = 0; r < ineqs.numRows() && !s.isEmpty(); ++r)
    s.addInequality(ineqs.row(r));
  return s.findIntegerSampleBounded();
}

} // namespace presburger
