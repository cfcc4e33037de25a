//===- Tile.cpp - Tile geometry for tile-shaped masks ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Tile.h"

#include "penguin/Error.h"

#include <algorithm>

namespace penguin {

NDTile::NDTile(std::vector<TileAxis> axes) : axes_(std::move(axes)) {
  for (size_t k = 0; k < axes_.size(); ++k) {
    const TileAxis &a = axes_[k];
    if (a.index.isNull() || a.index.kind() != ExprKind::Index)
      throw MaskError("tile axis " + std::to_string(k) +
                      " must be an index variable");
    if (a.extent <= 0)
      throw MaskError("tile axis '" + a.index.name() +
                      "' needs a positive extent, got " +
                      std::to_string(a.extent));
    for (size_t j = 0; j < k; ++j)
      if (axes_[j].index == a.index)
        throw MaskError("tile axis '" + a.index.name() + "' appears twice");
  }
}

std::vector<int64_t> NDTile::shape() const {
  std::vector<int64_t> s;
  s.reserve(axes_.size());
  for (const TileAxis &a : axes_)
    s.push_back(a.extent);
  return s;
}

std::optional<size_t> NDTile::axisOf(AffineExpr index) const {
  for (size_t k = 0; k < axes_.size(); ++k)
    if (axes_[k].index == index)
      return k;
  return std::nullopt;
}

std::string NDTile::str() const {
  std::string s = "[";
  for (size_t k = 0; k < axes_.size(); ++k) {
    if (k)
      s += ", ";
    s += axes_[k].index.name() + ":" + std::to_string(axes_[k].extent);
  }
  return s + "]";
}

bool operator==(const NDTile &a, const NDTile &b) {
  if (a.axes_.size() != b.axes_.size())
    return false;
  for (size_t k = 0; k < a.axes_.size(); ++k)
    if (!(a.axes_[k].index == b.axes_[k].index) ||
        a.axes_[k].extent != b.axes_[k].extent)
      return false;
  return true;
}

static std::string shapeStr(std::span<const int64_t> s) {
  std::string out = "[";
  for (size_t k = 0; k < s.size(); ++k) {
    if (k)
      out += ", ";
    out += std::to_string(s[k]);
  }
  return out + "]";
}

std::vector<int64_t> broadcastShapes(std::span<const int64_t> a,
                                     std::span<const int64_t> b) {
  size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t k = 0; k < n; ++k) {
    // Right-aligned: position k from the end.
    int64_t x = k < a.size() ? a[a.size() - 1 - k] : 1;
    int64_t y = k < b.size() ? b[b.size() - 1 - k] : 1;
    if (x != y && x != 1 && y != 1)
      throw MaskError("cannot broadcast shapes " + shapeStr(a) + " and " +
                      shapeStr(b));
    out[n - 1 - k] = x == 1 ? y : x;
  }
  return out;
}

NDTile combineTileWith(const NDTile &a, const NDTile &b) {
  std::vector<TileAxis> axes = a.axes();
  for (const TileAxis &bx : b.axes()) {
    auto k = a.axisOf(bx.index);
    if (!k) {
      axes.push_back(bx);
      continue;
    }
    int64_t ea = axes[*k].extent, eb = bx.extent;
    if (ea != eb && ea != 1 && eb != 1)
      throw MaskError("cannot align tiles " + a.str() + " and " + b.str() +
                      ": axis '" + bx.index.name() + "' has extent " +
                      std::to_string(ea) + " in one and " + std::to_string(eb) +
                      " in the other");
    axes[*k].extent = ea == 1 ? eb : ea;
  }
  return NDTile(std::move(axes));
}

} // namespace penguin
