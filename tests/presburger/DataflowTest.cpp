// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Exact dataflow (computeFlow) on loop programs whose flow dependences are
// derived by hand: a write overwritten before the read, partial overwrites,
// conditional (may) writes, kills, reductions, several statements in one
// loop, sinks reading several elements.
#include "presburger/Dataflow.h"

#include "presburger/Parser.h"

#include <gtest/gtest.h>

using namespace presburger;

namespace {

UnionRelation un(const std::string &text) { return parseUnion(text); }

void expectEq(const UnionRelation &got, const std::string &expected,
              const char *what) {
  EXPECT_TRUE(got.isEqual(un(expected)))
      << what << ": got " << got.toString() << ", expected " << expected;
}

// for i < n: S0: A[i] = ..
// for i < n: S1: A[i] = ..
// for i < n: S2: .. = A[i]
TEST(DataflowTest, AnOverwrittenWriteIsNoSource) {
  AccessInfo in;
  in.sink = un("[n] -> { S2[i] -> A[i] : 0 <= i < n }");
  in.mustSource = un("[n] -> { S0[i] -> A[i] : 0 <= i < n; "
                     "S1[i] -> A[i] : 0 <= i < n }");
  in.schedule = un("{ S0[i] -> [0, i]; S1[i] -> [1, i]; S2[i] -> [2, i] }");
  Flow f = computeFlow(in);
  expectEq(f.mustDependence, "[n] -> { S1[i] -> S2[i] : 0 <= i < n }", "must");
  expectEq(f.mayDependence, "[n] -> { S1[i] -> S2[i] : 0 <= i < n }", "may");
  EXPECT_TRUE(f.mustNoSource.isEmpty()) << f.mustNoSource.toString();
  EXPECT_TRUE(f.mayNoSource.isEmpty()) << f.mayNoSource.toString();
}

// S1 only overwrites A[i] for i < 5.
TEST(DataflowTest, APartialOverwrite) {
  AccessInfo in;
  in.sink = un("[n] -> { S2[i] -> A[i] : 0 <= i < n }");
  in.mustSource = un("[n] -> { S0[i] -> A[i] : 0 <= i < n; "
                     "S1[i] -> A[i] : 0 <= i < 5 and i < n }");
  in.schedule = un("{ S0[i] -> [0, i]; S1[i] -> [1, i]; S2[i] -> [2, i] }");
  Flow f = computeFlow(in);
  expectEq(f.mustDependence,
           "[n] -> { S1[i] -> S2[i] : 0 <= i < 5 and i < n; "
           "S0[i] -> S2[i] : 5 <= i < n }",
           "must");
}

// S1 writes A[i] only when some runtime condition holds (a may source).
TEST(DataflowTest, AConditionalWriteIsAMaySource) {
  AccessInfo in;
  in.sink = un("[n] -> { S2[i] -> A[i] : 0 <= i < n }");
  in.mustSource = un("[n] -> { S0[i] -> A[i] : 0 <= i < n }");
  in.maySource = un("[n] -> { S1[i] -> A[i] : 0 <= i < n }");
  in.schedule = un("{ S0[i] -> [0, i]; S1[i] -> [1, i]; S2[i] -> [2, i] }");
  Flow f = computeFlow(in);
  // S1 may have overwritten S0's value: S0 surely writes but is not surely
  // the source (isl: no must dependence either).
  EXPECT_TRUE(f.mustDependence.isEmpty()) << f.mustDependence.toString();
  expectEq(
      f.mayDependence,
      "[n] -> { S0[i] -> S2[i] : 0 <= i < n; S1[i] -> S2[i] : 0 <= i < n }",
      "may");
  EXPECT_TRUE(f.mayNoSource.isEmpty());
  // Where the may source does not write (i >= 5), S0 is surely the source.
  in.maySource = un("[n] -> { S1[i] -> A[i] : 0 <= i < n and i < 5 }");
  f = computeFlow(in);
  expectEq(f.mustDependence, "[n] -> { S0[i] -> S2[i] : 5 <= i < n }", "must");
  expectEq(f.mayDependence,
           "[n] -> { S0[i] -> S2[i] : 0 <= i < n; S1[i] -> S2[i] : 0 <= i < n "
           "and i < 5 }",
           "may");
  in.maySource = un("[n] -> { S1[i] -> A[i] : 0 <= i < n }");
  // Without the must source the sinks may have no source, but each has a
  // may source.
  in.mustSource = UnionRelation();
  f = computeFlow(in);
  EXPECT_TRUE(f.mustDependence.isEmpty());
  expectEq(f.mayDependence, "[n] -> { S1[i] -> S2[i] : 0 <= i < n }", "may");
  expectEq(f.mayNoSource, "[n] -> { S2[i] -> A[i] : 0 <= i < n }",
           "may no source");
  EXPECT_TRUE(f.mustNoSource.isEmpty()) << f.mustNoSource.toString();
}

// A kill (a definite write whose value is not tracked) hides S0.
TEST(DataflowTest, AKillIsNoSourceButHidesEarlierWrites) {
  AccessInfo in;
  in.sink = un("{ S2[i] -> A[i] : 0 <= i < 10 }");
  in.mustSource = un("{ S0[i] -> A[i] : 0 <= i < 10 }");
  in.kill = un("{ K[i] -> A[i] : 0 <= i < 4 }");
  in.schedule = un("{ S0[i] -> [0, i]; K[i] -> [1, i]; S2[i] -> [2, i] }");
  Flow f = computeFlow(in);
  expectEq(f.mustDependence, "{ S0[i] -> S2[i] : 4 <= i < 10 }", "must");
  EXPECT_TRUE(f.mayNoSource.isEmpty()) << f.mayNoSource.toString();
  EXPECT_TRUE(f.mustNoSource.isEmpty());
}

// for i < n: S[i]: s = s + A[i]   (reads s at [i, 0], writes it at [i, 1])
TEST(DataflowTest, AReductionChainsItsIterations) {
  AccessInfo in;
  in.sink = un("[n] -> { S[i] -> s[] : 0 <= i < n }");
  in.mustSource = un("[n] -> { W[i] -> s[] : 0 <= i < n }");
  in.schedule = un("{ S[i] -> [i, 0]; W[i] -> [i, 1] }");
  Flow f = computeFlow(in);
  expectEq(f.mustDependence, "[n] -> { W[i] -> S[i + 1] : 0 <= i < n - 1 }",
           "must");
  expectEq(f.mustNoSource, "[n] -> { S[0] -> s[] : n > 0 }", "no source");
}

// for i < n { S0: A[i] = ..;  S1: B[i] = A[i - 1] + A[i] }
TEST(DataflowTest, TwoStatementsInOneLoop) {
  AccessInfo in;
  in.sink = un("[n] -> { S1[i] -> A[j] : 0 <= i < n and i - 1 <= j <= i }");
  in.mustSource = un("[n] -> { S0[i] -> A[i] : 0 <= i < n }");
  in.schedule = un("{ S0[i] -> [i, 0]; S1[i] -> [i, 1] }");
  Flow f = computeFlow(in);
  expectEq(f.mustDependence,
           "[n] -> { S0[i] -> S1[i] : 0 <= i < n; S0[i] -> S1[i + 1] : 0 <= "
           "i < n - 1 }",
           "must");
  // S1[0] reads A[-1], which nothing writes.
  expectEq(f.mustNoSource, "[n] -> { S1[0] -> A[-1] : n > 0 }", "no source");
}

// A sink reading two elements that come from different writers: A[j] of
// even j from S1, of odd j from S0.
TEST(DataflowTest, OneSinkSeveralElements) {
  AccessInfo in;
  in.sink = un("{ R[i] -> A[j] : 0 <= i < 8 and i <= j <= i + 1 }");
  in.mustSource = un("{ S0[j] -> A[j] : 0 <= j < 10; "
                     "S1[j] -> A[j] : 0 <= j < 10 and j mod 2 = 0 }");
  in.schedule = un("{ S0[j] -> [0, j]; S1[j] -> [1, j]; R[i] -> [2, i] }");
  Flow f = computeFlow(in);
  expectEq(f.mustDependence,
           "{ S1[j] -> R[i] : 0 <= i < 8 and i <= j <= i + 1 and j mod 2 = 0; "
           "S0[j] -> R[i] : 0 <= i < 8 and i <= j <= i + 1 and j mod 2 = 1 }",
           "must");
}

TEST(DataflowTest, SchedulesArePaddedAndChecked) {
  UnionRelation s = padSchedule(un("{ A[i] -> [i]; B[i, j] -> [i, j, 1] }"));
  EXPECT_TRUE(s.isEqual(un("{ A[i] -> [i, 0, 0]; B[i, j] -> [i, j, 1] }")))
      << s.toString();
  EXPECT_THROW(padSchedule(un("{ A[i] -> [[i] -> [0]] }")), SpaceError);
  AccessInfo bad;
  bad.sink = un("{ A[i] }");
  EXPECT_THROW(computeFlow(bad), SpaceError);
}

} // namespace
