//===- Hulls.h - Types of the hull and bound operations ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The hull operations themselves are methods of Relation and UnionRelation
// (convexHull, polyhedralHull, simpleHull, affineHull, removeDivs,
// dimBounds); this header holds the small types they use. See
// docs/algorithms/hulls.md for what each operation computes.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_HULLS_H
#define PRESBURGER_HULLS_H

#include "presburger/Int.h"

#include <optional>

namespace presburger {

/// The algorithm Relation::convexHull uses for the rational hull of the
/// disjuncts in the lifted space. All give the same polyhedron; the choice
/// is exposed for testing and benchmarking.
enum class HullMethod {
  /// The default: DoubleDescription in up to kDoubleDescriptionMaxDim
  /// variables, falling back to Wrapping when it exceeds its ray limit or
  /// half of the work budget left, and Wrapping above that dimension.
  Automatic,
  /// Through generators: the vertices, rays and lines of every disjunct by
  /// the double description method, then the facets of the cone they
  /// generate by the same method on its polar. No linear program; the
  /// number of generators can grow exponentially with the dimension, so a
  /// limit on it (and on its share of the work budget) sends the
  /// computation to Wrapping.
  DoubleDescription,
  /// What isl does: facet wrapping (Fukuda et al., "Extended convex hull"),
  /// one linear program per ridge, for bounded disjuncts; for unbounded
  /// ones, lineality spaces projected out and disjuncts combined two at a
  /// time, each pair turned into two polytopes by a change of the
  /// homogenizing direction and wrapped.
  Wrapping,
  /// Fourier-Motzkin elimination on the sum of the homogenized cones of
  /// the disjuncts, two at a time. Simple, works for every input, and can
  /// blow up (the work budget stops it).
  FourierMotzkin,
};

/// HullMethod::Automatic's largest dimension (variables of the lifted
/// space) for the double description method.
inline constexpr unsigned kDoubleDescriptionMaxDim = 10;

/// The exact range of one variable over the integer points of a set or
/// relation (the other variables, parameters included, range freely).
struct DimBounds {
  /// The relation has no integer point (then nothing else is meaningful).
  bool empty = false;
  /// The smallest and largest value; nullopt when unbounded that way.
  std::optional<Int> lower, upper;
  /// Every value is congruent to `offset` modulo `stride` (stride >= 1,
  /// 0 <= offset < stride), and `stride` is the largest such modulus: the
  /// gcd of the differences of the values. A variable that takes a single
  /// value reports stride 1.
  Int stride = Int(1);
  Int offset = Int(0);
};

} // namespace presburger

#endif // PRESBURGER_HULLS_H
