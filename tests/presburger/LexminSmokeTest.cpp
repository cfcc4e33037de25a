// Lexicographic optimum on hand-built inputs (string-based tests follow
// once the parser lands).
#include "presburger/Errors.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {
std::vector<Int> row(std::initializer_list<int64_t> v) {
  return std::vector<Int>(v.begin(), v.end());
}
Point pt(std::initializer_list<int64_t> v) { return Point(v.begin(), v.end()); }
} // namespace

TEST(LexminSmoke, BoxAndUnion) {
  BasicRelation a(Space::set({}, Tuple(1)));
  a.addInequality(row({1, -5}));
  a.addInequality(row({-1, 10}));
  BasicRelation b(Space::set({}, Tuple(1)));
  b.addInequality(row({1, -2}));
  b.addInequality(row({-1, 3}));
  Relation u = Relation(a).unite(Relation(b));
  Relation mn = u.lexmin();
  EXPECT_TRUE(mn.containsPoint(pt({2})));
  EXPECT_FALSE(mn.containsPoint(pt({3})));
  EXPECT_FALSE(mn.containsPoint(pt({5})));
  Relation mx = u.lexmax();
  EXPECT_TRUE(mx.containsPoint(pt({10})));
  EXPECT_FALSE(mx.containsPoint(pt({3})));
}

TEST(LexminSmoke, ParametricMax) {
  // [n] -> { [i] : i >= n and i >= 0 }: lexmin is max(n, 0).
  BasicRelation a(Space::set({"n"}, Tuple(1)));
  a.addInequality(row({-1, 1, 0}));
  a.addInequality(row({0, 1, 0}));
  Relation mn = Relation(a).lexmin();
  for (int n = -3; n <= 3; ++n)
    for (int i = -4; i <= 4; ++i)
      EXPECT_EQ(mn.containsPoint(pt({n, i})), i == std::max(n, 0))
          << "n=" << n << " i=" << i;
  EXPECT_THROW(Relation(a).lexmax(), UnboundedError);
}

TEST(LexminSmoke, CeilingNeedsADivision) {
  // { [i] -> [j] : 2j >= i and j <= 100 }: lexmin j = ceil(i / 2).
  BasicRelation r(Space::relation({}, Tuple(1), Tuple(1)));
  r.addInequality(row({-1, 2, 0}));
  r.addInequality(row({0, -1, 100}));
  Relation mn = Relation(r).lexmin();
  for (int i = -7; i <= 7; ++i)
    for (int j = -5; j <= 5; ++j) {
      int expect = (i >= 0) ? (i + 1) / 2 : -((-i) / 2);
      EXPECT_EQ(mn.containsPoint(pt({i, j})), j == expect) << i << " " << j;
    }
  EXPECT_TRUE(mn.isSingleValued());
}

TEST(LexminSmoke, StridedAndTwoDims) {
  // { [i] : exists q : i = 3q + 1 and i >= 5 }: lexmin 7.
  BasicRelation s(Space::set({}, Tuple(1)));
  s.addLocal();
  s.addEquality(row({1, -3, -1}));
  s.addInequality(row({1, 0, -5}));
  Relation mn = Relation(s).lexmin();
  EXPECT_TRUE(mn.containsPoint(pt({7})));
  EXPECT_FALSE(mn.containsPoint(pt({4})));
  EXPECT_FALSE(mn.containsPoint(pt({10})));
  // [n] -> { [i, j] : 0 <= i < n and i < j < n }: lexmin (0, 1) for n >= 2.
  BasicRelation t(Space::set({"n"}, Tuple(2)));
  t.addInequality(row({0, 1, 0, 0}));
  t.addInequality(row({1, -1, 0, -1}));
  t.addInequality(row({0, -1, 1, -1}));
  t.addInequality(row({1, 0, -1, -1}));
  Relation m2 = Relation(t).lexmin();
  for (int n = 0; n <= 4; ++n) {
    EXPECT_EQ(m2.containsPoint(pt({n, 0, 1})), n >= 2) << n;
    EXPECT_FALSE(m2.containsPoint(pt({n, 0, 2})));
  }
  Relation x2 = Relation(t).lexmax();
  for (int n = 0; n <= 5; ++n)
    EXPECT_EQ(x2.containsPoint(pt({n, n - 2, n - 1})), n >= 2) << n;
}
