//===- Matrix.h - Dense matrices of exact integers --------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Row-major storage of Int with cheap row appends and column insertion and
// removal: the constraint store of basic relations and the tableau of the
// simplex. Rows are exposed as spans.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_MATRIX_H
#define PRESBURGER_MATRIX_H

#include "presburger/Int.h"

#include <cassert>
#include <span>
#include <string>
#include <vector>

namespace presburger {

using Row = std::span<Int>;
using ConstRow = std::span<const Int>;

class Matrix {
public:
  /// A 0 x 0 matrix.
  Matrix() = default;
  /// A rows x cols matrix of zeros.
  Matrix(unsigned rows, unsigned cols)
      : rows_(rows), cols_(cols), data_(size_t(rows) * cols) {}
  /// A copy of `m` with room for `spareRows` more rows (appending them
  /// reallocates nothing).
  Matrix(const Matrix &m, unsigned spareRows) : rows_(m.rows_), cols_(m.cols_) {
    data_.reserve(size_t(m.rows_ + spareRows) * m.cols_);
    data_.insert(data_.end(), m.data_.begin(), m.data_.end());
  }

  unsigned numRows() const { return rows_; }
  unsigned numColumns() const { return cols_; }
  /// Whether there is no row.
  bool empty() const { return rows_ == 0; }

  /// The entry in row r, column c.
  Int &at(unsigned r, unsigned c) {
    assert(r < rows_ && c < cols_);
    return data_[size_t(r) * cols_ + c];
  }
  const Int &at(unsigned r, unsigned c) const {
    assert(r < rows_ && c < cols_);
    return data_[size_t(r) * cols_ + c];
  }
  /// Row `r` as a span (valid until the matrix changes shape).
  Row row(unsigned r) {
    assert(r < rows_);
    return Row(data_.data() + size_t(r) * cols_, cols_);
  }
  ConstRow row(unsigned r) const {
    assert(r < rows_);
    return ConstRow(data_.data() + size_t(r) * cols_, cols_);
  }

  /// Appends a row (of numColumns() entries) and returns its index.
  unsigned appendRow(ConstRow values);
  /// Appends a row of zeros and returns its index.
  unsigned appendZeroRow();
  /// Removes row `r`; later rows move up by one.
  void removeRow(unsigned r);
  /// Removes rows [r, r + n).
  void removeRows(unsigned r, unsigned n);
  /// Replaces row `r` by the last row and drops the last row (O(cols)).
  void swapRemoveRow(unsigned r);
  /// Exchanges rows a and b.
  void swapRows(unsigned a, unsigned b);
  /// Keeps the first `rows` rows, or appends rows of zeros up to `rows`.
  void resizeRows(unsigned rows);
  /// Makes room for `rows` rows in all, so that appending up to that many
  /// reallocates nothing.
  void reserveRows(unsigned rows) { data_.reserve(size_t(rows) * cols_); }
  /// Removes every row (the number of columns stays).
  void clear() {
    rows_ = 0;
    data_.clear();
  }

  /// Inserts `n` zero columns before column `pos`.
  void insertColumns(unsigned pos, unsigned n);
  /// Removes columns [pos, pos + n).
  void removeColumns(unsigned pos, unsigned n);
  /// Exchanges columns a and b in every row.
  void swapColumns(unsigned a, unsigned b);
  /// In every row, moves columns [first, middle) to just before column
  /// `last` (std::rotate on [first, last)), in place.
  void rotateColumns(unsigned first, unsigned middle, unsigned last);

  /// Row `dst` += scale * row `src`.
  void addToRow(unsigned dst, unsigned src, const Int &scale);
  /// Divides row `r` by the gcd of its entries in [begin, end) when that gcd
  /// is greater than one; returns the gcd (0 for an all-zero range).
  Int normalizeRow(unsigned r, unsigned begin, unsigned end);

  /// Same shape and same entries.
  friend bool operator==(const Matrix &a, const Matrix &b) {
    return a.rows_ == b.rows_ && a.cols_ == b.cols_ && a.data_ == b.data_;
  }

  /// The entries, one row per line, for debugging.
  std::string toString() const;

private:
  unsigned rows_ = 0, cols_ = 0;
  std::vector<Int> data_;
};

/// gcd of the entries of `r`.
Int rowGcd(ConstRow r);
/// The affine `row` (point.size() coefficients, then the constant) at
/// `point`.
Int affineValue(ConstRow row, ConstRow point);

} // namespace presburger

#endif // PRESBURGER_MATRIX_H
