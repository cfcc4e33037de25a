//===- Source.h - Positions in a script and the calculator's error -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// Every error the calculator reports carries the line and column (1-based,
// counted in bytes, a tab being one column) of the place in the script that
// caused it; the session prints it as `FILE:LINE:COL: error: MESSAGE`.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_SOURCE_H
#define PCALC_SOURCE_H

#include <stdexcept>
#include <string>

namespace presburger::calc {

struct SourcePos {
  unsigned line = 1;
  unsigned column = 1;
  friend bool operator==(const SourcePos &, const SourcePos &) = default;
};

/// An error in a statement: lexical, syntactic, a type error, an undefined
/// name, or an engine error, at the position of the token that caused it.
class CalcError : public std::runtime_error {
public:
  CalcError(SourcePos pos, std::string message, bool atEndOfInput = false)
      : std::runtime_error(message), pos_(pos), message_(std::move(message)),
        atEndOfInput_(atEndOfInput) {}
  SourcePos pos() const { return pos_; }
  const std::string &message() const { return message_; }
  /// True when the input ended in the middle of a statement (an unclosed
  /// literal or a missing `;`): more input could complete it. The REPL uses
  /// this to ask for a continuation line.
  bool atEndOfInput() const { return atEndOfInput_; }

private:
  SourcePos pos_;
  std::string message_;
  bool atEndOfInput_;
};

} // namespace presburger::calc

#endif // PCALC_SOURCE_H
