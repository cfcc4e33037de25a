//===- RemoveDivs.cpp - Dropping locals by rational elimination -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// isl's isl_map_remove_divs: every local (division or plain existential) of
// every disjunct is eliminated as if it were rational, by Gaussian
// elimination on the equalities that involve it and Fourier-Motzkin on the
// inequalities. The rational shadow contains the integer shadow, so the
// result is a superset; the constraints are then tightened over the
// integers (valid for every integer point of the shadow).
//
//===----------------------------------------------------------------------===//
#include "hulls/RationalPolyhedron.h"

#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

using namespace hulls;

Relation Relation::removeDivs() const {
  WorkBudget::Operation op;
  Relation out(space_);
  for (const BasicRelation &d : disjuncts_) {
    if (d.isObviouslyEmpty())
      continue;
    if (d.numLocals() == 0) {
      out.disjuncts_.push_back(d);
      continue;
    }
    unsigned lo = d.offset(VarKind::Local);
    RatPoly p(d.numVars());
    p.eqs = d.equalities();
    p.ineqs = d.inequalities();
    RatPoly shadow = eliminateRational(std::move(p), lo, d.numLocals());
    BasicRelation b(space_);
    for (unsigned i = 0; i < shadow.eqs.numRows(); ++i)
      b.addEquality(shadow.eqs.row(i));
    for (unsigned i = 0; i < shadow.ineqs.numRows(); ++i)
      b.addInequality(shadow.ineqs.row(i));
    if (b.normalize())
      out.disjuncts_.push_back(std::move(b));
  }
  return out;
}

} // namespace presburger
