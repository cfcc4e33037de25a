//===- Module.cpp - The extension module presburger._core ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The module itself: the exception classes and their translation from the
// engine's typed errors, the per-thread operation budget, dim_type, and the
// helpers shared by the bindings of the set and union classes.
//
//===----------------------------------------------------------------------===//
#include "Common.h"

#include "presburger/Printer.h"

#ifdef PRESBURGER_PYTHON_PENGUIN
#include "penguin/Error.h"
#endif

#include <functional>

namespace pyisl {

ThreadBudget &threadBudget() {
  thread_local ThreadBudget b;
  return b;
}

namespace {

// Strong references kept for the life of the process (never released:
// the interpreter may be finalizing when static destructors run).
PyObject *gError, *gParseError, *gSpaceError, *gLimitExceeded, *gUnboundedError,
    *gInvalidArgument;
#ifdef PRESBURGER_PYTHON_PENGUIN
PyObject *gLocatedError, *gPenguinParseError, *gPassFailure,
    *gPenguinNotImplemented;
#endif

PyObject *newException(py::module_ &m, const char *name, PyObject *base,
                       PyObject *base2, const char *doc) {
  std::string qual = std::string("presburger.") + name;
  PyObject *bases = base2 ? PyTuple_Pack(2, base, base2) : nullptr;
  PyObject *t = PyErr_NewExceptionWithDoc(qual.c_str(), doc,
                                          bases ? bases : base, nullptr);
  Py_XDECREF(bases);
  if (!t)
    throw py::error_already_set();
  Py_INCREF(t);
  m.add_object(name, py::handle(t));
  return t;
}

void raise(PyObject *type, const std::string &message,
           const std::function<void(py::object &)> &decorate = {}) {
  py::object exc = py::reinterpret_steal<py::object>(
      PyObject_CallFunction(type, "s", message.c_str()));
  if (!exc) // could not even build the exception: keep Python's error
    return;
  if (decorate)
    decorate(exc);
  PyErr_SetObject(type, exc.ptr());
}

void translate(std::exception_ptr p) {
  try {
    std::rethrow_exception(p);
  }
#ifdef PRESBURGER_PYTHON_PENGUIN
  catch (const penguin::LocatedError &e) {
    // A parse error is a located error with its own Python class.
    bool parse = dynamic_cast<const penguin::ParseError *>(&e) != nullptr;
    raise(parse ? gPenguinParseError : gLocatedError, e.what(),
          [&](py::object &x) {
            x.attr("file") = e.location().file;
            x.attr("line") = e.location().line;
            x.attr("column") = e.location().column;
            x.attr("message") = e.message();
          });
  } catch (const penguin::PassFailure &e) {
    raise(gPassFailure, e.what(), [&](py::object &x) {
      py::list diags;
      for (const penguin::Diagnostic &d : e.diagnostics())
        diags.append(d.str());
      x.attr("diagnostics") = diags;
    });
  } catch (const penguin::NotImplementedError &e) {
    raise(gPenguinNotImplemented, e.what());
  } catch (const penguin::LimitExceeded &e) {
    raise(gLimitExceeded, e.what());
  }
#endif
  catch (const presburger::ParseError &e) {
    raise(gParseError, e.what(), [&](py::object &x) {
      x.attr("line") = e.line();
      x.attr("column") = e.column();
      x.attr("message") = e.message();
    });
  } catch (const presburger::SpaceError &e) {
    raise(gSpaceError, e.what());
  } catch (const presburger::LimitExceeded &e) {
    // The thread's count is spent: isl's max_operations stays exceeded
    // until reset_operations.
    ThreadBudget &t = threadBudget();
    if (t.max)
      t.used = t.max;
    raise(gLimitExceeded, e.what());
  } catch (const presburger::UnboundedError &e) {
    raise(gUnboundedError, e.what());
  } catch (const presburger::InvalidArgument &e) {
    raise(gInvalidArgument, e.what());
  } catch (const presburger::Error &e) {
    raise(gError, e.what());
  } catch (const NotImplemented &e) {
    PyErr_SetString(PyExc_NotImplementedError, e.what());
  }
}

} // namespace

PyObject *errorType() { return gError; }

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

VarKind varKind(DimType dt, const Space &s) {
  switch (dt) {
  case DimType::param:
    return VarKind::Param;
  case DimType::in_:
    if (!s.isRelation())
      throw presburger::InvalidArgument(
          "dim_type.in_ names the domain of a map; a set has none");
    return VarKind::Domain;
  case DimType::out:
    if (s.isParams())
      throw presburger::InvalidArgument(
          "a parameter set has no set dimensions");
    return VarKind::Range;
  case DimType::div:
    return VarKind::Local;
  default:
    throw presburger::InvalidArgument(
        "dim_type.cst and dim_type.all name no variables here");
  }
}

unsigned dimCount(DimType dt, const Space &s, unsigned numLocals) {
  switch (dt) {
  case DimType::param:
    return s.numParams();
  case DimType::in_:
    return s.numDomain();
  case DimType::out:
    return s.numRange();
  case DimType::div:
    return numLocals;
  case DimType::all:
    return s.numParams() + s.numDims() + numLocals;
  case DimType::cst:
    return 1;
  }
  return 0;
}

void checkRange(const Space &s, VarKind kind, unsigned first, unsigned n,
                const char *what) {
  if (uint64_t(first) + n > s.numVars(kind))
    throw presburger::InvalidArgument(std::string(what) +
                                      ": dimensions past the end");
}

namespace {
presburger::Tuple renamedDim(const presburger::Tuple &t, unsigned pos,
                             const std::string &name) {
  std::vector<std::string> names = t.dimNames();
  if (pos >= names.size())
    throw presburger::InvalidArgument("set_dim_name: position past the end");
  names[pos] = name;
  presburger::Tuple out = t;
  out.setDimNames(names);
  return out;
}
} // namespace

Space spaceWithDimName(const Space &s, DimType dt, unsigned pos,
                       const std::string &name) {
  VarKind k = varKind(dt, s);
  switch (k) {
  case VarKind::Param: {
    std::vector<std::string> params = s.paramNames();
    if (pos >= params.size())
      throw presburger::InvalidArgument("set_dim_name: position past the end");
    if (name.empty())
      throw presburger::InvalidArgument("set_dim_name: parameters need a name");
    for (size_t i = 0; i < params.size(); ++i)
      if (i != pos && params[i] == name)
        throw presburger::InvalidArgument("set_dim_name: parameter '" + name +
                                          "' exists already");
    params[pos] = name;
    return s.withParams(params);
  }
  case VarKind::Domain:
    return s.withDomainTuple(renamedDim(s.domainTuple(), pos, name));
  case VarKind::Range:
    return s.withRangeTuple(renamedDim(s.rangeTuple(), pos, name));
  default:
    throw presburger::InvalidArgument("set_dim_name: divisions have no names");
  }
}

std::optional<std::string> spaceDimName(const Space &s, DimType dt,
                                        unsigned pos) {
  VarKind k = varKind(dt, s);
  if (k == VarKind::Local)
    return std::nullopt;
  if (pos >= s.numVars(k))
    throw presburger::InvalidArgument("get_dim_name: position past the end");
  std::string n;
  if (k == VarKind::Param)
    n = s.paramNames()[pos];
  else if (k == VarKind::Domain)
    n = s.domainTuple().dimNames()[pos];
  else
    n = s.rangeTuple().dimNames()[pos];
  if (n.empty())
    return std::nullopt;
  return n;
}

namespace {
size_t mix(size_t h, size_t v) {
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}
size_t tupleHash(const presburger::Tuple &t) {
  size_t h = std::hash<std::string>()(t.name());
  h = mix(h, t.numDims());
  if (t.isNested()) {
    h = mix(h, 1 + tupleHash(t.nestedDomain()));
    h = mix(h, 2 + tupleHash(t.nestedRange()));
  }
  return h;
}
} // namespace

size_t shapeHash(const Space &s) {
  size_t h = size_t(s.kind()) + 17;
  if (s.isRelation())
    h = mix(h, tupleHash(s.domainTuple()));
  if (!s.isParams())
    h = mix(h, tupleHash(s.rangeTuple()));
  return h;
}

BasicRelation asBasic(const Relation &r, const char *what) {
  if (r.numDisjuncts() == 0)
    return BasicRelation::empty(r.space());
  if (r.numDisjuncts() == 1)
    return r.disjuncts()[0];
  Relation c = r.coalesce();
  if (c.numDisjuncts() == 1)
    return c.disjuncts()[0];
  throw presburger::Error(std::string(what) +
                          ": the result is not a single conjunction");
}

namespace {
struct PointWalker {
  const std::function<void(const std::vector<Int> &)> &emit;
  std::vector<std::pair<VarKind, unsigned>> vars;
  std::vector<Int> cur;

  void walk(const Relation &r, size_t k) {
    auto [kind, pos] = vars[k];
    presburger::DimBounds b = r.dimBounds(kind, pos);
    if (b.empty)
      return;
    if (!b.lower || !b.upper)
      throw presburger::Error(
          "the set has infinitely many points (foreach_point and count_val "
          "need a bounded set, parameters included)");
    for (Int v = *b.lower; v <= *b.upper; v += b.stride) {
      presburger::WorkBudget::charge();
      cur[k] = v;
      if (k + 1 == vars.size()) {
        if (r.containsPoint(cur))
          emit(cur);
      } else {
        walk(r.fix(kind, pos, v), k + 1);
      }
    }
  }
};
} // namespace

void forEachPoint(const Relation &r,
                  const std::function<void(const std::vector<Int> &)> &emit) {
  presburger::WorkBudget::Operation op;
  const Space &s = r.space();
  PointWalker w{emit, {}, {}};
  for (unsigned i = 0; i < s.numParams(); ++i)
    w.vars.push_back({VarKind::Param, i});
  for (unsigned i = 0; i < s.numDomain(); ++i)
    w.vars.push_back({VarKind::Domain, i});
  for (unsigned i = 0; i < s.numRange(); ++i)
    w.vars.push_back({VarKind::Range, i});
  if (w.vars.empty()) {
    if (!r.isEmpty())
      emit({});
    return;
  }
  w.cur.assign(w.vars.size(), Int(0));
  w.walk(r, 0);
}

Int countPoints(const Relation &r) {
  Int n(0);
  forEachPoint(r, [&](const std::vector<Int> &) { n += Int(1); });
  return n;
}

} // namespace pyisl

using namespace pyisl;

PYBIND11_MODULE(_core, m) {
  m.doc() = "The presburger engine (exact integer sets and relations in isl "
            "notation); use the package `presburger`, not this module.";
  m.attr("__version__") = PRESBURGER_VERSION;

  gError = newException(
      m, "Error", PyExc_Exception, nullptr,
      "Base of every error the engine raises (islpy's isl.Error).");
  gParseError = newException(
      m, "ParseError", gError, PyExc_ValueError,
      "Text that is not valid isl notation; `line` and `column` (1-based) "
      "point at the offending token, `message` is the text without them.");
  gSpaceError = newException(m, "SpaceError", gError, nullptr,
                             "Objects whose spaces do not fit the operation.");
  gLimitExceeded = newException(
      m, "LimitExceeded", gError, nullptr,
      "An operation ran out of its work budget (set_max_operations, or the "
      "engine's per-operation default).");
  gUnboundedError = newException(
      m, "UnboundedError", gError, nullptr,
      "A result that does not exist as a finite value (the lexmin of a set "
      "unbounded below, the points of an unbounded set).");
  gInvalidArgument =
      newException(m, "InvalidArgument", gError, PyExc_ValueError,
                   "An argument outside the range an operation accepts.");
#ifdef PRESBURGER_PYTHON_PENGUIN
  gLocatedError = newException(
      m, "LocatedError", gError, nullptr,
      "A penguin failure at a place of the input: `file`, `line`, `column`, "
      "`message`.");
  gPenguinParseError =
      newException(m, "PenguinParseError", gLocatedError, PyExc_ValueError,
                   "A .pn text that does not parse.");
  gPassFailure = newException(
      m, "PassFailure", gError, nullptr,
      "A penguin pass rejected its input; `diagnostics` lists the messages.");
  gPenguinNotImplemented = newException(
      m, "PenguinNotImplementedError", gError, PyExc_NotImplementedError,
      "A case a penguin analysis does not handle (the seeds' "
      "NotImplementedError bail-outs).");
#endif
  py::register_exception_translator(&translate);

  py::enum_<DimType>(m, "dim_type", "islpy's dim_type (set is out).")
      .value("cst", DimType::cst)
      .value("param", DimType::param)
      .value("in_", DimType::in_)
      .value("out", DimType::out)
      .value("set", DimType::out)
      .value("div", DimType::div)
      .value("all", DimType::all);

  m.def(
      "_set_max_operations", [](uint64_t n) { threadBudget().max = n; },
      "Sets the calling thread's operation budget (0: none).");
  m.def(
      "_get_max_operations", [] { return threadBudget().max; },
      "The calling thread's operation budget (0: none).");
  m.def(
      "_reset_operations", [] { threadBudget().used = 0; },
      "Resets the calling thread's count of operations.");
  m.def(
      "_get_operations", [] { return threadBudget().used; },
      "The operations the calling thread used since the last reset (counted "
      "only while a maximum is set).");
  m.attr("_default_limit") = presburger::WorkBudget::kDefaultLimit;

  bindSets(m);
  bindUnions(m);
  bindReshape(m);
  bindFunctions(m);
  bindCodegen(m);
#ifdef PRESBURGER_PYTHON_PENGUIN
  bindPenguin(m);
  m.attr("_have_penguin") = true;
#else
  m.attr("_have_penguin") = false;
#endif
}
