//===- Dataflow.cpp - Exact (value-based) dataflow analysis ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The analysis works on tagged sinks t = [r -> e] (an instance and one
// element it reads), with their times S(t) = S(r):
//   candidates(W) = { t -> w : w writes e, S(w) < S(t) }
//   last          = lexmax over the definite writes (must sources, kills)
//                   of the candidates' times: { t -> time }, computed per
//                   writer statement and then across them
//   must          = must-source candidates at the last time
//   may           = must, and may-source candidates after the last time
//                   (or at any time when t has no definite write)
// then the tags are dropped: { w -> r }.
//
//===----------------------------------------------------------------------===//

#include "presburger/Dataflow.h"

#include "presburger/Errors.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

namespace {

void requireAccesses(const UnionRelation &u, const char *what) {
  if (!u.isEmptyUnion() && !u.isRelationUnion())
    throw SpaceError(std::string("the ") + what +
                     " must be access relations { instance -> element }, "
                     "not " +
                     u.toString());
}

/// { [r -> e] -> r : r -> e in a } (toInstance) or { [r -> e] -> e }.
Relation tagMap(const Relation &a, bool toInstance) {
  const Space &sp = a.space();
  Relation wrapped = a.wrap();
  const Tuple &tag = wrapped.space().setTuple();
  const Tuple &to = toInstance ? sp.domainTuple() : sp.rangeTuple();
  BasicRelation b(Space::relation(sp.paramNames(), tag, to));
  const unsigned from = toInstance ? 0 : sp.numDomain();
  for (unsigned j = 0; j < to.numDims(); ++j) {
    std::vector<Int> eq(b.numCols());
    eq[b.offset(VarKind::Domain) + from + j] = Int(1);
    eq[b.offset(VarKind::Range) + j] = Int(-1);
    b.addEquality(eq);
  }
  return Relation(std::move(b)).intersectDomain(wrapped);
}

} // namespace

UnionRelation padSchedule(const UnionRelation &schedule) {
  WorkBudget::Operation op;
  requireAccesses(schedule, "schedule");
  unsigned depth = 0;
  for (const Relation &p : schedule.pieces()) {
    if (p.space().rangeTuple().isNested())
      throw SpaceError("a schedule maps instances to flat time tuples, not " +
                       p.space().toString());
    depth = std::max(depth, p.numRange());
  }
  UnionRelation out(schedule.paramNames());
  for (const Relation &p : schedule.pieces()) {
    unsigned n = p.numRange();
    Relation q = p.insertDims(VarKind::Range, n, depth - n);
    for (unsigned d = n; d < depth; ++d)
      q = q.fix(VarKind::Range, d, Int(0));
    // One anonymous time space: the times of all statements compare.
    q.setSpace(q.space().withRangeTuple(Tuple(depth)));
    out.add(std::move(q));
  }
  return out;
}

Flow computeFlow(const AccessInfo &info) {
  WorkBudget::Operation op;
  requireAccesses(info.sink, "sinks");
  requireAccesses(info.mustSource, "must sources");
  requireAccesses(info.maySource, "may sources");
  requireAccesses(info.kill, "kills");
  const UnionRelation schedule = padSchedule(info.schedule);
  std::vector<std::string> params = info.sink.paramNames();
  UnionRelation toInstance(params), toElement(params), tagged(params);
  for (const Relation &a : info.sink.pieces()) {
    toInstance.add(tagMap(a, true));
    toElement.add(tagMap(a, false));
    tagged.add(a.wrap());
  }
  const UnionRelation taggedTime = toInstance.applyRange(schedule);
  // { t -> w : w writes the element of t, before t }
  auto candidates = [&](const UnionRelation &writes) {
    UnionRelation same = toElement.applyRange(writes.reverse());
    UnionRelation before = taggedTime.lexOrderTo(
        schedule.intersectDomain(writes.domain()), LexOrder::GT);
    return same.intersect(before);
  };
  const UnionRelation mustC = candidates(info.mustSource);
  const UnionRelation mayC = candidates(info.maySource);
  const UnionRelation definite = mustC.unite(candidates(info.kill));
  // The last definite write: per writer statement first (small problems,
  // one writer's candidates each), then the latest of those.
  UnionRelation perWriter(params);
  for (const Relation &piece : definite.pieces())
    perWriter =
        perWriter.unite(UnionRelation(piece).applyRange(schedule).lexmax());
  const UnionRelation last = perWriter.lexmax();
  const UnionRelation lastMust =
      mustC.intersect(last.applyRange(schedule.reverse()));
  const UnionRelation afterLast = last.lexOrderTo(
      schedule.intersectDomain(info.maySource.domain()), LexOrder::LT);
  const UnionRelation mayAfterLast = mayC.intersect(afterLast);
  // A may source between the last definite write and the sink may have
  // overwritten its value: that write is then a may source only (isl's
  // rule: must dependences are the ones that surely carry the value).
  const UnionRelation mustT =
      lastMust.intersectDomain(tagged.subtract(mayAfterLast.domain()));
  const UnionRelation undefined = tagged.subtract(last.domain());
  const UnionRelation mayT =
      lastMust.unite(mayAfterLast).unite(mayC.intersectDomain(undefined));
  Flow f;
  // Not coalesced: with divisions (wrapping allocations, strides) that can
  // cost more than the analysis; callers coalesce what they print.
  f.mustDependence = mustT.reverse().applyRange(toInstance);
  f.mayDependence = mayT.reverse().applyRange(toInstance);
  f.mayNoSource = undefined.unwrap();
  f.mustNoSource = undefined.subtract(mayC.domain()).unwrap();
  return f;
}

} // namespace presburger
