// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A constraint that one row of a basic relation implies outright: the same
// coefficients and a constant no larger, or an equality of either sign.
// Anything else is "not shown", even when it holds.
#include "basic/RowImplication.h"

#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <vector>

using namespace presburger;

namespace {

BasicRelation basic(const char *text) {
  Relation r = parseRelation(text);
  EXPECT_EQ(r.numDisjuncts(), 1u);
  return r.disjuncts().front();
}

/// row >= 0 over [i, j] (i, j, constant).
bool implied(const BasicRelation &b, long ci, long cj, long c) {
  std::vector<Int> row = {Int(ci), Int(cj), Int(c)};
  return impliedByARow(b, ConstRow(row));
}

} // namespace

TEST(RowImplication, InequalityWithTheSameCoefficients) {
  BasicRelation b = basic("{ [i, j] : 0 <= i < 10 and 0 <= j < 5 }");
  EXPECT_TRUE(implied(b, 1, 0, 0));   // i >= 0: b's row.
  EXPECT_TRUE(implied(b, 1, 0, 3));   // i >= -3: weaker.
  EXPECT_FALSE(implied(b, 1, 0, -1)); // i >= 1: stronger.
  EXPECT_TRUE(implied(b, -1, 0, 9));  // i <= 9: b's row.
  EXPECT_TRUE(implied(b, -1, 0, 20)); // i <= 20.
  EXPECT_FALSE(implied(b, -1, 0, 8)); // i <= 8.
  // i + j <= 13 holds on b, but no single row says so.
  EXPECT_FALSE(implied(b, -1, -1, 13));
}

TEST(RowImplication, EqualityOfEitherSign) {
  BasicRelation b = basic("{ [i, j] : j = i + 2 and 0 <= i < 10 }");
  // j - i - 2 = 0 gives j - i - 2 + c >= 0 for c >= 0 and
  // i - j + 2 + c >= 0 for c >= 0, whichever sign b stores.
  EXPECT_TRUE(implied(b, -1, 1, -2));  // j >= i + 2.
  EXPECT_TRUE(implied(b, 1, -1, 2));   // j <= i + 2.
  EXPECT_TRUE(implied(b, -1, 1, 0));   // j >= i.
  EXPECT_TRUE(implied(b, 1, -1, 5));   // j <= i + 5.
  EXPECT_FALSE(implied(b, -1, 1, -3)); // j >= i + 3.
  EXPECT_FALSE(implied(b, 1, -1, 1));  // j <= i + 1.
}

TEST(RowImplication, SubsetWrittenWithTheSupersetsRows) {
  // Each row of the superset is a row of the subset: decided by the rows.
  Relation a = parseRelation("{ A[a, b] : 0 <= a < 256 and 0 <= b < 128 and "
                             "a + b < 300 }");
  Relation b = parseRelation("{ A[a, b] : 0 <= a < 256 and 0 <= b < 128 }");
  EXPECT_TRUE(a.isSubsetOf(b));
  EXPECT_FALSE(b.isSubsetOf(a)); // (255, 127) is in b only.
  // One row of the superset is tighter than the subset's: not a subset.
  Relation c = parseRelation("{ A[a, b] : 0 <= a < 200 and 0 <= b < 128 }");
  EXPECT_FALSE(a.isSubsetOf(c)); // (255, 0).
}

TEST(RowImplication, EmptySubsetWhoseRowsImplyNothing) {
  // Rationally empty (i + j >= 5 with i, j <= 1), not visibly so: inside
  // anything, though none of its rows implies i >= 100.
  Relation empty =
      parseRelation("{ [i, j] : i + j >= 5 and i <= 1 and j <= 1 }");
  EXPECT_TRUE(empty.isSubsetOf(parseRelation("{ [i, j] : i >= 100 }")));
  // Integer-empty only (2i = 1): inside too.
  Relation odd = parseRelation("{ [i, j] : 2i = 2j + 1 and 0 <= i < 4 }");
  EXPECT_TRUE(odd.isSubsetOf(parseRelation("{ [i, j] : i >= 100 }")));
}
