//===- BenchHarness.h - Side-by-side benchmarks of the engine and isl -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A benchmark case is an operation name, its inputs as isl-notation text and
// optional integer arguments. Each case is registered twice with Google
// Benchmark, once timing our engine and once timing isl on the same text:
//
//   <family>/<operation>/<instance>/ours
//   <family>/<operation>/<instance>/isl
//   <family>/<operation>/<instance>/mlir   (when MLIR 15 is found)
//
// Timing rules (docs/performance.md):
//  - inputs are parsed outside the timed region; only the operation is timed
//    (manual timing with a steady clock around the call, identical on both
//    sides);
//  - our inputs are parsed once (values without hidden caches); isl inputs
//    are read afresh for every iteration, outside the timed region, because
//    isl caches sample points and simplification flags inside its objects
//    and would otherwise time a warm cache after the first iteration;
//  - results are consumed (benchmark::DoNotOptimize on what the call
//    returns) and destroyed inside the timed region on both sides (our
//    result's destructor, isl_*_free on isl's result);
//  - before registering, both sides run once and their results are compared
//    through isl; a case where they disagree carries the label MISMATCH.
//
// The third side, MLIR's Presburger library, exists for the operations it
// has (MlirPeer.h): same timing rules, inputs converted from our parsed
// objects outside the timed region; before registering, its result is
// compared with ours (truth values directly, sets converted back and
// compared by our engine) and a disagreement carries the label
// MISMATCH-MLIR, counted apart from isl's. Inputs MLIR 15 cannot be trusted
// on get no mlir side. PRESBURGER_BENCH_MLIR_TRACE=1 in the environment
// names each case on stderr before MLIR's first run on it, to find an input
// that crashes MLIR.
//
// When isl is not found at configure time only the `ours` side exists (and
// `mlir` when MLIR is found).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_BENCH_BENCHHARNESS_H
#define PRESBURGER_BENCH_BENCHHARNESS_H

#include <string>
#include <vector>

namespace benchmark {
class BenchmarkReporter;
}

namespace bench {

struct Case {
  std::string family;   // "f1", "f2", "corpus"
  std::string op;       // an operation of operationNames()
  std::string instance; // no '/' (it separates the name's fields)
  std::vector<std::string> inputs;
  std::vector<int> ints; // extra integer arguments (projection: pos, n)
};

/// The operations the harness knows, with their arity, for the corpus
/// reader and the documentation.
struct OperationInfo {
  const char *name;
  unsigned arity;   // number of set/relation inputs
  unsigned numInts; // number of integer arguments
  const char *description;
};
const std::vector<OperationInfo> &operations();
const OperationInfo *findOperation(const std::string &name);

/// Reads a corpus line `<operation> <object>... <integer>...` into the op,
/// inputs and ints of `c`; false with a message in `error` otherwise.
bool parseCorpusLine(const std::string &line, Case &c, std::string &error);

/// Runs our side of `c` `iterations` times (for profilers) and returns the
/// mean seconds per run; throws what the engine throws.
double runOurs(const Case &c, unsigned iterations);

/// Registers the benchmarks of `c`. Runs every side once first; a case
/// that our engine cannot parse (or whose operation is unknown) is reported
/// on stderr and skipped, and the reason is returned (empty: registered).
/// A case isl cannot parse is registered without its isl side.
std::string registerCase(const Case &c);

/// Number of cases whose results differed between the engine and isl.
unsigned numMismatches();
/// Number of cases whose results differed between the engine and MLIR.
unsigned numMlirMismatches();

/// Initializes Google Benchmark, runs the registered benchmarks and prints
/// the mismatch counts. Call after registering. `display`, when given,
/// receives the runs instead of the default console reporter (the replay
/// tool collects them for its summary).
int runBenchmarks(int argc, char **argv,
                  benchmark::BenchmarkReporter *display = nullptr);

} // namespace bench

#endif // PRESBURGER_BENCH_BENCHHARNESS_H
