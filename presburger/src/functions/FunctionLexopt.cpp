//===- FunctionLexopt.cpp - Lexicographic optima as functions -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lexicographic optimum of lexopt/ is exact and single-valued by
// construction, with its outputs written as equalities; reading it as a
// function needs no single-valuedness test.
//
//===----------------------------------------------------------------------===//
#include "presburger/Errors.h"
#include "presburger/PwAff.h"
#include "presburger/PwMultiAff.h"

namespace presburger {

PwMultiAff Relation::lexminPwMultiAff() const {
  return PwMultiAff::fromSingleValued(lexmin());
}

PwMultiAff Relation::lexmaxPwMultiAff() const {
  return PwMultiAff::fromSingleValued(lexmax());
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

PwAff Relation::dimMin(unsigned pos) const {
  return onlyDim(*this, pos).lexminPwMultiAff().pwAff(0);
}

PwAff Relation::dimMax(unsigned pos) const {
  return onlyDim(*this, pos).lexmaxPwMultiAff().pwAff(0);
}

} // namespace presburger
