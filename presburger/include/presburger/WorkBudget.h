//===- WorkBudget.h - Bounding the work of runaway algorithms ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Algorithms that can blow up (integer sampling, subtraction, lexmin,
// coalescing, hulls) charge units of work as they go. When the budget of the
// current operation runs out they throw LimitExceeded instead of running on.
//
// The budget is per thread. A `WorkBudget::Scope` sets a limit for the code
// it encloses; scopes nest, and an inner scope never raises the limit of an
// outer one. Outside any scope the default limit applies to each top-level
// engine call (every public entry point opens an `Operation` guard, which
// starts a fresh count only when it is the outermost one).
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

#include <atomic>
#include <cstdint>

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

  /// Units used so far in the current outermost operation or scope.
  static uint64_t used() { return state().used; }
  /// The limit in force.
  static uint64_t limit() { return state().limit; }
  /// What is left of it (for a Scope that gives an optional step a share).
  static uint64_t left() {
    const State &s = state();
    return s.limit > s.used ? s.limit - s.used : 0;
  }

  /// Sets the limit for the enclosed code (capped by any enclosing scope)
  /// and starts counting from zero; restores the outer state on exit.
  class Scope {
  public:
    explicit Scope(uint64_t limit);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    uint64_t savedUsed_, savedLimit_;
    int savedDepth_;
  };

  /// Guard opened by public engine entry points: the outermost one resets
  /// the count to zero, nested ones change nothing.
  class Operation {
  public:
    Operation() {
      State &s = state();
      if (s.depth++ == 0 && !s.inScope)
        s.used = 0;
    }
    ~Operation() { --state().depth; }
    Operation(const Operation &) = delete;
    Operation &operator=(const Operation &) = delete;
  };

private:
  struct State {
    uint64_t used = 0;
    uint64_t limit = kDefaultLimit;
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
