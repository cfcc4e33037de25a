//===- FourierMotzkin.cpp - One Fourier-Motzkin elimination ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "core/FourierMotzkin.h"
#include "core/Rows.h"

#include <vector>

namespace presburger {

Matrix eliminateByFourierMotzkin(const Matrix &ineqs, unsigned col) {
  std::vector<unsigned> lows, ups;
  Matrix out(0, ineqs.numColumns());
  for (unsigned i = 0; i < ineqs.numRows(); ++i) {
    int s = ineqs.at(i, col).sign();
    if (s > 0)
      lows.push_back(i);
    else if (s < 0)
      ups.push_back(i);
    else
      out.appendRow(ineqs.row(i));
  }
  for (unsigned l : lows)
    for (unsigned u : ups)
      out.appendRow(combineBounds(ineqs.row(l), ineqs.row(u), col));
  return out;
}

} // namespace presburger
