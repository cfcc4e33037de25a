// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The .pn text form: round trips on the bundled examples and on IR built
// through the API, malformed inputs (each an error with line and column,
// never a crash), and a mutation fuzz loop.
#include "penguin/Parser.h"
#include "penguin/Error.h"
#include "penguin/Printer.h"
#include "penguin/Verify.h"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace penguin;

namespace {

std::string readFile(const std::filesystem::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::filesystem::path> examples() {
  std::vector<std::filesystem::path> out;
  for (const auto &e :
       std::filesystem::directory_iterator(PENGUIN_EXAMPLES_DIR))
    if (e.path().extension() == ".pn")
      out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ParserRoundTrip, BundledExamplesAreCanonical) {
  auto files = examples();
  ASSERT_GE(files.size(), 5u);
  for (const auto &f : files) {
    std::string text = readFile(f);
    Module m = parseModule(text, f.filename().string());
    EXPECT_EQ(printModule(m), text) << f;
    EXPECT_TRUE(verifyModule(m).empty()) << f;
  }
}

TEST(ParserRoundTrip, NonCanonicalTextReachesAFixedPoint) {
  std::string text = R"(// comments and free layout are accepted
kernel k(param N) {
  tensor A : f32[8,8] DRAM
  for i = 0 to N { for j = 0 to 8 step 2 {
    s1 : A[i+j , (j)] = copy( A[ i , 0 ] , 1.50 , -2 ) if i<N & i>=0 & (((i+1)) >= 0)
  } }
}
)";
  Module m = parseModule(text);
  std::string once = printModule(m);
  EXPECT_EQ(once, R"(kernel k(param N) {
  tensor A : f32[8, 8] DRAM
  for i = 0 to N step 1 {
    for j = 0 to 8 step 2 {
      s1: A[i + j, j] = copy(A[i, 0], 1.5, -2) if -i + N - 1 >= 0 & i >= 0 & i + 1 >= 0
    }
  }
}
)");
  EXPECT_EQ(printModule(parseModule(once)), once);
}

TEST(ParserRoundTrip, MaxMinBoundsRoundTrip) {
  // Several lower bounds (max), several upper bounds (min), bounds over the
  // enclosing loop variables; a max of one bound is that bound; `max` stays
  // an ordinary name elsewhere.
  std::string text = R"(kernel k(param n, param max) {
  for i = 0 to n step 1 {
    for j = max(0, i - 3, max) to min(n, i + 5) step 2 {
    }
    for t = max(i) to min(floordiv(n, 2) + i) step 1 {
    }
    for u = max to i + max step 1 {
    }
  }
}
)";
  Module m = parseModule(text);
  const Loop &i = *m.kernels[0].body[0].asLoop();
  const Loop &j = *i.body[0].asLoop();
  EXPECT_EQ(j.lowerBounds().size(), 3u);
  EXPECT_EQ(j.upperBounds().size(), 2u);
  EXPECT_EQ(j.lb.str(), "0");
  EXPECT_EQ(j.moreUbs.at(0).str(), "i + 5");
  EXPECT_FALSE(i.body[1].asLoop()->hasMinMaxBounds());
  std::string once = printModule(m);
  EXPECT_EQ(once, R"(kernel k(param n, param max) {
  for i = 0 to n step 1 {
    for j = max(0, i - 3, max) to min(n, i + 5) step 2 {
    }
    for t = i to floordiv(n, 2) + i step 1 {
    }
    for u = max to i + max step 1 {
    }
  }
}
)");
  EXPECT_EQ(printModule(parseModule(once)), once);
  EXPECT_TRUE(verifyModule(m).empty());
}

TEST(ParserRoundTrip, ApiBuiltKernelRoundTrips) {
  auto ctx = std::make_shared<ExprContext>();
  Module m;
  m.context = ctx;
  Kernel k(ctx, "api");
  AffineExpr i = ctx->index("i"), n = ctx->param("N"),
             r = ctx->runtimeValue("r");
  k.params.push_back({"N", 1, 64, {}});
  k.params.push_back({"P", std::nullopt, std::nullopt, {}});
  Tensor t;
  t.name = "T";
  t.dtype = DataType::BF16;
  t.shape = {64, 4};
  t.memory = MemoryKind::SBUF;
  t.allocatedShape = std::vector<int64_t>{64, 8};
  k.tensors.push_back(t);
  k.runtimeValues.push_back({"r", DataType::U16, {}});
  Loop l;
  l.iv = "i";
  l.lb = ctx->constant(-3);
  l.ub = n + 2;
  l.stride = 3;
  Instruction inst;
  inst.id = 42;
  inst.opcode = "weird_op";
  // Structures the parser must rebuild node for node.
  AffineExpr e0 = ctx->sum(std::vector<AffineExpr>{
      ctx->constant(2), i, ctx->constant(3), ctx->mult(-4, i + n),
      ctx->constant(INT64_MIN), ctx->mult(INT64_MIN, r)});
  AffineExpr e1 = ccMod(floorDiv(-(i + 1), 3) - mod(2 * i, 5), 7, 9) +
                  ccDiv(ctx->constant(0) - i, 2, 0);
  inst.dst = AccessPattern{"T", {e0, e1}, {}};
  inst.operands = {AccessPattern{"T", {i, ctx->constant(-1)}, {}},
                   int64_t{INT64_MIN},
                   0.1,
                   -2.5e-300,
                   1e300,
                   std::numeric_limits<double>::infinity(),
                   std::nan("")};
  inst.predicates = {AffinePredicate(i - 3, true),
                     AffinePredicate(ctx->constant(0) - i + n, false),
                     AffinePredicate(i, true, true)};
  l.body.push_back(Stmt(inst));
  Scope s;
  s.name = "inner";
  Instruction bare;
  bare.id = 0;
  bare.opcode = "barrier";
  s.body.push_back(Stmt(bare));
  l.body.push_back(Stmt(s));
  k.body.push_back(Stmt(l));
  m.kernels.push_back(k);
  std::string text = printModule(m);
  Module back = parseModule(text);
  EXPECT_EQ(printModule(back), text) << text;
  // Node for node: the index expressions print identically and the
  // predicates keep their native form.
  const Loop *bl = back.kernels[0].body[0].asLoop();
  ASSERT_NE(bl, nullptr);
  const Instruction *bi = bl->body[0].asInstruction();
  ASSERT_NE(bi, nullptr);
  EXPECT_EQ(bi->dst->indices[0].str(), e0.str());
  EXPECT_EQ(bi->dst->indices[1].str(), e1.str());
  EXPECT_TRUE(bi->predicates[2].isApprox());
  EXPECT_EQ(std::get<int64_t>(bi->operands[1]), INT64_MIN);
  EXPECT_EQ(std::get<double>(bi->operands[2]), 0.1);
  EXPECT_EQ(std::get<double>(bi->operands[3]), -2.5e-300);
  EXPECT_TRUE(std::isinf(std::get<double>(bi->operands[5])));
  EXPECT_TRUE(std::isnan(std::get<double>(bi->operands[6])));
}

TEST(ParserSemantics, ConditionsGoThroughTheVerbsAndTheMaskAlgebra) {
  Module m = parseModule(R"(kernel k(param N) {
  tensor A : f32[8] DRAM
  for i = 0 to 8 step 1 {
    s0: A[i] = copy(A[i]) if i < N & 4 >= i & i == 3 & i != 5 & ~(i > 6) & true
    s1: A[i] = copy(A[i]) if (i < 2 | i >= 6) & i <= 4
    s2: A[i] = copy(A[i]) if i - 1 >= 0 & approx(i + N >= 0) & i + 2 == 0
    s3: A[i] = copy(A[i]) if false
    s4: A[i] = copy(A[i]) if i < 2 & ~(i == 0 | i == 1)
  }
}
)");
  auto inst = [&](int k) {
    return *m.kernels[0]
                .body[0]
                .asLoop()
                ->body[static_cast<size_t>(k)]
                .asInstruction();
  };
  auto preds = [&](int k) {
    std::string s;
    for (const AffinePredicate &p : inst(k).predicates)
      s += (s.empty() ? "" : " & ") + p.str();
    return s;
  };
  // s0 has compound conjuncts: lowered as a whole (dominated bounds dropped).
  EXPECT_EQ(preds(0), "-i + N - 1 >= 0 & i - 3 == 0");
  EXPECT_EQ(preds(1), "-i + 1 >= 0");
  // Plain conjunctions are kept as written (native forms untouched).
  EXPECT_EQ(preds(2), "i - 1 >= 0 & approx(i + N >= 0) & i + 2 == 0");
  EXPECT_EQ(preds(3), "-1 >= 0");
  // i <= 1 without 0 and 1: i <= -1.
  EXPECT_EQ(preds(4), "-i - 1 >= 0");
}

//===----------------------------------------------------------------------===//
// Malformed inputs
//===----------------------------------------------------------------------===//

struct BadInput {
  const char *name;
  std::string text;
  int line;
  int column;
  const char *fragment;
};

// A kernel with a tensor A[4, 4], a runtime value r and a loop i.
std::string wrap(const std::string &stmt) {
  return "kernel k(param N) {\n  tensor A : f32[4, 4] DRAM\n  runtime r : "
         "i32\n  for i = 0 to 4 step 1 {\n    " +
         stmt + "\n  }\n}\n";
}

std::vector<BadInput> badInputs() {
  std::string deepParens = "s0: A[" + std::string(300, '(') + "i" +
                           std::string(300, ')') + ", 0] = copy(A[0, 0])";
  std::string deepLoops = "kernel k() {\n";
  for (int d = 0; d < 300; ++d)
    deepLoops += "for i" + std::to_string(d) + " = 0 to 2 step 1 {\n";
  std::string deepTilde =
      "s0: A[i, 0] = copy(A[0, 0]) if " + std::string(1000, '~') + "(i >= 0)";
  return {
      {"empty", "", 1, 1, "expected 'kernel', found end of input"},
      {"typo keyword", "kernal k() {}", 1, 1, "expected 'kernel'"},
      {"no kernel name", "kernel () {}", 1, 8, "expected a kernel name"},
      {"keyword as name", "kernel for() {}", 1, 8, "keyword 'for'"},
      {"bad param list", "kernel k( {}", 1, 11, "expected 'param'"},
      {"param without name", "kernel k(param) {}", 1, 15,
       "expected a parameter name"},
      {"param bounds comma", "kernel k(param n in [0 7]) {}", 1, 24,
       "expected ',' between the parameter bounds"},
      {"duplicate param", "kernel k(param n, param n) {}", 1, 25,
       "redefinition of 'n'"},
      {"unknown dtype", "kernel k() {\n  tensor A : f33[4] DRAM\n}", 2, 14,
       "unknown element type 'f33'"},
      {"unknown memory", "kernel k() {\n  tensor A : f32[4] HBM\n}", 2, 21,
       "expected a memory kind (DRAM, SBUF or PSUM), found 'HBM'"},
      {"empty shape", "kernel k() {\n  tensor A : f32[] DRAM\n}", 2, 18,
       "expected an extent in the tensor shape"},
      {"negative extent", "kernel k() {\n  tensor A : f32[-4] DRAM\n}", 2, 18,
       "expected an extent"},
      {"duplicate attribute",
       "kernel k() {\n  tensor A : f32[4] DRAM input input\n}", 2, 32,
       "duplicate tensor attribute 'input'"},
      {"unclosed loop", "kernel k() {\n  for i = 0 to 4 step 1 {\n", 3, 1,
       "expected '}' to close the body of loop 'i', found end of input"},
      {"loop without to", "kernel k() {\n  for i = 0 4 {\n  }\n}", 2, 13,
       "expected 'to' after the lower bound"},
      {"loop step not integer",
       "kernel k() {\n  for i = 0 to 4 step x {\n  }\n}", 2, 23,
       "expected an integer step"},
      {"unknown name", wrap("s0: A[j, 0] = copy(A[0, 0])"), 5, 11,
       "unknown name 'j'"},
      {"bad statement id", wrap("x0: A[0, 0] = copy(A[0, 0])"), 5, 5,
       "expected an instruction id"},
      {"leading zero id", wrap("s01: A[0, 0] = copy(A[0, 0])"), 5, 5,
       "expected an instruction id"},
      {"missing assign", wrap("s0: A[0, 0] copy(A[0, 0])"), 5, 17,
       "expected '=' after the destination access"},
      {"missing opcode", wrap("s0: A[0, 0] = (A[0, 0])"), 5, 19,
       "expected an opcode"},
      {"bad operand", wrap("s0: A[0, 0] = copy(+)"), 5, 24,
       "expected an operand"},
      {"unclosed operands", wrap("s0: A[0, 0] = copy(A[0, 0]"), 6, 3,
       "expected ',' or ')' after the operands"},
      {"non-affine product", wrap("s0: A[i * i, 0] = copy(A[0, 0])"), 5, 13,
       "non-affine product"},
      {"zero denominator", wrap("s0: A[floordiv(i, 0), 0] = copy(A[0, 0])"), 5,
       23, "must be positive"},
      {"negative denominator", wrap("s0: A[mod(i, -2), 0] = copy(A[0, 0])"), 5,
       18, "expected a positive integer denominator"},
      {"ccdiv without group", wrap("s0: A[ccdiv(i, 4), 0] = copy(A[0, 0])"), 5,
       21, "expected ',' before the replica-group id"},
      {"runtime value in predicate",
       wrap("s0: A[i, 0] = copy(A[0, 0]) if r >= 0"), 5, 33,
       "Invalid Predicate!"},
      {"mask equality",
       wrap("s0: A[i, 0] = copy(A[0, 0]) if (i < 3) == (i > 1)"), 5, 44,
       "err_mask_not_equal_not_supported"},
      {"mask inequality",
       wrap("s0: A[i, 0] = copy(A[0, 0]) if (i < 3) != (i > 1)"), 5, 44,
       "err_mask_not_equal_not_supported"},
      {"chained comparison", wrap("s0: A[i, 0] = copy(A[0, 0]) if 0 <= i < 4"),
       5, 43, "comparisons cannot be chained"},
      {"expression as condition", wrap("s0: A[i, 0] = copy(A[0, 0]) if i + 1"),
       5, 36, "expected a condition after 'if'"},
      {"two disjoint terms",
       wrap("s0: A[i, 0] = copy(A[0, 0]) if i < 2 | i > 3"), 5, 36,
       "lowers to 2 disjoint AND-terms"},
      {"nested approx", wrap("s0: A[i, 0] = copy(A[0, 0]) if ~approx(i >= 0)"),
       5, 37, "only allowed as a top-level conjunct"},
      {"approx of a conjunction",
       wrap("s0: A[i, 0] = copy(A[0, 0]) if approx(i >= 0 & i < 3)"), 5, 43,
       "approx(...) takes a single comparison"},
      {"integer overflow",
       wrap("s0: A[99999999999999999999, 0] = copy(A[0, 0])"), 5, 11,
       "out of range"},
      {"int64 overflow", wrap("s0: A[9223372036854775808, 0] = copy(A[0, 0])"),
       5, 11, "out of range (64-bit)"},
      {"arithmetic overflow",
       wrap("s0: A[9223372036854775807 + 1, 0] = copy(A[0, 0])"), 5, 11,
       "integer overflow"},
      {"unexpected character", wrap("s0: A[0, 0] = copy(A[0, 0]) @"), 5, 33,
       "unexpected character '@'"},
      {"non-ascii byte", wrap("s0: A[0, 0] = copy(A[0, 0]) \xc3\xa9"), 5, 33,
       "unexpected character (byte 0xC3)"},
      {"bang", wrap("s0: A[i, 0] = copy(A[0, 0]) if !(i >= 0)"), 5, 36,
       "unexpected character '!'"},
      {"bad float", wrap("s0: A[0, 0] = copy(1.e5)"), 5, 26,
       "expected a digit after the decimal point"},
      {"number then letter", wrap("s0: A[2i, 0] = copy(A[0, 0])"), 5, 12,
       "unexpected letter 'i' after a number"},
      {"float overflow", wrap("s0: A[0, 0] = copy(1e999)"), 5, 24,
       "floating-point literal 1e999 is out of range"},
      {"declaration after statement",
       wrap("s0: A[0, 0] = copy(A[0, 0])\n  }\n  tensor B : f32[4] DRAM\n  for "
            "j = 0 to 1 step 1 {"),
       7, 3, "declarations ('tensor') must come before the first statement"},
      {"loop variable shadowing", wrap("for i = 0 to 2 step 1 {\n    }"), 5, 9,
       "loop variable 'i' shadows an enclosing loop variable"},
      {"loop variable shadows parameter",
       wrap("for N = 0 to 2 step 1 {\n    }"), 5, 9, "shadows a parameter"},
      {"deep parentheses", wrap(deepParens), 5, 210,
       "nesting is too deep (more than 200 levels)"},
      {"deep negations", wrap(deepTilde), 5, 235, "nesting is too deep"},
      {"deep loops", deepLoops, 202, 1, "nesting is too deep"},
      {"duplicate kernel", "kernel k() {\n}\nkernel k() {\n}\n", 3, 8,
       "redefinition of kernel 'k'"},
      {"condition in an index", wrap("s0: A[(i < 3) + 1, 0] = copy(A[0, 0])"),
       5, 11, "needs affine expressions, found a condition"},
      {"access in an index", wrap("s0: A[A[0, 0], 0] = copy(A[0, 0])"), 5, 12,
       "tensor accesses cannot appear inside expressions"},
      {"negating an expression", wrap("s0: A[i, 0] = copy(A[0, 0]) if ~i"), 5,
       37, "needs conditions"},
      {"empty access", wrap("s0: A[] = copy(A[0, 0])"), 5, 11,
       "expected an expression, found ']'"},
      {"runtime redefines param", "kernel k(param r) {\n  runtime r : i32\n}\n",
       2, 11, "redefinition of 'r'"},
      {"keyword in expression", wrap("s0: A[step, 0] = copy(A[0, 0])"), 5, 11,
       "unexpected keyword 'step'"},
      {"missing statement", wrap("A[0, 0] = copy(A[0, 0])"), 5, 5,
       "expected a statement ('for', 'scope' or an instruction 'sN: ...')"},
      {"trailing garbage", "kernel k() {\n}\n}\n", 3, 1,
       "expected 'kernel', found '}'"},
      {"unclosed max", wrap("for j = max(0, i to 4 step 1 {\n    }"), 5, 22,
       "expected ',' or ')' to close 'max('"},
      {"bound over the loop's own variable",
       wrap("for j = 0 to min(4, j) step 1 {\n    }"), 5, 25,
       "unknown name 'j'"},
  };
}

TEST(ParserErrors, MalformedInputsReportLineAndColumn) {
  auto cases = badInputs();
  ASSERT_GE(cases.size(), 30u);
  for (const BadInput &c : cases) {
    try {
      parseModule(c.text, "bad.pn");
      ADD_FAILURE() << c.name << ": parsed without error";
    } catch (const ParseError &e) {
      EXPECT_EQ(e.location().file, "bad.pn") << c.name;
      EXPECT_EQ(e.location().line, c.line) << c.name << ": " << e.what();
      EXPECT_EQ(e.location().column, c.column) << c.name << ": " << e.what();
      EXPECT_NE(e.message().find(c.fragment), std::string::npos)
          << c.name << ": " << e.what();
      std::string expectPrefix = "bad.pn:" + std::to_string(c.line) + ":" +
                                 std::to_string(c.column) + ": error: ";
      EXPECT_EQ(std::string(e.what()).rfind(expectPrefix, 0), 0u)
          << c.name << ": " << e.what();
    } catch (const std::exception &e) {
      ADD_FAILURE() << c.name << ": wrong exception type: " << e.what();
    }
  }
}

// Random mutations of the examples: the parser either accepts the text (and
// then its printed form is a fixed point) or throws ParseError. Nothing
// else may escape, and nothing may crash.
TEST(ParserErrors, MutationFuzzNeverCrashes) {
  std::mt19937 rng(2024);
  const std::string alphabet =
      "()[]{},:=+-*&|~<>!@#/ \n\t0123456789ikNsAB_.e-floordivmodccdivapprox"
      "if for to step scope tensor kernel param in DRAM SBUF f32 \x01\xff";
  std::vector<std::string> seeds;
  for (const auto &f : examples())
    seeds.push_back(readFile(f));
  int accepted = 0, rejected = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    std::string text = seeds[static_cast<size_t>(iter) % seeds.size()];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      size_t pos = rng() % text.size();
      switch (rng() % 4) {
      case 0: // delete a short range
        text.erase(pos, 1 + rng() % 6);
        break;
      case 1: // insert a random character
        text.insert(pos, 1, alphabet[rng() % alphabet.size()]);
        break;
      case 2: // replace a character
        text[pos] = alphabet[rng() % alphabet.size()];
        break;
      default: { // duplicate a slice elsewhere
        size_t len = 1 + rng() % 12;
        std::string slice = text.substr(pos, len);
        text.insert(rng() % text.size(), slice);
      }
      }
    }
    try {
      Module m = parseModule(text, "fuzz.pn");
      std::string printed = printModule(m);
      Module again = parseModule(printed, "fuzz.pn");
      ASSERT_EQ(printModule(again), printed) << "input:\n" << text;
      (void)verifyModule(m);
      ++accepted;
    } catch (const ParseError &e) {
      ASSERT_GT(e.location().line, 0) << e.what();
      ASSERT_GT(e.location().column, 0) << e.what();
      ++rejected;
    }
  }
  EXPECT_GT(rejected, 1000);
  EXPECT_GT(accepted, 50);
}

TEST(ParserErrors, KeywordsAndNames) {
  EXPECT_TRUE(isKeyword("for"));
  EXPECT_TRUE(isKeyword("ccmod"));
  EXPECT_FALSE(isKeyword("fork"));
  EXPECT_TRUE(isValidName("_x1"));
  EXPECT_FALSE(isValidName("1x"));
  EXPECT_FALSE(isValidName(""));
  EXPECT_FALSE(isValidName("scope"));
  EXPECT_FALSE(isValidName("a-b"));
}

} // namespace

namespace {

// A kind-tagged dump of a tree: two trees with the same dump are the same
// structure.
std::string dump(AffineExpr e) {
  switch (e.kind()) {
  case ExprKind::Constant:
    return std::to_string(e.constantValue());
  case ExprKind::Index:
  case ExprKind::Param:
  case ExprKind::RuntimeValue:
    return std::string(toString(e.kind())) + ":" + e.name();
  case ExprKind::Sum: {
    std::string s = "(+";
    for (AffineExpr t : e.terms())
      s += " " + dump(t);
    return s + ")";
  }
  case ExprKind::Mult:
    return "(* " + std::to_string(e.coeff()) + " " + dump(e.sub()) + ")";
  default: {
    std::string s = "(" + std::string(toString(e.kind())) + " " +
                    dump(e.numerator()) + " " + std::to_string(e.denominator());
    if (e.kind() == ExprKind::CCDiv || e.kind() == ExprKind::CCMod)
      s += " " + std::to_string(e.replicaGroupsId());
    return s + ")";
  }
  }
}

// kernel k(param N) { tensor A; runtime r; for i { s0: A[e] = copy() } }
Module moduleWithIndex(const std::shared_ptr<ExprContext> &ctx, AffineExpr e) {
  Module m;
  m.context = ctx;
  Kernel k(ctx, "k");
  k.params.push_back({"N", std::nullopt, std::nullopt, {}});
  k.runtimeValues.push_back({"r", DataType::I32, {}});
  Tensor t;
  t.name = "A";
  t.shape = {4};
  k.tensors.push_back(t);
  Instruction inst;
  inst.opcode = "copy";
  inst.dst = AccessPattern{"A", {e}, {}};
  Loop l;
  l.iv = "i";
  l.lb = ctx->constant(0);
  l.ub = ctx->constant(4);
  l.body.emplace_back(std::move(inst));
  k.body.emplace_back(std::move(l));
  m.kernels.push_back(std::move(k));
  return m;
}

// Random trees built with the API print to text that parses back to the
// very same structure.
TEST(ParserRoundTrip, RandomExpressionsRoundTripNodeForNode) {
  std::mt19937 rng(99);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  for (int iter = 0; iter < 300; ++iter) {
    auto ctx = std::make_shared<ExprContext>();
    AffineExpr leaves[] = {ctx->index("i"), ctx->param("N"),
                           ctx->runtimeValue("r")};
    std::function<AffineExpr(int)> gen = [&](int depth) -> AffineExpr {
      int r = pick(0, 9);
      if (depth == 0 || r < 2) {
        switch (pick(0, 5)) {
        case 0:
          return ctx->constant(pick(-9, 9));
        case 1:
          return ctx->constant(pick(0, 1) ? INT64_MIN : INT64_MAX);
        default:
          return leaves[pick(0, 2)];
        }
      }
      switch (r) {
      case 2:
      case 3:
      case 4: {
        std::vector<AffineExpr> ts;
        for (int k = pick(2, 4); k > 0; --k)
          ts.push_back(gen(depth - 1));
        return ctx->sum(ts);
      }
      case 5:
      case 6: {
        int64_t c = pick(0, 5) == 0 ? INT64_MIN : pick(-5, 5);
        try {
          return ctx->mult(c, gen(depth - 1));
        } catch (const OverflowError &) {
          return leaves[0];
        }
      }
      case 7:
        return pick(0, 1) ? ctx->floorDiv(gen(depth - 1), pick(1, 5))
                          : ctx->mod(gen(depth - 1), pick(1, 5));
      default:
        return pick(0, 1) ? ctx->ccDiv(gen(depth - 1), pick(1, 5), pick(0, 3))
                          : ctx->ccMod(gen(depth - 1), pick(1, 5), pick(0, 3));
      }
    };
    AffineExpr e;
    try {
      e = gen(4);
    } catch (const OverflowError &) {
      continue; // constant folding of the random tree overflowed
    }
    Module m = moduleWithIndex(ctx, e);
    std::string text = printModule(m);
    Module back = parseModule(text);
    const Instruction *bi =
        back.kernels[0].body[0].asLoop()->body[0].asInstruction();
    ASSERT_EQ(dump(bi->dst->indices[0]), dump(e)) << text;
    ASSERT_EQ(printModule(back), text);
  }
}

} // namespace
