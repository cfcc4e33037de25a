//===- Pass.cpp - Passes, the pass registry, diagnostics ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Pass.h"

#include "penguin/Canonicalize.h"
#include "penguin/Printer.h"
#include "penguin/Verify.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace penguin {

static SourceLocation moduleLocation(const Module &module) {
  SourceLocation loc;
  loc.file = module.file;
  return loc;
}

static std::string joinDiagnostics(const std::vector<Diagnostic> &ds) {
  std::string out;
  for (const Diagnostic &d : ds) {
    if (!out.empty())
      out += '\n';
    out += d.str();
  }
  return out;
}

PassFailure::PassFailure(std::vector<Diagnostic> diagnostics)
    : Error(joinDiagnostics(diagnostics)),
      diagnostics_(std::move(diagnostics)) {}

void PassRegistry::add(std::string name, std::string description,
                       Factory factory) {
  bool ok = !name.empty() && name.front() != '-' && name.back() != '-';
  for (char c : name)
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  if (!ok)
    throw IRError("invalid pass name '" + name +
                  "' (lower-case letters, digits and inner '-')");
  if (contains(name))
    throw IRError("pass '" + name + "' is already registered");
  if (!factory)
    throw IRError("pass '" + name + "' needs a factory");
  entries_.push_back(
      {std::move(name), std::move(description), std::move(factory)});
}

bool PassRegistry::contains(std::string_view name) const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [&](const Entry &e) { return e.name == name; });
}

std::unique_ptr<Pass> PassRegistry::create(std::string_view name) const {
  for (const Entry &e : entries_)
    if (e.name == name)
      return e.factory();
  return nullptr;
}

std::vector<const PassRegistry::Entry *> PassRegistry::entries() const {
  std::vector<const Entry *> out;
  for (const Entry &e : entries_)
    out.push_back(&e);
  std::sort(out.begin(), out.end(),
            [](const Entry *a, const Entry *b) { return a->name < b->name; });
  return out;
}

namespace {

class VerifyPass : public Pass {
public:
  std::string_view name() const override { return "verify"; }
  std::string_view description() const override {
    return "check the IR (names, ranks, strides, predicate legality, "
           "affine_select)";
  }
  void run(Module &module, PassContext &ctx) override {
    std::vector<Diagnostic> ds = verifyModule(module);
    ctx.stats.counter("verify", "kernels-verified",
                      "Number of kernels verified") +=
        static_cast<int64_t>(module.kernels.size());
    if (!ds.empty())
      throw PassFailure(std::move(ds));
  }
};

} // namespace

std::unique_ptr<Pass> createVerifyPass() {
  return std::make_unique<VerifyPass>();
}

PassRegistry PassRegistry::withBuiltinPasses() {
  PassRegistry r;
  r.add("canonicalize",
        "normalise predicates (verb normal form, gcd, merged parallel "
        "bounds, constants folded) and flatten index expressions",
        createCanonicalizePass);
  r.add("verify",
        "check the IR (names, ranks, strides, predicate legality, "
        "affine_select)",
        createVerifyPass);
  return r;
}

void Pass::setArgument(std::string_view) {
  throw IRError("pass '" + std::string(name()) + "' takes no argument");
}

/// Runs one pass; a failure comes out as a PassFailure that names the pass,
/// at the place the pass was processing (see locatedAt), or at the module's
/// file when the pass did not say.
static void runPass(Pass &pass, Module &module, PassContext &ctx) {
  auto failure = [&](SourceLocation loc, const std::string &message) {
    return PassFailure(
        {Diagnostic{std::move(loc),
                    "in pass '" + std::string(pass.name()) + "': " + message}});
  };
  try {
    pass.run(module, ctx);
  } catch (const ParseError &) {
    throw; // text the pass read (a schedule file): located in that text
  } catch (const PassFailure &) {
    throw;
  } catch (const LocatedError &e) {
    throw failure(e.location(), e.message());
  } catch (const Error &e) {
    throw failure(moduleLocation(module), e.what());
  } catch (const presburger::Error &e) {
    throw failure(moduleLocation(module), engineFailureMessage(e));
  }
}

std::string formatPassTimings(const std::vector<PassTiming> &timings) {
  double total = 0;
  for (const PassTiming &t : timings)
    total += t.seconds;
  std::ostringstream os;
  os << "===-------------------------------------------------------------===\n"
     << "                      ... Pass execution timing report ...\n"
     << "===-------------------------------------------------------------===\n"
     << "  Total Execution Time: " << std::fixed << std::setprecision(4)
     << total << " seconds\n\n"
     << "   ----Wall Time----  ----Name----\n";
  auto line = [&](double seconds, const std::string &name) {
    double share = total > 0 ? 100 * seconds / total : 0;
    os << "   " << std::setw(7) << std::setprecision(4) << seconds << " ("
       << std::setw(5) << std::setprecision(1) << share << "%)  " << name
       << "\n";
  };
  for (const PassTiming &t : timings)
    line(t.seconds, t.pass);
  line(total, "Total");
  return os.str();
}

void runPasses(Module &module, const std::vector<std::unique_ptr<Pass>> &passes,
               Statistics &stats, bool verifyEach, std::ostream *explain) {
  PassContext ctx{.stats = stats, .explain = explain};
  runPasses(module, passes, ctx, verifyEach);
}

void runPasses(Module &module, const std::vector<std::unique_ptr<Pass>> &passes,
               PassContext &ctx, bool verifyEach) {
  for (const auto &pass : passes) {
    auto start = std::chrono::steady_clock::now();
    runPass(*pass, module, ctx);
    if (ctx.timings)
      ctx.timings->push_back({std::string(pass->name()),
                              std::chrono::duration<double>(
                                  std::chrono::steady_clock::now() - start)
                                  .count()});
    if (ctx.printAfterAll)
      *ctx.printAfterAll << "// -----// IR Dump After " << pass->name()
                         << " //----- //\n"
                         << printModule(module) << "\n";
    if (!verifyEach)
      continue;
    std::vector<Diagnostic> ds = verifyModule(module);
    if (!ds.empty()) {
      for (Diagnostic &d : ds)
        d.message =
            "after pass '" + std::string(pass->name()) + "': " + d.message;
      throw PassFailure(std::move(ds));
    }
  }
}

} // namespace penguin
