//===- RegenerateLoops.h - Loop nests rebuilt from their domains -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The regenerate-loops pass (docs/penguin-simplifier.md, "Regenerating
// loops"): per outermost loop tree, each instruction's set of instances
// (its loop bounds, the parameter bounds and its exact predicates) is
// scheduled in the original execution order (the loop variables
// interleaved with the statement's position in each body), the engine's
// AST generator (presburger/AstBuild.h) scans the schedule, and the AST
// becomes penguin loops again: a for loop is a Loop with max / min bounds
// and its step, an if is its condition as exact predicates on the
// instructions below it, a statement is the instruction with its accesses
// rewritten in the new loop variables. So a box with guards becomes loops
// with tight (triangular, strided) bounds and fewer guards.
//
// Approximate predicates stay on their instructions (rewritten in the new
// variables). A tree that cannot be expressed (a scope inside a loop, an
// instruction the generator splits into several pieces, an `else`, a
// disjunction, a min in a lower bound, an engine failure or budget stop)
// is left unchanged and counted; every regenerated tree is checked against
// the original before it replaces it (each instruction's new instances,
// mapped back to the old loop variables, are exactly its old instances),
// so the pass never writes a wrong program.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_REGENERATELOOPS_H
#define PENGUIN_REGENERATELOOPS_H

#include "penguin/Kernel.h"
#include "penguin/Pass.h"

#include <cstdint>
#include <iosfwd>
#include <memory>

namespace penguin {

struct RegenerateOptions {
  /// Work budget of one tree's engine work (0: the engine's default).
  uint64_t workLimit = 0;
};

/// What regenerateLoops did.
struct RegenerateCounters {
  /// Loop trees replaced by regenerated ones.
  int64_t treesRegenerated = 0;
  /// Loop trees left unchanged because the result could not be expressed
  /// (or the engine failed); regenerating to the same text is not counted.
  int64_t treesUnchanged = 0;
  /// Loops before and after, over the regenerated trees.
  int64_t loopsBefore = 0;
  int64_t loopsAfter = 0;
  /// Exact predicates removed (before minus after, per regenerated tree,
  /// when positive).
  int64_t guardsRemoved = 0;
  /// Instructions that never execute, dropped with their tree.
  int64_t instructionsRemoved = 0;
};

/// Regenerates every outermost loop tree of `kernel` (loops at the top of
/// the body or of a top-level scope chain) in place. Writes one line per
/// tree left unchanged to `explain` when it is not null. Cost: per tree,
/// one AST generation (exponential in the worst case; charged to the work
/// budget) and one set equality per instruction.
RegenerateCounters regenerateLoops(Kernel &kernel,
                                   const RegenerateOptions &options = {},
                                   std::ostream *explain = nullptr);

/// The `regenerate-loops` pass (counters regenerate-loops.*).
std::unique_ptr<Pass> createRegenerateLoopsPass(RegenerateOptions options = {});
/// Registers regenerate-loops.
void registerRegenerateLoopsPass(PassRegistry &registry);

} // namespace penguin

#endif // PENGUIN_REGENERATELOOPS_H
