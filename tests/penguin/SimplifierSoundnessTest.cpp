// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Soundness of simplify-predicates and shrink-domains on generated kernels:
// loop nests of depth 1 to 3 (random bounds, some symbolic, strides,
// imperfect nesting, scopes), parameters with known bounds, random exact
// predicates (linear, strides, floordiv, ccdiv/ccmod). The set of executed
// iteration points — (instruction, parameter values, loop values) where the
// loops run and every exact predicate holds — must be the same before and
// after each pass. It is checked twice: with the engine (the predicated
// domain of each instruction, before and after, compared by isEqual) and by
// running the loop nest explicitly over every parameter value. With
// overapproximate the new points must contain the old ones.
#include "penguin/PredicateSimplifier.h"

#include "KernelRuns.h"
#include "penguin/Parser.h"
#include "penguin/Printer.h"
#include "penguin/Verify.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace penguin;
using presburger::Relation;

namespace {

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
         << lo + pick(0, 3) << "]";
    }
    os << ") {\n  tensor A : f32[64, 64] DRAM input\n"
          "  tensor B : f32[64, 64] SBUF\n";
    int trees = pick(1, 2);
    std::vector<std::string> ivs;
    for (int t = 0; t < trees; ++t)
      loop(os, 1, pick(1, 3), ivs, "  ");
    os << "}\n";
    return os.str();
  }

private:
  int pick(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng_);
  }

  // A linear expression over the given loop variables and the parameters.
  std::string linear(const std::vector<std::string> &ivs, bool withParams) {
    std::string e = std::to_string(pick(-6, 6));
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
    switch (pick(0, 11)) {
    case 0:
    case 1:
      return iv + " - " + std::to_string(pick(-3, 8)) + " >= 0";
    case 2:
    case 3:
      return "-" + iv + " + " + std::to_string(pick(-3, 10)) + " >= 0";
    case 4:
      return params_.empty()
                 ? iv + " >= 0"
                 : iv + " - " + params_[pick(0, int(params_.size()) - 1)] +
                       " >= 0";
    case 5:
      return "mod(" + iv + " - " + std::to_string(pick(-2, 2)) + ", " +
             std::to_string(pick(2, 4)) + ") == 0";
    case 6:
      return "mod(" + linear(ivs, false) + ", " + std::to_string(pick(2, 4)) +
             ") == 0";
    case 7:
      return "floordiv(" + linear(ivs, true) + ", " +
             std::to_string(pick(2, 3)) + ") + " + std::to_string(pick(-2, 2)) +
             " >= 0";
    case 8:
      return pick(0, 1) ? "ccdiv(" + linear(ivs, false) + ", " +
                              std::to_string(pick(2, 3)) + ", 0) + " +
                              std::to_string(pick(-2, 2)) + " >= 0"
                        : "ccmod(" + linear(ivs, false) + ", " +
                              std::to_string(pick(2, 3)) + ", 1) + 1 >= 0";
    case 9:
      return linear(ivs, true) + " == 0";
    default:
      return linear(ivs, true) + " >= 0";
    }
  }

  void instruction(std::ostream &os, const std::vector<std::string> &ivs,
                   const std::string &indent) {
    os << indent << "s" << nextId_++ << ": B[0, 0] = copy(A[0, 0])";
    int n = pick(0, 6) == 0 ? 0 : pick(1, 3);
    for (int k = 0; k < n; ++k)
      os << (k ? " & " : " if ") << predicate(ivs);
    os << "\n";
  }

  std::string bound(bool upper, int lbHint) {
    if (!params_.empty() && pick(0, 3) == 0)
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
    os << indent << "for " << iv << " = " << bound(false, lb) << " to "
       << bound(true, lb) << " step " << strides[pick(0, 4)] << " {\n";
    ivs.push_back(iv);
    std::string in = indent + "  ";
    if (depth < maxDepth && pick(0, 3) == 0)
      instruction(os, ivs, in);
    if (depth < maxDepth) {
      if (pick(0, 4) == 0) {
        os << in << "scope sc" << nextId_ << " {\n";
        loop(os, depth + 1, maxDepth, ivs, in + "  ");
        os << in << "}\n";
      } else {
        loop(os, depth + 1, maxDepth, ivs, in);
      }
    } else {
      int n = pick(1, 3);
      for (int k = 0; k < n; ++k)
        instruction(os, ivs, in);
    }
    if (depth < maxDepth && pick(0, 4) == 0)
      instruction(os, ivs, in);
    ivs.pop_back();
    os << indent << "}\n";
  }

  std::mt19937 rng_;
  std::vector<std::string> params_;
  int nextId_ = 0;
};

using Point = std::vector<int64_t>; // id, parameter values, loop values

// Runs the kernel: every (instruction, parameters, loop values) executed.
std::set<Point> executedPoints(const Kernel &k) {
  std::set<Point> out;
  std::vector<int64_t> pv;
  kernelruns::runKernel(
      k, [&](const std::vector<int64_t> &values) { pv = values; },
      [&](const Instruction &i, const Valuation &,
          const std::vector<int64_t> &ivs) {
        Point pt{i.id};
        pt.insert(pt.end(), pv.begin(), pv.end());
        pt.insert(pt.end(), ivs.begin(), ivs.end());
        out.insert(pt);
      });
  return out;
}

// The predicated domain of every instruction, by id.
std::map<int64_t, Relation> predicatedDomains(const Kernel &k) {
  std::map<int64_t, Relation> out;
  IntegerSetAnalysis a(k);
  walkInstructions(k, [&](const Instruction &inst, const LoopNest &nest) {
    out.emplace(inst.id, a.predicatedDomain(inst, nest));
  });
  return out;
}

enum class Mode {
  Simplify,
  Shrink,
  ShrinkHull,
  ShrinkThenSimplify,
  Overapprox
};

void transform(Kernel &k, Mode mode, const std::string &text) {
  SimplifierOptions o;
  o.overapproximate = mode == Mode::Overapprox;
  PredicateSimplifier s(k, o);
  switch (mode) {
  case Mode::Simplify:
  case Mode::Overapprox:
    s.simplifyPredicates(k);
    break;
  case Mode::Shrink:
    s.shrinkDomains(k);
    break;
  case Mode::ShrinkThenSimplify:
    s.shrinkDomains(k);
    s.simplifyPredicates(k);
    break;
  case Mode::ShrinkHull:
    for (size_t i = 0; i < k.body.size();) {
      Loop *l = k.body[i].asLoop();
      if (l &&
          s.shrinkDomainConvexHull(*l, {}) == SimplifyOutcome::Eliminated) {
        k.body.erase(k.body.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
      ++i;
    }
    break;
  }
  EXPECT_EQ(s.counters().failures, 0)
      << (s.failures().empty() ? "" : s.failures()[0].message) << "\n"
      << text;
}

struct Tally {
  int kernels = 0, changed = 0, points = 0;
};

// PENGUIN_SOUNDNESS_SCALE=N runs N times as many kernels (a longer campaign).
int scale() {
  const char *s = std::getenv("PENGUIN_SOUNDNESS_SCALE");
  int n = s ? std::atoi(s) : 1;
  return n > 0 ? n : 1;
}

void checkMode(Mode mode, uint32_t seed, int rounds, Tally &tally) {
  rounds *= scale();
  KernelGenerator gen(seed);
  for (int r = 0; r < rounds; ++r) {
    std::string text = gen.generate();
    Module m = parseModule(text);
    ASSERT_TRUE(verifyModule(m).empty()) << text;
    Kernel &k = m.kernels[0];
    std::set<Point> before = executedPoints(k);
    std::map<int64_t, Relation> domsBefore = predicatedDomains(k);
    transform(k, mode, text);
    std::string after = printModule(m);
    ASSERT_TRUE(verifyModule(m).empty()) << text << "\n->\n" << after;
    EXPECT_EQ(printModule(parseModule(after)), after);
    std::set<Point> now = executedPoints(k);
    std::map<int64_t, Relation> domsAfter = predicatedDomains(k);
    ++tally.kernels;
    tally.changed += after != printModule(parseModule(text));
    tally.points += int(before.size());
    if (mode == Mode::Overapprox) {
      EXPECT_TRUE(
          std::includes(now.begin(), now.end(), before.begin(), before.end()))
          << text << "\n->\n"
          << after;
    } else {
      EXPECT_EQ(now, before) << text << "\n->\n" << after;
    }
    for (const auto &[id, dom] : domsBefore) {
      auto it = domsAfter.find(id);
      if (it == domsAfter.end()) {
        EXPECT_TRUE(dom.isEmpty()) << "s" << id << " removed\n"
                                   << text << "\n->\n"
                                   << after;
        continue;
      }
      if (mode == Mode::Overapprox)
        EXPECT_TRUE(dom.isSubsetOf(it->second)) << "s" << id << "\n"
                                                << text << "\n->\n"
                                                << after;
      else
        EXPECT_TRUE(dom.isEqual(it->second)) << "s" << id << "\n"
                                             << text << "\n->\n"
                                             << after;
    }
    if (mode != Mode::Overapprox && mode != Mode::ShrinkHull) {
      // A second run changes nothing. (Not for the convex-hull variant: the
      // bounds of a hull depend on the shape of the sets, which the first
      // run changes, so a second run may tighten further.)
      transform(k, mode, after);
      EXPECT_EQ(printModule(m), after) << text;
    }
    if (::testing::Test::HasFailure())
      return;
  }
}

TEST(SimplifierSoundnessTest, SimplifyPredicatesKeepsExecutedPoints) {
  Tally t;
  checkMode(Mode::Simplify, 11, 120, t);
  EXPECT_GT(t.changed, t.kernels / 4);
  EXPECT_GT(t.points, 1000);
}

TEST(SimplifierSoundnessTest, ShrinkDomainsKeepsExecutedPoints) {
  Tally t;
  checkMode(Mode::Shrink, 23, 120, t);
  EXPECT_GT(t.changed, t.kernels / 4);
}

TEST(SimplifierSoundnessTest, ShrinkDomainConvexHullKeepsExecutedPoints) {
  Tally t;
  checkMode(Mode::ShrinkHull, 37, 60, t);
  EXPECT_GT(t.changed, t.kernels / 5);
}

TEST(SimplifierSoundnessTest, ShrinkThenSimplifyKeepsExecutedPoints) {
  Tally t;
  checkMode(Mode::ShrinkThenSimplify, 41, 80, t);
  EXPECT_GT(t.changed, t.kernels / 4);
}

TEST(SimplifierSoundnessTest, OverapproximateIsASoundSuperset) {
  Tally t;
  checkMode(Mode::Overapprox, 53, 100, t);
  EXPECT_GT(t.changed, t.kernels / 4);
}

} // namespace
