//===- CApiTest.cpp - The C API: results, errors, budgets -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every operation of presburger/capi.h against the C++ API it wraps, and
// the contract of the boundary: statuses with messages and places, NULL
// arguments, budgets per handle and inherited by results, out of memory
// reported as a status (operator new is replaced here so that it can be
// made to fail), the error struct overwritten by every call.
//
//===----------------------------------------------------------------------===//
#include "presburger/capi.h"

#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"
#include "presburger/FunctionText.h"
#include "presburger/Parser.h"
#include "presburger/StrideInfo.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <new>
#include <optional>
#include <string>

namespace {

/// While positive, counts allocations down; the one that reaches zero
/// fails (and every later one, until reset to -1).
long allocationsLeft = -1;

} // namespace

void *operator new(std::size_t size) {
  if (allocationsLeft >= 0 && allocationsLeft-- == 0) {
    allocationsLeft = 0;
    throw std::bad_alloc();
  }
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
// The nothrow form (std::stable_sort's temporary buffer) fails the same way
// and comes from the same heap, so that the deletes above may free it.
void *operator new(std::size_t size, const std::nothrow_t &) noexcept {
  if (allocationsLeft >= 0 && allocationsLeft-- == 0) {
    allocationsLeft = 0;
    return nullptr;
  }
  return std::malloc(size ? size : 1);
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { std::free(p); }

namespace {

using namespace presburger;

struct Rel {
  presburger_relation *p;
  explicit Rel(presburger_relation *p) : p(p) {}
  Rel(const char *text) {
    presburger_error e;
    p = presburger_relation_parse(text, &e);
    EXPECT_NE(p, nullptr) << text << ": " << e.message;
  }
  ~Rel() { presburger_relation_free(p); }
  Rel(const Rel &) = delete;
  Rel &operator=(const Rel &) = delete;
};

struct Union {
  presburger_union_relation *p;
  explicit Union(presburger_union_relation *p) : p(p) {}
  Union(const char *text) {
    presburger_error e;
    p = presburger_union_relation_parse(text, &e);
    EXPECT_NE(p, nullptr) << text << ": " << e.message;
  }
  ~Union() { presburger_union_relation_free(p); }
  Union(const Union &) = delete;
  Union &operator=(const Union &) = delete;
};

std::string str(const presburger_relation *r) {
  presburger_error e;
  char *t = presburger_relation_to_string(r, &e);
  std::string s = t ? t : "<error: " + std::string(e.message) + ">";
  presburger_string_free(t);
  return s;
}

std::string str(const presburger_union_relation *u) {
  presburger_error e;
  char *t = presburger_union_relation_to_string(u, &e);
  std::string s = t ? t : "<error: " + std::string(e.message) + ">";
  presburger_string_free(t);
  return s;
}

using RelUnary = presburger_relation *(*)(const presburger_relation *,
                                          presburger_error *);
using RelBinary = presburger_relation *(*)(const presburger_relation *,
                                           const presburger_relation *,
                                           presburger_error *);
using UnionUnary =
    presburger_union_relation *(*)(const presburger_union_relation *,
                                   presburger_error *);
using UnionBinary =
    presburger_union_relation *(*)(const presburger_union_relation *,
                                   const presburger_union_relation *,
                                   presburger_error *);

/// The C function's result equals the C++ method's, on `input`.
void expectUnary(RelUnary f, const char *input,
                 const std::function<Relation(const Relation &)> &cpp) {
  Rel in(input);
  presburger_error e;
  Rel out(f(in.p, &e));
  ASSERT_NE(out.p, nullptr) << input << ": " << e.message;
  EXPECT_EQ(e.status, PRESBURGER_OK);
  EXPECT_EQ(str(out.p), cpp(parseRelation(input)).toString()) << input;
}

void expectBinary(
    RelBinary f, const char *a, const char *b,
    const std::function<Relation(const Relation &, const Relation &)> &cpp) {
  Rel x(a), y(b);
  presburger_error e;
  Rel out(f(x.p, y.p, &e));
  ASSERT_NE(out.p, nullptr) << a << ", " << b << ": " << e.message;
  EXPECT_EQ(str(out.p), cpp(parseRelation(a), parseRelation(b)).toString());
}

void expectUnionUnary(
    UnionUnary f, const char *input,
    const std::function<UnionRelation(const UnionRelation &)> &cpp) {
  Union in(input);
  presburger_error e;
  Union out(f(in.p, &e));
  ASSERT_NE(out.p, nullptr) << input << ": " << e.message;
  EXPECT_EQ(str(out.p), cpp(parseUnion(input)).toString()) << input;
}

void expectUnionBinary(
    UnionBinary f, const char *a, const char *b,
    const std::function<UnionRelation(const UnionRelation &,
                                      const UnionRelation &)> &cpp) {
  Union x(a), y(b);
  presburger_error e;
  Union out(f(x.p, y.p, &e));
  ASSERT_NE(out.p, nullptr) << a << ", " << b << ": " << e.message;
  EXPECT_EQ(str(out.p), cpp(parseUnion(a), parseUnion(b)).toString());
}

const char *kSet = "[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i }";
const char *kSet2 = "[n] -> { [i, j] : 2 <= i < 7 and j >= 1 }";
const char *kMap =
    "[n] -> { [i, j] -> [i + 1, j] : 0 <= i < n and 0 <= j < 4 }";
const char *kMap2 = "{ [i, j] -> [i, j + 1] : 0 <= i, j < 9 }";

TEST(CApiTest, RelationUnaryOperationsMatchTheCppApi) {
  expectUnary(presburger_relation_copy, kSet, [](auto &r) { return r; });
  expectUnary(presburger_relation_complement, kSet,
              [](auto &r) { return r.complement(); });
  expectUnary(presburger_relation_reverse, kMap,
              [](auto &r) { return r.reverse(); });
  expectUnary(presburger_relation_domain, kMap,
              [](auto &r) { return r.domain(); });
  expectUnary(presburger_relation_range, kMap,
              [](auto &r) { return r.range(); });
  expectUnary(presburger_relation_deltas, kMap,
              [](auto &r) { return r.deltas(); });
  expectUnary(presburger_relation_params, kSet,
              [](auto &r) { return r.params(); });
  expectUnary(presburger_relation_wrap, kMap, [](auto &r) { return r.wrap(); });
  expectUnary(presburger_relation_unwrap, "{ [[i] -> [j]] : 0 <= i < j < 5 }",
              [](auto &r) { return r.unwrap(); });
  expectUnary(presburger_relation_universe, kSet,
              [](auto &r) { return Relation::universe(r.space()); });
  expectUnary(presburger_relation_identity, kSet, [](auto &r) {
    return Relation::identity(r.space()).intersectDomain(r);
  });
  expectUnary(presburger_relation_lexmin, kSet,
              [](auto &r) { return r.lexmin(); });
  expectUnary(presburger_relation_lexmax, kMap,
              [](auto &r) { return r.lexmax(); });
  expectUnary(presburger_relation_coalesce,
              "{ [i] : 0 <= i < 5; [i] : 5 <= i < 10 }",
              [](auto &r) { return r.coalesce(); });
  expectUnary(presburger_relation_remove_redundancies,
              "{ [i] : 0 <= i < 5 and i < 9 }",
              [](auto &r) { return r.removeRedundancies(); });
  const char *pieces = "{ [i, j] : 0 <= i <= 2 and j = 0; [i, j] : i = 0 and "
                       "0 <= j <= 2 }";
  expectUnary(presburger_relation_convex_hull, pieces,
              [](auto &r) { return Relation(r.convexHull()); });
  expectUnary(presburger_relation_polyhedral_hull, pieces,
              [](auto &r) { return Relation(r.polyhedralHull()); });
  expectUnary(presburger_relation_simple_hull, pieces,
              [](auto &r) { return Relation(r.simpleHull()); });
  expectUnary(presburger_relation_affine_hull, pieces,
              [](auto &r) { return Relation(r.affineHull()); });
  expectUnary(presburger_relation_remove_divs,
              "{ [i] : exists e : i = 2e and 0 <= i < 9 }",
              [](auto &r) { return r.removeDivs(); });
}

TEST(CApiTest, RelationBinaryOperationsMatchTheCppApi) {
  auto same = [](RelBinary f, auto method) {
    expectBinary(f, kSet, kSet2, method);
  };
  same(presburger_relation_unite, [](auto &a, auto &b) { return a.unite(b); });
  same(presburger_relation_intersect,
       [](auto &a, auto &b) { return a.intersect(b); });
  same(presburger_relation_subtract,
       [](auto &a, auto &b) { return a.subtract(b); });
  same(presburger_relation_gist, [](auto &a, auto &b) { return a.gist(b); });
  same(presburger_relation_product,
       [](auto &a, auto &b) { return a.product(b); });
  same(presburger_relation_lex_lt,
       [](auto &a, auto &b) { return a.lexOrderTo(b, LexOrder::LT); });
  same(presburger_relation_lex_le,
       [](auto &a, auto &b) { return a.lexOrderTo(b, LexOrder::LE); });
  same(presburger_relation_lex_gt,
       [](auto &a, auto &b) { return a.lexOrderTo(b, LexOrder::GT); });
  same(presburger_relation_lex_ge,
       [](auto &a, auto &b) { return a.lexOrderTo(b, LexOrder::GE); });
  same(presburger_relation_universe_between, [](auto &a, auto &b) {
    return Relation::universeBetween(a.space(), b.space())
        .intersectDomain(a)
        .intersectRange(b);
  });
  expectBinary(presburger_relation_apply_range, kMap, kMap2,
               [](auto &a, auto &b) { return a.applyRange(b); });
  expectBinary(presburger_relation_apply_domain, kMap, kMap2,
               [](auto &a, auto &b) { return a.applyDomain(b); });
  expectBinary(presburger_relation_apply, kSet, kMap,
               [](auto &s, auto &m) { return s.apply(m); });
  expectBinary(presburger_relation_intersect_domain, kMap, kSet2,
               [](auto &m, auto &s) { return m.intersectDomain(s); });
  expectBinary(presburger_relation_intersect_range, kMap, kSet2,
               [](auto &m, auto &s) { return m.intersectRange(s); });
  expectBinary(presburger_relation_gist_domain, kMap, kSet,
               [](auto &m, auto &s) { return m.gistDomain(s); });
  expectBinary(presburger_relation_gist_params, kSet, "[n] -> { : n > 5 }",
               [](auto &s, auto &p) { return s.gistParams(p); });
  expectBinary(presburger_relation_domain_product, kMap, kMap2,
               [](auto &a, auto &b) { return a.domainProduct(b); });
  expectBinary(presburger_relation_range_product, kMap, kMap2,
               [](auto &a, auto &b) { return a.rangeProduct(b); });
}

TEST(CApiTest, ReshapingMatchesTheCppApi) {
  // Nested domain, nested range, both nested.
  const char *nd = "[n] -> { S[A[i] -> B[j]] -> C[k] : k = i + j < n }";
  const char *nr = "{ A[i] -> [B[j] -> C[k]] : k = i + j and j mod 2 = 0 }";
  const char *nb = "{ [A[i] -> B[j]] -> [C[k] -> D[l]] : k = i + j and l = i }";
  expectUnary(presburger_relation_domain_map, kMap,
              [](auto &r) { return r.domainMap(); });
  expectUnary(presburger_relation_range_map, kMap,
              [](auto &r) { return r.rangeMap(); });
  expectUnary(presburger_relation_curry, nd, [](auto &r) { return r.curry(); });
  expectUnary(presburger_relation_uncurry, nr,
              [](auto &r) { return r.uncurry(); });
  expectUnary(presburger_relation_zip, nb, [](auto &r) { return r.zip(); });
  expectUnary(presburger_relation_flatten, nb,
              [](auto &r) { return r.flatten(); });
  expectUnary(presburger_relation_flatten_domain, nb,
              [](auto &r) { return r.flattenDomain(); });
  expectUnary(presburger_relation_flatten_range, nb,
              [](auto &r) { return r.flattenRange(); });
  expectUnary(presburger_relation_range_factor_domain, nr,
              [](auto &r) { return r.rangeFactorDomain(); });
  expectUnary(presburger_relation_range_factor_range, nr,
              [](auto &r) { return r.rangeFactorRange(); });
  expectUnary(presburger_relation_domain_factor_domain, nd,
              [](auto &r) { return r.domainFactorDomain(); });
  expectUnary(presburger_relation_domain_factor_range, nd,
              [](auto &r) { return r.domainFactorRange(); });
  expectUnary(presburger_relation_factor_domain, nb,
              [](auto &r) { return r.factorDomain(); });
  expectUnary(presburger_relation_factor_range, nb,
              [](auto &r) { return r.factorRange(); });
  const char *a = "{ A[i] -> B[j] : j = i }", *b = "{ A[i] -> C[j] : j > i }",
             *c = "{ D[i] -> B[j] : j < i }";
  expectBinary(presburger_relation_flat_product, a, c,
               [](auto &x, auto &y) { return x.flatProduct(y); });
  expectBinary(presburger_relation_flat_range_product, a, b,
               [](auto &x, auto &y) { return x.flatRangeProduct(y); });
  expectBinary(presburger_relation_flat_domain_product, a, c,
               [](auto &x, auto &y) { return x.flatDomainProduct(y); });
  // A missing nesting is a space error with the operation's name.
  Rel flat(a);
  presburger_error e;
  EXPECT_EQ(presburger_relation_curry(flat.p, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_SPACE_ERROR);
  EXPECT_NE(std::string(e.message).find("curry"), std::string::npos);

  using U = UnionRelation;
  const char *u = "{ [A[i] -> B[j]] -> C[k] : k = i + j; D[i] -> [E[j] -> F[]] "
                  ": i < j; [P[a] -> Q[]] -> [R[c] -> S[]] : a = c }";
  expectUnionUnary(presburger_union_relation_domain_map, u,
                   [](const U &x) { return x.domainMap(); });
  expectUnionUnary(presburger_union_relation_range_map, u,
                   [](const U &x) { return x.rangeMap(); });
  expectUnionUnary(presburger_union_relation_curry, u,
                   [](const U &x) { return x.curry(); });
  expectUnionUnary(presburger_union_relation_uncurry, u,
                   [](const U &x) { return x.uncurry(); });
  expectUnionUnary(presburger_union_relation_zip, u,
                   [](const U &x) { return x.zip(); });
  expectUnionUnary(presburger_union_relation_range_factor_domain, u,
                   [](const U &x) { return x.rangeFactorDomain(); });
  expectUnionUnary(presburger_union_relation_range_factor_range, u,
                   [](const U &x) { return x.rangeFactorRange(); });
  expectUnionUnary(presburger_union_relation_domain_factor_domain, u,
                   [](const U &x) { return x.domainFactorDomain(); });
  expectUnionUnary(presburger_union_relation_domain_factor_range, u,
                   [](const U &x) { return x.domainFactorRange(); });
  expectUnionUnary(presburger_union_relation_factor_domain, u,
                   [](const U &x) { return x.factorDomain(); });
  expectUnionUnary(presburger_union_relation_factor_range, u,
                   [](const U &x) { return x.factorRange(); });
  const char *v =
      "{ A[i] -> B[j] : j = i; A[i] -> C[j] : j > i; D[i] -> B[j] }";
  expectUnionBinary(
      presburger_union_relation_flat_range_product, v, v,
      [](const U &x, const U &y) { return x.flatRangeProduct(y); });
  expectUnionBinary(
      presburger_union_relation_flat_domain_product, v, v,
      [](const U &x, const U &y) { return x.flatDomainProduct(y); });
}

TEST(CApiTest, IntersectParamsRestrictsTheParameters) {
  Rel s(kSet), p("[n] -> { : n = 3 }"), m(kMap);
  presburger_error e;
  Rel out(presburger_relation_intersect_params(s.p, p.p, &e));
  ASSERT_NE(out.p, nullptr) << e.message;
  Rel expected("[n] -> { [i, j] : n = 3 and 0 <= i < 3 and 0 <= j <= i }");
  EXPECT_EQ(presburger_relation_is_equal(out.p, expected.p, &e), 1);
  Rel mout(presburger_relation_intersect_params(m.p, p.p, &e));
  ASSERT_NE(mout.p, nullptr) << e.message;
  Rel mexpected("[n] -> { [i, j] -> [i + 1, j] : n = 3 and 0 <= i < 3 and "
                "0 <= j < 4 }");
  EXPECT_EQ(presburger_relation_is_equal(mout.p, mexpected.p, &e), 1);
  Rel bad(presburger_relation_intersect_params(s.p, m.p, &e));
  EXPECT_EQ(bad.p, nullptr);
  EXPECT_EQ(e.status, PRESBURGER_SPACE_ERROR);
}

TEST(CApiTest, RelationPredicates) {
  presburger_error e;
  Rel a("{ [i] : 0 <= i < 10 }"), b("{ [i] : 0 <= i < 20 }"),
      c("{ [i] : 30 <= i < 40 }"), half("{ [x] : 0 < 2x < 2 }"), all("{ [i] }"),
      m("{ [i] -> [2i] }"), mm("{ [i] -> [j] : j >= i }");
  EXPECT_EQ(presburger_relation_is_empty(half.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_empty(a.p, &e), 0);
  EXPECT_EQ(presburger_relation_is_universe(all.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_subset(a.p, b.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_subset(b.p, a.p, &e), 0);
  EXPECT_EQ(presburger_relation_is_strict_subset(a.p, b.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_strict_subset(a.p, a.p, &e), 0);
  EXPECT_EQ(presburger_relation_is_equal(a.p, a.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_disjoint(a.p, c.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_single_valued(m.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_injective(m.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_bijective(m.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_bijective(mm.p, &e), 0);
  EXPECT_EQ(presburger_relation_is_single_valued(mm.p, &e), 0);
  EXPECT_EQ(e.status, PRESBURGER_OK);
}

TEST(CApiTest, StrideInfoMatchesTheCppApi) {
  presburger_error e;
  char stride[32];
  Rel s("[n] -> { [i, j] : exists e : i = n + 3e and 0 <= j <= 4 }");
  char *offset = presburger_relation_stride_info(s.p, 0, stride, 32, &e);
  ASSERT_NE(offset, nullptr) << e.message;
  EXPECT_STREQ(stride, "3");
  StrideInfo si = strideInfo(
      parseRelation(
          "[n] -> { [i, j] : exists e : i = n + 3e and 0 <= j <= 4 }"),
      0);
  EXPECT_EQ(offset, si.offset.toString());
  presburger_string_free(offset);
  Rel m("{ [i] -> [o] : exists e : o = 2i + 5e }");
  offset = presburger_relation_stride_info(m.p, 0, stride, 32, &e);
  ASSERT_NE(offset, nullptr) << e.message;
  EXPECT_STREQ(stride, "5");
  presburger_string_free(offset);
  // Errors: a dimension out of range, a buffer too small.
  EXPECT_EQ(presburger_relation_stride_info(s.p, 2, stride, 32, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_INVALID_ARGUMENT);
  EXPECT_EQ(presburger_relation_stride_info(s.p, 0, stride, 1, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_INVALID_ARGUMENT);
}

TEST(CApiTest, FixedBoxHullAsIslPrintsIt) {
  presburger_error e;
  Rel s("[n] -> { [i, j] : n <= i < n + 4 and 0 <= j <= 2 }");
  char *box = presburger_relation_simple_fixed_box_hull(s.p, &e);
  ASSERT_NE(box, nullptr) << e.message;
  EXPECT_STREQ(box,
               "{ offset: \"[n] -> { [(n), (0)] }\", size: \"{ [4, 3] }\" }");
  presburger_string_free(box);
  Rel none("[n] -> { [i] : 0 <= i <= n }");
  box = presburger_relation_simple_fixed_box_hull(none.p, &e);
  ASSERT_NE(box, nullptr) << e.message;
  EXPECT_STREQ(box, "{ offset: NaN }");
  presburger_string_free(box);
}

TEST(CApiTest, RelationQueriesAndSample) {
  Rel m(kMap), s(kSet), p("[n] -> { : n > 0 }");
  EXPECT_EQ(presburger_relation_is_set(m.p), 0);
  EXPECT_EQ(presburger_relation_is_set(s.p), 1);
  EXPECT_EQ(presburger_relation_is_params(p.p), 1);
  EXPECT_EQ(presburger_relation_is_set(nullptr), -1);
  EXPECT_EQ(presburger_relation_num_params(m.p), 1u);
  EXPECT_EQ(presburger_relation_num_domain_dims(m.p), 2u);
  EXPECT_EQ(presburger_relation_num_range_dims(m.p), 2u);
  EXPECT_EQ(presburger_relation_num_range_dims(s.p), 2u);
  EXPECT_EQ(presburger_relation_num_disjuncts(m.p), 1u);
  presburger_error e;
  Rel point(presburger_relation_sample(s.p, &e));
  ASSERT_NE(point.p, nullptr) << e.message;
  EXPECT_EQ(presburger_relation_is_subset(point.p, s.p, &e), 1);
  EXPECT_EQ(presburger_relation_is_empty(point.p, &e), 0);
  Rel none("{ [x] : 0 < 2x < 2 }");
  Rel nothing(presburger_relation_sample(none.p, &e));
  ASSERT_NE(nothing.p, nullptr) << e.message;
  EXPECT_EQ(presburger_relation_is_empty(nothing.p, &e), 1);
}

TEST(CApiTest, UnionOperationsMatchTheCppApi) {
  const char *u = "[n] -> { A[i] -> B[i + 1] : 0 <= i < n; C[i] -> C[i + 2] "
                  ": 0 <= i < 9 }";
  const char *s = "{ A[i] : 0 <= i < 4; C[i] : i >= 3 }";
  using U = UnionRelation;
  expectUnionUnary(presburger_union_relation_copy, u,
                   [](const U &x) { return x; });
  expectUnionUnary(presburger_union_relation_reverse, u,
                   [](const U &x) { return x.reverse(); });
  expectUnionUnary(presburger_union_relation_domain, u,
                   [](const U &x) { return x.domain(); });
  expectUnionUnary(presburger_union_relation_range, u,
                   [](const U &x) { return x.range(); });
  expectUnionUnary(presburger_union_relation_deltas, u,
                   [](const U &x) { return x.deltas(); });
  expectUnionUnary(presburger_union_relation_params, u,
                   [](const U &x) { return x.params(); });
  expectUnionUnary(presburger_union_relation_wrap, u,
                   [](const U &x) { return x.wrap(); });
  expectUnionUnary(presburger_union_relation_unwrap,
                   "{ [A[i] -> B[j]] : i < j }",
                   [](const U &x) { return x.unwrap(); });
  expectUnionUnary(presburger_union_relation_universe, u,
                   [](const U &x) { return x.universe(); });
  expectUnionUnary(presburger_union_relation_identity, s,
                   [](const U &x) { return x.identity(); });
  expectUnionUnary(presburger_union_relation_lexmin, u,
                   [](const U &x) { return x.lexmin(); });
  expectUnionUnary(presburger_union_relation_lexmax, u,
                   [](const U &x) { return x.lexmax(); });
  expectUnionUnary(presburger_union_relation_coalesce,
                   "{ A[i] : 0 <= i < 5; A[i] : 5 <= i < 9 }",
                   [](const U &x) { return x.coalesce(); });
  expectUnionUnary(presburger_union_relation_convex_hull, s,
                   [](const U &x) { return x.convexHull(); });
  expectUnionUnary(presburger_union_relation_polyhedral_hull, s,
                   [](const U &x) { return x.polyhedralHull(); });
  expectUnionUnary(presburger_union_relation_simple_hull, s,
                   [](const U &x) { return x.simpleHull(); });
  expectUnionUnary(presburger_union_relation_affine_hull, s,
                   [](const U &x) { return x.affineHull(); });
  expectUnionUnary(presburger_union_relation_remove_divs,
                   "{ A[i] : exists e : i = 3e and 0 <= i < 9 }",
                   [](const U &x) { return x.removeDivs(); });
  expectUnionUnary(presburger_union_relation_sample, s,
                   [](const U &x) { return x.sample(); });

  expectUnionBinary(presburger_union_relation_unite, s, "{ D[i] : i = 1 }",
                    [](const U &a, const U &b) { return a.unite(b); });
  expectUnionBinary(presburger_union_relation_intersect, s, "{ A[i] : i >= 2 }",
                    [](const U &a, const U &b) { return a.intersect(b); });
  expectUnionBinary(presburger_union_relation_subtract, s, "{ A[i] : i >= 2 }",
                    [](const U &a, const U &b) { return a.subtract(b); });
  expectUnionBinary(presburger_union_relation_gist, u, s,
                    [](const U &a, const U &b) { return a.gist(b); });
  expectUnionBinary(presburger_union_relation_apply_range, u, u,
                    [](const U &a, const U &b) { return a.applyRange(b); });
  expectUnionBinary(presburger_union_relation_apply_domain, u, u,
                    [](const U &a, const U &b) { return a.applyDomain(b); });
  expectUnionBinary(presburger_union_relation_apply, s, u,
                    [](const U &a, const U &b) { return a.apply(b); });
  expectUnionBinary(
      presburger_union_relation_intersect_domain, u, s,
      [](const U &a, const U &b) { return a.intersectDomain(b); });
  expectUnionBinary(presburger_union_relation_intersect_range, u, s,
                    [](const U &a, const U &b) { return a.intersectRange(b); });
  expectUnionBinary(presburger_union_relation_product, s, s,
                    [](const U &a, const U &b) { return a.product(b); });
  expectUnionBinary(presburger_union_relation_domain_product, u, u,
                    [](const U &a, const U &b) { return a.domainProduct(b); });
  expectUnionBinary(presburger_union_relation_range_product, u, u,
                    [](const U &a, const U &b) { return a.rangeProduct(b); });
  expectUnionBinary(presburger_union_relation_universe_between, s,
                    "{ B[j] : j = 0 }",
                    [](const U &a, const U &b) { return a.universeTo(b); });
  expectUnionBinary(
      presburger_union_relation_lex_lt, s, s,
      [](const U &a, const U &b) { return a.lexOrderTo(b, LexOrder::LT); });
  expectUnionBinary(
      presburger_union_relation_lex_le, s, s,
      [](const U &a, const U &b) { return a.lexOrderTo(b, LexOrder::LE); });
  expectUnionBinary(
      presburger_union_relation_lex_gt, s, s,
      [](const U &a, const U &b) { return a.lexOrderTo(b, LexOrder::GT); });
  expectUnionBinary(
      presburger_union_relation_lex_ge, s, s,
      [](const U &a, const U &b) { return a.lexOrderTo(b, LexOrder::GE); });
}

TEST(CApiTest, UnionPredicatesPiecesAndParams) {
  presburger_error e;
  Union s("{ A[i] : 0 <= i < 4; C[i] : i >= 3 }"), t("{ A[i] : i >= 0 }"),
      m("{ A[i] -> B[i + 1] }");
  EXPECT_EQ(presburger_union_relation_is_empty(s.p, &e), 0);
  EXPECT_EQ(presburger_union_relation_is_universe(t.p, &e), 0);
  EXPECT_EQ(presburger_union_relation_is_subset(s.p, s.p, &e), 1);
  EXPECT_EQ(presburger_union_relation_is_strict_subset(s.p, s.p, &e), 0);
  EXPECT_EQ(presburger_union_relation_is_equal(s.p, s.p, &e), 1);
  EXPECT_EQ(presburger_union_relation_is_disjoint(s.p, t.p, &e), 0);
  EXPECT_EQ(presburger_union_relation_is_single_valued(m.p, &e), 1);
  EXPECT_EQ(presburger_union_relation_is_injective(m.p, &e), 1);
  EXPECT_EQ(presburger_union_relation_is_bijective(m.p, &e), 1);
  EXPECT_EQ(presburger_union_relation_num_pieces(s.p), 2u);
  Rel c(presburger_union_relation_piece(s.p, 1, &e));
  EXPECT_EQ(str(c.p), "{ C[i] : i >= 3 }");
  Rel a(presburger_union_relation_as_relation(t.p, &e));
  ASSERT_NE(a.p, nullptr);
  Union back(presburger_union_relation_from_relation(a.p, &e));
  EXPECT_EQ(presburger_union_relation_is_equal(back.p, t.p, &e), 1);
  Union params("[n] -> { : n = 2 }"), p("[n] -> { A[i] : 0 <= i < n }");
  Union restricted(
      presburger_union_relation_intersect_params(p.p, params.p, &e));
  Union expected("[n] -> { A[i] : n = 2 and 0 <= i < 2 }");
  EXPECT_EQ(presburger_union_relation_is_equal(restricted.p, expected.p, &e),
            1);
}

TEST(CApiTest, ParseErrorsGiveTheirPlace) {
  presburger_error e;
  EXPECT_EQ(presburger_relation_parse("{ [i] :\n  0 <= i < j }", &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_PARSE_ERROR);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 12u);
  EXPECT_STREQ(e.message, "unknown identifier 'j'");
  EXPECT_EQ(presburger_union_relation_parse("{ [i] : i < }", &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_PARSE_ERROR);
  EXPECT_EQ(e.line, 1u);
  // Text naming two spaces is one union, but no single relation.
  EXPECT_EQ(presburger_relation_parse("{ A[i]; B[i] }", &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_PARSE_ERROR);
}

TEST(CApiTest, LongMessagesAreTruncated) {
  std::string name(2000, 'x');
  std::string text = "{ [i] : i < " + name + " }";
  presburger_error e;
  EXPECT_EQ(presburger_relation_parse(text.c_str(), &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_PARSE_ERROR);
  EXPECT_EQ(std::string(e.message).size(),
            size_t(PRESBURGER_ERROR_MESSAGE_SIZE - 1));
}

TEST(CApiTest, FailuresOfEveryKind) {
  presburger_error e;
  Rel set("{ [i] : 0 <= i < 10 }"), low("{ [i] : i <= 5 }"),
      map("{ [i] -> [j] }");
  EXPECT_EQ(presburger_relation_domain(set.p, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_SPACE_ERROR);
  EXPECT_NE(std::string(e.message), "");
  EXPECT_EQ(presburger_relation_lexmin(low.p, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_UNBOUNDED);
  EXPECT_EQ(presburger_relation_intersect(set.p, map.p, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_SPACE_ERROR);
  EXPECT_EQ(presburger_relation_intersect(nullptr, set.p, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_INVALID_ARGUMENT);
  EXPECT_EQ(presburger_relation_parse(nullptr, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_INVALID_ARGUMENT);
  EXPECT_EQ(presburger_relation_to_string(nullptr, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_INVALID_ARGUMENT);
  EXPECT_EQ(presburger_relation_is_empty(nullptr, &e), -1);
  // A NULL error struct is allowed: the result alone tells.
  EXPECT_EQ(presburger_relation_domain(set.p, nullptr), nullptr);
  // Every call overwrites the error struct.
  Rel ok(presburger_relation_copy(set.p, &e));
  EXPECT_EQ(e.status, PRESBURGER_OK);
  EXPECT_STREQ(e.message, "");
  EXPECT_STREQ(presburger_status_name(PRESBURGER_LIMIT_EXCEEDED),
               "work budget exceeded");
  EXPECT_STREQ(presburger_version(), PRESBURGER_EXPECTED_VERSION);
}

/// The C text presburger_codegen writes, or "<error: status: message>".
std::string codegen(const char *schedule, const char *context = nullptr,
                    const presburger_codegen_options *options = nullptr) {
  Union s(schedule);
  std::optional<Rel> c;
  if (context)
    c.emplace(context);
  presburger_error e;
  char *text = presburger_codegen(s.p, c ? c->p : nullptr, options, &e);
  std::string out =
      text ? text
           : "<error: " + std::string(presburger_status_name(e.status)) + ": " +
                 e.message + ">";
  EXPECT_EQ(text != nullptr, e.status == PRESBURGER_OK) << out;
  presburger_string_free(text);
  return out;
}

TEST(CApiTest, CodegenWritesTheCalculatorsC) {
  const char *triangle = "[n] -> { S[i, j] -> [i, j] : 0 <= j <= i < n }";
  EXPECT_EQ(codegen(triangle), printC(buildAst(parseUnion(triangle))));
  EXPECT_EQ(codegen(triangle), "for (int c0 = 0; c0 <= n - 1; c0 += 1)\n"
                               "  for (int c1 = 0; c1 <= c0; c1 += 1)\n"
                               "    S(c0, c1);\n");
  EXPECT_EQ(codegen("{ }"), "");
  // The context removes the guard it implies.
  const char *guarded = "[n] -> { S[i] -> [i] : 0 <= i <= 2 and n >= 1 }";
  EXPECT_EQ(codegen(guarded, "[n] -> { : n >= 1 }"),
            "for (int c0 = 0; c0 <= 2; c0 += 1)\n"
            "  S(c0);\n");
  EXPECT_EQ(codegen(guarded), printC(buildAst(parseUnion(guarded))));
  EXPECT_NE(codegen(guarded).find("if (n >= 1)"), std::string::npos)
      << codegen(guarded);
}

TEST(CApiTest, CodegenOptions) {
  presburger_codegen_options o;
  presburger_codegen_options_init(&o);
  EXPECT_EQ(o.separate, 0);
  EXPECT_EQ(o.max_separated, 4u);
  EXPECT_EQ(o.unroll_limit, 0u);
  EXPECT_EQ(o.iterator_prefix, nullptr);
  const char *three = "{ S[i] -> [i] : 0 <= i <= 2 }";
  EXPECT_EQ(codegen(three, nullptr, &o), codegen(three));
  o.unroll_limit = 3;
  EXPECT_EQ(codegen(three, nullptr, &o), "S(0);\nS(1);\nS(2);\n");
  o.unroll_limit = 0;
  o.iterator_prefix = "t";
  EXPECT_EQ(codegen(three, nullptr, &o), "for (int t0 = 0; t0 <= 2; t0 += 1)\n"
                                         "  S(t0);\n");
  // Separation: each loop over the pieces where the same statements run,
  // as the engine's option writes it.
  const char *two = "[n, m] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] "
                    ": 0 <= i < m }";
  presburger_codegen_options_init(&o);
  o.separate = 1;
  AstBuildOptions sep;
  sep.separate = true;
  EXPECT_EQ(codegen(two, nullptr, &o),
            printC(buildAst(parseUnion(two), std::nullopt, sep)));
  EXPECT_NE(codegen(two, nullptr, &o), codegen(two));
}

TEST(CApiTest, CodegenFailures) {
  EXPECT_EQ(
      codegen("{ S[i] -> [0] : 0 <= i < 2 }")
          .rfind("<error: invalid argument: buildAst: the schedule maps two "
                 "instances of S to the same time",
                 0),
      0u)
      << codegen("{ S[i] -> [0] : 0 <= i < 2 }");
  EXPECT_EQ(codegen("{ S[i] -> [i] : i >= 0 }")
                .rfind("<error: invalid argument: ", 0),
            0u);
  EXPECT_EQ(codegen("{ S[i] : i >= 0 }").rfind("<error: space error: ", 0), 0u);
  EXPECT_EQ(codegen("{ S[i] -> [i] : 0 <= i < 2 }", "{ [i] : i >= 0 }")
                .rfind("<error: space error: buildAst: the context must be a "
                       "params set",
                       0),
            0u);
  presburger_codegen_options o;
  presburger_codegen_options_init(&o);
  o.iterator_prefix = "2x";
  EXPECT_EQ(codegen("{ S[i] -> [i] : 0 <= i < 2 }", nullptr, &o),
            "<error: invalid argument: buildAst: the iterator prefix '2x' is "
            "not a C identifier>");
  presburger_error e;
  EXPECT_EQ(presburger_codegen(nullptr, nullptr, nullptr, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_INVALID_ARGUMENT);
  presburger_codegen_options_init(nullptr); // ignored
  // The schedule's budget applies.
  Union s("[n] -> { S[i, j] -> [i, j] : 0 <= j <= i < n }");
  presburger_union_relation_set_work_budget(s.p, 3);
  EXPECT_EQ(presburger_codegen(s.p, nullptr, nullptr, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_LIMIT_EXCEEDED);
}

TEST(CApiTest, BudgetsArePerHandleAndInherited) {
  const char *text = "[n, m] -> { [i, j] : i >= n and i >= m and j >= i - 3 }";
  Rel r(text);
  presburger_error e;
  EXPECT_EQ(presburger_relation_get_work_budget(r.p), 0u);
  presburger_relation_set_work_budget(r.p, 5);
  EXPECT_EQ(presburger_relation_lexmin(r.p, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_LIMIT_EXCEEDED);
  // The result of an operation carries its operand's budget.
  Rel copy(presburger_relation_copy(r.p, &e));
  EXPECT_EQ(presburger_relation_get_work_budget(copy.p), 5u);
  Rel rev(presburger_relation_universe(r.p, &e));
  EXPECT_EQ(presburger_relation_get_work_budget(rev.p), 5u);
  // The second operand's budget applies when the first has none (a budget
  // the intersection fits in: it normalises and compares its disjuncts).
  presburger_relation_set_work_budget(r.p, 1000000);
  Rel other("{ [i, j] : i >= 0 }");
  Rel inter(presburger_relation_intersect(other.p, r.p, &e));
  ASSERT_NE(inter.p, nullptr) << e.message;
  EXPECT_EQ(presburger_relation_get_work_budget(inter.p), 1000000u);
  // Budget 0 is the engine's default again.
  presburger_relation_set_work_budget(r.p, 0);
  Rel least(presburger_relation_lexmin(r.p, &e));
  EXPECT_NE(least.p, nullptr) << e.message;

  Union u(text);
  presburger_union_relation_set_work_budget(u.p, 5);
  EXPECT_EQ(presburger_union_relation_get_work_budget(u.p), 5u);
  EXPECT_EQ(presburger_union_relation_lexmin(u.p, &e), nullptr);
  EXPECT_EQ(e.status, PRESBURGER_LIMIT_EXCEEDED);
  Rel piece(presburger_union_relation_piece(u.p, 0, &e));
  EXPECT_EQ(presburger_relation_get_work_budget(piece.p), 5u);
}

TEST(CApiTest, OutOfMemoryIsAStatus) {
  Rel a("{ [i] : 0 <= i < 10 }"), b("{ [i] : 5 <= i < 15 }");
  // Fail the n-th allocation for growing n until the call succeeds: every
  // failure on the way must be PRESBURGER_OUT_OF_MEMORY with no result.
  for (long n = 0;; ++n) {
    presburger_error e;
    allocationsLeft = n;
    presburger_relation *r = presburger_relation_subtract(a.p, b.p, &e);
    allocationsLeft = -1;
    if (r) {
      EXPECT_EQ(e.status, PRESBURGER_OK);
      presburger_relation_free(r);
      break;
    }
    ASSERT_EQ(e.status, PRESBURGER_OUT_OF_MEMORY) << n << ": " << e.message;
    EXPECT_STREQ(e.message, "out of memory");
    ASSERT_LT(n, 100000);
  }
  for (long n = 0;; ++n) {
    presburger_error e;
    allocationsLeft = n;
    presburger_union_relation *u =
        presburger_union_relation_parse("{ A[i] : 0 <= i < 3; B[j] }", &e);
    allocationsLeft = -1;
    if (u) {
      presburger_union_relation_free(u);
      break;
    }
    ASSERT_EQ(e.status, PRESBURGER_OUT_OF_MEMORY) << n << ": " << e.message;
    ASSERT_LT(n, 100000);
  }
}

} // namespace
