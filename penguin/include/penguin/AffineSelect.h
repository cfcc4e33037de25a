//===- AffineSelect.h - The affine_select consumer of masks -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `dst = affine_select(onTrue, onFalse)` guarded by a mask: the one place
// where the mask algebra meets the instructions of the IR.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_AFFINESELECT_H
#define PENGUIN_AFFINESELECT_H

#include "penguin/Instruction.h"
#include "penguin/Mask.h"

namespace penguin {

/// The affine_select consumer: `dst = affine_select(onTrue, onFalse)` masked
/// by the single predicate of `mask` (MaskError "'affine_select' only
/// supports single predicate, was provided N" otherwise).
Instruction makeAffineSelect(int64_t id, AccessPattern dst, Operand onTrue,
                             Operand onFalse, const Mask &mask);

} // namespace penguin

#endif // PENGUIN_AFFINESELECT_H
