//===- NormalizeTest.cpp - Normalization, whole and one row at a time -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// BasicRelation::addInequalityNormalized normalizes only the new row of a
// normalized relation; it must leave the rows normalize() would leave
// (up to their order) and find the same contradictions.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "presburger/BasicRelation.h"
#include "presburger/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace presburger;
using presburger::testing::RandomInts;
using presburger::testing::row;
using presburger::testing::sortedRows;

namespace {

/// The only disjunct of a literal.
BasicRelation basic(const char *text) {
  Relation r = parseRelation(text);
  EXPECT_EQ(r.numDisjuncts(), 1u);
  return r.disjuncts().front();
}

/// `b` with `added` through addInequalityNormalized agrees with the whole
/// normalization of `b` and `added`, and is left as normalize() leaves it.
void expectAsNormalize(const BasicRelation &b, const std::vector<Int> &added) {
  BasicRelation whole = b.withInequality(added);
  bool wholeNonEmpty = whole.normalize();
  BasicRelation incremental = b;
  bool nonEmpty = incremental.addInequalityNormalized(added);
  ASSERT_EQ(nonEmpty, wholeNonEmpty) << b.toString();
  EXPECT_EQ(incremental.isObviouslyEmpty(), !nonEmpty);
  BasicRelation copied = b.withInequalityNormalized(added);
  EXPECT_EQ(copied.isObviouslyEmpty(), !nonEmpty);
  if (!nonEmpty)
    return;
  EXPECT_EQ(sortedRows(incremental.equalities()),
            sortedRows(whole.equalities()))
      << b.toString();
  EXPECT_EQ(sortedRows(incremental.inequalities()),
            sortedRows(whole.inequalities()))
      << b.toString();
  EXPECT_EQ(sortedRows(copied.inequalities()),
            sortedRows(whole.inequalities()));
  BasicRelation again = incremental;
  again.normalize();
  EXPECT_EQ(sortedRows(again.inequalities()),
            sortedRows(incremental.inequalities()));
  EXPECT_EQ(sortedRows(again.equalities()),
            sortedRows(incremental.equalities()));
}

} // namespace

TEST(Normalize, ATighterParallelRowReplacesTheOlder) {
  BasicRelation b = basic("{ [i, j] : 0 <= i <= 10 and j >= 0 }");
  ASSERT_TRUE(b.addInequalityNormalized(row({-2, 0, 14}))); // i <= 7
  EXPECT_EQ(b.numInequalities(), 3u);
  EXPECT_FALSE(b.containsPoint(row({8, 0})));
  EXPECT_TRUE(b.containsPoint(row({7, 0})));
  ASSERT_TRUE(b.addInequalityNormalized(row({-1, 0, 9}))); // i <= 9: implied
  EXPECT_EQ(b.numInequalities(), 3u);
  EXPECT_FALSE(b.containsPoint(row({8, 0})));
}

TEST(Normalize, OppositeRowsThatMeetBecomeAnEquality) {
  BasicRelation b = basic("{ [i, j] : 0 <= i <= 10 and 0 <= j <= 5 }");
  ASSERT_TRUE(b.addInequalityNormalized(row({0, -1, 0}))); // j <= 0
  EXPECT_EQ(b.numEqualities(), 1u);
  EXPECT_EQ(b.numInequalities(), 2u);
  EXPECT_TRUE(b.containsPoint(row({3, 0})));
  EXPECT_FALSE(b.containsPoint(row({3, 1})));
}

TEST(Normalize, OppositeRowsThatCrossAreEmpty) {
  BasicRelation b = basic("{ [i] : 3 <= i <= 10 }");
  // 2i <= 5, over the integers i <= 2: below the lower bound.
  EXPECT_FALSE(b.addInequalityNormalized(row({-2, 5})));
  EXPECT_TRUE(b.isObviouslyEmpty());
}

TEST(Normalize, RowsWithoutCoefficients) {
  BasicRelation b = basic("{ [i] : 3 <= i <= 10 }");
  EXPECT_TRUE(b.addInequalityNormalized(row({0, 4})));
  EXPECT_EQ(b.numInequalities(), 2u);
  EXPECT_FALSE(b.addInequalityNormalized(row({0, -1})));
}

TEST(Normalize, OneRowAtATimeAgainstTheWholeNormalization) {
  // Relations over [i, j] with coefficients in [-2, 2] (parallel and
  // opposite rows are frequent), sometimes an equality, normalized; then a
  // row that is often a multiple or a negation of one of theirs.
  RandomInts rnd(4444);
  Space space = parseRelation("{ [i, j] }").space();
  int tested = 0, merged = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    BasicRelation b(space);
    int rows = int(rnd(1, 6));
    for (int k = 0; k < rows; ++k)
      b.addInequality(row({rnd(-2, 2), rnd(-2, 2), rnd(-6, 6)}));
    if (rnd(0, 3) == 0)
      b.addEquality(row({rnd(-2, 2), rnd(-2, 2), rnd(-3, 3)}));
    if (!b.normalize())
      continue;
    std::vector<Int> added;
    if (b.numInequalities() > 0 && rnd(0, 2) > 0) {
      ConstRow base = b.inequality(unsigned(rnd(0, b.numInequalities() - 1)));
      int64_t factor = rnd(1, 3) * (rnd(0, 1) ? 1 : -1);
      added = {base[0] * Int(factor), base[1] * Int(factor), Int(rnd(-8, 8))};
      if (factor < 0 && rnd(0, 1))
        added[2] = -base[2] * Int(-factor); // Meets the base row.
    } else {
      added = row({rnd(-2, 2), rnd(-2, 2), rnd(-6, 6)});
    }
    expectAsNormalize(b, added);
    ++tested;
    BasicRelation whole = b.withInequality(added);
    merged += whole.normalize() && whole.numConstraints() <= b.numConstraints();
  }
  // Most cases are tested, and many merge the new row into an old one.
  EXPECT_GT(tested, 1500);
  EXPECT_GT(merged, 300);
}
