//===- DoubleDescription.cpp - Generators of polyhedral cones -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See DoubleDescription.h. Invariants after the first k rows: every line is
// orthogonal to those rows, and the rays, each with the set of those rows
// it is tight on, are the extreme rays of the cone modulo the lines (so the
// combinatorial adjacency test is exact).
//
//===----------------------------------------------------------------------===//
#include "solve/DoubleDescription.h"

#include "presburger/WorkBudget.h"

#include <boost/dynamic_bitset.hpp>

#include <vector>

namespace presburger {

namespace {

using Vector = std::vector<Int>;
using RowSet = boost::dynamic_bitset<uint64_t>;

struct Ray {
  Vector v;
  RowSet tight; // The rows added so far that vanish on v.
};

Int dot(ConstRow a, const Vector &v) {
  Int s(0);
  for (size_t c = 0; c < v.size(); ++c)
    if (!a[c].isZero() && !v[c].isZero())
      s += a[c] * v[c];
  return s;
}

/// x * a + y * b, divided by the gcd of its entries.
Vector combine(const Int &x, const Vector &a, const Int &y, const Vector &b) {
  Vector out(a.size());
  Int g(0);
  for (size_t c = 0; c < a.size(); ++c) {
    if (!a[c].isZero())
      out[c] = x * a[c];
    if (!b[c].isZero())
      out[c] += y * b[c];
    if (!g.isOne())
      g = gcd(g, out[c]);
  }
  if (!g.isZero() && !g.isOne())
    for (Int &v : out)
      if (!v.isZero())
        v = divExact(v, g);
  return out;
}

/// Adds the row `a` (index k) when some line crosses it: that line becomes
/// a ray on the row's positive side, and every other generator is shifted
/// along it onto the row's hyperplane.
void addRowCrossingALine(ConstRow a, unsigned k, size_t pivot, Int value,
                         std::vector<Vector> &lines, std::vector<Ray> &rays,
                         size_t numRows) {
  Vector p = std::move(lines[pivot]);
  lines.erase(lines.begin() + std::ptrdiff_t(pivot));
  if (value.isNegative()) {
    for (Int &v : p)
      v.negate();
    value.negate();
  }
  for (Vector &l : lines) {
    Int v = dot(a, l);
    if (!v.isZero())
      l = combine(value, l, -v, p);
  }
  for (Ray &r : rays) {
    Int v = dot(a, r.v);
    if (!v.isZero())
      r.v = combine(value, r.v, -v, p);
    r.tight.set(k);
  }
  // A line vanished on every earlier row.
  Ray fresh{std::move(p), RowSet(numRows)};
  for (unsigned j = 0; j < k; ++j)
    fresh.tight.set(j);
  rays.push_back(std::move(fresh));
}

} // namespace

std::optional<ConeGenerators> coneGenerators(const Matrix &rows,
                                             size_t maxRays) {
  unsigned d = rows.numColumns(), m = rows.numRows();
  std::vector<Vector> lines(d, Vector(d));
  for (unsigned i = 0; i < d; ++i)
    lines[i][i] = Int(1);
  std::vector<Ray> rays;
  for (unsigned k = 0; k < m; ++k) {
    ConstRow a = rows.row(k);
    WorkBudget::chargeRows(unsigned(lines.size() + rays.size()) + 1, d);
    size_t pivot = lines.size();
    Int pivotValue;
    for (size_t l = 0; l < lines.size() && pivot == lines.size(); ++l) {
      Int v = dot(a, lines[l]);
      if (!v.isZero()) {
        pivot = l;
        pivotValue = v;
      }
    }
    if (pivot < lines.size()) {
      addRowCrossingALine(a, k, pivot, pivotValue, lines, rays, m);
      continue;
    }
    std::vector<Int> value(rays.size());
    std::vector<size_t> positive, negative;
    for (size_t r = 0; r < rays.size(); ++r) {
      value[r] = dot(a, rays[r].v);
      int s = value[r].sign();
      if (s > 0)
        positive.push_back(r);
      else if (s < 0)
        negative.push_back(r);
      else
        rays[r].tight.set(k);
    }
    if (negative.empty())
      continue;
    // A new ray lies on a 2-face of the cone: the rows both ends are tight
    // on must leave room for at most two free directions.
    size_t needed = d - lines.size() >= 2 ? d - lines.size() - 2 : 0;
    std::vector<Ray> fresh;
    for (size_t p : positive)
      for (size_t q : negative) {
        WorkBudget::charge(rays.size());
        RowSet common = rays[p].tight & rays[q].tight;
        if (common.count() < needed)
          continue;
        bool adjacent = true;
        for (size_t r = 0; r < rays.size() && adjacent; ++r)
          adjacent = r == p || r == q || !common.is_subset_of(rays[r].tight);
        if (!adjacent)
          continue;
        Ray w{combine(value[p], rays[q].v, -value[q], rays[p].v),
              std::move(common)};
        w.tight.set(k);
        fresh.push_back(std::move(w));
      }
    std::vector<Ray> kept;
    kept.reserve(rays.size() - negative.size() + fresh.size());
    for (size_t r = 0; r < rays.size(); ++r)
      if (!value[r].isNegative())
        kept.push_back(std::move(rays[r]));
    for (Ray &w : fresh)
      kept.push_back(std::move(w));
    rays = std::move(kept);
    if (rays.size() > maxRays)
      return std::nullopt;
  }
  ConeGenerators out{Matrix(0, d), Matrix(0, d)};
  for (const Vector &l : lines)
    out.lines.appendRow(l);
  for (const Ray &r : rays)
    out.rays.appendRow(r.v);
  return out;
}

} // namespace presburger
