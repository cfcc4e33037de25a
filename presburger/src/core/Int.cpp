//===- Int.cpp - Slow paths of the transprecision integer -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything here runs only when a value does not fit in int64 or an int64
// operation overflowed. Results are normalised back to the small form
// whenever they fit, so that big values never linger.
//
//===----------------------------------------------------------------------===//
#include "presburger/Int.h"
#include "presburger/BigInt.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <ostream>

namespace presburger {
namespace detail {
struct BigIntBox {
  BigInt value;

  static const BigInt &of(const Int &v) { return v.big_->value; }
  /// Makes `v` hold the big value `x` (whether or not it fits in int64).
  static void assign(Int &v, const BigInt &x) {
    if (v.big_)
      v.big_->value = x;
    else
      v.big_ = new BigIntBox{x};
    v.small_ = 0;
  }
  static void assign(Int &v, BigInt &&x) {
    if (v.big_)
      v.big_->value = std::move(x);
    else
      v.big_ = new BigIntBox{std::move(x)};
    v.small_ = 0;
  }
};
} // namespace detail

namespace {
const int64_t kMin = INT64_MIN;
const int64_t kMax = INT64_MAX;
} // namespace

BigInt toBigInt(const Int &v) {
  if (auto s = v.toInt64())
    return BigInt(*s);
  return detail::BigIntBox::of(v);
}

Int fromBigInt(const BigInt &v) {
  if (v >= kMin && v <= kMax)
    return Int(static_cast<int64_t>(v));
  Int result;
  detail::BigIntBox::assign(result, v);
  return result;
}

namespace {
/// The big value of an Int without copying it when it is big (the slow
/// paths ran on copies of both operands: an allocation each).
class BigRef {
public:
  explicit BigRef(const Int &v) {
    if (v.isSmall()) {
      tmp_ = v.getSmall();
      p_ = &tmp_;
    } else {
      p_ = &detail::BigIntBox::of(v);
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
/// midway (WorkBudget::account); the next charge sees the units.
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
  detail::BigIntBox::assign(result, std::move(v));
  return result;
}
} // namespace

Int::Int(unsigned long v) : small_(0), big_(nullptr) {
  if (v <= static_cast<unsigned long>(kMax))
    small_ = static_cast<int64_t>(v);
  else
    detail::BigIntBox::assign(*this, BigInt(v));
}

Int::Int(unsigned long long v) : small_(0), big_(nullptr) {
  if (v <= static_cast<unsigned long long>(kMax))
    small_ = static_cast<int64_t>(v);
  else
    detail::BigIntBox::assign(*this, BigInt(v));
}

void Int::copyBigFrom(const Int &o) {
  big_ = new detail::BigIntBox{o.big_->value};
}

void Int::assignSlow(const Int &o) {
  if (o.big_) {
    detail::BigIntBox::assign(*this, o.big_->value);
  } else {
    freeBig();
    small_ = o.small_;
  }
}

void Int::freeBig() {
  delete big_;
  big_ = nullptr;
}

int Int::signSlow() const { return big_->value.sign(); }

unsigned bitLength(const Int &v) {
  if (std::optional<int64_t> s = v.toInt64()) {
    uint64_t m = *s < 0 ? 0 - uint64_t(*s) : uint64_t(*s);
    return m == 0 ? 0 : 64 - unsigned(__builtin_clzll(m));
  }
  // The magnitude's limbs, most significant last (64 bits each).
  const auto &b = detail::BigIntBox::of(v).backend();
  unsigned n = unsigned(b.size());
  uint64_t top = uint64_t(b.limbs()[n - 1]);
  if (top == 0)
    return n == 1 ? 0 : (n - 1) * 64;
  return (n - 1) * 64 + 64 - unsigned(__builtin_clzll(top));
}

int Int::compareSlow(const Int &a, const Int &b) {
  int c = (*BigRef(a)).compare(*BigRef(b));
  return (c > 0) - (c < 0);
}

Int Int::addSlow(const Int &a, const Int &b) {
  BigRef x(a), y(b);
  accountBig(*x, *y, LimbCost::Sum);
  return fromBigTemp(*x + *y);
}
Int Int::subSlow(const Int &a, const Int &b) {
  BigRef x(a), y(b);
  accountBig(*x, *y, LimbCost::Sum);
  return fromBigTemp(*x - *y);
}
Int Int::mulSlow(const Int &a, const Int &b) {
  BigRef x(a), y(b);
  accountBig(*x, *y, LimbCost::Product);
  return fromBigTemp(*x * *y);
}
Int Int::negSlow(const Int &a) { return fromBigTemp(-*BigRef(a)); }

Int Int::divTruncSlow(const Int &a, const Int &b) {
  BigRef x(a), y(b);
  accountBig(*x, *y, LimbCost::Quotient);
  return fromBigTemp(*x / *y);
}

Int Int::floorDivSlow(const Int &a, const Int &b) {
  BigRef x(a), y(b);
  accountBig(*x, *y, LimbCost::Quotient);
  BigInt q, r;
  boost::multiprecision::divide_qr(*x, *y, q, r);
  if (r != 0 && ((r < 0) != (*y < 0)))
    q -= 1;
  return fromBigTemp(std::move(q));
}

Int Int::ceilDivSlow(const Int &a, const Int &b) {
  BigRef x(a), y(b);
  accountBig(*x, *y, LimbCost::Quotient);
  BigInt q, r;
  boost::multiprecision::divide_qr(*x, *y, q, r);
  if (r != 0 && ((r < 0) == (*y < 0)))
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
} // namespace

Int gcd(const Int &a, const Int &b) {
  if (a.isSmall() && b.isSmall() && a.getSmall() != kMin &&
      b.getSmall() != kMin)
    return Int(gcdSmall(a.getSmall(), b.getSmall()));
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
    WorkBudget::account(kBigOpUnits +
                        detail::BigIntBox::of(big).backend().size());
    BigInt r = detail::BigIntBox::of(big) % m; // |r| < m <= INT64_MAX.
    return Int(gcdSmall(s, static_cast<int64_t>(abs(r))));
  }
  // Euclid by remainders while both are big (Boost's binary gcd costs a
  // multi-limb subtraction per bit), then on 64 bits.
  BigInt x = abs(*BigRef(a)), y = abs(*BigRef(b));
  if (x < y)
    x.swap(y);
  const BigInt limit = BigInt(kMax);
  while (y > limit) {
    accountBig(x, y, LimbCost::Quotient);
    x %= y;
    x.swap(y);
  }
  if (y.is_zero())
    return fromBigTemp(std::move(x));
  int64_t ys = static_cast<int64_t>(y);
  uint64_t r = static_cast<uint64_t>(x % static_cast<uint64_t>(ys));
  return Int(gcdSmall(ys, static_cast<int64_t>(r)));
}

Int lcm(const Int &a, const Int &b) {
  if (a.isZero() || b.isZero())
    return Int(0);
  Int g = gcd(a, b);
  return abs(divExact(a, g) * b);
}

double Int::toDouble() const {
  if (!big_)
    return static_cast<double>(small_);
  return big_->value.convert_to<double>();
}

std::string Int::toString() const {
  if (!big_)
    return std::to_string(small_);
  return big_->value.str();
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
  return std::hash<std::string>()(big_->value.str());
}

std::ostream &operator<<(std::ostream &os, const Int &v) {
  return os << v.toString();
}

} // namespace presburger
