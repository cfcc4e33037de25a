//===- RemoveRedundancies.cpp - Each disjunct simplified
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-------------------===//
#include "basic/DisjunctPreparation.h"

#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

Relation Relation::removeRedundancies() const {
  WorkBudget::Operation op;
  Relation result(space_);
  for (const BasicRelation &d : disjuncts_) {
    BasicRelation b = d;
    if (!b.normalize() || !simplifyPiece(b) || b.isEmpty())
      continue;
    b.setSpace(space_);
    result.disjuncts_.push_back(std::move(b));
  }
  return result;
}

} // namespace presburger
