// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Integer sampling and emptiness by generalized basis reduction: thin
// polytopes far from the origin, huge coefficients, and random polytopes
// against enumeration. Each thin set below is written so that its integer
// points can be found by hand; the comments give the argument.
#include "solve/BasisReduction.h"

#include "presburger/BasicRelation.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace presburger;

namespace {

/// The chain of thin wedges in dimension k (variables x0 .. x{k-1}):
///   x0 >= 0 and, for i = 1 .. k-1, with t = x_i - x_{i-1},
///     M x_i - (M - 1) x_{i-1} = x_{i-1} + M t >= low_i,
///     M x_i - (M - 2) x_{i-1} = 2 x_{i-1} + M t <= 2 A,
/// with low_i = A except low_{k-1} = lastLow, and 0 < 2A < M.
/// Over the integers, given x_{i-1} >= 0: t >= 1 would need
/// 2 x_{i-1} <= 2A - M < 0; t <= -1 would need x_{i-1} >= A + M and then
/// 2 x_{i-1} + M t >= 2A + M > 2A. So t = 0 and A <= x_{i-1} <= A, i.e.
/// x_{i-1} = A = x_i (when low_i = A). Hence with lastLow = A the set is the
/// single point (A, ..., A); with lastLow = A + 1 the last step needs
/// A >= A + 1: empty. Rationally both are thin simplices of length about A.
std::string thinChain(unsigned k, int64_t m, int64_t a, int64_t lastLow) {
  std::string vars, cons = "x0 >= 0";
  for (unsigned i = 0; i < k; ++i)
    vars += (i ? ", x" : "x") + std::to_string(i);
  for (unsigned i = 1; i < k; ++i) {
    std::string xi = "x" + std::to_string(i), xp = "x" + std::to_string(i - 1);
    int64_t low = i + 1 == k ? lastLow : a;
    cons += " and " + std::to_string(m) + xi + " - " + std::to_string(m - 1) +
            xp + " >= " + std::to_string(low);
    cons += " and " + std::to_string(m) + xi + " - " + std::to_string(m - 2) +
            xp + " <= " + std::to_string(2 * a);
  }
  return "{ [" + vars + "] : " + cons + " }";
}

/// The rows of thinChain(k, m, a, lastLow), constants last, in the
/// variables u with x = T u for the unimodular T given by `shear`: x0 = u0
/// and x_i = u_i + shear * u_{i-1}.
Matrix thinChainRows(unsigned k, int64_t m, int64_t a, int64_t lastLow,
                     int64_t shear = 0) {
  Matrix x(0, k + 1);
  std::vector<Int> row(k + 1);
  row[0] = Int(1);
  x.appendRow(row);
  for (unsigned i = 1; i < k; ++i) {
    std::fill(row.begin(), row.end(), Int(0));
    row[i] = Int(m);
    row[i - 1] = Int(-(m - 1));
    row[k] = Int(-(i + 1 == k ? lastLow : a));
    x.appendRow(row);
    row[i] = Int(-m);
    row[i - 1] = Int(m - 2);
    row[k] = Int(2 * a);
    x.appendRow(row);
  }
  // a.x = a.(T u) = (a T).u: column j of a T is a_j + shear * a_{j+1}.
  Matrix u(x.numRows(), k + 1);
  for (unsigned r = 0; r < x.numRows(); ++r) {
    for (unsigned j = 0; j < k; ++j)
      u.at(r, j) =
          x.at(r, j) + (j + 1 < k ? Int(shear) * x.at(r, j + 1) : Int(0));
    u.at(r, k) = x.at(r, k);
  }
  return u;
}

BasicRelation fromRows(const Matrix &rows) {
  unsigned n = rows.numColumns() - 1;
  BasicRelation b(Space::set({}, Tuple(n)));
  for (unsigned r = 0; r < rows.numRows(); ++r)
    b.addInequality(rows.row(r));
  return b;
}

/// The only integer point of thinChain(k, m, a, a).
std::vector<Int> apex(unsigned k, int64_t a) {
  return std::vector<Int>(k, Int(a));
}

void expectSample(const std::string &text, const std::vector<Int> &point) {
  Relation r = parseRelation(text);
  std::optional<Point> p = r.samplePoint();
  ASSERT_TRUE(p.has_value()) << text;
  EXPECT_TRUE(r.containsPoint(*p)) << text;
  EXPECT_EQ(*p, point) << text;
  EXPECT_FALSE(r.isEmpty()) << text;
}

/// `text` and `rows` describe the same set, which has rational points
/// but no integer point.
void expectIntegerEmpty(const std::string &text, const Matrix &rows) {
  BasicRelation b = fromRows(rows);
  EXPECT_FALSE(b.isRationallyEmpty()) << text;
  EXPECT_TRUE(b.isEmpty()) << text;
  EXPECT_FALSE(b.findIntegerSample().has_value()) << text;
  Relation r = parseRelation(text);
  EXPECT_TRUE(r.isEmpty()) << text;
  EXPECT_FALSE(r.samplePoint().has_value()) << text;
}

/// Rows from small coefficients and a constant given as text (for the
/// numbers beyond int64 in the huge slabs).
std::vector<Int> bigRow(std::initializer_list<const char *> values) {
  std::vector<Int> row;
  for (const char *v : values)
    row.push_back(*Int::fromString(v));
  return row;
}

Matrix matrixOf(std::initializer_list<std::vector<Int>> rows) {
  Matrix m(0, unsigned(rows.begin()->size()));
  for (const std::vector<Int> &r : rows)
    m.appendRow(r);
  return m;
}

// A stopwatch on the work budget: the cases below answered only after
// billions of units (or never) by branch and bound.
constexpr uint64_t kSmallBudget = 20'000'000;

} // namespace

// The thin triangle of the issue: apex (100000, 100000), the only integer
// point (thinChain with k = 2, M = 300000, A = 100000).
TEST(BasisReduction, ThinTriangleHasOnlyItsApex) {
  WorkBudget::Scope budget(kSmallBudget);
  const char *text = "{ [x, y] : y >= 0 and 300000x - 299999y >= 100000 and "
                     "-300000x + 299998y >= -200000 }";
  expectSample(text, {Int(100000), Int(100000)});
  EXPECT_EQ(thinChain(2, 300000, 100000, 100000),
            "{ [x0, x1] : x0 >= 0 and 300000x1 - 299999x0 >= 100000 and "
            "300000x1 - 299998x0 <= 200000 }");
}

// Moving the lower edge up by one leaves rational points (y = 0,
// x - y = 0.4) but no integer one (see thinChain).
TEST(BasisReduction, ThinTriangleShiftedByOneIsIntegerEmpty) {
  WorkBudget::Scope budget(kSmallBudget);
  expectIntegerEmpty("{ [x, y] : y >= 0 and 300000x - 299999y >= 100001 and "
                     "-300000x + 299998y >= -200000 }",
                     thinChainRows(2, 300000, 100000, 100001));
}

TEST(BasisReduction, ThinChainsInThreeToFiveDimensions) {
  WorkBudget::Scope budget(kSmallBudget);
  const int64_t m = 1000003, a = 123457;
  for (unsigned k = 2; k <= 5; ++k) {
    expectSample(thinChain(k, m, a, a), apex(k, a));
    expectIntegerEmpty(thinChain(k, m, a, a + 1),
                       thinChainRows(k, m, a, a + 1));
  }
}

// The same chains seen through the unimodular change of variables
// x0 = u0, x_i = u_i + 3 u_{i-1}: the set in u is the preimage of the
// chain, so it has exactly one integer point (u0 = A, u_i = A - 3 u_{i-1},
// i.e. A, -2A, 7A, -20A, ...) or none. Its rows mix large coefficients
// across all variables.
TEST(BasisReduction, ThinChainsAfterAUnimodularChangeOfVariables) {
  WorkBudget::Scope budget(kSmallBudget);
  const int64_t m = 1000003, a = 123457;
  for (unsigned k = 3; k <= 5; ++k) {
    BasicRelation nonEmpty = fromRows(thinChainRows(k, m, a, a, 3));
    std::vector<Int> expected(k);
    expected[0] = Int(a);
    for (unsigned i = 1; i < k; ++i)
      expected[i] = Int(a) - Int(3) * expected[i - 1];
    std::optional<std::vector<Int>> p = nonEmpty.findIntegerSample();
    ASSERT_TRUE(p.has_value()) << k;
    EXPECT_EQ(*p, expected);
    BasicRelation empty = fromRows(thinChainRows(k, m, a, a + 1, 3));
    EXPECT_FALSE(empty.isRationallyEmpty());
    EXPECT_TRUE(empty.isEmpty()) << k;
  }
}

// An unbounded direction beside a thin bounded part: the recession cone
// { z >= 0 } splits off z, basis reduction samples (x, y), and z is rounded
// in its fibre.
TEST(BasisReduction, ThinTriangleTimesAnUnboundedDirection) {
  WorkBudget::Scope budget(kSmallBudget);
  Relation prism =
      parseRelation("{ [x, y, z] : y >= 0 and 300000x - 299999y >= 100000 and "
                    "-300000x + 299998y >= -200000 and z >= x + y + 7 }");
  std::optional<Point> p = prism.samplePoint();
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(prism.containsPoint(*p));
  EXPECT_EQ((*p)[0], Int(100000));
  EXPECT_EQ((*p)[1], Int(100000));
  expectIntegerEmpty("{ [x, y, z] : y >= 0 and 300000x - 299999y >= 100001 and "
                     "-300000x + 299998y >= -200000 and z >= x - y }",
                     matrixOf({bigRow({"0", "1", "0", "0"}),
                               bigRow({"300000", "-299999", "0", "-100001"}),
                               bigRow({"-300000", "299998", "0", "200000"}),
                               bigRow({"-1", "1", "1", "0"})}));
}

// (10^18 + 1) x - 10^18 y = x + 10^18 t with t = x - y. With
// 10 <= x <= 10^18, 0 <= x + 10^18 t <= 1 forces t <= (1 - 10)/10^18 < 0
// and t >= -x/10^18 >= -1, so t = -1 and x >= 10^18: the one point is
// (10^18, 10^18 + 1). Without x = 10^18 (x <= 10^18 - 1) there is none.
TEST(BasisReduction, SlabWithCoefficientsNearTenToTheEighteen) {
  WorkBudget::Scope budget(kSmallBudget);
  const Int e18 = *Int::fromString("1000000000000000000");
  expectSample("{ [x, y] : 0 <= 1000000000000000001x - 1000000000000000000y "
               "<= 1 and 10 <= x <= 1000000000000000000 }",
               {e18, e18 + Int(1)});
  expectIntegerEmpty(
      "{ [x, y] : 0 <= 1000000000000000001x - 1000000000000000000y <= 1 and "
      "10 <= x <= 999999999999999999 }",
      matrixOf({bigRow({"1000000000000000001", "-1000000000000000000", "0"}),
                bigRow({"-1000000000000000001", "1000000000000000000", "1"}),
                bigRow({"1", "0", "-10"}),
                bigRow({"-1", "0", "999999999999999999"})}));
  Relation lexmin = parseRelation("{ [x, y] : 0 <= 1000000000000000001x - "
                                  "1000000000000000000y <= 1 and 10 <= x <= "
                                  "1000000000000000000 }")
                        .lexmin();
  EXPECT_TRUE(lexmin.isEqual(
      parseRelation("{ [1000000000000000000, 1000000000000000001] }")));
}

// With a = 10^9 + 1, b = -10^9, c = 10^9 - 1:
//   a x + b y + c z = 10^9 s + d,  s = x - y + z, d = x - z.
// With 10 <= x, z <= 10^9 - 10, |d| <= 10^9 - 20, so 0 <= 10^9 s + d <= 1
// forces s = 0 (s >= 1 gives at least 20, s <= -1 at most -20) and
// d in {0, 1}: y = x + z and x - z in {0, 1}.
TEST(BasisReduction, SlabWithCoefficientsNearTenToTheNineInThreeDimensions) {
  WorkBudget::Scope budget(kSmallBudget);
  const std::string slab = "0 <= 1000000001x - 1000000000y + 999999999z <= 1 "
                           "and 10 <= x <= 999999990 and 10 <= z <= 999999990";
  // y >= 10^9 + 5 needs x + z >= 10^9 + 5 with x - z in {0, 1}.
  Relation far =
      parseRelation("{ [x, y, z] : " + slab + " and y >= 1000000005 }");
  std::optional<Point> p = far.samplePoint();
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(far.containsPoint(*p));
  EXPECT_EQ((*p)[1], (*p)[0] + (*p)[2]);
  EXPECT_TRUE(far.lexmin().isEqual(
      parseRelation("{ [500000003, 1000000005, 500000002] }")));
  // x - z >= 2 contradicts d in {0, 1}; rationally s may be a tiny negative
  // fraction, so the relaxation is not empty.
  expectIntegerEmpty(
      "{ [x, y, z] : " + slab + " and x - z >= 2 }",
      matrixOf({bigRow({"1000000001", "-1000000000", "999999999", "0"}),
                bigRow({"-1000000001", "1000000000", "-999999999", "1"}),
                bigRow({"1", "0", "0", "-10"}),
                bigRow({"-1", "0", "0", "999999990"}),
                bigRow({"0", "0", "1", "-10"}),
                bigRow({"0", "0", "-1", "999999990"}),
                bigRow({"1", "0", "-1", "-2"})}));
  // Two chained slabs: t = x - y = -1 as in the 10^18 case, then
  // y + 10^9 (y - z) in [0, 1] with y = 10^9 + 1 gives z = 10^9 + 2.
  expectSample(
      "{ [x, y, z] : 0 <= 1000000001x - 1000000000y <= 1 and "
      "0 <= 1000000001y - 1000000000z <= 1 and 10 <= x <= 1000000000 }",
      {Int(1000000000), Int(1000000001), Int(1000000002)});
}

namespace {
bool bruteForceHasPoint(const Matrix &ineqs, int lo, int hi) {
  unsigned n = ineqs.numColumns() - 1;
  std::vector<Int> p(n, Int(lo));
  while (true) {
    bool in = true;
    for (unsigned r = 0; r < ineqs.numRows() && in; ++r)
      in = !affineValue(ineqs.row(r), p).isNegative();
    if (in)
      return true;
    unsigned i = 0;
    for (; i < n; ++i) {
      if (p[i] < Int(hi)) {
        p[i] += Int(1);
        break;
      }
      p[i] = Int(lo);
    }
    if (i == n)
      return false;
  }
}
} // namespace

namespace {
/// A random polytope inside the box [-box, box]^n, cut by m rows with
/// coefficients up to `scale` in magnitude, each often with its opposite
/// side close by (a thin slab: within `gap` of it).
Matrix randomBoxedPolytope(std::mt19937 &rng, unsigned n, int box,
                           int64_t scale, int64_t gap) {
  Matrix ineqs(0, n + 1);
  std::vector<Int> row(n + 1);
  for (unsigned d = 0; d < n; ++d) {
    std::fill(row.begin(), row.end(), Int(0));
    row[d] = Int(1);
    row[n] = Int(box);
    ineqs.appendRow(row);
    row[d] = Int(-1);
    ineqs.appendRow(row);
  }
  std::uniform_int_distribution<int64_t> coefficient(-scale, scale),
      constant(-scale, 3 * scale), slack(0, gap);
  unsigned m = 1 + rng() % 4;
  for (unsigned k = 0; k < m; ++k) {
    for (unsigned c = 0; c < n; ++c)
      row[c] = Int(coefficient(rng));
    row[n] = Int(constant(rng));
    ineqs.appendRow(row);
    if (rng() % 2 == 0) {
      for (unsigned c = 0; c < n; ++c)
        row[c] = -row[c];
      row[n] = -row[n] + Int(slack(rng));
      ineqs.appendRow(row);
    }
  }
  return ineqs;
}

/// The search and the sampler (BasicRelation::findIntegerSample) find a
/// point of `ineqs` exactly when enumeration of [-box, box]^n does, and
/// their points are inside.
void expectSamplingAgreesWithEnumeration(const Matrix &ineqs, int box,
                                         const std::string &what) {
  bool expected = bruteForceHasPoint(ineqs, -box, box);
  std::optional<std::vector<Int>> p = sampleBoundedByBasisReduction(ineqs);
  std::optional<std::vector<Int>> q = fromRows(ineqs).findIntegerSample();
  ASSERT_EQ(p.has_value(), expected) << what << "\n" << ineqs.toString();
  ASSERT_EQ(q.has_value(), expected) << what << "\n" << ineqs.toString();
  for (const std::optional<std::vector<Int>> &point : {p, q}) {
    if (!point)
      continue;
    for (unsigned r = 0; r < ineqs.numRows(); ++r)
      ASSERT_FALSE(affineValue(ineqs.row(r), *point).isNegative())
          << what << "\n"
          << ineqs.toString();
  }
}
} // namespace

// Random polytopes inside the box [-5, 5]^n (n = 1 .. 4), cut by rows with
// coefficients up to 40 in magnitude (thin, skewed slices): the search
// finds a point exactly when enumeration does, and its point is inside.
TEST(BasisReduction, RandomPolytopesAgainstEnumeration) {
  std::mt19937 rng(20260);
  const int box = 5;
  for (int iter = 0; iter < 3000; ++iter) {
    unsigned n = 1 + rng() % 4;
    int64_t scale = iter % 3 == 0 ? 40 : iter % 3 == 1 ? 9 : 3;
    Matrix ineqs = randomBoxedPolytope(rng, n, box, scale, scale);
    expectSamplingAgreesWithEnumeration(ineqs, box,
                                        "iteration " + std::to_string(iter));
  }
}

// The same with coefficients beyond 2^16 (up to 10^12), where sampling
// first reads points off the rows from the ends of the propagated ranges
// (solve/RowDescent.h) and the search descends through the rows: slabs
// as thin as the gap between their sides (up to 3, or up to the scale).
TEST(BasisReduction, RandomPolytopesWithHugeCoefficientsAgainstEnumeration) {
  std::mt19937 rng(20261);
  const int box = 4;
  const int64_t scales[] = {int64_t(1) << 17, 1'000'000'007, 1'000'000'000'000};
  for (int iter = 0; iter < 1500; ++iter) {
    unsigned n = 1 + rng() % 3;
    int64_t scale = scales[iter % 3];
    int64_t gap = iter % 2 == 0 ? 3 : scale;
    Matrix ineqs = randomBoxedPolytope(rng, n, box, scale, gap);
    expectSamplingAgreesWithEnumeration(ineqs, box,
                                        "iteration " + std::to_string(iter));
  }
}

// The reduction keeps a unimodular basis and, on the thin triangle, finds
// a first direction of width below 2 (the triangle is 1/3 wide across
// x - y, while it is about 10^5 wide along x).
TEST(BasisReduction, ReducedBasisIsUnimodularAndThin) {
  Matrix ineqs(0, 3);
  ineqs.appendRow(std::vector<Int>{Int(0), Int(1), Int(0)});
  ineqs.appendRow(std::vector<Int>{Int(300000), Int(-299999), Int(-100000)});
  ineqs.appendRow(std::vector<Int>{Int(-300000), Int(299998), Int(200000)});
  WidthProblem wp(ineqs);
  Matrix basis(2, 2);
  basis.at(0, 0) = Int(1);
  basis.at(1, 1) = Int(1);
  EXPECT_GT(wp.width(basis.row(0)), Fraction(Int(99999)));
  reduceBasis(wp, basis, 0, /*onlyFirst=*/false);
  Int det = basis.at(0, 0) * basis.at(1, 1) - basis.at(0, 1) * basis.at(1, 0);
  EXPECT_TRUE(det == Int(1) || det == Int(-1));
  EXPECT_LT(wp.width(basis.row(0)), Fraction(Int(2)));
  EXPECT_LE(wp.width(basis.row(0)), wp.width(basis.row(1)));
}
