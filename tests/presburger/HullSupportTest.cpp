// The linear algebra the hull operations rely on.
#include "presburger/LinearAlgebra.h"

#include <gtest/gtest.h>

#include <random>

using namespace presburger;

namespace {
Matrix product(const Matrix &a, const Matrix &b) {
  Matrix p(a.numRows(), b.numColumns());
  for (unsigned i = 0; i < a.numRows(); ++i)
    for (unsigned j = 0; j < b.numColumns(); ++j)
      for (unsigned k = 0; k < a.numColumns(); ++k)
        p.at(i, j) += a.at(i, k) * b.at(k, j);
  return p;
}
bool isIdentity(const Matrix &m) {
  for (unsigned i = 0; i < m.numRows(); ++i)
    for (unsigned j = 0; j < m.numColumns(); ++j)
      if (m.at(i, j) != Int(i == j ? 1 : 0))
        return false;
  return true;
}
} // namespace

TEST(HullSupport, InverseUnimodularNeedsBackSubstitution) {
  // Upper entries left after the forward pass (3 and 7) must be cleared
  // from the inverse as well.
  Matrix u(3, 3);
  int64_t v[3][3] = {{-1, 3, 0}, {5, -14, 7}, {0, 0, 1}};
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j)
      u.at(i, j) = Int(v[i][j]);
  Matrix inv = inverseUnimodular(u);
  int64_t expected[3][3] = {{14, 3, -21}, {5, 1, -7}, {0, 0, 1}};
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j)
      EXPECT_EQ(inv.at(i, j), Int(expected[i][j])) << i << "," << j;
  EXPECT_TRUE(isIdentity(product(u, inv)));
}

TEST(HullSupport, InverseOfRandomEchelonTransforms) {
  // The unimodular matrices of column echelon forms of random rows.
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
    EXPECT_TRUE(isIdentity(product(ce.u, inv)));
    EXPECT_TRUE(isIdentity(product(inv, ce.u)));
  }
}
