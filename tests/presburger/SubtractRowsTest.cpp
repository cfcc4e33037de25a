// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Subtraction when the subtrahend's rows are the minuend's own, or follow
// from one of its rows (equalities included, either sign): those rows leave
// no piece. Answers derived by hand, each also checked by enumeration.
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace presburger;

namespace {

Relation parse(const char *text) { return parseRelation(text); }

/// a \ b against a's points in a box that holds them: in the difference
/// exactly when not in b.
void expectDifferencePointwise(const Relation &a, const Relation &b,
                               const Relation &d) {
  for (int x = -12; x <= 12; ++x)
    for (int y = -12; y <= 12; ++y) {
      std::vector<Int> p = {Int(x), Int(y)};
      EXPECT_EQ(d.containsPoint(p), a.containsPoint(p) && !b.containsPoint(p))
          << x << ", " << y;
    }
}

TEST(SubtractRows, GuardTheDomainAlreadyHasLeavesNothing) {
  // The domain has j < n - 3 among its rows: D \ { j < n - 3 } is empty.
  Relation d = parse("[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n and "
                     "j < n - 3 }");
  Relation g = parse("[n] -> { S[i, j] : j < n - 3 }");
  EXPECT_TRUE(d.subtract(g).isEmpty());
  // A weaker guard (j < n - 1) follows from the same row.
  EXPECT_TRUE(d.subtract(parse("[n] -> { S[i, j] : j < n - 1 }")).isEmpty());
  // j < n - 4, one less: the row j = n - 4 is left.
  EXPECT_TRUE(d.subtract(parse("[n] -> { S[i, j] : j < n - 4 }"))
                  .isEqual(parse("[n] -> { S[i, j] : 0 <= i < n and "
                                 "0 <= j and j = n - 4 }")));
  // A stronger one (j < n - 5) leaves the two rows n - 5 <= j < n - 3.
  Relation rest = d.subtract(parse("[n] -> { S[i, j] : j < n - 5 }"));
  EXPECT_TRUE(rest.isEqual(parse("[n] -> { S[i, j] : 0 <= i < n and "
                                 "0 <= j and n - 5 <= j < n - 3 }")));
}

TEST(SubtractRows, RowsFollowingFromAnEquality) {
  Relation line = parse("{ [x, y] : x = 5 and -3 <= y <= 3 }");
  // x <= 7 and x >= 2 hold where x = 5 (the equality, then its negation).
  Relation band = parse("{ [x, y] : 2 <= x <= 7 }");
  EXPECT_TRUE(line.subtract(band).isEmpty());
  expectDifferencePointwise(line, band, line.subtract(band));
  // x >= 6 holds nowhere on the line: nothing is taken away.
  Relation right = parse("{ [x, y] : x >= 6 }");
  EXPECT_TRUE(line.subtract(right).isEqual(line));
  // x <= 4 + y: only the part with y >= 1 is taken away.
  Relation below = parse("{ [x, y] : x <= 4 + y }");
  Relation d = line.subtract(below);
  EXPECT_TRUE(d.isEqual(parse("{ [x, y] : x = 5 and -3 <= y <= 0 }")));
  expectDifferencePointwise(line, below, d);
}

TEST(SubtractRows, EqualitySubtrahendOnTheMinuendsEquality) {
  // -x + 5 = 0 is the minuend's x = 5 written negated: nothing is left;
  // x = 4 takes nothing away.
  Relation line = parse("{ [x, y] : x = 5 and 0 <= y <= 2 }");
  EXPECT_TRUE(line.subtract(parse("{ [x, y] : 5 - x = 0 }")).isEmpty());
  EXPECT_TRUE(line.subtract(parse("{ [x, y] : x = 4 }")).isEqual(line));
  Relation diagonal = parse("{ [x, y] : x = y and 0 <= y <= 4 }");
  Relation d = diagonal.subtract(parse("{ [x, y] : x - y = 0 and x <= 1 }"));
  EXPECT_TRUE(d.isEqual(parse("{ [x, y] : x = y and 2 <= y <= 4 }")));
  expectDifferencePointwise(diagonal,
                            parse("{ [x, y] : x - y = 0 and x <= 1 }"), d);
}

TEST(SubtractRows, UnionsOfBoxesAgainstEnumeration) {
  // Boxes minus boxes, and complements of unions of boxes: the running part
  // stays a box, whose row minima decide each piece (bounds in either
  // direction, some missing, some boxes empty). Checked point by point on
  // [-12, 12]^2, a margin beyond every bound.
  std::mt19937 rng(4646);
  auto rnd = [&](int lo, int hi) {
    return lo + int(rng() % unsigned(hi - lo + 1));
  };
  auto boxes = [&](int count) {
    std::string text = "{ ";
    for (int k = 0; k < count; ++k) {
      text += k ? "; [x, y] : " : "[x, y] : ";
      std::string rows;
      for (const char *v : {"x", "y"}) {
        int lo = rnd(-8, 8), hi = lo + rnd(-1, 6);
        if (rnd(0, 4) > 0)
          rows += std::string(rows.empty() ? "" : " and ") +
                  std::to_string(lo) + " <= " + v;
        if (rnd(0, 4) > 0)
          rows += std::string(rows.empty() ? "" : " and ") + v +
                  " <= " + std::to_string(hi);
      }
      text += rows.empty() ? "0 = 0" : rows;
    }
    return parseRelation(text + " }");
  };
  for (int trial = 0; trial < 150; ++trial) {
    Relation a = boxes(rnd(1, 3)), b = boxes(rnd(1, 3));
    expectDifferencePointwise(a, b, a.subtract(b));
    Relation complement = b.complement();
    for (int x = -12; x <= 12; ++x)
      for (int y = -12; y <= 12; ++y) {
        std::vector<Int> p = {Int(x), Int(y)};
        EXPECT_EQ(complement.containsPoint(p), !b.containsPoint(p))
            << b.toString() << " at " << x << ", " << y;
      }
  }
}

} // namespace
