//===- Reshape.cpp - islpy's reshaping methods of Set, Map, UnionMap ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The methods that rearrange nested tuples (Relation.h, "Reshaping"):
// curry, zip, flatten, the factors, the maps to a factor and the flat
// products, under islpy's names, added to the classes Sets.cpp and
// Unions.cpp registered.
//
//===----------------------------------------------------------------------===//
#include "Common.h"

namespace pyisl {

namespace {

/// The class registered under `name`, reopened to add methods.
template <typename T> py::class_<T> reopen(py::module_ &m, const char *name) {
  return py::reinterpret_borrow<py::class_<T>>(m.attr(name));
}

/// A unary Relation method as a method of the wrapper `W` (PyMap or
/// PyUnionMap) returning `Out`.
template <typename W, typename Out, typename Method> auto unary(Method method) {
  return [method](const W &w) {
    if constexpr (std::is_same_v<W, PyUnionMap>)
      return Out{(w.u.*method)()};
    else
      return Out{(w.r.*method)()};
  };
}

template <typename W, typename Method> auto binary(Method method) {
  return [method](const W &a, const W &b) {
    if constexpr (std::is_same_v<W, PyUnionMap>)
      return W{(a.u.*method)(b.u)};
    else
      return W{(a.r.*method)(b.r)};
  };
}

} // namespace

void bindReshape(py::module_ &m) {
  auto set = reopen<PySet>(m, "Set");
  set.def("flatten", unary<PySet, PySet>(&Relation::flatten), Guard());

  auto map = reopen<PyMap>(m, "Map");
  struct Unary {
    const char *name;
    Relation (Relation::*method)() const;
  };
  for (const Unary &u : {
           Unary{"domain_map", &Relation::domainMap},
           Unary{"range_map", &Relation::rangeMap},
           Unary{"curry", &Relation::curry},
           Unary{"uncurry", &Relation::uncurry},
           Unary{"zip", &Relation::zip},
           Unary{"flatten", &Relation::flatten},
           Unary{"flatten_domain", &Relation::flattenDomain},
           Unary{"flatten_range", &Relation::flattenRange},
           Unary{"range_factor_domain", &Relation::rangeFactorDomain},
           Unary{"range_factor_range", &Relation::rangeFactorRange},
           Unary{"domain_factor_domain", &Relation::domainFactorDomain},
           Unary{"domain_factor_range", &Relation::domainFactorRange},
           Unary{"factor_domain", &Relation::factorDomain},
           Unary{"factor_range", &Relation::factorRange},
       })
    map.def(u.name, unary<PyMap, PyMap>(u.method), Guard());
  struct Binary {
    const char *name;
    Relation (Relation::*method)(const Relation &) const;
  };
  for (const Binary &b : {
           Binary{"flat_product", &Relation::flatProduct},
           Binary{"flat_domain_product", &Relation::flatDomainProduct},
           Binary{"flat_range_product", &Relation::flatRangeProduct},
       })
    map.def(b.name, binary<PyMap>(b.method), py::arg("other"), Guard());
  map.def("domain_is_wrapping",
          [](const PyMap &a) { return a.r.domainIsWrapping(); })
      .def("range_is_wrapping",
           [](const PyMap &a) { return a.r.rangeIsWrapping(); })
      .def("can_curry", [](const PyMap &a) { return a.r.domainIsWrapping(); })
      .def("can_uncurry", [](const PyMap &a) { return a.r.rangeIsWrapping(); })
      .def("can_zip", [](const PyMap &a) {
        return a.r.domainIsWrapping() && a.r.rangeIsWrapping();
      });

  auto umap = reopen<PyUnionMap>(m, "UnionMap");
  struct UnionUnary {
    const char *name;
    UnionRelation (UnionRelation::*method)() const;
  };
  for (const UnionUnary &u : {
           UnionUnary{"domain_map", &UnionRelation::domainMap},
           UnionUnary{"range_map", &UnionRelation::rangeMap},
           UnionUnary{"curry", &UnionRelation::curry},
           UnionUnary{"uncurry", &UnionRelation::uncurry},
           UnionUnary{"zip", &UnionRelation::zip},
           UnionUnary{"range_factor_domain", &UnionRelation::rangeFactorDomain},
           UnionUnary{"range_factor_range", &UnionRelation::rangeFactorRange},
           UnionUnary{"domain_factor_domain",
                      &UnionRelation::domainFactorDomain},
           UnionUnary{"domain_factor_range", &UnionRelation::domainFactorRange},
           UnionUnary{"factor_domain", &UnionRelation::factorDomain},
           UnionUnary{"factor_range", &UnionRelation::factorRange},
       })
    umap.def(u.name, unary<PyUnionMap, PyUnionMap>(u.method), Guard());
  struct UnionBinary {
    const char *name;
    UnionRelation (UnionRelation::*method)(const UnionRelation &) const;
  };
  for (const UnionBinary &b : {
           UnionBinary{"flat_domain_product",
                       &UnionRelation::flatDomainProduct},
           UnionBinary{"flat_range_product", &UnionRelation::flatRangeProduct},
       })
    umap.def(b.name, binary<PyUnionMap>(b.method), py::arg("other"), Guard());
}

} // namespace pyisl
