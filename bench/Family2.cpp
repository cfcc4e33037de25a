//===- Family2.cpp - Scaling series ---------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Family 2: how cost grows. Each series varies one size and keeps the rest
// small; instance names are <series>-<step> so that the summary prints one
// table per series (summarize.py --series).
//
//   dims-N     N dimensions: a box coupled by x_k + x_{k+1} <= 3B
//   hdims-N    hulls only: two such boxes shifted by 3, N = 2 .. 5
//   cons-M     3 dimensions, M facets around a ball (an M-gon prism)
//   disj-K     a union of K overlapping boxes along a line
//              (also the hulls: convex, polyhedral, simple)
//   coef-C     lattice and bound coefficients of magnitude about 2^C
//              (C = 8 .. 80: beyond 2^32 and beyond 2^63 exercises the
//              transprecision path, int64 overflow falling back to big
//              integers)
//
//   bench-scaling [Google Benchmark flags]
//
//===----------------------------------------------------------------------===//
#include "BenchHarness.h"

#include <cmath>
#include <string>
#include <vector>

namespace {

std::string numbered(const char *prefix, unsigned k) {
  std::string s(prefix);
  s += std::to_string(k);
  return s;
}

std::string join(const std::vector<std::string> &parts, const char *sep) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i)
    s += (i ? sep : "") + parts[i];
  return s;
}

std::string tuple(unsigned d) {
  std::vector<std::string> v;
  for (unsigned k = 0; k < d; ++k)
    v.push_back(numbered("x", k));
  std::string s = "[";
  s += join(v, ", ");
  s += "]";
  return s;
}

void addCase(const std::string &op, const std::string &instance,
             std::vector<std::string> inputs, std::vector<int> ints = {}) {
  bench::registerCase({"f2", op, instance, std::move(inputs), std::move(ints)});
}

/// The constraints of N dimensions in [lo, lo + B), neighbours coupled.
std::string coupledConstraints(unsigned n, int lo, int b) {
  std::vector<std::string> c;
  for (unsigned k = 0; k < n; ++k) {
    std::string x = numbered("x", k);
    c.push_back(std::to_string(lo) + " <= " + x + " < " +
                std::to_string(lo + b));
    if (k + 1 < n)
      c.push_back(x + " + " + numbered("x", k + 1) +
                  " <= " + std::to_string(2 * lo + 3 * b / 2));
  }
  return join(c, " and ");
}

std::string coupledBox(unsigned n, int lo, int b) {
  return "{ " + tuple(n) + " : " + coupledConstraints(n, lo, b) + " }";
}

/// An M-gon of radius r in (x0, x1) (integer normals), times 0 <= x2 < 10.
std::string polygonPrism(unsigned m, int r) {
  std::vector<std::string> c;
  const double pi = 3.14159265358979323846;
  for (unsigned k = 0; k < m; ++k) {
    double a = 2 * pi * k / m;
    int p = int(std::lround(16 * std::cos(a))),
        q = int(std::lround(16 * std::sin(a)));
    int bound = int(std::lround(r * std::sqrt(double(p * p + q * q))));
    c.push_back(std::to_string(p) + "x0 + " + std::to_string(q) +
                "x1 <= " + std::to_string(bound));
  }
  c.push_back("0 <= x2 < 10");
  return "{ [x0, x1, x2] : " + join(c, " and ") + " }";
}

/// K boxes [4k, 4k + 5] x [0, 7] x [k, k + 7]: overlapping neighbours.
std::string boxChain(unsigned k, int shift) {
  std::vector<std::string> parts;
  for (unsigned i = 0; i < k; ++i) {
    int a = 4 * int(i) + shift;
    parts.push_back("[x0, x1, x2] : " + std::to_string(a) +
                    " <= x0 <= " + std::to_string(a + 5) +
                    " and 0 <= x1 <= 7 and " + std::to_string(int(i)) +
                    " <= x2 <= " + std::to_string(int(i) + 7));
  }
  return "{ " + join(parts, "; ") + " }";
}

/// 2^c as a decimal string (c < 128).
std::string pow2(unsigned c) {
  // Decimal doubling, exact for any c.
  std::string digits = "1";
  for (unsigned i = 0; i < c; ++i) {
    int carry = 0;
    for (size_t j = digits.size(); j-- > 0;) {
      int d = (digits[j] - '0') * 2 + carry;
      digits[j] = char('0' + d % 10);
      carry = d / 10;
    }
    if (carry)
      digits.insert(digits.begin(), char('0' + carry));
  }
  return digits;
}

/// A lattice with a huge stride, x0 = C*x1 + 1 with bounds, coupled to x2
/// by another constraint with coefficient C (products exceed 2^(2c)).
std::string bigLatticeConstraints(unsigned c) {
  std::string big = pow2(c);
  return "x0 = " + big + "x1 + 1 and 0 <= x1 <= 20 and 0 <= x2 <= 10 and " +
         big + "x2 - x0 <= " + big + " and x0 + x2 >= 0";
}

std::string bigLattice(unsigned c, const std::string &extra = "") {
  return "{ [x0, x1, x2] : " + bigLatticeConstraints(c) + extra + " }";
}

void registerAll() {
  for (unsigned n : {2u, 4u, 6u, 8u, 12u, 16u}) {
    std::string inst = numbered("dims-", n);
    std::string a = coupledBox(n, 0, 10), b = coupledBox(n, 3, 10);
    addCase("is_empty", inst, {a});
    addCase("intersect", inst, {a, b});
    addCase("subtract", inst, {a, b});
    addCase("is_subset", inst, {a, b});
    addCase("project", inst, {a}, {0, int(n / 2)});
    addCase("lexmin", inst, {a});
    addCase("gist", inst, {a, b});
    std::string body = coupledConstraints(n, 0, 10);
    addCase("coalesce", inst,
            {"{ " + tuple(n) + " : x0 <= 4 and " + body + "; " + tuple(n) +
             " : x0 >= 5 and " + body + " }"});
  }
  // Hulls in growing dimension: two coupled boxes shifted by 3. The hull's
  // facets grow quickly with N: at N = 6 both engines take about 2 s per
  // convex hull, hence a series of its own that stops at 5.
  for (unsigned n = 2; n <= 5; ++n) {
    std::string hull2 = "{ " + tuple(n) + " : " + coupledConstraints(n, 0, 10) +
                        "; " + tuple(n) + " : " + coupledConstraints(n, 3, 10) +
                        " }";
    for (const char *hull : {"convex_hull", "polyhedral_hull", "simple_hull"})
      addCase(hull, numbered("hdims-", n), {hull2});
  }
  for (unsigned m : {4u, 8u, 16u, 32u, 64u}) {
    std::string inst = numbered("cons-", m);
    std::string a = polygonPrism(m, 50), b = polygonPrism(m, 40);
    addCase("is_empty", inst, {a});
    addCase("intersect", inst, {a, b});
    addCase("subtract", inst, {a, b});
    addCase("is_subset", inst, {b, a});
    addCase("project", inst, {a}, {1, 1});
    addCase("lexmin", inst, {a});
    addCase("gist", inst, {b, a});
    addCase("coalesce", inst, {a});
  }
  for (unsigned k : {1u, 2u, 4u, 8u, 16u}) {
    std::string inst = numbered("disj-", k);
    std::string a = boxChain(k, 0), b = boxChain(k, 2);
    addCase("is_empty", inst, {a});
    addCase("intersect", inst, {a, b});
    addCase("union", inst, {a, b});
    addCase("subtract", inst, {a, b});
    addCase("is_subset", inst, {a, b});
    addCase("project", inst, {a}, {1, 1});
    addCase("lexmin", inst, {a});
    addCase("coalesce", inst, {a});
    for (const char *hull : {"convex_hull", "polyhedral_hull", "simple_hull"})
      addCase(hull, inst, {a});
  }
  for (unsigned c : {8u, 16u, 31u, 33u, 48u, 62u, 64u, 80u}) {
    std::string inst = numbered("coef-", c);
    std::string a = bigLattice(c), b = bigLattice(c, " and x1 <= 15");
    addCase("is_empty", inst, {a});
    addCase("intersect", inst, {a, b});
    addCase("subtract", inst, {a, b});
    addCase("is_subset", inst, {b, a});
    addCase("project", inst, {a}, {1, 1});
    addCase("lexmin", inst, {a});
    std::string body = bigLatticeConstraints(c);
    addCase("coalesce", inst,
            {"{ [x0, x1, x2] : " + body + " and x1 <= 10; " +
             "[x0, x1, x2] : " + body + " and x1 >= 11 }"});
  }
}

} // namespace

int main(int argc, char **argv) {
  registerAll();
  return bench::runBenchmarks(argc, argv);
}
