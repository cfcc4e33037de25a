// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/WorkBudget.h"
#include "presburger/Errors.h"

#include <algorithm>
#include <string>

namespace presburger {

// 1e8 units: the worst case of bench/bench-budget (about 20 ns a unit, a
// lexmin with eight existentials) stops after about 2 s of CPU on the
// 2-core development machine; most hostile cases stop within 0.5-1.5 s
// (docs/performance.md, "The work budget").
const uint64_t WorkBudget::kDefaultLimit = 100'000'000;

WorkBudget::Scope::Scope(uint64_t limit) {
  State &s = state();
  savedUsed_ = s.used;
  savedLimit_ = s.limit;
  savedDepth_ = s.inScope ? 1 : 0;
  // An inner scope may not grant more than what is left of the outer one.
  uint64_t left = s.inScope ? (s.limit > s.used ? s.limit - s.used : 0) : limit;
  s.limit = std::min(limit, left);
  s.used = 0;
  s.inScope = true;
}

WorkBudget::Scope::~Scope() {
  State &s = state();
  uint64_t spent = s.used;
  s.limit = savedLimit_;
  s.inScope = savedDepth_ != 0;
  s.used = savedUsed_ + (s.inScope ? spent : 0);
}

void WorkBudget::exceeded() {
  State &s = state();
  uint64_t limit = s.limit;
  // Leave the state usable: a caller that catches the error can go on.
  s.used = 0;
  if (s.cancel && s.cancel->load(std::memory_order_relaxed))
    throw LimitExceeded("cancelled");
  throw LimitExceeded("work budget of " + std::to_string(limit) +
                      " units exceeded");
}

} // namespace presburger
