//===- Ast.cpp - Operators, functions, expression printing ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Ast.h"

#include <iterator>

namespace presburger::calc {

const char *spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Equal:
    return "=";
  case BinaryOp::Subset:
    return "<=";
  case BinaryOp::ProperSubset:
    return "<";
  case BinaryOp::Superset:
    return ">=";
  case BinaryOp::ProperSuperset:
    return ">";
  case BinaryOp::Union:
    return "+";
  case BinaryOp::Difference:
    return "-";
  case BinaryOp::Intersect:
    return "*";
  case BinaryOp::Gist:
    return "%";
  case BinaryOp::Join:
    return ".";
  case BinaryOp::Cross:
    return "cross";
  case BinaryOp::Universal:
    return "->";
  case BinaryOp::LexLt:
    return "<<";
  case BinaryOp::LexLe:
    return "<<=";
  case BinaryOp::LexGt:
    return ">>";
  case BinaryOp::LexGe:
    return ">>=";
  }
  return "?";
}

int precedence(BinaryOp op) {
  switch (op) {
  case BinaryOp::Equal:
  case BinaryOp::Subset:
  case BinaryOp::ProperSubset:
  case BinaryOp::Superset:
  case BinaryOp::ProperSuperset:
    return 1;
  case BinaryOp::Union:
  case BinaryOp::Difference:
    return 2;
  case BinaryOp::Intersect:
    return 3;
  case BinaryOp::Gist:
    return 4;
  case BinaryOp::Join:
    return 5;
  case BinaryOp::Cross:
    return 6;
  case BinaryOp::Universal:
    return 7;
  case BinaryOp::LexLt:
  case BinaryOp::LexLe:
  case BinaryOp::LexGt:
  case BinaryOp::LexGe:
    return 8;
  }
  return 0;
}

namespace {

struct FunctionName {
  const char *name;
  Function fn;
};

constexpr FunctionName kFunctions[] = {
    {"coalesce", Function::Coalesce},
    {"lexmin", Function::Lexmin},
    {"lexmax", Function::Lexmax},
    {"dom", Function::Dom},
    {"ran", Function::Ran},
    {"deltas", Function::Deltas},
    {"sample", Function::Sample},
    {"aff", Function::Aff},
    {"poly", Function::Poly},
    {"convex_hull", Function::ConvexHull},
    {"simple_hull", Function::SimpleHull},
    {"params", Function::Params},
    {"wrap", Function::Wrap},
    {"unwrap", Function::Unwrap},
    {"domain_map", Function::DomainMap},
    {"range_map", Function::RangeMap},
    {"curry", Function::Curry},
    {"uncurry", Function::Uncurry},
    {"zip", Function::Zip},
    {"universe", Function::Universe},
    {"identity", Function::Identity},
    {"is_empty", Function::IsEmpty},
    {"is_universe", Function::IsUniverse},
    {"is_single_valued", Function::IsSingleValued},
    {"is_injective", Function::IsInjective},
    {"is_bijective", Function::IsBijective},
    {"is_exact_closure", Function::IsExactClosure},
    {"codegen", Function::Codegen},
};

} // namespace

const char *name(Function f) {
  for (const FunctionName &n : kFunctions)
    if (n.fn == f)
      return n.name;
  return "?";
}

std::optional<Function> lookupFunction(std::string_view word) {
  for (const FunctionName &n : kFunctions)
    if (word == n.name)
      return n.fn;
  return std::nullopt;
}

const char *name(FlowKind k) { return k == FlowKind::Last ? "last" : "any"; }

bool isReservedWord(std::string_view word) {
  return word == "print" || word == "cross" || word == "help" ||
         word == "last" || word == "any" || lookupFunction(word).has_value();
}

std::string toString(const Expr &e) {
  switch (e.kind) {
  case Expr::Kind::Literal:
  case Expr::Kind::Variable:
    return e.text;
  case Expr::Kind::Binary:
    return "(" + toString(*e.lhs) + " " + spelling(e.op) + " " +
           toString(*e.rhs) + ")";
  case Expr::Kind::Call:
    return "(" + std::string(name(e.fn)) + " " + toString(*e.lhs) + ")";
  case Expr::Kind::Apply:
    return toString(*e.lhs) + "(" + toString(*e.rhs) + ")";
  case Expr::Kind::Inverse:
    return toString(*e.lhs) + "^-1";
  case Expr::Kind::Closure:
    return toString(*e.lhs) + "^+";
  case Expr::Kind::Power:
    return toString(*e.lhs) + "^" + e.text;
  case Expr::Kind::Flow:
    return "(" + std::string(name(e.flow)) + " " + toString(*e.lhs) +
           " before " + toString(*e.rhs) + " under " + toString(*e.third) + ")";
  }
  return "?";
}

} // namespace presburger::calc
