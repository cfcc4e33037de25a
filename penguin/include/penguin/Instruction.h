//===- Instruction.h - A predicated instruction -----------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An instruction of the Penguin IR (the seed's NeuronInst): an id N (its
// statement tuple is "sN"), an opcode, an optional destination access
// pattern, operands (access patterns or immediates) and a conjunction of
// affine predicates guarding it.
//
// The predicate list is plain data; `addPredicate`, `resetPredicates` and
// `addPredicateExprsToInst` are the checked ways to attach predicates and
// throw IRError "Invalid Predicate! ..." for an illegal one (one that
// depends on a runtime value). The verifier re-checks every predicate, so IR
// that was assembled by writing the field directly is caught too.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_INSTRUCTION_H
#define PENGUIN_INSTRUCTION_H

#include "penguin/AccessPattern.h"
#include "penguin/AffinePredicate.h"
#include "penguin/Error.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace penguin {

/// An operand: an access pattern, an integer immediate or a floating-point
/// immediate.
using Operand = std::variant<AccessPattern, int64_t, double>;

struct Instruction {
  int64_t id = 0;
  std::string opcode;
  std::optional<AccessPattern> dst;
  std::vector<Operand> operands;
  std::vector<AffinePredicate> predicates;
  SourceLocation loc;

  /// "sN".
  std::string statementName() const {
    std::string s = "s";
    s += std::to_string(id);
    return s;
  }
  bool isPredicated() const { return !predicates.empty(); }
  /// The access-pattern operands (the instruction's reads).
  std::vector<const AccessPattern *> operandAccesses() const;

  /// Checked attach (IRError "Invalid Predicate! ...").
  void addPredicate(const AffinePredicate &p);
  /// Replaces all predicates (checked).
  void resetPredicates(std::vector<AffinePredicate> preds);
};

/// The seed's addPredicateExprsToInst: attaches each predicate, raising
/// "Invalid Predicate!" on an illegal one (nothing is attached then).
void addPredicateExprsToInst(Instruction &inst,
                             std::span<const AffinePredicate> preds);

/// The seed's drop_approx_predicates: the exact predicates only.
std::vector<AffinePredicate>
dropApproxPredicates(std::span<const AffinePredicate> preds);

/// The opcode the verifier holds to the single-predicate rule (see
/// AffineSelect.h for the consumer that builds it from a mask).
inline constexpr const char *kAffineSelectOpcode = "affine_select";

} // namespace penguin

#endif // PENGUIN_INSTRUCTION_H
