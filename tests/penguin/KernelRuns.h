//===- KernelRuns.h - Running a kernel by brute force in the tests -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The soundness tests judge a pass by running the kernel before and after
// it: every value of the parameters within their bounds, the loops as the
// IR defines them (Loop::range), an instruction executed where its exact
// predicates hold (approximate ones are hints and are not evaluated).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_TESTS_KERNELRUNS_H
#define PENGUIN_TESTS_KERNELRUNS_H

#include "penguin/Kernel.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace penguin::kernelruns {

/// Runs `k` once per value of its parameters (all of them bounded; the
/// first parameter varies slowest): `atParams(values)` before each run,
/// then `executed(instruction, valuation, loopValues)` for every executed
/// instruction in program order (`loopValues` of the enclosing loops,
/// outermost first).
inline void
runKernel(const Kernel &k,
          const std::function<void(const std::vector<int64_t> &)> &atParams,
          const std::function<void(const Instruction &, const Valuation &,
                                   const std::vector<int64_t> &)> &executed) {
  ExprContext &ctx = k.context();
  std::vector<int64_t> pv, ivs;
  Valuation val;
  std::function<void(const std::vector<Stmt> &)> run =
      [&](const std::vector<Stmt> &body) {
        for (const Stmt &s : body) {
          if (const Instruction *i = s.asInstruction()) {
            bool holds = true;
            for (const AffinePredicate &pr : i->predicates)
              if (!pr.isApprox())
                holds = holds && pr.evaluate(val);
            if (holds)
              executed(*i, val, ivs);
          } else if (const Loop *l = s.asLoop()) {
            LoopRange r = l->range(val);
            for (int64_t v = r.first; v < r.end; v += l->stride) {
              val.set(ctx.index(l->iv), v);
              ivs.push_back(v);
              run(l->body);
              ivs.pop_back();
            }
          } else if (const Scope *sc = s.asScope()) {
            run(sc->body);
          }
        }
      };
  std::function<void(size_t)> overParams = [&](size_t p) {
    if (p < k.params.size()) {
      for (int64_t v = *k.params[p].lo; v <= *k.params[p].hi; ++v) {
        pv.push_back(v);
        overParams(p + 1);
        pv.pop_back();
      }
      return;
    }
    val = Valuation();
    for (size_t q = 0; q < k.params.size(); ++q)
      val.set(ctx.param(k.params[q].name), pv[q]);
    atParams(pv);
    run(k.body);
  };
  overParams(0);
}

} // namespace penguin::kernelruns

#endif // PENGUIN_TESTS_KERNELRUNS_H
