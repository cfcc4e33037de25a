//===- LexOptPieces.h - Lexicographic optima as explicit pieces -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The parametric solver's answer for one basic relation's optimum, before
// it becomes a relation: each range dimension's value is an affine row
// over the piece's symbols and the floor divisions the solver's cuts
// introduced, so a function can be read off it directly, whatever the
// constraints of the relation look like.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_LEXOPT_LEXOPTPIECES_H
#define PRESBURGER_LEXOPT_LEXOPTPIECES_H

#include "presburger/ParametricLexMin.h"

#include <vector>

namespace presburger {

/// The lexicographic minimum (with `maximize`, maximum) of the range of
/// `b` as pieces partitioning the points of b's domain: each piece's
/// `domain` is a basic set over the symbols (an anonymous set space with
/// one dimension per parameter and domain dimension of b), whose locals
/// are the solver's divisions (defined) and existential copies of the
/// problem's variables, each copy held equal to the solver's value for it
/// where it has one (simplifyLocals substitutes them away); `values` has
/// one row per range dimension of b,
/// over the domain's columns (constant last). It uses no undefined local.
/// Cost: one parametric integer programming run (exponential in the worst
/// case; charges the work budget). Throws UnboundedError when a range
/// dimension has no bound in the optimized direction.
std::vector<LexMinPiece> basicLexOptPieces(const BasicRelation &b,
                                           bool maximize);

} // namespace presburger

#endif // PRESBURGER_LEXOPT_LEXOPTPIECES_H
