//===- LinearAlgebra.h - Integer lattices and unimodular forms --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Exact integer linear algebra used by sampling, projection and the
// simplifiers: the column echelon (Hermite-like) form under unimodular
// column operations, the integer solutions of a system of equalities (as a
// lattice, and as a change of variables onto it), kernels and row spaces.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_LINEARALGEBRA_H
#define PRESBURGER_LINEARALGEBRA_H

#include "presburger/Matrix.h"

#include <optional>
#include <utility>
#include <vector>

namespace presburger {

/// E U = H where U is unimodular (n x n) and H = [H1 | 0] has its non-zero
/// columns H1 (the first `rank` ones) in column echelon form: the pivot of
/// column j lies in a strictly later row than that of column j - 1, and is
/// positive.
struct ColumnEchelon {
  Matrix h;
  Matrix u;
  unsigned rank = 0;
  /// Row of the pivot of each of the first `rank` columns.
  std::vector<unsigned> pivotRows;
};

/// Bezout coefficients (u, v) with u*a + v*b = gcd(a, b), for a, b >= 0
/// (the extended Euclidean algorithm). O(log min(a, b)) divisions.
std::pair<Int, Int> extendedGcd(Int a, Int b);

/// Computes the column echelon form of `e` (m x n) by extended-gcd column
/// operations. Polynomial; entries can grow but stay exact.
ColumnEchelon columnEchelon(const Matrix &e);

/// The integer solutions x of E x + e = 0 (`eqs` is m x (n + 1), constants
/// last) as x = origin + basis . z for z ranging over all integer vectors.
struct IntegerLattice {
  std::vector<Int> origin; // n entries.
  Matrix basis;            // n x k, k = n - rank(E).
};

/// nullopt when E x + e = 0 has no integer solution.
std::optional<IntegerLattice> solveIntegerEqualities(const Matrix &eqs);

/// Inverse of a unimodular matrix (exact; the input must be unimodular).
Matrix inverseUnimodular(const Matrix &u);

/// The integer solutions of E x + e = 0 (`eqs` is m x (n + 1), constants
/// last) as a change of variables x = origin + basis . z, with
/// z = leftInverse . x on every solution (leftInverse . basis = I,
/// leftInverse . origin = 0): constraints over x become constraints over
/// the lattice coordinates z and back. For example x0 = 2 x1 + 1 gives
/// origin (1, 0), basis (2, 1), leftInverse (0, 1).
struct Compression {
  std::vector<Int> origin; // n
  Matrix basis;            // n x k
  Matrix leftInverse;      // k x n
  unsigned dim() const { return basis.numColumns(); }
};
/// nullopt when E x + e = 0 has no integer solution. One column echelon
/// form and one unimodular inverse.
std::optional<Compression> compressEqualities(const Matrix &eqs);
/// The rows [a | c] of `m` (n + 1 columns) under the change of variables
/// x = origin + t z (t is n x k; an empty `origin` is zero): the rows
/// [a . t | a . origin + c] over z (k + 1 columns).
Matrix transformRows(const Matrix &m, const Matrix &t,
                     const std::vector<Int> &origin);
/// Rows [a | c] over x mapped to rows over z: [a . basis | a . origin + c].
Matrix toCompressed(const Matrix &rows, const Compression &c);
/// Rows [a' | c'] over z mapped to rows over x: [a' . leftInverse | c'];
/// valid on the solutions of the compressed equalities.
Matrix fromCompressed(const Matrix &rows, const Compression &c);

/// Rows spanning {v : m v = 0}, an integer basis of the rational kernel,
/// each divided by the gcd of its entries; m.numColumns() columns.
Matrix kernelRows(const Matrix &m);
/// Whether `row` is a linear combination (over the rationals) of the rows
/// of `m`.
bool inRowSpace(const Matrix &m, ConstRow row);

} // namespace presburger

#endif // PRESBURGER_LINEARALGEBRA_H
