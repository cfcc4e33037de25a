//===- FunctionText.h - Quasi-affine functions in isl notation --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads functions written as isl writes them:
//
//   [n] -> { [i] -> [(floor(i/2) + n)] : i >= 0 }          (a PwAff)
//   { [i] -> [(i), (2i + 1)] }                             (a MultiAff)
//   { [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }       (pieces)
//   [n] -> { [(n)] }                                       (of the params)
//
// The text is read as a relation (Parser.h) and converted exactly
// (PwMultiAff::fromRelation), so any relation text that is a function
// reads, whatever way it is written. Printing is the toString methods of
// the function classes (defined with these functions, in the text layer).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_FUNCTIONTEXT_H
#define PRESBURGER_FUNCTIONTEXT_H

#include "presburger/Aff.h"
#include "presburger/MultiAff.h"
#include "presburger/PwAff.h"
#include "presburger/PwMultiAff.h"

#include <string_view>

namespace presburger {

/// A piecewise function. Throws ParseError for text that does not read
/// (with its line and column) and for a relation that is not a function
/// (not single-valued, or an output that is not quasi-affine; reported at
/// line 1, column 1).
PwMultiAff parsePwMultiAff(std::string_view text);
/// A piecewise expression: a function with one output.
PwAff parsePwAff(std::string_view text);
/// A function defined on its whole domain space by one tuple of
/// expressions (isl_multi_aff_read_from_str).
MultiAff parseMultiAff(std::string_view text);
/// One expression on its whole domain space (isl_aff_read_from_str).
Aff parseAff(std::string_view text);

} // namespace presburger

#endif // PRESBURGER_FUNCTIONTEXT_H
