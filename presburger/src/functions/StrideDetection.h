//===- StrideDetection.h - Strides read off an affine hull ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine: the stride detection of StrideInfo.cpp on a hull
// whose columns the caller maps to expressions, shared with the fixed-size
// box hull (which contracts a strided dimension before it bounds it).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_FUNCTIONS_STRIDEDETECTION_H
#define PRESBURGER_SRC_FUNCTIONS_STRIDEDETECTION_H

#include "presburger/StrideInfo.h"

#include <vector>

namespace presburger {

/// The stride of column `col` of `hull` (an affine hull: equalities over
/// the columns and its divisions), the offset over `vars`, one expression
/// on `domain` per column before the locals (that of `col` is not used).
/// Linear in the size of the hull's equalities.
StrideInfo detectStride(const BasicRelation &hull, unsigned col,
                        const std::vector<Aff> &vars, const Space &domain);

} // namespace presburger

#endif // PRESBURGER_SRC_FUNCTIONS_STRIDEDETECTION_H
