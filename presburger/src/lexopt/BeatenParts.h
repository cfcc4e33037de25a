//===- BeatenParts.h - Where one optimum piece beats another ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lexicographic optimum of a union compares the pieces of its
// disjuncts' optima pairwise: a piece (s, f(s)) on D keeps the points where
// no other disjunct's piece (s, g(s)) on E has a better value. The points
// where g beats f are, level by level,
//
//   { s in D and E : g_1 = f_1, ..., g_{k-1} = f_{k-1}, g_k better than f_k }
//
// written directly over the piece's own columns (y_k stands for f_k inside
// it), one basic relation per level. When both values are affine in the
// symbols, a level whose difference g_k - f_k is a constant is decided
// without a constraint: zero goes on to the next level, any other constant
// ends the comparison (dependence relations: the outputs are the inputs
// plus constants, so most pairs are decided at once).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_LEXOPT_BEATENPARTS_H
#define PRESBURGER_LEXOPT_BEATENPARTS_H

#include "presburger/Relation.h"

#include <optional>
#include <vector>

namespace presburger {

/// One piece of a disjunct's optimum (a basic relation whose range is fixed
/// by its symbols), with what comparisons with other pieces need, computed
/// once.
struct OptimumPiece {
  /// Prepares `graph` (a disjunct of a relation from the symbols, the
  /// parameters and domain dimensions, to the optimized range). Cost: one
  /// elimination over its equalities and one projection of its range.
  explicit OptimumPiece(BasicRelation graph);

  BasicRelation graph;
  /// The range dimensions as affine rows over the symbols (symbol columns,
  /// then the constant), when the equalities give each one without a local.
  std::optional<std::vector<std::vector<Int>>> values;
  /// { (s, y) : s in the piece's domain }: its range left free.
  Relation domainLifted;
};

/// The parts of `p` where `q`'s value is lexicographically better (greater
/// with `maximize`, smaller without), and also where it is equal when
/// `tiesLose`; each part is added to `beaten` as a disjunct. The two
/// pieces share a space. Without an affine value for q, the comparison
/// goes through the lexicographic order relation `order` (q's range before
/// p's range in the optimized direction). Returns true, adding nothing,
/// when q beats all of p (p is then no part of the optimum). Cost: one
/// emptiness test of the common domain, at most one per level that the
/// values do not decide, and a subset test when a level decides for q.
bool addBeatenParts(const OptimumPiece &p, const OptimumPiece &q, bool maximize,
                    bool tiesLose, const Relation &order, Relation &beaten);

} // namespace presburger

#endif // PRESBURGER_LEXOPT_BEATENPARTS_H
