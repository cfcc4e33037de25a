//===- Corpus.cpp - Recorded operations in isl notation -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Family 3: reads a corpus of operations, one a line,
//
//   <operation> <object> [<object>] [<integer>...]
//
// where an object is a set or relation in isl notation (`[n] -> { ... }`) and
// the operation is one of the harness's (see --list). `#` starts a comment
// line. Each line becomes a case named corpus/<operation>/line<N>.
//
//   bench-corpus [--corpus FILE] [--list] [Google Benchmark flags]
//
// The default file is bench/corpus.txt of the source tree.
//
//===----------------------------------------------------------------------===//
#include "BenchHarness.h"

#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  std::string path = PRESBURGER_BENCH_CORPUS;
  std::vector<char *> rest;
  rest.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--corpus") == 0 && i + 1 < argc) {
      path = argv[++i];
    } else if (std::strcmp(argv[i], "--list") == 0) {
      for (const bench::OperationInfo &op : bench::operations())
        std::cout << op.name << " (" << op.arity << " object(s)"
                  << (op.numInts
                          ? ", " + std::to_string(op.numInts) + " integer(s)"
                          : std::string())
                  << "): " << op.description << "\n";
      return 0;
    } else {
      rest.push_back(argv[i]);
    }
  }
  std::ifstream in(path);
  if (!in) {
    std::cerr << "bench-corpus: cannot read " << path << "\n";
    return 1;
  }
  std::string line;
  unsigned lineNo = 0, cases = 0, bad = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#')
      continue;
    if (line.back() == '\r')
      line.pop_back();
    bench::Case c;
    c.family = "corpus";
    c.instance = "line" + std::to_string(lineNo);
    std::string error;
    if (!bench::parseCorpusLine(line, c, error)) {
      std::cerr << path << ":" << lineNo << ": " << error << "\n";
      ++bad;
      continue;
    }
    bench::registerCase(c);
    ++cases;
  }
  std::cerr << "bench-corpus: " << cases << " operations from " << path
            << (bad ? ", " + std::to_string(bad) + " unreadable line(s)" : "")
            << "\n";
  int n = int(rest.size());
  return bench::runBenchmarks(n, rest.data());
}
