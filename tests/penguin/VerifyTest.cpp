// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The IR data model and the verifier.
#include "penguin/Verify.h"
#include "penguin/Error.h"
#include "penguin/Parser.h"
#include "penguin/Printer.h"

#include <gtest/gtest.h>

using namespace penguin;

namespace {

std::vector<Diagnostic> verifyText(const std::string &text) {
  return verifyModule(parseModule(text, "v.pn"));
}

// Exactly one diagnostic, at (line, column), containing `fragment`.
void expectOne(const std::string &text, int line, int column,
               const std::string &fragment) {
  std::vector<Diagnostic> ds = verifyText(text);
  ASSERT_EQ(ds.size(), 1u) << text << (ds.empty() ? "" : ds[0].str());
  EXPECT_EQ(ds[0].loc.line, line) << ds[0].str();
  EXPECT_EQ(ds[0].loc.column, column) << ds[0].str();
  EXPECT_NE(ds[0].message.find(fragment), std::string::npos) << ds[0].str();
  EXPECT_EQ(ds[0].str().rfind("v.pn:" + std::to_string(line) + ":" +
                                  std::to_string(column) + ": error: ",
                              0),
            0u);
}

TEST(VerifyTest, ValidKernelHasNoDiagnostics) {
  EXPECT_TRUE(verifyText(R"(kernel k(param N in [0, 3]) {
  tensor A : f32[4, 4] DRAM input
  tensor B : f32[4, 4] SBUF alloc [4, 8] block [2, 8] bank [1, 8]
  runtime r : i32
  for i = 0 to N + 1 step 1 {
    s0: B[i, r] = copy(A[i, 0]) if i - N <= 0
    s1: B[i, 0] = affine_select(A[i, 0], 0.0) if i >= 1
  }
}
)")
                  .empty());
}

TEST(VerifyTest, OpcodesMayBeReservedWords) {
  std::string text = "kernel k() {\n  tensor A : i32[4] DRAM\n  s0: A[0] = "
                     "mod(A[1], 3)\n  s1: for()\n}\n";
  EXPECT_TRUE(verifyText(text).empty());
}

TEST(VerifyTest, AccessArityMustMatchTheTensorRank) {
  expectOne(R"(kernel k() {
  tensor A : f32[4, 4] DRAM
  for i = 0 to 4 step 1 {
    s0: A[i] = copy(A[i, 0])
  }
}
)",
            4, 9,
            "s0: destination 'A[i]' has 1 index but tensor 'A' has rank 2");
}

TEST(VerifyTest, UnknownTensor) {
  expectOne(R"(kernel k() {
  tensor A : f32[4] DRAM
  s0: A[0] = copy(Missing[0])
}
)",
            3, 19, "unknown tensor 'Missing'");
}

TEST(VerifyTest, StrideMustBePositive) {
  expectOne(R"(kernel k() {
  for i = 0 to 4 step 0 {
  }
}
)",
            2, 3, "loop 'i' has step 0; the step must be positive");
  expectOne(R"(kernel k() {
  for i = 4 to 0 step -1 {
  }
}
)",
            2, 3, "step -1");
}

TEST(VerifyTest, DuplicateInstructionIds) {
  expectOne(R"(kernel k() {
  tensor A : f32[4] DRAM
  s3: A[0] = copy(A[1])
  scope x {
    s3: A[1] = copy(A[0])
  }
}
)",
            5, 5, "duplicate instruction id s3");
}

TEST(VerifyTest, AffineSelectTakesExactlyOnePredicate) {
  expectOne(R"(kernel k() {
  tensor A : f32[4] DRAM
  for i = 0 to 4 step 1 {
    s0: A[i] = affine_select(A[i], 0.0) if i >= 1 & i <= 2
  }
}
)",
            4, 5,
            "'affine_select' only supports single predicate, was provided 2");
  expectOne(R"(kernel k() {
  tensor A : f32[4] DRAM
  s0: A[0] = affine_select(A[0], 0.0)
}
)",
            3, 3, "was provided 0");
}

TEST(VerifyTest, MemoryAttributes) {
  expectOne("kernel k() {\n  tensor A : f32[4] DRAM alloc [4]\n}\n", 2, 3,
            "only meaningful for SBUF or PSUM");
  expectOne("kernel k() {\n  tensor A : f32[4] SBUF input\n}\n", 2, 3,
            "only DRAM tensors can be kernel inputs or outputs");
  expectOne("kernel k() {\n  tensor A : f32[4, 4] PSUM bank [1]\n}\n", 2, 3,
            "the bank shape has rank 1 but the tensor has rank 2");
  expectOne("kernel k() {\n  tensor A : f32[4, 0] DRAM\n}\n", 2, 3,
            "non-positive extent 0");
  expectOne(
      "kernel k() {\n  tensor A : f32[4] DRAM\n  tensor A : f32[4] SBUF\n}\n",
      3, 3, "redefinition of tensor 'A'");
}

TEST(VerifyTest, SharedAllocations) {
  // Tensors naming one allocation share it; a tensor without a name is in
  // the allocation named after it, with its own shape as allocated shape.
  EXPECT_TRUE(verifyText("kernel k() {\n  tensor A : f32[8] SBUF\n"
                         "  tensor B : f32[8] SBUF alloc A [8]\n"
                         "  tensor C : f32[8] SBUF alloc A [8]\n}\n")
                  .empty());
  expectOne("kernel k() {\n  tensor A : f32[8] SBUF alloc buf [8]\n"
            "  tensor B : f32[8] SBUF alloc buf [4]\n}\n",
            3, 3,
            "tensor 'B' shares the allocation 'buf' with tensor 'A' but has "
            "another allocated shape");
  expectOne("kernel k() {\n  tensor A : f32[8] SBUF alloc buf [8]\n"
            "  tensor B : f32[8] PSUM alloc buf [8]\n}\n",
            3, 3, "another memory");
  expectOne("kernel k() {\n  tensor A : f32[8] SBUF alloc buf [8] block [4]\n"
            "  tensor B : f32[8] SBUF alloc buf [8]\n}\n",
            3, 3, "another block shape");
  // The name of the allocation is printed back.
  std::string text = "kernel k() {\n  tensor A : f32[8] SBUF alloc buf [8]\n"
                     "  tensor B : f32[8] SBUF alloc buf [8]\n}\n";
  EXPECT_EQ(printModule(parseModule(text, "v.pn")), text);
}

TEST(VerifyTest, LoopBoundsUseEnclosingLoopVariables) {
  // Bounds over enclosing loop variables, several lower and upper bounds.
  EXPECT_TRUE(verifyText(R"(kernel k(param n) {
  for i = 0 to 4 step 1 {
    for j = max(i, n - 3) to min(4, i + 3, n) step 2 {
    }
  }
}
)")
                  .empty());
  expectOne(R"(kernel k() {
  runtime r : i32
  for i = 0 to r step 1 {
  }
}
)",
            3, 3, "uses the runtime value 'r'");
  expectOne(R"(kernel k() {
  runtime r : i32
  for i = 0 to 4 step 1 {
    for j = max(0, r) to 4 step 1 {
    }
  }
}
)",
            4, 5, "the lower bound of loop 'j' uses the runtime value 'r'");
}

TEST(VerifyTest, ParameterBounds) {
  expectOne("kernel k(param N in [3, 1]) {\n}\n", 1, 10,
            "parameter 'N' has empty bounds [3, 1]");
}

// IR assembled through the API can break rules the parser enforces; the
// verifier catches those too.
class VerifyApiTest : public ::testing::Test {
protected:
  std::shared_ptr<ExprContext> ctx = std::make_shared<ExprContext>();
  Module module() {
    Module m;
    m.context = ctx;
    m.file = "api";
    Kernel k(ctx, "k");
    k.params.push_back({"N", std::nullopt, std::nullopt, {}});
    k.runtimeValues.push_back({"r", DataType::I32, {}});
    Tensor t;
    t.name = "A";
    t.shape = {8};
    k.tensors.push_back(t);
    m.kernels.push_back(k);
    return m;
  }
  Instruction inst(int64_t id) {
    Instruction x;
    x.id = id;
    x.opcode = "copy";
    x.dst = AccessPattern{"A", {ctx->constant(0)}, {}};
    return x;
  }
  std::string only(const Module &m) {
    auto ds = verifyModule(m);
    if (ds.size() != 1)
      return "expected 1 diagnostic, got " + std::to_string(ds.size()) +
             (ds.empty() ? "" : ": " + ds[0].str());
    return ds[0].str();
  }
};

TEST_F(VerifyApiTest, IllegalPredicateWrittenDirectly) {
  Module m = module();
  Instruction x = inst(0);
  x.predicates.push_back(
      predGe(ctx->runtimeValue("r"), 0)); // bypasses addPredicate
  m.kernels[0].body.push_back(Stmt(x));
  std::string d = only(m);
  EXPECT_NE(d.find("Invalid Predicate!"), std::string::npos) << d;
  EXPECT_NE(d.find("api: error: kernel 'k': s0: "), std::string::npos) << d;
}

TEST_F(VerifyApiTest, LoopVariableOutOfScope) {
  Module m = module();
  Instruction x = inst(0);
  x.dst = AccessPattern{"A", {ctx->index("i")}, {}};
  m.kernels[0].body.push_back(Stmt(x));
  std::string d = only(m);
  EXPECT_NE(d.find("uses 'i', which is not the variable of an enclosing loop"),
            std::string::npos)
      << d;
}

TEST_F(VerifyApiTest, UndeclaredParameterInPredicate) {
  Module m = module();
  Instruction x = inst(0);
  x.predicates.push_back(predGe(ctx->param("M"), 0));
  m.kernels[0].body.push_back(Stmt(x));
  std::string d = only(m);
  EXPECT_NE(d.find("uses the undeclared parameter 'M'"), std::string::npos)
      << d;
}

TEST_F(VerifyApiTest, InvalidNamesAndShadowing) {
  Module m = module();
  Loop outer;
  outer.iv = "i";
  outer.lb = ctx->constant(0);
  outer.ub = ctx->constant(4);
  Loop inner = outer;
  outer.body.push_back(Stmt(inner));
  m.kernels[0].body.push_back(Stmt(outer));
  std::string d = only(m);
  EXPECT_NE(d.find("shadows an enclosing loop variable"), std::string::npos)
      << d;

  Module m2 = module();
  Instruction x = inst(0);
  x.opcode = "not an opcode";
  m2.kernels[0].body.push_back(Stmt(x));
  d = only(m2);
  EXPECT_NE(d.find("opcode 'not an opcode' is not a valid name"),
            std::string::npos)
      << d;

  Module m3 = module();
  m3.kernels[0].name = "for";
  d = only(m3);
  EXPECT_NE(d.find("kernel name 'for' is not a valid name"), std::string::npos)
      << d;
}

TEST_F(VerifyApiTest, LoopBoundOverItsOwnOrAnInnerVariable) {
  // The parser cannot write these (the name is not in scope there).
  Module m = module();
  Loop outer;
  outer.iv = "i";
  outer.lb = ctx->constant(0);
  outer.ub = ctx->constant(4);
  outer.moreUbs = {ctx->index("i") + 1};
  m.kernels[0].body.push_back(Stmt(outer));
  std::string d = only(m);
  EXPECT_NE(d.find("the upper bound of loop 'i' uses 'i', which is not the "
                   "variable of an enclosing loop"),
            std::string::npos)
      << d;
}

TEST_F(VerifyApiTest, NullExpressionsAndMissingBounds) {
  Module m = module();
  Loop l;
  l.iv = "i";
  l.lb = ctx->constant(0); // ub left null
  m.kernels[0].body.push_back(Stmt(l));
  m.kernels[0].params[0].lo = 1; // hi missing
  auto ds = verifyModule(m);
  ASSERT_EQ(ds.size(), 2u);
  EXPECT_NE(ds[0].message.find("needs both bounds or none"), std::string::npos);
  EXPECT_NE(ds[1].message.find("missing expression"), std::string::npos);
}

TEST_F(VerifyApiTest, ReportsEveryProblem) {
  Module m = module();
  Instruction a = inst(-1), b = inst(1), c = inst(1);
  b.dst = AccessPattern{"A", {ctx->constant(0), ctx->constant(1)}, {}};
  m.kernels[0].body = {Stmt(a), Stmt(b), Stmt(c)};
  m.kernels.push_back(m.kernels[0]);
  auto ds = verifyModule(m);
  // Per kernel: negative id, rank mismatch, duplicate id; plus the
  // duplicate kernel name.
  EXPECT_EQ(ds.size(), 7u);
}

TEST(LoopTest, RangeOfMaxMinBounds) {
  // for j = max(i, 1) to min(10, n) step 3, at i = 2, n = 9: the lattice
  // of the first lower bound (2, 5, 8) from max(2, 1) = 2 below 9.
  ExprContext ctx;
  Loop l;
  l.iv = "j";
  l.lb = ctx.index("i");
  l.moreLbs = {ctx.constant(1)};
  l.ub = ctx.constant(10);
  l.moreUbs = {ctx.param("n")};
  l.stride = 3;
  Valuation v;
  v.set(ctx.index("i"), 2);
  v.set(ctx.param("n"), 9);
  LoopRange r = l.range(v);
  EXPECT_EQ(r.first, 2);
  EXPECT_EQ(r.end, 9);
  // At i = -4: max(-4, 1) = 1, rounded up onto -4 + 3k: 2.
  v.set(ctx.index("i"), -4);
  EXPECT_EQ(l.range(v).first, 2);
  EXPECT_TRUE(l.hasMinMaxBounds());
  EXPECT_TRUE(l.boundsUseLoopVariables());
  EXPECT_FALSE(l.isBox());
  EXPECT_FALSE(l.tripcount().has_value());
  // All constant: max(0, 2) to min(9, 7) step 2 runs 2, 4, 6.
  Loop c;
  c.lb = ctx.constant(0);
  c.moreLbs = {ctx.constant(2)};
  c.ub = ctx.constant(9);
  c.moreUbs = {ctx.constant(7)};
  c.stride = 2;
  EXPECT_EQ(c.tripcount(), 3);
}

TEST(LoopTest, Tripcount) {
  ExprContext ctx;
  Loop l;
  l.lb = ctx.constant(0);
  l.ub = ctx.constant(10);
  EXPECT_EQ(l.tripcount(), 10);
  l.stride = 3;
  EXPECT_EQ(l.tripcount(), 4); // 0, 3, 6, 9
  EXPECT_TRUE(l.isStrided());
  l.lb = ctx.constant(-5);
  l.ub = ctx.constant(-5);
  EXPECT_EQ(l.tripcount(), 0);
  l.ub = ctx.constant(-7);
  EXPECT_EQ(l.tripcount(), 0);
  l.ub = ctx.param("N");
  EXPECT_FALSE(l.tripcount().has_value());
  l.ub = ctx.constant(5);
  l.stride = 0;
  EXPECT_FALSE(l.tripcount().has_value());
}

TEST(KernelTest, WalkInstructionsSeesEnclosingLoops) {
  Module m = parseModule(R"(kernel k() {
  tensor A : f32[4, 4] DRAM
  s0: A[0, 0] = copy(A[0, 0])
  for i = 0 to 4 step 1 {
    scope s {
      for j = 0 to 4 step 1 {
        s1: A[i, j] = copy(A[0, 0])
      }
    }
    s2: A[i, 0] = copy(A[0, 0])
  }
}
)");
  std::vector<std::string> seen;
  walkInstructions(static_cast<const Kernel &>(m.kernels[0]),
                   [&](const Instruction &inst, const LoopNest &nest) {
                     std::string s = inst.statementName() + ":";
                     for (const Loop *l : nest)
                       s += l->iv;
                     seen.push_back(s);
                   });
  EXPECT_EQ(seen, (std::vector<std::string>{"s0:", "s1:ij", "s2:i"}));
  int count = 0;
  walkInstructions(m.kernels[0], [&](Instruction &inst, const LoopNest &) {
    inst.opcode = "touched";
    ++count;
  });
  EXPECT_EQ(count, 3);
  EXPECT_EQ(m.kernels[0].body[0].asInstruction()->opcode, "touched");
  EXPECT_NE(m.kernels[0].findTensor("A"), nullptr);
  EXPECT_EQ(m.kernels[0].findTensor("B"), nullptr);
  EXPECT_THROW(Kernel(nullptr, "x"), IRError);
}

TEST(KernelTest, CopiesShareTheContextButNotTheIR) {
  Module m = parseModule("kernel k() {\n  tensor A : f32[4] DRAM\n  s0: "
                         "A[0] = copy(A[0])\n}\n");
  Kernel copy = m.kernels[0];
  copy.body.clear();
  EXPECT_EQ(m.kernels[0].body.size(), 1u);
  EXPECT_EQ(&copy.context(), &m.kernels[0].context());
}

} // namespace
