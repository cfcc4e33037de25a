//===- ParserImpl.h - Internals of the isl-notation reader ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The reader works in three steps, one source file each:
//
//   ParserLexer.cpp    text -> tokens (isl's token set, keywords are
//                      case-insensitive, `#` comments, positions 1-based)
//   ParserSyntax.cpp   tokens -> an abstract syntax tree (AST) with every
//                      identifier resolved to a variable; all grammar and
//                      naming errors are found here
//   ParserLowering.cpp AST -> relations: affine expressions become rows,
//                      floor/ceil/mod become shared division locals,
//                      min/max/?: become pieces, negation is pushed to the
//                      atoms (or done by complement for `exists`), and the
//                      formula is put in disjunctive normal form
//
// Nothing here is public API; see presburger/Parser.h.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_PARSERIMPL_H
#define PRESBURGER_SRC_PARSERIMPL_H

#include "presburger/Errors.h"
#include "presburger/Int.h"
#include "presburger/Space.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace presburger {
class Relation;

namespace parser {

struct SourcePos {
  unsigned line = 1, column = 1;
};

[[noreturn]] inline void fail(const SourcePos &pos, std::string message) {
  throw ParseError(std::move(message), pos.line, pos.column);
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

enum class Tok : uint8_t {
  End,
  Unknown, // A character isl does not know here, or an unterminated string.
  Ident,
  Value, // A non-negative integer literal.
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Semicolon,
  Colon,
  Question,
  Caret,
  Plus,
  Minus,
  Star,
  Percent,
  Slash,
  IntDiv, // IntDiv is `//`.
  Arrow,  // `->`
  Assign, // `=` (equality in formulas, definition in tuples/exists)
  EqEq,   // `==`, not isl notation; recognized for a clear error.
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  LexLt,
  LexLe,
  LexGt,
  LexGe,
  And,
  Or,
  Not, // Also the spellings `&`, `&&`, `/\`, `|`, `||`, `\/`, `!`.
  KwExists,
  KwImplies,
  KwTrue,
  KwFalse,
  KwMin,
  KwMax,
  KwFloor,
  KwCeil,
  KwFloord,
  KwCeild,
  KwMod,
  KwRat,
  KwInfty,
  KwNaN,
  Other, // Tokens isl has but sets never use (`:=`, a string).
};

struct Token {
  Tok kind = Tok::End;
  SourcePos pos;
  std::string text; // The spelling (identifiers keep their primes).
  bool isKeyword = false;
};

/// Splits `text` into tokens, ending with one Tok::End. Never throws on bad
/// characters: they become Tok::Unknown tokens so that the parser reports the
/// first error in reading order.
std::vector<Token> tokenize(std::string_view text);

/// How a token is shown in messages: `']'`, `identifier 'k'`, `end of input`.
std::string describe(const Token &t);

/// Whether `name` would be read back as one identifier (not a keyword).
bool isPlainIdentifier(std::string_view name);

//===----------------------------------------------------------------------===//
// Abstract syntax
//===----------------------------------------------------------------------===//

using NodeId = uint32_t;
constexpr NodeId kNoNode = UINT32_MAX;

enum class CmpOp : uint8_t {
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  LexLt,
  LexLe,
  LexGt,
  LexGe
};

enum class VarRole : uint8_t { Param, Dim, Exists, Div };

struct VarInfo {
  std::string name; // Empty for anonymous dimensions and divisions.
  VarRole role;
  unsigned scope; // Scope the variable belongs to (params: kGlobalScope).
  unsigned index; // Position among params / dims of its body.
};

constexpr unsigned kGlobalScope = 0;

/// A quantifier scope: the root scope of a body (its dimensions) or an
/// `exists`.
struct ScopeInfo {
  unsigned parent = kGlobalScope;
  unsigned depth = 0;         // Global 0, body roots 1, exists deeper.
  std::vector<unsigned> vars; // Exists variables, in order.
};

struct ExprNode {
  enum class Kind : uint8_t {
    Var,     // var
    Const,   // num
    Sum,     // sum of signs[k] * args[k]
    Scale,   // args[0] * num / den (den > 0)
    Floor,   // floor(args[0])
    Ceil,    // ceil(args[0])
    Mod,     // args[0] mod num (num > 0)
    Min,     // min(args)
    Max,     // max(args)
    Ternary, // cond ? args[0] : args[1]
    // isl's union_add of pieces: where the conditions conds[k] (kNoNode:
    // always) of several pieces hold, the sum of their args[k]; undefined
    // where none holds.
    Piecewise,
  };
  Kind kind;
  SourcePos pos;
  unsigned var = 0;
  Int num{0}, den{1};
  std::vector<NodeId> args;
  std::vector<int8_t> signs;
  NodeId cond = kNoNode;
  std::vector<NodeId> conds; // Piecewise.
};

struct FormNode {
  enum class Kind : uint8_t {
    True,
    False,
    Cmp,     // lhs[0] op rhs[0]
    LexCmp,  // lhs op rhs (lists of equal length)
    And,     // kids
    Or,      // kids
    Not,     // kids[0]
    Implies, // kids[0] implies kids[1]
    Exists,  // exists (scope vars) : kids[0]
  };
  Kind kind;
  SourcePos pos;
  CmpOp op = CmpOp::Eq;
  std::vector<NodeId> lhs, rhs; // Expression nodes.
  std::vector<NodeId> kids;     // Formula nodes.
  unsigned scope = 0;           // Exists.
};

enum class BodyKind : uint8_t { Params, Set, Relation };

/// One `;`-separated part of the input inside the braces.
struct BodyAst {
  SourcePos pos;
  BodyKind kind = BodyKind::Set;
  unsigned scope = 0;         // Root scope (its variables are the dims).
  Tuple domain, range;        // Shapes and names; dims names set.
  std::vector<unsigned> dims; // Variables of the dimensions, in order.
  NodeId formula = kNoNode;   // Tuple definitions and constraints.
};

struct Ast {
  std::vector<ExprNode> exprs;
  std::vector<FormNode> forms;
  std::vector<VarInfo> vars;
  std::vector<ScopeInfo> scopes; // scopes[0] is the global scope.
  std::vector<std::string> params;
  std::vector<unsigned> paramVars;
  NodeId paramFormula = kNoNode; // Definitions in `[n = 5] -> {...}`.
  std::vector<BodyAst> bodies;
  SourcePos openBrace;
};

/// Parses the whole text (grammar, names, arities); throws ParseError.
Ast parseSyntax(std::string_view text);

/// Lowers one body to a relation in its space (parameters: ast.params).
/// Throws ParseError for what cannot be represented.
Relation lowerBody(Ast &ast, const BodyAst &body);

/// The work allowed to the optional simplification of a whole reading
/// (tidy): some hundredths of a second, so that a literal with huge
/// coefficients does not spend seconds on what is exact without it.
constexpr uint64_t kTidyWork = 4'000'000;

/// Simplifies the locals of each disjunct of `r` and drops the empty ones:
/// an optional step (the relation is exact without it), which the reader
/// runs under one WorkBudget::attempt of kTidyWork units for all its
/// bodies. `r` is changed only when the step completes. Costs a
/// simplifyLocals, a normalize and an emptiness test per disjunct.
void tidy(Relation &r);

} // namespace parser
} // namespace presburger

#endif // PRESBURGER_SRC_PARSERIMPL_H
