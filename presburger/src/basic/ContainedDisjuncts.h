//===- ContainedDisjuncts.h - Dropping disjuncts inside others --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). Unions, compositions,
// intersections and projections leave disjuncts that are copies of another
// or visibly inside another (`{ [i] : 0 <= i <= 15; [i] : 6 <= i <= 7 }`);
// this is the one place that drops them, syntactically and in time linear
// in the size of the union (isl removes obvious duplicates in its union the
// same way, after sorting).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASIC_CONTAINEDDISJUNCTS_H
#define PRESBURGER_SRC_BASIC_CONTAINEDDISJUNCTS_H

#include "presburger/BasicRelation.h"

#include <boost/container/small_vector.hpp>

#include <span>

#include <vector>

namespace presburger {

/// Drops from `disjuncts` (basic relations of one space) each one whose
/// points lie in another disjunct, as far as a syntactic test shows it;
/// the others keep their order. Disjunct X is inside Y when both have the
/// same number of columns, each local of Y is a plain existential or has
/// the same division definition as the local of X in its column, and each
/// constraint of Y (an equality counting as two opposite inequalities) is
/// implied by a constraint of X with the same coefficients and a constant
/// no larger; an obviously empty disjunct is inside any other. Exact: only
/// a disjunct contained in a kept one is dropped; of copies, the first is
/// kept. Cost for n disjuncts of at most m rows: O(n m log m) to sort the
/// rows, exact copies found through a hash; up to kAllPairs disjuncts every
/// pair is tested (a 64-bit filter of the coefficient rows first), above
/// that only disjuncts with the same set of coefficient rows are compared,
/// each against a bounded number of them, so the work stays linear.
void dropContainedDisjuncts(std::vector<BasicRelation> &disjuncts);

/// Disjuncts read in place (pointers, which must stay valid and unchanged
/// during the call), and one flag per disjunct.
using DisjunctView = std::span<const BasicRelation *const>;
using DropFlags = boost::container::small_vector<bool, 8>;

/// For each of `disjuncts`, whether dropContainedDisjuncts drops it: the
/// same test without moving them, so that a union copies only the
/// disjuncts it keeps. Same cost as dropContainedDisjuncts.
DropFlags containedDisjuncts(DisjunctView disjuncts);

/// Disjuncts read in place, a few inline.
using DisjunctList = boost::container::small_vector<const BasicRelation *, 4>;

/// dropContainedDisjuncts on disjuncts read in place: removes from `all`
/// the pointers to those it drops; the others keep their order.
void dropContainedDisjuncts(DisjunctList &all);

} // namespace presburger

#endif // PRESBURGER_SRC_BASIC_CONTAINEDDISJUNCTS_H
