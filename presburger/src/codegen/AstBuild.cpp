//===- AstBuild.cpp - Loops that scan a schedule --------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every set here lives in one space T: the parameters and the d (padded)
// time dimensions. At level l the dimensions below l are fixed by the
// enclosing loops, l is being generated, and those above l are free (the
// sets of the level are projected onto the first l + 1 dimensions, then
// the others put back unconstrained), so that intersections, gists and
// subset tests need no change of space.
//
//===----------------------------------------------------------------------===//
#include "presburger/AstBuild.h"

#include "codegen/RowExpr.h"
#include "presburger/Dataflow.h"
#include "presburger/Errors.h"
#include "presburger/PwMultiAff.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>

namespace presburger {

namespace {

using codegen::ColumnExprs;
using K = AstExpr::Kind;

/// One statement of the schedule.
struct Statement {
  std::string name;
  /// Its instances' times (a set over T).
  Relation times;
  /// time -> instance: the coordinates of the instance run at a time.
  PwMultiAff instance;
};

/// A statement that reaches a level, with the times it has there.
struct Active {
  unsigned stmt;
  Relation times;
};

/// A piece of the level's domain: a set over T (free above the level) and
/// the statements that run in it.
struct Item {
  Relation set;
  std::vector<unsigned> stmts;
};

/// A loop's bounds, read off the rows of one disjunct.
struct Bounds {
  std::vector<AstExpr> lower, upper;
  /// The disjunct with only the rows that gave the bounds (and the
  /// defining rows of its divisions): what holds inside the loop.
  BasicRelation lowerSet, upperSet;
  /// The single lower and upper bound rows with a unit coefficient and no
  /// local, when there is one each (for unrolling and stride offsets).
  std::optional<std::vector<Int>> unitLower, unitUpper;
};

/// Which locals of `b` are divisions of the columns below `c` (and of such
/// locals): the ones that are known once the dimensions before the level
/// of column `c` are.
std::vector<bool> outerLocals(const BasicRelation &b, unsigned c) {
  unsigned local = b.offset(VarKind::Local);
  std::vector<bool> outer(b.numLocals(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned k = 0; k < b.numLocals(); ++k) {
      if (outer[k] || !b.hasDivDef(k))
        continue;
      ConstRow num = b.divNumerator(k);
      bool ok = true;
      for (unsigned j = c; j < local && ok; ++j)
        ok = num[j].isZero();
      for (unsigned j = 0; j < b.numLocals() && ok; ++j)
        ok = num[local + j].isZero() || outer[j];
      if (ok)
        outer[k] = changed = true;
    }
  }
  return outer;
}

/// `b` with only its equality `eq` and the defining rows of its divisions.
BasicRelation equalityOnly(const BasicRelation &b, unsigned eq) {
  BasicRelation s = b;
  for (unsigned i = s.numEqualities(); i-- > 0;)
    if (i != eq)
      s.removeEquality(i);
  for (unsigned i = s.numInequalities(); i-- > 0;)
    if (!codegen::isDivisionRow(s, s.inequality(i)))
      s.removeInequality(i);
  return s;
}

/// f() within an eighth of the budget left, `fallback` when that share runs
/// out (an enclosing stop or a cancellation propagates: WorkBudget::attempt):
/// for the steps that only make the code shorter, some of which are
/// expensive (a gist is an integer emptiness test with several divisions
/// per constraint).
template <typename F, typename T> T withinShare(F f, T fallback) {
  auto out = WorkBudget::attempt(WorkBudget::left() / 8, f);
  return out ? std::move(*out) : std::move(fallback);
}

/// gist(set, ctx), or the set itself when that is too expensive.
Relation gistWithinShare(const Relation &set, const Relation &ctx) {
  return withinShare([&] { return set.gist(ctx); }, set);
}

/// The divisions of `f` (of parameters and dimensions only) whose numerator
/// has one residue r on `points`: floord(num, d) is (num - r) / d there,
/// an exact division (isl writes those with /). One sample and one subset
/// test per division.
codegen::ExactDivisions exactDivisions(const Aff &f, const Relation &points) {
  const BasicRelation &ls = f.localSpace();
  codegen::ExactDivisions out(ls.numLocals());
  unsigned local = ls.offset(VarKind::Local);
  std::optional<Point> sample;
  for (unsigned k = 0; k < ls.numLocals(); ++k) {
    ConstRow num = ls.divNumerator(k);
    if (std::any_of(num.begin() + local, num.end() - 1,
                    [](const Int &x) { return !x.isZero(); }))
      continue;
    if (!sample && !(sample = points.samplePoint()))
      return out;
    Int value = num.back(), d = ls.divDenominator(k);
    for (unsigned c = 0; c < local; ++c)
      value += num[c] * (*sample)[c];
    Int r = mod(value, d);
    // { x : exists q : num(x) - r = d q }
    BasicRelation cong(points.space());
    cong.addLocal();
    std::vector<Int> row(cong.numCols(), Int(0));
    for (unsigned c = 0; c < local; ++c)
      row[c] = num[c];
    row[local] = -d;
    row.back() = num.back() - r;
    cong.addEquality(row);
    if (points.isSubsetOf(Relation(cong)))
      out[k] = r;
  }
  return out;
}

/// A context with few disjuncts: coalesced, and above three disjuncts
/// replaced by its simple hull. A context only needs to contain the points
/// where the code runs (a guard gisted against a superset of them is still
/// right there), and unions of bounds multiply from level to level.
Relation loose(const Relation &ctx) {
  Relation c = ctx.coalesce();
  if (c.numDisjuncts() <= 3)
    return c;
  return Relation(c.simpleHull());
}

/// A set with few disjuncts that holds both (loose(a | b)).
Relation uniteLoosely(const Relation &a, const Relation &b) {
  if (a.numDisjuncts() == 0)
    return b;
  return withinShare([&] { return loose(a.unite(b)); },
                     Relation::universe(a.space()));
}

class Builder {
public:
  Builder(std::vector<Statement> stmts, Space space,
          const AstBuildOptions &options)
      : stmts_(std::move(stmts)), space_(std::move(space)),
        depth_(space_.numRange()), options_(options) {}

  AstNode run(const Relation &context) {
    ColumnExprs vars;
    for (const std::string &p : space_.paramNames()) {
      vars.cols.push_back(AstExpr::id(p));
      vars.set.push_back(true);
    }
    for (unsigned l = 0; l < depth_; ++l) {
      vars.cols.push_back(AstExpr::integer(0));
      vars.set.push_back(false);
    }
    std::vector<Active> active;
    for (unsigned s = 0; s < stmts_.size(); ++s)
      active.push_back({s, stmts_[s].times});
    Relation runs(space_);
    return generate(0, active, context, vars, runs);
  }

private:
  unsigned dimCol(unsigned l) const { return space_.numParams() + l; }

  /// `r` with the dimensions from `keep` on projected out and put back
  /// unconstrained.
  Relation project(const Relation &r, unsigned keep) const {
    if (keep >= depth_)
      return r;
    unsigned n = depth_ - keep;
    return codegen::withDefinedLocals(r.projectOut(VarKind::Range, keep, n)
                                          .insertDims(VarKind::Range, keep, n));
  }

  std::string iterator(unsigned l) const {
    return options_.iteratorPrefix + std::to_string(l);
  }

  /// The code of levels l and below for `active`; `runs` receives a
  /// superset of the outer values (a set over T) where it executes some
  /// statement, read off the code itself (its loop bounds and guards), so
  /// that an enclosing guard that the code's own bounds imply is left out.
  AstNode generate(unsigned l, const std::vector<Active> &active,
                   const Relation &ctx, ColumnExprs &vars, Relation &runs);
  AstNode leaf(const std::vector<Active> &active, const Relation &ctx,
               const ColumnExprs &vars, Relation &runs);
  std::vector<std::vector<Item>> orderedGroups(std::vector<Item> items,
                                               unsigned l) const;
  std::vector<Item> separated(const std::vector<Item> &items) const;
  std::vector<Item> splitAroundValues(const std::vector<Item> &items,
                                      const std::vector<Active> &active,
                                      unsigned l) const;
  /// Whether some statement of `it` runs more than one time below level l
  /// at fixed t0..tl: some dimension above l is not fixed by an equality of
  /// the affine hull of its times in `it` in terms of the ones before it.
  bool loopsBelow(const Item &it, const std::vector<Active> &active,
                  unsigned l) const;
  /// { t -> t' : t0..t(l-1) = t'0..t'(l-1), t_l >= t'_l }: a pair of it
  /// from a to b means a is not entirely before b at level l.
  Relation notBefore(unsigned l) const;
  /// The value of dimension l on `it`, as the row t_l + rest (= 0) of an
  /// equality with a unit coefficient, nothing above l and no local, if
  /// its set (one disjunct) has one.
  std::optional<std::vector<Int>> fixedValue(const Item &it, unsigned l) const;
  /// The code of level l for `domain`: a loop, the body at the one value
  /// of the dimension, or copies of the body. `runs` receives a superset
  /// of the outer values where it executes a statement (where a loop's
  /// bounds meet and its body runs): a guard need not test what that
  /// already ensures. `body` gives the body's code and where it runs.
  /// `ctx` holds inside the guard of `domain`'s outer values, `unguarded`
  /// without it: a dimension of one value leaves the guard to the inner
  /// level, where a loop's bounds may make it unneeded.
  AstNode loopOver(unsigned l, const Relation &domain, const Relation &ctx,
                   const Relation &unguarded, ColumnExprs &vars, Relation &runs,
                   const std::function<AstNode(const Relation &, ColumnExprs &,
                                               Relation &)> &body);
  Bounds boundsOf(unsigned l, const BasicRelation &d,
                  const ColumnExprs &vars) const;
  /// A guard around `node`: `cond` gisted against `ctx`, none when `ctx`
  /// is inside `cond`. `runs` (where `node` executes a statement) becomes
  /// where the guarded node does.
  AstNode guarded(const Relation &cond, const Relation &ctx, AstNode node,
                  const ColumnExprs &vars, Relation &runs) const {
    if (node.isEmptyBlock()) {
      runs = Relation(space_);
      return node;
    }
    if (withinShare([&] { return ctx.isSubsetOf(cond); }, false))
      return node;
    Relation g = gistWithinShare(cond, ctx).coalesce();
    AstExpr c = codegen::setCondition(g, vars);
    if (c.isInt(1))
      return node;
    if (c.isInt(0)) {
      runs = Relation(space_);
      return AstNode::block({});
    }
    runs = withinShare([&] { return loose(runs.intersect(g)); }, runs);
    return AstNode::ifThen(std::move(c), std::move(node));
  }

  std::vector<Statement> stmts_;
  Space space_;
  unsigned depth_;
  AstBuildOptions options_;
};

AstNode Builder::leaf(const std::vector<Active> &active, const Relation &ctx,
                      const ColumnExprs &vars, Relation &runs) {
  std::vector<AstNode> out;
  runs = Relation(space_);
  for (const Active &a : active) {
    const Statement &st = stmts_[a.stmt];
    // The pieces of the inverse that this statement's times meet here.
    std::vector<std::pair<Relation, const MultiAff *>> pieces;
    for (const PwMultiAff::Piece &p : st.instance.pieces()) {
      Relation meet = a.times.intersect(p.domain);
      if (!meet.isEmpty())
        pieces.emplace_back(std::move(meet), &p.ma);
    }
    for (const auto &[where, ma] : pieces) {
      std::vector<AstExpr> args;
      Relation points = ctx.intersect(where);
      for (const Aff &f : ma->affs()) {
        codegen::ExactDivisions exact =
            f.numDivs() == 0
                ? codegen::ExactDivisions()
                : withinShare([&] { return exactDivisions(f, points); },
                              codegen::ExactDivisions());
        args.push_back(codegen::rowExpr(f.row(), f.localSpace(), vars, exact));
      }
      AstNode call = AstNode::user(st.name, std::move(args));
      Relation callRuns = Relation::universe(space_);
      out.push_back(guarded(pieces.size() == 1 ? a.times : where, ctx,
                            std::move(call), vars, callRuns));
      runs = uniteLoosely(runs, callRuns);
    }
  }
  return AstNode::block(std::move(out));
}

AstNode Builder::generate(unsigned l, const std::vector<Active> &active,
                          const Relation &ctx, ColumnExprs &vars,
                          Relation &runs) {
  if (l == depth_)
    return leaf(active, ctx, vars, runs);
  runs = Relation(space_);
  // The pieces of the level: each statement's times on the first l + 1
  // dimensions, one item per disjunct (so that disjoint, ordered parts of
  // one statement get loops of their own).
  std::vector<Item> items;
  for (unsigned i = 0; i < active.size(); ++i) {
    Relation p = project(active[i].times, l + 1).coalesce();
    for (const BasicRelation &d : p.disjuncts()) {
      Relation one(d);
      if (!one.isEmpty())
        items.push_back({std::move(one), {i}});
    }
  }
  // Separation is an option for shorter conditions: within a share of the
  // budget, else the loop stays shared.
  if (options_.separate)
    items = withinShare([&] { return separated(items); }, items);
  items =
      withinShare([&] { return splitAroundValues(items, active, l); }, items);
  std::vector<AstNode> out;
  for (std::vector<Item> &group : orderedGroups(std::move(items), l)) {
    Relation domain(space_);
    std::vector<Relation> mine(active.size(), Relation(space_));
    for (const Item &it : group) {
      domain = domain.unite(it.set);
      for (unsigned i : it.stmts)
        mine[i] = mine[i].unite(it.set);
    }
    domain = domain.coalesce();
    Relation outer = project(domain, l);
    Relation ctxG = loose(ctx.intersect(outer));
    Relation groupRuns(space_);
    AstNode node = loopOver(
        l, domain, ctxG, ctx, vars, groupRuns,
        [&](const Relation &inner, ColumnExprs &v, Relation &bodyRuns) {
          std::vector<Active> next;
          for (unsigned i = 0; i < active.size(); ++i) {
            if (mine[i].numDisjuncts() == 0)
              continue;
            Relation t = active[i].times.intersect(mine[i]);
            if (!t.intersect(inner).isEmpty())
              next.push_back({active[i].stmt, std::move(t)});
          }
          return generate(l + 1, next, inner, v, bodyRuns);
        });
    out.push_back(guarded(outer, ctx.intersect(groupRuns), std::move(node),
                          vars, groupRuns));
    runs = uniteLoosely(runs, groupRuns);
  }
  return AstNode::block(std::move(out));
}

std::vector<std::vector<Item>> Builder::orderedGroups(std::vector<Item> items,
                                                      unsigned l) const {
  size_t n = items.size();
  if (n == 0)
    return {};
  // before[i][j]: at equal outer dimensions every time of i is below every
  // time of j on dimension l, i.e. no pair with t_l >= t'_l.
  Relation nb = notBefore(l);
  std::vector<std::vector<bool>> before(n, std::vector<bool>(n, false));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j)
        before[i][j] = nb.intersectDomain(items[i].set)
                           .intersectRange(items[j].set)
                           .isEmpty();
  // Groups: items that are not ordered either way share a loop; groups
  // with pairs ordered both ways are merged too.
  std::vector<size_t> group(n);
  std::iota(group.begin(), group.end(), 0);
  auto find = [&](size_t x) {
    while (group[x] != x)
      x = group[x] = group[group[x]];
    return x;
  };
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j)
      if (!before[i][j] && !before[j][i])
        group[find(i)] = find(j);
  auto groupBefore = [&](size_t a, size_t b) {
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j)
        if (find(i) == a && find(j) == b && !before[i][j])
          return false;
    return true;
  };
  for (bool merged = true; merged;) {
    merged = false;
    for (size_t a = 0; a < n && !merged; ++a)
      for (size_t b = a + 1; b < n && !merged; ++b)
        if (find(a) == a && find(b) == b && !groupBefore(a, b) &&
            !groupBefore(b, a)) {
          group[a] = b;
          merged = true;
        }
  }
  std::vector<size_t> roots;
  for (size_t i = 0; i < n; ++i)
    if (find(i) == i)
      roots.push_back(i);
  // A topological order; groups caught in a cycle (possible where some
  // group is empty for some outer values) are merged into one loop.
  std::vector<std::vector<size_t>> order;
  while (!roots.empty()) {
    auto first = std::find_if(roots.begin(), roots.end(), [&](size_t a) {
      return std::all_of(roots.begin(), roots.end(),
                         [&](size_t b) { return a == b || groupBefore(a, b); });
    });
    if (first == roots.end()) {
      order.push_back(roots);
      break;
    }
    order.push_back({*first});
    roots.erase(first);
  }
  std::vector<std::vector<Item>> out;
  for (const std::vector<size_t> &rs : order) {
    std::vector<Item> g;
    for (size_t i = 0; i < n; ++i)
      if (std::find(rs.begin(), rs.end(), find(i)) != rs.end())
        g.push_back(items[i]);
    out.push_back(std::move(g));
  }
  return out;
}

Relation Builder::notBefore(unsigned l) const {
  Space rel = Space::relation(space_.paramNames(), space_.rangeTuple(),
                              space_.rangeTuple());
  BasicRelation nb(rel);
  unsigned np = space_.numParams(), cols = np + 2 * depth_ + 1;
  for (unsigned k = 0; k <= l; ++k) {
    std::vector<Int> row(cols, Int(0));
    row[np + k] = 1;
    row[np + depth_ + k] = -1;
    if (k < l)
      nb.addEquality(row);
    else
      nb.addInequality(row);
  }
  return Relation(nb);
}

std::optional<std::vector<Int>> Builder::fixedValue(const Item &it,
                                                    unsigned l) const {
  if (it.set.numDisjuncts() != 1)
    return std::nullopt;
  const BasicRelation &d = it.set.disjuncts()[0];
  unsigned c = dimCol(l), local = d.offset(VarKind::Local);
  for (unsigned i = 0; i < d.numEqualities(); ++i) {
    ConstRow r = d.equality(i);
    if (abs(r[c]) != Int(1))
      continue;
    bool plain = true;
    for (unsigned j = c + 1; j + 1 < r.size() && plain; ++j)
      plain = r[j].isZero();
    if (!plain)
      continue;
    std::vector<Int> v(r.begin(), r.begin() + local);
    v.push_back(r.back());
    if (v[c].isNegative())
      for (Int &x : v)
        x = -x;
    return v;
  }
  return std::nullopt;
}

bool Builder::loopsBelow(const Item &it, const std::vector<Active> &active,
                         unsigned l) const {
  for (unsigned i : it.stmts) {
    BasicRelation hull = active[i].times.intersect(it.set).affineHull();
    unsigned local = hull.offset(VarKind::Local);
    for (unsigned j = l + 1; j < depth_; ++j) {
      unsigned c = dimCol(j);
      bool fixed = false;
      for (unsigned e = 0; e < hull.numEqualities() && !fixed; ++e) {
        ConstRow r = hull.equality(e);
        fixed = !r[c].isZero();
        for (unsigned x = c + 1; x + 1 < r.size() && fixed; ++x)
          fixed = r[x].isZero() || x < local;
        for (unsigned x = local; x + 1 < r.size() && fixed; ++x)
          fixed = r[x].isZero();
      }
      if (!fixed)
        return true;
    }
  }
  return false;
}

/// Pieces that would share a loop with a piece of one value at this level
/// (a statement at t_l = e with loops of its own below) are split into
/// t_l < e, t_l = e and t_l > e, so that the parts before and after get
/// loops of their own and the one at e runs with it: isl's code for
/// `{ A[i] -> [1, i]; B[i] -> [i, 1] }` runs B(0), then A's loop with B(1)
/// in it, then B's loop from 2, where one shared loop would guard A's whole
/// loop. A statement of one value with no loop below costs one guard
/// inside the shared loop, less than the copies a split makes. Two
/// emptiness tests per pair and three intersections per split; given up
/// (the pieces kept) beyond four times as many pieces.
std::vector<Item> Builder::splitAroundValues(const std::vector<Item> &items,
                                             const std::vector<Active> &active,
                                             unsigned l) const {
  std::vector<std::pair<size_t, std::vector<Int>>> values;
  for (size_t i = 0; i < items.size(); ++i)
    if (std::optional<std::vector<Int>> v = fixedValue(items[i], l))
      if (loopsBelow(items[i], active, l))
        values.emplace_back(i, std::move(*v));
  if (values.empty() || values.size() == items.size())
    return items;
  Relation nb = notBefore(l);
  auto unordered = [&](const Relation &a, const Relation &b) {
    return !nb.intersectDomain(a).intersectRange(b).isEmpty() &&
           !nb.intersectDomain(b).intersectRange(a).isEmpty();
  };
  std::vector<Item> out = items;
  for (const auto &[at, row] : values) {
    const Relation &fixed = items[at].set;
    // t_l + rest < 0, = 0, > 0 as rows over [params | dims | const].
    std::vector<Int> below = row, above = row;
    for (Int &x : below)
      x = -x;
    below.back() -= 1;
    above.back() -= 1;
    std::vector<Item> next;
    for (Item &p : out) {
      if (fixedValue(p, l) || !unordered(p.set, fixed)) {
        next.push_back(std::move(p));
        continue;
      }
      BasicRelation lt(space_), eq(space_), gt(space_);
      lt.addInequality(below);
      eq.addEquality(row);
      gt.addInequality(above);
      for (const BasicRelation &part : {lt, eq, gt}) {
        Relation piece = p.set.intersect(Relation(part));
        if (piece.isEmpty())
          continue;
        for (const BasicRelation &d : piece.disjuncts())
          next.push_back({Relation(d), p.stmts});
      }
    }
    if (next.size() > 4 * items.size())
      return items;
    out = std::move(next);
  }
  return out;
}

std::vector<Item> Builder::separated(const std::vector<Item> &items) const {
  std::vector<unsigned> stmts;
  for (const Item &it : items)
    for (unsigned s : it.stmts)
      if (std::find(stmts.begin(), stmts.end(), s) == stmts.end())
        stmts.push_back(s);
  if (stmts.size() < 2 || stmts.size() > options_.maxSeparated)
    return items;
  // The pieces where one set of statements runs: each item splits every
  // region into the part inside it and the part outside.
  std::vector<Item> regions;
  for (const Item &it : items) {
    std::vector<Item> next;
    Relation rest = it.set;
    for (const Item &r : regions) {
      Relation in = r.set.intersect(it.set);
      Relation out = r.set.subtract(it.set);
      rest = rest.subtract(r.set);
      if (!in.isEmpty()) {
        std::vector<unsigned> s = r.stmts;
        for (unsigned x : it.stmts)
          if (std::find(s.begin(), s.end(), x) == s.end())
            s.push_back(x);
        next.push_back({std::move(in), std::move(s)});
      }
      if (!out.isEmpty())
        next.push_back({std::move(out), r.stmts});
    }
    if (!rest.isEmpty())
      next.push_back({std::move(rest), it.stmts});
    regions = std::move(next);
    // Pieces split by parameter conditions multiply: beyond twice the
    // statements, separation costs more code than the guards it saves.
    if (regions.size() > 2 * stmts.size())
      return items;
  }
  std::vector<Item> out;
  for (const Item &r : regions) {
    Relation pieces = r.set.coalesce();
    for (const BasicRelation &d : pieces.disjuncts())
      out.push_back({Relation(d), r.stmts});
  }
  return out;
}

Bounds Builder::boundsOf(unsigned l, const BasicRelation &d,
                         const ColumnExprs &vars) const {
  unsigned c = dimCol(l), local = d.offset(VarKind::Local);
  std::vector<bool> outerLocal = outerLocals(d, c);
  auto usable = [&](ConstRow r) {
    for (unsigned j = c + 1; j < local; ++j)
      if (!r[j].isZero())
        return false;
    for (unsigned k = 0; k < d.numLocals(); ++k)
      if (!r[local + k].isZero() && !outerLocal[k])
        return false;
    return true;
  };
  Bounds b;
  b.lowerSet = d;
  b.upperSet = d;
  std::vector<std::vector<Int>> lowerRows, upperRows;
  auto addBound = [&](std::vector<Int> r) {
    // r . x >= 0 with coefficient a on dimension l.
    Int a = r[c];
    std::vector<Int> rest = r;
    rest[c] = 0;
    if (a.isPositive()) { // t >= ceil(-rest / a)
      for (Int &x : rest)
        x = -x;
      rest.back() += a - 1;
      AstExpr e = codegen::rowExpr(rest, d, vars);
      b.lower.push_back(
          a.isOne()
              ? std::move(e)
              : AstExpr::op(K::FloorDiv, {std::move(e), AstExpr::integer(a)}));
      lowerRows.push_back(std::move(r));
    } else { // t <= floor(rest / -a)
      AstExpr e = codegen::rowExpr(rest, d, vars);
      b.upper.push_back(
          a == Int(-1)
              ? std::move(e)
              : AstExpr::op(K::FloorDiv, {std::move(e), AstExpr::integer(-a)}));
      upperRows.push_back(std::move(r));
    }
  };
  for (unsigned i = 0; i < d.numEqualities(); ++i) {
    ConstRow r = d.equality(i);
    if (r[c].isZero() || !usable(r))
      continue;
    std::vector<Int> v(r.begin(), r.end());
    addBound(v);
    for (Int &x : v)
      x = -x;
    addBound(v);
  }
  for (unsigned i = 0; i < d.numInequalities(); ++i) {
    ConstRow r = d.inequality(i);
    if (r[c].isZero() || !usable(r) || codegen::isDivisionRow(d, r))
      continue;
    addBound(std::vector<Int>(r.begin(), r.end()));
  }
  // What holds inside: the rows that gave the bounds, as inequalities,
  // with the division definitions.
  auto keepOnly = [&](BasicRelation &s,
                      const std::vector<std::vector<Int>> &rows) {
    for (unsigned i = s.numEqualities(); i-- > 0;)
      s.removeEquality(i);
    for (unsigned i = s.numInequalities(); i-- > 0;)
      if (!codegen::isDivisionRow(s, s.inequality(i)))
        s.removeInequality(i);
    for (const std::vector<Int> &r : rows)
      s.addInequality(r);
  };
  keepOnly(b.lowerSet, lowerRows);
  keepOnly(b.upperSet, upperRows);
  auto unitRow = [&](const std::vector<std::vector<Int>> &rows)
      -> std::optional<std::vector<Int>> {
    if (rows.size() != 1 || abs(rows[0][c]) != Int(1))
      return std::nullopt;
    for (unsigned k = 0; k < d.numLocals(); ++k)
      if (!rows[0][local + k].isZero())
        return std::nullopt;
    std::vector<Int> v(rows[0].begin(), rows[0].begin() + local);
    v.push_back(rows[0].back());
    return v;
  };
  b.unitLower = unitRow(lowerRows);
  b.unitUpper = unitRow(upperRows);
  return b;
}

AstNode Builder::loopOver(
    unsigned l, const Relation &domain, const Relation &ctx,
    const Relation &unguarded, ColumnExprs &vars, Relation &runs,
    const std::function<AstNode(const Relation &, ColumnExprs &, Relation &)>
        &body) {
  unsigned c = dimCol(l);
  runs = Relation::universe(space_);
  // Bounds implied by the enclosing loops and guards are left out.
  Relation dom = codegen::withDefinedLocals(gistWithinShare(domain, ctx));
  BasicRelation hull = dom.affineHull();
  hull.detectDivDefinitions();
  unsigned hlocal = hull.offset(VarKind::Local);
  // The hull's locals that depend on dimension l (or are undefined).
  std::vector<bool> outerLocal = outerLocals(hull, c);
  auto innerLocal = [&](unsigned k) { return !outerLocal[k]; };
  std::optional<std::vector<Int>> value; // a.t + rest = 0, a > 0
  unsigned valueEq = 0;
  Int stride = 0;
  std::vector<Int> strideRow; // t + rest - sum(m_k q_k) = 0
  unsigned strideEq = 0;
  for (unsigned i = 0; i < hull.numEqualities(); ++i) {
    ConstRow r = hull.equality(i);
    if (r[c].isZero())
      continue;
    bool later = false;
    for (unsigned j = c + 1; j < hlocal; ++j)
      later = later || !r[j].isZero();
    Int g = 0;
    for (unsigned k = 0; k < hull.numLocals(); ++k)
      if (!r[hlocal + k].isZero() && innerLocal(k))
        g = gcd(g, r[hlocal + k]);
    if (later)
      continue;
    std::vector<Int> v(r.begin(), r.end());
    if (v[c].isNegative())
      for (Int &x : v)
        x = -x;
    if (g.isZero()) {
      value = std::move(v);
      valueEq = i;
      break;
    }
    if (v[c].isOne() && stride.isZero()) {
      stride = abs(g);
      for (unsigned k = 0; k < hull.numLocals(); ++k)
        if (innerLocal(k))
          v[hlocal + k] = 0;
      strideRow = std::move(v);
      strideEq = i;
    }
  }
  if (value) {
    // One value: t = floor(-rest / a), exact where the domain is.
    std::vector<Int> rest = *value;
    Int a = rest[c];
    rest[c] = 0;
    for (Int &x : rest)
      x = -x;
    AstExpr e = codegen::rowExpr(rest, hull, vars);
    if (!a.isOne())
      e = AstExpr::op(K::FloorDiv, {std::move(e), AstExpr::integer(a)});
    vars.cols[c] = std::move(e);
    vars.set[c] = true;
    // With a unit coefficient the value is right for every outer value,
    // and the inner levels guard what they need of the outer values
    // (where their loops' bounds may make it unneeded). Otherwise the
    // equality holds only where a divides -rest: the guard stays here.
    Relation at(equalityOnly(hull, valueEq));
    bool unit = a.isOne();
    Relation bodyRuns(space_);
    AstNode out =
        body(loose((unit ? unguarded : ctx).intersect(at)), vars, bodyRuns);
    vars.set[c] = false;
    // Where a does not divide -rest the body runs at another value than
    // the equality's: nothing is known then.
    if (unit)
      runs = withinShare(
          [&] { return loose(project(bodyRuns.intersect(at), l)); }, runs);
    return out;
  }
  // Bounds per disjunct: the loop runs from the least lower bound to the
  // greatest upper bound of the disjuncts.
  std::vector<AstExpr> lowers, uppers;
  Relation lowerSets(space_), upperSets(space_);
  std::optional<Bounds> single;
  for (const BasicRelation &d : dom.disjuncts()) {
    Bounds b = boundsOf(l, d, vars);
    if (b.lower.empty() || b.upper.empty()) {
      // Bounds through divisions of the dimension itself (t = 2q + 1,
      // 0 <= q < n): those of the rational shadow, a superset.
      BasicRelation shadow = d;
      shadow.projectOutRationally(VarKind::Local, 0, shadow.numLocals());
      Bounds r = boundsOf(l, shadow, vars);
      if (b.lower.empty()) {
        b.lower = std::move(r.lower);
        b.lowerSet = std::move(r.lowerSet);
        b.unitLower = std::move(r.unitLower);
      }
      if (b.upper.empty()) {
        b.upper = std::move(r.upper);
        b.upperSet = std::move(r.upperSet);
        b.unitUpper = std::move(r.unitUpper);
      }
    }
    if (b.lower.empty() || b.upper.empty())
      throw InvalidArgument("buildAst: time dimension " + std::to_string(l) +
                            " of the schedule is unbounded " +
                            (b.lower.empty() ? "below" : "above") +
                            "; only finite sets of instances can be "
                            "scanned");
    lowers.push_back(AstExpr::op(K::Max, b.lower));
    uppers.push_back(AstExpr::op(K::Min, b.upper));
    lowerSets.addDisjunct(b.lowerSet);
    upperSets.addDisjunct(b.upperSet);
    if (dom.numDisjuncts() == 1)
      single = std::move(b);
  }
  AstExpr lower = AstExpr::op(K::Min, lowers);
  AstExpr upper = AstExpr::op(K::Max, uppers);
  Relation iterated = ctx.intersect(lowerSets).intersect(upperSets);
  std::string it = iterator(l);
  unsigned np = space_.numParams();
  // A row over [params | dims | const] (no locals) as an expression.
  BasicRelation plain(space_);
  if (stride > Int(1)) {
    // The first value >= lower that is = offset (mod stride), offset =
    // -rest: lower + ((offset - lower) mod stride), folded when the
    // difference is a constant.
    std::vector<Int> offset = strideRow;
    offset[c] = 0;
    for (Int &x : offset)
      x = -x;
    bool offsetPlain = true;
    for (unsigned k = hlocal; k + 1 < offset.size(); ++k)
      offsetPlain = offsetPlain && offset[k].isZero();
    bool folded = false;
    if (single && single->unitLower && offsetPlain) {
      // lower - offset as a row: a constant folds the start to a row.
      std::vector<Int> lo = *single->unitLower; // t + f >= 0: t >= -f
      std::vector<Int> diff(lo.size(), Int(0));
      bool constant = true;
      for (unsigned j = 0; j + 1 < lo.size(); ++j)
        if (j != c) {
          diff[j] = -lo[j] - offset[j];
          constant = constant && diff[j].isZero();
        }
      diff.back() = -lo.back() - offset.back();
      if (constant) {
        std::vector<Int> start(lo.size(), Int(0));
        for (unsigned j = 0; j < lo.size(); ++j)
          start[j] = j == c ? Int(0) : -lo[j];
        start.back() += mod(-diff.back(), stride);
        lower = codegen::rowExpr(start, plain, vars);
      } else {
        // offset + stride * ceil((lower - offset) / stride)
        diff.back() += stride - 1;
        AstExpr q =
            AstExpr::op(K::FloorDiv, {codegen::rowExpr(diff, plain, vars),
                                      AstExpr::integer(stride)});
        std::vector<Int> off(offset.begin(), offset.begin() + hlocal);
        off.push_back(offset.back());
        lower = AstExpr::op(
            K::Add, {codegen::rowExpr(off, plain, vars),
                     AstExpr::op(K::Mul, {AstExpr::integer(stride), q})});
      }
      folded = true;
    }
    if (!folded) {
      AstExpr off = codegen::rowExpr(offset, hull, vars);
      AstExpr q = AstExpr::op(
          K::FloorDiv, {AstExpr::op(K::Add, {AstExpr::op(K::Sub, {lower, off}),
                                             AstExpr::integer(stride - 1)}),
                        AstExpr::integer(stride)});
      lower = AstExpr::op(
          K::Add, {AstExpr::op(K::Mul, {AstExpr::integer(stride), q}), off});
    }
    // Inside, the stride holds: its equality with its divisions.
    iterated = iterated.intersect(Relation(equalityOnly(hull, strideEq)));
  }
  // A constant trip count up to the limit: copies of the body.
  if (options_.unrollLimit > 0 && single && single->unitLower &&
      single->unitUpper && stride <= Int(1)) {
    const std::vector<Int> &lo = *single->unitLower; // t + f >= 0
    const std::vector<Int> &up = *single->unitUpper; // -t + g >= 0
    bool constant = true;
    for (unsigned j = 0; j + 1 < lo.size(); ++j)
      if (j != c && !(lo[j] + up[j]).isZero())
        constant = false;
    Int trips = lo.back() + up.back() + 1;
    if (constant && trips <= Int(options_.unrollLimit)) {
      std::vector<AstNode> copies;
      for (Int k = 0; k < trips; k += 1) {
        std::vector<Int> v(np + depth_ + 1, Int(0)); // t = -f + k
        for (unsigned j = 0; j + 1 < lo.size(); ++j)
          v[j] = j == c ? Int(0) : -lo[j];
        v.back() = -lo.back() + k;
        std::vector<Int> eq = v;
        for (Int &x : eq)
          x = -x;
        eq[c] = 1;
        BasicRelation at(space_);
        at.addEquality(eq);
        vars.cols[c] = codegen::rowExpr(v, plain, vars);
        vars.set[c] = true;
        Relation copyRuns(space_);
        copies.push_back(body(ctx.intersect(Relation(at)), vars, copyRuns));
      }
      vars.set[c] = false;
      return AstNode::block(std::move(copies));
    }
  }
  vars.cols[c] = AstExpr::id(it);
  vars.set[c] = true;
  iterated = loose(iterated);
  // Where the bounds meet, whatever the context (the guards around read
  // it): what the loop ensures.
  Relation meet = lowerSets.intersect(upperSets);
  if (stride > Int(1))
    meet = meet.intersect(Relation(equalityOnly(hull, strideEq)));
  Relation bodyRuns(space_);
  AstNode inner = body(iterated, vars, bodyRuns);
  vars.set[c] = false;
  runs =
      withinShare([&] { return loose(project(meet.intersect(bodyRuns), l)); },
                  project(meet, l));
  if (inner.isEmptyBlock())
    return inner;
  return AstNode::loop(it, std::move(lower), std::move(upper),
                       stride > Int(1) ? stride : Int(1), std::move(inner));
}

} // namespace

AstNode buildAst(const UnionRelation &schedule,
                 const std::optional<Relation> &context,
                 const AstBuildOptions &options) {
  WorkBudget::Operation op;
  if (!schedule.isRelationUnion())
    throw SpaceError("buildAst: the schedule must map instances to times, "
                     "{ S[i] -> [t] }, not " +
                     schedule.toString());
  if (context && !context->isParams())
    throw SpaceError("buildAst: the context must be a params set, not " +
                     context->toString());
  const std::string &pre = options.iteratorPrefix;
  auto identChar = [](char ch, bool first) {
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (!first && ch >= '0' && ch <= '9');
  };
  if (pre.empty() || !identChar(pre[0], true) ||
      !std::all_of(pre.begin() + 1, pre.end(),
                   [&](char ch) { return identChar(ch, false); }))
    throw InvalidArgument("buildAst: the iterator prefix '" + pre +
                          "' is not a C identifier");
  UnionRelation sched = schedule;
  std::vector<std::string> params = sched.paramNames();
  if (context)
    params = mergeParams(params, context->space().paramNames());
  sched.alignParams(params);
  UnionRelation padded = padSchedule(sched);
  unsigned depth = 0;
  for (const Relation &p : padded.pieces())
    depth = p.numRange();
  Space space = Space::set(params, Tuple(depth));
  Relation ctx = Relation::universe(space);
  if (context) {
    Relation c = *context;
    c.alignParams(params);
    ctx = ctx.intersectParams(c);
  }
  std::vector<Statement> stmts;
  for (const Relation &p : padded.pieces()) {
    const Tuple &t = p.space().domainTuple();
    std::string name = t.hasName() ? t.name() : "S";
    Relation times = p.range().intersect(ctx);
    if (times.isEmpty())
      continue;
    Relation inverse = p.reverse().intersectDomain(times);
    if (!inverse.isSingleValued())
      throw InvalidArgument("buildAst: the schedule maps two instances of " +
                            name +
                            " to the same time; each statement's schedule "
                            "must be injective");
    PwMultiAff f = PwMultiAff::fromSingleValued(inverse);
    f.alignParams(params);
    stmts.push_back({name, std::move(times), std::move(f)});
  }
  AstBuildOptions opts = options;
  auto clashes = [&](const std::string &prefix) {
    for (const std::string &p : params)
      if (p.rfind(prefix, 0) == 0 && p.size() > prefix.size() &&
          std::all_of(p.begin() + long(prefix.size()), p.end(),
                      [](char ch) { return ch >= '0' && ch <= '9'; }))
        return true;
    return false;
  };
  while (clashes(opts.iteratorPrefix))
    opts.iteratorPrefix += "_";
  if (opts.separate) {
    // Separation only shortens the code: within half the budget, else the
    // code without it.
    auto separated = WorkBudget::attempt(WorkBudget::left() / 2, [&] {
      return Builder(stmts, space, opts).run(ctx);
    });
    if (separated)
      return std::move(*separated);
    opts.separate = false;
  }
  return Builder(std::move(stmts), space, opts).run(ctx);
}

} // namespace presburger
