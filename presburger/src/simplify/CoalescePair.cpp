//===- CoalescePair.cpp - Can two disjuncts be one? -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Coalescing after Verdoolaege, "Integer Set Coalescing" (IMPACT 2015); the
// case analysis follows the paper and isl's description of it, written anew
// for this engine. See docs/algorithms/coalesce.md.
//
// Every constraint of one basic relation is classified against the rational
// relaxation of the other: valid (implied), separate (no point satisfies
// it), cut (some points do), adjacent to an equality (the other lies on the
// hyperplane just outside), or adjacent to an inequality (the other has the
// opposite facet just outside). The classification selects a case; each
// case builds the candidate basic relation and checks the conditions under
// which it holds exactly the integer points of the union. Candidates that
// rest on a geometric argument beyond the two simplest cases are in
// addition verified exactly (candidate minus the two pieces is empty)
// before they replace the pair, so a result is never an approximation.
//
//===----------------------------------------------------------------------===//
#include "simplify/CoalescePair.h"
#include "basic/DisjunctPreparation.h"
#include "basic/Divisions.h"
#include "basic/RowAccess.h"
#include "basic/VariableBox.h"
#include "core/Rows.h"
#include "relation/Subset.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/LinearAlgebra.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <optional>

namespace presburger {

namespace {

using Vec = std::vector<Int>;

//===----------------------------------------------------------------------===//
// Constraint classification.
//===----------------------------------------------------------------------===//

enum class Status { Valid, Separate, Cut, AdjEq, AdjIneq };

/// One basic relation of the pair, with its tableau and the status of each
/// of its constraints with respect to the other one.
struct Side {
  /// The disjunct; the caller of coalescePair keeps it alive.
  const BasicRelation &rel;
  /// Two entries per equality e: [2k] for e >= 0, [2k + 1] for -e >= 0.
  std::vector<Status> eq;
  std::vector<Status> ineq;

  /// Shortest paths when `rel` is a difference system: optima of
  /// difference rows without the tableau. Points to the owner's or to
  /// ownGraph_.
  const std::optional<difference::Distances> *graph = &ownGraph_;

  /// `cache`: what the owner of `r` keeps for it (PairSideCache).
  Side(const BasicRelation &r, PairSideCache cache)
      : rel(r), shared_(cache.tableau) {
    if (cache.graph)
      graph = cache.graph;
    else if (rel.numLocals() == 0)
      ownGraph_ = difference::Distances::of(rel.equalities(),
                                            rel.inequalities(), rel.numVars());
  }
  Side(const Side &) = delete;
  Side &operator=(const Side &) = delete;
  /// A shared tableau is handed back describing what it did on arrival.
  ~Side() {
    if (snapshotTaken_)
      (*shared_)->rollback(snapshot_);
  }

  /// The tableau of `rel`: the owner's (built into its slot if empty), or
  /// one of its own, built on first use (the graph often answers).
  Simplex &tab() {
    if (shared_) {
      if (!*shared_)
        shared_->emplace(tableauOf(rel));
      if (!snapshotTaken_) {
        snapshot_ = (*shared_)->getSnapshot();
        snapshotTaken_ = true;
      }
      return **shared_;
    }
    if (!tab_)
      tab_.emplace(tableauOf(rel));
    return *tab_;
  }
  /// Rational emptiness (a system with a graph is not empty).
  bool isEmpty() { return !*graph && tab().isEmpty(); }
  /// The rational optimum of `row` over `rel`: read off the shortest
  /// paths (a difference row) or the bounds of a box (any row: a tile's
  /// tail beside its full tiles) where they answer, else one LP.
  Optimum optimum(ConstRow row, bool maximize) {
    if (std::optional<Optimum> o = optimumWithoutTableau(row, maximize))
      return *o;
    return tab().computeOptimum(row, maximize);
  }
  /// Whether `row` >= 0 holds on every rational point of `rel`: off the
  /// paths or the box where they answer, else one LP on the tableau
  /// (which stops once the row goes negative).
  bool implies(ConstRow row) {
    if (std::optional<Optimum> o = optimumWithoutTableau(row, false))
      return o->isBounded() && o->value.sign() >= 0;
    return tab().isRedundantInequality(row);
  }
  /// The optimum of `row` from the shortest paths (a difference row) or
  /// the bounds of a box (any row), or nullopt when neither answers.
  std::optional<Optimum> optimumWithoutTableau(ConstRow row, bool maximize) {
    if (*graph)
      if (std::optional<Optimum> o = (*graph)->optimum(row, maximize))
        return o;
    if (const VariableBox *b = box())
      return b->rationalOptimum(row, maximize);
    return std::nullopt;
  }
  /// The box of `rel` when it is one (found on first use), else null.
  const VariableBox *box() {
    if (!boxChecked_) {
      boxChecked_ = true;
      box_ = VariableBox::of(rel);
    }
    return box_ ? &*box_ : nullptr;
  }

  /// Whether the affine function `row` vanishes on every rational point of
  /// `rel`. When the graph shows that no inequality is an implicit
  /// equality, the affine hull of `rel` is that of its equalities, and the
  /// answer is whether `row` lies in their span (a rank test); otherwise
  /// one LP pair on the tableau.
  bool vanishes(ConstRow row) {
    if (!hullIsEqualities_) {
      hullIsEqualities_ = bool(*graph);
      for (unsigned i = 0; i < numIneq() && *hullIsEqualities_; ++i) {
        std::optional<Optimum> mx =
            (*graph)->optimum(rel.inequality(i), /*maximize=*/true);
        hullIsEqualities_ = mx && (!mx->isBounded() || mx->value.sign() > 0);
      }
      if (*hullIsEqualities_)
        eqRank_ = columnEchelon(rel.equalities()).rank;
    }
    if (!*hullIsEqualities_)
      return tab().isRedundantEquality(row);
    WorkBudget::charge(numEq() + 1);
    Matrix m = rel.equalities();
    m.appendRow(row);
    return columnEchelon(m).rank == eqRank_;
  }

  unsigned numEq() const { return rel.numEqualities(); }
  unsigned numIneq() const { return rel.numInequalities(); }
  /// Equality direction d (see `eq`) as an inequality row.
  Vec eqDir(unsigned d) const {
    ConstRow r = rel.equality(d / 2);
    return d % 2 == 0 ? toVector(r) : negated(r);
  }
  /// Index of inequality `i` among the tableau's constraints.
  unsigned ineqIndex(unsigned i) const { return 2 * numEq() + i; }

private:
  std::optional<difference::Distances> ownGraph_;
  /// For vanishes(): whether the affine hull is that of the equalities,
  /// and their rank.
  std::optional<bool> hullIsEqualities_;
  unsigned eqRank_ = 0;
  std::optional<VariableBox> box_;
  bool boxChecked_ = false;
  std::optional<Simplex> tab_;
  std::optional<Simplex> *shared_ = nullptr;
  unsigned snapshot_ = 0;
  bool snapshotTaken_ = false;
};

bool anyOf(const std::vector<Status> &v, Status s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
unsigned countOf(const std::vector<Status> &v, Status s) {
  return unsigned(std::count(v.begin(), v.end(), s));
}
bool allOf(const std::vector<Status> &v, Status s) {
  return std::all_of(v.begin(), v.end(), [&](Status x) { return x == s; });
}
int findOf(const std::vector<Status> &v, Status s) {
  auto it = std::find(v.begin(), v.end(), s);
  return it == v.end() ? -1 : int(it - v.begin());
}

/// The status of c(x) >= 0 with respect to `other`. Sets `looseHint` when
/// c separates the pieces only by a fractional amount (a sign that the
/// rational relaxation of `other` is not tight over the integers).
Status classify(const Vec &c, Side &other, bool &looseHint) {
  WorkBudget::charge(other.rel.numConstraints() + 1);
  Optimum mn = other.optimum(c, /*maximize=*/false);
  if (mn.isBounded() && mn.value.sign() >= 0)
    return Status::Valid;
  Optimum mx = other.optimum(c, /*maximize=*/true);
  if (!mx.isBounded() || mx.value.sign() >= 0)
    return Status::Cut;
  if (mx.value != Fraction(Int(-1))) {
    if (!mx.value.isInteger())
      looseHint = true;
    return Status::Separate;
  }
  if (mn.isBounded() && mn.value == Fraction(Int(-1)))
    return Status::AdjEq;
  // Adjacent to an inequality t >= 0 of `other`: c + 1 + t vanishes on the
  // affine hull of `other` (syntactically when `other` has no equalities).
  for (unsigned i = 0; i < other.numIneq(); ++i) {
    ConstRow r = other.rel.inequality(i);
    bool opposite = true;
    for (size_t k = 0; k + 1 < r.size() && opposite; ++k)
      opposite = c[k] == -r[k];
    if (opposite && c.back() + Int(1) + r.back() == Int(0))
      return Status::AdjIneq;
  }
  if (other.numEq() > 0) {
    for (unsigned i = 0; i < other.numIneq(); ++i) {
      ConstRow r = other.rel.inequality(i);
      Vec sum(c.size());
      for (size_t k = 0; k < c.size(); ++k)
        sum[k] = c[k] + r[k];
      sum.back() += Int(1);
      if (other.vanishes(sum))
        return Status::AdjIneq;
    }
  }
  return Status::Separate;
}

/// Whether every constraint of `s` holds on every rational point of `tab`.
bool containsAll(const Side &s, Simplex &tab) {
  if (tab.isEmpty())
    return true;
  for (unsigned d = 0; d < 2 * s.numEq(); ++d)
    if (!tab.isRedundantInequality(s.eqDir(d)))
      return false;
  for (unsigned i = 0; i < s.numIneq(); ++i)
    if (!tab.isRedundantInequality(s.rel.inequality(i)))
      return false;
  return true;
}

/// Whether every constraint of `c` (over the columns of `s.rel`) holds on
/// every rational point of `s.rel`. One LP per constraint on the side's
/// tableau, which is left as it was.
bool rationallyInside(Side &s, const BasicRelation &c) {
  if (c.numCols() != s.rel.numCols())
    return false;
  WorkBudget::charge(c.numConstraints() + 1);
  for (unsigned k = 0; k < c.numEqualities(); ++k)
    if (!s.implies(c.equality(k)) || !s.implies(negated(c.equality(k))))
      return false;
  for (unsigned k = 0; k < c.numInequalities(); ++k)
    if (!s.implies(c.inequality(k)))
      return false;
  return true;
}

/// The constraint ridge + lambda * bound with the smallest lambda >= 0 that
/// holds on `set` (bound > 0 on `set`): `ridge` rotated around its
/// intersection with bound = 0 until it touches `set`. A linear-fractional
/// program, solved as an LP over the homogenized cone of `set`
/// (Charnes-Cooper). nullopt when no such lambda exists.
std::optional<Vec> wrapConstraint(const BasicRelation &set, ConstRow bound,
                                  ConstRow ridge) {
  unsigned n = set.numVars();
  WorkBudget::charge(set.numConstraints() * (n + 2));
  // Variables (y, t): y = t x, t = 1 / bound(x).
  Simplex s(n + 1);
  auto homog = [&](ConstRow r) {
    Vec h(n + 2);
    for (unsigned c = 0; c < n; ++c)
      h[c] = r[c];
    h[n] = r[n];
    return h;
  };
  for (unsigned i = 0; i < set.numEqualities() && !s.isEmpty(); ++i)
    s.addEquality(homog(set.equality(i)));
  for (unsigned i = 0; i < set.numInequalities() && !s.isEmpty(); ++i)
    s.addInequality(homog(set.inequality(i)));
  Vec t(n + 2);
  t[n] = Int(1);
  s.addInequality(t);
  Vec b = homog(bound);
  b.back() = Int(-1);
  s.addEquality(b);
  if (s.isEmpty())
    return std::nullopt;
  Vec obj = homog(ridge);
  for (Int &v : obj)
    v.negate();
  Optimum opt = s.computeOptimum(obj, /*maximize=*/true);
  if (!opt.isBounded())
    return std::nullopt;
  // lambda = num / den: den * ridge + num * bound.
  const Int &num = opt.value.num(), &den = opt.value.den();
  if (num.isNegative())
    return std::nullopt; // ridge already holds on set (not called for that).
  Vec out(n + 1);
  for (unsigned c = 0; c <= n; ++c)
    out[c] = den * ridge[c] + num * bound[c];
  scaleDownRow(Row(out));
  return out;
}

//===----------------------------------------------------------------------===//
// One pair.
//===----------------------------------------------------------------------===//

struct Wraps {
  std::vector<Vec> rows;
  Int maxCoef; // Bound on wrapped coefficients (as isl's bounded wrapping).
};

class PairCoalescer {
public:
  /// `a` and `b` are `origA` and `origB` over one common list of locals.
  PairCoalescer(const BasicRelation &origA, const BasicRelation &origB,
                const BasicRelation &a, const BasicRelation &b,
                PairSideCache cacheA, PairSideCache cacheB)
      : origA_(origA), origB_(origB), s_{Side(a, cacheA), Side(b, cacheB)} {}

  using Change = PairChange;
  Change run();
  /// After run() found nothing: whether a tighter form of the pieces might
  /// (see classify), or the pieces were close enough to try the fallback.
  bool looseHint() const { return looseHint_; }
  Change dispatch();
  BasicRelation takeFused() { return std::move(*fused_); }

private:
  const BasicRelation &origA_, &origB_;
  Side s_[2];
  std::optional<BasicRelation> fused_;
  bool looseHint_ = false;

  bool computeIneqStatus(unsigned i);
  void computeEqStatus(unsigned i);
  /// The basic relation of the valid constraints of both sides and
  /// `extra`, when it is their union (`proven`, or verified exactly).
  /// `verifyFirst`: the candidate will likely fail (see fuseRelation).
  Change fuse(unsigned i, unsigned j, const std::vector<Vec> &extra,
              bool proven, bool checkNumber = false, bool verifyFirst = false);
  Change fuseRelation(BasicRelation c, bool proven, bool verifyFirst = false);
  bool verify(const BasicRelation &c);
  void setCommonDivs(BasicRelation &c, unsigned i, unsigned j);

  Change checkFacets(unsigned i, unsigned j);
  Change checkAdjIneq(unsigned i, unsigned j);
  Change isAdjIneqExtension(unsigned i, unsigned j);
  Change checkAdjEq(unsigned i, unsigned j);
  Change checkSingleAdjEq(unsigned i, unsigned j);
  Change isRelaxedExtension(unsigned i, unsigned j,
                            const std::vector<unsigned> &relax);
  Change canWrapInFacet(unsigned i, unsigned j, unsigned k, bool wrapFacet);
  Change checkEqAdjEq(unsigned i, unsigned j);
  Change canWrapInSet(unsigned i, unsigned j);
  Change wrapInFacets(unsigned i, unsigned j);
  Change separatingEquality(unsigned i, unsigned j);

  Wraps initWraps() const;
  bool addWraps(Wraps &w, unsigned side, ConstRow bound,
                const BasicRelation &set, const Simplex *redundancy);
  bool allowed(const Wraps &w, const Vec &row) const;
};

bool PairCoalescer::computeIneqStatus(unsigned i) {
  Side &me = s_[i], &other = s_[1 - i];
  me.ineq.assign(me.numIneq(), Status::Valid);
  for (unsigned k = 0; k < me.numIneq(); ++k) {
    me.ineq[k] = classify(toVector(me.rel.inequality(k)), other, looseHint_);
    if (me.ineq[k] == Status::Separate)
      return false;
  }
  return true;
}

void PairCoalescer::computeEqStatus(unsigned i) {
  Side &me = s_[i], &other = s_[1 - i];
  me.eq.assign(2 * me.numEq(), Status::Valid);
  for (unsigned d = 0; d < 2 * me.numEq(); ++d)
    me.eq[d] = classify(me.eqDir(d), other, looseHint_);
}

bool PairCoalescer::verify(const BasicRelation &c) {
  // c lies in the union, and (by construction, checked anyway) both pieces
  // lie in c: first on the pieces' tableaux (every constraint of c holds on
  // the rational points of the working form, whose integer points project
  // onto the piece's), exactly only when that fails.
  if (!coveredByPieces(c, {&origA_, &origB_}))
    return false;
  for (unsigned side : {0u, 1u})
    if (!rationallyInside(s_[side], c) &&
        !coveredByPieces(side == 0 ? origA_ : origB_, {&c}))
      return false;
  return true;
}

void PairCoalescer::setCommonDivs(BasicRelation &c, unsigned i, unsigned j) {
  const BasicRelation &a = s_[i].rel, &b = s_[j].rel;
  unsigned lo = c.offset(VarKind::Local);
  for (unsigned k = 0; k < c.numLocals(); ++k) {
    if (!sameDivision(a, k, b, k))
      continue;
    // When both pieces satisfy q = floor(num / den), every integer point of
    // their union does: the defining constraints keep the points. A
    // definition is only a record; rely on it only where the constraints of
    // each piece imply it.
    auto [lower, upper] =
        definingRows(a.divNumerator(k), a.divDenominator(k), lo + k);
    bool enforced = true;
    for (unsigned side : {i, j})
      enforced = enforced && s_[side].implies(lower) && s_[side].implies(upper);
    if (!enforced)
      continue;
    c.addInequality(lower);
    c.addInequality(upper);
    c.setDivDef(k, a.divNumerator(k), a.divDenominator(k));
  }
}

PairCoalescer::Change PairCoalescer::fuseRelation(BasicRelation c, bool proven,
                                                  bool verifyFirst) {
  // The fallback of run() tries every pair that no case fused, and most of
  // its candidates fail: they are verified as built (the same points) and
  // only one that passes is simplified. The candidates of the cases mostly
  // pass, and their redundant rows (wraps) would make the exact check
  // split more: they are simplified first.
  if (verifyFirst && !verify(c))
    return Change::None;
  if (!simplifyPiece(c))
    return Change::None;
  if (!proven && !verifyFirst && !verify(c))
    return Change::None;
  fused_ = std::move(c);
  return Change::Fuse;
}

PairCoalescer::Change PairCoalescer::fuse(unsigned i, unsigned j,
                                          const std::vector<Vec> &extra,
                                          bool proven, bool checkNumber,
                                          bool verifyFirst) {
  const Side &a = s_[i], &b = s_[j];
  BasicRelation c(a.rel.space());
  c.insertVars(VarKind::Local, 0, a.rel.numLocals());
  for (const Side *s : {&a, &b}) {
    for (unsigned k = 0; k < s->numEq(); ++k) {
      bool pos = s->eq[2 * k] == Status::Valid;
      bool neg = s->eq[2 * k + 1] == Status::Valid;
      if (pos && neg)
        c.addEquality(s->rel.equality(k));
      else if (pos || neg)
        c.addInequality(s->eqDir(2 * k + (pos ? 0 : 1)));
    }
    for (unsigned k = 0; k < s->numIneq(); ++k)
      if (s->ineq[k] == Status::Valid)
        c.addInequality(s->rel.inequality(k));
  }
  for (const Vec &r : extra)
    c.addInequality(r);
  setCommonDivs(c, i, j);
  if (checkNumber) {
    BasicRelation probe = c;
    if (!simplifyPiece(probe))
      return Change::None;
    unsigned before = 2 * (a.numEq() + b.numEq()) + a.numIneq() + b.numIneq();
    unsigned after = 2 * probe.numEqualities() + probe.numInequalities();
    if (after > before)
      return Change::None;
  }
  return fuseRelation(std::move(c), proven, verifyFirst && !proven);
}

// Case: all constraints valid or cut, no equality cut. When every cut facet
// of i lies inside j (every cut constraint of j holds on it), the valid
// constraints of both describe the union.
PairCoalescer::Change PairCoalescer::checkFacets(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  for (unsigned k = 0; k < a.numIneq(); ++k) {
    if (a.ineq[k] != Status::Cut)
      continue;
    unsigned snap = a.tab().getSnapshot();
    a.tab().addEquality(a.rel.inequality(k));
    bool inside = true;
    for (unsigned l = 0; l < b.numIneq() && inside; ++l)
      if (b.ineq[l] == Status::Cut &&
          !a.tab().isRedundantInequality(b.rel.inequality(l)))
        inside = false;
    a.tab().rollback(snap);
    if (!inside)
      return Change::None;
  }
  return fuse(i, j, {}, /*proven=*/false);
}

// Case: i has a single inequality adjacent to an inequality of j and all
// its other constraints valid; j has cut constraints. Replacing the
// adjacent inequality f >= 0 by f <= -1 and adding the valid inequalities
// of j gives the part of the candidate outside i: if it lies in j, the
// valid constraints of both describe the union.
PairCoalescer::Change PairCoalescer::isAdjIneqExtension(unsigned i,
                                                        unsigned j) {
  Side &a = s_[i], &b = s_[j];
  int k = findOf(a.ineq, Status::AdjIneq);
  if (k < 0)
    return Change::None;
  BasicRelation r = a.rel;
  r.removeInequality(unsigned(k));
  Vec opposite = negated(a.rel.inequality(unsigned(k)));
  opposite.back() -= Int(1);
  r.addInequality(opposite);
  for (unsigned l = 0; l < b.numIneq(); ++l)
    if (b.ineq[l] == Status::Valid)
      r.addInequality(b.rel.inequality(l));
  Simplex t = tableauOf(r);
  if (!t.isEmpty()) {
    // Fix variables that take a single integer value (the test is about
    // integer points); no integer value at all means nothing sticks out.
    for (unsigned v = 0; v < r.numVars(); ++v) {
      Optimum lo = t.computeVarOptimum(v, false);
      if (!lo.isBounded())
        continue;
      Optimum hi = t.computeVarOptimum(v, true);
      if (!hi.isBounded())
        continue;
      Int l = lo.value.ceil(), h = hi.value.floor();
      if (l > h)
        return fuse(i, j, {}, false);
      if (l == h && !(lo.value == hi.value)) {
        Vec eq(r.numCols());
        eq[v] = Int(1);
        eq.back() = -l;
        t.addEquality(eq);
      }
    }
  }
  if (!containsAll(b, t))
    return Change::None;
  return fuse(i, j, {}, /*proven=*/false);
}

// Case: a pair of adjacent inequalities.
PairCoalescer::Change PairCoalescer::checkAdjIneq(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  unsigned countI = countOf(a.ineq, Status::AdjIneq);
  unsigned countJ = countOf(b.ineq, Status::AdjIneq);
  if (countI != 1 && countJ != 1)
    return Change::None;
  bool cutI = anyOf(a.eq, Status::Cut) || anyOf(a.ineq, Status::Cut);
  bool cutJ = anyOf(b.eq, Status::Cut) || anyOf(b.ineq, Status::Cut);
  // A single pair of adjacent facets f >= 0 and g >= 0 and nothing else
  // sticking out: a point of the candidate with f >= 0 satisfies every
  // constraint of i, one with g >= 0 every constraint of j, and when
  // g = -f - 1 the rest lie strictly between two adjacent hyperplanes,
  // where there is no integer point. When the adjacency only holds on the
  // affine hull of one piece (classify's second test), that hull need not
  // be the candidate's: check the candidate exactly.
  if (!cutI && !cutJ && countI == 1 && countJ == 1) {
    ConstRow f = a.rel.inequality(unsigned(findOf(a.ineq, Status::AdjIneq)));
    ConstRow g = b.rel.inequality(unsigned(findOf(b.ineq, Status::AdjIneq)));
    bool opposite = f.back() + g.back() + Int(1) == Int(0);
    for (size_t c = 0; c + 1 < f.size() && opposite; ++c)
      opposite = f[c] == -g[c];
    return fuse(i, j, {}, /*proven=*/opposite);
  }
  if (countI == 1 && !cutI) {
    Change c = isAdjIneqExtension(i, j);
    if (c != Change::None)
      return c;
  }
  if (countJ == 1 && !cutJ)
    return isAdjIneqExtension(j, i);
  return Change::None;
}

Wraps PairCoalescer::initWraps() const {
  Wraps w;
  w.maxCoef = Int(0);
  for (const Side &s : s_) {
    auto update = [&](ConstRow r) {
      for (size_t c = 0; c + 1 < r.size(); ++c)
        if (abs(r[c]) > w.maxCoef)
          w.maxCoef = abs(r[c]);
    };
    for (unsigned k = 0; k < s.numEq(); ++k)
      if (s.eq.empty() || s.eq[2 * k] != Status::Valid ||
          s.eq[2 * k + 1] != Status::Valid)
        update(s.rel.equality(k));
    for (unsigned k = 0; k < s.numIneq(); ++k)
      if (s.ineq[k] != Status::Valid)
        update(s.rel.inequality(k));
  }
  return w;
}

bool PairCoalescer::allowed(const Wraps &w, const Vec &row) const {
  for (size_t c = 0; c + 1 < row.size(); ++c)
    if (abs(row[c]) > w.maxCoef)
      return false;
  return true;
}

// Wraps every constraint of side `side` that is not valid for the other
// piece (and not redundant in `redundancy`, when given) around `bound` so
// that it includes `set`. False when some wrap fails.
bool PairCoalescer::addWraps(Wraps &w, unsigned side, ConstRow bound,
                             const BasicRelation &set,
                             const Simplex *redundancy) {
  const Side &s = s_[side];
  auto wrapOne = [&](ConstRow r) {
    std::optional<Vec> out = wrapConstraint(set, bound, r);
    if (!out || sameRow(ConstRow(*out), bound) || !allowed(w, *out))
      return false;
    w.rows.push_back(std::move(*out));
    return true;
  };
  for (unsigned l = 0; l < s.numIneq(); ++l) {
    if (s.ineq[l] == Status::Valid)
      continue;
    ConstRow r = s.rel.inequality(l);
    if (isNegation(bound, r) || sameRow(bound, r))
      continue;
    if (redundancy && redundancy->isMarkedRedundant(s.ineqIndex(l)))
      continue;
    if (!wrapOne(r))
      return false;
  }
  for (unsigned l = 0; l < s.numEq(); ++l) {
    ConstRow r = s.rel.equality(l);
    if (isNegation(bound, r) || sameRow(bound, r))
      continue;
    for (unsigned m = 0; m < 2; ++m) {
      if (s.eq[2 * l + m] == Status::Valid)
        continue;
      Vec dir = s.eqDir(2 * l + m);
      if (!wrapOne(ConstRow(dir)))
        return false;
    }
  }
  return true;
}

// Case: inequality k of i is adjacent to an equality of j (j lies on the
// hyperplane f_k = -1). Wrap the constraints of j around f_k + 1 = 0 to
// include i, and, when i has cut constraints, those of the facet f_k = 0 of
// i around it to include j.
PairCoalescer::Change PairCoalescer::canWrapInFacet(unsigned i, unsigned j,
                                                    unsigned k,
                                                    bool wrapFacet) {
  Side &a = s_[i];
  Vec bound = shifted(a.rel.inequality(k), 1);
  Wraps w = initWraps();
  w.rows.push_back(bound);
  if (!addWraps(w, j, bound, a.rel, nullptr))
    return Change::None;
  if (wrapFacet) {
    unsigned snap = a.tab().getSnapshot();
    a.tab().addEquality(a.rel.inequality(k));
    a.tab().detectRedundant(a.ineqIndex(0), a.ineqIndex(a.numIneq()));
    Vec bound2 = negated(a.rel.inequality(k));
    size_t first = w.rows.size();
    bool ok = addWraps(w, i, bound2, s_[j].rel, &a.tab());
    a.tab().rollback(snap);
    if (!ok)
      return Change::None;
    for (size_t r = first; r < w.rows.size(); ++r)
      if (!a.tab().isRedundantInequality(w.rows[r]))
        return Change::None;
  }
  return fuse(i, j, w.rows, /*proven=*/false);
}

// Case: the pieces lie on adjacent parallel hyperplanes (an equality of i
// is adjacent to an equality of j). Wrap both around the hyperplanes.
PairCoalescer::Change PairCoalescer::checkEqAdjEq(unsigned i, unsigned j) {
  Side &a = s_[i];
  int k = findOf(a.eq, Status::AdjEq);
  if (k < 0)
    return Change::None;
  Vec dir = a.eqDir(unsigned(k));
  Vec bound = shifted(ConstRow(dir), 1);
  Wraps w = initWraps();
  w.rows.push_back(bound);
  if (!addWraps(w, j, bound, a.rel, nullptr))
    return Change::None;
  Vec bound2 = negated(ConstRow(dir));
  w.rows.push_back(bound2);
  if (!addWraps(w, i, bound2, s_[j].rel, nullptr))
    return Change::None;
  return fuse(i, j, w.rows, /*proven=*/false);
}

// Relax the inequalities `relax` of i by one; if each relaxed facet
// (f + 1 = 0, tightened over the integers) lies in j, the relaxed i is the
// union.
PairCoalescer::Change
PairCoalescer::isRelaxedExtension(unsigned i, unsigned j,
                                  const std::vector<unsigned> &relax) {
  Side &a = s_[i];
  BasicRelation r = a.rel;
  for (unsigned l : relax)
    mutableInequalities(r).at(l, r.numVars()) += Int(1);
  Simplex t = tableauOf(r);
  for (unsigned l : relax) {
    unsigned snap = t.getSnapshot();
    unsigned idx = 2 * r.numEqualities() + l;
    t.detectRedundant(idx, idx + 1);
    bool redundant = t.isMarkedRedundant(idx);
    t.rollback(snap);
    if (redundant)
      return Change::None;
  }
  for (unsigned l : relax) {
    BasicRelation facet = r;
    facet.addEquality(r.inequality(l));
    if (!facet.normalize() || !reduceCoefficients(facet))
      continue; // No integer point on this facet.
    Simplex f = tableauOf(facet);
    if (!containsAll(s_[j], f))
      return Change::None;
  }
  BasicRelation c = r;
  for (unsigned k = 0; k < c.numLocals(); ++k)
    c.setDivDef(k, {}, Int(0));
  setCommonDivs(c, i, j);
  return fuseRelation(std::move(c), /*proven=*/false);
}

PairCoalescer::Change PairCoalescer::checkSingleAdjEq(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  int k = findOf(a.ineq, Status::AdjEq);
  if (k < 0)
    return Change::None;
  std::vector<unsigned> relax{unsigned(k)};
  bool tryRelax = true;
  bool anyCut = false;
  for (unsigned l = 0; l < a.numIneq(); ++l) {
    if (a.ineq[l] != Status::Cut)
      continue;
    anyCut = true;
    if (tryRelax && !b.implies(shifted(a.rel.inequality(l), 1)))
      tryRelax = false;
    relax.push_back(l);
  }
  if (tryRelax) {
    Change c = isRelaxedExtension(i, j, relax);
    if (c != Change::None)
      return c;
  }
  return canWrapInFacet(i, j, unsigned(k), anyCut);
}

// At least one equality is adjacent to an inequality of the other piece.
PairCoalescer::Change PairCoalescer::checkAdjEq(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  if (anyOf(a.eq, Status::AdjIneq) && anyOf(b.eq, Status::AdjIneq))
    return Change::None;
  if (anyOf(a.eq, Status::AdjIneq))
    return checkAdjEq(j, i);
  // j has an equality adjacent to an inequality of i.
  if (countOf(a.ineq, Status::AdjEq) != 1) {
    auto validOrCut = [](Status s) {
      return s == Status::Valid || s == Status::Cut;
    };
    if (std::all_of(a.eq.begin(), a.eq.end(), validOrCut) &&
        std::all_of(a.ineq.begin(), a.ineq.end(), validOrCut))
      return canWrapInSet(i, j);
    return Change::None;
  }
  if (anyOf(a.eq, Status::Cut))
    return Change::None;
  if (anyOf(b.ineq, Status::AdjEq) || anyOf(a.ineq, Status::AdjIneq) ||
      anyOf(b.ineq, Status::AdjIneq))
    return Change::None;
  return checkSingleAdjEq(i, j);
}

// For each cut constraint t of i (which j passes by at most one), add the
// relaxed t + 1 >= 0 and wrap the constraints of j bounding its part on
// t = -1 around it to include i.
PairCoalescer::Change PairCoalescer::wrapInFacets(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  Wraps w = initWraps();
  auto handle = [&](const Vec &t) {
    Vec relaxed = shifted(ConstRow(t), 1);
    unsigned snap = b.tab().getSnapshot();
    b.tab().addEquality(relaxed);
    bool ok = true;
    if (b.tab().isEmpty()) {
      w.rows.push_back(t); // t >= 0 holds on the integer points of j.
    } else {
      b.tab().detectRedundant(b.ineqIndex(0), b.ineqIndex(b.numIneq()));
      w.rows.push_back(relaxed);
      ok = addWraps(w, j, relaxed, a.rel, &b.tab());
    }
    b.tab().rollback(snap);
    return ok;
  };
  for (unsigned d = 0; d < a.eq.size(); ++d)
    if (a.eq[d] == Status::Cut && !handle(a.eqDir(d)))
      return Change::None;
  for (unsigned k = 0; k < a.numIneq(); ++k)
    if (a.ineq[k] == Status::Cut && !handle(toVector(a.rel.inequality(k))))
      return Change::None;
  return fuse(i, j, w.rows, /*proven=*/false, /*checkNumber=*/true);
}

// Case: j sticks out of i by at most one at each cut constraint of i.
PairCoalescer::Change PairCoalescer::canWrapInSet(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  unsigned n = countOf(a.eq, Status::Cut) + countOf(a.ineq, Status::Cut);
  if (n == 0)
    return Change::None;
  for (unsigned d = 0; d < a.eq.size(); ++d)
    if (a.eq[d] == Status::Cut && !b.implies(shifted(ConstRow(a.eqDir(d)), 1)))
      return Change::None;
  for (unsigned k = 0; k < a.numIneq(); ++k)
    if (a.ineq[k] == Status::Cut && !b.implies(shifted(a.rel.inequality(k), 1)))
      return Change::None;
  return wrapInFacets(i, j);
}

// An equality of i separates it from j: j may still extend i across it.
PairCoalescer::Change PairCoalescer::separatingEquality(unsigned i,
                                                        unsigned j) {
  Side &b = s_[j];
  if (!allOf(b.eq, Status::Valid))
    return Change::None;
  unsigned adj = 0;
  for (Status s : b.ineq) {
    if (s == Status::Valid)
      continue;
    if (s != Status::AdjIneq)
      return Change::None;
    ++adj;
  }
  if (adj != 1)
    return Change::None;
  return isAdjIneqExtension(j, i);
}

PairCoalescer::Change PairCoalescer::run() {
  if (s_[0].isEmpty())
    return Change::DropFirst;
  if (s_[1].isEmpty())
    return Change::DropSecond;
  if (!computeIneqStatus(0) || !computeIneqStatus(1))
    return Change::None;
  computeEqStatus(0);
  computeEqStatus(1);
  Change c = dispatch();
  if (c != Change::None)
    return c;
  // The cases above prove exactness geometrically and miss some unions
  // that are one basic relation (when the equalities of a piece are written
  // in a basis that hides an adjacency, or when an earlier fusion took a
  // piece that a later one needed). The valid constraints of both always
  // describe a superset of the union; keep it when it is exact.
  looseHint_ = true;
  return fuse(0, 1, {}, /*proven=*/false, /*checkNumber=*/false,
              /*verifyFirst=*/true);
}

PairCoalescer::Change PairCoalescer::dispatch() {
  Side &a = s_[0], &b = s_[1];
  if (anyOf(a.eq, Status::Separate))
    return separatingEquality(0, 1);
  if (anyOf(b.eq, Status::Separate))
    return separatingEquality(1, 0);
  if (allOf(a.eq, Status::Valid) && allOf(a.ineq, Status::Valid))
    return Change::DropSecond;
  if (allOf(b.eq, Status::Valid) && allOf(b.ineq, Status::Valid))
    return Change::DropFirst;
  if (anyOf(a.eq, Status::AdjEq))
    return checkEqAdjEq(0, 1);
  if (anyOf(b.eq, Status::AdjEq))
    return checkEqAdjEq(1, 0);
  if (anyOf(a.eq, Status::AdjIneq) || anyOf(b.eq, Status::AdjIneq))
    return checkAdjEq(0, 1);
  if (anyOf(a.ineq, Status::AdjEq) || anyOf(b.ineq, Status::AdjEq))
    return Change::None; // An inequality next to an equality that is not
                         // one of the pair's: cannot happen after the above.
  if (anyOf(a.ineq, Status::AdjIneq) || anyOf(b.ineq, Status::AdjIneq))
    return checkAdjIneq(0, 1);
  Change c = Change::None;
  if (!anyOf(a.eq, Status::Cut) && !anyOf(b.eq, Status::Cut))
    c = checkFacets(0, 1);
  if (c == Change::None)
    c = canWrapInSet(0, 1);
  if (c == Change::None)
    c = canWrapInSet(1, 0);
  return c;
}

} // namespace

PairOutcome coalescePair(const BasicRelation &origA, const BasicRelation &origB,
                         const BasicRelation &a, const BasicRelation &b,
                         PairSideCache cacheA, PairSideCache cacheB) {
  PairCoalescer pc(origA, origB, a, b, cacheA, cacheB);
  PairOutcome out;
  out.change = pc.run();
  if (out.change == PairChange::Fuse)
    out.fused = pc.takeFused();
  out.looseHint = pc.looseHint();
  return out;
}

} // namespace presburger
