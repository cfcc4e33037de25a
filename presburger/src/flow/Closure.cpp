//===- Closure.cpp - Transitive closure and powers of relations -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// docs/algorithms/closure.md describes the method; Closure.h its contract.
//
//===----------------------------------------------------------------------===//

#include "presburger/Closure.h"

#include "presburger/Errors.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <optional>

namespace presburger {

namespace {

/// A parameter name that none of `params` uses.
std::string freshParam(const std::vector<std::string> &params) {
  std::string name = "k";
  while (std::find(params.begin(), params.end(), name) != params.end())
    name += "'";
  return name;
}

/// The kinds of steps of `r` (a relation within one space): per disjunct,
/// its offsets y - x with the parameters projected out (a superset when
/// they depend on parameters). Each is a parameter-free basic set over the
/// n step dimensions, possibly with locals.
std::vector<BasicRelation> stepKinds(const Relation &r) {
  std::vector<BasicRelation> out;
  for (const BasicRelation &b : r.disjuncts()) {
    Relation d = Relation(b).deltas();
    d = d.projectOut(VarKind::Param, 0, d.numParams());
    for (const BasicRelation &s : d.disjuncts())
      out.push_back(s);
  }
  return out;
}

/// P(k + shift) over the space of `r` with the parameter `k` appended:
///   { x -> y : x in dom r, y in ran r, y - x = Σ δ_i, Σ k_i = k + shift,
///              δ_i in k_i·S_i, k_i >= 0, k + shift >= 1 }
/// where k_i·S_i is the step kind S_i with its constant column scaled by
/// k_i (its locals become plain existentials).
Relation pathRelation(const Relation &r,
                      const std::vector<BasicRelation> &steps,
                      const std::string &k, int shift) {
  std::vector<std::string> params = r.space().paramNames();
  params.push_back(k);
  BasicRelation p(r.space().withParams(params));
  const unsigned n = r.numDomain();
  const unsigned kCol = p.offset(VarKind::Param) + unsigned(params.size()) - 1;
  const unsigned xOff = p.offset(VarKind::Domain);
  const unsigned yOff = p.offset(VarKind::Range);
  // Locals per step kind: δ_i (n), k_i, then the kind's own locals.
  struct Kind {
    unsigned delta, count, locals;
  };
  std::vector<Kind> kinds;
  for (const BasicRelation &s : steps) {
    Kind kd{};
    kd.delta = p.addLocal();
    for (unsigned j = 1; j < n; ++j)
      p.addLocal();
    kd.count = p.addLocal();
    kd.locals = s.numLocals() ? p.addLocal() : 0;
    for (unsigned j = 1; j < s.numLocals(); ++j)
      p.addLocal();
    kinds.push_back(kd);
  }
  const unsigned loc = p.offset(VarKind::Local);
  auto scaled = [&](ConstRow row, const BasicRelation &s, const Kind &kd) {
    std::vector<Int> out(p.numCols());
    const unsigned dOff = s.offset(VarKind::Range);
    const unsigned eOff = s.offset(VarKind::Local);
    for (unsigned j = 0; j < n; ++j)
      out[loc + kd.delta + j] = row[dOff + j];
    for (unsigned e = 0; e < s.numLocals(); ++e)
      out[loc + kd.locals + e] = row[eOff + e];
    out[loc + kd.count] = row[s.constCol()];
    return out;
  };
  std::vector<Int> total(p.numCols());
  for (size_t i = 0; i < steps.size(); ++i) {
    const BasicRelation &s = steps[i];
    for (unsigned e = 0; e < s.numEqualities(); ++e)
      p.addEquality(scaled(s.equality(e), s, kinds[i]));
    for (unsigned e = 0; e < s.numInequalities(); ++e)
      p.addInequality(scaled(s.inequality(e), s, kinds[i]));
    std::vector<Int> nonNegative(p.numCols());
    nonNegative[loc + kinds[i].count] = Int(1);
    p.addInequality(nonNegative);
    total[loc + kinds[i].count] = Int(1);
  }
  total[kCol] = Int(-1);
  total[p.constCol()] = Int(-shift);
  p.addEquality(total);
  std::vector<Int> atLeastOne(p.numCols());
  atLeastOne[kCol] = Int(1);
  atLeastOne[p.constCol()] = Int(shift - 1);
  p.addInequality(atLeastOne);
  for (unsigned j = 0; j < n; ++j) {
    std::vector<Int> eq(p.numCols());
    eq[yOff + j] = Int(1);
    eq[xOff + j] = Int(-1);
    for (const Kind &kd : kinds)
      eq[loc + kd.delta + j] = Int(-1);
    p.addEquality(eq);
  }
  p.simplifyLocals();
  return Relation(std::move(p))
      .intersectDomain(r.domain())
      .intersectRange(r.range());
}

/// A parameter name that neither `params` nor `also` uses.
std::string freshParam(std::vector<std::string> params,
                       const std::string &also) {
  params.push_back(also);
  return freshParam(params);
}

/// The paths of `r` (a relation within one space): P(k) with k the last
/// parameter, named `k`.
struct Paths {
  std::vector<BasicRelation> steps;
  Relation p;
  unsigned kPos;
};

Paths pathsOf(const Relation &r, const std::string &k) {
  Paths out;
  out.steps = stepKinds(r);
  out.p = pathRelation(r, out.steps, k, 0);
  out.kPos = out.p.numParams() - 1;
  return out;
}

/// P(1) ⊆ R: the one-step paths are steps of R.
bool oneStepIsExact(const Relation &r, const Paths &ps) {
  return ps.p.fix(VarKind::Param, ps.kPos, Int(1))
      .projectOut(VarKind::Param, ps.kPos, 1)
      .isSubsetOf(r);
}

/// Whether P(k) = R^k for every k >= 1: P(1) ⊆ R and P(k + 1) ⊆ P(k).R for
/// k >= 1 (P(k) contains R^k by construction; induction on k).
bool powerIsExact(const Relation &r, const Paths &ps, const std::string &k) {
  if (!oneStepIsExact(r, ps))
    return false;
  Relation next = pathRelation(r, ps.steps, k, 1)
                      .lowerBound(VarKind::Param, ps.kPos, Int(1));
  return next.isSubsetOf(ps.p.applyRange(r));
}

/// Whether the union of the P(k) is R^+: P(1) ⊆ R and, for k >= 2,
/// P(k) ⊆ R ∪ P(<k).R with P(<k) the union of P(j) for 1 <= j < k. By
/// strong induction on k every pair of every P(k) is in R^+, so paths of
/// different lengths between the same points (steps +1 and +2 in a bounded
/// loop) do not spoil exactness as they spoil the power's.
bool closureIsExact(const Relation &r, const Paths &ps, const std::string &k) {
  if (!oneStepIsExact(r, ps))
    return false;
  std::string j = freshParam(r.space().paramNames(), k);
  std::vector<std::string> params = ps.p.space().paramNames(); // ..., k
  Relation shorter = pathRelation(r, ps.steps, j, 0);
  params.push_back(j);
  shorter.alignParams(params);
  // j <= k - 1 (parameters are the leading columns)
  BasicRelation below(shorter.space());
  std::vector<Int> row(below.numCols());
  row[below.offset(VarKind::Param) + params.size() - 2] = Int(1);
  row[below.offset(VarKind::Param) + params.size() - 1] = Int(-1);
  row.back() = Int(-1);
  below.addInequality(row);
  shorter = shorter.intersect(Relation(std::move(below)))
                .projectOut(VarKind::Param, unsigned(params.size()) - 1, 1);
  Relation longer = ps.p.lowerBound(VarKind::Param, ps.kPos, Int(2));
  return longer.isSubsetOf(r.unite(shorter.applyRange(r)));
}

bool sameTuples(const Relation &r) {
  return r.isRelation() && r.space().domainTuple() == r.space().rangeTuple();
}

} // namespace

ClosureResult transitiveClosure(const Relation &r) {
  WorkBudget::Operation op;
  if (!r.isRelation())
    throw SpaceError("the transitive closure needs a relation, not " +
                     r.space().toString());
  if (!sameTuples(r))
    return {r, true}; // no path has two steps
  Relation twice = r.applyRange(r);
  if (twice.isSubsetOf(r))
    return {r, true}; // already transitively closed (no two steps included)
  std::string k = freshParam(r.space().paramNames());
  Paths ps = pathsOf(r, k);
  bool exact = closureIsExact(r, ps, k);
  Relation closure = ps.p.projectOut(VarKind::Param, ps.kPos, 1);
  // P(1) contains R; the union keeps R's own constraints in the result.
  return {closure.unite(r).coalesce(), exact};
}

UnionClosureResult transitiveClosure(const UnionRelation &u) {
  WorkBudget::Operation op;
  if (!u.isRelationUnion() && !u.isEmptyUnion())
    throw SpaceError("the transitive closure needs relations, not " +
                     u.toString());
  // The spaces (tuples) the relations join, and the relation between each
  // pair of them.
  std::vector<Tuple> nodes;
  auto node = [&](const Tuple &t) {
    auto it = std::find(nodes.begin(), nodes.end(), t);
    if (it != nodes.end())
      return size_t(it - nodes.begin());
    nodes.push_back(t);
    return nodes.size() - 1;
  };
  for (const Relation &p : u.pieces()) {
    node(p.space().domainTuple());
    node(p.space().rangeTuple());
  }
  const size_t s = nodes.size();
  std::vector<std::vector<std::optional<Relation>>> c(
      s, std::vector<std::optional<Relation>>(s));
  for (const Relation &p : u.pieces())
    c[node(p.space().domainTuple())][node(p.space().rangeTuple())] = p;
  bool exact = true;
  // Kleene: after step m, c[i][j] holds the paths from i to j whose inner
  // nodes are among the first m + 1.
  for (size_t m = 0; m < s; ++m) {
    std::optional<Relation> star; // paths m -> m, the empty one included
    Relation id = Relation::identity(Space::set(u.paramNames(), nodes[m]));
    if (c[m][m]) {
      ClosureResult cl = transitiveClosure(*c[m][m]);
      exact = exact && cl.exact;
      c[m][m] = cl.relation;
      star = id.unite(cl.relation);
    } else {
      star = id;
    }
    std::vector<std::vector<std::optional<Relation>>> next = c;
    for (size_t i = 0; i < s; ++i) {
      if (i == m || !c[i][m])
        continue;
      Relation into = c[i][m]->applyRange(*star);
      next[i][m] = into.coalesce();
      for (size_t j = 0; j < s; ++j) {
        if (!c[m][j])
          continue;
        Relation via = into.applyRange(*c[m][j]);
        next[i][j] =
            next[i][j] ? next[i][j]->unite(via).coalesce() : via.coalesce();
      }
    }
    for (size_t j = 0; j < s; ++j)
      if (j != m && c[m][j])
        next[m][j] = star->applyRange(*c[m][j]).coalesce();
    c = std::move(next);
  }
  UnionRelation out(u.paramNames());
  for (size_t i = 0; i < s; ++i)
    for (size_t j = 0; j < s; ++j)
      if (c[i][j] && !c[i][j]->isEmpty())
        out.add(*c[i][j]);
  return {out, exact};
}

namespace {

/// r^k by repeated squaring (log k joins), each join coalesced: for
/// Relation and UnionRelation alike.
template <typename R> R powerBySquaring(const R &r, uint64_t k) {
  WorkBudget::Operation op;
  if (k == 0)
    throw InvalidArgument("the power of a relation needs k >= 1");
  std::optional<R> result;
  R base = r;
  for (;;) {
    if (k & 1)
      result = result ? result->applyRange(base).coalesce() : base;
    k >>= 1;
    if (!k)
      break;
    base = base.applyRange(base).coalesce();
  }
  return *result;
}

} // namespace

Relation power(const Relation &r, uint64_t k) { return powerBySquaring(r, k); }

UnionRelation power(const UnionRelation &u, uint64_t k) {
  return powerBySquaring(u, k);
}

ClosureResult power(const Relation &r, const std::string &k) {
  WorkBudget::Operation op;
  const std::vector<std::string> &params = r.space().paramNames();
  if (std::find(params.begin(), params.end(), k) != params.end())
    throw InvalidArgument("the power's parameter '" + k +
                          "' is a parameter of the relation already");
  if (!r.isRelation())
    throw SpaceError("the power needs a relation, not " + r.space().toString());
  std::vector<std::string> withK = params;
  withK.push_back(k);
  Relation one = r;
  one.alignParams(withK);
  one = one.fix(VarKind::Param, unsigned(params.size()), Int(1));
  if (!sameTuples(r) || r.applyRange(r).isEmpty())
    return {one, true}; // R^k is empty for k >= 2
  Paths ps = pathsOf(r, k);
  bool exact = powerIsExact(r, ps, k);
  return {ps.p.coalesce(), exact};
}

} // namespace presburger
