//===- PredicateLists.cpp - Lists of predicates, split and ordered --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "transforms/PredicateLists.h"

#include "penguin/Linearize.h"

namespace penguin {

void splitPredicates(std::span<const AffinePredicate> preds,
                     std::vector<AffinePredicate> &exact,
                     std::vector<AffinePredicate> &approx) {
  for (const AffinePredicate &p : preds)
    (p.isApprox() ? approx : exact).push_back(p);
}

std::vector<AffinePredicate> concat(std::vector<AffinePredicate> a,
                                    std::span<const AffinePredicate> b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<AffinePredicate>
orderLikeOriginal(const std::vector<AffinePredicate> &result,
                  std::span<const AffinePredicate> original) {
  auto flat = [](const AffinePredicate &p) {
    return linearize(p.expr(), LinearizeMode::QuasiAffine);
  };
  std::vector<LinearExpr> keys;
  for (const AffinePredicate &r : result)
    keys.push_back(flat(r));
  std::vector<bool> used(result.size(), false);
  std::vector<AffinePredicate> out;
  for (const AffinePredicate &p : original) {
    LinearExpr k = flat(p);
    for (size_t r = 0; r < result.size(); ++r) {
      if (used[r] || result[r].ge() != p.ge())
        continue;
      if (keys[r] == k || (!p.ge() && keys[r] == k.scaled(-1))) {
        used[r] = true;
        out.push_back(p.withApprox(false));
        break;
      }
    }
  }
  for (size_t r = 0; r < result.size(); ++r)
    if (!used[r])
      out.push_back(result[r]);
  return out;
}

} // namespace penguin
