// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The rules of the work budget (WorkBudget.h), one test each: who sets the
// limit, who pays for a scope's work, which stop an optional step may
// swallow. Each test charges units by hand inside the guards the engine's
// entry points open (WorkBudget::Operation) and the scopes callers open.
#include "presburger/WorkBudget.h"
#include "presburger/Errors.h"

#include <gtest/gtest.h>

#include <atomic>
#include <optional>

using namespace presburger;

namespace {

/// The LimitExceeded that `f` throws (it must throw one).
template <typename F> LimitExceeded stopOf(F &&f) {
  try {
    f();
  } catch (const LimitExceeded &e) {
    return e;
  }
  ADD_FAILURE() << "no LimitExceeded";
  return LimitExceeded("none", ~uint64_t(0));
}

} // namespace

TEST(WorkBudget, AnOperationOutsideAnyScopeHasTheDefaultLimit) {
  WorkBudget::Operation op;
  EXPECT_EQ(WorkBudget::limit(), WorkBudget::kDefaultLimit);
  EXPECT_EQ(WorkBudget::used(), 0u);
  WorkBudget::charge(WorkBudget::kDefaultLimit);
  EXPECT_EQ(stopOf([] { WorkBudget::charge(1); }).scope(), 0u)
      << "the default limit belongs to no scope";
}

TEST(WorkBudget, AScopeOutsideAnyOperationHasItsOwnLimitEvenAboveTheDefault) {
  WorkBudget::Scope loose(3 * WorkBudget::kDefaultLimit);
  EXPECT_EQ(WorkBudget::limit(), 3 * WorkBudget::kDefaultLimit);
  WorkBudget::Operation op; // An engine call inside: it shares the scope.
  WorkBudget::charge(2 * WorkBudget::kDefaultLimit);
  EXPECT_EQ(WorkBudget::used(), 2 * WorkBudget::kDefaultLimit);
}

TEST(WorkBudget, OperationsInsideAScopeShareItsCount) {
  WorkBudget::Scope scope(1000);
  {
    WorkBudget::Operation first;
    WorkBudget::charge(600);
  }
  WorkBudget::Operation second; // Does not start afresh.
  EXPECT_EQ(WorkBudget::used(), 600u);
  EXPECT_TRUE(scope.stoppedBy(stopOf([] { WorkBudget::charge(500); })));
}

TEST(WorkBudget, AScopeInsideAnOperationIsCappedByWhatTheOperationHasLeft) {
  WorkBudget::Operation op;
  WorkBudget::charge(WorkBudget::kDefaultLimit - 100);
  WorkBudget::Scope share(1000);
  EXPECT_EQ(WorkBudget::limit(), 100u);
  EXPECT_EQ(WorkBudget::used(), 0u);
  // The stop is the operation's: the scope's own 1000 was never reached.
  LimitExceeded stop = stopOf([] { WorkBudget::charge(200); });
  EXPECT_FALSE(share.stoppedBy(stop));
  EXPECT_EQ(stop.scope(), 0u);
}

TEST(WorkBudget, AScopeInsideAScopeIsCappedByWhatTheOuterHasLeft) {
  WorkBudget::Scope outer(1000);
  WorkBudget::charge(700);
  {
    WorkBudget::Scope tighter(100);
    EXPECT_EQ(WorkBudget::limit(), 100u);
  }
  WorkBudget::Scope looser(5000);
  EXPECT_EQ(WorkBudget::limit(), 300u);
  LimitExceeded stop = stopOf([] { WorkBudget::charge(400); });
  EXPECT_TRUE(outer.stoppedBy(stop));
  EXPECT_FALSE(looser.stoppedBy(stop));
}

TEST(WorkBudget, AScopesUnitsAreAddedToTheEnclosingCountOnExit) {
  WorkBudget::Operation op;
  WorkBudget::charge(10);
  {
    WorkBudget::Scope share(1000);
    WorkBudget::charge(30);
    {
      WorkBudget::Scope inner(500);
      WorkBudget::charge(5);
    }
    EXPECT_EQ(WorkBudget::used(), 35u);
  }
  EXPECT_EQ(WorkBudget::used(), 45u);
  EXPECT_EQ(WorkBudget::limit(), WorkBudget::kDefaultLimit);
}

TEST(WorkBudget, AnOptionalStepThatRunsOutGivesUpAndItsWorkIsCounted) {
  WorkBudget::Operation op;
  WorkBudget::charge(10);
  std::optional<int> r = WorkBudget::attempt(100, [] {
    WorkBudget::charge(500);
    return 1;
  });
  EXPECT_FALSE(r.has_value());
  // The step's units, its overshoot included, are the operation's.
  EXPECT_EQ(WorkBudget::used(), 510u);
  // The operation goes on with what it has left.
  WorkBudget::charge(1000);
  EXPECT_EQ(WorkBudget::left(), WorkBudget::kDefaultLimit - 1510);
}

TEST(WorkBudget, AnOptionalStepThatFinishesReturnsItsResult) {
  WorkBudget::Operation op;
  std::optional<int> r = WorkBudget::attempt(100, [] {
    WorkBudget::charge(40);
    return 7;
  });
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 7);
  EXPECT_EQ(WorkBudget::used(), 40u);
}

TEST(WorkBudget, AStopOfTheEnclosingLimitPassesThroughAnOptionalStep) {
  WorkBudget::Scope outer(1000);
  WorkBudget::charge(900);
  // The step asks for 500 but the outer scope has 100 left: running out
  // there is the outer scope's stop, which its opener must see.
  LimitExceeded stop = stopOf([] {
    WorkBudget::attempt(500, [] {
      WorkBudget::charge(200);
      return 0;
    });
  });
  EXPECT_TRUE(outer.stoppedBy(stop));
}

TEST(WorkBudget, AStopOfAnInnerScopePassesThroughAnOuterOptionalStep) {
  WorkBudget::Operation op;
  // A scope opened by code inside the step, and not caught there, is not
  // the step's stop: it propagates.
  EXPECT_THROW(WorkBudget::attempt(1000,
                                   [] {
                                     WorkBudget::Scope inner(10);
                                     WorkBudget::charge(20);
                                     return 0;
                                   }),
               LimitExceeded);
}

TEST(WorkBudget, ACancellationPassesThroughAnOptionalStep) {
  std::atomic<bool> flag{false};
  WorkBudget::setCancelFlag(&flag);
  WorkBudget::Operation op;
  bool threw = false;
  try {
    WorkBudget::attempt(1000, [&] {
      flag = true;
      WorkBudget::charge(1);
      return 0;
    });
  } catch (const LimitExceeded &e) {
    threw = true;
    EXPECT_STREQ(e.what(), "cancelled");
    EXPECT_EQ(e.scope(), 0u);
  }
  WorkBudget::setCancelFlag(nullptr);
  EXPECT_TRUE(threw);
}

TEST(WorkBudget, AfterAStopTheCountStaysSpentInsideTheSameScope) {
  WorkBudget::Scope scope(100);
  EXPECT_THROW(WorkBudget::charge(200), LimitExceeded);
  EXPECT_THROW(WorkBudget::charge(1), LimitExceeded);
  WorkBudget::Operation op; // Not afresh: the scope's budget is spent.
  EXPECT_THROW(WorkBudget::charge(1), LimitExceeded);
}

TEST(WorkBudget, TheNextTopLevelOperationStartsAfresh) {
  {
    WorkBudget::Operation stopped;
    EXPECT_THROW(WorkBudget::charge(WorkBudget::kDefaultLimit + 1),
                 LimitExceeded);
  }
  WorkBudget::Operation next;
  EXPECT_EQ(WorkBudget::used(), 0u);
  EXPECT_NO_THROW(WorkBudget::charge(1000));
}
