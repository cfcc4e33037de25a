//===- FunctionLexopt.cpp - Lexicographic optima as functions -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lexicographic optimum of lexopt/ is exact and single-valued by
// construction, with its outputs written as equalities; reading it as a
// function needs no single-valuedness test. Where a disjunct's outputs are
// not written so, the parametric solver's pieces give them: their values
// are explicit (basicOptimumPieces).
//
//===----------------------------------------------------------------------===//
#include "functions/OptimumPieces.h"
#include "lexopt/LexOptPieces.h"
#include "presburger/Errors.h"
#include "presburger/PwAff.h"
#include "presburger/PwMultiAff.h"

namespace presburger {

std::vector<PwMultiAff::Piece>
basicOptimumPieces(const BasicRelation &b, const Space &domain, bool maximize) {
  unsigned numSymbols = b.offset(VarKind::Range);
  std::vector<unsigned> symbolCols(numSymbols);
  for (unsigned c = 0; c < numSymbols; ++c)
    symbolCols[c] = c;
  std::vector<PwMultiAff::Piece> out;
  for (const LexMinPiece &piece : basicLexOptPieces(b, maximize)) {
    BasicRelation dom(domain);
    dom.appendMapped(piece.domain, symbolCols);
    if (!dom.simplify())
      continue;
    // The context's columns as expressions: the inputs, then its divisions
    // (each over earlier columns). Its other locals, the existential copies
    // of the problem's variables, appear in no value and no division.
    const BasicRelation &ctx = piece.domain;
    std::vector<Aff> vars;
    std::vector<bool> defined(ctx.offset(VarKind::Local), true);
    for (unsigned p = 0; p < b.numParams(); ++p)
      vars.push_back(Aff::param(domain, p));
    for (unsigned d = 0; d < b.numDomain(); ++d)
      vars.push_back(Aff::dim(domain, d));
    auto expression = [&](ConstRow r) {
      std::vector<Int> v(r.begin(), r.begin() + vars.size());
      for (unsigned c = 0; c + 1 < r.size(); ++c)
        if (!r[c].isZero() && (c >= v.size() || !defined[c]))
          throw InvalidArgument("an output of the lexicographic optimum "
                                "uses an existential variable");
      v.push_back(r.back());
      return Aff::combine(v, vars, domain);
    };
    for (unsigned k = 0; k < ctx.numLocals(); ++k) {
      defined.push_back(ctx.hasDivDef(k));
      vars.push_back(
          ctx.hasDivDef(k)
              ? expression(ctx.divNumerator(k)).floorDiv(ctx.divDenominator(k))
              : Aff(domain));
    }
    std::vector<Aff> outs;
    for (unsigned j = 0; j < b.numRange(); ++j)
      outs.push_back(expression(piece.values.row(j)));
    out.push_back({Relation(dom),
                   MultiAff(domain, b.space().rangeTuple(), std::move(outs))});
  }
  return out;
}

namespace {

/// Dimension `pos` of the set `r` (range dimension of the relation `r`)
/// alone.
Relation onlyDim(const Relation &r, unsigned pos) {
  if (r.isParams())
    throw SpaceError("dimMin/dimMax: " + r.toString() +
                     " is a set of parameters");
  if (pos >= r.numRange())
    throw InvalidArgument("dimMin/dimMax: no dimension " + std::to_string(pos));
  unsigned n = r.numRange();
  return r.projectOut(VarKind::Range, pos + 1, n - pos - 1)
      .projectOut(VarKind::Range, 0, pos);
}

} // namespace

PwMultiAff Relation::lexminPwMultiAff() const {
  return functionOfDisjointParts(lexmin());
}

PwMultiAff Relation::lexmaxPwMultiAff() const {
  return functionOfDisjointParts(lexmax());
}

PwAff Relation::dimMin(unsigned pos) const {
  return onlyDim(*this, pos).lexminPwMultiAff().pwAff(0);
}

PwAff Relation::dimMax(unsigned pos) const {
  return onlyDim(*this, pos).lexmaxPwMultiAff().pwAff(0);
}

} // namespace presburger
