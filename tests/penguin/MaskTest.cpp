// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The mask algebra: classes, operators, lattice laws, De Morgan, the
// disjoint-intersection enumeration (checked by brute force on random
// masks), lowering, tile adapters, affine_select.
#include "penguin/Mask.h"
#include "penguin/AffineSelect.h"
#include "penguin/Error.h"
#include "penguin/Instruction.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <type_traits>

using namespace penguin;

namespace {

// Masks must not be value-comparable: == and != are deleted.
template <typename T>
concept EqualityComparable = requires(const T &a, const T &b) {
  a == b;
};
template <typename T>
concept InequalityComparable = requires(const T &a, const T &b) {
  a != b;
};
static_assert(!EqualityComparable<Mask>);
static_assert(!InequalityComparable<Mask>);
static_assert(!EqualityComparable<EQTileMask>);
static_assert(!EqualityComparable<ScalarPredicateUnion>);
static_assert(!EqualityComparable<AlwaysTrueMask>);

class MaskTest : public ::testing::Test {
protected:
  ExprContext ctx;
  AffineExpr i = ctx.index("i");
  AffineExpr j = ctx.index("j");
  AffineExpr n = ctx.param("N");
  NDTile tile{{{i, 8}, {j, 4}}};
  NDTile tileI{{{i, 8}}};
  NDTile tileJ{{{j, 4}}};

  // Every point of the box [-4, 4] x [-4, 4] x [-2, 2] over (i, j, N), as
  // valuations (built once per test).
  const std::vector<Valuation> &box() {
    if (box_.empty())
      for (int64_t a = -4; a <= 4; ++a)
        for (int64_t b = -4; b <= 4; ++b)
          for (int64_t c = -2; c <= 2; ++c) {
            Valuation v;
            v.set(i, a);
            v.set(j, b);
            v.set(n, c);
            box_.push_back(v);
          }
    return box_;
  }
  std::vector<Valuation> box_;

  bool sameSet(const Mask &a, const Mask &b) {
    for (const Valuation &v : box())
      if (a.evaluate(v) != b.evaluate(v))
        return false;
    return true;
  }

  static bool termHolds(const std::vector<AffinePredicate> &t,
                        const Valuation &v) {
    for (const AffinePredicate &p : t)
      if (!p.evaluate(v))
        return false;
    return true;
  }

  // The DNF of `m` (and of ~m) is pairwise disjoint and covers exactly m.
  void checkDisjointCover(const Mask &m, const std::string &what) {
    auto terms = m.predicates();
    auto geTerms = m.predicates(EqForm::NormalizeToGe);
    auto termMasks = m.enumerateDisjointIntersections();
    auto invMasks = m.enumerateInvertDisjointIntersections();
    ASSERT_EQ(terms.size(), termMasks.size()) << what;
    for (const auto &t : geTerms)
      for (const AffinePredicate &p : t)
        EXPECT_TRUE(p.ge()) << what;
    bool alwaysFalse = m.isAlwaysFalse();
    for (const Valuation &v : box()) {
      bool truth = m.evaluate(v);
      int hits = 0, geHits = 0, maskHits = 0, invHits = 0;
      for (const auto &t : terms)
        hits += termHolds(t, v);
      for (const auto &t : geTerms)
        geHits += termHolds(t, v);
      for (const Mask &t : termMasks)
        maskHits += t.evaluate(v);
      for (const Mask &t : invMasks)
        invHits += t.evaluate(v);
      ASSERT_LE(hits, 1) << what << ": overlapping terms";
      ASSERT_EQ(hits == 1, truth) << what << ": coverage differs";
      ASSERT_EQ(geHits, hits) << what;
      ASSERT_EQ(maskHits, hits) << what;
      ASSERT_LE(invHits, 1) << what << ": overlapping complement terms";
      ASSERT_EQ(invHits == 1, !truth) << what << ": complement coverage";
      if (alwaysFalse) {
        ASSERT_FALSE(truth) << what << ": isAlwaysFalse is unsound";
      }
    }
  }
};

//===----------------------------------------------------------------------===//
// Comparisons build objects
//===----------------------------------------------------------------------===//

TEST_F(MaskTest, ComparisonsBuildObjectsNeverBooleans) {
  TileIndex ti = TileIndex::axis(tile, 0);
  static_assert(std::is_same_v<decltype(ti < 10), Mask>);
  static_assert(std::is_same_v<decltype(ti == 10), Mask>);
  static_assert(std::is_same_v<decltype(ScalarIndex(i) >= n), Mask>);
  Mask m = ti < 10;
  EXPECT_EQ(m.kind(), MaskKind::EQTileMask);
  EXPECT_EQ(m.predicate().str(), "-i + 9 >= 0");
  EXPECT_TRUE(m.tile() == tile);
  Mask e = ti == 3;
  EXPECT_EQ(e.kind(), MaskKind::EQTileMask);
  EXPECT_TRUE(e.predicate().isEquality());
  Mask s = ScalarIndex(i + j) >= n;
  EXPECT_EQ(s.kind(), MaskKind::EQScalarPredicate);
  EXPECT_EQ(s.predicate().str(), "i + j - N >= 0");
  Mask ne = ti != 3; // ~(i == 3): a union, on the scalar side
  EXPECT_EQ(ne.kind(), MaskKind::ScalarPredicateUnion);
  EXPECT_EQ(ne.str(), "i - 4 >= 0 | -i + 2 >= 0");
}

TEST_F(MaskTest, EqualityOnMasksIsRejectedAtRunTime) {
  Mask a = ScalarIndex(i) < 3, b = ScalarIndex(j) < 2;
  for (MaskOperator op : {MaskOperator::Equal, MaskOperator::NotEqual}) {
    try {
      applyMaskOperator(op, a, b);
      FAIL() << "expected MaskError";
    } catch (const MaskError &e) {
      EXPECT_STREQ(e.what(), kMaskNotEqualNotSupported);
    }
  }
  EXPECT_EQ(applyMaskOperator(MaskOperator::And, a, b).kind(),
            MaskKind::ScalarPredicateIntersection);
  EXPECT_EQ(applyMaskOperator(MaskOperator::Or, a, b).kind(),
            MaskKind::ScalarPredicateUnion);
}

TEST_F(MaskTest, BaseMaskRaisesTheSeedErrors) {
  Mask base;
  EXPECT_TRUE(base.isBase());
  auto expectMsg = [](const std::function<void()> &f, const char *msg) {
    try {
      f();
      FAIL() << "expected MaskError: " << msg;
    } catch (const MaskError &e) {
      EXPECT_STREQ(e.what(), msg);
    }
  };
  expectMsg([&] { base.enumerateDisjointIntersections(); },
            "enumerate_disjoint_intersections not implemented for base mask");
  expectMsg([&] { base.enumerateIntersectionPredicates(); },
            "enumerate_intersection_predicates not implemented for base mask");
  expectMsg([&] { base.predicates(); },
            "predicates not implemented for base index predicate");
  expectMsg([&] { base.shape(); },
            "shape not implemented for base index predicate");
  expectMsg([&] { base.tile(); },
            "tile not implemented for base index predicate");
  EXPECT_THROW(base & AlwaysTruePredicate(), MaskError);
  EXPECT_THROW(~base, MaskError);
}

//===----------------------------------------------------------------------===//
// Operators and the two families
//===----------------------------------------------------------------------===//

TEST_F(MaskTest, AndOfTilesIsATileIntersectionOnTheCommonFrame) {
  Mask a = TileIndex::axis(tileI, 0) < 5;
  Mask b = TileIndex::axis(tileJ, 0) >= 1;
  Mask m = a & b;
  EXPECT_EQ(m.kind(), MaskKind::TileMaskIntersection);
  EXPECT_TRUE(m.isTile());
  EXPECT_EQ(m.tile().str(), "[i:8, j:4]");
  ASSERT_EQ(m.operands().size(), 2u);
  EXPECT_TRUE(m.operands()[0].tile() == m.tile());
  EXPECT_EQ(m.str(), "-i + 4 >= 0 & j - 1 >= 0");
  // Flattening: (a & b) & c has three operands.
  Mask c = TileIndex::axis(tile, 1) < 3;
  EXPECT_EQ((m & c).operands().size(), 3u);
  // TileMask view.
  EXPECT_NO_THROW(TileMask{m});
  EXPECT_THROW(ScalarPredicate{m}, MaskError);
}

TEST_F(MaskTest, OrIsScalarOnly) {
  Mask a = TileIndex::axis(tile, 0) < 2;
  Mask b = TileIndex::axis(tile, 0) >= 6;
  Mask m = a | b;
  EXPECT_EQ(m.kind(), MaskKind::ScalarPredicateUnion);
  EXPECT_TRUE(m.isScalar());
  for (const Mask &o : m.operands())
    EXPECT_EQ(o.kind(), MaskKind::EQScalarPredicate);
  EXPECT_THROW(m.tile(), MaskError);
  EXPECT_THROW(TileMask{m}, MaskError);
  EXPECT_TRUE(sameSet(m, ScalarPredicateUnion(std::vector<Mask>{a, b})));
}

TEST_F(MaskTest, MixedFamiliesMeetOnTheScalarSide) {
  Mask t = TileIndex::axis(tile, 0) < 2;
  Mask s = ScalarIndex(n) >= 1;
  Mask m = t & s;
  EXPECT_EQ(m.kind(), MaskKind::ScalarPredicateIntersection);
  EXPECT_EQ(m.operands()[0].kind(), MaskKind::EQScalarPredicate);
}

TEST_F(MaskTest, LeavesFlipUnderNegation) {
  Mask ge = TileIndex::axis(tile, 0) >= 3;
  Mask inv = ~ge;
  EXPECT_EQ(inv.kind(), MaskKind::EQTileMask); // still a tile leaf
  EXPECT_EQ(inv.predicate().str(), "-i + 2 >= 0");
  Mask eq = ScalarIndex(i) == 3;
  Mask ieq = ~eq;
  EXPECT_EQ(ieq.kind(), MaskKind::ScalarPredicateUnion);
  EXPECT_EQ(ieq.str(), "i - 4 >= 0 | -i + 2 >= 0");
  EXPECT_TRUE(sameSet(~ieq, eq));
}

//===----------------------------------------------------------------------===//
// The lattice constants (both families)
//===----------------------------------------------------------------------===//

TEST_F(MaskTest, LatticeConstantsTileFamily) {
  Mask x = TileIndex::axis(tile, 0) < 5;
  Mask top = AlwaysTrueMask(tile), bot = AlwaysFalseMask(tile);
  EXPECT_TRUE((x & top).isSameObject(x));                 // x & T = x
  EXPECT_TRUE((top & x).isSameObject(x));                 // T & x = x
  EXPECT_EQ((x & bot).kind(), MaskKind::AlwaysFalseMask); // x & F = F
  EXPECT_EQ((bot & x).kind(), MaskKind::AlwaysFalseMask);
  EXPECT_TRUE((x | bot).isSameObject(x));   // x | F = x
  EXPECT_TRUE((bot | x).isSameObject(x));   // F | x = x
  EXPECT_TRUE((top | x).isSameObject(top)); // T | x = T
  EXPECT_TRUE((x | top).isSameObject(top));
  EXPECT_EQ((~top).kind(), MaskKind::AlwaysFalseMask); // ~T = F
  EXPECT_EQ((~bot).kind(), MaskKind::AlwaysTrueMask);  // ~F = T
  EXPECT_TRUE((~top).tile() == tile);
  EXPECT_EQ(top.predicates().size(), 1u); // one empty AND-term
  EXPECT_TRUE(top.predicates()[0].empty());
  EXPECT_TRUE(bot.predicates().empty()); // no term at all
  EXPECT_TRUE(bot.isAlwaysFalse());
  EXPECT_FALSE(top.isAlwaysFalse());
}

TEST_F(MaskTest, LatticeConstantsScalarFamily) {
  Mask x = ScalarIndex(i + n) < 5;
  Mask top = AlwaysTruePredicate(), bot = AlwaysFalsePredicate();
  EXPECT_TRUE((x & top).isSameObject(x));
  EXPECT_TRUE((top & x).isSameObject(x));
  EXPECT_EQ((x & bot).kind(), MaskKind::AlwaysFalsePredicate);
  EXPECT_EQ((bot & x).kind(), MaskKind::AlwaysFalsePredicate);
  EXPECT_TRUE((x | bot).isSameObject(x));
  EXPECT_TRUE((bot | x).isSameObject(x));
  EXPECT_TRUE((top | x).isSameObject(top));
  EXPECT_TRUE((x | top).isSameObject(top));
  EXPECT_EQ((~top).kind(), MaskKind::AlwaysFalsePredicate);
  EXPECT_EQ((~bot).kind(), MaskKind::AlwaysTruePredicate);
}

TEST_F(MaskTest, ReflectedBooleanOperands) {
  Mask x = ScalarIndex(i) < 5;
  EXPECT_TRUE((true & x).isSameObject(x));
  EXPECT_TRUE((x & true).isSameObject(x));
  EXPECT_TRUE((false | x).isSameObject(x));
  EXPECT_EQ((x & false).kind(), MaskKind::AlwaysFalsePredicate);
  EXPECT_EQ((true | x).kind(), MaskKind::AlwaysTruePredicate);
  Mask t = TileIndex::axis(tile, 0) < 5;
  EXPECT_TRUE((t & true).isSameObject(t));
  EXPECT_EQ((false & t).kind(), MaskKind::AlwaysFalseMask);
}

TEST_F(MaskTest, Idempotence) {
  Mask x = ScalarIndex(i) < 5, t = TileIndex::axis(tile, 1) >= 1;
  EXPECT_TRUE((x & x).isSameObject(x));
  EXPECT_TRUE((x | x).isSameObject(x));
  EXPECT_TRUE((t & t).isSameObject(t));
  EXPECT_TRUE(sameSet(t | t, t)); // the OR lands on the scalar side
  Mask c = (x & t) | (ScalarIndex(j) == 2);
  EXPECT_TRUE(sameSet(c & c, c));
  EXPECT_TRUE(sameSet(c | c, c));
  EXPECT_EQ((c & c).predicates().size(), c.predicates().size());
}

TEST_F(MaskTest, Absorption) {
  Mask x = ScalarIndex(i) < 2, y = ScalarIndex(j + n) >= 1;
  EXPECT_TRUE(sameSet(x & (x | y), x));
  EXPECT_TRUE(sameSet(x | (x & y), x));
  Mask tx = TileIndex::axis(tile, 0) < 2, ty = TileIndex::axis(tile, 1) >= 1;
  EXPECT_TRUE(sameSet(tx & (tx | ty), tx));
  EXPECT_TRUE(sameSet(tx | (tx & ty), tx));
  checkDisjointCover(x & (x | y), "x & (x | y)");
  checkDisjointCover(x | (x & y), "x | (x & y)");
}

TEST_F(MaskTest, DeMorgan) {
  Mask a = ScalarIndex(i) < 2, b = ScalarIndex(j) == 1;
  // ~(A & B) = ~A | ~B, structurally.
  Mask lhs = ~(a & b), rhs = ~a | ~b;
  EXPECT_EQ(lhs.kind(), MaskKind::ScalarPredicateUnion);
  EXPECT_EQ(lhs.str(), rhs.str());
  EXPECT_TRUE(sameSet(lhs, rhs));
  // ~(A | B) = ~A & ~B.
  Mask l2 = ~(a | b), r2 = ~a & ~b;
  EXPECT_EQ(l2.kind(), MaskKind::ScalarPredicateIntersection);
  EXPECT_EQ(l2.str(), r2.str());
  EXPECT_TRUE(sameSet(l2, r2));
  // Tile intersections invert into a scalar union of the inverted operands.
  Mask ta = TileIndex::axis(tile, 0) < 2, tb = TileIndex::axis(tile, 1) >= 1;
  Mask inv = ~(ta & tb);
  EXPECT_EQ(inv.kind(), MaskKind::ScalarPredicateUnion);
  EXPECT_EQ(inv.str(), "i - 2 >= 0 | -j >= 0");
  EXPECT_TRUE(sameSet(inv, ~ta | ~tb));
  // Double negation.
  Mask c = (a | b) & ~(ScalarIndex(i + j) >= 3);
  EXPECT_TRUE(sameSet(~~c, c));
}

//===----------------------------------------------------------------------===//
// Smart constructors
//===----------------------------------------------------------------------===//

TEST_F(MaskTest, UnionCreateFlattensAndShortCircuits) {
  Mask a = ScalarIndex(i)<0, b = ScalarIndex(i)> 5, c = ScalarIndex(j) == 0;
  Mask u = ScalarPredicateUnion::create({a | b, c, AlwaysFalsePredicate()});
  EXPECT_EQ(u.kind(), MaskKind::ScalarPredicateUnion);
  EXPECT_EQ(u.operands().size(), 3u);
  EXPECT_EQ(ScalarPredicateUnion::create({a, AlwaysTruePredicate()}).kind(),
            MaskKind::AlwaysTruePredicate);
  EXPECT_EQ(ScalarPredicateUnion::create({}).kind(),
            MaskKind::AlwaysFalsePredicate);
  EXPECT_EQ(ScalarPredicateIntersection::create({}).kind(),
            MaskKind::AlwaysTruePredicate);
  EXPECT_TRUE(ScalarPredicateUnion::create({a, a}).isSameObject(a));
  // The raw constructor keeps what it is given.
  ScalarPredicateUnion raw(std::vector<Mask>{a, a});
  EXPECT_EQ(raw.operands().size(), 2u);
}

TEST_F(MaskTest, ApproximatePredicatesAreNotMasks) {
  EXPECT_THROW(EQScalarPredicate(predGe(i, 0).withApprox(true)), MaskError);
  EXPECT_THROW(EQTileMask(tile, predGe(i, 0).withApprox(true)), MaskError);
}

TEST_F(MaskTest, TileLeavesMustUseTileAxes) {
  AffineExpr k = ctx.index("k");
  EXPECT_THROW(EQTileMask(tile, predGe(k, 0)), MaskError);
  EXPECT_NO_THROW(EQTileMask(tile, predGe(i + n, 0))); // params are fine
  EXPECT_THROW(TileIndex(tileI, j), MaskError);
  EXPECT_THROW(TileIndex::axis(tileI, 1), MaskError);
}

//===----------------------------------------------------------------------===//
// The disjoint-intersection enumeration
//===----------------------------------------------------------------------===//

TEST_F(MaskTest, LeafAndIntersectionEnumeration) {
  Mask leaf = ScalarIndex(i) >= 2;
  auto terms = leaf.enumerateDisjointIntersections();
  ASSERT_EQ(terms.size(), 1u);
  EXPECT_EQ(terms[0].kind(), MaskKind::ScalarPredicateIntersection);
  EXPECT_EQ(leaf.enumerateIntersectionPredicates().size(), 1u);
  Mask both = (TileIndex::axis(tile, 0) >= 2) & (TileIndex::axis(tile, 1) < 3);
  auto tt = both.enumerateDisjointIntersections();
  ASSERT_EQ(tt.size(), 1u);
  EXPECT_EQ(tt[0].kind(), MaskKind::TileMaskIntersection);
  auto conj = both.enumerateIntersectionPredicates();
  ASSERT_EQ(conj.size(), 2u);
  EXPECT_EQ(conj[0].str(), "i - 2 >= 0");
  EXPECT_EQ(conj[1].str(), "-j + 2 >= 0");
  auto lowered = both.predicates();
  ASSERT_EQ(lowered.size(), 1u);
  EXPECT_EQ(lowered[0].size(), 2u);
}

TEST_F(MaskTest, UnionBecomesDisjointTerms) {
  // (i < 2) | (j >= 1): terms i < 2 and (i >= 2 & j >= 1).
  Mask m = (ScalarIndex(i) < 2) | (ScalarIndex(j) >= 1);
  auto lowered = m.predicates();
  ASSERT_EQ(lowered.size(), 2u);
  ASSERT_EQ(lowered[0].size(), 1u);
  EXPECT_EQ(lowered[0][0].str(), "-i + 1 >= 0");
  ASSERT_EQ(lowered[1].size(), 2u);
  EXPECT_EQ(lowered[1][0].str(), "i - 2 >= 0");
  EXPECT_EQ(lowered[1][1].str(), "j - 1 >= 0");
  EXPECT_THROW(m.enumerateIntersectionPredicates(), MaskError);
  checkDisjointCover(m, "(i < 2) | (j >= 1)");
}

TEST_F(MaskTest, EmptyTermsArePruned) {
  // (i >= 0) | (i >= 2): the second part (i < 0 & i >= 2) is empty.
  Mask m = (ScalarIndex(i) >= 0) | (ScalarIndex(i) >= 2);
  EXPECT_EQ(m.predicates().size(), 1u);
  // A contradiction is always false.
  Mask c = (ScalarIndex(2 * i) >= 3) & (ScalarIndex(i) <= 1);
  EXPECT_TRUE(c.isAlwaysFalse());
  EXPECT_TRUE(c.predicates().empty());
  // Equalities with a non-integral solution.
  Mask e = ScalarIndex(2 * i + 2 * j) == 1;
  EXPECT_TRUE(e.isAlwaysFalse());
}

TEST_F(MaskTest, EqToGeNormalisationInTheLowering) {
  Mask m = (ScalarIndex(i) == 3) & (ScalarIndex(j) >= 0);
  auto keep = m.predicates();
  ASSERT_EQ(keep.size(), 1u);
  EXPECT_EQ(keep[0].size(), 2u);
  EXPECT_TRUE(keep[0][0].isEquality());
  auto ge = m.predicates(EqForm::NormalizeToGe);
  ASSERT_EQ(ge.size(), 1u);
  ASSERT_EQ(ge[0].size(), 3u);
  EXPECT_EQ(ge[0][0].str(), "i - 3 >= 0");
  EXPECT_EQ(ge[0][1].str(), "-i + 3 >= 0");
  EXPECT_EQ(ge[0][2].str(), "j >= 0");
}

TEST_F(MaskTest, NotEqualSplitsIntoTwoDisjointTerms) {
  Mask m = ScalarIndex(i + j) != 2;
  auto lowered = m.predicates();
  ASSERT_EQ(lowered.size(), 2u);
  checkDisjointCover(m, "i + j != 2");
  checkDisjointCover(~m, "~(i + j != 2)");
}

TEST_F(MaskTest, InvertEnumeration) {
  Mask m = (ScalarIndex(i) >= 0) & (ScalarIndex(i) < 3) & (ScalarIndex(j) == 1);
  auto inv = m.enumerateInvertDisjointIntersections();
  EXPECT_FALSE(inv.empty());
  checkDisjointCover(m, "box & eq");
}

// Random masks over i, j, N: the lowering is pairwise disjoint and covers
// exactly the mask, checked point by point on a box (and so is the lowering
// of the complement).
class RandomMaskGen {
public:
  RandomMaskGen(ExprContext &ctx, const NDTile &tile, uint32_t seed)
      : ctx_(ctx), tile_(tile), rng_(seed) {}

  Mask mask(int depth) {
    int r = pick(0, 99);
    if (depth == 0 || r < 25)
      return leaf();
    if (r < 30)
      return pick(0, 1) ? constantMask(pick(0, 1), family(), tile_) : leaf();
    if (r < 45)
      return ~mask(depth - 1);
    if (r < 72)
      return mask(depth - 1) & mask(depth - 1);
    return mask(depth - 1) | mask(depth - 1);
  }

private:
  int pick(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng_);
  }
  MaskFamily family() {
    return pick(0, 1) ? MaskFamily::Tile : MaskFamily::Scalar;
  }
  Mask leaf() {
    AffineExpr i = ctx_.index("i"), j = ctx_.index("j"), n = ctx_.param("N");
    AffineExpr lhs = pick(-2, 2) * i + pick(-2, 2) * j + pick(-1, 1) * n;
    AffineExpr rhs = ctx_.constant(pick(-3, 3));
    AffinePredicate p = predGe(lhs, rhs);
    switch (pick(0, 9)) {
    case 0:
    case 1:
      p = predGe(lhs, rhs);
      break;
    case 2:
    case 3:
      p = predGt(lhs, rhs);
      break;
    case 4:
    case 5:
      p = predLe(lhs, rhs);
      break;
    case 6:
    case 7:
      p = predLt(lhs, rhs);
      break;
    default:
      p = predEq(lhs, rhs);
    }
    if (pick(0, 1))
      return EQTileMask(tile_, p);
    return EQScalarPredicate(p);
  }

  ExprContext &ctx_;
  NDTile tile_;
  std::mt19937 rng_;
};

TEST_F(MaskTest, RandomDisjointIntersectionsAreExactAndDisjoint) {
  RandomMaskGen gen(ctx, tile, 12345);
  int nonTrivial = 0;
  for (int k = 0; k < 400; ++k) {
    Mask m = gen.mask(4);
    if (m.predicates().size() > 1)
      ++nonTrivial;
    checkDisjointCover(m, "random mask #" + std::to_string(k) + ": " + m.str());
    if (HasFatalFailure())
      return;
  }
  // The generator really exercises unions.
  EXPECT_GT(nonTrivial, 100);
}

TEST_F(MaskTest, EnumerationHasABudget) {
  std::vector<Mask> us, vs;
  for (int k = 0; k < 300; ++k) {
    us.push_back(ScalarIndex(i) == k);
    vs.push_back(ScalarIndex(j) == k);
  }
  Mask u = ScalarPredicateUnion::create(us);
  Mask v = ScalarPredicateUnion::create(vs);
  EXPECT_EQ(u.predicates().size(), 300u);
  EXPECT_THROW((u & v).predicates(), LimitExceeded);
}

//===----------------------------------------------------------------------===//
// Tile adapters
//===----------------------------------------------------------------------===//

TEST_F(MaskTest, BroadcastShapes) {
  std::vector<int64_t> a = {8, 1}, b = {4}, c = {3};
  EXPECT_EQ(broadcastShapes(a, b), (std::vector<int64_t>{8, 4}));
  EXPECT_THROW(broadcastShapes(b, c), MaskError);
  std::vector<int64_t> d = {2, 1, 5}, e = {7, 1};
  EXPECT_EQ(broadcastShapes(d, e), (std::vector<int64_t>{2, 7, 5}));
}

TEST_F(MaskTest, AlignTileAndCombineTileWith) {
  Mask a = TileIndex::axis(tileI, 0) < 5;
  Mask b = TileIndex::axis(tileJ, 0) >= 1;
  auto [x, y] = a.alignTile(b);
  EXPECT_EQ(x.tile().str(), "[i:8, j:4]");
  EXPECT_EQ(y.tile().str(), "[i:8, j:4]");
  EXPECT_TRUE(x.asTile() == y.asTile());
  // Extent-1 axes broadcast; mismatched extents do not.
  NDTile i1{{{i, 1}}}, i3{{{i, 3}}};
  EXPECT_EQ(combineTileWith(i1, tileI).str(), "[i:8]");
  EXPECT_THROW(combineTileWith(i3, tileI), MaskError);
  Mask c = TileIndex::axis(i3, 0) < 2;
  EXPECT_THROW(c & a, MaskError);
  EXPECT_THROW(NDTile({{i, 0}}), MaskError);
  EXPECT_THROW(NDTile({{i, 2}, {i, 2}}), MaskError);
  EXPECT_THROW(NDTile({{n, 2}}), MaskError);
}

TEST_F(MaskTest, BroadcastAndProjectTile) {
  Mask a = TileIndex::axis(tileI, 0) < 5;
  Mask b = a.broadcastTile(tile);
  EXPECT_TRUE(b.tile() == tile);
  EXPECT_EQ(b.shape(), (std::vector<int64_t>{8, 4}));
  EXPECT_TRUE(a.broadcastTile(tileI).isSameObject(a));
  EXPECT_THROW(b.broadcastTile(tileI), MaskError); // j missing from target
  std::vector<AffineExpr> keepI = {i};
  Mask p = b.projectTile(keepI);
  EXPECT_TRUE(p.tile() == tileI);
  std::vector<AffineExpr> keepJ = {j};
  EXPECT_THROW(b.projectTile(keepJ), MaskError); // the mask depends on i
  EXPECT_THROW((ScalarIndex(i) < 1).projectTile(keepI), MaskError);
}

TEST_F(MaskTest, PromoteToMask) {
  Mask s = ScalarIndex(i) < 4;
  Mask t = s.promoteToMask(tile);
  EXPECT_EQ(t.kind(), MaskKind::EQTileMask);
  EXPECT_TRUE(t.tile() == tile);
  EXPECT_EQ(AlwaysTruePredicate().promoteToMask(tile).kind(),
            MaskKind::AlwaysTrueMask);
  EXPECT_EQ(AlwaysFalsePredicate().promoteToMask(tile).kind(),
            MaskKind::AlwaysFalseMask);
  Mask inter = (ScalarIndex(i) < 4) & (ScalarIndex(j) >= 1);
  EXPECT_EQ(inter.promoteToMask(tile).kind(), MaskKind::TileMaskIntersection);
  // A union with one non-empty disjoint term is promotable...
  Mask one = (ScalarIndex(i) >= 0) | (ScalarIndex(i) >= 2);
  EXPECT_TRUE(one.promoteToMask(tile).isTile());
  // ...a real union is not.
  Mask two = (ScalarIndex(i) < 2) | (ScalarIndex(i) >= 6);
  EXPECT_THROW(two.promoteToMask(tile), MaskError);
  // A tile mask is already a mask.
  Mask tm = TileIndex::axis(tile, 0) < 3;
  EXPECT_TRUE(tm.promoteToMask(tile).isSameObject(tm));
  // toScalar keeps the structure.
  EXPECT_EQ(tm.toScalar().kind(), MaskKind::EQScalarPredicate);
}

//===----------------------------------------------------------------------===//
// affine_select
//===----------------------------------------------------------------------===//

TEST_F(MaskTest, AffineSelectTakesExactlyOnePredicate) {
  Mask causal = TileIndex::axis(tile, 0) >= TileIndex::axis(tile, 1).expr();
  AffinePredicate p = affineSelectPredicate(causal);
  EXPECT_EQ(p.str(), "i - j >= 0");
  AccessPattern dst{"out", {i, j}, {}};
  AccessPattern src{"in", {i, j}, {}};
  Instruction inst = makeAffineSelect(4, dst, src, -1.0e30, causal);
  EXPECT_EQ(inst.opcode, "affine_select");
  ASSERT_EQ(inst.predicates.size(), 1u);
  EXPECT_TRUE(inst.predicates[0] == p);
  EXPECT_EQ(inst.operands.size(), 2u);

  auto expectProvided = [&](const Mask &m, int count) {
    try {
      affineSelectPredicate(m);
      FAIL() << "expected MaskError for " << m.str();
    } catch (const MaskError &e) {
      EXPECT_EQ(
          std::string(e.what()),
          "'affine_select' only supports single predicate, was provided " +
              std::to_string(count));
    }
  };
  expectProvided((ScalarIndex(i) >= 0) & (ScalarIndex(j) < 3), 2);
  // (i < 2) | (i >= 6): terms [i <= 1] and [i >= 6] (i >= 2 is dominated).
  expectProvided((ScalarIndex(i) < 2) | (ScalarIndex(i) >= 6), 2);
  expectProvided(AlwaysTruePredicate(), 0);
  expectProvided(AlwaysFalseMask(tile), 0);
  EXPECT_THROW(makeAffineSelect(5, dst, src, 0.0,
                                (ScalarIndex(i) == 1) | (ScalarIndex(j) == 1)),
               MaskError);
}

} // namespace

namespace {

TEST(MaskTermTest, DominatedParallelBoundsAreDropped) {
  ExprContext ctx;
  AffineExpr i = ctx.index("i"), j = ctx.index("j");
  // (i < 2) | (i >= 6): the second term is (i >= 2 & i >= 6) = i >= 6.
  Mask m = (ScalarIndex(i) < 2) | (ScalarIndex(i) >= 6);
  auto lowered = m.predicates();
  ASSERT_EQ(lowered.size(), 2u);
  ASSERT_EQ(lowered[1].size(), 1u);
  EXPECT_EQ(lowered[1][0].str(), "i - 6 >= 0");
  // An equality subsumes the inequalities on its direction; other
  // directions stay.
  Mask e = (ScalarIndex(i + j) == 3) & (ScalarIndex(i + j) >= 0) &
           (ScalarIndex(2 * i + 2 * j) <= 9) & (ScalarIndex(i) >= 0);
  auto t = e.predicates();
  ASSERT_EQ(t.size(), 1u);
  ASSERT_EQ(t[0].size(), 2u);
  EXPECT_EQ(t[0][0].str(), "i + j - 3 == 0");
  EXPECT_EQ(t[0][1].str(), "i >= 0");
}

} // namespace
