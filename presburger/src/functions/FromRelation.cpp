//===- FromRelation.cpp - Functions read off single-valued relations ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each disjunct's unknowns (the outputs and the locals) are solved one at
// a time in terms of the inputs (parameters and domain dimensions): a
// division local whose numerator is known is its floor division, and an
// equality c*u + e = 0 with every other variable known gives
// u = floor(-e / c), exact on the disjunct since c divides -e there, and
// so does a pair of inequalities e <= c*u <= e + k with k < c; an output
// bounded by known expressions only, with one lower bound, is that bound
// (the disjunct being single-valued). When this leaves an output unknown
// (pinned by the bounds of an existential, or by equalities that need
// elimination among unknowns), the disjunct is its own lexicographic
// minimum, and the parametric solver's answer writes every output as a
// quasi-affine expression of the inputs on each of its pieces.
//
//===----------------------------------------------------------------------===//
#include "functions/OptimumPieces.h"
#include "presburger/Errors.h"
#include "presburger/PwAff.h"
#include "presburger/PwMultiAff.h"
#include "simplify/CoalesceWithinBudget.h"

namespace presburger {

namespace {

/// The outputs of `b` as expressions of its inputs (on `domain`), if the
/// equalities and divisions determine each one.
std::optional<MultiAff> solveOutputs(const BasicRelation &b,
                                     const Space &domain) {
  unsigned nIn = b.offset(VarKind::Range), nv = b.numVars();
  unsigned firstOut = b.offset(VarKind::Range), nOut = b.numRange();
  unsigned lo = b.offset(VarKind::Local);
  std::vector<std::optional<Aff>> val(nv);
  for (unsigned p = 0; p < b.numParams(); ++p)
    val[p] = Aff::param(domain, p);
  for (unsigned d = 0; d < b.numDomain(); ++d)
    val[b.numParams() + d] = Aff::dim(domain, d);
  // The linear part of `row` over known columns, skipping column `skip`.
  auto known = [&](ConstRow row, unsigned skip, const Int &sign) {
    Aff acc = Aff::constant(domain, row[nv] * sign);
    for (unsigned c = 0; c < nv; ++c)
      if (c != skip && !row[c].isZero())
        acc = acc.add(val[c]->scale(row[c] * sign));
    return acc;
  };
  auto unknownCols = [&](ConstRow row, unsigned limit) {
    std::vector<unsigned> out;
    for (unsigned c = nIn; c < nv && out.size() < limit; ++c)
      if (!row[c].isZero() && !val[c])
        out.push_back(c);
    return out;
  };
  // The equalities in reduced echelon form over the unknown columns
  // (outputs and locals): each derived row is implied by the equalities, so
  // a row left with one unknown gives it exactly (below), also where the
  // outputs are coupled (2u + 2v = e1, 5u - 5v = e2).
  std::vector<std::vector<Int>> eqs;
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    eqs.emplace_back(b.equality(e).begin(), b.equality(e).end());
  for (unsigned c = nIn, rank = 0; c < nv && rank < eqs.size(); ++c) {
    unsigned p = rank;
    while (p < eqs.size() && eqs[p][c].isZero())
      ++p;
    if (p == eqs.size())
      continue;
    std::swap(eqs[rank], eqs[p]);
    for (unsigned r = 0; r < eqs.size(); ++r) {
      if (r == rank || eqs[r][c].isZero())
        continue;
      Int a = eqs[rank][c], f = eqs[r][c];
      Int g(0);
      for (unsigned k = 0; k <= nv; ++k) {
        eqs[r][k] = eqs[r][k] * a - eqs[rank][k] * f;
        g = gcd(g, eqs[r][k]);
      }
      if (!g.isZero() && !g.isOne())
        for (Int &v : eqs[r])
          v = floorDiv(v, g);
    }
    ++rank;
  }
  for (bool progress = true; progress;) {
    progress = false;
    for (unsigned k = 0; k < b.numLocals(); ++k) {
      if (val[lo + k] || !b.hasDivDef(k) ||
          !unknownCols(b.divNumerator(k), 1).empty())
        continue;
      val[lo + k] =
          known(b.divNumerator(k), nv, Int(1)).floorDiv(b.divDenominator(k));
      progress = true;
    }
    for (const std::vector<Int> &eq : eqs) {
      ConstRow row(eq);
      std::vector<unsigned> u = unknownCols(row, 2);
      if (u.size() != 1)
        continue;
      // c*u + rest = 0: u = floor(-rest / c) = floor(rest / -c).
      const Int &c = row[u[0]];
      Int sign = c.isPositive() ? Int(-1) : Int(1);
      val[u[0]] = known(row, u[0], sign).floorDiv(abs(c));
      progress = true;
    }
    // A pair  rest - c*u >= 0,  c*u - rest + k >= 0  with 0 <= k < c pins
    // u to floor(rest / c).
    for (unsigned i = 0; i < b.numInequalities(); ++i) {
      ConstRow up = b.inequality(i);
      std::vector<unsigned> u = unknownCols(up, 2);
      if (u.size() != 1 || !up[u[0]].isNegative())
        continue;
      for (unsigned j = 0; j < b.numInequalities(); ++j) {
        ConstRow low = b.inequality(j);
        bool opposite = true;
        for (unsigned c = 0; c < nv && opposite; ++c)
          opposite = low[c] == -up[c];
        Int k = low[nv] + up[nv];
        if (!opposite || k.isNegative() || k >= -up[u[0]])
          continue;
        val[u[0]] = known(up, u[0], Int(1)).floorDiv(-up[u[0]]);
        progress = true;
        break;
      }
    }
    // An output whose every constraint is a bound over known columns
    // ranges over an interval; a single-valued disjunct makes it one
    // point, so one lower bound c*u >= e gives u = ceil(e / c).
    for (unsigned j = 0; j < nOut && !progress; ++j) {
      unsigned u = firstOut + j;
      if (val[u])
        continue;
      bool interval = true;
      for (unsigned e = 0; e < b.numEqualities() && interval; ++e)
        interval = b.equality(e)[u].isZero();
      std::optional<unsigned> lower;
      unsigned numLower = 0;
      for (unsigned i = 0; i < b.numInequalities() && interval; ++i) {
        ConstRow row = b.inequality(i);
        if (row[u].isZero())
          continue;
        interval = unknownCols(row, 2).size() == 1;
        if (row[u].isPositive()) {
          lower = i;
          ++numLower;
        }
      }
      if (!interval || numLower != 1)
        continue;
      // c*u + rest >= 0: u >= ceil(-rest / c) = floor((c - 1 - rest) / c).
      ConstRow row = b.inequality(*lower);
      const Int &c = row[u];
      val[u] = known(row, u, Int(-1))
                   .add(Aff::constant(domain, c - Int(1)))
                   .floorDiv(c);
      progress = true;
    }
  }
  std::vector<Aff> outs;
  for (unsigned j = 0; j < nOut; ++j) {
    if (!val[firstOut + j])
      return std::nullopt;
    outs.push_back(*val[firstOut + j]);
  }
  return MultiAff(domain, b.space().rangeTuple(), std::move(outs));
}

/// The domain of `b` as a set of the function's domain space.
Relation inputsOf(const BasicRelation &b) {
  Relation r(b);
  return b.isSet() ? r.params() : r.domain();
}

/// The function whose graph is the single-valued `r`; with
/// `disjointNonEmpty`, r's disjuncts are known pairwise disjoint and
/// non-empty, and neither is tested.
PwMultiAff readFunction(const Relation &r, bool disjointNonEmpty) {
  if (r.isParams())
    throw InvalidArgument("a params set is no function: " + r.toString());
  Space domain = r.isSet() ? r.space().paramsSpace() : r.space().domainSpace();
  // The disjuncts' parts grouped by value first: a value's domain is the
  // union of its parts, with no subtraction (where parts of one value
  // overlap they agree). Parts of different values agree where they
  // overlap too (r is single-valued), so each point is left to the first
  // value that has it.
  struct Group {
    MultiAff ma;
    Relation domain;
  };
  std::vector<Group> groups;
  auto addPart = [&](Relation dom, const MultiAff &ma) {
    for (Group &g : groups)
      if (g.ma.isPlainEqual(ma)) {
        g.domain = g.domain.unite(dom);
        return;
      }
    groups.push_back({ma, std::move(dom)});
  };
  // A disjunct whose outputs cannot be read off its rows is its own
  // lexmin (it is single-valued), which the parametric solver writes out.
  for (BasicRelation b : r.disjuncts()) {
    if (!b.simplifyLocals() || (!disjointNonEmpty && b.isEmpty()))
      continue;
    if (std::optional<MultiAff> ma = solveOutputs(b, domain)) {
      addPart(inputsOf(b), *ma);
      continue;
    }
    for (PwMultiAff::Piece &part : basicOptimumPieces(b, domain, false))
      addPart(std::move(part.domain), part.ma);
  }
  // The groups made disjoint (the pieces of a lexmin rarely meet: an
  // intersection test is much cheaper than the subtraction), then their
  // domains coalesced within half the budget left: the coalescing only
  // makes the function smaller.
  std::vector<Relation> domains;
  Relation covered = Relation::empty(domain);
  for (Group &g : groups) {
    Relation &dom = g.domain;
    if (!disjointNonEmpty) {
      Relation rest =
          dom.intersect(covered).isEmpty() ? dom : dom.subtract(covered);
      covered = covered.unite(dom);
      dom = std::move(rest);
    }
    domains.push_back(std::move(dom));
  }
  coalesceEachWithinBudget(domains);
  PwMultiAff out(domain, r.space().rangeTuple());
  for (size_t k = 0; k < groups.size(); ++k)
    if (disjointNonEmpty || !domains[k].isEmpty())
      out.addPiece(std::move(domains[k]), groups[k].ma);
  return out;
}

} // namespace

PwMultiAff PwMultiAff::fromRelation(const Relation &r) {
  if (r.isParams())
    throw InvalidArgument("a params set is no function: " + r.toString());
  if (r.isRelation() && !r.isSingleValued())
    throw InvalidArgument("not single-valued: " + r.toString());
  if (r.isSet()) {
    // A set is a function of the parameters when it has one point per
    // parameter value: when it is its own lexicographic minimum.
    bool single;
    try {
      single = r.isSubsetOf(r.lexmin());
    } catch (const UnboundedError &) {
      single = false;
    }
    if (!single)
      throw InvalidArgument("not single-valued: " + r.toString());
  }
  return fromSingleValued(r);
}

PwMultiAff PwMultiAff::fromSingleValued(const Relation &r) {
  return readFunction(r, false);
}

PwMultiAff functionOfDisjointParts(const Relation &r) {
  return readFunction(r, true);
}

} // namespace presburger
