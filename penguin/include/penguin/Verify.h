//===- Verify.h - The IR verifier --------------------------------*- C++ -*-===//
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

#include "penguin/Kernel.h"
#include "penguin/Pass.h"

#include <memory>
#include <vector>

namespace penguin {

std::vector<Diagnostic> verifyModule(const Module &module);
std::vector<Diagnostic> verifyKernel(const Kernel &kernel,
                                     const std::string &file = "");

/// The `verify` pass: PassFailure with every diagnostic when the module is
/// invalid.
std::unique_ptr<Pass> createVerifyPass();

} // namespace penguin

#endif // PENGUIN_VERIFY_H
