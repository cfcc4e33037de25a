//===- IntegerSetAnalysis.cpp - Domains, bounds and hulls of a kernel -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/IntegerSetAnalysis.h"

#include "presburger/Errors.h"

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::VarKind;

DomainSpace IntegerSetAnalysis::createDomainSpace(const Instruction &inst,
                                                  const LoopNest &nest) const {
  return penguin::createDomainSpace(kernel_, nest, inst);
}

Relation IntegerSetAnalysis::domain(const Instruction &inst,
                                    const LoopNest &nest) const {
  return Relation(
      iterationDomain(createDomainSpace(inst, nest), nest, kernel_.params));
}

Relation IntegerSetAnalysis::predicatedDomain(const Instruction &inst,
                                              const LoopNest &nest,
                                              bool withApprox) const {
  if (withApprox)
    return predicatedDomain(inst, nest, std::span(inst.predicates));
  std::vector<AffinePredicate> exact = dropApproxPredicates(inst.predicates);
  return predicatedDomain(inst, nest, std::span<const AffinePredicate>(exact));
}

Relation IntegerSetAnalysis::predicatedDomain(
    const Instruction &inst, const LoopNest &nest,
    std::span<const AffinePredicate> preds) const {
  return Relation(iterationDomain(createDomainSpace(inst, nest), nest,
                                  kernel_.params, preds));
}

Relation IntegerSetAnalysis::applyPredicates(
    const Relation &set, const DomainSpace &space,
    std::span<const AffinePredicate> preds) const {
  if (preds.empty())
    return set;
  BasicRelation p(space.space());
  AffineBuilder b(space, p);
  b.addPredicates(preds);
  return set.intersect(Relation(std::move(p)));
}

void IntegerSetAnalysis::addLoopBounds(BasicRelation &set,
                                       const DomainSpace &space,
                                       const LoopNest &nest) const {
  AffineBuilder b(space, set);
  penguin::addLoopBounds(b, nest);
}

void IntegerSetAnalysis::addParamBounds(BasicRelation &set) const {
  penguin::addParamBounds(set, kernel_.params);
}

Relation IntegerSetAnalysis::convexHull(const Relation &set) const {
  if (set.numDisjuncts() <= 1)
    return set;
  Relation c = simplify(set);
  if (c.numDisjuncts() <= 1)
    return c;
  return Relation(c.convexHull());
}

Relation IntegerSetAnalysis::simplify(const Relation &set) const {
  // coalesce leaves a single disjunct as it is; the shrink path wants it
  // simplified (its statistics count the constraints that remain).
  return set.numDisjuncts() > 1 ? set.coalesce() : set.removeRedundancies();
}

namespace {

int64_t toInt64(const Int &v) {
  std::optional<int64_t> s = v.toInt64();
  if (!s)
    throw OverflowError("axis bound " + v.toString() +
                        " does not fit in 64 bits");
  return *s;
}

} // namespace

AxisBounds IntegerSetAnalysis::exractCstBounds(const Relation &set,
                                               unsigned dim) const {
  if (!set.isSet())
    throw BridgeError("exract_cst_bounds needs a set, not " +
                      set.space().toString());
  unsigned n = set.numRange();
  if (dim >= n)
    throw BridgeError("axis " + std::to_string(dim) + " of a set with " +
                      std::to_string(n) + " dimensions");
  // The engine's per-dimension bounds: parameters and the other axes range
  // freely (exact, integer).
  presburger::DimBounds b = set.dimBounds(VarKind::Range, dim);
  AxisBounds out;
  out.empty = b.empty;
  if (b.empty)
    return out;
  if (b.lower)
    out.lower = toInt64(*b.lower);
  if (b.upper)
    out.upper = toInt64(*b.upper);
  out.stride = toInt64(b.stride);
  out.offset = toInt64(b.offset);
  return out;
}

std::vector<AxisBounds>
IntegerSetAnalysis::exractCstBounds(const Relation &set) const {
  std::vector<AxisBounds> out;
  for (unsigned d = 0; d < set.numRange(); ++d)
    out.push_back(exractCstBounds(set, d));
  return out;
}

Relation IntegerSetAnalysis::access(const Instruction &inst,
                                    const LoopNest &nest,
                                    const AccessPattern &ap,
                                    const AccessOptions &options) const {
  return accessRelation(kernel_, inst, nest, ap, options);
}

std::optional<std::vector<AffinePredicate>>
IntegerSetAnalysis::enumeratePredicates(const BasicRelation &bset,
                                        const DomainSpace &space) const {
  return enumerateAffinePredicates(bset, space, kernel_.context());
}

} // namespace penguin
