//===- ConvexHullRational.h - Convex hull of rational polyhedra -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_HULLS_CONVEXHULLRATIONAL_H
#define PRESBURGER_SRC_HULLS_CONVEXHULLRATIONAL_H

#include "hulls/RationalPolyhedron.h"

#include "presburger/Hulls.h"

#include <optional>
#include <vector>

namespace presburger::hulls {

/// The closed convex hull of the union of the rational polyhedra `pieces`
/// (all over n variables), without redundant constraints. nullopt when all
/// pieces are empty. `method` picks the algorithm (see HullMethod).
std::optional<RatPoly> rationalConvexHull(std::vector<RatPoly> pieces,
                                          unsigned n, HullMethod method);

} // namespace presburger::hulls

#endif // PRESBURGER_SRC_HULLS_CONVEXHULLRATIONAL_H
