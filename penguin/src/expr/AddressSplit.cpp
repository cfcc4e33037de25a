//===- AddressSplit.cpp - An address as base plus index part --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/AddressSplit.h"

#include "penguin/Linearize.h"

#include <vector>

namespace penguin {

bool dependsOnLoopIndex(AffineExpr e) {
  bool found = false;
  forEachLeaf(e, [&](AffineExpr leaf) {
    if (leaf.kind() == ExprKind::Index)
      found = true;
  });
  return found;
}

namespace {

AffineExpr part(AffineExpr addr, bool indexPart) {
  LinearExpr flat = linearize(addr, LinearizeMode::QuasiAffine);
  std::vector<LinearTerm> terms;
  for (const LinearTerm &t : flat.terms())
    if (dependsOnLoopIndex(t.atom) == indexPart)
      terms.push_back(t);
  ExprContext &ctx = const_cast<ExprContext &>(addr.context());
  return LinearExpr(std::move(terms), indexPart ? 0 : flat.constant())
      .toExpr(ctx);
}

} // namespace

AffineExpr dropApIndicies(AffineExpr addr) { return part(addr, false); }

AffineExpr keepApIndiciesLinearExpr(AffineExpr addr) {
  return part(addr, true);
}

} // namespace penguin
