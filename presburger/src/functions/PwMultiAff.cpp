//===- PwMultiAff.cpp - Piecewise quasi-affine functions ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pieces, the graph, evaluation, pullback and preimage. Reading a
// function off a relation is FromRelation.cpp.
//
//===----------------------------------------------------------------------===//
#include "presburger/PwMultiAff.h"
#include "presburger/Errors.h"
#include "presburger/PwAff.h"

#include "functions/Pieces.h"

namespace presburger {

PwMultiAff::PwMultiAff(Space domain, Tuple range)
    : domain_(std::move(domain)), range_(std::move(range)) {
  if (domain_.isRelation())
    throw SpaceError("the domain of a function is a set or params space");
}

PwMultiAff::PwMultiAff(const MultiAff &ma)
    : PwMultiAff(Relation::universe(ma.domainSpace()), ma) {}

PwMultiAff::PwMultiAff(Relation domain, const MultiAff &ma)
    : domain_(ma.domainSpace()), range_(ma.rangeTuple()) {
  addPiece(std::move(domain), ma);
}

Space PwMultiAff::space() const {
  if (domain_.isParams())
    return Space::set(domain_.paramNames(), range_);
  return Space::relation(domain_.paramNames(), domain_.setTuple(), range_);
}

void PwMultiAff::alignParams(const std::vector<std::string> &params) {
  domain_ = domain_.withParams(params);
  for (Piece &p : pieces_) {
    p.domain.alignParams(params);
    p.ma.alignParams(params);
  }
}

void PwMultiAff::addPiece(Relation domain, MultiAff ma) {
  if (!domain.space().sameTuples(domain_) ||
      !ma.domainSpace().sameTuples(domain_) || ma.rangeTuple() != range_)
    throw SpaceError("a piece " + ma.space().toString() + " on " +
                     domain.space().toString() + " does not fit " +
                     space().toString());
  std::vector<std::string> params = mergeParams(
      mergeParams(domain_.paramNames(), domain.space().paramNames()),
      ma.domainSpace().paramNames());
  alignParams(params);
  domain.alignParams(params);
  ma.alignParams(params);
  pieces_.push_back({std::move(domain), std::move(ma)});
}

PwAff PwMultiAff::pwAff(unsigned i) const {
  if (i >= numOutputs())
    throw InvalidArgument("no output " + std::to_string(i));
  PwAff out(domain_);
  for (const Piece &p : pieces_)
    out.addPiece(p.domain, p.ma.aff(i));
  return out;
}

Relation PwMultiAff::domain() const {
  Relation out = Relation::empty(domain_);
  for (const Piece &p : pieces_)
    out = out.unite(p.domain);
  return out;
}

Relation PwMultiAff::toRelation() const {
  Relation out = Relation::empty(space());
  for (const Piece &p : pieces_) {
    Relation graph(p.ma.toBasicRelation());
    graph = domain_.isParams() ? graph.intersectParams(p.domain)
                               : graph.intersectDomain(p.domain);
    out = out.unite(graph);
  }
  return out;
}

std::optional<std::vector<Int>> PwMultiAff::eval(const Point &point) const {
  for (const Piece &p : pieces_)
    if (p.domain.containsPoint(point))
      return p.ma.eval(point);
  return std::nullopt;
}

PwMultiAff PwMultiAff::intersectDomain(const Relation &set) const {
  PwMultiAff out(domain_, range_);
  for (const Piece &p : pieces_) {
    Relation d = p.domain.intersect(set);
    if (!d.isEmpty())
      out.addPiece(std::move(d), p.ma);
  }
  return out;
}

namespace {

void checkSameRange(const PwMultiAff &a, const PwMultiAff &b, const char *op) {
  if (a.rangeTuple() != b.rangeTuple())
    throw SpaceError(std::string(op) + ": functions to different tuples: " +
                     a.space().toString() + " and " + b.space().toString());
}

} // namespace

PwMultiAff PwMultiAff::add(const PwMultiAff &o) const {
  checkSameRange(*this, o, "add");
  return pieces::pairwise(
      PwMultiAff(domain_, range_), *this, o,
      [](const MultiAff &a, const MultiAff &b) { return a.add(b); });
}

PwMultiAff PwMultiAff::sub(const PwMultiAff &o) const {
  checkSameRange(*this, o, "sub");
  return pieces::pairwise(
      PwMultiAff(domain_, range_), *this, o,
      [](const MultiAff &a, const MultiAff &b) { return a.sub(b); });
}

PwMultiAff PwMultiAff::neg() const {
  return pieces::piecewise(PwMultiAff(domain_, range_), *this,
                           [](const MultiAff &a) { return a.neg(); });
}

PwMultiAff PwMultiAff::scale(const Int &k) const {
  return pieces::piecewise(PwMultiAff(domain_, range_), *this,
                           [&](const MultiAff &a) { return a.scale(k); });
}

PwMultiAff PwMultiAff::unionAdd(const PwMultiAff &o) const {
  return pieces::unionWith(add(o), *this, o);
}

PwMultiAff PwMultiAff::rangeProduct(const PwMultiAff &o) const {
  return pieces::pairwise(
      PwMultiAff(domain_, Tuple::nested("", range_, o.range_)), *this, o,
      [](const MultiAff &a, const MultiAff &b) { return a.rangeProduct(b); });
}

PwMultiAff PwMultiAff::flatRangeProduct(const PwMultiAff &o) const {
  return pieces::pairwise(
      PwMultiAff(domain_, Tuple(numOutputs() + o.numOutputs())), *this, o,
      [](const MultiAff &a, const MultiAff &b) {
        return a.flatRangeProduct(b);
      });
}

PwMultiAff PwMultiAff::pullback(const MultiAff &ma) const {
  return pullback(PwMultiAff(ma));
}

PwMultiAff PwMultiAff::pullback(const PwMultiAff &f) const {
  PwMultiAff out(f.domainSpace(), range_);
  for (const Piece &q : f.pieces_)
    for (const Piece &p : pieces_) {
      Relation d = q.domain.intersect(preimage(p.domain, q.ma));
      if (!d.isEmpty())
        out.addPiece(std::move(d), p.ma.pullback(q.ma));
    }
  return out;
}

Relation preimage(const Relation &set, const MultiAff &f) {
  if (set.isParams())
    return Relation::universe(f.domainSpace()).intersectParams(set);
  Relation graph(f.toBasicRelation());
  if (f.domainSpace().isParams())
    return set.intersect(graph).params();
  return graph.intersectRange(set).domain();
}

Relation preimage(const Relation &set, const PwMultiAff &f) {
  Relation out = Relation::empty(f.domainSpace());
  for (const PwMultiAff::Piece &p : f.pieces())
    out = out.unite(p.domain.intersect(preimage(set, p.ma)));
  return out;
}

Relation preimageDomain(const Relation &rel, const PwMultiAff &f) {
  return f.toRelation().applyRange(rel);
}

Relation preimageRange(const Relation &rel, const PwMultiAff &f) {
  return rel.applyRange(f.toRelation().reverse());
}

} // namespace presburger
