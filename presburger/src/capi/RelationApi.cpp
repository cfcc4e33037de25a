//===- RelationApi.cpp - The C API of presburger::Relation ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each function is one engine call inside the exception barrier (guarded,
// Handles.h); the operands are borrowed, the result is a new handle that
// inherits the budget the call ran under.
//
//===----------------------------------------------------------------------===//
#include "capi/Handles.h"

#include "presburger/FixedBox.h"
#include "presburger/Parser.h"
#include "presburger/StrideInfo.h"

#include <cstring>

using namespace presburger;
using namespace presburger::capi;

namespace {

uint64_t budget(const presburger_relation *r) { return r ? r->budget : 0; }

/// `rel` restricted to the parameter values of the params set `params`:
/// a zero-dimensional set with the params set's constraints, related to
/// every point of `rel` by the universal relation, carries them onto
/// `rel`'s parameters.
Relation intersectParams(const Relation &rel, const Relation &params) {
  if (!params.isParams())
    throw SpaceError("the context of intersect_params is a params set, got " +
                     params.space().toString());
  if (rel.isParams())
    return rel.intersect(params);
  Relation zero = params;
  zero.setSpace(Space::set(params.space().paramNames(), Tuple(0)));
  Relation x = rel.isRelation() ? rel.wrap() : rel;
  Relation both = Relation::universeBetween(zero.space(), x.space())
                      .intersectDomain(zero)
                      .intersectRange(x)
                      .range();
  return rel.isRelation() ? both.unwrap() : both;
}

Relation universeBetween(const Relation &a, const Relation &b) {
  return Relation::universeBetween(a.space(), b.space())
      .intersectDomain(a)
      .intersectRange(b);
}

} // namespace

// One definition per operation: unary (rel), binary (a, b) and predicates.
#define PRESBURGER_REL_UNARY(NAME, EXPR)                                       \
  presburger_relation *presburger_relation_##NAME(                             \
      const presburger_relation *rel, presburger_error *error) {               \
    uint64_t units = budget(rel);                                              \
    return guarded(error, units, (presburger_relation *)nullptr, [&] {         \
      const Relation &x = valueOf(rel);                                        \
      return newHandle(EXPR, units);                                           \
    });                                                                        \
  }
#define PRESBURGER_REL_BINARY(NAME, A, B, EXPR)                                \
  presburger_relation *presburger_relation_##NAME(                             \
      const presburger_relation *A, const presburger_relation *B,              \
      presburger_error *error) {                                               \
    uint64_t units = budgetOf(budget(A), budget(B));                           \
    return guarded(error, units, (presburger_relation *)nullptr, [&] {         \
      const Relation &x = valueOf(A), &y = valueOf(B);                         \
      return newHandle(EXPR, units);                                           \
    });                                                                        \
  }
#define PRESBURGER_REL_TEST(NAME, EXPR)                                        \
  int presburger_relation_##NAME(const presburger_relation *rel,               \
                                 presburger_error *error) {                    \
    return guarded(error, budget(rel), -1, [&] {                               \
      const Relation &x = valueOf(rel);                                        \
      return (EXPR) ? 1 : 0;                                                   \
    });                                                                        \
  }
#define PRESBURGER_REL_TEST2(NAME, EXPR)                                       \
  int presburger_relation_##NAME(const presburger_relation *a,                 \
                                 const presburger_relation *b,                 \
                                 presburger_error *error) {                    \
    return guarded(error, budgetOf(budget(a), budget(b)), -1, [&] {            \
      const Relation &x = valueOf(a), &y = valueOf(b);                         \
      return (EXPR) ? 1 : 0;                                                   \
    });                                                                        \
  }

extern "C" {

presburger_relation *presburger_relation_parse(const char *text,
                                               presburger_error *error) {
  return guarded(error, 0, (presburger_relation *)nullptr, [&] {
    if (!text)
      throw NullArgument{};
    return newHandle(parseRelation(text), 0);
  });
}

PRESBURGER_REL_UNARY(copy, x)

void presburger_relation_free(presburger_relation *rel) { delete rel; }

char *presburger_relation_to_string(const presburger_relation *rel,
                                    presburger_error *error) {
  return guarded(error, budget(rel), (char *)nullptr,
                 [&] { return copyString(valueOf(rel).toString()); });
}

void presburger_relation_set_work_budget(presburger_relation *rel,
                                         uint64_t units) {
  if (rel)
    rel->budget = units;
}

uint64_t presburger_relation_get_work_budget(const presburger_relation *rel) {
  return budget(rel);
}

int presburger_relation_is_set(const presburger_relation *rel) {
  return rel ? int(rel->value.isSet()) : -1;
}
int presburger_relation_is_params(const presburger_relation *rel) {
  return rel ? int(rel->value.isParams()) : -1;
}
unsigned presburger_relation_num_params(const presburger_relation *rel) {
  return rel ? rel->value.numParams() : 0;
}
unsigned presburger_relation_num_domain_dims(const presburger_relation *rel) {
  return rel ? rel->value.numDomain() : 0;
}
unsigned presburger_relation_num_range_dims(const presburger_relation *rel) {
  return rel ? rel->value.numRange() : 0;
}
unsigned presburger_relation_num_disjuncts(const presburger_relation *rel) {
  return rel ? rel->value.numDisjuncts() : 0;
}

PRESBURGER_REL_BINARY(unite, a, b, x.unite(y))
PRESBURGER_REL_BINARY(intersect, a, b, x.intersect(y))
PRESBURGER_REL_BINARY(subtract, a, b, x.subtract(y))
PRESBURGER_REL_UNARY(complement, x.complement())
PRESBURGER_REL_BINARY(gist, rel, context, x.gist(y))
PRESBURGER_REL_BINARY(gist_domain, rel, context, x.gistDomain(y))
PRESBURGER_REL_BINARY(gist_params, rel, context, x.gistParams(y))
PRESBURGER_REL_BINARY(apply_range, a, b, x.applyRange(y))
PRESBURGER_REL_BINARY(apply_domain, a, b, x.applyDomain(y))
PRESBURGER_REL_BINARY(apply, set, rel, x.apply(y))
PRESBURGER_REL_BINARY(intersect_domain, rel, set, x.intersectDomain(y))
PRESBURGER_REL_BINARY(intersect_range, rel, set, x.intersectRange(y))
PRESBURGER_REL_BINARY(intersect_params, rel, params, intersectParams(x, y))
PRESBURGER_REL_BINARY(product, a, b, x.product(y))
PRESBURGER_REL_BINARY(domain_product, a, b, x.domainProduct(y))
PRESBURGER_REL_BINARY(range_product, a, b, x.rangeProduct(y))
PRESBURGER_REL_BINARY(universe_between, a, b, universeBetween(x, y))
PRESBURGER_REL_BINARY(lex_lt, a, b, x.lexOrderTo(y, LexOrder::LT))
PRESBURGER_REL_BINARY(lex_le, a, b, x.lexOrderTo(y, LexOrder::LE))
PRESBURGER_REL_BINARY(lex_gt, a, b, x.lexOrderTo(y, LexOrder::GT))
PRESBURGER_REL_BINARY(lex_ge, a, b, x.lexOrderTo(y, LexOrder::GE))

PRESBURGER_REL_UNARY(reverse, x.reverse())
PRESBURGER_REL_UNARY(domain, x.domain())
PRESBURGER_REL_UNARY(range, x.range())
PRESBURGER_REL_UNARY(deltas, x.deltas())
PRESBURGER_REL_UNARY(params, x.params())
PRESBURGER_REL_UNARY(wrap, x.wrap())
PRESBURGER_REL_UNARY(unwrap, x.unwrap())
PRESBURGER_REL_UNARY(domain_map, x.domainMap())
PRESBURGER_REL_UNARY(range_map, x.rangeMap())
PRESBURGER_REL_UNARY(curry, x.curry())
PRESBURGER_REL_UNARY(uncurry, x.uncurry())
PRESBURGER_REL_UNARY(zip, x.zip())
PRESBURGER_REL_UNARY(flatten, x.flatten())
PRESBURGER_REL_UNARY(flatten_domain, x.flattenDomain())
PRESBURGER_REL_UNARY(flatten_range, x.flattenRange())
PRESBURGER_REL_UNARY(range_factor_domain, x.rangeFactorDomain())
PRESBURGER_REL_UNARY(range_factor_range, x.rangeFactorRange())
PRESBURGER_REL_UNARY(domain_factor_domain, x.domainFactorDomain())
PRESBURGER_REL_UNARY(domain_factor_range, x.domainFactorRange())
PRESBURGER_REL_UNARY(factor_domain, x.factorDomain())
PRESBURGER_REL_UNARY(factor_range, x.factorRange())
PRESBURGER_REL_BINARY(flat_product, a, b, x.flatProduct(y))
PRESBURGER_REL_BINARY(flat_domain_product, a, b, x.flatDomainProduct(y))
PRESBURGER_REL_BINARY(flat_range_product, a, b, x.flatRangeProduct(y))
PRESBURGER_REL_UNARY(universe, Relation::universe(x.space()))
PRESBURGER_REL_UNARY(identity, Relation::identity(x.space()).intersectDomain(x))
PRESBURGER_REL_UNARY(lexmin, x.lexmin())
PRESBURGER_REL_UNARY(lexmax, x.lexmax())
PRESBURGER_REL_UNARY(coalesce, x.coalesce())
PRESBURGER_REL_UNARY(remove_redundancies, x.removeRedundancies())
PRESBURGER_REL_UNARY(convex_hull, Relation(x.convexHull()))
PRESBURGER_REL_UNARY(polyhedral_hull, Relation(x.polyhedralHull()))
PRESBURGER_REL_UNARY(simple_hull, Relation(x.simpleHull()))
PRESBURGER_REL_UNARY(affine_hull, Relation(x.affineHull()))
PRESBURGER_REL_UNARY(remove_divs, x.removeDivs())

presburger_relation *presburger_relation_sample(const presburger_relation *rel,
                                                presburger_error *error) {
  uint64_t units = budget(rel);
  return guarded(error, units, (presburger_relation *)nullptr, [&] {
    const Relation &x = valueOf(rel);
    // The sample of the one-space union is the point, or nothing.
    UnionRelation point = UnionRelation(x).sample();
    if (point.isEmptyUnion())
      return newHandle(Relation::empty(x.space()), units);
    return newHandle(point.pieces().front(), units);
  });
}

char *presburger_relation_stride_info(const presburger_relation *rel,
                                      unsigned pos, char *stride,
                                      size_t stride_size,
                                      presburger_error *error) {
  return guarded(error, budget(rel), (char *)nullptr, [&] {
    const Relation &x = valueOf(rel);
    if (!stride)
      throw InvalidArgument("stride_info: no buffer for the stride");
    StrideInfo si = x.isSet() ? strideInfo(x, pos) : rangeStrideInfo(x, pos);
    std::string digits = si.stride.toString();
    if (digits.size() + 1 > stride_size)
      throw InvalidArgument("stride_info: the stride " + digits +
                            " does not fit the buffer");
    std::memcpy(stride, digits.c_str(), digits.size() + 1);
    return copyString(si.offset.toString());
  });
}

char *presburger_relation_simple_fixed_box_hull(const presburger_relation *rel,
                                                presburger_error *error) {
  return guarded(error, budget(rel), (char *)nullptr, [&] {
    const Relation &x = valueOf(rel);
    FixedBox b = x.isSet() ? simpleFixedBoxHull(x) : rangeSimpleFixedBoxHull(x);
    if (!b.valid)
      return copyString("{ offset: NaN }");
    std::string size;
    for (const Int &v : b.size)
      size += (size.empty() ? "" : ", ") + v.toString();
    return copyString("{ offset: \"" + b.offset.toString() + "\", size: \"{ " +
                      x.space().rangeTuple().name() + "[" + size + "] }\" }");
  });
}

PRESBURGER_REL_TEST(is_empty, x.isEmpty())
PRESBURGER_REL_TEST(is_universe, x.isUniverse())
PRESBURGER_REL_TEST2(is_subset, x.isSubsetOf(y))
PRESBURGER_REL_TEST2(is_strict_subset, x.isSubsetOf(y) && !y.isSubsetOf(x))
PRESBURGER_REL_TEST2(is_equal, x.isEqual(y))
PRESBURGER_REL_TEST2(is_disjoint, x.isDisjoint(y))
PRESBURGER_REL_TEST(is_single_valued, x.isSingleValued())
PRESBURGER_REL_TEST(is_injective, x.isInjective())
PRESBURGER_REL_TEST(is_bijective, x.isBijective())

} // extern "C"
