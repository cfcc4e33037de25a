// Coalescing on hand-built relations: each case gives the input, the
// expected union derived by hand, and the expected number of disjuncts.
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {
using Row = std::vector<int64_t>;

/// A basic set or relation given by rows over [params | dims | locals | 1].
BasicRelation make(const Space &space, unsigned locals,
                   const std::vector<Row> &ineqs,
                   const std::vector<Row> &eqs = {}) {
  BasicRelation b(space);
  b.insertVars(VarKind::Local, 0, locals);
  auto conv = [](const Row &r) { return std::vector<Int>(r.begin(), r.end()); };
  for (const Row &r : ineqs)
    b.addInequality(conv(r));
  for (const Row &r : eqs)
    b.addEquality(conv(r));
  return b;
}

Space set1() { return Space::set({}, Tuple(1)); }
Space set2() { return Space::set({}, Tuple(2)); }

Relation unite(std::initializer_list<BasicRelation> parts) {
  auto it = parts.begin();
  Relation r(*it);
  for (++it; it != parts.end(); ++it)
    r.addDisjunct(*it);
  return r;
}

void expectCoalesced(const Relation &input, const Relation &expected,
                     unsigned disjuncts) {
  Relation c = input.coalesce();
  EXPECT_TRUE(c.isEqual(input)) << "input " << input.toString() << "\nresult "
                                << c.toString();
  EXPECT_TRUE(c.isEqual(expected)) << "expected " << expected.toString()
                                   << "\nresult " << c.toString();
  EXPECT_EQ(c.numDisjuncts(), disjuncts) << c.toString();
}
} // namespace

// { [i] : 0 <= i < 8 } u { [i] : 8 <= i < 10 } = { [i] : 0 <= i < 10 }
TEST(Coalesce, LoopTail) {
  Relation in = unite({make(set1(), 0, {{1, 0}, {-1, 7}}),
                       make(set1(), 0, {{1, -8}, {-1, 9}})});
  expectCoalesced(in, Relation(make(set1(), 0, {{1, 0}, {-1, 9}})), 1);
}

// { [i] : i mod 2 = 0 } u { [i] : i mod 2 = 1 } = { [i] }
TEST(Coalesce, StridesCoverEverything) {
  Relation in = unite({make(set1(), 1, {}, {{1, -2, 0}}),
                       make(set1(), 1, {}, {{1, -2, -1}})});
  expectCoalesced(in, Relation::universe(set1()), 1);
}

// { [i] : 0 <= i <= 10 and i mod 4 = 0 } u { [i] : 12 <= i <= 20 and
// i mod 4 = 0 } = { [i] : 0 <= i <= 20 and i mod 4 = 0 }
TEST(Coalesce, StridedPieces) {
  Relation in =
      unite({make(set1(), 1, {{1, 0, 0}, {-1, 0, 10}}, {{1, -4, 0}}),
             make(set1(), 1, {{1, 0, -12}, {-1, 0, 20}}, {{1, -4, 0}})});
  expectCoalesced(in, Relation(make(set1(), 1, {{1, 0, 0}, {-1, 0, 20}},
                                    {{1, -4, 0}})),
                  1);
}

// [n] -> { [i] : 0 <= i < n } u [n] -> { [i] : n <= i < n + 4 }
//   = [n] -> { [i] : 0 <= i < n + 4 }
TEST(Coalesce, ParametricTail) {
  Space s = Space::set({"n"}, Tuple(1));
  Relation in = unite({make(s, 0, {{0, 1, 0}, {1, -1, -1}}),
                       make(s, 0, {{-1, 1, 0}, {1, -1, 3}})});
  // n <= 0 leaves only n <= i < n + 4 when n + 4 > 0... the union is
  // { 0 <= i < n + 4 : n > 0 } u { n <= i < n + 4 : n <= 0 }, which is not
  // one basic set; isl keeps two as well. With n >= 0 it is one.
  Relation c = in.coalesce();
  EXPECT_TRUE(c.isEqual(in));
  EXPECT_EQ(c.numDisjuncts(), 2u);
  Relation in2 = unite({make(s, 0, {{0, 1, 0}, {1, -1, -1}}),
                        make(s, 0, {{-1, 1, 0}, {1, -1, 3}, {1, 0, 0}})});
  expectCoalesced(in2, Relation(make(s, 0, {{0, 1, 0}, {1, -1, 3}, {1, 0, 0}})),
                  1);
}

// { [i, j] : i = j and 0 <= i < 5 } u { [i, j] : i = j and 5 <= i < 9 }
//   = { [i, j] : i = j and 0 <= i < 9 }
TEST(Coalesce, WithEqualities) {
  Relation in = unite({make(set2(), 0, {{1, 0, 0}, {-1, 0, 4}}, {{1, -1, 0}}),
                       make(set2(), 0, {{1, 0, -5}, {-1, 0, 8}}, {{1, -1, 0}})});
  expectCoalesced(
      in, Relation(make(set2(), 0, {{1, 0, 0}, {-1, 0, 8}}, {{1, -1, 0}})), 1);
}

// { [i, j] : 0 <= i <= 9 and 0 <= j <= i } u { [i, j] : 0 <= i <= 9 and
// i < j <= 9 } = { [i, j] : 0 <= i, j <= 9 }
TEST(Coalesce, TriangleAndComplement) {
  Relation in =
      unite({make(set2(), 0, {{1, 0, 0}, {-1, 0, 9}, {0, 1, 0}, {1, -1, 0}}),
             make(set2(), 0, {{1, 0, 0}, {-1, 0, 9}, {-1, 1, -1}, {0, -1, 9}})});
  expectCoalesced(in,
                  Relation(make(set2(), 0,
                                {{1, 0, 0}, {-1, 0, 9}, {0, 1, 0}, {0, -1, 9}})),
                  1);
}
