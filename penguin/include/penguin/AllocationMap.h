//===- AllocationMap.h - Where the elements of tensors live -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Tensors are names for memory. Several tensors may name one on-chip
// allocation (`alloc NAME [shape]`): they share its cells, so a write
// through one changes what a read through another sees. Every analysis that
// asks "can these two accesses touch the same element?" must ask it of
// memory, not of tensor names. This is the one place that says where an
// element lives (the seed's get_alloc_remapping / affine_exp / "%s_alloc"):
// the dependence analysis and memcpy-elimination both map their accesses
// through it.
//
//   tensor T (on chip, or a DRAM temporary)  ->  cells of "ALLOC_alloc"
//   DRAM kernel input / output T             ->  itself, "T" (not remapped)
//
// A cell is the tuple of block, bank and offset coordinates of an index
// wrapped into the allocated shape (see addresses()). Tensors naming one
// allocation have the same allocated, block and bank shapes (the verifier
// checks it), so their cells are comparable.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ALLOCATIONMAP_H
#define PENGUIN_ALLOCATIONMAP_H

#include "penguin/AffineExpr.h"
#include "penguin/Kernel.h"

#include "presburger/Relation.h"

#include <map>
#include <span>
#include <string>
#include <vector>

namespace penguin {

class AllocationMap {
public:
  /// The allocations of `kernel` (which must outlive the map). Throws
  /// IRError when two different allocations would get one tuple name (a
  /// DRAM input named "buf_alloc" beside an allocation "buf").
  explicit AllocationMap(const Kernel &kernel);

  /// The memory tuple of `t`: "%s_alloc" of its allocation name, or the
  /// tensor's own name for a DRAM kernel input/output.
  static std::string tupleName(const Tensor &t);

  /// affine_exp: the cell of element `indices` of tensor `t`, built in the
  /// indices' context. Per dimension d, with a = idx_d wrapped into the
  /// allocated extent (mod A_d, when an allocated shape is given and
  /// `wrap`): the block coordinate floor(a / B_d) when a block shape is
  /// given, the bank coordinate floor((a mod B_d) / K_d) (floor(a / K_d)
  /// without block) when a bank shape is given, and the offset (a reduced
  /// modulo the innermost of those shapes). All block coordinates come
  /// first, then the banks, then the offsets. A DRAM input/output: the
  /// indices unchanged. Throws IRError on a rank mismatch.
  static std::vector<AffineExpr> addresses(const Tensor &t,
                                           std::span<const AffineExpr> indices,
                                           bool wrap = true);

  /// get_alloc_remapping: { T[x] -> tupleName(T)[addresses(x)] }, or the
  /// identity on T for a DRAM input/output. Without `wrap`, the reduction
  /// modulo the allocated extent is left out: equal on indices inside the
  /// allocated shape, simpler to print.
  static presburger::Relation remapping(const Tensor &t, bool wrap = true);

  /// `access` (a relation { X -> T[idx] } or a set { T[idx] } over the
  /// index tuple of tensor `tensor`) with its range carried onto memory:
  /// { X -> tupleName(T)[cell] }. The unwrapped remapping is used when
  /// every index of `access` lies inside the allocated shape (the same
  /// relation). Throws IRError for an undeclared tensor. Cost: one
  /// composition, plus a subset test for an on-chip tensor (remappings are
  /// cached per tensor).
  presburger::Relation toMemory(const presburger::Relation &access,
                                const std::string &tensor) const;

  /// The access of `ap` by `inst` (in loop nest `nest`) on memory:
  /// { sN[ivs] -> tupleName(T)[cell] } over the instruction's executed
  /// iterations (loop bounds, parameter bounds, exact predicates); an index
  /// with a runtime value covers its whole tensor dimension. The relation
  /// the dependence analysis builds for every access.
  presburger::Relation access(const Instruction &inst, const LoopNest &nest,
                              const AccessPattern &ap) const;

  /// Whether tensors `a` and `b` name the same memory (one tuple).
  bool shareMemory(const std::string &a, const std::string &b) const;
  /// tupleName of the declared tensor `tensor` (IRError if undeclared).
  std::string tupleNameOf(const std::string &tensor) const;

private:
  struct Remap {
    presburger::Relation wrapped, plain, box;
    bool hasPlain = false;
  };
  const Tensor &tensor(const std::string &name) const;
  const Remap &remap(const std::string &tensor) const;

  const Kernel &kernel_;
  mutable std::map<std::string, Remap> remaps_;
};

} // namespace penguin

#endif // PENGUIN_ALLOCATIONMAP_H
