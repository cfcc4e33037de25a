//===- AccessPattern.h - A tensor access: one index per dim -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An access pattern names a tensor and gives one affine index expression per
// tensor dimension (the seed's NeuronAP). The access relation the
// dependence analysis builds from it is { sN[ivs] -> T[idx_0, ..., idx_r-1] }.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ACCESSPATTERN_H
#define PENGUIN_ACCESSPATTERN_H

#include "penguin/AffineExpr.h"
#include "penguin/Error.h"
#include "penguin/Linearize.h"

#include <string>
#include <vector>

namespace penguin {

struct AccessPattern {
  std::string tensor;
  std::vector<AffineExpr> indices;
  SourceLocation loc;

  size_t rank() const { return indices.size(); }
  /// "T[i, j + 1]".
  std::string str() const;
  /// The seed's Access.linearize_indices: linearizeAffineIndices of the
  /// indices (one flat expression per dimension).
  std::vector<AffineExpr>
  linearizeIndices(LinearizeMode mode = LinearizeMode::Affine) const;
  /// Same tensor and the same index nodes.
  friend bool operator==(const AccessPattern &a, const AccessPattern &b) {
    return a.tensor == b.tensor && a.indices == b.indices;
  }
};

} // namespace penguin

#endif // PENGUIN_ACCESSPATTERN_H
