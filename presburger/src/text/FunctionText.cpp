//===- FunctionText.cpp - Quasi-affine functions in isl notation ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Printing gathers the divisions of a piece's outputs into one basic set
// so that the printer names them once (printFunctionPiece); reading goes
// through the relation parser and the exact conversion.
//
//===----------------------------------------------------------------------===//
#include "presburger/FunctionText.h"
#include "basic/Divisions.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Printer.h"

namespace presburger {

namespace {

/// The text of `ma` on `domain`, its outputs' divisions gathered.
std::string pieceText(const MultiAff &ma, const Relation &domain) {
  BasicRelation forms(ma.domainSpace());
  std::vector<LocalMap> maps;
  for (const Aff &a : ma.affs())
    maps.push_back(importDivisions(forms, a.localSpace()));
  std::vector<std::vector<Int>> rows;
  for (unsigned i = 0; i < ma.numOutputs(); ++i)
    rows.push_back(maps[i].mapRow(ConstRow(ma.aff(i).row()), forms.numCols()));
  return printFunctionPiece(forms, rows, ma.rangeTuple(), domain);
}

std::string functionText(const PwMultiAff &f) {
  std::string body;
  for (const PwMultiAff::Piece &p : f.pieces())
    body += (body.empty() ? "" : "; ") + pieceText(p.ma, p.domain);
  // isl writes the function defined nowhere as `{  }`.
  return printParamsPrefix(f.domainSpace().paramNames()) + "{ " + body + " }";
}

/// parse(text), a relation text's exact conversion; a relation that is no
/// function is reported as a ParseError at the start of the text.
template <typename F> auto asParseError(F parse) -> decltype(parse()) {
  try {
    return parse();
  } catch (const InvalidArgument &e) {
    throw ParseError(e.what(), 1, 1);
  } catch (const UnboundedError &e) {
    throw ParseError(e.what(), 1, 1);
  }
}

} // namespace

std::string Aff::toString() const {
  return MultiAff(domainSpace(), Tuple(1), {*this}).toString();
}

std::string MultiAff::toString() const {
  return printParamsPrefix(domainSpace().paramNames()) + "{ " +
         pieceText(*this, Relation::universe(domainSpace())) + " }";
}

std::string PwAff::toString() const { return functionText(toPwMultiAff()); }

std::string PwMultiAff::toString() const { return functionText(*this); }

PwMultiAff parsePwMultiAff(std::string_view text) {
  Relation r = parseRelation(text);
  return asParseError([&] { return PwMultiAff::fromRelation(r); });
}

PwAff parsePwAff(std::string_view text) {
  PwMultiAff f = parsePwMultiAff(text);
  return asParseError([&] { return PwAff::fromPwMultiAff(f); });
}

MultiAff parseMultiAff(std::string_view text) {
  PwMultiAff f = parsePwMultiAff(text);
  if (f.numPieces() != 1 || !f.pieces()[0].domain.isUniverse())
    throw ParseError("not defined by one expression on the whole domain: " +
                         std::string(text),
                     1, 1);
  return f.pieces()[0].ma;
}

Aff parseAff(std::string_view text) {
  MultiAff ma = parseMultiAff(text);
  if (ma.numOutputs() != 1)
    throw ParseError("an expression has one output, not " +
                         std::to_string(ma.numOutputs()),
                     1, 1);
  return ma.aff(0);
}

} // namespace presburger
