#include "presburger/Space.h"
#include "presburger/Errors.h"

#include <algorithm>

namespace presburger {

Tuple Tuple::nested(std::string name, Tuple domain, Tuple range) {
  Tuple t(std::move(name), domain.numDims() + range.numDims());
  t.nested_ = std::make_shared<const std::pair<Tuple, Tuple>>(
      std::move(domain), std::move(range));
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

Space Space::params(std::vector<std::string> params) {
  Space s;
  s.params_ = std::move(params);
  s.kind_ = SpaceKind::Params;
  return s;
}

Space Space::set(std::vector<std::string> params, Tuple tuple) {
  Space s;
  s.params_ = std::move(params);
  s.kind_ = SpaceKind::Set;
  s.range_ = std::move(tuple);
  return s;
}

Space Space::relation(std::vector<std::string> params, Tuple domain,
                      Tuple range) {
  Space s;
  s.params_ = std::move(params);
  s.kind_ = SpaceKind::Relation;
  s.domain_ = std::move(domain);
  s.range_ = std::move(range);
  return s;
}

std::optional<unsigned> Space::findParam(const std::string &name) const {
  for (unsigned i = 0; i < params_.size(); ++i)
    if (params_[i] == name)
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

unsigned Space::offset(VarKind kind) const {
  switch (kind) {
  case VarKind::Param:
    return 0;
  case VarKind::Domain:
    return numParams();
  case VarKind::Range:
    return numParams() + numDomain();
  case VarKind::Local:
    return numParams() + numDomain() + numRange();
  }
  return 0;
}

bool operator==(const Space &a, const Space &b) {
  return a.params_ == b.params_ && a.sameTuples(b);
}

bool Space::sameTuples(const Space &o) const {
  return kind_ == o.kind_ && range_ == o.range_ && domain_ == o.domain_;
}

bool Space::tupleLess(const Space &a, const Space &b) {
  if (a.kind_ != b.kind_)
    return a.kind_ < b.kind_;
  if (a.domain_ != b.domain_)
    return a.domain_ < b.domain_;
  return a.range_ < b.range_;
}

Space Space::withParams(std::vector<std::string> params) const {
  Space s = *this;
  s.params_ = std::move(params);
  return s;
}

Space Space::withDomainTuple(Tuple t) const {
  if (!isRelation())
    throw SpaceError("only a relation has a domain tuple");
  Space s = *this;
  s.domain_ = std::move(t);
  return s;
}

Space Space::withRangeTuple(Tuple t) const {
  if (isParams())
    throw SpaceError("a params space has no tuple");
  Space s = *this;
  s.range_ = std::move(t);
  return s;
}

Space Space::domainSpace() const {
  if (!isRelation())
    throw SpaceError("domain of a non-relation space " + toString());
  return set(params_, domain_);
}

Space Space::rangeSpace() const {
  if (!isRelation())
    throw SpaceError("range of a non-relation space " + toString());
  return set(params_, range_);
}

Space Space::reversed() const {
  if (!isRelation())
    throw SpaceError("reverse of a non-relation space " + toString());
  return relation(params_, range_, domain_);
}

Space Space::wrapped() const {
  if (!isRelation())
    throw SpaceError("wrap of a non-relation space " + toString());
  return set(params_, Tuple::nested("", domain_, range_));
}

Space Space::unwrapped() const {
  if (!isSet() || !range_.isNested())
    throw SpaceError("unwrap of a space that is not a wrapped relation: " +
                     toString());
  return relation(params_, range_.nestedDomain(), range_.nestedRange());
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
  if (!params_.empty()) {
    out += "[";
    for (size_t i = 0; i < params_.size(); ++i)
      out += (i ? ", " : "") + params_[i];
    out += "] -> ";
  }
  out += "{ ";
  if (isRelation())
    out += tupleToString(domain_) + " -> ";
  if (!isParams())
    out += tupleToString(range_) + " ";
  else
    out += ": ";
  return out + "}";
}

} // namespace presburger
