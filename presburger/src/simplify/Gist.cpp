//===- Gist.cpp - Simplification of a relation inside a context -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gist(S, C): drop every constraint of S that C (with the rest of S)
// implies, over the integers. A constraint s of a disjunct is dropped when,
// for every context disjunct C_j, C_j ∧ S_rest ∧ ¬s has no integer point,
// where S_rest are the constraints of the disjunct still kept (the ones not
// yet examined included). The definitional constraints of the disjunct's
// division locals are never dropped (they define the locals, not the set),
// so ¬s is exact even when s mentions a division: this is how strides
// implied by the context (i mod 2 = 0 inside i mod 4 = 0) disappear.
//
// Before that, the equalities of the affine hull of S ∩ C are added when
// that gives fewer constraints in the end (isl's trick that turns
// { [i] : 0 <= i <= 5 and i mod 3 = 0 } inside { [i] : 2 <= i } into
// { [i] : i = 3 }).
//
//===----------------------------------------------------------------------===//
#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/Simplex.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <utility>

namespace presburger {

namespace {

/// Normalized copies of the two defining rows of each division local.
std::vector<std::vector<Int>> definitionRows(const BasicRelation &b) {
  std::vector<std::vector<Int>> rows;
  for (unsigned k = 0; k < b.numLocals(); ++k)
    if (b.hasDivDef(k))
      for (std::vector<Int> &r : b.divisionBounds(k))
        rows.push_back(std::move(r));
  return rows;
}

/// Whether every context disjunct, with `base`, excludes the points where
/// the row `negated` (an inequality) holds.
bool excludedInAll(const BasicRelation &base, const std::vector<Int> &negated,
                   const std::vector<BasicRelation> &contexts) {
  BasicRelation probe = base.withInequality(negated);
  for (const BasicRelation &c : contexts) {
    WorkBudget::charge(probe.numConstraints() + c.numConstraints());
    if (!probe.intersect(c).isEmpty())
      return false;
  }
  return true;
}

/// The rational relaxation of s ∧ c (BasicRelation::intersect: s's rows
/// first, in order, then c's), and the index of s's first inequality in it
/// (after every equality); nullopt when it is empty.
std::optional<std::pair<Simplex, unsigned>>
relaxationWithContext(const BasicRelation &s, const BasicRelation &c) {
  BasicRelation meet = s.intersect(c);
  Simplex t(meet.equalities(), meet.inequalities());
  if (t.isEmpty())
    return std::nullopt;
  return std::make_pair(std::move(t), 2 * meet.numEqualities());
}

/// The constraints of `s` that the contexts make redundant removed.
BasicRelation gistBasic(BasicRelation s,
                        const std::vector<BasicRelation> &contexts) {
  std::vector<std::vector<Int>> defs = definitionRows(s);
  // The defining rows pin each division to its value, which makes the
  // negation of a constraint on a division exact.
  for (const std::vector<Int> &d : defs)
    s.addInequality(d);
  s.normalize();
  auto isDef = [&](ConstRow r) {
    std::vector<Int> v(r.begin(), r.end());
    return std::find(defs.begin(), defs.end(), v) != defs.end();
  };
  // Equalities first: an equality goes when both of its negations are
  // excluded.
  for (unsigned i = 0; i < s.numEqualities();) {
    std::vector<Int> row(s.equality(i).begin(), s.equality(i).end());
    BasicRelation rest = s;
    rest.removeEquality(i);
    std::vector<Int> pos = row, neg(row.size());
    pos.back() -= Int(1);
    for (size_t c = 0; c < row.size(); ++c)
      neg[c] = -row[c];
    neg.back() -= Int(1);
    if (excludedInAll(rest, pos, contexts) &&
        excludedInAll(rest, neg, contexts)) {
      s = std::move(rest);
      continue;
    }
    ++i;
  }
  // With one context, one tableau of s ∧ c decides most inequalities: the
  // minimum of a row over the others (the dropped ones marked redundant)
  // above -1 means that no integer point violates it (the integer test
  // below decides the same, at the cost of a search). `tableauRow[i]` is
  // the constraint of inequality i there.
  std::optional<Simplex> relaxed;
  std::vector<unsigned> tableauRow;
  if (contexts.size() == 1)
    if (auto r = relaxationWithContext(s, contexts.front())) {
      relaxed = std::move(r->first);
      tableauRow.resize(s.numInequalities());
      std::iota(tableauRow.begin(), tableauRow.end(), r->second);
    }
  for (unsigned i = 0; i < s.numInequalities();) {
    if (isDef(s.inequality(i))) {
      ++i;
      continue;
    }
    if (relaxed && relaxed->markIfIntegerImplied(tableauRow[i])) {
      s.removeInequality(i);
      tableauRow.erase(tableauRow.begin() + i);
      continue;
    }
    std::vector<Int> row(s.inequality(i).begin(), s.inequality(i).end());
    BasicRelation rest = s;
    rest.removeInequality(i);
    std::vector<Int> neg(row.size());
    for (size_t c = 0; c < row.size(); ++c)
      neg[c] = -row[c];
    neg.back() -= Int(1);
    if (excludedInAll(rest, neg, contexts)) {
      s = std::move(rest);
      if (relaxed) {
        relaxed->markRedundant(tableauRow[i]);
        tableauRow.erase(tableauRow.begin() + i);
      }
      continue;
    }
    ++i;
  }
  s.simplifyLocals();
  // A division left in one kind of bound only is written without it
  // (`2i >= n - 5 + floor((2n + 1)/4)` is `4i >= 3n - 11`).
  // Then existentials bounded only through those divisions may go too.
  if (s.eliminateUnitDivisions())
    s.simplifyLocals();
  s.sortConstraints();
  return s;
}

/// Counts the constraints a reader sees (definitional rows excluded).
unsigned visibleConstraints(const BasicRelation &b) {
  std::vector<std::vector<Int>> defs = definitionRows(b);
  unsigned n = b.numEqualities();
  for (unsigned i = 0; i < b.numInequalities(); ++i) {
    std::vector<Int> v(b.inequality(i).begin(), b.inequality(i).end());
    if (std::find(defs.begin(), defs.end(), v) == defs.end())
      ++n;
  }
  return n;
}

} // namespace

Relation Relation::gist(const Relation &context) const {
  WorkBudget::Operation op;
  Relation s = *this, c = context;
  if (!s.space_.sameTuples(c.space_))
    throw SpaceError("gist of an object in " + s.space_.toString() +
                     " by a context in " + c.space_.toString());
  presburger::alignParams(s, c);
  std::vector<BasicRelation> contexts;
  for (const BasicRelation &b : c.disjuncts_) {
    BasicRelation x = b;
    if (x.simplify())
      contexts.push_back(std::move(x));
  }
  if (contexts.empty())
    return universe(s.space_);
  Relation ctx(s.space_);
  for (const BasicRelation &b : contexts)
    ctx.addDisjunct(b);
  if (ctx.isSubsetOf(s))
    return universe(s.space_);
  Relation result(s.space_);
  for (const BasicRelation &d : s.disjuncts_) {
    BasicRelation x = d;
    // Divisions that bound in one direction only are written without them
    // first, so that gisting the result again changes nothing.
    if (!x.simplify())
      continue;
    unsigned locals = x.numLocals();
    // It removes divisions or changes nothing.
    if (!x.eliminateUnitDivisions() ||
        (x.numLocals() != locals && !x.simplify()))
      continue;
    // Drop the disjunct when it misses the context.
    bool meets = false;
    for (const BasicRelation &cj : contexts)
      if (!x.intersect(cj).isEmpty()) {
        meets = true;
        break;
      }
    if (!meets)
      continue;
    BasicRelation plain = gistBasic(x, contexts);
    // Variant with the equalities of S ∩ C made explicit.
    BasicRelation best = plain;
    if (contexts.size() == 1) {
      BasicRelation meet = x.intersect(contexts.front());
      BasicRelation hull = meet;
      if (hull.detectEqualities() &&
          hull.numEqualities() > meet.numEqualities()) {
        BasicRelation withEqs = x;
        // Equalities over S's columns only: skip those on context locals.
        unsigned sCols = x.numVars();
        unsigned ctxLocalsStart = x.offset(VarKind::Local) + x.numLocals();
        for (unsigned e = 0; e < hull.numEqualities(); ++e) {
          ConstRow r = hull.equality(e);
          bool usesCtxLocal = false;
          for (unsigned col = ctxLocalsStart; col < hull.numVars(); ++col)
            usesCtxLocal = usesCtxLocal || !r[col].isZero();
          if (usesCtxLocal)
            continue;
          std::vector<Int> row(sCols + 1);
          for (unsigned col = 0; col < sCols; ++col)
            row[col] = r[col];
          row.back() = r.back();
          withEqs.addEquality(row);
        }
        if (withEqs.simplify()) {
          BasicRelation alt = gistBasic(withEqs, contexts);
          if (visibleConstraints(alt) < visibleConstraints(plain))
            best = alt;
        }
      }
    }
    result.addDisjunct(std::move(best));
  }
  return result;
}

Relation Relation::gistDomain(const Relation &domainContext) const {
  if (!isRelation())
    throw SpaceError("gist_domain of a set");
  Relation ctx = universe(space_).intersectDomain(domainContext);
  return gist(ctx);
}

Relation Relation::gistRange(const Relation &rangeContext) const {
  if (!isRelation())
    throw SpaceError("gist_range of a set");
  Relation ctx = universe(space_).intersectRange(rangeContext);
  return gist(ctx);
}

Relation Relation::gistParams(const Relation &paramsContext) const {
  if (!paramsContext.isParams())
    throw SpaceError("gist_params needs a params set");
  return gist(universe(space_).intersectParams(paramsContext));
}

UnionRelation UnionRelation::gist(const UnionRelation &context) const {
  WorkBudget::Operation op;
  UnionRelation x = *this, c = context;
  presburger::alignParams(x, c);
  UnionRelation out(x.params_);
  if (c.isParamsUnion()) {
    for (const Relation &r : x.pieces_)
      out.add(r.gistParams(c.pieces_.front()));
    return out;
  }
  for (const Relation &r : x.pieces_) {
    if (const Relation *same = c.find(r.space())) {
      out.add(r.gist(*same));
      continue;
    }
    if (r.isRelation() && c.isSetUnion()) {
      // A set context on the domain of a relation.
      for (const Relation &s : c.pieces_)
        if (s.space().setTuple() == r.space().domainTuple())
          out.add(r.gistDomain(s));
    }
  }
  return out;
}

} // namespace presburger
