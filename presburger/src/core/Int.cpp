//===- Int.cpp - Slow paths of the transprecision integer -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything here runs only when a value does not fit in int64 or an int64
// operation overflowed. Operands that fit in 127 bits (the wide tier) are
// computed on __int128 with overflow checks, without allocation; only what
// overflows that goes to cpp_int. Results are normalised back to the lowest
// tier that holds them, so that every value has one representation and
// big values never linger.
//
//===----------------------------------------------------------------------===//
#include "presburger/Int.h"
#include "presburger/BigInt.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <ostream>

namespace presburger {

namespace {
const int64_t kMin = INT64_MIN;
const int64_t kMax = INT64_MAX;

// __int128 is a GCC and Clang extension (no ISO type has 128 bits).
__extension__ typedef __int128 Wide;
__extension__ typedef unsigned __int128 UWide;
/// The wide tier: [-2^126, 2^126), so that the high word fits the 63 bits
/// of the tagged representation word and negation never overflows.
constexpr Wide kWideMax = (Wide(1) << 126) - 1;
constexpr Wide kWideMin = -(Wide(1) << 126);

bool fitsInt64(Wide w) { return w >= Wide(kMin) && w <= Wide(kMax); }
bool fitsWide(Wide w) { return w >= kWideMin && w <= kWideMax; }

/// |w|, for any 128-bit w (in unsigned arithmetic: -2^127 has one).
UWide magnitude(Wide w) { return w < 0 ? UWide(0) - UWide(w) : UWide(w); }

/// The BigInt of a 128-bit value.
BigInt bigOfWide(Wide w) {
  UWide m = magnitude(w);
  BigInt b = uint64_t(m >> 64);
  b <<= 64;
  b += uint64_t(m);
  return w < 0 ? BigInt(-b) : b;
}
} // namespace

namespace detail {
struct BigIntBox {
  BigInt value;
};

/// The tiers of Int beyond int64 (see Int.h for the encoding).
struct IntRep {
  static bool isWide(const Int &v) { return (v.big_ & 1) != 0; }
  static bool isBoxed(const Int &v) { return v.big_ != 0 && !isWide(v); }
  static BigIntBox *box(const Int &v) {
    return reinterpret_cast<BigIntBox *>(v.big_);
  }
  static const BigInt &boxed(const Int &v) { return box(v)->value; }

  /// The value as 128 bits when it is small or wide.
  static bool readWide(const Int &v, Wide &out) {
    if (v.big_ == 0) {
      out = v.small_;
      return true;
    }
    if (!isWide(v))
      return false;
    int64_t hi = int64_t(v.big_) >> 1; // Arithmetic: the sign comes back.
    out = Wide(hi) * (Wide(1) << 64) + Wide(uint64_t(v.small_));
    return true;
  }

  /// Frees a box held by `v` (nothing for the other tiers); v becomes 0.
  static void release(Int &v) {
    if (isBoxed(v))
      delete box(v);
    v.big_ = 0;
    v.small_ = 0;
  }

  /// Makes `v` (holding no box) hold `w`, which fits the wide tier.
  static void setWide(Int &v, Wide w) {
    if (fitsInt64(w)) {
      v.small_ = int64_t(w);
      v.big_ = 0;
      return;
    }
    v.small_ = int64_t(uint64_t(UWide(w)));
    int64_t hi = int64_t(w >> 64); // In [-2^62, 2^62).
    v.big_ = (uintptr_t(hi) << 1) | 1;
  }

  /// `w` in the lowest tier that holds it.
  static Int ofWide(Wide w) {
    Int r;
    if (fitsWide(w))
      setWide(r, w);
    else
      assignBig(r, bigOfWide(w));
    return r;
  }

  /// Makes `v` hold the value `x`, in the lowest tier that holds it.
  template <typename B> static void assignBig(Int &v, B &&x) {
    static const BigInt wideMin = bigOfWide(kWideMin),
                        wideMax = bigOfWide(kWideMax);
    if (x >= wideMin && x <= wideMax) {
      BigInt m = abs(x);
      UWide u = (UWide(uint64_t(BigInt(m >> 64))) << 64) |
                UWide(uint64_t(BigInt(m & BigInt(~uint64_t(0)))));
      Wide w = x.sign() < 0 ? -Wide(u) : Wide(u);
      release(v);
      setWide(v, w);
      return;
    }
    if (isBoxed(v)) {
      box(v)->value = std::forward<B>(x);
      v.small_ = 0;
      return;
    }
    v.big_ = reinterpret_cast<uintptr_t>(new BigIntBox{std::forward<B>(x)});
    v.small_ = 0;
  }
};
} // namespace detail

using detail::IntRep;

BigInt toBigInt(const Int &v) {
  Wide w;
  if (IntRep::readWide(v, w))
    return v.isSmall() ? BigInt(v.getSmall()) : bigOfWide(w);
  return IntRep::boxed(v);
}

Int fromBigInt(const BigInt &v) {
  if (v >= kMin && v <= kMax)
    return Int(static_cast<int64_t>(v));
  Int result;
  IntRep::assignBig(result, v);
  return result;
}

namespace {
/// The big value of an Int without copying it when it is boxed (the slow
/// paths ran on copies of both operands: an allocation each).
class BigRef {
public:
  explicit BigRef(const Int &v) {
    if (IntRep::isBoxed(v)) {
      p_ = &IntRep::boxed(v);
    } else {
      tmp_ = toBigInt(v);
      p_ = &tmp_;
    }
  }
  const BigInt &operator*() const { return *p_; }

private:
  BigInt tmp_;
  const BigInt *p_;
};

/// Accounts the work of one big-integer operation on `a` and `b` to the
/// work budget (docs/engine.md, "Errors and budgets"): kBigOpUnits for the
/// allocation and dispatch, plus the limb operations of the schoolbook
/// algorithm. Accounted, not charged: a row operation is never interrupted
/// midway (WorkBudget::account); the next charge sees the units. Operations
/// of the wide tier cost a few instructions and are not accounted.
constexpr uint64_t kBigOpUnits = 8;
enum class LimbCost { Sum, Product, Quotient };
void accountBig(const BigInt &a, const BigInt &b, LimbCost cost) {
  uint64_t la = a.backend().size(), lb = b.backend().size();
  uint64_t limbs = cost == LimbCost::Sum ? std::max(la, lb)
                   : cost == LimbCost::Product
                       ? la * lb
                       : lb * (la >= lb ? la - lb + 1 : 1);
  WorkBudget::account(kBigOpUnits + limbs);
}

/// fromBigInt for a temporary: moves it into the result when it is big.
Int fromBigTemp(BigInt &&v) {
  if (v >= kMin && v <= kMax)
    return Int(static_cast<int64_t>(v));
  Int result;
  IntRep::assignBig(result, std::move(v));
  return result;
}

/// Both operands as 128 bits, when both are small or wide.
bool readBoth(const Int &a, const Int &b, Wide &x, Wide &y) {
  return IntRep::readWide(a, x) && IntRep::readWide(b, y);
}
} // namespace

Int::Int(unsigned long v) : small_(0), big_(0) {
  IntRep::setWide(*this, Wide(v));
}

Int::Int(unsigned long long v) : small_(0), big_(0) {
  IntRep::setWide(*this, Wide(v));
}

void Int::copyBigFrom(const Int &o) {
  if (IntRep::isWide(o)) {
    big_ = o.big_;
    return;
  }
  big_ = reinterpret_cast<uintptr_t>(new detail::BigIntBox{IntRep::boxed(o)});
}

void Int::assignSlow(const Int &o) {
  if (IntRep::isBoxed(o)) {
    IntRep::assignBig(*this, IntRep::boxed(o));
    return;
  }
  IntRep::release(*this);
  small_ = o.small_;
  big_ = o.big_;
}

void Int::freeBig() { IntRep::release(*this); }

int Int::signSlow() const {
  if (IntRep::isWide(*this))
    return int64_t(big_) < 0 ? -1 : 1; // Never 0: zero is small.
  return IntRep::boxed(*this).sign();
}

unsigned bitLength(const Int &v) {
  Wide w;
  if (IntRep::readWide(v, w)) {
    UWide m = magnitude(w);
    uint64_t hi = uint64_t(m >> 64), lo = uint64_t(m);
    if (hi != 0)
      return 128 - unsigned(__builtin_clzll(hi));
    return lo == 0 ? 0 : 64 - unsigned(__builtin_clzll(lo));
  }
  // The magnitude's limbs, most significant last (64 bits each).
  const auto &b = IntRep::boxed(v).backend();
  unsigned n = unsigned(b.size());
  uint64_t top = uint64_t(b.limbs()[n - 1]);
  if (top == 0)
    return n == 1 ? 0 : (n - 1) * 64;
  return (n - 1) * 64 + 64 - unsigned(__builtin_clzll(top));
}

int Int::compareSlow(const Int &a, const Int &b) {
  Wide x, y;
  if (readBoth(a, b, x, y))
    return (x > y) - (x < y);
  int c = (*BigRef(a)).compare(*BigRef(b));
  return (c > 0) - (c < 0);
}

Int Int::addSlow(const Int &a, const Int &b) {
  Wide x, y, r;
  if (readBoth(a, b, x, y) && !__builtin_add_overflow(x, y, &r))
    return IntRep::ofWide(r);
  BigRef u(a), v(b);
  accountBig(*u, *v, LimbCost::Sum);
  return fromBigTemp(*u + *v);
}
Int Int::subSlow(const Int &a, const Int &b) {
  Wide x, y, r;
  if (readBoth(a, b, x, y) && !__builtin_sub_overflow(x, y, &r))
    return IntRep::ofWide(r);
  BigRef u(a), v(b);
  accountBig(*u, *v, LimbCost::Sum);
  return fromBigTemp(*u - *v);
}
Int Int::mulSlow(const Int &a, const Int &b) {
  Wide x, y, r;
  if (readBoth(a, b, x, y) && !__builtin_mul_overflow(x, y, &r))
    return IntRep::ofWide(r);
  BigRef u(a), v(b);
  accountBig(*u, *v, LimbCost::Product);
  return fromBigTemp(*u * *v);
}
Int Int::negSlow(const Int &a) {
  Wide x;
  if (IntRep::readWide(a, x))
    return IntRep::ofWide(-x); // |x| <= 2^126: no overflow.
  return fromBigTemp(-*BigRef(a));
}

namespace {
/// floor or ceiling of x / y on 128 bits; y != 0, no overflow (the wide
/// tier keeps |x| <= 2^126).
Wide roundedQuotient(Wide x, Wide y, bool up) {
  Wide q = x / y, r = x % y;
  if (r != 0 && ((r < 0) != (y < 0)) != up)
    q += up ? 1 : -1;
  return q;
}
} // namespace

Int Int::divTruncSlow(const Int &a, const Int &b) {
  Wide x, y;
  if (readBoth(a, b, x, y))
    return IntRep::ofWide(x / y);
  BigRef u(a), v(b);
  accountBig(*u, *v, LimbCost::Quotient);
  return fromBigTemp(*u / *v);
}

Int Int::floorDivSlow(const Int &a, const Int &b) {
  Wide x, y;
  if (readBoth(a, b, x, y))
    return IntRep::ofWide(roundedQuotient(x, y, /*up=*/false));
  BigRef u(a), v(b);
  accountBig(*u, *v, LimbCost::Quotient);
  BigInt q, r;
  boost::multiprecision::divide_qr(*u, *v, q, r);
  if (r != 0 && ((r < 0) != (*v < 0)))
    q -= 1;
  return fromBigTemp(std::move(q));
}

Int Int::ceilDivSlow(const Int &a, const Int &b) {
  Wide x, y;
  if (readBoth(a, b, x, y))
    return IntRep::ofWide(roundedQuotient(x, y, /*up=*/true));
  BigRef u(a), v(b);
  accountBig(*u, *v, LimbCost::Quotient);
  BigInt q, r;
  boost::multiprecision::divide_qr(*u, *v, q, r);
  if (r != 0 && ((r < 0) == (*v < 0)))
    q += 1;
  return fromBigTemp(std::move(q));
}

namespace {
int64_t gcdSmall(int64_t a, int64_t b) {
  // Work on unsigned magnitudes so that INT64_MIN is handled.
  uint64_t x = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint64_t y = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  while (y != 0) {
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  // x can only exceed kMax when both inputs were INT64_MIN or one was and
  // the other 0; the caller handles that case.
  return static_cast<int64_t>(x);
}

/// gcd of two magnitudes of at most 2^126: Euclid on 128 bits while the
/// smaller does not fit 64, then on 64 bits.
UWide gcdWide(UWide x, UWide y) {
  if (x < y)
    std::swap(x, y);
  while (y >> 64 != 0) {
    UWide t = x % y;
    x = y;
    y = t;
  }
  if (y == 0)
    return x;
  uint64_t b = uint64_t(y), a = uint64_t(x % y);
  while (a != 0) {
    uint64_t t = b % a;
    b = a;
    a = t;
  }
  return b;
}
} // namespace

Int gcd(const Int &a, const Int &b) {
  if (a.isSmall() && b.isSmall() && a.getSmall() != kMin &&
      b.getSmall() != kMin)
    return Int(gcdSmall(a.getSmall(), b.getSmall()));
  Wide x, y;
  if (readBoth(a, b, x, y))
    return IntRep::ofWide(Wide(gcdWide(magnitude(x), magnitude(y))));
  if (a.isZero())
    return abs(b);
  if (b.isZero())
    return abs(a);
  // One small operand: one remainder brings the other one down.
  const Int *small = a.isSmall() && !b.isSmall()   ? &a
                     : b.isSmall() && !a.isSmall() ? &b
                                                   : nullptr;
  if (small && small->getSmall() != kMin) {
    const Int &big = small == &a ? b : a;
    int64_t s = small->getSmall();
    uint64_t m =
        s < 0 ? 0 - static_cast<uint64_t>(s) : static_cast<uint64_t>(s);
    BigRef bigValue(big);
    WorkBudget::account(kBigOpUnits + (*bigValue).backend().size());
    BigInt r = *bigValue % m; // |r| < m <= INT64_MAX.
    return Int(gcdSmall(s, static_cast<int64_t>(abs(r))));
  }
  // Euclid by remainders while both are big (Boost's binary gcd costs a
  // multi-limb subtraction per bit), then on 64 bits.
  BigInt u = abs(*BigRef(a)), v = abs(*BigRef(b));
  if (u < v)
    u.swap(v);
  const BigInt limit = BigInt(kMax);
  while (v > limit) {
    accountBig(u, v, LimbCost::Quotient);
    u %= v;
    u.swap(v);
  }
  if (v.is_zero())
    return fromBigTemp(std::move(u));
  int64_t vs = static_cast<int64_t>(v);
  uint64_t r = static_cast<uint64_t>(u % static_cast<uint64_t>(vs));
  return Int(gcdSmall(vs, static_cast<int64_t>(r)));
}

Int lcm(const Int &a, const Int &b) {
  if (a.isZero() || b.isZero())
    return Int(0);
  Int g = gcd(a, b);
  return abs(divExact(a, g) * b);
}

double Int::toDouble() const {
  Wide w;
  if (IntRep::readWide(*this, w))
    return static_cast<double>(w);
  return IntRep::boxed(*this).convert_to<double>();
}

std::string Int::toString() const {
  if (!big_)
    return std::to_string(small_);
  return toBigInt(*this).str();
}

std::optional<Int> Int::fromString(std::string_view text) {
  size_t pos = 0;
  bool negative = false;
  if (pos < text.size() && text[pos] == '-') {
    negative = true;
    ++pos;
  }
  if (pos == text.size())
    return std::nullopt;
  for (size_t i = pos; i < text.size(); ++i)
    if (text[i] < '0' || text[i] > '9')
      return std::nullopt;
  // Accumulate in int64 while it fits; switch to a big integer otherwise.
  int64_t acc = 0;
  size_t i = pos;
  for (; i < text.size(); ++i) {
    int64_t digit = text[i] - '0';
    int64_t next;
    if (__builtin_mul_overflow(acc, 10, &next) ||
        __builtin_sub_overflow(next, digit, &next))
      break;
    acc = next; // Accumulated negatively so that INT64_MIN is reachable.
  }
  if (i == text.size()) {
    if (negative)
      return Int(acc);
    if (acc == kMin)
      return fromBigInt(-BigInt(acc));
    return Int(-acc);
  }
  // Skip leading zeros: cpp_int would take a leading 0 for an octal prefix.
  std::string_view digits = text.substr(pos);
  size_t firstNonZero = digits.find_first_not_of('0');
  if (firstNonZero != std::string_view::npos)
    digits = digits.substr(firstNonZero);
  BigInt big{std::string(digits)};
  return fromBigInt(negative ? BigInt(-big) : big);
}

size_t Int::hash() const {
  if (!big_)
    return std::hash<int64_t>()(small_);
  // One representation per value: the words of a wide value, the digits of
  // a big one.
  if (IntRep::isWide(*this))
    return std::hash<int64_t>()(small_) * 31 + std::hash<uintptr_t>()(big_);
  return std::hash<std::string>()(IntRep::boxed(*this).str());
}

std::ostream &operator<<(std::ostream &os, const Int &v) {
  return os << v.toString();
}

} // namespace presburger
