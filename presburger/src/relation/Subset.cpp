//===- Subset.cpp - Subset, equality, disjointness and covering ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The engine's containment tests. Relation::isSubsetOf tries a cheap
// sufficient test (each disjunct inside one disjunct of the other) and a
// cheap refutation (a witness outside) before the exact difference. The
// cover test coveredByPieces (Subset.h) asks the same of one basic relation
// against a few pieces, depth first, stopping at the first part outside.
//
//===----------------------------------------------------------------------===//
#include "relation/Subset.h"
#include "basic/AlignedParams.h"
#include "basic/DisjunctPreparation.h"
#include "basic/Divisions.h"
#include "basic/RowImplication.h"
#include "basic/VariableBox.h"
#include "core/Rows.h"
#include "relation/SpaceChecks.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

namespace {

/// For each local of `t`, the local of `s` with the same division
/// definition (numerators mapped through the locals matched before it), as
/// the map from t's locals to s's; nullopt when some local of t has no such
/// twin. Both have the same variables before their locals.
std::optional<LocalMap> twinLocals(const BasicRelation &t,
                                   const BasicRelation &s) {
  LocalMap twin;
  twin.firstLocal = t.offset(VarKind::Local);
  twin.target.assign(t.numLocals(), 0);
  std::vector<Int> mapped(s.numCols());
  for (unsigned k = 0; k < t.numLocals(); ++k) {
    if (!t.hasDivDef(k))
      return std::nullopt;
    ConstRow num = t.divNumerator(k);
    // A definition uses earlier locals only.
    for (unsigned j = k; j < t.numLocals(); ++j)
      if (!num[twin.firstLocal + j].isZero())
        return std::nullopt;
    twin.mapRowInto(num, mapped);
    std::optional<unsigned> found =
        findDivision(s, mapped, t.divDenominator(k));
    if (!found)
      return std::nullopt;
    twin.target[k] = *found;
  }
  return twin;
}

/// The answer of eachDisjunctInOne.
enum class InOne { Yes, No, Unknown };

/// Yes when every disjunct of `a` lies in a single disjunct of `b`, each
/// constraint of which holds on the disjunct's rational relaxation: a
/// sufficient test for a being a subset of b that needs no subtraction (a
/// union minus a union multiplies pieces). A disjunct of b may have
/// locals when each is a division that the disjunct of a defines the same
/// way (a local's value is then the same function of the variables on
/// both sides: strided and tiled domains). No when b is one disjunct and a
/// row of it fails on a disjunct of a without locals by an exact integer
/// minimum (the constraint graph): some integer point of a is then outside
/// b. Unknown otherwise. The parameters are aligned.
InOne eachDisjunctInOne(const Relation &a, const Relation &b) {
  const std::vector<BasicRelation> &bs = b.disjuncts();
  for (size_t si = 0; si < a.numDisjuncts(); ++si) {
    const BasicRelation &s = a.disjuncts()[si];
    // A row of s that implies the row outright (a subset written with the
    // superset's bounds and a row more), tried before the constraint graph
    // is paid for and, once it is, only where the graph has no answer;
    // loop bounds and strides: exact integer minima on the graph;
    // otherwise the rational minimum on a tableau. Each built on first
    // need.
    std::optional<difference::IntegerOptima> graph;
    bool graphBuilt = false;
    std::optional<Simplex> tableau;
    auto relaxation = [&]() -> Simplex & {
      if (!tableau) {
        tableau.emplace(s.numVars());
        for (unsigned e = 0; e < s.numEqualities(); ++e)
          tableau->addEquality(s.equality(e));
        for (unsigned i = 0; i < s.numInequalities(); ++i)
          tableau->addInequality(s.inequality(i));
      }
      return *tableau;
    };
    bool exactFailure = false; // Set by holdsOnS on a graph answer.
    auto holdsOnS = [&](ConstRow row) {
      exactFailure = false;
      bool scanned = false;
      if (!graphBuilt) {
        if (impliedByARow(s, row))
          return true;
        scanned = true;
        graph = difference::IntegerOptima::of(s.equalities(), s.inequalities(),
                                              s.numVars());
        graphBuilt = true;
      }
      if (graph)
        if (std::optional<Optimum> o = graph->minimum(row)) {
          bool holds = o->isBounded() && o->value >= Fraction(0);
          exactFailure = !holds;
          return holds;
        }
      if (!scanned && impliedByARow(s, row))
        return true;
      // Every row holds on an empty s (the graph finds it empty itself).
      if (!graph && relaxation().isEmpty())
        return true;
      return relaxation().isRedundantInequality(row);
    };
    std::vector<Int> row(s.numCols());
    bool inOne = false;
    // The disjunct at the same position first: unions built by the same
    // steps (a result and its simplified form) list matching pieces in
    // the same order.
    for (size_t k = 0; k < bs.size(); ++k) {
      const BasicRelation &t = bs[(si + k) % bs.size()];
      std::optional<LocalMap> twin = twinLocals(t, s);
      if (!twin)
        continue;
      auto widen = [&](ConstRow r, bool negate) { // t's columns to s's.
        twin->mapRowInto(r, row);
        if (negate)
          for (Int &v : row)
            v.negate();
        return ConstRow(row);
      };
      WorkBudget::charge(t.numConstraints() + 1);
      bool holds = true;
      for (unsigned e = 0; e < t.numEqualities() && holds; ++e)
        holds = holdsOnS(widen(t.equality(e), false)) &&
                holdsOnS(widen(t.equality(e), true));
      for (unsigned i = 0; i < t.numInequalities() && holds; ++i)
        holds = holdsOnS(widen(t.inequality(i), false));
      if (holds) {
        inOne = true;
        break;
      }
      // Without locals the graph's minimum is over exactly the points of s.
      if (b.numDisjuncts() == 1 && exactFailure && s.numLocals() == 0)
        return InOne::No;
    }
    if (!inOne)
      return InOne::Unknown;
  }
  return InOne::Yes;
}

/// Whether a point found cheaply in some disjunct of a (its cheapWitness or
/// the upper corner of its bounds) lies in no disjunct of b: then a is not
/// a subset of b. False when b has locals (containment would need a
/// tableau) or no witness is outside. The parameters are aligned.
bool hasWitnessOutside(const Relation &a, const Relation &b) {
  for (const BasicRelation &d : b.disjuncts())
    if (d.numLocals() > 0)
      return false;
  auto outside = [&](const BasicRelation &d,
                     const std::optional<std::vector<Int>> &p) {
    if (!p)
      return false;
    ConstRow point(p->data(), d.offset(VarKind::Local));
    return std::none_of(
        b.disjuncts().begin(), b.disjuncts().end(),
        [&](const BasicRelation &e) { return e.containsPoint(point); });
  };
  // The upper corner too: a context box whose far corner crosses a bound
  // of the other side (512p + f < 60000 on a 128 x 512 box).
  for (const BasicRelation &d : a.disjuncts())
    if (outside(d, d.cheapWitness()) || outside(d, d.boundCorner(true)))
      return true;
  return false;
}

} // namespace

bool Relation::isSubsetOf(const Relation &other) const {
  WorkBudget::Operation op;
  checkSameTuples(space_, other.space_, "subset test");
  auto decide = [](const Relation &a, const Relation &b) {
    InOne quick = eachDisjunctInOne(a, b);
    if (quick != InOne::Unknown)
      return quick == InOne::Yes;
    if (hasWitnessOutside(a, b))
      return false;
    return a.subtract(b).isEmpty();
  };
  return withAlignedParams(*this, other, decide);
}

bool Relation::isEqual(const Relation &other) const {
  WorkBudget::Operation op;
  if (!space_.sameTuples(other.space_))
    return false;
  return isSubsetOf(other) && other.isSubsetOf(*this);
}

bool Relation::isDisjoint(const Relation &other) const {
  WorkBudget::Operation op;
  return intersect(other).isEmpty();
}

namespace {

using Vec = std::vector<Int>;

/// Brings the divisions of `p` into `cur` (and its tableau `s`), in
/// definition order. A local q of `cur` is reused when the constraints of
/// `cur` force floor(v / den) = q + t for a constant t (the candidate often
/// carries the pieces' divisions, or the same ones shifted by a constant
/// after the stride normalization): fewer variables for the emptiness tests
/// that follow. Returns where p's locals went, with their shifts.
LocalMap importDivisionsUpToShift(BasicRelation &cur, Simplex &s,
                                  const BasicRelation &p) {
  unsigned lo = cur.offset(VarKind::Local);
  LocalMap map;
  map.firstLocal = p.offset(VarKind::Local);
  map.target.assign(p.numLocals(), 0);
  map.shift.assign(p.numLocals(), Int(0));
  if (p.numLocals() == 0)
    return map;
  std::optional<std::vector<unsigned>> order = p.divisionOrder();
  if (!order)
    throw InvalidArgument("coveredBy: a local without definition");
  for (unsigned k : *order) {
    const Int &den = p.divDenominator(k);
    Vec v = map.mapRow(p.divNumerator(k), cur.numCols());
    bool reused = false;
    for (unsigned l = 0; l < cur.numLocals() && !reused; ++l) {
      if (!cur.hasDivDef(l) || cur.divDenominator(l) != den)
        continue;
      ConstRow other = cur.divNumerator(l);
      if (!std::equal(other.begin(), other.end() - 1, v.begin()))
        continue;
      // On the integer points of cur, v - den * q lies in
      // [den * t, den * t + den - 1].
      Vec rest = v;
      rest[lo + l] -= den;
      Optimum mn = s.computeOptimum(rest, /*maximize=*/false);
      Optimum mx = s.computeOptimum(rest, /*maximize=*/true);
      if (!mn.isBounded() || !mx.isBounded())
        continue;
      Int t = floorDiv(mn.value.ceil(), den);
      if (floorDiv(mx.value.floor(), den) != t)
        continue;
      map.target[k] = l;
      map.shift[k] = t;
      reused = true;
    }
    if (reused)
      continue;
    map.target[k] = cur.addDivLocal(v, den);
    s.addVariable();
    unsigned last = cur.numInequalities();
    s.addInequality(cur.inequality(last - 2));
    s.addInequality(cur.inequality(last - 1));
  }
  return map;
}

/// Whether every integer point of `c` lies in one of pieces[idx..], whose
/// locals all have division definitions. Splits `c` along the constraints
/// of one piece that `c` does not imply (c and r <= -1, then c and r >= 0
/// for the next one; the piece's divisions become division locals of `c`
/// first, so that negating a constraint is exact) and recurses on the
/// parts outside it; stops at the first part with an integer point outside
/// every piece. A piece stands for the points where its constraints hold
/// with its locals at their definitions, a subset of its points: a "yes" is
/// always right. The rows that hold on the box of the variables' ranges
/// propagated from `c` hold on every integer point of `c` and are skipped
/// first, so that a part cut off along a bound (a tile's tail, a fused
/// column) often needs no tableau at all; the tableau is built for the
/// first row the box does not settle.
bool coveredBy(const BasicRelation &c,
               const std::vector<const BasicRelation *> &pieces, size_t idx) {
  if (idx == pieces.size())
    return c.isEmpty();
  const BasicRelation &p = *pieces[idx];
  BasicRelation cur = c;
  std::optional<Simplex> s;
  auto tableau = [&]() -> Simplex & {
    if (!s)
      s = tableauOf(cur);
    return *s;
  };
  LocalMap map;
  if (p.numLocals() > 0) {
    if (tableau().isEmpty())
      return true;
    map = importDivisionsUpToShift(cur, *s, p);
  } else {
    map.firstLocal = p.offset(VarKind::Local);
  }
  // The ranges of cur's variables (locals imported above included); cur
  // only gains rows below, so they stay valid bounds.
  std::optional<VariableBox> box = VariableBox::enclosing(cur, 2);
  if (!box)
    return true; // No integer point.
  // p's rows over cur's columns (an equality as two inequalities), less
  // those the box settles: they hold on every integer point of cur, so no
  // part lies outside them.
  std::vector<Vec> rows;
  auto keep = [&](Vec r) {
    if (!box->holds(r))
      rows.push_back(std::move(r));
  };
  for (unsigned e = 0; e < p.numEqualities(); ++e) {
    Vec r = map.mapRow(p.equality(e), cur.numCols());
    Vec opposite = negated(ConstRow(r));
    keep(std::move(r));
    keep(std::move(opposite));
  }
  for (unsigned i = 0; i < p.numInequalities(); ++i)
    keep(map.mapRow(p.inequality(i), cur.numCols()));
  for (size_t k = 0; k < rows.size(); ++k) {
    const Vec &r = rows[k];
    Simplex &t = tableau();
    if (t.isEmpty())
      return true;
    if (t.isRedundantInequality(r))
      continue;
    BasicRelation outside = cur;
    outside.addInequality(complementOf(r));
    if (outside.normalize() && !coveredBy(outside, pieces, idx + 1))
      return false;
    // The parts outside the later rows lie inside this one (after the
    // last row, cur need not learn it).
    if (k + 1 < rows.size()) {
      cur.addInequality(r);
      t.addInequality(r);
    }
  }
  return true;
}

/// Whether `b` has no locals and every row is a difference row.
bool isDifferenceSystem(const BasicRelation &b) {
  return b.numLocals() == 0 &&
         difference::isDifferenceSystem(b.equalities(), b.inequalities(),
                                        b.numVars());
}

/// coveredBy for difference systems without locals: every part split off
/// is a difference system too, whose integer emptiness the constraint
/// graph decides without a tableau. The graph's integer point of a part
/// (which lies outside pieces[0..idx]) is first tried on the later pieces:
/// in none of them, it is a point of `c` outside the union, and the answer
/// is no without splitting the part further.
bool coveredByDifference(const BasicRelation &c,
                         const std::vector<const BasicRelation *> &pieces,
                         size_t idx) {
  if (idx == pieces.size())
    return c.isEmpty();
  const BasicRelation &p = *pieces[idx];
  BasicRelation cur = c;
  std::vector<Int> point;
  auto inLaterPiece = [&] {
    return std::any_of(
        pieces.begin() + idx + 1, pieces.end(),
        [&](const BasicRelation *q) { return q->containsPoint(point); });
  };
  // Rows of p left to handle: after the last one, cur need not learn it.
  unsigned left = 2 * p.numEqualities() + p.numInequalities();
  auto handle = [&](const Vec &r) {
    --left;
    BasicRelation outside = cur;
    outside.addInequality(complementOf(r));
    std::optional<bool> empty =
        difference::solve(outside.equalities(), outside.inequalities(),
                          outside.numVars(), &point);
    if (empty && !*empty && !inLaterPiece())
      return false;
    if (!empty)
      empty = outside.isEmpty();
    if (!*empty && !coveredByDifference(outside, pieces, idx + 1))
      return false;
    if (left > 0)
      cur.addInequality(r);
    return true;
  };
  for (unsigned e = 0; e < p.numEqualities(); ++e) {
    Vec r = toVector(p.equality(e));
    if (!handle(r) || !handle(negated(ConstRow(r))))
      return false;
  }
  for (unsigned i = 0; i < p.numInequalities(); ++i)
    if (!handle(toVector(p.inequality(i))))
      return false;
  return true;
}

} // namespace

bool coveredByPieces(const BasicRelation &c,
                     const std::vector<const BasicRelation *> &pieces) {
  if (isDifferenceSystem(c) &&
      std::all_of(pieces.begin(), pieces.end(), [](const BasicRelation *p) {
        return isDifferenceSystem(*p);
      }))
    return coveredByDifference(c, pieces, 0);
  // The pieces with their division definitions detected (a piece without
  // locals is used as it is, not copied).
  std::vector<BasicRelation> defined;
  defined.reserve(pieces.size());
  std::vector<const BasicRelation *> ptrs;
  bool allDefined = true;
  for (const BasicRelation *p : pieces) {
    if (p->numLocals() == 0) {
      ptrs.push_back(p);
      continue;
    }
    defined.push_back(*p);
    allDefined = allDefined && defined.back().detectDivDefinitions() &&
                 defined.back().divisionOrder().has_value();
    ptrs.push_back(&defined.back());
  }
  if (allDefined)
    return coveredBy(c, ptrs, 0);
  Relation cand(c);
  Relation union_(pieces.front()->space());
  for (const BasicRelation *p : pieces)
    union_.addDisjunct(*p);
  try {
    return cand.isSubsetOf(union_);
  } catch (const UnboundedError &) {
    return false;
  } catch (const InvalidArgument &) {
    return false;
  }
}

} // namespace presburger
