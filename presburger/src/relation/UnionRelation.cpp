// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/UnionRelation.h"
#include "presburger/Errors.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

UnionRelation::UnionRelation(std::vector<std::string> params)
    : params_(std::move(params)) {}

UnionRelation::UnionRelation(Relation r) : params_(r.space().paramNames()) {
  add(std::move(r));
}

void UnionRelation::alignParams(const std::vector<std::string> &params) {
  if (params == params_)
    return;
  for (Relation &r : pieces_)
    r.alignParams(params);
  params_ = params;
}

void alignParams(UnionRelation &a, UnionRelation &b) {
  if (a.paramNames() == b.paramNames())
    return;
  std::vector<std::string> merged = mergeParams(a.paramNames(), b.paramNames());
  a.alignParams(merged);
  b.alignParams(merged);
}

void UnionRelation::add(Relation r) {
  if (r.space().paramNames() != params_) {
    std::vector<std::string> merged =
        mergeParams(params_, r.space().paramNames());
    alignParams(merged);
    r.alignParams(merged);
  }
  if (r.numDisjuncts() == 0)
    return;
  auto it = std::lower_bound(pieces_.begin(), pieces_.end(), r,
                             [](const Relation &a, const Relation &b) {
                               return Space::tupleLess(a.space(), b.space());
                             });
  if (it != pieces_.end() && it->space().sameTuples(r.space())) {
    *it = it->unite(r);
    return;
  }
  bool params = r.isParams();
  if (!pieces_.empty() && (params || pieces_.front().isParams()))
    throw SpaceError("a params set cannot be combined with sets or relations "
                     "in one union");
  pieces_.insert(it, std::move(r));
}

const Relation *UnionRelation::find(const Space &space) const {
  for (const Relation &r : pieces_)
    if (r.space().sameTuples(space))
      return &r;
  return nullptr;
}

bool UnionRelation::isSetUnion() const {
  return std::all_of(pieces_.begin(), pieces_.end(),
                     [](const Relation &r) { return r.isSet(); });
}

bool UnionRelation::isRelationUnion() const {
  return std::all_of(pieces_.begin(), pieces_.end(),
                     [](const Relation &r) { return r.isRelation(); });
}

bool UnionRelation::isParamsUnion() const {
  return pieces_.size() == 1 && pieces_.front().isParams();
}

UnionRelation UnionRelation::unite(const UnionRelation &other) const {
  UnionRelation out = *this;
  for (const Relation &r : other.pieces_)
    out.add(r);
  if (other.params_ != out.params_)
    out.alignParams(mergeParams(out.params_, other.params_));
  return out;
}

UnionRelation UnionRelation::intersect(const UnionRelation &other) const {
  WorkBudget::Operation op;
  UnionRelation a = *this, b = other;
  presburger::alignParams(a, b);
  UnionRelation out(a.params_);
  for (const Relation &r : a.pieces_)
    if (const Relation *s = b.find(r.space()))
      out.add(r.intersect(*s));
  return out;
}

UnionRelation UnionRelation::subtract(const UnionRelation &other) const {
  WorkBudget::Operation op;
  UnionRelation a = *this, b = other;
  presburger::alignParams(a, b);
  UnionRelation out(a.params_);
  for (const Relation &r : a.pieces_) {
    const Relation *s = b.find(r.space());
    out.add(s ? r.subtract(*s) : r);
  }
  return out;
}

bool UnionRelation::isEmpty() const {
  WorkBudget::Operation op;
  return std::all_of(pieces_.begin(), pieces_.end(),
                     [](const Relation &r) { return r.isEmpty(); });
}

bool UnionRelation::isSubsetOf(const UnionRelation &other) const {
  WorkBudget::Operation op;
  // The engine's one subset test, piece by piece: a piece without a
  // counterpart in `other` must be empty.
  for (const Relation &r : pieces_) {
    const Relation *s = other.find(r.space());
    if (s ? !r.isSubsetOf(*s) : !r.isEmpty())
      return false;
  }
  return true;
}

bool UnionRelation::isEqual(const UnionRelation &other) const {
  WorkBudget::Operation op;
  return isSubsetOf(other) && other.isSubsetOf(*this);
}

bool UnionRelation::isDisjoint(const UnionRelation &other) const {
  WorkBudget::Operation op;
  return intersect(other).isEmpty();
}

} // namespace presburger
