//===- CodegenTest.cpp - AST generation, judged by running the code -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each case generates code for a schedule and runs it (AstInterpreter.h)
// for every parameter value in a range, within the context: the executed
// instances must be the schedule's, each once, in time order, as brute
// force over a box finds them. A few cases also pin the printed C, where
// the shape of the code is the point (two loops and no if for a triangle).
//
//===----------------------------------------------------------------------===//
#include "AstInterpreter.h"

#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"

#include <gtest/gtest.h>

namespace presburger {
namespace {

struct Scan {
  const char *schedule;
  const char *context = nullptr;
  int64_t box = 12;
  int64_t lo = -2, hi = 8;
};

/// Generates code for the schedule and checks its runs for every
/// parameter value in [lo, hi] (all combinations) that the context holds.
AstNode expectScans(const Scan &c, const AstBuildOptions &options = {}) {
  UnionRelation schedule = parseUnion(c.schedule);
  std::optional<Relation> context;
  if (c.context)
    context = parseRelation(c.context);
  AstNode ast = buildAst(schedule, context, options);
  astrun::ScheduleOracle oracle(schedule, c.box);
  std::vector<std::string> params = schedule.paramNames();
  std::vector<int64_t> values(params.size(), c.lo);
  unsigned runs = 0;
  for (;;) {
    std::map<std::string, int64_t> env;
    Point point;
    for (size_t i = 0; i < params.size(); ++i) {
      env[params[i]] = values[i];
      point.push_back(values[i]);
    }
    bool inContext = true;
    if (context) {
      Relation ctx = *context;
      ctx.alignParams(mergeParams(params, ctx.space().paramNames()));
      Point cp;
      for (const std::string &p : ctx.space().paramNames())
        cp.push_back(env.count(p) ? env[p] : 0);
      inContext = ctx.containsPoint(cp);
    }
    if (inContext) {
      ++runs;
      std::string problem;
      try {
        astrun::Interpreter run(env);
        problem = astrun::checkRun(run.run(ast), oracle.instances(env));
      } catch (const std::exception &e) {
        problem = e.what();
      }
      if (!problem.empty()) {
        std::string at;
        for (const auto &[k, v] : env)
          at += " " + k + "=" + std::to_string(v);
        ADD_FAILURE() << c.schedule << " at" << at << ": " << problem << "\n"
                      << printC(ast);
        return ast;
      }
    }
    size_t k = 0;
    while (k < values.size() && values[k] == c.hi)
      values[k++] = c.lo;
    if (k == values.size())
      break;
    ++values[k];
  }
  EXPECT_GT(runs, 0u) << "no parameter value in the context";
  return ast;
}

TEST(CodegenTest, Rectangular) {
  expectScans({"[n, m] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j < m }",
               nullptr, 10, -2, 6});
}

TEST(CodegenTest, Triangular) {
  expectScans({"[n] -> { S[i, j] -> [i, j] : 0 <= j <= i < n }"});
}

TEST(CodegenTest, ParametricOffsets) {
  expectScans({"[n, m] -> { S[i] -> [i] : m <= i <= n + m and i <= 10 }",
               nullptr, 14, -2, 6});
}

TEST(CodegenTest, NonUnitCoefficientsGiveFloorDivisions) {
  expectScans({"[n] -> { S[i] -> [i] : 0 <= 2i <= n and 3i >= n - 4 }"});
}

TEST(CodegenTest, SequenceDimensionInterleavesStatements) {
  // A 2d+1 schedule: for i { S(i); for j T(i, j); U(i) }.
  expectScans({"[n] -> { S[i] -> [0, i, 0, 0, 0] : 0 <= i < n; "
               "T[i, j] -> [0, i, 1, j, 0] : 0 <= i < n and 0 <= j <= i; "
               "U[i] -> [0, i, 2, 0, 0] : 0 <= i < n; "
               "V[] -> [1, 0, 0, 0, 0] }"});
}

TEST(CodegenTest, ShorterTimesArePaddedWithZeros) {
  expectScans({"[n] -> { S[i] -> [i] : 0 <= i < n; T[i] -> [i, 1] : "
               "0 <= i < n; U[i] -> [i, -1] : 0 <= i < n }"});
}

TEST(CodegenTest, TiledSchedules) {
  expectScans(
      {"[n] -> { S[i] -> [floor(i/4), i] : 0 <= i < n }", nullptr, 12, -2, 8});
  expectScans({"[n] -> { S[i] -> [floor(i/32), i] : 0 <= i < n }"});
  expectScans({"[n] -> { S[i, j] -> [floor(i/4), floor(j/3), i, j] : "
               "0 <= i < n and 0 <= j <= i }",
               nullptr, 9, -2, 8});
  expectScans({"[n] -> { S[i] -> [floor(i/4), i mod 4] : 0 <= i < n }"});
}

TEST(CodegenTest, StridedDomains) {
  expectScans({"[n] -> { S[i] -> [i] : 0 <= i < n and i mod 3 = 1 }"});
  expectScans({"[n] -> { S[i] -> [i] : 0 <= i <= n and (i - n) mod 2 = 0 }"});
  expectScans({"[n] -> { S[i, j] -> [i, j] : 0 <= i < n and i <= j < n and "
               "(i + j) mod 3 = 0 }"});
  expectScans({"[n] -> { S[i] -> [2i + 1] : 0 <= i < n }"});
}

TEST(CodegenTest, SkewedAndInterchangedSchedules) {
  expectScans({"[n] -> { S[i, j] -> [i + j, j] : 0 <= i < n and 0 <= j < n }",
               nullptr, 10});
  expectScans({"[n, m] -> { S[i, j] -> [j, i] : 0 <= i < n and 0 <= j <= i + "
               "m }",
               nullptr, 14, -2, 6});
  expectScans({"[n] -> { S[i, j] -> [2i + j, i] : 0 <= i < n and 0 <= j < 3 "
               "}"});
}

TEST(CodegenTest, UnionsWithHoles) {
  expectScans({"[n] -> { S[i] -> [i] : 0 <= i < n and (i <= 2 or i >= 5) }"});
  expectScans({"[n] -> { S[i, j] -> [i, j] : 0 <= i, j < n and not (2 <= i "
               "<= 4 and 1 <= j <= 3) }"});
  expectScans({"[n, m] -> { S[i] -> [i] : 0 <= i < n; T[i] -> [i] : m <= i "
               "<= 8 }",
               nullptr, 12, -2, 6});
}

TEST(CodegenTest, OverlappingStatementsShareALoop) {
  expectScans({"[n, m] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] : "
               "0 <= i < m }",
               nullptr, 12, -2, 6});
  expectScans({"[n] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i + 2, 1] : "
               "0 <= i < n }"});
}

TEST(CodegenTest, ShapesOfTuplesAndTimes) {
  // Statements without dimensions, anonymous and nested tuples, negative
  // and repeated time coordinates, a parameter named like an iterator.
  expectScans({"{ S[] -> [0]; T[] -> [1]; U[] -> [0, -1] }"});
  expectScans({"[n] -> { [i] -> [-i] : 0 <= i < n }"});
  expectScans({"[n] -> { S[i] -> [i, i] : 0 <= i < n; T[i] -> [i, i - 1] : "
               "0 <= i < n }"});
  expectScans({"[n] -> { [A[i] -> B[j]] -> [i, j] : 0 <= i < n and 0 <= j < "
               "2 }"});
  expectScans({"[c0] -> { S[i, j] -> [i, j] : 0 <= i < c0 and 0 <= j <= i "
               "}"});
  expectScans({"[n] -> { S[i] -> [3i + 2] : 0 <= i < n; T[i] -> [i] : 0 <= "
               "i < 2n }",
               nullptr, 20});
  expectScans({"[n, m] -> { S[i, j] -> [i, -j] : 0 <= i < n and 0 <= j < m "
               "}",
               nullptr, 10, -2, 6});
}

TEST(CodegenTest, EqualTimesRunInAnyOrder) {
  expectScans({"[n] -> { S[i] -> [i] : 0 <= i < n; T[i] -> [i] : 0 <= i < n "
               "}"});
  expectScans({"[n] -> { S[i, j] -> [i + j] : 0 <= i < n and 0 <= j < n and "
               "i = j }"});
}

TEST(CodegenTest, ContextRemovesGuards) {
  AstNode ast = expectScans(
      {"[n] -> { S[i] -> [i] : 0 <= i < n }", "[n] -> { : n >= 1 }"});
  EXPECT_EQ(printC(ast), "for (int c0 = 0; c0 <= n - 1; c0 += 1)\n"
                         "  S(c0);\n");
}

TEST(CodegenTest, EmptySchedule) {
  EXPECT_TRUE(buildAst(parseUnion("{ }")).isEmptyBlock());
  EXPECT_TRUE(
      buildAst(parseUnion("[n] -> { S[i] -> [i] : 0 <= i < n and i > n }"))
          .isEmptyBlock());
  EXPECT_EQ(printC(buildAst(parseUnion("{ }"))), "");
}

TEST(CodegenTest, SeparationAndUnrolling) {
  AstBuildOptions separate;
  separate.separate = true;
  expectScans({"[n, m] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] : "
               "0 <= i < m }",
               nullptr, 12, -2, 6},
              separate);
  AstBuildOptions unroll;
  unroll.unrollLimit = 4;
  AstNode ast = expectScans(
      {"[n] -> { S[i, j] -> [i, j] : 0 <= i < n and i <= j <= i + 2 }"},
      unroll);
  EXPECT_EQ(countAst(ast).loops, 1u) << printC(ast);
}

// The shape of the code for simple cases, as isl writes it.

TEST(CodegenTest, TriangleIsTwoLoopsWithoutGuards) {
  AstNode ast =
      buildAst(parseUnion("[n] -> { S[i, j] -> [i, j] : 0 <= j <= i < n }"));
  EXPECT_EQ(printC(ast), "for (int c0 = 0; c0 <= n - 1; c0 += 1)\n"
                         "  for (int c1 = 0; c1 <= c0; c1 += 1)\n"
                         "    S(c0, c1);\n");
}

TEST(CodegenTest, FixedDimensionsAreNotLoops) {
  AstNode ast = buildAst(parseUnion("[n] -> { S[i] -> [0, i, 0] : 0 <= i < "
                                    "n; T[i] -> [0, i, 1] : 0 <= i < n }"),
                         parseRelation("[n] -> { : n >= 0 }"));
  EXPECT_EQ(printC(ast), "for (int c1 = 0; c1 <= n - 1; c1 += 1) {\n"
                         "  S(c1);\n"
                         "  T(c1);\n"
                         "}\n");
}

TEST(CodegenTest, PiecesAroundAFixedStatementGetLoopsOfTheirOwn) {
  // A runs a loop at t0 = 1, B one instance per t0: B's loop is cut into
  // t0 < 1, t0 = 1 (inside A's loop) and t0 > 1, instead of one loop over
  // both that guards A's whole loop with c0 == 1.
  const char *s = "[n] -> { A[i] -> [1, i] : 0 <= i <= n; "
                  "B[i] -> [i, 1] : 0 <= i <= n }";
  AstNode ast = expectScans({s});
  EXPECT_EQ(printC(ast), "if (n >= 0)\n"
                         "  B(0);\n"
                         "for (int c1 = 0; c1 <= n; c1 += 1) {\n"
                         "  A(c1);\n"
                         "  if (c1 == 1)\n"
                         "    B(1);\n"
                         "}\n"
                         "for (int c0 = 2; c0 <= n; c0 += 1)\n"
                         "  B(c0);\n");
}

TEST(CodegenTest, GuardsThatInnerLoopsImplyAreLeftOut) {
  // m >= 0 holds wherever the inner loop runs: no `if (m >= 0)` around
  // the nest (a loop whose bounds do not meet runs nothing).
  const char *s = "[n, m] -> { S[i, j] -> [i, j] : 0 <= i <= n and "
                  "0 <= j <= m }";
  AstNode ast = expectScans({s, nullptr, 10, -2, 6});
  EXPECT_EQ(printC(ast), "for (int c0 = 0; c0 <= n; c0 += 1)\n"
                         "  for (int c1 = 0; c1 <= m; c1 += 1)\n"
                         "    S(c0, c1);\n");
}

TEST(CodegenTest, MinOfAMaxWithTheSameOperandIsThatOperand) {
  using K = AstExpr::Kind;
  AstExpr x = AstExpr::id("x"), y = AstExpr::id("y");
  // max(x, y) >= y: min(max(x, y), y) = y; max(min(x, y), y) = y.
  EXPECT_EQ(AstExpr::op(K::Min, {AstExpr::op(K::Max, {x, y}), y}), y);
  EXPECT_EQ(AstExpr::op(K::Max, {AstExpr::op(K::Min, {x, y}), y}), y);
  // min(max(x, 2), 0) = 0, since max(x, 2) >= 2 > 0; not so min(max(x, -1), 0).
  EXPECT_TRUE(
      AstExpr::op(K::Min, {AstExpr::op(K::Max, {x, AstExpr::integer(2)}),
                           AstExpr::integer(0)})
          .isInt(0));
  EXPECT_EQ(AstExpr::op(K::Min, {AstExpr::op(K::Max, {x, AstExpr::integer(-1)}),
                                 AstExpr::integer(0)})
                .kind,
            K::Min);
}

TEST(CodegenTest, StridesThroughExistentialsStayWithinTheBudget) {
  // Projecting the inner dimensions out leaves existentials without a
  // division; they are defined once there, not in every guard's gist and
  // subset test (this schedule of two instances ran out of the default
  // budget that way).
  AstNode ast = expectScans(
      {"{ s1[i0, j1, k1] -> [i0, 0, j1, 0, k1, 0] : exists (a, b : i0 = 1 + "
       "3a and k1 = 3b) and 1 <= i0 < 5 and 2 <= j1 < 4 and 0 <= k1 < 6 and "
       "floor((i0 + j1 + k1 - 4)/2) >= 0 and -2i0 + j1 + k1 - 3 >= 0 }"});
  EXPECT_EQ(countAst(ast).ifs, 0u) << printC(ast);
}

TEST(CodegenTest, StrideIsTheStep) {
  AstNode ast = buildAst(
      parseUnion("[n] -> { S[i] -> [i] : 0 <= i < n and i mod 3 = 1 }"));
  AstCounts counts = countAst(ast);
  EXPECT_EQ(counts.loops, 1u);
  EXPECT_EQ(counts.ifs, 0u) << printC(ast);
  EXPECT_NE(printC(ast).find("c0 += 3"), std::string::npos) << printC(ast);
}

TEST(CodegenTest, ArgumentsUseExactDivisions) {
  // Inside the loop c0 is odd: i = (c0 - 1) / 2 without a floor.
  AstNode ast =
      buildAst(parseUnion("[n] -> { S[i] -> [2i + 1] : 0 <= i < n }"));
  std::string c = printC(ast);
  EXPECT_EQ(c.find("floord"), std::string::npos) << c;
  EXPECT_NE(c.find(" / 2"), std::string::npos) << c;
}

TEST(CodegenTest, NonInjectiveScheduleIsAnError) {
  EXPECT_THROW(buildAst(parseUnion("{ S[i] -> [0] : 0 <= i < 2 }")),
               InvalidArgument);
  EXPECT_THROW(buildAst(parseUnion("{ S[i] -> [i] : i >= 0 }")),
               InvalidArgument);
  EXPECT_THROW(buildAst(parseUnion("{ S[i] : i >= 0 }")), SpaceError);
}

TEST(CodegenTest, IteratorPrefixIsACIdentifier) {
  UnionRelation s = parseUnion("{ S[i] -> [i] : 0 <= i <= 2 }");
  AstBuildOptions o;
  o.iteratorPrefix = "t_";
  EXPECT_EQ(printC(buildAst(s, std::nullopt, o)),
            "for (int t_0 = 0; t_0 <= 2; t_0 += 1)\n"
            "  S(t_0);\n");
  for (const char *bad : {"", "1c", "c-", "c d"}) {
    o.iteratorPrefix = bad;
    EXPECT_THROW(buildAst(s, std::nullopt, o), InvalidArgument) << bad;
  }
}

} // namespace
} // namespace presburger
