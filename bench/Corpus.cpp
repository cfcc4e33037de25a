//===- Corpus.cpp - Recorded operations in isl notation -------------------===//
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

#include <cctype>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

/// Reads one isl-notation object starting at `pos` (after blanks): an
/// optional parameter list and arrow, then a brace-balanced body.
std::optional<std::string> readObject(const std::string &line, size_t &pos) {
  size_t start = pos;
  int depth = 0;
  bool seenBrace = false;
  for (; pos < line.size(); ++pos) {
    char ch = line[pos];
    if (ch == '{') {
      ++depth;
      seenBrace = true;
    } else if (ch == '}') {
      if (--depth < 0)
        return std::nullopt;
      if (depth == 0 && seenBrace) {
        ++pos;
        return line.substr(start, pos - start);
      }
    }
  }
  return std::nullopt;
}

void skipBlanks(const std::string &line, size_t &pos) {
  while (pos < line.size() && std::isspace(static_cast<unsigned char>(line[pos])))
    ++pos;
}

bool parseLine(const std::string &line, bench::Case &c, std::string &error) {
  size_t pos = 0;
  skipBlanks(line, pos);
  size_t opEnd = pos;
  while (opEnd < line.size() && !std::isspace(static_cast<unsigned char>(line[opEnd])))
    ++opEnd;
  c.op = line.substr(pos, opEnd - pos);
  pos = opEnd;
  const bench::OperationInfo *info = bench::findOperation(c.op);
  if (!info) {
    error = "unknown operation '" + c.op + "'";
    return false;
  }
  for (unsigned i = 0; i < info->arity; ++i) {
    skipBlanks(line, pos);
    std::optional<std::string> obj = readObject(line, pos);
    if (!obj) {
      error = "expected " + std::to_string(info->arity) + " object(s)";
      return false;
    }
    c.inputs.push_back(*obj);
  }
  for (unsigned i = 0; i < info->numInts; ++i) {
    skipBlanks(line, pos);
    size_t used = 0;
    try {
      c.ints.push_back(std::stoi(line.substr(pos), &used));
    } catch (const std::exception &) {
      error = "expected " + std::to_string(info->numInts) + " integer(s)";
      return false;
    }
    pos += used;
  }
  skipBlanks(line, pos);
  if (pos != line.size()) {
    error = "trailing text";
    return false;
  }
  return true;
}

} // namespace

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
                  << (op.numInts ? ", " + std::to_string(op.numInts) + " integer(s)"
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
    if (!parseLine(line, c, error)) {
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
