//===- Driver.cpp - Command line of presburger-calc -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Driver.h"

#include "pcalc/Interrupt.h"
#include "pcalc/LineLoop.h"
#include "pcalc/Session.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace presburger::calc {

namespace {

constexpr const char *kProgram = "presburger-calc";

int usageError(std::ostream &err, const std::string &message) {
  err << kProgram << ": error: " << message << '\n'
      << "Try '" << kProgram << " --help' for more information.\n";
  return 2;
}

std::optional<uint64_t> parseBudget(const std::string &text) {
  uint64_t value = 0;
  const char *begin = text.data(), *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || value == 0)
    return std::nullopt;
  return value;
}

/// Reads the whole file; nullopt (with `why`) when it cannot be read.
std::optional<std::string> readFile(const std::string &path, std::string &why) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    why = "is a directory";
    return std::nullopt;
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    why = std::strerror(errno);
    return std::nullopt;
  }
  std::ostringstream text;
  text << f.rdbuf();
  if (f.bad()) {
    why = "read error";
    return std::nullopt;
  }
  return text.str();
}

} // namespace

std::string versionText() {
  return std::string(kProgram) + " " + PCALC_VERSION + "\n";
}

std::string helpText() {
  return std::string("Usage: ") + kProgram +
         " [FILE | -e TEXT...]\n"
         "\n"
         "The calculator of the presburger library: exact integer sets and\n"
         "relations in isl notation, in a subset of iscc's language.\n"
         "\n"
         "  FILE        run the statements of FILE ('-' for standard input)\n"
         "  -e TEXT     run the statements in TEXT (may be repeated)\n"
         "  -h, --help  show this help\n"
         "  --version   show the version\n"
         "\n"
         "Without FILE or -e, statements are read from standard input; on a\n"
         "terminal with a prompt, line editing and history.\n"
         "\n"
         "Statements end with ';':  NAME := EXPR;   EXPR;   print EXPR;\n"
         "'help;' lists the operators and functions.\n"
         "Example:  " +
         kProgram +
         " -e 'a := { [i] : 0 <= i < 10 }; a * { [i] : i >= 7 };'\n"
         "\n"
         "Exit status: 0 when every statement ran, 1 when a statement had an\n"
         "error (reported as FILE:LINE:COL: error: MESSAGE), 2 on bad usage.\n"
         "The language is described in docs/calculator.md.\n";
}

int runCalculator(const std::vector<std::string> &args, DriverStreams io) {
  std::vector<std::string> texts;
  std::optional<std::string> file;
  SessionOptions options;
  bool endOfOptions = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (!endOfOptions && a == "--") {
      endOfOptions = true;
    } else if (!endOfOptions && (a == "-h" || a == "--help")) {
      io.out << helpText();
      return 0;
    } else if (!endOfOptions && (a == "--version" || a == "-V")) {
      io.out << versionText();
      return 0;
    } else if (!endOfOptions && a == "-e") {
      if (i + 1 == args.size())
        return usageError(io.err, "option '-e' needs an argument");
      texts.push_back(args[++i]);
    } else if (!endOfOptions &&
               (a == "--budget" || a.rfind("--budget=", 0) == 0)) {
      std::string value;
      if (a == "--budget") {
        if (i + 1 == args.size())
          return usageError(io.err, "option '--budget' needs an argument");
        value = args[++i];
      } else {
        value = a.substr(std::strlen("--budget="));
      }
      options.budget = parseBudget(value);
      if (!options.budget)
        return usageError(io.err, "option '--budget' needs a positive "
                                  "integer, got '" +
                                      value + "'");
    } else if (!endOfOptions && a.size() > 1 && a[0] == '-') {
      return usageError(io.err, "unknown option '" + a + "'");
    } else {
      if (file)
        return usageError(io.err, "more than one FILE ('" + *file + "' and '" +
                                      a + "')");
      file = a;
    }
  }
  if (file && !texts.empty())
    return usageError(io.err, "-e cannot be combined with a FILE");

  Session session(io.out, io.err, options);
  if (!texts.empty()) {
    for (const std::string &t : texts)
      if (!session.run(t, "<command line>"))
        return 1;
    return 0;
  }
  if (file && *file != "-") {
    std::string why;
    std::optional<std::string> text = readFile(*file, why);
    if (!text) {
      io.err << kProgram << ": error: cannot open " << *file << ": " << why
             << '\n';
      return 2;
    }
    return session.run(*text, *file) ? 0 : 1;
  }
  LineLoopOptions loop;
  if (io.stdinIsTerminal) {
    loop.stopAtError = false;
    io.out << kProgram << " " << PCALC_VERSION
           << ": statements end with ';', 'help;' lists the functions, "
              "Ctrl-C interrupts, Ctrl-D quits.\n";
    // Ctrl-C stops the running statement or drops the line being typed.
    InterruptHandler interrupts;
    std::unique_ptr<LineReader> reader =
        makeTerminalLineReader(io.stdoutIsTerminal);
    return runLineLoop(session, *reader, loop);
  }
  StreamLineReader reader(io.in);
  return runLineLoop(session, reader, loop);
}

} // namespace presburger::calc
