//===- UnionAlgebra.cpp - Relation algebra over union relations -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Errors.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

namespace {

/// Applies `f` to every pair of pieces for which `fits` holds.
template <typename Fits, typename F>
UnionRelation pairwise(const UnionRelation &a, const UnionRelation &b,
                       Fits fits, F f) {
  UnionRelation x = a, y = b;
  alignParams(x, y);
  UnionRelation out(x.paramNames());
  for (const Relation &p : x.pieces())
    for (const Relation &q : y.pieces())
      if (fits(p, q))
        out.add(f(p, q));
  return out;
}

bool bothRelations(const Relation &p, const Relation &q) {
  return p.isRelation() && q.isRelation();
}

} // namespace

UnionRelation UnionRelation::reverse() const {
  UnionRelation out(params_);
  for (const Relation &r : pieces_)
    if (r.isRelation())
      out.add(r.reverse());
    else
      throw SpaceError("reverse of a set");
  return out;
}

UnionRelation UnionRelation::domain() const {
  UnionRelation out(params_);
  for (const Relation &r : pieces_) {
    if (!r.isRelation())
      throw SpaceError("domain of a set");
    out.add(r.domain());
  }
  return out;
}

UnionRelation UnionRelation::range() const {
  UnionRelation out(params_);
  for (const Relation &r : pieces_) {
    if (!r.isRelation())
      throw SpaceError("range of a set");
    out.add(r.range());
  }
  return out;
}

UnionRelation UnionRelation::deltas() const {
  UnionRelation out(params_);
  for (const Relation &r : pieces_) {
    if (!r.isRelation())
      throw SpaceError("deltas of a set");
    if (r.space().domainTuple() == r.space().rangeTuple())
      out.add(r.deltas());
  }
  return out;
}

UnionRelation UnionRelation::wrap() const {
  UnionRelation out(params_);
  for (const Relation &r : pieces_)
    out.add(r.wrap());
  return out;
}

UnionRelation UnionRelation::unwrap() const {
  if (!isSetUnion())
    throw SpaceError("unwrap needs sets");
  UnionRelation out(params_);
  // As isl's isl_union_set_unwrap: a set that is not a wrapped relation has
  // no counterpart and is dropped.
  for (const Relation &r : pieces_)
    if (r.isWrapping())
      out.add(r.unwrap());
  return out;
}

UnionRelation UnionRelation::params() const {
  UnionRelation out(params_);
  Relation acc = Relation::empty(Space::params(params_));
  for (const Relation &r : pieces_)
    acc = acc.unite(r.isParams() ? r : r.params());
  out.add(acc);
  if (out.isEmptyUnion())
    out.pieces_.push_back(acc);
  return out;
}

UnionRelation UnionRelation::applyRange(const UnionRelation &other) const {
  WorkBudget::Operation op;
  if (!isRelationUnion() || !other.isRelationUnion())
    throw SpaceError("composition needs relations");
  return pairwise(
      *this, other,
      [](const Relation &p, const Relation &q) {
        return p.space().rangeTuple() == q.space().domainTuple();
      },
      [](const Relation &p, const Relation &q) { return p.applyRange(q); });
}

UnionRelation UnionRelation::applyDomain(const UnionRelation &other) const {
  return other.reverse().applyRange(*this);
}

UnionRelation UnionRelation::apply(const UnionRelation &rel) const {
  WorkBudget::Operation op;
  if (!isSetUnion() || !rel.isRelationUnion())
    throw SpaceError("apply needs a set and a relation");
  return pairwise(
      *this, rel,
      [](const Relation &s, const Relation &r) {
        return s.space().setTuple() == r.space().domainTuple();
      },
      [](const Relation &s, const Relation &r) { return s.apply(r); });
}

UnionRelation UnionRelation::intersectDomain(const UnionRelation &set) const {
  WorkBudget::Operation op;
  if (!isRelationUnion() || !set.isSetUnion())
    throw SpaceError("intersect_domain needs a relation and a set");
  return pairwise(
      *this, set,
      [](const Relation &r, const Relation &s) {
        return r.space().domainTuple() == s.space().setTuple();
      },
      [](const Relation &r, const Relation &s) {
        return r.intersectDomain(s);
      });
}

UnionRelation UnionRelation::intersectRange(const UnionRelation &set) const {
  WorkBudget::Operation op;
  if (!isRelationUnion() || !set.isSetUnion())
    throw SpaceError("intersect_range needs a relation and a set");
  return pairwise(
      *this, set,
      [](const Relation &r, const Relation &s) {
        return r.space().rangeTuple() == s.space().setTuple();
      },
      [](const Relation &r, const Relation &s) { return r.intersectRange(s); });
}

UnionRelation UnionRelation::product(const UnionRelation &other) const {
  WorkBudget::Operation op;
  bool sets = isSetUnion() && other.isSetUnion();
  bool rels = isRelationUnion() && other.isRelationUnion();
  if (!sets && !rels)
    throw SpaceError("product of a set with a relation");
  return pairwise(
      *this, other, [](const Relation &, const Relation &) { return true; },
      [](const Relation &p, const Relation &q) { return p.product(q); });
}

UnionRelation UnionRelation::domainProduct(const UnionRelation &other) const {
  return pairwise(
      *this, other,
      [](const Relation &p, const Relation &q) {
        return bothRelations(p, q) &&
               p.space().rangeTuple() == q.space().rangeTuple();
      },
      [](const Relation &p, const Relation &q) { return p.domainProduct(q); });
}

UnionRelation UnionRelation::rangeProduct(const UnionRelation &other) const {
  return pairwise(
      *this, other,
      [](const Relation &p, const Relation &q) {
        return bothRelations(p, q) &&
               p.space().domainTuple() == q.space().domainTuple();
      },
      [](const Relation &p, const Relation &q) { return p.rangeProduct(q); });
}

UnionRelation UnionRelation::universeTo(const UnionRelation &other) const {
  if (!isSetUnion() || !other.isSetUnion())
    throw SpaceError("a universal relation needs two sets");
  return pairwise(
      *this, other, [](const Relation &, const Relation &) { return true; },
      [](const Relation &p, const Relation &q) {
        Relation u = Relation::universeBetween(p.space(), q.space());
        return u.intersectDomain(p).intersectRange(q);
      });
}

UnionRelation UnionRelation::identity() const {
  UnionRelation out(params_);
  for (const Relation &r : pieces_) {
    if (!r.isSet())
      throw SpaceError("identity of a relation");
    out.add(Relation::identity(r.space()).intersectDomain(r));
  }
  return out;
}

UnionRelation UnionRelation::universe() const {
  UnionRelation out(params_);
  for (const Relation &r : pieces_)
    out.add(Relation::universe(r.space()));
  return out;
}

UnionRelation UnionRelation::lexOrderTo(const UnionRelation &other,
                                        LexOrder op) const {
  WorkBudget::Operation guard;
  bool sets = isSetUnion() && other.isSetUnion();
  return pairwise(
      *this, other,
      [sets](const Relation &p, const Relation &q) {
        if (sets)
          return p.space().sameTuples(q.space());
        return bothRelations(p, q) &&
               p.space().rangeTuple() == q.space().rangeTuple();
      },
      [op](const Relation &p, const Relation &q) {
        return p.lexOrderTo(q, op);
      });
}

bool UnionRelation::isSingleValued() const {
  WorkBudget::Operation op;
  // Pieces with the same domain tuple may map one point to two images.
  UnionRelation pairs = reverse().applyRange(*this);
  for (const Relation &r : pairs.pieces()) {
    if (r.space().domainTuple() != r.space().rangeTuple())
      if (!r.isEmpty())
        return false;
    if (r.space().domainTuple() == r.space().rangeTuple() &&
        !r.isSubsetOf(Relation::identity(r.space().domainSpace())))
      return false;
  }
  return true;
}

bool UnionRelation::isInjective() const { return reverse().isSingleValued(); }

bool UnionRelation::isBijective() const {
  return isSingleValued() && isInjective();
}

bool UnionRelation::isUniverse() const {
  WorkBudget::Operation op;
  for (const Relation &r : pieces_)
    if (!r.isUniverse())
      return false;
  return true;
}

UnionRelation UnionRelation::sample() const {
  WorkBudget::Operation op;
  UnionRelation out(params_);
  for (const Relation &r : pieces_) {
    std::optional<Point> p = r.samplePoint();
    if (!p)
      continue;
    BasicRelation b(r.space());
    for (unsigned c = 0; c < p->size(); ++c) {
      std::vector<Int> eq(b.numCols());
      eq[c] = Int(1);
      eq.back() = -(*p)[c];
      b.addEquality(eq);
    }
    out.add(Relation(b));
    return out;
  }
  return out;
}

} // namespace presburger
