//===- AffineSelect.cpp - The affine_select consumer of masks -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/AffineSelect.h"

namespace penguin {

Instruction makeAffineSelect(int64_t id, AccessPattern dst, Operand onTrue,
                             Operand onFalse, const Mask &mask) {
  AffinePredicate p = affineSelectPredicate(mask);
  Instruction inst;
  inst.id = id;
  inst.opcode = kAffineSelectOpcode;
  inst.dst = std::move(dst);
  inst.operands = {std::move(onTrue), std::move(onFalse)};
  inst.addPredicate(p);
  return inst;
}

} // namespace penguin
