//===- Int.h - Exact integers with an int64 fast path -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `Int` is the engine's integer, in three tiers: an int64 while the value
// fits; a 127-bit value held inline across both words (up to 2^126 in
// magnitude: products of two 63-bit coefficients, the pivots of a tableau
// over large constants) without allocation; an arbitrary precision integer
// (boost::multiprecision::cpp_int, kept out of this header) beyond. Every
// operation checks for overflow on the fast path and falls back to the next
// tier, so results are always exact and the common case costs neither an
// allocation nor a branch beyond the overflow check. A value always sits in
// the lowest tier that holds it. Division-like operations use the
// mathematical (floor) convention unless their name says otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_INT_H
#define PRESBURGER_INT_H

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace presburger {

namespace detail {
struct IntRep; // The wide and big tiers; defined in Int.cpp.
} // namespace detail

class Int {
public:
  Int() noexcept : small_(0), big_(0) {}
  Int(int64_t v) noexcept : small_(v), big_(0) {}
  Int(int v) noexcept : small_(v), big_(0) {}
  Int(unsigned v) noexcept : small_(v), big_(0) {}
  Int(long long v) noexcept : small_(static_cast<int64_t>(v)), big_(0) {}
  Int(unsigned long v);
  Int(unsigned long long v);

  Int(const Int &o) : small_(o.small_), big_(0) {
    if (o.big_) [[unlikely]]
      copyBigFrom(o);
  }
  Int(Int &&o) noexcept : small_(o.small_), big_(o.big_) { o.big_ = 0; }
  Int &operator=(const Int &o) {
    if (this == &o)
      return *this;
    if (!o.big_ && !big_) [[likely]] {
      small_ = o.small_;
      return *this;
    }
    assignSlow(o);
    return *this;
  }
  Int &operator=(Int &&o) noexcept {
    if (this != &o) {
      if (big_)
        freeBig();
      small_ = o.small_;
      big_ = o.big_;
      o.big_ = 0;
    }
    return *this;
  }
  ~Int() {
    if (big_) [[unlikely]]
      freeBig();
  }

  /// Parses a decimal integer with an optional leading '-'. Returns nullopt
  /// on anything else (no whitespace, no '+', at least one digit).
  static std::optional<Int> fromString(std::string_view text);

  /// True when the value is held as an int64, which is exactly when it fits
  /// in int64.
  bool isSmall() const { return big_ == 0; }
  /// The value as int64 when it fits.
  std::optional<int64_t> toInt64() const {
    if (!big_) [[likely]]
      return small_;
    return std::nullopt;
  }
  /// The value, which must fit in int64 (checked by the caller).
  int64_t getSmall() const { return small_; }
  /// The nearest double, and the decimal digits.
  double toDouble() const;
  std::string toString() const;

  /// -1, 0 or 1.
  int sign() const {
    if (!big_) [[likely]]
      return (small_ > 0) - (small_ < 0);
    return signSlow();
  }
  /// Value tests that never touch the big path.
  bool isZero() const { return !big_ && small_ == 0; }
  bool isOne() const { return !big_ && small_ == 1; }
  bool isNegative() const { return sign() < 0; }
  bool isPositive() const { return sign() > 0; }

  friend bool operator==(const Int &a, const Int &b) {
    if (!a.big_ && !b.big_) [[likely]]
      return a.small_ == b.small_;
    return compareSlow(a, b) == 0;
  }
  friend bool operator!=(const Int &a, const Int &b) { return !(a == b); }
  friend bool operator<(const Int &a, const Int &b) {
    if (!a.big_ && !b.big_) [[likely]]
      return a.small_ < b.small_;
    return compareSlow(a, b) < 0;
  }
  friend bool operator>(const Int &a, const Int &b) { return b < a; }
  friend bool operator<=(const Int &a, const Int &b) { return !(b < a); }
  friend bool operator>=(const Int &a, const Int &b) { return !(a < b); }
  /// Three-way comparison: -1, 0 or 1.
  friend int compare(const Int &a, const Int &b) {
    if (!a.big_ && !b.big_) [[likely]]
      return (a.small_ > b.small_) - (a.small_ < b.small_);
    return compareSlow(a, b);
  }

  friend Int operator+(const Int &a, const Int &b) {
    int64_t r;
    if (!a.big_ && !b.big_ && !__builtin_add_overflow(a.small_, b.small_, &r))
        [[likely]]
      return Int(r);
    return addSlow(a, b);
  }
  friend Int operator-(const Int &a, const Int &b) {
    int64_t r;
    if (!a.big_ && !b.big_ && !__builtin_sub_overflow(a.small_, b.small_, &r))
        [[likely]]
      return Int(r);
    return subSlow(a, b);
  }
  friend Int operator*(const Int &a, const Int &b) {
    int64_t r;
    if (!a.big_ && !b.big_ && !__builtin_mul_overflow(a.small_, b.small_, &r))
        [[likely]]
      return Int(r);
    return mulSlow(a, b);
  }
  Int operator-() const {
    if (!big_ && small_ != INT64_MIN) [[likely]]
      return Int(-small_);
    return negSlow(*this);
  }
  Int &operator+=(const Int &o) {
    int64_t r;
    if (!big_ && !o.big_ && !__builtin_add_overflow(small_, o.small_, &r))
        [[likely]] {
      small_ = r;
      return *this;
    }
    return *this = addSlow(*this, o);
  }
  Int &operator-=(const Int &o) {
    int64_t r;
    if (!big_ && !o.big_ && !__builtin_sub_overflow(small_, o.small_, &r))
        [[likely]] {
      small_ = r;
      return *this;
    }
    return *this = subSlow(*this, o);
  }
  Int &operator*=(const Int &o) {
    int64_t r;
    if (!big_ && !o.big_ && !__builtin_mul_overflow(small_, o.small_, &r))
        [[likely]] {
      small_ = r;
      return *this;
    }
    return *this = mulSlow(*this, o);
  }
  /// *this = -*this.
  Int &negate() { return *this = -*this; }

  /// Truncating division (C semantics); the divisor must be non-zero.
  /// Use it only where the division is known to be exact.
  friend Int divExact(const Int &a, const Int &b) {
    if (!a.big_ && !b.big_ && !(a.small_ == INT64_MIN && b.small_ == -1))
        [[likely]]
      return Int(a.small_ / b.small_);
    return divTruncSlow(a, b);
  }
  /// floor(a / b); b must be non-zero.
  friend Int floorDiv(const Int &a, const Int &b) {
    if (!a.big_ && !b.big_ && !(a.small_ == INT64_MIN && b.small_ == -1))
        [[likely]] {
      int64_t q = a.small_ / b.small_, r = a.small_ % b.small_;
      return Int((r != 0 && ((r < 0) != (b.small_ < 0))) ? q - 1 : q);
    }
    return floorDivSlow(a, b);
  }
  /// ceil(a / b); b must be non-zero.
  friend Int ceilDiv(const Int &a, const Int &b) {
    if (!a.big_ && !b.big_ && !(a.small_ == INT64_MIN && b.small_ == -1))
        [[likely]] {
      int64_t q = a.small_ / b.small_, r = a.small_ % b.small_;
      return Int((r != 0 && ((r < 0) == (b.small_ < 0))) ? q + 1 : q);
    }
    return ceilDivSlow(a, b);
  }
  /// a - b * floor(a / b): the result has the sign of b (0 <= r < |b| for
  /// b > 0); b must be non-zero.
  friend Int mod(const Int &a, const Int &b) {
    if (!a.big_ && !b.big_ && b.small_ != -1) [[likely]] {
      int64_t r = a.small_ % b.small_;
      return Int((r != 0 && ((r < 0) != (b.small_ < 0))) ? r + b.small_ : r);
    }
    return a - b * floorDiv(a, b);
  }
  /// |a|.
  friend Int abs(const Int &a) { return a.sign() < 0 ? -a : a; }
  /// Greatest common divisor, always non-negative; gcd(0, 0) = 0.
  friend Int gcd(const Int &a, const Int &b);
  /// Least common multiple, always non-negative; lcm(x, 0) = 0.
  friend Int lcm(const Int &a, const Int &b);

  /// A hash of the value.
  size_t hash() const;

private:
  void copyBigFrom(const Int &o);
  void assignSlow(const Int &o);
  void freeBig();
  int signSlow() const;
  static int compareSlow(const Int &a, const Int &b);
  static Int addSlow(const Int &a, const Int &b);
  static Int subSlow(const Int &a, const Int &b);
  static Int mulSlow(const Int &a, const Int &b);
  static Int negSlow(const Int &a);
  static Int divTruncSlow(const Int &a, const Int &b);
  static Int floorDivSlow(const Int &a, const Int &b);
  static Int ceilDivSlow(const Int &a, const Int &b);

  friend struct detail::IntRep;
  // Small: big_ == 0 and small_ is the value. Wide: big_ is odd, the value
  // is (big_ >> 1) * 2^64 + (uint64_t)small_ (big_ read as signed). Big:
  // big_ is the address of a heap-allocated cpp_int (even, non-zero).
  int64_t small_;
  uintptr_t big_;
};

std::ostream &operator<<(std::ostream &os, const Int &v);

} // namespace presburger

template <> struct std::hash<presburger::Int> {
  size_t operator()(const presburger::Int &v) const { return v.hash(); }
};

#endif // PRESBURGER_INT_H
