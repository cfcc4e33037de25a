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
#include "presburger/WorkBudget.h"

#include <optional>
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

/// Two congruences i = a.offset (mod a.stride) and i = b.offset (mod
/// b.stride) that both hold on the same points, as one modulo their lcm.
StrideInfo combine(const StrideInfo &a, const StrideInfo &b) {
  if (a.stride.isOne())
    return b;
  if (b.stride.isOne())
    return a;
  // x = f (mod s) and x = f2 (mod s2), f = f2 (mod gcd): with
  // u*s + w*s2 = gcd, x = (w*s2/gcd)*f + (u*s/gcd)*f2 (mod lcm).
  const Int &s = b.stride;
  Int g2 = gcd(s, a.stride);
  if (g2 == s)
    return a; // b's stride divides a's: nothing new.
  if (g2 == a.stride)
    return b;
  auto [u, w] = extendedGcd(s, a.stride);
  Int s2 = divExact(a.stride, g2);
  return StrideInfo{
      s * s2, b.offset.scale(w * s2).add(a.offset.scale(u * divExact(s, g2)))};
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
    out = combine(out, StrideInfo{s, offset});
  }
  return out;
}

/// Whether i = f (mod s) on every integer point of `d`, i its column `col`
/// and f over its columns before the locals: d with i - f - s*q in [1, s)
/// for a new existential q is empty. Cost: one emptiness test.
bool holdsModulo(const BasicRelation &d, unsigned col, const Aff &f,
                 const Int &s) {
  BasicRelation b = d;
  unsigned flo = f.localSpace().offset(VarKind::Local);
  std::vector<unsigned> map(flo);
  for (unsigned c = 0; c < flo; ++c)
    map[c] = c;
  unsigned firstDiv = b.numLocals();
  b.appendMapped(f.localSpace(), map);
  unsigned q = b.insertVars(VarKind::Local, b.numLocals(), 1);
  std::vector<Int> r(b.numCols());
  r[col] = Int(1);
  const std::vector<Int> &fr = f.row();
  for (unsigned c = 0; c < flo; ++c)
    r[c] -= fr[c];
  for (unsigned k = 0; k < f.numDivs(); ++k)
    r[b.offset(VarKind::Local) + firstDiv + k] -= fr[flo + k];
  r.back() -= fr.back();
  r[q] -= s;
  std::vector<Int> low = r, high(r.size());
  low.back() -= Int(1); // r - 1 >= 0
  for (unsigned c = 0; c < r.size(); ++c)
    high[c] = -r[c];
  high.back() += s - Int(1); // s - 1 - r >= 0
  b.addInequality(low);
  b.addInequality(high);
  return b.isEmpty();
}

/// The stride of column `col` over the union of `rel`'s disjuncts from each
/// disjunct's own stride i = f_j (mod s_j): the largest divisor s of the
/// gcd of the s_j (a stride of the union divides each) such that
/// i = f (mod s) on every disjunct for f one of the f_j or a constant (the
/// value at a point of the first disjunct, modulo s: the only one that
/// can hold). It
/// catches a congruence every disjunct has through divisions of its own, which
/// the affine hull of the union (over the aligned divisions) loses. Cost: one
/// affine hull per disjunct, one emptiness test per disjunct, divisor and
/// offset tried.
StrideInfo disjunctStrides(const Relation &rel, unsigned col,
                           const std::vector<Aff> &vars, const Space &domain) {
  std::vector<const BasicRelation *> live;
  std::vector<Aff> offsets;
  Int s(0);
  for (const BasicRelation &d : rel.disjuncts()) {
    if (d.isEmpty())
      continue;
    // A dimension one constant c takes on the disjunct: stride 0 (i = c),
    // which the gcd passes over, offset c.
    DimBounds fixed =
        Relation(d).dimBounds(VarKind::Range, col - d.offset(VarKind::Range));
    StrideInfo own =
        fixed.lower && fixed.upper && *fixed.lower == *fixed.upper
            ? StrideInfo{Int(0), Aff::constant(domain, *fixed.lower)}
            : detectStride(Relation(d).affineHull(), col, vars, domain);
    s = gcd(s, own.stride);
    offsets.push_back(own.offset);
    live.push_back(&d);
    if (s.isOne())
      return StrideInfo{Int(1), Aff(domain)};
  }
  if (live.empty() || s.isZero()) // all fixed: the union's hull has it
    return StrideInfo{Int(1), Aff(domain)};
  // The divisors of s, largest first.
  std::vector<Int> small, large;
  for (Int k(1); k * k <= s; k += Int(1)) {
    WorkBudget::charge(1);
    if (mod(s, k).isZero()) {
      small.push_back(k);
      if (k * k != s)
        large.push_back(divExact(s, k));
    }
  }
  std::vector<Int> divisors(large.begin(), large.end());
  divisors.insert(divisors.end(), small.rbegin(), small.rend());
  // The offset candidates: each disjunct's own (valid on its points, maybe
  // not on the others': it can use their divisions), then the one constant
  // that can hold, the value at some point of the first disjunct.
  std::optional<Point> at = Relation(*live.front()).samplePoint();
  for (const Int &t : divisors) {
    if (t.isOne())
      break;
    std::vector<Aff> candidates = offsets;
    if (at)
      candidates.push_back(Aff::constant(domain, mod((*at)[col], t)));
    for (const Aff &f : candidates) {
      bool all = true;
      for (size_t j = 0; j < live.size() && all; ++j)
        all = holdsModulo(*live[j], col, f, t);
      if (all)
        return StrideInfo{t, f};
    }
  }
  return StrideInfo{Int(1), Aff(domain)};
}

/// The stride of column `col` of `rel`: that of its affine hull combined
/// with that of its disjuncts (disjunctStrides) into one modulo their lcm.
StrideInfo strideOf(const Relation &rel, unsigned col,
                    const std::vector<Aff> &vars, const Space &domain) {
  StrideInfo out = detectStride(rel.affineHull(), col, vars, domain);
  if (rel.disjuncts().size() > 1)
    out = combine(out, disjunctStrides(rel, col, vars, domain));
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
  return strideOf(set, space.offset(VarKind::Range) + pos, vars, space);
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
  return strideOf(one, one.space().offset(VarKind::Range), vars, domain);
}

} // namespace presburger
