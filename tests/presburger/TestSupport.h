//===- TestSupport.h - Helpers shared by the engine tests ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef PRESBURGER_TESTS_TESTSUPPORT_H
#define PRESBURGER_TESTS_TESTSUPPORT_H

#include "presburger/Matrix.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace presburger::testing {

/// Small integers drawn uniformly from a fixed seed (reproducible test
/// data): rnd(lo, hi) is in [lo, hi].
class RandomInts {
public:
  explicit RandomInts(unsigned seed) : rng_(seed) {}
  int64_t operator()(int lo, int hi) {
    return int64_t(lo + int(rng_() % unsigned(hi - lo + 1)));
  }

private:
  std::mt19937 rng_;
};

/// A row of coefficients (the constant last) from small integers.
inline std::vector<Int> row(std::initializer_list<int64_t> v) {
  return std::vector<Int>(v.begin(), v.end());
}

/// `got` holds the same points as the isl-notation `expected`.
inline void expectSame(const Relation &got, const char *expected) {
  Relation want = parseRelation(expected);
  EXPECT_TRUE(got.isEqual(want))
      << "got " << got.toString() << "\nwant " << want.toString();
}

/// A matrix of `width` columns with the given rows (constants last).
inline Matrix rowsOf(const std::vector<std::vector<int>> &rows,
                     unsigned width) {
  Matrix m(0, width);
  for (const std::vector<int> &r : rows) {
    std::vector<Int> row(r.begin(), r.end());
    m.appendRow(row);
  }
  return m;
}

/// The rows of `m`, sorted: two matrices with the same rows in any order
/// compare equal.
inline std::vector<std::vector<Int>> sortedRows(const Matrix &m) {
  std::vector<std::vector<Int>> rows;
  for (unsigned r = 0; r < m.numRows(); ++r)
    rows.emplace_back(m.row(r).begin(), m.row(r).end());
  std::sort(rows.begin(), rows.end());
  return rows;
}

/// Steps `x` to the next point of the box [lo, hi]^n in odometer order
/// (first coordinate fastest); false after the last point.
inline bool nextPointInBox(std::vector<int> &x, int lo, int hi) {
  for (int &v : x) {
    if (v < hi) {
      ++v;
      return true;
    }
    v = lo;
  }
  return false;
}

/// The same for unions.
inline void expectSame(const UnionRelation &got, const char *expected) {
  UnionRelation want = parseUnion(expected);
  EXPECT_TRUE(got.isEqual(want))
      << "got " << got.toString() << "\nwant " << want.toString();
}

} // namespace presburger::testing

#endif // PRESBURGER_TESTS_TESTSUPPORT_H
