//===- Driver.h - Command line of presburger-calc --------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   presburger-calc [--budget N] FILE     run a script ('-': standard input)
//   presburger-calc [--budget N] -e TEXT  run TEXT (-e may be repeated)
//   presburger-calc [--budget N]          read standard input
//   presburger-calc --help | --version
//
// Exit status: 0 when every statement ran, 1 when a statement had an error,
// 2 on bad usage (unknown option, missing argument, a FILE that cannot be
// opened, -e together with FILE).
//
// --budget N is a testing aid, not shown by --help: it bounds the engine
// work of each statement (see SessionOptions::budget).
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_DRIVER_H
#define PCALC_DRIVER_H

#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace presburger::calc {

struct DriverStreams {
  std::istream &in;
  std::ostream &out;
  std::ostream &err;
  /// Standard input and output are terminals: read `in` interactively
  /// (prompts, line editing when available, errors do not end the run).
  bool stdinIsTerminal = false;
  bool stdoutIsTerminal = false;
};

/// Runs the calculator with the command-line arguments `args` (without the
/// program name). Returns the exit status.
int runCalculator(const std::vector<std::string> &args, DriverStreams io);

/// The text of --help.
std::string helpText();
/// The text of --version.
std::string versionText();

} // namespace presburger::calc

#endif // PCALC_DRIVER_H
