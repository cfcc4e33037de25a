//===- StreamTest.cpp - operator<< for the value types --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Stream.h"
#include "presburger/Parser.h"
#include "presburger/Printer.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace presburger;

namespace {

template <typename T> std::string streamed(const T &x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

} // namespace

TEST(StreamTest, SetsAndRelationsPrintAsToString) {
  UnionRelation u = parseUnion("[n] -> { A[i] : 0 <= i < n; B[i, j] : i < j }");
  EXPECT_EQ(streamed(u), u.toString());
  Relation r = parseRelation("{ S[i] -> T[2i + 1] : 0 <= i < 5 }");
  EXPECT_EQ(streamed(r), r.toString());
  EXPECT_EQ(streamed(r.disjuncts().front()),
            printBasicRelation(r.disjuncts().front()));
  EXPECT_EQ(streamed(r.space()), r.space().toString());
  EXPECT_EQ(streamed(r.space().rangeTuple()),
            tupleToString(r.space().rangeTuple()));
  EXPECT_EQ(streamed(Int(-12)), "-12");
}

TEST(StreamTest, FractionsMatricesAndBounds) {
  EXPECT_EQ(streamed(Fraction(Int(6), Int(4))), "3/2");
  EXPECT_EQ(streamed(Fraction(Int(5))), "5");
  Matrix m(1, 2);
  EXPECT_EQ(streamed(m), m.toString());
  Relation r = parseRelation("{ [i] : exists e : i = 3e + 1 and 0 <= i < 10 }");
  EXPECT_EQ(streamed(r.dimBounds(VarKind::Range, 0)), "[1, 7] mod 3 = 1");
  EXPECT_EQ(
      streamed(parseRelation("{ [i] : i >= 2 }").dimBounds(VarKind::Range, 0)),
      "[2, +inf]");
  EXPECT_EQ(
      streamed(
          parseRelation("{ [i] : 0 < 2i < 2 }").dimBounds(VarKind::Range, 0)),
      "empty");
}
