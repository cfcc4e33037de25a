//===- CodegenChecks.h - AST generation against isl's -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The cross-check's cases for AST generation (AstBuild.h): random boxed
// sets scanned in the order of a random skew or interchange, and the
// compiler-shaped schedules of tests/support/RandomSchedules.h; our code
// and isl's (isl_ast_build_node_from_schedule_map) are both run, through
// interpreters, for several parameter values, and must execute the same
// instances, each in time order.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CROSSCHECK_CODEGENCHECKS_H
#define PRESBURGER_CROSSCHECK_CODEGENCHECKS_H

#include "IslOracle.h"
#include "RandomSets.h"

#include "presburger/UnionRelation.h"

#include <string>
#include <vector>

namespace crosscheck {

/// One schedule (text).
std::vector<std::string> codegenInputs(RandomSets &r);

/// What comparing the two programs found: a disagreement (empty when
/// none) and the size of each program.
struct CodegenCheck {
  std::string detail;
  unsigned ourLoops = 0, islLoops = 0, ourIfs = 0, islIfs = 0;
  unsigned ourLines = 0, islLines = 0;
};

CodegenCheck checkCodegen(const presburger::UnionRelation &ours,
                          const IslObject &theirs, const IslContext &ctx);

} // namespace crosscheck

#endif // PRESBURGER_CROSSCHECK_CODEGENCHECKS_H
