//===- UnionReshape.cpp - Reshaping the pieces of union relations ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// As isl's union_map versions: a unary reshaping applies to the pieces that
// have the nesting it needs and leaves the others out; the flat products
// pair the pieces as the nested products do. Adding a result merges it with
// a piece of the same space, so two pieces that flatten (or factor) to one
// space are united.
//
//===----------------------------------------------------------------------===//
#include "presburger/Errors.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

namespace {

bool domainNested(const Relation &r) { return r.domainIsWrapping(); }
bool rangeNested(const Relation &r) { return r.rangeIsWrapping(); }
bool bothNested(const Relation &r) {
  return r.domainIsWrapping() && r.rangeIsWrapping();
}

/// `f` applied to the pieces of `u` for which `fits` holds.
template <typename Fits, typename F>
UnionRelation mapFitting(const UnionRelation &u, Fits fits, F f) {
  WorkBudget::Operation op;
  UnionRelation out(u.paramNames());
  for (const Relation &r : u.pieces())
    if (fits(r))
      out.add(f(r));
  return out;
}

/// `f` applied to every piece of `u`, which must all be relations.
template <typename F>
UnionRelation mapRelations(const UnionRelation &u, const char *op, F f) {
  for (const Relation &r : u.pieces())
    if (!r.isRelation())
      throw SpaceError(std::string(op) + " needs relations, got the set " +
                       r.space().toString());
  return u.map(f);
}

} // namespace

UnionRelation UnionRelation::domainMap() const {
  return mapRelations(*this, "domain_map",
                      [](const Relation &r) { return r.domainMap(); });
}

UnionRelation UnionRelation::rangeMap() const {
  return mapRelations(*this, "range_map",
                      [](const Relation &r) { return r.rangeMap(); });
}

UnionRelation UnionRelation::curry() const {
  return mapFitting(*this, domainNested,
                    [](const Relation &r) { return r.curry(); });
}

UnionRelation UnionRelation::uncurry() const {
  return mapFitting(*this, rangeNested,
                    [](const Relation &r) { return r.uncurry(); });
}

UnionRelation UnionRelation::zip() const {
  return mapFitting(*this, bothNested,
                    [](const Relation &r) { return r.zip(); });
}

UnionRelation UnionRelation::rangeFactorDomain() const {
  return mapFitting(*this, rangeNested,
                    [](const Relation &r) { return r.rangeFactorDomain(); });
}

UnionRelation UnionRelation::rangeFactorRange() const {
  return mapFitting(*this, rangeNested,
                    [](const Relation &r) { return r.rangeFactorRange(); });
}

UnionRelation UnionRelation::domainFactorDomain() const {
  return mapFitting(*this, domainNested,
                    [](const Relation &r) { return r.domainFactorDomain(); });
}

UnionRelation UnionRelation::domainFactorRange() const {
  return mapFitting(*this, domainNested,
                    [](const Relation &r) { return r.domainFactorRange(); });
}

UnionRelation UnionRelation::factorDomain() const {
  return mapFitting(*this, bothNested,
                    [](const Relation &r) { return r.factorDomain(); });
}

UnionRelation UnionRelation::factorRange() const {
  return mapFitting(*this, bothNested,
                    [](const Relation &r) { return r.factorRange(); });
}

UnionRelation
UnionRelation::flatDomainProduct(const UnionRelation &other) const {
  WorkBudget::Operation op;
  return domainProduct(other).map(
      [](const Relation &r) { return r.flattenDomain(); });
}

UnionRelation
UnionRelation::flatRangeProduct(const UnionRelation &other) const {
  WorkBudget::Operation op;
  return rangeProduct(other).map(
      [](const Relation &r) { return r.flattenRange(); });
}

} // namespace presburger
