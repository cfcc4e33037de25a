// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The dependence analysis (Dependence.h) on hand-written kernels: the
// seed's get_schedule_tree docstring example, domains over loops and scope
// regions, the access unions and the `%s_alloc` remapping, RAW/WAR/WAW
// May-dependences and their distances, and check_valid_schedule on legal
// and illegal candidates (reversal, reordering, interchange), written as
// flattened relations and as schedule trees.
#include "penguin/Dependence.h"
#include "penguin/Parser.h"

#include "presburger/Parser.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace penguin;
using presburger::Int;
using presburger::Point;
using presburger::Relation;
using presburger::UnionRelation;

namespace {

Module parse(const std::string &text) { return parseModule(text, "<test>"); }

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Point pt(std::initializer_list<int64_t> xs) {
  Point p;
  for (int64_t x : xs)
    p.push_back(Int(x));
  return p;
}

UnionRelation U(const std::string &text) {
  return presburger::parseUnion(text);
}

const DependenceType kRAW[] = {DependenceType::RAW};
const DependenceType kWAR[] = {DependenceType::WAR};
const DependenceType kWAW[] = {DependenceType::WAW};

//===----------------------------------------------------------------------===//
// The docstring example
//===----------------------------------------------------------------------===//

// for i in 0..10: S0; for j in 0..20: S1; S2 (docs/examples/schedule_tree.pn).
const char *kDocstringTree =
    R"(domain: "{ s0[i] : 0 <= i <= 9; s1[i, j] : 0 <= i <= 9 and 0 <= j <= 19; s2[i] : 0 <= i <= 9 }"
child:
  schedule: "[{ s0[i] -> [(i)]; s1[i, j] -> [(i)]; s2[i] -> [(i)] }]"
  child:
    sequence:
    - filter: "{ s0[i] : 0 <= i <= 9 }"
      child:
        mark: "s0"
    - filter: "{ s1[i, j] : 0 <= i <= 9 and 0 <= j <= 19 }"
      child:
        schedule: "[{ s1[i, j] -> [(j)] }]"
        child:
          mark: "s1"
    - filter: "{ s2[i] : 0 <= i <= 9 }"
      child:
        mark: "s2"
)";

TEST(DependenceTest, DocstringScheduleTree) {
  Module m = parse(slurp(PENGUIN_EXAMPLES_DIR "/schedule_tree.pn"));
  DependenceAnalysis da(m.kernels.front());
  ScheduleTree tree = da.getScheduleTree();
  EXPECT_EQ(tree.str(), kDocstringTree);
  // DOMAIN -> BAND -> SEQUENCE -> FILTER -> (BAND) -> MARK.
  const ScheduleNode &band = tree.root().child();
  ASSERT_EQ(band.kind(), ScheduleNodeKind::Band);
  const ScheduleNode &seq = band.child();
  ASSERT_EQ(seq.kind(), ScheduleNodeKind::Sequence);
  ASSERT_EQ(seq.children().size(), 3u);
  for (const ScheduleNode &f : seq.children())
    EXPECT_EQ(f.kind(), ScheduleNodeKind::Filter);
  EXPECT_EQ(seq.children()[0].child().markName(), "s0");
  EXPECT_EQ(seq.children()[1].child().kind(), ScheduleNodeKind::Band);
  EXPECT_EQ(seq.children()[1].child().child().markName(), "s1");
  EXPECT_EQ(seq.children()[2].child().markName(), "s2");
  // The text reads back to the same tree, in both YAML styles.
  EXPECT_EQ(ScheduleTree::parse(tree.str()).str(), tree.str());
  EXPECT_EQ(ScheduleTree::parse(tree.str(YamlStyle::Flow)).str(), tree.str());
  // The flattened map: band, sequence position, inner band.
  EXPECT_TRUE(tree.getMap().isEqual(
      U("{ s0[i] -> [i, 0, 0] : 0 <= i <= 9; "
        "s1[i, j] -> [i, 1, j] : 0 <= i <= 9 and 0 <= j <= 19; "
        "s2[i] -> [i, 2, 0] : 0 <= i <= 9 }")));
  EXPECT_TRUE(da.originalSchedule().isEqual(tree.getMap()));
}

TEST(DependenceTest, AddBandAndAddSequenceFilter) {
  Module m = parse(slurp(PENGUIN_EXAMPLES_DIR "/schedule_tree.pn"));
  const Kernel &k = m.kernels.front();
  DependenceAnalysis da(k);
  const Loop &li = *k.body.front().asLoop();
  // add_band over the outer loop: every instruction inside, [(i)].
  ScheduleNode band = da.addBand(li, {}, ScheduleNode::leaf());
  ASSERT_EQ(band.members().size(), 1u);
  EXPECT_EQ(printBand(band.members()),
            "[{ s0[i] -> [(i)]; s1[i, j] -> [(i)]; s2[i] -> [(i)] }]");
  // add_band over the inner loop at depth 1: [(j)].
  const Loop &lj = *li.body[1].asLoop();
  LoopNest outer{&li};
  EXPECT_EQ(printBand(da.addBand(lj, outer, ScheduleNode::leaf()).members()),
            "[{ s1[i, j] -> [(j)] }]");
  // add_sequence_filter: one filter per statement, its domain union set.
  std::vector<const Stmt *> stmts;
  for (const Stmt &s : li.body)
    stmts.push_back(&s);
  std::vector<ScheduleNode> kids(3);
  ScheduleNode seq = da.addSequenceFilter(stmts, outer, std::move(kids));
  ASSERT_EQ(seq.kind(), ScheduleNodeKind::Sequence);
  ASSERT_EQ(seq.children().size(), 3u);
  EXPECT_TRUE(seq.children()[1].set().isEqual(
      U("{ s1[i, j] : 0 <= i <= 9 and 0 <= j <= 19 }")));
  EXPECT_THROW(da.addSequenceFilter(stmts, outer, {}), DependenceError);
}

//===----------------------------------------------------------------------===//
// Domains
//===----------------------------------------------------------------------===//

TEST(DependenceTest, ChildDomainUnionSetThroughLoopsAndScopes) {
  Module m = parse(R"(kernel k(param n in [1, 8]) {
  tensor A : f32[16, 16] SBUF
  scope outer {
    s3: A[0, 0] = copy(1.0)
    for i = 0 to n step 1 {
      scope inner {
        s5: A[i, 0] = copy(2.0)
        for j = i to 8 step 2 {
          s7: A[i, j] = copy(3.0) if j - 2 * i >= 0
        }
      }
    }
  }
})");
  const Kernel &k = m.kernels.front();
  DependenceAnalysis da(k);
  UnionRelation want =
      U("[n] -> { s3[]; s5[i] : 0 <= i < n; "
        "s7[i, j] : 0 <= i < n and i <= j < 8 and (j - i) mod 2 = 0 and "
        "j >= 2i }");
  // Parameter bounds are part of every domain.
  want = want.intersect(U("[n] -> { s3[] : 1 <= n <= 8; s5[i] : 1 <= n <= 8; "
                          "s7[i, j] : 1 <= n <= 8 }"));
  EXPECT_TRUE(da.domain().isEqual(want)) << da.domain().toString();
  EXPECT_TRUE(da.getChildDomainUnionSet(k.body.front()).isEqual(want));
  // The loop alone (inside the scope): s5 and s7.
  const Stmt &loop = k.body.front().asScope()->body[1];
  UnionRelation inLoop = da.getChildDomainUnionSet(loop);
  EXPECT_EQ(inLoop.pieces().size(), 2u);
  EXPECT_TRUE(inLoop.isSubsetOf(want));
  // The schedule tree goes through the scopes.
  ScheduleTree t = da.getScheduleTree();
  EXPECT_TRUE(t.getMap().domain().isEqual(want));
}

struct Thrower {
  operator Loop() const { throw std::runtime_error("no loop"); }
};

TEST(DependenceTest, UnhandledIRNode) {
  Module m = parse(R"(kernel k() {
  tensor A : f32[4] SBUF
  s0: A[0] = copy(1.0)
  for i = 0 to 4 step 1 {
    s1: A[i] = copy(2.0)
  }
})");
  Kernel k = m.kernels.front();
  // A statement of no known kind (a valueless variant).
  Stmt &s = k.body[1];
  EXPECT_THROW(s.node.emplace<Loop>(Thrower{}), std::runtime_error);
  ASSERT_TRUE(s.node.valueless_by_exception());
  try {
    DependenceAnalysis da(k);
    FAIL() << "no error for an unhandled node";
  } catch (const DependenceError &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "Unhandled IR class in NeuronISLDependenceAnalysis"),
              std::string::npos)
        << e.what();
  }
  DependenceAnalysis ok(m.kernels.front());
  EXPECT_THROW(ok.getChildDomainUnionSet(s), DependenceError);
}

//===----------------------------------------------------------------------===//
// Accesses and the allocation remapping
//===----------------------------------------------------------------------===//

const char *kAliasing = R"(kernel alias() {
  tensor X : f32[8] DRAM input
  tensor A : f32[8] SBUF alloc buf [8]
  tensor B : f32[8] SBUF alloc buf [8]
  tensor T : f32[8] DRAM
  tensor Y : f32[8] DRAM output
  for i = 0 to 8 step 1 {
    s0: A[i] = copy(X[i])
  }
  for i = 0 to 8 step 1 {
    s1: T[i] = copy(B[i])
  }
  for i = 0 to 8 step 1 {
    s2: Y[i] = copy(T[i])
  }
})";

TEST(DependenceTest, DependencyMapAndRemapping) {
  Module m = parse(kAliasing);
  const Kernel &k = m.kernels.front();
  DependenceAnalysis da(k);
  DependencyMap dm = da.getDependencyMap();
  // DRAM inputs/outputs keep their names; the others land in "%s_alloc" of
  // their allocation (A and B share "buf"; T, a DRAM temporary, is T_alloc).
  EXPECT_TRUE(dm.reads.isEqual(U("{ s0[i] -> X[i] : 0 <= i <= 7; "
                                 "s1[i] -> buf_alloc[i] : 0 <= i <= 7; "
                                 "s2[i] -> T_alloc[i] : 0 <= i <= 7 }")))
      << dm.reads.toString();
  EXPECT_TRUE(dm.writes.isEqual(U("{ s0[i] -> buf_alloc[i] : 0 <= i <= 7; "
                                  "s1[i] -> T_alloc[i] : 0 <= i <= 7; "
                                  "s2[i] -> Y[i] : 0 <= i <= 7 }")))
      << dm.writes.toString();
  // Only some instructions.
  int64_t only[] = {2};
  DependencyMap d2 = da.getDependencyMap(only);
  EXPECT_TRUE(d2.writes.isEqual(U("{ s2[i] -> Y[i] : 0 <= i <= 7 }")));
  int64_t missing[] = {9};
  EXPECT_THROW(da.getDependencyMap(missing), DependenceError);

  EXPECT_EQ(da.allocationTupleName(*k.findTensor("X")), "X");
  EXPECT_EQ(da.allocationTupleName(*k.findTensor("Y")), "Y");
  EXPECT_EQ(da.allocationTupleName(*k.findTensor("A")), "buf_alloc");
  EXPECT_EQ(da.allocationTupleName(*k.findTensor("T")), "T_alloc");
  EXPECT_TRUE(da.getAllocRemapping(*k.findTensor("X"))
                  .isEqual(presburger::parseRelation("{ X[x] -> X[x] }")));
}

TEST(DependenceTest, AliasingSeenOnlyThroughTheAllocation) {
  Module m = parse(kAliasing);
  const Kernel &k = m.kernels.front();
  DependenceAnalysis da(k);
  // Before the remapping, the write of A and the read of B are disjoint.
  const Instruction &s0 = *k.body[0].asLoop()->body[0].asInstruction();
  const Instruction &s1 = *k.body[1].asLoop()->body[0].asInstruction();
  LoopNest n0{k.body[0].asLoop()}, n1{k.body[1].asLoop()};
  Relation wA = da.access(s0, n0, *s0.dst);
  Relation rB = da.access(s1, n1, *s1.operandAccesses().front());
  EXPECT_EQ(wA.space().rangeTuple().name(), "A");
  EXPECT_EQ(rB.space().rangeTuple().name(), "B");
  // After it, they meet in buf_alloc: a RAW from s0 to s1.
  std::vector<Dependence> deps = da.dependences(kRAW);
  ASSERT_EQ(deps.size(), 2u);
  EXPECT_EQ(deps[0].srcId, 0);
  EXPECT_EQ(deps[0].dstId, 1);
  EXPECT_EQ(deps[0].tensor, "buf_alloc");
  EXPECT_EQ(deps[0].srcTensor, "A");
  EXPECT_EQ(deps[0].dstTensor, "B");
  EXPECT_TRUE(deps[0].relation.isEqual(
      presburger::parseRelation("{ s0[i] -> s1[i] : 0 <= i <= 7 }")));
  EXPECT_EQ(deps[1].tensor, "T_alloc");
  // Running the reader first is illegal, because of the shared allocation.
  auto v = da.checkValidSchedule(
      U("{ s0[i] -> [1, i]; s1[i] -> [0, i]; s2[i] -> [2, i] }"));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->type, DependenceType::RAW);
  EXPECT_EQ(v->tensor, "buf_alloc");
  EXPECT_EQ(v->message.rfind("RAW violation on tensor: buf_alloc (s0 writes "
                             "A, s1 reads B)",
                             0),
            0u)
      << v->message;

  // The same kernel with B in an allocation of its own: no dependence.
  std::string text = kAliasing;
  text.replace(text.find("alloc buf [8]\n  tensor B"), 13, "alloc bufA [8]");
  Module m2 = parse(text);
  DependenceAnalysis da2(m2.kernels.front());
  std::vector<Dependence> d2 = da2.dependences();
  ASSERT_EQ(d2.size(), 1u);
  EXPECT_EQ(d2[0].tensor, "T_alloc");
  EXPECT_FALSE(
      da2.checkValidSchedule(
             U("{ s0[i] -> [1, i]; s1[i] -> [0, i]; s2[i] -> [2, i] }"))
          .has_value());
}

TEST(DependenceTest, DramInputOutputNotRemapped) {
  // A DRAM output written in one loop and read back in another: the
  // dependence is on "Y" itself.
  Module m = parse(R"(kernel io() {
  tensor X : f32[8] DRAM input
  tensor Y : f32[8] DRAM output
  for i = 0 to 8 step 1 {
    s0: Y[i] = copy(X[i])
  }
  for i = 0 to 8 step 1 {
    s1: X[i] = copy(Y[7 - i])
  }
})");
  const Kernel &k = m.kernels.front();
  DependenceAnalysis da(k);
  Relation id = da.getAllocRemapping(*k.findTensor("Y"));
  EXPECT_TRUE(id.isEqual(presburger::parseRelation("{ Y[x] -> Y[x] }")));
  std::vector<Dependence> deps = da.dependences();
  ASSERT_EQ(deps.size(), 2u);
  EXPECT_EQ(deps[0].type, DependenceType::RAW);
  EXPECT_EQ(deps[0].tensor, "Y");
  EXPECT_TRUE(deps[0].relation.isEqual(
      presburger::parseRelation("{ s0[i] -> s1[7 - i] : 0 <= i <= 7 }")));
  EXPECT_EQ(deps[1].type, DependenceType::WAR);
  EXPECT_EQ(deps[1].tensor, "X");
  for (const AccessInfo &a : da.accesses())
    EXPECT_TRUE(a.space == "X" || a.space == "Y") << a.space;
}

TEST(DependenceTest, AllocatedBlockAndBankShape) {
  // d0: a = x mod 4, block floor(a/2), bank floor((a mod 2)/2), offset
  // a mod 2; d1: a = x mod 8, block floor(a/8), bank floor(a/4), offset
  // a mod 4. Order: blocks, banks, offsets.
  Module m = parse(R"(kernel geo() {
  tensor S : f32[8, 8] SBUF alloc [4, 8] block [2, 8] bank [2, 4]
  for i = 0 to 8 step 1 {
    s0: S[i, 0] = copy(1.0)
  }
  for i = 0 to 4 step 1 {
    s1: S[i, 0] = copy(2.0)
  }
})");
  const Kernel &k = m.kernels.front();
  DependenceAnalysis da(k);
  Relation r = da.getAllocRemapping(*k.findTensor("S"));
  EXPECT_EQ(r.space().rangeTuple().name(), "S_alloc");
  EXPECT_EQ(r.numRange(), 6u);
  EXPECT_TRUE(r.isSingleValued());
  EXPECT_TRUE(r.containsPoint(pt({5, 6, 0, 0, 0, 1, 1, 2})));
  EXPECT_TRUE(r.containsPoint(pt({1, 6, 0, 0, 0, 1, 1, 2}))); // wraps
  EXPECT_TRUE(r.containsPoint(pt({2, 3, 1, 0, 0, 0, 0, 3})));
  EXPECT_FALSE(r.containsPoint(pt({2, 3, 0, 0, 0, 0, 0, 3})));
  // S[i] and S[i + 4] share an address: s1 overwrites what the second half
  // of s0 wrote (WAW), and both halves of s0 write the same addresses.
  std::vector<Dependence> deps = da.dependences(kWAW);
  ASSERT_EQ(deps.size(), 2u);
  EXPECT_TRUE(deps[0].relation.isEqual(
      presburger::parseRelation("{ s0[i] -> s0[i + 4] : 0 <= i <= 3 }")))
      << deps[0].relation.toString();
  EXPECT_TRUE(deps[1].relation.isEqual(
      presburger::parseRelation("{ s0[i] -> s1[i mod 4] : 0 <= i <= 7 }")))
      << deps[1].relation.toString();
}

//===----------------------------------------------------------------------===//
// Dependences and legality
//===----------------------------------------------------------------------===//

const char *kLoopCarried = R"(kernel carried() {
  tensor A : f32[16] SBUF
  for i = 1 to 10 step 1 {
    s0: A[i] = add(A[i - 1], 1.0)
  }
})";

TEST(DependenceTest, LoopCarriedRawViolatedByReversal) {
  Module m = parse(kLoopCarried);
  DependenceAnalysis da(m.kernels.front());
  std::vector<Dependence> deps = da.dependences();
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_EQ(deps[0].type, DependenceType::RAW);
  EXPECT_TRUE(deps[0].relation.isEqual(
      presburger::parseRelation("{ s0[i] -> s0[i + 1] : 1 <= i <= 8 }")));
  EXPECT_TRUE(
      da.distances(deps[0]).isEqual(presburger::parseRelation("{ [1] }")));
  EXPECT_TRUE(da.dependenceUnion(DependenceType::WAR).isEmpty());
  EXPECT_TRUE(da.dependenceUnion(DependenceType::WAW).isEmpty());

  // The original order and a shift are legal.
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i] -> [i] }")).has_value());
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i] -> [i + 5] }")).has_value());
  EXPECT_FALSE(da.checkValidSchedule(da.getScheduleTree()).has_value());
  // The reversed loop is not.
  auto v = da.checkValidSchedule(U("{ s0[i] -> [-i] }"));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->srcId, 0);
  EXPECT_EQ(v->dstId, 0);
  EXPECT_EQ(v->tensor, "A_alloc");
  EXPECT_EQ(v->type, DependenceType::RAW);
  EXPECT_EQ(v->message,
            "RAW violation on tensor: A_alloc (s0 writes A, s0 reads A): "
            "s0[1] must run before s0[2], but the schedule runs them at [-1] "
            "and [-2]");
  EXPECT_TRUE(v->violated.isEqual(deps[0].relation));
  EXPECT_TRUE(v->distances.isEqual(presburger::parseRelation("{ [-1] }")));
  // Every instance at one time is a violation too (not strictly ordered).
  EXPECT_TRUE(da.checkValidSchedule(U("{ s0[i] -> [0] }")).has_value());
  // Only RAW is violated.
  EXPECT_FALSE(
      da.checkValidSchedule(U("{ s0[i] -> [-i] }"), {}, kWAR).has_value());
  // The same reversal written as a tree.
  ScheduleTree rev = ScheduleTree::parse(R"(domain: "{ s0[i] : 1 <= i <= 9 }"
child:
  schedule: "[{ s0[i] -> [(-i)] }]"
)");
  EXPECT_TRUE(da.checkValidSchedule(rev).has_value());
}

TEST(DependenceTest, ParametricLoopCarried) {
  Module m = parse(R"(kernel carried(param n in [2, 100]) {
  tensor A : f32[128] SBUF
  for i = 1 to n step 1 {
    s0: A[i] = add(A[i - 1], 1.0)
  }
})");
  DependenceAnalysis da(m.kernels.front());
  EXPECT_FALSE(da.checkValidSchedule(U("[n] -> { s0[i] -> [i] }")).has_value());
  auto v = da.checkValidSchedule(U("[n] -> { s0[i] -> [n - i] }"));
  ASSERT_TRUE(v.has_value());
  EXPECT_NE(v->message.find("(with n = "), std::string::npos) << v->message;
}

TEST(DependenceTest, WriteAfterRead) {
  // s0 reads A[i + 1] before s1 overwrites it in the next iteration.
  Module m = parse(R"(kernel war() {
  tensor A : f32[16] SBUF
  tensor B : f32[16] SBUF
  tensor C : f32[16] DRAM input
  for i = 0 to 8 step 1 {
    s0: B[i] = copy(A[i + 1])
    s1: A[i] = copy(C[i])
  }
})");
  DependenceAnalysis da(m.kernels.front());
  std::vector<Dependence> deps = da.dependences();
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_EQ(deps[0].type, DependenceType::WAR);
  EXPECT_EQ(deps[0].srcId, 0);
  EXPECT_EQ(deps[0].dstId, 1);
  EXPECT_TRUE(deps[0].relation.isEqual(
      presburger::parseRelation("{ s0[i] -> s1[i + 1] : 0 <= i <= 6 }")));
  // Distance in the original time [i, position]: one iteration, back one
  // position.
  EXPECT_TRUE(
      da.distances(deps[0]).isEqual(presburger::parseRelation("{ [1, 1] }")));
  // Swapping the two statements inside the loop is legal (the anti
  // dependence crosses iterations forward) ...
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i] -> [i, 1]; s1[i] -> [i, 0] }"))
                   .has_value());
  // ... running all of s1 first is not.
  auto v = da.checkValidSchedule(U("{ s0[i] -> [1, i]; s1[i] -> [0, i] }"));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->type, DependenceType::WAR);
  EXPECT_EQ(v->message.rfind("WAR violation on tensor: A_alloc (s0 reads A, "
                             "s1 writes A): s0[0] must run before s1[1]",
                             0),
            0u)
      << v->message;
  // Checking only RAW and WAW finds nothing.
  const DependenceType rawWaw[] = {DependenceType::RAW, DependenceType::WAW};
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i] -> [1, i]; s1[i] -> [0, i] }"),
                                     {}, rawWaw)
                   .has_value());
}

TEST(DependenceTest, WriteAfterWrite) {
  // Two iterations write each element of A.
  Module m = parse(R"(kernel waw() {
  tensor X : f32[16] DRAM input
  tensor A : f32[8] SBUF
  for i = 0 to 8 step 1 {
    s0: A[floordiv(i, 2)] = copy(X[i])
  }
})");
  DependenceAnalysis da(m.kernels.front());
  std::vector<Dependence> deps = da.dependences();
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_EQ(deps[0].type, DependenceType::WAW);
  EXPECT_TRUE(deps[0].relation.isEqual(presburger::parseRelation(
      "{ s0[i] -> s0[i + 1] : 0 <= i <= 7 and i mod 2 = 0 }")));
  auto v = da.checkValidSchedule(U("{ s0[i] -> [7 - i] }"));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->type, DependenceType::WAW);
  EXPECT_EQ(v->message.rfind("WAW violation on tensor: A_alloc (s0 writes A, "
                             "s0 writes A): s0[0] must run before s0[1]",
                             0),
            0u)
      << v->message;
  // Reversing only inside each pair is illegal, swapping whole pairs is not.
  EXPECT_TRUE(da.checkValidSchedule(U("{ s0[i] -> [i + 1] : i mod 2 = 0; "
                                      "s0[i] -> [i - 1] : i mod 2 = 1 }"))
                  .has_value());
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i] -> [-i + 2 * (i mod 2)] }"))
                   .has_value());
  EXPECT_FALSE(
      da.checkValidSchedule(U("{ s0[i] -> [-i] }"), {}, kRAW).has_value());
}

TEST(DependenceTest, LegalInterchange) {
  // Distance (1, 0): interchanging i and j keeps it lexicographically
  // positive.
  Module m = parse(R"(kernel ic() {
  tensor A : f32[8, 8] SBUF
  for i = 1 to 8 step 1 {
    for j = 0 to 8 step 1 {
      s0: A[i, j] = add(A[i - 1, j], 1.0)
    }
  }
})");
  DependenceAnalysis da(m.kernels.front());
  std::vector<Dependence> deps = da.dependences();
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_TRUE(
      da.distances(deps[0]).isEqual(presburger::parseRelation("{ [1, 0] }")));
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i, j] -> [j, i] }")).has_value());
  ScheduleTree t = ScheduleTree::parse(
      R"(domain: "{ s0[i, j] : 1 <= i <= 7 and 0 <= j <= 7 }"
child:
  schedule: "[{ s0[i, j] -> [(j)] }]"
  child:
    schedule: "[{ s0[i, j] -> [(i)] }]"
)");
  EXPECT_FALSE(da.checkValidSchedule(t).has_value());
  // Reversing j after the interchange is still legal, reversing i is not.
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i, j] -> [-j, i] }")).has_value());
  EXPECT_TRUE(da.checkValidSchedule(U("{ s0[i, j] -> [j, -i] }")).has_value());
}

TEST(DependenceTest, IllegalInterchange) {
  // Distance (1, -1): after the interchange it is (-1, 1).
  Module m = parse(R"(kernel ic() {
  tensor A : f32[8, 8] SBUF
  for i = 1 to 8 step 1 {
    for j = 0 to 7 step 1 {
      s0: A[i, j] = add(A[i - 1, j + 1], 1.0)
    }
  }
})");
  DependenceAnalysis da(m.kernels.front());
  std::vector<Dependence> deps = da.dependences(kRAW);
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_TRUE(
      da.distances(deps[0]).isEqual(presburger::parseRelation("{ [1, -1] }")));
  EXPECT_FALSE(da.checkValidSchedule(U("{ s0[i, j] -> [i, j] }")).has_value());
  auto v = da.checkValidSchedule(U("{ s0[i, j] -> [j, i] }"));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->type, DependenceType::RAW);
  EXPECT_TRUE(v->distances.isEqual(presburger::parseRelation("{ [-1, 1] }")));
  // Skewing first (j + i outer) makes the interchange legal.
  EXPECT_FALSE(
      da.checkValidSchedule(U("{ s0[i, j] -> [i + j, i] }")).has_value());
  // All violations, not only the first.
  EXPECT_EQ(da.findViolations(U("{ s0[i, j] -> [j, i] }")).size(), 1u);
}

TEST(DependenceTest, CandidateScheduleErrors) {
  Module m = parse(kLoopCarried);
  DependenceAnalysis da(m.kernels.front());
  // A statement the kernel does not have, a wrong arity, instances without
  // a time, two times for one instance, a set instead of a relation.
  EXPECT_THROW(da.checkValidSchedule(U("{ s0[i] -> [i]; s4[i] -> [i] }")),
               DependenceError);
  EXPECT_THROW(da.checkValidSchedule(U("{ s0[i, j] -> [i] }")),
               DependenceError);
  EXPECT_THROW(da.checkValidSchedule(U("{ s0[i] -> [i] : i <= 5 }")),
               DependenceError);
  EXPECT_THROW(da.checkValidSchedule(U("{ s0[i] -> [t] : i <= t <= i + 1 }")),
               DependenceError);
  EXPECT_THROW(da.checkValidSchedule(U("{ s0[i] }")), DependenceError);
  // Text forms: a tree and a relation give the same map.
  UnionRelation a = parseSchedule("{ s0[i] -> [i] }");
  UnionRelation b = parseSchedule(R"(domain: "{ s0[i] : 1 <= i <= 9 }"
child:
  schedule: "[{ s0[i] -> [(i)] }]"
)");
  EXPECT_TRUE(a.intersectDomain(U("{ s0[i] : 1 <= i <= 9 }"))
                  .isEqual(b.intersectDomain(U("{ s0[i] : 1 <= i <= 9 }"))))
      << a.toString() << " vs " << b.toString();
  EXPECT_THROW(parseSchedule("domain: \"{ s0[i] \"\nchild: ["), ParseError);
}

TEST(DependenceTest, OriginalScheduleIsAlwaysLegal) {
  for (const char *file : {"/schedule_tree.pn", "/alias_stencil.pn"}) {
    Module m = parse(slurp(std::string(PENGUIN_EXAMPLES_DIR) + file));
    for (const Kernel &k : m.kernels) {
      DependenceAnalysis da(k);
      EXPECT_FALSE(da.checkValidSchedule(da.getScheduleTree()).has_value())
          << file;
      EXPECT_FALSE(da.dependences().empty()) << file;
      for (const Dependence &d : da.dependences()) {
        // Distances in the original time are lexicographically positive:
        // none of them is <= the zero vector.
        Relation dist = da.distances(d);
        EXPECT_FALSE(dist.isEmpty());
        std::string zero = "{ [";
        for (unsigned c = 0; c < dist.numRange(); ++c)
          zero += c ? ", 0" : "0";
        Relation z = presburger::parseRelation(zero + "] }");
        EXPECT_TRUE(dist.lexOrderTo(z, presburger::LexOrder::LE).isEmpty())
            << file << ": " << dist.toString();
      }
    }
  }
}

} // namespace

namespace {

// for i < 8 { s0: A[i] = ..; s1: A[i] = ..; s2: B[i] = A[i] }: the write of
// s0 is overwritten before it is read.
const char *kOverwrite = R"(kernel over() {
  tensor A : f32[8] SBUF
  tensor B : f32[8] DRAM output
  tensor C : f32[8] DRAM input
  for i = 0 to 8 step 1 {
    s0: A[i] = copy(C[i])
    s1: A[i] = exp(C[i])
    s2: B[i] = copy(A[i])
  }
})";

TEST(DependenceTest, ExactModeDropsOverwrittenSources) {
  Module m = parse(kOverwrite);
  DependenceAnalysis may(m.kernels.front());
  DependenceAnalysis exact(m.kernels.front(), DependenceMode::Exact);
  auto raws = [](const DependenceAnalysis &da) {
    std::vector<std::pair<int64_t, int64_t>> out;
    for (const Dependence &d : da.dependences(kRAW))
      out.push_back({d.srcId, d.dstId});
    return out;
  };
  // May: both writes reach the read; exact: only the last one.
  EXPECT_EQ(raws(may),
            (std::vector<std::pair<int64_t, int64_t>>{{0, 2}, {1, 2}}));
  EXPECT_EQ(raws(exact), (std::vector<std::pair<int64_t, int64_t>>{{1, 2}}));
  std::vector<Dependence> d = exact.dependences(kRAW);
  EXPECT_TRUE(d[0].relation.isEqual(
      presburger::parseRelation("{ s1[i] -> s2[i] : 0 <= i <= 7 }")));
  EXPECT_EQ(d[0].tensor, "A_alloc");
  EXPECT_EQ(d[0].srcTensor, "A");
  // Running s2 between s0 and s1 breaks the exact RAW (s2 would read s0's
  // value); running s0 after s2 does not break it, only the WAW.
  UnionRelation between =
      U("{ s0[i] -> [i, 0]; s2[i] -> [i, 1]; s1[i] -> [i, 2] }");
  UnionRelation s0Last =
      U("{ s1[i] -> [i, 0]; s2[i] -> [i, 1]; s0[i] -> [i, 2] }");
  EXPECT_TRUE(exact.checkValidSchedule(between, {}, kRAW).has_value());
  EXPECT_FALSE(exact.checkValidSchedule(s0Last, {}, kRAW).has_value());
  EXPECT_TRUE(may.checkValidSchedule(s0Last, {}, kRAW).has_value());
  // With all three types both modes refuse both schedules.
  EXPECT_TRUE(exact.checkValidSchedule(s0Last).has_value());
  EXPECT_TRUE(may.checkValidSchedule(s0Last).has_value());
  // Exact WAW: s0 -> s1 (consecutive writes of A[i]).
  std::vector<Dependence> waw = exact.dependences(kWAW);
  ASSERT_EQ(waw.size(), 1u);
  EXPECT_EQ(waw[0].srcId, 0);
  EXPECT_EQ(waw[0].dstId, 1);
}

} // namespace
