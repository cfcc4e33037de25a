//===- MlirPeer.h - MLIR's Presburger library as a third benchmark side ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The third side of the harness: MLIR's Presburger library (LLVM 15,
// mlir::presburger) on the operations it has. Our parsed objects are
// converted to MLIR's (a Relation to a PresburgerRelation whose disjuncts
// are IntegerRelations; columns permuted from our [params | domain | range |
// locals | const] to MLIR's [domain | range | symbols | locals | const]),
// MLIR's operation is run, and its result is converted back to our engine
// for the check against our result:
//
//   <family>/<operation>/<instance>/mlir
//
// MLIR 15 computes with unchecked int64 and is built without assertions in
// Debian: on an input outside what it supports it may return garbage or
// crash instead of failing cleanly. prepare() therefore refuses such inputs
// up front, by predicates on the inputs (MlirPeer.cpp documents each).
//
// Only compiled when MLIR 15 is found (PRESBURGER_BENCH_HAVE_MLIR).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_BENCH_MLIRPEER_H
#define PRESBURGER_BENCH_MLIRPEER_H

#include "presburger/Relation.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bench {

/// MLIR's result in our engine's terms.
struct MlirResult {
  int boolean = -1; // -1: not a truth value.
  std::optional<presburger::Relation> rel;
  /// A lexmin that MLIR found unbounded (for some parameter values).
  bool unbounded = false;
  unsigned numDisjuncts = 0; // Of MLIR's own result (pieces for lexmin).
};

/// One case converted to MLIR, ready to be timed.
class MlirCase {
public:
  /// Converts `inputs` (our parsed objects) for the harness operation `op`.
  /// Returns null, with the reason in `whyNot`, when MLIR 15 does not have
  /// the operation or cannot be trusted on these inputs.
  static std::unique_ptr<MlirCase>
  prepare(const std::string &op,
          const std::vector<presburger::Relation> &inputs, std::string &whyNot);
  ~MlirCase();

  /// The timed body: runs the operation on the converted inputs, consumes
  /// the result (benchmark::DoNotOptimize) and destroys it.
  void run() const;
  /// Runs the operation once and converts the result back.
  MlirResult runOnce() const;

private:
  struct Impl;
  explicit MlirCase(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// Whether MLIR 15 has the harness operation `op` (some of its inputs may
/// still be refused by MlirCase::prepare).
bool mlirHasOperation(const std::string &op);

/// The MLIR version the harness was built against, e.g. "15.0.6".
const char *mlirVersion();

} // namespace bench

#endif // PRESBURGER_BENCH_MLIRPEER_H
