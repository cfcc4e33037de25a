// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Exact integer linear algebra: the inverse of unimodular matrices, alone
// and as the transform of a column echelon form.
#include "presburger/LinearAlgebra.h"

#include <gtest/gtest.h>

#include <random>

using namespace presburger;

namespace {
Matrix fromRows(const std::vector<std::vector<int64_t>> &rows) {
  Matrix m(unsigned(rows.size()), unsigned(rows.front().size()));
  for (unsigned r = 0; r < m.numRows(); ++r)
    for (unsigned c = 0; c < m.numColumns(); ++c)
      m.at(r, c) = Int(rows[r][c]);
  return m;
}

Matrix multiply(const Matrix &a, const Matrix &b) {
  Matrix out(a.numRows(), b.numColumns());
  for (unsigned r = 0; r < a.numRows(); ++r)
    for (unsigned c = 0; c < b.numColumns(); ++c)
      for (unsigned k = 0; k < a.numColumns(); ++k)
        out.at(r, c) += a.at(r, k) * b.at(k, c);
  return out;
}

void expectIdentity(const Matrix &m) {
  for (unsigned r = 0; r < m.numRows(); ++r)
    for (unsigned c = 0; c < m.numColumns(); ++c)
      EXPECT_EQ(m.at(r, c), Int(r == c ? 1 : 0))
          << "entry (" << r << ", " << c << ") of " << m.toString();
}
} // namespace

// The back substitution once read the multiplier from the entry it was
// clearing, so every column right of it used 0 instead: this U (from a
// coalesce of strided pieces) came back as [[2, 1, ..], [1, -2, ..], ..].
TEST(LinearAlgebra, InverseUnimodularWithEntriesAboveTheDiagonal) {
  Matrix u = fromRows({{2, -3, 0, 0, 0},
                       {1, -2, 0, -1, 0},
                       {0, 0, 1, 0, 0},
                       {0, 0, 0, 1, 0},
                       {0, 0, 0, 0, 1}});
  Matrix inv = inverseUnimodular(u);
  // Block inverse [[A^-1, -A^-1 B], [0, I]] with A^-1 = A.
  Matrix want = fromRows({{2, -3, 0, -3, 0},
                          {1, -2, 0, -2, 0},
                          {0, 0, 1, 0, 0},
                          {0, 0, 0, 1, 0},
                          {0, 0, 0, 0, 1}});
  EXPECT_EQ(inv, want) << inv.toString();
  expectIdentity(multiply(u, inv));
  expectIdentity(multiply(inv, u));
}

TEST(LinearAlgebra, InverseOfRandomUnimodularMatrices) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> size(1, 6), entry(-3, 3);
  for (int trial = 0; trial < 300; ++trial) {
    unsigned n = unsigned(size(rng));
    // A product of random elementary column operations and sign flips.
    Matrix u(n, n);
    for (unsigned i = 0; i < n; ++i)
      u.at(i, i) = Int(1);
    for (int step = 0; step < 12; ++step) {
      unsigned a = unsigned(rng() % n), b = unsigned(rng() % n);
      if (a == b) {
        for (unsigned r = 0; r < n; ++r)
          u.at(r, a).negate();
        continue;
      }
      Int q(entry(rng));
      for (unsigned r = 0; r < n; ++r)
        u.at(r, a) += q * u.at(r, b);
    }
    SCOPED_TRACE(u.toString());
    Matrix inv = inverseUnimodular(u);
    expectIdentity(multiply(u, inv));
    expectIdentity(multiply(inv, u));
  }
}

// Upper entries left after the forward pass (3 and 7) must be cleared from
// the inverse as well.
TEST(LinearAlgebra, InverseUnimodularNeedsBackSubstitution) {
  Matrix u = fromRows({{-1, 3, 0}, {5, -14, 7}, {0, 0, 1}});
  Matrix inv = inverseUnimodular(u);
  EXPECT_EQ(inv, fromRows({{14, 3, -21}, {5, 1, -7}, {0, 0, 1}}))
      << inv.toString();
  expectIdentity(multiply(u, inv));
}

// The unimodular matrices of column echelon forms of random rows.
TEST(LinearAlgebra, InverseOfRandomEchelonTransforms) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coef(-20, 20);
  for (int iter = 0; iter < 200; ++iter) {
    unsigned n = 2 + unsigned(iter % 4);
    Matrix e(1 + unsigned(iter % 2), n);
    for (unsigned i = 0; i < e.numRows(); ++i)
      for (unsigned j = 0; j < n; ++j)
        e.at(i, j) = Int(coef(rng));
    ColumnEchelon ce = columnEchelon(e);
    Matrix inv = inverseUnimodular(ce.u);
    expectIdentity(multiply(ce.u, inv));
    expectIdentity(multiply(inv, ce.u));
  }
}
