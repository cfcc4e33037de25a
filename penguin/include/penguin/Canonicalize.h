//===- Canonicalize.h - Predicate and expression normalisation --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The `canonicalize` pass rewrites, without the integer-set engine and
// exactly over the integers:
//   - every exact predicate through the verbs' normal form (canonical flat
//     expression, constants folded), then per direction D (the primitive
//     linear part): parallel bounds merged into the tightest lo <= D <= hi
//     (dividing by the gcd of the coefficients), `D - v == 0` when lo == hi,
//     trivially true predicates dropped, and the whole guard replaced by the
//     single predicate `-1 >= 0` when it is proven unsatisfiable;
//   - approximate predicates normalised and deduplicated (never used to fold
//     anything, never folded themselves);
//   - access indices and loop bounds to their canonical flat form.
// The result is a fixed point: canonicalizing twice changes nothing.
//
// Counters (pass "canonicalize"): predicates-removed, equalities-formed,
// never-executed, expressions-rewritten.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_CANONICALIZE_H
#define PENGUIN_CANONICALIZE_H

#include "penguin/AffinePredicate.h"
#include "penguin/Kernel.h"
#include "penguin/Pass.h"
#include "penguin/Statistics.h"

#include <memory>
#include <span>
#include <vector>

namespace penguin {

/// The canonical form of a conjunction of predicates (see above).
std::vector<AffinePredicate>
canonicalizePredicates(std::span<const AffinePredicate> preds,
                       ExprContext &ctx);

void canonicalizeKernel(Kernel &kernel, Statistics *stats = nullptr);
void canonicalizeModule(Module &module, Statistics *stats = nullptr);

std::unique_ptr<Pass> createCanonicalizePass();

} // namespace penguin

#endif // PENGUIN_CANONICALIZE_H
