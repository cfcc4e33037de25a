//===- DependencePasses.h - dependences and check-schedule -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   dependences[=MODE]     reports, per kernel, the iteration domain, the
//                          schedule of the original program (as a tree in
//                          flow style and flattened), the RAW, WAR and WAW
//                          dependences and their distance vectors; MODE is
//                          `may` (default: the seed's May-dependences) or
//                          `exact` (value-based, DependenceMode::Exact);
//   check-schedule=[MODE:]SCHED
//                          checks a candidate schedule (a schedule tree or a
//                          flattened isl relation; inline text when SCHED
//                          contains '{', otherwise a file name) against the
//                          dependences of the module's only kernel and
//                          reports the first violation or that it is legal;
//                          a violation sets PassContext::checkFailed;
//   codegen-schedule=SCHED
//                          prints C loops (presburger::buildAst, printC) that
//                          run the only kernel's instances in the order of
//                          the schedule (tree or relation, read as above),
//                          the parameters' bounds as the context.
//
// The passes leave the module unchanged and write to PassContext::report
// (docs/penguin-dependences.md shows the output).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_DEPENDENCEPASSES_H
#define PENGUIN_DEPENDENCEPASSES_H

#include "penguin/Pass.h"

#include <memory>

namespace penguin {

std::unique_ptr<Pass> createDependencesPass();
std::unique_ptr<Pass> createCheckSchedulePass();
/// `codegen-schedule=SCHEDULE`: C loops (the engine's buildAst) that run
/// the kernel's instances in the order of a schedule tree or map.
std::unique_ptr<Pass> createCodegenSchedulePass();

/// Registers `dependences`, `check-schedule` and `codegen-schedule`.
void registerDependencePasses(PassRegistry &registry);

} // namespace penguin

#endif // PENGUIN_DEPENDENCEPASSES_H
