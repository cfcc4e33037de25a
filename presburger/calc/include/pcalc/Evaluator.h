//===- Evaluator.h - Evaluating expressions --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef PCALC_EVALUATOR_H
#define PCALC_EVALUATOR_H

#include "pcalc/Ast.h"
#include "pcalc/Value.h"

#include <map>
#include <string>

namespace presburger::calc {

class Evaluator {
public:
  /// The value of `e`. Every failure is a CalcError at the position of the
  /// node that failed: a literal's parse error (mapped from the literal's
  /// own line and column to the script's), an undefined variable, a type
  /// error, an unavailable function, or an engine error (an exceeded work
  /// budget, a space mismatch, an unbounded optimum, ...).
  Value evaluate(const Expr &e);

  void assign(const std::string &name, Value v);
  /// The variable's value, or null when it is not defined.
  const Value *lookup(const std::string &name) const;

private:
  Value evaluateLiteral(const Expr &e);
  std::map<std::string, Value> variables_;
};

/// Maps a position inside a literal (1-based, relative to the literal's
/// first character) to the script position, given where the literal starts.
SourcePos mapLiteralPosition(SourcePos literalStart, unsigned line,
                             unsigned column);

} // namespace presburger::calc

#endif // PCALC_EVALUATOR_H
