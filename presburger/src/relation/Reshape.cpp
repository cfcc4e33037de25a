//===- Reshape.cpp - Nested tuples rearranged: curry, zip, flatten --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The constraint columns of a relation are [params | domain | range |
// locals]; a nested tuple only says how a run of those columns is grouped.
// So curry, uncurry and flatten keep every constraint and change the space
// (Relation::setSpace moves the domain/range split), zip permutes columns
// (moveDims), the factors are projections (projectOut) and the maps are an
// identity restricted to the wrapped relation. As in isl, the wrapper of a
// nested tuple loses its name when the nesting changes; the inner tuples
// keep theirs.
//
//===----------------------------------------------------------------------===//
#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

namespace {

[[noreturn]] void nestingError(const Relation &r, const char *op,
                               const char *needed) {
  throw SpaceError(std::string(op) + " needs " + needed + ", got " +
                   r.space().toString());
}

void requireDomainNested(const Relation &r, const char *op) {
  if (!r.domainIsWrapping())
    nestingError(r, op, "a relation whose domain is nested ([A -> B] -> C)");
}

void requireRangeNested(const Relation &r, const char *op) {
  if (!r.rangeIsWrapping())
    nestingError(r, op, "a relation whose range is nested (A -> [B -> C])");
}

void requireBothNested(const Relation &r, const char *op) {
  if (!r.domainIsWrapping() || !r.rangeIsWrapping())
    nestingError(r, op,
                 "a relation with both sides nested ([A -> B] -> [C -> D])");
}

/// `t` without its inner structure: the same dimensions (and name hints) in
/// one anonymous flat tuple; a flat tuple is returned as it is.
Tuple flatTuple(const Tuple &t) {
  if (!t.isNested())
    return t;
  Tuple flat(t.numDims());
  flat.setDimNames(t.dimNames());
  return flat;
}

/// `r` with its columns regrouped into `space` (same counts).
Relation regrouped(Relation r, const Space &space) {
  r.setSpace(space);
  return r;
}

/// The relation of `space` projecting the wrapped space of `rel` onto its
/// domain (`keepDomain`) or range factor: {[x -> y] -> x} or {[x -> y] -> y}.
Relation factorMap(const Relation &rel, bool keepDomain) {
  Space wrapped = rel.space().wrapped();
  unsigned nA = rel.numDomain(), nB = rel.numRange();
  Relation map =
      keepDomain
          ? Relation::identity(wrapped).projectOut(VarKind::Range, nA, nB)
          : Relation::identity(wrapped).projectOut(VarKind::Range, 0, nA);
  const Tuple &kept =
      keepDomain ? rel.space().domainTuple() : rel.space().rangeTuple();
  return regrouped(
      map, Space::relation(map.space().paramNames(), wrapped.setTuple(), kept));
}

} // namespace

bool Relation::isWrapping() const {
  return isSet() && space_.setTuple().isNested();
}

bool Relation::domainIsWrapping() const {
  return isRelation() && space_.domainTuple().isNested();
}

bool Relation::rangeIsWrapping() const {
  return isRelation() && space_.rangeTuple().isNested();
}

Relation Relation::domainMap() const {
  WorkBudget::Operation op;
  if (!isRelation())
    nestingError(*this, "domain_map", "a relation");
  return factorMap(*this, true).intersectDomain(wrap());
}

Relation Relation::rangeMap() const {
  WorkBudget::Operation op;
  if (!isRelation())
    nestingError(*this, "range_map", "a relation");
  return factorMap(*this, false).intersectDomain(wrap());
}

Relation Relation::curry() const {
  requireDomainNested(*this, "curry");
  const Tuple &d = space_.domainTuple();
  return regrouped(*this, Space::relation(space_.paramNames(), d.nestedDomain(),
                                          Tuple::nested("", d.nestedRange(),
                                                        space_.rangeTuple())));
}

Relation Relation::uncurry() const {
  requireRangeNested(*this, "uncurry");
  const Tuple &r = space_.rangeTuple();
  return regrouped(
      *this,
      Space::relation(space_.paramNames(),
                      Tuple::nested("", space_.domainTuple(), r.nestedDomain()),
                      r.nestedRange()));
}

Relation Relation::zip() const {
  WorkBudget::Operation op;
  requireBothNested(*this, "zip");
  const Tuple &d = space_.domainTuple(), &r = space_.rangeTuple();
  unsigned nA = d.nestedDomain().numDims(), nC = r.nestedDomain().numDims(),
           nB = d.nestedRange().numDims();
  // Columns A B | C D become A C | B D: C joins the domain after A, then B
  // leaves it for the front of the range.
  Relation moved =
      moveDims(VarKind::Domain, nA, VarKind::Range, 0, nC)
          .moveDims(VarKind::Range, 0, VarKind::Domain, nA + nC, nB);
  return regrouped(
      moved,
      Space::relation(moved.space().paramNames(),
                      Tuple::nested("", d.nestedDomain(), r.nestedDomain()),
                      Tuple::nested("", d.nestedRange(), r.nestedRange())));
}

Relation Relation::flatten() const {
  if (isSet())
    return regrouped(*this,
                     space_.withRangeTuple(flatTuple(space_.setTuple())));
  if (!isRelation())
    nestingError(*this, "flatten", "a set or a relation");
  return regrouped(*this, Space::relation(space_.paramNames(),
                                          flatTuple(space_.domainTuple()),
                                          flatTuple(space_.rangeTuple())));
}

Relation Relation::flattenDomain() const {
  if (!isRelation())
    nestingError(*this, "flatten_domain", "a relation");
  return regrouped(*this,
                   space_.withDomainTuple(flatTuple(space_.domainTuple())));
}

Relation Relation::flattenRange() const {
  if (!isRelation())
    nestingError(*this, "flatten_range", "a relation");
  return regrouped(*this,
                   space_.withRangeTuple(flatTuple(space_.rangeTuple())));
}

Relation Relation::rangeFactorDomain() const {
  WorkBudget::Operation op;
  requireRangeNested(*this, "range_factor_domain");
  const Tuple &r = space_.rangeTuple();
  Relation p = projectOut(VarKind::Range, r.nestedDomain().numDims(),
                          r.nestedRange().numDims());
  return regrouped(p, p.space().withRangeTuple(r.nestedDomain()));
}

Relation Relation::rangeFactorRange() const {
  WorkBudget::Operation op;
  requireRangeNested(*this, "range_factor_range");
  const Tuple &r = space_.rangeTuple();
  Relation p = projectOut(VarKind::Range, 0, r.nestedDomain().numDims());
  return regrouped(p, p.space().withRangeTuple(r.nestedRange()));
}

Relation Relation::domainFactorDomain() const {
  WorkBudget::Operation op;
  requireDomainNested(*this, "domain_factor_domain");
  const Tuple &d = space_.domainTuple();
  Relation p = projectOut(VarKind::Domain, d.nestedDomain().numDims(),
                          d.nestedRange().numDims());
  return regrouped(p, p.space().withDomainTuple(d.nestedDomain()));
}

Relation Relation::domainFactorRange() const {
  WorkBudget::Operation op;
  requireDomainNested(*this, "domain_factor_range");
  const Tuple &d = space_.domainTuple();
  Relation p = projectOut(VarKind::Domain, 0, d.nestedDomain().numDims());
  return regrouped(p, p.space().withDomainTuple(d.nestedRange()));
}

Relation Relation::factorDomain() const {
  WorkBudget::Operation op;
  requireBothNested(*this, "factor_domain");
  return domainFactorDomain().rangeFactorDomain();
}

Relation Relation::factorRange() const {
  WorkBudget::Operation op;
  requireBothNested(*this, "factor_range");
  return domainFactorRange().rangeFactorRange();
}

Relation Relation::flatProduct(const Relation &other) const {
  WorkBudget::Operation op;
  return product(other).flatten();
}

Relation Relation::flatDomainProduct(const Relation &other) const {
  WorkBudget::Operation op;
  return domainProduct(other).flattenDomain();
}

Relation Relation::flatRangeProduct(const Relation &other) const {
  WorkBudget::Operation op;
  return rangeProduct(other).flattenRange();
}

} // namespace presburger
