//===- Pass.h - Passes, the pass registry, diagnostics ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A pass transforms or checks a Module. Passes are created by name from a
// PassRegistry (an ordinary object: the driver builds one with the built-in
// passes and later issues add theirs: simplify-predicates, shrink-domains,
// memcpy-elimination, dependences, check-schedule). A pass that finds the
// input wrong throws PassFailure with diagnostics; runPasses verifies the
// module after each pass unless told not to.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_PASS_H
#define PENGUIN_PASS_H

#include "penguin/Error.h"
#include "penguin/Kernel.h"
#include "penguin/Statistics.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace penguin {

/// The wall time one pass took.
struct PassTiming {
  std::string pass;
  double seconds = 0;
};

/// The timing report of penguin-opt --time-passes: one line per pass (in
/// the order they ran), its seconds and share, then the total.
std::string formatPassTimings(const std::vector<PassTiming> &timings);

struct PassContext {
  Statistics &stats;
  /// Where analysis passes write what they find, one line per finding
  /// (nullptr: nowhere).
  std::ostream *report = nullptr;
  /// Set by a checking pass whose check failed (the module is unchanged and
  /// later passes still run); penguin-opt then exits with status 3.
  bool checkFailed = false;
  /// Where passes explain their decisions (penguin-opt --explain): one line
  /// per decision, e.g. why a copy was not eliminated. Null: no
  /// explanations.
  std::ostream *explain = nullptr;
  /// Where runPasses prints the module after every pass (penguin-opt
  /// --print-after-all), headed `// -----// IR Dump After NAME //----- //`.
  /// Null: nowhere.
  std::ostream *printAfterAll = nullptr;
  /// When set, runPasses appends the wall time of every pass it runs
  /// (penguin-opt --time-passes).
  std::vector<PassTiming> *timings = nullptr;
};

class Pass {
public:
  virtual ~Pass() = default;
  virtual std::string_view name() const = 0;
  virtual std::string_view description() const = 0;
  /// Whether the pass needs an argument (`--pass NAME=ARGUMENT`).
  virtual bool needsArgument() const { return false; }
  /// Whether it takes one at all (an optional argument when it does but
  /// does not need one).
  virtual bool acceptsArgument() const { return needsArgument(); }
  /// Receives the argument; the default throws IRError (the pass takes
  /// none).
  virtual void setArgument(std::string_view argument);
  /// Runs on the module; throws PassFailure (or another penguin::Error).
  virtual void run(Module &module, PassContext &context) = 0;
};

class PassRegistry {
public:
  using Factory = std::function<std::unique_ptr<Pass>()>;
  struct Entry {
    std::string name;
    std::string description;
    Factory factory;
  };

  /// Registers a pass; IRError if the name is taken or not a valid pass
  /// name (lower-case letters, digits and '-').
  void add(std::string name, std::string description, Factory factory);
  bool contains(std::string_view name) const;
  /// A fresh instance, or nullptr for an unknown name.
  std::unique_ptr<Pass> create(std::string_view name) const;
  /// All entries sorted by name.
  std::vector<const Entry *> entries() const;

  /// A registry holding the built-in passes (canonicalize, verify).
  static PassRegistry withBuiltinPasses();

private:
  std::vector<Entry> entries_;
};

/// The `verify` pass: verifyModule, and a PassFailure with every diagnostic
/// when the module is invalid (counter verify.kernels-verified).
std::unique_ptr<Pass> createVerifyPass();

/// Runs `passes` in order; with `verifyEach`, verifies the module after
/// every pass (PassFailure naming the pass if it broke the IR). Passes write
/// their explanations to `explain` when it is not null.
void runPasses(Module &module, const std::vector<std::unique_ptr<Pass>> &passes,
               Statistics &stats, bool verifyEach = true,
               std::ostream *explain = nullptr);
/// The same with a caller-provided context (report and explanation streams,
/// check status).
void runPasses(Module &module, const std::vector<std::unique_ptr<Pass>> &passes,
               PassContext &context, bool verifyEach = true);

} // namespace penguin

#endif // PENGUIN_PASS_H
