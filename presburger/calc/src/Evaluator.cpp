//===- Evaluator.cpp - Evaluating expressions -----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Evaluator.h"

#include "pcalc/Operations.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"

namespace presburger::calc {

SourcePos mapLiteralPosition(SourcePos literalStart, unsigned line,
                             unsigned column) {
  if (line <= 1)
    return {literalStart.line, literalStart.column + (column ? column - 1 : 0)};
  return {literalStart.line + line - 1, column};
}

void Evaluator::assign(const std::string &name, Value v) {
  variables_.insert_or_assign(name, std::move(v));
}

const Value *Evaluator::lookup(const std::string &name) const {
  auto it = variables_.find(name);
  return it == variables_.end() ? nullptr : &it->second;
}

Value Evaluator::evaluateLiteral(const Expr &e) {
  try {
    return Value::of(parseUnion(e.text));
  } catch (const ParseError &pe) {
    throw CalcError(mapLiteralPosition(e.pos, pe.line(), pe.column()),
                    pe.message());
  } catch (const LimitExceeded &le) {
    throw CalcError(e.pos, std::string("work budget exceeded while reading "
                                       "the literal (") +
                               le.what() + ")");
  } catch (const Error &err) {
    throw CalcError(e.pos,
                    std::string("cannot read the literal: ") + err.what());
  }
}

namespace {

std::string operationName(const Expr &e) {
  switch (e.kind) {
  case Expr::Kind::Binary:
    return std::string("'") + spelling(e.op) + "'";
  case Expr::Kind::Call:
    return std::string("'") + name(e.fn) + "'";
  case Expr::Kind::Apply:
    return "application";
  case Expr::Kind::Inverse:
    return "'^-1'";
  case Expr::Kind::Closure:
    return "'^+'";
  case Expr::Kind::Power:
    return "'^" + e.text + "'";
  case Expr::Kind::Flow:
    return std::string("'") + name(e.flow) + "'";
  default:
    return "expression";
  }
}

} // namespace

Value Evaluator::evaluate(const Expr &e) {
  switch (e.kind) {
  case Expr::Kind::Literal:
    return evaluateLiteral(e);
  case Expr::Kind::Variable: {
    if (const Value *v = lookup(e.text))
      return *v;
    throw CalcError(e.pos, "undefined variable '" + e.text + "'");
  }
  default:
    break;
  }
  // Operands first (their errors carry their own positions), then the
  // operation at this node.
  if (e.kind == Expr::Kind::Apply && e.lhs->kind == Expr::Kind::Variable &&
      !lookup(e.lhs->text))
    throw CalcError(e.lhs->pos, "unknown function or undefined variable '" +
                                    e.lhs->text + "'");
  Value a = evaluate(*e.lhs);
  Value b = e.rhs ? evaluate(*e.rhs) : Value();
  Value c = e.third ? evaluate(*e.third) : Value();
  try {
    switch (e.kind) {
    case Expr::Kind::Binary:
      return evalBinary(e.op, a, b);
    case Expr::Kind::Call:
      return evalCall(e.fn, a);
    case Expr::Kind::Apply:
      return evalApply(a, b);
    case Expr::Kind::Closure:
      return evalClosure(a);
    case Expr::Kind::Power:
      return evalPower(a, e.text);
    case Expr::Kind::Flow:
      return evalFlow(e.flow, a, b, c);
    default: // Inverse
      return evalInverse(a);
    }
  } catch (const TypeError &te) {
    throw CalcError(e.pos, te.what());
  } catch (const LimitExceeded &le) {
    throw CalcError(e.pos, "work budget exceeded in " + operationName(e) +
                               " (" + le.what() + ")");
  } catch (const UnboundedError &ue) {
    throw CalcError(e.pos,
                    operationName(e) + " has no finite result: " + ue.what());
  } catch (const Error &err) {
    throw CalcError(e.pos, operationName(e) + ": " + err.what());
  }
}

} // namespace presburger::calc
