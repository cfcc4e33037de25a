//===- RowImplication.cpp - A constraint implied by one row ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "basic/RowImplication.h"

#include "core/Rows.h"

#include <algorithm>

namespace presburger {

bool impliedByARow(const BasicRelation &b, ConstRow row) {
  size_t width = row.size() - 1;
  const Int &constant = row[width];
  // The first coefficient of `row` that is not zero: one comparison there
  // sets most rows aside (the scan runs for every row a subset test or a
  // subtraction asks about).
  size_t lead = 0;
  while (lead < width && row[lead].isZero())
    ++lead;
  auto sameCoefficients = [&](ConstRow other) {
    return (lead == width || other[lead] == row[lead]) &&
           std::equal(row.begin(), row.begin() + width, other.begin());
  };
  for (unsigned i = 0; i < b.numInequalities(); ++i) {
    ConstRow other = b.inequality(i);
    if (sameCoefficients(other) && other[width] <= constant)
      return true;
  }
  for (unsigned e = 0; e < b.numEqualities(); ++e) {
    ConstRow eq = b.equality(e);
    // row = eq + (c - c_eq), or row = -eq + (c + c_eq).
    if (sameCoefficients(eq) && eq[width] <= constant)
      return true;
    if ((lead == width || isNegationOf(row[lead], eq[lead])) &&
        isNegation(row.first(width), eq.first(width)) &&
        (constant + eq[width]).sign() >= 0)
      return true;
  }
  return false;
}

} // namespace presburger
