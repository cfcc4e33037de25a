//===- UnionHulls.cpp - Hulls of union relations, piece by piece ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

namespace {
/// A basic relation as a relation, an obviously empty one as no disjunct.
Relation asRelation(BasicRelation b) {
  if (b.isObviouslyEmpty())
    return Relation(b.space());
  return Relation(std::move(b));
}
} // namespace

UnionRelation UnionRelation::convexHull() const {
  WorkBudget::Operation op;
  return map([](const Relation &r) { return asRelation(r.convexHull()); });
}

UnionRelation UnionRelation::polyhedralHull() const {
  WorkBudget::Operation op;
  return map([](const Relation &r) { return asRelation(r.polyhedralHull()); });
}

UnionRelation UnionRelation::simpleHull() const {
  WorkBudget::Operation op;
  return map([](const Relation &r) { return asRelation(r.simpleHull()); });
}

UnionRelation UnionRelation::affineHull() const {
  WorkBudget::Operation op;
  return map([](const Relation &r) { return asRelation(r.affineHull()); });
}

UnionRelation UnionRelation::removeDivs() const {
  WorkBudget::Operation op;
  return map([](const Relation &r) { return r.removeDivs(); });
}

} // namespace presburger
