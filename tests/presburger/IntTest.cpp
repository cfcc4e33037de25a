// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Int.h"
#include "presburger/BigInt.h"

#include <gtest/gtest.h>

#include <vector>

using namespace presburger;

namespace {
Int big(const char *s) { return *Int::fromString(s); }
} // namespace

TEST(Int, FloorSemanticsForNegatives) {
  EXPECT_EQ(floorDiv(Int(7), Int(2)), Int(3));
  EXPECT_EQ(floorDiv(Int(-7), Int(2)), Int(-4));
  EXPECT_EQ(floorDiv(Int(7), Int(-2)), Int(-4));
  EXPECT_EQ(floorDiv(Int(-7), Int(-2)), Int(3));
  EXPECT_EQ(ceilDiv(Int(7), Int(2)), Int(4));
  EXPECT_EQ(ceilDiv(Int(-7), Int(2)), Int(-3));
  EXPECT_EQ(ceilDiv(Int(7), Int(-2)), Int(-3));
  EXPECT_EQ(mod(Int(-7), Int(3)), Int(2));
  EXPECT_EQ(mod(Int(7), Int(3)), Int(1));
  EXPECT_EQ(mod(Int(-6), Int(3)), Int(0));
  EXPECT_EQ(mod(Int(7), Int(-3)), Int(-2));
}

TEST(Int, GcdLcm) {
  EXPECT_EQ(gcd(Int(12), Int(-18)), Int(6));
  EXPECT_EQ(gcd(Int(0), Int(0)), Int(0));
  EXPECT_EQ(gcd(Int(0), Int(-5)), Int(5));
  EXPECT_EQ(lcm(Int(4), Int(-6)), Int(12));
  EXPECT_EQ(lcm(Int(4), Int(0)), Int(0));
  Int min = Int(INT64_MIN);
  EXPECT_EQ(gcd(min, min), -min);
  EXPECT_FALSE(gcd(min, min).isSmall());
  EXPECT_EQ(gcd(min, Int(6)), Int(2));
}

TEST(Int, OverflowFallsBackExactly) {
  Int max(INT64_MAX);
  Int sum = max + Int(1);
  EXPECT_FALSE(sum.isSmall());
  EXPECT_EQ(sum.toString(), "9223372036854775808");
  EXPECT_EQ(sum - Int(1), max);
  EXPECT_TRUE((sum - Int(1)).isSmall()); // Normalised back to int64.
  Int min(INT64_MIN);
  EXPECT_EQ((-min).toString(), "9223372036854775808");
  EXPECT_EQ(divExact(min, Int(-1)).toString(), "9223372036854775808");
  EXPECT_EQ(floorDiv(min, Int(-1)).toString(), "9223372036854775808");
  EXPECT_EQ(mod(min, Int(-1)), Int(0));
  Int p = Int(INT64_MAX) * Int(INT64_MAX);
  EXPECT_EQ(p.toString(), "85070591730234615847396907784232501249");
  EXPECT_EQ(divExact(p, Int(INT64_MAX)), max);
  Int acc(3);
  acc *= Int(INT64_MAX);
  EXPECT_EQ(acc.toString(), "27670116110564327421");
  acc -= acc;
  EXPECT_TRUE(acc.isZero());
  Int self(INT64_MAX);
  self += self;
  EXPECT_EQ(self.toString(), "18446744073709551614");
}

TEST(Int, BeyondTwoToTheSixtyThree) {
  Int a = big("123456789012345678901234567890");
  Int b = big("-987654321098765432109876543210");
  EXPECT_EQ((a * b).toString(),
            "-121932631137021795226185032733622923332237463801111263526900");
  EXPECT_EQ(floorDiv(b, a), Int(-9));
  EXPECT_EQ(mod(b, a), big("123456780012345678001234567800"));
  EXPECT_EQ(gcd(a, b), big("9000000000900000000090"));
  EXPECT_TRUE(a > Int(INT64_MAX));
  EXPECT_TRUE(b < Int(INT64_MIN));
  EXPECT_EQ(compare(a, b), 1);
  EXPECT_EQ(toBigInt(a) * 2, toBigInt(a + a));
  EXPECT_EQ(std::hash<Int>()(a),
            std::hash<Int>()(big("123456789012345678901234567890")));
}

TEST(Int, Parse) {
  EXPECT_EQ(Int::fromString("-9223372036854775808"), Int(INT64_MIN));
  EXPECT_TRUE(Int::fromString("-9223372036854775808")->isSmall());
  EXPECT_FALSE(Int::fromString("9223372036854775808")->isSmall());
  EXPECT_EQ(Int::fromString("0042"), Int(42));
  EXPECT_FALSE(Int::fromString(""));
  EXPECT_FALSE(Int::fromString("-"));
  EXPECT_FALSE(Int::fromString("1x"));
  EXPECT_FALSE(Int::fromString("+1"));
}

TEST(Int, CopyAndMoveOfBigValues) {
  Int a = big("100000000000000000000000");
  Int b = a;
  Int c = std::move(b);
  Int d;
  d = c;
  d = Int(5);
  EXPECT_EQ(c, a);
  EXPECT_EQ(d, Int(5));
  d = a;
  EXPECT_EQ(d, a);
  d = d;
  EXPECT_EQ(d, a);
}

// gcd with big operands (Euclid by remainders, then on 64 bits) checked
// against Boost's, on products with known common factors.
TEST(Int, GcdOfBigAndSmallOperands) {
  BigInt two70 = BigInt(1) << 70, two100 = BigInt(1) << 100;
  Int a = fromBigInt(two100 * 3), b = fromBigInt(-two70 * 9);
  EXPECT_EQ(gcd(a, b), fromBigInt(two70 * 3));
  EXPECT_EQ(gcd(b, a), fromBigInt(two70 * 3));
  EXPECT_EQ(gcd(Int(0), b), fromBigInt(two70 * 9));
  EXPECT_EQ(gcd(b, Int(0)), fromBigInt(two70 * 9));
  EXPECT_EQ(gcd(b, Int(-6)), Int(6));
  EXPECT_EQ(gcd(Int(35), fromBigInt(two100 * 5 + 1)),
            fromBigInt(boost::multiprecision::gcd(BigInt(35), two100 * 5 + 1)));
  Int min(INT64_MIN);
  EXPECT_EQ(gcd(min, fromBigInt(two70)), fromBigInt(BigInt(1) << 63));
  EXPECT_EQ(gcd(fromBigInt(two70 + 1), min), Int(1));
  // Big operands whose gcd is big, small, or one.
  BigInt p = (BigInt(1) << 89) - 1; // A Mersenne prime.
  for (int64_t k : {1, 2, 7, 1000003}) {
    BigInt x = p * k * 11, y = p * (k + 1) * 13;
    EXPECT_EQ(gcd(fromBigInt(x), fromBigInt(-y)),
              fromBigInt(boost::multiprecision::gcd(x, y)));
  }
  EXPECT_EQ(gcd(fromBigInt(p), fromBigInt(p + 2)), Int(1));
}

// The three tiers (int64, inline 127-bit, cpp_int) against Boost's integers
// on values around every boundary: 2^63, 2^126 (the end of the inline
// tier), 2^127 and far beyond, with both signs. Every operation must give
// Boost's answer, and equal values must compare and hash alike however
// they were computed.
TEST(Int, TiersAgreeWithBoostAroundEveryBoundary) {
  std::vector<BigInt> values;
  for (int shift : {0, 1, 31, 62, 63, 64, 65, 100, 125, 126, 127, 128, 200})
    for (int delta : {-2, -1, 0, 1, 2}) {
      BigInt v = (BigInt(1) << shift) + delta;
      values.push_back(v);
      values.push_back(-v);
    }
  values.push_back(BigInt(0));
  values.push_back(BigInt(3) * (BigInt(1) << 120) + 12345);
  auto floorQ = [](const BigInt &x, const BigInt &y) {
    BigInt q, r;
    boost::multiprecision::divide_qr(x, y, q, r);
    if (r != 0 && ((r < 0) != (y < 0)))
      q -= 1;
    return q;
  };
  auto ceilQ = [](const BigInt &x, const BigInt &y) {
    BigInt q, r;
    boost::multiprecision::divide_qr(x, y, q, r);
    if (r != 0 && ((r < 0) == (y < 0)))
      q += 1;
    return q;
  };
  for (const BigInt &x : values) {
    Int a = fromBigInt(x);
    ASSERT_EQ(toBigInt(a), x);
    EXPECT_EQ(a.toString(), x.str());
    EXPECT_EQ(toBigInt(-a), BigInt(-x));
    EXPECT_EQ(a.sign(), x.sign());
    EXPECT_EQ(a.isSmall(), x >= INT64_MIN && x <= INT64_MAX);
    EXPECT_EQ(bitLength(a), x == 0 ? 0u : unsigned(msb(abs(x))) + 1);
    for (const BigInt &y : values) {
      Int b = fromBigInt(y);
      SCOPED_TRACE(x.str() + " and " + y.str());
      ASSERT_EQ(toBigInt(a + b), BigInt(x + y));
      ASSERT_EQ(toBigInt(a - b), BigInt(x - y));
      ASSERT_EQ(toBigInt(a * b), BigInt(x * y));
      EXPECT_EQ(compare(a, b), x < y ? -1 : x > y ? 1 : 0);
      EXPECT_EQ(a == b, x == y);
      EXPECT_EQ(toBigInt(gcd(a, b)), boost::multiprecision::gcd(x, y));
      if (y != 0) {
        EXPECT_EQ(toBigInt(floorDiv(a, b)), floorQ(x, y));
        EXPECT_EQ(toBigInt(ceilDiv(a, b)), ceilQ(x, y));
        EXPECT_EQ(toBigInt(mod(a, b)), BigInt(x - y * floorQ(x, y)));
        EXPECT_EQ(toBigInt(divExact(a * b, b)), x);
      }
      // The same value reached another way: same representation, hash.
      Int c = (a + b) - b;
      EXPECT_EQ(c, a);
      EXPECT_EQ(c.isSmall(), a.isSmall());
      EXPECT_EQ(std::hash<Int>()(c), std::hash<Int>()(a));
      Int d = b;
      d = a; // Assignment across tiers, both ways.
      EXPECT_EQ(d, a);
      d += b;
      EXPECT_EQ(toBigInt(d), BigInt(x + y));
      Int e = std::move(d);
      EXPECT_EQ(toBigInt(e), BigInt(x + y));
    }
  }
}
