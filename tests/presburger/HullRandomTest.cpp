// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Hulls and bounds on random small unions, checked against properties that
// do not depend on the algorithm:
//  - unions of integer boxes, segments and points (every vertex of their
//    hull is an integer point of the set): the convex hull contains the set
//    and every inequality of it is a facet, i.e. the set touches it and the
//    points it touches span a hyperplane of the hull's affine hull;
//  - general unions (strides, existentials, parameters, unbounded pieces):
//    set <= convex hull <= simple hull and affine hull, convex hull <=
//    polyhedral hull, set <= removeDivs, and the two convex hull algorithms
//    agree;
//  - dimBounds and the affine hull of division-free sets against the
//    integer points enumerated in a box around the sets.
// (The comparison with isl itself on the same kind of inputs is a separate,
// uncommitted program; docs/algorithms/hulls.md gives its numbers.)
#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace presburger;

namespace {

struct Gen {
  std::mt19937 rng;
  explicit Gen(unsigned seed) : rng(seed) {}
  int rnd(int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); }

  static std::vector<std::string> names(unsigned dims) {
    std::vector<std::string> v;
    for (unsigned i = 0; i < dims; ++i)
      v.push_back(std::string(1, "ijk"[i]));
    return v;
  }

  /// A random affine form over `vars` with coefficients in [-c, c].
  std::string form(const std::vector<std::string> &vars, int c) {
    std::ostringstream os;
    bool first = true;
    for (const std::string &v : vars) {
      int a = rnd(-c, c);
      if (a == 0)
        continue;
      os << (first ? (a < 0 ? "-" : "") : (a < 0 ? " - " : " + "))
         << std::abs(a) << "*" << v;
      first = false;
    }
    if (first)
      os << vars[size_t(rnd(0, int(vars.size()) - 1))];
    return os.str();
  }

  /// A union of 1-4 integer boxes (some flat: segments and points).
  std::string integerVertexUnion(unsigned dims) {
    std::vector<std::string> v = names(dims);
    std::ostringstream os;
    os << "{ [";
    for (unsigned i = 0; i < dims; ++i)
      os << (i ? ", " : "") << v[i];
    os << "] : ";
    int pieces = rnd(1, 4);
    for (int p = 0; p < pieces; ++p) {
      os << (p ? " or (" : "(");
      for (unsigned i = 0; i < dims; ++i) {
        int lo = rnd(-5, 5), len = rnd(0, 2) == 0 ? 0 : rnd(0, 4);
        os << (i ? " and " : "") << lo << " <= " << v[i] << " <= " << lo + len;
      }
      os << ")";
    }
    os << " }";
    return os.str();
  }

  /// A union of 1-3 pieces with boxes (sometimes open on one side), random
  /// constraints, strides and existentials, and sometimes a parameter.
  std::string general(unsigned dims, bool params, bool unbounded) {
    std::vector<std::string> v = names(dims), all = v;
    bool hasN = params && rnd(0, 1);
    if (hasN)
      all.push_back("n");
    std::ostringstream os;
    if (hasN)
      os << "[n] -> ";
    os << "{ [";
    for (unsigned i = 0; i < dims; ++i)
      os << (i ? ", " : "") << v[i];
    os << "] : ";
    int pieces = rnd(1, 3);
    for (int p = 0; p < pieces; ++p) {
      std::vector<std::string> cons;
      bool open = unbounded && rnd(0, 3) == 0;
      for (const std::string &x : v) {
        int lo = rnd(-5, 5), len = rnd(0, 7);
        if (!open || rnd(0, 1))
          cons.push_back(std::to_string(lo) + " <= " + x);
        if (!open || rnd(0, 1))
          cons.push_back(x + " <= " + std::to_string(lo + len));
      }
      if (hasN && rnd(0, 1))
        cons.push_back("0 <= n <= 8");
      int extra = rnd(0, 2);
      for (int e = 0; e < extra; ++e) {
        int t = rnd(0, 9);
        if (t < 5)
          cons.push_back(form(all, 3) + " <= " + std::to_string(rnd(-3, 9)));
        else if (t < 6)
          cons.push_back(form(all, 2) + " = " + std::to_string(rnd(-2, 2)));
        else if (t < 8)
          cons.push_back("(" + form(all, 2) + ") mod " +
                         std::to_string(rnd(2, 3)) + " = " +
                         std::to_string(rnd(0, 1)));
        else
          cons.push_back("exists (e : " + form(all, 2) + " = " +
                         std::to_string(rnd(2, 3)) + "e + " +
                         std::to_string(rnd(0, 1)) + ")");
      }
      if (cons.empty())
        cons.push_back("0 <= 1");
      os << (p ? " or (" : "(");
      for (size_t c = 0; c < cons.size(); ++c)
        os << (c ? " and " : "") << cons[c];
      os << ")";
    }
    os << " }";
    return os.str();
  }
};

/// Every integer point of `r` with all variables (parameters and
/// dimensions) in [lo, hi].
std::vector<Point> enumerate(const Relation &r, int lo, int hi) {
  unsigned n = r.space().offset(VarKind::Local);
  std::vector<Point> out;
  Point p(n, Int(lo));
  if (n == 0) {
    if (r.containsPoint(p))
      out.push_back(p);
    return out;
  }
  while (true) {
    if (r.containsPoint(p))
      out.push_back(p);
    unsigned k = 0;
    while (k < n && p[k] == Int(hi)) {
      p[k] = Int(lo);
      ++k;
    }
    if (k == n)
      break;
    p[k] += Int(1);
  }
  return out;
}

/// The constraint row as a one-disjunct relation {row = 0} in `space`.
Relation hyperplane(const Space &space, ConstRow row) {
  BasicRelation b(space);
  std::vector<Int> r(row.begin(), row.end());
  b.addEquality(r);
  return Relation(b);
}

} // namespace

TEST(HullRandom, IntegerVertexUnionsHaveOnlyFacets) {
  Gen g(11);
  for (int iter = 0; iter < 60; ++iter) {
    unsigned dims = unsigned(g.rnd(1, 3));
    std::string text = g.integerVertexUnion(dims);
    SCOPED_TRACE(text);
    Relation s = parseRelation(text);
    BasicRelation h = s.convexHull();
    ASSERT_EQ(h.numLocals(), 0u);
    Relation hull(h);
    EXPECT_TRUE(s.isSubsetOf(hull));
    unsigned hullEqs = h.numEqualities();
    for (unsigned k = 0; k < h.numInequalities(); ++k) {
      SCOPED_TRACE("facet " + std::to_string(k) + " of " + hull.toString());
      Relation touched = s.intersect(hyperplane(s.space(), h.inequality(k)));
      ASSERT_FALSE(touched.isEmpty()) << "not tight";
      EXPECT_EQ(touched.affineHull().numEqualities(), hullEqs + 1)
          << "not a facet";
    }
    Relation fm(s.convexHull(HullMethod::FourierMotzkin));
    EXPECT_TRUE(hull.isEqual(fm)) << fm.toString();
  }
}

TEST(HullRandom, InclusionsBetweenHulls) {
  Gen g(23);
  unsigned fmSkipped = 0, skipped = 0;
  for (int iter = 0; iter < 60; ++iter) {
    unsigned dims = unsigned(g.rnd(1, 3));
    std::string text = g.general(dims, true, true);
    SCOPED_TRACE(text);
    Relation s = parseRelation(text);
    try {
      Relation convex(s.convexHull());
      Relation poly(s.polyhedralHull());
      Relation simple(s.simpleHull());
      Relation affine(s.affineHull());
      Relation shadow = s.removeDivs();
      EXPECT_TRUE(s.isSubsetOf(convex)) << convex.toString();
      EXPECT_TRUE(convex.isSubsetOf(poly)) << poly.toString();
      EXPECT_TRUE(convex.isSubsetOf(simple)) << simple.toString();
      EXPECT_TRUE(convex.isSubsetOf(affine)) << affine.toString();
      EXPECT_TRUE(s.isSubsetOf(shadow)) << shadow.toString();
      for (const BasicRelation &b : shadow.disjuncts())
        EXPECT_EQ(b.numLocals(), 0u);
      ASSERT_LE(poly.numDisjuncts(), 1u);
      if (poly.numDisjuncts() == 1) {
        EXPECT_EQ(poly.disjuncts()[0].numLocals(), 0u);
      }
      try {
        Relation fm(s.convexHull(HullMethod::FourierMotzkin));
        EXPECT_TRUE(convex.isEqual(fm)) << fm.toString();
      } catch (const LimitExceeded &) {
        ++fmSkipped; // Fourier-Motzkin blows up more often than wrapping.
      }
    } catch (const LimitExceeded &) {
      // A few random unions have hulls with hundreds of facets in the
      // lifted space (isl needs tens of seconds on those); the budget stops
      // us instead.
      ++skipped;
    }
  }
  EXPECT_LE(fmSkipped, 3u);
  EXPECT_LE(skipped, 2u);
}

// The double description method (the default in small dimensions) against
// facet wrapping on general unions: strides, existentials, parameters and
// unbounded pieces with lineality spaces. Both hulls must be the same set.
TEST(HullRandom, DoubleDescriptionAgreesWithWrapping) {
  Gen g(41);
  unsigned compared = 0;
  for (int iter = 0; iter < 80; ++iter) {
    unsigned dims = unsigned(g.rnd(1, 3));
    std::string text = g.general(dims, true, true);
    SCOPED_TRACE(text);
    Relation s = parseRelation(text);
    try {
      Relation dd(s.convexHull(HullMethod::DoubleDescription));
      Relation wrapped(s.convexHull(HullMethod::Wrapping));
      EXPECT_TRUE(dd.isEqual(wrapped))
          << dd.toString() << " vs " << wrapped.toString();
      EXPECT_TRUE(s.isSubsetOf(dd)) << dd.toString();
      ++compared;
    } catch (const LimitExceeded &) {
      // Wrapping's budget stops on a few random unions (see above).
    }
  }
  EXPECT_GE(compared, 75u);
}

TEST(HullRandom, DimBoundsMatchEnumeration) {
  Gen g(37);
  const int lo = -8, hi = 14;
  for (int iter = 0; iter < 50; ++iter) {
    unsigned dims = unsigned(g.rnd(1, 2));
    std::string text = g.general(dims, false, false);
    SCOPED_TRACE(text);
    Relation s = parseRelation(text);
    std::vector<Point> pts = enumerate(s, lo, hi);
    std::vector<DimBounds> bounds = s.dimBounds();
    ASSERT_EQ(bounds.size(), dims);
    for (unsigned d = 0; d < dims; ++d) {
      const DimBounds &b = bounds[d];
      if (pts.empty()) {
        EXPECT_TRUE(b.empty);
        continue;
      }
      ASSERT_FALSE(b.empty);
      Int mn = pts[0][d], mx = pts[0][d], g0(0);
      for (const Point &p : pts) {
        mn = p[d] < mn ? p[d] : mn;
        mx = p[d] > mx ? p[d] : mx;
        g0 = gcd(g0, p[d] - pts[0][d]);
      }
      Int stride = g0.isZero() ? Int(1) : g0;
      EXPECT_EQ(b.lower, std::optional<Int>(mn)) << "dim " << d;
      EXPECT_EQ(b.upper, std::optional<Int>(mx)) << "dim " << d;
      EXPECT_EQ(b.stride, stride) << "dim " << d;
      EXPECT_EQ(b.offset, mod(mn, stride)) << "dim " << d;
    }
  }
}

TEST(HullRandom, AffineHullOfDivisionFreeSetsMatchesEnumeration) {
  Gen g(41);
  const int lo = -8, hi = 14;
  for (int iter = 0; iter < 50; ++iter) {
    unsigned dims = unsigned(g.rnd(1, 3));
    std::string text = g.integerVertexUnion(dims);
    if (iter % 2) {
      // Add a random equality to every piece's text by intersection.
      Gen h{unsigned(iter)};
      std::ostringstream eq;
      eq << "{ [";
      for (unsigned i = 0; i < dims; ++i)
        eq << (i ? ", " : "") << "ijk"[i];
      eq << "] : " << h.form(Gen::names(dims), 2) << " = " << h.rnd(-2, 2)
         << " }";
      text = parseRelation(text).intersect(parseRelation(eq.str())).toString();
    }
    SCOPED_TRACE(text);
    Relation s = parseRelation(text);
    std::vector<Point> pts = enumerate(s, lo, hi);
    BasicRelation a = s.affineHull();
    if (pts.empty()) {
      EXPECT_TRUE(a.isEmpty());
      continue;
    }
    ASSERT_EQ(a.numLocals(), 0u);
    // Rank of the differences of the points: the dimension of their hull.
    Matrix diffs(0, dims);
    for (const Point &p : pts) {
      std::vector<Int> d(dims);
      for (unsigned c = 0; c < dims; ++c)
        d[c] = p[c] - pts[0][c];
      diffs.appendRow(d);
    }
    unsigned rank = columnEchelon(diffs).rank;
    EXPECT_EQ(a.numEqualities(), dims - rank) << Relation(a).toString();
    for (const Point &p : pts)
      EXPECT_TRUE(Relation(a).containsPoint(p));
  }
}
