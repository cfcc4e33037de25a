//===- Ast.h - Loop programs generated from schedules -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The abstract syntax of the code that AST generation (AstBuild.h) writes:
// isl's isl_ast_node and isl_ast_expr as plain values. A node is a block of
// nodes, a for loop, an if, or a user statement (one instance of a
// statement of the schedule); an expression is an integer, a name (a loop
// iterator or a parameter), or an operation on expressions. Loops are
//
//   for (ITERATOR = LOWER; ITERATOR <= UPPER; ITERATOR += STEP) BODY
//
// where LOWER is usually a max and UPPER a min of quasi-affine expressions.
// Integer division is always floor division (floord), and Mod is only
// written on nonnegative operands, so the C printer (AstPrinter.h) can use
// C's % for it.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_AST_H
#define PRESBURGER_AST_H

#include "presburger/Int.h"

#include <string>
#include <vector>

namespace presburger {

/// An expression of the generated code.
struct AstExpr {
  enum class Kind {
    Int,      // value
    Id,       // name: a loop iterator or a parameter
    Add,      // args[0] + args[1]
    Sub,      // args[0] - args[1]
    Mul,      // args[0] * args[1]
    Neg,      // -args[0]
    FloorDiv, // floor(args[0] / args[1]), args[1] a positive integer
    Div,      // args[0] / args[1], an exact division by a positive integer
    Mod,      // args[0] mod args[1], both nonnegative
    Min,      // the least of args (two or more)
    Max,      // the greatest of args (two or more)
    Lt,
    Le,
    Eq,
    Ge,
    Gt,  // comparisons of args[0] and args[1]: 1 or 0
    And, // all of args (two or more)
    Or,  // any of args (two or more)
  };
  Kind kind = Kind::Int;
  Int value;
  std::string name;
  std::vector<AstExpr> args;

  /// The constant `v`.
  static AstExpr integer(Int v);
  /// The name `n`.
  static AstExpr id(std::string n);
  /// The operation `k` on `args`. Constants are folded (2 + 3 is 5,
  /// min(0, 7) is 0, x + 0 is x, 1 * x is x), Min and Max drop repeated
  /// operands and an operation of one operand is that operand; And and Or
  /// of one operand are that operand. O(size of the operands).
  static AstExpr op(Kind k, std::vector<AstExpr> args);
  /// Whether this is the integer `v`.
  bool isInt(const Int &v) const { return kind == Kind::Int && value == v; }
  /// Structural equality.
  friend bool operator==(const AstExpr &a, const AstExpr &b);
  friend bool operator!=(const AstExpr &a, const AstExpr &b) {
    return !(a == b);
  }
};

/// A node of the generated code.
struct AstNode {
  enum class Kind { Block, For, If, User };
  Kind kind = Kind::Block;
  /// For: the iterator, its first value (LOWER), its last allowed value
  /// (UPPER, inclusive) and the step (positive).
  std::string iterator;
  AstExpr lower, upper;
  Int step = 1;
  /// If: the condition.
  AstExpr cond;
  /// Block: the nodes in order; For: the body (one node); If: the then
  /// branch (one node).
  std::vector<AstNode> body;
  /// If: the else branch (none or one node).
  std::vector<AstNode> elseBody;
  /// User: the statement's name and the instance's coordinates.
  std::string name;
  std::vector<AstExpr> args;

  /// A block of `nodes` (a block of one node is that node).
  static AstNode block(std::vector<AstNode> nodes);
  /// The loop `for (it = lower; it <= upper; it += step) body`.
  static AstNode loop(std::string it, AstExpr lower, AstExpr upper, Int step,
                      AstNode body);
  /// `if (cond) then`, with an else branch when `otherwise` holds a node.
  static AstNode ifThen(AstExpr cond, AstNode then,
                        std::vector<AstNode> otherwise = {});
  /// The statement instance `name(args)`.
  static AstNode user(std::string name, std::vector<AstExpr> args);
  /// Whether this is a block without nodes (the code that does nothing).
  bool isEmptyBlock() const { return kind == Kind::Block && body.empty(); }
};

} // namespace presburger

#endif // PRESBURGER_AST_H
