//===- Closure.h - Transitive closure and powers of relations ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// R^+ = R ∪ R.R ∪ R.R.R ∪ ..., and R^k. The closure of an affine relation
// need not be affine (`{ [i] -> [2i] }^+` is not Presburger), so the closure
// is computed exactly where it can be and is otherwise a relation that
// contains R^+ and is closed under composition with R, with a flag that
// says which (isl's isl_map_transitive_closure does the same).
//
// The method (docs/algorithms/closure.md; Kelly et al. 1996, Beletska et
// al. 2009, Verdoolaege et al. 2011): for a relation within one space, every
// disjunct R_i is read as steps y - x in its offsets Δ_i = deltas(R_i); the
// k-step paths are over-approximated by
//     P(k) = { x -> y : x in dom R, y in ran R, y - x = Σ δ_i, Σ k_i = k,
//                       δ_i in k_i Δ_i, k_i >= 0 }      (k >= 1)
// (k_i Δ_i is Δ_i with its constant terms scaled: integer points of the
// scaled polyhedron contain every sum of k_i points of Δ_i; parameters are
// projected out of Δ_i first). P(k) is exactly R^k for every k >= 1 iff
// P(1) = R and P(k + 1) = P(k).R for k >= 1 (induction on k), which is
// checked with k as a parameter; then R^+ is P with k projected out. Across
// several spaces (a union relation), Kleene's algorithm (Floyd-Warshall over
// the spaces) composes the closures of each space's relation to itself with
// the relations between spaces; it is exact when every closure it uses is.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CLOSURE_H
#define PRESBURGER_CLOSURE_H

#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <cstdint>
#include <string>

namespace presburger {

/// A closure or a power: the relation and whether it is exact (otherwise
/// it contains the true result and is closed under composition with the
/// input).
struct ClosureResult {
  Relation relation;
  bool exact = false;
};

struct UnionClosureResult {
  UnionRelation relation;
  bool exact = false;
};

/// R^+ of a relation. Exact for the relations compilers meet: translations
/// (uniform dependences) with parametric bounds, unions of translations,
/// strided steps; otherwise an over-approximation, flagged. A relation
/// whose domain and range tuples differ is its own closure (exact). Cost: a
/// few compositions and two equality tests on relations with one more
/// parameter and a few existentials per disjunct; charges the work budget.
/// Example: `{ [i] -> [i + 1] : 0 <= i < n }^+` is
/// `[n] -> { [i] -> [o] : 0 <= i < o <= n }`, exact.
ClosureResult transitiveClosure(const Relation &r);

/// R^+ of a union relation over several spaces: the pairs (x, y) joined by
/// a path of its relations, whatever spaces the path goes through. Exact
/// when the closure of every space's relation to itself is (Kleene's
/// algorithm over the spaces: O(s^3) compositions for s spaces).
UnionClosureResult transitiveClosure(const UnionRelation &u);

/// R^k = R.R...R (k times, k >= 1), exact (binary powering: O(log k)
/// compositions). InvalidArgument for k = 0.
Relation power(const Relation &r, uint64_t k);
UnionRelation power(const UnionRelation &u, uint64_t k);

/// R^k with k a new parameter named `k` (k >= 1; `k` must not name an
/// existing parameter: InvalidArgument). Exact when the closure's path
/// relation is; otherwise contains R^k for every k, flagged.
ClosureResult power(const Relation &r, const std::string &k);

} // namespace presburger

#endif // PRESBURGER_CLOSURE_H
