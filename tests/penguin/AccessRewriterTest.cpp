// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The access-to-address rewriter (issue 10): each method on small kernels in
// the text form, with hand-derived relations (compared with the engine's
// isEqual) and hand-derived address expressions (compared as canonical
// nodes).
#include "penguin/AccessRewriter.h"

#include "penguin/AddressReadBack.h"
#include "penguin/AddressSplit.h"
#include "penguin/Linearize.h"
#include "penguin/Parser.h"
#include "penguin/Verify.h"

#include "presburger/Parser.h"

#include <gtest/gtest.h>

using namespace penguin;
using presburger::Relation;

namespace {

Relation isl(const char *text) { return presburger::parseRelation(text); }

struct Fixture {
  Module module;
  Kernel &kernel() { return module.kernels[0]; }
  const Instruction &inst(int64_t id) { return *site(id).first; }
  LoopNest nest(int64_t id) { return site(id).second; }
  std::pair<const Instruction *, LoopNest> site(int64_t id) {
    std::pair<const Instruction *, LoopNest> out{nullptr, {}};
    walkInstructions(std::as_const(kernel()),
                     [&](const Instruction &i, const LoopNest &n) {
                       if (i.id == id)
                         out = {&i, n};
                     });
    if (!out.first)
      throw std::runtime_error("no instruction s" + std::to_string(id));
    return out;
  }
  const AccessPattern &dst(int64_t id) { return *inst(id).dst; }
  const AccessPattern &operand(int64_t id, size_t k = 0) {
    return std::get<AccessPattern>(inst(id).operands[k]);
  }
};

Fixture parse(const std::string &text) {
  Fixture f{parseModule(text)};
  EXPECT_TRUE(verifyModule(f.module).empty());
  return f;
}

// Expressions over named loop variables / parameters, for expectations.
struct E {
  ExprContext &ctx;
  AffineExpr i(const char *n) { return ctx.index(n); }
  AffineExpr p(const char *n) { return ctx.param(n); }
  AffineExpr c(int64_t v) { return ctx.constant(v); }
  AffineExpr canon(AffineExpr e) {
    return linearizeAffineExpr(e, LinearizeMode::QuasiAffine);
  }
};

std::string strs(const std::vector<AffinePredicate> &ps) {
  std::string s;
  for (const AffinePredicate &p : ps)
    s += (s.empty() ? "" : " & ") + p.str();
  return s;
}

//===----------------------------------------------------------------------===//
// Names, spaces, addresses
//===----------------------------------------------------------------------===//

TEST(AccessRewriterTest, ScaledAddrsTupleNamesAndSpaces) {
  Fixture f = parse(R"(kernel k(param n in [0, 3]) {
  tensor A : f32[64, 64] DRAM input
  tensor B : f32[64] SBUF
  runtime r : i32
  for i = 0 to 8 step 1 {
    for j = 0 to 4 step 1 {
      for k = 0 to 2 step 1 {
        s3: B[i] = copy(A[1 + 2*i + j, j + i + n])
      }
    }
  }
  s4: B[0] = copy(A[r, 0])
}
)");
  AccessRewriter rw(f.kernel());
  E e{f.kernel().context()};
  std::vector<AffineExpr> addrs = rw.getScaledAddrs(f.operand(3));
  ASSERT_EQ(addrs.size(), 2u);
  EXPECT_EQ(addrs[0], e.canon(2 * e.i("i") + e.i("j") + 1));
  EXPECT_EQ(addrs[1], e.canon(e.i("i") + e.i("j") + e.p("n")));
  EXPECT_EQ(addrs[0].str(), "2*i + j + 1");
  // prune_loopnest: k is used by no address.
  EXPECT_EQ(rw.pruneLoopnest(f.nest(3), addrs), (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(rw.pruneLoopnest(f.nest(3), rw.getScaledAddrs(f.dst(3))),
            (std::vector<unsigned>{0}));
  EXPECT_EQ(rw.tensorTupleName(*f.kernel().findTensor("A")), "A");
  EXPECT_EQ(rw.makeInTupleName(f.inst(3)), "s3");
  EXPECT_EQ(rw.tensorSpace(*f.kernel().findTensor("A")).toString(),
            "[n] -> { A[i0, i1] }");
  // A runtime index is not an affine address.
  EXPECT_THROW(rw.getScaledAddrs(f.operand(4)), BridgeError);
  // A rank mismatch or an unknown tensor is a clear error.
  AccessPattern bad{"A", {e.c(0)}, {}};
  EXPECT_THROW(rw.getScaledAddrs(bad), BridgeError);
  AccessPattern unknown{"Q", {e.c(0)}, {}};
  EXPECT_THROW(rw.getScaledAddrs(unknown), BridgeError);
}

//===----------------------------------------------------------------------===//
// Access relations
//===----------------------------------------------------------------------===//

const char *kGuarded = R"(kernel k() {
  tensor A : f32[16, 8] DRAM input
  tensor B : f32[16, 8] SBUF
  tensor C : f32[32] SBUF
  for i = 0 to 8 step 1 {
    for j = 0 to 4 step 1 {
      s0: B[i, 0] = copy(A[i, j]) if i - 2 >= 0 & approx(-i + 6 >= 0)
      s1: C[i + j] = copy(A[i, j])
    }
  }
}
)";

TEST(AccessRewriterTest, AccessRelationsOverTheirDomains) {
  Fixture f = parse(kGuarded);
  AccessRewriter rw(f.kernel());
  // access: the predicated domain (exact predicates only).
  EXPECT_TRUE(rw.access(f.operand(0), f.inst(0), f.nest(0))
                  .isEqual(isl("{ s0[i, j] -> A[i, j] : 2 <= i < 8 and "
                               "0 <= j < 4 }")));
  // access_without_predicates: the loop-nest box.
  EXPECT_TRUE(rw.accessWithoutPredicates(f.operand(0), f.inst(0), f.nest(0))
                  .isEqual(isl("{ s0[i, j] -> A[i, j] : 0 <= i < 8 and "
                               "0 <= j < 4 }")));
  // injective_access: j is used by no address of B[i, 0] and is pruned.
  Relation inj = rw.injectiveAccess(f.dst(0), f.inst(0), f.nest(0));
  EXPECT_TRUE(inj.isEqual(isl("{ s0[i] -> B[i, 0] : 2 <= i < 8 }")));
  EXPECT_TRUE(inj.isInjective());
  EXPECT_FALSE(rw.access(f.dst(0), f.inst(0), f.nest(0)).isInjective());
  // Pruning keeps every used axis; the seed's "injective by construction"
  // does not hold for C[i + j].
  Relation c = rw.injectiveAccess(f.dst(1), f.inst(1), f.nest(1));
  EXPECT_TRUE(c.isEqual(isl("{ s1[i, j] -> C[i + j] : 0 <= i < 8 and "
                            "0 <= j < 4 }")));
  EXPECT_FALSE(c.isInjective());
  // create_access with explicit names.
  E e{f.kernel().context()};
  DomainSpace ds("t", {"x"}, {});
  Relation made = rw.createAccess(
      {e.canon(2 * e.i("x"))}, isl("{ t[x] : 0 <= x < 3 }"), ds, "Out", "stmt");
  EXPECT_TRUE(made.isEqual(isl("{ stmt[x] -> Out[2x] : 0 <= x < 3 }")));
}

TEST(AccessRewriterTest, ScopedDomainCachesShareOneSet) {
  Fixture f = parse(kGuarded);
  AccessRewriter rw(f.kernel());
  rw.accessCache().disable(); // every access is built from a domain
  const Instruction &s0 = f.inst(0);
  LoopNest n = f.nest(0);
  // Unbound: each query builds its domains (box, then predicated).
  rw.access(f.operand(0), s0, n);
  EXPECT_EQ(rw.domainBuilds(), 2);
  rw.access(f.operand(0), s0, n);
  EXPECT_EQ(rw.domainBuilds(), 4);
  EXPECT_EQ(rw.boundDomains(), 0u);
  {
    AccessRewriter::DomainBinding box = rw.inDomain(s0, n);
    AccessRewriter::DomainBinding pd = rw.inPredicateDomain(s0, n);
    EXPECT_EQ(rw.domainBuilds(), 6);
    EXPECT_TRUE(
        pd.domain().isEqual(isl("{ s0[i, j] : 2 <= i < 8 and 0 <= j < 4 }")));
    EXPECT_EQ(pd.space().ivs(), (std::vector<std::string>{"i", "j"}));
    // Repeated queries under the bindings share the two sets.
    for (int k = 0; k < 3; ++k) {
      rw.access(f.operand(0), s0, n);
      rw.access(f.dst(0), s0, n);
      rw.accessWithoutPredicates(f.operand(0), s0, n);
    }
    EXPECT_EQ(rw.domainBuilds(), 6);
    // Nested binding of the same domain: one entry, popped with the last.
    {
      AccessRewriter::DomainBinding again = rw.inDomain(s0, n);
      EXPECT_EQ(rw.domainBuilds(), 6);
      EXPECT_EQ(rw.boundDomains(), 2u);
    }
    EXPECT_EQ(rw.boundDomains(), 2u);
    // The shrink domain is derived from the bound predicated domain.
    AccessRewriter::DomainBinding sh = rw.inShrinkDomain(s0, n, f.dst(0));
    EXPECT_EQ(rw.domainBuilds(), 7);
    EXPECT_TRUE(sh.domain().isEqual(isl("{ s0[i] : 2 <= i < 8 }")));
    EXPECT_EQ(sh.space().ivs(), (std::vector<std::string>{"i"}));
  }
  EXPECT_EQ(rw.boundDomains(), 0u);
}

TEST(AccessRewriterTest, AccessCacheKeyedByShapeNestAddressesPredicates) {
  Fixture f = parse(R"(kernel k() {
  tensor A : f32[16] DRAM input
  tensor B : f32[16] SBUF
  tensor C : f32[16] SBUF
  tensor D : f32[8, 2] SBUF
  for i = 0 to 8 step 1 {
    s0: B[i] = copy(A[i + 1]) if i - 1 >= 0 & -i + 6 >= 0
    s1: C[i] = copy(A[1 + i]) if -i + 6 >= 0 & i - 1 >= 0 & i - 1 >= 0
    s2: C[i] = copy(A[i + 1]) if i - 2 >= 0
    s3: D[i, 0] = copy(A[i])
  }
}
)");
  AccessRewriter rw(f.kernel());
  Relation a0 = rw.access(f.operand(0), f.inst(0), f.nest(0));
  EXPECT_EQ(rw.accessCache().misses(), 1);
  // Same shape, loop nest, addresses (up to spelling) and predicates (up to
  // order and duplicates): a hit, renamed to s1.
  Relation a1 = rw.access(f.operand(1), f.inst(1), f.nest(1));
  EXPECT_EQ(rw.accessCache().hits(), 1);
  EXPECT_TRUE(a1.isEqual(isl("{ s1[i] -> A[i + 1] : 1 <= i <= 6 }")));
  // The destination B[i] and C[i] share shape and addresses: a hit renamed
  // to the other tensor.
  rw.access(f.dst(0), f.inst(0), f.nest(0));
  Relation c1 = rw.access(f.dst(1), f.inst(1), f.nest(1));
  EXPECT_EQ(rw.accessCache().hits(), 2);
  EXPECT_TRUE(c1.isEqual(isl("{ s1[i] -> C[i] : 1 <= i <= 6 }")));
  // Other predicates: a miss.
  int64_t misses = rw.accessCache().misses();
  EXPECT_TRUE(rw.access(f.operand(2), f.inst(2), f.nest(2))
                  .isEqual(isl("{ s2[i] -> A[i + 1] : 2 <= i < 8 }")));
  EXPECT_EQ(rw.accessCache().misses(), misses + 1);
  // The key spells out what it depends on.
  std::vector<int64_t> shape{16};
  std::vector<AffineExpr> addrs = rw.getScaledAddrs(f.operand(0));
  std::string k0 = AccessCache::makeKey(AccessDomainKind::Predicated, shape,
                                        f.nest(0), addrs, f.inst(0).predicates);
  std::string k1 = AccessCache::makeKey(AccessDomainKind::Predicated, shape,
                                        f.nest(1), addrs, f.inst(1).predicates);
  EXPECT_EQ(k0, k1);
  std::vector<int64_t> other{17};
  EXPECT_NE(k0, AccessCache::makeKey(AccessDomainKind::Predicated, other,
                                     f.nest(0), addrs, f.inst(0).predicates));
  EXPECT_NE(k0, AccessCache::makeKey(AccessDomainKind::WithoutPredicates, shape,
                                     f.nest(0), addrs, f.inst(0).predicates));
}

//===----------------------------------------------------------------------===//
// buildMapping: the five copies
//===----------------------------------------------------------------------===//

Relation mappingOf(const std::string &text, int64_t copyId = 0) {
  Fixture f = parse(text);
  AccessRewriter rw(f.kernel());
  return rw.buildMapping(f.dst(copyId), f.operand(copyId), f.inst(copyId),
                         f.nest(copyId));
}

std::string copyKernel(const std::string &tensors, const std::string &body) {
  return "kernel k(param n in [0, 3]) {\n" + tensors + body + "}\n";
}

TEST(AccessRewriterTest, BuildMappingIdentityCopy) {
  Relation m = mappingOf(copyKernel(
      "  tensor A : f32[4, 8] DRAM input\n  tensor B : f32[4, 8] SBUF\n",
      "  for i = 0 to 4 step 1 {\n    for j = 0 to 8 step 1 {\n"
      "      s0: B[i, j] = copy(A[i, j])\n    }\n  }\n"));
  EXPECT_TRUE(m.isEqual(
      isl("[n] -> { B[a, b] -> A[a, b] : 0 <= a < 4 and 0 <= b < 8 and "
          "0 <= n <= 3 }")))
      << m.toString();
  EXPECT_EQ(m.numDisjuncts(), 1u);
}

TEST(AccessRewriterTest, BuildMappingTransposedCopy) {
  Relation m = mappingOf(copyKernel(
      "  tensor A : f32[4, 8] DRAM input\n  tensor B : f32[8, 4] SBUF\n",
      "  for i = 0 to 4 step 1 {\n    for j = 0 to 8 step 1 {\n"
      "      s0: B[j, i] = copy(A[i, j])\n    }\n  }\n"));
  EXPECT_TRUE(m.isEqual(isl("[n] -> { B[a, b] -> A[b, a] : 0 <= b < 4 and "
                            "0 <= a < 8 and 0 <= n <= 3 }")))
      << m.toString();
}

TEST(AccessRewriterTest, BuildMappingTiledCopyWithFloorDivision) {
  // A flat tensor copied into 4-wide rows.
  Relation m = mappingOf(copyKernel(
      "  tensor A : f32[64] DRAM input\n  tensor B : f32[16, 4] SBUF\n",
      "  for k = 0 to 64 step 1 {\n"
      "    s0: B[floordiv(k, 4), mod(k, 4)] = copy(A[k])\n  }\n"));
  EXPECT_TRUE(m.isEqual(isl("[n] -> { B[a, b] -> A[4a + b] : 0 <= a < 16 and "
                            "0 <= b < 4 and 0 <= n <= 3 }")))
      << m.toString();
  // A strided loop packed densely: B[k / 2] = A[k] for even k.
  Relation s = mappingOf(
      copyKernel("  tensor A : f32[64] DRAM input\n  tensor B : f32[32] SBUF\n",
                 "  for k = 0 to 64 step 2 {\n"
                 "    s0: B[floordiv(k, 2)] = copy(A[k + n])\n  }\n"));
  EXPECT_TRUE(s.isEqual(isl("[n] -> { B[a] -> A[2a + n] : 0 <= a < 32 and "
                            "0 <= n <= 3 }")))
      << s.toString();
}

TEST(AccessRewriterTest, BuildMappingTailPredicate) {
  Relation m = mappingOf(
      copyKernel("  tensor A : f32[32] DRAM input\n  tensor B : f32[16] SBUF\n",
                 "  for i = 0 to 16 step 1 {\n"
                 "    s0: B[i] = copy(A[i + 3]) if -i - n + 12 >= 0\n  }\n"));
  EXPECT_TRUE(m.isEqual(isl("[n] -> { B[a] -> A[a + 3] : 0 <= a and "
                            "a + n <= 12 and 0 <= n <= 3 }")))
      << m.toString();
}

TEST(AccessRewriterTest, BuildMappingPartialCopy) {
  // The copy writes rows 0..1 of B only: the mapping says so (and the pass
  // refuses to eliminate it when a reader needs more, MemcpyElimination).
  Relation m = mappingOf(copyKernel(
      "  tensor A : f32[4, 8] DRAM input\n  tensor B : f32[4, 8] SBUF\n",
      "  for i = 0 to 2 step 1 {\n    for j = 0 to 8 step 1 {\n"
      "      s0: B[i, j] = copy(A[i + 2, j])\n    }\n  }\n"));
  EXPECT_TRUE(m.isEqual(isl("[n] -> { B[a, b] -> A[a + 2, b] : 0 <= a < 2 "
                            "and 0 <= b < 8 and 0 <= n <= 3 }")))
      << m.toString();
  EXPECT_FALSE(m.domain().isEqual(
      isl("[n] -> { B[a, b] : 0 <= a < 4 and 0 <= b < 8 and 0 <= n <= 3 }")));
}

//===----------------------------------------------------------------------===//
// codegenAddrAndPredicates, rewriteLoadAdds, rewriteAllLoadAddress
//===----------------------------------------------------------------------===//

TEST(AccessRewriterTest, RewriteLoadThroughTransposedCopy) {
  Fixture f = parse(copyKernel(
      "  tensor A : f32[4, 8] DRAM input\n  tensor B : f32[8, 4] SBUF\n"
      "  tensor O : f32[8, 4] DRAM output\n",
      "  for i = 0 to 4 step 1 {\n    for j = 0 to 8 step 1 {\n"
      "      s0: B[j, i] = copy(A[i, j])\n    }\n  }\n"
      "  for p = 0 to 8 step 1 {\n    for q = 0 to 4 step 1 {\n"
      "      s1: O[p, q] = exp(B[p, q])\n    }\n  }\n"));
  AccessRewriter rw(f.kernel());
  E e{f.kernel().context()};
  Relation m = rw.buildMapping(f.dst(0), f.operand(0), f.inst(0), f.nest(0));
  LoadRewrite r = rw.rewriteLoadAdds(f.operand(1), f.inst(1), f.nest(1), m);
  EXPECT_EQ(r.newAccess.tensor, "A");
  ASSERT_EQ(r.newAccess.indices.size(), 2u);
  EXPECT_EQ(r.newAccess.indices[0], e.i("q"));
  EXPECT_EQ(r.newAccess.indices[1], e.i("p"));
  EXPECT_TRUE(r.preds.empty()) << strs(r.preds);
  ASSERT_EQ(r.parts.size(), 2u);
  EXPECT_EQ(r.parts[0].dropped, e.c(0));
  EXPECT_EQ(r.parts[0].kept, e.i("q"));
  // rewriteAllLoadAddress finds the same load through the users of B.
  std::vector<LoadRewrite> all = rw.rewriteAllLoadAddress("B", m);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].inst, &f.inst(1));
  EXPECT_EQ(all[0].operand, 0u);
  EXPECT_EQ(all[0].newAccess, r.newAccess);
}

TEST(AccessRewriterTest, RewriteLoadThroughTiledCopy) {
  Fixture f = parse(copyKernel(
      "  tensor A : f32[64] DRAM input\n  tensor B : f32[16, 4] SBUF\n"
      "  tensor O : f32[16, 4] DRAM output\n",
      "  for k = 0 to 64 step 1 {\n"
      "    s0: B[floordiv(k, 4), mod(k, 4)] = copy(A[k])\n  }\n"
      "  for r = 0 to 16 step 1 {\n    for c = 0 to 4 step 1 {\n"
      "      s1: O[r, c] = exp(B[r, c]) if -r + 9 >= 0\n"
      "      s2: O[r, c] = add(B[r, c], B[15 - r, 3 - c])\n    }\n  }\n"));
  AccessRewriter rw(f.kernel());
  E e{f.kernel().context()};
  Relation m = rw.buildMapping(f.dst(0), f.operand(0), f.inst(0), f.nest(0));
  LoadRewrite r = rw.rewriteLoadAdds(f.operand(1), f.inst(1), f.nest(1), m);
  ASSERT_EQ(r.newAccess.indices.size(), 1u);
  EXPECT_EQ(r.newAccess.indices[0], e.canon(4 * e.i("r") + e.i("c")));
  // The guard of the load comes back (gisted against its loop nest).
  EXPECT_EQ(strs(r.preds), "-r + 9 >= 0");
  std::vector<LoadRewrite> all = rw.rewriteAllLoadAddress("B", m);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[2].inst, &f.inst(2));
  EXPECT_EQ(all[2].operand, 1u);
  // B[15 - r, 3 - c] = A[4 (15 - r) + 3 - c] = A[63 - 4r - c].
  EXPECT_EQ(all[2].newAccess.indices[0], e.canon(63 - 4 * e.i("r") - e.i("c")));
  EXPECT_EQ(all[2].parts[0].dropped, e.c(63));
  EXPECT_EQ(all[2].parts[0].kept, e.canon(-4 * e.i("r") - e.i("c")));
}

TEST(AccessRewriterTest, RewriteLoadThroughGuardedCopyWithParameters) {
  Fixture f = parse(copyKernel(
      "  tensor A : f32[128] DRAM input\n  tensor B : f32[16] SBUF\n"
      "  tensor O : f32[16] DRAM output\n",
      "  for i = 0 to 16 step 1 {\n"
      "    s0: B[i] = copy(A[i + 16*n + 3]) if -i + 12 >= 0\n  }\n"
      "  for t = 0 to 13 step 1 {\n    s1: O[t] = exp(B[t])\n  }\n"));
  AccessRewriter rw(f.kernel());
  E e{f.kernel().context()};
  Relation m = rw.buildMapping(f.dst(0), f.operand(0), f.inst(0), f.nest(0));
  LoadRewrite r = rw.rewriteLoadAdds(f.operand(1), f.inst(1), f.nest(1), m);
  EXPECT_EQ(r.newAccess.indices[0], e.canon(e.i("t") + 16 * e.p("n") + 3));
  EXPECT_EQ(r.parts[0].dropped, e.canon(16 * e.p("n") + 3));
  EXPECT_EQ(r.parts[0].kept, e.i("t"));
  EXPECT_TRUE(r.preds.empty()) << strs(r.preds);
}

TEST(AccessRewriterTest, LinearityCheckAndNotImplementedBailOuts) {
  Fixture f = parse(
      copyKernel("  tensor A : f32[64] DRAM input\n  tensor B : f32[64] SBUF\n"
                 "  tensor O : f32[64] DRAM output\n",
                 "  for i = 0 to 64 step 1 {\n    s0: B[i] = copy(A[i])\n  }\n"
                 "  for t = 0 to 64 step 1 {\n"
                 "    s1: O[t] = exp(B[floordiv(t, 2)])\n"
                 "    s2: O[t] = exp(B[t]) if mod(t, 3) == 0\n  }\n"));
  AccessRewriter rw(f.kernel());
  E e{f.kernel().context()};
  Relation m = rw.buildMapping(f.dst(0), f.operand(0), f.inst(0), f.nest(0));
  // The rebased address floordiv(t, 2) is not linear: the seed's bail-out.
  EXPECT_THROW(rw.rewriteLoadAdds(f.operand(1), f.inst(1), f.nest(1), m),
               NotImplementedError);
  rw.rewriteOptions().requireLinear = false;
  LoadRewrite r = rw.rewriteLoadAdds(f.operand(1), f.inst(1), f.nest(1), m);
  EXPECT_EQ(r.newAccess.indices[0], e.canon(e.ctx.floorDiv(e.i("t"), 2)));
  // Guards with strides come back as predicates.
  LoadRewrite g = rw.rewriteLoadAdds(f.operand(2), f.inst(2), f.nest(2), m);
  EXPECT_EQ(strs(g.preds), "mod(t, 3) == 0");
  // codegenAddrAndPredicates: no single predicate set for a domain that is
  // not one conjunction.
  Relation twoPieces = isl("{ s2[t] -> A[t] : 0 <= t <= 2 or 6 <= t <= 8 }");
  EXPECT_THROW(rw.codegenAddrAndPredicates(twoPieces, f.operand(2), f.inst(2),
                                           f.nest(2)),
               NotImplementedError);
  // ... nor for an empty one, nor addresses for a relation that is not a
  // function.
  EXPECT_THROW(rw.codegenAddrAndPredicates(isl("{ s2[t] -> A[t] : t < 0 }"),
                                           f.operand(2), f.inst(2), f.nest(2)),
               NotImplementedError);
  EXPECT_THROW(rw.codegenAddrAndPredicates(
                   isl("{ s2[t] -> A[a] : 0 <= t < 64 and t <= a <= t + 1 }"),
                   f.operand(2), f.inst(2), f.nest(2)),
               NotImplementedError);
  // A relation of another statement or a mapping that does not start at
  // the loaded tensor is a bridge error.
  EXPECT_THROW(rw.codegenAddrAndPredicates(isl("{ s7[t] -> A[t] }"),
                                           f.operand(2), f.inst(2), f.nest(2)),
               BridgeError);
  EXPECT_THROW(rw.rewriteLoadAdds(f.operand(2), f.inst(2), f.nest(2),
                                  isl("{ A[a] -> B[a] }")),
               BridgeError);
}

TEST(AccessRewriterTest, AddressReadBackIsCheckedAndHandlesDivisions) {
  ExprContext ctx;
  DomainSpace ds("s0", {"i", "j"}, {"n"});
  auto read = [&](const char *text) {
    std::vector<AffineExpr> a = readBackAddresses(isl(text), ds, ctx);
    std::string s;
    for (AffineExpr x : a)
      s += (s.empty() ? "" : ", ") + x.str();
    return s;
  };
  EXPECT_EQ(read("[n] -> { s0[i, j] -> T[i + 2j + n, 5] : 0 <= i, j < 4 }"),
            "i + 2*j + n, 5");
  // A division the engine keeps as an existential.
  EXPECT_EQ(read("[n] -> { s0[i, j] -> T[a] : 0 <= i < 8 and 0 <= j < 2 and "
                 "exists (q : a = q and 2q <= i < 2q + 2) }"),
            "floordiv(i, 2)");
  // A range dimension fixed by a non-unit equality: 2a = i on even i.
  EXPECT_EQ(read("[n] -> { s0[i, j] -> T[a] : 2a = i and 0 <= i < 8 and "
                 "j = 0 }"),
            "floordiv(i, 2)");
  // Two pieces with the same formula.
  EXPECT_EQ(read("[n] -> { s0[i, j] -> T[i + j] : (0 <= i < 2 and j = 0) or "
                 "(5 <= i < 7 and j = 1) }"),
            "i + j");
  // Piecewise addresses: no single expression.
  EXPECT_THROW(read("[n] -> { s0[i, j] -> T[a] : (0 <= i < 2 and a = i) or "
                    "(5 <= i < 7 and a = 2i) }"),
               NotImplementedError);
}

//===----------------------------------------------------------------------===//
// Ranges and predicates
//===----------------------------------------------------------------------===//

TEST(AccessRewriterTest, TryPredicateRangeOverAccess) {
  Fixture f = parse(copyKernel(
      "  tensor A : f32[32] DRAM input\n  tensor O : f32[16] DRAM output\n",
      "  for i = 0 to 16 step 1 {\n"
      "    s0: O[i] = exp(A[i + 2]) if i - 100 >= 0\n  }\n"));
  AccessRewriter rw(f.kernel());
  // Predicates of the instruction play no part (the raw access).
  std::optional<std::vector<AffinePredicate>> p =
      rw.tryPredicateRangeOverAccess(f.operand(0), f.inst(0), f.nest(0),
                                     isl("{ A[a] : 0 <= a < 10 }"), false,
                                     false);
  ASSERT_TRUE(p);
  EXPECT_EQ(strs(*p), "-i + 7 >= 0");
  p = rw.tryPredicateRangeOverAccess(f.operand(0), f.inst(0), f.nest(0),
                                     isl("[n] -> { A[a] : a >= n + 4 }"), false,
                                     false);
  ASSERT_TRUE(p);
  EXPECT_EQ(strs(*p), "i - n - 2 >= 0");
  // Outside: no iteration, no guard.
  EXPECT_FALSE(
      rw.tryPredicateRangeOverAccess(f.operand(0), f.inst(0), f.nest(0),
                                     isl("{ A[a] : a > 100 }"), false, false));
  EXPECT_THROW(rw.tryPredicateRangeOverAccess(f.operand(0), f.inst(0),
                                              f.nest(0), isl("{ O[a] }"), false,
                                              false),
               BridgeError);
}

TEST(AccessRewriterTest, UnionRangesAndAffineAccessRanges) {
  Fixture f = parse(R"(kernel k() {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  tensor O : f32[64] DRAM output
  runtime r : i32
  for i = 0 to 8 step 1 {
    s0: B[i] = copy(A[i])
    s1: B[2*i + 20] = copy(A[i])
    s2: B[r] = copy(A[i])
    s3: O[i] = copy(A[i])
  }
  for t = 0 to 4 step 1 {
    s4: O[t] = add(B[t + 1], B[3*t])
  }
}
)");
  AccessRewriter rw(f.kernel());
  std::vector<AccessSite> reads{{&f.inst(4), f.nest(4), &f.operand(4, 0)},
                                {&f.inst(4), f.nest(4), &f.operand(4, 1)}};
  Relation rr = rw.unionRanges("B", reads);
  EXPECT_TRUE(rr.isEqual(isl("{ B[a] : 1 <= a <= 4 or a = 0 or a = 6 or "
                             "a = 9 }")))
      << rr.toString();
  std::vector<StoreSite> stores;
  for (int64_t id : {0, 1, 2, 3})
    stores.push_back({&f.inst(id), f.nest(id)});
  size_t skipped = 0;
  Relation w = rw.unionAffineAccessRanges("B", stores, &skipped);
  EXPECT_TRUE(w.isEqual(isl("{ B[a] : 0 <= a < 8 or (20 <= a <= 34 and "
                            "a mod 2 = 0) }")))
      << w.toString();
  EXPECT_EQ(skipped, 1u);                 // s2 writes B through a runtime index
  EXPECT_TRUE(rr.isSubsetOf(w) == false); // B[9] is never written
  std::vector<AccessSite> wrong{{&f.inst(3), f.nest(3), &f.operand(3)}};
  EXPECT_THROW(rw.unionRanges("B", wrong), BridgeError);
}

TEST(AccessRewriterTest, EnumeratePredicatesProjectsOutward) {
  Fixture f = parse(R"(kernel k() {
  tensor A : f32[64] DRAM input
  tensor B : f32[64] SBUF
  for i = 0 to 4 step 1 {
    for j = 0 to 8 step 1 {
      s0: B[i + j] = copy(A[i]) if i - 2 >= 0 & i + j - 9 >= 0
    }
  }
}
)");
  AccessRewriter rw(f.kernel());
  DomainSpace space = rw.createDomainSpace(f.inst(0), f.nest(0));
  std::vector<ProjectedPredicate> out =
      rw.enumeratePredicates(space, f.inst(0).predicates, f.nest(0));
  ASSERT_EQ(out.size(), 4u);
  // Innermost loop first: nothing projected, each predicate as it is.
  EXPECT_EQ(out[0].loop, 1u);
  EXPECT_EQ(out[0].source, 0u);
  ASSERT_TRUE(out[0].preds);
  EXPECT_EQ(strs(*out[0].preds), "i - 2 >= 0");
  EXPECT_TRUE(out[0].exact);
  EXPECT_EQ(strs(*out[1].preds), "i + j - 9 >= 0");
  EXPECT_TRUE(out[1].exact);
  // Hoisted to the i loop: i >= 2 stays exact; i + j >= 9 (j < 8) becomes
  // i >= 2, which admits iterations the original guard excluded.
  EXPECT_EQ(out[2].loop, 0u);
  EXPECT_EQ(strs(*out[2].preds), "i - 2 >= 0");
  EXPECT_TRUE(out[2].exact);
  EXPECT_EQ(out[3].source, 1u);
  EXPECT_EQ(strs(*out[3].preds), "i - 2 >= 0");
  EXPECT_FALSE(out[3].exact);
}

} // namespace
