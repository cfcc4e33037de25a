//===- FixedBox.cpp - Boxes of constant size at an offset -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// isl 0.25's simple fixed-size box hull (isl_box.c), dimension by
// dimension on the engine's simple hull; see FixedBox.h for the method.
//
//===----------------------------------------------------------------------===//
#include "presburger/FixedBox.h"

#include "presburger/Errors.h"
#include "presburger/Hulls.h"

namespace presburger {

namespace {

/// `b` (parameters, `numIn` input dimensions, one range dimension i) with
/// a second range dimension t = i - lb, lb a function of the inputs.
BasicRelation withOffset(const BasicRelation &b0, const Aff &lb,
                         unsigned numIn) {
  BasicRelation b = b0;
  unsigned t = b.insertVars(VarKind::Range, 1, 1);
  std::vector<unsigned> map(lb.localSpace().offset(VarKind::Local));
  for (unsigned col = 0; col < map.size(); ++col)
    map[col] = col;
  unsigned firstDiv = b.numLocals();
  b.appendMapped(lb.localSpace(), map);
  std::vector<Int> eq(b.numCols());
  eq[t] = Int(-1);
  eq[numIn] = Int(1);
  const std::vector<Int> &lr = lb.row();
  unsigned llo = lb.localSpace().offset(VarKind::Local);
  for (unsigned col = 0; col < llo; ++col)
    eq[col] -= lr[col];
  for (unsigned k = 0; k < lb.numDivs(); ++k)
    eq[b.offset(VarKind::Local) + firstDiv + k] -= lr[llo + k];
  eq.back() -= lr.back();
  b.addEquality(eq);
  return b;
}

/// The box extent of range dimension 0 of `one` (parameters, `numIn`
/// input dimensions, one range dimension), its offset on `domain`:
/// nullopt when no candidate bound gives a constant size.
std::optional<std::pair<Aff, Int>> dimExtent(const Relation &one,
                                             const Space &domain) {
  unsigned numIn = one.space().offset(VarKind::Range);
  std::vector<Aff> vars;
  for (unsigned p = 0; p < domain.numParams(); ++p)
    vars.push_back(Aff::param(domain, p));
  for (unsigned d = 0; d < numIn - domain.numParams(); ++d)
    vars.push_back(Aff::dim(domain, d));
  vars.push_back(Aff(domain)); // i itself
  BasicRelation full = one.simpleHull();
  if (full.isObviouslyEmpty())
    return std::nullopt;
  // The bounds come from the hull without the locals a lower corner cannot
  // use (existentials, divisions involving i), eliminated rationally as
  // isl removes them; the sizes are measured on the whole hull.
  BasicRelation hull = full;
  for (bool again = true; again;) {
    again = false;
    for (unsigned k = hull.numLocals(); k-- > 0 && !again;)
      if (!hull.hasDivDef(k) || !hull.divNumerator(k)[numIn].isZero()) {
        hull.projectOutRationally(VarKind::Local, k, 1);
        again = true;
      }
  }
  unsigned lo = hull.offset(VarKind::Local), nl = hull.numLocals();
  std::vector<std::optional<Aff>> divs(nl);
  std::vector<bool> usable(nl, false);
  for (bool progress = true; progress;) {
    progress = false;
    for (unsigned k = 0; k < nl; ++k) {
      if (usable[k])
        continue;
      ConstRow num = hull.divNumerator(k);
      bool ready = true;
      for (unsigned l = 0; l < nl && ready; ++l)
        ready = num[lo + l].isZero() || usable[l];
      if (!ready)
        continue;
      Aff acc = Aff::constant(domain, num[hull.numVars()]);
      for (unsigned c = 0; c < numIn; ++c)
        if (!num[c].isZero())
          acc = acc.add(vars[c].scale(num[c]));
      for (unsigned l = 0; l < nl; ++l)
        if (!num[lo + l].isZero())
          acc = acc.add(divs[l]->scale(num[lo + l]));
      divs[k] = acc.floorDiv(hull.divDenominator(k));
      usable[k] = true;
      progress = true;
    }
  }
  std::optional<std::pair<Aff, Int>> best;
  // The candidates: the inequalities, and each equality as the lower bound
  // it is on either side.
  std::vector<std::vector<Int>> rows;
  for (unsigned e = 0; e < hull.numEqualities(); ++e) {
    std::vector<Int> row(hull.equality(e).begin(), hull.equality(e).end());
    if (row[numIn].isNegative())
      for (Int &v : row)
        v = -v;
    rows.push_back(std::move(row));
  }
  for (unsigned r = 0; r < hull.numInequalities(); ++r)
    rows.emplace_back(hull.inequality(r).begin(), hull.inequality(r).end());
  for (const std::vector<Int> &candidate : rows) {
    ConstRow row(candidate);
    Int c = row[numIn];
    if (!c.isPositive())
      continue;
    bool fits = true;
    for (unsigned k = 0; k < nl && fits; ++k)
      fits = row[lo + k].isZero() || usable[k];
    if (!fits)
      continue;
    // -(r) over the inputs and divisions, then the contracted corner.
    Aff rest = Aff::constant(domain, row[hull.numVars()]);
    for (unsigned col = 0; col < numIn; ++col)
      if (!row[col].isZero())
        rest = rest.add(vars[col].scale(row[col]));
    for (unsigned k = 0; k < nl; ++k)
      if (!row[lo + k].isZero())
        rest = rest.add(divs[k]->scale(row[lo + k]));
    // c*i >= -rest: i >= ceil(-rest / c) = floor((c - 1 - rest) / c).
    Aff lb = rest.neg().add(Aff::constant(domain, c - Int(1))).floorDiv(c);
    // 1 + max(i - lb): bounded on the hull (isl's criterion, so validity is
    // isl's), the size measured on the set's own points (never larger).
    BasicRelation hullShifted = withOffset(full, lb, numIn);
    Relation shifted(hullShifted.space());
    DimBounds onHull =
        Relation(std::move(hullShifted)).dimBounds(VarKind::Range, 1);
    if (onHull.empty || !onHull.upper)
      continue;
    for (const BasicRelation &d : one.disjuncts())
      shifted.addDisjunct(withOffset(d, lb, numIn));
    DimBounds bounds = shifted.dimBounds(VarKind::Range, 1);
    if (bounds.empty || !bounds.upper)
      continue;
    Int size = *bounds.upper + Int(1);
    if (!best || size < best->second)
      best = std::make_pair(lb, size);
  }
  return best;
}

/// The box of the range of `rel` (a relation, or a set read as a function
/// of its parameters), its offsets on `domain`.
FixedBox fixedBox(const Relation &rel, const Space &domain) {
  FixedBox out;
  unsigned n = rel.numRange();
  // isl first makes each disjunct's integer equalities explicit
  // (isl_map_detect_equalities): a dimension a congruence pins is fixed.
  Relation withEqualities(rel.space());
  for (const BasicRelation &b : rel.disjuncts())
    withEqualities.addDisjunct(b.intersect(Relation(b).affineHull()));
  std::vector<Aff> offsets;
  for (unsigned pos = 0; pos < n; ++pos) {
    Relation one =
        withEqualities.projectOut(VarKind::Range, pos + 1, n - pos - 1)
            .projectOut(VarKind::Range, 0, pos);
    std::optional<std::pair<Aff, Int>> e = dimExtent(one, domain);
    if (!e)
      return FixedBox{false, MultiAff(), {}};
    offsets.push_back(e->first);
    out.size.push_back(e->second);
  }
  out.valid = true;
  out.offset = MultiAff(domain, rel.space().rangeTuple(), std::move(offsets));
  return out;
}

} // namespace

FixedBox simpleFixedBoxHull(const Relation &set) {
  if (!set.isSet())
    throw SpaceError("simpleFixedBoxHull: " + set.toString() + " is not a set");
  return fixedBox(set, set.space().paramsSpace());
}

FixedBox rangeSimpleFixedBoxHull(const Relation &rel) {
  if (!rel.isRelation())
    throw SpaceError("rangeSimpleFixedBoxHull: " + rel.toString() +
                     " is not a relation");
  return fixedBox(rel, rel.space().domainSpace());
}

} // namespace presburger
