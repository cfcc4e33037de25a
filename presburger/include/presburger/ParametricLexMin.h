//===- ParametricLexMin.h - Parametric integer programming ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lexicographic minimum of integer variables as a piecewise affine
// function of symbols (Feautrier's parametric integer programming):
//
//   lexmin { y in Z^n : A y + B s + c >= 0 }   for s in a context D
//
// The result partitions (the integer points of) D into pieces D_i, each with
// an affine function y = f_i(s) over the symbols and the floor divisions the
// algorithm introduced (held as locals of D_i). Symbols where the problem
// has no solution are in no piece.
//
// Method: a dual simplex on a tableau whose constants are affine in the
// symbols and in a big parameter M (every variable is written y = y' - M
// with y' >= 0, so that negative values need no special case and unbounded
// ones show up as a non-unit M coefficient). Columns are kept lexico-
// positive, so the first feasible tableau is the lexicographic minimum.
// A row whose constant has an undetermined sign on the context splits the
// context in two; a variable with a non-integral value gets a Gomory cut,
// whose fractional part becomes a new floor-division symbol of the context.
//
// Complexity: exponential in the worst case (number of context splits and
// cuts); every pivot, split and cut is charged to the work budget.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_PARAMETRICLEXMIN_H
#define PRESBURGER_PARAMETRICLEXMIN_H

#include "presburger/BasicRelation.h"

#include <vector>

namespace presburger {

struct LexMinPiece {
  /// A basic set over the symbols (an anonymous set space with one
  /// dimension per symbol) whose locals are floor divisions.
  BasicRelation domain;
  /// One row per variable: its value as an affine function over the
  /// columns of `domain` (symbols, locals, constant last).
  Matrix values;
  /// Per variable, whether its row is its value: false only for a helper
  /// variable unbounded below (beyond the bounded ones), whose row is zero.
  std::vector<bool> known;
};

struct LexMinResult {
  std::vector<LexMinPiece> pieces;
  /// True when, for some symbol values of the context where the problem has
  /// integer solutions, one of the first `numBoundedVars` variables has no
  /// minimum (unbounded below). Pieces are then incomplete.
  bool unbounded = false;
};

/// Computes the lexicographic minimum of the variables of `problem`.
/// `problem` is a basic set whose first `numSymbols` columns are the
/// symbols and whose other variables (remaining dimensions, then locals) are
/// minimized in that order. `context` is a basic set whose variables
/// (dimensions, then floor-division locals) are the symbols, in the same
/// order: context.numVars() == numSymbols. Only the first `numBoundedVars`
/// variables must be bounded below: later ones (existential helpers) are
/// allowed to be unbounded as long as their integrality is not in question;
/// otherwise the result reports unbounded.
LexMinResult parametricLexMin(const BasicRelation &problem, unsigned numSymbols,
                              const BasicRelation &context,
                              unsigned numBoundedVars);

/// Prepares a problem whose variables after the first `numFree` ones are
/// existential helpers (only their existence matters): it changes the
/// helpers by a unimodular transformation so that the directions in which
/// their recession cone is full-dimensional come last, and eliminates those
/// directions rationally, which is exact there (a fibre with a
/// full-dimensional recession cone has an integer point as soon as it has a
/// rational one). The helpers that remain are bounded once the free
/// variables are fixed, so parametric lexmin over them never meets an
/// unbounded direction. `problem` is a basic set without locals; the result
/// has the same first `numFree` columns.
BasicRelation boundExistentials(const BasicRelation &problem, unsigned numFree);

} // namespace presburger

#endif // PRESBURGER_PARAMETRICLEXMIN_H
