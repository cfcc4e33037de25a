//===- IR.cpp - Tensors, accesses, instructions, loops, kernels -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "expr/Checked.h"
#include "penguin/AccessPattern.h"
#include "penguin/Instruction.h"
#include "penguin/Kernel.h"
#include "penguin/Loop.h"
#include "penguin/Tensor.h"

#include <algorithm>
#include <array>
#include <utility>

namespace penguin {

//===----------------------------------------------------------------------===//
// Source locations and diagnostics
//===----------------------------------------------------------------------===//

std::string SourceLocation::str() const {
  std::string f = file.empty() ? "<unknown>" : file;
  if (!isKnown())
    return f;
  return f + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string formatDiagnostic(const SourceLocation &loc,
                             const std::string &message,
                             std::string_view severity) {
  return loc.str() + ": " + std::string(severity) + ": " + message;
}

LocatedError::LocatedError(SourceLocation loc, std::string message)
    : Error(formatDiagnostic(loc, message)), loc_(std::move(loc)),
      message_(std::move(message)) {}

std::string engineFailureMessage(const presburger::Error &e) {
  return std::string("the integer-set engine failed: ") + e.what();
}

//===----------------------------------------------------------------------===//
// Tensor enums
//===----------------------------------------------------------------------===//

std::string_view toString(MemoryKind kind) {
  switch (kind) {
  case MemoryKind::DRAM:
    return "DRAM";
  case MemoryKind::SBUF:
    return "SBUF";
  case MemoryKind::PSUM:
    return "PSUM";
  }
  return "?";
}

std::optional<MemoryKind> parseMemoryKind(std::string_view text) {
  if (text == "DRAM")
    return MemoryKind::DRAM;
  if (text == "SBUF")
    return MemoryKind::SBUF;
  if (text == "PSUM")
    return MemoryKind::PSUM;
  return std::nullopt;
}

namespace {
constexpr std::array<std::pair<DataType, std::string_view>, 15> kTypes = {{
    {DataType::Bool, "bool"},
    {DataType::I8, "i8"},
    {DataType::I16, "i16"},
    {DataType::I32, "i32"},
    {DataType::I64, "i64"},
    {DataType::U8, "u8"},
    {DataType::U16, "u16"},
    {DataType::U32, "u32"},
    {DataType::U64, "u64"},
    {DataType::F16, "f16"},
    {DataType::BF16, "bf16"},
    {DataType::F32, "f32"},
    {DataType::F64, "f64"},
    {DataType::FP8E4M3, "fp8e4m3"},
    {DataType::FP8E5M2, "fp8e5m2"},
}};
} // namespace

std::string_view toString(DataType type) {
  for (const auto &[t, s] : kTypes)
    if (t == type)
      return s;
  return "?";
}

std::optional<DataType> parseDataType(std::string_view text) {
  for (const auto &[t, s] : kTypes)
    if (s == text)
      return t;
  return std::nullopt;
}

std::string allDataTypeNames() {
  std::string out;
  for (const auto &[t, s] : kTypes) {
    if (!out.empty())
      out += ", ";
    out += s;
  }
  return out;
}

//===----------------------------------------------------------------------===//
// AccessPattern
//===----------------------------------------------------------------------===//

std::string AccessPattern::str() const {
  std::string s = tensor + "[";
  for (size_t k = 0; k < indices.size(); ++k) {
    if (k)
      s += ", ";
    s += indices[k].isNull() ? "<null>" : indices[k].str();
  }
  return s + "]";
}

std::vector<AffineExpr>
AccessPattern::linearizeIndices(LinearizeMode mode) const {
  return linearizeAffineIndices(indices, mode);
}

//===----------------------------------------------------------------------===//
// Instruction
//===----------------------------------------------------------------------===//

std::vector<const AccessPattern *> Instruction::operandAccesses() const {
  std::vector<const AccessPattern *> out;
  for (const Operand &o : operands)
    if (const auto *ap = std::get_if<AccessPattern>(&o))
      out.push_back(ap);
  return out;
}

void Instruction::addPredicate(const AffinePredicate &p) {
  checkLegalPredicate(p);
  predicates.push_back(p);
}

void Instruction::resetPredicates(std::vector<AffinePredicate> preds) {
  for (const AffinePredicate &p : preds)
    checkLegalPredicate(p);
  predicates = std::move(preds);
}

void addPredicateExprsToInst(Instruction &inst,
                             std::span<const AffinePredicate> preds) {
  for (const AffinePredicate &p : preds)
    checkLegalPredicate(p);
  inst.predicates.insert(inst.predicates.end(), preds.begin(), preds.end());
}

std::vector<AffinePredicate>
dropApproxPredicates(std::span<const AffinePredicate> preds) {
  std::vector<AffinePredicate> out;
  for (const AffinePredicate &p : preds)
    if (!p.isApprox())
      out.push_back(p);
  return out;
}

//===----------------------------------------------------------------------===//
// Loop
//===----------------------------------------------------------------------===//

std::optional<int64_t> Loop::tripcount() const {
  if (stride <= 0)
    return std::nullopt;
  for (AffineExpr b : lowerBounds())
    if (b.isNull() || !b.isConstant())
      return std::nullopt;
  for (AffineExpr b : upperBounds())
    if (b.isNull() || !b.isConstant())
      return std::nullopt;
  LoopRange r = range(Valuation());
  int64_t span = detail::checkedSub(r.end, r.first);
  if (span <= 0)
    return 0;
  return detail::ceilDivPos(span, stride);
}

std::vector<AffineExpr> Loop::lowerBounds() const {
  std::vector<AffineExpr> out{lb};
  out.insert(out.end(), moreLbs.begin(), moreLbs.end());
  return out;
}

std::vector<AffineExpr> Loop::upperBounds() const {
  std::vector<AffineExpr> out{ub};
  out.insert(out.end(), moreUbs.begin(), moreUbs.end());
  return out;
}

bool Loop::boundsUseLoopVariables() const {
  bool uses = false;
  auto scan = [&](AffineExpr e) {
    if (e.isNull())
      return;
    forEachLeaf(e, [&](AffineExpr leaf) {
      uses = uses || leaf.kind() == ExprKind::Index;
    });
  };
  for (AffineExpr e : lowerBounds())
    scan(e);
  for (AffineExpr e : upperBounds())
    scan(e);
  return uses;
}

LoopRange Loop::range(const Valuation &values) const {
  if (stride <= 0)
    throw IRError("loop '" + iv + "' has a non-positive step " +
                  std::to_string(stride));
  int64_t base = evaluate(lb, values);
  int64_t start = base;
  for (AffineExpr b : moreLbs)
    start = std::max(start, evaluate(b, values));
  LoopRange r;
  // The first value of the lattice base + stride * k at or above start.
  r.first = detail::checkedAdd(
      base,
      detail::checkedMul(
          detail::ceilDivPos(detail::checkedSub(start, base), stride), stride));
  r.end = evaluate(ub, values);
  for (AffineExpr b : moreUbs)
    r.end = std::min(r.end, evaluate(b, values));
  return r;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

Kernel::Kernel(std::shared_ptr<ExprContext> context, std::string n)
    : name(std::move(n)), context_(std::move(context)) {
  if (!context_)
    throw IRError("a kernel needs an expression context");
}

const Tensor *Kernel::findTensor(std::string_view n) const {
  for (const Tensor &t : tensors)
    if (t.name == n)
      return &t;
  return nullptr;
}

const Param *Kernel::findParam(std::string_view n) const {
  for (const Param &p : params)
    if (p.name == n)
      return &p;
  return nullptr;
}

const RuntimeValueDecl *Kernel::findRuntimeValue(std::string_view n) const {
  for (const RuntimeValueDecl &r : runtimeValues)
    if (r.name == n)
      return &r;
  return nullptr;
}

namespace {
template <typename StmtT, typename Fn>
void walk(std::vector<StmtT> &body, LoopNest &nest, Fn &fn) {
  for (auto &s : body) {
    if (auto *i = s.asInstruction()) {
      fn(*i, nest);
    } else if (auto *l = s.asLoop()) {
      nest.push_back(l);
      walk(l->body, nest, fn);
      nest.pop_back();
    } else if (auto *sc = s.asScope()) {
      walk(sc->body, nest, fn);
    }
  }
}
template <typename StmtT, typename Fn>
void walkConst(const std::vector<StmtT> &body, LoopNest &nest, Fn &fn) {
  for (const auto &s : body) {
    if (const auto *i = s.asInstruction()) {
      fn(*i, nest);
    } else if (const auto *l = s.asLoop()) {
      nest.push_back(l);
      walkConst(l->body, nest, fn);
      nest.pop_back();
    } else if (const auto *sc = s.asScope()) {
      walkConst(sc->body, nest, fn);
    }
  }
}
} // namespace

void walkInstructions(
    Kernel &kernel,
    const std::function<void(Instruction &, const LoopNest &)> &fn) {
  LoopNest nest;
  walk(kernel.body, nest, fn);
}

void walkInstructions(
    const Kernel &kernel,
    const std::function<void(const Instruction &, const LoopNest &)> &fn) {
  LoopNest nest;
  walkConst(kernel.body, nest, fn);
}

} // namespace penguin
