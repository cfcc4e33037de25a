//===- AccessCache.h - Access relations memoised by their inputs -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// The seed's create_access cache (_make_access_cache_key,
// enable_create_access_caching / disable_create_access_caching): an access
// relation depends only on the tensor's shape, the loop nest (per loop: the
// variable, lb, ub, stride), the addresses (canonical flat forms) and the
// exact predicates (normalised: canonical flat form, sorted, duplicates
// removed, so their order and spelling do not matter), plus which domain it
// is built over (predicated, without predicates, pruned). Two instructions
// that agree on all of that share one relation: a hit returns the stored
// relation with its statement and tensor tuples renamed to the asker's.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ACCESSCACHE_H
#define PENGUIN_ACCESSCACHE_H

#include "penguin/AffineExpr.h"
#include "penguin/AffinePredicate.h"
#include "penguin/Kernel.h"

#include "presburger/Relation.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>

namespace penguin {

/// Which domain an access relation is built over.
enum class AccessDomainKind {
  Predicated,        ///< loop bounds, parameter bounds, exact predicates
  WithoutPredicates, ///< loop bounds and parameter bounds only
  Pruned,            ///< predicated, loop axes no address uses projected out
};

class AccessCache {
public:
  /// The key of an access (the seed's _make_access_cache_key).
  static std::string makeKey(AccessDomainKind kind,
                             std::span<const int64_t> tensorShape,
                             const LoopNest &nest,
                             std::span<const AffineExpr> addrs,
                             std::span<const AffinePredicate> preds);

  /// The stored relation for `key` with its domain tuple renamed to
  /// `inTuple` and its range tuple to `outTuple`; nullopt on a miss (or
  /// when caching is disabled). Counts hits and misses.
  std::optional<presburger::Relation> find(const std::string &key,
                                           const std::string &inTuple,
                                           const std::string &outTuple);
  /// Stores `rel` under `key` (nothing when disabled).
  void insert(const std::string &key, const presburger::Relation &rel);

  /// enable_create_access_caching / disable_create_access_caching
  /// (enabled by default; disabling also clears the cache).
  void enable() { enabled_ = true; }
  void disable() {
    enabled_ = false;
    entries_.clear();
  }
  bool enabled() const { return enabled_; }
  void clear() { entries_.clear(); }

  size_t size() const { return entries_.size(); }
  int64_t hits() const { return hits_; }
  int64_t misses() const { return misses_; }

private:
  std::map<std::string, presburger::Relation> entries_;
  bool enabled_ = true;
  int64_t hits_ = 0;
  int64_t misses_ = 0;
};

} // namespace penguin

#endif // PENGUIN_ACCESSCACHE_H
