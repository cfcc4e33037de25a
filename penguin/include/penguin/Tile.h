//===- Tile.h - Tile geometry for tile-shaped masks -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An NDTile is the element frame a TileMask is evaluated over: an ordered
// list of axes, each an index variable (an Index leaf) ranging over
// [0, extent). Two masks over different tiles are brought onto one frame by
// combining their axes by index identity (combineTileWith), broadcasting
// extent-1 axes the way numpy broadcasts shapes (broadcastShapes).
//
// Simplification against the seed: NKI tiles identify axes by position and
// re-express indices through substitution maps (generate_subst_map /
// substitute_expr_indices). Here each axis carries its own index variable,
// so aligning two tiles needs no substitution: equal index, same axis.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_TILE_H
#define PENGUIN_TILE_H

#include "penguin/AffineExpr.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace penguin {

struct TileAxis {
  AffineExpr index; ///< An Index leaf.
  int64_t extent = 1;
};

class NDTile {
public:
  /// The rank-0 tile (broadcasts to every tile).
  NDTile() = default;
  /// Throws MaskError unless every index is an Index leaf, indices are
  /// distinct and extents are positive.
  explicit NDTile(std::vector<TileAxis> axes);

  const std::vector<TileAxis> &axes() const { return axes_; }
  size_t rank() const { return axes_.size(); }
  std::vector<int64_t> shape() const;
  std::optional<size_t> axisOf(AffineExpr index) const;
  bool hasAxis(AffineExpr index) const { return axisOf(index).has_value(); }
  /// "[i:128, j:64]".
  std::string str() const;

  friend bool operator==(const NDTile &a, const NDTile &b);

private:
  std::vector<TileAxis> axes_;
};

/// numpy broadcasting of two shapes (right-aligned; equal extents or an
/// extent of 1). Throws MaskError on incompatible shapes.
std::vector<int64_t> broadcastShapes(std::span<const int64_t> a,
                                     std::span<const int64_t> b);

/// The common frame of two tiles: the axes of `a` followed by the axes of
/// `b` that `a` lacks; a shared index takes the broadcast extent (equal, or
/// 1 against n). Throws MaskError when a shared axis has two different
/// extents neither of which is 1.
NDTile combineTileWith(const NDTile &a, const NDTile &b);

} // namespace penguin

#endif // PENGUIN_TILE_H
