//===- ComputeDivs.cpp - Existentials as floor divisions ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// { x : exists z : C(x, z) } is the set of x where lexmin_z C(x, z) exists.
// Parametric integer programming over the symbols x (with the locals that
// already have definitions as context divisions) returns exactly that
// domain, partitioned into pieces whose only locals are floor divisions.
//
//===----------------------------------------------------------------------===//
#include "presburger/BasicRelation.h"
#include "presburger/Errors.h"
#include "presburger/ParametricLexMin.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

std::vector<BasicRelation> BasicRelation::computeDivs() const {
  WorkBudget::Operation op;
  BasicRelation t = *this;
  if (!t.simplifyLocals())
    return {};
  if (t.divisionOrder())
    return {t};
  unsigned lo = t.offset(VarKind::Local);
  unsigned nl = t.numLocals();
  // A division is a symbol only when it is a function of the variables:
  // its definition may use other symbol divisions, never an existential.
  std::vector<unsigned> defined = t.divisionsOf(lo), undefined;
  std::vector<bool> placed(nl, false);
  for (unsigned k : defined)
    placed[k] = true;
  for (unsigned k = 0; k < nl; ++k)
    if (!placed[k])
      undefined.push_back(k);
  // Column of each original local among the symbols / variables.
  unsigned numSymbols = lo + unsigned(defined.size());
  std::vector<unsigned> newCol(t.numVars());
  for (unsigned c = 0; c < lo; ++c)
    newCol[c] = c;
  for (unsigned i = 0; i < defined.size(); ++i)
    newCol[lo + defined[i]] = lo + i;
  for (unsigned i = 0; i < undefined.size(); ++i)
    newCol[lo + undefined[i]] = numSymbols + i;
  auto mapRow = [&](ConstRow row, unsigned width) {
    std::vector<Int> out(width + 1);
    for (unsigned c = 0; c < t.numVars(); ++c)
      if (!row[c].isZero())
        out[newCol[c]] = row[c];
    out.back() = row.back();
    return out;
  };
  BasicRelation context(Space::set({}, Tuple(lo)));
  for (unsigned k : defined) {
    std::vector<Int> num = mapRow(t.divNumerator(k), context.numVars());
    context.addDivLocal(num, t.divDenominator(k));
  }
  BasicRelation problem(Space::set({}, Tuple(t.numVars())));
  for (unsigned i = 0; i < t.numEqualities(); ++i)
    problem.addEquality(mapRow(t.equality(i), t.numVars()));
  for (unsigned i = 0; i < t.numInequalities(); ++i)
    problem.addInequality(mapRow(t.inequality(i), t.numVars()));
  problem = boundExistentials(problem, numSymbols);
  LexMinResult res = parametricLexMin(problem, numSymbols, context, 0);
  if (res.unbounded)
    throw UnboundedError("cannot express the existential variables of " +
                         t.toString() + " as floor divisions");
  std::vector<BasicRelation> out;
  std::vector<unsigned> map(lo);
  for (unsigned c = 0; c < lo; ++c)
    map[c] = c;
  for (const LexMinPiece &piece : res.pieces) {
    BasicRelation b(t.space());
    b.appendMapped(piece.domain, map);
    if (!b.simplifyLocals())
      continue;
    // Simplification can substitute a local away through an equality that
    // also involves a defined division, which then loses its definition;
    // find it again from the constraints, or compute it once more.
    if (!b.allLocalsDefined() &&
        !(b.detectDivDefinitions() && b.divisionOrder())) {
      for (BasicRelation &q : b.computeDivs())
        out.push_back(std::move(q));
      continue;
    }
    out.push_back(std::move(b));
  }
  return out;
}

} // namespace presburger
