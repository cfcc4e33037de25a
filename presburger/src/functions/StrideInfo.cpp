//===- StrideInfo.cpp - The stride of a set's dimension -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// isl's stride detection (isl_stride.c), on the engine's affine hull: each
// equality of the hull that involves the dimension i, written
// h + g*v*i + g*s*f = 0 with f over the hull's divisions, g the gcd of
// i's coefficient and the divisions', and s > 1, gives i = -a*h/g (mod s)
// where a*v = 1 (mod s); two of them combine by the Chinese remainder
// theorem into one modulo their lcm.
//
//===----------------------------------------------------------------------===//
#include "presburger/StrideInfo.h"

#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"

#include <utility>

namespace presburger {

namespace {

/// The equalities of `b` in reduced echelon form with pivots taken from
/// the last column down (the divisions first), as isl's Gaussian
/// elimination leaves a hull: a congruence that the hull splits over
/// several divisions (2*floor((1 + i)/2) = 3*floor((1 + i)/3) beside
/// (1 + i) mod 3 = 0) then shows in rows of its own on i.
Matrix echelonFromLast(const BasicRelation &b) {
  Matrix m = b.equalities();
  unsigned nv = b.numVars(), rank = 0;
  for (unsigned c = nv; c-- > 0 && rank < m.numRows();) {
    unsigned p = rank;
    while (p < m.numRows() && m.at(p, c).isZero())
      ++p;
    if (p == m.numRows())
      continue;
    for (unsigned k = 0; k <= nv; ++k)
      std::swap(m.at(p, k), m.at(rank, k));
    for (unsigned r = 0; r < m.numRows(); ++r) {
      if (r == rank || m.at(r, c).isZero())
        continue;
      Int a = m.at(rank, c), f = m.at(r, c);
      for (unsigned k = 0; k <= nv; ++k)
        m.at(r, k) = m.at(r, k) * a - m.at(rank, k) * f;
      m.normalizeRow(r, 0, nv + 1);
    }
    ++rank;
  }
  return m;
}

/// The stride of column `col` of `hull` (an affine hull: equalities over
/// the columns and its divisions), the offset over `vars`, one expression
/// on `domain` per column before the locals (that of `col` is not used).
StrideInfo detectStride(const BasicRelation &hull, unsigned col,
                        const std::vector<Aff> &vars, const Space &domain) {
  StrideInfo out{Int(1), Aff(domain)};
  unsigned lo = hull.offset(VarKind::Local);
  Matrix eqs = echelonFromLast(hull);
  for (unsigned e = 0; e < eqs.numRows(); ++e) {
    ConstRow row = eqs.row(e);
    if (row[col].isZero())
      continue;
    Int s(0);
    for (unsigned k = 0; k < hull.numLocals(); ++k)
      s = gcd(s, row[lo + k]);
    Int g = gcd(s, row[col]);
    s = divExact(s, g);
    if (s <= Int(1))
      continue;
    Int v = mod(divExact(row[col], g), s);
    Int a = extendedGcd(v, s).first; // a*v = 1 (mod s)
    // i = -a*h/g (mod s); g divides h on the hull's points.
    std::vector<Int> h(lo + 1);
    for (unsigned c = 0; c < lo; ++c)
      if (c != col)
        h[c] = -a * row[c];
    h[lo] = -a * row.back();
    Aff offset = Aff::combine(h, vars, domain).floorDiv(g);
    if (out.stride.isOne()) {
      out = StrideInfo{s, offset};
      continue;
    }
    // x = f (mod s) and x = f2 (mod s2), f = f2 (mod gcd): with
    // a*s + b*s2 = gcd, x = (b*s2/gcd)*f + (a*s/gcd)*f2 (mod lcm).
    Int g2 = gcd(s, out.stride);
    auto [u, w] = extendedGcd(s, out.stride);
    Int s2 = divExact(out.stride, g2);
    out.offset =
        offset.scale(w * s2).add(out.offset.scale(u * divExact(s, g2)));
    out.stride = s * s2;
  }
  return out;
}

} // namespace

StrideInfo strideInfo(const Relation &set, unsigned pos) {
  if (!set.isSet())
    throw SpaceError("strideInfo: " + set.toString() + " is not a set");
  if (pos >= set.numRange())
    throw InvalidArgument("strideInfo: no dimension " + std::to_string(pos));
  const Space &space = set.space();
  std::vector<Aff> vars;
  for (unsigned p = 0; p < space.numParams(); ++p)
    vars.push_back(Aff::param(space, p));
  for (unsigned d = 0; d < space.numRange(); ++d)
    vars.push_back(Aff::dim(space, d));
  return detectStride(set.affineHull(), space.offset(VarKind::Range) + pos,
                      vars, space);
}

StrideInfo rangeStrideInfo(const Relation &rel, unsigned pos) {
  if (!rel.isRelation())
    throw SpaceError("rangeStrideInfo: " + rel.toString() +
                     " is not a relation");
  unsigned n = rel.numRange();
  if (pos >= n)
    throw InvalidArgument("rangeStrideInfo: no range dimension " +
                          std::to_string(pos));
  Relation one = rel.projectOut(VarKind::Range, pos + 1, n - pos - 1)
                     .projectOut(VarKind::Range, 0, pos);
  Space domain = rel.space().domainSpace();
  std::vector<Aff> vars;
  for (unsigned p = 0; p < domain.numParams(); ++p)
    vars.push_back(Aff::param(domain, p));
  for (unsigned d = 0; d < domain.numDims(); ++d)
    vars.push_back(Aff::dim(domain, d));
  vars.push_back(Aff(domain)); // The range dimension itself.
  return detectStride(one.affineHull(), one.space().offset(VarKind::Range),
                      vars, domain);
}

} // namespace presburger
