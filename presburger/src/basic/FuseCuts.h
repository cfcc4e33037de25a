//===- FuseCuts.h - Putting split polyhedra back together -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). Index-set splitting, loop peeling
// and tiling leave unions whose disjuncts are one polyhedron cut by
// hyperplanes; coalescing and the hulls put them back together here first,
// syntactically, instead of spending LPs on every pair.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_FUSECUTS_H
#define PRESBURGER_SRC_FUSECUTS_H

#include "presburger/BasicRelation.h"

#include <vector>

namespace presburger {

/// Fuses pairs of disjuncts that are one polyhedron cut in two by a
/// hyperplane: the same locals, inequalities a.x + c >= 0 in
/// one and -a.x - c - 1 >= 0 in the other (so every integer point of the
/// polyhedron is in one of them), and the other inequalities either shared
/// or valid on the other disjunct (one LP each: a redundant bound dropped
/// from one piece, as i >= 0 from the piece i >= 10). The pair becomes the
/// polyhedron; repeated until no pair is left. Exact over the integers:
/// what index-set splitting produces, found without the LPs coalescing
/// spends on every pair. Equalities count as pairs of inequalities when
/// the two disjuncts' equalities differ (a peeled iteration i = n - 1 and
/// the loop i <= n - 2). Before fusing, a disjunct syntactically inside
/// another is dropped (dropContainedDisjuncts). The disjuncts must be
/// normalized.
void fuseAdjacentCuts(std::vector<BasicRelation> &disjuncts);

} // namespace presburger

#endif // PRESBURGER_SRC_FUSECUTS_H
