//===- LinearAlgebra.h - Integer lattices and unimodular forms --*- C++ -*-===//
//
// Exact integer linear algebra used by sampling, projection and the
// simplifiers: the column echelon (Hermite-like) form under unimodular
// column operations, and the integer solutions of a system of equalities.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_LINEARALGEBRA_H
#define PRESBURGER_LINEARALGEBRA_H

#include "presburger/Matrix.h"

#include <optional>
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

} // namespace presburger

#endif // PRESBURGER_LINEARALGEBRA_H
