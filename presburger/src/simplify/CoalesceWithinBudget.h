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

#include <vector>

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

/// Each of `groups` coalesced by coalesceWithinBudget, all of them within
/// half the budget left, each within an equal share of what the earlier
/// ones left of it (a coalesce per group with half the budget left each
/// would spend the budget geometrically). Costs at most half the budget
/// left.
inline void coalesceEachWithinBudget(std::vector<Relation> &groups) {
  uint64_t share = WorkBudget::left() / 2, start = WorkBudget::used();
  for (size_t k = 0; k < groups.size(); ++k) {
    uint64_t spent = WorkBudget::used() - start;
    uint64_t limit =
        spent < share ? (share - spent) / uint64_t(groups.size() - k) : 0;
    groups[k] = coalesceWithinBudget(groups[k], limit);
  }
}

} // namespace presburger

#endif // PRESBURGER_SIMPLIFY_COALESCEWITHINBUDGET_H
