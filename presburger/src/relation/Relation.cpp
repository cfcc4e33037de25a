//===- Relation.cpp - Boolean algebra on unions of basic relations --------===//
#include "presburger/Relation.h"
#include "solve/DifferenceConstraints.h"
#include "presburger/Errors.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

Relation::Relation(Space space) : space_(std::move(space)) {}

Relation::Relation(BasicRelation b) : space_(b.space()) {
  disjuncts_.push_back(std::move(b));
}

Relation Relation::universe(Space space) {
  return Relation(BasicRelation::universe(std::move(space)));
}

void Relation::alignParams(const std::vector<std::string> &params) {
  if (space_.paramNames() == params)
    return;
  for (BasicRelation &b : disjuncts_)
    b.alignParams(params);
  space_ = space_.withParams(params);
}

void alignParams(Relation &a, Relation &b) {
  if (a.space().paramNames() == b.space().paramNames())
    return;
  std::vector<std::string> merged =
      mergeParams(a.space().paramNames(), b.space().paramNames());
  a.alignParams(merged);
  b.alignParams(merged);
}

void Relation::setSpace(const Space &space) {
  for (BasicRelation &b : disjuncts_)
    b.setSpace(space);
  space_ = space;
}

void Relation::addDisjunct(BasicRelation b) {
  if (!b.space().sameTuples(space_))
    throw SpaceError("disjunct in space " + b.space().toString() +
                     " added to a relation in " + space_.toString());
  if (b.space().paramNames() != space_.paramNames()) {
    std::vector<std::string> merged =
        mergeParams(space_.paramNames(), b.space().paramNames());
    alignParams(merged);
    b.alignParams(merged);
  }
  // Keep the tuple names and dimension hints of the relation.
  b.setSpace(space_);
  disjuncts_.push_back(std::move(b));
}

namespace {
void checkSameTuples(const Space &a, const Space &b, const char *op) {
  if (!a.sameTuples(b))
    throw SpaceError(std::string(op) + " of objects in different spaces: " +
                     a.toString() + " and " + b.toString());
}
} // namespace

Relation Relation::unite(const Relation &other) const {
  Relation a = *this, b = other;
  checkSameTuples(a.space_, b.space_, "union");
  presburger::alignParams(a, b);
  size_t own = a.disjuncts_.size();
  // Fingerprints first: the exact comparison runs only on a match.
  std::vector<uint64_t> prints(own);
  for (size_t i = 0; i < own; ++i)
    prints[i] = a.disjuncts_[i].constraintFingerprint();
  for (BasicRelation &d : b.disjuncts_) {
    // A disjunct written exactly as one already there adds nothing (isl
    // drops such obvious duplicates in its union too).
    bool repeated = false;
    uint64_t print = d.constraintFingerprint();
    for (size_t i = 0; i < own && !repeated; ++i)
      repeated = prints[i] == print && a.disjuncts_[i].isObviouslyEqual(d);
    if (repeated)
      continue;
    d.setSpace(a.space_);
    a.disjuncts_.push_back(std::move(d));
  }
  return a;
}

Relation Relation::intersect(const Relation &other) const {
  WorkBudget::Operation op;
  Relation a = *this, b = other;
  checkSameTuples(a.space_, b.space_, "intersection");
  presburger::alignParams(a, b);
  Relation result(a.space_);
  for (const BasicRelation &x : a.disjuncts_)
    for (const BasicRelation &y : b.disjuncts_) {
      BasicRelation c = x.intersect(y);
      c.setSpace(a.space_);
      if (c.normalize() && !c.isEmpty())
        result.disjuncts_.push_back(std::move(c));
    }
  return result;
}

namespace {

/// s minus t, as disjoint basic relations. `t` has every local defined.
std::vector<BasicRelation> subtractBasic(const BasicRelation &s,
                                         const BasicRelation &t) {
  unsigned sLocals = s.numLocals();
  unsigned lo = s.offset(VarKind::Local);
  unsigned tLocals = t.numLocals();
  // Bring t's divisions into s, in definition order.
  BasicRelation base = s;
  std::optional<std::vector<unsigned>> ordered = t.divisionOrder();
  if (!ordered)
    throw InvalidArgument("subtract: cyclic or missing division definitions");
  const std::vector<unsigned> &order = *ordered;
  std::vector<unsigned> localMap(tLocals); // t local -> base local.
  auto mapRow = [&](ConstRow row, unsigned numCols) {
    // Maps a t row (t's columns) to base columns of width numCols.
    std::vector<Int> out(numCols);
    for (unsigned c = 0; c < lo; ++c)
      out[c] = row[c];
    for (unsigned k = 0; k < tLocals; ++k)
      if (!row[lo + k].isZero())
        out[lo + localMap[k]] = row[lo + k];
    out.back() = row[lo + tLocals];
    return out;
  };
  unsigned added = 0;
  for (unsigned i = 0; i < tLocals; ++i) {
    unsigned k = order[i];
    // The map sends earlier-defined locals to their place in base.
    std::vector<Int> num = mapRow(t.divNumerator(k), base.numCols());
    // Reuse a division base already has (S often shares T's divisions).
    std::optional<unsigned> same;
    for (unsigned j = 0; j < base.numLocals() && !same; ++j) {
      if (!base.hasDivDef(j) || base.divDenominator(j) != t.divDenominator(k))
        continue;
      ConstRow d = base.divNumerator(j);
      if (std::equal(d.begin(), d.end(), num.begin(), num.end()))
        same = j;
    }
    if (same) {
      localMap[k] = *same;
      continue;
    }
    localMap[k] = sLocals + added++;
    base.addDivLocal(num, t.divDenominator(k));
  }
  // The constraints of t, minus the definitional ones.
  std::vector<std::vector<Int>> defRows;
  for (unsigned k = 0; k < tLocals; ++k) {
    std::vector<Int> lower(t.divNumerator(k).begin(), t.divNumerator(k).end());
    lower[lo + k] = -t.divDenominator(k);
    std::vector<Int> upper(lower.size());
    for (size_t c = 0; c < lower.size(); ++c)
      upper[c] = -lower[c];
    upper.back() += t.divDenominator(k) - Int(1);
    defRows.push_back(std::move(lower));
    defRows.push_back(std::move(upper));
  }
  std::vector<BasicRelation> pieces;
  BasicRelation cur = base;
  // The rational relaxation of cur, grown with it: a constraint that holds
  // on all of it leaves an empty piece (no integer point of cur violates
  // it), found with one optimization instead of a copy and an emptiness
  // test (usually most of t's constraints hold on s). Built on first use:
  // pieces that are difference systems have a cheaper emptiness test.
  unsigned nv = base.numVars();
  bool curIsDifference = difference::isDifferenceSystem(
      base.equalities(), base.inequalities(), nv);
  std::optional<Simplex> relaxation;
  // Strided loop bounds: the exact integer minimum of a row over cur from
  // its substituted constraint graph, rebuilt when cur changes.
  std::optional<difference::IntegerOptima> optima;
  bool optimaStale = true;
  // Set by addPiece when the row it was given holds on all of cur: adding
  // it to cur then leaves cur's integer points, and `optima`, unchanged.
  bool rowHolds = false;
  // `rowIsDifference`: the constraint negated is a difference row.
  auto addPiece = [&](std::vector<Int> negated, bool rowIsDifference) {
    rowHolds = false;
    // Loop bounds, strided or not: the exact integer minimum of the row on
    // cur's constraint graph says whether the piece is empty, without a
    // copy of cur and an emptiness test.
    if (curIsDifference || cur.numEqualities() > 0) {
      if (optimaStale) {
        optima = difference::IntegerOptima::of(cur.equalities(),
                                               cur.inequalities(), nv);
        optimaStale = false;
      }
      if (optima) {
        std::vector<Int> row(negated.size());
        for (size_t c = 0; c < row.size(); ++c)
          row[c] = -negated[c];
        row.back() -= Int(1);
        if (std::optional<Optimum> mn = optima->minimum(row)) {
          // row >= 0 on every integer point of cur: the piece is empty.
          // Otherwise some integer point of cur has row <= -1.
          if (mn->isBounded() && mn->value.sign() >= 0) {
            rowHolds = true;
            return;
          }
          BasicRelation piece = cur;
          piece.addInequality(negated);
          if (piece.normalize())
            pieces.push_back(std::move(piece));
          return;
        }
      }
    }
    if (!curIsDifference || !rowIsDifference) {
      if (!relaxation) {
        relaxation.emplace(nv);
        for (unsigned e = 0; e < cur.numEqualities(); ++e)
          relaxation->addEquality(cur.equality(e));
        for (unsigned i = 0; i < cur.numInequalities(); ++i)
          relaxation->addInequality(cur.inequality(i));
      }
      // negated is -row - 1 >= 0: the piece is empty when row >= 0 holds.
      std::vector<Int> row(negated.size());
      for (size_t c = 0; c < row.size(); ++c)
        row[c] = -negated[c];
      row.back() -= Int(1);
      if (relaxation->isRedundantInequality(row))
        return;
    }
    BasicRelation piece = cur;
    piece.addInequality(negated);
    if (piece.normalize() && !piece.isEmpty())
      pieces.push_back(std::move(piece));
  };
  // Adds the subtrahend's row to cur (as an equality or an inequality);
  // `holds`: it held on all of cur, so cur's integer points and the graph
  // optima stay as they are. False when cur is found empty: no more parts.
  auto extendCur = [&](const std::vector<Int> &row, bool equality,
                       bool isDifference, bool holds) {
    if (equality)
      cur.addEquality(row);
    else
      cur.addInequality(row);
    optimaStale = optimaStale || !holds;
    curIsDifference = isDifference;
    // With graph optima or a relaxation, emptiness of cur shows there, and
    // every part is normalized on its own: cur need not be normalized at
    // each step.
    if (optima)
      return true;
    if (relaxation) {
      if (equality)
        relaxation->addEquality(row);
      else
        relaxation->addInequality(row);
      return !relaxation->isEmpty();
    }
    return cur.normalize();
  };
  unsigned nc = base.numCols();
  for (unsigned e = 0; e < t.numEqualities(); ++e) {
    WorkBudget::charge(nc);
    std::vector<Int> row = mapRow(t.equality(e), nc);
    std::vector<Int> pos = row, neg(row.size());
    pos.back() -= Int(1); // row >= 1
    for (size_t c = 0; c < row.size(); ++c)
      neg[c] = -row[c];
    neg.back() -= Int(1); // row <= -1
    bool isDifference = curIsDifference && difference::isDifferenceRow(row, nv);
    addPiece(pos, isDifference);
    bool holds = rowHolds;
    addPiece(neg, isDifference);
    if (!extendCur(row, /*equality=*/true, isDifference, holds && rowHolds))
      return pieces;
  }
  for (unsigned i = 0; i < t.numInequalities(); ++i) {
    std::vector<Int> tRow(t.inequality(i).begin(), t.inequality(i).end());
    if (std::find(defRows.begin(), defRows.end(), tRow) != defRows.end())
      continue;
    WorkBudget::charge(nc);
    std::vector<Int> row = mapRow(t.inequality(i), nc);
    std::vector<Int> neg(row.size());
    for (size_t c = 0; c < row.size(); ++c)
      neg[c] = -row[c];
    neg.back() -= Int(1); // row <= -1
    bool isDifference = curIsDifference && difference::isDifferenceRow(row, nv);
    addPiece(neg, isDifference);
    if (!extendCur(row, /*equality=*/false, isDifference, rowHolds))
      return pieces;
  }
  return pieces;
}

/// `t` as basic relations whose locals all have definitions.
std::vector<BasicRelation> withDefinedLocals(const BasicRelation &t) {
  BasicRelation copy = t;
  if (!copy.simplifyLocals())
    return {};
  if (copy.allLocalsDefined())
    return {copy};
  return copy.computeDivs();
}

} // namespace

Relation Relation::subtract(const Relation &other) const {
  WorkBudget::Operation op;
  Relation a = *this, b = other;
  checkSameTuples(a.space_, b.space_, "difference");
  presburger::alignParams(a, b);
  std::vector<BasicRelation> subtrahends;
  for (const BasicRelation &t : b.disjuncts_)
    for (BasicRelation &d : withDefinedLocals(t))
      if (!d.isObviouslyEmpty())
        subtrahends.push_back(std::move(d));
  Relation result(a.space_);
  for (const BasicRelation &s : a.disjuncts_) {
    std::vector<BasicRelation> pieces{s};
    for (const BasicRelation &t : subtrahends) {
      std::vector<BasicRelation> next;
      for (const BasicRelation &p : pieces) {
        std::vector<BasicRelation> sub = subtractBasic(p, t);
        for (BasicRelation &q : sub)
          next.push_back(std::move(q));
      }
      pieces = std::move(next);
      if (pieces.empty())
        break;
    }
    for (BasicRelation &p : pieces) {
      p.setSpace(a.space_);
      result.disjuncts_.push_back(std::move(p));
    }
  }
  return result;
}

Relation Relation::complement() const {
  return universe(space_).subtract(*this);
}

bool Relation::isEmpty() const {
  WorkBudget::Operation op;
  for (const BasicRelation &b : disjuncts_)
    if (!b.isEmpty())
      return false;
  return true;
}

bool Relation::isUniverse() const {
  WorkBudget::Operation op;
  return complement().isEmpty();
}

namespace {

/// For each local of `t`, the local of `s` with the same division
/// definition (numerators mapped through the locals matched before it);
/// nullopt when some local of t has no such twin. Both have the same
/// variables before their locals.
std::optional<std::vector<unsigned>> twinLocals(const BasicRelation &t,
                                                const BasicRelation &s) {
  unsigned lo = t.offset(VarKind::Local);
  std::vector<unsigned> twin;
  std::vector<Int> mapped(s.numCols());
  for (unsigned k = 0; k < t.numLocals(); ++k) {
    if (!t.hasDivDef(k))
      return std::nullopt;
    ConstRow num = t.divNumerator(k);
    std::fill(mapped.begin(), mapped.end(), Int(0));
    std::copy(num.begin(), num.begin() + lo, mapped.begin());
    mapped.back() = num.back();
    bool ok = true;
    for (unsigned j = 0; j < t.numLocals() && ok; ++j) {
      if (num[lo + j].isZero())
        continue;
      ok = j < k; // A definition uses earlier locals only.
      if (ok)
        mapped[lo + twin[j]] = num[lo + j];
    }
    if (!ok)
      return std::nullopt;
    int found = -1;
    for (unsigned m = 0; m < s.numLocals() && found < 0; ++m) {
      if (!s.hasDivDef(m) || s.divDenominator(m) != t.divDenominator(k))
        continue;
      ConstRow sn = s.divNumerator(m);
      if (std::equal(sn.begin(), sn.end(), mapped.begin(), mapped.end()))
        found = int(m);
    }
    if (found < 0)
      return std::nullopt;
    twin.push_back(unsigned(found));
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
  for (const BasicRelation &s : a.disjuncts()) {
    // Loop bounds and strides: exact integer minima on the constraint
    // graph; otherwise (or for a row of another shape) the rational
    // minimum on a tableau built on first need.
    std::optional<difference::IntegerOptima> graph =
        difference::IntegerOptima::of(s.equalities(), s.inequalities(),
                                      s.numVars());
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
    if (!graph && relaxation().isEmpty())
      continue;
    bool exactFailure = false; // Set by holdsOnS on a graph answer.
    auto holdsOnS = [&](ConstRow row) {
      if (graph)
        if (std::optional<Optimum> o = graph->minimum(row)) {
          bool holds = o->isBounded() && o->value >= Fraction(0);
          exactFailure = !holds;
          return holds;
        }
      exactFailure = false;
      return relaxation().isRedundantInequality(row);
    };
    unsigned lo = s.offset(VarKind::Local);
    std::vector<Int> row(s.numCols());
    bool inOne = false;
    for (const BasicRelation &t : b.disjuncts()) {
      std::optional<std::vector<unsigned>> twin = twinLocals(t, s);
      if (!twin)
        continue;
      auto widen = [&](ConstRow r, bool negate) { // t's columns to s's.
        std::fill(row.begin(), row.end(), Int(0));
        std::copy(r.begin(), r.begin() + lo, row.begin());
        for (unsigned j = 0; j < twin->size(); ++j)
          row[lo + (*twin)[j]] = r[lo + j];
        row.back() = r.back();
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
  if (space_.paramNames() == other.space_.paramNames())
    return decide(*this, other);
  Relation a = *this, b = other;
  presburger::alignParams(a, b);
  return decide(a, b);
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

std::optional<Point> Relation::samplePoint() const {
  WorkBudget::Operation op;
  for (const BasicRelation &b : disjuncts_) {
    std::optional<std::vector<Int>> p = b.findIntegerSample();
    if (!p)
      continue;
    p->resize(b.offset(VarKind::Local));
    return *p;
  }
  return std::nullopt;
}

bool Relation::containsPoint(const Point &point) const {
  WorkBudget::Operation op;
  if (point.size() != space_.offset(VarKind::Local))
    throw InvalidArgument("point has the wrong number of coordinates");
  for (const BasicRelation &b : disjuncts_) {
    // Fix the variables and ask whether the locals can be chosen.
    BasicRelation fixed = b;
    for (unsigned c = 0; c < point.size(); ++c) {
      std::vector<Int> eq(fixed.numCols());
      eq[c] = Int(1);
      eq.back() = -point[c];
      fixed.addEquality(eq);
    }
    if (!fixed.isEmpty())
      return true;
  }
  return false;
}

void Relation::removeEmptyDisjuncts() {
  std::vector<BasicRelation> kept;
  for (BasicRelation &b : disjuncts_)
    if (b.normalize() && !b.isEmpty())
      kept.push_back(std::move(b));
  disjuncts_ = std::move(kept);
}

} // namespace presburger
