// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Soundness of memcpy-elimination (and so of buildMapping / rewriteLoadAdds)
// on generated copy kernels: each kernel is simulated on concrete memory
// before and after the pass, for every value of its parameter, and every
// instruction that remains must read exactly the values it read before (the
// trace of each instruction: iteration point and operand values), and every
// memory cell other than those the removed copies wrote must end with the
// same contents. Memory is keyed by allocation cell, not by tensor: tensors
// that name one allocation (`alloc M [..]`) share its cells, an index wraps
// into the allocated shape, and the generator makes kernels that write and
// read the copy's source and destination memory through other tensors,
// before, between and after the copy and its readers. Deterministic seeds;
// PENGUIN_SOUNDNESS_SCALE=N multiplies the number of kernels.
#include "penguin/MemcpyElimination.h"

#include "penguin/Parser.h"
#include "penguin/Printer.h"
#include "penguin/Verify.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace penguin;

namespace {

//===----------------------------------------------------------------------===//
// The simulator
//===----------------------------------------------------------------------===//

struct OutOfBounds {};

/// A memory cell: the allocation ("M" for `alloc M`, the tensor's own name
/// otherwise) and the index wrapped into the allocated shape. Derived here
/// from the tensor declarations alone, independently of the AllocationMap
/// the pass uses.
using Cell = std::pair<std::string, std::vector<int64_t>>;

struct Simulation {
  std::map<Cell, double> memory;
  // instruction id -> one line per execution: point and operand values
  std::map<int64_t, std::vector<std::string>> trace;
  // instruction id -> the cells it wrote
  std::map<int64_t, std::set<Cell>> written;
};

class Simulator {
public:
  Simulator(const Kernel &k, std::map<std::string, int64_t> params)
      : k_(k), params_(std::move(params)) {
    for (const auto &[name, value] : params_)
      vals_.set(k.context().param(name), value);
  }

  Simulation run() {
    body(k_.body);
    return std::move(sim_);
  }

  /// What a cell holds before the kernel runs: distinct per cell.
  static double initial(const Cell &c) {
    double v = double(std::hash<std::string>{}(c.first) % 97) * 1000;
    for (int64_t x : c.second)
      v = v * 7 + double(x);
    return v;
  }

private:
  Cell cell(const AccessPattern &ap) {
    const Tensor *t = k_.findTensor(ap.tensor);
    Cell c{t->allocationName(), {}};
    for (size_t d = 0; d < ap.rank(); ++d) {
      int64_t v = evaluate(ap.indices[d], vals_);
      if (v < 0 || v >= t->shape[d])
        throw OutOfBounds{};
      if (t->allocatedShape)
        v %= (*t->allocatedShape)[d];
      c.second.push_back(v);
    }
    return c;
  }

  double load(const Cell &c) {
    auto it = sim_.memory.find(c);
    return it == sim_.memory.end() ? initial(c) : it->second;
  }

  void body(const std::vector<Stmt> &stmts) {
    for (const Stmt &s : stmts) {
      if (const Instruction *i = s.asInstruction())
        inst(*i);
      else if (const Loop *l = s.asLoop()) {
        LoopRange r = l->range(vals_);
        AffineExpr iv = k_.context().index(l->iv);
        ivs_.push_back(0);
        for (int64_t v = r.first; v < r.end; v += l->stride) {
          vals_.set(iv, v);
          ivs_.back() = v;
          body(l->body);
        }
        ivs_.pop_back();
      } else if (const Scope *sc = s.asScope())
        body(sc->body);
    }
  }

  void inst(const Instruction &i) {
    for (const AffinePredicate &p : i.predicates)
      if (!p.evaluate(vals_))
        return;
    std::ostringstream line;
    for (int64_t v : ivs_)
      line << v << ",";
    line << ":";
    std::vector<double> in;
    for (const Operand &o : i.operands) {
      if (const auto *ap = std::get_if<AccessPattern>(&o))
        in.push_back(load(cell(*ap)));
      else if (const auto *iv = std::get_if<int64_t>(&o))
        in.push_back(double(*iv));
      else
        in.push_back(std::get<double>(o));
      line << " " << in.back();
    }
    sim_.trace[i.id].push_back(line.str());
    if (!i.dst)
      return;
    double out = 0;
    if (i.opcode == kCopyOpcode && in.size() == 1)
      out = in[0];
    else
      for (size_t k = 0; k < in.size(); ++k)
        out += double(k + 2) * in[k] + double(i.opcode.size());
    Cell c = cell(*i.dst);
    sim_.memory[c] = out;
    sim_.written[i.id].insert(c);
  }

  const Kernel &k_;
  std::map<std::string, int64_t> params_;
  Valuation vals_;
  std::vector<int64_t> ivs_;
  Simulation sim_;
};

//===----------------------------------------------------------------------===//
// The generator
//===----------------------------------------------------------------------===//

class Gen {
public:
  explicit Gen(unsigned seed) : rng_(seed) {}
  int pick(int lo, int hi) { // inclusive
    return std::uniform_int_distribution<int>(lo, hi)(rng_);
  }
  bool coin(int percent) { return pick(1, 100) <= percent; }

  /// What the kernel shares: B's allocation with an alias C (and maybe a
  /// wrap-around), A's with an alias D, or A and B in one allocation.
  struct Sharing {
    bool dst = false, src = false, srcInDst = false;
  };

  std::string kernel() { return kernel(Sharing{}); }

  /// A kernel whose sharing is drawn too.
  std::string kernelWithSharedMemory() {
    Sharing sh;
    sh.dst = coin(60);
    sh.srcInDst = coin(20);
    sh.src = !sh.srcInDst && coin(50);
    return kernel(sh);
  }

  std::string kernel(Sharing sh) {
    std::ostringstream k;
    bool param = coin(50);
    k << "kernel g(" << (param ? "param n in [0, 2]" : "") << ") {\n";
    std::string n = param ? "n" : "0";
    // B's shape and the copy.
    int kind = pick(0, 4);
    int R = pick(2, 6), W = pick(2, 5);
    std::string copy;
    std::vector<int64_t> bShape;
    int off = pick(0, 3);
    auto tail = [&](const std::string &iv, int extent) {
      if (!coin(30))
        return std::string();
      int t = pick(0, extent);
      return " if -" + iv + (param && coin(50) ? " - n" : "") + " + " +
             std::to_string(t) + " >= 0";
    };
    int rowsCopied = coin(20) ? pick(1, R) : R; // partial copies
    switch (kind) {
    case 0: // identity
      bShape = {R, W};
      copy = "  for i = 0 to " + std::to_string(rowsCopied) +
             " step 1 {\n    for j = 0 to " + std::to_string(W) +
             " step 1 {\n      s0: B[i, j] = copy(A[i + " +
             std::to_string(off) + ", j + " + n + "])" + tail("i", R) +
             "\n    }\n  }\n";
      break;
    case 1: // transposed
      bShape = {W, R};
      copy = "  for i = 0 to " + std::to_string(rowsCopied) +
             " step 1 {\n    for j = 0 to " + std::to_string(W) +
             " step 1 {\n      s0: B[j, i] = copy(A[i, j + " +
             std::to_string(off) + "])" + tail("j", W) + "\n    }\n  }\n";
      break;
    case 2: // tiled: a flat run of A into rows of B
      bShape = {R, W};
      copy = "  for k = 0 to " + std::to_string(rowsCopied * W) +
             " step 1 {\n    s0: B[floordiv(k, " + std::to_string(W) +
             "), mod(k, " + std::to_string(W) + ")] = copy(A[k + " + n + ", " +
             std::to_string(off) + "])" + tail("k", R * W) + "\n  }\n";
      break;
    case 3: // strided loop packed densely
      bShape = {R * W};
      copy = "  for k = 0 to " + std::to_string(2 * rowsCopied * W) +
             " step 2 {\n    s0: B[floordiv(k, 2)] = copy(A[k + " +
             std::to_string(off) + ", 1])" + tail("k", 2 * R * W) + "\n  }\n";
      break;
    default: // rows of A flattened into B
      bShape = {R * W};
      copy = "  for i = 0 to " + std::to_string(rowsCopied) +
             " step 1 {\n    for j = 0 to " + std::to_string(W) +
             " step 1 {\n      s0: B[" + std::to_string(W) +
             "*i + j] = copy(A[i + " + n + ", j])" + tail("i", R) +
             "\n    }\n  }\n";
      break;
    }
    // A is large enough for every form above (offset + parameter).
    std::vector<int64_t> aShape{2 * R * W + 8, R + W + 8};
    std::vector<int64_t> cShape = bShape; // C's shape: the allocated one
    if (sh.srcInDst && bShape.size() != 2)
      sh.srcInDst = false;
    if (sh.srcInDst)
      sh.dst = sh.src = false;
    if (sh.srcInDst) {
      // A and B in one allocation M shaped like A: the copy moves data
      // inside M (a shift), so it may overwrite cells it or the rewritten
      // loads read.
      k << "  tensor A : f32[" << join(aShape) << "] SBUF alloc M ["
        << join(aShape) << "]\n";
      k << "  tensor B : f32[" << join(bShape) << "] SBUF alloc M ["
        << join(aShape) << "]\n";
    } else {
      if (sh.src) {
        k << "  tensor A : f32[" << join(aShape) << "] SBUF alloc N ["
          << join(aShape) << "]\n";
        k << "  tensor D : f32[" << join(aShape) << "] SBUF alloc N ["
          << join(aShape) << "]\n";
      } else {
        k << "  tensor A : f32[" << join(aShape) << "] DRAM input\n";
      }
      if (sh.dst) {
        // Sometimes the allocation is smaller than B: B wraps onto itself.
        std::vector<int64_t> alloc = bShape;
        if (coin(20))
          alloc[0] = std::max<int64_t>(1, alloc[0] - pick(1, 2));
        k << "  tensor B : f32[" << join(bShape) << "] SBUF alloc M ["
          << join(alloc) << "]\n";
        k << "  tensor C : f32[" << join(alloc) << "] SBUF alloc M ["
          << join(alloc) << "]\n";
        cShape = alloc;
      } else {
        k << "  tensor B : f32[" << join(bShape) << "] SBUF\n";
      }
    }
    k << "  tensor O : f32[" << join(aShape) << "] DRAM output\n";
    // Sometimes B is read before the copy.
    if (coin(20))
      k << "  s7: O[0, 0] = exp(B[0" << (bShape.size() == 2 ? ", 0" : "")
        << "])\n";
    if (sh.dst && coin(30))
      k << "  s12: C[" << someIndex(cShape) << "] = memset(3.0)\n";
    if (sh.dst && coin(20))
      k << "  s13: O[2, 0] = exp(C[" << someIndex(cShape) << "])\n";
    k << copy;
    // Hazards, by name and through the shared allocations.
    if (coin(10))
      k << "  s8: A[1, 1] = memset(0.0)\n";
    if (coin(10))
      k << "  s9: B[0" << (bShape.size() == 2 ? ", 0" : "")
        << "] = memset(1.0)\n";
    if (sh.dst && coin(35))
      k << "  s10: C[" << someIndex(cShape) << "] = memset(2.0)\n";
    if (sh.dst && coin(35))
      k << "  s11: O[1, 1] = exp(C[" << someIndex(cShape) << "])\n";
    if (sh.dst && coin(15))
      k << "  for u = 0 to " << cShape[0] << " step 1 {\n    s16: C[u"
        << (cShape.size() == 2
                ? ", " + std::to_string(pick(0, int(cShape[1]) - 1))
                : "")
        << "] = memset(6.0)\n  }\n";
    if (sh.src && coin(50))
      k << "  s17: D[" << pick(0, 2 * R) << ", " << pick(0, R + W)
        << "] = memset(5.0)\n";
    if (sh.srcInDst && coin(40))
      k << "  s18: A[" << pick(0, R + 3) << ", " << pick(0, W + 2)
        << "] = memset(7.0)\n";
    int loads = pick(1, 2);
    for (int l = 0; l < loads; ++l)
      k << load(l, bShape, n);
    if (sh.dst && coin(20))
      k << "  s14: C[" << someIndex(cShape) << "] = memset(4.0)\n";
    if (sh.dst && coin(20))
      k << "  s15: O[3, 0] = exp(C[" << someIndex(cShape) << "])\n";
    k << "}\n";
    return k.str();
  }

private:
  /// A constant index inside `shape`.
  std::string someIndex(const std::vector<int64_t> &shape) {
    std::string s;
    for (size_t d = 0; d < shape.size(); ++d)
      s += (d ? ", " : "") + std::to_string(pick(0, int(shape[d]) - 1));
    return s;
  }

  static std::string join(const std::vector<int64_t> &v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + std::to_string(v[i]);
    return s;
  }

  // A load nest reading B in bounds (for every parameter value).
  std::string load(int l, const std::vector<int64_t> &shape,
                   const std::string &n) {
    std::string p = "p" + std::to_string(l), q = "q" + std::to_string(l);
    std::string id = std::to_string(l + 1);
    std::string guard = coin(25) ? " if mod(" + p + ", 2) == 0" : "";
    if (shape.size() == 2) {
      int64_t R = shape[0], W = shape[1];
      std::string idx;
      int64_t ur = R, uw = W;
      switch (pick(0, 3)) {
      case 0:
        idx = p + ", " + q;
        break;
      case 1:
        idx = std::to_string(R - 1) + " - " + p + ", " + std::to_string(W - 1) +
              " - " + q;
        break;
      case 2:
        ur = R - 1;
        idx = p + " + 1, " + q;
        break;
      default:
        ur = (R + 1) / 2;
        idx = "2*" + p + ", " + q;
        break;
      }
      return "  for " + p + " = 0 to " + std::to_string(ur) + " step 1 {\n" +
             "    for " + q + " = 0 to " + std::to_string(uw) +
             " step 1 {\n      s" + id + ": O[" + p + ", " + q + "] = add(B[" +
             idx + "], 1.0)" + guard + "\n    }\n  }\n";
    }
    int64_t N = shape[0];
    std::string idx;
    int64_t u = N;
    switch (pick(0, 4)) {
    case 0:
      idx = p;
      break;
    case 1:
      idx = std::to_string(N - 1) + " - " + p;
      break;
    case 2:
      u = N - 2;
      idx = p + " + " + n;
      break;
    case 3:
      u = (N + 1) / 2;
      idx = "2*" + p;
      break;
    default:
      u = 2 * N;
      idx = "floordiv(" + p + ", 2)";
      break;
    }
    return "  for " + p + " = 0 to " + std::to_string(u) + " step 1 {\n" +
           "    s" + id + ": O[" + p + ", 0] = exp(B[" + idx + "])" + guard +
           "\n  }\n";
  }

  std::mt19937 rng_;
};

int scale() {
  const char *s = std::getenv("PENGUIN_SOUNDNESS_SCALE");
  int v = s ? std::atoi(s) : 1;
  return v > 0 ? v : 1;
}

struct Tally {
  int kernels = 0, eliminated = 0, refused = 0, skipped = 0;
};

void checkKernel(const std::string &text, RewriteOptions options, Tally &t) {
  Module before = parseModule(text);
  ASSERT_TRUE(verifyModule(before).empty()) << text;
  Module after = parseModule(text);
  std::vector<MemcpyDecision> ds = eliminateMemcpies(after.kernels[0], options);
  ASSERT_TRUE(verifyModule(after).empty()) << printModule(after);
  std::set<int64_t> removed;
  for (const MemcpyDecision &d : ds)
    if (d.eliminated)
      removed.insert(d.copyId);
  if (removed.empty()) {
    ASSERT_EQ(printModule(after), printModule(before));
  }
  std::vector<int64_t> values{0};
  if (!before.kernels[0].params.empty())
    values = {0, 1, 2};
  ++t.kernels;
  for (int64_t v : values) {
    std::map<std::string, int64_t> params;
    if (!before.kernels[0].params.empty())
      params["n"] = v;
    Simulation s0, s1;
    try {
      s0 = Simulator(before.kernels[0], params).run();
    } catch (const OutOfBounds &) {
      ++t.skipped; // the generated kernel itself reads out of bounds
      return;
    }
    ASSERT_NO_THROW(s1 = Simulator(after.kernels[0], params).run())
        << printModule(after);
    for (const auto &[id, lines] : s1.trace)
      ASSERT_EQ(lines, s0.trace[id])
          << "s" << id << " reads other values (n = " << v << ")\nbefore:\n"
          << text << "after:\n"
          << printModule(after);
    // The final memory: every cell but those the removed copies wrote.
    std::set<Cell> skip;
    for (int64_t id : removed)
      skip.insert(s0.written[id].begin(), s0.written[id].end());
    std::set<Cell> cells;
    for (const Simulation *s : {&s0, &s1})
      for (const auto &[c, value] : s->memory)
        cells.insert(c);
    for (const Cell &c : cells) {
      if (skip.count(c))
        continue;
      auto value = [&](const Simulation &s) {
        auto it = s.memory.find(c);
        return it == s.memory.end() ? Simulator::initial(c) : it->second;
      };
      ASSERT_EQ(value(s1), value(s0))
          << "cell " << c.first << " differs (n = " << v << ")\n"
          << text << "after:\n"
          << printModule(after);
    }
  }
  (removed.empty() ? t.refused : t.eliminated)++;
}

TEST(AccessRewriteSoundnessTest, RewrittenLoadsReadTheSameValues) {
  Tally t;
  for (int k = 0; k < 150 * scale(); ++k) {
    Gen g(unsigned(1000 + k));
    std::string text = g.kernel();
    checkKernel(text, RewriteOptions{}, t);
    if (HasFatalFailure() || HasFailure()) {
      ADD_FAILURE() << "kernel " << k << ":\n" << text;
      return;
    }
  }
  std::cout << "[ tally    ] " << t.kernels << " kernels, " << t.eliminated
            << " eliminated, " << t.refused << " refused, " << t.skipped
            << " skipped\n";
  // Not vacuous: both outcomes happen often.
  EXPECT_GT(t.eliminated, t.kernels / 4) << t.eliminated << "/" << t.kernels;
  EXPECT_GT(t.refused, t.kernels / 10) << t.refused << "/" << t.kernels;
  EXPECT_LT(t.skipped, t.kernels / 10);
}

TEST(AccessRewriteSoundnessTest, QuasiAffineAddressesToo) {
  Tally t;
  RewriteOptions quasi;
  quasi.requireLinear = false;
  for (int k = 0; k < 100 * scale(); ++k) {
    Gen g(unsigned(5000 + k));
    std::string text = g.kernel();
    checkKernel(text, quasi, t);
    if (HasFatalFailure() || HasFailure()) {
      ADD_FAILURE() << "kernel " << k << ":\n" << text;
      return;
    }
  }
  std::cout << "[ tally    ] " << t.kernels << " kernels, " << t.eliminated
            << " eliminated, " << t.refused << " refused, " << t.skipped
            << " skipped\n";
  EXPECT_GT(t.eliminated, t.kernels / 4) << t.eliminated << "/" << t.kernels;
}

// Kernels whose copy's source or destination memory is also reached
// through other tensors of the same allocation (and A and B in one
// allocation): the pass must see those accesses for what they are.
TEST(AccessRewriteSoundnessTest, SharedAllocationsAreMemory) {
  Tally t;
  for (int k = 0; k < 300 * scale(); ++k) {
    Gen g(unsigned(9000 + k));
    std::string text = g.kernelWithSharedMemory();
    checkKernel(text, k % 2 ? RewriteOptions{} : RewriteOptions{false}, t);
    if (HasFatalFailure() || HasFailure()) {
      ADD_FAILURE() << "kernel " << k << ":\n" << text;
      return;
    }
  }
  std::cout << "[ tally    ] " << t.kernels << " kernels, " << t.eliminated
            << " eliminated, " << t.refused << " refused, " << t.skipped
            << " skipped\n";
  EXPECT_GT(t.eliminated, t.kernels / 5) << t.eliminated << "/" << t.kernels;
  EXPECT_GT(t.refused, t.kernels / 5) << t.refused << "/" << t.kernels;
  EXPECT_LT(t.skipped, t.kernels / 10);
}

} // namespace
