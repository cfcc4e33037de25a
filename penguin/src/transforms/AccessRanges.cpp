//===- AccessRanges.cpp - What accesses reach, and when -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ranges of accesses and the predicates over them:
// try_predicate_range_over_access (the iterations whose access lands in a
// range), union_ranges / union_affine_access_ranges (the elements of one
// tensor that accesses reach: name-based on purpose, an index space) and the
// outward projection of predicates (enumerate_predicates).
//
//===----------------------------------------------------------------------===//

#include "penguin/AccessRewriter.h"

namespace penguin {

using presburger::Relation;
using presburger::VarKind;

std::optional<std::vector<AffinePredicate>>
AccessRewriter::tryPredicateRangeOverAccess(const AccessPattern &ap,
                                            const Instruction &inst,
                                            const LoopNest &nest,
                                            const Relation &rangeSet,
                                            bool overapproximate,
                                            bool approximatePredicates) {
  const Tensor &t = tensorOf(ap);
  if (!rangeSet.isSet() || !rangeSet.space().setTuple().hasName() ||
      rangeSet.space().setTuple().name() != tensorTupleName(t) ||
      rangeSet.space().setTuple().numDims() != t.rank())
    throw BridgeError("try_predicate_range_over_access: the range " +
                      rangeSet.space().toString() + " is not a set over " +
                      tensorSpace(t).toString());
  Relation acc = accessWithoutPredicates(ap, inst, nest);
  std::optional<Relation> s = trySimplify(acc);
  if (!s)
    return std::nullopt;
  std::optional<Relation> dom =
      tryEngine([&] { return s->intersectRange(rangeSet).domain(); });
  if (!dom)
    return std::nullopt;
  DomainBinding box = inDomain(inst, nest);
  return predicatesOverLoopnestConvexHull(
      inst, nest, *dom, box.domain(), overapproximate, approximatePredicates);
}

Relation AccessRewriter::unionRanges(const std::string &tensor,
                                     std::span<const AccessSite> accesses) {
  const Tensor *t = kernel().findTensor(tensor);
  if (!t)
    throw BridgeError("union_ranges: undeclared tensor '" + tensor + "'");
  Relation rng = Relation::empty(tensorSpace(*t));
  for (const AccessSite &a : accesses) {
    if (!a.inst || !a.ap || a.ap->tensor != tensor)
      throw BridgeError("union_ranges: an access that is not to '" + tensor +
                        "'");
    rng = rng.unite(access(*a.ap, *a.inst, a.nest).range());
  }
  return simplify(rng);
}

Relation
AccessRewriter::unionAffineAccessRanges(const std::string &tensor,
                                        std::span<const StoreSite> stores,
                                        size_t *skipped) {
  const Tensor *t = kernel().findTensor(tensor);
  if (!t)
    throw BridgeError("union_affine_access_ranges: undeclared tensor '" +
                      tensor + "'");
  Relation rng = Relation::empty(tensorSpace(*t));
  for (const StoreSite &s : stores) {
    if (!s.inst || !s.inst->dst || s.inst->dst->tensor != tensor)
      continue;
    const AccessPattern &d = *s.inst->dst;
    bool affine = true;
    for (AffineExpr idx : d.indices)
      affine = affine && !idx.hasRuntimeValue();
    if (!affine) {
      if (skipped)
        ++*skipped;
      continue;
    }
    rng = rng.unite(access(d, *s.inst, s.nest).range());
  }
  return simplify(rng);
}

std::vector<ProjectedPredicate>
AccessRewriter::enumeratePredicates(const DomainSpace &space,
                                    std::span<const AffinePredicate> predicates,
                                    const LoopNest &nest) {
  if (space.numIvs() != nest.size())
    throw BridgeError("enumerate_predicates: the space has " +
                      std::to_string(space.numIvs()) +
                      " loop variables, the loop nest " +
                      std::to_string(nest.size()) + " loops");
  const unsigned n = unsigned(nest.size());
  Relation box(iterationDomain(space, nest, kernel().params));
  std::vector<ProjectedPredicate> out;
  for (unsigned loop = n; loop-- > 0;) {
    std::vector<std::string> outerIvs(space.ivs().begin(),
                                      space.ivs().begin() + loop + 1);
    DomainSpace outer(space.tupleName(), outerIvs, space.params());
    LoopNest outerNest(nest.begin(), nest.begin() + loop + 1);
    Relation outerBox(iterationDomain(outer, outerNest, kernel().params));
    for (size_t i = 0; i < predicates.size(); ++i) {
      ProjectedPredicate pp;
      pp.loop = loop;
      pp.source = i;
      Relation selected = applyPredicates(box, space, predicates.subspan(i, 1));
      Relation projected =
          selected.projectOut(VarKind::Range, loop + 1, n - loop - 1)
              .setTupleName(VarKind::Range, space.tupleName());
      Relation g = simplify(projected.gist(outerBox));
      if (!projected.isEmpty() && g.numDisjuncts() == 1)
        pp.preds = enumeratePredicates(g.disjuncts()[0], outer);
      // Hoisting is exact when the lifted projection selects the same
      // iterations of the box.
      Relation lifted =
          projected.insertDims(VarKind::Range, loop + 1, n - loop - 1);
      lifted.setSpace(box.space().withParams(lifted.space().paramNames()));
      pp.exact = box.intersect(lifted).isEqual(selected);
      out.push_back(std::move(pp));
    }
  }
  return out;
}

} // namespace penguin
