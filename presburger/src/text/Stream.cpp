//===- Stream.cpp - Printing the value types on std::ostream --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Stream.h"

#include "presburger/Printer.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

namespace presburger {

std::ostream &operator<<(std::ostream &os, const Tuple &t) {
  return os << tupleToString(t);
}

std::ostream &operator<<(std::ostream &os, const Space &s) {
  return os << s.toString();
}

std::ostream &operator<<(std::ostream &os, const BasicRelation &b) {
  return os << printBasicRelation(b);
}

std::ostream &operator<<(std::ostream &os, const Relation &r) {
  return os << printRelation(r);
}

std::ostream &operator<<(std::ostream &os, const UnionRelation &u) {
  return os << printUnionRelation(u);
}

std::ostream &operator<<(std::ostream &os, const Fraction &f) {
  return os << f.toString();
}

std::ostream &operator<<(std::ostream &os, const Matrix &m) {
  return os << m.toString();
}

std::ostream &operator<<(std::ostream &os, const DimBounds &b) {
  if (b.empty)
    return os << "empty";
  os << '[';
  if (b.lower)
    os << *b.lower;
  else
    os << "-inf";
  os << ", ";
  if (b.upper)
    os << *b.upper;
  else
    os << "+inf";
  os << ']';
  if (!b.stride.isOne())
    os << " mod " << b.stride << " = " << b.offset;
  return os;
}

} // namespace presburger
