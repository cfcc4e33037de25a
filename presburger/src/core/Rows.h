//===- Rows.h - Small operations on constraint rows -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). A constraint row is
// [coefficients | constant]: `row >= 0` or `row == 0`. These are the row
// manipulations that many algorithms write the same way: copies, negation,
// the integer complement of an inequality, comparisons, the combination of
// two bounds that eliminates a variable (one Fourier-Motzkin pair).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_CORE_ROWS_H
#define PRESBURGER_SRC_CORE_ROWS_H

#include "presburger/Matrix.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace presburger {

inline std::vector<Int> toVector(ConstRow r) {
  return std::vector<Int>(r.begin(), r.end());
}

/// -r: the same hyperplane, the other side.
inline std::vector<Int> negated(ConstRow r) {
  std::vector<Int> v(r.size());
  for (size_t i = 0; i < r.size(); ++i)
    v[i] = -r[i];
  return v;
}

/// `r` with its constant increased by `delta`.
inline std::vector<Int> shifted(ConstRow r, int64_t delta) {
  std::vector<Int> v = toVector(r);
  v.back() += Int(delta);
  return v;
}

/// The integer complement of the inequality r >= 0: -r - 1 >= 0 holds on
/// exactly the integer points where r >= 0 fails. `Vec` is any vector of
/// Int constructible from a size (an inline small_vector saves the
/// allocation on a hot path).
template <typename Vec = std::vector<Int>> Vec complementOf(ConstRow r) {
  Vec v(r.size());
  for (size_t i = 0; i < r.size(); ++i)
    v[i] = -r[i];
  v.back() -= Int(1);
  return v;
}

inline bool sameRow(ConstRow a, ConstRow b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

/// u == -v, without building -v for small values.
inline bool isNegationOf(const Int &u, const Int &v) {
  if (u.isSmall() && v.isSmall() && v.getSmall() != INT64_MIN)
    return u.getSmall() == -v.getSmall();
  return u == -v;
}

/// Whether a == -b, entry by entry.
inline bool isNegation(ConstRow a, ConstRow b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!isNegationOf(a[i], b[i]))
      return false;
  return true;
}

/// Negates `row` when its first non-zero entry among the first `numCoeffs`
/// is negative: the canonical sign of an equality, whose sign is free.
inline void makeLeadingCoefficientPositive(Row row, size_t numCoeffs) {
  for (size_t c = 0; c < numCoeffs; ++c) {
    int s = row[c].sign();
    if (s == 0)
      continue;
    if (s < 0)
      for (Int &v : row)
        v.negate();
    return;
  }
}

/// The first `n` columns of `m`.
inline Matrix leadingColumns(const Matrix &m, unsigned n) {
  Matrix out(m.numRows(), n);
  for (unsigned r = 0; r < m.numRows(); ++r)
    for (unsigned c = 0; c < n; ++c)
      out.at(r, c) = m.at(r, c);
  return out;
}

/// Divides every entry of `row` (the constant included) by their gcd: the
/// same rational constraint with the smallest integer coefficients.
inline void scaleDownRow(Row row) {
  Int g = rowGcd(ConstRow(row.data(), row.size()));
  if (g.isZero() || g.isOne())
    return;
  for (Int &v : row)
    if (!v.isZero())
      v = divExact(v, g);
}

/// Tightens the inequality `row` >= 0 over the integers: its coefficients
/// divided by their gcd, the constant floored. The same integer points,
/// fewer rational ones.
inline void tightenInequality(Row row) {
  Int g(0);
  for (size_t c = 0; c + 1 < row.size(); ++c)
    g = gcd(g, row[c]);
  if (g.isZero() || g.isOne())
    return;
  for (size_t c = 0; c + 1 < row.size(); ++c)
    row[c] = divExact(row[c], g);
  row.back() = floorDiv(row.back(), g);
}

/// The combination of a lower bound `lower` (positive coefficient on `col`)
/// and an upper bound `upper` (negative coefficient) that eliminates `col`:
/// -upper[col] * lower + lower[col] * upper, implied by the two. Every
/// Fourier-Motzkin elimination of the engine combines its pairs here.
inline std::vector<Int> combineBounds(ConstRow lower, ConstRow upper,
                                      unsigned col) {
  Int a = lower[col], b = -upper[col];
  std::vector<Int> out(lower.size());
  for (size_t c = 0; c < out.size(); ++c)
    out[c] = b * lower[c] + a * upper[c];
  return out;
}

} // namespace presburger

#endif // PRESBURGER_SRC_CORE_ROWS_H
