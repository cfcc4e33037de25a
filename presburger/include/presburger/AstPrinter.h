//===- AstPrinter.h - Generated code as C -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The C text of generated code (Ast.h), in the subset that isl's AST
// printer writes and the calculator's `codegen` prints
// (spec/calc-language.md, "Code generation output"):
//
//   for (int c0 = 0; c0 <= n - 1; c0 += 1)
//     for (int c1 = 0; c1 <= c0; c1 += 1)
//       S(c0, c1);
//
// Two spaces of indentation per level, braces around blocks of more than
// one node, `floord(a, b)` for floor division, binary `min` and `max`.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_ASTPRINTER_H
#define PRESBURGER_ASTPRINTER_H

#include "presburger/Ast.h"

#include <string>

namespace presburger {

/// The C text of `node`, one statement or loop header per line, each line
/// ending in a newline; the empty block gives the empty string. O(size).
std::string printC(const AstNode &node);

/// The C text of an expression (no trailing newline). O(size).
std::string printC(const AstExpr &expr);

/// What a generated program holds: for loops, ifs, statement nodes and
/// the lines printC writes. O(size).
struct AstCounts {
  unsigned loops = 0, ifs = 0, users = 0, lines = 0;
};
AstCounts countAst(const AstNode &node);

} // namespace presburger

#endif // PRESBURGER_ASTPRINTER_H
