//===- DimBounds.cpp - Exact integer range of one variable ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For the variable in column `col` (every other variable existential):
//  - the minimum: when some non-empty disjunct is rationally unbounded
//    below, so are its integer points (Meyer: the integer hull of a rational
//    polyhedron with an integer point has the same recession cone);
//    otherwise a binary search between the ceiling of the rational minimum
//    and the value at a known integer point, each probe an integer sample of
//    "disjunct and x <= mid"; the maximum likewise;
//  - the stride: with v0 the value at one point and g = 0, look for an
//    integer point whose value is not congruent to v0 modulo g (for g = 0:
//    any other value), and replace g by gcd(g, v - v0); g strictly
//    decreases (as a divisor) so this ends after O(log g) samples.
//
//===----------------------------------------------------------------------===//
#include "hulls/RationalPolyhedron.h"

#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

using namespace hulls;

namespace {

/// The value of column `col` at some integer point of `b` with the extra
/// constraint `extra` (numCols() entries, >= 0), if any.
std::optional<Int> sampleWith(const BasicRelation &b, unsigned col,
                              const std::vector<Int> &extra) {
  BasicRelation t = b;
  t.addInequality(extra);
  std::optional<std::vector<Int>> p = t.findIntegerSample();
  if (!p)
    return std::nullopt;
  return (*p)[col];
}

/// The integer optimum of column `col` over the non-empty `parts`, or
/// nullopt when unbounded. `known` is the value at some integer point.
std::optional<Int> integerOptimum(const std::vector<BasicRelation> &parts,
                                  unsigned col, bool maximize, Int known) {
  // Rational relaxation: unboundedness and a bound for the search.
  std::optional<Int> limit;
  for (const BasicRelation &b : parts) {
    RatPoly p(b.numVars());
    p.eqs = b.equalities();
    p.ineqs = b.inequalities();
    Simplex s = simplexOf(p);
    Optimum o = s.computeVarOptimum(col, maximize);
    if (o.kind == OptimumKind::Unbounded)
      return std::nullopt;
    if (!o.isBounded())
      continue;
    Int v = maximize ? o.value.floor() : o.value.ceil();
    if (!limit || (maximize ? v > *limit : v < *limit))
      limit = v;
  }
  if (!limit)
    return known;
  // Search between `limit` (no point beyond it) and `known` (attained).
  Int lo = maximize ? known : *limit, hi = maximize ? *limit : known;
  while (lo < hi) {
    WorkBudget::charge(parts.size());
    if (!maximize) {
      // Is there a point with x <= mid?
      Int mid = floorDiv(lo + hi, Int(2));
      std::optional<Int> found;
      for (const BasicRelation &b : parts) {
        std::vector<Int> row(b.numCols());
        row[col] = Int(-1);
        row.back() = mid;
        if ((found = sampleWith(b, col, row)))
          break;
      }
      if (found)
        hi = *found;
      else
        lo = mid + Int(1);
    } else {
      // Is there a point with x >= mid?
      Int mid = ceilDiv(lo + hi, Int(2));
      std::optional<Int> found;
      for (const BasicRelation &b : parts) {
        std::vector<Int> row(b.numCols());
        row[col] = Int(1);
        row.back() = -mid;
        if ((found = sampleWith(b, col, row)))
          break;
      }
      if (found)
        lo = *found;
      else
        hi = mid - Int(1);
    }
  }
  return lo;
}

} // namespace

DimBounds Relation::dimBounds(VarKind kind, unsigned pos) const {
  WorkBudget::Operation op;
  if (kind == VarKind::Local || pos >= space_.numVars(kind))
    throw InvalidArgument("dimBounds: no variable " + std::to_string(pos) +
                          " of that kind in " + space_.toString());
  unsigned col = space_.offset(kind) + pos;
  DimBounds out;
  std::vector<BasicRelation> parts;
  std::optional<Int> v0;
  for (const BasicRelation &d : disjuncts_) {
    BasicRelation b = d;
    if (!b.normalize())
      continue;
    std::optional<std::vector<Int>> p = b.findIntegerSample();
    if (!p)
      continue;
    if (!v0)
      v0 = (*p)[col];
    parts.push_back(std::move(b));
  }
  if (!v0) {
    out.empty = true;
    return out;
  }
  out.lower = integerOptimum(parts, col, false, *v0);
  out.upper = integerOptimum(parts, col, true, *v0);
  // Stride: the gcd of the differences of the values.
  Int g(0);
  while (!g.isOne()) {
    WorkBudget::charge(parts.size());
    std::optional<Int> other;
    for (const BasicRelation &b : parts) {
      if (g.isZero()) {
        std::vector<Int> up(b.numCols()), down(b.numCols());
        up[col] = Int(1);
        up.back() = -(*v0 + Int(1));
        down[col] = Int(-1);
        down.back() = *v0 - Int(1);
        if ((other = sampleWith(b, col, up)) ||
            (other = sampleWith(b, col, down)))
          break;
      } else {
        // 1 <= x - v0 - g q <= g - 1 for some integer q.
        BasicRelation t = b;
        unsigned q = t.offset(VarKind::Local) + t.addLocal();
        std::vector<Int> lower(t.numCols()), upper(t.numCols());
        lower[col] = Int(1);
        lower[q] = -g;
        lower.back() = -*v0 - Int(1);
        upper[col] = Int(-1);
        upper[q] = g;
        upper.back() = *v0 + g - Int(1);
        t.addInequality(lower);
        t.addInequality(upper);
        std::optional<std::vector<Int>> p = t.findIntegerSample();
        if (p) {
          other = (*p)[col];
          break;
        }
      }
    }
    if (!other)
      break;
    g = gcd(g, *other - *v0);
  }
  out.stride = g.isZero() ? Int(1) : g;
  out.offset = mod(*v0, out.stride);
  return out;
}

std::vector<DimBounds> Relation::dimBounds() const {
  WorkBudget::Operation op;
  std::vector<DimBounds> out;
  for (unsigned i = 0; i < space_.numDomain(); ++i)
    out.push_back(dimBounds(VarKind::Domain, i));
  for (unsigned i = 0; i < space_.numRange(); ++i)
    out.push_back(dimBounds(VarKind::Range, i));
  return out;
}

} // namespace presburger
