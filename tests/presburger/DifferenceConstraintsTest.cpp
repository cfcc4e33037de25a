// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The constraint-graph fast path for difference systems (loop bounds,
// triangular bounds, guards) against the simplex it replaces: on random
// systems, the same implicit equalities (none, when the fast path answers),
// the same redundant rows, the same emptiness.
#include "solve/DifferenceConstraints.h"

#include "presburger/BasicRelation.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/Simplex.h"

#include <gtest/gtest.h>

#include <random>

using namespace presburger;

namespace {

/// Whether `system` has an integer point where the affine row r (its
/// variables' coefficients, then its constant) is at most `bound`.
bool hasPointWithRowAtMost(BasicRelation system, const std::vector<Int> &r,
                           const Int &bound) {
  unsigned nv = system.numVars();
  std::vector<Int> cut(nv + 1);
  for (unsigned c = 0; c < nv; ++c)
    cut[c] = -r[c];
  cut[nv] = bound - r[nv];
  system.addInequality(cut);
  return system.findIntegerSample().has_value();
}

/// Random normalized difference rows over `nv` variables: x_p - x_q + k >= 0
/// or +-x_p + k >= 0, no two with the same coefficients.
Matrix randomDifferenceRows(std::mt19937 &rng, unsigned nv, unsigned rows) {
  Matrix m(0, nv + 1);
  std::uniform_int_distribution<unsigned> var(0, nv - 1);
  std::uniform_int_distribution<int> konst(-4, 8), sign(0, 1), unary(0, 2);
  for (unsigned tries = 0; m.numRows() < rows && tries < 10 * rows; ++tries) {
    std::vector<Int> r(nv + 1);
    unsigned p = var(rng);
    r[p] = Int(sign(rng) ? 1 : -1);
    if (unary(rng) != 0) {
      unsigned q = var(rng);
      if (q == p)
        continue;
      r[q] = -r[p];
    }
    bool duplicate = false;
    for (unsigned i = 0; i < m.numRows() && !duplicate; ++i) {
      duplicate = true;
      for (unsigned c = 0; c < nv && duplicate; ++c)
        duplicate = m.at(i, c) == r[c];
    }
    if (duplicate)
      continue;
    r[nv] = Int(konst(rng));
    m.appendRow(r);
  }
  return m;
}

} // namespace

TEST(DifferenceConstraints, AgreesWithSimplexOnRandomSystems) {
  std::mt19937 rng(20261129);
  unsigned answered = 0, equalities = 0, empties = 0;
  for (unsigned trial = 0; trial < 3000; ++trial) {
    unsigned nv = 1 + trial % 5;
    Matrix rows = randomDifferenceRows(rng, nv, 2 + trial % 9);
    Simplex s(nv);
    for (unsigned i = 0; i < rows.numRows(); ++i)
      s.addInequality(rows.row(i));
    std::optional<std::vector<bool>> fast =
        difference::redundantInequalities(rows, nv);
    std::optional<bool> empty =
        difference::isEmpty(Matrix(0, nv + 1), rows, nv);
    ASSERT_TRUE(empty.has_value());
    EXPECT_EQ(*empty, s.isEmpty()) << "trial " << trial;
    // The sampler's graph path: a point of the system, or none when empty.
    BasicRelation b(Space::set({}, Tuple(nv)));
    for (unsigned i = 0; i < rows.numRows(); ++i)
      b.addInequality(rows.row(i));
    std::optional<std::vector<Int>> point = b.findIntegerSample();
    EXPECT_EQ(point.has_value(), !s.isEmpty()) << "trial " << trial;
    if (point) {
      EXPECT_TRUE(b.containsPoint(*point)) << "trial " << trial;
    }
    if (s.isEmpty()) {
      ++empties;
      EXPECT_FALSE(fast.has_value()) << "trial " << trial;
      continue;
    }
    bool anyEquality = false;
    for (unsigned i = 0; i < rows.numRows(); ++i)
      anyEquality = anyEquality || s.isImplicitEquality(i);
    equalities += anyEquality;
    // The fast path answers exactly when there is no implicit equality.
    ASSERT_EQ(fast.has_value(), !anyEquality) << "trial " << trial;
    if (!fast)
      continue;
    ++answered;
    // Optima of difference objectives, scaled, against the tableau.
    std::optional<difference::Distances> g =
        difference::Distances::of(Matrix(0, nv + 1), rows, nv);
    ASSERT_TRUE(g.has_value());
    Matrix objectives = randomDifferenceRows(rng, nv, 4);
    for (unsigned o = 0; o < objectives.numRows(); ++o) {
      std::vector<Int> obj(objectives.row(o).begin(), objectives.row(o).end());
      for (unsigned c = 0; c < nv; ++c)
        obj[c] *= Int(3);
      for (bool maximize : {false, true}) {
        std::optional<Optimum> fastOpt = g->optimum(obj, maximize);
        Optimum ref = s.computeOptimum(obj, maximize);
        ASSERT_TRUE(fastOpt.has_value());
        EXPECT_EQ(fastOpt->kind, ref.kind) << "trial " << trial;
        if (ref.isBounded()) {
          EXPECT_EQ(fastOpt->value, ref.value) << "trial " << trial;
        }
      }
    }
    s.detectRedundant();
    for (unsigned i = 0; i < rows.numRows(); ++i)
      EXPECT_EQ((*fast)[i], s.isMarkedRedundant(i))
          << "trial " << trial << " row " << i;
  }
  // The sample exercises every branch.
  EXPECT_GT(answered, 500u);
  EXPECT_GT(equalities, 100u);
  EXPECT_GT(empties, 100u);
}

TEST(DifferenceConstraints, NotADifferenceSystem) {
  Matrix rows(0, 3);
  rows.appendRow(std::vector<Int>{Int(1), Int(1), Int(0)}); // x + y >= 0
  EXPECT_FALSE(difference::redundantInequalities(rows, 2).has_value());
  Matrix scaled(0, 3);
  scaled.appendRow(std::vector<Int>{Int(2), Int(-2), Int(1)}); // not normalized
  EXPECT_FALSE(difference::redundantInequalities(scaled, 2).has_value());
}

TEST(DifferenceConstraints, SimplifyOfLoopBounds) {
  // A triangular nest with a redundant outer bound and a tail guard: the
  // graph path drops exactly what the simplex drops.
  BasicRelation b = parseBasicRelation(
      "[n] -> { S[i, j] : 0 <= i < n and i <= j < n and j < n + 5 and "
      "i < n + 7 and j < n - 3 }");
  ASSERT_TRUE(b.simplify());
  EXPECT_EQ(b.numEqualities(), 0u);
  EXPECT_EQ(b.numInequalities(), 3u); // 0 <= i, i <= j, j < n - 3
  EXPECT_TRUE(Relation(b).isEqual(
      parseRelation("[n] -> { S[i, j] : 0 <= i <= j < n - 3 }")));
  // An implicit equality (a zero-weight cycle) goes to the simplex.
  BasicRelation e = parseBasicRelation(
      "[n] -> { S[i, j] : i <= j and j <= i and 0 <= i < n }");
  ASSERT_TRUE(e.simplify());
  EXPECT_EQ(e.numEqualities(), 1u);
  EXPECT_EQ(e.numInequalities(), 2u);
}

TEST(DifferenceConstraints, StridedEmptinessAgreesWithSampling) {
  // Difference rows plus equalities x_p = k * x_q + c (strides, offsets):
  // the substitution path against the general integer sampler.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> stride(1, 5), offset(-3, 3);
  unsigned decided = 0, empties = 0;
  for (unsigned trial = 0; trial < 2000; ++trial) {
    unsigned nv = 2 + trial % 4;
    Matrix ineqs = randomDifferenceRows(rng, nv, 2 + trial % 8);
    Matrix eqs(0, nv + 1);
    std::uniform_int_distribution<unsigned> var(0, nv - 1);
    for (unsigned k = 0; k < 1 + trial % 2; ++k) {
      unsigned p = var(rng), q = var(rng);
      if (p == q)
        continue;
      std::vector<Int> r(nv + 1);
      r[p] = Int(1);
      r[q] = Int(-stride(rng));
      r[nv] = Int(offset(rng));
      if (trial % 3 == 0) // Not normalized: a common factor.
        for (Int &v : r)
          v *= Int(2);
      eqs.appendRow(r);
    }
    std::optional<bool> fast =
        difference::isEmptyAfterUnitSubstitution(eqs, ineqs, nv);
    BasicRelation b(Space::set({}, Tuple(nv)));
    for (unsigned i = 0; i < eqs.numRows(); ++i)
      b.addEquality(eqs.row(i));
    for (unsigned i = 0; i < ineqs.numRows(); ++i)
      b.addInequality(ineqs.row(i));
    bool sampled = !b.findIntegerSample().has_value();
    if (fast) {
      ++decided;
      empties += *fast;
      EXPECT_EQ(*fast, sampled) << "trial " << trial;
    }
    EXPECT_EQ(b.isEmpty(), sampled) << "trial " << trial;
  }
  EXPECT_GT(decided, 1000u);
  EXPECT_GT(empties, 100u);
}

TEST(DifferenceConstraints, IntegerOptimaAgreeWithSampling) {
  // Strided systems: the graph's integer minimum m of an objective r is
  // checked with the general sampler: r <= m - 1 has no point, r <= m has.
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> stride(2, 4), offset(-2, 2);
  unsigned checked = 0;
  for (unsigned trial = 0; trial < 1500; ++trial) {
    unsigned nv = 2 + trial % 3;
    Matrix ineqs = randomDifferenceRows(rng, nv, 3 + trial % 6);
    Matrix eqs(0, nv + 1);
    std::vector<Int> e(nv + 1);
    e[0] = Int(1);
    e[1] = Int(-stride(rng));
    e[nv] = Int(offset(rng));
    eqs.appendRow(e);
    std::optional<difference::IntegerOptima> optima =
        difference::IntegerOptima::of(eqs, ineqs, nv);
    if (!optima)
      continue;
    Matrix objectives = randomDifferenceRows(rng, nv, 3);
    for (unsigned o = 0; o < objectives.numRows(); ++o) {
      std::vector<Int> r(objectives.row(o).begin(), objectives.row(o).end());
      std::optional<Optimum> mn = optima->minimum(r);
      if (!mn || !mn->isBounded())
        continue;
      ASSERT_TRUE(mn->value.isInteger());
      BasicRelation system(Space::set({}, Tuple(nv)));
      system.addEquality(eqs.row(0));
      for (unsigned i = 0; i < ineqs.numRows(); ++i)
        system.addInequality(ineqs.row(i));
      auto pointWith = [&](Int bound) {
        return hasPointWithRowAtMost(system, r, bound);
      };
      EXPECT_TRUE(pointWith(mn->value.num())) << "trial " << trial;
      EXPECT_FALSE(pointWith(mn->value.num() - Int(1))) << "trial " << trial;
      ++checked;
    }
  }
  EXPECT_GT(checked, 300u);
}

TEST(DifferenceConstraints, IntegerOptimaThroughCopiesAgreeWithSampling) {
  // Copies and fixed values (x_p = x_q + c, x_p = c, chained and
  // repeated): the graph over the representatives answers the minimum of
  // scaled difference objectives and of rows that the copies make
  // difference rows (x0 - x1 + x2 - x3 with x2 = x1); each answer is
  // checked with the general sampler, as above.
  std::mt19937 rng(23);
  std::uniform_int_distribution<int> offset(-3, 3), scale(1, 3), pick(0, 3);
  unsigned checked = 0, answered = 0;
  for (unsigned trial = 0; trial < 1500; ++trial) {
    unsigned nv = 3 + trial % 3;
    std::uniform_int_distribution<unsigned> var(0, nv - 1);
    Matrix ineqs = randomDifferenceRows(rng, nv, 2 + trial % 6);
    Matrix eqs(0, nv + 1);
    for (unsigned e = 0, count = 1 + trial % 3; e < count; ++e) {
      std::vector<Int> row(nv + 1);
      unsigned p = var(rng), q = var(rng);
      row[p] = Int(pick(rng) % 2 ? 1 : -1);
      if (q != p && pick(rng) != 0)
        row[q] = -row[p];
      row[nv] = Int(offset(rng));
      eqs.appendRow(row);
    }
    BasicRelation system(Space::set({}, Tuple(nv)));
    for (unsigned e = 0; e < eqs.numRows(); ++e)
      system.addEquality(eqs.row(e));
    for (unsigned i = 0; i < ineqs.numRows(); ++i)
      system.addInequality(ineqs.row(i));
    std::optional<difference::IntegerOptima> optima =
        difference::IntegerOptima::of(eqs, ineqs, nv);
    if (!optima)
      continue;
    ++answered;
    ASSERT_TRUE(system.findIntegerSample().has_value()) << "trial " << trial;
    Matrix objectives = randomDifferenceRows(rng, nv, 3);
    std::vector<std::vector<Int>> rows;
    for (unsigned o = 0; o < objectives.numRows(); ++o) {
      std::vector<Int> r(objectives.row(o).begin(), objectives.row(o).end());
      Int f(scale(rng));
      for (Int &v : r)
        v *= f;
      rows.push_back(r);
    }
    std::vector<Int> sum(nv + 1);
    sum[0] += Int(1);
    sum[1] -= Int(1);
    sum[2] += Int(1);
    sum[nv - 1] -= Int(1);
    rows.push_back(sum);
    for (const std::vector<Int> &r : rows) {
      auto pointWith = [&](Int bound) {
        return hasPointWithRowAtMost(system, r, bound);
      };
      std::optional<Optimum> mn = optima->minimum(r);
      if (!mn)
        continue;
      if (!mn->isBounded()) {
        EXPECT_TRUE(pointWith(Int(-1000))) << "trial " << trial;
        continue;
      }
      ASSERT_TRUE(mn->value.isInteger());
      EXPECT_TRUE(pointWith(mn->value.num())) << "trial " << trial;
      EXPECT_FALSE(pointWith(mn->value.num() - Int(1))) << "trial " << trial;
      ++checked;
    }
  }
  EXPECT_GT(answered, 300u);
  EXPECT_GT(checked, 500u);
}

// Strided and copied boxes: random equalities, each with a unit variable
// (x_p = sum of small multiples of the others + k), and random bounds,
// some on one variable, some on two, some the equalities' own rows
// shifted. Whenever the substitution leaves a box the answer is the
// simplex's: the same redundant rows, and no implicit equality among the
// rows it keeps.
TEST(DifferenceConstraints, BoxAfterSubstitutionAgreesWithSimplex) {
  std::mt19937 rng(20261207);
  std::uniform_int_distribution<int> small(-3, 3), konst(-6, 12);
  unsigned answered = 0, withConstantRows = 0;
  for (unsigned trial = 0; trial < 3000; ++trial) {
    unsigned nv = 2 + trial % 3;
    unsigned numEqs = 1 + trial % 2;
    Matrix eqs(0, nv + 1), ineqs(0, nv + 1);
    std::vector<Int> row(nv + 1);
    for (unsigned e = 0; e < numEqs; ++e) {
      std::fill(row.begin(), row.end(), Int(0));
      for (unsigned c = 0; c < nv; ++c)
        row[c] = Int(small(rng));
      row[e % nv] = Int(1);
      row[nv] = Int(konst(rng));
      eqs.appendRow(row);
    }
    unsigned numIneqs = 2 + rng() % 5;
    for (unsigned i = 0; i < numIneqs; ++i) {
      std::fill(row.begin(), row.end(), Int(0));
      switch (rng() % 4) {
      case 0: // The first equality's row, shifted: left without variables.
        for (unsigned c = 0; c <= nv; ++c)
          row[c] = eqs.at(0, c);
        row[nv] += Int(konst(rng) % 3 + 2);
        break;
      case 1: // On two variables.
        row[rng() % nv] = Int(small(rng));
        [[fallthrough]];
      default:
        row[rng() % nv] = Int(rng() % 2 ? 4 : -4);
        row[nv] = Int(konst(rng) * 3);
        break;
      }
      ineqs.appendRow(row);
    }
    std::optional<std::vector<bool>> fast =
        difference::boxRedundanciesAfterSubstitution(eqs, ineqs, nv);
    if (!fast)
      continue;
    ++answered;
    Simplex s(eqs, ineqs);
    ASSERT_FALSE(s.isEmpty()) << "trial " << trial;
    unsigned base = 2 * eqs.numRows();
    for (unsigned i = 0; i < ineqs.numRows(); ++i) {
      if (!(*fast)[i]) {
        EXPECT_FALSE(s.isImplicitEquality(base + i))
            << "trial " << trial << " row " << i;
      }
    }
    s.detectRedundant(base, base + ineqs.numRows());
    bool constantRow = false;
    for (unsigned i = 0; i < ineqs.numRows(); ++i) {
      EXPECT_EQ((*fast)[i], s.isMarkedRedundant(base + i))
          << "trial " << trial << " row " << i << "\n"
          << eqs.toString() << ineqs.toString();
      constantRow = constantRow || (*fast)[i];
    }
    withConstantRows += constantRow;
  }
  EXPECT_GT(answered, 200u);
  EXPECT_GT(withConstantRows, 50u);
}
