// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Matrix.h"

#include <algorithm>
#include <cstdint>
#include <sstream>

namespace presburger {

unsigned Matrix::appendRow(ConstRow values) {
  assert(values.size() == cols_);
  data_.insert(data_.end(), values.begin(), values.end());
  return rows_++;
}

unsigned Matrix::appendZeroRow() {
  data_.resize(data_.size() + cols_);
  return rows_++;
}

void Matrix::removeRow(unsigned r) { removeRows(r, 1); }

void Matrix::removeRows(unsigned r, unsigned n) {
  assert(r + n <= rows_);
  auto first = data_.begin() + size_t(r) * cols_;
  data_.erase(first, first + size_t(n) * cols_);
  rows_ -= n;
}

void Matrix::swapRemoveRow(unsigned r) {
  assert(r < rows_);
  if (r != rows_ - 1)
    swapRows(r, rows_ - 1);
  data_.resize(data_.size() - cols_);
  --rows_;
}

void Matrix::swapRows(unsigned a, unsigned b) {
  if (a == b)
    return;
  std::swap_ranges(row(a).begin(), row(a).end(), row(b).begin());
}

void Matrix::resizeRows(unsigned rows) {
  data_.resize(size_t(rows) * cols_);
  rows_ = rows;
}

void Matrix::insertColumns(unsigned pos, unsigned n) {
  assert(pos <= cols_);
  if (n == 0)
    return;
  // In place, last row first: each row's destination starts at or after
  // its source and ends before the next row's destination, whose source
  // has then already moved.
  unsigned oldCols = cols_;
  cols_ += n;
  data_.resize(size_t(rows_) * cols_);
  for (unsigned r = rows_; r-- > 0;) {
    Int *src = data_.data() + size_t(r) * oldCols;
    Int *dst = data_.data() + size_t(r) * cols_;
    std::move_backward(src + pos, src + oldCols, dst + cols_);
    std::move_backward(src, src + pos, dst + pos);
    std::fill(dst + pos, dst + pos + n, Int(0));
  }
}

void Matrix::removeColumns(unsigned pos, unsigned n) {
  assert(pos + n <= cols_);
  if (n == 0)
    return;
  // In place, first row first: destinations never pass their sources.
  unsigned newCols = cols_ - n;
  for (unsigned r = 0; r < rows_; ++r) {
    Int *src = data_.data() + size_t(r) * cols_;
    Int *dst = data_.data() + size_t(r) * newCols;
    std::move(src, src + pos, dst);
    std::move(src + pos + n, src + cols_, dst + pos);
  }
  data_.resize(size_t(rows_) * newCols);
  cols_ = newCols;
}

void Matrix::swapColumns(unsigned a, unsigned b) {
  if (a == b)
    return;
  for (unsigned r = 0; r < rows_; ++r)
    std::swap(at(r, a), at(r, b));
}

Int affineValue(ConstRow row, ConstRow point) {
  assert(row.size() == point.size() + 1);
  // Fast path: int64 throughout while nothing overflows (points tested
  // against rows are mostly small), without an Int per term.
  if (row.back().isSmall()) {
    int64_t acc = row.back().getSmall();
    bool fits = true;
    for (size_t c = 0; c < point.size() && fits; ++c) {
      const Int &a = row[c];
      if (a.isZero())
        continue;
      int64_t term;
      fits =
          a.isSmall() && point[c].isSmall() &&
          !__builtin_mul_overflow(a.getSmall(), point[c].getSmall(), &term) &&
          !__builtin_add_overflow(acc, term, &acc);
    }
    if (fits)
      return Int(acc);
  }
  Int v = row.back();
  for (size_t c = 0; c < point.size(); ++c)
    if (!row[c].isZero())
      v += row[c] * point[c];
  return v;
}

void Matrix::rotateColumns(unsigned first, unsigned middle, unsigned last) {
  assert(first <= middle && middle <= last && last <= cols_);
  if (first == middle || middle == last)
    return;
  for (unsigned r = 0; r < rows_; ++r) {
    Int *row = data_.data() + size_t(r) * cols_;
    std::rotate(row + first, row + middle, row + last);
  }
}

void Matrix::addToRow(unsigned dst, unsigned src, const Int &scale) {
  if (scale.isZero())
    return;
  for (unsigned c = 0; c < cols_; ++c)
    if (!at(src, c).isZero())
      at(dst, c) += scale * at(src, c);
}

Int Matrix::normalizeRow(unsigned r, unsigned begin, unsigned end) {
  // Fast path: most rows of compiler problems hold a unit coefficient, and
  // then the gcd is 1 without computing any (nothing to divide).
  int64_t acc = 0;
  bool allSmall = true;
  for (unsigned c = begin; c < end; ++c) {
    const Int &v = at(r, c);
    if (!v.isSmall()) {
      allSmall = false;
      break;
    }
    int64_t x = v.getSmall();
    if (x == 1 || x == -1)
      return Int(1);
    if (x == INT64_MIN) {
      allSmall = false;
      break;
    }
    if (x != 0) {
      // Euclid on magnitudes, inline (no call per entry).
      uint64_t a = uint64_t(acc), b = uint64_t(x < 0 ? -x : x);
      while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
      }
      acc = int64_t(a);
      if (acc == 1)
        return Int(1);
    }
  }
  if (allSmall) {
    if (acc > 1)
      for (unsigned c = begin; c < end; ++c)
        at(r, c) = Int(at(r, c).getSmall() / acc);
    return Int(acc);
  }
  Int g(0);
  for (unsigned c = begin; c < end && !g.isOne(); ++c)
    g = gcd(g, at(r, c));
  if (!g.isZero() && !g.isOne())
    for (unsigned c = begin; c < end; ++c)
      at(r, c) = divExact(at(r, c), g);
  return g;
}

std::string Matrix::toString() const {
  std::ostringstream os;
  for (unsigned r = 0; r < rows_; ++r) {
    for (unsigned c = 0; c < cols_; ++c)
      os << (c ? " " : "") << at(r, c);
    os << "\n";
  }
  return os.str();
}

Int rowGcd(ConstRow r) {
  Int g(0);
  for (const Int &v : r) {
    if (g.isOne())
      break;
    g = gcd(g, v);
  }
  return g;
}

} // namespace presburger
