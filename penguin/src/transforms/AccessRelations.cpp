//===- AccessRelations.cpp - Access relations and the domain caches -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The access-to-address rewriter's access relations: names and spaces,
// get_scaled_addrs / prune_loopnest, the scoped domain caches and the three
// access relations. The load rewrite is in LoadRewrite.cpp, ranges and
// predicates over accesses in AccessRanges.cpp.
//
//===----------------------------------------------------------------------===//

#include "penguin/AccessRewriter.h"

#include "penguin/AddressReadBack.h"
#include "penguin/AddressSplit.h"
#include "penguin/Linearize.h"

#include <algorithm>
#include <set>

namespace penguin {

using presburger::Relation;
using presburger::Space;
using presburger::Tuple;
using presburger::VarKind;

AccessRewriter::AccessRewriter(const Kernel &kernel, SimplifierOptions options,
                               RewriteOptions rewriteOptions)
    : PredicateSimplifier(kernel, std::move(options)),
      rewriteOptions_(rewriteOptions) {}

//===----------------------------------------------------------------------===//
// Names, spaces, addresses
//===----------------------------------------------------------------------===//

std::string AccessRewriter::tensorTupleName(const Tensor &tensor) const {
  return tensor.name;
}

std::string AccessRewriter::makeInTupleName(const Instruction &inst) const {
  return inst.statementName();
}

Space AccessRewriter::tensorSpace(const Tensor &tensor) const {
  std::vector<std::string> params;
  for (const Param &p : kernel().params)
    params.push_back(p.name);
  return Space::set(std::move(params),
                    Tuple(tensorTupleName(tensor), unsigned(tensor.rank())));
}

const Tensor &AccessRewriter::tensorOf(const AccessPattern &ap) const {
  const Tensor *t = kernel().findTensor(ap.tensor);
  if (!t)
    throw BridgeError("access to the undeclared tensor '" + ap.tensor + "'");
  if (t->rank() != ap.rank())
    throw BridgeError(
        "access " + ap.str() + " has " + std::to_string(ap.rank()) +
        " indices for a tensor of rank " + std::to_string(t->rank()));
  return *t;
}

std::vector<AffineExpr>
AccessRewriter::getScaledAddrs(const AccessPattern &ap) const {
  tensorOf(ap);
  for (AffineExpr idx : ap.indices)
    if (idx.hasRuntimeValue())
      throw BridgeError("access " + ap.str() + ": index '" + idx.str() +
                        "' depends on a runtime value" +
                        kNotInParamsOrLoopnestMessage);
  return linearizeAffineIndices(ap.indices, LinearizeMode::QuasiAffine);
}

std::vector<unsigned>
AccessRewriter::pruneLoopnest(const LoopNest &nest,
                              std::span<const AffineExpr> addrs) const {
  std::set<std::string> used;
  for (AffineExpr a : addrs)
    forEachLeaf(a, [&](AffineExpr leaf) {
      if (leaf.kind() == ExprKind::Index)
        used.insert(leaf.name());
    });
  std::vector<unsigned> kept;
  for (unsigned p = 0; p < nest.size(); ++p)
    if (used.count(nest[p]->iv))
      kept.push_back(p);
  return kept;
}

//===----------------------------------------------------------------------===//
// Domain caches
//===----------------------------------------------------------------------===//

AccessRewriter::DomainBinding::DomainBinding(AccessRewriter *owner,
                                             std::string key)
    : owner_(owner), key_(std::move(key)) {}

AccessRewriter::DomainBinding::DomainBinding(DomainBinding &&o) noexcept
    : owner_(o.owner_), key_(std::move(o.key_)) {
  o.owner_ = nullptr;
}

AccessRewriter::DomainBinding::~DomainBinding() {
  if (!owner_)
    return;
  auto it = owner_->domainCache_.find(key_);
  if (it != owner_->domainCache_.end() && --it->second.refs == 0)
    owner_->domainCache_.erase(it); // domain_cache.pop / domain_space_cache.pop
}

const Relation &AccessRewriter::DomainBinding::domain() const {
  return owner_->domainCache_.at(key_).set;
}

const DomainSpace &AccessRewriter::DomainBinding::space() const {
  return owner_->domainCache_.at(key_).space;
}

std::string AccessRewriter::domainKey(AccessDomainKind kind,
                                      const Instruction &inst,
                                      const AccessPattern *ap) const {
  std::string key = makeInTupleName(inst);
  switch (kind) {
  case AccessDomainKind::WithoutPredicates:
    return key + "|box";
  case AccessDomainKind::Predicated:
    return key + "|predicated";
  case AccessDomainKind::Pruned:
    break;
  }
  key += "|pruned";
  for (AffineExpr a : getScaledAddrs(*ap))
    key += " " + a.str() + ";";
  return key;
}

AccessRewriter::DomainBinding AccessRewriter::bind(
    std::string key,
    DomainEntry (AccessRewriter::*build)(const Instruction &, const LoopNest &,
                                         const AccessPattern *),
    const Instruction &inst, const LoopNest &nest, const AccessPattern *ap) {
  auto it = domainCache_.find(key);
  if (it == domainCache_.end()) {
    DomainEntry e = (this->*build)(inst, nest, ap);
    ++domainBuilds_;
    it = domainCache_.emplace(key, std::move(e)).first;
  }
  ++it->second.refs;
  return DomainBinding(this, std::move(key));
}

AccessRewriter::DomainEntry
AccessRewriter::buildBoxDomain(const Instruction &inst, const LoopNest &nest,
                               const AccessPattern *) {
  return DomainEntry{domain(inst, nest), createDomainSpace(inst, nest), 0};
}

AccessRewriter::DomainEntry AccessRewriter::buildPredicateDomain(
    const Instruction &inst, const LoopNest &nest, const AccessPattern *) {
  DomainBinding box = inDomain(inst, nest);
  std::vector<AffinePredicate> exact = dropApproxPredicates(inst.predicates);
  return DomainEntry{applyPredicates(box.domain(), box.space(), exact),
                     box.space(), 0};
}

AccessRewriter::DomainEntry
AccessRewriter::buildShrinkDomain(const Instruction &inst, const LoopNest &nest,
                                  const AccessPattern *ap) {
  DomainBinding pred = inPredicateDomain(inst, nest);
  std::vector<unsigned> kept = pruneLoopnest(nest, getScaledAddrs(*ap));
  Relation set = pred.domain();
  // Project out the unused axes, innermost first so positions stay valid.
  for (unsigned p = unsigned(nest.size()); p-- > 0;)
    if (!std::binary_search(kept.begin(), kept.end(), p))
      set = set.projectOut(VarKind::Range, p, 1);
  std::vector<std::string> ivs;
  for (unsigned p : kept)
    ivs.push_back(nest[p]->iv);
  DomainSpace space(pred.space().tupleName(), std::move(ivs),
                    pred.space().params());
  set = simplify(set);
  set.setSpace(space.space());
  return DomainEntry{std::move(set), std::move(space), 0};
}

AccessRewriter::DomainBinding AccessRewriter::inDomain(const Instruction &inst,
                                                       const LoopNest &nest) {
  return bind(domainKey(AccessDomainKind::WithoutPredicates, inst, nullptr),
              &AccessRewriter::buildBoxDomain, inst, nest, nullptr);
}

AccessRewriter::DomainBinding
AccessRewriter::inPredicateDomain(const Instruction &inst,
                                  const LoopNest &nest) {
  return bind(domainKey(AccessDomainKind::Predicated, inst, nullptr),
              &AccessRewriter::buildPredicateDomain, inst, nest, nullptr);
}

AccessRewriter::DomainBinding
AccessRewriter::inShrinkDomain(const Instruction &inst, const LoopNest &nest,
                               const AccessPattern &ap) {
  return bind(domainKey(AccessDomainKind::Pruned, inst, &ap),
              &AccessRewriter::buildShrinkDomain, inst, nest, &ap);
}

//===----------------------------------------------------------------------===//
// Access relations
//===----------------------------------------------------------------------===//

Relation AccessRewriter::createAccess(const std::vector<AffineExpr> &addrs,
                                      const Relation &domain,
                                      const DomainSpace &space,
                                      const std::string &outTupleName,
                                      const std::string &inTupleName) const {
  DomainSpace named(inTupleName, space.ivs(), space.params());
  Relation rel = addressRelation(named, outTupleName, addrs);
  return rel.intersectDomain(domain.setTupleName(VarKind::Range, inTupleName));
}

Relation AccessRewriter::accessImpl(AccessDomainKind kind,
                                    const AccessPattern &ap,
                                    const Instruction &inst,
                                    const LoopNest &nest) {
  const Tensor &t = tensorOf(ap);
  std::vector<AffineExpr> addrs = getScaledAddrs(ap);
  std::string key =
      AccessCache::makeKey(kind, t.shape, nest, addrs, inst.predicates);
  std::string in = makeInTupleName(inst), out = tensorTupleName(t);
  if (std::optional<Relation> hit = cache_.find(key, in, out))
    return *hit;
  DomainBinding d =
      kind == AccessDomainKind::WithoutPredicates ? inDomain(inst, nest)
      : kind == AccessDomainKind::Predicated ? inPredicateDomain(inst, nest)
                                             : inShrinkDomain(inst, nest, ap);
  Relation rel = createAccess(addrs, d.domain(), d.space(), out, in);
  cache_.insert(key, rel);
  return rel;
}

Relation AccessRewriter::access(const AccessPattern &ap,
                                const Instruction &inst, const LoopNest &nest) {
  // As the seed: in_domain for its side effect (the loop-nest domain is
  // built once and shared), then the access over the predicated domain.
  DomainBinding box = inDomain(inst, nest);
  return accessImpl(AccessDomainKind::Predicated, ap, inst, nest);
}

Relation AccessRewriter::accessWithoutPredicates(const AccessPattern &ap,
                                                 const Instruction &inst,
                                                 const LoopNest &nest) {
  DomainBinding box = inDomain(inst, nest);
  return accessImpl(AccessDomainKind::WithoutPredicates, ap, inst, nest);
}

Relation AccessRewriter::injectiveAccess(const AccessPattern &ap,
                                         const Instruction &inst,
                                         const LoopNest &nest) {
  DomainBinding shrunk = inShrinkDomain(inst, nest, ap);
  return accessImpl(AccessDomainKind::Pruned, ap, inst, nest);
}

} // namespace penguin
