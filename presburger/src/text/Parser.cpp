//===- Parser.cpp - isl notation in: the public entry points --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/Parser.h"

#include "presburger/WorkBudget.h"
#include "text/ParserImpl.h"

#include <new>

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

Parsed parseAll(std::string_view text) {
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
    try {
      out.bodies.push_back({parser::lowerBody(ast, body), body.pos});
    } catch (const LimitExceeded &) {
      parser::fail(body.pos, "formula too complex to process (work limit "
                             "exceeded)");
    } catch (const ParseError &) {
      throw;
    } catch (const Error &e) {
      parser::fail(body.pos,
                   std::string("cannot represent this formula: ") + e.what());
    } catch (const std::bad_alloc &) {
      throw;
    } catch (const std::exception &e) {
      // Not expected; reported with a position rather than let through.
      parser::fail(body.pos, std::string("internal error: ") + e.what());
    }
  }
  return out;
}

} // namespace

UnionRelation parseUnion(std::string_view text) {
  Parsed p = parseAll(text);
  UnionRelation u(p.params);
  for (ParsedBody &b : p.bodies)
    u.add(std::move(b.relation));
  return u;
}

Relation parseRelation(std::string_view text) {
  Parsed p = parseAll(text);
  if (p.bodies.empty())
    parser::fail(p.openBrace, "expected a set or relation in one space, "
                              "found an empty union");
  Relation r = p.bodies[0].relation;
  for (size_t i = 1; i < p.bodies.size(); ++i) {
    const Relation &next = p.bodies[i].relation;
    if (!next.space().sameTuples(r.space()))
      parser::fail(p.bodies[i].pos,
                   "expected a set or relation in one space, found " +
                       r.space().toString() + " and " +
                       next.space().toString());
    r = r.unite(next);
  }
  return r;
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
