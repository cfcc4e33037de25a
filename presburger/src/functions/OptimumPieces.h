//===- OptimumPieces.h - A basic relation's optimum as function pieces ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The parametric solver writes each range dimension of a lexicographic
// optimum as an explicit quasi-affine value on each piece of its answer;
// functions are read off those values directly, never off the relation
// the optimum would be as a graph.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_FUNCTIONS_OPTIMUMPIECES_H
#define PRESBURGER_FUNCTIONS_OPTIMUMPIECES_H

#include "presburger/PwMultiAff.h"

#include <vector>

namespace presburger {

/// The lexicographic minimum (with `maximize`, maximum) of the range of
/// `b` as pieces of a function on `domain` (b's domain space, or its
/// params space for a set): pairwise disjoint, covering the points of
/// b's domain, each with the value the solver gives it. Pieces that
/// simplify to empty are dropped. Cost: one parametric integer
/// programming run (charges the work budget). Throws UnboundedError.
std::vector<PwMultiAff::Piece>
basicOptimumPieces(const BasicRelation &b, const Space &domain, bool maximize);

/// PwMultiAff::fromSingleValued of a relation whose disjuncts are pairwise
/// disjoint and non-empty, as a lexicographic optimum's are: neither is
/// tested (those tests were most of the cost of reading a large optimum).
PwMultiAff functionOfDisjointParts(const Relation &r);

} // namespace presburger

#endif // PRESBURGER_FUNCTIONS_OPTIMUMPIECES_H
