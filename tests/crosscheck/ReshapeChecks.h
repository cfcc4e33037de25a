//===- ReshapeChecks.h - Reshaping of nested tuples against isl -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The cross-check's cases for the reshaping operations (Relation.h,
// "Reshaping"): domain_map, range_map, curry, uncurry, zip, flatten, the
// factors and the nested and flat products, on random relations whose
// sides are nested (named and anonymous wrappers and factors, 0-dimensional
// factors included) and on unions mixing pieces with and without the
// nesting an operation needs. Each result is compared with isl's by
// meaning, in the same spaces.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CROSSCHECK_RESHAPECHECKS_H
#define PRESBURGER_CROSSCHECK_RESHAPECHECKS_H

#include "IslOracle.h"
#include "RandomSets.h"

#include "presburger/UnionRelation.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace crosscheck {

/// One reshaping operation: its input generator (texts) and the pair (our
/// result, isl's result) on the inputs as each side read them.
struct ReshapeOperation {
  std::string name;
  std::function<std::vector<std::string>(RandomSets &)> generate;
  std::function<std::pair<presburger::UnionRelation, IslObject>(
      const std::vector<presburger::UnionRelation> &,
      const std::vector<IslObject> &)>
      compute;
};

/// Every reshaping operation the cross-check runs.
std::vector<ReshapeOperation> reshapeOperations();

} // namespace crosscheck

#endif // PRESBURGER_CROSSCHECK_RESHAPECHECKS_H
