//===- Functions.cpp - Aff, PwAff, MultiAff, PwMultiAff -------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// islpy's quasi-affine function classes over the engine's (Aff.h, PwAff.h,
// MultiAff.h, PwMultiAff.h; docs/functions.md), under islpy's names, and
// the Set / Map methods that give or take functions (dim_min, dim_max,
// lexmin_pw_multi_aff, the preimages, the conversions). Values are
// integers: a division by a constant is exact (scale_down_val, div) or a
// floor division (`//`); the Python layer (presburger/_functions.py) adds
// the operators, Val results and the piece lists.
//
//===----------------------------------------------------------------------===//
#include "Common.h"

#include "presburger/Aff.h"
#include "presburger/FixedBox.h"
#include "presburger/FunctionText.h"
#include "presburger/MultiAff.h"
#include "presburger/PwAff.h"
#include "presburger/PwMultiAff.h"
#include "presburger/StrideInfo.h"

namespace pyisl {

namespace {

using presburger::Aff;
using presburger::InvalidArgument;
using presburger::MultiAff;
using presburger::PwAff;
using presburger::PwMultiAff;
using presburger::SpaceError;
using presburger::Tuple;

struct PyAff {
  Aff a;
};
struct PyPwAff {
  PwAff p;
};
struct PyMultiAff {
  MultiAff m;
};
struct PyPwMultiAff {
  PwMultiAff p;
};

/// Runs `fn` as the Guard does (GIL released, budget applied), for the
/// bindings that build Python objects from its result afterwards.
template <typename Fn> auto engine(Fn &&fn) {
  py::gil_scoped_release release;
  BudgetGuard budget;
  return fn();
}

//===----------------------------------------------------------------------===//
// Spaces
//===----------------------------------------------------------------------===//

/// The space of a function from `domain` (set or params space) to `range`:
/// a map space, or for a params domain the set space of the range (isl's
/// convention).
Space functionSpace(const Space &domain, const Tuple &range) {
  if (domain.isParams())
    return Space::set(domain.paramNames(), range);
  return Space::relation(domain.paramNames(), domain.setTuple(), range);
}
Space functionSpace(const Aff &a) {
  return functionSpace(a.domainSpace(), Tuple(1));
}

/// The domain space and range tuple of the function space `s` (see
/// functionSpace).
std::pair<Space, Tuple> splitFunctionSpace(const Space &s) {
  if (s.isRelation())
    return {s.domainSpace(), s.rangeTuple()};
  if (s.isSet())
    return {s.paramsSpace(), s.setTuple()};
  throw SpaceError("a function space is a map space (or a set space for a "
                   "function of the parameters), not " +
                   s.toString());
}

/// The domain space of a PwAff given by islpy's function space `s`: the
/// domain of a map space with one output, or the parameters of a set space
/// with one dimension.
Space pwAffDomain(const Space &s) {
  auto [domain, range] = splitFunctionSpace(s);
  if (range.numDims() != 1)
    throw SpaceError("an expression has one output; " + s.toString() + " has " +
                     std::to_string(range.numDims()));
  return domain;
}

/// The domain of an expression built on `s`: a set or params space (the
/// LocalSpace islpy passes is the space itself here).
Space checkedDomain(const Space &s) {
  if (s.isRelation())
    throw SpaceError("the domain of an expression is a set or params space, "
                     "not " +
                     s.toString());
  return s;
}

/// islpy's dim() of a function from `domain` with `numOut` outputs.
unsigned functionDim(const Space &domain, unsigned numOut, DimType dt,
                     unsigned numDivs = 0) {
  switch (dt) {
  case DimType::param:
    return domain.numParams();
  case DimType::in_:
    return domain.isParams() ? 0 : domain.numDims();
  case DimType::out:
    return numOut;
  case DimType::div:
    return numDivs;
  default:
    return domain.numParams() + (domain.isParams() ? 0 : domain.numDims()) +
           numOut;
  }
}

/// The values of `p` in the column order of `domain` (its parameters by
/// name, then its dimensions): the argument of the engine's eval.
presburger::Point pointFor(const PyPoint &p, const Space &domain) {
  if (p.isVoid)
    throw InvalidArgument("eval at a void point");
  if (!p.s.sameTuples(domain))
    throw SpaceError("eval: the point of " + p.s.toString() +
                     " is not in the domain " + domain.toString());
  presburger::Point out;
  for (const std::string &name : domain.paramNames()) {
    std::optional<unsigned> k = p.s.findParam(name);
    if (!k)
      throw InvalidArgument("eval: the point gives no value to parameter '" +
                            name + "'");
    out.push_back(p.values[*k]);
  }
  for (unsigned i = 0; i < p.s.numDims(); ++i)
    out.push_back(p.values[p.s.numParams() + i]);
  return out;
}

/// The point of the range space with the parameters of `domain` and the
/// values `outputs`.
PyPoint rangePoint(const Space &domain, const Tuple &range,
                   const presburger::Point &at,
                   const std::vector<Int> &outputs) {
  PyPoint q{Space::set(domain.paramNames(), range), {}, false};
  q.values.assign(at.begin(), at.begin() + domain.numParams());
  q.values.insert(q.values.end(), outputs.begin(), outputs.end());
  return q;
}

//===----------------------------------------------------------------------===//
// Aff helpers
//===----------------------------------------------------------------------===//

/// The column of localSpace() holding the coefficient of `dt` `pos`
/// (in_ and set both name the domain dimensions).
unsigned affColumn(const Aff &a, DimType dt, unsigned pos) {
  const Space &d = a.domainSpace();
  unsigned np = d.numParams(), nd = d.isParams() ? 0 : d.numDims();
  switch (dt) {
  case DimType::param:
    if (pos < np)
      return pos;
    break;
  case DimType::in_:
  case DimType::out:
    if (pos < nd)
      return np + pos;
    break;
  case DimType::div:
    if (pos < a.numDivs())
      return np + nd + pos;
    break;
  default:
    throw InvalidArgument(
        "dim_type.cst and dim_type.all name no coefficient; use "
        "get_constant_val");
  }
  throw InvalidArgument("coefficient position past the end");
}

/// `a` with the coefficient of column `col` (a parameter or dimension, or
/// the constant when col is the last column) increased by `delta`.
Aff addToColumn(const Aff &a, unsigned col, const Int &delta) {
  const Space &d = a.domainSpace();
  unsigned n = d.numParams() + (d.isParams() ? 0 : d.numDims());
  std::vector<Int> row(n + 1, Int(0));
  row[col < n ? col : n] = delta;
  return a.add(Aff::linear(d, row));
}

Aff setCoefficient(const Aff &a, DimType dt, unsigned pos, const Int &v) {
  if (dt == DimType::div)
    throw InvalidArgument("set_coefficient_val: the coefficients of "
                          "divisions are not settable here");
  unsigned col = affColumn(a, dt, pos);
  return addToColumn(a, col, v - a.row()[col]);
}

void checkSameDomain(const Space &a, const Space &b) {
  if (!a.sameTuples(b))
    throw SpaceError("expressions on different domains: " + a.toString() +
                     " and " + b.toString());
}

/// Whether d divides every coefficient of `a` (then a / d is an integer
/// expression).
bool dividesRow(const Aff &a, const Int &d) {
  Int m = abs(d);
  for (const Int &c : a.row())
    if (!mod(c, m).isZero())
      return false;
  return true;
}

/// a / d when d divides every coefficient (an integer expression); isl's
/// rational expressions have no counterpart here.
Aff exactDiv(const Aff &a, const Int &d) {
  if (d.isZero())
    throw InvalidArgument("division by zero");
  Int m = abs(d);
  if (!dividesRow(a, d))
    throw InvalidArgument(
        "the quotient is not integral (rational expressions are not "
        "implemented): use the floor division `//` or floor_div_val");
  Aff q = a.floorDiv(m); // exact: the floor of an integral quotient
  return d < Int(0) ? q.neg() : q;
}

/// The product, one operand a constant (isl's aff_mul).
Aff mulAff(const Aff &a, const Aff &b) {
  checkSameDomain(a.domainSpace(), b.domainSpace());
  if (b.isConstant())
    return a.scale(b.constantTerm());
  if (a.isConstant())
    return b.scale(a.constantTerm());
  throw InvalidArgument("the product of two non-constant expressions is not "
                        "quasi-affine");
}

PwAff piecewise(const PwAff &x, const std::function<Aff(const Aff &)> &op) {
  PwAff out(x.domainSpace());
  for (const PwAff::Piece &p : x.pieces())
    out.addPiece(p.domain, op(p.aff));
  return out;
}

bool isPiecewiseConstant(const PwAff &x) {
  for (const PwAff::Piece &p : x.pieces())
    if (!p.aff.isConstant())
      return false;
  return true;
}

/// The product, one operand piecewise constant (isl's pw_aff_mul), on the
/// intersection of the domains.
PwAff mulPwAff(const PwAff &a, const PwAff &b) {
  checkSameDomain(a.domainSpace(), b.domainSpace());
  if (!isPiecewiseConstant(b)) {
    if (!isPiecewiseConstant(a))
      throw InvalidArgument("the product of two non-constant expressions is "
                            "not quasi-affine");
    return mulPwAff(b, a);
  }
  PwAff out(a.domainSpace());
  for (const PwAff::Piece &q : b.pieces()) {
    PwAff part = a.intersectDomain(q.domain).scale(q.aff.constantTerm());
    for (const PwAff::Piece &p : part.pieces())
      out.addPiece(p.domain, p.aff);
  }
  return out;
}

PwAff constantOn(const Space &domain, const Int &v) {
  return PwAff(Aff::constant(domain, v));
}

/// The universe of the domain space as a set; for a set of parameters
/// `p`, the domain points whose parameters lie in `p`.
Relation domainParamsSet(const Space &domain, const Relation &p) {
  return intersectParams(Relation::universe(domain), p);
}

//===----------------------------------------------------------------------===//
// Conversions to Python objects
//===----------------------------------------------------------------------===//

/// A graph or a domain as islpy's class: Map for a relation, Set otherwise.
py::object relationObject(Relation r) {
  if (r.isRelation())
    return py::cast(PyMap{std::move(r)});
  return py::cast(PySet{std::move(r)});
}

Relation checkedMapGraph(Relation r) {
  if (!r.isRelation())
    throw SpaceError("a function of the parameters has a set as its graph "
                     "(use Set.from_pw_multi_aff): " +
                     r.space().toString());
  return r;
}
Relation checkedSetGraph(Relation r) {
  if (r.isRelation())
    throw SpaceError("the graph of a function with a domain tuple is a map "
                     "(use Map.from_pw_multi_aff): " +
                     r.space().toString());
  return r;
}

/// The function as one MultiAff: a single piece on the whole domain space.
bool isaMultiAff(const PwMultiAff &f) {
  return f.numPieces() == 1 && f.pieces()[0].domain.isUniverse();
}

std::vector<Aff> zeroAffs(const Space &domain, unsigned n) {
  return std::vector<Aff>(n, Aff(domain));
}

//===----------------------------------------------------------------------===//
// Common methods of the four classes
//===----------------------------------------------------------------------===//

/// The text constructor, read_from_str, __str__, is_equal (equal graphs)
/// and the hash of the shape of the space; `get` gives the wrapped value,
/// `pma` it as a PwMultiAff.
template <class W, class C, class Parse, class Get, class ToPma>
void bindCommon(C &cls, Parse parse, Get get, ToPma pma) {
  cls.def(py::init([parse](const std::string &text, py::handle) {
            return W{parse(text)};
          }),
          py::arg("s"), py::arg("context") = py::none(), Guard())
      .def_static(
          "read_from_str",
          [parse](py::handle, const std::string &text) {
            return W{parse(text)};
          },
          py::arg("ctx"), py::arg("s"), Guard())
      .def("__str__", [get](const W &w) { return get(w).toString(); })
      .def("to_str", [get](const W &w) { return get(w).toString(); })
      .def(
          "is_equal",
          [pma](const W &a, const W &b) {
            return pma(a).toRelation().isEqual(pma(b).toRelation());
          },
          py::arg("other"), Guard())
      .def("_shape_hash",
           [pma](const W &w) { return shapeHash(pma(w).space()); });
}

} // namespace

void bindFunctions(py::module_ &m) {
  //===------------------------------------------------------------------===//
  // Aff
  //===------------------------------------------------------------------===//
  py::class_<PyAff> aff(m, "Aff",
                        "islpy's Aff: a quasi-affine expression (floor "
                        "divisions by constants) on a set or params space.");
  aff.def(py::init([](const std::string &text, py::handle) {
            return PyAff{presburger::parseAff(text)};
          }),
          py::arg("s"), py::arg("context") = py::none(), Guard())
      .def_static(
          "read_from_str",
          [](py::handle, const std::string &text) {
            return PyAff{presburger::parseAff(text)};
          },
          py::arg("ctx"), py::arg("s"), Guard())
      .def_static(
          "zero_on_domain",
          [](const PySpace &s) { return PyAff{Aff(checkedDomain(s.s))}; },
          py::arg("space"))
      .def_static(
          "val_on_domain",
          [](const PySpace &s, const Int &v) {
            return PyAff{Aff::constant(checkedDomain(s.s), v)};
          },
          py::arg("space"), py::arg("val"))
      .def_static(
          "var_on_domain",
          [](const PySpace &s, DimType dt, unsigned pos) {
            Space d = checkedDomain(s.s);
            if (dt == DimType::param)
              return PyAff{Aff::param(d, pos)};
            if (dt != DimType::in_ && dt != DimType::out)
              throw InvalidArgument("var_on_domain: a parameter or a set "
                                    "dimension");
            return PyAff{Aff::dim(d, pos)};
          },
          py::arg("space"), py::arg("type"), py::arg("pos"))
      .def_static(
          "_linear",
          [](const PySpace &s, const std::vector<Int> &row) {
            return PyAff{Aff::linear(checkedDomain(s.s), row)};
          },
          py::arg("space"), py::arg("row"))
      .def("__str__", [](const PyAff &a) { return a.a.toString(); })
      .def("to_str", [](const PyAff &a) { return a.a.toString(); })
      .def("get_domain_space",
           [](const PyAff &a) { return PySpace{a.a.domainSpace()}; })
      .def("get_space",
           [](const PyAff &a) { return PySpace{functionSpace(a.a)}; })
      .def(
          "dim",
          [](const PyAff &a, DimType dt) {
            return functionDim(a.a.domainSpace(), 1, dt, a.a.numDivs());
          },
          py::arg("type"))
      .def("is_cst", [](const PyAff &a) { return a.a.isConstant(); })
      .def("_constant", [](const PyAff &a) { return a.a.constantTerm(); })
      .def(
          "_coefficient",
          [](const PyAff &a, DimType dt, unsigned pos) {
            return a.a.row()[affColumn(a.a, dt, pos)];
          },
          py::arg("type"), py::arg("pos"))
      .def(
          "set_coefficient_val",
          [](const PyAff &a, DimType dt, unsigned pos, const Int &v) {
            return PyAff{setCoefficient(a.a, dt, pos, v)};
          },
          py::arg("type"), py::arg("pos"), py::arg("val"), Guard())
      .def(
          "set_constant_val",
          [](const PyAff &a, const Int &v) {
            const Space &d = a.a.domainSpace();
            unsigned n = d.numParams() + (d.isParams() ? 0 : d.numDims());
            return PyAff{addToColumn(a.a, n, v - a.a.constantTerm())};
          },
          py::arg("val"), Guard())
      .def(
          "add_constant_val",
          [](const PyAff &a, const Int &v) {
            const Space &d = a.a.domainSpace();
            unsigned n = d.numParams() + (d.isParams() ? 0 : d.numDims());
            return PyAff{addToColumn(a.a, n, v)};
          },
          py::arg("val"), Guard())
      .def(
          "plain_is_equal",
          [](const PyAff &a, const PyAff &b) { return a.a.isPlainEqual(b.a); },
          py::arg("other"))
      .def(
          "is_equal",
          [](const PyAff &a, const PyAff &b) {
            return PwAff(a.a).toRelation().isEqual(PwAff(b.a).toRelation());
          },
          py::arg("other"), Guard())
      .def("_shape_hash",
           [](const PyAff &a) { return shapeHash(functionSpace(a.a)); })
      .def(
          "add",
          [](const PyAff &a, const PyAff &b) { return PyAff{a.a.add(b.a)}; },
          py::arg("other"), Guard())
      .def(
          "sub",
          [](const PyAff &a, const PyAff &b) { return PyAff{a.a.sub(b.a)}; },
          py::arg("other"), Guard())
      .def(
          "neg", [](const PyAff &a) { return PyAff{a.a.neg()}; }, Guard())
      .def(
          "mul",
          [](const PyAff &a, const PyAff &b) {
            return PyAff{mulAff(a.a, b.a)};
          },
          py::arg("other"), Guard())
      .def(
          "div",
          [](const PyAff &a, const PyAff &b) {
            checkSameDomain(a.a.domainSpace(), b.a.domainSpace());
            if (!b.a.isConstant())
              throw InvalidArgument("div: the divisor must be a constant");
            return PyAff{exactDiv(a.a, b.a.constantTerm())};
          },
          py::arg("other"), Guard())
      .def(
          "scale_val",
          [](const PyAff &a, const Int &v) { return PyAff{a.a.scale(v)}; },
          py::arg("val"), Guard())
      .def(
          "scale_down_val",
          [](const PyAff &a, const Int &v) { return PyAff{exactDiv(a.a, v)}; },
          py::arg("val"), Guard())
      .def(
          "_divisible_by",
          [](const PyAff &a, const Int &v) {
            return !v.isZero() && dividesRow(a.a, v);
          },
          py::arg("val"))
      .def(
          "floor_div_val",
          [](const PyAff &a, const Int &v) { return PyAff{a.a.floorDiv(v)}; },
          py::arg("val"), Guard())
      .def(
          "mod_val",
          [](const PyAff &a, const Int &v) { return PyAff{a.a.mod(v)}; },
          py::arg("val"), Guard())
      .def("floor", [](const PyAff &a) { return a; })
      .def("ceil", [](const PyAff &a) { return a; })
      .def(
          "pullback_multi_aff",
          [](const PyAff &a, const PyMultiAff &ma) {
            return PyAff{a.a.pullback(ma.m)};
          },
          py::arg("ma"), Guard())
      .def(
          "eval",
          [](const PyAff &a, const PyPoint &p) {
            return a.a.eval(pointFor(p, a.a.domainSpace()));
          },
          py::arg("pnt"), Guard())
      .def(
          "to_pw_aff", [](const PyAff &a) { return PyPwAff{PwAff(a.a)}; },
          Guard());
  struct AffCompare {
    const char *name;
    Relation (PwAff::*method)(const PwAff &) const;
  };
  for (const AffCompare &c : {
           AffCompare{"le_set", &PwAff::leSet},
           AffCompare{"lt_set", &PwAff::ltSet},
           AffCompare{"ge_set", &PwAff::geSet},
           AffCompare{"gt_set", &PwAff::gtSet},
           AffCompare{"eq_set", &PwAff::eqSet},
           AffCompare{"ne_set", &PwAff::neSet},
       }) {
    auto method = c.method;
    aff.def(
        c.name,
        [method](const PyAff &a, const PyAff &b) {
          return PySet{(PwAff(a.a).*method)(PwAff(b.a))};
        },
        py::arg("other"), Guard());
  }
  // The basic sets: `lhs - rhs` >= 0 (> 0 when strict), or = 0.
  struct AffBasicCompare {
    const char *name;
    bool swap, strict, equal;
  };
  for (const AffBasicCompare &c : {
           AffBasicCompare{"le_basic_set", true, false, false},
           AffBasicCompare{"lt_basic_set", true, true, false},
           AffBasicCompare{"ge_basic_set", false, false, false},
           AffBasicCompare{"gt_basic_set", false, true, false},
           AffBasicCompare{"eq_basic_set", false, false, true},
       }) {
    AffBasicCompare k = c;
    aff.def(
        c.name,
        [k](const PyAff &a, const PyAff &b) {
          Aff d = k.swap ? b.a.sub(a.a) : a.a.sub(b.a);
          return PyBasicSet{k.equal ? d.zeroSet() : d.nonNegativeSet(k.strict)};
        },
        py::arg("other"), Guard());
  }
  aff.def(
         "zero_basic_set",
         [](const PyAff &a) { return PyBasicSet{a.a.zeroSet()}; }, Guard())
      .def(
          "nonneg_basic_set",
          [](const PyAff &a) { return PyBasicSet{a.a.nonNegativeSet()}; },
          Guard())
      .def(
          "neg_basic_set",
          [](const PyAff &a) {
            return PyBasicSet{a.a.neg().nonNegativeSet(true)};
          },
          Guard())
      .def(
          "pos_basic_set",
          [](const PyAff &a) { return PyBasicSet{a.a.nonNegativeSet(true)}; },
          Guard());

  //===------------------------------------------------------------------===//
  // PwAff
  //===------------------------------------------------------------------===//
  py::class_<PyPwAff> pwaff(
      m, "PwAff",
      "islpy's PwAff: quasi-affine expressions on disjoint pieces of a set "
      "or params space.");
  bindCommon<PyPwAff>(
      pwaff, [](const std::string &t) { return presburger::parsePwAff(t); },
      [](const PyPwAff &w) { return w.p; },
      [](const PyPwAff &w) { return w.p.toPwMultiAff(); });
  pwaff
      .def_static(
          "from_aff", [](const PyAff &a) { return PyPwAff{PwAff(a.a)}; },
          py::arg("aff"), Guard())
      .def_static(
          "alloc",
          [](const PySet &s, const PyAff &a) {
            return PyPwAff{PwAff(s.r, a.a)};
          },
          py::arg("set"), py::arg("aff"), Guard())
      .def_static(
          "empty",
          [](const PySpace &s) { return PyPwAff{PwAff(pwAffDomain(s.s))}; },
          py::arg("space"))
      .def_static(
          "zero_on_domain",
          [](const PySpace &s) {
            return PyPwAff{PwAff(Aff(checkedDomain(s.s)))};
          },
          py::arg("space"), Guard())
      .def_static(
          "var_on_domain",
          [](const PySpace &s, DimType dt, unsigned pos) {
            Space d = checkedDomain(s.s);
            if (dt == DimType::param)
              return PyPwAff{PwAff(Aff::param(d, pos))};
            if (dt != DimType::in_ && dt != DimType::out)
              throw InvalidArgument("var_on_domain: a parameter or a set "
                                    "dimension");
            return PyPwAff{PwAff(Aff::dim(d, pos))};
          },
          py::arg("space"), py::arg("type"), py::arg("pos"), Guard())
      .def_static(
          "val_on_domain",
          [](const PySet &s, const Int &v) {
            return PyPwAff{PwAff(s.r, Aff::constant(s.r.space(), v))};
          },
          py::arg("domain"), py::arg("val"), Guard())
      .def("get_domain_space",
           [](const PyPwAff &a) { return PySpace{a.p.domainSpace()}; })
      .def("get_space",
           [](const PyPwAff &a) {
             return PySpace{functionSpace(a.p.domainSpace(), Tuple(1))};
           })
      .def(
          "dim",
          [](const PyPwAff &a, DimType dt) {
            return functionDim(a.p.domainSpace(), 1, dt);
          },
          py::arg("type"))
      .def("n_piece", [](const PyPwAff &a) { return a.p.numPieces(); })
      .def("_pieces",
           [](const PyPwAff &a) {
             std::vector<std::pair<PySet, PyAff>> out;
             for (const PwAff::Piece &p : a.p.pieces())
               out.push_back({PySet{p.domain}, PyAff{p.aff}});
             return out;
           })
      .def("is_empty", [](const PyPwAff &a) { return a.p.numPieces() == 0; })
      .def("is_cst", [](const PyPwAff &a) { return isPiecewiseConstant(a.p); })
      .def(
          "isa_aff",
          [](const PyPwAff &a) { return isaMultiAff(a.p.toPwMultiAff()); },
          Guard())
      .def(
          "as_aff",
          [](const PyPwAff &a) {
            if (!isaMultiAff(a.p.toPwMultiAff()))
              throw InvalidArgument("as_aff: the expression is not one "
                                    "expression on its whole domain space");
            return PyAff{a.p.pieces()[0].aff};
          },
          Guard())
      .def(
          "plain_is_equal",
          [](const PyPwAff &a, const PyPwAff &b) {
            if (a.p.numPieces() != b.p.numPieces())
              return false;
            for (unsigned i = 0; i < a.p.numPieces(); ++i)
              if (!a.p.pieces()[i].aff.isPlainEqual(b.p.pieces()[i].aff) ||
                  !a.p.pieces()[i].domain.isEqual(b.p.pieces()[i].domain))
                return false;
            return true;
          },
          py::arg("other"), Guard())
      .def(
          "domain", [](const PyPwAff &a) { return PySet{a.p.domain()}; },
          Guard())
      .def(
          "params",
          [](const PyPwAff &a) { return PySet{a.p.domain().params()}; },
          Guard())
      .def(
          "intersect_domain",
          [](const PyPwAff &a, const PySet &s) {
            return PyPwAff{a.p.intersectDomain(s.r)};
          },
          py::arg("set"), Guard())
      .def(
          "intersect_params",
          [](const PyPwAff &a, const PySet &s) {
            return PyPwAff{
                a.p.intersectDomain(domainParamsSet(a.p.domainSpace(), s.r))};
          },
          py::arg("set"), Guard())
      .def(
          "subtract_domain",
          [](const PyPwAff &a, const PySet &s) {
            return PyPwAff{a.p.intersectDomain(s.r.complement())};
          },
          py::arg("set"), Guard())
      .def(
          "add",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{a.p.add(b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "sub",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{a.p.sub(b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "neg", [](const PyPwAff &a) { return PyPwAff{a.p.neg()}; }, Guard())
      .def(
          "mul",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{mulPwAff(a.p, b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "div",
          [](const PyPwAff &a, const PyPwAff &b) {
            checkSameDomain(a.p.domainSpace(), b.p.domainSpace());
            if (!isPiecewiseConstant(b.p))
              throw InvalidArgument("div: the divisor must be a constant");
            PwAff out(a.p.domainSpace());
            for (const PwAff::Piece &q : b.p.pieces()) {
              PwAff part = a.p.intersectDomain(q.domain);
              for (const PwAff::Piece &p : part.pieces())
                out.addPiece(p.domain, exactDiv(p.aff, q.aff.constantTerm()));
            }
            return PyPwAff{out};
          },
          py::arg("other"), Guard())
      .def(
          "scale_val",
          [](const PyPwAff &a, const Int &v) { return PyPwAff{a.p.scale(v)}; },
          py::arg("val"), Guard())
      .def(
          "scale_down_val",
          [](const PyPwAff &a, const Int &v) {
            return PyPwAff{
                piecewise(a.p, [&](const Aff &x) { return exactDiv(x, v); })};
          },
          py::arg("val"), Guard())
      .def(
          "_divisible_by",
          [](const PyPwAff &a, const Int &v) {
            if (v.isZero())
              return false;
            for (const PwAff::Piece &p : a.p.pieces())
              if (!dividesRow(p.aff, v))
                return false;
            return true;
          },
          py::arg("val"))
      .def(
          "floor_div_val",
          [](const PyPwAff &a, const Int &v) {
            return PyPwAff{a.p.floorDiv(v)};
          },
          py::arg("val"), Guard())
      .def(
          "mod_val",
          [](const PyPwAff &a, const Int &v) { return PyPwAff{a.p.mod(v)}; },
          py::arg("val"), Guard())
      .def(
          "add_constant_val",
          [](const PyPwAff &a, const Int &v) {
            return PyPwAff{piecewise(a.p, [&](const Aff &x) {
              return x.add(Aff::constant(x.domainSpace(), v));
            })};
          },
          py::arg("val"), Guard())
      .def("floor", [](const PyPwAff &a) { return a; })
      .def("ceil", [](const PyPwAff &a) { return a; })
      .def(
          "min",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{a.p.min(b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "max",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{a.p.max(b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "union_add",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{a.p.unionAdd(b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "union_min",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{a.p.unionMin(b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "union_max",
          [](const PyPwAff &a, const PyPwAff &b) {
            return PyPwAff{a.p.unionMax(b.p)};
          },
          py::arg("other"), Guard())
      .def(
          "nonneg_set",
          [](const PyPwAff &a) { return PySet{a.p.nonNegativeSet()}; }, Guard())
      .def(
          "zero_set", [](const PyPwAff &a) { return PySet{a.p.zeroSet()}; },
          Guard())
      .def(
          "pos_set",
          [](const PyPwAff &a) {
            return PySet{a.p.gtSet(constantOn(a.p.domainSpace(), Int(0)))};
          },
          Guard())
      .def(
          "non_zero_set",
          [](const PyPwAff &a) {
            return PySet{a.p.neSet(constantOn(a.p.domainSpace(), Int(0)))};
          },
          Guard())
      .def(
          "pullback_multi_aff",
          [](const PyPwAff &a, const PyMultiAff &ma) {
            return PyPwAff{a.p.pullback(ma.m)};
          },
          py::arg("ma"), Guard())
      .def(
          "pullback_pw_multi_aff",
          [](const PyPwAff &a, const PyPwMultiAff &f) {
            return PyPwAff{a.p.pullback(f.p)};
          },
          py::arg("pma"), Guard())
      .def(
          "eval",
          [](const PyPwAff &a, const PyPoint &p) {
            return a.p.eval(pointFor(p, a.p.domainSpace()));
          },
          py::arg("pnt"), Guard())
      .def("as_map",
           [](const PyPwAff &a) {
             return relationObject(engine([&] { return a.p.toRelation(); }));
           })
      .def(
          "to_pw_multi_aff",
          [](const PyPwAff &a) { return PyPwMultiAff{a.p.toPwMultiAff()}; },
          Guard());
  for (const AffCompare &c : {
           AffCompare{"le_set", &PwAff::leSet},
           AffCompare{"lt_set", &PwAff::ltSet},
           AffCompare{"ge_set", &PwAff::geSet},
           AffCompare{"gt_set", &PwAff::gtSet},
           AffCompare{"eq_set", &PwAff::eqSet},
           AffCompare{"ne_set", &PwAff::neSet},
       }) {
    auto method = c.method;
    pwaff.def(
        c.name,
        [method](const PyPwAff &a, const PyPwAff &b) {
          return PySet{(a.p.*method)(b.p)};
        },
        py::arg("other"), Guard());
  }
  py::implicitly_convertible<PyAff, PyPwAff>();

  //===------------------------------------------------------------------===//
  // MultiAff
  //===------------------------------------------------------------------===//
  py::class_<PyMultiAff> multiAff(
      m, "MultiAff",
      "islpy's MultiAff: a tuple of quasi-affine expressions, a function "
      "from a set (or params) space to a tuple.");
  bindCommon<PyMultiAff>(
      multiAff,
      [](const std::string &t) { return presburger::parseMultiAff(t); },
      [](const PyMultiAff &w) { return w.m; },
      [](const PyMultiAff &w) { return PwMultiAff(w.m); });
  multiAff
      .def_static(
          "identity",
          [](const PySpace &s) {
            if (!s.s.isRelation() || s.s.numDomain() != s.s.numRange())
              throw SpaceError("MultiAff.identity needs a map space A -> B "
                               "of equal sizes, not " +
                               s.s.toString());
            MultiAff id = MultiAff::identity(s.s.domainSpace());
            return PyMultiAff{
                MultiAff(s.s.domainSpace(), s.s.rangeTuple(), id.affs())};
          },
          py::arg("space"))
      .def_static(
          "identity_on_domain_space",
          [](const PySpace &s) { return PyMultiAff{MultiAff::identity(s.s)}; },
          py::arg("space"))
      .def_static(
          "zero",
          [](const PySpace &s) {
            auto [domain, range] = splitFunctionSpace(s.s);
            return PyMultiAff{
                MultiAff(domain, range, zeroAffs(domain, range.numDims()))};
          },
          py::arg("space"))
      .def_static(
          "from_aff",
          [](const PyAff &a) {
            return PyMultiAff{MultiAff(a.a.domainSpace(), Tuple(1), {a.a})};
          },
          py::arg("aff"))
      .def_static(
          "from_aff_list",
          [](const PySpace &s, const std::vector<PyAff> &list) {
            auto [domain, range] = splitFunctionSpace(s.s);
            std::vector<Aff> affs;
            for (const PyAff &a : list)
              affs.push_back(a.a);
            return PyMultiAff{MultiAff(domain, range, affs)};
          },
          py::arg("space"), py::arg("list"), Guard())
      .def("get_domain_space",
           [](const PyMultiAff &a) { return PySpace{a.m.domainSpace()}; })
      .def("get_space",
           [](const PyMultiAff &a) { return PySpace{a.m.space()}; })
      .def(
          "dim",
          [](const PyMultiAff &a, DimType dt) {
            return functionDim(a.m.domainSpace(), a.m.numOutputs(), dt);
          },
          py::arg("type"))
      .def("size", [](const PyMultiAff &a) { return a.m.numOutputs(); })
      .def(
          "get_aff",
          [](const PyMultiAff &a, unsigned pos) {
            if (pos >= a.m.numOutputs())
              throw InvalidArgument("get_aff: no output " +
                                    std::to_string(pos));
            return PyAff{a.m.aff(pos)};
          },
          py::arg("pos"))
      .def("get_list",
           [](const PyMultiAff &a) {
             std::vector<PyAff> out;
             for (const Aff &x : a.m.affs())
               out.push_back(PyAff{x});
             return out;
           })
      .def(
          "set_aff",
          [](const PyMultiAff &a, unsigned pos, const PyAff &x) {
            if (pos >= a.m.numOutputs())
              throw InvalidArgument("set_aff: no output " +
                                    std::to_string(pos));
            std::vector<Aff> affs = a.m.affs();
            affs[pos] = x.a;
            return PyMultiAff{
                MultiAff(a.m.domainSpace(), a.m.rangeTuple(), affs)};
          },
          py::arg("pos"), py::arg("el"), Guard())
      .def(
          "plain_is_equal",
          [](const PyMultiAff &a, const PyMultiAff &b) {
            return a.m.isPlainEqual(b.m);
          },
          py::arg("other"))
      .def(
          "add",
          [](const PyMultiAff &a, const PyMultiAff &b) {
            return PyMultiAff{a.m.add(b.m)};
          },
          py::arg("other"), Guard())
      .def(
          "sub",
          [](const PyMultiAff &a, const PyMultiAff &b) {
            return PyMultiAff{a.m.sub(b.m)};
          },
          py::arg("other"), Guard())
      .def(
          "neg", [](const PyMultiAff &a) { return PyMultiAff{a.m.neg()}; },
          Guard())
      .def(
          "scale_val",
          [](const PyMultiAff &a, const Int &v) {
            return PyMultiAff{a.m.scale(v)};
          },
          py::arg("val"), Guard())
      .def(
          "range_product",
          [](const PyMultiAff &a, const PyMultiAff &b) {
            return PyMultiAff{a.m.rangeProduct(b.m)};
          },
          py::arg("ma2"), Guard())
      .def(
          "flat_range_product",
          [](const PyMultiAff &a, const PyMultiAff &b) {
            return PyMultiAff{a.m.flatRangeProduct(b.m)};
          },
          py::arg("ma2"), Guard())
      .def("floor", [](const PyMultiAff &a) { return a; })
      .def(
          "pullback_multi_aff",
          [](const PyMultiAff &a, const PyMultiAff &b) {
            return PyMultiAff{a.m.pullback(b.m)};
          },
          py::arg("ma2"), Guard())
      .def(
          "eval",
          [](const PyMultiAff &a, const PyPoint &p) {
            presburger::Point at = pointFor(p, a.m.domainSpace());
            return rangePoint(a.m.domainSpace(), a.m.rangeTuple(), at,
                              a.m.eval(at));
          },
          py::arg("pnt"), Guard())
      .def(
          "to_pw_multi_aff",
          [](const PyMultiAff &a) { return PyPwMultiAff{PwMultiAff(a.m)}; },
          Guard())
      .def("as_map", [](const PyMultiAff &a) {
        return relationObject(
            engine([&] { return Relation(a.m.toBasicRelation()); }));
      });

  //===------------------------------------------------------------------===//
  // PwMultiAff
  //===------------------------------------------------------------------===//
  py::class_<PyPwMultiAff> pwMultiAff(
      m, "PwMultiAff",
      "islpy's PwMultiAff: a function given by a MultiAff on each of "
      "disjoint pieces of its domain.");
  bindCommon<PyPwMultiAff>(
      pwMultiAff,
      [](const std::string &t) { return presburger::parsePwMultiAff(t); },
      [](const PyPwMultiAff &w) { return w.p; },
      [](const PyPwMultiAff &w) { return w.p; });
  pwMultiAff
      .def_static(
          "from_map",
          [](const PyMap &r) {
            return PyPwMultiAff{PwMultiAff::fromRelation(r.r)};
          },
          py::arg("map"), Guard())
      .def_static(
          "from_set",
          [](const PySet &r) {
            return PyPwMultiAff{PwMultiAff::fromRelation(r.r)};
          },
          py::arg("set"), Guard())
      .def_static(
          "from_multi_aff",
          [](const PyMultiAff &a) { return PyPwMultiAff{PwMultiAff(a.m)}; },
          py::arg("ma"), Guard())
      .def_static(
          "from_pw_aff",
          [](const PyPwAff &a) { return PyPwMultiAff{a.p.toPwMultiAff()}; },
          py::arg("pa"), Guard())
      .def_static(
          "alloc",
          [](const PySet &s, const PyMultiAff &a) {
            return PyPwMultiAff{PwMultiAff(s.r, a.m)};
          },
          py::arg("set"), py::arg("maff"), Guard())
      .def_static(
          "empty",
          [](const PySpace &s) {
            auto [domain, range] = splitFunctionSpace(s.s);
            return PyPwMultiAff{PwMultiAff(domain, range)};
          },
          py::arg("space"))
      .def("get_domain_space",
           [](const PyPwMultiAff &a) { return PySpace{a.p.domainSpace()}; })
      .def("get_space",
           [](const PyPwMultiAff &a) { return PySpace{a.p.space()}; })
      .def(
          "dim",
          [](const PyPwMultiAff &a, DimType dt) {
            return functionDim(a.p.domainSpace(), a.p.numOutputs(), dt);
          },
          py::arg("type"))
      .def("n_piece", [](const PyPwMultiAff &a) { return a.p.numPieces(); })
      .def("_pieces",
           [](const PyPwMultiAff &a) {
             std::vector<std::pair<PySet, PyMultiAff>> out;
             for (const PwMultiAff::Piece &p : a.p.pieces())
               out.push_back({PySet{p.domain}, PyMultiAff{p.ma}});
             return out;
           })
      .def(
          "get_pw_aff",
          [](const PyPwMultiAff &a, unsigned pos) {
            return PyPwAff{a.p.pwAff(pos)};
          },
          py::arg("pos"), Guard())
      .def(
          "plain_is_equal",
          [](const PyPwMultiAff &a, const PyPwMultiAff &b) {
            if (a.p.numPieces() != b.p.numPieces())
              return false;
            for (unsigned i = 0; i < a.p.numPieces(); ++i)
              if (!a.p.pieces()[i].ma.isPlainEqual(b.p.pieces()[i].ma) ||
                  !a.p.pieces()[i].domain.isEqual(b.p.pieces()[i].domain))
                return false;
            return true;
          },
          py::arg("other"), Guard())
      .def(
          "isa_multi_aff",
          [](const PyPwMultiAff &a) { return isaMultiAff(a.p); }, Guard())
      .def(
          "as_multi_aff",
          [](const PyPwMultiAff &a) {
            if (!isaMultiAff(a.p))
              throw InvalidArgument("as_multi_aff: the function is not one "
                                    "MultiAff on its whole domain space");
            return PyMultiAff{a.p.pieces()[0].ma};
          },
          Guard())
      .def(
          "domain", [](const PyPwMultiAff &a) { return PySet{a.p.domain()}; },
          Guard())
      .def(
          "intersect_domain",
          [](const PyPwMultiAff &a, const PySet &s) {
            return PyPwMultiAff{a.p.intersectDomain(s.r)};
          },
          py::arg("set"), Guard())
      .def(
          "intersect_params",
          [](const PyPwMultiAff &a, const PySet &s) {
            return PyPwMultiAff{
                a.p.intersectDomain(domainParamsSet(a.p.domainSpace(), s.r))};
          },
          py::arg("set"), Guard())
      .def(
          "add",
          [](const PyPwMultiAff &a, const PyPwMultiAff &b) {
            return PyPwMultiAff{a.p.add(b.p)};
          },
          py::arg("pma2"), Guard())
      .def(
          "sub",
          [](const PyPwMultiAff &a, const PyPwMultiAff &b) {
            return PyPwMultiAff{a.p.sub(b.p)};
          },
          py::arg("pma2"), Guard())
      .def(
          "neg", [](const PyPwMultiAff &a) { return PyPwMultiAff{a.p.neg()}; },
          Guard())
      .def(
          "scale_val",
          [](const PyPwMultiAff &a, const Int &v) {
            return PyPwMultiAff{a.p.scale(v)};
          },
          py::arg("v"), Guard())
      .def(
          "union_add",
          [](const PyPwMultiAff &a, const PyPwMultiAff &b) {
            return PyPwMultiAff{a.p.unionAdd(b.p)};
          },
          py::arg("pma2"), Guard())
      .def(
          "range_product",
          [](const PyPwMultiAff &a, const PyPwMultiAff &b) {
            return PyPwMultiAff{a.p.rangeProduct(b.p)};
          },
          py::arg("pma2"), Guard())
      .def(
          "flat_range_product",
          [](const PyPwMultiAff &a, const PyPwMultiAff &b) {
            return PyPwMultiAff{a.p.flatRangeProduct(b.p)};
          },
          py::arg("pma2"), Guard())
      .def(
          "pullback_multi_aff",
          [](const PyPwMultiAff &a, const PyMultiAff &ma) {
            return PyPwMultiAff{a.p.pullback(ma.m)};
          },
          py::arg("ma"), Guard())
      .def(
          "pullback_pw_multi_aff",
          [](const PyPwMultiAff &a, const PyPwMultiAff &f) {
            return PyPwMultiAff{a.p.pullback(f.p)};
          },
          py::arg("pma2"), Guard())
      .def(
          "eval",
          [](const PyPwMultiAff &a,
             const PyPoint &p) -> std::optional<PyPoint> {
            presburger::Point at = pointFor(p, a.p.domainSpace());
            std::optional<std::vector<Int>> v = a.p.eval(at);
            if (!v)
              return std::nullopt;
            return rangePoint(a.p.domainSpace(), a.p.rangeTuple(), at, *v);
          },
          py::arg("pnt"), Guard())
      .def("as_map", [](const PyPwMultiAff &a) {
        return relationObject(engine([&] { return a.p.toRelation(); }));
      });
  py::implicitly_convertible<PyMultiAff, PyPwMultiAff>();

  //===------------------------------------------------------------------===//
  // StrideInfo and FixedBox
  //===------------------------------------------------------------------===//
  py::class_<presburger::StrideInfo>(
      m, "StrideInfo",
      "islpy's StrideInfo: every point's value in the dimension is "
      "offset + stride * k for an integer k (StrideInfo.h).")
      .def("_stride",
           [](const presburger::StrideInfo &si) { return si.stride; })
      .def(
          "get_offset",
          [](const presburger::StrideInfo &si) { return PyAff{si.offset}; },
          "The offset: an Aff on the set's space (a set's dimension) or on "
          "the domain space (a relation's range dimension).");
  py::class_<presburger::FixedBox>(
      m, "FixedBox",
      "islpy's FixedBox: a box [offset, offset + size) of constant sizes "
      "at a quasi-affine offset holding the set (FixedBox.h).")
      .def(
          "is_valid", [](const presburger::FixedBox &b) { return b.valid; },
          "Whether every dimension has a constant size (isl's "
          "isl_fixed_box_is_valid); offset and size mean nothing otherwise.")
      .def(
          "get_offset",
          [](const presburger::FixedBox &b) {
            if (!b.valid)
              throw InvalidArgument("FixedBox.get_offset: the box is not "
                                    "valid (no constant-size box)");
            return PyMultiAff{b.offset};
          },
          "The lower corner: a MultiAff of the parameters (a set) or of the "
          "domain (a relation's range); InvalidArgument for an invalid box.")
      .def("_size", [](const presburger::FixedBox &b) {
        if (!b.valid)
          throw InvalidArgument("FixedBox.get_size: the box is not valid "
                                "(no constant-size box)");
        return b.size;
      });

  //===------------------------------------------------------------------===//
  // Set and Map methods that give or take functions
  //===------------------------------------------------------------------===//
  auto set = py::reinterpret_borrow<py::class_<PySet>>(m.attr("Set"));
  auto map = py::reinterpret_borrow<py::class_<PyMap>>(m.attr("Map"));
  set.def(
         "get_stride_info",
         [](const PySet &s, unsigned pos) {
           return presburger::strideInfo(s.r, pos);
         },
         py::arg("pos"), Guard(),
         "The stride of set dimension pos (isl_set_get_stride_info): one "
         "affine hull, one per disjunct of a union.")
      .def(
          "get_simple_fixed_box_hull",
          [](const PySet &s) { return presburger::simpleFixedBoxHull(s.r); },
          Guard(),
          "The fixed-size box hull (isl_set_get_simple_fixed_box_hull): per "
          "dimension a simple hull and integer optimizations.");
  map.def(
         "get_range_stride_info",
         [](const PyMap &r, unsigned pos) {
           return presburger::rangeStrideInfo(r.r, pos);
         },
         py::arg("pos"), Guard(),
         "The stride of range dimension pos on its own "
         "(isl_map_get_range_stride_info), its offset over the domain.")
      .def(
          "get_range_simple_fixed_box_hull",
          [](const PyMap &r) {
            return presburger::rangeSimpleFixedBoxHull(r.r);
          },
          Guard(),
          "The fixed-size box of each domain point's image "
          "(isl_map_get_range_simple_fixed_box_hull).");
  set.def(
         "dim_min",
         [](const PySet &s, unsigned pos) { return PyPwAff{s.r.dimMin(pos)}; },
         py::arg("pos"), Guard())
      .def(
          "dim_max",
          [](const PySet &s, unsigned pos) { return PyPwAff{s.r.dimMax(pos)}; },
          py::arg("pos"), Guard())
      .def(
          "preimage_multi_aff",
          [](const PySet &s, const PyMultiAff &f) {
            return PySet{presburger::preimage(s.r, f.m)};
          },
          py::arg("ma"), Guard())
      .def(
          "preimage_pw_multi_aff",
          [](const PySet &s, const PyPwMultiAff &f) {
            return PySet{presburger::preimage(s.r, f.p)};
          },
          py::arg("pma"), Guard())
      .def(
          "as_pw_multi_aff",
          [](const PySet &s) {
            return PyPwMultiAff{PwMultiAff::fromRelation(s.r)};
          },
          Guard())
      .def_static(
          "from_pw_multi_aff",
          [](const PyPwMultiAff &f) {
            return PySet{checkedSetGraph(f.p.toRelation())};
          },
          py::arg("pma"), Guard())
      .def_static(
          "from_multi_aff",
          [](const PyMultiAff &f) {
            return PySet{checkedSetGraph(Relation(f.m.toBasicRelation()))};
          },
          py::arg("ma"), Guard())
      .def_static(
          "from_pw_aff",
          [](const PyPwAff &f) {
            return PySet{checkedSetGraph(f.p.toRelation())};
          },
          py::arg("pwaff"), Guard())
      .def(
          "indicator_function",
          [](const PySet &s) {
            const Space &d = s.r.space();
            PwAff out(d);
            out.addPiece(s.r, Aff::constant(d, Int(1)));
            out.addPiece(s.r.complement(), Aff::constant(d, Int(0)));
            return PyPwAff{out};
          },
          Guard());
  map.def(
         "dim_min",
         [](const PyMap &r, unsigned pos) { return PyPwAff{r.r.dimMin(pos)}; },
         py::arg("pos"), Guard(),
         "The smallest value of range dimension pos as a PwAff of the domain "
         "(isl_map_dim_min).")
      .def(
          "dim_max",
          [](const PyMap &r, unsigned pos) { return PyPwAff{r.r.dimMax(pos)}; },
          py::arg("pos"), Guard(),
          "The largest value of range dimension pos as a PwAff of the domain "
          "(isl_map_dim_max).")
      .def(
          "preimage_domain_multi_aff",
          [](const PyMap &r, const PyMultiAff &f) {
            return PyMap{presburger::preimageDomain(r.r, PwMultiAff(f.m))};
          },
          py::arg("ma"), Guard())
      .def(
          "preimage_range_multi_aff",
          [](const PyMap &r, const PyMultiAff &f) {
            return PyMap{presburger::preimageRange(r.r, PwMultiAff(f.m))};
          },
          py::arg("ma"), Guard())
      .def(
          "preimage_domain_pw_multi_aff",
          [](const PyMap &r, const PyPwMultiAff &f) {
            return PyMap{presburger::preimageDomain(r.r, f.p)};
          },
          py::arg("pma"), Guard())
      .def(
          "preimage_range_pw_multi_aff",
          [](const PyMap &r, const PyPwMultiAff &f) {
            return PyMap{presburger::preimageRange(r.r, f.p)};
          },
          py::arg("pma"), Guard())
      .def(
          "as_pw_multi_aff",
          [](const PyMap &r) {
            return PyPwMultiAff{PwMultiAff::fromRelation(r.r)};
          },
          Guard())
      .def_static(
          "from_pw_multi_aff",
          [](const PyPwMultiAff &f) {
            return PyMap{checkedMapGraph(f.p.toRelation())};
          },
          py::arg("pma"), Guard())
      .def_static(
          "from_multi_aff",
          [](const PyMultiAff &f) {
            return PyMap{checkedMapGraph(Relation(f.m.toBasicRelation()))};
          },
          py::arg("maff"), Guard())
      .def_static(
          "from_pw_aff",
          [](const PyPwAff &f) {
            return PyMap{checkedMapGraph(f.p.toRelation())};
          },
          py::arg("pwaff"), Guard())
      .def_static(
          "from_aff",
          [](const PyAff &f) {
            return PyMap{checkedMapGraph(PwAff(f.a).toRelation())};
          },
          py::arg("aff"), Guard());
  for (auto [name, isMax] : {std::pair{"lexmin_pw_multi_aff", false},
                             std::pair{"lexmax_pw_multi_aff", true}}) {
    bool mx = isMax;
    set.def(
        name,
        [mx](const PySet &s) {
          return PyPwMultiAff{mx ? s.r.lexmaxPwMultiAff()
                                 : s.r.lexminPwMultiAff()};
        },
        Guard());
    map.def(
        name,
        [mx](const PyMap &s) {
          return PyPwMultiAff{mx ? s.r.lexmaxPwMultiAff()
                                 : s.r.lexminPwMultiAff()};
        },
        Guard());
  }
}

} // namespace pyisl
