//===- AccessCache.cpp - Access relations memoised by their inputs --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/AccessCache.h"

#include "penguin/Linearize.h"

#include <algorithm>
#include <vector>

namespace penguin {

using presburger::Relation;
using presburger::VarKind;

std::string AccessCache::makeKey(AccessDomainKind kind,
                                 std::span<const int64_t> tensorShape,
                                 const LoopNest &nest,
                                 std::span<const AffineExpr> addrs,
                                 std::span<const AffinePredicate> preds) {
  std::string key;
  switch (kind) {
  case AccessDomainKind::Predicated:
    key = "predicated";
    break;
  case AccessDomainKind::WithoutPredicates:
    key = "without-predicates";
    break;
  case AccessDomainKind::Pruned:
    key = "pruned";
    break;
  }
  key += "|shape";
  for (int64_t e : tensorShape)
    key += " " + std::to_string(e);
  key += "|loops";
  auto bounds = [](const std::vector<AffineExpr> &bs) {
    std::string out;
    for (size_t k = 0; k < bs.size(); ++k)
      out += (k ? "," : "") +
             linearizeAffineExpr(bs[k], LinearizeMode::QuasiAffine).str();
    return out;
  };
  for (const Loop *l : nest)
    key += " " + l->iv + "=" + bounds(l->lowerBounds()) + ".." +
           bounds(l->upperBounds()) + ":" + std::to_string(l->stride);
  key += "|addrs";
  for (AffineExpr a : addrs)
    key += " " + linearizeAffineExpr(a, LinearizeMode::QuasiAffine).str() + ";";
  // Normalised predicates: canonical, sorted, unique, exact ones only.
  std::vector<std::string> ps;
  if (kind != AccessDomainKind::WithoutPredicates)
    for (const AffinePredicate &p : preds) {
      if (p.isApprox())
        continue;
      ps.push_back(
          linearizeAffineExpr(p.expr(), LinearizeMode::QuasiAffine).str() +
          (p.ge() ? " >= 0" : " == 0"));
    }
  std::sort(ps.begin(), ps.end());
  ps.erase(std::unique(ps.begin(), ps.end()), ps.end());
  key += "|preds";
  for (const std::string &p : ps)
    key += " " + p + ";";
  return key;
}

std::optional<Relation> AccessCache::find(const std::string &key,
                                          const std::string &inTuple,
                                          const std::string &outTuple) {
  if (!enabled_)
    return std::nullopt;
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  return it->second.setTupleName(VarKind::Domain, inTuple)
      .setTupleName(VarKind::Range, outTuple);
}

void AccessCache::insert(const std::string &key, const Relation &rel) {
  if (enabled_)
    entries_.insert_or_assign(key, rel);
}

} // namespace penguin
