// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Space.h"
#include "presburger/Errors.h"

#include <algorithm>

namespace presburger {

Tuple Tuple::nested(std::string name, Tuple domain, Tuple range) {
  Tuple t(std::move(name), domain.numDims() + range.numDims());
  t.nested_ = std::make_shared<const std::pair<Tuple, Tuple>>(std::move(domain),
                                                              std::move(range));
  return t;
}

Tuple Tuple::withName(std::string name) const {
  Tuple t = *this;
  t.name_ = std::move(name);
  return t;
}

void Tuple::collectNames(std::vector<std::string> &out) const {
  if (nested_) {
    nested_->first.collectNames(out);
    nested_->second.collectNames(out);
    return;
  }
  for (unsigned i = 0; i < numDims_; ++i)
    out.push_back(dimNames_.empty() ? std::string() : dimNames_[i]);
}

std::vector<std::string> Tuple::dimNames() const {
  std::vector<std::string> out;
  out.reserve(numDims_);
  collectNames(out);
  return out;
}

size_t Tuple::assignNames(const std::vector<std::string> &names, size_t pos) {
  if (nested_) {
    auto pair = std::make_shared<std::pair<Tuple, Tuple>>(*nested_);
    pos = pair->first.assignNames(names, pos);
    pos = pair->second.assignNames(names, pos);
    nested_ = std::move(pair);
    return pos;
  }
  dimNames_.assign(names.begin() + long(pos),
                   names.begin() + long(pos + numDims_));
  if (std::all_of(dimNames_.begin(), dimNames_.end(),
                  [](const std::string &s) { return s.empty(); }))
    dimNames_.clear();
  return pos + numDims_;
}

void Tuple::setDimNames(const std::vector<std::string> &names) {
  if (names.size() != numDims_)
    throw InvalidArgument("dimension name count does not match tuple");
  assignNames(names, 0);
}

void Tuple::clearDimNames() {
  if (nested_ || !dimNames_.empty())
    setDimNames(std::vector<std::string>(numDims_));
}

bool operator==(const Tuple &a, const Tuple &b) {
  if (a.numDims_ != b.numDims_ || a.name_ != b.name_ ||
      (a.nested_ == nullptr) != (b.nested_ == nullptr))
    return false;
  if (!a.nested_ || a.nested_ == b.nested_)
    return true;
  return a.nested_->first == b.nested_->first &&
         a.nested_->second == b.nested_->second;
}

bool operator<(const Tuple &a, const Tuple &b) {
  if (a.name_ != b.name_)
    return a.name_ < b.name_;
  if (a.numDims_ != b.numDims_)
    return a.numDims_ < b.numDims_;
  if ((a.nested_ == nullptr) != (b.nested_ == nullptr))
    return a.nested_ == nullptr;
  if (!a.nested_)
    return false;
  if (a.nested_->first != b.nested_->first)
    return a.nested_->first < b.nested_->first;
  return a.nested_->second < b.nested_->second;
}

const std::shared_ptr<const Space::Data> &Space::emptyData() {
  static const std::shared_ptr<const Data> empty = std::make_shared<Data>();
  return empty;
}

Space Space::params(std::vector<std::string> params) {
  Data d;
  d.params = std::move(params);
  d.kind = SpaceKind::Params;
  return Space(std::make_shared<const Data>(std::move(d)));
}

Space Space::set(std::vector<std::string> params, Tuple tuple) {
  Data d;
  d.params = std::move(params);
  d.kind = SpaceKind::Set;
  d.range = std::move(tuple);
  return Space(std::make_shared<const Data>(std::move(d)));
}

Space Space::relation(std::vector<std::string> params, Tuple domain,
                      Tuple range) {
  Data d;
  d.params = std::move(params);
  d.kind = SpaceKind::Relation;
  d.domain = std::move(domain);
  d.range = std::move(range);
  return Space(std::make_shared<const Data>(std::move(d)));
}

std::optional<unsigned> Space::findParam(const std::string &name) const {
  for (unsigned i = 0; i < d_->params.size(); ++i)
    if (d_->params[i] == name)
      return i;
  return std::nullopt;
}

unsigned Space::numVars(VarKind kind) const {
  switch (kind) {
  case VarKind::Param:
    return numParams();
  case VarKind::Domain:
    return numDomain();
  case VarKind::Range:
    return numRange();
  case VarKind::Local:
    return 0;
  }
  return 0;
}

bool operator==(const Space &a, const Space &b) {
  if (a.d_ == b.d_)
    return true;
  return a.d_->params == b.d_->params && a.sameTuples(b);
}

bool Space::sameTuples(const Space &o) const {
  if (d_ == o.d_)
    return true;
  return d_->kind == o.d_->kind && d_->range == o.d_->range &&
         d_->domain == o.d_->domain;
}

bool Space::tupleLess(const Space &a, const Space &b) {
  if (a.d_->kind != b.d_->kind)
    return a.d_->kind < b.d_->kind;
  if (a.d_->domain != b.d_->domain)
    return a.d_->domain < b.d_->domain;
  return a.d_->range < b.d_->range;
}

Space Space::withParams(std::vector<std::string> params) const {
  if (params == d_->params)
    return *this;
  Data d = copyData();
  d.params = std::move(params);
  return Space(std::make_shared<const Data>(std::move(d)));
}

Space Space::withDomainTuple(Tuple t) const {
  if (!isRelation())
    throw SpaceError("only a relation has a domain tuple");
  Data d = copyData();
  d.domain = std::move(t);
  return Space(std::make_shared<const Data>(std::move(d)));
}

Space Space::withRangeTuple(Tuple t) const {
  if (isParams())
    throw SpaceError("a params space has no tuple");
  Data d = copyData();
  d.range = std::move(t);
  return Space(std::make_shared<const Data>(std::move(d)));
}

Space Space::domainSpace() const {
  if (!isRelation())
    throw SpaceError("domain of a non-relation space " + toString());
  return set(d_->params, d_->domain);
}

Space Space::rangeSpace() const {
  if (!isRelation())
    throw SpaceError("range of a non-relation space " + toString());
  return set(d_->params, d_->range);
}

Space Space::reversed() const {
  if (!isRelation())
    throw SpaceError("reverse of a non-relation space " + toString());
  return relation(d_->params, d_->range, d_->domain);
}

Space Space::wrapped() const {
  if (!isRelation())
    throw SpaceError("wrap of a non-relation space " + toString());
  return set(d_->params, Tuple::nested("", d_->domain, d_->range));
}

Space Space::unwrapped() const {
  if (!isSet() || !d_->range.isNested())
    throw SpaceError("unwrap of a space that is not a wrapped relation: " +
                     toString());
  return relation(d_->params, d_->range.nestedDomain(),
                  d_->range.nestedRange());
}

std::string tupleToString(const Tuple &t) {
  std::string out = t.name();
  if (t.isNested())
    return out + "[" + tupleToString(t.nestedDomain()) + " -> " +
           tupleToString(t.nestedRange()) + "]";
  out += "[";
  std::vector<std::string> names = t.dimNames();
  for (unsigned i = 0; i < t.numDims(); ++i) {
    if (i)
      out += ", ";
    out += names[i].empty() ? "i" + std::to_string(i) : names[i];
  }
  return out + "]";
}

std::string Space::toString() const {
  std::string out;
  if (!d_->params.empty()) {
    out += "[";
    for (size_t i = 0; i < d_->params.size(); ++i)
      out += (i ? ", " : "") + d_->params[i];
    out += "] -> ";
  }
  out += "{ ";
  if (isRelation())
    out += tupleToString(d_->domain) + " -> ";
  if (!isParams())
    out += tupleToString(d_->range) + " ";
  else
    out += ": ";
  return out + "}";
}

} // namespace presburger
