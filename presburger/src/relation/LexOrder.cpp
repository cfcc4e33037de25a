//===- LexOrder.cpp - Lexicographic order relations -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

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

Relation Relation::lexOrderTo(const Relation &other, LexOrder op) const {
  WorkBudget::Operation guard;
  if (isSet() && other.isSet()) {
    Relation order = lexOrder(space_, other.space_, op);
    return order.intersectDomain(*this).intersectRange(other);
  }
  if (!isRelation() || !other.isRelation())
    throw SpaceError("lexicographic order of a set with a relation");
  Relation order = lexOrder(space_.rangeSpace(), other.space_.rangeSpace(), op);
  return applyRange(order).applyRange(other.reverse());
}

} // namespace presburger
