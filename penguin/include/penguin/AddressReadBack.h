//===- AddressReadBack.h - Access relations back to address expressions -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// The seed's module-level `newaddrs` (access-address-rewrite.txt, §3): read
// the per-dimension address expressions back out of a (simplified) access
// relation
//
//     R = { sN[ivs] -> T[a_0, ..., a_{r-1}] }
//
// as quasi-affine expressions E_d over the loop variables and parameters
// with R == { sN[ivs] -> T[E_0(ivs), ..., E_{r-1}(ivs)] : ivs in dom R }.
//
// The equalities of a disjunct are reduced (Gauss-Jordan on the range
// columns); dimension d is read from its pivot row c*a_d + rest = 0 as
// -rest (c = 1) or floordiv(-rest, c) (c > 1, exact because the equality
// holds), where `rest` may use parameters, loop variables and division
// locals defined over those; a dimension no equality fixes may be fixed by
// a pair of inequalities c*a <= e <= c*a + k (0 <= k < c): a = floordiv(e,
// c). When the simplified relation has several
// disjuncts, its lexicographic minimum (equal to R when R is single-valued)
// is tried, and several pieces are accepted when they all give the same
// expressions. The answer is always CHECKED: the relation rebuilt from the
// expressions over dom R must equal R (isEqual); otherwise there is no
// answer.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ADDRESSREADBACK_H
#define PENGUIN_ADDRESSREADBACK_H

#include "penguin/AffineExpr.h"
#include "penguin/IntegerSetBridge.h"

#include "presburger/Relation.h"

#include <vector>

namespace penguin {

/// newaddrs: the address expressions of the access relation `acc` (domain
/// tuple over `space`'s loop variables, in order; parameters by name), in
/// canonical quasi-affine flat form, built in `ctx`. Throws
/// NotImplementedError when `acc` is empty, not single-valued, or not
/// expressible as one quasi-affine expression per dimension over its whole
/// domain; BridgeError when `acc` is not a relation over `space`;
/// OverflowError when a coefficient does not fit in int64; the engine's
/// errors (LimitExceeded) propagate.
std::vector<AffineExpr> readBackAddresses(const presburger::Relation &acc,
                                          const DomainSpace &space,
                                          ExprContext &ctx);

} // namespace penguin

#endif // PENGUIN_ADDRESSREADBACK_H
