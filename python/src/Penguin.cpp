//===- Penguin.cpp - penguin from Python
//-----------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The penguin layer for scripts (presburger/penguin.py wraps this): parse a
// .pn module, run named passes with their options — those penguin-opt does
// not expose too (SimplifierOptions, RewriteOptions, a work limit per pass)
// — read the statistics and print the module; and the dependence analysis
// (DependenceAnalysis) with its results as presburger objects.
//
// A Module is mutable (passes rewrite it in place, as in penguin-opt) and
// owns its expression context; every access to it takes the module's mutex
// after the GIL is released, so two threads using one Module take turns
// and different Modules run in parallel.
//
//===----------------------------------------------------------------------===//
#include "Common.h"

#include "penguin/Dependence.h"
#include "penguin/DependencePasses.h"
#include "penguin/MemcpyElimination.h"
#include "penguin/Parser.h"
#include "penguin/Pass.h"
#include "penguin/PredicateSimplifier.h"
#include "penguin/Printer.h"
#include "penguin/ScheduleTree.h"
#include "penguin/Statistics.h"
#include "penguin/Verify.h"

#include <memory>
#include <mutex>
#include <sstream>

namespace pyisl {
namespace {

struct PyModule {
  penguin::Module m;
  std::shared_ptr<std::mutex> mu = std::make_shared<std::mutex>();
};

struct PyStatistics {
  penguin::Statistics st;
};

/// One pass as the Python side asks for it: its name, the argument
/// penguin-opt would give it (`NAME=ARG`), and the options it does not.
struct PassSpec {
  std::string name;
  std::optional<std::string> argument;
  penguin::SimplifierOptions simplifier;
  penguin::RewriteOptions rewrite;
  uint64_t workLimit = 0;
  bool hasSimplifierOptions = false, hasRewriteOptions = false;
};

/// Runs a pass under a work budget of its own (WorkBudget::Scope).
class BudgetedPass : public penguin::Pass {
public:
  BudgetedPass(std::unique_ptr<penguin::Pass> inner, uint64_t limit)
      : inner_(std::move(inner)), limit_(limit) {}
  std::string_view name() const override { return inner_->name(); }
  std::string_view description() const override {
    return inner_->description();
  }
  void run(penguin::Module &module, penguin::PassContext &context) override {
    presburger::WorkBudget::Scope scope(limit_);
    inner_->run(module, context);
  }

private:
  std::unique_ptr<penguin::Pass> inner_;
  uint64_t limit_;
};

penguin::PassRegistry makeRegistry() {
  penguin::PassRegistry r = penguin::PassRegistry::withBuiltinPasses();
  penguin::registerSimplifierPasses(r);
  penguin::registerAccessRewritePasses(r);
  penguin::registerDependencePasses(r);
  return r;
}

const penguin::PassRegistry &registry() {
  static const penguin::PassRegistry r = makeRegistry();
  return r;
}

bool isSimplifierPass(const std::string &n) {
  return n == "simplify-predicates" || n == "shrink-domains";
}

/// Reads the options dictionary of one pass (with the GIL).
PassSpec readSpec(const std::string &name, std::optional<std::string> argument,
                  const py::dict &options) {
  if (!registry().contains(name))
    throw presburger::InvalidArgument("unknown pass '" + name + "'");
  PassSpec s{name, std::move(argument), {}, {}, 0, false, false};
  std::optional<std::string> mode, schedule;
  for (auto item : options) {
    std::string key = item.first.cast<std::string>();
    py::handle v = item.second;
    auto bad = [&]() {
      return presburger::InvalidArgument("pass '" + name + "' has no option '" +
                                         key + "'");
    };
    if (key == "work_limit") {
      s.workLimit = v.cast<uint64_t>();
    } else if (isSimplifierPass(name)) {
      s.hasSimplifierOptions = true;
      if (key == "overapproximate")
        s.simplifier.overapproximate = v.cast<bool>();
      else if (key == "approximate_predicates")
        s.simplifier.approximatePredicates = v.cast<bool>();
      else if (key == "fixed_axes")
        for (auto a : v)
          s.simplifier.fixedAxes.insert(a.cast<std::string>());
      else if (key == "keep_guards_when_all_implied")
        s.simplifier.keepGuardsWhenAllImplied = v.cast<bool>();
      else
        throw bad();
    } else if (name == "memcpy-elimination") {
      s.hasRewriteOptions = true;
      if (key == "require_linear")
        s.rewrite.requireLinear = v.cast<bool>();
      else
        throw bad();
    } else if (name == "dependences" || name == "check-schedule") {
      if (key == "mode")
        mode = v.cast<std::string>();
      else if (key == "schedule" && name == "check-schedule")
        schedule = v.cast<std::string>();
      else
        throw bad();
    } else {
      throw bad();
    }
  }
  if (isSimplifierPass(name))
    s.simplifier.workLimit = s.workLimit;
  if (name == "dependences" && mode) {
    if (s.argument)
      throw presburger::InvalidArgument(
          "dependences: give the mode as the argument or the option, not both");
    s.argument = *mode;
  }
  if (name == "check-schedule" && (mode || schedule)) {
    if (s.argument)
      throw presburger::InvalidArgument(
          "check-schedule: give the schedule as the argument or the options, "
          "not both");
    if (!schedule)
      throw presburger::InvalidArgument("check-schedule needs a schedule");
    s.argument = (mode ? *mode + ":" : std::string()) + *schedule;
  }
  return s;
}

std::unique_ptr<penguin::Pass> createPass(const PassSpec &s) {
  std::unique_ptr<penguin::Pass> p;
  if (s.name == "simplify-predicates")
    p = penguin::createSimplifyPredicatesPass(s.simplifier);
  else if (s.name == "shrink-domains")
    p = penguin::createShrinkDomainsPass(s.simplifier);
  else if (s.name == "memcpy-elimination")
    p = penguin::createMemcpyEliminationPass(s.rewrite);
  else
    p = registry().create(s.name);
  if (s.argument) {
    if (!p->acceptsArgument())
      throw presburger::InvalidArgument("pass '" + s.name +
                                        "' takes no argument");
    p->setArgument(*s.argument);
  } else if (p->needsArgument()) {
    throw presburger::InvalidArgument("pass '" + s.name +
                                      "' needs an argument");
  }
  // The simplifier applies its work limit to each guarded computation (a
  // failure there leaves the instruction unchanged); other passes run under
  // one budget for the whole pass.
  if (s.workLimit && !isSimplifierPass(s.name))
    p = std::make_unique<BudgetedPass>(std::move(p), s.workLimit);
  return p;
}

struct RunResult {
  std::string report, explain, printAfterAll;
  bool checkFailed = false;
  std::vector<std::pair<std::string, double>> timings;
  PyStatistics stats;
};

const penguin::Kernel &kernelAt(const PyModule &m, size_t k) {
  if (k >= m.m.kernels.size())
    throw presburger::InvalidArgument("kernel index " + std::to_string(k) +
                                      " past the end");
  return m.m.kernels[k];
}

std::vector<penguin::DependenceType>
readTypes(const std::vector<std::string> &names) {
  std::vector<penguin::DependenceType> out;
  for (const std::string &n : names) {
    if (n == "RAW")
      out.push_back(penguin::DependenceType::RAW);
    else if (n == "WAR")
      out.push_back(penguin::DependenceType::WAR);
    else if (n == "WAW")
      out.push_back(penguin::DependenceType::WAW);
    else
      throw presburger::InvalidArgument("unknown dependence type '" + n +
                                        "' (RAW, WAR or WAW)");
  }
  if (out.empty())
    out.assign(std::begin(penguin::kAllDependenceTypes),
               std::end(penguin::kAllDependenceTypes));
  return out;
}

penguin::DependenceMode readMode(const std::string &mode) {
  if (mode == "may")
    return penguin::DependenceMode::May;
  if (mode == "exact")
    return penguin::DependenceMode::Exact;
  throw presburger::InvalidArgument("unknown dependence mode '" + mode +
                                    "' (may or exact)");
}

using DepTuple = std::tuple<std::string, int64_t, int64_t, std::string,
                            std::string, std::string, PyMap, PySet>;
using ViolationTuple =
    std::tuple<std::string, int64_t, int64_t, std::string, std::string,
               std::string, std::string, PyMap, PySet>;

ViolationTuple violationTuple(const penguin::DependenceViolation &v) {
  return {std::string(penguin::toString(v.type)),
          v.srcId,
          v.dstId,
          v.tensor,
          v.srcTensor,
          v.dstTensor,
          v.message,
          PyMap{v.violated},
          PySet{v.distances}};
}

} // namespace

void bindPenguin(py::module_ &top) {
  py::module_ m = top.def_submodule("_penguin", "penguin bindings");

  py::class_<PyStatistics>(m, "Statistics",
                           "The counters the passes of one run counted.")
      .def(
          "get",
          [](const PyStatistics &s, const std::string &pass,
             const std::string &name) { return s.st.get(pass, name); },
          py::arg("pass_name"), py::arg("name"))
      .def("counters",
           [](const PyStatistics &s) {
             std::vector<
                 std::tuple<std::string, std::string, std::string, int64_t>>
                 out;
             for (const auto &c : s.st.counters())
               out.emplace_back(c.pass, c.name, c.description, c.value);
             return out;
           })
      .def("__str__", [](const PyStatistics &s) { return s.st.str(); });

  py::class_<PyModule>(m, "Module", "A penguin module (.pn text).")
      .def(py::init([](const std::string &text, const std::string &file) {
             return PyModule{penguin::parseModule(text, file)};
           }),
           py::arg("text"), py::arg("file") = "<input>",
           py::call_guard<py::gil_scoped_release>())
      .def(
          "__str__",
          [](const PyModule &m) {
            std::lock_guard<std::mutex> lock(*m.mu);
            return penguin::printModule(m.m);
          },
          py::call_guard<py::gil_scoped_release>())
      .def(
          "copy",
          [](const PyModule &m) {
            // A deep copy with its own expression context (a plain copy
            // would share it, and contexts are not safe to grow from two
            // threads).
            std::lock_guard<std::mutex> lock(*m.mu);
            return PyModule{
                penguin::parseModule(penguin::printModule(m.m), m.m.file)};
          },
          py::call_guard<py::gil_scoped_release>())
      .def(
          "kernel_names",
          [](const PyModule &m) {
            std::vector<std::string> out;
            std::lock_guard<std::mutex> lock(*m.mu);
            for (const penguin::Kernel &k : m.m.kernels)
              out.push_back(k.name);
            return out;
          },
          py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("file", [](const PyModule &m) { return m.m.file; })
      .def(
          "verify",
          [](const PyModule &m) {
            std::lock_guard<std::mutex> lock(*m.mu);
            std::vector<std::string> out;
            for (const penguin::Diagnostic &d : penguin::verifyModule(m.m))
              out.push_back(d.str());
            return out;
          },
          py::call_guard<py::gil_scoped_release>());

  m.def("pass_names", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto *e : registry().entries())
      out.emplace_back(e->name, e->description);
    return out;
  });

  m.def(
      "run_passes",
      [](PyModule &mod, const py::list &specs, bool verifyEach, bool explain,
         bool printAfterAll, bool timePasses) {
        std::vector<PassSpec> parsed;
        for (py::handle h : specs) {
          auto t = h.cast<py::tuple>();
          if (t.size() != 3)
            throw py::type_error("pass spec: (name, argument, options)");
          std::optional<std::string> arg;
          if (!t[1].is_none())
            arg = t[1].cast<std::string>();
          parsed.push_back(
              readSpec(t[0].cast<std::string>(), arg, t[2].cast<py::dict>()));
        }
        RunResult result;
        {
          py::gil_scoped_release release;
          BudgetGuard budget;
          std::vector<std::unique_ptr<penguin::Pass>> passes;
          for (const PassSpec &s : parsed)
            passes.push_back(createPass(s));
          std::ostringstream report, expl, after;
          std::vector<penguin::PassTiming> timings;
          penguin::PassContext ctx{result.stats.st};
          ctx.report = &report;
          ctx.explain = explain ? &expl : nullptr;
          ctx.printAfterAll = printAfterAll ? &after : nullptr;
          ctx.timings = timePasses ? &timings : nullptr;
          std::lock_guard<std::mutex> lock(*mod.mu);
          penguin::runPasses(mod.m, passes, ctx, verifyEach);
          result.report = report.str();
          result.explain = expl.str();
          result.printAfterAll = after.str();
          result.checkFailed = ctx.checkFailed;
          for (const penguin::PassTiming &t : timings)
            result.timings.emplace_back(t.pass, t.seconds);
        }
        py::dict d;
        d["report"] = result.report;
        d["explain"] = result.explain;
        d["print_after_all"] = result.printAfterAll;
        d["check_failed"] = result.checkFailed;
        d["timings"] = result.timings;
        d["statistics"] = std::move(result.stats);
        return d;
      },
      py::arg("module"), py::arg("passes"), py::arg("verify") = true,
      py::arg("explain") = false, py::arg("print_after_all") = false,
      py::arg("time_passes") = false);

  m.def(
      "dependences",
      [](const PyModule &mod, size_t kernel, const std::string &mode,
         const std::vector<std::string> &types) {
        std::lock_guard<std::mutex> lock(*mod.mu);
        penguin::DependenceAnalysis da(kernelAt(mod, kernel), readMode(mode));
        std::vector<penguin::DependenceType> ts = readTypes(types);
        std::vector<DepTuple> deps;
        for (const penguin::Dependence &d : da.dependences(ts))
          deps.emplace_back(std::string(penguin::toString(d.type)), d.srcId,
                            d.dstId, d.tensor, d.srcTensor, d.dstTensor,
                            PyMap{d.relation}, PySet{da.distances(d)});
        penguin::DependencyMap dm = da.getDependencyMap();
        return std::make_tuple(PyUnionSet{da.domain()},
                               PyUnionMap{da.originalSchedule()},
                               PyUnionMap{dm.reads}, PyUnionMap{dm.writes},
                               deps, da.getScheduleTree().str());
      },
      py::arg("module"), py::arg("kernel"), py::arg("mode"), py::arg("types"),
      Guard());

  m.def(
      "check_schedule",
      [](const PyModule &mod, size_t kernel, const PyUnionMap *schedule,
         const std::optional<std::string> &tree, const std::string &mode,
         const std::vector<std::string> &types, bool all) {
        std::lock_guard<std::mutex> lock(*mod.mu);
        penguin::DependenceAnalysis da(kernelAt(mod, kernel), readMode(mode));
        std::vector<penguin::DependenceType> ts = readTypes(types);
        std::vector<ViolationTuple> out;
        if (!tree && !schedule)
          throw presburger::InvalidArgument("check_schedule needs a schedule");
        presburger::UnionRelation s =
            tree ? penguin::ScheduleTree::parse(*tree).getMap() : schedule->u;
        if (all) {
          for (const auto &v : da.findViolations(s, {}, ts))
            out.push_back(violationTuple(v));
        } else if (auto v = da.checkValidSchedule(s, {}, ts)) {
          out.push_back(violationTuple(*v));
        }
        return out;
      },
      py::arg("module"), py::arg("kernel"), py::arg("schedule"),
      py::arg("tree"), py::arg("mode"), py::arg("types"), py::arg("all"),
      Guard());
}

} // namespace pyisl
