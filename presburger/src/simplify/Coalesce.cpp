//===- Coalesce.cpp - Fewer disjuncts, the same points --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The driver of Relation::coalesce: the disjuncts are simplified
// (DisjunctPreparation.h), the split polyhedra among them fused
// syntactically (FuseCuts.h), and then every pair is tested, as isl does,
// each piece from the last to the first against every later one; a pair
// that is one basic relation (CoalescePair.h) is replaced by it. See
// docs/algorithms/coalesce.md.
//
//===----------------------------------------------------------------------===//
#include "basic/DisjunctPreparation.h"
#include "basic/Divisions.h"
#include "basic/FuseCuts.h"
#include "core/Rows.h"
#include "relation/Subset.h"
#include "simplify/CoalescePair.h"
#include "simplify/CoalesceWithinBudget.h"
#include "solve/DifferenceConstraints.h"

#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <optional>

namespace presburger {

namespace {

using Vec = std::vector<Int>;

/// `a` and `b` over one common list of division locals (the union of their
/// divisions, identical definitions shared), when all their locals have
/// definitions.
struct Aligned {
  BasicRelation a, b;
  /// Columns of the divisions added to a (of b's) and to b (of a's).
  std::vector<unsigned> addedToA, addedToB;
};

std::optional<Aligned> alignDivs(const BasicRelation &a,
                                 const BasicRelation &b) {
  std::optional<AlignedDivisions> common =
      AlignedDivisions::of({&a, &b}, DivisionMatch::Identical);
  if (!common)
    return std::nullopt;
  return Aligned{common->lift(a, 0), common->lift(b, 1),
                 common->addedColumns(0), common->addedColumns(1)};
}

/// Whether `b` (no locals) is a system of unit difference rows, equalities
/// included. Its matrix is then the incidence matrix of a directed graph
/// (totally unimodular) and its right-hand sides are integers, so every
/// non-empty face of its rational relaxation holds an integer point
/// (Hoffman-Kruskal): every variable's rational bounds are integers, and a
/// variable takes a single integer value only where it takes a single
/// rational one. O(rows x columns), no allocation.
bool isUnitDifferenceSystem(const BasicRelation &b) {
  return b.numLocals() == 0 &&
         difference::unitDifferenceRows(b.equalities(), b.numVars()) &&
         difference::unitDifferenceRows(b.inequalities(), b.numVars());
}

/// simplifyPiece for an input piece. A unit difference system with
/// equalities (a dependence: outputs fixed to inputs plus constants) is
/// simplified on its constraint graph: its equalities substituted away
/// (they are independent when each eliminates a variable), the shortest
/// paths of what remains show that no inequality is an implicit equality
/// and which are redundant (independently of each other when no two rows
/// coincide after the substitution), and those are dropped; the same rows
/// as simplifyPiece, without a tableau. Anything else goes through
/// simplifyPiece. False when `b` is empty.
bool simplifyInputPiece(BasicRelation &b) {
  if (b.numEqualities() == 0 || b.numInequalities() == 0 ||
      !isUnitDifferenceSystem(b) || !b.normalize() ||
      !isUnitDifferenceSystem(b))
    return simplifyPiece(b);
  std::optional<std::vector<bool>> redundant =
      difference::redundantInequalitiesAfterSubstitution(
          b.equalities(), b.inequalities(), b.numVars());
  if (!redundant)
    return simplifyPiece(b);
  WorkBudget::charge(b.numConstraints() * b.numCols());
  for (unsigned i = b.numInequalities(); i-- > 0;)
    if ((*redundant)[i])
      b.removeInequality(i);
  b.sortConstraints();
  return true;
}

//===----------------------------------------------------------------------===//
// The driver.
//===----------------------------------------------------------------------===//

struct Piece {
  BasicRelation orig; // Simplified; what is returned if it never fuses.
  bool removed = false;

  /// Sets orig; the working form is derived on first use (a fused piece
  /// that meets no other piece never needs it). `simplified`: `b` comes
  /// out of simplifyPiece.
  void prepare(BasicRelation b, bool simplified) {
    orig = std::move(b);
    simplified_ = simplified;
    workIsOrig_ = false;
    work_.reset();
    tight_.reset();
    tightDone_ = false;
    tableau_.reset();
    graph_.reset();
  }
  /// Derives the working form; false when it finds the piece empty.
  bool ensureWork() {
    if (work_ || workIsOrig_)
      return true;
    // A simplified unit difference system is its own working form: it has
    // no strides, and on the lattice of its equalities (each fixes a
    // variable as another plus a constant) every inequality is a unit
    // difference row again, of content 1, so reduceCoefficients changes
    // nothing.
    if (simplified_ && isUnitDifferenceSystem(orig)) {
      workIsOrig_ = true;
      return true;
    }
    BasicRelation w = orig;
    if (!prepareWork(w, simplified_))
      return false;
    work_ = std::move(w);
    return true;
  }
  /// With coefficients reduced; used for the pair tests. ensureWork()
  /// must have succeeded.
  const BasicRelation &work() const { return workIsOrig_ ? orig : *work_; }
  /// What the pair tests on `work` share (PairSideCache): its tableau,
  /// built on first use and kept until the piece changes (isl keeps one
  /// tableau per basic map), and its shortest paths. The tableau is
  /// built by the first pair test that needs it. ensureWork() must have
  /// succeeded.
  PairSideCache workCache() const {
    if (!graph_)
      graph_.emplace(work().numLocals() == 0
                         ? difference::Distances::of(work().equalities(),
                                                     work().inequalities(),
                                                     work().numVars())
                         : std::nullopt);
    return PairSideCache{&tableau_, &*graph_};
  }
  /// `work` tightened (see prepareTight), computed on first use; nullopt
  /// when it is the same as `work`.
  const std::optional<BasicRelation> &tight() const {
    if (!tightDone_) {
      tightDone_ = true;
      // A unit difference system (equalities included) is tight already:
      // its variable bounds are integers (isUnitDifferenceSystem), so
      // prepareTight would neither round a bound nor fix a variable, and
      // `work` is free of redundancies.
      if (isUnitDifferenceSystem(work()))
        return tight_;
      BasicRelation t = work();
      if (prepareTight(t) && (!(t.equalities() == work().equalities()) ||
                              !(t.inequalities() == work().inequalities())))
        tight_ = std::move(t);
      else
        tight_.reset();
    }
    return tight_;
  }

private:
  std::optional<BasicRelation> work_;
  bool workIsOrig_ = false; // The working form is orig itself.
  bool simplified_ = false;
  mutable std::optional<BasicRelation> tight_;
  mutable bool tightDone_ = false;
  mutable std::optional<Simplex> tableau_;
  mutable std::optional<std::optional<difference::Distances>> graph_;
};

/// Whether dropping one piece of the pair keeps the points: the dropped
/// piece lies in the other, checked exactly on the simplified pieces. The
/// pair tests decide containment on derived forms (strides normalized,
/// coefficients reduced on lattices, divisions aligned); a mistake there
/// would lose points silently, so the decision is confirmed here.
bool confirmDrop(const Piece &pa, const Piece &pb, PairChange c) {
  const Piece &dropped = c == PairChange::DropFirst ? pa : pb;
  const Piece &kept = c == PairChange::DropFirst ? pb : pa;
  return coveredByPieces(dropped.orig, {&kept.orig});
}

PairChange coalesceForms(const Piece &pa, const Piece &pb,
                         const BasicRelation &a, const BasicRelation &b,
                         BasicRelation &fused, bool &loose) {
  // An attempt on lifted forms holds them; one on `a` and `b` as given
  // holds nothing (the pair test reads them in place) and shares the
  // pieces' tableaux and graphs when `a` and `b` are the working forms.
  struct Attempt {
    std::optional<BasicRelation> liftedA, liftedB;
    bool asGiven() const { return !liftedA; }
  };
  std::vector<Attempt> attempts;
  attempts.reserve(2);
  auto asGiven = [&] { attempts.emplace_back(); };
  auto lifted = [&](BasicRelation la, BasicRelation lb) {
    attempts.push_back({std::move(la), std::move(lb)});
  };
  if (a.numLocals() == 0 && b.numLocals() == 0) {
    asGiven();
  } else {
    BasicRelation ca = a, cb = b;
    ca.detectDivDefinitions();
    cb.detectDivDefinitions();
    if (auto aligned = alignDivs(ca, cb)) {
      bool added = !aligned->addedToA.empty() || !aligned->addedToB.empty();
      if (added) {
        // A division added to a piece may take a single integer value there
        // (as floor(x / 4) on 4 <= x <= 5): fix it, as a pair of
        // inequalities. Its defining constraints may then be redundant.
        // On the lattice of a piece's equalities an added division may be
        // an affine function (floor(x/2) is 2e + 1 where x = 4e + 3): the
        // lattice reduction turns its two defining constraints into that
        // equality.
        // A lifted piece found empty here has no integer point (the pieces
        // are never empty, so this does not happen when all is well).
        bool emptyA =
            !(aligned->addedToA.empty() || reduceCoefficients(aligned->a)) ||
            !fixIntegerConstants(aligned->a, aligned->addedToA, true) ||
            !removeRedundantInequalities(aligned->a);
        bool emptyB =
            !emptyA &&
            (!(aligned->addedToB.empty() || reduceCoefficients(aligned->b)) ||
             !fixIntegerConstants(aligned->b, aligned->addedToB, true) ||
             !removeRedundantInequalities(aligned->b));
        PairChange drop = emptyA   ? PairChange::DropFirst
                          : emptyB ? PairChange::DropSecond
                                   : PairChange::None;
        if (drop != PairChange::None && confirmDrop(pa, pb, drop))
          return drop;
        if (drop == PairChange::None)
          lifted(std::move(aligned->a), std::move(aligned->b));
      } else {
        lifted(std::move(aligned->a), std::move(aligned->b));
      }
      if (added && a.numLocals() == b.numLocals())
        asGiven();
    } else if (a.numLocals() == b.numLocals()) {
      // Matching the locals by position is exact too: the union of the
      // lifted pieces projects onto the union of the pieces.
      asGiven();
    }
  }
  for (const Attempt &at : attempts) {
    PairSideCache ca, cb;
    if (at.asGiven() && &a == &pa.work())
      ca = pa.workCache();
    if (at.asGiven() && &b == &pb.work())
      cb = pb.workCache();
    PairOutcome o = at.asGiven() ? coalescePair(pa.orig, pb.orig, a, b, ca, cb)
                                 : coalescePair(pa.orig, pb.orig, *at.liftedA,
                                                *at.liftedB, ca, cb);
    switch (o.change) {
    case PairChange::None:
      loose = loose || o.looseHint;
      continue;
    case PairChange::DropFirst:
      if (!confirmDrop(pa, pb, PairChange::DropFirst))
        continue;
      return PairChange::DropFirst;
    case PairChange::DropSecond:
      if (!confirmDrop(pa, pb, PairChange::DropSecond))
        continue;
      return PairChange::DropSecond;
    case PairChange::Fuse:
      fused = std::move(o.fused);
      return PairChange::Fuse;
    }
  }
  return PairChange::None;
}

/// Whether a constraint of one side and one of the other, over the
/// variables alone (no local), bound the same form from opposite sides with
/// a gap: f >= -c_a on a, f <= c_b on b, c_a + c_b <= -2. No point of b then
/// comes within one of a (the status isl calls separate), so no
/// classification of the pair can fuse it: the pair's tableaux are not
/// built. An equality counts as two inequalities. O(rows x rows x width).
bool visiblySeparated(const BasicRelation &a, const BasicRelation &b) {
  unsigned width = a.offset(VarKind::Local); // The variables' columns.
  auto overVariables = [&](const BasicRelation &r, ConstRow row) {
    for (unsigned c = width; c + 1 < r.numCols(); ++c)
      if (!row[c].isZero())
        return false;
    return true;
  };
  // Each side's rows over the variables, an equality as both signs
  // (`negated` reads the row as -row >= 0).
  struct Bound {
    ConstRow row;
    bool negated;
  };
  auto boundsOf = [&](const BasicRelation &r) {
    boost::container::small_vector<Bound, 16> out;
    for (unsigned e = 0; e < r.numEqualities(); ++e)
      if (overVariables(r, r.equality(e))) {
        out.push_back({r.equality(e), false});
        out.push_back({r.equality(e), true});
      }
    for (unsigned i = 0; i < r.numInequalities(); ++i)
      if (overVariables(r, r.inequality(i)))
        out.push_back({r.inequality(i), false});
    return out;
  };
  auto bs = boundsOf(b);
  if (bs.empty())
    return false;
  for (const Bound &x : boundsOf(a))
    for (const Bound &y : bs) {
      // Opposite forms: x = -y on the variables (with the signs read).
      ConstRow fx = x.row.first(width), fy = y.row.first(width);
      if (x.negated == y.negated ? !isNegation(fx, fy) : !sameRow(fx, fy))
        continue;
      Int ca = x.negated ? -x.row.back() : x.row.back();
      Int cb = y.negated ? -y.row.back() : y.row.back();
      if (ca + cb <= Int(-2))
        return true;
    }
  return false;
}

PairChange coalescePieces(const Piece &pa, const Piece &pb,
                          BasicRelation &fused) {
  if (visiblySeparated(pa.work(), pb.work()))
    return PairChange::None;
  bool loose = false;
  PairChange c = coalesceForms(pa, pb, pa.work(), pb.work(), fused, loose);
  if (c != PairChange::None || !loose)
    return c;
  const std::optional<BasicRelation> &ta = pa.tight(), &tb = pb.tight();
  if (!ta && !tb)
    return c;
  return coalesceForms(pa, pb, ta ? *ta : pa.work(), tb ? *tb : pb.work(),
                       fused, loose);
}

/// The pieces fused pair by pair. With `share` (partial coalescing), a stop
/// at that scope's own limit ends the search and the pieces are returned
/// as fused so far: every step leaves an exact cover (a pair is replaced
/// only once its fusion or containment is established).
std::vector<BasicRelation> coalesceAll(std::vector<Piece> pieces,
                                       const WorkBudget::Scope *share) {
  int n = int(pieces.size());
  // As isl: each piece, from the last to the first, against every later
  // one; after a fusion the new piece is tested against all later ones
  // again, so that no pair of the result fuses.
  try {
    for (int i = n - 1; i >= 0; --i) {
      if (pieces[i].removed)
        continue;
      for (int j = i + 1; j < n; ++j) {
        if (pieces[j].removed)
          continue;
        // A piece found empty here is dropped (cannot happen: the input
        // pieces and the fused unions are not empty).
        if (!pieces[i].ensureWork()) {
          pieces[i].removed = true;
          break;
        }
        if (!pieces[j].ensureWork()) {
          pieces[j].removed = true;
          continue;
        }
        WorkBudget::charge(pieces[i].work().numConstraints() +
                           pieces[j].work().numConstraints() + 1);
        BasicRelation fused;
        PairChange c = coalescePieces(pieces[i], pieces[j], fused);
        if (c == PairChange::None)
          continue;
        if (c == PairChange::DropSecond) {
          pieces[j].removed = true;
          continue;
        }
        if (c == PairChange::DropFirst) {
          pieces[i].removed = true;
          break;
        }
        pieces[j].removed = true;
        pieces[i].prepare(std::move(fused), /*simplified=*/false);
        j = i;
      }
    }
  } catch (const LimitExceeded &e) {
    if (!share || !share->stoppedBy(e))
      throw;
  }
  std::vector<BasicRelation> out;
  for (Piece &p : pieces)
    if (!p.removed)
      out.push_back(std::move(p.orig));
  return out;
}

/// The disjuncts of `disjuncts`' union, coalesced; with `share`, as far as
/// that scope's limit goes (coalesceAll), the disjuncts as given when it
/// stops before the pair search.
std::vector<BasicRelation>
coalescedDisjuncts(const std::vector<BasicRelation> &disjuncts,
                   const WorkBudget::Scope *share) {
  // One disjunct has nothing to fuse with: it is returned as it is, as isl
  // does (removeRedundancies simplifies it when asked).
  if (disjuncts.size() <= 1) {
    std::vector<BasicRelation> out;
    for (const BasicRelation &d : disjuncts)
      if (!d.isObviouslyEmpty())
        out.push_back(d);
    return out;
  }
  std::vector<Piece> pieces;
  try {
    // A polyhedron split in pieces (index-set splitting, peeling) is put
    // back together syntactically before any piece is simplified.
    std::vector<BasicRelation> input;
    input.reserve(disjuncts.size());
    for (const BasicRelation &d : disjuncts) {
      BasicRelation b = d;
      if (b.normalize())
        input.push_back(std::move(b));
    }
    if (input.size() > 1)
      fuseAdjacentCuts(input);
    // Reserved: the pieces are built once, one per input disjunct.
    pieces.reserve(input.size());
    for (BasicRelation &b : input) {
      if (!simplifyInputPiece(b) || b.isEmpty())
        continue;
      Piece p;
      p.prepare(std::move(b), /*simplified=*/true);
      pieces.push_back(std::move(p));
    }
    // The working forms of the input pieces (a single piece needs none).
    if (pieces.size() > 1)
      std::erase_if(pieces, [](Piece &p) { return !p.ensureWork(); });
  } catch (const LimitExceeded &e) {
    if (!share || !share->stoppedBy(e))
      throw;
    return disjuncts;
  }
  std::vector<BasicRelation> out;
  if (pieces.size() == 1)
    out.push_back(std::move(pieces.front().orig));
  else if (pieces.size() > 1)
    out = coalesceAll(std::move(pieces), share);
  return out;
}

} // namespace

Relation Relation::coalesce() const {
  WorkBudget::Operation op;
  Relation result(space_);
  for (BasicRelation &b : coalescedDisjuncts(disjuncts_, nullptr)) {
    b.setSpace(space_);
    result.disjuncts_.push_back(std::move(b));
  }
  return result;
}

Relation coalesceWithinBudget(const Relation &pieces, uint64_t limit) {
  WorkBudget::Scope share(limit);
  Relation result(pieces.space());
  for (BasicRelation &b : coalescedDisjuncts(pieces.disjuncts(), &share)) {
    b.setSpace(pieces.space());
    result.addDisjunct(std::move(b));
  }
  return result;
}

UnionRelation UnionRelation::coalesce() const {
  WorkBudget::Operation op;
  return map([](const Relation &r) { return r.coalesce(); });
}

} // namespace presburger