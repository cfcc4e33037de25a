//===- CalcTestSupport.h - Running the calculator in tests -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef PCALC_TESTS_CALCTESTSUPPORT_H
#define PCALC_TESTS_CALCTESTSUPPORT_H

#include <string>
#include <vector>

namespace pcalc_test {

struct RunResult {
  int status = -1; // exit status, or 128 + signal
  std::string out;
  std::string err;
};

/// Runs the presburger-calc binary with `args`, `input` on standard input
/// (a regular file, so not a terminal).
RunResult runBinary(const std::vector<std::string> &args,
                    const std::string &input = "");

/// Runs `text` in a fresh in-process session as a script named `name`.
RunResult runInProcess(const std::string &text,
                       const std::string &name = "<test>");

/// Lines of `text` (without their newlines; a final newline ends the last
/// line and does not start another).
std::vector<std::string> splitLines(const std::string &text);

/// The contents of a file (fails the test when it cannot be read).
std::string readFile(const std::string &path);

/// Compares printed results with expected ones by meaning: `True`/`False`
/// and lines that are not isl notation (the C of `codegen`) as text, every
/// other line parsed back with presburger::parseUnion and compared with
/// isEqual (and by kind: set, relation, params set). Reports
/// every mismatch as a test failure mentioning `context`.
void expectSameMeaning(const std::vector<std::string> &printed,
                       const std::vector<std::string> &expected,
                       const std::string &context);

/// Paths into the source tree and the binary.
std::string sourceDir();
std::string testDir();
std::string binaryPath();

} // namespace pcalc_test

#endif // PCALC_TESTS_CALCTESTSUPPORT_H
