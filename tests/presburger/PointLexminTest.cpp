// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The lexicographic optimum of parameter-free sets, coordinate by
// coordinate: coordinates whose constraints read only earlier ones (read off
// their bounds), coupled ones (optimized, then tested for integer points),
// parities and strides. Every answer is checked against enumeration.
#include "presburger/Parser.h"
#include "presburger/Relation.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace presburger;

namespace {

constexpr int kLo = -6, kHi = 6;

/// The enumerated lexicographic optimum of `r` in [kLo, kHi]^3 (which holds
/// every point), or nullopt when it is empty.
std::optional<std::vector<int>> enumeratedOptimum(const Relation &r,
                                                  bool maximize) {
  std::optional<std::vector<int>> best;
  for (int x = kLo; x <= kHi; ++x)
    for (int y = kLo; y <= kHi; ++y)
      for (int z = kLo; z <= kHi; ++z) {
        if (!r.containsPoint({Int(x), Int(y), Int(z)}))
          continue;
        std::vector<int> p = {x, y, z};
        if (!best || (maximize ? p > *best : p < *best))
          best = p;
      }
  return best;
}

/// The single point of `opt` (a lexmin or lexmax), found by enumeration.
std::optional<std::vector<int>> pointOf(const Relation &opt) {
  std::optional<std::vector<int>> found;
  for (int x = kLo; x <= kHi; ++x)
    for (int y = kLo; y <= kHi; ++y)
      for (int z = kLo; z <= kHi; ++z)
        if (opt.containsPoint({Int(x), Int(y), Int(z)})) {
          EXPECT_FALSE(found) << "more than one point";
          found = std::vector<int>{x, y, z};
        }
  return found;
}

int pick(std::mt19937 &rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

std::string term(int c, const char *v) {
  return (c < 0 ? " - " : " + ") + std::to_string(c < 0 ? -c : c) + v;
}

/// A random set in the box: per coordinate a random range, then random
/// rows coupling a later coordinate to earlier ones (or not), sometimes an
/// equality fixing z from x, a parity or a stride.
std::string randomSet(std::mt19937 &rng) {
  const char *v[] = {"x", "y", "z"};
  std::vector<std::string> c;
  for (const char *name : v) {
    int lo = pick(rng, kLo, 1), hi = pick(rng, lo, kHi);
    c.push_back(std::to_string(lo) + " <= " + name +
                " <= " + std::to_string(hi));
  }
  for (int k = pick(rng, 0, 3); k > 0; --k) {
    int a = pick(rng, 0, 2), b = pick(rng, 0, 2);
    if (a == b)
      continue;
    int ca = pick(rng, -3, 3), cb = pick(rng, -3, 3);
    if (ca == 0 || cb == 0)
      continue;
    c.push_back("0 <= " + std::to_string(pick(rng, 0, 8)) + term(ca, v[a]) +
                term(cb, v[b]));
  }
  switch (pick(rng, 0, 4)) {
  case 0:
    c.push_back("z = 2x" + term(pick(rng, -2, 2), ""));
    break;
  case 1:
    c.push_back(std::string(v[pick(rng, 0, 2)]) +
                " mod 2 = " + std::to_string(pick(rng, 0, 1)));
    break;
  case 2:
    c.push_back(std::string("exists (e : ") + v[pick(rng, 0, 2)] + " = 3e + " +
                std::to_string(pick(rng, 0, 2)) + ")");
    break;
  default:
    break;
  }
  std::string body;
  for (const std::string &s : c)
    body += (body.empty() ? "" : " and ") + s;
  return "{ [x, y, z] : " + body + " }";
}

} // namespace

TEST(PointLexmin, LaterCoordinatesReadOffTheirBounds) {
  // y reads only x, z nothing: with x at its minimum -2, y >= -(-2) - 1.
  Relation r =
      parseRelation("{ [x, y, z] : -2 <= x <= 3 and x + y >= -1 and y <= 5 and "
                    "1 <= z <= 4 }");
  EXPECT_EQ(pointOf(r.lexmin()), (std::vector<int>{-2, 1, 1}));
  EXPECT_EQ(pointOf(r.lexmax()), (std::vector<int>{3, 5, 4}));
  // z fixed by x through an equality: z = 2x + 1.
  Relation e =
      parseRelation("{ [x, y, z] : 0 <= x <= 2 and 0 <= y <= 1 and z = 2x + 1 "
                    "and z >= 2 }");
  EXPECT_EQ(pointOf(e.lexmin()), (std::vector<int>{1, 0, 3}));
}

TEST(PointLexmin, AnEarlierCoordinateWithoutIntegerCompletion) {
  // x's rational minimum 0 is integral, but x = 0 leaves 2y = 1: no
  // integer y; y reads only x. The optimum moves x on.
  Relation r = parseRelation(
      "{ [x, y, z] : 0 <= x <= 3 and 2y = x + 1 and 0 <= z <= 2 }");
  EXPECT_EQ(pointOf(r.lexmin()), (std::vector<int>{1, 1, 0}));
  // And an interval without an integer: 3y in [x + 1, x + 2] at x = 0.
  Relation s = parseRelation("{ [x, y, z] : 0 <= x <= 3 and x + 1 <= 3y <= "
                             "x + 2 and 0 <= z <= 2 }");
  EXPECT_EQ(pointOf(s.lexmin()), (std::vector<int>{1, 1, 0}));
}

TEST(PointLexmin, RandomSetsAgainstEnumeration) {
  std::mt19937 rng(20261207);
  for (int trial = 0; trial < 300; ++trial) {
    std::string text = randomSet(rng);
    Relation r = parseRelation(text);
    for (bool maximize : {false, true}) {
      Relation opt = maximize ? r.lexmax() : r.lexmin();
      EXPECT_EQ(pointOf(opt), enumeratedOptimum(r, maximize))
          << text << (maximize ? " lexmax" : " lexmin");
    }
  }
}
