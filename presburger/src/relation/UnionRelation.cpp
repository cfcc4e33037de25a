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
  // The pieces are sorted by tuples: a binary search.
  auto it = std::lower_bound(pieces_.begin(), pieces_.end(), space,
                             [](const Relation &r, const Space &s) {
                               return Space::tupleLess(r.space(), s);
                             });
  if (it != pieces_.end() && it->space().sameTuples(space))
    return &*it;
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
  UnionRelation a = *this, b = other;
  presburger::alignParams(a, b);
  if (a.pieces_.empty())
    return b;
  if (b.pieces_.empty())
    return a;
  if (a.pieces_.front().isParams() != b.pieces_.front().isParams())
    throw SpaceError("a params set cannot be combined with sets or relations "
                     "in one union");
  // Both lists are sorted by tuples: one merge, pieces of the same space
  // united.
  std::vector<Relation> merged;
  merged.reserve(a.pieces_.size() + b.pieces_.size());
  auto x = a.pieces_.begin(), y = b.pieces_.begin();
  while (x != a.pieces_.end() && y != b.pieces_.end()) {
    if (Space::tupleLess(x->space(), y->space()))
      merged.push_back(std::move(*x++));
    else if (Space::tupleLess(y->space(), x->space()))
      merged.push_back(std::move(*y++));
    else
      merged.push_back((x++)->unite(*y++));
  }
  merged.insert(merged.end(), std::make_move_iterator(x),
                std::make_move_iterator(a.pieces_.end()));
  merged.insert(merged.end(), std::make_move_iterator(y),
                std::make_move_iterator(b.pieces_.end()));
  a.pieces_ = std::move(merged);
  return a;
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
