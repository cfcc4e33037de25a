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
  auto sameCoefficients = [&](ConstRow other) {
    return std::equal(row.begin(), row.begin() + width, other.begin());
  };
  for (unsigned i = 0; i < b.numInequalities(); ++i) {
    ConstRow other = b.inequality(i);
    if (other[width] <= constant && sameCoefficients(other))
      return true;
  }
  for (unsigned e = 0; e < b.numEqualities(); ++e) {
    ConstRow eq = b.equality(e);
    // row = eq + (c - c_eq), or row = -eq + (c + c_eq).
    if (eq[width] <= constant && sameCoefficients(eq))
      return true;
    if (isNegation(row.first(width), eq.first(width)) &&
        (constant + eq[width]).sign() >= 0)
      return true;
  }
  return false;
}

} // namespace presburger
