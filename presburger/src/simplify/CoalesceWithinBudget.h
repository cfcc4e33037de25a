//===- CoalesceWithinBudget.h - Coalescing as an optional step ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where an operation coalesces its result only to make it smaller (the
// pieces of a lexmin, of a function's domains, of a hull's parts), the
// coalescing must not decide whether the operation answers: it runs within
// a share of the budget and stops there with what it has fused so far.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SIMPLIFY_COALESCEWITHINBUDGET_H
#define PRESBURGER_SIMPLIFY_COALESCEWITHINBUDGET_H

#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

/// The points of `pieces`, coalesced as far as `limit` units go (capped by
/// the budget left): Relation::coalesce until the limit is spent, then the
/// pieces as fused so far (the pieces as given when it is spent before the
/// pair search). Exact always. A stop for an enclosing limit propagates.
/// Costs at most `limit` units.
Relation coalesceWithinBudget(const Relation &pieces, uint64_t limit);

/// coalesceWithinBudget within half the budget left.
inline Relation coalesceWithinBudget(const Relation &pieces) {
  return coalesceWithinBudget(pieces, WorkBudget::left() / 2);
}

} // namespace presburger

#endif // PRESBURGER_SIMPLIFY_COALESCEWITHINBUDGET_H
