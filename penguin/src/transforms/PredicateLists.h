//===- PredicateLists.h - Lists of predicates, split and ordered -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// Small helpers the predicate path and the shrink path share. Private to
// the library.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_TRANSFORMS_PREDICATELISTS_H
#define PENGUIN_TRANSFORMS_PREDICATELISTS_H

#include "penguin/AffinePredicate.h"

#include <span>
#include <vector>

namespace penguin {

/// The exact predicates of `preds` into `exact`, the approximate ones into
/// `approx`, each in order.
void splitPredicates(std::span<const AffinePredicate> preds,
                     std::vector<AffinePredicate> &exact,
                     std::vector<AffinePredicate> &approx);

/// `a` followed by `b`.
std::vector<AffinePredicate> concat(std::vector<AffinePredicate> a,
                                    std::span<const AffinePredicate> b);

/// The guards of `result` that are, in canonical flat form (and up to sign
/// for equalities), one of the `original` predicates are written as that
/// original, in the original order; the others follow in the engine's
/// order. A guard that survives a pass thus reads as the user wrote it.
std::vector<AffinePredicate>
orderLikeOriginal(const std::vector<AffinePredicate> &result,
                  std::span<const AffinePredicate> original);

} // namespace penguin

#endif // PENGUIN_TRANSFORMS_PREDICATELISTS_H
