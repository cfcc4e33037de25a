//===- Parser.cpp - isl notation in: the public entry points --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Parser.h"

#include "presburger/WorkBudget.h"
#include "text/ParserImpl.h"

#include <algorithm>
#include <new>
#include <numeric>

namespace presburger {

namespace {

struct ParsedBody {
  Relation relation;
  parser::SourcePos pos;
};

struct Parsed {
  std::vector<std::string> params;
  std::vector<ParsedBody> bodies;
  parser::SourcePos openBrace;
};

/// Runs `step`, a part of reading the body at `pos`, with its failures
/// reported at `pos` (read when one is caught): a stop of the reader's own
/// budget `reading` or an engine error becomes a ParseError there. A stop
/// of an enclosing caller's budget or a cancellation is not the reader's
/// to report and propagates unchanged.
template <typename F>
void atBody(const parser::SourcePos &pos, const WorkBudget::Scope &reading,
            F &&step) {
  try {
    step();
  } catch (const LimitExceeded &e) {
    if (!reading.stoppedBy(e))
      throw;
    parser::fail(pos, "formula too complex to process (work limit "
                      "exceeded)");
  } catch (const ParseError &) {
    throw;
  } catch (const Error &e) {
    parser::fail(pos,
                 std::string("cannot represent this formula: ") + e.what());
  } catch (const std::bad_alloc &) {
    throw;
  } catch (const std::exception &e) {
    // Not expected; reported with a position rather than let through.
    parser::fail(pos, std::string("internal error: ") + e.what());
  }
}

Parsed parseAll(std::string_view text) {
  // The reader's own limit, the default one: inside a caller's tighter
  // budget that one is in force, and its stop is the caller's (atBody).
  WorkBudget::Scope reading(WorkBudget::kDefaultLimit);
  WorkBudget::Operation op;
  parser::Ast ast = parser::parseSyntax(text);
  Parsed out;
  out.params = ast.params;
  out.openBrace = ast.openBrace;
  bool haveSet = false, haveRelation = false, haveParams = false;
  for (const parser::BodyAst &body : ast.bodies) {
    bool isRel = body.kind == parser::BodyKind::Relation;
    bool isParams = body.kind == parser::BodyKind::Params;
    if ((isRel && (haveSet || haveParams)) ||
        (!isRel && !isParams && haveRelation))
      parser::fail(body.pos, "cannot combine sets and relations in one union");
    if ((isParams && (haveSet || haveRelation)) || (!isParams && haveParams))
      parser::fail(body.pos, "cannot combine a parameter-only set with "
                             "sets or relations in one union");
    haveSet = haveSet || (!isRel && !isParams);
    haveRelation = haveRelation || isRel;
    haveParams = haveParams || isParams;
    atBody(body.pos, reading, [&] {
      out.bodies.push_back({parser::lowerBody(ast, body), body.pos});
    });
  }
  // The optional tidy of every body, within one allowance for the whole
  // reading and half of what the reading has left (so that it gives up
  // before the reading's own budget does): where it runs out, the bodies
  // left keep their disjuncts as read.
  parser::SourcePos at = ast.openBrace;
  atBody(at, reading, [&] {
    uint64_t share = std::min(parser::kTidyWork, WorkBudget::left() / 2);
    WorkBudget::attempt(share, [&] {
      for (ParsedBody &body : out.bodies) {
        at = body.pos;
        parser::tidy(body.relation);
      }
      return true;
    });
  });
  return out;
}

} // namespace

namespace {

/// The disjuncts of `bodies[order[i]]` for i in [from, to), all of one
/// space, as one relation without copies or disjuncts inside others: one
/// pass over all of them (adding the bodies one by one would compare each
/// with every earlier one).
Relation collect(std::vector<ParsedBody> &bodies,
                 const std::vector<size_t> &order, size_t from, size_t to) {
  Relation r = std::move(bodies[order[from]].relation);
  for (size_t i = from + 1; i < to; ++i)
    for (const BasicRelation &d : bodies[order[i]].relation.disjuncts())
      r.addDisjunct(d);
  r.removeContainedDisjuncts();
  return r;
}

} // namespace

UnionRelation parseUnion(std::string_view text) {
  Parsed p = parseAll(text);
  // Bodies grouped by space (in the order written within a space), the
  // groups in the order of the union's pieces.
  std::vector<size_t> order(p.bodies.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return Space::tupleLess(p.bodies[a].relation.space(),
                            p.bodies[b].relation.space());
  });
  UnionRelation u(p.params);
  for (size_t i = 0; i < order.size();) {
    size_t j = i + 1;
    while (j < order.size() && p.bodies[order[j]].relation.space().sameTuples(
                                   p.bodies[order[i]].relation.space()))
      ++j;
    u.add(collect(p.bodies, order, i, j));
    i = j;
  }
  return u;
}

Relation parseRelation(std::string_view text) {
  Parsed p = parseAll(text);
  if (p.bodies.empty())
    parser::fail(p.openBrace, "expected a set or relation in one space, "
                              "found an empty union");
  const Space &first = p.bodies[0].relation.space();
  for (size_t i = 1; i < p.bodies.size(); ++i) {
    const Space &next = p.bodies[i].relation.space();
    if (!next.sameTuples(first))
      parser::fail(p.bodies[i].pos, "expected a set or relation in one "
                                    "space, found " +
                                        first.toString() + " and " +
                                        next.toString());
  }
  std::vector<size_t> order(p.bodies.size());
  std::iota(order.begin(), order.end(), size_t(0));
  return collect(p.bodies, order, 0, order.size());
}

BasicRelation parseBasicRelation(std::string_view text) {
  Relation r = parseRelation(text);
  if (r.numDisjuncts() == 0)
    return BasicRelation::empty(r.space());
  if (r.numDisjuncts() > 1)
    throw ParseError("expected a single conjunction, found " +
                         std::to_string(r.numDisjuncts()) + " disjuncts",
                     1, 1);
  return r.disjuncts()[0];
}

} // namespace presburger
