//===- main.cpp - presburger-calc -----------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The calculator's command line; everything happens in the presburger_calc
// library (pcalc/Driver.h).
//
//===----------------------------------------------------------------------===//
#include "pcalc/Driver.h"

#include <iostream>
#include <new>

#include <unistd.h>

int main(int argc, char **argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    presburger::calc::DriverStreams io{std::cin, std::cout, std::cerr,
                                       isatty(STDIN_FILENO) == 1,
                                       isatty(STDOUT_FILENO) == 1};
    int status = presburger::calc::runCalculator(args, io);
    std::cout.flush();
    return status;
  } catch (const std::bad_alloc &) {
    std::cerr << "presburger-calc: error: out of memory\n";
  } catch (const std::exception &e) {
    std::cerr << "presburger-calc: error: " << e.what() << '\n';
  }
  return 1;
}
