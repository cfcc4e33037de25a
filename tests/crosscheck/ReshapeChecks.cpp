//===- ReshapeChecks.cpp - Reshaping of nested tuples against isl ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ReshapeChecks.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

using namespace presburger;

namespace crosscheck {

namespace {

using Inputs = std::vector<std::string>;
using Result = std::pair<UnionRelation, IslObject>;

//===----------------------------------------------------------------------===//
// Input generators
//===----------------------------------------------------------------------===//

/// One relation, each side nested with the given probability (percent).
Inputs shapedRelation(RandomSets &r, unsigned domNested, unsigned ranNested) {
  auto params = r.randomParams();
  SideShape dom = r.randomSide(r.percent(domNested));
  SideShape ran = r.randomSide(r.percent(ranNested));
  return {r.relation(params, dom, ran, GenOptions())};
}

Inputs anyNesting(RandomSets &r) { return shapedRelation(r, 50, 50); }
Inputs nestedDomain(RandomSets &r) { return shapedRelation(r, 100, 30); }
Inputs nestedRange(RandomSets &r) { return shapedRelation(r, 30, 100); }
Inputs nestedBoth(RandomSets &r) { return shapedRelation(r, 100, 100); }

Inputs nestedSet(RandomSets &r) {
  auto params = r.randomParams();
  return {r.set(params, r.randomSide(true), GenOptions())};
}

/// Two sets of random (possibly nested) spaces.
Inputs twoSets(RandomSets &r) {
  auto params = r.randomParams();
  return {r.set(params, r.randomSide(r.percent(30)), GenOptions()),
          r.set(params, r.randomSide(r.percent(30)), GenOptions())};
}

/// Two relations of random spaces.
Inputs twoRelations(RandomSets &r) {
  return {anyNesting(r)[0], anyNesting(r)[0]};
}

/// A -> B and C -> B.
Inputs sameRange(RandomSets &r) {
  auto params = r.randomParams();
  SideShape b = r.randomSide(r.percent(30));
  return {r.relation(params, r.randomSide(r.percent(30)), b, GenOptions()),
          r.relation(params, r.randomSide(r.percent(30)), b, GenOptions())};
}

/// A -> B and A -> C.
Inputs sameDomain(RandomSets &r) {
  auto params = r.randomParams();
  SideShape a = r.randomSide(r.percent(30));
  return {r.relation(params, a, r.randomSide(r.percent(30)), GenOptions()),
          r.relation(params, a, r.randomSide(r.percent(30)), GenOptions())};
}

/// The union of two relation texts over the same parameters (the second
/// body spliced into the first's braces).
std::string unite(const std::string &x, const std::string &y) {
  return x.substr(0, x.rfind('}')) + "; " + y.substr(y.find('{') + 1);
}

/// A union of pieces with and without nested sides: a unary reshaping
/// keeps those that fit.
Inputs mixedUnion(RandomSets &r) {
  auto params = r.randomParams();
  std::string x = r.relation(params, r.randomSide(true),
                             r.randomSide(r.percent(50)), GenOptions());
  std::string y = r.relation(params, r.randomSide(r.percent(50)),
                             r.randomSide(true), GenOptions());
  std::string z = r.relation(params, r.randomSide(false), r.randomSide(false),
                             GenOptions());
  return {unite(unite(x, y), z)};
}

/// Unions { A -> B; C -> D } and { A -> E; F -> B }: the products pair
/// some pieces and not others.
Inputs unionPairs(RandomSets &r) {
  auto params = r.randomParams();
  auto side = [&] { return r.randomSide(r.percent(30)); };
  SideShape a = side(), b = side();
  GenOptions o;
  o.maxDisjuncts = 2;
  std::string x =
      unite(r.relation(params, a, b, o), r.relation(params, side(), side(), o));
  std::string y =
      unite(r.relation(params, a, side(), o), r.relation(params, side(), b, o));
  return {x, y};
}

//===----------------------------------------------------------------------===//
// isl per map: the operations isl has on maps only
//===----------------------------------------------------------------------===//

using MapFn = isl_map *(*)(isl_map *);
using SetFn = isl_set *(*)(isl_set *);
using MapPairFn = isl_map *(*)(isl_map *, isl_map *);
using SetPairFn = isl_set *(*)(isl_set *, isl_set *);

/// `f` applied to every map of `u` (taken).
isl_union_map *eachMap(isl_union_map *u, MapFn f) {
  struct Data {
    MapFn f;
    isl_union_map *out;
  } d{f, isl_union_map_empty(isl_union_map_get_space(u))};
  isl_union_map_foreach_map(
      u,
      [](isl_map *m, void *user) {
        auto *d = static_cast<Data *>(user);
        d->out = isl_union_map_add_map(d->out, d->f(m));
        return isl_stat_ok;
      },
      &d);
  isl_union_map_free(u);
  return d.out;
}

isl_union_set *eachSet(isl_union_set *u, SetFn f) {
  struct Data {
    SetFn f;
    isl_union_set *out;
  } d{f, isl_union_set_empty(isl_union_set_get_space(u))};
  isl_union_set_foreach_set(
      u,
      [](isl_set *s, void *user) {
        auto *d = static_cast<Data *>(user);
        d->out = isl_union_set_add_set(d->out, d->f(s));
        return isl_stat_ok;
      },
      &d);
  isl_union_set_free(u);
  return d.out;
}

/// `f` on every pair of maps of `a` and `b` (both kept).
isl_union_map *eachMapPair(isl_union_map *a, isl_union_map *b, MapPairFn f) {
  isl_union_map *out = isl_union_map_empty(isl_union_map_get_space(a));
  isl_map_list *la = isl_union_map_get_map_list(a);
  isl_map_list *lb = isl_union_map_get_map_list(b);
  for (int i = 0; i < isl_map_list_n_map(la); ++i)
    for (int j = 0; j < isl_map_list_n_map(lb); ++j)
      out = isl_union_map_add_map(
          out, f(isl_map_list_get_map(la, i), isl_map_list_get_map(lb, j)));
  isl_map_list_free(la);
  isl_map_list_free(lb);
  return out;
}

isl_union_set *eachSetPair(isl_union_set *a, isl_union_set *b, SetPairFn f) {
  isl_union_set *out = isl_union_set_empty(isl_union_set_get_space(a));
  isl_set_list *la = isl_union_set_get_set_list(a);
  isl_set_list *lb = isl_union_set_get_set_list(b);
  for (int i = 0; i < isl_set_list_n_set(la); ++i)
    for (int j = 0; j < isl_set_list_n_set(lb); ++j)
      out = isl_union_set_add_set(
          out, f(isl_set_list_get_set(la, i), isl_set_list_get_set(lb, j)));
  isl_set_list_free(la);
  isl_set_list_free(lb);
  return out;
}

/// Our side of the same: `f` on every pair of pieces.
template <typename F>
UnionRelation eachPiecePair(const UnionRelation &a, const UnionRelation &b,
                            F f) {
  UnionRelation x = a, y = b;
  alignParams(x, y);
  UnionRelation out(x.paramNames());
  for (const Relation &p : x.pieces())
    for (const Relation &q : y.pieces())
      out.add(f(p, q));
  return out;
}

IslObject map(isl_union_map *m) { return IslObject::map(m); }
IslObject set(isl_union_set *s) { return IslObject::set(s); }

} // namespace

std::vector<ReshapeOperation> reshapeOperations() {
  std::vector<ReshapeOperation> ops;
  using U = std::vector<UnionRelation>;
  using I = std::vector<IslObject>;
  auto add = [&](std::string name, std::function<Inputs(RandomSets &)> generate,
                 std::function<Result(const U &, const I &)> compute) {
    ops.push_back({std::move(name), std::move(generate), std::move(compute)});
  };
  // Unary reshapings of union maps, each on one relation and on a union of
  // pieces that do and do not fit.
  struct Unary {
    const char *name;
    std::function<Inputs(RandomSets &)> generate;
    UnionRelation (UnionRelation::*ours)() const;
    isl_union_map *(*theirs)(isl_union_map *);
  };
  const Unary unary[] = {
      {"domain_map", anyNesting, &UnionRelation::domainMap,
       isl_union_map_domain_map},
      {"range_map", anyNesting, &UnionRelation::rangeMap,
       isl_union_map_range_map},
      {"curry", nestedDomain, &UnionRelation::curry, isl_union_map_curry},
      {"uncurry", nestedRange, &UnionRelation::uncurry, isl_union_map_uncurry},
      {"zip", nestedBoth, &UnionRelation::zip, isl_union_map_zip},
      {"range_factor_domain", nestedRange, &UnionRelation::rangeFactorDomain,
       isl_union_map_range_factor_domain},
      {"range_factor_range", nestedRange, &UnionRelation::rangeFactorRange,
       isl_union_map_range_factor_range},
      {"domain_factor_domain", nestedDomain, &UnionRelation::domainFactorDomain,
       isl_union_map_domain_factor_domain},
      {"domain_factor_range", nestedDomain, &UnionRelation::domainFactorRange,
       isl_union_map_domain_factor_range},
      {"factor_domain", nestedBoth, &UnionRelation::factorDomain,
       isl_union_map_factor_domain},
      {"factor_range", nestedBoth, &UnionRelation::factorRange,
       isl_union_map_factor_range},
  };
  // Half the cases are one relation with the nesting, half a union mixing
  // pieces with and without it.
  for (const Unary &u : unary)
    add(
        u.name,
        [gen = u.generate](RandomSets &r) {
          return r.percent(50) ? gen(r) : mixedUnion(r);
        },
        [ours = u.ours, theirs = u.theirs](const U &o, const I &i) {
          return Result((o[0].*ours)(), map(theirs(i[0].copyMap())));
        });

  // Flattening (isl has it on maps and sets only).
  add("flatten", nestedSet, [](const U &o, const I &i) {
    return Result(o[0].map([](const Relation &r) { return r.flatten(); }),
                  set(eachSet(i[0].copySet(), isl_set_flatten)));
  });
  add("flatten-relation", anyNesting, [](const U &o, const I &i) {
    return Result(o[0].map([](const Relation &r) { return r.flatten(); }),
                  map(eachMap(i[0].copyMap(), isl_map_flatten)));
  });
  add("flatten_domain", anyNesting, [](const U &o, const I &i) {
    return Result(o[0].map([](const Relation &r) { return r.flattenDomain(); }),
                  map(eachMap(i[0].copyMap(), isl_map_flatten_domain)));
  });
  add("flatten_range", anyNesting, [](const U &o, const I &i) {
    return Result(o[0].map([](const Relation &r) { return r.flattenRange(); }),
                  map(eachMap(i[0].copyMap(), isl_map_flatten_range)));
  });
  add("unwrap", nestedSet, [](const U &o, const I &i) {
    return Result(o[0].unwrap(), map(isl_union_set_unwrap(i[0].copySet())));
  });

  // Products.
  add("product-relations", twoRelations, [](const U &o, const I &i) {
    return Result(o[0].product(o[1]),
                  map(isl_union_map_product(i[0].copyMap(), i[1].copyMap())));
  });
  add("flat_product-sets", twoSets, [](const U &o, const I &i) {
    return Result(
        eachPiecePair(o[0], o[1],
                      [](const Relation &a, const Relation &b) {
                        return a.flatProduct(b);
                      }),
        set(eachSetPair(i[0].setPtr(), i[1].setPtr(), isl_set_flat_product)));
  });
  add("flat_product", twoRelations, [](const U &o, const I &i) {
    return Result(
        eachPiecePair(o[0], o[1],
                      [](const Relation &a, const Relation &b) {
                        return a.flatProduct(b);
                      }),
        map(eachMapPair(i[0].mapPtr(), i[1].mapPtr(), isl_map_flat_product)));
  });
  struct Binary {
    const char *name;
    std::function<Inputs(RandomSets &)> generate;
    UnionRelation (UnionRelation::*ours)(const UnionRelation &) const;
    isl_union_map *(*theirs)(isl_union_map *, isl_union_map *);
  };
  const Binary binary[] = {
      {"domain_product", sameRange, &UnionRelation::domainProduct,
       isl_union_map_domain_product},
      {"range_product-nested", sameDomain, &UnionRelation::rangeProduct,
       isl_union_map_range_product},
      {"flat_domain_product", sameRange, &UnionRelation::flatDomainProduct,
       isl_union_map_flat_domain_product},
      {"flat_range_product", sameDomain, &UnionRelation::flatRangeProduct,
       isl_union_map_flat_range_product},
  };
  // Half the cases are two relations that pair, half two unions of which
  // some pieces pair.
  for (const Binary &b : binary)
    add(
        b.name,
        [gen = b.generate](RandomSets &r) {
          return r.percent(50) ? gen(r) : unionPairs(r);
        },
        [ours = b.ours, theirs = b.theirs](const U &o, const I &i) {
          return Result((o[0].*ours)(o[1]),
                        map(theirs(i[0].copyMap(), i[1].copyMap())));
        });
  return ops;
}

} // namespace crosscheck
