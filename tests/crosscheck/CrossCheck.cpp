//===- CrossCheck.cpp - Differential testing against isl ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For every engine operation: generate random inputs as isl-notation text,
// run the operation in the engine and in isl, and compare the results by
// meaning (isl reads the engine's printed result and decides equality), or
// by the defining property where results may legitimately differ (gist,
// sample). Reports, per operation, the cases run, the disagreements, and for
// the simplifiers the disjunct and constraint counts against isl's.
//
//   presburger-crosscheck [--cases N] [--seed S] [--op NAME] [--case K]
//                         [--budget UNITS] [--verbose] [--list]
//
// Each case is generated from (seed, operation, case index) alone, so a
// failure printed as "seed S op NAME case K" replays with
// `--seed S --op NAME --case K`.
//
// The run fails (exit 1) on any disagreement, and also when an operation's
// cases stop on the work budget more often than kMaxBudgetShare of its
// cases (issue 20's bound), or are skipped for isl's quota more often than
// kMaxQuotaShare: such cases check nothing, so many of them would hide a
// regression. An unknown --op name is a usage error.
//
// Each case runs under a work budget of its own (--budget, default
// kBudgetFactor times the engine's default): the cross-check looks at
// correctness, and the default budget stops an operation after 1-2 s of
// CPU, where random cases may legitimately take longer.
//
//===----------------------------------------------------------------------===//
#include "CodegenChecks.h"
#include "FlowChecks.h"
#include "FunctionChecks.h"
#include "IslOracle.h"
#include "RandomSets.h"
#include "ReshapeChecks.h"

#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace presburger;
using crosscheck::GenOptions;
using crosscheck::IslContext;
using crosscheck::IslObject;
using crosscheck::RandomSets;
using crosscheck::TupleShape;

namespace {

/// What one case produced.
struct Outcome {
  enum Kind { Agree, Disagree, Skip, Budget } kind = Agree;
  std::string detail;
  // Simplifier quality, when meaningful.
  bool hasCounts = false;
  unsigned ourDisjuncts = 0, islDisjuncts = 0;
  unsigned ourConstraints = 0, islConstraints = 0;
  // Over-approximations (hulls, remove_divs): how our result compares with
  // isl's as point sets, when both are valid but may differ.
  enum Order { NoOrder, Same, Tighter, Looser, Incomparable } order = NoOrder;
  // Transitive closure: which of the two closures are exact.
  bool hasExactness = false, oursExact = false, islExact = false;
  // AST generation: the size of our code and of isl's.
  bool hasAst = false;
  unsigned ast[6] = {}; // our loops, isl's, our ifs, isl's, lines, isl's
};

struct Stats {
  unsigned cases = 0, disagreements = 0, skipped = 0, budget = 0;
  unsigned islQuota = 0;
  unsigned long ourDisjuncts = 0, islDisjuncts = 0;
  unsigned long ourConstraints = 0, islConstraints = 0;
  unsigned fewerDisjuncts = 0, moreDisjuncts = 0;
  unsigned fewerConstraints = 0, moreConstraints = 0;
  bool hasCounts = false;
  unsigned same = 0, tighter = 0, looser = 0, incomparable = 0;
  bool hasOrder = false;
  // Closures exact in both, in isl's only, in ours only, in neither.
  unsigned bothExact = 0, islOnlyExact = 0, oursOnlyExact = 0, neitherExact = 0;
  bool hasExactness = false;
  unsigned long ast[6] = {};
  bool hasAst = false;
};

/// The inputs of a case: isl-notation texts.
using Inputs = std::vector<std::string>;

struct Operation {
  std::string name;
  std::function<Inputs(RandomSets &)> generate;
  std::function<Outcome(const std::vector<UnionRelation> &,
                        const std::vector<IslObject> &, const IslContext &)>
      run;
};

//===----------------------------------------------------------------------===//
// Comparison helpers
//===----------------------------------------------------------------------===//

/// Whether inequality `i` of `b` is one of the two that define a division.
/// isl keeps those implicit in its division table and does not count them.
bool definesDivision(const BasicRelation &b, unsigned i) {
  ConstRow row = b.inequality(i);
  for (unsigned k = 0; k < b.numLocals(); ++k)
    if (b.hasDivDef(k))
      for (const std::vector<Int> &def : b.divisionBounds(k))
        if (std::equal(row.begin(), row.end(), def.begin(), def.end()))
          return true;
  return false;
}

/// Constraints as isl counts them: equalities and inequalities, without the
/// ones that define divisions.
unsigned countConstraints(const UnionRelation &u) {
  unsigned n = 0;
  for (const Relation &r : u.pieces())
    for (const BasicRelation &b : r.disjuncts()) {
      n += b.numEqualities();
      for (unsigned i = 0; i < b.numInequalities(); ++i)
        n += definesDivision(b, i) ? 0 : 1;
    }
  return n;
}

unsigned countDisjuncts(const UnionRelation &u) {
  unsigned n = 0;
  for (const Relation &r : u.pieces())
    n += r.numDisjuncts();
  return n;
}

/// Our result read by isl, of the same kind as `like`.
std::optional<IslObject> toIsl(const UnionRelation &ours, const IslObject &like,
                               const IslContext &ctx) {
  bool asMap = !like.isSet();
  if (!ours.isEmptyUnion())
    asMap = ours.isRelationUnion();
  return IslObject::parse(ctx, ours.toString(), asMap);
}

Outcome compareObjects(const UnionRelation &ours, const IslObject &theirs,
                       const IslContext &ctx) {
  Outcome o;
  std::optional<IslObject> mine = toIsl(ours, theirs, ctx);
  if (!mine) {
    o.kind = Outcome::Disagree;
    o.detail = "isl cannot read our result: " + ours.toString();
    return o;
  }
  if (!mine->isEqual(theirs)) {
    o.kind = Outcome::Disagree;
    o.detail = "ours: " + ours.toString() + "\n  isl:  " + theirs.toString();
  }
  return o;
}

/// compareObjects, with the sizes of both results counted (disjuncts and
/// constraints as isl counts them) when they agree.
Outcome compareSizedObjects(const UnionRelation &ours, const IslObject &theirs,
                            const IslContext &ctx) {
  Outcome o = compareObjects(ours, theirs, ctx);
  if (o.kind != Outcome::Agree)
    return o;
  o.hasCounts = true;
  o.ourDisjuncts = countDisjuncts(ours);
  o.ourConstraints = countConstraints(ours);
  o.islDisjuncts = theirs.numDisjuncts();
  o.islConstraints = theirs.numConstraints();
  return o;
}

Outcome compareBools(bool ours, bool theirs) {
  Outcome o;
  if (ours != theirs) {
    o.kind = Outcome::Disagree;
    o.detail = std::string("ours: ") + (ours ? "True" : "False") +
               ", isl: " + (theirs ? "True" : "False");
  }
  return o;
}

bool islBool(isl_bool b) { return b == isl_bool_true; }

//===----------------------------------------------------------------------===//
// Input generators
//===----------------------------------------------------------------------===//

GenOptions defaultOptions() { return GenOptions(); }

GenOptions boxedOptions(RandomSets &r) {
  GenOptions o;
  o.box = r.between(3, 8);
  return o;
}

/// One set.
Inputs oneSet(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape t = r.randomTuple();
  return {r.set(params, t, defaultOptions())};
}

/// Two sets in the same space.
Inputs twoSets(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape t = r.randomTuple();
  return {r.set(params, t, defaultOptions()),
          r.set(params, t, defaultOptions())};
}

/// Two sets in the same space, the second boxed (a loop-nest context).
Inputs setAndContext(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape t = r.randomTuple();
  GenOptions ctx = boxedOptions(r);
  ctx.maxDisjuncts = 1 + r.below(2);
  return {r.set(params, t, defaultOptions()), r.set(params, t, ctx)};
}

Inputs boxedSet(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape t = r.randomTuple();
  return {r.set(params, t, boxedOptions(r))};
}

Inputs oneRelation(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  return {r.relation(params, a, b, defaultOptions())};
}

Inputs boxedRelation(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  return {r.relation(params, a, b, boxedOptions(r))};
}

Inputs endoRelation(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(2);
  return {r.relation(params, a, a, defaultOptions())};
}

/// A -> B and B -> C.
Inputs composable(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2), c = r.randomTuple(2);
  return {r.relation(params, a, b, defaultOptions()),
          r.relation(params, b, c, defaultOptions())};
}

/// A set over A and a relation A -> B.
Inputs setAndRelation(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  return {r.set(params, a, defaultOptions()),
          r.relation(params, a, b, defaultOptions())};
}

/// Two relations A -> B.
Inputs twoRelations(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  return {r.relation(params, a, b, defaultOptions()),
          r.relation(params, a, b, defaultOptions())};
}

/// Hull inputs: more disjuncts, strides and existentials than the default
/// (the lifted spaces of the hulls come from them). For the cheap hulls
/// (affine, simple, remove_divs); convex and polyhedral hulls use the default
/// generators, as these inputs often run into the work budget after seconds
/// (several divisions and parameters: hulls.md, "Costs").
GenOptions hullOptions() {
  GenOptions o;
  o.maxDisjuncts = 4;
  o.stridePercent = 30;
  o.existsPercent = 25;
  return o;
}

Inputs hullSet(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape t = r.randomTuple();
  return {r.set(params, t, hullOptions())};
}

Inputs hullRelation(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  return {r.relation(params, a, b, hullOptions())};
}

/// A union set over two spaces.
Inputs unionSet(RandomSets &r) {
  auto params = r.randomParams();
  TupleShape a = r.randomTuple(), b = r.randomTuple();
  b.name = a.name == "S" ? "T" : "S";
  std::string x = r.set(params, a, defaultOptions());
  std::string y = r.set(params, b, defaultOptions());
  // Splice the second body into the first's braces.
  std::string bx = x.substr(0, x.rfind('}'));
  std::string by = y.substr(y.find('{') + 1);
  return {bx + "; " + by};
}

/// A union of sets in isl's older parameter syntax: the parameters of
/// `[n, m] -> { ... }` moved into `{ Sym=[n, m] ... }`.
Inputs symUnionSet(RandomSets &r) {
  std::string u = unionSet(r)[0];
  std::string params = u[0] == '[' ? u.substr(0, u.find(']') + 1) : "[]";
  return {"{ Sym=" + params + " " + u.substr(u.find('{') + 1)};
}

/// A relation whose value is pieces (`e : c; ...`), some in parentheses,
/// on a box (so that overlapping and uncovered pieces are both met).
Inputs piecesRelation(RandomSets &r) {
  auto aff = [&]() {
    std::string t;
    for (const char *v : {"i", "j"})
      if (int c = r.between(-2, 2); c != 0)
        t += (t.empty() ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + ")) +
             std::to_string(c < 0 ? -c : c) + v;
    int k = r.between(-4, 4);
    if (t.empty())
      return std::to_string(k);
    return k == 0
               ? t
               : t + (k < 0 ? " - " : " + ") + std::to_string(k < 0 ? -k : k);
  };
  auto cond = [&]() {
    static const char *ops[] = {">=", "<=", ">", "<", "="};
    return aff() + " " + ops[r.below(5)] + " " +
           std::to_string(r.between(-2, 2));
  };
  std::string a = aff(), b = aff(), c = aff();
  std::string ca = cond(), cb = cond(), cc = cond();
  std::string pieces;
  switch (r.below(6)) {
  case 0:
    pieces = "(" + a + " : " + ca + "); " + b + " : " + cb;
    break;
  case 1:
    pieces = "(" + a + " : " + ca + "; " + b + " : " + cb + ")";
    break;
  case 2:
    pieces = "(" + a + " : " + ca + ") + " + b;
    break;
  case 3:
    pieces =
        "((" + a + " : " + ca + "); " + b + " : " + cb + "); " + c + " : " + cc;
    break;
  case 4:
    pieces = "(" + a + ") * 2 : " + ca + "; " + b;
    break;
  default:
    pieces = "(" + a + " : " + ca + ") : " + cb + "; " + c;
    break;
  }
  return {"{ [i, j] -> [" + pieces + "] : -6 <= i, j <= 6 }"};
}

//===----------------------------------------------------------------------===//
// isl helpers
//===----------------------------------------------------------------------===//

IslObject islSet(isl_union_set *s) { return IslObject::set(s); }
IslObject islMap(isl_union_map *m) { return IslObject::map(m); }

/// The first dimension count of the only space of a union set.
unsigned setDims(const UnionRelation &u) {
  return u.pieces().empty() ? 0 : u.pieces().front().numRange();
}

//===----------------------------------------------------------------------===//
// Hulls and remove_divs
//===----------------------------------------------------------------------===//
//
// Every hull and removeDivs is an over-approximation computed from a
// representation, not from the integer points alone: the rational hull of
// the disjuncts' (tightened) relaxations, the rational elimination of their
// locals (docs/algorithms/hulls.md). Two representations of one integer set
// can have different hulls: isl's parser drops constraints that are
// redundant only over the integers, ours keeps them, which shrinks the
// rational relaxation ("Comparison with isl 0.25" in hulls.md). So our side
// works on isl's own representation of the input: isl's printed input read
// by our parser (the disjuncts, constraints and divisions isl has), printed
// before isl runs the operation (isl simplifies its objects in place; e.g.
// convex_hull detects equalities, which changes a later remove_divs). On
// that common input:
//  - affine_hull: both compute the integer affine hull of the lifted space
//    [params | dims | divisions], strides surviving only through divisions:
//    equal, always.
//  - polyhedral_hull and convex_hull of an input without locals: no lifting;
//    both take the rational hull after the same integer tightening (affine
//    hull equalities, gcd tightening): equal demanded.
//  - polyhedral_hull and convex_hull with locals: the lifted space depends
//    on the divisions each side computes, merges and eliminates, so the
//    results may legitimately differ. Checked: input ⊆ ours, at most one
//    disjunct per space, no locals in ours for polyhedral_hull; the counts
//    and the order against isl's result are reported.
//  - simple_hull: ours solves one LP per direction and disjunct where isl
//    reuses the constant of a parallel constraint (ours is then tighter),
//    and the lifted spaces may differ: input ⊆ ours, one disjunct per space;
//    counts and order reported.
//  Our hull of our own parse of the text is checked too (input ⊆ it).
//  - remove_divs: each side eliminates the locals by its own rational
//    elimination: input ⊆ ours and no locals in ours; counts and order
//    reported. An input without locals must come back unchanged (equal).

bool hasLocals(const UnionRelation &u) {
  for (const Relation &r : u.pieces())
    for (const BasicRelation &b : r.disjuncts())
      if (b.numLocals())
        return true;
  return false;
}

bool atMostOneDisjunctPerPiece(const UnionRelation &u) {
  for (const Relation &r : u.pieces())
    if (r.numDisjuncts() > 1)
      return false;
  return true;
}

/// a ⊆ b according to isl (both of the same kind).
bool islSubset(const IslObject &a, const IslObject &b) {
  if (a.isSet() && b.isSet())
    return islBool(isl_union_set_is_subset(a.setPtr(), b.setPtr()));
  if (!a.isSet() && !b.isSet())
    return islBool(isl_union_map_is_subset(a.mapPtr(), b.mapPtr()));
  return a.isEmpty();
}

Outcome::Order orderOf(const IslObject &mine, const IslObject &theirs) {
  bool le = islSubset(mine, theirs), ge = islSubset(theirs, mine);
  if (le && ge)
    return Outcome::Same;
  if (le)
    return Outcome::Tighter;
  return ge ? Outcome::Looser : Outcome::Incomparable;
}

const char *orderName(Outcome::Order o) {
  switch (o) {
  case Outcome::Same:
    return "same";
  case Outcome::Tighter:
    return "ours tighter";
  case Outcome::Looser:
    return "ours looser";
  case Outcome::Incomparable:
    return "incomparable";
  default:
    return "?";
  }
}

/// isl's per-space operations (isl_set_convex_hull, isl_map_convex_hull),
/// applied to every space of a union.
IslObject perSpace(const IslObject &in, isl_basic_set *(*fs)(isl_set *),
                   isl_basic_map *(*fm)(isl_map *)) {
  if (in.isSet()) {
    struct Acc {
      isl_union_set *out;
      isl_basic_set *(*f)(isl_set *);
    } acc{isl_union_set_empty(isl_union_set_get_space(in.setPtr())), fs};
    isl_union_set_foreach_set(
        in.setPtr(),
        [](isl_set *s, void *user) {
          auto *a = static_cast<Acc *>(user);
          a->out =
              isl_union_set_add_set(a->out, isl_set_from_basic_set(a->f(s)));
          return isl_stat_ok;
        },
        &acc);
    return IslObject::set(acc.out);
  }
  struct Acc {
    isl_union_map *out;
    isl_basic_map *(*f)(isl_map *);
  } acc{isl_union_map_empty(isl_union_map_get_space(in.mapPtr())), fm};
  isl_union_map_foreach_map(
      in.mapPtr(),
      [](isl_map *m, void *user) {
        auto *a = static_cast<Acc *>(user);
        a->out = isl_union_map_add_map(a->out, isl_map_from_basic_map(a->f(m)));
        return isl_stat_ok;
      },
      &acc);
  return IslObject::map(acc.out);
}

struct HullOp {
  std::function<UnionRelation(const UnionRelation &)> ours;
  std::function<IslObject(const IslObject &)> isl;
  bool exactAlways = false;        // affine_hull
  bool exactWithoutLocals = false; // polyhedral/convex hull, remove_divs
  bool resultWithoutLocals = false;
  bool oneDisjunct = false;
};

Outcome checkHull(const HullOp &h, const UnionRelation &parsed,
                  const IslObject &input, const IslContext &c) {
  Outcome out;
  // Our input is isl's representation (see above), printed before isl
  // touches the object.
  std::string text = input.toString();
  UnionRelation in = parseUnion(text);
  IslObject theirs = h.isl(input);
  // isl out of its operation quota: skipped (the caller counts it; a later
  // failed isl parse would reset the error and hide the quota).
  if (!theirs.valid() && c.quotaExceeded())
    return Outcome{Outcome::Skip};
  UnionRelation ours = h.ours(in);
  auto fail = [&](const std::string &why) {
    out.kind = Outcome::Disagree;
    out.detail = why + "\n  isl's input: " + text +
                 "\n  ours: " + ours.toString() +
                 "\n  isl:  " + theirs.toString();
    return out;
  };
  if (!theirs.valid())
    return fail("isl failed");
  std::optional<IslObject> mine = toIsl(ours, input, c);
  if (!mine)
    return fail("isl cannot read our result");
  if (!islSubset(input, *mine))
    return fail("the input is not contained in our result");
  if (h.resultWithoutLocals && hasLocals(ours))
    return fail("our result has locals");
  if (h.oneDisjunct && !atMostOneDisjunctPerPiece(ours))
    return fail("our result has several disjuncts in one space");
  // Our parser's representation of the same text (what a user gets): only
  // the defining property, as the rational relaxations may differ.
  UnionRelation own = h.ours(parsed);
  std::optional<IslObject> ownIsl = toIsl(own, input, c);
  if (!ownIsl || !islSubset(input, *ownIsl))
    return fail("the input is not contained in our result on our parser's "
                "representation: " +
                own.toString());
  out.order = orderOf(*mine, theirs);
  if ((h.exactAlways || (h.exactWithoutLocals && !hasLocals(in))) &&
      out.order != Outcome::Same)
    return fail(std::string("results differ (") + orderName(out.order) + ")");
  out.hasCounts = true;
  out.ourDisjuncts = countDisjuncts(ours);
  out.ourConstraints = countConstraints(ours);
  out.islDisjuncts = theirs.numDisjuncts();
  out.islConstraints = theirs.numConstraints();
  return out;
}

HullOp polyhedralHullOp() {
  HullOp h;
  h.ours = [](const UnionRelation &u) { return u.polyhedralHull(); };
  h.isl = [](const IslObject &i) {
    return i.isSet() ? islSet(isl_union_set_polyhedral_hull(i.copySet()))
                     : islMap(isl_union_map_polyhedral_hull(i.copyMap()));
  };
  h.exactWithoutLocals = h.resultWithoutLocals = h.oneDisjunct = true;
  return h;
}

HullOp convexHullOp() {
  HullOp h;
  h.ours = [](const UnionRelation &u) { return u.convexHull(); };
  h.isl = [](const IslObject &i) {
    return perSpace(i, isl_set_convex_hull, isl_map_convex_hull);
  };
  h.exactWithoutLocals = h.oneDisjunct = true;
  return h;
}

HullOp affineHullOp() {
  HullOp h;
  h.ours = [](const UnionRelation &u) { return u.affineHull(); };
  h.isl = [](const IslObject &i) {
    return i.isSet() ? islSet(isl_union_set_affine_hull(i.copySet()))
                     : islMap(isl_union_map_affine_hull(i.copyMap()));
  };
  h.exactAlways = h.oneDisjunct = true;
  return h;
}

HullOp simpleHullOp() {
  HullOp h;
  h.ours = [](const UnionRelation &u) { return u.simpleHull(); };
  h.isl = [](const IslObject &i) {
    return i.isSet() ? islSet(isl_union_set_simple_hull(i.copySet()))
                     : islMap(isl_union_map_simple_hull(i.copyMap()));
  };
  h.oneDisjunct = true;
  return h;
}

HullOp removeDivsOp() {
  HullOp h;
  h.ours = [](const UnionRelation &u) { return u.removeDivs(); };
  h.isl = [](const IslObject &i) {
    return i.isSet() ? islSet(isl_union_set_remove_divs(i.copySet()))
                     : islMap(isl_union_map_remove_divs(i.copyMap()));
  };
  h.exactWithoutLocals = h.resultWithoutLocals = true;
  return h;
}

//===----------------------------------------------------------------------===//
// The operations
//===----------------------------------------------------------------------===//

std::vector<Operation> operations() {
  std::vector<Operation> ops;
  auto add = [&](std::string name, std::function<Inputs(RandomSets &)> gen,
                 std::function<Outcome(const std::vector<UnionRelation> &,
                                       const std::vector<IslObject> &,
                                       const IslContext &)>
                     run) {
    ops.push_back({std::move(name), gen, run});
  };

  add("parse", oneSet,
      [](auto &o, auto &i, auto &c) { return compareObjects(o[0], i[0], c); });
  add("parse-relation", oneRelation,
      [](auto &o, auto &i, auto &c) { return compareObjects(o[0], i[0], c); });
  add("parse-union", unionSet,
      [](auto &o, auto &i, auto &c) { return compareObjects(o[0], i[0], c); });
  add("parse-sym", symUnionSet,
      [](auto &o, auto &i, auto &c) { return compareObjects(o[0], i[0], c); });
  add("parse-pieces", piecesRelation,
      [](auto &o, auto &i, auto &c) { return compareObjects(o[0], i[0], c); });
  add("is_empty", oneSet, [](auto &o, auto &i, auto &) {
    return compareBools(o[0].isEmpty(), i[0].isEmpty());
  });
  add("is_empty-relation", oneRelation, [](auto &o, auto &i, auto &) {
    return compareBools(o[0].isEmpty(), i[0].isEmpty());
  });
  add("sample", oneSet, [](auto &o, auto &i, auto &c) {
    UnionRelation s = o[0].sample();
    Outcome out;
    if (s.isEmptyUnion() != i[0].isEmpty()) {
      out.kind = Outcome::Disagree;
      out.detail = "sample " + s.toString() + " but isl emptiness " +
                   (i[0].isEmpty() ? "True" : "False");
      return out;
    }
    if (s.isEmptyUnion())
      return out;
    std::optional<IslObject> p = toIsl(s, i[0], c);
    if (!p || !islBool(isl_union_set_is_subset(p->setPtr(), i[0].setPtr()))) {
      out.kind = Outcome::Disagree;
      out.detail = "sample " + s.toString() + " not in the set";
    }
    return out;
  });
  add("union", twoSets, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].unite(o[1]),
        islSet(isl_union_set_union(i[0].copySet(), i[1].copySet())), c);
  });
  add("intersect", twoSets, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].intersect(o[1]),
        islSet(isl_union_set_intersect(i[0].copySet(), i[1].copySet())), c);
  });
  add("subtract", twoSets, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].subtract(o[1]),
        islSet(isl_union_set_subtract(i[0].copySet(), i[1].copySet())), c);
  });
  add("subtract-relation", twoRelations, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].subtract(o[1]),
        islMap(isl_union_map_subtract(i[0].copyMap(), i[1].copyMap())), c);
  });
  add("complement", oneSet, [](auto &o, auto &i, auto &c) {
    // Which spaces an empty union mentions depends on how its reader
    // simplified it (isl keeps the space of a set it has not found empty,
    // ours drops it), so the universe of those spaces is only compared for
    // non-empty inputs.
    if (o[0].isEmpty())
      return Outcome{Outcome::Skip};
    UnionRelation ours = o[0].universe().subtract(o[0]);
    // The universe of each space the input mentions.
    isl_union_set *u = isl_union_set_universe(i[0].copySet());
    return compareObjects(ours,
                          islSet(isl_union_set_subtract(u, i[0].copySet())), c);
  });
  add("is_subset", twoSets, [](auto &o, auto &i, auto &) {
    return compareBools(
        o[0].isSubsetOf(o[1]),
        islBool(isl_union_set_is_subset(i[0].setPtr(), i[1].setPtr())));
  });
  add("is_equal", twoSets, [](auto &o, auto &i, auto &) {
    return compareBools(o[0].isEqual(o[1]), islBool(isl_union_set_is_equal(
                                                i[0].setPtr(), i[1].setPtr())));
  });
  add("is_disjoint", twoSets, [](auto &o, auto &i, auto &) {
    return compareBools(
        o[0].isDisjoint(o[1]),
        islBool(isl_union_set_is_disjoint(i[0].setPtr(), i[1].setPtr())));
  });
  add("project_out", oneSet, [](auto &o, auto &i, auto &c) {
    unsigned n = setDims(o[0]);
    if (n == 0 || o[0].isEmptyUnion())
      return Outcome{Outcome::Skip};
    unsigned pos = n > 1 ? 1 : 0;
    UnionRelation ours(o[0].paramNames());
    for (const Relation &r : o[0].pieces())
      ours.add(r.projectOut(VarKind::Range, pos, 1));
    isl_set *s = isl_set_from_union_set(i[0].copySet());
    s = isl_set_project_out(s, isl_dim_set, pos, 1);
    return compareObjects(ours, islSet(isl_union_set_from_set(s)), c);
  });
  add("params", oneSet, [](auto &o, auto &i, auto &c) {
    isl_set *p = isl_union_set_params(i[0].copySet());
    return compareObjects(o[0].params(), islSet(isl_union_set_from_set(p)), c);
  });
  add("lexmin", boxedSet, [](auto &o, auto &i, auto &c) {
    return compareSizedObjects(o[0].lexmin(),
                               islSet(isl_union_set_lexmin(i[0].copySet())), c);
  });
  add("lexmax", boxedSet, [](auto &o, auto &i, auto &c) {
    return compareSizedObjects(o[0].lexmax(),
                               islSet(isl_union_set_lexmax(i[0].copySet())), c);
  });
  add("lexmin-relation", boxedRelation, [](auto &o, auto &i, auto &c) {
    return compareSizedObjects(o[0].lexmin(),
                               islMap(isl_union_map_lexmin(i[0].copyMap())), c);
  });
  add("lexmax-relation", boxedRelation, [](auto &o, auto &i, auto &c) {
    return compareSizedObjects(o[0].lexmax(),
                               islMap(isl_union_map_lexmax(i[0].copyMap())), c);
  });
  add("lex_lt-sets", twoSets, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].lexOrderTo(o[1], LexOrder::LT),
        islMap(isl_union_set_lex_lt_union_set(i[0].copySet(), i[1].copySet())),
        c);
  });
  add("lex_ge-sets", twoSets, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].lexOrderTo(o[1], LexOrder::GE),
        islMap(isl_union_set_lex_ge_union_set(i[0].copySet(), i[1].copySet())),
        c);
  });
  add("lex_le-relations", twoRelations, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].lexOrderTo(o[1], LexOrder::LE),
        islMap(isl_union_map_lex_le_union_map(i[0].copyMap(), i[1].copyMap())),
        c);
  });
  add("gist", setAndContext, [](auto &o, auto &i, auto &c) {
    // Defining property: gist(S, C) ∩ C = S ∩ C; counts against isl's.
    UnionRelation g = o[0].gist(o[1]);
    IslObject theirs =
        islSet(isl_union_set_gist(i[0].copySet(), i[1].copySet()));
    Outcome out;
    std::optional<IslObject> mine = toIsl(g, i[0], c);
    if (!mine) {
      out.kind = Outcome::Disagree;
      out.detail = "isl cannot read our gist " + g.toString();
      return out;
    }
    IslObject lhs =
        islSet(isl_union_set_intersect(mine->copySet(), i[1].copySet()));
    IslObject rhs =
        islSet(isl_union_set_intersect(i[0].copySet(), i[1].copySet()));
    if (!lhs.isEqual(rhs)) {
      out.kind = Outcome::Disagree;
      out.detail = "gist(S, C) ∩ C != S ∩ C; ours: " + g.toString() +
                   "\n  isl: " + theirs.toString();
      return out;
    }
    out.hasCounts = true;
    out.ourDisjuncts = countDisjuncts(g);
    out.ourConstraints = countConstraints(g);
    out.islDisjuncts = theirs.numDisjuncts();
    out.islConstraints = theirs.numConstraints();
    if (std::getenv("CROSSCHECK_SHOW_MORE") &&
        out.ourConstraints > out.islConstraints)
      std::cout << "MORE gist ours: " << g.toString()
                << "\n  isl: " << theirs.toString() << std::endl;
    return out;
  });
  add("coalesce", oneSet, [](auto &o, auto &i, auto &c) {
    // Same points as the input; disjunct counts against isl's coalesce.
    UnionRelation ours = o[0].coalesce();
    Outcome out = compareObjects(ours, i[0], c);
    if (out.kind != Outcome::Agree)
      return out;
    IslObject theirs = islSet(isl_union_set_coalesce(i[0].copySet()));
    out.hasCounts = true;
    out.ourDisjuncts = countDisjuncts(ours);
    out.ourConstraints = countConstraints(ours);
    out.islDisjuncts = theirs.numDisjuncts();
    out.islConstraints = theirs.numConstraints();
    return out;
  });
  add("coalesce-relation", oneRelation, [](auto &o, auto &i, auto &c) {
    UnionRelation ours = o[0].coalesce();
    Outcome out = compareObjects(ours, i[0], c);
    if (out.kind != Outcome::Agree)
      return out;
    IslObject theirs = islMap(isl_union_map_coalesce(i[0].copyMap()));
    out.hasCounts = true;
    out.ourDisjuncts = countDisjuncts(ours);
    out.ourConstraints = countConstraints(ours);
    out.islDisjuncts = theirs.numDisjuncts();
    out.islConstraints = theirs.numConstraints();
    return out;
  });
  add("reverse", oneRelation, [](auto &o, auto &i, auto &c) {
    return compareObjects(o[0].reverse(),
                          islMap(isl_union_map_reverse(i[0].copyMap())), c);
  });
  add("domain", oneRelation, [](auto &o, auto &i, auto &c) {
    return compareObjects(o[0].domain(),
                          islSet(isl_union_map_domain(i[0].copyMap())), c);
  });
  add("range", oneRelation, [](auto &o, auto &i, auto &c) {
    return compareObjects(o[0].range(),
                          islSet(isl_union_map_range(i[0].copyMap())), c);
  });
  add("apply_range", composable, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].applyRange(o[1]),
        islMap(isl_union_map_apply_range(i[0].copyMap(), i[1].copyMap())), c);
  });
  add("apply", setAndRelation, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].apply(o[1]),
        islSet(isl_union_set_apply(i[0].copySet(), i[1].copyMap())), c);
  });
  add("intersect_domain", setAndRelation, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[1].intersectDomain(o[0]),
        islMap(isl_union_map_intersect_domain(i[1].copyMap(), i[0].copySet())),
        c);
  });
  add("deltas", endoRelation, [](auto &o, auto &i, auto &c) {
    return compareObjects(o[0].deltas(),
                          islSet(isl_union_map_deltas(i[0].copyMap())), c);
  });
  add("wrap", oneRelation, [](auto &o, auto &i, auto &c) {
    return compareObjects(o[0].wrap(),
                          islSet(isl_union_map_wrap(i[0].copyMap())), c);
  });
  add("product-sets", twoSets, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].product(o[1]),
        islSet(isl_union_set_product(i[0].copySet(), i[1].copySet())), c);
  });
  add("range_product", twoRelations, [](auto &o, auto &i, auto &c) {
    return compareObjects(
        o[0].rangeProduct(o[1]),
        islMap(isl_union_map_range_product(i[0].copyMap(), i[1].copyMap())), c);
  });
  for (crosscheck::ReshapeOperation &r : crosscheck::reshapeOperations())
    add(r.name, r.generate, [f = r.compute](auto &o, auto &i, auto &c) {
      auto [ours, theirs] = f(o, i);
      return compareObjects(ours, theirs, c);
    });
  add("is_single_valued", oneRelation, [](auto &o, auto &i, auto &) {
    return compareBools(o[0].isSingleValued(),
                        islBool(isl_union_map_is_single_valued(i[0].mapPtr())));
  });
  add("is_injective", oneRelation, [](auto &o, auto &i, auto &) {
    return compareBools(o[0].isInjective(),
                        islBool(isl_union_map_is_injective(i[0].mapPtr())));
  });
  add("polyhedral_hull", oneSet, [](auto &o, auto &i, auto &c) {
    return checkHull(polyhedralHullOp(), o[0], i[0], c);
  });
  add("polyhedral_hull-relation", oneRelation, [](auto &o, auto &i, auto &c) {
    return checkHull(polyhedralHullOp(), o[0], i[0], c);
  });
  add("convex_hull", oneSet, [](auto &o, auto &i, auto &c) {
    return checkHull(convexHullOp(), o[0], i[0], c);
  });
  add("convex_hull-relation", oneRelation, [](auto &o, auto &i, auto &c) {
    return checkHull(convexHullOp(), o[0], i[0], c);
  });
  add("affine_hull", hullSet, [](auto &o, auto &i, auto &c) {
    return checkHull(affineHullOp(), o[0], i[0], c);
  });
  add("affine_hull-relation", hullRelation, [](auto &o, auto &i, auto &c) {
    return checkHull(affineHullOp(), o[0], i[0], c);
  });
  add("simple_hull", hullSet, [](auto &o, auto &i, auto &c) {
    return checkHull(simpleHullOp(), o[0], i[0], c);
  });
  add("simple_hull-relation", hullRelation, [](auto &o, auto &i, auto &c) {
    return checkHull(simpleHullOp(), o[0], i[0], c);
  });
  add("remove_divs", hullSet, [](auto &o, auto &i, auto &c) {
    return checkHull(removeDivsOp(), o[0], i[0], c);
  });
  add("remove_divs-relation", hullRelation, [](auto &o, auto &i, auto &c) {
    return checkHull(removeDivsOp(), o[0], i[0], c);
  });
  add("transitive_closure", crosscheck::closureInputs,
      [](auto &o, auto &i, auto &c) {
        crosscheck::ClosureCheck check =
            crosscheck::checkClosure(o[0], i[0], c);
        Outcome out;
        if (!check.agree) {
          out.kind = Outcome::Disagree;
          out.detail = check.detail;
          return out;
        }
        out.hasExactness = true;
        out.oursExact = check.oursExact;
        out.islExact = check.islExact;
        return out;
      });
  add("codegen", crosscheck::codegenInputs, [](auto &o, auto &i, auto &c) {
    crosscheck::CodegenCheck check = crosscheck::checkCodegen(o[0], i[0], c);
    Outcome out;
    out.detail = check.detail;
    if (!out.detail.empty())
      out.kind = Outcome::Disagree;
    out.hasAst = true;
    unsigned figures[6] = {check.ourLoops, check.islLoops, check.ourIfs,
                           check.islIfs,   check.ourLines, check.islLines};
    std::copy(figures, figures + 6, out.ast);
    return out;
  });
  add("compute_flow", crosscheck::flowInputs, [](auto &o, auto &i, auto &c) {
    Outcome out;
    out.detail = crosscheck::checkFlow(o, i, c);
    if (!out.detail.empty())
      out.kind = Outcome::Disagree;
    return out;
  });
  // Functions (FunctionChecks.cpp): each check compares our function, as
  // isl reads its text, with isl's.
  auto functionCheck = [](std::string detail) {
    Outcome out;
    out.detail = std::move(detail);
    if (!out.detail.empty())
      out.kind = Outcome::Disagree;
    return out;
  };
  // A function check with the sizes of the two results' domains counted
  // when they agree.
  auto sizedFunctionCheck = [functionCheck](auto &&check) {
    crosscheck::FunctionSizes sizes;
    Outcome out = functionCheck(check(&sizes));
    if (out.kind != Outcome::Agree)
      return out;
    out.hasCounts = true;
    for (const Relation &d : sizes.ourDomains) {
      out.ourDisjuncts += countDisjuncts(UnionRelation(d));
      out.ourConstraints += countConstraints(UnionRelation(d));
    }
    out.islDisjuncts = sizes.islDisjuncts;
    out.islConstraints = sizes.islConstraints;
    return out;
  };
  // Lighter inputs than boxedSet/boxedRelation (two disjuncts, few
  // existentials), which keep the default run short: the lexmin itself is
  // compared on the heavier ones above.
  auto lightOptions = [](RandomSets &r) {
    GenOptions o = boxedOptions(r);
    o.maxDisjuncts = 2;
    o.existsPercent = 5;
    return o;
  };
  auto lightSet = [=](RandomSets &r) {
    auto params = r.randomParams();
    TupleShape t = r.randomTuple();
    return Inputs{r.set(params, t, lightOptions(r))};
  };
  auto lightRelation = [=](RandomSets &r) {
    auto params = r.randomParams();
    TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
    return Inputs{r.relation(params, a, b, lightOptions(r))};
  };
  auto onlyPiece = [](const UnionRelation &u) {
    return u.pieces().empty() ? Relation() : u.pieces().front();
  };
  add(
      "pw_multi_aff-from-relation",
      [](RandomSets &r) { return Inputs{crosscheck::singleValuedRelation(r)}; },
      [=](auto &o, auto &i, auto &c) {
        if (o[0].isEmptyUnion())
          return Outcome{Outcome::Skip};
        return functionCheck(
            crosscheck::checkFromRelation(onlyPiece(o[0]), i[0], c));
      });
  for (bool max : {false, true}) {
    std::string m = max ? "lexmax" : "lexmin";
    add(m + "_pw_multi_aff", lightSet, [=](auto &o, auto &i, auto &c) {
      if (o[0].isEmptyUnion())
        return Outcome{Outcome::Skip};
      return sizedFunctionCheck([&](crosscheck::FunctionSizes *sizes) {
        return crosscheck::checkLexoptPwMultiAff(onlyPiece(o[0]), i[0], c, max,
                                                 sizes);
      });
    });
    add(m + "_pw_multi_aff-relation", lightRelation,
        [=](auto &o, auto &i, auto &c) {
          if (o[0].isEmptyUnion())
            return Outcome{Outcome::Skip};
          return sizedFunctionCheck([&](crosscheck::FunctionSizes *sizes) {
            return crosscheck::checkLexoptPwMultiAff(onlyPiece(o[0]), i[0], c,
                                                     max, sizes);
          });
        });
    add(std::string(max ? "dim_max" : "dim_min"), lightSet,
        [=](auto &o, auto &i, auto &c) {
          if (o[0].isEmptyUnion())
            return Outcome{Outcome::Skip};
          return sizedFunctionCheck([&](crosscheck::FunctionSizes *sizes) {
            return crosscheck::checkDimOpt(onlyPiece(o[0]), i[0], c, max,
                                           sizes);
          });
        });
    add(std::string(max ? "dim_max" : "dim_min") + "-relation", lightRelation,
        [=](auto &o, auto &i, auto &c) {
          if (o[0].isEmptyUnion())
            return Outcome{Outcome::Skip};
          return sizedFunctionCheck([&](crosscheck::FunctionSizes *sizes) {
            return crosscheck::checkDimOpt(onlyPiece(o[0]), i[0], c, max,
                                           sizes);
          });
        });
  }
  for (bool relation : {false, true})
    add(
        relation ? "range_stride_info" : "stride_info",
        [=](RandomSets &r) {
          return Inputs{crosscheck::stridedInput(r, relation)};
        },
        [=](auto &o, auto &i, auto &c) {
          if (o[0].isEmptyUnion())
            return Outcome{Outcome::Skip};
          return functionCheck(
              crosscheck::checkStrideInfo(onlyPiece(o[0]), i[0], c));
        });
  for (bool relation : {false, true})
    add(
        relation ? "range_simple_fixed_box_hull" : "simple_fixed_box_hull",
        [=](RandomSets &r) {
          return Inputs{relation ? crosscheck::stridedInput(r, true)
                                 : crosscheck::stridedInput(r, false)};
        },
        [=](auto &o, auto &i, auto &c) {
          if (o[0].isEmptyUnion())
            return Outcome{Outcome::Skip};
          return functionCheck(
              crosscheck::checkFixedBox(onlyPiece(o[0]), i[0], c));
        });
  add("pullback", crosscheck::pullbackInputs, [=](auto &o, auto &i, auto &c) {
    if (o[0].isEmptyUnion())
      return Outcome{Outcome::Skip};
    return functionCheck(
        crosscheck::checkPullback(onlyPiece(o[0]), onlyPiece(o[1]), i[0], c));
  });
  for (const char *op : {"add", "sub", "union_add", "range_product",
                         "flat_range_product", "neg", "scale"}) {
    std::string name = op;
    bool sameRange = name != "range_product" && name != "flat_range_product";
    add(
        "pw_multi_aff-" + name,
        [=](RandomSets &r) {
          return crosscheck::functionPairInputs(r, sameRange);
        },
        [=](auto &o, auto &i, auto &c) {
          if (o[0].isEmptyUnion() || o[1].isEmptyUnion())
            return Outcome{Outcome::Skip};
          return functionCheck(crosscheck::checkFunctionArithmetic(
              name, onlyPiece(o[0]), onlyPiece(o[1]), onlyPiece(o[2]), i[0],
              i[1], c));
        });
  }
  return ops;
}

uint64_t caseSeed(uint64_t seed, const std::string &op, unsigned index) {
  // FNV-1a over the operation name, mixed with the seed and the index.
  uint64_t h = 1469598103934665603ull ^ seed;
  for (char ch : op)
    h = (h ^ uint64_t(uint8_t(ch))) * 1099511628211ull;
  h ^= uint64_t(index) * 0x9E3779B97F4A7C15ull;
  return h;
}

struct Options {
  unsigned cases = 200;
  uint64_t seed = 1;
  std::string only;
  std::optional<unsigned> singleCase;
  bool verbose = false;
  unsigned long islOperations = 2'000'000;
  uint64_t budget = 0; // 0: kBudgetFactor * WorkBudget::kDefaultLimit
};

/// The cross-check's budget per case, in units of the engine's default: the
/// time the previous calibration of the default gave (up to 20 s of CPU).
constexpr uint64_t kBudgetFactor = 10;

/// The share of an operation's cases that may stop on our work budget
/// before the run fails.
constexpr double kMaxBudgetShare = 0.005;
/// The share of an operation's cases that may be skipped for isl's quota
/// (isl's limit, not ours: looser).
constexpr double kMaxQuotaShare = 0.02;

/// Whether `count` stopped cases out of `cases` exceed `share` (a single
/// stopped case never does, so a --case run cannot fail on it).
bool tooManyStopped(unsigned count, unsigned cases, double share) {
  return count > 1 && double(count) > share * double(cases);
}

int usage(const char *argv0) {
  std::cerr << "usage: " << argv0
            << " [--cases N] [--seed S] [--op NAME] [--case K] [--verbose]"
               " [--isl-operations N] [--budget UNITS] [--list]\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  Options opt;
  std::vector<Operation> ops = operations();
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    auto next = [&]() -> const char * {
      return a + 1 < argc ? argv[++a] : nullptr;
    };
    if (arg == "--cases") {
      const char *v = next();
      if (!v)
        return usage(argv[0]);
      opt.cases = unsigned(std::stoul(v));
    } else if (arg == "--seed") {
      const char *v = next();
      if (!v)
        return usage(argv[0]);
      opt.seed = std::stoull(v);
    } else if (arg == "--op") {
      const char *v = next();
      if (!v)
        return usage(argv[0]);
      opt.only = v;
    } else if (arg == "--case") {
      const char *v = next();
      if (!v)
        return usage(argv[0]);
      opt.singleCase = unsigned(std::stoul(v));
    } else if (arg == "--isl-operations") {
      const char *v = next();
      if (!v)
        return usage(argv[0]);
      opt.islOperations = std::stoul(v);
    } else if (arg == "--budget") {
      const char *v = next();
      if (!v)
        return usage(argv[0]);
      opt.budget = std::stoull(v);
    } else if (arg == "--verbose") {
      opt.verbose = true;
    } else if (arg == "--list") {
      for (const Operation &op : ops)
        std::cout << op.name << "\n";
      return 0;
    } else {
      return usage(argv[0]);
    }
  }
  if (!opt.only.empty() &&
      std::none_of(ops.begin(), ops.end(),
                   [&](const Operation &op) { return op.name == opt.only; })) {
    std::cerr << "unknown operation '" << opt.only << "' (--list names them)\n";
    return 2;
  }

  if (opt.budget == 0)
    opt.budget = kBudgetFactor * WorkBudget::kDefaultLimit;
  IslContext ctx;
  std::map<std::string, Stats> stats;
  unsigned totalDisagreements = 0;
  auto start = std::chrono::steady_clock::now();
  for (const Operation &op : ops) {
    if (!opt.only.empty() && op.name != opt.only)
      continue;
    Stats &st = stats[op.name];
    unsigned first = opt.singleCase ? *opt.singleCase : 0;
    unsigned last = opt.singleCase ? *opt.singleCase + 1 : opt.cases;
    for (unsigned k = first; k < last; ++k) {
      auto caseStart = std::chrono::steady_clock::now();
      RandomSets gen(caseSeed(opt.seed, op.name, k));
      Inputs inputs = op.generate(gen);
      if (opt.verbose)
        for (const std::string &t : inputs)
          std::cout << "case " << k << " input: " << t << "\n";
      std::vector<UnionRelation> ours;
      std::vector<IslObject> theirs;
      Outcome out;
      // isl, too, can take very long (comparing results with many
      // existentials): such cases are skipped, not counted as agreement.
      ctx.startCase(opt.islOperations);
      try {
        WorkBudget::Scope budget(opt.budget);
        bool ok = true;
        for (const std::string &text : inputs) {
          ours.push_back(parseUnion(text));
          bool asMap =
              ours.back().isRelationUnion() && !ours.back().isEmptyUnion();
          if (ours.back().isEmptyUnion()) // a map when '->' is in braces
            asMap = text.find('{') != std::string::npos &&
                    text.find("->", text.find('{')) != std::string::npos;
          std::optional<IslObject> obj = IslObject::parse(ctx, text, asMap);
          if (!obj) {
            ok = false;
            break;
          }
          theirs.push_back(std::move(*obj));
        }
        out = ok ? op.run(ours, theirs, ctx) : Outcome{Outcome::Skip};
      } catch (const LimitExceeded &e) {
        out.kind = Outcome::Budget;
        out.detail = e.what();
        ++st.budget;
      } catch (const std::exception &e) {
        out.kind = Outcome::Disagree;
        out.detail = std::string("engine threw: ") + e.what();
      }
      if (ctx.quotaExceeded() && out.kind != Outcome::Budget) {
        out.kind = Outcome::Skip;
        ++st.islQuota;
      }
      ++st.cases;
      double caseSecs = std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - caseStart)
                            .count();
      if (caseSecs > 2.0)
        std::cout << "SLOW " << caseSecs << " s: seed " << opt.seed << " op "
                  << op.name << " case " << k << std::endl;
      if (out.kind == Outcome::Skip)
        ++st.skipped;
      if (out.hasCounts) {
        st.hasCounts = true;
        st.ourDisjuncts += out.ourDisjuncts;
        st.islDisjuncts += out.islDisjuncts;
        st.ourConstraints += out.ourConstraints;
        st.islConstraints += out.islConstraints;
        st.fewerDisjuncts += out.ourDisjuncts < out.islDisjuncts;
        st.moreDisjuncts += out.ourDisjuncts > out.islDisjuncts;
        st.fewerConstraints += out.ourConstraints < out.islConstraints;
        st.moreConstraints += out.ourConstraints > out.islConstraints;
      }
      if (out.kind == Outcome::Budget && opt.verbose)
        std::cout << "BUDGET seed " << opt.seed << " op " << op.name << " case "
                  << k << "\n";
      if (out.hasExactness) {
        st.hasExactness = true;
        st.bothExact += out.oursExact && out.islExact;
        st.islOnlyExact += !out.oursExact && out.islExact;
        st.oursOnlyExact += out.oursExact && !out.islExact;
        st.neitherExact += !out.oursExact && !out.islExact;
      }
      if (out.hasAst) {
        st.hasAst = true;
        for (unsigned f = 0; f < 6; ++f)
          st.ast[f] += out.ast[f];
      }
      if (out.order != Outcome::NoOrder) {
        st.hasOrder = true;
        st.same += out.order == Outcome::Same;
        st.tighter += out.order == Outcome::Tighter;
        st.looser += out.order == Outcome::Looser;
        st.incomparable += out.order == Outcome::Incomparable;
      }
      if (out.kind == Outcome::Disagree) {
        ++st.disagreements;
        ++totalDisagreements;
        if (st.disagreements <= 5 || opt.verbose) {
          std::cout << "DISAGREEMENT seed " << opt.seed << " op " << op.name
                    << " case " << k << "\n";
          for (const std::string &t : inputs)
            std::cout << "  input: " << t << "\n";
          std::cout << "  " << out.detail << "\n";
        }
      }
    }
  }
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::printf("%-20s %8s %8s %8s %8s %8s\n", "operation", "cases", "disagree",
              "skipped", "budget", "islquota");
  unsigned total = 0;
  for (const auto &[name, st] : stats) {
    total += st.cases;
    std::printf("%-20s %8u %8u %8u %8u %8u\n", name.c_str(), st.cases,
                st.disagreements, st.skipped, st.budget, st.islQuota);
    if (st.hasCounts)
      std::printf("  %-18s disjuncts ours %lu isl %lu (fewer %u, more %u); "
                  "constraints ours %lu isl %lu (fewer %u, more %u)\n",
                  "", st.ourDisjuncts, st.islDisjuncts, st.fewerDisjuncts,
                  st.moreDisjuncts, st.ourConstraints, st.islConstraints,
                  st.fewerConstraints, st.moreConstraints);
    if (st.hasOrder)
      std::printf("  %-18s vs isl: same %u, ours tighter %u, ours looser %u, "
                  "incomparable %u\n",
                  "", st.same, st.tighter, st.looser, st.incomparable);
    if (st.hasAst)
      std::printf("  %-18s for loops ours %lu isl %lu; ifs ours %lu isl %lu; "
                  "lines ours %lu isl %lu\n",
                  "", st.ast[0], st.ast[1], st.ast[2], st.ast[3], st.ast[4],
                  st.ast[5]);
    if (st.hasExactness)
      std::printf("  %-18s exact closures: both %u, isl only %u, ours only "
                  "%u, neither %u\n",
                  "", st.bothExact, st.islOnlyExact, st.oursOnlyExact,
                  st.neitherExact);
  }
  std::printf("total %u cases, %u disagreements, %.1f s\n", total,
              totalDisagreements, secs);
  bool stoppedTooOften = false;
  for (const auto &[name, st] : stats) {
    if (tooManyStopped(st.budget, st.cases, kMaxBudgetShare)) {
      std::printf("FAIL %s: %u of %u cases stopped on the work budget "
                  "(more than %.1f%%)\n",
                  name.c_str(), st.budget, st.cases, 100 * kMaxBudgetShare);
      stoppedTooOften = true;
    }
    if (tooManyStopped(st.islQuota, st.cases, kMaxQuotaShare)) {
      std::printf("FAIL %s: %u of %u cases skipped for isl's quota "
                  "(more than %.1f%%)\n",
                  name.c_str(), st.islQuota, st.cases, 100 * kMaxQuotaShare);
      stoppedTooOften = true;
    }
  }
  return totalDisagreements == 0 && !stoppedTooOften ? 0 : 1;
}
