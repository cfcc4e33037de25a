//===- AstBuild.h - Loops that scan a schedule ------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// AST generation (polyhedral scanning): from a schedule
// `{ S[i, ...] -> [t0, t1, ...]; T[...] -> [...] }`, code (Ast.h) that
// executes every instance of every statement once, in lexicographic order
// of the times; instances of equal time run in some order. Time tuples of
// different lengths are padded with zeros at the end (padSchedule), so
// `{ S[i] -> [i]; T[i] -> [i, 1] }` runs S[i] before T[i].
//
// One level per time dimension (Quilleré, Rajopadhye and Wilde 2000;
// Bastoul's CLooG 2004; Grosser, Verdoolaege and Cohen, TOPLAS 2015): the
// statements' time domains projected on the dimension are split into
// pieces ordered along it, pieces that overlap share one loop, and each
// loop gets bounds from its domain (max of lower bounds, min of upper
// bounds, floor divisions for non-unit coefficients), a step from a stride
// and no loop at all where the dimension has one value. Conditions are
// placed as far out as they hold, simplified (gist) against what the
// enclosing loops and the context already ensure. See
// docs/algorithms/codegen.md.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_ASTBUILD_H
#define PRESBURGER_ASTBUILD_H

#include "presburger/Ast.h"
#include "presburger/UnionRelation.h"

#include <optional>

namespace presburger {

/// Choices of the generator; the defaults are isl's (no separation, no
/// unrolling).
struct AstBuildOptions {
  /// Split a loop shared by several statements into loops over the pieces
  /// where the same statements run, where those pieces are ordered along
  /// the loop (isl's "separate"): fewer conditions, more code. Only for up
  /// to `maxSeparated` statements in one loop (the pieces can be 2^n).
  bool separate = false;
  unsigned maxSeparated = 4;
  /// Write a loop whose trip count is a constant up to this many
  /// iterations as that many copies of its body (0: never; isl's
  /// "unroll").
  unsigned unrollLimit = 0;
  /// The prefix of the loop iterators (c0, c1, ... by time dimension), a
  /// C identifier (InvalidArgument otherwise); when a parameter has such a
  /// name, underscores are appended until none does.
  std::string iteratorPrefix = "c";
};

/// Code that scans `schedule` (a union of relations instance -> time) in
/// time order, for the parameter values of `context` (a params set; none:
/// every value). Statement nodes name the instance's tuple (an anonymous
/// tuple is "S") and give its coordinates as expressions of the iterators
/// and parameters, read from the schedule's inverse: the schedule must be
/// injective on each statement (InvalidArgument naming the statement
/// otherwise), and bounded in time for each parameter value
/// (InvalidArgument otherwise). SpaceError when a piece is a set. Cost:
/// per time dimension and loop, projections, pairwise emptiness tests of
/// the statements that reach it, gists of the guards (each exponential in
/// the worst case); charges the work budget (LimitExceeded).
AstNode buildAst(const UnionRelation &schedule,
                 const std::optional<Relation> &context = std::nullopt,
                 const AstBuildOptions &options = {});

} // namespace presburger

#endif // PRESBURGER_ASTBUILD_H
