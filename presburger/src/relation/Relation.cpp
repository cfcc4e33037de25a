//===- Relation.cpp - Unions of basic relations: building and testing ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Relation.h"
#include "basic/AlignedParams.h"
#include "basic/ContainedDisjuncts.h"
#include "presburger/Errors.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"
#include "relation/SpaceChecks.h"
#include "solve/DifferenceConstraints.h"

#include <algorithm>

namespace presburger {

Relation::Relation(Space space) : space_(std::move(space)) {}

Relation::Relation(BasicRelation b) : space_(b.space()) {
  disjuncts_.push_back(std::move(b));
}

Relation Relation::universe(Space space) {
  return Relation(BasicRelation::universe(std::move(space)));
}

void Relation::alignParams(const std::vector<std::string> &params) {
  if (space_.paramNames() == params)
    return;
  for (BasicRelation &b : disjuncts_)
    b.alignParams(params);
  space_ = space_.withParams(params);
}

void alignParams(Relation &a, Relation &b) {
  if (a.space().paramNames() == b.space().paramNames())
    return;
  std::vector<std::string> merged =
      mergeParams(a.space().paramNames(), b.space().paramNames());
  a.alignParams(merged);
  b.alignParams(merged);
}

void Relation::setSpace(const Space &space) {
  for (BasicRelation &b : disjuncts_)
    b.setSpace(space);
  space_ = space;
}

void Relation::addDisjunct(BasicRelation b) {
  if (!b.space().sameTuples(space_))
    throw SpaceError("disjunct in space " + b.space().toString() +
                     " added to a relation in " + space_.toString());
  if (b.space().paramNames() != space_.paramNames()) {
    std::vector<std::string> merged =
        mergeParams(space_.paramNames(), b.space().paramNames());
    alignParams(merged);
    b.alignParams(merged);
  }
  // Keep the tuple names and dimension hints of the relation.
  b.setSpace(space_);
  disjuncts_.push_back(std::move(b));
}

Relation Relation::unite(const Relation &other) const {
  checkSameTuples(space_, other.space_, "union");
  return withAlignedParams(
      *this, other, [](const Relation &a, const Relation &b) {
        // The disjuncts inside others are found in place: only the kept
        // ones are copied.
        boost::container::small_vector<const BasicRelation *, 8> all;
        for (const Relation *r : {&a, &b})
          for (const BasicRelation &d : r->disjuncts_)
            all.push_back(&d);
        DropFlags drop =
            containedDisjuncts(DisjunctView(all.data(), all.size()));
        Relation out(a.space_);
        out.disjuncts_.reserve(
            size_t(std::count(drop.begin(), drop.end(), false)));
        for (size_t i = 0; i < all.size(); ++i) {
          if (drop[i])
            continue;
          out.disjuncts_.push_back(*all[i]);
          if (i >= a.disjuncts_.size())
            out.disjuncts_.back().setSpace(a.space_);
        }
        return out;
      });
}

void Relation::removeContainedDisjuncts() {
  dropContainedDisjuncts(disjuncts_);
}

Relation Relation::intersect(const Relation &other) const {
  WorkBudget::Operation op;
  checkSameTuples(space_, other.space_, "intersection");
  return withAlignedParams(*this, other,
                           [](const Relation &a, const Relation &b) {
                             Relation result(a.space_);
                             for (const BasicRelation &x : a.disjuncts_)
                               for (const BasicRelation &y : b.disjuncts_) {
                                 BasicRelation c = x.intersect(y);
                                 c.setSpace(a.space_);
                                 if (c.normalize() && !c.isEmpty())
                                   result.disjuncts_.push_back(std::move(c));
                               }
                             result.removeContainedDisjuncts();
                             return result;
                           });
}

bool Relation::isEmpty() const {
  WorkBudget::Operation op;
  for (const BasicRelation &b : disjuncts_)
    if (!b.isEmpty())
      return false;
  return true;
}

bool Relation::isUniverse() const {
  WorkBudget::Operation op;
  return complement().isEmpty();
}
std::optional<Point> Relation::samplePoint() const {
  WorkBudget::Operation op;
  for (const BasicRelation &b : disjuncts_) {
    std::optional<std::vector<Int>> p = b.findIntegerSample();
    if (!p)
      continue;
    p->resize(b.offset(VarKind::Local));
    return *p;
  }
  return std::nullopt;
}

bool Relation::containsPoint(const Point &point) const {
  WorkBudget::Operation op;
  if (point.size() != space_.offset(VarKind::Local))
    throw InvalidArgument("point has the wrong number of coordinates");
  for (const BasicRelation &b : disjuncts_) {
    // Fix the variables and ask whether the locals can be chosen.
    BasicRelation fixed = b;
    for (unsigned c = 0; c < point.size(); ++c) {
      std::vector<Int> eq(fixed.numCols());
      eq[c] = Int(1);
      eq.back() = -point[c];
      fixed.addEquality(eq);
    }
    if (!fixed.isEmpty())
      return true;
  }
  return false;
}

void Relation::removeEmptyDisjuncts() {
  std::vector<BasicRelation> kept;
  for (BasicRelation &b : disjuncts_)
    if (b.normalize() && !b.isEmpty())
      kept.push_back(std::move(b));
  disjuncts_ = std::move(kept);
}

} // namespace presburger
