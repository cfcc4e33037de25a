//===- StrideInfo.h - The stride of a set's dimension -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The stride of one dimension of a set (isl's isl_stride_info): every
// point's value in that dimension is offset + stride * k for an integer k,
// where the offset is a quasi-affine expression of the parameters and the
// set's other dimensions:
//
//   [n] -> { [i, j] : exists e : i = n + 3e }      dimension 0: 3, (n)
//   { [i, j] : j = 2i + 4 }                        dimension 1: 1, (0)
//
// As in isl, the stride is read off the equalities of the affine hull (in
// the space lifted by the divisions that express strides): an equality
// h + g*v*i + g*s*f(divisions) = 0 with s > 1 says i = -a*h/g (mod s) for
// a*v + b*s = 1, and several such equalities combine into their lcm.
// Without one the stride is 1 and the offset 0. isl's offset -a*h/g may
// have a denominator (g divides h on the set's points); ours is then
// floor(-a*h/g), equal on every point of the set. For a union, the
// disjuncts' own strides are combined in too (the largest common divisor
// with one offset valid on every disjunct): the union's hull aligns the
// disjuncts' divisions and can lose a congruence each has through its own.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_STRIDEINFO_H
#define PRESBURGER_STRIDEINFO_H

#include "presburger/Aff.h"

namespace presburger {

struct StrideInfo {
  /// The stride, at least 1.
  Int stride{1};
  /// The offset: for a set, an expression on the set's space whose
  /// coefficient of the dimension itself is zero; for a relation's range
  /// dimension, an expression on the domain space.
  Aff offset;
};

/// The stride of dimension `pos` of the set `set` (isl's
/// isl_set_get_stride_info). One affine hull (integer sampling, polynomial
/// in practice) and a pass over its equalities; for a union also one affine
/// hull per disjunct and emptiness tests per divisor of their common stride.
/// SpaceError for a relation, InvalidArgument for a dimension out of range.
StrideInfo strideInfo(const Relation &set, unsigned pos);

/// The stride of range dimension `pos` of the relation `rel`, on its own
/// (the other range dimensions projected out), its offset an expression of
/// the domain (isl's isl_map_get_range_stride_info). Cost as strideInfo.
StrideInfo rangeStrideInfo(const Relation &rel, unsigned pos);

} // namespace presburger

#endif // PRESBURGER_STRIDEINFO_H
