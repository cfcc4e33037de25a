//===- Help.h - The `help;` statement --------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef PCALC_HELP_H
#define PCALC_HELP_H

#include "pcalc/Ast.h"

#include <string>

namespace presburger::calc {

/// One line of help: what the function computes and what it takes.
const char *functionSummary(Function f);

/// What `help;` prints: the statements, the operators from the lowest
/// precedence to the highest, and every function with its summary, one per
/// line.
std::string languageHelp();

} // namespace presburger::calc

#endif // PCALC_HELP_H
