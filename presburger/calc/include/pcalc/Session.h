//===- Session.h - Running statements --------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A session holds the variables and runs statements one at a time: each
// statement is parsed, evaluated and (unless it is an assignment) printed
// before the next one is read, so the results of the statements before an
// error are always printed. The first error stops the run and is printed as
//   SOURCE:LINE:COL: error: MESSAGE
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_SESSION_H
#define PCALC_SESSION_H

#include "pcalc/Ast.h"
#include "pcalc/Evaluator.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace presburger::calc {

struct SessionOptions {
  /// When set, each statement runs inside a presburger::WorkBudget::Scope
  /// of this many units (all its engine operations together); otherwise
  /// each engine operation has the engine's default budget.
  std::optional<uint64_t> budget;
};

class Session {
public:
  Session(std::ostream &out, std::ostream &err, SessionOptions options = {});

  /// Runs the statements of `text`, whose first line is line `firstLine`
  /// of the source called `sourceName`. Returns false after the first
  /// error (reported on the error stream), true when every statement ran.
  bool run(std::string_view text, const std::string &sourceName,
           unsigned firstLine = 1);

  Evaluator &evaluator() { return evaluator_; }

private:
  void execute(const Statement &s);
  void report(const std::string &sourceName, SourcePos pos,
              const std::string &message);

  std::ostream &out_;
  std::ostream &err_;
  SessionOptions options_;
  Evaluator evaluator_;
};

/// What a piece of input holds, for the line-by-line reader: nothing but
/// blanks and comments, complete statements (the last token is `;`, or the
/// text has an error more input cannot fix), or an unfinished statement.
enum class InputState { Blank, Complete, Incomplete };
InputState classifyInput(std::string_view text);

} // namespace presburger::calc

#endif // PCALC_SESSION_H
