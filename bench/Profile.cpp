//===- Profile.cpp - One operation in a loop, for profilers ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runs our side of one operation, written as a corpus line, in a loop, so
// that perf or callgrind see only the engine:
//
//   bench-profile [-n ITERATIONS] '<operation> <object>... <integer>...'
//   valgrind --tool=callgrind build/bench/bench-profile -n 200
//       'is_empty [n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }'
//
// Prints the mean time per run. Several lines may be given. Objects over
// several spaces (isl's union types) run the union version of the
// operation, as in presburger-replay.
//
//===----------------------------------------------------------------------===//
#include "BenchHarness.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
  unsigned iterations = 1000;
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
      iterations = unsigned(std::strtoul(argv[++i], nullptr, 10));
      continue;
    }
    bench::Case c;
    c.family = "profile";
    std::string error;
    if (!bench::parseCorpusLine(argv[i], c, error)) {
      std::cerr << "bench-profile: " << error << ": " << argv[i] << "\n";
      status = 1;
      continue;
    }
    try {
      double s = bench::runOurs(c, iterations);
      std::cout << c.op << ": " << s * 1e6 << " us per run (" << iterations
                << " runs)\n";
    } catch (const std::exception &e) {
      std::cerr << "bench-profile: " << e.what() << "\n";
      status = 1;
    }
  }
  return status;
}
