//===- FlowChecks.h - Closure and dataflow against isl ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The cross-check's cases for transitive closure (Closure.h) and exact
// dataflow (Dataflow.h): generators of the inputs compilers meet (uniform
// and strided steps with parametric bounds, unions of them, and some random
// relations; loop statements writing and reading one array under a
// sequential or a fused schedule) and the comparisons with isl's
// isl_union_map_transitive_closure and isl_union_access_info_compute_flow.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CROSSCHECK_FLOWCHECKS_H
#define PRESBURGER_CROSSCHECK_FLOWCHECKS_H

#include "IslOracle.h"
#include "RandomSets.h"

#include "presburger/UnionRelation.h"

#include <string>
#include <vector>

namespace crosscheck {

/// One relation from a space to itself (text).
std::vector<std::string> closureInputs(RandomSets &r);

/// What comparing one closure found.
struct ClosureCheck {
  bool agree = true;
  std::string detail;
  bool oursExact = false, islExact = false;
  /// The two closures are the same set.
  bool same = false;
};

/// Checks our closure of `ours` against isl's of `theirs` (the same input):
/// both exact: equal; ours exact: inside isl's (which contains the closure);
/// always: ours contains R and is closed under joining with R, and contains
/// isl's when isl's is exact.
ClosureCheck checkClosure(const presburger::UnionRelation &ours,
                          const IslObject &theirs, const IslContext &ctx);

/// sink, must sources, may sources, kills, schedule (texts; an empty one
/// is written with a relation space so that it reads as a map).
std::vector<std::string> flowInputs(RandomSets &r);

/// Empty when our must and may dependences and no-source accesses equal
/// isl's; otherwise what differs.
std::string checkFlow(const std::vector<presburger::UnionRelation> &ours,
                      const std::vector<IslObject> &theirs,
                      const IslContext &ctx);

} // namespace crosscheck

#endif // PRESBURGER_CROSSCHECK_FLOWCHECKS_H
