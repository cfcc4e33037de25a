//===- Budget.cpp - CPU time to the stop of the default work budget -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The budget family: hostile cases, operations that run into the engine's
// default work budget (WorkBudget::kDefaultLimit) or come close to it. Each
// case is a calculator statement `R := <operation on variables>;` whose inputs
// are assigned beforehand, outside the timed region; the timed region is the
// statement (one engine operation, with the default budget of its own) and
// the time is the thread's CPU time. The budget promises bounded time, so
// what matters is the worst case: the table printed at the end gives per
// case the median and the largest CPU time, whether the operation stopped
// on the budget, the units it used, and nanoseconds per unit.
//
//   bench-budget [--list] [--reps N] [--only SUBSTRING] [Google Benchmark
//   flags] bench-budget --run NAME     one run of one case, for perf and
//   callgrind
//
// No isl side: isl's operation count is no time bound of the same kind
// (several of these cases run for minutes in isl without its own limit).
//
//===----------------------------------------------------------------------===//
#include "pcalc/Session.h"
#include "presburger/WorkBudget.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using presburger::WorkBudget;

namespace {

struct HostileCase {
  std::string name;
  std::string setup;     // assignments, run before the timed statement
  std::string statement; // the timed statement, `R := ...;`
};

// --- Generators of inputs (deterministic: fixed seeds) ----------------------

std::string vars(unsigned d) {
  std::string s;
  for (unsigned k = 0; k < d; ++k)
    s += (k ? ", x" : "x") + std::to_string(k);
  return s;
}

/// A union of `n` random boxes in `d` dimensions, sides up to `w`.
std::string boxes(unsigned n, unsigned d, unsigned w, unsigned seed) {
  std::mt19937 r(seed);
  std::string s = "{ ";
  for (unsigned i = 0; i < n; ++i) {
    s += (i ? "; S[" : "S[") + vars(d) + "] : ";
    for (unsigned k = 0; k < d; ++k) {
      int a = int(r() % 100), b = a + int(r() % (w + 1));
      s += (k ? " and " : "") + std::to_string(a) + " <= x" +
           std::to_string(k) + " <= " + std::to_string(b);
    }
  }
  return s + " }";
}

/// A random linear form over x0..x(d-1) with coefficients in [-c, c].
std::string form(std::mt19937 &r, unsigned d, int c) {
  std::string s;
  for (unsigned k = 0; k < d; ++k) {
    int a = int(r() % unsigned(2 * c + 1)) - c;
    s += (k ? " + " : "") + std::to_string(a) + "x" + std::to_string(k);
  }
  return s;
}

/// A union of `n` random polytopes in `d` dimensions inside [-50, 50]^d.
std::string polytopes(unsigned n, unsigned d, unsigned facets, unsigned seed) {
  std::mt19937 r(seed);
  std::string s = "{ ";
  for (unsigned i = 0; i < n; ++i) {
    s += (i ? "; [" : "[") + vars(d) + "] : ";
    for (unsigned f = 0; f < facets; ++f)
      s += form(r, d, 3) + " <= " + std::to_string(5 + r() % 36) + " and ";
    for (unsigned k = 0; k < d; ++k)
      s += (k ? " and -50 <= x" : "-50 <= x") + std::to_string(k) + " <= 50";
  }
  return s + " }";
}

/// A random integer of `digits` decimal digits.
std::string hugeNumber(std::mt19937 &r, unsigned digits) {
  std::string s(1, char('1' + r() % 9));
  while (s.size() < digits)
    s += char('0' + r() % 10);
  return s;
}

/// A 4-dimensional set cut by `n` constraints with `digits`-digit
/// coefficients, inside a box.
std::string hugeCoefficients(unsigned n, unsigned digits, unsigned seed) {
  std::mt19937 r(seed);
  std::string s = "{ [x, y, z, w] : ";
  const char *v[] = {"x", "y", "z", "w"};
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned k = 0; k < 4; ++k)
      s += (r() % 2 ? " - " : (k ? " + " : "")) + hugeNumber(r, digits) + v[k];
    s += " <= " + hugeNumber(r, digits) + " and ";
  }
  return s + "-1000 <= x, y, z, w <= 1000 }";
}

/// The market split problem (Cornuejols and Dawande): `m` equations with
/// random coefficients in [0, 99] over `n` 0/1 variables, right-hand side
/// half the row sum. Hard for branch and bound, usually empty.
std::string marketSplit(unsigned m, unsigned n, unsigned seed) {
  std::mt19937 r(seed);
  std::string s = "{ [" + vars(n) + "] : ";
  for (unsigned i = 0; i < m; ++i) {
    int sum = 0;
    for (unsigned k = 0; k < n; ++k) {
      int a = int(r() % 100);
      sum += a;
      s += (k ? " + " : "") + std::to_string(a) + "x" + std::to_string(k);
    }
    s += " = " + std::to_string(sum / 2) + " and ";
  }
  for (unsigned k = 0; k < n; ++k)
    s += (k ? " and 0 <= x" : "0 <= x") + std::to_string(k) + " <= 1";
  return s + " }";
}

/// `n` statements writing A[f(i, j)] under strides, one reader: the flow
/// problem has to order many candidate sources.
std::string flowProblem(unsigned n) {
  std::string w = "{ ", s = "{ ";
  for (unsigned k = 0; k < n; ++k) {
    std::string t = std::to_string(k);
    w += (k ? "; W" : "W") + t + "[i, j] -> A[" + std::to_string(k + 1) +
         "i + " + std::to_string(k % 3 + 1) + "j, j - " + t +
         "i] : 0 <= i, j <= 40 and (i + " + t + "j) mod " +
         std::to_string(k + 2) + " = 1";
    s += "W" + t + "[i, j] -> [i, " + t + ", j]; ";
  }
  s += "R[i, j] -> [i, " + std::to_string(n + 1) + ", j] }";
  return "W := " + w + " }; S := " + s +
         "; Rd := { R[i, j] -> A[2i + j, j - i] : 0 <= i, j <= 40 };";
}

/// A union of `n` polytopes with a stride, in 5 dimensions, and a context
/// of `m` polytopes.
std::string gistProblem(unsigned n, unsigned m) {
  std::mt19937 r(7);
  auto poly = [&](unsigned k) {
    std::string c;
    for (unsigned f = 0; f < k; ++f)
      c += (f ? " and " : "") + form(r, 5, 5) +
           " <= " + std::to_string(10 + r() % 191);
    return c;
  };
  std::string a = "{ ", c = "{ ";
  for (unsigned i = 0; i < n; ++i)
    a += (i ? "; [" : "[") + vars(5) + "] : " + poly(12) +
         " and exists e : x0 + x1 = 3e + " + std::to_string(i % 3);
  for (unsigned i = 0; i < m; ++i)
    c += (i ? "; [" : "[") + vars(5) + "] : " + poly(15);
  return "A := " + a + " }; C := " + c + " };";
}

/// A literal whose formula multiplies out into 3^k disjuncts.
std::string dnfLiteral(unsigned k) {
  std::string s = "{ [x, y, z, w] : ";
  for (unsigned i = 0; i < k; ++i) {
    std::string t = std::to_string(i);
    s += (i ? " and (" : "(") + std::to_string(i + 1) + "x + " + t +
         "y - 3z <= " + std::to_string(3 * i) + " + 2w or " + t + "z + " +
         std::to_string(2 * i + 1) + "w >= " + t +
         " + x or exists e : x - y = " + std::to_string(i + 2) + "e + 1)";
  }
  return s + " }";
}

std::vector<HostileCase> hostileCases() {
  std::vector<HostileCase> c;
  // lexmin of relations with many existentials (congruences as bounds).
  c.push_back({"lexmin/exists-8-strides", "",
               "R := lexmin { [i] -> [j] : exists e1, e2, e3, e4, e5, e6, "
               "e7, e8 : 3e1 + 1 <= j <= 3e1 + 2 and 5e2 + 2 <= j <= 5e2 + 3 "
               "and 7e3 + 3 <= j <= 7e3 + 4 and 11e4 + 4 <= j <= 11e4 + 6 "
               "and 13e5 + 5 <= j <= 13e5 + 7 and 17e6 + 6 <= j <= 17e6 + 9 "
               "and 19e7 + 7 <= j <= 19e7 + 8 and 23e8 + 8 <= j <= 23e8 + 9 "
               "and 0 <= j <= i };"});
  c.push_back({"lexmin/exists-6-coupled", "",
               "R := lexmin { [i] -> [j, k] : exists e1, e2, e3, e4, e5, e6 "
               ": j = 3e1 + 1 + k and k = 5e2 + 2 + j - 2e3 and j + k = 7e3 "
               "+ 3 and 2j - k = 11e4 + 4 + e1 and 0 <= j <= i and 0 <= k "
               "<= i and j + 2k = 13e5 + e6 and 0 <= e6 <= 3 };"});
  c.push_back({"lexmin/exists-10-congruences", "",
               "R := lexmin { [i] -> [j] : exists e1, e2, e3, e4, e5, e6, "
               "e7, e8, e9, e10 : j = 3e1 + 1 and j = 5e2 + 2 and j = 7e3 + "
               "3 and j = 11e4 + 4 and j = 13e5 + 5 and j = 17e6 + 6 and j = "
               "19e7 + 7 and j = 23e8 + 8 and j = 29e9 + 9 and j = 31e10 + 10 "
               "and 0 <= j <= i };"});
  // Big-integer arithmetic: every pivot works on numbers of many limbs.
  c.push_back({"lexmin/coefficients-500-digits",
               "A := " + hugeCoefficients(40, 500, 9) + ";", "R := lexmin A;"});
  c.push_back({"lexmin/coefficients-2000-digits",
               "A := " + hugeCoefficients(40, 2000, 9) + ";",
               "R := lexmin A;"});
  // Subtraction of large unions.
  c.push_back(
      {"subtract/boxes-100-4d",
       "A := " + boxes(100, 4, 30, 1) + "; B := " + boxes(100, 4, 30, 2) + ";",
       "R := A - B;"});
  c.push_back(
      {"subtract/boxes-60-6d",
       "A := " + boxes(60, 6, 30, 1) + "; B := " + boxes(60, 6, 30, 2) + ";",
       "R := A - B;"});
  // Coalescing many disjuncts; equality of a union with its coalesced form.
  c.push_back({"coalesce/boxes-400-3d", "A := " + boxes(400, 3, 30, 3) + ";",
               "R := coalesce A;"});
  c.push_back({"coalesce/polytopes-60-4d",
               "A := " + polytopes(60, 4, 6, 11) + ";", "R := coalesce A;"});
  c.push_back({"is_equal/boxes-200-4d",
               "A := " + boxes(200, 4, 30, 4) + "; B := coalesce A;",
               "R := A = B;"});
  // Hulls in 5 to 7 dimensions.
  c.push_back({"poly/polytopes-4-5d", "A := " + polytopes(4, 5, 7, 5) + ";",
               "R := poly A;"});
  c.push_back({"poly/polytopes-6-6d", "A := " + polytopes(6, 6, 8, 5) + ";",
               "R := poly A;"});
  c.push_back({"poly/polytopes-8-7d", "A := " + polytopes(8, 7, 9, 5) + ";",
               "R := poly A;"});
  c.push_back({"simple_hull/polytopes-12-7d",
               "A := " + polytopes(12, 7, 9, 6) + ";", "R := simple_hull A;"});
  // Integer sampling of hard sets.
  c.push_back({"sample/market-split-4x30",
               "A := " + marketSplit(4, 30, 3) + ";", "R := sample A;"});
  // Transitive closure and powers.
  c.push_back({"closure/3d-params",
               "M := [n] -> { [i, j, k] -> [i + 1, j + 2, k + 3] : 0 <= i, j, "
               "k <= n and i + j mod 5 = 2; [i, j, k] -> [i, j + 1, k - 1] : 0 "
               "<= i, j, k <= n and k mod 7 = 3; [i, j, k] -> [i + 2, j, k + "
               "1] : i <= j <= k <= n; [i, j, k] -> [k, i, j] : 0 <= i <= n };",
               "R := M^+;"});
  c.push_back({"power/2d-17",
               "M := { [i, j] -> [i + 3, j + 5] : 0 <= i, j <= 1000; [i, j] -> "
               "[i + 7, j - 2] : 0 <= i, j <= 1000 and i mod 3 = 1; [i, j] -> "
               "[j, i] : 0 <= i <= j <= 100 };",
               "R := M^17;"});
  // Dataflow with many candidate sources.
  c.push_back(
      {"flow/8-writers", flowProblem(8), "R := last W before Rd under S;"});
  // gist under a big context.
  c.push_back({"gist/6-in-12-5d", gistProblem(6, 12), "R := A % C;"});
  // Parsing: a formula multiplied out, and huge literals.
  c.push_back({"parse/dnf-3^8", "", "R := " + dnfLiteral(8) + ";"});
  c.push_back({"parse/coefficients-2000-digits", "",
               "R := " + hugeCoefficients(100, 2000, 13) + ";"});
  // Cases of the cross-check (tests/crosscheck, seed 1, the case number in
  // the name) that ran for seconds under the previous calibration.
  c.push_back(
      {"crosscheck/lexmin-relation-426",
       "A := [n, m] -> { A[i0, i1] -> S[o0, o1] : -5 <= i0 <= 5 and -5 <= "
       "i1 <= 5 and -5 <= o0 <= 5 and -5 <= o1 <= 5 and -5 <= n <= 5 and -"
       "5 <= m <= 5 and i1 + 3o1 - 2n + 5 > 0 and -3i0 + 3o0 + 2o1 + 2m - "
       "1 >= 0 and i0 + 2i1 + 3o1 - 2n + m + 3 <= 0 and i0 - 3i1 - 2o1 - 2"
       "n - 3 >= 0 or -5 <= i0 <= 5 and -5 <= i1 <= 5 and -5 <= o0 <= 5 an"
       "d -5 <= o1 <= 5 and -5 <= n <= 5 and -5 <= m <= 5 and -o0 + o1 + 2"
       "m + 2 > 0 and 2i0 + 3i1 - 2o0 - 2n + m - 2 <= 0 and (i1 - 2o1 - m "
       "+ 3) mod 4 = 2 };",
       "R := lexmin A;"});
  c.push_back(
      {"crosscheck/convex_hull-174",
       "A := { A[i0, i1, i2] : exists (e0 : floor((-i0 - 3i1 - 2i2 + 3e0 +"
       " 2)/4) >= 0 and -2i1 - 3e0 - 6 <= 0 and 3i1 + 3i2 + 3e0 + 5 >= 0 a"
       "nd floor((-i0 + 3i1 + 3i2 - 3)/4) <= -i0 + i1 + i2 - e0 + 1) };",
       "R := poly A;"});
  c.push_back(
      {"crosscheck/transitive_closure-115",
       "A := { S[i0, i1] -> S[o0, o1] : -3 <= i0 <= 3 and -3 <= i1 <= 3 an"
       "d -3 <= o0 <= 3 and -3 <= o1 <= 3 and -3o0 + 4 >= 0 and -i1 - 2o0 "
       "+ o1 - 4 >= 0 or -3 <= i0 <= 3 and -3 <= i1 <= 3 and -3 <= o0 <= 3"
       " and -3 <= o1 <= 3 and floor((-i0 + 2o0 + o1 + 2)/3) >= -i0 - 2o0 "
       "- o1 + 2 and (-2i1 + o0 - 1) mod 3 = 2 };",
       "R := A^+;"});
  return c;
}

// --- Measurement
// --------------------------------------------------------------

double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct RunResult {
  double cpu = 0;       // seconds of thread CPU time in the statement
  bool stopped = false; // LimitExceeded
  bool failed = false;  // another error (reported)
  uint64_t units = 0;   // used by the statement's last operation
  std::string error;
};

/// Runs the setup, then times the statement.
RunResult runCase(const HostileCase &c) {
  std::ostringstream out, err;
  presburger::calc::Session session(out, err);
  RunResult r;
  if (!session.run(c.setup, "setup")) {
    r.failed = true;
    r.error = err.str();
    return r;
  }
  double start = threadCpuSeconds();
  bool ok = session.run(c.statement, "case");
  r.cpu = threadCpuSeconds() - start;
  // A stopped top-level operation leaves no count behind (WorkBudget.h):
  // the units used were the limit.
  r.units = ok ? WorkBudget::used() : WorkBudget::limit();
  if (!ok) {
    r.error = err.str();
    r.stopped = r.error.find("work budget") != std::string::npos;
    r.failed = !r.stopped;
  }
  return r;
}

struct Summary {
  std::vector<double> cpu;
  bool stopped = false, failed = false;
  uint64_t units = 0;
  std::string error;
};
std::map<std::string, Summary> gSummary;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void printSummary(const std::vector<HostileCase> &cases) {
  std::printf("\nDefault budget %llu units; CPU seconds per case\n",
              (unsigned long long)WorkBudget::kDefaultLimit);
  std::printf("%-34s %8s %8s %8s %12s %8s\n", "case", "median", "max",
              "outcome", "units", "ns/unit");
  double worst = 0;
  std::string worstName;
  for (const HostileCase &c : cases) {
    auto it = gSummary.find(c.name);
    if (it == gSummary.end() || it->second.cpu.empty())
      continue;
    const Summary &s = it->second;
    double med = median(s.cpu),
           mx = *std::max_element(s.cpu.begin(), s.cpu.end());
    if (mx > worst) {
      worst = mx;
      worstName = c.name;
    }
    std::printf("%-34s %8.3f %8.3f %8s %12llu %8.2f\n", c.name.c_str(), med, mx,
                s.failed    ? "error"
                : s.stopped ? "stopped"
                            : "done",
                (unsigned long long)s.units,
                s.units ? 1e9 * med / double(s.units) : 0.0);
    if (s.failed)
      std::printf("  error: %s", s.error.c_str());
  }
  std::printf("worst: %.3f s (%s)\n", worst, worstName.c_str());
}

} // namespace

int main(int argc, char **argv) {
  std::vector<HostileCase> cases = hostileCases();
  unsigned reps = 3;
  std::string only;
  std::vector<char *> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--list") == 0) {
      for (const HostileCase &c : cases)
        std::printf("%s\n", c.name.c_str());
      return 0;
    }
    if (std::strcmp(argv[i], "--run") == 0 && i + 1 < argc) {
      std::string name = argv[++i];
      for (const HostileCase &c : cases)
        if (c.name == name) {
          RunResult r = runCase(c);
          std::printf("%s: %.3f s CPU, %s, %llu units\n%s", name.c_str(), r.cpu,
                      r.failed    ? "error"
                      : r.stopped ? "stopped"
                                  : "done",
                      (unsigned long long)r.units, r.error.c_str());
          return r.failed ? 1 : 0;
        }
      std::fprintf(stderr, "bench-budget: no case '%s' (--list)\n",
                   name.c_str());
      return 2;
    }
    if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
      reps = unsigned(std::strtoul(argv[++i], nullptr, 10));
      continue;
    }
    if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
      only = argv[++i];
      continue;
    }
    rest.push_back(argv[i]);
  }
  for (const HostileCase &c : cases) {
    if (!only.empty() && c.name.find(only) == std::string::npos)
      continue;
    benchmark::RegisterBenchmark(("budget/" + c.name).c_str(),
                                 [&c](benchmark::State &state) {
                                   RunResult r;
                                   for (auto _ : state) {
                                     r = runCase(c);
                                     state.SetIterationTime(r.cpu);
                                   }
                                   Summary &s = gSummary[c.name];
                                   s.cpu.push_back(r.cpu);
                                   s.stopped = r.stopped;
                                   s.failed = r.failed;
                                   s.units = r.units;
                                   s.error = r.error;
                                   state.counters["stopped"] = r.stopped;
                                   state.counters["units"] = double(r.units);
                                   if (r.failed)
                                     state.SetLabel("ERROR");
                                 })
        ->Iterations(1)
        ->Repetitions(int(reps))
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond)
        ->ComputeStatistics("max", [](const std::vector<double> &v) {
          return *std::max_element(v.begin(), v.end());
        });
  }
  int n = int(rest.size());
  benchmark::Initialize(&n, rest.data());
  if (benchmark::ReportUnrecognizedArguments(n, rest.data()))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  printSummary(cases);
  return 0;
}
