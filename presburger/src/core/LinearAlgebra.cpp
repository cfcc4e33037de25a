// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/LinearAlgebra.h"
#include "core/Rows.h"
#include "presburger/Errors.h"
#include "presburger/WorkBudget.h"

#include <cassert>

namespace presburger {

namespace {
/// col a -= q * col b in both matrices.
void subtractColumn(Matrix &m, Matrix &u, unsigned a, unsigned b,
                    const Int &q) {
  if (q.isZero())
    return;
  for (unsigned r = 0; r < m.numRows(); ++r)
    if (!m.at(r, b).isZero())
      m.at(r, a) -= q * m.at(r, b);
  for (unsigned r = 0; r < u.numRows(); ++r)
    if (!u.at(r, b).isZero())
      u.at(r, a) -= q * u.at(r, b);
}

void negateColumn(Matrix &m, unsigned c) {
  for (unsigned r = 0; r < m.numRows(); ++r)
    m.at(r, c).negate();
}
} // namespace

std::pair<Int, Int> extendedGcd(Int a, Int b) {
  Int u0(1), v0(0), u1(0), v1(1);
  while (!b.isZero()) {
    Int q = floorDiv(a, b);
    Int r = a - q * b;
    a = b;
    b = r;
    Int u2 = u0 - q * u1, v2 = v0 - q * v1;
    u0 = u1;
    v0 = v1;
    u1 = u2;
    v1 = v2;
  }
  return {u0, v0};
}

ColumnEchelon columnEchelon(const Matrix &e) {
  unsigned m = e.numRows(), n = e.numColumns();
  ColumnEchelon out;
  out.h = e;
  out.u = Matrix(n, n);
  for (unsigned i = 0; i < n; ++i)
    out.u.at(i, i) = Int(1);
  Matrix &h = out.h;
  Matrix &u = out.u;
  unsigned k = 0;
  for (unsigned row = 0; row < m && k < n; ++row) {
    WorkBudget::charge(n * (m + n));
    while (true) {
      // Smallest non-zero magnitude among columns k..n-1 goes to column k.
      int best = -1;
      for (unsigned j = k; j < n; ++j) {
        if (h.at(row, j).isZero())
          continue;
        if (best < 0 || abs(h.at(row, j)) < abs(h.at(row, unsigned(best))))
          best = int(j);
      }
      if (best < 0)
        break;
      if (unsigned(best) != k) {
        h.swapColumns(k, unsigned(best));
        u.swapColumns(k, unsigned(best));
      }
      bool done = true;
      for (unsigned j = k + 1; j < n; ++j) {
        if (h.at(row, j).isZero())
          continue;
        subtractColumn(h, u, j, k, floorDiv(h.at(row, j), h.at(row, k)));
        if (!h.at(row, j).isZero())
          done = false;
      }
      if (done)
        break;
    }
    if (h.at(row, k).isZero())
      continue;
    if (h.at(row, k).isNegative()) {
      negateColumn(h, k);
      negateColumn(u, k);
    }
    // Reduce the entries left of the pivot modulo the pivot (keeps them
    // small; not needed for correctness).
    for (unsigned j = 0; j < k; ++j)
      subtractColumn(h, u, j, k, floorDiv(h.at(row, j), h.at(row, k)));
    out.pivotRows.push_back(row);
    ++k;
  }
  out.rank = k;
  return out;
}

namespace {
/// The variable part of `eqs` (every column but the last).
Matrix variablePart(const Matrix &eqs) {
  return leadingColumns(eqs, eqs.numColumns() - 1);
}

/// The integer solutions of `eqs` from the column echelon form `ce` of its
/// variable part.
std::optional<IntegerLattice> latticeOf(const Matrix &eqs,
                                        const ColumnEchelon &ce) {
  unsigned m = eqs.numRows();
  unsigned n = eqs.numColumns() - 1;
  // With x = U y: H y = -const. Solve the pivot rows in order; check the
  // others.
  std::vector<Int> y(n);
  unsigned nextPivot = 0;
  for (unsigned r = 0; r < m; ++r) {
    Int rhs = -eqs.at(r, n);
    unsigned limit = nextPivot;
    bool isPivot = nextPivot < ce.rank && ce.pivotRows[nextPivot] == r;
    for (unsigned j = 0; j < limit; ++j)
      if (!ce.h.at(r, j).isZero())
        rhs -= ce.h.at(r, j) * y[j];
    if (isPivot) {
      const Int &p = ce.h.at(r, nextPivot);
      if (!mod(rhs, p).isZero())
        return std::nullopt;
      y[nextPivot] = divExact(rhs, p);
      ++nextPivot;
    } else if (!rhs.isZero()) {
      return std::nullopt;
    }
  }
  IntegerLattice lat;
  lat.origin.assign(n, Int(0));
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < ce.rank; ++j)
      if (!y[j].isZero())
        lat.origin[i] += ce.u.at(i, j) * y[j];
  lat.basis = Matrix(n, n - ce.rank);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = ce.rank; j < n; ++j)
      lat.basis.at(i, j - ce.rank) = ce.u.at(i, j);
  return lat;
}
} // namespace

std::optional<IntegerLattice> solveIntegerEqualities(const Matrix &eqs) {
  return latticeOf(eqs, columnEchelon(variablePart(eqs)));
}

std::optional<Compression> compressEqualities(const Matrix &eqs) {
  ColumnEchelon ce = columnEchelon(variablePart(eqs));
  std::optional<IntegerLattice> lat = latticeOf(eqs, ce);
  if (!lat)
    return std::nullopt;
  Compression c;
  c.origin = std::move(lat->origin);
  c.basis = std::move(lat->basis);
  unsigned n = eqs.numColumns() - 1, k = c.dim();
  Matrix inv = inverseUnimodular(ce.u);
  c.leftInverse = Matrix(k, n);
  for (unsigned j = 0; j < k; ++j)
    for (unsigned i = 0; i < n; ++i)
      c.leftInverse.at(j, i) = inv.at(ce.rank + j, i);
  return c;
}

Matrix inverseUnimodular(const Matrix &u) {
  // Gauss-Jordan over the integers: with a unimodular matrix every pivot
  // step can be done with extended-gcd row operations.
  unsigned n = u.numRows();
  Matrix a = u;
  Matrix inv(n, n);
  for (unsigned i = 0; i < n; ++i)
    inv.at(i, i) = Int(1);
  // Row echelon by gcd row operations. `q` is taken by value: callers pass
  // entries of `a` itself (a.at(dst, col) in the back substitution), which
  // the loop overwrites.
  auto subRow = [&](unsigned dst, unsigned src, Int q) {
    if (q.isZero())
      return;
    for (unsigned c = 0; c < n; ++c) {
      if (!a.at(src, c).isZero())
        a.at(dst, c) -= q * a.at(src, c);
      if (!inv.at(src, c).isZero())
        inv.at(dst, c) -= q * inv.at(src, c);
    }
  };
  for (unsigned col = 0; col < n; ++col) {
    while (true) {
      int best = -1;
      for (unsigned r = col; r < n; ++r)
        if (!a.at(r, col).isZero() &&
            (best < 0 || abs(a.at(r, col)) < abs(a.at(unsigned(best), col))))
          best = int(r);
      if (best < 0)
        throw InvalidArgument("matrix is not unimodular");
      a.swapRows(col, unsigned(best));
      inv.swapRows(col, unsigned(best));
      bool done = true;
      for (unsigned r = col + 1; r < n; ++r) {
        if (a.at(r, col).isZero())
          continue;
        subRow(r, col, floorDiv(a.at(r, col), a.at(col, col)));
        if (!a.at(r, col).isZero())
          done = false;
      }
      if (done)
        break;
    }
    if (abs(a.at(col, col)) != Int(1))
      throw InvalidArgument("matrix is not unimodular");
    if (a.at(col, col).isNegative())
      for (unsigned c = 0; c < n; ++c) {
        a.at(col, c).negate();
        inv.at(col, c).negate();
      }
  }
  for (unsigned col = n; col-- > 0;)
    for (unsigned r = 0; r < col; ++r)
      subRow(r, col, a.at(r, col));
  return inv;
}

Matrix transformRows(const Matrix &m, const Matrix &t,
                     const std::vector<Int> &origin) {
  unsigned n = t.numRows(), k = t.numColumns();
  Matrix out(m.numRows(), k + 1);
  for (unsigned r = 0; r < m.numRows(); ++r) {
    Int c = m.at(r, n);
    for (unsigned i = 0; i < n; ++i) {
      const Int &a = m.at(r, i);
      if (a.isZero())
        continue;
      if (!origin.empty() && !origin[i].isZero())
        c += a * origin[i];
      for (unsigned j = 0; j < k; ++j)
        if (!t.at(i, j).isZero())
          out.at(r, j) += a * t.at(i, j);
    }
    out.at(r, k) = c;
  }
  return out;
}

Matrix toCompressed(const Matrix &rows, const Compression &c) {
  return transformRows(rows, c.basis, c.origin);
}

Matrix fromCompressed(const Matrix &rows, const Compression &c) {
  unsigned n = c.basis.numRows(), k = c.dim();
  Matrix out(rows.numRows(), n + 1);
  for (unsigned r = 0; r < rows.numRows(); ++r) {
    for (unsigned j = 0; j < k; ++j) {
      const Int &a = rows.at(r, j);
      if (a.isZero())
        continue;
      for (unsigned i = 0; i < n; ++i)
        if (!c.leftInverse.at(j, i).isZero())
          out.at(r, i) += a * c.leftInverse.at(j, i);
    }
    out.at(r, n) = rows.at(r, k);
  }
  return out;
}

Matrix kernelRows(const Matrix &m) {
  unsigned n = m.numColumns();
  Matrix out(0, n);
  if (m.numRows() == 0) {
    for (unsigned i = 0; i < n; ++i) {
      std::vector<Int> r(n);
      r[i] = Int(1);
      out.appendRow(r);
    }
    return out;
  }
  ColumnEchelon ce = columnEchelon(m);
  for (unsigned j = ce.rank; j < n; ++j) {
    std::vector<Int> r(n);
    for (unsigned i = 0; i < n; ++i)
      r[i] = ce.u.at(i, j);
    scaleDownRow(Row(r));
    out.appendRow(r);
  }
  return out;
}

bool inRowSpace(const Matrix &m, ConstRow row) {
  bool zero = true;
  for (const Int &v : row)
    zero = zero && v.isZero();
  if (zero)
    return true;
  if (m.numRows() == 0)
    return false;
  Matrix t = m;
  unsigned r0 = columnEchelon(m).rank;
  t.appendRow(row);
  return columnEchelon(t).rank == r0;
}

} // namespace presburger
