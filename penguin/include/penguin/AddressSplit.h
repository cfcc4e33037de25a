//===- AddressSplit.h - An address as base plus index part ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The seed's module-level drop_ap_indicies / keep_ap_indicies_linear_expr
// (sic, access-address-rewrite.txt §5.2): the last step of rewriteLoadAdds
// splits each rebased address into
//
//   drop_ap_indicies(addr)              the part that does not depend on
//                                       the loop indices (constant and
//                                       parameter terms: the base), and
//   keep_ap_indicies_linear_expr(addr)  the part that does (sum of
//                                       coeff * atom over the atoms that
//                                       contain a loop variable),
//
// so that addr == drop + keep (both in canonical quasi-affine flat form).
// For a linear address the kept part is sum(stride_i * iv_i): what the
// register lowering turns into per-axis strides.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ADDRESSSPLIT_H
#define PENGUIN_ADDRESSSPLIT_H

#include "penguin/AffineExpr.h"

namespace penguin {

/// drop_ap_indicies (sic): the terms of `addr` (flattened, quasi-affine)
/// whose atoms contain no loop variable, with the constant.
AffineExpr dropApIndicies(AffineExpr addr);

/// keep_ap_indicies_linear_expr (sic): the terms of `addr` whose atoms
/// contain a loop variable (the constant 0 when there are none).
AffineExpr keepApIndiciesLinearExpr(AffineExpr addr);

/// Whether `e` contains an Index leaf (a loop variable).
bool dependsOnLoopIndex(AffineExpr e);

} // namespace penguin

#endif // PENGUIN_ADDRESSSPLIT_H
