//===- Ast.h - Statements and expressions of the calculator ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef PCALC_AST_H
#define PCALC_AST_H

#include "pcalc/Source.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace presburger::calc {

/// The binary operators, lowest precedence first (see precedence()).
enum class BinaryOp {
  Equal,          // =
  Subset,         // <=
  ProperSubset,   // <
  Superset,       // >=
  ProperSuperset, // >
  Union,          // +
  Difference,     // -
  Intersect,      // *
  Gist,           // %
  Join,           // .
  Cross,          // cross
  Universal,      // ->
  LexLt,          // <<
  LexLe,          // <<=
  LexGt,          // >>
  LexGe,          // >>=
};

/// How the operator is written.
const char *spelling(BinaryOp op);
/// Its precedence level: 1 (comparisons, lowest) to 8 (lexicographic
/// orders, highest). All binary operators associate to the left.
int precedence(BinaryOp op);

/// The prefix functions of one argument.
enum class Function {
  Coalesce,
  Lexmin,
  Lexmax,
  Dom,
  Ran,
  Deltas,
  Sample,
  Aff,
  Poly,
  ConvexHull,
  SimpleHull,
  Params,
  Wrap,
  Unwrap,
  DomainMap,
  RangeMap,
  Curry,
  Uncurry,
  Zip,
  Universe,
  Identity,
  IsEmpty,
  IsUniverse,
  IsSingleValued,
  IsInjective,
  IsBijective,
  IsExactClosure,
  Codegen, // The last one: languageHelp (Help.cpp) lists up to it.
};

/// The function's name in the language.
const char *name(Function f);
/// The function called `word`, if any.
std::optional<Function> lookupFunction(std::string_view word);
/// The dataflow forms `last W before R under S` and `any W before R under S`.
enum class FlowKind {
  Last, // exact (value-based) flow dependences
  Any,  // may-dependences
};

/// `last` or `any`.
const char *name(FlowKind k);

/// Function names and the keywords `print`, `cross`, `help`, `last` and
/// `any`: not usable as variable names (`before` and `under` are keywords
/// only inside `last`/`any`).
bool isReservedWord(std::string_view word);

struct Expr {
  enum class Kind {
    Literal,  // text: the literal as written
    Variable, // text: the name
    Binary,   // op, lhs, rhs
    Call,     // fn, lhs (the argument)
    Apply,    // lhs (the relation), rhs (the argument): m(s)
    Inverse,  // lhs: m^-1
    Closure,  // lhs: m^+
    Power,    // lhs, text (the exponent K as written): m^K
    Flow,     // flow, lhs (W), rhs (R), third (S): last/any W before R under S
  };
  Kind kind;
  /// The token that makes the node: the literal, the name, the operator,
  /// the function name, the `(` of an application, the `^` of an inverse,
  /// a closure or a power, the `last`/`any` of a dataflow form.
  SourcePos pos;
  std::string text;
  BinaryOp op = BinaryOp::Union;
  Function fn = Function::Coalesce;
  FlowKind flow = FlowKind::Last;
  std::unique_ptr<Expr> lhs, rhs, third;
  /// Height of the tree rooted here (a leaf has depth 1).
  unsigned depth = 1;
};

/// The expression fully parenthesized, for tests and debugging: binary
/// nodes as `(a + b)`, calls as `(dom a)`, applications as `a(b)`, inverses
/// as `a^-1`, closures as `a^+`, powers as `a^3`, dataflow forms as
/// `(last w before r under s)`, literals as written.
std::string toString(const Expr &e);

struct Statement {
  enum class Kind {
    Empty,  // a lone `;`
    Assign, // NAME := EXPR;
    Print,  // EXPR; or print EXPR;
    Help,   // help;
  };
  Kind kind = Kind::Empty;
  /// The statement's first token.
  SourcePos pos;
  /// The assigned name.
  std::string name;
  std::unique_ptr<Expr> expr;
};

} // namespace presburger::calc

#endif // PCALC_AST_H
