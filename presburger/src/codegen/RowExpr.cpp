//===- RowExpr.cpp - Constraint rows as expressions of generated code -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "codegen/RowExpr.h"

#include "presburger/Errors.h"

#include <algorithm>

namespace presburger::codegen {

namespace {

using K = AstExpr::Kind;

/// The expression of column `c` of `b`: a parameter or dimension from
/// `vars`, a local as floord of its definition, or as (num - r) / d where
/// `exact` says num = r (mod d).
AstExpr columnExpr(unsigned c, const BasicRelation &b, const ColumnExprs &vars,
                   const ExactDivisions &exact) {
  unsigned local = b.offset(VarKind::Local);
  if (c < local) {
    if (c >= vars.cols.size() || !vars.set[c])
      throw InvalidArgument("buildAst: an expression uses a time dimension "
                            "that is not yet known");
    return vars.cols[c];
  }
  unsigned k = c - local;
  if (!b.hasDivDef(k))
    throw InvalidArgument("buildAst: an existential variable without a "
                          "floor-division definition");
  if (k < exact.size() && exact[k]) {
    std::vector<Int> num(b.divNumerator(k).begin(), b.divNumerator(k).end());
    num.back() -= *exact[k];
    return AstExpr::op(
        K::Div, {rowExpr(num, b, vars), AstExpr::integer(b.divDenominator(k))});
  }
  AstExpr num = rowExpr(b.divNumerator(k), b, vars);
  return AstExpr::op(K::FloorDiv,
                     {std::move(num), AstExpr::integer(b.divDenominator(k))});
}

/// The sum of the terms, the first as it is, the others added or
/// subtracted by their sign (so `n - c0 - 1`, not `n + -1 * c0 + -1`).
AstExpr sumOf(const std::vector<std::pair<Int, AstExpr>> &terms) {
  if (terms.empty())
    return AstExpr::integer(0);
  auto scaled = [](const Int &coef, const AstExpr &x) {
    return AstExpr::op(K::Mul, {AstExpr::integer(coef), x});
  };
  // A leading negative term is -x or -2 * x.
  AstExpr out = terms[0].first == Int(-1)
                    ? AstExpr::op(K::Neg, {terms[0].second})
                    : scaled(terms[0].first, terms[0].second);
  for (size_t i = 1; i < terms.size(); ++i) {
    const auto &[coef, x] = terms[i];
    out = coef.isNegative() ? AstExpr::op(K::Sub, {out, scaled(-coef, x)})
                            : AstExpr::op(K::Add, {out, scaled(coef, x)});
  }
  return out;
}

/// The terms of `row` (constant last, as the term 1), those with a
/// positive coefficient first when `positiveFirst`. Terms whose column
/// expression is a constant are folded into the constant.
std::vector<std::pair<Int, AstExpr>> termsOf(ConstRow row,
                                             const BasicRelation &b,
                                             const ColumnExprs &vars,
                                             const ExactDivisions &exact = {}) {
  std::vector<std::pair<Int, AstExpr>> terms;
  Int constant = row.back();
  // Iterators and dimensions before parameters, then divisions, as isl
  // writes them.
  std::vector<unsigned> order;
  unsigned np = b.numParams(), local = b.offset(VarKind::Local);
  for (unsigned c = np; c < local; ++c)
    order.push_back(c);
  for (unsigned c = 0; c < np; ++c)
    order.push_back(c);
  for (unsigned c = local; c + 1 < row.size(); ++c)
    order.push_back(c);
  for (unsigned c : order) {
    if (row[c].isZero())
      continue;
    AstExpr x = columnExpr(c, b, vars, exact);
    if (x.kind == K::Int) {
      constant += row[c] * x.value;
      continue;
    }
    terms.emplace_back(row[c], std::move(x));
  }
  if (!constant.isZero())
    terms.emplace_back(constant, AstExpr::integer(1));
  return terms;
}

} // namespace

AstExpr rowExpr(ConstRow row, const BasicRelation &b, const ColumnExprs &vars,
                const ExactDivisions &exact) {
  std::vector<std::pair<Int, AstExpr>> terms = termsOf(row, b, vars, exact);
  std::stable_partition(terms.begin(), terms.end(),
                        [](const auto &t) { return t.first.isPositive(); });
  return sumOf(terms);
}

AstExpr constraintExpr(ConstRow row, bool equality, const BasicRelation &b,
                       const ColumnExprs &vars) {
  std::vector<std::pair<Int, AstExpr>> left, right;
  Int constant = 0;
  for (auto &[coef, x] : termsOf(row, b, vars)) {
    if (x.kind == K::Int)
      constant += coef * x.value;
    else if (coef.isPositive())
      left.emplace_back(coef, std::move(x));
    else
      right.emplace_back(-coef, std::move(x));
  }
  // left + constant >= right: the constant goes to the right (as
  // -constant) unless the right is empty, where it stays on the left.
  K cmp = equality ? K::Eq : K::Ge;
  if (left.empty() && !right.empty()) {
    // right <= constant
    return AstExpr::op(equality ? K::Eq : K::Le,
                       {sumOf(right), AstExpr::integer(constant)});
  }
  if (right.empty())
    return AstExpr::op(cmp, {sumOf(left), AstExpr::integer(-constant)});
  if (!constant.isZero())
    right.emplace_back(-constant, AstExpr::integer(1));
  return AstExpr::op(cmp, {sumOf(left), sumOf(right)});
}

bool isDivisionRow(const BasicRelation &b, ConstRow r) {
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (!b.hasDivDef(k))
      continue;
    for (const std::vector<Int> &d : b.divisionBounds(k))
      if (std::equal(d.begin(), d.end(), r.begin(), r.end()))
        return true;
  }
  return false;
}

Relation withDefinedLocals(const Relation &set) {
  Relation out(set.space());
  for (const BasicRelation &d : set.disjuncts()) {
    BasicRelation c = d;
    if (c.numLocals() == 0 || c.detectDivDefinitions()) {
      out.addDisjunct(std::move(c));
      continue;
    }
    for (BasicRelation &p : c.computeDivs())
      out.addDisjunct(std::move(p));
  }
  return out;
}

AstExpr setCondition(const Relation &set, const ColumnExprs &vars) {
  Relation s = withDefinedLocals(set);
  std::vector<AstExpr> alternatives;
  for (const BasicRelation &disjunct : s.disjuncts()) {
    // Rows divided by the gcd of their coefficients (2n >= 0 prints
    // n >= 0); a disjunct that normalizing shows empty is left out.
    BasicRelation d = disjunct;
    if (d.isObviouslyEmpty() || !d.normalize())
      continue;
    std::vector<AstExpr> conj;
    for (unsigned i = 0; i < d.numEqualities(); ++i)
      conj.push_back(constraintExpr(d.equality(i), true, d, vars));
    for (unsigned i = 0; i < d.numInequalities(); ++i)
      if (!isDivisionRow(d, d.inequality(i)))
        conj.push_back(constraintExpr(d.inequality(i), false, d, vars));
    alternatives.push_back(conj.empty() ? AstExpr::integer(1)
                                        : AstExpr::op(K::And, std::move(conj)));
  }
  if (alternatives.empty())
    return AstExpr::integer(0);
  return AstExpr::op(K::Or, std::move(alternatives));
}

} // namespace presburger::codegen
