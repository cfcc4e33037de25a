//===- Kernel.h - Kernels and modules ---------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel: symbolic parameters (e.g. SPMD ids, with optional known bounds),
// tensors, runtime values (data-dependent scalars usable in access indices
// but never in predicates) and a body of statements. A module is the
// contents of one .pn file: one or more kernels sharing one ExprContext.
//
// Ownership: a Kernel owns its IR by value and shares its expression context
// through a shared_ptr (expressions are immutable, so copies of a kernel may
// share them). Copying a kernel copies the IR, not the context.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_KERNEL_H
#define PENGUIN_KERNEL_H

#include "penguin/AffineExpr.h"
#include "penguin/Error.h"
#include "penguin/Instruction.h"
#include "penguin/Loop.h"
#include "penguin/Tensor.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace penguin {

struct Param {
  std::string name;
  /// Known inclusive bounds [lo, hi] (both or neither).
  std::optional<int64_t> lo;
  std::optional<int64_t> hi;
  SourceLocation loc;
};

struct RuntimeValueDecl {
  std::string name;
  DataType dtype = DataType::I32;
  SourceLocation loc;
};

class Kernel {
public:
  /// Throws IRError on a null context.
  explicit Kernel(std::shared_ptr<ExprContext> context, std::string name = "");

  std::string name;
  std::vector<Param> params;
  std::vector<Tensor> tensors;
  std::vector<RuntimeValueDecl> runtimeValues;
  std::vector<Stmt> body;
  SourceLocation loc;

  ExprContext &context() const { return *context_; }
  const std::shared_ptr<ExprContext> &sharedContext() const { return context_; }

  const Tensor *findTensor(std::string_view n) const;
  const Param *findParam(std::string_view n) const;
  const RuntimeValueDecl *findRuntimeValue(std::string_view n) const;

private:
  std::shared_ptr<ExprContext> context_;
};

/// The loops enclosing a statement, outermost first.
using LoopNest = std::vector<const Loop *>;

/// Visits every instruction in program order with its enclosing loops.
void walkInstructions(
    Kernel &kernel,
    const std::function<void(Instruction &, const LoopNest &)> &fn);
void walkInstructions(
    const Kernel &kernel,
    const std::function<void(const Instruction &, const LoopNest &)> &fn);

struct Module {
  std::shared_ptr<ExprContext> context;
  std::vector<Kernel> kernels;
  /// The file the module was read from ("<stdin>", "<input>", ...).
  std::string file;
};

} // namespace penguin

#endif // PENGUIN_KERNEL_H
