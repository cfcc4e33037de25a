//===- ComponentwiseOptimum.h - Optima read off the bounds ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lexicographic minimum of a loop nest needs no parametric solver when
// the fibre over the symbols s (parameters, domain) has a componentwise
// minimum that its bounds give directly. Call a row with a positive
// coefficient on range variable v a lower row of v. Suppose
//
//   - every lower row of v has coefficient 1 on v and a coefficient <= 0 on
//     every other range variable (it bounds no other variable from below),
//   - "a lower row of v mentions u" orders the range variables without a
//     cycle, and
//   - in that order, the bounds of v's lower rows, x_v >= L_r(s, x_u...),
//     evaluated at the earlier values x*_u, differ only by constants, so
//     that their maximum x*_v is affine in s.
//
// Then every point x of a non-empty fibre has x >= x* componentwise (each
// L_r grows with the x_u it mentions), and x* is in the fibre: lowering x_v
// to x*_v, in that order, keeps every row true (its lower rows hold at x*,
// its other rows have a coefficient <= 0 on x_v or none). So x* is the
// lexicographic minimum in any order of the variables, exact over the
// integers (unit coefficients, integral values): the optimum is the
// relation with x = x*. Boxes, triangles (0 <= j <= i < N), guards and
// dependences i' >= i are of this shape. A maximum is the same with upper
// bounds.
//
// Locals may be divisions of the symbols (symbols themselves) or tiles of
// the range, q = floor(e/d) with e monotone in the range (floor(i/32)):
// q then moves monotonically as x is lowered, so q's defining rows, true
// wherever q has its value, are left out, and every other row must not
// lose as q moves (32 floor(i/32) + 32 <= n holds better as i goes down),
// nor bound a range variable.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_LEXOPT_COMPONENTWISEOPTIMUM_H
#define PRESBURGER_LEXOPT_COMPONENTWISEOPTIMUM_H

#include "presburger/Relation.h"

#include <optional>

namespace presburger {

/// The lexicographic minimum (maximum with `maximize`) of `b` over its
/// range, as above, when b's shape allows: no equality on the range or its
/// tiles, every local a division of the symbols or a tile of the range,
/// and the conditions above on the rows. nullopt otherwise (also when a range
/// variable has no lower row: unbounded or not, the general solver decides
/// and reports). The result has one disjunct, simplified, or none when b
/// is empty. Cost: one pass over the rows per range variable, then one
/// redundancy removal and emptiness test of the result.
std::optional<Relation> componentwiseOptimum(const BasicRelation &b,
                                             bool maximize);

} // namespace presburger

#endif // PRESBURGER_LEXOPT_COMPONENTWISEOPTIMUM_H
