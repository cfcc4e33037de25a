//===- BigInt.h - Conversions between Int and cpp_int -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For code that needs the arbitrary-precision value of an `Int` (tests,
// printing of huge values, the slow paths). Kept apart from Int.h so that the
// common header does not pull in Boost.Multiprecision.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_BIGINT_H
#define PRESBURGER_BIGINT_H

#include "presburger/Int.h"

#include <boost/multiprecision/cpp_int.hpp>

namespace presburger {

using BigInt = boost::multiprecision::cpp_int;

/// The exact value of `v`.
BigInt toBigInt(const Int &v);
/// `v` as an Int, small when it fits in int64.
Int fromBigInt(const BigInt &v);

/// The number of bits of |v| (0 for zero): the size of a number, for
/// limits on literals and for charging work on large numbers (WorkBudget).
/// O(1).
unsigned bitLength(const Int &v);

} // namespace presburger

#endif // PRESBURGER_BIGINT_H
