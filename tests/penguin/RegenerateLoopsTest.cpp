// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The regenerate-loops pass: kernels in, expected kernels out (triangular,
// guarded, strided, several instructions, what is left unchanged), and a
// brute-force soundness check on generated kernels: for every parameter
// value, the sequence of executed (instruction, addresses) in program order
// is the same before and after.
#include "penguin/RegenerateLoops.h"

#include "KernelRuns.h"
#include "PenguinOptRunner.h"
#include "penguin/Parser.h"
#include "penguin/Printer.h"
#include "penguin/Verify.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <sstream>

using namespace penguin;

namespace {

struct Result {
  std::string text;
  RegenerateCounters counters;
  std::string explain;
};

Result regenerate(const std::string &text) {
  Module m = parseModule(text);
  EXPECT_TRUE(verifyModule(m).empty()) << text;
  std::ostringstream explain;
  Result r;
  for (Kernel &k : m.kernels) {
    RegenerateCounters c = regenerateLoops(k, {}, &explain);
    r.counters.treesRegenerated += c.treesRegenerated;
    r.counters.treesUnchanged += c.treesUnchanged;
    r.counters.loopsBefore += c.loopsBefore;
    r.counters.loopsAfter += c.loopsAfter;
    r.counters.guardsRemoved += c.guardsRemoved;
    r.counters.instructionsRemoved += c.instructionsRemoved;
  }
  std::vector<Diagnostic> ds = verifyModule(m);
  EXPECT_TRUE(ds.empty()) << (ds.empty() ? "" : ds[0].str());
  r.text = printModule(m);
  r.explain = explain.str();
  // The text form round-trips.
  EXPECT_EQ(printModule(parseModule(r.text)), r.text);
  return r;
}

TEST(RegenerateLoopsTest, TriangularGuardsBecomeBounds) {
  // j >= i and j < n: the inner loop starts at i, both stop at n.
  Result r = regenerate(R"(kernel tri(param n in [0, 16]) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to 16 step 1 {
    for j = 0 to 16 step 1 {
      s0: B[i, j] = copy(A[j, i]) if j - i >= 0 & n - j - 1 >= 0
    }
  }
}
)");
  EXPECT_EQ(r.text, R"(kernel tri(param n in [0, 16]) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to n step 1 {
    for j = i to n step 1 {
      s0: B[i, j] = copy(A[j, i])
    }
  }
}
)");
  EXPECT_EQ(r.counters.treesRegenerated, 1);
  EXPECT_EQ(r.counters.guardsRemoved, 2);
  EXPECT_EQ(r.counters.loopsBefore, 2);
  EXPECT_EQ(r.counters.loopsAfter, 2);
}

TEST(RegenerateLoopsTest, StrictGuardsGiveMaxAndMinBounds) {
  // i < j, j <= i + 3, 4 <= j < 10: j from max(i + 1, 4) to min(i + 4,
  // 10); i runs from 1 (j <= i + 3 and j >= 4) to 8 (i < j < 10).
  Result r = regenerate(R"(kernel band() {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to 12 step 1 {
    for j = 0 to 12 step 1 {
      s0: B[i, j] = copy(A[i, j]) if i < j & j <= i + 3 & j < 10 & j >= 4
    }
  }
}
)");
  EXPECT_EQ(r.text, R"(kernel band() {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 1 to 9 step 1 {
    for j = max(i + 1, 4) to min(i + 4, 10) step 1 {
      s0: B[i, j] = copy(A[i, j])
    }
  }
}
)");
  EXPECT_EQ(r.counters.guardsRemoved, 4);
}

TEST(RegenerateLoopsTest, StridesAndFixedIterationsLeaveTheLoop) {
  // s0 runs on i = 6, 9, ... below n: a loop of step 3; s1 runs once, at
  // i = 2, before it: no loop, i replaced by 2.
  Result r = regenerate(R"(kernel strided(param n in [0, 32]) {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  for i = 0 to 32 step 1 {
    s0: B[i] = copy(A[i]) if mod(i, 3) == 0 & i - 4 >= 0 & n - i - 1 >= 0
    s1: B[i] = copy(A[i + 1]) if i - 2 == 0
  }
}
)");
  EXPECT_EQ(r.text, R"(kernel strided(param n in [0, 32]) {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  s1: B[2] = copy(A[3])
  for i = 6 to n step 3 {
    s0: B[i] = copy(A[i])
  }
}
)");
  EXPECT_EQ(r.counters.guardsRemoved, 4);
  EXPECT_EQ(r.counters.loopsAfter, 1);
}

TEST(RegenerateLoopsTest, SeveralInstructionsKeepTheirOrder) {
  // s0 before the inner loop, s1 in it (lower triangle), s2 after it on
  // the even rows only: the shared outer loop stays, s2 keeps its guard
  // (it cannot become a bound of the shared loop); the approximate
  // predicate stays as it is.
  Result r = regenerate(R"(kernel several(param n in [1, 8], param m) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to 8 step 1 {
    s0: B[i, 0] = copy(A[i, 0]) if n - i - 1 >= 0
    for j = 0 to 8 step 1 {
      s1: B[i, j] = copy(A[j, i]) if i - j >= 0 & n - i - 1 >= 0 & approx(m - j >= 0)
    }
    s2: B[0, i] = copy(A[0, i]) if mod(i, 2) == 0 & n - i - 1 >= 0
  }
}
)");
  EXPECT_EQ(r.text, R"(kernel several(param n in [1, 8], param m) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to n step 1 {
    s0: B[i, 0] = copy(A[i, 0])
    for j = 0 to i + 1 step 1 {
      s1: B[i, j] = copy(A[j, i]) if approx(m - j >= 0)
    }
    s2: B[0, i] = copy(A[0, i]) if i - 2*floordiv(i, 2) == 0
  }
}
)");
  EXPECT_EQ(r.counters.treesRegenerated, 1);
}

TEST(RegenerateLoopsTest, NeverExecutedInstructionsAndLoopsGo) {
  // s0 and s1 never run: they go, and the first loop with them.
  Result r = regenerate(R"(kernel dead(param p in [0, 3]) {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  for i = 0 to 8 step 1 {
    s0: B[i] = copy(A[i]) if i - p - 8 >= 0
  }
  for t = 0 to 4 step 1 {
    s1: B[t] = copy(A[t]) if t - 9 >= 0
    s2: B[t] = copy(A[t])
  }
}
)");
  EXPECT_EQ(r.text, R"(kernel dead(param p in [0, 3]) {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  for t = 0 to 4 step 1 {
    s2: B[t] = copy(A[t])
  }
}
)");
  EXPECT_EQ(r.counters.instructionsRemoved, 2);
  EXPECT_EQ(r.counters.treesRegenerated, 2);
  EXPECT_EQ(r.counters.loopsBefore, 2);
  EXPECT_EQ(r.counters.loopsAfter, 1);
}

TEST(RegenerateLoopsTest, BoxesAndTheFixedPointAreLeftAlone) {
  // A box without guards regenerates to itself (`0 to 15 step 2` is not
  // a change): not counted, unchanged.
  std::string box = R"(kernel box(param n) {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  for i = 0 to 16 step 2 {
    s0: B[i] = copy(A[i])
  }
}
)";
  Result r = regenerate(box);
  EXPECT_EQ(r.text, box);
  EXPECT_EQ(r.counters.treesRegenerated, 0);
  EXPECT_EQ(r.counters.treesUnchanged, 0);
  // A regenerated kernel (max / min bounds) is a fixed point.
  Result t = regenerate(R"(kernel band() {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to 12 step 1 {
    for j = 0 to 12 step 1 {
      s0: B[i, j] = copy(A[i, j]) if i < j & j <= i + 3 & j < 10 & j >= 4
    }
  }
}
)");
  Result again = regenerate(t.text);
  EXPECT_EQ(again.text, t.text);
  EXPECT_EQ(again.counters.treesRegenerated, 0);
  EXPECT_EQ(again.counters.treesUnchanged, 0);
}

TEST(RegenerateLoopsTest, WhatCannotBeExpressedIsLeftUnchanged) {
  // A scope inside a loop: the tree stays, counted and explained.
  std::string text = R"(kernel scoped() {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  for i = 0 to 8 step 1 {
    scope inner {
      s0: B[i] = copy(A[i]) if i - 4 >= 0
    }
  }
}
)";
  Result r = regenerate(text);
  EXPECT_EQ(r.text, text);
  EXPECT_EQ(r.counters.treesUnchanged, 1);
  EXPECT_NE(r.explain.find("regenerate-loops: left unchanged: a scope inside "
                           "a loop ('inner') is not regenerated"),
            std::string::npos)
      << r.explain;
}

TEST(RegenerateLoopsTest, StridedTriangleStartsOnItsLattice) {
  // A strided loop with max / min bounds over an enclosing variable: the
  // lattice is that of the first lower bound (j even); the generator starts
  // the loop on it, at the first even value >= i - 3, 2 * floor((i - 2) / 2).
  Result t = regenerate(R"(kernel tri(param n in [0, 16]) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to n step 1 {
    for j = max(0, i - 3) to min(n, i + 5) step 2 {
      s0: B[i, j] = copy(A[j, i])
    }
  }
}
)");
  EXPECT_EQ(t.text, R"(kernel tri(param n in [0, 16]) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  for i = 0 to n step 1 {
    for j = max(2*floordiv(i - 2, 2), 0) to min(i + 5, n) step 2 {
      s0: B[i, j] = copy(A[j, i])
    }
  }
}
)");
  EXPECT_EQ(t.counters.treesRegenerated, 1);
  EXPECT_EQ(t.counters.treesUnchanged, 0);
}

TEST(RegenerateLoopsTest, AffineSelectKeepsItsCondition) {
  // The condition of an affine_select is not a guard of where it runs: it
  // stays; s1's equality becomes a fixed coordinate (k = q) under a guard.
  Result s = regenerate(R"(kernel sel() {
  tensor S : f32[64, 64] SBUF
  for q = 0 to 8 step 1 {
    for k = 0 to 8 step 1 {
      s0: S[q, k] = affine_select(S[q, k], -inf) if q - k >= 0
      s1: S[q, k] = memset(0.0) if q - k == 0
    }
  }
}
)");
  EXPECT_EQ(s.text, R"(kernel sel() {
  tensor S : f32[64, 64] SBUF
  for q = 0 to 8 step 1 {
    for k = 0 to 8 step 1 {
      s0: S[q, k] = affine_select(S[q, k], -inf) if q - k >= 0
      s1: S[q, q] = memset(0.0) if -k + q == 0
    }
  }
}
)");
}

TEST(RegenerateLoopsCliTest, ExampleRegenerates) {
  // docs/examples/regenerate_loops.pn: a triangle, a band (max / min
  // bounds), a strided tail per SPMD id and a single iteration.
  penguin_test::OptResult r = penguin_test::runPenguinOpt(
      "-p regenerate-loops --stats " +
      penguin_test::quotedExample("regenerate_loops.pn"));
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(
      r.out,
      R"(kernel regenerate_loops(param n in [1, 64], param spmd_id in [0, 3]) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64, 64] SBUF
  tensor C : f32[64] SBUF
  for i = 0 to n step 1 {
    for j = i to n step 1 {
      s0: B[i, j] = copy(A[j, i])
    }
  }
  for p = 0 to n - 1 step 1 {
    for q = p + 1 to min(p + 9, n) step 1 {
      s1: B[p, q] = copy(A[p, q])
    }
  }
  for t = spmd_id + 4*floordiv(-spmd_id + 3, 4) to n step 4 {
    s2: C[t] = copy(A[0, t])
  }
  s3: C[63] = memset(0.0)
}
)");
  EXPECT_NE(r.err.find("  4 regenerate-loops.loops-regenerated"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("  8 regenerate-loops.guards-removed"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("  0 regenerate-loops.trees-unchanged"),
            std::string::npos)
      << r.err;
}

TEST(RegenerateLoopsCliTest, ShrinkDomainsCanRegenerate) {
  // shrink-domains=regenerate: the shrunk kernel, then its loop trees
  // regenerated (only s2's triangle changes: p and q start at spmd_id, q
  // stops after p); without the argument shrink-domains is as before.
  std::string example = penguin_test::quotedExample("shrink_and_simplify.pn");
  penguin_test::OptResult r = penguin_test::runPenguinOpt(
      "-p shrink-domains=regenerate --stats " + example);
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, R"(kernel shrink_and_simplify(param spmd_id in [0, 3]) {
  tensor A : f32[128, 64] DRAM input
  tensor B : f32[128, 64] SBUF
  tensor C : f32[64, 64] SBUF
  for i = 0 to 100 step 1 {
    s0: B[i, 0] = copy(A[i, 0])
  }
  for j = 0 to 49 step 4 {
    s1: B[j, 1] = copy(A[j, 1])
  }
  for p = spmd_id to 64 step 1 {
    for q = spmd_id to p + 1 step 1 {
      s2: C[p, q] = copy(A[p, q])
    }
  }
}
)");
  EXPECT_NE(r.err.find("  1 shrink-domains.loops-regenerated"),
            std::string::npos)
      << r.err;
  penguin_test::OptResult plain =
      penguin_test::runPenguinOpt("-p shrink-domains " + example);
  ASSERT_EQ(plain.rc, 0) << plain.err;
  EXPECT_NE(plain.out.find("for p = 0 to 64 step 1"), std::string::npos)
      << plain.out;
  penguin_test::OptResult bad =
      penguin_test::runPenguinOpt("-p shrink-domains=bogus " + example);
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("pass 'shrink-domains' takes the argument "
                         "'regenerate' or none, not 'bogus'"),
            std::string::npos)
      << bad.err;
}

//===----------------------------------------------------------------------===//
// Brute force
//===----------------------------------------------------------------------===//

class KernelGenerator {
public:
  explicit KernelGenerator(uint32_t seed) : rng_(seed) {}

  std::string generate() {
    params_.clear();
    nextId_ = 0;
    std::ostringstream os;
    int np = pick(0, 2);
    os << "kernel g(";
    for (int p = 0; p < np; ++p) {
      int lo = pick(-1, 2);
      params_.push_back("P" + std::to_string(p));
      os << (p ? ", " : "") << "param P" << p << " in [" << lo << ", "
         << lo + pick(0, 4) << "]";
    }
    os << ") {\n  tensor A : f32[64, 64] DRAM input\n"
          "  tensor B : f32[64, 64] SBUF\n";
    int trees = pick(1, 2);
    std::vector<std::string> ivs;
    for (int t = 0; t < trees; ++t) {
      if (pick(0, 5) == 0)
        instruction(os, ivs, "  ");
      loop(os, 1, pick(1, 3), ivs, "  ");
    }
    os << "}\n";
    return os.str();
  }

private:
  int pick(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng_);
  }

  std::string linear(const std::vector<std::string> &ivs, bool withParams,
                     int lo = -6, int hi = 6) {
    std::string e = std::to_string(pick(lo, hi));
    for (const std::string &iv : ivs)
      if (int c = pick(-2, 2))
        e += " + " + std::to_string(c) + "*" + iv;
    if (withParams)
      for (const std::string &p : params_)
        if (pick(0, 2) == 0)
          e += " + " + std::to_string(pick(-1, 1)) + "*" + p;
    return e;
  }

  std::string predicate(const std::vector<std::string> &ivs) {
    const std::string &iv = ivs[pick(0, int(ivs.size()) - 1)];
    switch (pick(0, 9)) {
    case 0:
      return "mod(" + iv + " + " + std::to_string(pick(0, 2)) + ", " +
             std::to_string(pick(2, 3)) + ") == 0";
    case 1:
      return "floordiv(" + linear(ivs, false) + ", " +
             std::to_string(pick(2, 3)) + ") >= 0";
    case 2:
      return linear(ivs, true) + " == 0";
    case 3:
    case 4: {
      // a triangle: iv against another variable
      const std::string &o = ivs[pick(0, int(ivs.size()) - 1)];
      return iv + " - " + o + " + " + std::to_string(pick(-2, 2)) + " >= 0";
    }
    default:
      return linear(ivs, true) + " >= 0";
    }
  }

  // Addresses that tell the iterations apart (offsets keep them >= 0 only
  // loosely; the addresses are compared, not accessed).
  std::string index(const std::vector<std::string> &ivs) {
    if (ivs.empty() || pick(0, 4) == 0)
      return std::to_string(pick(0, 3));
    return linear(ivs, pick(0, 3) == 0, 0, 3);
  }

  void instruction(std::ostream &os, const std::vector<std::string> &ivs,
                   const std::string &indent) {
    os << indent << "s" << nextId_++ << ": B[" << index(ivs) << ", "
       << index(ivs) << "] = copy(A[" << index(ivs) << ", " << index(ivs)
       << "])";
    int n = ivs.empty() ? 0 : (pick(0, 5) == 0 ? 0 : pick(1, 3));
    for (int k = 0; k < n; ++k)
      os << (k ? " & " : " if ") << predicate(ivs);
    if (!ivs.empty() && pick(0, 6) == 0)
      os << (n ? " & " : " if ") << "approx(" << ivs.back() << " - 2 >= 0)";
    os << "\n";
  }

  // A bound: a constant, a parameter, or (inner loops) a max / min over
  // an enclosing variable.
  std::string bound(bool upper, int lbHint,
                    const std::vector<std::string> &ivs) {
    int r = pick(0, 5);
    if (!ivs.empty() && r <= 1) {
      const std::string &o = ivs[pick(0, int(ivs.size()) - 1)];
      std::string c = std::to_string(lbHint);
      std::string d = std::to_string(upper ? lbHint + pick(2, 8) : lbHint);
      return upper ? "min(" + d + ", " + o + " + " +
                         std::to_string(pick(1, 3)) + ")"
                   : "max(" + c + ", " + o + " - " +
                         std::to_string(pick(0, 2)) + ")";
    }
    if (!params_.empty() && r == 2)
      return params_[pick(0, int(params_.size()) - 1)] + " + " +
             std::to_string(upper ? pick(1, 8) : pick(-2, 2));
    return std::to_string(upper ? lbHint + pick(0, 9) : lbHint);
  }

  void loop(std::ostream &os, int depth, int maxDepth,
            std::vector<std::string> &ivs, const std::string &indent) {
    std::string iv =
        std::string(1, char('h' + ivs.size() + 1)) + std::to_string(nextId_);
    int lb = pick(-3, 3);
    int strides[] = {1, 1, 1, 2, 3};
    os << indent << "for " << iv << " = " << bound(false, lb, ivs) << " to "
       << bound(true, lb, ivs) << " step " << strides[pick(0, 4)] << " {\n";
    ivs.push_back(iv);
    std::string in = indent + "  ";
    if (depth < maxDepth && pick(0, 2) == 0)
      instruction(os, ivs, in);
    if (depth < maxDepth) {
      loop(os, depth + 1, maxDepth, ivs, in);
    } else {
      int n = pick(1, 3);
      for (int k = 0; k < n; ++k)
        instruction(os, ivs, in);
    }
    if (depth < maxDepth && pick(0, 3) == 0)
      instruction(os, ivs, in);
    ivs.pop_back();
    os << indent << "}\n";
  }

  std::mt19937 rng_;
  std::vector<std::string> params_;
  int nextId_ = 0;
};

// One executed instruction: its id and the values of its addresses.
using Event = std::vector<int64_t>;

// For every parameter value (in order), the executed events in program
// order; approximate predicates are not evaluated (they are hints).
std::vector<std::vector<Event>> trace(const Kernel &k) {
  std::vector<std::vector<Event>> out;
  kernelruns::runKernel(
      k, [&](const std::vector<int64_t> &) { out.emplace_back(); },
      [&](const Instruction &i, const Valuation &val,
          const std::vector<int64_t> &) {
        Event e{i.id};
        for (AffineExpr x : i.dst->indices)
          e.push_back(evaluate(x, val));
        for (const AccessPattern *ap : i.operandAccesses())
          for (AffineExpr x : ap->indices)
            e.push_back(evaluate(x, val));
        out.back().push_back(std::move(e));
      });
  return out;
}

int scale() {
  const char *s = std::getenv("PENGUIN_SOUNDNESS_SCALE");
  int n = s ? std::atoi(s) : 1;
  return n > 0 ? n : 1;
}

TEST(RegenerateLoopsSoundnessTest, ExecutedSequenceIsUnchanged) {
  KernelGenerator gen(26);
  int rounds = 300 * scale(), changed = 0, unchanged = 0, events = 0;
  std::map<std::string, int> reasons; // why trees were left unchanged
  for (int round = 0; round < rounds; ++round) {
    std::string text = gen.generate();
    Module m = parseModule(text);
    ASSERT_TRUE(verifyModule(m).empty()) << text;
    Kernel &k = m.kernels[0];
    std::vector<std::vector<Event>> before = trace(k);
    std::ostringstream explain;
    RegenerateCounters c = regenerateLoops(k, {}, &explain);
    std::string after = printModule(m);
    std::vector<Diagnostic> ds = verifyModule(m);
    ASSERT_TRUE(ds.empty()) << ds[0].str() << "\n" << text << "\n->\n" << after;
    EXPECT_EQ(printModule(parseModule(after)), after);
    EXPECT_EQ(trace(k), before) << text << "\n->\n" << after;
    // Nothing here is beyond the IR but an instruction the generator
    // splits into pieces, or one whose guards meet an else branch.
    EXPECT_EQ(explain.str().find("a bug"), std::string::npos)
        << explain.str() << text;
    std::istringstream lines(explain.str());
    for (std::string line; std::getline(lines, line);) {
      size_t at = line.find("left unchanged: ");
      if (at != std::string::npos)
        ++reasons[line.substr(at + 16)];
    }
    changed += c.treesRegenerated > 0;
    unchanged += int(c.treesUnchanged);
    for (const auto &seq : before)
      events += int(seq.size());
    if (::testing::Test::HasFailure())
      return;
  }
  EXPECT_GT(changed, rounds / 2);
  EXPECT_GT(events, 5000);
  std::cout << "[ regenerate ] " << rounds << " kernels, " << changed
            << " regenerated, " << unchanged << " trees left unchanged, "
            << events << " events compared\n";
  for (const auto &[why, n] : reasons)
    std::cout << "[ regenerate ]   " << n << " x " << why << "\n";
}

} // namespace
