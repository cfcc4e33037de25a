//===- WorkBudget.cpp - Bounding the work of runaway algorithms -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/WorkBudget.h"
#include "presburger/Errors.h"

#include <algorithm>
#include <limits>
#include <string>

namespace presburger {

// 1e8 units: the worst case of bench/bench-budget (about 20 ns a unit, a
// lexmin with eight existentials) stops after about 2 s of CPU on the
// 2-core development machine; most hostile cases stop within 0.5-1.5 s
// (docs/performance.md, "The work budget").
const uint64_t WorkBudget::kDefaultLimit = 100'000'000;

WorkBudget::Scope::Scope(uint64_t limit) {
  State &s = state();
  id_ = ++s.lastScopeId;
  savedUsed_ = s.used;
  savedLimit_ = s.limit;
  savedOwner_ = s.owner;
  savedInScope_ = s.inScope;
  // A count is running when an operation or a scope encloses this one:
  // the scope then lives on what that count has left.
  enclosed_ = s.inScope || s.depth > 0;
  uint64_t left = std::numeric_limits<uint64_t>::max();
  if (enclosed_)
    left = s.limit > s.used ? s.limit - s.used : 0;
  // Only a limit tighter than the enclosing one is this scope's own: a stop
  // at an equal one also spends the enclosing count, and must propagate.
  if (limit < left || !enclosed_) {
    s.limit = limit;
    s.owner = id_;
  } else {
    s.limit = left;
  }
  s.used = 0;
  s.inScope = true;
}

WorkBudget::Scope::~Scope() {
  State &s = state();
  uint64_t spent = s.used;
  s.limit = savedLimit_;
  s.owner = savedOwner_;
  s.inScope = savedInScope_;
  // The enclosing count pays for the scope's work (a stop's overshoot
  // included, so a count spent inside stays spent outside).
  s.used = enclosed_ ? savedUsed_ + spent : savedUsed_;
}

void WorkBudget::exceeded() {
  State &s = state();
  uint64_t limit = s.limit;
  // Charges made outside any operation and scope have no count to keep:
  // start again, as the next operation would.
  if (s.depth == 0 && !s.inScope)
    s.used = 0;
  if (s.cancel && s.cancel->load(std::memory_order_relaxed))
    throw LimitExceeded("cancelled");
  throw LimitExceeded(
      "work budget of " + std::to_string(limit) + " units exceeded", s.owner);
}

} // namespace presburger
