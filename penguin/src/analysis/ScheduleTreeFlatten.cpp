//===- ScheduleTreeFlatten.cpp - Schedule trees to maps -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flattening a schedule tree into one map { instance -> time } (getMap),
// padding flattened schedules to one arity, and reading a schedule given
// either as a tree or as a map.
//
//===----------------------------------------------------------------------===//

#include "penguin/ScheduleTree.h"

#include "presburger/Dataflow.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"

#include <algorithm>
#include <map>
#include <optional>

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::Space;
using presburger::Tuple;
using presburger::UnionRelation;
using presburger::VarKind;

//===----------------------------------------------------------------------===//
// Flattening
//===----------------------------------------------------------------------===//

namespace {

struct Emission {
  Relation instances;          // a set: one statement's instances
  std::vector<Relation> comps; // each T[ivs] -> [t]
};

/// The piece of the union relation `u` whose domain tuple is `t`.
const Relation *pieceWithDomain(const UnionRelation &u, const Tuple &t) {
  for (const Relation &p : u.pieces())
    if (p.space().domainTuple() == t)
      return &p;
  return nullptr;
}

/// { T[ivs] -> [value] } on the instances `set`.
Relation constantTime(const Relation &set, int64_t value) {
  Space sp = Space::relation(set.space().paramNames(), set.space().setTuple(),
                             Tuple(1));
  BasicRelation b(sp);
  std::vector<Int> row(b.numCols());
  row[b.offset(VarKind::Range)] = Int(1);
  row.back() = Int(-value);
  b.addEquality(row);
  return Relation(std::move(b)).intersectDomain(set);
}

void flatten(const ScheduleNode &n, const UnionRelation &active,
             const std::vector<UnionRelation> &comps,
             std::vector<Emission> &out) {
  switch (n.kind()) {
  case ScheduleNodeKind::Domain:
    flatten(n.child(), n.set(), {}, out);
    return;
  case ScheduleNodeKind::Filter:
    flatten(n.child(), active.intersect(n.set()), comps, out);
    return;
  case ScheduleNodeKind::Mark:
    flatten(n.child(), active, comps, out);
    return;
  case ScheduleNodeKind::Band: {
    std::vector<UnionRelation> next = comps;
    for (const UnionRelation &m : n.members()) {
      UnionRelation c = m.intersectDomain(active);
      for (const Relation &a : active.pieces()) {
        const Relation *piece = pieceWithDomain(c, a.space().setTuple());
        bool covered = piece && a.isSubsetOf(piece->domain());
        if (!covered && !a.isEmpty())
          throw ScheduleError("the band " + printBand(n.members()) +
                              " does not give a time to every instance of " +
                              a.toString() + " that reaches it");
      }
      next.push_back(std::move(c));
    }
    flatten(n.child(), active, next, out);
    return;
  }
  case ScheduleNodeKind::Sequence: {
    for (size_t i = 0; i < n.children().size(); ++i) {
      const ScheduleNode &f = n.children()[i];
      UnionRelation sub = active.intersect(f.set());
      std::vector<UnionRelation> next;
      for (const UnionRelation &c : comps)
        next.push_back(c.intersectDomain(sub));
      UnionRelation position(sub.paramNames());
      for (const Relation &a : sub.pieces())
        position.add(constantTime(a, int64_t(i)));
      next.push_back(std::move(position));
      flatten(f.child(), sub, next, out);
    }
    return;
  }
  case ScheduleNodeKind::Leaf:
    for (const Relation &a : active.pieces()) {
      Emission e{a, {}};
      bool empty = false;
      for (const UnionRelation &c : comps) {
        const Relation *piece = pieceWithDomain(c, a.space().setTuple());
        if (!piece) {
          // The engine may drop a piece it finds empty while `a` (the same
          // instances) is not yet known to be empty.
          if (a.isEmpty()) {
            empty = true;
            break;
          }
          throw ScheduleError("no time is given to " + a.toString());
        }
        e.comps.push_back(*piece);
      }
      if (!empty)
        out.push_back(std::move(e));
    }
    return;
  }
}

/// { T[ivs] -> [t0, ..., tK-1] } from the components, padded with zeros.
Relation assemble(const Emission &e, unsigned K) {
  Space sp = Space::relation(e.instances.space().paramNames(),
                             e.instances.space().setTuple(), Tuple(K));
  Relation r = Relation::universe(sp).intersectDomain(e.instances);
  for (unsigned k = 0; k < e.comps.size(); ++k) {
    Relation c = e.comps[k]
                     .insertDims(VarKind::Range, 0, k)
                     .insertDims(VarKind::Range, k + 1, K - k - 1);
    r = r.intersect(c);
  }
  for (unsigned k = unsigned(e.comps.size()); k < K; ++k)
    r = r.fix(VarKind::Range, k, Int(0));
  return r;
}

} // namespace

UnionRelation ScheduleTree::getMap() const {
  std::vector<Emission> emissions;
  flatten(root_, UnionRelation(domain().paramNames()), {}, emissions);
  unsigned K = 0;
  for (const Emission &e : emissions)
    K = std::max(K, unsigned(e.comps.size()));
  UnionRelation out(domain().paramNames());
  for (const Emission &e : emissions)
    out.add(assemble(e, K));
  return out;
}

UnionRelation padSchedule(const UnionRelation &map) {
  for (const Relation &p : map.pieces()) {
    if (!p.isRelation())
      throw ScheduleError("a schedule maps statement instances to times; "
                          "found a set: " +
                          p.toString());
    const Tuple &out = p.space().rangeTuple();
    if (out.hasName() || out.isNested())
      throw ScheduleError("the times of a schedule are anonymous flat "
                          "tuples [t0, t1, ...]; found " +
                          p.toString());
  }
  return presburger::padSchedule(map); // the engine's padding, checked
}

UnionRelation parseSchedule(std::string_view text, const std::string &file) {
  // A tree starts with "domain:" or "{ domain:" (after blanks and
  // comments); anything else is a relation.
  size_t p = 0;
  while (p < text.size()) {
    char c = text[p];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++p;
    } else if (c == '#') {
      while (p < text.size() && text[p] != '\n')
        ++p;
    } else {
      break;
    }
  }
  size_t q = p;
  if (q < text.size() && text[q] == '{') {
    ++q;
    while (q < text.size() && (text[q] == ' ' || text[q] == '\n' ||
                               text[q] == '\t' || text[q] == '\r'))
      ++q;
  }
  if (text.substr(q, 6) == "domain") {
    size_t r = q + 6;
    while (r < text.size() && text[r] == ' ')
      ++r;
    if (r < text.size() && text[r] == ':')
      return ScheduleTree::parse(text, file).getMap();
  }
  UnionRelation u;
  try {
    u = presburger::parseUnion(text);
  } catch (const presburger::ParseError &e) {
    throw ParseError(SourceLocation{file, int(e.line()), int(e.column())},
                     e.message());
  }
  if (u.isEmptyUnion())
    throw ScheduleError("the schedule is empty");
  return penguin::padSchedule(u);
}

} // namespace penguin
