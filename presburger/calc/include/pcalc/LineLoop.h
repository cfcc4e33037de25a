//===- LineLoop.h - Reading statements line by line ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Standard input is read a line at a time: lines are gathered until they
// hold complete statements (a continuation prompt is shown while a
// statement is unfinished), which then run at once. Interactively (standard
// input is a terminal) an error is reported and the session goes on;
// otherwise the first error ends the run, as for a script file. Each
// complete statement, all its lines, becomes one history entry. An
// interrupt (Ctrl-C, pcalc/Interrupt.h) while a line is read drops the
// unfinished statement; while a statement runs, it stops that statement.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_LINELOOP_H
#define PCALC_LINELOOP_H

#include "pcalc/Session.h"

#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

namespace presburger::calc {

class LineReader {
public:
  virtual ~LineReader() = default;
  /// The next line without its newline, or nullopt at the end of input.
  /// `continuation` says whether a statement is unfinished (the prompt to
  /// show, if any).
  /// An interrupted read (Ctrl-C, interruptRequested()) also gives nullopt.
  virtual std::optional<std::string> readLine(bool continuation) = 0;
  /// Records one complete statement as a history entry (readers without a
  /// history ignore it).
  virtual void addHistory(const std::string &entry) { (void)entry; }
};

/// The history entry of the statement text `text` (one or more lines):
/// a single line as it is; several lines joined by single spaces, with
/// their `#` comments dropped (they would swallow the lines after them) and
/// surrounding blanks trimmed, so that recalling the entry gives the same
/// statement on one line.
std::string historyEntry(const std::string &text);

/// Reads lines from a stream; shows prompts on `promptOut` when given.
class StreamLineReader : public LineReader {
public:
  explicit StreamLineReader(std::istream &in, std::ostream *promptOut = nullptr)
      : in_(in), promptOut_(promptOut) {}
  std::optional<std::string> readLine(bool continuation) override;

private:
  std::istream &in_;
  std::ostream *promptOut_;
};

/// The prompts of interactive use.
inline constexpr const char *kPrompt = "pcalc> ";
inline constexpr const char *kContinuationPrompt = "  ...> ";

/// The reader for a terminal: line editing and history with libedit when
/// the build has it (and standard output is a terminal too), otherwise
/// plain lines from std::cin with prompts on standard output.
std::unique_ptr<LineReader> makeTerminalLineReader(bool stdoutIsTerminal);

struct LineLoopOptions {
  std::string sourceName = "<stdin>";
  /// Stop at the first error (non-interactive) or report it and go on.
  bool stopAtError = true;
};

/// Runs everything `reader` delivers. Returns the exit status: 1 when it
/// stopped at an error, 0 otherwise (an interactive session always ends
/// with 0).
int runLineLoop(Session &session, LineReader &reader,
                const LineLoopOptions &options);

} // namespace presburger::calc

#endif // PCALC_LINELOOP_H
