//===- WorkBudget.h - Bounding the work of runaway algorithms ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Algorithms that can blow up (integer sampling, subtraction, lexmin,
// coalescing, hulls) charge units of work as they go. When the budget of the
// current operation runs out they throw LimitExceeded instead of running on.
//
// The budget is per thread. Outside any scope the default limit applies to
// each top-level engine call (every public entry point opens an `Operation`
// guard, which starts a fresh count only when it is the outermost one). A
// `WorkBudget::Scope` sets a limit for the code it encloses. The rules:
//
//  - Opened outside any operation and scope, a Scope's limit is its own
//    (tighter or looser than the default): the operations inside share it.
//  - Opened inside a running operation or scope (the engine's optional
//    steps, a pass inside a pipeline), its limit is the smaller of its own
//    and what the enclosing count has left, and on exit the units it used
//    are added to the enclosing count: no scope spends more than its
//    surroundings have, and all work is counted once.
//  - A stop is thrown as LimitExceeded naming the scope whose own limit was
//    hit (LimitExceeded::scope). Its opener may catch that one and go on
//    (an optional step gives up: Scope::stoppedBy, WorkBudget::attempt);
//    a stop for an enclosing limit, or a cancellation, must propagate.
//  - After a stop the count stays spent: inside the same operation or
//    scope the next charge throws again. The next top-level operation
//    starts afresh.
//
// The unit is one entry of a row touched by a kernel (chargeRows: a pivot
// charges rows x columns, a normalisation constraints x columns), about one
// Int operation on a value that fits in 64 bits; an operation on big
// integers adds 8 units plus its limb operations (Int.cpp). Measured with
// bench/bench-budget (docs/performance.md, "The work budget"): a unit is
// worth 1-10 ns on this machine; the default limit stops every hostile
// case of that benchmark within about 2 s of CPU.
//
// Cancellation goes through the same check: a thread may name a flag
// (setCancelFlag); while the flag is set, the next charge throws
// LimitExceeded as if the budget were spent. The flag may be set from a
// signal handler or from another thread (the calculator's Ctrl-C).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_WORKBUDGET_H
#define PRESBURGER_WORKBUDGET_H

#include "presburger/Errors.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <type_traits>

namespace presburger {

class WorkBudget {
public:
  /// The limit applied to a top-level operation outside any Scope: about
  /// 1-2 s of CPU on the worst known case (the value and its measurement:
  /// WorkBudget.cpp and docs/performance.md, "The work budget").
  static const uint64_t kDefaultLimit;

  /// Charges `units` of work; throws LimitExceeded when the budget is spent
  /// or this thread's cancellation flag is set. O(1).
  static void charge(uint64_t units = 1) {
    State &s = state();
    s.used += units;
    if (s.used > s.limit ||
        (s.cancel && s.cancel->load(std::memory_order_relaxed))) [[unlikely]]
      exceeded();
  }

  /// Charges one pass over `rows` rows of `width` entries (a pivot, a
  /// normalisation, a copy with elimination): one unit an entry, the
  /// measure of work every kernel uses. Throws as charge(). O(1).
  static void chargeRows(uint64_t rows, uint64_t width) {
    charge(rows * width + 1);
  }

  /// Adds `units` to the count without checking the limit, for work that
  /// must not be interrupted midway (big-integer arithmetic inside a row
  /// operation, which would leave the row half rewritten): the next
  /// charge() sees it. O(1).
  static void account(uint64_t units) noexcept { state().used += units; }

  /// Makes every charge on this thread throw LimitExceeded ("cancelled")
  /// while `*flag` is true; nullptr removes the flag. The flag is read, never
  /// written, and must outlive its use (a std::atomic<bool> is lock-free, so
  /// a signal handler may set it). O(1).
  static void setCancelFlag(const std::atomic<bool> *flag) {
    state().cancel = flag;
  }

  /// Units used so far by the innermost running operation or scope (after
  /// an operation returns: what it used). O(1).
  static uint64_t used() { return state().used; }
  /// The limit in force. O(1).
  static uint64_t limit() { return state().limit; }
  /// What is left of it (for a Scope that gives an optional step a share).
  /// O(1).
  static uint64_t left() {
    const State &s = state();
    return s.limit > s.used ? s.limit - s.used : 0;
  }

  /// Sets the limit for the enclosed code and counts its work from zero.
  /// Inside a running operation or scope the limit is capped by what that
  /// one has left and the units used are added to it on exit; outside,
  /// the limit is `limit` as given. Restores the enclosing limit on exit.
  class Scope {
  public:
    explicit Scope(uint64_t limit);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

    /// Whether `e` is the stop of this scope's own limit (not that of an
    /// enclosing limit, not a cancellation): the only LimitExceeded the
    /// opener of an optional step may swallow. O(1).
    bool stoppedBy(const LimitExceeded &e) const { return e.scope() == id_; }

  private:
    uint64_t id_, savedUsed_, savedLimit_, savedOwner_;
    bool savedInScope_, enclosed_;
  };

  /// Runs the optional step `step` under a Scope of `limit` units (capped
  /// as every Scope) and returns its result; nullopt when it stopped at
  /// that scope's own limit. A stop for an enclosing limit or a
  /// cancellation propagates. Costs what `step` costs, at most `limit`.
  template <typename F> static auto attempt(uint64_t limit, F &&step) {
    using R = std::invoke_result_t<F &>;
    std::optional<R> out;
    Scope share(limit);
    try {
      out.emplace(step());
    } catch (const LimitExceeded &e) {
      if (!share.stoppedBy(e))
        throw;
    }
    return out;
  }

  /// Guard opened by public engine entry points: the outermost one resets
  /// the count to zero, nested ones change nothing.
  class Operation {
  public:
    Operation() {
      State &s = state();
      if (s.depth++ == 0 && !s.inScope)
        s.used = 0;
    }
    ~Operation() {
      State &s = state();
      // A stopped top-level operation leaves no spent count behind for
      // charges made outside any operation.
      if (--s.depth == 0 && !s.inScope && s.used > s.limit)
        s.used = 0;
    }
    Operation(const Operation &) = delete;
    Operation &operator=(const Operation &) = delete;
  };

private:
  struct State {
    uint64_t used = 0;
    uint64_t limit = kDefaultLimit;
    /// The Scope whose own limit `limit` is (0: an operation's default).
    uint64_t owner = 0;
    /// Ids handed to scopes, never reused on this thread.
    uint64_t lastScopeId = 0;
    int depth = 0;
    bool inScope = false;
    const std::atomic<bool> *cancel = nullptr;
  };
  static State &state() {
    thread_local State s;
    return s;
  }
  [[noreturn]] static void exceeded();
};

} // namespace presburger

#endif // PRESBURGER_WORKBUDGET_H
