//===- Common.h - Shared pieces of the Python bindings ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The wrapper types of the extension `presburger._core`, the conversion of
// Python integers to the engine's Int, the per-thread operation budget of
// islpy's Context (set_max_operations / reset_operations), and the call
// guard every engine call runs under: the GIL released, the budget applied.
//
// Every wrapper holds an engine value and is never modified after it is
// built (methods return new objects), so several threads may read one
// object at once while the GIL is released: the engine's const methods
// touch no shared mutable state (docs/python.md, "Threads").
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_PYTHON_COMMON_H
#define PRESBURGER_PYTHON_COMMON_H

#include "presburger/BasicRelation.h"
#include "presburger/Errors.h"
#include "presburger/Int.h"
#include "presburger/Relation.h"
#include "presburger/Space.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pybind11::detail {
/// Python int <-> presburger::Int, exactly (big integers through their
/// decimal text). Anything with __index__ is accepted when converting.
template <> struct type_caster<presburger::Int> {
  PYBIND11_TYPE_CASTER(presburger::Int, const_name("int"));
  bool load(handle src, bool convert) {
    if (!src)
      return false;
    object num;
    if (PyLong_Check(src.ptr())) {
      num = reinterpret_borrow<object>(src);
    } else {
      if (!convert || PyFloat_Check(src.ptr()) || !PyIndex_Check(src.ptr()))
        return false;
      num = reinterpret_steal<object>(PyNumber_Index(src.ptr()));
      if (!num) {
        PyErr_Clear();
        return false;
      }
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(num.ptr(), &overflow);
    if (!overflow) {
      if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return false;
      }
      value = presburger::Int(static_cast<int64_t>(v));
      return true;
    }
    object text = reinterpret_steal<object>(PyObject_Str(num.ptr()));
    if (!text) {
      PyErr_Clear();
      return false;
    }
    auto parsed = presburger::Int::fromString(text.cast<std::string>());
    if (!parsed)
      return false;
    value = *parsed;
    return true;
  }
  static handle cast(const presburger::Int &v, return_value_policy, handle) {
    if (auto s = v.toInt64())
      return PyLong_FromLongLong(*s);
    return PyLong_FromString(v.toString().c_str(), nullptr, 10);
  }
};
} // namespace pybind11::detail

namespace pyisl {

namespace py = pybind11;
using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::Space;
using presburger::UnionRelation;
using presburger::VarKind;

/// islpy's dim_type (isl's enum isl_dim_type: set is out).
enum class DimType : int {
  cst = 0,
  param = 1,
  in_ = 2,
  out = 3,
  div = 4,
  all = 5
};

struct PySpace {
  Space s;
};
struct PyBasicSet {
  BasicRelation b;
};
struct PyBasicMap {
  BasicRelation b;
};
struct PySet {
  Relation r;
};
struct PyMap {
  Relation r;
};
struct PyUnionSet {
  UnionRelation u;
};
struct PyUnionMap {
  UnionRelation u;
};
/// A point: its space and the values of the parameters then the
/// dimensions; `isVoid` for the point of an empty set (isl's void point).
struct PyPoint {
  Space s;
  std::vector<Int> values;
  bool isVoid = false;
};

/// A failure of the binding itself that islpy users expect as
/// NotImplementedError (a method islpy has and we do not).
class NotImplemented : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

//===----------------------------------------------------------------------===//
// The operation budget of the calling thread (islpy's Context
// set_max_operations / reset_operations). isl counts operations until they
// are reset; so do we: every engine call made from Python while a maximum
// is set runs in a WorkBudget::Scope holding what is left, and what it used
// is added to the thread's count.
//===----------------------------------------------------------------------===//

struct ThreadBudget {
  uint64_t max = 0; ///< 0: no maximum (each call has the engine's default)
  uint64_t used = 0;
};
ThreadBudget &threadBudget();

/// The call guard of every engine call: applies the thread's budget. Built
/// after the GIL is released; touches no Python object.
class BudgetGuard {
public:
  BudgetGuard() {
    ThreadBudget &t = threadBudget();
    if (t.max)
      scope_.emplace(t.max > t.used ? t.max - t.used : 0);
  }
  ~BudgetGuard() {
    if (scope_) {
      threadBudget().used += presburger::WorkBudget::used();
      scope_.reset();
    }
  }
  BudgetGuard(const BudgetGuard &) = delete;
  BudgetGuard &operator=(const BudgetGuard &) = delete;

private:
  std::optional<presburger::WorkBudget::Scope> scope_;
};

/// GIL released, budget applied.
using Guard = py::call_guard<py::gil_scoped_release, BudgetGuard>;

//===----------------------------------------------------------------------===//
// Dimension types
//===----------------------------------------------------------------------===//

/// The engine's variable kind for `dt` in an object of space `s` (a set's
/// tuple is the range). InvalidArgument for in_ on a set, cst and all.
VarKind varKind(DimType dt, const Space &s);
/// The number of variables of `dt` (all: params and dimensions).
unsigned dimCount(DimType dt, const Space &s, unsigned numLocals = 0);
/// Checks first + n <= the number of variables of `kind`.
void checkRange(const Space &s, VarKind kind, unsigned first, unsigned n,
                const char *what);

/// The space with the name of dimension `pos` of `dt` set (parameters:
/// renamed; an empty name clears a dimension's name).
Space spaceWithDimName(const Space &s, DimType dt, unsigned pos,
                       const std::string &name);
/// The name of dimension `pos` of `dt`, or nullopt when it has none.
std::optional<std::string> spaceDimName(const Space &s, DimType dt,
                                        unsigned pos);
/// Hash of the space's shape: kind, tuple names and arities, nesting (not
/// the parameters, which are aligned by name, nor the dimension names,
/// which are hints): equal sets and maps have equal shapes.
size_t shapeHash(const Space &s);

/// The single disjunct of `r` (the obviously empty basic relation of its
/// space when it has none); Error when `r` has several.
BasicRelation asBasic(const Relation &r, const char *what);

/// Every integer point of `r` (params, then dimensions), in lexicographic
/// order, each passed to `emit`; Error when the points are not finitely
/// many (isl's foreach_point needs a bounded set). Charges the work budget
/// one unit per candidate point.
void forEachPoint(const Relation &r,
                  const std::function<void(const std::vector<Int> &)> &emit);
/// The number of integer points of `r` (finite).
Int countPoints(const Relation &r);

/// isl's intersect_params: `r` restricted to the values of the parameter
/// set `p` (parameters aligned by name).
Relation intersectParams(const Relation &r, const Relation &p);
/// isl's compute_divs: every existential written as a division.
Relation computeDivs(const Relation &r);
/// A point of `r` (a void point when it is empty).
PyPoint pointOf(const Relation &r);
/// Every point of `r` (see forEachPoint).
std::vector<std::vector<Int>> allPoints(const Relation &r);

/// Registration of the parts (Sets.cpp, Unions.cpp, Reshape.cpp and
/// Functions.cpp, which add methods to the Set and Map classes,
/// Penguin.cpp, Codegen.cpp).
void bindSets(py::module_ &m);
void bindUnions(py::module_ &m);
void bindReshape(py::module_ &m);
void bindFunctions(py::module_ &m);
void bindPenguin(py::module_ &m);
void bindCodegen(py::module_ &m);

/// The Python exception classes, created by Module.cpp.
PyObject *errorType();

} // namespace pyisl

#endif // PRESBURGER_PYTHON_COMMON_H
