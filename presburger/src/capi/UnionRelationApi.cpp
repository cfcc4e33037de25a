//===- UnionRelationApi.cpp - The C API of presburger::UnionRelation ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// As RelationApi.cpp: one engine call per function inside the exception
// barrier (guarded, Handles.h), operands borrowed, results new handles with
// the budget the call ran under.
//
//===----------------------------------------------------------------------===//
#include "capi/Handles.h"

#include "presburger/Parser.h"

#include <string>

using namespace presburger;
using namespace presburger::capi;

namespace {

uint64_t budget(const presburger_union_relation *u) {
  return u ? u->budget : 0;
}

/// `u` restricted to the parameter values of the params set `p` (what the
/// calculator's `*` does with a params set): each piece meets a
/// zero-dimensional set carrying the params set's constraints.
UnionRelation intersectParams(const UnionRelation &u, const UnionRelation &p) {
  if (!p.isParamsUnion() && !p.isEmptyUnion())
    throw SpaceError("the context of intersect_params is a params set");
  if (u.isParamsUnion() || u.isEmptyUnion() || p.isEmptyUnion())
    return u.intersect(p);
  Relation zero = p.pieces().front();
  zero.setSpace(Space::set(zero.space().paramNames(), Tuple(0)));
  UnionRelation out(u.paramNames());
  for (const Relation &r : u.pieces()) {
    Relation x = r.isRelation() ? r.wrap() : r;
    Relation both = Relation::universeBetween(zero.space(), x.space())
                        .intersectDomain(zero)
                        .intersectRange(x)
                        .range();
    out.add(r.isRelation() ? both.unwrap() : both);
  }
  return out;
}

} // namespace

#define PRESBURGER_UNION_UNARY(NAME, EXPR)                                     \
  presburger_union_relation *presburger_union_relation_##NAME(                 \
      const presburger_union_relation *u, presburger_error *error) {           \
    uint64_t units = budget(u);                                                \
    return guarded(error, units, (presburger_union_relation *)nullptr, [&] {   \
      const UnionRelation &x = valueOf(u);                                     \
      return newHandle(EXPR, units);                                           \
    });                                                                        \
  }
#define PRESBURGER_UNION_BINARY(NAME, A, B, EXPR)                              \
  presburger_union_relation *presburger_union_relation_##NAME(                 \
      const presburger_union_relation *A, const presburger_union_relation *B,  \
      presburger_error *error) {                                               \
    uint64_t units = budgetOf(budget(A), budget(B));                           \
    return guarded(error, units, (presburger_union_relation *)nullptr, [&] {   \
      const UnionRelation &x = valueOf(A), &y = valueOf(B);                    \
      return newHandle(EXPR, units);                                           \
    });                                                                        \
  }
#define PRESBURGER_UNION_TEST(NAME, EXPR)                                      \
  int presburger_union_relation_##NAME(const presburger_union_relation *u,     \
                                       presburger_error *error) {              \
    return guarded(error, budget(u), -1, [&] {                                 \
      const UnionRelation &x = valueOf(u);                                     \
      return (EXPR) ? 1 : 0;                                                   \
    });                                                                        \
  }
#define PRESBURGER_UNION_TEST2(NAME, EXPR)                                     \
  int presburger_union_relation_##NAME(const presburger_union_relation *a,     \
                                       const presburger_union_relation *b,     \
                                       presburger_error *error) {              \
    return guarded(error, budgetOf(budget(a), budget(b)), -1, [&] {            \
      const UnionRelation &x = valueOf(a), &y = valueOf(b);                    \
      return (EXPR) ? 1 : 0;                                                   \
    });                                                                        \
  }

extern "C" {

presburger_union_relation *
presburger_union_relation_parse(const char *text, presburger_error *error) {
  return guarded(error, 0, (presburger_union_relation *)nullptr, [&] {
    if (!text)
      throw NullArgument{};
    return newHandle(parseUnion(text), 0);
  });
}

PRESBURGER_UNION_UNARY(copy, x)

void presburger_union_relation_free(presburger_union_relation *u) { delete u; }

char *presburger_union_relation_to_string(const presburger_union_relation *u,
                                          presburger_error *error) {
  return guarded(error, budget(u), (char *)nullptr,
                 [&] { return copyString(valueOf(u).toString()); });
}

void presburger_union_relation_set_work_budget(presburger_union_relation *u,
                                               uint64_t units) {
  if (u)
    u->budget = units;
}

uint64_t
presburger_union_relation_get_work_budget(const presburger_union_relation *u) {
  return budget(u);
}

presburger_union_relation *
presburger_union_relation_from_relation(const presburger_relation *rel,
                                        presburger_error *error) {
  uint64_t units = rel ? rel->budget : 0;
  return guarded(error, units, (presburger_union_relation *)nullptr,
                 [&] { return newHandle(UnionRelation(valueOf(rel)), units); });
}

size_t
presburger_union_relation_num_pieces(const presburger_union_relation *u) {
  return u ? u->value.numPieces() : 0;
}

presburger_relation *
presburger_union_relation_piece(const presburger_union_relation *u,
                                size_t index, presburger_error *error) {
  uint64_t units = budget(u);
  return guarded(error, units, (presburger_relation *)nullptr, [&] {
    const UnionRelation &x = valueOf(u);
    if (index >= x.numPieces())
      throw InvalidArgument("piece " + std::to_string(index) +
                            " of a union of " + std::to_string(x.numPieces()) +
                            " pieces");
    return newHandle(x.pieces()[index], units);
  });
}

presburger_relation *
presburger_union_relation_as_relation(const presburger_union_relation *u,
                                      presburger_error *error) {
  uint64_t units = budget(u);
  return guarded(error, units, (presburger_relation *)nullptr, [&] {
    const UnionRelation &x = valueOf(u);
    if (x.numPieces() != 1)
      throw SpaceError("a union of " + std::to_string(x.numPieces()) +
                       " pieces is not one relation");
    return newHandle(x.pieces().front(), units);
  });
}

PRESBURGER_UNION_BINARY(unite, a, b, x.unite(y))
PRESBURGER_UNION_BINARY(intersect, a, b, x.intersect(y))
PRESBURGER_UNION_BINARY(subtract, a, b, x.subtract(y))
PRESBURGER_UNION_BINARY(gist, u, context, x.gist(y))
PRESBURGER_UNION_BINARY(apply_range, a, b, x.applyRange(y))
PRESBURGER_UNION_BINARY(apply_domain, a, b, x.applyDomain(y))
PRESBURGER_UNION_BINARY(apply, set, rel, x.apply(y))
PRESBURGER_UNION_BINARY(intersect_domain, rel, set, x.intersectDomain(y))
PRESBURGER_UNION_BINARY(intersect_range, rel, set, x.intersectRange(y))
PRESBURGER_UNION_BINARY(intersect_params, u, params, intersectParams(x, y))
PRESBURGER_UNION_BINARY(product, a, b, x.product(y))
PRESBURGER_UNION_BINARY(domain_product, a, b, x.domainProduct(y))
PRESBURGER_UNION_BINARY(range_product, a, b, x.rangeProduct(y))
PRESBURGER_UNION_BINARY(universe_between, a, b, x.universeTo(y))
PRESBURGER_UNION_BINARY(lex_lt, a, b, x.lexOrderTo(y, LexOrder::LT))
PRESBURGER_UNION_BINARY(lex_le, a, b, x.lexOrderTo(y, LexOrder::LE))
PRESBURGER_UNION_BINARY(lex_gt, a, b, x.lexOrderTo(y, LexOrder::GT))
PRESBURGER_UNION_BINARY(lex_ge, a, b, x.lexOrderTo(y, LexOrder::GE))

PRESBURGER_UNION_UNARY(reverse, x.reverse())
PRESBURGER_UNION_UNARY(domain, x.domain())
PRESBURGER_UNION_UNARY(range, x.range())
PRESBURGER_UNION_UNARY(deltas, x.deltas())
PRESBURGER_UNION_UNARY(params, x.params())
PRESBURGER_UNION_UNARY(wrap, x.wrap())
PRESBURGER_UNION_UNARY(unwrap, x.unwrap())
PRESBURGER_UNION_UNARY(domain_map, x.domainMap())
PRESBURGER_UNION_UNARY(range_map, x.rangeMap())
PRESBURGER_UNION_UNARY(curry, x.curry())
PRESBURGER_UNION_UNARY(uncurry, x.uncurry())
PRESBURGER_UNION_UNARY(zip, x.zip())
PRESBURGER_UNION_UNARY(range_factor_domain, x.rangeFactorDomain())
PRESBURGER_UNION_UNARY(range_factor_range, x.rangeFactorRange())
PRESBURGER_UNION_UNARY(domain_factor_domain, x.domainFactorDomain())
PRESBURGER_UNION_UNARY(domain_factor_range, x.domainFactorRange())
PRESBURGER_UNION_UNARY(factor_domain, x.factorDomain())
PRESBURGER_UNION_UNARY(factor_range, x.factorRange())
PRESBURGER_UNION_BINARY(flat_domain_product, a, b, x.flatDomainProduct(y))
PRESBURGER_UNION_BINARY(flat_range_product, a, b, x.flatRangeProduct(y))
PRESBURGER_UNION_UNARY(universe, x.universe())
PRESBURGER_UNION_UNARY(identity, x.identity())
PRESBURGER_UNION_UNARY(lexmin, x.lexmin())
PRESBURGER_UNION_UNARY(lexmax, x.lexmax())
PRESBURGER_UNION_UNARY(coalesce, x.coalesce())
PRESBURGER_UNION_UNARY(convex_hull, x.convexHull())
PRESBURGER_UNION_UNARY(polyhedral_hull, x.polyhedralHull())
PRESBURGER_UNION_UNARY(simple_hull, x.simpleHull())
PRESBURGER_UNION_UNARY(affine_hull, x.affineHull())
PRESBURGER_UNION_UNARY(remove_divs, x.removeDivs())
PRESBURGER_UNION_UNARY(sample, x.sample())

PRESBURGER_UNION_TEST(is_empty, x.isEmpty())
PRESBURGER_UNION_TEST(is_universe, x.isUniverse())
PRESBURGER_UNION_TEST2(is_subset, x.isSubsetOf(y))
PRESBURGER_UNION_TEST2(is_strict_subset, x.isSubsetOf(y) && !y.isSubsetOf(x))
PRESBURGER_UNION_TEST2(is_equal, x.isEqual(y))
PRESBURGER_UNION_TEST2(is_disjoint, x.isDisjoint(y))
PRESBURGER_UNION_TEST(is_single_valued, x.isSingleValued())
PRESBURGER_UNION_TEST(is_injective, x.isInjective())
PRESBURGER_UNION_TEST(is_bijective, x.isBijective())

} // extern "C"
