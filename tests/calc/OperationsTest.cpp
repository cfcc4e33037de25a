//===- OperationsTest.cpp - Type rules of every operator and function -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For each operator and function and each kind of operand (set, relation,
// params set, the empty union, boolean) the operation either runs or
// raises a TypeError, as the table below says.
//
//===----------------------------------------------------------------------===//
#include "pcalc/Operations.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace presburger::calc;
using presburger::parseUnion;

namespace {

/// One sample value per kind, named by a letter.
std::map<char, Value> samples() {
  return {
      {'S', Value::of(parseUnion("{ [i] : 0 <= i < 3 }"))},
      {'R', Value::of(parseUnion("{ [i] -> [j] : j = i + 1 and 0 <= i < 3 }"))},
      {'P', Value::of(parseUnion("[n] -> { : n > 0 }"))},
      {'E', Value::of(parseUnion("{ }"))},
      {'B', Value::boolean(true)},
  };
}

const std::string kKinds = "SRPEB";

/// Pairs accepted by all of: comparisons, '+', '-'.
const std::set<std::string> kSameKind = {"SS", "RR", "PP", "SE", "ES",
                                         "RE", "ER", "PE", "EP", "EE"};

std::set<std::string> with(std::set<std::string> base,
                           std::initializer_list<std::string> more) {
  base.insert(more.begin(), more.end());
  return base;
}

} // namespace

TEST(OperationsTest, KindsAreClassified) {
  std::map<char, Value> v = samples();
  EXPECT_EQ(v['S'].kind(), Value::Kind::Set);
  EXPECT_EQ(v['R'].kind(), Value::Kind::Relation);
  EXPECT_EQ(v['P'].kind(), Value::Kind::Params);
  EXPECT_EQ(v['E'].kind(), Value::Kind::Empty);
  EXPECT_EQ(v['B'].kind(), Value::Kind::Boolean);
  EXPECT_EQ(describe(Value::Kind::Params), "a params set");
  EXPECT_EQ(formatValue(Value::boolean(false)), "False");
}

TEST(OperationsTest, BinaryOperatorTypeRules) {
  const std::set<std::string> setsOrRelations = {"SS", "SE", "ES", "EE",
                                                 "RR", "RE", "ER"};
  const std::map<BinaryOp, std::set<std::string>> accepted = {
      {BinaryOp::Equal, kSameKind},
      {BinaryOp::Subset, kSameKind},
      {BinaryOp::ProperSubset, kSameKind},
      {BinaryOp::Superset, kSameKind},
      {BinaryOp::ProperSuperset, kSameKind},
      {BinaryOp::Union, kSameKind},
      {BinaryOp::Difference, kSameKind},
      {BinaryOp::Intersect, with(kSameKind, {"RS", "SP", "RP", "PS", "PR"})},
      {BinaryOp::Gist, with(kSameKind, {"RS", "SP", "RP"})},
      {BinaryOp::Join, {"RR", "RE", "ER", "EE"}},
      {BinaryOp::Cross, setsOrRelations},
      {BinaryOp::Universal, {"SS", "SE", "ES", "EE"}},
      {BinaryOp::LexLt, setsOrRelations},
      {BinaryOp::LexLe, setsOrRelations},
      {BinaryOp::LexGt, setsOrRelations},
      {BinaryOp::LexGe, setsOrRelations},
  };
  std::map<char, Value> v = samples();
  for (const auto &[op, ok] : accepted)
    for (char a : kKinds)
      for (char b : kKinds) {
        std::string pair{a, b};
        SCOPED_TRACE(std::string(spelling(op)) + " " + pair);
        if (ok.count(pair)) {
          EXPECT_NO_THROW(evalBinary(op, v[a], v[b]));
        } else {
          EXPECT_THROW(evalBinary(op, v[a], v[b]), TypeError);
        }
      }
}

TEST(OperationsTest, FunctionTypeRules) {
  const std::string anyUnion = "SRPE", relations = "RE", sets = "SE";
  const std::map<Function, std::string> accepted = {
      {Function::Coalesce, anyUnion},
      {Function::Aff, anyUnion},
      {Function::Poly, anyUnion},
      {Function::ConvexHull, anyUnion},
      {Function::SimpleHull, anyUnion},
      {Function::Lexmin, "SRE"},
      {Function::Lexmax, "SRE"},
      {Function::Dom, relations},
      {Function::Ran, relations},
      {Function::Deltas, relations},
      {Function::Sample, anyUnion},
      {Function::Params, anyUnion},
      {Function::Wrap, relations},
      {Function::Unwrap, sets},
      {Function::DomainMap, relations},
      {Function::RangeMap, relations},
      {Function::Curry, relations},
      {Function::Uncurry, relations},
      {Function::Zip, relations},
      {Function::Universe, anyUnion},
      {Function::Identity, sets},
      {Function::IsEmpty, anyUnion},
      {Function::IsUniverse, anyUnion},
      {Function::IsSingleValued, relations},
      {Function::IsInjective, relations},
      {Function::IsBijective, relations},
      {Function::IsExactClosure, relations},
      {Function::Codegen, relations},
  };
  EXPECT_EQ(accepted.size(), 28u); // every function of the language
  std::map<char, Value> v = samples();
  v['W'] = Value::of(parseUnion("{ [[i] -> [j]] : i = j }"));
  for (const auto &[f, ok] : accepted)
    for (char k : kKinds) {
      SCOPED_TRACE(std::string(name(f)) + " " + k);
      // unwrap is tried on a set of pairs.
      const Value &arg = f == Function::Unwrap && k == 'S' ? v['W'] : v[k];
      if (ok.find(k) == std::string::npos) {
        EXPECT_THROW(evalCall(f, arg), TypeError);
      } else {
        EXPECT_NO_THROW(evalCall(f, arg));
      }
    }
}

TEST(OperationsTest, ApplicationAndInverseTypeRules) {
  std::map<char, Value> v = samples();
  for (char m : kKinds)
    for (char s : kKinds) {
      SCOPED_TRACE(std::string(1, m) + s);
      bool ok = (m == 'R' || m == 'E') && (s == 'S' || s == 'E');
      if (ok) {
        EXPECT_NO_THROW(evalApply(v[m], v[s]));
      } else {
        EXPECT_THROW(evalApply(v[m], v[s]), TypeError);
      }
    }
  for (char m : kKinds) {
    SCOPED_TRACE(m);
    if (m == 'R' || m == 'E') {
      EXPECT_NO_THROW(evalInverse(v[m]));
    } else {
      EXPECT_THROW(evalInverse(v[m]), TypeError);
    }
  }
}

TEST(OperationsTest, IntersectionWithAParamsSet) {
  presburger::UnionRelation p = parseUnion("[n] -> { : 0 < n < 4 }");
  presburger::UnionRelation s =
      parseUnion("[m] -> { A[i] : 0 <= i < m; B[i, j] : i = j }");
  presburger::UnionRelation r = intersectParams(s, p);
  EXPECT_TRUE(r.isEqual(parseUnion(
      "[m, n] -> { A[i] : 0 <= i < m and 0 < n < 4; B[i, i] : 0 < n < 4 }")))
      << r.toString();
  presburger::UnionRelation m = parseUnion("{ A[i] -> B[i + 1] }");
  EXPECT_TRUE(intersectParams(m, p).isEqual(
      parseUnion("[n] -> { A[i] -> B[i + 1] : 0 < n < 4 }")));
  EXPECT_TRUE(intersectParams(m, parseUnion("{ }")).isEmpty());
  EXPECT_TRUE(intersectParams(p, parseUnion("[n] -> { : n > 2 }"))
                  .isEqual(parseUnion("[n] -> { : n = 3 }")));
}

TEST(OperationsTest, SimplifiersAndHulls) {
  auto call = [](Function f, const char *text) {
    return evalCall(f, Value::of(parseUnion(text))).asUnion();
  };
  // Split loop tails coalesce into the loop.
  EXPECT_EQ(call(Function::Coalesce, "{ [i] : 0 <= i < 8; [i] : 8 <= i < 10 }")
                .pieces()
                .front()
                .numDisjuncts(),
            1u);
  EXPECT_TRUE(
      call(Function::Coalesce, "{ [i] : 0 <= i < 8; [i] : 8 <= i < 10 }")
          .isEqual(parseUnion("{ [i] : 0 <= i <= 9 }")));
  // The affine hull of two points, the convex hull of a triangle's corners.
  EXPECT_TRUE(
      call(Function::Aff, "{ [i, j] : i = 1 and j = 2 or i = 3 and j = 6 }")
          .isEqual(parseUnion("{ [i, j] : j = 2i }")));
  const char *corners = "{ [i, j] : i = 0 and j = 0 or i = 4 and j = 0 or "
                        "i = 0 and j = 4 }";
  const char *triangle = "{ [i, j] : i >= 0 and j >= 0 and i + j <= 4 }";
  EXPECT_TRUE(call(Function::Poly, corners).isEqual(parseUnion(triangle)));
  EXPECT_TRUE(
      call(Function::ConvexHull, corners).isEqual(parseUnion(triangle)));
  // The simple hull keeps only translates of the disjuncts' constraints.
  EXPECT_TRUE(
      call(Function::SimpleHull, "{ [i, j] : 0 <= i <= 2 and 0 <= j <= 2; "
                                 "[i, j] : 4 <= i <= 6 and 1 <= j <= 3 }")
          .isEqual(parseUnion("{ [i, j] : 0 <= i <= 6 and 0 <= j <= 3 }")));
  // poly drops divisions (an over-approximation); aff keeps strides.
  EXPECT_TRUE(call(Function::Poly, "{ [i] : i mod 2 = 0 and 0 <= i <= 8 }")
                  .isEqual(parseUnion("{ [i] : 0 <= i <= 8 }")));
  EXPECT_TRUE(call(Function::Aff, "{ [i] : i mod 2 = 0 and 0 <= i <= 8 }")
                  .isEqual(parseUnion("{ [i] : i mod 2 = 0 }")));
}
