// A user of the installed package: computes 2^70 / 3 exactly.
#include "presburger/Int.h"
#include <iostream>

int main() {
  presburger::Int x(1);
  for (int i = 0; i < 70; ++i)
    x *= presburger::Int(2);
  presburger::Int q = floorDiv(x, presburger::Int(3));
  if (q.toString() != "393530540239137101141")
    return 1;
  std::cout << "consumer ok\n";
  return 0;
}
