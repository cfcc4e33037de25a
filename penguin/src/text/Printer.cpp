//===- Printer.cpp - Writing the .pn text form ----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Printer.h"

#include <charconv>
#include <cmath>

namespace penguin {

std::string printFloat(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), value);
  std::string s(buf, res.ptr);
  if (s.find_first_of(".eE") == std::string::npos)
    s += ".0";
  return s;
}

std::string printOperand(const Operand &op) {
  if (const auto *ap = std::get_if<AccessPattern>(&op))
    return ap->str();
  if (const auto *i = std::get_if<int64_t>(&op))
    return std::to_string(*i);
  return printFloat(std::get<double>(op));
}

namespace {

std::string shapeStr(const std::vector<int64_t> &s) {
  std::string out = "[";
  for (size_t k = 0; k < s.size(); ++k) {
    if (k)
      out += ", ";
    out += std::to_string(s[k]);
  }
  return out + "]";
}

void printBody(std::string &out, const std::vector<Stmt> &body, int indent);

void printInstruction(std::string &out, const Instruction &inst) {
  out += inst.statementName() + ": ";
  if (inst.dst)
    out += inst.dst->str() + " = ";
  out += inst.opcode + "(";
  for (size_t k = 0; k < inst.operands.size(); ++k) {
    if (k)
      out += ", ";
    out += printOperand(inst.operands[k]);
  }
  out += ")";
  if (!inst.predicates.empty()) {
    out += " if ";
    for (size_t k = 0; k < inst.predicates.size(); ++k) {
      if (k)
        out += " & ";
      out += inst.predicates[k].str();
    }
  }
}

/// One bound, or `max(a, b, ...)` / `min(a, b, ...)` for several.
std::string printBounds(const char *fn, const std::vector<AffineExpr> &bs) {
  auto one = [](AffineExpr e) {
    return e.isNull() ? std::string("<null>") : e.str();
  };
  if (bs.size() == 1)
    return one(bs.front());
  std::string out = std::string(fn) + "(";
  for (size_t k = 0; k < bs.size(); ++k)
    out += (k ? ", " : "") + one(bs[k]);
  return out + ")";
}

void printStmt(std::string &out, const Stmt &s, int indent) {
  std::string pad(static_cast<size_t>(indent) * 2, ' ');
  if (const Instruction *inst = s.asInstruction()) {
    out += pad;
    printInstruction(out, *inst);
    out += '\n';
    return;
  }
  if (const Loop *l = s.asLoop()) {
    out += pad + "for " + l->iv + " = " + printBounds("max", l->lowerBounds()) +
           " to " + printBounds("min", l->upperBounds()) + " step " +
           std::to_string(l->stride) + " {\n";
    printBody(out, l->body, indent + 1);
    out += pad + "}\n";
    return;
  }
  const Scope &sc = *s.asScope();
  out += pad + "scope " + sc.name + " {\n";
  printBody(out, sc.body, indent + 1);
  out += pad + "}\n";
}

void printBody(std::string &out, const std::vector<Stmt> &body, int indent) {
  for (const Stmt &s : body)
    printStmt(out, s, indent);
}

} // namespace

std::string printKernel(const Kernel &kernel) {
  std::string out = "kernel " + kernel.name + "(";
  for (size_t k = 0; k < kernel.params.size(); ++k) {
    const Param &p = kernel.params[k];
    if (k)
      out += ", ";
    out += "param " + p.name;
    if (p.lo && p.hi)
      out +=
          " in [" + std::to_string(*p.lo) + ", " + std::to_string(*p.hi) + "]";
  }
  out += ") {\n";
  for (const Tensor &t : kernel.tensors) {
    out += "  tensor " + t.name + " : " + std::string(toString(t.dtype)) +
           shapeStr(t.shape) + " " + std::string(toString(t.memory));
    if (t.isInput)
      out += " input";
    if (t.isOutput)
      out += " output";
    if (t.allocatedShape)
      out += " alloc " + (t.allocation ? *t.allocation + " " : std::string()) +
             shapeStr(*t.allocatedShape);
    if (t.blockShape)
      out += " block " + shapeStr(*t.blockShape);
    if (t.bankShape)
      out += " bank " + shapeStr(*t.bankShape);
    out += '\n';
  }
  for (const RuntimeValueDecl &r : kernel.runtimeValues)
    out +=
        "  runtime " + r.name + " : " + std::string(toString(r.dtype)) + "\n";
  printBody(out, kernel.body, 1);
  out += "}\n";
  return out;
}

std::string printModule(const Module &module) {
  std::string out;
  for (size_t k = 0; k < module.kernels.size(); ++k) {
    if (k)
      out += '\n';
    out += printKernel(module.kernels[k]);
  }
  return out;
}

} // namespace penguin
