//===- Sets.cpp - Space, Point, BasicSet, BasicMap, Set, Map
//---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// islpy's names and argument orders over presburger::Relation. Set and Map
// carry every operation; BasicSet and BasicMap carry the operations that
// keep a single conjunction, and the Python layer forwards the rest to
// Set / Map (presburger/__init__.py). Each engine call runs under Guard:
// the GIL released, the calling thread's operation budget applied.
//
//===----------------------------------------------------------------------===//
#include "Common.h"

#include "presburger/Closure.h"
#include "presburger/Parser.h"
#include "presburger/Printer.h"

#include <pybind11/functional.h>

namespace pyisl {

using presburger::SpaceError;

/// isl's intersect_params: r restricted to the parameter values of the
/// parameter set `p` (parameters aligned by name).
Relation intersectParams(const Relation &r, const Relation &p) {
  if (!p.isParams())
    throw SpaceError("intersect_params needs a parameter set, got " +
                     p.space().toString());
  std::vector<std::string> all =
      presburger::mergeParams(r.space().paramNames(), p.space().paramNames());
  Relation r2 = r, p2 = p;
  r2.alignParams(all);
  p2.alignParams(all);
  Relation lifted(r2.space());
  std::vector<unsigned> map;
  for (unsigned c = 0; c < all.size(); ++c)
    map.push_back(c);
  for (const BasicRelation &pb : p2.disjuncts()) {
    BasicRelation b(r2.space());
    b.appendMapped(pb, map);
    lifted.addDisjunct(std::move(b));
  }
  return r2.intersect(lifted);
}

Relation computeDivs(const Relation &r) {
  Relation out(r.space());
  for (const BasicRelation &b : r.disjuncts())
    for (BasicRelation &x : b.computeDivs())
      out.addDisjunct(std::move(x));
  return out;
}

PyPoint pointOf(const Relation &r) {
  std::optional<presburger::Point> p = r.samplePoint();
  if (!p)
    return PyPoint{r.space(), {}, true};
  return PyPoint{r.space(), *p, false};
}

std::vector<std::vector<Int>> allPoints(const Relation &r) {
  std::vector<std::vector<Int>> out;
  forEachPoint(r, [&](const std::vector<Int> &p) { out.push_back(p); });
  return out;
}

namespace {

using presburger::LexOrder;
using presburger::SpaceError;
using presburger::Tuple;

//===----------------------------------------------------------------------===//
// Construction and checks
//===----------------------------------------------------------------------===//

Relation checkedSet(Relation r) {
  if (r.isRelation())
    throw SpaceError("expected a set, got a map: " + r.space().toString());
  return r;
}
Relation checkedMap(Relation r) {
  if (!r.isRelation())
    throw SpaceError("expected a map, got a set: " + r.space().toString());
  return r;
}
BasicRelation checkedBasicSet(BasicRelation b) {
  if (b.isRelation())
    throw SpaceError("expected a basic set, got a basic map: " +
                     b.space().toString());
  return b;
}
BasicRelation checkedBasicMap(BasicRelation b) {
  if (!b.isRelation())
    throw SpaceError("expected a basic map, got a basic set: " +
                     b.space().toString());
  return b;
}

/// Accessors shared by the templates below: the relation of a wrapper and
/// the wrapper of a relation.
template <class W> struct Acc;
template <> struct Acc<PySet> {
  static const Relation &get(const PySet &w) { return w.r; }
  static PySet make(Relation r) { return PySet{checkedSet(std::move(r))}; }
  static constexpr bool isMap = false;
};
template <> struct Acc<PyMap> {
  static const Relation &get(const PyMap &w) { return w.r; }
  static PyMap make(Relation r) { return PyMap{checkedMap(std::move(r))}; }
  static constexpr bool isMap = true;
};
template <> struct Acc<PyBasicSet> {
  static Relation get(const PyBasicSet &w) { return Relation(w.b); }
  static PyBasicSet make(Relation r) {
    return PyBasicSet{checkedBasicSet(asBasic(r, "basic set"))};
  }
  static constexpr bool isMap = false;
};
template <> struct Acc<PyBasicMap> {
  static Relation get(const PyBasicMap &w) { return Relation(w.b); }
  static PyBasicMap make(Relation r) {
    return PyBasicMap{checkedBasicMap(asBasic(r, "basic map"))};
  }
  static constexpr bool isMap = true;
};

template <class W> const Space &spaceOf(const W &w) {
  if constexpr (std::is_same_v<W, PyBasicSet> || std::is_same_v<W, PyBasicMap>)
    return w.b.space();
  else
    return w.r.space();
}

/// The set dimension type of a set, `dt` of a map: islpy's
/// get_tuple_name() / set_tuple_name(name) on sets take no dim_type.
VarKind tupleKind(const Space &s, std::optional<DimType> dt) {
  if (!dt)
    return s.isRelation() ? VarKind::Range : varKind(DimType::out, s);
  return varKind(*dt, s);
}

std::optional<std::string> tupleName(const Space &s, VarKind k) {
  if (k == VarKind::Param)
    return std::nullopt;
  const Tuple &t = k == VarKind::Domain ? s.domainTuple() : s.rangeTuple();
  if (!t.hasName())
    return std::nullopt;
  return t.name();
}

/// Keeps the parameters of `like` (a superset of r's, by name) and its
/// dimension names: used where an operation drops a parameter or a
/// dimension and puts it back.
Relation withParams(Relation r, const std::vector<std::string> &params) {
  r.alignParams(params);
  return r;
}

/// isl's eliminate: the variables become unconstrained but stay.
Relation eliminate(const Relation &r, VarKind k, unsigned first, unsigned n) {
  checkRange(r.space(), k, first, n, "eliminate");
  if (k == VarKind::Param) {
    std::vector<std::string> params = r.space().paramNames();
    Relation p = r.projectOut(k, first, n);
    Relation out = withParams(p, params);
    out.setSpace(r.space());
    return out;
  }
  Relation out = r.projectOut(k, first, n).insertDims(k, first, n);
  out.setSpace(r.space());
  return out;
}

/// isl's insert_dims / add_dims; for parameters, new names p<k> that the
/// space does not use yet (isl's are unnamed; ours are identified by name).
Relation insertDims(const Relation &r, DimType dt, unsigned pos, unsigned n) {
  VarKind k = varKind(dt, r.space());
  if (k == VarKind::Param) {
    std::vector<std::string> params = r.space().paramNames();
    if (pos > params.size())
      throw presburger::InvalidArgument("insert_dims: position past the end");
    std::vector<std::string> fresh;
    for (unsigned i = 0; fresh.size() < n; ++i) {
      std::string name = "p" + std::to_string(i);
      bool used = false;
      for (const std::string &p : params)
        used = used || p == name;
      if (!used)
        fresh.push_back(name);
    }
    std::vector<std::string> all = params;
    all.insert(all.begin() + pos, fresh.begin(), fresh.end());
    Relation out = r;
    out.alignParams(all);
    return out;
  }
  // Keep the name hints of the dimensions that were there.
  Relation out = r.insertDims(k, pos, n);
  const Tuple &old =
      k == VarKind::Domain ? r.space().domainTuple() : r.space().rangeTuple();
  if (!old.isNested()) {
    std::vector<std::string> names = old.dimNames();
    names.insert(names.begin() + pos, n, "");
    Tuple t(old.name(), old.numDims() + n);
    t.setDimNames(names);
    out.setSpace(k == VarKind::Domain ? out.space().withDomainTuple(t)
                                      : out.space().withRangeTuple(t));
  }
  return out;
}

Relation detectEqualities(const Relation &r) {
  Relation out(r.space());
  for (BasicRelation b : r.disjuncts())
    if (b.detectEqualities())
      out.addDisjunct(std::move(b));
  return out;
}

/// isl's make_disjoint: the same points as disjoint basic sets.
Relation makeDisjoint(const Relation &r) {
  Relation out(r.space());
  Relation seen(r.space());
  for (const BasicRelation &b : r.disjuncts()) {
    Relation piece = Relation(b).subtract(seen);
    for (const BasicRelation &x : piece.disjuncts())
      out.addDisjunct(x);
    seen = seen.unite(Relation(b));
  }
  return out;
}

bool isStrictSubset(const Relation &a, const Relation &b) {
  return a.isSubsetOf(b) && !b.isSubsetOf(a);
}

/// Equality by meaning; objects of different shapes are simply unequal.
bool equalOrFalse(const Relation &a, const Relation &b) {
  if (!a.space().sameTuples(b.space()))
    return false;
  return a.isEqual(b);
}

/// Rows of a basic relation for the Python Constraint class: (is_equality,
/// coefficients over params | dims | locals, constant).
using Row = std::tuple<bool, std::vector<Int>, Int>;
std::vector<Row> constraintRows(const BasicRelation &b) {
  std::vector<Row> rows;
  auto add = [&](presburger::ConstRow row, bool eq) {
    std::vector<Int> coeffs;
    for (unsigned c = 0; c < b.numVars(); ++c)
      coeffs.push_back(row[c]);
    rows.emplace_back(eq, std::move(coeffs), row[b.constCol()]);
  };
  for (unsigned i = 0; i < b.numEqualities(); ++i)
    add(b.equality(i), true);
  for (unsigned i = 0; i < b.numInequalities(); ++i)
    add(b.inequality(i), false);
  return rows;
}

/// The divisions of a basic relation: per local, (numerator over params |
/// dims | locals, constant, denominator) or None when it is a plain
/// existential.
using DivDef = std::optional<std::tuple<std::vector<Int>, Int, Int>>;
std::vector<DivDef> divDefs(const BasicRelation &b) {
  std::vector<DivDef> out;
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (!b.hasDivDef(k)) {
      out.push_back(std::nullopt);
      continue;
    }
    presburger::ConstRow num = b.divNumerator(k);
    std::vector<Int> coeffs;
    for (unsigned c = 0; c < b.numVars(); ++c)
      coeffs.push_back(num[c]);
    out.push_back(
        std::make_tuple(coeffs, num[b.constCol()], b.divDenominator(k)));
  }
  return out;
}

/// Adds one constraint over params | dims (no locals) to `b`.
BasicRelation addRow(const BasicRelation &b, bool eq,
                     const std::vector<Int> &coeffs, const Int &constant) {
  unsigned nv = b.space().offset(VarKind::Local);
  if (coeffs.size() != nv)
    throw presburger::InvalidArgument(
        "add_constraint: " + std::to_string(coeffs.size()) +
        " coefficients for " + std::to_string(nv) + " variables");
  BasicRelation out = b;
  std::vector<Int> row(out.numCols(), Int(0));
  for (unsigned c = 0; c < nv; ++c)
    row[c] = coeffs[c];
  row[out.constCol()] = constant;
  if (eq)
    out.addEquality(row);
  else
    out.addInequality(row);
  return out;
}

//===----------------------------------------------------------------------===//
// The operations every Set/Map (and BasicSet/BasicMap) class has: names,
// dimensions, and the operations that keep one conjunction.
//===----------------------------------------------------------------------===//

template <class W, class C> void bindShapeOps(C &cls) {
  using A = Acc<W>;
  cls.def("get_space", [](const W &w) { return PySpace{spaceOf(w)}; })
      .def_property_readonly("space",
                             [](const W &w) { return PySpace{spaceOf(w)}; })
      .def(
          "dim",
          [](const W &w, DimType dt) {
            unsigned locals = 0;
            if constexpr (std::is_same_v<W, PyBasicSet> ||
                          std::is_same_v<W, PyBasicMap>)
              locals = w.b.numLocals();
            return dimCount(dt, spaceOf(w), locals);
          },
          py::arg("type"))
      .def(
          "get_dim_name",
          [](const W &w, DimType dt, unsigned pos) {
            return spaceDimName(spaceOf(w), dt, pos);
          },
          py::arg("type"), py::arg("pos"))
      .def(
          "set_dim_name",
          [](const W &w, DimType dt, unsigned pos, const std::string &name) {
            Relation r = A::get(w);
            r.setSpace(spaceWithDimName(r.space(), dt, pos, name));
            return A::make(std::move(r));
          },
          py::arg("type"), py::arg("pos"), py::arg("name"), Guard())
      .def(
          "get_tuple_name",
          [](const W &w, std::optional<DimType> dt) {
            return tupleName(spaceOf(w), tupleKind(spaceOf(w), dt));
          },
          py::arg("type") = py::none())
      .def(
          "has_tuple_name",
          [](const W &w, std::optional<DimType> dt) {
            return tupleName(spaceOf(w), tupleKind(spaceOf(w), dt)).has_value();
          },
          py::arg("type") = py::none())
      .def("is_params", [](const W &w) { return spaceOf(w).isParams(); })
      .def(
          "project_out",
          [](const W &w, DimType dt, unsigned first, unsigned n) {
            const Relation &r = A::get(w);
            return A::make(r.projectOut(varKind(dt, r.space()), first, n));
          },
          py::arg("type"), py::arg("first"), py::arg("n"), Guard())
      .def(
          "eliminate",
          [](const W &w, DimType dt, unsigned first, unsigned n) {
            const Relation &r = A::get(w);
            return A::make(eliminate(r, varKind(dt, r.space()), first, n));
          },
          py::arg("type"), py::arg("first"), py::arg("n"), Guard())
      .def(
          "fix_si",
          [](const W &w, DimType dt, unsigned pos, const Int &v) {
            const Relation &r = A::get(w);
            return A::make(r.fix(varKind(dt, r.space()), pos, v));
          },
          py::arg("type"), py::arg("pos"), py::arg("value"), Guard())
      .def(
          "fix_val",
          [](const W &w, DimType dt, unsigned pos, const Int &v) {
            const Relation &r = A::get(w);
            return A::make(r.fix(varKind(dt, r.space()), pos, v));
          },
          py::arg("type"), py::arg("pos"), py::arg("value"), Guard())
      .def(
          "lower_bound_si",
          [](const W &w, DimType dt, unsigned pos, const Int &v) {
            const Relation &r = A::get(w);
            return A::make(r.lowerBound(varKind(dt, r.space()), pos, v));
          },
          py::arg("type"), py::arg("pos"), py::arg("value"), Guard())
      .def(
          "lower_bound_val",
          [](const W &w, DimType dt, unsigned pos, const Int &v) {
            const Relation &r = A::get(w);
            return A::make(r.lowerBound(varKind(dt, r.space()), pos, v));
          },
          py::arg("type"), py::arg("pos"), py::arg("value"), Guard())
      .def(
          "upper_bound_si",
          [](const W &w, DimType dt, unsigned pos, const Int &v) {
            const Relation &r = A::get(w);
            return A::make(r.upperBound(varKind(dt, r.space()), pos, v));
          },
          py::arg("type"), py::arg("pos"), py::arg("value"), Guard())
      .def(
          "upper_bound_val",
          [](const W &w, DimType dt, unsigned pos, const Int &v) {
            const Relation &r = A::get(w);
            return A::make(r.upperBound(varKind(dt, r.space()), pos, v));
          },
          py::arg("type"), py::arg("pos"), py::arg("value"), Guard())
      .def(
          "insert_dims",
          [](const W &w, DimType dt, unsigned pos, unsigned n) {
            return A::make(insertDims(A::get(w), dt, pos, n));
          },
          py::arg("type"), py::arg("pos"), py::arg("n"), Guard())
      .def(
          "add_dims",
          [](const W &w, DimType dt, unsigned n) {
            const Relation &r = A::get(w);
            unsigned pos = r.space().numVars(varKind(dt, r.space()));
            return A::make(insertDims(r, dt, pos, n));
          },
          py::arg("type"), py::arg("n"), Guard())
      .def(
          "move_dims",
          [](const W &w, DimType dstType, unsigned dstPos, DimType srcType,
             unsigned srcPos, unsigned n) {
            const Relation &r = A::get(w);
            return A::make(r.moveDims(varKind(dstType, r.space()), dstPos,
                                      varKind(srcType, r.space()), srcPos, n));
          },
          py::arg("dst_type"), py::arg("dst_pos"), py::arg("src_type"),
          py::arg("src_pos"), py::arg("n"), Guard())
      .def(
          "remove_redundancies",
          [](const W &w) { return A::make(A::get(w).removeRedundancies()); },
          Guard())
      .def(
          "detect_equalities",
          [](const W &w) { return A::make(detectEqualities(A::get(w))); },
          Guard())
      .def(
          "plain_is_empty",
          [](const W &w) {
            const Relation &r = A::get(w);
            for (const BasicRelation &b : r.disjuncts())
              if (!b.isObviouslyEmpty())
                return false;
            return true;
          },
          Guard())
      .def(
          "intersect_params",
          [](const W &w, const PySet &params) {
            return A::make(intersectParams(A::get(w), params.r));
          },
          py::arg("params"), Guard())
      .def("set_tuple_name",
           [](const W &w, py::args args) {
             // Set.set_tuple_name(name); Map.set_tuple_name(dim_type, name).
             std::optional<DimType> dt;
             std::string name;
             if (args.size() < 1 || args.size() > 2)
               throw py::type_error(
                   "set_tuple_name([type,] name): one or two arguments");
             if (args.size() == 2)
               dt = args[0].cast<DimType>();
             py::handle n = args[args.size() - 1];
             if (!n.is_none())
               name = n.cast<std::string>();
             py::gil_scoped_release release;
             BudgetGuard budget;
             const Relation &r = A::get(w);
             return A::make(r.setTupleName(tupleKind(r.space(), dt), name));
           })
      .def(
          "__str__",
          [](const W &w) { return presburger::printRelation(A::get(w)); },
          Guard())
      .def(
          "to_str",
          [](const W &w) { return presburger::printRelation(A::get(w)); },
          Guard())
      .def("__hash__", [](const W &w) { return shapeHash(spaceOf(w)); })
      .def("_shape_hash", [](const W &w) { return shapeHash(spaceOf(w)); });
}

//===----------------------------------------------------------------------===//
// The operations of Set and Map
//===----------------------------------------------------------------------===//

template <class W, class C> void bindRelationOps(C &cls) {
  using A = Acc<W>;
  using BW = std::conditional_t<A::isMap, PyBasicMap, PyBasicSet>;
  using BA = Acc<BW>;
  cls.def(
         "intersect",
         [](const W &a, const W &b) { return A::make(a.r.intersect(b.r)); },
         py::arg("other"), Guard())
      .def(
          "union",
          [](const W &a, const W &b) { return A::make(a.r.unite(b.r)); },
          py::arg("other"), Guard())
      .def(
          "subtract",
          [](const W &a, const W &b) { return A::make(a.r.subtract(b.r)); },
          py::arg("other"), Guard())
      .def(
          "complement", [](const W &a) { return A::make(a.r.complement()); },
          Guard())
      .def(
          "is_empty", [](const W &a) { return a.r.isEmpty(); }, Guard())
      .def(
          "is_universe", [](const W &a) { return a.r.isUniverse(); }, Guard())
      .def(
          "is_subset",
          [](const W &a, const W &b) { return a.r.isSubsetOf(b.r); },
          py::arg("other"), Guard())
      .def(
          "is_strict_subset",
          [](const W &a, const W &b) { return isStrictSubset(a.r, b.r); },
          py::arg("other"), Guard())
      .def(
          "is_equal",
          [](const W &a, const W &b) { return equalOrFalse(a.r, b.r); },
          py::arg("other"), Guard())
      .def(
          "is_disjoint",
          [](const W &a, const W &b) { return a.r.isDisjoint(b.r); },
          py::arg("other"), Guard())
      .def(
          "gist", [](const W &a, const W &b) { return A::make(a.r.gist(b.r)); },
          py::arg("context"), Guard())
      .def(
          "gist_params",
          [](const W &a, const PySet &p) {
            return A::make(a.r.gistParams(p.r));
          },
          py::arg("context"), Guard())
      .def(
          "coalesce", [](const W &a) { return A::make(a.r.coalesce()); },
          Guard())
      .def(
          "lexmin", [](const W &a) { return A::make(a.r.lexmin()); }, Guard())
      .def(
          "lexmax", [](const W &a) { return A::make(a.r.lexmax()); }, Guard())
      .def(
          "params", [](const W &a) { return PySet{a.r.params()}; }, Guard())
      .def(
          "sample_point", [](const W &a) { return pointOf(a.r); }, Guard())
      .def(
          "sample",
          [](const W &a) {
            PyPoint p = pointOf(a.r);
            if (p.isVoid)
              return BW{BasicRelation::empty(a.r.space())};
            Relation s = Relation::universe(a.r.space());
            const Space &sp = a.r.space();
            unsigned k = 0;
            for (unsigned i = 0; i < sp.numParams(); ++i)
              s = s.fix(VarKind::Param, i, p.values[k++]);
            for (unsigned i = 0; i < sp.numDomain(); ++i)
              s = s.fix(VarKind::Domain, i, p.values[k++]);
            for (unsigned i = 0; i < sp.numRange(); ++i)
              s = s.fix(VarKind::Range, i, p.values[k++]);
            return BA::make(s);
          },
          Guard())
      .def(
          "contains_point",
          [](const W &a, const std::vector<Int> &values) {
            return a.r.containsPoint(values);
          },
          py::arg("values"), Guard())
      .def("n_basic_set", [](const W &a) { return a.r.numDisjuncts(); })
      .def("n_basic_map", [](const W &a) { return a.r.numDisjuncts(); })
      .def(
          "_basic_parts",
          [](const W &a) {
            std::vector<BW> out;
            for (const BasicRelation &b : a.r.disjuncts())
              out.push_back(BW{b});
            return out;
          },
          Guard())
      .def(
          "convex_hull", [](const W &a) { return BW{a.r.convexHull()}; },
          Guard())
      .def(
          "polyhedral_hull",
          [](const W &a) { return BW{a.r.polyhedralHull()}; }, Guard())
      .def(
          "simple_hull", [](const W &a) { return BW{a.r.simpleHull()}; },
          Guard())
      .def(
          "affine_hull", [](const W &a) { return BW{a.r.affineHull()}; },
          Guard())
      .def(
          "remove_divs", [](const W &a) { return A::make(a.r.removeDivs()); },
          Guard())
      .def(
          "compute_divs", [](const W &a) { return A::make(computeDivs(a.r)); },
          Guard())
      .def(
          "make_disjoint",
          [](const W &a) { return A::make(makeDisjoint(a.r)); }, Guard())
      .def(
          "product",
          [](const W &a, const W &b) { return A::make(a.r.product(b.r)); },
          py::arg("other"), Guard())
      .def(
          "count_val", [](const W &a) { return countPoints(a.r); }, Guard())
      .def(
          "_points", [](const W &a) { return allPoints(a.r); }, Guard())
      .def(
          "dim_max_val",
          [](const W &a, unsigned pos) -> std::optional<Int> {
            presburger::DimBounds b = a.r.dimBounds(VarKind::Range, pos);
            if (b.empty)
              throw presburger::Error("dim_max_val of an empty set");
            return b.upper;
          },
          py::arg("pos"), Guard())
      .def(
          "dim_min_val",
          [](const W &a, unsigned pos) -> std::optional<Int> {
            presburger::DimBounds b = a.r.dimBounds(VarKind::Range, pos);
            if (b.empty)
              throw presburger::Error("dim_min_val of an empty set");
            return b.lower;
          },
          py::arg("pos"), Guard())
      .def(
          "_dim_bounds",
          [](const W &a, DimType dt, unsigned pos) {
            presburger::DimBounds b =
                a.r.dimBounds(varKind(dt, a.r.space()), pos);
            return std::make_tuple(b.empty, b.lower, b.upper, b.stride,
                                   b.offset);
          },
          py::arg("type"), py::arg("pos"), Guard());
}

//===----------------------------------------------------------------------===//
// Space
//===----------------------------------------------------------------------===//

std::vector<std::string> generatedParams(unsigned n) {
  std::vector<std::string> p;
  for (unsigned i = 0; i < n; ++i)
    p.push_back("p" + std::to_string(i));
  return p;
}

Tuple namedTuple(const std::vector<std::string> &names) {
  Tuple t(unsigned(names.size()));
  t.setDimNames(names);
  return t;
}

Space insertSpaceDims(const Space &s, DimType dt, unsigned pos, unsigned n) {
  Relation probe = Relation::universe(s);
  return insertDims(probe, dt, pos, n).space();
}

void bindSpace(py::module_ &m) {
  py::class_<PySpace>(m, "Space", "islpy's Space: parameters and tuples.")
      .def_static(
          "create_from_names",
          [](py::object, std::optional<std::vector<std::string>> set,
             std::optional<std::vector<std::string>> in,
             std::optional<std::vector<std::string>> out,
             std::vector<std::string> params) {
            if (set && (in || out))
              throw presburger::InvalidArgument(
                  "create_from_names: pass set, or in_ and out");
            if (set)
              return PySpace{Space::set(params, namedTuple(*set))};
            if (in && out)
              return PySpace{
                  Space::relation(params, namedTuple(*in), namedTuple(*out))};
            if (!in && !out)
              return PySpace{Space::params(params)};
            throw presburger::InvalidArgument(
                "create_from_names: pass set, or in_ and out");
          },
          py::arg("ctx"), py::arg("set") = py::none(),
          py::arg("in_") = py::none(), py::arg("out") = py::none(),
          py::arg("params") = std::vector<std::string>())
      .def_static(
          "set_alloc",
          [](py::object, unsigned nparam, unsigned dim) {
            return PySpace{Space::set(generatedParams(nparam), Tuple(dim))};
          },
          py::arg("ctx"), py::arg("nparam"), py::arg("dim"))
      .def_static(
          "alloc",
          [](py::object, unsigned nparam, unsigned nIn, unsigned nOut) {
            return PySpace{Space::relation(generatedParams(nparam), Tuple(nIn),
                                           Tuple(nOut))};
          },
          py::arg("ctx"), py::arg("nparam"), py::arg("n_in"), py::arg("n_out"))
      .def_static(
          "params_alloc",
          [](py::object, unsigned nparam) {
            return PySpace{Space::params(generatedParams(nparam))};
          },
          py::arg("ctx"), py::arg("nparam"))
      .def_static(
          "map_from_domain_and_range",
          [](const PySpace &dom, const PySpace &ran) {
            if (!dom.s.isSet() || !ran.s.isSet())
              throw SpaceError("map_from_domain_and_range needs set spaces");
            return PySpace{Space::relation(
                presburger::mergeParams(dom.s.paramNames(), ran.s.paramNames()),
                dom.s.setTuple(), ran.s.setTuple())};
          },
          py::arg("domain"), py::arg("range"))
      .def(
          "dim", [](const PySpace &s, DimType dt) { return dimCount(dt, s.s); },
          py::arg("type"))
      .def(
          "get_dim_name",
          [](const PySpace &s, DimType dt, unsigned pos) {
            return spaceDimName(s.s, dt, pos);
          },
          py::arg("type"), py::arg("pos"))
      .def(
          "set_dim_name",
          [](const PySpace &s, DimType dt, unsigned pos,
             const std::string &name) {
            return PySpace{spaceWithDimName(s.s, dt, pos, name)};
          },
          py::arg("type"), py::arg("pos"), py::arg("name"))
      .def(
          "get_tuple_name",
          [](const PySpace &s, DimType dt) {
            return tupleName(s.s, varKind(dt, s.s));
          },
          py::arg("type"))
      .def(
          "has_tuple_name",
          [](const PySpace &s, DimType dt) {
            return tupleName(s.s, varKind(dt, s.s)).has_value();
          },
          py::arg("type"))
      .def(
          "set_tuple_name",
          [](const PySpace &s, DimType dt, std::optional<std::string> name) {
            VarKind k = varKind(dt, s.s);
            std::string n = name.value_or("");
            if (k == VarKind::Domain)
              return PySpace{
                  s.s.withDomainTuple(s.s.domainTuple().withName(n))};
            if (k == VarKind::Range)
              return PySpace{s.s.withRangeTuple(s.s.rangeTuple().withName(n))};
            throw presburger::InvalidArgument(
                "set_tuple_name: parameters have no tuple");
          },
          py::arg("type"), py::arg("name"))
      .def(
          "insert_dims",
          [](const PySpace &s, DimType dt, unsigned pos, unsigned n) {
            return PySpace{insertSpaceDims(s.s, dt, pos, n)};
          },
          py::arg("type"), py::arg("pos"), py::arg("n"))
      .def(
          "add_dims",
          [](const PySpace &s, DimType dt, unsigned n) {
            unsigned pos = s.s.numVars(varKind(dt, s.s));
            return PySpace{insertSpaceDims(s.s, dt, pos, n)};
          },
          py::arg("type"), py::arg("n"))
      .def("is_params", [](const PySpace &s) { return s.s.isParams(); })
      .def("is_set", [](const PySpace &s) { return s.s.isSet(); })
      .def("is_map", [](const PySpace &s) { return s.s.isRelation(); })
      .def("is_wrapping",
           [](const PySpace &s) {
             return s.s.isSet() && s.s.setTuple().isNested();
           })
      .def("params",
           [](const PySpace &s) { return PySpace{s.s.paramsSpace()}; })
      .def("domain",
           [](const PySpace &s) {
             if (!s.s.isRelation())
               throw SpaceError("domain of a set space");
             return PySpace{s.s.domainSpace()};
           })
      .def("range",
           [](const PySpace &s) {
             if (!s.s.isRelation())
               throw SpaceError("range of a set space");
             return PySpace{s.s.rangeSpace()};
           })
      .def("reverse",
           [](const PySpace &s) {
             if (!s.s.isRelation())
               throw SpaceError("reverse of a set space");
             return PySpace{s.s.reversed()};
           })
      .def("wrap",
           [](const PySpace &s) {
             if (!s.s.isRelation())
               throw SpaceError("wrap of a set space");
             return PySpace{s.s.wrapped()};
           })
      .def("unwrap", [](const PySpace &s) { return PySpace{s.s.unwrapped()}; })
      .def("map_from_set",
           [](const PySpace &s) {
             if (!s.s.isSet())
               throw SpaceError("map_from_set needs a set space");
             return PySpace{Space::relation(s.s.paramNames(), s.s.setTuple(),
                                            s.s.setTuple())};
           })
      .def(
          "is_equal",
          [](const PySpace &a, const PySpace &b) { return a.s == b.s; },
          py::arg("other"))
      .def("__eq__",
           [](const PySpace &a, py::object b) {
             if (!py::isinstance<PySpace>(b))
               return false;
             return a.s == b.cast<const PySpace &>().s;
           })
      .def("__ne__",
           [](const PySpace &a, py::object b) {
             if (!py::isinstance<PySpace>(b))
               return true;
             return !(a.s == b.cast<const PySpace &>().s);
           })
      .def("__hash__",
           [](const PySpace &s) {
             size_t h = shapeHash(s.s);
             for (const std::string &p : s.s.paramNames())
               h = h * 31 + std::hash<std::string>()(p);
             return h;
           })
      .def("__str__", [](const PySpace &s) { return s.s.toString(); })
      .def("_param_names", [](const PySpace &s) { return s.s.paramNames(); });
}

//===----------------------------------------------------------------------===//
// Point
//===----------------------------------------------------------------------===//

unsigned pointIndex(const PyPoint &p, DimType dt, unsigned pos) {
  VarKind k = varKind(dt, p.s);
  if (k == VarKind::Local)
    throw presburger::InvalidArgument("a point has no divisions");
  if (pos >= p.s.numVars(k))
    throw presburger::InvalidArgument("coordinate past the end");
  return p.s.offset(k) + pos;
}

void bindPoint(py::module_ &m) {
  py::class_<PyPoint>(m, "Point", "islpy's Point: an integer point.")
      .def("get_space", [](const PyPoint &p) { return PySpace{p.s}; })
      .def_property_readonly("space",
                             [](const PyPoint &p) { return PySpace{p.s}; })
      .def("is_void", [](const PyPoint &p) { return p.isVoid; })
      .def(
          "_coordinate",
          [](const PyPoint &p, DimType dt, unsigned pos) {
            if (p.isVoid)
              throw presburger::InvalidArgument("a void point has no values");
            return p.values[pointIndex(p, dt, pos)];
          },
          py::arg("type"), py::arg("pos"))
      .def(
          "_set_coordinate",
          [](const PyPoint &p, DimType dt, unsigned pos, const Int &v) {
            if (p.isVoid)
              throw presburger::InvalidArgument("a void point has no values");
            PyPoint q = p;
            q.values[pointIndex(p, dt, pos)] = v;
            return q;
          },
          py::arg("type"), py::arg("pos"), py::arg("value"))
      .def_static(
          "zero",
          [](const PySpace &s) {
            return PyPoint{
                s.s, std::vector<Int>(s.s.numParams() + s.s.numDims(), Int(0)),
                false};
          },
          py::arg("space"))
      .def("_values", [](const PyPoint &p) { return p.values; })
      .def(
          "to_set",
          [](const PyPoint &p) {
            if (p.isVoid)
              return PySet{Relation::empty(p.s)};
            Relation s = Relation::universe(p.s);
            unsigned k = 0;
            for (unsigned i = 0; i < p.s.numParams(); ++i)
              s = s.fix(VarKind::Param, i, p.values[k++]);
            for (unsigned i = 0; i < p.s.numDomain(); ++i)
              s = s.fix(VarKind::Domain, i, p.values[k++]);
            for (unsigned i = 0; i < p.s.numRange(); ++i)
              s = s.fix(VarKind::Range, i, p.values[k++]);
            return PySet{s};
          },
          Guard());
}

} // namespace

void bindSets(py::module_ &m) {
  bindSpace(m);
  bindPoint(m);

  //===------------------------------------------------------------------===//
  // BasicSet, BasicMap
  //===------------------------------------------------------------------===//
  py::class_<PyBasicSet> bset(
      m, "BasicSet", "islpy's BasicSet: one conjunction of constraints.");
  bset.def(py::init([](const std::string &text, py::handle) {
             return PyBasicSet{
                 checkedBasicSet(presburger::parseBasicRelation(text))};
           }),
           py::arg("s"), py::arg("context") = py::none(), Guard())
      .def_static(
          "universe",
          [](const PySpace &s) {
            return PyBasicSet{checkedBasicSet(BasicRelation::universe(s.s))};
          },
          py::arg("space"))
      .def_static(
          "empty",
          [](const PySpace &s) {
            return PyBasicSet{checkedBasicSet(BasicRelation::empty(s.s))};
          },
          py::arg("space"))
      .def(
          "intersect",
          [](const PyBasicSet &a, const PyBasicSet &b) {
            return PyBasicSet{a.b.intersect(b.b)};
          },
          py::arg("other"), Guard())
      .def(
          "apply",
          [](const PyBasicSet &a, const PyBasicMap &f) {
            return Acc<PyBasicSet>::make(Relation(a.b).apply(Relation(f.b)));
          },
          py::arg("map"), Guard())
      .def(
          "affine_hull",
          [](const PyBasicSet &a) {
            return PyBasicSet{Relation(a.b).affineHull()};
          },
          Guard())
      .def("to_set", [](const PyBasicSet &a) { return PySet{Relation(a.b)}; })
      .def("n_div", [](const PyBasicSet &a) { return a.b.numLocals(); })
      .def("_rows", [](const PyBasicSet &a) { return constraintRows(a.b); })
      .def("_divs", [](const PyBasicSet &a) { return divDefs(a.b); })
      .def(
          "_add_row",
          [](const PyBasicSet &a, bool eq, const std::vector<Int> &coeffs,
             const Int &c) { return PyBasicSet{addRow(a.b, eq, coeffs, c)}; },
          Guard());
  bindShapeOps<PyBasicSet>(bset);

  py::class_<PyBasicMap> bmap(
      m, "BasicMap", "islpy's BasicMap: one conjunction of constraints.");
  bmap.def(py::init([](const std::string &text, py::handle) {
             return PyBasicMap{
                 checkedBasicMap(presburger::parseBasicRelation(text))};
           }),
           py::arg("s"), py::arg("context") = py::none(), Guard())
      .def_static(
          "universe",
          [](const PySpace &s) {
            return PyBasicMap{checkedBasicMap(BasicRelation::universe(s.s))};
          },
          py::arg("space"))
      .def_static(
          "empty",
          [](const PySpace &s) {
            return PyBasicMap{checkedBasicMap(BasicRelation::empty(s.s))};
          },
          py::arg("space"))
      .def(
          "intersect",
          [](const PyBasicMap &a, const PyBasicMap &b) {
            return PyBasicMap{a.b.intersect(b.b)};
          },
          py::arg("other"), Guard())
      .def(
          "apply_range",
          [](const PyBasicMap &a, const PyBasicMap &b) {
            return Acc<PyBasicMap>::make(
                Relation(a.b).applyRange(Relation(b.b)));
          },
          py::arg("other"), Guard())
      .def(
          "apply_domain",
          [](const PyBasicMap &a, const PyBasicMap &b) {
            return Acc<PyBasicMap>::make(
                Relation(a.b).applyDomain(Relation(b.b)));
          },
          py::arg("other"), Guard())
      .def(
          "reverse",
          [](const PyBasicMap &a) {
            return Acc<PyBasicMap>::make(Relation(a.b).reverse());
          },
          Guard())
      .def(
          "domain",
          [](const PyBasicMap &a) {
            return Acc<PyBasicSet>::make(Relation(a.b).domain());
          },
          Guard())
      .def(
          "range",
          [](const PyBasicMap &a) {
            return Acc<PyBasicSet>::make(Relation(a.b).range());
          },
          Guard())
      .def(
          "deltas",
          [](const PyBasicMap &a) {
            return Acc<PyBasicSet>::make(Relation(a.b).deltas());
          },
          Guard())
      .def(
          "wrap",
          [](const PyBasicMap &a) {
            return Acc<PyBasicSet>::make(Relation(a.b).wrap());
          },
          Guard())
      .def(
          "affine_hull",
          [](const PyBasicMap &a) {
            return PyBasicMap{Relation(a.b).affineHull()};
          },
          Guard())
      .def("to_map", [](const PyBasicMap &a) { return PyMap{Relation(a.b)}; })
      .def("n_div", [](const PyBasicMap &a) { return a.b.numLocals(); })
      .def("_rows", [](const PyBasicMap &a) { return constraintRows(a.b); })
      .def("_divs", [](const PyBasicMap &a) { return divDefs(a.b); })
      .def(
          "_add_row",
          [](const PyBasicMap &a, bool eq, const std::vector<Int> &coeffs,
             const Int &c) { return PyBasicMap{addRow(a.b, eq, coeffs, c)}; },
          Guard());
  bindShapeOps<PyBasicMap>(bmap);

  //===------------------------------------------------------------------===//
  // Set
  //===------------------------------------------------------------------===//
  py::class_<PySet> set(m, "Set",
                        "islpy's Set: a finite union of basic sets in one "
                        "space (also a parameter set).");
  set.def(py::init([](const std::string &text, py::handle) {
            return PySet{checkedSet(presburger::parseRelation(text))};
          }),
          py::arg("s"), py::arg("context") = py::none(), Guard())
      .def(py::init([](const PyBasicSet &b) { return PySet{Relation(b.b)}; }),
           py::arg("bset"))
      .def_static(
          "universe",
          [](const PySpace &s) {
            return PySet{checkedSet(Relation::universe(s.s))};
          },
          py::arg("space"))
      .def_static(
          "empty",
          [](const PySpace &s) {
            return PySet{checkedSet(Relation::empty(s.s))};
          },
          py::arg("space"))
      .def_static(
          "from_basic_set",
          [](const PyBasicSet &b) { return PySet{Relation(b.b)}; },
          py::arg("bset"))
      .def("to_set", [](const PySet &s) { return s; })
      .def(
          "apply",
          [](const PySet &s, const PyMap &f) {
            return PySet{checkedSet(s.r.apply(f.r))};
          },
          py::arg("map"), Guard())
      .def(
          "identity",
          [](const PySet &s) {
            return PyMap{Relation::identity(s.r.space()).intersectDomain(s.r)};
          },
          Guard())
      .def(
          "unwrap", [](const PySet &s) { return PyMap{s.r.unwrap()}; }, Guard())
      .def("is_wrapping",
           [](const PySet &s) {
             return s.r.isSet() && s.r.space().setTuple().isNested();
           })
      .def(
          "lex_lt_set",
          [](const PySet &a, const PySet &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::LT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_le_set",
          [](const PySet &a, const PySet &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::LE)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_gt_set",
          [](const PySet &a, const PySet &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::GT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_ge_set",
          [](const PySet &a, const PySet &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::GE)};
          },
          py::arg("other"), Guard())
      .def(
          "flat_product",
          [](const PySet &a, const PySet &b) {
            return PySet{a.r.flatProduct(b.r)};
          },
          py::arg("other"), Guard())
      .def(
          "foreach_point",
          [](const PySet &s, const std::function<void(PyPoint)> &f) {
            std::vector<std::vector<Int>> pts;
            {
              py::gil_scoped_release release;
              BudgetGuard budget;
              pts = allPoints(s.r);
            }
            for (auto &p : pts)
              f(PyPoint{s.r.space(), std::move(p), false});
          },
          py::arg("callback"));
  bindShapeOps<PySet>(set);
  bindRelationOps<PySet>(set);
  py::implicitly_convertible<PyBasicSet, PySet>();

  //===------------------------------------------------------------------===//
  // Map
  //===------------------------------------------------------------------===//
  py::class_<PyMap> map(m, "Map",
                        "islpy's Map: a finite union of basic maps in one "
                        "space.");
  map.def(py::init([](const std::string &text, py::handle) {
            return PyMap{checkedMap(presburger::parseRelation(text))};
          }),
          py::arg("s"), py::arg("context") = py::none(), Guard())
      .def(py::init([](const PyBasicMap &b) { return PyMap{Relation(b.b)}; }),
           py::arg("bmap"))
      .def_static(
          "universe",
          [](const PySpace &s) {
            return PyMap{checkedMap(Relation::universe(s.s))};
          },
          py::arg("space"))
      .def_static(
          "empty",
          [](const PySpace &s) {
            return PyMap{checkedMap(Relation::empty(s.s))};
          },
          py::arg("space"))
      .def_static(
          "from_basic_map",
          [](const PyBasicMap &b) { return PyMap{Relation(b.b)}; },
          py::arg("bmap"))
      .def_static(
          "identity",
          [](const PySpace &s) {
            if (!s.s.isRelation())
              throw SpaceError("Map.identity needs a map space");
            Relation id = Relation::identity(s.s.domainSpace());
            if (s.s.numDomain() != s.s.numRange())
              throw SpaceError("Map.identity: the domain and range of " +
                               s.s.toString() + " differ in size");
            id.setSpace(s.s);
            return PyMap{id};
          },
          py::arg("space"))
      .def_static(
          "from_domain_and_range",
          [](const PySet &dom, const PySet &ran) {
            Relation u =
                Relation::universeBetween(dom.r.space(), ran.r.space());
            return PyMap{u.intersectDomain(dom.r).intersectRange(ran.r)};
          },
          py::arg("domain"), py::arg("range"), Guard())
      .def_static(
          "lex_lt",
          [](const PySpace &s) {
            return PyMap{Relation::lexOrder(s.s, s.s, LexOrder::LT)};
          },
          py::arg("set_space"))
      .def_static(
          "lex_le",
          [](const PySpace &s) {
            return PyMap{Relation::lexOrder(s.s, s.s, LexOrder::LE)};
          },
          py::arg("set_space"))
      .def_static(
          "lex_gt",
          [](const PySpace &s) {
            return PyMap{Relation::lexOrder(s.s, s.s, LexOrder::GT)};
          },
          py::arg("set_space"))
      .def_static(
          "lex_ge",
          [](const PySpace &s) {
            return PyMap{Relation::lexOrder(s.s, s.s, LexOrder::GE)};
          },
          py::arg("set_space"))
      .def("to_map", [](const PyMap &s) { return s; })
      .def(
          "apply_range",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.applyRange(b.r)};
          },
          py::arg("other"), Guard())
      .def(
          "apply_domain",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.applyDomain(b.r)};
          },
          py::arg("other"), Guard())
      .def(
          "reverse", [](const PyMap &a) { return PyMap{a.r.reverse()}; },
          Guard())
      .def(
          "domain", [](const PyMap &a) { return PySet{a.r.domain()}; }, Guard())
      .def(
          "range", [](const PyMap &a) { return PySet{a.r.range()}; }, Guard())
      .def(
          "deltas", [](const PyMap &a) { return PySet{a.r.deltas()}; }, Guard())
      .def(
          "wrap", [](const PyMap &a) { return PySet{a.r.wrap()}; }, Guard())
      .def(
          "intersect_domain",
          [](const PyMap &a, const PySet &s) {
            return PyMap{a.r.intersectDomain(s.r)};
          },
          py::arg("set"), Guard())
      .def(
          "intersect_range",
          [](const PyMap &a, const PySet &s) {
            return PyMap{a.r.intersectRange(s.r)};
          },
          py::arg("set"), Guard())
      .def(
          "gist_domain",
          [](const PyMap &a, const PySet &s) {
            return PyMap{a.r.gistDomain(s.r)};
          },
          py::arg("context"), Guard())
      .def(
          "gist_range",
          [](const PyMap &a, const PySet &s) {
            return PyMap{a.r.gistRange(s.r)};
          },
          py::arg("context"), Guard())
      .def(
          "domain_product",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.domainProduct(b.r)};
          },
          py::arg("other"), Guard())
      .def(
          "range_product",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.rangeProduct(b.r)};
          },
          py::arg("other"), Guard())
      .def(
          "is_single_valued",
          [](const PyMap &a) { return a.r.isSingleValued(); }, Guard())
      .def(
          "is_injective", [](const PyMap &a) { return a.r.isInjective(); },
          Guard())
      .def(
          "is_bijective", [](const PyMap &a) { return a.r.isBijective(); },
          Guard())
      .def(
          "lex_lt_map",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::LT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_le_map",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::LE)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_gt_map",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::GT)};
          },
          py::arg("other"), Guard())
      .def(
          "lex_ge_map",
          [](const PyMap &a, const PyMap &b) {
            return PyMap{a.r.lexOrderTo(b.r, LexOrder::GE)};
          },
          py::arg("other"), Guard())
      .def(
          "transitive_closure",
          [](const PyMap &a) {
            presburger::ClosureResult c = presburger::transitiveClosure(a.r);
            return std::make_pair(PyMap{c.relation}, c.exact);
          },
          Guard())
      .def(
          "_power_int",
          [](const PyMap &a, uint64_t k) {
            return PyMap{presburger::power(a.r, k)};
          },
          py::arg("k"), Guard())
      .def(
          "_power_param",
          [](const PyMap &a, const std::string &k) {
            presburger::ClosureResult c = presburger::power(a.r, k);
            return std::make_pair(PyMap{c.relation}, c.exact);
          },
          py::arg("name"), Guard());
  bindShapeOps<PyMap>(map);
  bindRelationOps<PyMap>(map);
  py::implicitly_convertible<PyBasicMap, PyMap>();
}

} // namespace pyisl
