//===- Reading.cpp - Reading and uniting large literals
//--------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Family `read`: how the cost of reading a literal grows with its size.
// Literals of 128 KB to 8 MB (doubling) of boxes cut by a diagonal (1400
// to 90000 disjuncts), generated from a fixed seed; names as in the other
// families, read/<operation>/<size>MB/{ours,isl}, with bytes_per_second counted
// so that a linear reader shows the same rate at every size:
//
//   set     one space `{ [i, j] : ...; [i, j] : ...; ... }`: parseRelation
//           against isl_set_read_from_str
//   union   the same disjuncts spread over 16 named spaces: parseUnion
//           against isl_union_set_read_from_str
//   unite   two such unions of half the size each, read outside the timed
//           region, united: UnionRelation::unite against
//           isl_union_set_union (the calculator's `A + B`)
//
// Each side checks once, before registering, that it reads the number of
// disjuncts the generator wrote (the boxes are distinct and none inside
// another, so nothing may be dropped).
//
//   bench-reading [Google Benchmark flags]
//
//===----------------------------------------------------------------------===//
#include "presburger/Parser.h"
#include "presburger/UnionRelation.h"

#include <benchmark/benchmark.h>

#ifdef PRESBURGER_BENCH_HAVE_ISL
#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/union_set.h>
#endif

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <string>

namespace {

/// A literal of about `bytes` bytes: boxes lo_i <= i <= lo_i + w_i,
/// lo_j <= j <= lo_j + w_j cut by i + j >= lo_i + lo_j, in `spaces` named
/// spaces (none: one anonymous space), box numbers from `first`. Box k
/// starts at (ak mod p, bk mod q) for large multipliers and primes near
/// 10^9: corners scattered so that two of them closer than the widths
/// (63) are unlikely among 10^5 boxes; the check before registering makes
/// sure that no box is inside another. `count` receives the number of
/// disjuncts.
std::string literal(size_t bytes, unsigned spaces, unsigned first,
                    size_t &count) {
  std::string s = "{ ";
  uint64_t state = 12345;
  count = 0;
  for (unsigned k = first; s.size() < bytes; ++k, ++count) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    unsigned wi = unsigned(state >> 58), wj = unsigned((state >> 52) & 63);
    uint64_t li = (2654435761ull * k) % 1000000007ull,
             lj = (2246822519ull * k) % 998244353ull;
    if (count)
      s += "; ";
    if (spaces)
      s += "S" + std::to_string(k % spaces);
    s += "[i, j] : " + std::to_string(li) +
         " <= i <= " + std::to_string(li + wi) + " and " + std::to_string(lj) +
         " <= j <= " + std::to_string(lj + wj) +
         " and i + j >= " + std::to_string(li + lj);
  }
  return s + " }";
}

size_t disjunctsOf(const presburger::UnionRelation &u) {
  size_t n = 0;
  for (const presburger::Relation &r : u.pieces())
    n += r.numDisjuncts();
  return n;
}

/// Times `f` in CPU time (Google Benchmark's default): reading is one
/// thread's work, and CPU time stays meaningful on a loaded machine where
/// wall time does not.
template <typename F> void timed(benchmark::State &state, size_t bytes, F f) {
  for (auto _ : state)
    f();
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}

void add(const std::string &name, std::function<void(benchmark::State &)> f) {
  benchmark::RegisterBenchmark(name.c_str(), std::move(f))
      ->Unit(benchmark::kMillisecond);
}

void fail(const std::string &name, size_t got, size_t want) {
  std::cerr << "bench-reading: " << name << " read " << got
            << " disjuncts, expected " << want << "\n";
  std::exit(1);
}

#ifdef PRESBURGER_BENCH_HAVE_ISL
isl_ctx *islContext() {
  static isl_ctx *ctx = isl_ctx_alloc();
  return ctx;
}

isl_stat countSet(isl_set *s, void *user) {
  *static_cast<size_t *>(user) += size_t(isl_set_n_basic_set(s));
  isl_set_free(s);
  return isl_stat_ok;
}

size_t islDisjuncts(isl_union_set *u) {
  size_t n = 0;
  isl_union_set_foreach_set(u, countSet, &n);
  return n;
}
#endif

void registerSize(unsigned kb, bool withIsl) {
  (void)withIsl; // Without isl there is no isl side.
  using namespace presburger;
  size_t bytes = size_t(kb) << 10, n0 = 0, n = 0, n1 = 0, n2 = 0;
  std::string base = "read/";
  std::string inst = "/" +
                     (kb % 1024 ? std::to_string(kb) + "KB"
                                : std::to_string(kb / 1024) + "MB") +
                     "/";
  auto one = std::make_shared<std::string>(literal(bytes, 0, 0, n0));
  auto many = std::make_shared<std::string>(literal(bytes, 16, 0, n));
  // The halves use different boxes (k from 0 and from 10^6), so the union
  // keeps every disjunct of both.
  auto half1 = std::make_shared<std::string>(literal(bytes / 2, 16, 0, n1));
  auto half2 =
      std::make_shared<std::string>(literal(bytes / 2, 16, 1000000, n2));
  if (size_t got = parseRelation(*one).numDisjuncts(); got != n0)
    fail("set", got, n0);
  if (size_t got = disjunctsOf(parseUnion(*many)); got != n)
    fail("union", got, n);
  auto a = std::make_shared<UnionRelation>(parseUnion(*half1));
  auto b = std::make_shared<UnionRelation>(parseUnion(*half2));
  if (size_t got = disjunctsOf(a->unite(*b)); got != n1 + n2)
    fail("unite", got, n1 + n2);

  add(base + "set" + inst + "ours", [one](benchmark::State &st) {
    timed(st, one->size(),
          [&] { benchmark::DoNotOptimize(parseRelation(*one)); });
  });
  add(base + "union" + inst + "ours", [many](benchmark::State &st) {
    timed(st, many->size(),
          [&] { benchmark::DoNotOptimize(parseUnion(*many)); });
  });
  add(base + "unite" + inst + "ours", [a, b, bytes](benchmark::State &st) {
    timed(st, bytes, [&] { benchmark::DoNotOptimize(a->unite(*b)); });
  });
#ifdef PRESBURGER_BENCH_HAVE_ISL
  if (!withIsl)
    return;
  isl_ctx *ctx = islContext();
  {
    isl_set *s = isl_set_read_from_str(ctx, one->c_str());
    if (size_t got = s ? size_t(isl_set_n_basic_set(s)) : 0; got != n0)
      fail("isl set", got, n0);
    isl_set_free(s);
  }
  add(base + "set" + inst + "isl", [one](benchmark::State &st) {
    timed(st, one->size(), [&] {
      isl_set_free(isl_set_read_from_str(islContext(), one->c_str()));
    });
  });
  add(base + "union" + inst + "isl", [many](benchmark::State &st) {
    timed(st, many->size(), [&] {
      isl_union_set_free(
          isl_union_set_read_from_str(islContext(), many->c_str()));
    });
  });
  add(base + "unite" + inst + "isl",
      [half1, half2, bytes](benchmark::State &st) {
        for (auto _ : st) {
          // isl's union takes its arguments: fresh ones, read untimed.
          st.PauseTiming();
          isl_union_set *x =
              isl_union_set_read_from_str(islContext(), half1->c_str());
          isl_union_set *y =
              isl_union_set_read_from_str(islContext(), half2->c_str());
          st.ResumeTiming();
          isl_union_set_free(isl_union_set_union(x, y));
        }
        st.SetBytesProcessed(int64_t(st.iterations()) * int64_t(bytes));
      });
  {
    isl_union_set *u = isl_union_set_read_from_str(ctx, many->c_str());
    if (size_t got = islDisjuncts(u); got != n)
      fail("isl union", got, n);
    isl_union_set_free(u);
  }
#endif
}

} // namespace

int main(int argc, char **argv) {
  // isl's reader slows down faster than linearly (1.5 s for 128 KB, 8.6 s
  // for 256 KB: it spends its time comparing basic sets), so its side stops
  // at PRESBURGER_BENCH_READ_ISL_KB (default 256).
  unsigned islMax = 256;
  if (const char *e = std::getenv("PRESBURGER_BENCH_READ_ISL_KB"))
    islMax = unsigned(std::strtoul(e, nullptr, 10));
  for (unsigned kb : {128u, 256u, 512u, 1024u, 2048u, 4096u, 8192u})
    registerSize(kb, kb <= islMax);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
