//===- IntegerSetAnalysis.cpp - Domains, bounds and hulls of a kernel -----===//

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

Relation
IntegerSetAnalysis::predicatedDomain(const Instruction &inst,
                                     const LoopNest &nest,
                                     std::span<const AffinePredicate> preds) const {
  return Relation(iterationDomain(createDomainSpace(inst, nest), nest,
                                  kernel_.params, preds));
}

Relation
IntegerSetAnalysis::applyPredicates(const Relation &set,
                                    const DomainSpace &space,
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
  Relation c = set.numDisjuncts() > 1 ? set.coalesce()
                                      : set.removeRedundancies();
  // Workaround for two engine problems (docs/penguin-simplifier.md,
  // "Engine problems"): coalesce can drop a disjunct whose divisions define
  // the same lattice twice, and the equality test can throw
  // InvalidArgument on divisions of undefined existentials. Fewer
  // disjuncts must mean the same points; when that is not shown, the union
  // stays as it was (exact, just not coalesced).
  if (set.numDisjuncts() > 1) {
    try {
      if (!c.isEqual(set))
        return set;
    } catch (const presburger::InvalidArgument &) {
      return set;
    }
  }
  return c;
}

namespace {

int64_t toInt64(const Int &v) {
  std::optional<int64_t> s = v.toInt64();
  if (!s)
    throw OverflowError("axis bound " + v.toString() +
                        " does not fit in 64 bits");
  return *s;
}

/// The only value of a one-point, parameter-free, one-dimensional set.
std::optional<Int> onlyValue(const Relation &r) {
  std::optional<presburger::Point> p = r.samplePoint();
  if (!p)
    return std::nullopt;
  return p->back();
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
  // The values of the axis alone: parameters and the other axes are
  // existentially quantified (exact).
  Relation t = set.projectOut(VarKind::Param, 0, set.numParams());
  t = t.projectOut(VarKind::Range, dim + 1, n - dim - 1);
  t = t.projectOut(VarKind::Range, 0, dim);
  AxisBounds out;
  if (t.isEmpty()) {
    out.empty = true;
    return out;
  }
  std::optional<Int> lower, upper;
  try {
    lower = onlyValue(t.lexmin());
  } catch (const presburger::UnboundedError &) {
  }
  try {
    upper = onlyValue(t.lexmax());
  } catch (const presburger::UnboundedError &) {
  }
  // The stride: the gcd of the differences to one value, found by asking
  // for a value off the current lattice until there is none (each step
  // divides the candidate, so there are few).
  Int anchor;
  if (lower)
    anchor = *lower;
  else if (upper)
    anchor = *upper;
  else
    anchor = t.samplePoint()->back();
  Int g(0);
  for (;;) {
    Relation probe(t.space());
    if (g.isZero()) {
      BasicRelation above(t.space()), below(t.space());
      above.addInequality(std::vector<Int>{Int(1), -anchor - Int(1)});
      below.addInequality(std::vector<Int>{Int(-1), anchor - Int(1)});
      probe.addDisjunct(above);
      probe.addDisjunct(below);
    } else {
      BasicRelation off(t.space());
      off.addLocal();
      // 1 <= x - anchor - g*q <= g - 1
      off.addInequality(std::vector<Int>{Int(1), -g, -anchor - Int(1)});
      off.addInequality(std::vector<Int>{Int(-1), g, anchor + g - Int(1)});
      probe.addDisjunct(off);
    }
    std::optional<presburger::Point> v = t.intersect(probe).samplePoint();
    if (!v)
      break;
    g = gcd(g, v->back() - anchor);
  }
  if (lower)
    out.lower = toInt64(*lower);
  if (upper)
    out.upper = toInt64(*upper);
  if (!g.isZero()) {
    out.stride = toInt64(g);
    out.offset = toInt64(mod(anchor, g));
  }
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
