//===- IntegerAffineHull.h - Affine hull of integer points ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_HULLS_INTEGERAFFINEHULL_H
#define PRESBURGER_SRC_HULLS_INTEGERAFFINEHULL_H

#include "presburger/BasicRelation.h"

#include <optional>

namespace presburger::hulls {

/// The affine hull of the integer points of `b` over all its columns
/// (parameters, dimensions and locals alike), found by growing a set of
/// integer points until no integer point of `b` violates an equality of
/// their affine hull. Returns the generators (see affineHullOfGenerators)
/// and the equalities, or nullopt when `b` has no integer point. Charges
/// the work budget through integer sampling.
struct AffineHullResult {
  Matrix generators;
  Matrix equalities;
};
std::optional<AffineHullResult> integerAffineHull(const BasicRelation &b);

} // namespace presburger::hulls

#endif // PRESBURGER_SRC_HULLS_INTEGERAFFINEHULL_H
