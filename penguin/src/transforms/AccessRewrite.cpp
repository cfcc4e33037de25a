//===- AccessRewrite.cpp - buildMapping and the load rewrite --------------===//
//
// The second half of the access-to-address rewriter: buildMapping,
// codegenAddrAndPredicates, rewriteLoadAdds / rewriteAllLoadAddress,
// try_predicate_range_over_access, union_ranges /
// union_affine_access_ranges and the outward projection of predicates.
//
//===----------------------------------------------------------------------===//

#include "penguin/AccessRewriter.h"

#include "penguin/AddressReadBack.h"
#include "penguin/AddressSplit.h"

namespace penguin {

using presburger::Relation;
using presburger::VarKind;

std::optional<Relation> AccessRewriter::trySimplify(const Relation &rel) {
  return tryEngine([&] { return simplify(rel); });
}

Relation AccessRewriter::buildMapping(const AccessPattern &dst,
                                      const AccessPattern &src,
                                      const Instruction &inst,
                                      const LoopNest &nest) {
  Processing here(*this, inst.loc);
  Relation srcAccess = access(src, inst, nest);
  Relation dstAccess = access(dst, inst, nest);
  Relation mapping = dstAccess.reverse().applyRange(srcAccess);
  std::optional<Relation> s = trySimplify(mapping);
  if (!s)
    throw NotImplementedError("buildMapping: simplifying the mapping of " +
                              inst.statementName() + " failed: " +
                              lastFailureText());
  return *s;
}

AddrsAndPredicates AccessRewriter::codegenAddrAndPredicates(
    const Relation &newAcc, const AccessPattern &ap, const Instruction &inst,
    const LoopNest &nest) {
  DomainBinding box = inDomain(inst, nest);
  if (!newAcc.isRelation() ||
      newAcc.space().domainTuple().name() != makeInTupleName(inst) ||
      newAcc.numDomain() != box.space().numIvs())
    throw BridgeError("codegenAddrAndPredicates: " +
                      newAcc.space().toString() +
                      " is not an access relation of " + inst.statementName());
  Relation dom = newAcc.domain();
  std::optional<std::vector<AffinePredicate>> preds =
      predicatesOverLoopnestConvexHull(inst, nest, dom, box.domain(),
                                       /*overapproximate=*/false,
                                       /*approximatePredicates=*/false);
  if (!preds)
    throw NotImplementedError(
        "codegenAddrAndPredicates: no single predicate set expresses the "
        "iterations of " +
        inst.statementName() + " in which " + ap.str() +
        " is rebased: " + dom.toString());
  AddrsAndPredicates out;
  out.addrs = readBackAddresses(newAcc, box.space(), kernel().context());
  out.preds = std::move(*preds);
  return out;
}

LoadRewrite AccessRewriter::rewriteLoadAdds(const AccessPattern &loadAcc,
                                            const Instruction &loadInst,
                                            const LoopNest &nest,
                                            const Relation &mapping) {
  if (!mapping.isRelation() ||
      mapping.space().domainTuple().name() != loadAcc.tensor ||
      mapping.numDomain() != loadAcc.rank())
    throw BridgeError("rewriteLoadAdds: the mapping " +
                      mapping.space().toString() + " does not start at " +
                      loadAcc.tensor + " of rank " +
                      std::to_string(loadAcc.rank()));
  const std::string target = mapping.space().rangeTuple().name();
  const Tensor *t = kernel().findTensor(target);
  if (!t || t->rank() != mapping.numRange())
    throw BridgeError("rewriteLoadAdds: the mapping's target " +
                      mapping.space().toString() +
                      " is not a declared tensor of that rank");
  Processing here(*this, loadInst.loc);
  DomainBinding box = inDomain(loadInst, nest);
  Relation newAcc = access(loadAcc, loadInst, nest).applyRange(mapping);
  std::optional<Relation> s = trySimplify(newAcc);
  if (!s)
    throw NotImplementedError("rewriteLoadAdds: simplifying the rebased "
                              "access of " +
                              loadInst.statementName() + " failed: " +
                              lastFailureText());
  AddrsAndPredicates ap = codegenAddrAndPredicates(*s, loadAcc, loadInst, nest);
  if (rewriteOptions_.requireLinear)
    for (AffineExpr a : ap.addrs)
      if (!a.isLinear())
        throw NotImplementedError("rewriteLoadAdds: the rebased address '" +
                                  a.str() + "' of " + loadAcc.str() + " in " +
                                  loadInst.statementName() +
                                  " is not linear");
  LoadRewrite r;
  r.inst = &loadInst;
  r.newAccess = AccessPattern{target, ap.addrs, loadAcc.loc};
  r.preds = std::move(ap.preds);
  for (AffineExpr a : ap.addrs)
    r.parts.push_back({dropApIndicies(a), keepApIndiciesLinearExpr(a)});
  return r;
}

std::vector<LoadSite> AccessRewriter::users(const std::string &tensor) const {
  std::vector<LoadSite> out;
  walkInstructions(kernel(), [&](const Instruction &inst,
                                 const LoopNest &nest) {
    for (size_t k = 0; k < inst.operands.size(); ++k) {
      const auto *ap = std::get_if<AccessPattern>(&inst.operands[k]);
      if (ap && ap->tensor == tensor)
        out.push_back(LoadSite{&inst, nest, k});
    }
  });
  return out;
}

std::vector<LoadRewrite>
AccessRewriter::rewriteAllLoadAddress(const std::string &tensor,
                                      const Relation &mapping) {
  std::vector<LoadSite> loads = users(tensor);
  return rewriteAllLoadAddress(loads, mapping);
}

std::vector<LoadRewrite>
AccessRewriter::rewriteAllLoadAddress(std::span<const LoadSite> loads,
                                      const Relation &mapping) {
  std::vector<LoadRewrite> out;
  for (const LoadSite &l : loads) {
    if (!l.inst || l.operand >= l.inst->operands.size())
      throw BridgeError("rewriteAllLoadAddress: not a load site");
    const auto *ap = std::get_if<AccessPattern>(&l.inst->operands[l.operand]);
    if (!ap)
      throw BridgeError("rewriteAllLoadAddress: operand " +
                        std::to_string(l.operand) + " of " +
                        l.inst->statementName() + " is not an access");
    LoadRewrite r = locatedAt(l.inst->loc, [&] {
      return rewriteLoadAdds(*ap, *l.inst, l.nest, mapping);
    });
    r.operand = l.operand;
    out.push_back(std::move(r));
  }
  return out;
}

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
  return predicatesOverLoopnestConvexHull(inst, nest, *dom, box.domain(),
                                          overapproximate,
                                          approximatePredicates);
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

Relation AccessRewriter::unionAffineAccessRanges(
    const std::string &tensor, std::span<const StoreSite> stores,
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
      Relation lifted = projected.insertDims(VarKind::Range, loop + 1,
                                             n - loop - 1);
      lifted.setSpace(box.space().withParams(lifted.space().paramNames()));
      pp.exact = box.intersect(lifted).isEqual(selected);
      out.push_back(std::move(pp));
    }
  }
  return out;
}

} // namespace penguin
