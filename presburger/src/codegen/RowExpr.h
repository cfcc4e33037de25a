//===- RowExpr.h - Constraint rows as code expressions ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The generator reads its loop bounds, guards and statement arguments off
// constraint rows [params | dims | locals | const] of basic sets over the
// time space. Each parameter and dimension column stands for an expression
// (a parameter's name, a loop iterator, or the value of a dimension that
// has one value); locals must be floor divisions, which become floord.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CODEGEN_ROWEXPR_H
#define PRESBURGER_CODEGEN_ROWEXPR_H

#include "presburger/Ast.h"
#include "presburger/BasicRelation.h"
#include "presburger/Relation.h"

#include <optional>
#include <vector>

namespace presburger::codegen {

/// The expression of each parameter and dimension column; an empty
/// (Kind::Int with `unset`) entry is a column that must not be used.
struct ColumnExprs {
  std::vector<AstExpr> cols;
  std::vector<bool> set;
};

/// For each local of a basic relation, r when its numerator is known to be
/// r modulo its denominator (the division is then exact after subtracting
/// r), nullopt otherwise.
using ExactDivisions = std::vector<std::optional<Int>>;

/// sum row[c] * x_c + row.back() over the columns of `b` (its locals as
/// floord of their definitions, which must exist, or as exact divisions
/// (num - r) / d where `exact` says so). Terms with a positive coefficient
/// first. InvalidArgument when the row uses an unset column or an
/// undefined local. O(row size + the definitions it uses).
AstExpr rowExpr(ConstRow row, const BasicRelation &b, const ColumnExprs &vars,
                const ExactDivisions &exact = {});

/// The constraint row >= 0 (or == 0) as a comparison, written with the
/// positive terms on the left: `n >= c0 + 1`.
AstExpr constraintExpr(ConstRow row, bool equality, const BasicRelation &b,
                       const ColumnExprs &vars);

/// The condition that `set` holds: an Or of the disjuncts' Ands of their
/// constraints, the defining rows of divisions left out (a division is
/// always its definition). Existential locals are first written as
/// divisions (computeDivs). The universe gives the integer 1.
AstExpr setCondition(const Relation &set, const ColumnExprs &vars);

/// `set` with every local of every disjunct defined as a floor division
/// (disjuncts with undefined locals replaced by computeDivs' pieces).
Relation withDefinedLocals(const Relation &set);

/// Whether row `r` of `b` (an inequality) is one of the two defining rows of
/// a division local.
bool isDivisionRow(const BasicRelation &b, ConstRow r);

} // namespace presburger::codegen

#endif // PRESBURGER_CODEGEN_ROWEXPR_H
