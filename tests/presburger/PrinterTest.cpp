// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The printer on hand-built objects: names (hints, fresh names, clashes,
// keywords), chained bounds, strict comparisons, inline divisions and mod,
// tuple equalities, exists, empty and universe objects, and canonical
// output whatever the order of the rows.
#include "presburger/Printer.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace presburger;
using presburger::testing::row;

namespace {

Tuple named(std::string name, std::vector<std::string> dims) {
  Tuple t(std::move(name), unsigned(dims.size()));
  t.setDimNames(dims);
  return t;
}

/// { [i] : lo <= i <= hi } with the bounds added in the given order.
BasicRelation interval(bool upperFirst) {
  BasicRelation b(Space::set({}, named("", {"i"})));
  if (upperFirst)
    b.addInequality(row({-1, 9}));
  b.addInequality(row({1, 0}));
  if (!upperFirst)
    b.addInequality(row({-1, 9}));
  return b;
}

} // namespace

TEST(Printer, UniverseWithNames) {
  BasicRelation b(Space::set({}, named("S", {"i", "j"})));
  EXPECT_EQ(printBasicRelation(b), "{ S[i, j] }");
}

TEST(Printer, FreshNamesForAnonymousDimensions) {
  BasicRelation s(Space::set({}, Tuple(2)));
  EXPECT_EQ(printBasicRelation(s), "{ [i0, i1] }");
  BasicRelation r(Space::relation({}, Tuple("A", 1), Tuple("B", 2)));
  EXPECT_EQ(printBasicRelation(r), "{ A[i0] -> B[o0, o1] }");
}

TEST(Printer, BadHintsAreReplaced) {
  // A keyword, a non-identifier, a good name and its duplicate.
  BasicRelation b(Space::set({}, named("", {"and", "x y", "i", "i"})));
  EXPECT_EQ(printBasicRelation(b), "{ [i0, i1, i, i3] }");
  // A hint equal to a parameter.
  BasicRelation p(Space::set({"i"}, named("", {"i"})));
  EXPECT_EQ(printBasicRelation(p), "[i] -> { [i0] }");
  // A fresh name never takes a hint used later in the tuple.
  BasicRelation q(Space::set({}, named("", {"", "i0"})));
  EXPECT_EQ(printBasicRelation(q), "{ [i0', i0] }");
}

TEST(Printer, ChainsAndStrictBounds) {
  EXPECT_EQ(printBasicRelation(interval(false)), "{ [i] : 0 <= i <= 9 }");
  // [n] -> { [i] : 1 <= i and i <= n - 1 }: both strict, chained.
  BasicRelation b(Space::set({"n"}, named("", {"i"})));
  b.addInequality(row({0, 1, -1}));
  b.addInequality(row({1, -1, -1}));
  EXPECT_EQ(printBasicRelation(b), "[n] -> { [i] : 0 < i < n }");
  // j >= i + 1 alone is j > i; j >= i + 2 stays as it is.
  BasicRelation c(Space::set({}, named("", {"i", "j"})));
  c.addInequality(row({-1, 1, -1}));
  EXPECT_EQ(printBasicRelation(c), "{ [i, j] : j > i }");
  BasicRelation d(Space::set({}, named("", {"i", "j"})));
  d.addInequality(row({-1, 1, -2}));
  EXPECT_EQ(printBasicRelation(d), "{ [i, j] : j >= 2 + i }");
}

TEST(Printer, CoefficientsAndConstantsLikeIsl) {
  // 5 - 2i <= 3j <= 9 - 2i
  BasicRelation b(Space::set({}, named("", {"i", "j"})));
  b.addInequality(row({2, 3, -5}));
  b.addInequality(row({-2, -3, 9}));
  EXPECT_EQ(printBasicRelation(b), "{ [i, j] : 5 - 2i <= 3j <= 9 - 2i }");
}

TEST(Printer, OrderOfRowsDoesNotMatter) {
  EXPECT_EQ(printBasicRelation(interval(true)),
            printBasicRelation(interval(false)));
  BasicRelation a(Space::set({}, named("", {"i", "j"})));
  a.addInequality(row({0, 1, 0}));
  a.addInequality(row({1, 0, 0}));
  a.addEquality(row({1, -1, 0}));
  BasicRelation b(Space::set({}, named("", {"i", "j"})));
  b.addEquality(row({1, -1, 0}));
  b.addInequality(row({1, 0, 0}));
  b.addInequality(row({0, 1, 0}));
  EXPECT_EQ(printBasicRelation(a), printBasicRelation(b));
}

TEST(Printer, EqualitiesOverEarlierDimensionsGoIntoTheTuple) {
  // { [i, j] : j = 2i }
  BasicRelation b(Space::set({}, named("", {"i", "j"})));
  b.addEquality(row({-2, 1, 0}));
  EXPECT_EQ(printBasicRelation(b), "{ [i, j = 2i] }");
  // Unnamed output dimension: the expression alone.
  BasicRelation r(Space::relation({}, named("", {"i"}), Tuple(1)));
  r.addEquality(row({1, -1, 1}));
  EXPECT_EQ(printBasicRelation(r), "{ [i] -> [1 + i] }");
  // Constraints on a dimension given by an equality are written over the
  // earlier dimensions (as isl prints after its Gaussian elimination).
  BasicRelation u(Space::relation({}, named("", {"i"}), Tuple(1)));
  u.addEquality(row({1, -1, 1}));
  u.addInequality(row({0, 1, -5}));
  EXPECT_EQ(printBasicRelation(u), "{ [i] -> [1 + i] : i >= 4 }");
}

TEST(Printer, DefinedLocalsAreWrittenInline) {
  // { [i] -> [j] : j = floor((i + 1)/4) }
  BasicRelation b(Space::relation({}, named("", {"i"}), named("", {"j"})));
  unsigned q = b.addDivLocal(row({1, 0, 1}), Int(4));
  std::vector<Int> eq = row({0, 1, 0, 0});
  eq[b.offset(VarKind::Local) + q] = Int(-1);
  b.addEquality(eq);
  EXPECT_EQ(printBasicRelation(b), "{ [i] -> [j = floor((1 + i)/4)] }");
  // { [i] : i - 2*floor(i/2) = 1 } is (i) mod 2 = 1.
  BasicRelation odd(Space::set({}, named("", {"i"})));
  odd.addDivLocal(row({1, 0}), Int(2));
  odd.addEquality(row({1, -2, -1}));
  EXPECT_EQ(printBasicRelation(odd), "{ [i] : (i) mod 2 = 1 }");
  // A division kept as a term: 3*floor(i/2) >= i - 4.
  BasicRelation t(Space::set({}, named("", {"i"})));
  t.addDivLocal(row({1, 0}), Int(2));
  t.addInequality(row({-1, 3, 4}));
  EXPECT_EQ(printBasicRelation(t), "{ [i] : i <= 4 + 3*floor((i)/2) }");
}

TEST(Printer, UndefinedLocalsAreExistential) {
  BasicRelation b(Space::set({}, named("", {"i"})));
  b.addLocal();
  b.addEquality(row({1, -3, 0}));
  EXPECT_EQ(printBasicRelation(b), "{ [i] : exists (e0: i = 3e0) }");
  // An unconstrained local is not printed.
  BasicRelation u(Space::set({}, named("", {"i"})));
  u.addLocal();
  EXPECT_EQ(printBasicRelation(u), "{ [i] }");
  // Cyclic definitions cannot be inlined: the locals are existential.
  BasicRelation c(Space::set({}, named("", {"i"})));
  c.addLocal();
  c.addLocal();
  c.setDivDef(0, row({0, 0, 1, 0}), Int(2));
  c.setDivDef(1, row({0, 1, 0, 0}), Int(2));
  c.addInequality(row({1, -1, -1, 0}));
  std::string text = printBasicRelation(c);
  EXPECT_EQ(text.find("floor"), std::string::npos) << text;
  EXPECT_NE(text.find("exists (e0, e1: "), std::string::npos) << text;
}

TEST(Printer, EmptyAndUniverse) {
  Space s = Space::set({}, named("", {"i"}));
  EXPECT_EQ(printBasicRelation(BasicRelation::empty(s)), "{ [i] : false }");
  EXPECT_EQ(printRelation(Relation(s)), "{ [i] : false }");
  EXPECT_EQ(printRelation(Relation::universe(s)), "{ [i] }");
  Space p = Space::params({"n"});
  EXPECT_EQ(printBasicRelation(BasicRelation::empty(p)), "[n] -> { : false }");
  EXPECT_EQ(printBasicRelation(BasicRelation(p)), "[n] -> { : }");
  BasicRelation pos(p);
  pos.addInequality(row({1, -1}));
  EXPECT_EQ(printBasicRelation(pos), "[n] -> { : n > 0 }");
  // Repeated disjuncts print once; several different parameter disjuncts
  // that print as `:` are written `: true` so that they read back.
  Relation twice(BasicRelation{p});
  twice.addDisjunct(BasicRelation(p));
  EXPECT_EQ(printRelation(twice), "[n] -> { : }");
  EXPECT_TRUE(parseRelation(printRelation(twice)).isUniverse());
  EXPECT_TRUE(parseRelation("[n] -> { : true; : true }").isUniverse());
  EXPECT_EQ(printUnionRelation(UnionRelation()), "{ }");
  EXPECT_EQ(printUnionRelation(UnionRelation({"n", "m"})), "[n, m] -> { }");
}

TEST(Printer, NestedAndNamedTuples) {
  Tuple wrapped = Tuple::nested("", named("A", {"i"}), named("B", {"j"}));
  BasicRelation b(Space::relation({}, wrapped, Tuple("C", 0)));
  EXPECT_EQ(printBasicRelation(b), "{ [A[i] -> B[j]] -> C[] }");
}

TEST(Printer, SeveralDisjunctsAndSpaces) {
  Space s = Space::set({}, named("", {"i"}));
  BasicRelation neg(s), big(s);
  neg.addInequality(row({-1, -1}));
  big.addInequality(row({1, -10}));
  Relation r(neg);
  r.addDisjunct(big);
  EXPECT_EQ(printRelation(r), "{ [i] : i < 0; [i] : i >= 10 }");
  UnionRelation u(r);
  u.add(Relation::universe(Space::set({}, named("A", {"x"}))));
  // Pieces in the union's canonical order of spaces.
  EXPECT_EQ(printUnionRelation(u), "{ [i] : i < 0; [i] : i >= 10; A[x] }");
}

TEST(Printer, BigCoefficientsArePrintedExactly) {
  Int big = *Int::fromString("1180591620717411303424"); // 2^70
  BasicRelation b(Space::set({}, named("", {"i"})));
  b.addInequality(std::vector<Int>{big, Int(-3)});
  EXPECT_EQ(printBasicRelation(b), "{ [i] : 1180591620717411303424i >= 3 }");
  Relation back = parseRelation(printBasicRelation(b));
  EXPECT_TRUE(back.isEqual(Relation(b)));
}

TEST(Printer, OutputReadsBackEqual) {
  // Hand-built objects with every kind of term print to text that reads
  // back to an equal object.
  BasicRelation b(
      Space::relation({"n"}, named("S", {"i", ""}), named("T", {"and"})));
  unsigned q = b.addDivLocal(row({0, 1, 1, 0, 2}), Int(5));
  std::vector<Int> r1(b.numCols());
  r1[0] = Int(1);
  r1[1] = Int(-1);
  r1[b.offset(VarKind::Local) + q] = Int(2);
  b.addInequality(r1); // n - i + 2q >= 0
  std::vector<Int> r2(b.numCols());
  r2[3] = Int(1);
  r2[2] = Int(-1);
  r2.back() = Int(-7);
  b.addEquality(r2); // o = i1 + 7
  std::string text = printBasicRelation(b);
  Relation back = parseRelation(text);
  EXPECT_TRUE(back.isEqual(Relation(b))) << text;
  EXPECT_EQ(printRelation(back), text);
}

TEST(Printer, RepeatedConstraintsArePrintedOnce) {
  // Two locals with the same definition floor(i/2), each in a copy of the
  // same constraint: one line of output.
  BasicRelation b(Space::set({}, named("", {"i"})));
  b.addDivLocal(row({1, 0}), Int(2));
  b.addDivLocal(row({1, 0, 0}), Int(2));
  b.addEquality(row({1, -2, 0, -1}));
  b.addEquality(row({1, 0, -2, -1}));
  b.addInequality(row({1, 0, 0, 0}));
  b.addInequality(row({1, 0, 0, 0}));
  EXPECT_EQ(printBasicRelation(b), "{ [i] : (i) mod 2 = 1 and i >= 0 }");
}

TEST(Printer, ResultsOfOperationsReadBack) {
  // Complements and differences carry many division locals; their text
  // must read back to an equal object.
  const char *const texts[] = {
      "{ [i, j] : (exists e : -3i - 4 = 4e) or (2j - 2 <= 1 < -i - 2) }",
      "{ [i, j] : 2i - 2 >= 0 and ceil((-3i + 2j - 5)/3) >= -3 }",
      "[n] -> { [i, j] : ((-3n - 2) mod 2 = 1 and -i + j <= i + 2j - 4) or "
      "(exists e : -i - 3n - 4 = 4e) }",
      "{ [i] -> [j, k] : floor((floor((i - j)/2) + k)/3) >= 1 and "
      "min(i, j) <= k }",
  };
  for (const char *t : texts) {
    Relation r = parseRelation(t);
    Relation c = r.complement();
    std::string text = printRelation(c);
    EXPECT_TRUE(parseRelation(text).isEqual(c)) << t << " => " << text;
    Relation d = Relation::universe(r.space()).subtract(c);
    std::string dt = printRelation(d);
    EXPECT_TRUE(parseRelation(dt).isEqual(r)) << t << " => " << dt;
  }
}
