//===- PwAff.cpp - Piecewise quasi-affine expressions ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Binary operations and comparisons work on pairs of pieces: the
// intersection of the two domains, then the operation on the two
// expressions (for min and max, and the comparisons, the set where one
// expression is below the other, a basic set over the divisions of the
// difference).
//
//===----------------------------------------------------------------------===//
#include "presburger/PwAff.h"
#include "presburger/Errors.h"

#include "functions/Pieces.h"
#include "simplify/CoalesceWithinBudget.h"

namespace presburger {

namespace {

/// The set of domain points of `domain` where `a` >= 0 (> 0 with
/// `strict`), as a relation of the domain space.
Relation whereNonNegative(const Aff &a, bool strict) {
  return Relation(a.nonNegativeSet(strict));
}

} // namespace

PwAff::PwAff(Space domain) : domain_(std::move(domain)) {
  if (domain_.isRelation())
    throw SpaceError("the domain of an expression is a set or params space");
}

PwAff::PwAff(const Aff &aff)
    : PwAff(Relation::universe(aff.domainSpace()), aff) {}

PwAff::PwAff(Relation domain, const Aff &aff) : domain_(aff.domainSpace()) {
  addPiece(std::move(domain), aff);
}

PwAff PwAff::fromPwMultiAff(const PwMultiAff &f) {
  if (f.numOutputs() != 1)
    throw InvalidArgument("a piecewise expression has one output, not " +
                          std::to_string(f.numOutputs()));
  return f.pwAff(0);
}

PwAff PwAff::fromRelation(const Relation &r) {
  return fromPwMultiAff(PwMultiAff::fromRelation(r));
}

void PwAff::alignParams(const std::vector<std::string> &params) {
  domain_ = domain_.withParams(params);
  for (Piece &p : pieces_) {
    p.domain.alignParams(params);
    p.aff.alignParams(params);
  }
}

void PwAff::addPiece(Relation domain, Aff aff) {
  if (!domain.space().sameTuples(domain_) ||
      !aff.domainSpace().sameTuples(domain_))
    throw SpaceError("a piece on " + domain.space().toString() +
                     " does not fit an expression on " + domain_.toString());
  std::vector<std::string> params = mergeParams(
      mergeParams(domain_.paramNames(), domain.space().paramNames()),
      aff.domainSpace().paramNames());
  alignParams(params);
  domain.alignParams(params);
  aff.alignParams(params);
  pieces_.push_back({std::move(domain), std::move(aff)});
}

Relation PwAff::domain() const {
  Relation out = Relation::empty(domain_);
  for (const Piece &p : pieces_)
    out = out.unite(p.domain);
  return out;
}

PwMultiAff PwAff::toPwMultiAff() const {
  PwMultiAff out(domain_, Tuple(1));
  for (const Piece &p : pieces_)
    out.addPiece(p.domain, MultiAff(p.aff.domainSpace(), Tuple(1), {p.aff}));
  return out;
}

Relation PwAff::toRelation() const { return toPwMultiAff().toRelation(); }

std::optional<Int> PwAff::eval(const Point &point) const {
  for (const Piece &p : pieces_)
    if (p.domain.containsPoint(point))
      return p.aff.eval(point);
  return std::nullopt;
}

PwAff PwAff::intersectDomain(const Relation &set) const {
  PwAff out(domain_);
  for (const Piece &p : pieces_) {
    Relation d = p.domain.intersect(set);
    if (!d.isEmpty())
      out.addPiece(std::move(d), p.aff);
  }
  return out;
}

namespace {

/// The union over pairs of pieces of the domains' intersection with the
/// set where `a - b` is >= 0 (strict: > 0), or = 0 (`equal`).
Relation compareSet(const PwAff &x, const PwAff &y, bool strict, bool equal) {
  if (!x.domainSpace().sameTuples(y.domainSpace()))
    throw SpaceError(
        "expressions on different domains: " + x.domainSpace().toString() +
        " and " + y.domainSpace().toString());
  std::vector<std::string> params =
      mergeParams(x.domainSpace().paramNames(), y.domainSpace().paramNames());
  Relation out = Relation::empty(x.domainSpace().withParams(params));
  for (const PwAff::Piece &p : x.pieces())
    for (const PwAff::Piece &q : y.pieces()) {
      Aff diff = p.aff.sub(q.aff);
      Relation where =
          equal ? Relation(diff.zeroSet()) : whereNonNegative(diff, strict);
      Relation d = p.domain.intersect(q.domain).intersect(where);
      d.removeEmptyDisjuncts();
      out = out.unite(d);
    }
  return out;
}

} // namespace

PwAff PwAff::add(const PwAff &o) const {
  return pieces::pairwise(PwAff(domain_), *this, o,
                          [](const Aff &a, const Aff &b) { return a.add(b); });
}
PwAff PwAff::sub(const PwAff &o) const {
  return pieces::pairwise(PwAff(domain_), *this, o,
                          [](const Aff &a, const Aff &b) { return a.sub(b); });
}
PwAff PwAff::neg() const {
  return pieces::piecewise(PwAff(domain_), *this,
                           [](const Aff &a) { return a.neg(); });
}
PwAff PwAff::scale(const Int &k) const {
  return pieces::piecewise(PwAff(domain_), *this,
                           [&](const Aff &a) { return a.scale(k); });
}
PwAff PwAff::floorDiv(const Int &d) const {
  return pieces::piecewise(PwAff(domain_), *this,
                           [&](const Aff &a) { return a.floorDiv(d); });
}
PwAff PwAff::mod(const Int &d) const {
  return pieces::piecewise(PwAff(domain_), *this,
                           [&](const Aff &a) { return a.mod(d); });
}
PwAff PwAff::unionAdd(const PwAff &o) const {
  return pieces::unionWith(add(o), *this, o);
}
PwAff PwAff::unionMin(const PwAff &o) const {
  return pieces::unionWith(min(o), *this, o);
}
PwAff PwAff::unionMax(const PwAff &o) const {
  return pieces::unionWith(max(o), *this, o);
}

namespace {

/// min (or max) of two piecewise expressions: on each pair of pieces, the
/// first where it is <= (>=) the second, the second elsewhere.
PwAff minOrMax(const PwAff &x, const PwAff &y, bool isMax) {
  std::vector<Relation> domains;
  std::vector<Aff> values;
  pieces::forMeeting(x, y, [&](Relation d, const auto &p, const auto &q) {
    // first wins where (q - p) >= 0 for min, (p - q) >= 0 for max.
    Aff firstWins = isMax ? p.aff.sub(q.aff) : q.aff.sub(p.aff);
    Relation first = d.intersect(whereNonNegative(firstWins, false));
    Relation second = d.intersect(whereNonNegative(firstWins.neg(), true));
    if (!first.isEmpty()) {
      domains.push_back(std::move(first));
      values.push_back(p.aff);
    }
    if (!second.isEmpty()) {
      domains.push_back(std::move(second));
      values.push_back(q.aff);
    }
  });
  // Coalescing only makes the pieces smaller: all of them share half the
  // budget left.
  coalesceEachWithinBudget(domains);
  PwAff out(x.domainSpace());
  for (size_t k = 0; k < domains.size(); ++k)
    out.addPiece(std::move(domains[k]), values[k]);
  return out;
}

} // namespace

PwAff PwAff::min(const PwAff &o) const { return minOrMax(*this, o, false); }
PwAff PwAff::max(const PwAff &o) const { return minOrMax(*this, o, true); }

Relation PwAff::leSet(const PwAff &o) const {
  return compareSet(o, *this, false, false);
}
Relation PwAff::ltSet(const PwAff &o) const {
  return compareSet(o, *this, true, false);
}
Relation PwAff::geSet(const PwAff &o) const {
  return compareSet(*this, o, false, false);
}
Relation PwAff::gtSet(const PwAff &o) const {
  return compareSet(*this, o, true, false);
}
Relation PwAff::eqSet(const PwAff &o) const {
  return compareSet(*this, o, false, true);
}
Relation PwAff::neSet(const PwAff &o) const { return ltSet(o).unite(gtSet(o)); }

Relation PwAff::nonNegativeSet() const { return geSet(PwAff(Aff(domain_))); }
Relation PwAff::zeroSet() const { return eqSet(PwAff(Aff(domain_))); }

PwAff PwAff::pullback(const MultiAff &ma) const {
  return fromPwMultiAff(toPwMultiAff().pullback(ma));
}
PwAff PwAff::pullback(const PwMultiAff &f) const {
  return fromPwMultiAff(toPwMultiAff().pullback(f));
}

} // namespace presburger
