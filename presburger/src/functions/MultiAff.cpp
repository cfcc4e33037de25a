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
