// The lexicographic optimum of unions, through both of its paths: sets
// without parameters (each disjunct's optimum is a point; the best point
// wins) and the general combination (parameters, relations).
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {
void expectSame(const Relation &got, const char *expected) {
  Relation want = parseRelation(expected);
  EXPECT_TRUE(got.isEqual(want))
      << "got " << got.toString() << "\nwant " << want.toString();
}
} // namespace

TEST(LexoptUnion, PointsOfAConstantUnion) {
  Relation u = parseRelation("{ [i, j] : 5 <= i < 10 and 0 <= j < 3; "
                             "[i, j] : 2 <= i < 4 and 7 <= j < 9; "
                             "[i, j] : i = 2 and 9 <= j < 12 }");
  expectSame(u.lexmin(), "{ [2, 7] }");
  expectSame(u.lexmax(), "{ [9, 2] }");
  // A disjunct with an empty optimum (it is empty) does not count.
  expectSame(parseRelation("{ [i] : 3 <= i < 7; [i] : 5 <= i < 2 }").lexmin(),
             "{ [3] }");
  // Strides: the optimum of each piece is on its lattice.
  expectSame(parseRelation("{ [i] : 1 <= i < 20 and i mod 4 = 0; "
                           "[i] : 3 <= i < 20 and i mod 5 = 0 }")
                 .lexmin(),
             "{ [4] }");
}

TEST(LexoptUnion, ParametricUnion) {
  // Which piece wins depends on n.
  expectSame(parseRelation("[n] -> { [i] : n <= i < n + 10; [i] : 5 <= i < 20 }")
                 .lexmin(),
             "[n] -> { [n] : n <= 5; [5] : n > 5 }");
}
