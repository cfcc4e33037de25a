//===- Verify.h - The IR verifier --------------------------------*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// Checks a module against the rules of docs/penguin-ir.md ("Verifier"):
// names are spellable and unique, tensors have positive shapes and sensible
// memory attributes, every access names a declared tensor with one index per
// dimension, every expression only uses loop variables of enclosing loops
// and declared parameters / runtime values, loop strides are positive and
// loop bounds are affine in parameters, instruction ids are unique,
// predicates are legal ("Invalid Predicate!"), and affine_select carries
// exactly one predicate. All problems are reported, not just the first.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_VERIFY_H
#define PENGUIN_VERIFY_H

#include "penguin/Error.h"
#include "penguin/Kernel.h"

#include <string>
#include <vector>

namespace penguin {

/// Every rule `module` breaks, one diagnostic each, at its place (empty:
/// valid). The `verify` pass (Pass.h) reports them as a PassFailure.
std::vector<Diagnostic> verifyModule(const Module &module);
/// The same for one kernel; `file` names its source in the diagnostics.
std::vector<Diagnostic> verifyKernel(const Kernel &kernel,
                                     const std::string &file = "");

} // namespace penguin

#endif // PENGUIN_VERIFY_H
