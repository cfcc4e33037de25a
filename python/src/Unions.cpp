//===- Unions.cpp - UnionSet, UnionMap, compute_flow ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// islpy's union classes over presburger::UnionRelation, the transitive
// closure and powers of union maps (Closure.h) and the exact dataflow
// analysis (Dataflow.h) behind the Python UnionAccessInfo / UnionFlow.
//
//===----------------------------------------------------------------------===//
#include "Common.h"

#include "presburger/Closure.h"
#include "presburger/Dataflow.h"
#include "presburger/Parser.h"
#include "presburger/Printer.h"

#include <pybind11/functional.h>

namespace pyisl {
namespace {

using presburger::LexOrder;
using presburger::SpaceError;

UnionRelation checkedUnionSet(UnionRelation u) {
  if (!u.isSetUnion() && !u.isParamsUnion())
    throw SpaceError("expected a union set, got a union map");
  return u;
}
UnionRelation checkedUnionMap(UnionRelation u) {
  if (!u.isRelationUnion())
    throw SpaceError("expected a union map, got a union set");
  return u;
}

template <class W> struct UAcc;
template <> struct UAcc<PyUnionSet> {
  static PyUnionSet make(UnionRelation u) {
    return PyUnionSet{checkedUnionSet(std::move(u))};
  }
};
template <> struct UAcc<PyUnionMap> {
  static PyUnionMap make(UnionRelation u) {
    return PyUnionMap{checkedUnionMap(std::move(u))};
  }
};

bool isStrictSubset(const UnionRelation &a, const UnionRelation &b) {
  return a.isSubsetOf(b) && !b.isSubsetOf(a);
}

UnionRelation paramsUnion(const Relation &p) {
  if (!p.isParams())
    throw SpaceError("expected a parameter set, got " + p.space().toString());
  return UnionRelation(p);
}

/// The piece of `u` in `space` (isl's extract_set / extract_map): the empty
/// relation of that space when there is none.
Relation extract(const UnionRelation &u, const Space &space) {
  const Relation *r = u.find(space);
  if (!r)
    return Relation::empty(space);
  Relation out = *r;
  std::vector<std::string> params =
      presburger::mergeParams(space.paramNames(), u.paramNames());
  out.alignParams(params);
  return out;
}

template <class W, class C> void bindUnionOps(C &cls) {
  using A = UAcc<W>;
  cls.def(
         "intersect",
         [](const W &a, const W &b) { return A::make(a.u.intersect(b.u)); },
         py::arg("other"), Guard())
      .def(
          "union",
          [](const W &a, const W &b) { return A::make(a.u.unite(b.u)); },
          py::arg("other"), Guard())
      .def(
          "subtract",
          [](const W &a, const W &b) { return A::make(a.u.subtract(b.u)); },
          py::arg("other"), Guard())
      .def(
          "is_empty", [](const W &a) { return a.u.isEmpty(); }, Guard())
      .def(
          "is_universe", [](const W &a) { return a.u.isUniverse(); }, Guard())
      .def(
          "is_subset",
          [](const W &a, const W &b) { return a.u.isSubsetOf(b.u); },
          py::arg("other"), Guard())
      .def(
          "is_strict_subset",
          [](const W &a, const W &b) { return isStrictSubset(a.u, b.u); },
          py::arg("other"), Guard())
      .def(
          "is_equal", [](const W &a, const W &b) { return a.u.isEqual(b.u); },
          py::arg("other"), Guard())
      .def(
          "is_disjoint",
          [](const W &a, const W &b) { return a.u.isDisjoint(b.u); },
          py::arg("other"), Guard())
      .def(
          "coalesce", [](const W &a) { return A::make(a.u.coalesce()); },
          Guard())
      .def(
          "gist", [](const W &a, const W &b) { return A::make(a.u.gist(b.u)); },
          py::arg("context"), Guard())
      .def(
          "gist_params",
          [](const W &a, const PySet &p) {
            return A::make(a.u.gist(paramsUnion(p.r)));
          },
          py::arg("context"), Guard())
      .def(
          "intersect_params",
          [](const W &a, const PySet &p) {
            return A::make(a.u.map(
                [&](const Relation &r) { return intersectParams(r, p.r); }));
          },
          py::arg("params"), Guard())
      .def(
          "lexmin", [](const W &a) { return A::make(a.u.lexmin()); }, Guard())
      .def(
          "lexmax", [](const W &a) { return A::make(a.u.lexmax()); }, Guard())
      .def(
          "params",
          [](const W &a) {
            UnionRelation p = a.u.params();
            Relation out = Relation::empty(Space::params(a.u.paramNames()));
            for (const Relation &r : p.pieces())
              out = out.unite(r);
            out.alignParams(presburger::mergeParams(out.space().paramNames(),
                                                    a.u.paramNames()));
            return PySet{out};
          },
          Guard())
      .def("get_space",
           [](const W &a) { return PySpace{Space::params(a.u.paramNames())}; })
      .def_property_readonly(
          "space",
          [](const W &a) { return PySpace{Space::params(a.u.paramNames())}; })
      .def(
          "sample_point",
          [](const W &a) {
            for (const Relation &r : a.u.pieces()) {
              PyPoint p = pointOf(r);
              if (!p.isVoid)
                return p;
            }
            return PyPoint{Space::params(a.u.paramNames()), {}, true};
          },
          Guard())
      .def(
          "convex_hull", [](const W &a) { return A::make(a.u.convexHull()); },
          Guard())
      .def(
          "polyhedral_hull",
          [](const W &a) { return A::make(a.u.polyhedralHull()); }, Guard())
      .def(
          "simple_hull", [](const W &a) { return A::make(a.u.simpleHull()); },
          Guard())
      .def(
          "affine_hull", [](const W &a) { return A::make(a.u.affineHull()); },
          Guard())
      .def(
          "remove_divs", [](const W &a) { return A::make(a.u.removeDivs()); },
          Guard())
      .def(
          "compute_divs",
          [](const W &a) {
            return A::make(
                a.u.map([](const Relation &r) { return computeDivs(r); }));
          },
          Guard())
      .def(
          "remove_redundancies",
          [](const W &a) {
            return A::make(a.u.map(
                [](const Relation &r) { return r.removeRedundancies(); }));
          },
          Guard())
      .def(
          "product",
          [](const W &a, const W &b) { return A::make(a.u.product(b.u)); },
          py::arg("other"), Guard())
      .def(
          "universe", [](const W &a) { return A::make(a.u.universe()); },
          Guard())
      .def(
          "count_val",
          [](const W &a) {
            Int n(0);
            for (const Relation &r : a.u.pieces())
              n += countPoints(r);
            return n;
          },
          Guard())
      .def("_n_pieces", [](const W &a) { return a.u.numPieces(); })
      .def(
          "__str__",
          [](const W &a) { return presburger::printUnionRelation(a.u); },
          Guard())
      .def(
          "to_str",
          [](const W &a) { return presburger::printUnionRelation(a.u); },
          Guard())
      .def("is_params", [](const W &a) { return a.u.isParamsUnion(); });
}

} // namespace

void bindUnions(py::module_ &m) {
  py::class_<PyUnionSet> uset(m, "UnionSet",
                              "islpy's UnionSet: sets over several spaces.");
  uset.def(py::init([](const std::string &text, py::handle) {
             return PyUnionSet{checkedUnionSet(presburger::parseUnion(text))};
           }),
           py::arg("s"), py::arg("context") = py::none(), Guard())
      .def(py::init(
               [](const PySet &s) { return PyUnionSet{UnionRelation(s.r)}; }),
           py::arg("set"))
      .def(py::init([](const PyBasicSet &s) {
             return PyUnionSet{UnionRelation(Relation(s.b))};
           }),
           py::arg("bset"))
      .def_static(
          "from_set",
          [](const PySet &s) { return PyUnionSet{UnionRelation(s.r)}; },
          py::arg("set"))
      .def_static(
          "from_basic_set",
          [](const PyBasicSet &s) {
            return PyUnionSet{UnionRelation(Relation(s.b))};
          },
          py::arg("bset"))
      .def_static(
          "empty",
          [](const PySpace &s) {
            return PyUnionSet{UnionRelation(s.s.paramNames())};
          },
          py::arg("space"))
      .def("to_union_set", [](const PyUnionSet &s) { return s; })
      .def(
          "apply",
          [](const PyUnionSet &s, const PyUnionMap &f) {
            return PyUnionSet{checkedUnionSet(s.u.apply(f.u))};
          },
          py::arg("map"), Guard())
      .def(
          "identity",
          [](const PyUnionSet &s) { return PyUnionMap{s.u.identity()}; },
          Guard())
      .def(
          "unwrap",
          [](const PyUnionSet &s) { return PyUnionMap{s.u.unwrap()}; }, Guard())
      .def(
          "lex_lt_union_set",
          [](const PyUnionSet &a, const PyUnionSet &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::LT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_le_union_set",
          [](const PyUnionSet &a, const PyUnionSet &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::LE)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_gt_union_set",
          [](const PyUnionSet &a, const PyUnionSet &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::GT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_ge_union_set",
          [](const PyUnionSet &a, const PyUnionSet &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::GE)};
          },
          py::arg("other"), Guard())
      .def("get_sets",
           [](const PyUnionSet &s) {
             std::vector<PySet> out;
             for (const Relation &r : s.u.pieces())
               out.push_back(PySet{r});
             return out;
           })
      .def("n_set", [](const PyUnionSet &s) { return s.u.numPieces(); })
      .def(
          "extract_set",
          [](const PyUnionSet &s, const PySpace &space) {
            if (space.s.isRelation())
              throw SpaceError("extract_set needs a set space");
            return PySet{extract(s.u, space.s)};
          },
          py::arg("space"), Guard())
      .def(
          "_points",
          [](const PyUnionSet &s) {
            std::vector<std::pair<PySpace, std::vector<Int>>> out;
            for (const Relation &r : s.u.pieces())
              for (auto &p : allPoints(r))
                out.emplace_back(PySpace{r.space()}, std::move(p));
            return out;
          },
          Guard());
  bindUnionOps<PyUnionSet>(uset);
  py::implicitly_convertible<PySet, PyUnionSet>();
  py::implicitly_convertible<PyBasicSet, PyUnionSet>();

  py::class_<PyUnionMap> umap(m, "UnionMap",
                              "islpy's UnionMap: maps over several spaces.");
  umap.def(py::init([](const std::string &text, py::handle) {
             return PyUnionMap{checkedUnionMap(presburger::parseUnion(text))};
           }),
           py::arg("s"), py::arg("context") = py::none(), Guard())
      .def(py::init(
               [](const PyMap &s) { return PyUnionMap{UnionRelation(s.r)}; }),
           py::arg("map"))
      .def(py::init([](const PyBasicMap &s) {
             return PyUnionMap{UnionRelation(Relation(s.b))};
           }),
           py::arg("bmap"))
      .def_static(
          "from_map",
          [](const PyMap &s) { return PyUnionMap{UnionRelation(s.r)}; },
          py::arg("map"))
      .def_static(
          "from_basic_map",
          [](const PyBasicMap &s) {
            return PyUnionMap{UnionRelation(Relation(s.b))};
          },
          py::arg("bmap"))
      .def_static(
          "empty",
          [](const PySpace &s) {
            return PyUnionMap{UnionRelation(s.s.paramNames())};
          },
          py::arg("space"))
      .def_static(
          "from_domain_and_range",
          [](const PyUnionSet &dom, const PyUnionSet &ran) {
            return PyUnionMap{
                dom.u.universeTo(ran.u).intersectDomain(dom.u).intersectRange(
                    ran.u)};
          },
          py::arg("domain"), py::arg("range"), Guard())
      .def("to_union_map", [](const PyUnionMap &s) { return s; })
      .def(
          "reverse",
          [](const PyUnionMap &a) { return PyUnionMap{a.u.reverse()}; },
          Guard())
      .def(
          "domain",
          [](const PyUnionMap &a) { return PyUnionSet{a.u.domain()}; }, Guard())
      .def(
          "range", [](const PyUnionMap &a) { return PyUnionSet{a.u.range()}; },
          Guard())
      .def(
          "deltas",
          [](const PyUnionMap &a) { return PyUnionSet{a.u.deltas()}; }, Guard())
      .def(
          "wrap", [](const PyUnionMap &a) { return PyUnionSet{a.u.wrap()}; },
          Guard())
      .def(
          "apply_range",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.applyRange(b.u)};
          },
          py::arg("other"), Guard())
      .def(
          "apply_domain",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.applyDomain(b.u)};
          },
          py::arg("other"), Guard())
      .def(
          "intersect_domain",
          [](const PyUnionMap &a, const PyUnionSet &s) {
            return PyUnionMap{a.u.intersectDomain(s.u)};
          },
          py::arg("set"), Guard())
      .def(
          "intersect_range",
          [](const PyUnionMap &a, const PyUnionSet &s) {
            return PyUnionMap{a.u.intersectRange(s.u)};
          },
          py::arg("set"), Guard())
      .def(
          "gist_domain",
          [](const PyUnionMap &a, const PyUnionSet &s) {
            return PyUnionMap{a.u.gist(s.u)};
          },
          py::arg("context"), Guard())
      .def(
          "domain_product",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.domainProduct(b.u)};
          },
          py::arg("other"), Guard())
      .def(
          "range_product",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.rangeProduct(b.u)};
          },
          py::arg("other"), Guard())
      .def(
          "is_single_valued",
          [](const PyUnionMap &a) { return a.u.isSingleValued(); }, Guard())
      .def(
          "is_injective", [](const PyUnionMap &a) { return a.u.isInjective(); },
          Guard())
      .def(
          "is_bijective", [](const PyUnionMap &a) { return a.u.isBijective(); },
          Guard())
      .def(
          "lex_lt_union_map",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::LT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_le_union_map",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::LE)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_gt_union_map",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::GT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_ge_union_map",
          [](const PyUnionMap &a, const PyUnionMap &b) {
            return PyUnionMap{a.u.lexOrderTo(b.u, LexOrder::GE)};
          },
          py::arg("other"), Guard())
      .def(
          "transitive_closure",
          [](const PyUnionMap &a) {
            presburger::UnionClosureResult c =
                presburger::transitiveClosure(a.u);
            return std::make_pair(PyUnionMap{c.relation}, c.exact);
          },
          Guard())
      .def(
          "_power_int",
          [](const PyUnionMap &a, uint64_t k) {
            return PyUnionMap{presburger::power(a.u, k)};
          },
          py::arg("k"), Guard())
      .def("get_maps",
           [](const PyUnionMap &s) {
             std::vector<PyMap> out;
             for (const Relation &r : s.u.pieces())
               out.push_back(PyMap{r});
             return out;
           })
      .def("n_map", [](const PyUnionMap &s) { return s.u.numPieces(); })
      .def(
          "extract_map",
          [](const PyUnionMap &s, const PySpace &space) {
            if (!space.s.isRelation())
              throw SpaceError("extract_map needs a map space");
            return PyMap{extract(s.u, space.s)};
          },
          py::arg("space"), Guard());
  bindUnionOps<PyUnionMap>(umap);
  py::implicitly_convertible<PyMap, PyUnionMap>();
  py::implicitly_convertible<PyBasicMap, PyUnionMap>();

  m.def(
      "_compute_flow",
      [](const PyUnionMap &sink, const PyUnionMap &must, const PyUnionMap &may,
         const PyUnionMap &kill, const PyUnionMap &schedule) {
        presburger::AccessInfo info{sink.u, must.u, may.u, kill.u, schedule.u};
        presburger::Flow f = presburger::computeFlow(info);
        return std::make_tuple(
            PyUnionMap{f.mustDependence}, PyUnionMap{f.mayDependence},
            PyUnionMap{f.mustNoSource}, PyUnionMap{f.mayNoSource});
      },
      py::arg("sink"), py::arg("must_source"), py::arg("may_source"),
      py::arg("kill"), py::arg("schedule"), Guard());
}

} // namespace pyisl
