//===- MemcpyElimination.h - Fold copies into their readers -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The seed's MemcpyElimination, the consumer of the access rewriter: a copy
//
//     sC: B[f(i)] = copy(A[g(i)])
//
// is removed and every later load of B is rewritten to read A through
// buildMapping(B[f(i)], A[g(i)], sC) = { B[b] -> A[a] }, when that is
// legal. The rules (docs/penguin-access-rewrite.md has the reasons):
//
//  * sC is a copy: opcode `copy`, a destination, exactly one operand, an
//    access pattern to another tensor of the same element type, no runtime
//    value in the indices, no approximate predicate;
//  * B is not a kernel input or output (its final contents are not
//    observable);
//  * ordering: the top-level statements (a loop tree or an instruction of
//    the kernel body, scopes looked through) run one after the other; the
//    loads rewritten are the reads of B in the statements after sC's. No
//    other instruction writes B in sC's statement or after it, no other
//    instruction of sC's statement reads B, and nothing writes A from sC's
//    statement up to the last statement that reads B;
//  * the mapping is single-valued (no element of B is written from two
//    different elements of A);
//  * coverage: every element of B that a rewritten load reads (over its
//    predicated domain) is written by sC (union_ranges of the reads within
//    union_affine_access_ranges of the copy);
//  * every load rewrites (rewriteLoadAdds: addresses read back, linearity
//    check).
// Otherwise the kernel is unchanged and the decision says why. Loops left
// empty by the removal are removed too.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_MEMCPYELIMINATION_H
#define PENGUIN_MEMCPYELIMINATION_H

#include "penguin/AccessRewriter.h"
#include "penguin/Pass.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace penguin {

/// The opcode of the instructions memcpy-elimination considers.
inline constexpr const char *kCopyOpcode = "copy";

/// What happened to one copy.
struct MemcpyDecision {
  int64_t copyId = 0;
  bool eliminated = false;
  /// Why not (when not eliminated), or what was done: "eliminated: ..."
  std::string reason;
  /// The loads rewritten, as "sN: B[..] -> A[..]".
  std::vector<std::string> rewrites;
  /// One line: "sN: eliminated ..." or "sN: not eliminated: <reason>".
  std::string str() const;
};

/// Tries to eliminate the copy with id `copyId` of `kernel`. On success the
/// copy is removed and its readers rewritten; otherwise the kernel is left
/// exactly as it was.
MemcpyDecision eliminateMemcpy(Kernel &kernel, int64_t copyId,
                               RewriteOptions options = {});

/// eliminateMemcpy on every copy of `kernel`, repeated until no copy can be
/// eliminated. Returns the eliminations in order, then the final refusal of
/// every copy that stays.
std::vector<MemcpyDecision> eliminateMemcpies(Kernel &kernel,
                                              RewriteOptions options = {});

/// The pass `memcpy-elimination`: eliminateMemcpies on every kernel.
/// Counters under "memcpy-elimination": eliminated-copies, rewritten-loads,
/// refused-copies. Each decision is written to PassContext::explain
/// (penguin-opt --explain) as "memcpy-elimination: kernel K: <decision>".
std::unique_ptr<Pass> createMemcpyEliminationPass(RewriteOptions options = {});

/// Adds memcpy-elimination to `registry` (penguin-opt does this).
void registerAccessRewritePasses(PassRegistry &registry);

} // namespace penguin

#endif // PENGUIN_MEMCPYELIMINATION_H
