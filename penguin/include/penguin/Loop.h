//===- Loop.h - Loops, scope regions and statements -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The body of a kernel is a list of statements; a statement is an
// instruction, a loop (the seed's Axis) or a scope region (ScopeRegion, a
// nested body without an induction variable). A loop runs its induction
// variable over lb, lb + stride, ... while iv < ub (ub is exclusive), so
//
//     tripcount = max(0, ceil((ub - lb) / stride))       (stride > 0)
//
// lb and ub are affine expressions over constants, kernel parameters and the
// variables of the enclosing loops. A loop may have several lower bounds
// (it starts at their max) and several upper bounds (it stops before their
// min): `for j = max(0, i - 3) to min(n, i + 5) step 2`. The first lower
// bound `lb` fixes the lattice: iv runs over the values v with v >= every
// lower bound, v < every upper bound and v = lb + stride * k for an integer
// k, in increasing order (docs/penguin-ir.md, "Loop bounds"). A box loop
// (one lower and one upper bound, no loop variable in them) is the form
// every pass accepts.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_LOOP_H
#define PENGUIN_LOOP_H

#include "penguin/AffineExpr.h"
#include "penguin/Error.h"
#include "penguin/Instruction.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace penguin {

struct Stmt;

/// The values a loop runs over at one point of its parameters and
/// enclosing loop variables: first, first + stride, ... while < end.
struct LoopRange {
  int64_t first = 0;
  int64_t end = 0; ///< exclusive
};

struct Loop {
  std::string iv;
  AffineExpr lb; ///< the first lower bound (it fixes the stride lattice)
  AffineExpr ub; ///< the first upper bound (exclusive)
  /// Further lower bounds: the loop starts at max(lb, moreLbs...).
  std::vector<AffineExpr> moreLbs;
  /// Further upper bounds: the loop stops before min(ub, moreUbs...).
  std::vector<AffineExpr> moreUbs;
  int64_t stride = 1;
  std::vector<Stmt> body;
  SourceLocation loc;

  /// Known when every bound is a constant and stride > 0. O(bounds).
  std::optional<int64_t> tripcount() const;
  bool isStrided() const { return stride != 1; }
  /// lb then moreLbs / ub then moreUbs. O(bounds).
  std::vector<AffineExpr> lowerBounds() const;
  std::vector<AffineExpr> upperBounds() const;
  /// Whether the loop has more than one lower or upper bound.
  bool hasMinMaxBounds() const { return !moreLbs.empty() || !moreUbs.empty(); }
  /// Whether some bound uses a loop variable. O(size of the bounds).
  bool boundsUseLoopVariables() const;
  /// One lower and one upper bound over parameters and constants only: the
  /// loops every analysis and pass of penguin handles. O(size of bounds).
  bool isBox() const { return !hasMinMaxBounds() && !boundsUseLoopVariables(); }
  /// The values the loop runs over when its bounds' leaves take `values`:
  /// the max of the lower bounds rounded up onto lb + stride * k, and the
  /// min of the upper bounds. Throws IRError for a non-positive stride or a
  /// leaf without value, OverflowError on int64 overflow. O(size of bounds).
  LoopRange range(const Valuation &values) const;
};

struct Scope {
  std::string name;
  std::vector<Stmt> body;
  SourceLocation loc;
};

struct Stmt {
  std::variant<Instruction, Loop, Scope> node;

  Stmt(Instruction i) : node(std::move(i)) {}
  Stmt(Loop l) : node(std::move(l)) {}
  Stmt(Scope s) : node(std::move(s)) {}

  Instruction *asInstruction() { return std::get_if<Instruction>(&node); }
  const Instruction *asInstruction() const {
    return std::get_if<Instruction>(&node);
  }
  Loop *asLoop() { return std::get_if<Loop>(&node); }
  const Loop *asLoop() const { return std::get_if<Loop>(&node); }
  Scope *asScope() { return std::get_if<Scope>(&node); }
  const Scope *asScope() const { return std::get_if<Scope>(&node); }
};

} // namespace penguin

#endif // PENGUIN_LOOP_H
