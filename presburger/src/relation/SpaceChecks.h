//===- SpaceChecks.h - Operands that must share a space ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_RELATION_SPACECHECKS_H
#define PRESBURGER_SRC_RELATION_SPACECHECKS_H

#include "presburger/Errors.h"
#include "presburger/Space.h"

#include <string>

namespace presburger {

/// Throws SpaceError for operation `op` when `a` and `b` have different
/// tuples (parameters are aligned by name, so they may differ).
inline void checkSameTuples(const Space &a, const Space &b, const char *op) {
  if (!a.sameTuples(b))
    throw SpaceError(std::string(op) + " of objects in different spaces: " +
                     a.toString() + " and " + b.toString());
}

} // namespace presburger

#endif // PRESBURGER_SRC_RELATION_SPACECHECKS_H
