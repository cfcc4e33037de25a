//===- PlainLineReader.cpp - Interactive input without libedit ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Used when the build found no libedit: plain lines with prompts, no line
// editing or history.
//
//===----------------------------------------------------------------------===//
#include "pcalc/LineLoop.h"

#include <iostream>

namespace presburger::calc {

std::unique_ptr<LineReader> makeTerminalLineReader(bool stdoutIsTerminal) {
  return std::make_unique<StreamLineReader>(
      std::cin, stdoutIsTerminal ? &std::cout : &std::cerr);
}

} // namespace presburger::calc
