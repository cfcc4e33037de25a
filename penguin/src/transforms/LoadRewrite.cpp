//===- LoadRewrite.cpp - buildMapping and the load rewrite ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rewriting loads through an address mapping: buildMapping,
// codegenAddrAndPredicates, rewriteLoadAdds / rewriteAllLoadAddress and the
// users of a tensor. The access relations they start from are in
// AccessRelations.cpp, the ranges and predicates over them in
// AccessRanges.cpp.
//
//===----------------------------------------------------------------------===//

#include "penguin/AccessRewriter.h"

#include "penguin/AddressReadBack.h"
#include "penguin/AddressSplit.h"

namespace penguin {

using presburger::Relation;

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
                              inst.statementName() +
                              " failed: " + lastFailureText());
  return *s;
}

AddrsAndPredicates AccessRewriter::codegenAddrAndPredicates(
    const Relation &newAcc, const AccessPattern &ap, const Instruction &inst,
    const LoopNest &nest) {
  DomainBinding box = inDomain(inst, nest);
  if (!newAcc.isRelation() ||
      newAcc.space().domainTuple().name() != makeInTupleName(inst) ||
      newAcc.numDomain() != box.space().numIvs())
    throw BridgeError("codegenAddrAndPredicates: " + newAcc.space().toString() +
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
                              loadInst.statementName() +
                              " failed: " + lastFailureText());
  AddrsAndPredicates ap = codegenAddrAndPredicates(*s, loadAcc, loadInst, nest);
  if (rewriteOptions_.requireLinear)
    for (AffineExpr a : ap.addrs)
      if (!a.isLinear())
        throw NotImplementedError("rewriteLoadAdds: the rebased address '" +
                                  a.str() + "' of " + loadAcc.str() + " in " +
                                  loadInst.statementName() + " is not linear");
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
  walkInstructions(
      kernel(), [&](const Instruction &inst, const LoopNest &nest) {
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

} // namespace penguin
