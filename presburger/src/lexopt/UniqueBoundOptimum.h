//===- UniqueBoundOptimum.h - Optima read off single bounds -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lexicographic minimum of a loop nest without max() in its lower
// bounds needs no parametric solver: when every range variable x_k has
// exactly one row bounding it from below,
//
//   x_k >= L_k(s, x_0, ..., x_{k-1})   (coefficient 1 on x_k, none on later
//                                       range variables),
//
// the point x*_k = L_k(s, x*_0, ..., x*_{k-1}) is the minimum wherever the
// fibre over the symbols s is non-empty. For any point x of the fibre,
// lowering x_0 to x*_0 keeps every row true (L_0 becomes tight, every
// other row has a coefficient <= 0 on x_0, or none); the same holds for
// x_1 given x_0 = x*_0, and so on, so x* is in the fibre and no point of
// it is lexicographically smaller. The optimum is then the relation with
// x = x*, exact over the integers (unit coefficients, integral values).
// A maximum is the same with upper bounds.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_LEXOPT_UNIQUEBOUNDOPTIMUM_H
#define PRESBURGER_LEXOPT_UNIQUEBOUNDOPTIMUM_H

#include "presburger/Relation.h"

#include <optional>

namespace presburger {

/// The lexicographic minimum (maximum with `maximize`) of `b` over its
/// range, as above, when b's shape allows: no equality on the range, every
/// local a division of the parameters and domain (a symbol), and each range
/// variable with exactly one row on the optimized side, with coefficient
/// +-1 there and none on later range variables. nullopt otherwise (also
/// when a range variable has no such row: unbounded or not, the general
/// solver decides and reports). The result has one disjunct, simplified,
/// or none when b is empty. Cost: one pass over the rows per range
/// variable, then one redundancy removal and emptiness test of the result.
std::optional<Relation> uniqueBoundOptimum(const BasicRelation &b,
                                           bool maximize);

} // namespace presburger

#endif // PRESBURGER_LEXOPT_UNIQUEBOUNDOPTIMUM_H
