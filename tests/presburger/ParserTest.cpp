// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The meaning of isl notation: every valid input of ParserTestCases.h is
// checked against the points it must and must not contain and against an
// equivalent text in plain notation; then every one is printed and read
// back (round trip), and the API's conveniences and name hints are tested.
#include "ParserTestCases.h"

#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Printer.h"
#include "presburger/WorkBudget.h"

#include <gtest/gtest.h>

#include <optional>

using namespace presburger;
using parser_cases::ValidCase;
using parser_cases::validCases;

namespace {

Point toPoint(const std::vector<long long> &v) {
  return Point(v.begin(), v.end());
}

std::string pointText(const std::vector<long long> &v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + ")";
}

/// Every point with coordinates in [lo, hi] of the space of `r`.
std::vector<Point> grid(const Relation &r, int lo, int hi) {
  unsigned n = r.space().offset(VarKind::Local);
  std::vector<Point> out;
  Point p(n, Int(lo));
  for (;;) {
    out.push_back(p);
    unsigned k = 0;
    while (k < n && p[k] == Int(hi))
      p[k++] = Int(lo);
    if (k == n)
      return out;
    p[k] += Int(1);
  }
}

/// a equals b, by isEqual; when the engine cannot decide that (existential
/// variables without a division form), by comparing the points of a box.
::testing::AssertionResult sameUnion(const UnionRelation &a,
                                     const UnionRelation &b) {
  try {
    if (a.isEqual(b))
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << printUnionRelation(a) << " != " << printUnionRelation(b);
  } catch (const InvalidArgument &) {
  }
  if (a.numPieces() != b.numPieces())
    return ::testing::AssertionFailure() << "different spaces";
  for (unsigned i = 0; i < a.numPieces(); ++i) {
    const Relation &ra = a.pieces()[i];
    const Relation *rb = b.find(ra.space());
    if (!rb)
      return ::testing::AssertionFailure() << "space missing";
    for (const Point &p : grid(ra, -6, 6))
      if (ra.containsPoint(p) != rb->containsPoint(p))
        return ::testing::AssertionFailure() << "differ at a point";
  }
  return ::testing::AssertionSuccess();
}

class ValidInput : public ::testing::TestWithParam<ValidCase> {};

std::string caseName(const ::testing::TestParamInfo<ValidCase> &info) {
  return "case" + std::to_string(info.index);
}

} // namespace

TEST_P(ValidInput, MeansWhatItSays) {
  const ValidCase &c = GetParam();
  SCOPED_TRACE(c.text);
  UnionRelation u;
  ASSERT_NO_THROW(u = parseUnion(c.text));
  if (!c.in.empty() || !c.out.empty()) {
    Relation r = parseRelation(c.text);
    for (const auto &p : c.in)
      EXPECT_TRUE(r.containsPoint(toPoint(p))) << pointText(p) << " in";
    for (const auto &p : c.out)
      EXPECT_FALSE(r.containsPoint(toPoint(p))) << pointText(p) << " out";
  }
  if (*c.equivalent) {
    SCOPED_TRACE(c.equivalent);
    UnionRelation e = parseUnion(c.equivalent);
    EXPECT_TRUE(sameUnion(u, e));
  }
}

TEST_P(ValidInput, RoundTripsThroughPrinter) {
  const ValidCase &c = GetParam();
  SCOPED_TRACE(c.text);
  UnionRelation u = parseUnion(c.text);
  std::string printed = printUnionRelation(u);
  SCOPED_TRACE(printed);
  UnionRelation back;
  ASSERT_NO_THROW(back = parseUnion(printed));
  EXPECT_TRUE(sameUnion(u, back));
  // Canonical: the same object, or a copy, prints the same text, and the
  // text read back prints the same again.
  EXPECT_EQ(printUnionRelation(u), printed);
  EXPECT_EQ(printUnionRelation(back), printed);
  UnionRelation copy = u;
  EXPECT_EQ(printUnionRelation(copy), printed);
  // Each piece prints on its own as well, and reads back.
  for (const Relation &r : u.pieces()) {
    std::string one = printRelation(r);
    EXPECT_TRUE(sameUnion(UnionRelation(r), parseUnion(one))) << one;
  }
}

INSTANTIATE_TEST_SUITE_P(Table, ValidInput, ::testing::ValuesIn(validCases()),
                         caseName);

TEST(ParserTable, IsLargeEnough) { EXPECT_GE(validCases().size(), 80u); }

TEST(Parser, KeepsDimensionNames) {
  Relation r = parseRelation("[n] -> { S[i, j] -> T[k] : 0 <= i < n }");
  EXPECT_EQ(r.space().domainTuple().dimNames(),
            (std::vector<std::string>{"i", "j"}));
  EXPECT_EQ(r.space().rangeTuple().dimNames(), (std::vector<std::string>{"k"}));
  EXPECT_EQ(r.space().paramNames(), (std::vector<std::string>{"n"}));
  EXPECT_EQ(r.space().domainTuple().name(), "S");
  EXPECT_EQ(printRelation(r), "[n] -> { S[i, j] -> T[k] : 0 <= i < n }");
}

TEST(Parser, ConstantsAndExpressionsInTuplesAreUnnamed) {
  Relation r = parseRelation("[n] -> { [i, 0, i, n, x = 2, i + 1] }");
  EXPECT_EQ(r.space().setTuple().dimNames(),
            (std::vector<std::string>{"i", "", "", "", "x", ""}));
}

TEST(Parser, NestedTupleNames) {
  Relation r = parseRelation("{ [A[i] -> B[j, k]] -> C[l] }");
  const Tuple &d = r.space().domainTuple();
  ASSERT_TRUE(d.isNested());
  EXPECT_EQ(d.nestedDomain().name(), "A");
  EXPECT_EQ(d.nestedRange().name(), "B");
  EXPECT_EQ(d.nestedRange().numDims(), 2u);
  EXPECT_EQ(d.dimNames(), (std::vector<std::string>{"i", "j", "k"}));
}

TEST(Parser, ParameterOnlySet) {
  Relation r = parseRelation("[n, m] -> { : n > m }");
  EXPECT_TRUE(r.isParams());
  EXPECT_TRUE(r.containsPoint({Int(2), Int(1)}));
  EXPECT_FALSE(r.containsPoint({Int(1), Int(1)}));
}

TEST(Parser, IdenticalDivisionsAreShared) {
  // floor(i/3) appears twice; both uses are one local.
  BasicRelation b =
      parseBasicRelation("{ [i, j] : 2*floor(i/3) = j and floor(i/3) <= 5 }");
  EXPECT_EQ(b.numLocals(), 1u);
  Relation r(b);
  EXPECT_TRUE(r.containsPoint({Int(15), Int(10)}));
  EXPECT_FALSE(r.containsPoint({Int(18), Int(12)}));
  EXPECT_FALSE(r.containsPoint({Int(15), Int(9)}));
}

TEST(Parser, DivisionsKeepTheirDefinitions) {
  BasicRelation b = parseBasicRelation("{ [i, j] : j = 3*floor((i + 1)/4) }");
  ASSERT_EQ(b.numLocals(), 1u);
  ASSERT_TRUE(b.hasDivDef(0));
  EXPECT_EQ(b.divDenominator(0), Int(4));
  // The numerator is i + 1.
  EXPECT_EQ(b.divNumerator(0)[0], Int(1));
  EXPECT_EQ(b.divNumerator(0)[b.numVars()], Int(1));
}

TEST(Parser, BigConstantsAreExact) {
  Relation r = parseRelation("{ [i] : i >= 123456789012345678901234567890 }");
  Int big = *Int::fromString("123456789012345678901234567890");
  EXPECT_TRUE(r.containsPoint({big}));
  EXPECT_FALSE(r.containsPoint({big - Int(1)}));
  Relation p = parseRelation("{ [i] : i = 2^100 }");
  Int two100(1);
  for (int k = 0; k < 100; ++k)
    two100 *= Int(2);
  EXPECT_TRUE(p.containsPoint({two100}));
  EXPECT_FALSE(p.containsPoint({two100 + Int(1)}));
}

TEST(Parser, ParseRelationNeedsOneSpace) {
  EXPECT_THROW(parseRelation("{ A[i]; B[i] }"), ParseError);
  EXPECT_THROW(parseRelation("{ }"), ParseError);
  EXPECT_THROW(parseRelation("{ A[i]; A[i, j] }"), ParseError);
  Relation r = parseRelation("{ A[i] : i < 0; A[j] : j > 5 }");
  EXPECT_EQ(r.numDisjuncts(), 2u);
  Relation e = parseRelation("{ [i] : false }");
  EXPECT_TRUE(e.isEmpty());
  EXPECT_EQ(e.space().setTuple().numDims(), 1u);
  try {
    parseRelation("{ A[i];\n  B[i] }");
    FAIL() << "no error";
  } catch (const ParseError &err) {
    EXPECT_EQ(err.line(), 2u);
    EXPECT_EQ(err.column(), 3u);
  }
}

TEST(Parser, ParseBasicRelationNeedsOneDisjunct) {
  BasicRelation b = parseBasicRelation("{ [i, j] : 0 <= i <= j }");
  EXPECT_EQ(b.numInequalities(), 2u);
  EXPECT_THROW(parseBasicRelation("{ [i] : i < 0 or i > 5 }"), ParseError);
  BasicRelation e = parseBasicRelation("{ [i] : 1 = 0 }");
  EXPECT_TRUE(e.isEmpty());
  EXPECT_TRUE(e.isSet());
}

TEST(Parser, UnionKeepsSpacesApart) {
  UnionRelation u = parseUnion("{ A[i] : i >= 0; B[i, j] : i < j; A[i] : "
                               "i = -5 }");
  ASSERT_EQ(u.numPieces(), 2u);
  const Relation *a = u.find(Space::set({}, Tuple("A", 1)));
  const Relation *b = u.find(Space::set({}, Tuple("B", 2)));
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(a->containsPoint({Int(-5)}));
  EXPECT_FALSE(a->containsPoint({Int(-4)}));
  EXPECT_TRUE(b->containsPoint({Int(0), Int(1)}));
}

TEST(Parser, ParametersOfTheWholeInputAreKept) {
  UnionRelation u = parseUnion("[n, m] -> { A[i] : i < n; B[j] : j > m }");
  EXPECT_EQ(u.paramNames(), (std::vector<std::string>{"n", "m"}));
  UnionRelation e = parseUnion("[n] -> { }");
  EXPECT_TRUE(e.isEmptyUnion());
  EXPECT_EQ(e.paramNames(), (std::vector<std::string>{"n"}));
}

TEST(Parser, NamesAreScopedPerDisjunct) {
  // `i` of the first part is not visible in the second.
  EXPECT_THROW(parseUnion("{ [i] : i > 0; [j] : i < j }"), ParseError);
  // The same name may be reused by each part.
  UnionRelation u = parseUnion("{ [i] : i > 5; [i] : i < -5 }");
  EXPECT_EQ(u.numPieces(), 1u);
  // exists variables are gone after their formula.
  EXPECT_THROW(parseUnion("{ [i] : (exists e : i = 2e) and e > 0 }"),
               ParseError);
}

TEST(Parser, NegatedExistsUsesComplement) {
  // not (i is a multiple of 2 or 3): 1, 5, 7, 11, ...
  Relation r = parseRelation(
      "{ [i] : 0 <= i < 12 and not (exists e : i = 2e or i = 3e) }");
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(r.containsPoint({Int(i)}), i % 2 != 0 && i % 3 != 0) << i;
}

//===----------------------------------------------------------------------===//
// Hostile numbers: read exactly, and without spending seconds (no timing is
// asserted; the fuzzer and bench/ watch the time)
//===----------------------------------------------------------------------===//

TEST(ParserNumbers, HugePowerIsExact) {
  // 3^100000 has 158497 bits; it once took the reader 26 s.
  Relation r = parseRelation("{ [i] : i = 3^100000 }");
  EXPECT_TRUE(r.isEqual(parseRelation("{ [i] : i = 3^100000 }")));
  EXPECT_TRUE(r.isEqual(parseRelation("{ [i] : i = 3 * 3^99999 }")));
  EXPECT_FALSE(r.isEqual(parseRelation("{ [i] : i = 3^100000 + 1 }")));
  // p = (3^50)^2000 = 3^100000.
  Int threeTo50 = *Int::fromString("717897987691852588770249"), p(1);
  for (int k = 0; k < 2000; ++k)
    p *= threeTo50;
  EXPECT_TRUE(r.containsPoint({p}));
  EXPECT_FALSE(r.containsPoint({p - Int(1)}));
}

namespace {

/// A literal like the one the parser fuzzer found to take 21 s: `dims`
/// dimensions, three existentials, `numConstraints` constraints whose
/// coefficients are near 2^30 (a quarter of them equalities), all of which
/// hold at `point` with the existentials at `witness`; one more constraint
/// bounds the first dimension by point[0] + 5 (so `point` moved there by
/// 6 is outside whatever the existentials are).
std::string bigCoefficientLiteral(uint64_t seed, unsigned dims,
                                  unsigned numConstraints,
                                  std::vector<long long> &point) {
  auto next = [&]() {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return seed >> 33;
  };
  const long long base = 1LL << 30;
  std::vector<std::string> names;
  for (unsigned k = 0; k < dims; ++k)
    names.push_back("i" + std::to_string(k));
  for (unsigned k = 0; k < 3; ++k)
    names.push_back("e" + std::to_string(k));
  std::vector<long long> values;
  for (unsigned k = 0; k < names.size(); ++k)
    values.push_back(static_cast<long long>(next() % 7) - 3);
  point.assign(values.begin(), values.begin() + dims);
  std::string text = "{ [";
  for (unsigned k = 0; k < dims; ++k)
    text += (k ? ", " : "") + names[k];
  text += "] : exists e0, e1, e2 : ";
  for (unsigned c = 0; c < numConstraints; ++c) {
    Int lhs(0);
    std::string row;
    for (unsigned k = 0; k < names.size(); ++k) {
      if (next() % 2)
        continue;
      long long coeff = base + static_cast<long long>(next() % 2001) - 1000;
      if (next() % 2)
        coeff = -coeff;
      row += (row.empty() ? "" : " + ") + std::to_string(coeff) + names[k];
      lhs += Int(coeff) * Int(values[k]);
    }
    if (row.empty())
      continue;
    bool isEq = c % 4 == 0;
    Int rhs = isEq ? lhs : lhs - Int(static_cast<long long>(next() % base));
    text += row + (isEq ? " = " : " >= ") + rhs.toString() + " and ";
  }
  long long b = base + 3;
  text +=
      std::to_string(b) + "i0 <= " + std::to_string(b * (point[0] + 5)) + " }";
  return text;
}

} // namespace

TEST(ParserNumbers, ElevenDimensionsWithCoefficientsNear2To30) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    std::vector<long long> point;
    std::string text = bigCoefficientLiteral(seed, 11, 14, point);
    SCOPED_TRACE(text);
    Relation r;
    ASSERT_NO_THROW(r = parseRelation(text));
    EXPECT_TRUE(r.containsPoint(toPoint(point)));
    std::vector<long long> outside = point;
    outside[0] += 6;
    EXPECT_FALSE(r.containsPoint(toPoint(outside)));
    // The printed text means the same at these points.
    Relation back = parseRelation(printRelation(r));
    EXPECT_TRUE(back.containsPoint(toPoint(point)));
    EXPECT_FALSE(back.containsPoint(toPoint(outside)));
  }
}

TEST(ParserNumbers, SimplificationWhileReadingIsBudgeted) {
  // A literal on which the (optional) emptiness test runs for minutes when
  // unbudgeted: read within a small budget, it either is read or gives a
  // ParseError, never runs on.
  std::vector<long long> point;
  std::string text = bigCoefficientLiteral(41, 11, 18, point);
  // A stop of this budget is the caller's: it reaches here as LimitExceeded
  // (nullopt), not as a ParseError.
  std::optional<Relation> r =
      WorkBudget::attempt(2'000'000, [&] { return parseRelation(text); });
  if (r) {
    EXPECT_EQ(r->space().setTuple().numDims(), 11u);
  }
}
