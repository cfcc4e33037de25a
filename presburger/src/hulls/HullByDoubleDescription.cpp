//===- HullByDoubleDescription.cpp - Hulls through generators -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See HullByDoubleDescription.h. Generators and rows live over [x | t]:
// a point v / t when t > 0, a direction when t = 0.
//
//===----------------------------------------------------------------------===//
#include "hulls/HullByDoubleDescription.h"

#include "solve/DoubleDescription.h"

namespace presburger::hulls {

namespace {

/// The rows of the homogenized cone of `p`: t >= 0, each inequality, each
/// equality as two opposite rows.
Matrix homogenizedCone(const RatPoly &p) {
  unsigned n = p.n;
  Matrix rows(0, n + 1);
  rows.reserveRows(1 + p.ineqs.numRows() + 2 * p.eqs.numRows());
  std::vector<Int> t(n + 1);
  t[n] = Int(1);
  rows.appendRow(t);
  for (unsigned k = 0; k < p.ineqs.numRows(); ++k)
    rows.appendRow(p.ineqs.row(k));
  for (unsigned k = 0; k < p.eqs.numRows(); ++k) {
    rows.appendRow(p.eqs.row(k));
    unsigned r = rows.appendRow(p.eqs.row(k));
    for (Int &v : rows.row(r))
      v.negate();
  }
  return rows;
}

} // namespace

GeneratorHull hullByDoubleDescription(const std::vector<RatPoly> &pieces,
                                      unsigned n, size_t maxRays) {
  GeneratorHull out;
  // The generators of every non-empty piece, as rows of the polar cone's
  // description: a row g says h . g >= 0 for the hull's rows h.
  Matrix generators(0, n + 1);
  bool anyPoint = false;
  for (const RatPoly &p : pieces) {
    std::optional<ConeGenerators> g =
        coneGenerators(homogenizedCone(p), maxRays);
    if (!g) {
      out.gaveUp = true;
      return out;
    }
    // A line has t = 0 (t >= 0 is a row); a ray with t > 0 is a point.
    bool hasPoint = false;
    for (unsigned r = 0; r < g->rays.numRows() && !hasPoint; ++r)
      hasPoint = g->rays.at(r, n).isPositive();
    if (!hasPoint)
      continue; // Empty: its directions are not the hull's.
    anyPoint = true;
    for (unsigned r = 0; r < g->rays.numRows(); ++r)
      generators.appendRow(g->rays.row(r));
    for (unsigned l = 0; l < g->lines.numRows(); ++l) {
      generators.appendRow(g->lines.row(l));
      unsigned r = generators.appendRow(g->lines.row(l));
      for (Int &v : generators.row(r))
        v.negate();
    }
  }
  if (!anyPoint)
    return out;
  std::optional<ConeGenerators> facets = coneGenerators(generators, maxRays);
  if (!facets) {
    out.gaveUp = true;
    return out;
  }
  RatPoly hull(n);
  for (unsigned l = 0; l < facets->lines.numRows(); ++l)
    hull.eqs.appendRow(facets->lines.row(l));
  for (unsigned r = 0; r < facets->rays.numRows(); ++r) {
    ConstRow h = facets->rays.row(r);
    bool trivial = true; // 0 . x + c >= 0 with c >= 0: t >= 0 itself.
    for (unsigned c = 0; c < n && trivial; ++c)
      trivial = h[c].isZero();
    if (!trivial)
      hull.ineqs.appendRow(h);
  }
  out.hull = std::move(hull);
  return out;
}

} // namespace presburger::hulls
