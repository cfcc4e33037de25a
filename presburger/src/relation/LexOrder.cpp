//===- LexOrder.cpp - Lexicographic order relations -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <optional>

namespace presburger {

Relation Relation::lexOrder(const Space &dom, const Space &ran, LexOrder op) {
  if (!dom.isSet() || !ran.isSet())
    throw SpaceError("lexicographic order needs two set spaces");
  if (dom.numRange() != ran.numRange())
    throw SpaceError("lexicographic order between tuples of different "
                     "arities: " +
                     dom.toString() + " and " + ran.toString());
  Space space = Space::relation(mergeParams(dom.paramNames(), ran.paramNames()),
                                dom.setTuple(), ran.setTuple());
  unsigned n = dom.numRange();
  unsigned d = space.offset(VarKind::Domain), r = space.offset(VarKind::Range);
  bool strict = op == LexOrder::LT || op == LexOrder::GT;
  // x < y: the sign of (y - x) at the first differing position.
  Int s = (op == LexOrder::LT || op == LexOrder::LE) ? Int(1) : Int(-1);
  Relation result(space);
  for (unsigned k = 0; k < n; ++k) {
    BasicRelation b(space);
    for (unsigned i = 0; i < k; ++i) {
      std::vector<Int> eq(b.numCols());
      eq[d + i] = Int(1);
      eq[r + i] = Int(-1);
      b.addEquality(eq);
    }
    // s * (y_k - x_k) >= 1
    std::vector<Int> ineq(b.numCols());
    ineq[r + k] = s;
    ineq[d + k] = -s;
    ineq.back() = Int(-1);
    b.addInequality(ineq);
    result.addDisjunct(std::move(b));
  }
  if (!strict) {
    BasicRelation eq(space);
    for (unsigned i = 0; i < n; ++i) {
      std::vector<Int> row(eq.numCols());
      row[d + i] = Int(1);
      row[r + i] = Int(-1);
      eq.addEquality(row);
    }
    result.addDisjunct(std::move(eq));
  }
  return result;
}

namespace {

/// For each range variable of `b`, its value when an equality of `b` fixes
/// it alone (`t_i = c`: the scalar dimensions of 2d+1 schedules).
std::vector<std::optional<Int>> fixedRangeValues(const BasicRelation &b) {
  unsigned n = b.numRange(), ran = b.offset(VarKind::Range), nv = b.numVars();
  std::vector<std::optional<Int>> fixed(n);
  for (unsigned e = 0; e < b.numEqualities(); ++e) {
    ConstRow row = b.equality(e);
    unsigned var = nv;
    for (unsigned c = 0; c < nv; ++c) {
      if (row[c].isZero())
        continue;
      if (var != nv) {
        var = nv + 1; // Two variables.
        break;
      }
      var = c;
    }
    if (var < ran || var >= ran + n)
      continue;
    if (row[var].isOne())
      fixed[var - ran] = -row[nv];
    else if (row[var] == Int(-1))
      fixed[var - ran] = row[nv];
  }
  return fixed;
}

} // namespace

Relation Relation::lexOrderTo(const Relation &other, LexOrder op) const {
  WorkBudget::Operation guard;
  bool sets = isSet() && other.isSet();
  if (!sets && (!isRelation() || !other.isRelation()))
    throw SpaceError("lexicographic order of a set with a relation");
  // Checks the tuples and arities (the order itself is not built).
  if (sets && numRange() != other.numRange())
    lexOrder(space_, other.space_, op);
  if (!sets)
    lexOrder(space_.rangeSpace(), other.space_.rangeSpace(), op);
  // Copies only when the parameters differ.
  std::optional<Relation> alignedA, alignedB;
  if (space_.paramNames() != other.space_.paramNames()) {
    alignedA = *this;
    alignedB = other;
    presburger::alignParams(*alignedA, *alignedB);
  }
  const Relation &a = alignedA ? *alignedA : *this;
  const Relation &b = alignedB ? *alignedB : other;
  // Pieces x of `a` and y of `b` in one step (no order relation built and
  // intersected twice), and for each position k the rows t_i = u_i
  // (i < k), s (u_k - t_k) >= 1, where t and u are the points of two sets
  // (the result's domain and range) or the images of two relations (kept
  // as locals, the result relating their domains). Positions whose values
  // both pieces fix are decided without building: a difference before k
  // empties every later position.
  Space space =
      sets ? Space::relation(a.space_.paramNames(), a.space_.setTuple(),
                             b.space_.setTuple())
           : Space::relation(a.space_.paramNames(), a.space_.domainTuple(),
                             b.space_.domainTuple());
  unsigned np = a.numParams(), nx = sets ? 0 : a.numDomain(),
           ny = sets ? 0 : b.numDomain();
  unsigned n = a.numRange();
  unsigned dom = space.offset(VarKind::Domain),
           ran = space.offset(VarKind::Range);
  unsigned loc = space.offset(VarKind::Local);
  // The columns of t_i and u_i in the pieces built.
  unsigned tCol = sets ? dom : loc, uCol = sets ? ran : loc + n;
  std::vector<unsigned> mapX(np + nx + n), mapY(np + ny + n);
  for (unsigned i = 0; i < np; ++i)
    mapX[i] = mapY[i] = i;
  for (unsigned i = 0; i < nx; ++i)
    mapX[np + i] = dom + i;
  for (unsigned i = 0; i < ny; ++i)
    mapY[np + i] = ran + i;
  for (unsigned i = 0; i < n; ++i) {
    mapX[np + nx + i] = tCol + i;
    mapY[np + ny + i] = uCol + i;
  }
  bool strict = op == LexOrder::LT || op == LexOrder::GT;
  Int s = (op == LexOrder::LT || op == LexOrder::LE) ? Int(1) : Int(-1);
  Relation result(space);
  for (const BasicRelation &x : a.disjuncts()) {
    std::vector<std::optional<Int>> fx = fixedRangeValues(x);
    for (const BasicRelation &y : b.disjuncts()) {
      std::vector<std::optional<Int>> fy = fixedRangeValues(y);
      auto build = [&](unsigned k) {
        BasicRelation d(space);
        if (!sets)
          d.insertVars(VarKind::Local, 0, 2 * n);
        d.appendMapped(x, mapX);
        d.appendMapped(y, mapY);
        std::vector<Int> row(d.numCols());
        for (unsigned i = 0; i < k && i < n; ++i) {
          std::fill(row.begin(), row.end(), Int(0));
          row[tCol + i] = Int(1);
          row[uCol + i] = Int(-1);
          d.addEquality(row);
        }
        if (k < n) {
          std::fill(row.begin(), row.end(), Int(0));
          row[uCol + k] = s;
          row[tCol + k] = -s;
          row.back() = Int(-1);
          d.addInequality(row);
        }
        if (d.simplifyLocals())
          result.addDisjunct(std::move(d));
      };
      unsigned k = 0;
      for (; k < n; ++k) {
        bool known = fx[k] && fy[k];
        if (!known || s * (*fy[k] - *fx[k]) >= Int(1))
          build(k);
        if (known && *fx[k] != *fy[k])
          break; // Position k differs: no later position can be first.
      }
      if (k == n && !strict)
        build(n); // Equal images.
    }
  }
  result.removeContainedDisjuncts();
  return result;
}

} // namespace presburger
