//===- AccessRewriter.h - The access-to-address rewriter --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The seed's NeuronIslSimplifier (access-address-rewrite.txt): the
// target-side sibling of the predicate simplifier that relates loop
// iterations to tensor addresses and rewrites loads through such relations.
// docs/penguin-access-rewrite.md explains every method and choice.
//
// Access relations { sN[ivs] -> T[addrs] }:
//   access                    over the predicated domain (loop bounds,
//                             parameter bounds, exact predicates)
//   accessWithoutPredicates   over the loop-nest box (no guards)
//   injectiveAccess           over the pruned domain: the predicated domain
//                             with the loop axes that no address uses
//                             projected out (pruneLoopnest)
// Each is built from getScaledAddrs (canonical per-axis addresses) and a
// domain set by createAccess, and memoised in an AccessCache keyed by tensor
// shape, loop nest, addresses and normalised predicates.
//
// Domain caches with scoped binding (the seed's @contextmanager in_domain /
// in_predicate_domain / in_shrink_domain): inDomain(inst, nest) returns a
// DomainBinding; while it lives, every query about inst reuses the one
// domain set built for it (domain_cache / domain_space_cache); when the last
// binding of that domain ends, the entry is popped. Bindings nest.
//
// The rewrite:
//   buildMapping(dst, src)    reverse(access(dst)) . access(src), simplified:
//                             { Tdst[a] -> Tsrc[b] }, e.g. for a copy
//                             B[f(i)] = copy(A[g(i)]) the relation from each
//                             element of B to the element of A it holds
//   rewriteLoadAdds           access(load) . mapping, simplified, read back
//                             by codegenAddrAndPredicates as one address per
//                             dimension plus the guard predicates; the
//                             linearity check; split into (dropped, kept)
//   rewriteAllLoadAddress     rewriteLoadAdds on every load of a tensor
// and the range helpers tryPredicateRangeOverAccess, unionRanges,
// unionAffineAccessRanges, enumeratePredicates (outward projection).
//
// The seeds' NotImplementedError bail-outs are NotImplementedError
// (Error.h); the bridge's and engine's errors propagate unless stated.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ACCESSREWRITER_H
#define PENGUIN_ACCESSREWRITER_H

#include "penguin/AccessCache.h"
#include "penguin/PredicateSimplifier.h"

#include "presburger/Relation.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

namespace penguin {

/// One access pattern of one instruction, in its loop nest.
struct AccessSite {
  const Instruction *inst = nullptr;
  LoopNest nest;
  const AccessPattern *ap = nullptr;
};

/// One instruction in its loop nest (a store, for unionAffineAccessRanges).
struct StoreSite {
  const Instruction *inst = nullptr;
  LoopNest nest;
};

/// One load: operand `operand` of `inst` (an access pattern).
struct LoadSite {
  const Instruction *inst = nullptr;
  LoopNest nest;
  size_t operand = 0;
};

/// What codegenAddrAndPredicates reads back: one address expression per
/// dimension and the guard predicates (over the loop nest, gisted against
/// it) under which the relation is defined.
struct AddrsAndPredicates {
  std::vector<AffineExpr> addrs;
  std::vector<AffinePredicate> preds;
};

/// One rebased address split into drop_ap_indicies / keep_ap_indicies
/// parts (dropped + kept == the address).
struct AddressParts {
  AffineExpr dropped;
  AffineExpr kept;
};

/// The result of rewriting one load.
struct LoadRewrite {
  const Instruction *inst = nullptr;
  /// The operand index (rewriteAllLoadAddress), or SIZE_MAX when unknown.
  size_t operand = SIZE_MAX;
  /// The load rebased: the mapping's target tensor and the addresses.
  AccessPattern newAccess;
  /// The guard under which the rebased access is defined.
  std::vector<AffinePredicate> preds;
  std::vector<AddressParts> parts;
};

/// One predicate projected outward (enumeratePredicates).
struct ProjectedPredicate {
  /// The position of the loop whose level the predicate is hoisted to (the
  /// loop variables 0..loop are kept, the inner ones projected out).
  unsigned loop = 0;
  /// Which input predicate.
  size_t source = 0;
  /// The projection as predicates over the loops 0..loop (gisted against
  /// their box); nullopt when the projection is empty or is not one
  /// conjunction.
  std::optional<std::vector<AffinePredicate>> preds;
  /// Whether guarding with the hoisted predicates selects exactly the
  /// iterations the original predicate selects.
  bool exact = false;
};

struct RewriteOptions {
  /// The seed's linearity check in rewriteLoadAdds: every rebased address
  /// must be affine in the loop variables (no floordiv / mod); otherwise
  /// NotImplementedError. Off: quasi-affine addresses are accepted.
  bool requireLinear = true;
};

class AccessRewriter : public PredicateSimplifier {
public:
  explicit AccessRewriter(const Kernel &kernel, SimplifierOptions options = {},
                          RewriteOptions rewriteOptions = {});

  const RewriteOptions &rewriteOptions() const { return rewriteOptions_; }
  RewriteOptions &rewriteOptions() { return rewriteOptions_; }

  //===------------------------------------------------------------------===//
  // Domain caches with scoped binding
  //===------------------------------------------------------------------===//

  /// A live binding of a domain in the cache (move-only). Its destructor
  /// pops the entry when it is the last binding of that domain.
  class DomainBinding {
  public:
    DomainBinding(DomainBinding &&o) noexcept;
    DomainBinding &operator=(DomainBinding &&) = delete;
    DomainBinding(const DomainBinding &) = delete;
    ~DomainBinding();
    /// The bound domain set and its space.
    const presburger::Relation &domain() const;
    const DomainSpace &space() const;

  private:
    friend class AccessRewriter;
    DomainBinding(AccessRewriter *owner, std::string key);
    AccessRewriter *owner_;
    std::string key_;
  };

  /// in_domain: binds the loop-nest domain (loop and parameter bounds) of
  /// inst.
  [[nodiscard]] DomainBinding inDomain(const Instruction &inst,
                                       const LoopNest &nest);
  /// in_predicate_domain: binds the predicated domain of inst (the loop-nest
  /// domain, taken from the in_domain binding when there is one, with the
  /// exact predicates).
  [[nodiscard]] DomainBinding inPredicateDomain(const Instruction &inst,
                                                const LoopNest &nest);
  /// in_shrink_domain: binds the pruned domain of `ap` in inst: the
  /// predicated domain with the loop axes that no address of `ap` uses
  /// projected out (pruneLoopnest); its space keeps the used loop
  /// variables, in order.
  [[nodiscard]] DomainBinding inShrinkDomain(const Instruction &inst,
                                             const LoopNest &nest,
                                             const AccessPattern &ap);
  /// How many domain sets were built so far (a bound domain is built once
  /// however many queries use it).
  int64_t domainBuilds() const { return domainBuilds_; }
  /// How many domains are bound right now.
  size_t boundDomains() const { return domainCache_.size(); }

  //===------------------------------------------------------------------===//
  // Names, spaces, addresses
  //===------------------------------------------------------------------===//

  /// tensor_tuple_name: the range tuple of accesses to `tensor` (its name).
  std::string tensorTupleName(const Tensor &tensor) const;
  /// make_in_tuple_name: the statement tuple "sN" of inst.
  std::string makeInTupleName(const Instruction &inst) const;
  /// tensor_space: [params] -> { T[d0, ..., d(r-1)] }.
  presburger::Space tensorSpace(const Tensor &tensor) const;
  /// The declared tensor of `ap`, checking the rank (BridgeError).
  const Tensor &tensorOf(const AccessPattern &ap) const;
  /// get_scaled_addrs: the per-axis addresses of `ap` in canonical
  /// quasi-affine flat form (c + sum coeff * atom), checked against the
  /// tensor (declared, rank). BridgeError for an unknown tensor, a rank
  /// mismatch or a runtime value in an index.
  std::vector<AffineExpr> getScaledAddrs(const AccessPattern &ap) const;
  /// prune_loopnest: the positions (in `nest`) of the loop variables that
  /// some address of `addrs` uses, in order.
  std::vector<unsigned> pruneLoopnest(const LoopNest &nest,
                                      std::span<const AffineExpr> addrs) const;

  //===------------------------------------------------------------------===//
  // Access relations
  //===------------------------------------------------------------------===//

  /// access: { sN[ivs] -> T[addrs] } over the predicated domain of inst.
  presburger::Relation access(const AccessPattern &ap, const Instruction &inst,
                              const LoopNest &nest);
  /// access_without_predicates: the same over the loop-nest box (no
  /// guards).
  presburger::Relation accessWithoutPredicates(const AccessPattern &ap,
                                               const Instruction &inst,
                                               const LoopNest &nest);
  /// injective_access: { sN[used ivs] -> T[addrs] } over the pruned domain
  /// (in_shrink_domain). Injective whenever the used axes determine the
  /// iteration from the address (a stride-1 loop per address, say); the
  /// seed's "injective by construction" does not hold for e.g. A[i + j],
  /// so callers that rely on it check isInjective().
  presburger::Relation injectiveAccess(const AccessPattern &ap,
                                       const Instruction &inst,
                                       const LoopNest &nest);
  /// create_access: { inTupleName[space ivs] -> outTupleName[addrs] }
  /// restricted to `domain` (a set over `space`).
  presburger::Relation createAccess(const std::vector<AffineExpr> &addrs,
                                    const presburger::Relation &domain,
                                    const DomainSpace &space,
                                    const std::string &outTupleName,
                                    const std::string &inTupleName) const;
  AccessCache &accessCache() { return cache_; }
  const AccessCache &accessCache() const { return cache_; }

  //===------------------------------------------------------------------===//
  // The rewrite
  //===------------------------------------------------------------------===//

  /// try_simplify: the relation coalesced (checked, see
  /// IntegerSetAnalysis::simplify); nullopt when the engine fails (the
  /// failure is counted and logged).
  std::optional<presburger::Relation>
  trySimplify(const presburger::Relation &rel);

  /// buildMapping: reverse(access(dst)) then apply_range(access(src)),
  /// simplified: { Tdst[a] -> Tsrc[b] } relating each address `dst`
  /// reaches to the addresses `src` reaches in the same iterations of inst.
  /// NotImplementedError when the simplification fails.
  presburger::Relation buildMapping(const AccessPattern &dst,
                                    const AccessPattern &src,
                                    const Instruction &inst,
                                    const LoopNest &nest);

  /// codegenAddrAndPredicates: reads the simplified access `newAcc`
  /// ({ sN[ivs] -> T[..] } over inst's loop nest) back as one address
  /// expression per dimension (newaddrs, AddressReadBack.h) and the guard
  /// predicates of its domain (predicates_over_loopnest against the
  /// loop-nest domain). NotImplementedError when no single predicate set
  /// expresses the domain or the addresses cannot be read back.
  AddrsAndPredicates
  codegenAddrAndPredicates(const presburger::Relation &newAcc,
                           const AccessPattern &ap, const Instruction &inst,
                           const LoopNest &nest);

  /// rewriteLoadAdds (sic): the load `loadAcc` of inst rebased through
  /// `mapping` (whose domain tuple must be the loaded tensor): new access
  /// = access(loadAcc) . mapping, simplified, read back, the linearity
  /// check (RewriteOptions::requireLinear), each address split into
  /// (dropApIndicies, keepApIndiciesLinearExpr). NotImplementedError when
  /// any step has no answer; BridgeError when the mapping does not fit.
  LoadRewrite rewriteLoadAdds(const AccessPattern &loadAcc,
                              const Instruction &loadInst, const LoopNest &nest,
                              const presburger::Relation &mapping);

  /// The users of `tensor`: every access-pattern operand that reads it, in
  /// program order.
  std::vector<LoadSite> users(const std::string &tensor) const;
  /// rewriteAllLoadAddress: rewriteLoadAdds on every load of `tensor`.
  std::vector<LoadRewrite>
  rewriteAllLoadAddress(const std::string &tensor,
                        const presburger::Relation &mapping);
  /// The same on the given loads only.
  std::vector<LoadRewrite>
  rewriteAllLoadAddress(std::span<const LoadSite> loads,
                        const presburger::Relation &mapping);

  /// try_predicate_range_over_access: the guard (predicates over inst's
  /// loop nest) selecting exactly the iterations of the loop-nest box in
  /// which `ap` lands in `rangeSet` (a set over the tensor's tuple); the
  /// two flags as in predicatesOverLoopnestConvexHull. nullopt when there is
  /// none (no iteration, no single conjunction, a failed computation).
  std::optional<std::vector<AffinePredicate>>
  tryPredicateRangeOverAccess(const AccessPattern &ap, const Instruction &inst,
                              const LoopNest &nest,
                              const presburger::Relation &rangeSet,
                              bool overapproximate, bool approximatePredicates);

  /// union_ranges: every address of `tensor` that the accesses reach (their
  /// predicated access relations' ranges), coalesced. Accesses to other
  /// tensors are a BridgeError.
  presburger::Relation unionRanges(const std::string &tensor,
                                   std::span<const AccessSite> accesses);
  /// union_affine_access_ranges: every address of `tensor` that the stores'
  /// destinations reach, coalesced; stores whose destination is another
  /// tensor (or absent) are ignored, and destinations indexed by a runtime
  /// value (not affine) are skipped and counted in `*skipped`.
  presburger::Relation
  unionAffineAccessRanges(const std::string &tensor,
                          std::span<const StoreSite> stores,
                          size_t *skipped = nullptr);

  using IntegerSetAnalysis::enumeratePredicates;
  /// enumerate_predicates (outward projection): for each loop of `nest`
  /// from the innermost outward, and each predicate, the iterations of the
  /// loop-nest box satisfying the predicate projected onto that loop and
  /// the loops around it, as predicates (see ProjectedPredicate). `space`
  /// is the statement space of `nest`.
  std::vector<ProjectedPredicate>
  enumeratePredicates(const DomainSpace &space,
                      std::span<const AffinePredicate> predicates,
                      const LoopNest &nest);

private:
  struct DomainEntry {
    presburger::Relation set;
    DomainSpace space;
    int refs = 0;
  };
  DomainBinding
  bind(std::string key,
       DomainEntry (AccessRewriter::*build)(const Instruction &,
                                            const LoopNest &,
                                            const AccessPattern *),
       const Instruction &inst, const LoopNest &nest, const AccessPattern *ap);
  DomainEntry buildBoxDomain(const Instruction &inst, const LoopNest &nest,
                             const AccessPattern *ap);
  DomainEntry buildPredicateDomain(const Instruction &inst,
                                   const LoopNest &nest,
                                   const AccessPattern *ap);
  DomainEntry buildShrinkDomain(const Instruction &inst, const LoopNest &nest,
                                const AccessPattern *ap);
  std::string domainKey(AccessDomainKind kind, const Instruction &inst,
                        const AccessPattern *ap) const;
  presburger::Relation accessImpl(AccessDomainKind kind,
                                  const AccessPattern &ap,
                                  const Instruction &inst,
                                  const LoopNest &nest);

  RewriteOptions rewriteOptions_;
  AccessCache cache_;
  std::map<std::string, DomainEntry> domainCache_;
  int64_t domainBuilds_ = 0;
};

} // namespace penguin

#endif // PENGUIN_ACCESSREWRITER_H
