//===- Subset.h - Whether a basic relation is covered by pieces -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). Relation::isSubsetOf answers for
// relations; coveredByPieces is the same question for one basic relation and
// a few pieces, asked by coalescing for every candidate it verifies.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_RELATION_SUBSET_H
#define PRESBURGER_SRC_RELATION_SUBSET_H

#include "presburger/BasicRelation.h"

#include <vector>

namespace presburger {

/// Whether every integer point of `c` lies in the union of `pieces` (all in
/// c's space): split along the pieces' constraints depth first when the
/// locals of the pieces have (or are given, from their constraints)
/// division definitions, Relation::isSubsetOf otherwise; difference systems
/// without locals are split on their constraint graphs. Exact when it
/// answers true; false also when it cannot decide (a local that no
/// division expresses). Charges the work budget.
bool coveredByPieces(const BasicRelation &c,
                     const std::vector<const BasicRelation *> &pieces);

} // namespace presburger

#endif // PRESBURGER_SRC_RELATION_SUBSET_H
