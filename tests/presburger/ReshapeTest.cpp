//===- ReshapeTest.cpp - curry, zip, flatten, factors, maps, flat products ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each case states the input and the expected result in isl notation, as
// the definitions read (isl's user manual): the result must hold exactly
// the expected points in exactly the expected space (tuple names and
// nesting included: relations in different spaces are never equal).
//
//===----------------------------------------------------------------------===//
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {

void expectSame(const Relation &got, const char *want, const char *what) {
  Relation w = parseRelation(want);
  EXPECT_TRUE(got.space().sameTuples(w.space()))
      << what << ": space " << got.space().toString() << ", want "
      << w.space().toString();
  EXPECT_TRUE(got.isEqual(w))
      << what << " = " << got.toString() << ", want " << want;
}

void expectSame(const UnionRelation &got, const char *want, const char *what) {
  UnionRelation w = parseUnion(want);
  EXPECT_EQ(got.numPieces(), w.numPieces())
      << what << " = " << got.toString() << ", want " << want;
  EXPECT_TRUE(got.isEqual(w))
      << what << " = " << got.toString() << ", want " << want;
}

Relation R(const char *s) { return parseRelation(s); }
UnionRelation U(const char *s) { return parseUnion(s); }

/// `f` throws SpaceError whose message names `op`.
template <typename F> void expectSpaceError(F f, const char *op) {
  try {
    f();
    ADD_FAILURE() << op << " did not throw";
  } catch (const SpaceError &e) {
    EXPECT_NE(std::string(e.what()).find(op), std::string::npos) << e.what();
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// domain_map, range_map: {[x -> y] -> x}, {[x -> y] -> y} restricted to m.
//===----------------------------------------------------------------------===//

TEST(ReshapeTest, DomainMapWithParameters) {
  expectSame(
      R("[n] -> { A[i] -> B[j] : j = i + n and 0 <= i < n }").domainMap(),
      "[n] -> { [A[i] -> B[j]] -> A[i2] : i2 = i and j = i + n and "
      "0 <= i < n }",
      "domain_map");
}

TEST(ReshapeTest, RangeMapWithParameters) {
  expectSame(R("[n] -> { A[i] -> B[j] : j = i + n and 0 <= i < n }").rangeMap(),
             "[n] -> { [A[i] -> B[j]] -> B[j2] : j2 = j and j = i + n and "
             "0 <= i < n }",
             "range_map");
}

// The stride of m survives: only even i relate.
TEST(ReshapeTest, DomainMapKeepsDivisions) {
  expectSame(R("{ [i] -> [j] : i mod 2 = 0 and 0 <= j < i < 10 }").domainMap(),
             "{ [[i] -> [j]] -> [k] : k = i and i mod 2 = 0 and 0 <= j < i < "
             "10 }",
             "domain_map");
}

// A zero-dimensional range: [A[i] -> C[]] -> C[] and -> A[i].
TEST(ReshapeTest, MapsOfAZeroDimensionalSide) {
  expectSame(R("{ A[i] -> C[] : i > 3 }").rangeMap(),
             "{ [A[i] -> C[]] -> C[] : i > 3 }", "range_map");
  expectSame(R("{ A[i] -> C[] : i > 3 }").domainMap(),
             "{ [A[i] -> C[]] -> A[k] : k = i and i > 3 }", "domain_map");
}

TEST(ReshapeTest, MapsOfEmptyRelations) {
  expectSame(R("{ A[i] -> B[j] : 1 = 0 }").domainMap(),
             "{ [A[i] -> B[j]] -> A[k] : 1 = 0 }", "domain_map");
  expectSame(R("{ A[i] -> B[j] : 1 = 0 }").rangeMap(),
             "{ [A[i] -> B[j]] -> B[k] : 1 = 0 }", "range_map");
}

// Two disjuncts, one with an existential that is no division of the
// dimensions (j is a multiple of 3 plus i).
TEST(ReshapeTest, DomainMapOfAUnionWithExistentials) {
  expectSame(R("{ [i] -> [j] : exists e : j = i + 3e and 0 <= i, e <= 4; "
               "[i] -> [j] : j = -i }")
                 .domainMap(),
             "{ [[i] -> [j]] -> [k] : k = i and exists e : j = i + 3e and "
             "0 <= i, e <= 4; [[i] -> [j]] -> [k] : k = i and j = -i }",
             "domain_map");
}

//===----------------------------------------------------------------------===//
// curry, uncurry, zip.
//===----------------------------------------------------------------------===//

// The wrapper S goes; A, B, C keep their names.
TEST(ReshapeTest, CurryNamedTuples) {
  expectSame(R("[n] -> { S[A[i] -> B[j]] -> C[k] : k = i + j + n }").curry(),
             "[n] -> { A[i] -> [B[j] -> C[k]] : k = i + j + n }", "curry");
}

TEST(ReshapeTest, UncurryNamedTuples) {
  expectSame(
      R("{ A[i] -> T[B[j] -> C[k]] : k = i + j and i mod 3 = 1 }").uncurry(),
      "{ [A[i] -> B[j]] -> C[k] : k = i + j and i mod 3 = 1 }", "uncurry");
}

TEST(ReshapeTest, CurryThenUncurryIsTheIdentityUpToWrapperNames) {
  Relation m = R("{ [[i] -> [j, k]] -> [l] : i < j < k < l and l mod 2 = 0 }");
  expectSame(m.curry().uncurry(),
             "{ [[i] -> [j, k]] -> [l] : i < j < k < l and l mod 2 = 0 }",
             "uncurry(curry)");
  expectSame(m.curry(),
             "{ [i] -> [[j, k] -> [l]] : i < j < k < l and l mod 2 = 0 }",
             "curry");
}

TEST(ReshapeTest, ZipInterchangesTheInnerFactors) {
  expectSame(
      R("{ P[A[i] -> B[j]] -> Q[C[k] -> D[l]] : k = i + j and l = i }").zip(),
      "{ [A[i] -> C[k]] -> [B[j] -> D[l]] : k = i + j and l = i }", "zip");
}

// Factors of different sizes and a parameter, zipped twice: back to the
// input (with anonymous wrappers).
TEST(ReshapeTest, ZipTwiceWithUnevenFactors) {
  const char *m = "[n] -> { [[a] -> [b, c]] -> [[] -> [d, e, f]] : "
                  "a + b + c + d + e + f = n and a < b < c and d <= e <= f }";
  expectSame(R(m).zip(),
             "[n] -> { [[a] -> []] -> [[b, c] -> [d, e, f]] : "
             "a + b + c + d + e + f = n and a < b < c and d <= e <= f }",
             "zip");
  expectSame(R(m).zip().zip(), m, "zip(zip)");
}

//===----------------------------------------------------------------------===//
// flatten, flatten_domain, flatten_range.
//===----------------------------------------------------------------------===//

// A nested tuple becomes one anonymous tuple; a flat one keeps its name.
TEST(ReshapeTest, FlattenSets) {
  expectSame(R("{ S[A[i] -> B[j]] : i < j }").flatten(), "{ [i, j] : i < j }",
             "flatten");
  expectSame(R("{ S[i, j] : i < j }").flatten(), "{ S[i, j] : i < j }",
             "flatten");
  expectSame(R("{ [[A[i] -> B[j]] -> C[k]] : i < j < k }").flatten(),
             "{ [i, j, k] : i < j < k }", "flatten");
}

TEST(ReshapeTest, FlattenRelations) {
  const char *m = "[n] -> { S[A[i] -> B[j]] -> T[C[k] -> [l]] : i < j < n "
                  "and k = 2l }";
  expectSame(R(m).flatten(),
             "[n] -> { [i, j] -> [k, l] : i < j < n and k = 2l }", "flatten");
  expectSame(R(m).flattenDomain(),
             "[n] -> { [i, j] -> T[C[k] -> [l]] : i < j < n and k = 2l }",
             "flatten_domain");
  expectSame(R(m).flattenRange(),
             "[n] -> { S[A[i] -> B[j]] -> [k, l] : i < j < n and k = 2l }",
             "flatten_range");
  expectSame(R("{ A[i] -> B[j] : j = i }").flatten(),
             "{ A[i] -> B[j] : j = i }", "flatten");
}

//===----------------------------------------------------------------------===//
// The factors: what a product was built from.
//===----------------------------------------------------------------------===//

// The factor that goes becomes existential: j's bound j > 0 constrains
// nothing about B or C alone, k = i + j ties them.
TEST(ReshapeTest, RangeFactors) {
  const char *m = "{ X[i] -> T[B[j] -> C[k]] : k = i + j and j > 0 }";
  expectSame(R(m).rangeFactorDomain(), "{ X[i] -> B[j] : j > 0 }",
             "range_factor_domain");
  expectSame(R(m).rangeFactorRange(), "{ X[i] -> C[k] : k > i }",
             "range_factor_range");
}

TEST(ReshapeTest, DomainFactors) {
  const char *m =
      "[n] -> { T[B[j] -> C[k]] -> X[i] : k = i + j and 0 < j < n }";
  expectSame(R(m).domainFactorDomain(), "[n] -> { B[j] -> X[i] : 0 < j < n }",
             "domain_factor_domain");
  expectSame(R(m).domainFactorRange(),
             "[n] -> { C[k] -> X[i] : i < k < i + n }", "domain_factor_range");
}

// Projecting a factor can leave a stride: k = 2j + i with j free gives
// k - i even.
TEST(ReshapeTest, FactorLeavesAStride) {
  expectSame(R("{ [i] -> [[j] -> [k]] : k = i + 2j }").rangeFactorRange(),
             "{ [i] -> [k] : (k - i) mod 2 = 0 }", "range_factor_range");
}

TEST(ReshapeTest, FactorsOfAProduct) {
  const char *m = "{ [A[i] -> B[j]] -> [C[k] -> D[l]] : k = i + j and l = i }";
  expectSame(R(m).factorDomain(), "{ A[i] -> C[k] }", "factor_domain");
  expectSame(R(m).factorRange(), "{ B[j] -> D[l] }", "factor_range");
  // A product is recovered by its factors when neither factor is empty.
  Relation a = R("[n] -> { A[i] -> C[k] : 0 <= k < i < n }");
  Relation b = R("{ B[j] -> D[l] : l = 3j }");
  expectSame(a.product(b).factorDomain(),
             "[n] -> { A[i] -> C[k] : 0 <= k < i < n }", "factor_domain");
  expectSame(a.product(b).factorRange(),
             "[n] -> { B[j] -> D[l] : l = 3j and exists i : 0 < i < n }",
             "factor_range");
}

//===----------------------------------------------------------------------===//
// Products, nested and flat.
//===----------------------------------------------------------------------===//

TEST(ReshapeTest, FlatRangeProduct) {
  expectSame(R("{ A[i] -> B[j] : j = i }")
                 .flatRangeProduct(R("{ A[i] -> F[j] : j > i }")),
             "{ A[i] -> [j, j2] : j = i and j2 > i }", "flat_range_product");
}

TEST(ReshapeTest, FlatDomainProduct) {
  expectSame(R("[n] -> { A[i] -> B[j] : j = i + n }")
                 .flatDomainProduct(R("{ C[i] -> B[j] : j > i }")),
             "[n] -> { [i, i2] -> B[j] : j = i + n and i2 < j }",
             "flat_domain_product");
}

TEST(ReshapeTest, FlatProducts) {
  expectSame(
      R("{ A[i] -> B[j] : j = i }").flatProduct(R("{ C[i] -> D[j] : j > i }")),
      "{ [i, i2] -> [j, j2] : j = i and j2 > i2 }", "flat_product");
  expectSame(R("{ A[i] : i > 0 }").flatProduct(R("{ C[i, j] : i < j < 4 }")),
             "{ [i, k, l] : i > 0 and k < l < 4 }", "flat_product");
}

// The nested products as isl builds them: anonymous wrappers of the named
// factors.
TEST(ReshapeTest, NestedProductsNameTheirFactors) {
  expectSame(
      R("{ A[i] -> B[j] : j = i }").rangeProduct(R("{ A[i] -> F[j] : j > i }")),
      "{ A[i] -> [B[j] -> F[j2]] : j = i and j2 > i }", "range_product");
  expectSame(R("{ A[i] -> B[j] : j = i }")
                 .domainProduct(R("{ G[i] -> B[j] : j > i }")),
             "{ [A[i] -> G[i2]] -> B[j] : j = i and i2 < j }",
             "domain_product");
  expectSame(R("{ A[i] : i > 0 }").product(R("{ G[i] : i < 10 }")),
             "{ [A[i] -> G[i2]] : i > 0 and i2 < 10 }", "product");
}

//===----------------------------------------------------------------------===//
// Union relations: the pieces that fit, paired as isl pairs them.
//===----------------------------------------------------------------------===//

TEST(ReshapeTest, UnionMapsOfEveryPiece) {
  UnionRelation u = U("[n] -> { A[i] -> B[j] : j = i + n; C[i] -> D[] }");
  expectSame(u.domainMap(),
             "[n] -> { [A[i] -> B[j]] -> A[k] : k = i and j = i + n; "
             "[C[i] -> D[]] -> C[k] : k = i }",
             "domain_map");
  expectSame(u.rangeMap(),
             "[n] -> { [A[i] -> B[j]] -> B[k] : k = j and j = i + n; "
             "[C[i] -> D[]] -> D[] }",
             "range_map");
}

// Pieces without the nesting are left out.
TEST(ReshapeTest, UnionCurryUncurryZipKeepTheFittingPieces) {
  UnionRelation u = U("{ [A[i] -> B[j]] -> C[k] : k = i + j; D[i] -> E[j]; "
                      "F[i] -> [G[j] -> H[k]] : i = j + k; "
                      "[P[a] -> Q[b]] -> [R[c] -> S[d]] : a + b = c + d }");
  expectSame(u.curry(),
             "{ A[i] -> [B[j] -> C[k]] : k = i + j; "
             "P[a] -> [Q[b] -> [R[c] -> S[d]]] : a + b = c + d }",
             "curry");
  expectSame(u.uncurry(),
             "{ [F[i] -> G[j]] -> H[k] : i = j + k; "
             "[[P[a] -> Q[b]] -> R[c]] -> S[d] : a + b = c + d }",
             "uncurry");
  expectSame(u.zip(), "{ [P[a] -> R[c]] -> [Q[b] -> S[d]] : a + b = c + d }",
             "zip");
}

TEST(ReshapeTest, UnionFactors) {
  UnionRelation u = U("{ X[i] -> [B[j] -> C[k]] : k = i + j and j > 0; "
                      "X[i] -> Y[j]; [A[i] -> B[j]] -> Z[k] : k = i - j }");
  expectSame(u.rangeFactorDomain(), "{ X[i] -> B[j] : j > 0 }",
             "range_factor_domain");
  expectSame(u.rangeFactorRange(), "{ X[i] -> C[k] : k > i }",
             "range_factor_range");
  expectSame(u.domainFactorDomain(), "{ A[i] -> Z[k] }",
             "domain_factor_domain");
  expectSame(u.domainFactorRange(), "{ B[j] -> Z[k] }", "domain_factor_range");
  expectSame(u.factorDomain(), "{ }", "factor_domain");
}

// Two pieces whose factors fall in one space are united.
TEST(ReshapeTest, UnionFactorsMerge) {
  expectSame(U("{ X[i] -> [B[j] -> C[k]] : j = i; "
               "X[i] -> [B[j] -> D[]] : j = -i }")
                 .rangeFactorDomain(),
             "{ X[i] -> B[j] : j = i or j = -i }", "range_factor_domain");
}

// range_product pairs the pieces with the same domain, domain_product
// those with the same range.
TEST(ReshapeTest, UnionFlatProductsPairMatchingPieces) {
  UnionRelation a = U("{ A[i] -> B[j] : j = i; A[i] -> C[k] : k = 2i; "
                      "D[i] -> E[] }");
  UnionRelation b = U("{ A[i] -> F[j] : j > i; G[i] -> B[j] : j < i }");
  expectSame(a.flatRangeProduct(b),
             "{ A[i] -> [j, l] : j = i and l > i; "
             "A[i] -> [k, l] : k = 2i and l > i }",
             "flat_range_product");
  expectSame(a.flatDomainProduct(b), "{ [i, g] -> B[j] : j = i and j < g }",
             "flat_domain_product");
}

TEST(ReshapeTest, UnionMapsOfASetThrow) {
  expectSpaceError([] { U("{ A[i] }").domainMap(); }, "domain_map");
  expectSpaceError([] { U("{ C[i]; D[] }").rangeMap(); }, "range_map");
  // The pieces that do not fit a unary reshaping are skipped, sets too.
  expectSame(U("{ A[i]; [B[i] -> C[j]] }").curry(), "{ }", "curry");
}

//===----------------------------------------------------------------------===//
// Errors: the nesting an operation needs is missing.
//===----------------------------------------------------------------------===//

TEST(ReshapeTest, MissingNestingThrows) {
  expectSpaceError([] { R("{ A[i] -> B[j] }").curry(); }, "curry");
  expectSpaceError([] { R("{ A[i] -> B[j] }").uncurry(); }, "uncurry");
  expectSpaceError([] { R("{ [A[i] -> B[j]] -> C[k] }").zip(); }, "zip");
  expectSpaceError([] { R("{ A[i] -> B[j] }").rangeFactorDomain(); },
                   "range_factor_domain");
  expectSpaceError([] { R("{ A[i] -> B[j] }").rangeFactorRange(); },
                   "range_factor_range");
  expectSpaceError([] { R("{ A[i] -> B[j] }").domainFactorDomain(); },
                   "domain_factor_domain");
  expectSpaceError([] { R("{ A[i] -> B[j] }").domainFactorRange(); },
                   "domain_factor_range");
  expectSpaceError([] { R("{ [A[i] -> B[j]] -> C[k] }").factorDomain(); },
                   "factor_domain");
  expectSpaceError([] { R("{ A[i] -> [B[j] -> C[k]] }").factorRange(); },
                   "factor_range");
  expectSpaceError([] { R("{ [A[i] -> B[j]] }").curry(); }, "curry");
  expectSpaceError([] { R("{ A[i] }").domainMap(); }, "domain_map");
  expectSpaceError([] { R("{ A[i] }").rangeMap(); }, "range_map");
  expectSpaceError([] { R("{ A[i] }").flattenDomain(); }, "flatten_domain");
  expectSpaceError([] { R("{ A[i] }").flattenRange(); }, "flatten_range");
  expectSpaceError([] { R("[n] -> { : n > 0 }").flatten(); }, "flatten");
  expectSpaceError(
      [] { R("{ A[i] -> B[j] }").flatRangeProduct(R("{ C[i] -> B[j] }")); },
      "range_product");
}

TEST(ReshapeTest, WrappingPredicates) {
  EXPECT_TRUE(R("{ [A[i] -> B[j]] }").isWrapping());
  EXPECT_FALSE(R("{ A[i, j] }").isWrapping());
  EXPECT_FALSE(R("{ [A[i] -> B[j]] -> C[] }").isWrapping());
  EXPECT_TRUE(R("{ [A[i] -> B[j]] -> C[] }").domainIsWrapping());
  EXPECT_FALSE(R("{ [A[i] -> B[j]] -> C[] }").rangeIsWrapping());
  EXPECT_TRUE(R("{ C[] -> [A[i] -> B[j]] }").rangeIsWrapping());
  EXPECT_FALSE(R("{ [A[i] -> B[j]] }").domainIsWrapping());
}

// As isl_union_set_unwrap: the wrapped pieces become relations, a set piece
// that wraps nothing is dropped; a relation piece is a space error.
TEST(ReshapeTest, UnwrapOfAUnionDropsFlatSets) {
  expectSame(U("{ [A[i] -> B[j]] : j = i + 1; C[k] : k > 0 }").unwrap(),
             "{ A[i] -> B[j] : j = i + 1 }", "unwrap");
  expectSame(U("{ C[k] : k > 0 }").unwrap(), "{ }", "unwrap");
  expectSpaceError([] { U("{ A[i] -> B[j] }").unwrap(); }, "unwrap");
}
