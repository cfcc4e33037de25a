//===- penguin-opt.cpp - Run passes over a Penguin kernel file ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   penguin-opt [options] [FILE]
//
// --explain prints each pass's decisions to standard error.
//
// Reads a .pn module from FILE (or standard input when FILE is absent or
// '-'), verifies it, runs the named passes in order, and prints the
// resulting module. What analysis passes report is printed before the
// module as `// ` comment lines, so the output still reads back as a module.
// Exit status: 0 success, 1 input error (parse error, invalid IR, a pass
// rejecting its input or failing at an instruction), 2 bad usage (an unknown
// option or pass, a FILE that cannot be read), 3 a checking pass found what
// it checks violated (e.g. check-schedule: an illegal schedule).
//
//===----------------------------------------------------------------------===//

#include "penguin/DependencePasses.h"
#include "penguin/MemcpyElimination.h"
#include "penguin/Parser.h"
#include "penguin/Pass.h"
#include "penguin/PredicateSimplifier.h"
#include "penguin/Printer.h"
#include "penguin/RegenerateLoops.h"
#include "penguin/Statistics.h"
#include "penguin/Verify.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace penguin;

namespace {

constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitCheckFailed = 3;

void printHelp(const PassRegistry &registry) {
  std::cout
      << "usage: penguin-opt [options] [FILE]\n"
         "\n"
         "Reads a Penguin kernel file (.pn; standard input when FILE is\n"
         "absent or '-'), verifies it, runs the given passes in order and\n"
         "prints the resulting module.\n"
         "\n"
         "options:\n"
         "  -p, --pass NAME[,NAME...]  run the named passes (repeatable; the\n"
         "                             order on the command line is kept);\n"
         "                             NAME=ARG gives a pass its argument "
         "(the\n"
         "                             rest of the option, commas included)\n"
         "  -o, --output FILE          write the module to FILE instead of\n"
         "                             standard output\n"
         "  --stats                    print the statistics counters to\n"
         "                             standard error\n"
         "  --explain                  print the passes' decisions (e.g. why\n"
         "                             a copy was not eliminated) to standard\n"
         "                             error\n"
         "  --no-verify                do not verify the input and the result\n"
         "                             of each pass\n"
         "  --print-after-all          print the module after every pass to\n"
         "                             standard error\n"
         "  --time-passes              print the wall time of every pass to\n"
         "                             standard error\n"
         "  -h, --help                 print this help\n"
         "  --version                  print the version\n"
         "\n"
         "passes:\n";
  size_t width = 0;
  for (const auto *e : registry.entries())
    width = std::max(width, e->name.size());
  for (const auto *e : registry.entries())
    std::cout << "  " << e->name << std::string(width - e->name.size() + 2, ' ')
              << e->description << "\n";
  std::cout << "\n"
               "Analysis passes print their findings before the module as\n"
               "'// ' comment lines.\n"
               "\n"
               "exit status: 0 success, 1 input error, 2 usage error (a FILE\n"
               "that cannot be read too), 3 a check failed (check-schedule:\n"
               "the schedule violates a dependence)\n";
}

int usageError(const std::string &msg) {
  std::cerr << "penguin-opt: error: " << msg << "\n"
            << "run 'penguin-opt --help' for usage\n";
  return kExitUsage;
}

struct PassRequest {
  std::string name;
  std::optional<std::string> argument;
};

// Splits "a,b,c=ARG" into requests: names separated by commas, where
// NAME=ARG takes the rest of the text as its argument. False on an empty
// name.
bool splitPasses(const std::string &list, std::vector<PassRequest> &out) {
  std::string cur;
  for (size_t k = 0; k < list.size(); ++k) {
    char c = list[k];
    if (c == '=') {
      if (cur.empty())
        return false;
      out.push_back({cur, list.substr(k + 1)});
      return true;
    }
    if (c == ',') {
      if (cur.empty())
        return false;
      out.push_back({cur, std::nullopt});
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (cur.empty())
    return false;
  out.push_back({cur, std::nullopt});
  return true;
}

// Prints `report` as "// " comment lines.
void printReport(const std::string &report) {
  size_t b = 0;
  while (b < report.size()) {
    size_t e = report.find('\n', b);
    if (e == std::string::npos)
      e = report.size();
    std::string line = report.substr(b, e - b);
    std::cout << (line.empty() ? "//" : "// " + line) << "\n";
    b = e + 1;
  }
  std::cout.flush();
}

bool haveOutputOption(int argc, char **argv) {
  for (int k = 1; k < argc; ++k) {
    std::string a = argv[k];
    if (a == "-o" || a == "--output" || a.rfind("--output=", 0) == 0)
      return true;
  }
  return false;
}

/// What the command line asks for.
struct Options {
  std::vector<PassRequest> passes;
  std::string input, output;
  bool haveInput = false, stats = false, verify = true, explain = false;
  bool printAfterAll = false, timePasses = false;
};

/// Reads the command line into `o`; an exit status when the run ends here
/// (help printed, or a usage error).
std::optional<int> parseOptions(int argc, char **argv,
                                const PassRegistry &registry, Options &o) {
  for (int k = 1; k < argc; ++k) {
    std::string arg = argv[k];
    auto value = [&]() -> std::optional<std::string> {
      if (k + 1 >= argc)
        return std::nullopt;
      return std::string(argv[++k]);
    };
    if (arg == "-h" || arg == "--help") {
      printHelp(registry);
      return 0;
    }
    if (arg == "--version") {
      std::cout << "penguin-opt " << PENGUIN_VERSION << "\n";
      return 0;
    }
    if (arg == "--stats") {
      o.stats = true;
    } else if (arg == "--print-after-all") {
      o.printAfterAll = true;
    } else if (arg == "--time-passes") {
      o.timePasses = true;
    } else if (arg == "--explain") {
      o.explain = true;
    } else if (arg == "--no-verify") {
      o.verify = false;
    } else if (arg == "-p" || arg == "--pass") {
      auto v = value();
      if (!v)
        return usageError("option '" + arg + "' needs a pass name");
      if (!splitPasses(*v, o.passes))
        return usageError("empty pass name in '" + *v + "'");
    } else if (arg.rfind("--pass=", 0) == 0) {
      if (!splitPasses(arg.substr(7), o.passes))
        return usageError("empty pass name in '" + arg + "'");
    } else if (arg.rfind("-p", 0) == 0 && arg.size() > 2) {
      if (!splitPasses(arg.substr(2), o.passes))
        return usageError("empty pass name in '" + arg + "'");
    } else if (arg == "-o" || arg == "--output") {
      auto v = value();
      if (!v)
        return usageError("option '" + arg + "' needs a file name");
      o.output = *v;
    } else if (arg.rfind("--output=", 0) == 0) {
      o.output = arg.substr(9);
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usageError("unknown option '" + arg + "'");
    } else {
      if (o.haveInput)
        return usageError("more than one input file ('" + o.input + "' and '" +
                          arg + "')");
      o.input = arg;
      o.haveInput = true;
    }
  }
  if (o.output.empty() && haveOutputOption(argc, argv))
    return usageError("the output file name is empty");
  return std::nullopt;
}

/// The passes asked for, each given its argument; a usage error's status
/// when one is unknown or its argument is missing or unwanted.
std::optional<int> createPasses(const PassRegistry &registry,
                                const std::vector<PassRequest> &requests,
                                std::vector<std::unique_ptr<Pass>> &passes) {
  for (const PassRequest &r : requests) {
    std::unique_ptr<Pass> p = registry.create(r.name);
    if (!p)
      return usageError("unknown pass '" + r.name +
                        "' (see --help for the list)");
    if (r.argument) {
      if (!p->acceptsArgument())
        return usageError("pass '" + r.name + "' takes no argument");
      try {
        p->setArgument(*r.argument);
      } catch (const presburger::Error &e) { // a malformed argument
        return usageError(e.what());
      }
    } else if (p->needsArgument()) {
      return usageError("pass '" + r.name + "' needs an argument: --pass " +
                        r.name + "=ARGUMENT");
    }
    passes.push_back(std::move(p));
  }
  return std::nullopt;
}

/// The input text and the name diagnostics use for it; false (after saying
/// which file and why, as presburger-calc does) when it cannot be read.
bool readInput(const Options &o, std::string &text, std::string &file) {
  if (!o.haveInput || o.input == "-") {
    file = "<stdin>";
    text.assign(std::istreambuf_iterator<char>(std::cin),
                std::istreambuf_iterator<char>());
    return true;
  }
  file = o.input;
  std::string why;
  std::error_code ec;
  if (std::filesystem::is_directory(o.input, ec)) {
    why = "is a directory";
  } else {
    std::ifstream in(o.input, std::ios::binary);
    if (in) {
      text.assign(std::istreambuf_iterator<char>(in),
                  std::istreambuf_iterator<char>());
      if (!in.bad())
        return true;
      why = "read error";
    } else {
      why = std::strerror(errno);
    }
  }
  std::cerr << "penguin-opt: error: cannot open " << o.input << ": " << why
            << "\n";
  return false;
}

/// Writes the module to standard output or to `output`; false (after
/// saying why) when that fails.
bool writeOutput(const std::string &result, const std::string &output) {
  if (output.empty()) {
    std::cout << result;
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "penguin-opt: error: cannot write to standard output\n";
      return false;
    }
    return true;
  }
  std::ofstream out(output, std::ios::binary);
  out << result;
  out.close();
  if (!out) {
    std::cerr << formatDiagnostic(SourceLocation{output, 0, 0},
                                  "cannot write the output file")
              << "\n";
    return false;
  }
  return true;
}

int run(int argc, char **argv) {
  PassRegistry registry = PassRegistry::withBuiltinPasses();
  registerSimplifierPasses(registry);
  registerDependencePasses(registry);
  registerAccessRewritePasses(registry);
  registerRegenerateLoopsPass(registry);
  Options o;
  if (std::optional<int> status = parseOptions(argc, argv, registry, o))
    return *status;
  std::vector<std::unique_ptr<Pass>> passes;
  if (std::optional<int> status = createPasses(registry, o.passes, passes))
    return *status;
  std::string text, file;
  if (!readInput(o, text, file))
    return kExitUsage; // as presburger-calc: the FILE argument is wrong

  Statistics statistics;
  std::ostringstream report;
  std::vector<PassTiming> timings;
  PassContext context{.stats = statistics,
                      .report = &report,
                      .explain = o.explain ? &std::cerr : nullptr,
                      .printAfterAll = o.printAfterAll ? &std::cerr : nullptr,
                      .timings = o.timePasses ? &timings : nullptr};
  struct TimingReport { // printed however the run ends
    const Options &o;
    const std::vector<PassTiming> &t;
    ~TimingReport() {
      if (o.timePasses)
        std::cerr << formatPassTimings(t);
    }
  } timingReport{o, timings};
  auto fail = [&](const std::string &diagnostic) {
    std::cerr << diagnostic << "\n";
    if (o.stats)
      std::cerr << statistics.str();
    return kExitInput;
  };
  try {
    Module module = parseModule(text, file);
    if (o.verify) {
      std::vector<Diagnostic> ds = verifyModule(module);
      if (!ds.empty())
        throw PassFailure(std::move(ds));
    }
    try {
      runPasses(module, passes, context, o.verify);
    } catch (...) {
      printReport(report.str());
      throw;
    }
    printReport(report.str());
    if (!writeOutput(printModule(module), o.output))
      return kExitInput;
  } catch (const PassFailure &e) {
    return fail(e.what());
  } catch (const LocatedError &e) { // a ParseError among them
    return fail(e.what());
  } catch (const presburger::Error &e) { // penguin's errors and the engine's
    return fail(formatDiagnostic(SourceLocation{file, 0, 0}, e.what()));
  }
  if (o.stats)
    std::cerr << statistics.str();
  return context.checkFailed ? kExitCheckFailed : 0;
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception &e) {
    std::cerr << "penguin-opt: internal error: " << e.what() << "\n";
    return kExitInput;
  }
}
