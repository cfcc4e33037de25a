// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Int.h"
#include "presburger/BigInt.h"

#include <gtest/gtest.h>

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
