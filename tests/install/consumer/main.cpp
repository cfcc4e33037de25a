// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A user of the installed package: exact big integers, a parametric lexmin
// and a gist, printed with operator<<.
#include "presburger/Int.h"
#include "presburger/Parser.h"
#include "presburger/Stream.h"
#include "presburger/UnionRelation.h"

#include <iostream>
#include <sstream>

int main() {
  presburger::Int x(1);
  for (int i = 0; i < 70; ++i)
    x *= presburger::Int(2);
  presburger::Int q = floorDiv(x, presburger::Int(3));
  if (q.toString() != "393530540239137101141")
    return 1;
  presburger::Relation d = presburger::parseRelation(
      "[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }");
  std::ostringstream os;
  os << d.lexmax();
  if (os.str() != "[n] -> { S[i = -1 + n, j = -1 + n] : n > 0 }") {
    std::cerr << "lexmax printed " << os.str() << "\n";
    return 1;
  }
  presburger::UnionRelation g =
      presburger::parseUnion("{ [i] : 0 <= i < 10 and i < 7 }")
          .gist(presburger::parseUnion("{ [i] : 0 <= i < 10 }"));
  if (g.toString() != "{ [i] : i <= 6 }")
    return 1;
  std::cout << "consumer ok\n";
  return 0;
}
