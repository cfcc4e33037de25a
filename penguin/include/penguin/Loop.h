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
// lb and ub are affine expressions over constants and kernel parameters.
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

struct Loop {
  std::string iv;
  AffineExpr lb;
  AffineExpr ub; ///< exclusive
  int64_t stride = 1;
  std::vector<Stmt> body;
  SourceLocation loc;

  /// Known when lb and ub are constants and stride > 0.
  std::optional<int64_t> tripcount() const;
  bool isStrided() const { return stride != 1; }
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
