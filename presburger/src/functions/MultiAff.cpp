//===- MultiAff.cpp - Tuples of quasi-affine expressions ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/MultiAff.h"
#include "presburger/Errors.h"

namespace presburger {

MultiAff::MultiAff(Space domain, Tuple range, std::vector<Aff> affs)
    : domain_(std::move(domain)), range_(std::move(range)),
      affs_(std::move(affs)) {
  if (domain_.isRelation())
    throw SpaceError("the domain of a function is a set or params space");
  if (affs_.size() != range_.numDims())
    throw SpaceError("a function to " + tupleToString(range_) + " needs " +
                     std::to_string(range_.numDims()) + " outputs, not " +
                     std::to_string(affs_.size()));
  std::vector<std::string> params = domain_.paramNames();
  for (const Aff &a : affs_) {
    if (!a.domainSpace().sameTuples(domain_))
      throw SpaceError("an output on " + a.domainSpace().toString() +
                       " in a function on " + domain_.toString());
    params = mergeParams(params, a.domainSpace().paramNames());
  }
  alignParams(params);
}

MultiAff MultiAff::identity(const Space &space) {
  if (!space.isSet())
    throw SpaceError("identity: " + space.toString() + " is not a set space");
  std::vector<Aff> affs;
  for (unsigned d = 0; d < space.numDims(); ++d)
    affs.push_back(Aff::dim(space, d));
  return MultiAff(space, space.setTuple(), std::move(affs));
}

Space MultiAff::space() const {
  if (domain_.isParams())
    return Space::set(domain_.paramNames(), range_);
  return Space::relation(domain_.paramNames(), domain_.setTuple(), range_);
}

void MultiAff::alignParams(const std::vector<std::string> &params) {
  domain_ = domain_.withParams(params);
  for (Aff &a : affs_)
    a.alignParams(params);
}

MultiAff MultiAff::pullback(const MultiAff &ma) const {
  std::vector<Aff> affs;
  for (const Aff &a : affs_)
    affs.push_back(a.pullback(ma));
  std::vector<std::string> params =
      mergeParams(domain_.paramNames(), ma.domainSpace().paramNames());
  return MultiAff(ma.domainSpace().withParams(params), range_, std::move(affs));
}

namespace {

void checkSameDomain(const MultiAff &a, const MultiAff &b, const char *op) {
  if (!a.domainSpace().sameTuples(b.domainSpace()))
    throw SpaceError(std::string(op) + ": functions on different domains: " +
                     a.space().toString() + " and " + b.space().toString());
}

void checkSameRange(const MultiAff &a, const MultiAff &b, const char *op) {
  checkSameDomain(a, b, op);
  if (a.rangeTuple() != b.rangeTuple())
    throw SpaceError(std::string(op) + ": functions to different tuples: " +
                     a.space().toString() + " and " + b.space().toString());
}

/// The outputs of `a` and then those of `b`, to `range`.
MultiAff concatenated(const MultiAff &a, const MultiAff &b, Tuple range) {
  checkSameDomain(a, b, "range product");
  std::vector<Aff> affs = a.affs();
  affs.insert(affs.end(), b.affs().begin(), b.affs().end());
  std::vector<std::string> params =
      mergeParams(a.domainSpace().paramNames(), b.domainSpace().paramNames());
  return MultiAff(a.domainSpace().withParams(params), std::move(range),
                  std::move(affs));
}

} // namespace

MultiAff MultiAff::add(const MultiAff &o) const {
  checkSameRange(*this, o, "add");
  std::vector<Aff> affs;
  for (unsigned i = 0; i < numOutputs(); ++i)
    affs.push_back(affs_[i].add(o.affs_[i]));
  std::vector<std::string> params =
      mergeParams(domain_.paramNames(), o.domain_.paramNames());
  return MultiAff(domain_.withParams(params), range_, std::move(affs));
}

MultiAff MultiAff::sub(const MultiAff &o) const {
  checkSameRange(*this, o, "sub");
  return add(o.neg());
}

MultiAff MultiAff::neg() const { return scale(Int(-1)); }

MultiAff MultiAff::scale(const Int &k) const {
  std::vector<Aff> affs;
  for (const Aff &a : affs_)
    affs.push_back(a.scale(k));
  return MultiAff(domain_, range_, std::move(affs));
}

MultiAff MultiAff::rangeProduct(const MultiAff &o) const {
  return concatenated(*this, o, Tuple::nested("", range_, o.range_));
}

MultiAff MultiAff::flatRangeProduct(const MultiAff &o) const {
  return concatenated(*this, o, Tuple(numOutputs() + o.numOutputs()));
}

std::vector<Int> MultiAff::eval(const Point &point) const {
  std::vector<Int> out;
  for (const Aff &a : affs_)
    out.push_back(a.eval(point));
  return out;
}

BasicRelation MultiAff::toBasicRelation() const {
  BasicRelation b(space());
  unsigned np = domain_.numParams(), nd = domain_.numDims();
  unsigned firstOut = b.offset(VarKind::Range);
  std::vector<unsigned> map(np + nd);
  for (unsigned c = 0; c < np + nd; ++c)
    map[c] = c; // Parameters, then the domain, come first in both.
  for (unsigned j = 0; j < affs_.size(); ++j) {
    const Aff &a = affs_[j];
    unsigned firstLocal = b.numLocals();
    b.appendMapped(a.localSpace(), map);
    // out_j = row . [params, dims, divisions, 1].
    std::vector<Int> eq(b.numCols(), Int(0));
    const std::vector<Int> &r = a.row();
    unsigned lo = np + nd;
    for (unsigned c = 0; c < lo; ++c)
      eq[c] = r[c];
    for (unsigned k = 0; k < a.numDivs(); ++k)
      eq[b.offset(VarKind::Local) + firstLocal + k] = r[lo + k];
    eq.back() = r.back();
    eq[firstOut + j] = Int(-1);
    b.addEquality(eq);
  }
  return b;
}

bool MultiAff::isPlainEqual(const MultiAff &o) const {
  if (range_ != o.range_ || affs_.size() != o.affs_.size())
    return false;
  for (size_t i = 0; i < affs_.size(); ++i)
    if (!affs_[i].isPlainEqual(o.affs_[i]))
      return false;
  return true;
}

} // namespace presburger
