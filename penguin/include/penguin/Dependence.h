//===- Dependence.h - May-dependences and schedule legality -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The seed's NeuronIslDependenceAnalysis (dependence-graph-construction.txt)
// over the Penguin IR and the presburger engine; docs/penguin-dependences.md
// describes the analysis, the schedule formats and the choices made.
//
//   domain       one statement tuple sN per instruction (N = its id), its
//                iteration domain { sN[ivs] : loop bounds, parameter bounds,
//                exact predicates } (get_child_domain_union_set);
//   accesses     { sN[ivs] -> T[addrs] } per access pattern, restricted to
//                the same domain (an index with a runtime value covers the
//                whole tensor dimension), then renamed onto the physical
//                allocation T_alloc (get_alloc_remapping) unless T is a DRAM
//                kernel input or output;
//   schedule     the original program order as a schedule tree DOMAIN ->
//                BAND -> SEQUENCE -> FILTER -> MARK (get_schedule_tree), and
//                its flattened map S0 { sN[ivs] -> [t...] };
//   dependences  May-dependences, not exact dataflow: for every source
//                access and sink access of the same allocation, the pairs
//                of instances touching one element, kept when the original
//                program runs the source strictly first:
//                  RAW  writes -> reads     WAR  reads -> writes
//                  WAW  writes -> writes
//                  D = src . dst^-1  intersected with  { a -> b : S0(a) <<
//                  S0(b) }
//   legality     a candidate schedule S1 violates D when some pair of D is
//                not strictly ordered by S1 (S1(a) >>= S1(b)); the first
//                violation is reported as a DependenceViolation
//                (check_valid_schedule); distances are deltas in time.
//
// A DependenceAnalysis reads a kernel that must outlive it. Results are
// cached inside, so an analysis object must not be used from two threads at
// once; analyses of different kernels are independent.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_DEPENDENCE_H
#define PENGUIN_DEPENDENCE_H

#include "penguin/AffineExpr.h"
#include "penguin/Error.h"
#include "penguin/Kernel.h"
#include "penguin/ScheduleTree.h"

#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace penguin {

/// The analysis cannot proceed on this kernel or with these arguments (an
/// unhandled IR node, two instructions with one id, an unknown instruction
/// id, a schedule that does not cover the kernel, an allocation tuple name
/// that collides with a tensor).
class DependenceError : public Error {
public:
  using Error::Error;
};

/// The seed's assertion text for an IR node the walk does not know.
inline constexpr const char *kUnhandledIRClassMessage =
    "Unhandled IR class in NeuronISLDependenceAnalysis";

/// Which dependences the analysis computes. May: the seed's memory-based
/// May-dependences (every pair of accesses to one element, ordered by the
/// program). Exact: value-based dependences (presburger::computeFlow): RAW
/// from the last write of the element before each read, WAR from each read
/// to the first write after it, WAW from the last write before each write
/// (writes under approximate predicates are may-writes). For the legality
/// of a schedule, checking all three exact types refuses the same
/// schedules as the may ones (their transitive consequences are the may
/// dependences); checking RAW alone refuses only schedules that change
/// what a read reads.
enum class DependenceMode { May, Exact };

/// "may", "exact".
std::string_view toString(DependenceMode mode);

/// The seed's DependenceType. The enumerators' values carry no meaning.
enum class DependenceType { RAW, WAR, WAW };

/// "RAW", "WAR", "WAW".
std::string_view toString(DependenceType type);

/// The default of check_valid_schedule: all three, in this order.
inline constexpr DependenceType kAllDependenceTypes[] = {
    DependenceType::RAW, DependenceType::WAR, DependenceType::WAW};

/// One access of one instruction, as the analysis sees it.
struct AccessInfo {
  int64_t instId = 0;
  bool isWrite = false;
  /// The tensor of the access pattern.
  std::string tensor;
  /// The tuple the access lands in after get_alloc_remapping: "A_alloc",
  /// "buf_alloc", or the tensor name for a DRAM input/output.
  std::string space;
  /// { sN[ivs] -> space[addrs] }, restricted to the instruction's domain.
  presburger::Relation relation;
  /// The access pattern text ("A[i, j + 1]").
  std::string text;
};

/// get_dependency_map: the read and write unions.
struct DependencyMap {
  presburger::UnionRelation reads;
  presburger::UnionRelation writes;
};

/// The dependences of one type between two instructions through one
/// allocation: { sM[...] -> sN[...] } pairs ordered by the original
/// program.
struct Dependence {
  DependenceType type = DependenceType::RAW;
  int64_t srcId = 0, dstId = 0;
  /// The allocation tuple ("A_alloc"; a DRAM input/output keeps its name).
  std::string tensor;
  /// The tensors the source and the sink access (different when two
  /// tensors share an allocation; several names are joined with ", ").
  std::string srcTensor, dstTensor;
  presburger::Relation relation;
};

/// The seed's DependenceViolation (src_id, dst_id, tensor, type, msg), with
/// the evidence: the violated pairs and their distances in the candidate
/// schedule's time.
struct DependenceViolation {
  int64_t srcId = 0, dstId = 0;
  std::string tensor;
  DependenceType type = DependenceType::RAW;
  /// "RAW violation on tensor: A_alloc (s0 writes A, s1 reads A): ..." with
  /// one violated pair and its times.
  std::string message;
  std::string srcTensor, dstTensor;
  /// The pairs of the dependence that the candidate does not order.
  presburger::Relation violated;
  /// { S1(b) - S1(a) } over the violated pairs (lexicographically <= 0).
  presburger::Relation distances;
};

class DependenceAnalysis {
public:
  /// Collects the kernel's instructions. Throws DependenceError for a
  /// statement node the walk does not handle (kUnhandledIRClassMessage) and
  /// for two instructions with the same id.
  explicit DependenceAnalysis(const Kernel &kernel,
                              DependenceMode mode = DependenceMode::May);

  const Kernel &kernel() const { return kernel_; }
  DependenceMode mode() const { return mode_; }

  //===--------------------------------------------------------------------===//
  // Domains
  //===--------------------------------------------------------------------===//

  /// The seed's in_predicate_domain: { sN[ivs] : loop bounds, parameter
  /// bounds, exact predicates } for an instruction with loop nest `nest`.
  presburger::Relation inPredicateDomain(const Instruction &inst,
                                         const LoopNest &nest) const;
  /// get_child_domain_union_set: the union of the domains of the
  /// instructions in `stmt` (recursively through loops and scopes);
  /// `enclosing` are the loops around `stmt`. Throws DependenceError
  /// (kUnhandledIRClassMessage) for a statement node of no known kind.
  presburger::UnionRelation
  getChildDomainUnionSet(const Stmt &stmt,
                         const LoopNest &enclosing = {}) const;
  /// The domain of the whole kernel.
  presburger::UnionRelation domain() const;

  //===--------------------------------------------------------------------===//
  // Accesses
  //===--------------------------------------------------------------------===//

  /// The seed's names for the allocation remapping, which lives in
  /// AllocationMap (shared with memcpy-elimination): allocationTupleName is
  /// AllocationMap::tupleName, affineExp is AllocationMap::addresses (the
  /// cell of an element: block, bank and offset coordinates of the index
  /// wrapped into the allocated shape; unwrapped without `wrap`), and
  /// getAllocRemapping is AllocationMap::remapping ({ T[x] -> T_alloc[cell] },
  /// the identity for a DRAM input/output).
  std::string allocationTupleName(const Tensor &t) const;
  std::vector<AffineExpr> affineExp(const Tensor &t,
                                    std::span<const AffineExpr> indices,
                                    bool wrap = true) const;
  presburger::Relation getAllocRemapping(const Tensor &t,
                                         bool wrap = true) const;
  /// access: { sN[ivs] -> T[addrs] } restricted to the predicated domain
  /// (before the remapping).
  presburger::Relation access(const Instruction &inst, const LoopNest &nest,
                              const AccessPattern &ap) const;
  /// Every access of every instruction (remapped), in program order: per
  /// instruction its reads (operands, in order) then its write.
  const std::vector<AccessInfo> &accesses() const;
  /// get_dependency_map over the instructions `instIds` (empty: all).
  DependencyMap getDependencyMap(std::span<const int64_t> instIds = {}) const;

  //===--------------------------------------------------------------------===//
  // The schedule of the original program
  //===--------------------------------------------------------------------===//

  /// get_schedule_tree: DOMAIN -> (BAND per loop) -> SEQUENCE of FILTERs
  /// (for a body of more than one statement) -> MARK "sN" per instruction.
  ScheduleTree getScheduleTree() const;
  /// add_band: the one-member band { sN[ivs] -> [(iv)] } of `loop` (at
  /// depth enclosing.size()) over every instruction inside it, above
  /// `child`.
  ScheduleNode addBand(const Loop &loop, const LoopNest &enclosing,
                       ScheduleNode child) const;
  /// add_sequence_filter: a sequence with one filter per statement of
  /// `stmts` (its get_child_domain_union_set), above `children` (one per
  /// statement). Statements without instructions must not be passed.
  ScheduleNode addSequenceFilter(std::span<const Stmt *const> stmts,
                                 const LoopNest &enclosing,
                                 std::vector<ScheduleNode> children) const;
  /// getScheduleTree().getMap(): S0.
  const presburger::UnionRelation &originalSchedule() const;

  //===--------------------------------------------------------------------===//
  // Dependences and legality
  //===--------------------------------------------------------------------===//

  /// The dependences (May or Exact, as the analysis' mode says) of the
  /// given types between the instructions `instIds` (empty: all), one entry
  /// per (type, source, sink, allocation), sorted in that order; empty
  /// relations are left out.
  std::vector<Dependence>
  dependences(std::span<const DependenceType> types = kAllDependenceTypes,
              std::span<const int64_t> instIds = {}) const;
  /// The union of the dependences of one type.
  presburger::UnionRelation dependenceUnion(DependenceType type) const;
  /// The distance set of a dependence in the time of the original schedule:
  /// { S0(b) - S0(a) : a -> b in dep } (lexicographically positive).
  presburger::Relation distances(const Dependence &dep) const;

  /// Validates a candidate flattened schedule against the kernel and
  /// returns it restricted to the kernel's domain and padded to one arity.
  /// Throws DependenceError when it names a statement the kernel does not
  /// have or with the wrong number of dimensions, leaves an instance
  /// without a time, or gives an instance two times.
  /// Only the instructions `instIds` (empty: all) must be covered.
  presburger::UnionRelation
  prepareSchedule(const presburger::UnionRelation &schedule,
                  std::span<const int64_t> instIds = {}) const;

  /// internal_check_valid_schedule: the violations of `deps` under the
  /// prepared schedule `schedule` (all of them, or only the first one).
  std::vector<DependenceViolation>
  internalCheckValidSchedule(const std::vector<Dependence> &deps,
                             const presburger::UnionRelation &schedule,
                             bool firstOnly = false) const;

  /// check_valid_schedule: the first violation (types in the given order,
  /// then by source id, sink id and allocation) of the candidate schedule
  /// (a flattened map or a tree), or nullopt when it is legal.
  std::optional<DependenceViolation> checkValidSchedule(
      const presburger::UnionRelation &schedule,
      std::span<const int64_t> instIds = {},
      std::span<const DependenceType> types = kAllDependenceTypes) const;
  std::optional<DependenceViolation> checkValidSchedule(
      const ScheduleTree &schedule, std::span<const int64_t> instIds = {},
      std::span<const DependenceType> types = kAllDependenceTypes) const;
  /// Every violation, in the same order.
  std::vector<DependenceViolation> findViolations(
      const presburger::UnionRelation &schedule,
      std::span<const int64_t> instIds = {},
      std::span<const DependenceType> types = kAllDependenceTypes) const;

private:
  struct InstInfo {
    const Instruction *inst;
    LoopNest nest;
  };
  void collect(const std::vector<Stmt> &body, LoopNest &nest);
  const InstInfo &info(int64_t id) const;
  std::vector<int64_t> selectIds(std::span<const int64_t> instIds) const;
  const presburger::Relation &before(int64_t srcId, int64_t dstId) const;
  ScheduleNode scheduleHelper(const Stmt &stmt, LoopNest &enclosing) const;
  ScheduleNode bodySchedule(const std::vector<Stmt> &body,
                            LoopNest &enclosing) const;
  presburger::Relation schedulePiece(const presburger::UnionRelation &s,
                                     int64_t id) const;
  std::vector<Dependence>
  exactDependences(std::span<const DependenceType> types,
                   const std::set<int64_t> &chosen) const;

  const Kernel &kernel_;
  DependenceMode mode_;
  std::map<int64_t, InstInfo> insts_;
  std::vector<int64_t> order_; // ids in program order
  mutable std::optional<std::vector<AccessInfo>> accesses_;
  mutable std::optional<presburger::UnionRelation> schedule_;
  mutable std::map<std::pair<int64_t, int64_t>, presburger::Relation> before_;
  // Exact dependences per (type, chosen instructions): computeFlow is the
  // costly part, and legality checks ask for the same ones again.
  mutable std::map<std::pair<int, std::vector<int64_t>>,
                   std::vector<Dependence>>
      exact_;
};

/// Simplifies for printing: each piece coalesced (kept only when the
/// engine confirms it is the same set) and each disjunct simplified (the
/// seed's try_simplify).
presburger::UnionRelation trySimplify(const presburger::UnionRelation &u);
presburger::Relation trySimplify(const presburger::Relation &r);

} // namespace penguin

#endif // PENGUIN_DEPENDENCE_H
