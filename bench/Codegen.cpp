//===- Codegen.cpp - AST generation against isl's -------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Family `codegen`: buildAst (AstBuild.h) against isl's
// isl_ast_build_node_from_schedule_map on the same schedules, named
//
//   codegen/build/<schedule>/ours
//   codegen/build/<schedule>/isl
//
// over compiler-shaped schedules (rectangular, triangular, tiled, skewed,
// multi-statement sequences, strided) and random ones
// (tests/support/RandomSchedules.h, fixed seed). Timing rules as in
// BenchHarness.h: our schedule is parsed once (a value without caches);
// isl's schedule and context are read afresh for every iteration, outside
// the timed region; each side's result is destroyed inside it. The time
// of an iteration is the CPU time of the calling thread over the timed
// region (the machines this runs on are shared: wall time is noise), and
// both sides run the same fixed number of iterations per repetition,
// chosen from one run of ours (about 50 ms of our work per repetition).
//
// Each benchmark carries counters of the code's quality, counted as
// tests/crosscheck/CodegenChecks.cpp counts them: `loops` (for loops that
// are not degenerate), `ifs`, `lines` of the C text. isl gets the padded
// schedule (padSchedule), the same order, as in the cross-check, whose job
// it is to show that both codes run the same instances in time order.
//
//   bench-codegen [Google Benchmark flags]
//   bench-codegen --list      (the schedules, one per line: name, text)
//
// docs/performance.md reports the medians of --benchmark_repetitions=5,
// summarized by bench/summarize.py (the reported "Time" is the manual
// time, i.e. the thread CPU time of the call).
//
//===----------------------------------------------------------------------===//
#include "RandomSchedules.h"

#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"
#include "presburger/Dataflow.h"
#include "presburger/Parser.h"
#include "presburger/UnionRelation.h"

#include <benchmark/benchmark.h>

#ifdef PRESBURGER_BENCH_HAVE_ISL
#include "IslAstCounts.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/union_map.h>
#endif

#include <time.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

using presburger::AstCounts;
using presburger::UnionRelation;

/// CPU seconds of the calling thread.
double threadCpu() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Schedule {
  std::string name; // no '/'
  std::string text;
};

/// The compiler-shaped schedules.
std::vector<Schedule> shapedSchedules() {
  return {
      {"rectangular",
       "[n, m] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j < m }"},
      {"triangular", "[n] -> { S[i, j] -> [i, j] : 0 <= j <= i < n }"},
      {"lu-triangular-3d", "[n] -> { S[k, i, j] -> [k, i, j] : 0 <= k < n "
                           "and k < i < n and k < j < n }"},
      {"tiled-32x32", "[n, m] -> { S[i, j] -> [floor(i/32), floor(j/32), i, "
                      "j] : 0 <= i < n and 0 <= j < m }"},
      {"tiled-triangle", "[n] -> { S[i, j] -> [floor(i/16), floor(j/16), i, "
                         "j] : 0 <= j <= i < n }"},
      {"skewed-wavefront", "[n, m] -> { S[i, j] -> [i + j, j] : 0 <= i < n "
                           "and 0 <= j < m }"},
      {"skewed-stencil", "[T, n] -> { S[t, i] -> [t, 2t + i] : 0 <= t < T "
                         "and 1 <= i < n - 1 }"},
      {"interchanged",
       "[n, m] -> { S[i, j] -> [j, i] : 0 <= i < n and 0 <= j <= i + m }"},
      {"sequence-gemm",
       "[n] -> { init[i, j] -> [i, j, 0, 0] : 0 <= i < n and 0 <= j < n; "
       "upd[i, j, k] -> [i, j, 1, k] : 0 <= i < n and 0 <= j < n and 0 <= "
       "k < n }"},
      {"sequence-three-nests",
       "[n, m] -> { A[i] -> [0, i, 0] : 0 <= i < n; B[i, j] -> [1, i, j] : "
       "0 <= i < n and 0 <= j < m; C[i] -> [2, i, 0] : 0 <= i < m }"},
      {"fused-shifted", "[n] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i + "
                        "1, 1] : 0 <= i < n; U[i] -> [i + 2, 2] : 0 <= i < n "
                        "}"},
      {"strided-two",
       "[n] -> { S[i] -> [i, 0] : 0 <= i < n and i mod 4 = 1; T[i] -> [i, 1] "
       ": 0 <= i < n and i mod 3 = 0 }"},
      {"strided-2d", "[n] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j < "
                     "n and (i + j) mod 2 = 0 }"},
  };
}

/// Random schedules of RandomSchedules.h from a fixed seed.
std::vector<Schedule> randomSchedules(unsigned count) {
  uint64_t state = 20261202;
  auto pick = [&](int lo, int hi) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return lo + int((state >> 33) % uint64_t(hi - lo + 1));
  };
  std::vector<Schedule> out;
  for (unsigned k = 0; k < count; ++k) {
    unsigned stmts = unsigned(pick(1, 3));
    out.push_back(
        {"random-" + std::to_string(k) + "-" + std::to_string(stmts) + "stmt",
         schedules::randomSchedule(pick, stmts)});
  }
  return out;
}

template <typename F>
void add(const std::string &name, benchmark::IterationCount iterations, F f) {
  benchmark::RegisterBenchmark(name.c_str(), std::move(f))
      ->Iterations(iterations)
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond);
}

void setCounts(benchmark::State &state, unsigned loops, unsigned ifs,
               unsigned lines) {
  state.counters["loops"] = loops;
  state.counters["ifs"] = ifs;
  state.counters["lines"] = lines;
}

/// Registers the two sides of `s`; a schedule our engine rejects is
/// reported and skipped.
void registerSchedule(const Schedule &s) {
  std::string base = "codegen/build/" + s.name;
  auto ours = std::make_shared<UnionRelation>();
  AstCounts counts;
  double once = 0;
  try {
    *ours = presburger::parseUnion(s.text);
    double t0 = threadCpu();
    counts = presburger::countAst(presburger::buildAst(*ours));
    once = threadCpu() - t0;
  } catch (const std::exception &e) {
    std::cerr << "bench-codegen: " << base
              << ": our engine failed: " << e.what() << "\n";
    return;
  }
  auto iterations = benchmark::IterationCount(
      std::clamp(0.05 / std::max(once, 1e-7), 1.0, 5000.0));
  add(base + "/ours", iterations, [ours, counts](benchmark::State &state) {
    for (auto _ : state) {
      double t0 = threadCpu();
      {
        presburger::AstNode r = presburger::buildAst(*ours);
        benchmark::DoNotOptimize(r);
      }
      state.SetIterationTime(threadCpu() - t0);
    }
    setCounts(state, counts.loops, counts.ifs, counts.lines);
  });

#ifdef PRESBURGER_BENCH_HAVE_ISL
  // isl reads the padded schedule (the same order), as the cross-check.
  std::string islText = presburger::padSchedule(*ours).toString();
  std::shared_ptr<isl_ctx> ctx(isl_ctx_alloc(), isl_ctx_free);
  isl_union_map *probe =
      isl_union_map_read_from_str(ctx.get(), islText.c_str());
  if (!probe) {
    std::cerr << "bench-codegen: " << base << ": isl cannot read " << islText
              << "\n";
    return;
  }
  isl_set *universe = isl_set_universe(isl_union_map_get_space(probe));
  isl_ast_build *b = isl_ast_build_from_context(universe);
  isl_ast_node *tree = isl_ast_build_node_from_schedule_map(b, probe);
  isl_ast_build_free(b);
  if (!tree) {
    std::cerr << "bench-codegen: " << base << ": isl built no AST\n";
    return;
  }
  crosscheck::IslAstCounts islCounts = crosscheck::countIslAst(tree);
  isl_ast_node_free(tree);
  add(base + "/isl", iterations,
      [ctx, islText, islCounts](benchmark::State &state) {
        for (auto _ : state) {
          // Fresh objects, read outside the timed region (isl caches
          // inside its objects).
          isl_union_map *m =
              isl_union_map_read_from_str(ctx.get(), islText.c_str());
          isl_set *context = isl_set_universe(isl_union_map_get_space(m));
          double t0 = threadCpu();
          {
            isl_ast_build *build = isl_ast_build_from_context(context);
            isl_ast_node *r = isl_ast_build_node_from_schedule_map(build, m);
            benchmark::DoNotOptimize(r);
            isl_ast_node_free(r);
            isl_ast_build_free(build);
          }
          state.SetIterationTime(threadCpu() - t0);
        }
        setCounts(state, islCounts.loops, islCounts.ifs, islCounts.lines);
      });
#endif
}

} // namespace

int main(int argc, char **argv) {
  std::vector<Schedule> all = shapedSchedules();
  for (const Schedule &s : randomSchedules(12))
    all.push_back(s);
  // Only the schedules, to read or to give to other tools.
  if (argc == 2 && std::string(argv[1]) == "--list") {
    for (const Schedule &s : all)
      std::cout << s.name << " " << s.text << "\n";
    return 0;
  }
  for (const Schedule &s : all)
    registerSchedule(s);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
