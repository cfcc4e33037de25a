//===- FixedBox.h - Boxes of constant size at an offset ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The fixed-size box hull (isl's isl_fixed_box from
// isl_set_get_simple_fixed_box_hull and
// isl_map_get_range_simple_fixed_box_hull): a box
// [offset, offset + size) containing the set (the relation's image of
// each domain point), with an offset that is a quasi-affine function of
// the parameters (of the domain) and sizes that are integers:
//
//   [n] -> { [i, j] : n <= i < n + 4 and 0 <= j <= 2 }
//     offset [n] -> { [(n), (0)] }, sizes 4, 3
//
// Or no box ("invalid", isl's NaN offset) when some dimension has no
// constant-size range from the candidates below.
//
// As in isl 0.25, per dimension i: the dimension on its own (the others
// projected out); each lower bound c*i >= e of its simple hull (over the
// inputs and the divisions that do not involve i; existentials and
// divisions of i eliminated rationally, as later isl versions do) is a
// candidate lower corner lb = ceil(e/c) when i - lb is bounded above on the
// simple hull (isl's criterion, so the box is valid where isl's is); its size
// is 1 + max(i - lb) over the set's own integer points (isl measures on the
// simple hull, which can be larger: never a larger box than isl's from the
// same corner); the smallest size wins, the first on ties.
// (Later isl versions first contract a strided dimension, i = f + s*i', which
// can give smaller boxes.)
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_FIXEDBOX_H
#define PRESBURGER_FIXEDBOX_H

#include "presburger/MultiAff.h"

#include <vector>

namespace presburger {

struct FixedBox {
  /// Whether every dimension has a constant-size range (isl's
  /// isl_fixed_box_is_valid); offset and size mean nothing otherwise.
  bool valid = false;
  /// The lower corner: a function of the parameters (a params domain) to
  /// the set's tuple, or of the relation's domain to its range tuple.
  MultiAff offset;
  /// The sizes, one per dimension.
  std::vector<Int> size;
};

/// The fixed-size box hull of the set `set` (isl's
/// isl_set_get_simple_fixed_box_hull). Per dimension: a projection, a
/// stride detection, a simple hull and one integer optimization per lower
/// bound of it; charges the work budget. SpaceError for a relation.
FixedBox simpleFixedBoxHull(const Relation &set);
/// The box of the image of each domain point of the relation `rel`
/// (isl's isl_map_get_range_simple_fixed_box_hull). Cost as above.
FixedBox rangeSimpleFixedBoxHull(const Relation &rel);

} // namespace presburger

#endif // PRESBURGER_FIXEDBOX_H
