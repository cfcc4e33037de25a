//===- Checked.h - Overflow-checked int64 arithmetic (internal) -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The penguin layer keeps coefficients and constants in int64_t and checks
// every operation; an overflow throws OverflowError instead of wrapping.
// Division helpers implement the floor and ceiling conventions documented in
// docs/penguin-ir.md (denominators are always positive here).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_SRC_CHECKED_H
#define PENGUIN_SRC_CHECKED_H

#include "penguin/Error.h"

#include <cstdint>
#include <string>

namespace penguin::detail {

[[noreturn]] inline void throwOverflow(const char *op) {
  throw OverflowError(std::string("integer overflow in ") + op +
                      " (coefficients and constants are 64-bit)");
}

inline int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    throwOverflow("addition");
  return r;
}

inline int64_t checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    throwOverflow("subtraction");
  return r;
}

inline int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    throwOverflow("multiplication");
  return r;
}

inline int64_t checkedNeg(int64_t a) { return checkedSub(0, a); }

/// floor(a / d) for d > 0.
inline int64_t floorDivPos(int64_t a, int64_t d) {
  int64_t q = a / d; // d > 0, so no INT64_MIN / -1 overflow
  if ((a % d) != 0 && a < 0)
    --q;
  return q;
}

/// ceil(a / d) for d > 0.
inline int64_t ceilDivPos(int64_t a, int64_t d) {
  int64_t q = a / d;
  if ((a % d) != 0 && a > 0)
    ++q;
  return q;
}

/// a - d * floor(a / d), in [0, d), for d > 0.
inline int64_t floorModPos(int64_t a, int64_t d) {
  int64_t r = a % d;
  if (r < 0)
    r += d;
  return r;
}

/// a - d * ceil(a / d), in (-d, 0], for d > 0.
inline int64_t ceilModPos(int64_t a, int64_t d) {
  int64_t r = a % d;
  if (r > 0)
    r -= d;
  return r;
}

/// Non-negative gcd; gcd(0, 0) = 0. Throws on gcd(INT64_MIN, 0) which does
/// not fit.
inline int64_t gcd64(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint64_t y = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  while (y != 0) {
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  if (x > static_cast<uint64_t>(INT64_MAX))
    throwOverflow("gcd");
  return static_cast<int64_t>(x);
}

} // namespace penguin::detail

#endif // PENGUIN_SRC_CHECKED_H
