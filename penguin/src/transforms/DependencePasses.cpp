//===- DependencePasses.cpp - The dependences and check-schedule passes ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/DependencePasses.h"

#include "penguin/Dependence.h"
#include "penguin/IntegerSetBridge.h"
#include "penguin/ScheduleTree.h"

#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"

#include "presburger/Errors.h"

#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>

namespace penguin {

namespace {

std::string kernelWhere(const Kernel &k) {
  return "kernel " + (k.name.empty() ? std::string("<unnamed>") : k.name);
}

/// "exact" or "may" (IRError otherwise).
DependenceMode parseMode(std::string_view text, std::string_view pass) {
  if (text == "exact")
    return DependenceMode::Exact;
  if (text == "may")
    return DependenceMode::May;
  throw IRError("pass '" + std::string(pass) +
                "': the dependences are 'may' or 'exact', not '" +
                std::string(text) + "'");
}

class DependencesPass : public Pass {
public:
  std::string_view name() const override { return "dependences"; }
  std::string_view description() const override {
    return "report the RAW/WAR/WAW dependences of each kernel and their "
           "distance vectors (dependences=exact: value-based; default "
           "may: the seed's May-dependences; the module is unchanged)";
  }
  bool acceptsArgument() const override { return true; }
  void setArgument(std::string_view argument) override {
    mode_ = parseMode(argument, name());
  }

  void run(Module &module, PassContext &ctx) override {
    for (const Kernel &k : module.kernels) {
      SourceLocation loc = k.loc;
      if (loc.file.empty())
        loc.file = module.file;
      locatedAt(loc, [&]() { report(k, ctx); });
    }
  }

private:
  void report(const Kernel &k, PassContext &ctx) {
    DependenceAnalysis da(k, mode_);
    std::ostringstream os;
    os << kernelWhere(k) << ": dependences"
       << (mode_ == DependenceMode::Exact ? " (exact)" : "") << "\n";
    os << "  domain: " << printCompact(trySimplify(da.domain())) << "\n";
    os << "  schedule tree: " << da.getScheduleTree().str(YamlStyle::Flow)
       << "\n";
    os << "  schedule: " << printCompact(trySimplify(da.originalSchedule()))
       << "\n";
    std::vector<Dependence> deps = da.dependences();
    for (DependenceType t : kAllDependenceTypes) {
      presburger::UnionRelation u(da.domain().paramNames());
      int64_t count = 0;
      for (const Dependence &d : deps)
        if (d.type == t) {
          u.add(d.relation);
          ++count;
        }
      os << "  " << toString(t) << ": " << printCompact(trySimplify(u)) << "\n";
      std::string lower(toString(t));
      for (char &c : lower)
        c = char(c - 'A' + 'a');
      ctx.stats.counter("dependences", lower,
                        "dependence relations found (" +
                            std::string(toString(t)) + ")") += count;
    }
    for (const Dependence &d : deps) {
      bool srcWrites = d.type != DependenceType::WAR;
      bool dstWrites = d.type != DependenceType::RAW;
      os << "  " << toString(d.type) << " s" << d.srcId << " -> s" << d.dstId
         << " on " << d.tensor << " (s" << d.srcId
         << (srcWrites ? " writes " : " reads ") << d.srcTensor << ", s"
         << d.dstId << (dstWrites ? " writes " : " reads ") << d.dstTensor
         << "): distance " << printCompact(trySimplify(da.distances(d)))
         << "\n";
    }
    ctx.stats.counter("dependences", "kernels", "kernels analysed") += 1;
    if (ctx.report)
      *ctx.report << os.str();
  }

  DependenceMode mode_ = DependenceMode::May;
};

/// The one kernel of `module` (PassFailure naming `pass` otherwise).
const Kernel &onlyKernel(const Module &module, std::string_view pass) {
  if (module.kernels.size() != 1)
    throw PassFailure({Diagnostic{
        SourceLocation{module.file, 0, 0},
        std::string(pass) + " works on a module with exactly one kernel " +
            "(this one has " + std::to_string(module.kernels.size()) + ")"}});
  return module.kernels.front();
}

/// The schedule a pass argument names: inline text when it contains '{',
/// else a file; a tree or an isl relation (parseSchedule), flattened.
/// `file` receives the name errors are reported under.
presburger::UnionRelation readSchedule(const std::string &argument,
                                       std::string &file) {
  std::string text;
  if (argument.find('{') != std::string::npos) {
    text = argument;
    file = "<schedule>";
  } else {
    file = argument;
    std::ifstream in(argument, std::ios::binary);
    if (!in)
      throw PassFailure({Diagnostic{SourceLocation{file, 0, 0},
                                    "cannot open the schedule file"}});
    text.assign(std::istreambuf_iterator<char>(in),
                std::istreambuf_iterator<char>());
  }
  presburger::UnionRelation schedule;
  locatedAt(SourceLocation{file, 0, 0},
            [&]() { schedule = parseSchedule(text, file); });
  return schedule;
}

class CheckSchedulePass : public Pass {
public:
  std::string_view name() const override { return "check-schedule"; }
  std::string_view description() const override {
    return "check-schedule=[exact:]SCHEDULE: check a candidate schedule "
           "(tree or isl relation; a file, or inline text when it contains "
           "'{') against the dependences (exact: value-based ones); exit "
           "status 3 when it violates one";
  }
  bool needsArgument() const override { return true; }
  void setArgument(std::string_view argument) override {
    for (std::string_view prefix : {"exact:", "may:"})
      if (argument.substr(0, prefix.size()) == prefix) {
        mode_ = parseMode(prefix.substr(0, prefix.size() - 1), name());
        argument.remove_prefix(prefix.size());
        break;
      }
    argument_ = std::string(argument);
  }

  void run(Module &module, PassContext &ctx) override {
    const Kernel &k = onlyKernel(module, name());
    std::string file;
    presburger::UnionRelation schedule = readSchedule(argument_, file);
    SourceLocation schedLoc{file, 0, 0};
    locatedAt(schedLoc, [&]() {
      DependenceAnalysis da(k, mode_);
      std::vector<Dependence> deps = da.dependences();
      presburger::UnionRelation prepared = da.prepareSchedule(schedule);
      std::vector<DependenceViolation> v =
          da.internalCheckValidSchedule(deps, prepared, /*firstOnly=*/true);
      ctx.stats.counter("check-schedule", "dependences-checked",
                        "dependence relations checked") += int64_t(deps.size());
      std::ostringstream os;
      if (v.empty()) {
        int64_t n[3] = {0, 0, 0};
        for (const Dependence &d : deps)
          ++n[int(d.type)];
        os << kernelWhere(k) << ": the schedule is legal (" << deps.size()
           << " dependence relation" << (deps.size() == 1 ? "" : "s")
           << ": RAW " << n[0] << ", WAR " << n[1] << ", WAW " << n[2] << ")\n";
      } else {
        ctx.stats.counter("check-schedule", "violations",
                          "schedules found illegal") += 1;
        ctx.checkFailed = true;
        os << kernelWhere(k) << ": " << v.front().message << "\n";
        os << "  violated distances: "
           << printCompact(trySimplify(v.front().distances)) << "\n";
      }
      if (ctx.report)
        *ctx.report << os.str();
    });
  }

private:
  std::string argument_;
  DependenceMode mode_ = DependenceMode::May;
};

/// Code that runs the kernel's instances in the order of a schedule (a
/// schedule tree or a flattened map): the engine's AST generator (buildAst)
/// over the schedule restricted to the kernel's instances, with the
/// parameters' bounds as the context, printed as C. The module is unchanged.
class CodegenSchedulePass : public Pass {
public:
  std::string_view name() const override { return "codegen-schedule"; }
  std::string_view description() const override {
    return "codegen-schedule=SCHEDULE: print C loops that run the kernel's "
           "instances in the order of a schedule (tree or isl relation; a "
           "file, or inline text when it contains '{')";
  }
  bool needsArgument() const override { return true; }
  void setArgument(std::string_view argument) override {
    argument_ = std::string(argument);
  }

  void run(Module &module, PassContext &ctx) override {
    const Kernel &k = onlyKernel(module, name());
    std::string file;
    presburger::UnionRelation schedule = readSchedule(argument_, file);
    locatedAt(SourceLocation{file, 0, 0}, [&]() {
      DependenceAnalysis da(k, DependenceMode::May);
      presburger::UnionRelation prepared = da.prepareSchedule(schedule);
      std::vector<std::string> names;
      for (const Param &p : k.params)
        names.push_back(p.name);
      presburger::BasicRelation bounds(presburger::Space::params(names));
      addParamBounds(bounds, k.params);
      std::string code = presburger::printC(
          presburger::buildAst(prepared, presburger::Relation(bounds)));
      ctx.stats.counter(name(), "kernels", "kernels generated") += 1;
      if (ctx.report)
        *ctx.report << kernelWhere(k) << ":\n" << code;
    });
  }

private:
  std::string argument_;
};

} // namespace

std::unique_ptr<Pass> createDependencesPass() {
  return std::make_unique<DependencesPass>();
}

std::unique_ptr<Pass> createCheckSchedulePass() {
  return std::make_unique<CheckSchedulePass>();
}

std::unique_ptr<Pass> createCodegenSchedulePass() {
  return std::make_unique<CodegenSchedulePass>();
}

void registerDependencePasses(PassRegistry &registry) {
  registry.add("dependences",
               "report the RAW/WAR/WAW May-dependences of each kernel and "
               "their distance vectors (the module is unchanged)",
               createDependencesPass);
  registry.add("check-schedule",
               "check-schedule=SCHEDULE: check a candidate schedule (a tree "
               "or an isl relation; a file, or inline text when it contains "
               "'{') against the dependences; exit status 3 when it violates "
               "one",
               createCheckSchedulePass);
  registry.add("codegen-schedule",
               "codegen-schedule=SCHEDULE: print C loops that run the "
               "kernel's instances in the order of a schedule (a tree or an "
               "isl relation; a file, or inline text when it contains '{')",
               createCodegenSchedulePass);
}

} // namespace penguin
