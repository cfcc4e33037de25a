//===- Fraction.h - Exact rationals -----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef PRESBURGER_FRACTION_H
#define PRESBURGER_FRACTION_H

#include "presburger/Int.h"

#include <string>

namespace presburger {

/// A rational number num/den with den > 0, kept in lowest terms.
class Fraction {
public:
  /// Zero, the integer n, and n/d (d non-zero; brought to lowest terms).
  Fraction() : num_(0), den_(1) {}
  Fraction(Int n) : num_(std::move(n)), den_(1) {}
  Fraction(Int n, Int d) : num_(std::move(n)), den_(std::move(d)) {
    normalize();
  }

  /// Numerator and (positive) denominator in lowest terms.
  const Int &num() const { return num_; }
  const Int &den() const { return den_; }
  bool isInteger() const { return den_.isOne(); }
  /// The largest integer <= and the smallest integer >= the value.
  Int floor() const { return floorDiv(num_, den_); }
  Int ceil() const { return ceilDiv(num_, den_); }
  /// -1, 0 or 1.
  int sign() const { return num_.sign(); }

  /// -1, 0 or 1 as a is less than, equal to or greater than b.
  friend int compare(const Fraction &a, const Fraction &b) {
    return compare(a.num_ * b.den_, b.num_ * a.den_);
  }
  friend bool operator==(const Fraction &a, const Fraction &b) {
    return a.num_ == b.num_ && a.den_ == b.den_;
  }
  friend bool operator!=(const Fraction &a, const Fraction &b) {
    return !(a == b);
  }
  friend bool operator<(const Fraction &a, const Fraction &b) {
    return compare(a, b) < 0;
  }
  friend bool operator<=(const Fraction &a, const Fraction &b) {
    return compare(a, b) <= 0;
  }
  friend bool operator>(const Fraction &a, const Fraction &b) {
    return compare(a, b) > 0;
  }
  friend bool operator>=(const Fraction &a, const Fraction &b) {
    return compare(a, b) >= 0;
  }
  friend Fraction operator+(const Fraction &a, const Fraction &b) {
    return Fraction(a.num_ * b.den_ + b.num_ * a.den_, a.den_ * b.den_);
  }
  friend Fraction operator-(const Fraction &a, const Fraction &b) {
    return Fraction(a.num_ * b.den_ - b.num_ * a.den_, a.den_ * b.den_);
  }
  friend Fraction operator*(const Fraction &a, const Fraction &b) {
    return Fraction(a.num_ * b.num_, a.den_ * b.den_);
  }
  Fraction operator-() const { return Fraction(-num_, den_, Normalized{}); }

  std::string toString() const {
    return den_.isOne() ? num_.toString()
                        : num_.toString() + "/" + den_.toString();
  }

private:
  struct Normalized {};
  Fraction(Int n, Int d, Normalized) : num_(std::move(n)), den_(std::move(d)) {}
  void normalize() {
    if (den_.isNegative()) {
      num_ = -num_;
      den_ = -den_;
    }
    Int g = gcd(num_, den_);
    if (!g.isOne() && !g.isZero()) {
      num_ = divExact(num_, g);
      den_ = divExact(den_, g);
    }
  }
  Int num_, den_;
};

} // namespace presburger

#endif // PRESBURGER_FRACTION_H
