//===- Parser.h - isl notation in -------------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads sets and relations written in isl notation, as isl 0.25's
// isl_union_map_read_from_str / isl_union_set_read_from_str accept them
// (signs and numbers as isl reads them since 0.26: `0-1//4` is 0):
//
//   [n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }
//   { A[i] -> B[2i + 1] : exists e : i = 3e }; { [x] : x mod 4 = 1 }
//   { A[i] : i >= 0; B[i, j] : i < j }          (several spaces)
//   [n] -> { : n > 0 }                          (a parameter-only set)
//
// with parameters, named, anonymous and nested tuples, `exists`, floor,
// ceil, mod/%, floord/ceild, `//`, min/max, `?:`, chained and list
// comparisons, lexicographic comparisons (<<, <<=, >>, >>=), and/or/not/
// implies in all spellings, tuple ranges `[0:3]` and definitions `[x = 4:5]`,
// pieces `[(2a : a >= 0); 0 : a < 0]`, powers `2^70`, and the older
// parameter syntax `{ Sym=[n] [i] : i <= n }`.
// docs/isl-notation.md lists everything accepted and the differences from
// isl.
//
// Every function here either returns an object equal to what isl reads from
// the same text or throws ParseError with the 1-based line and column of
// the offending token; no input makes it crash, hang or assert. Text that is
// well formed but too large to process (a formula whose disjunctive normal
// form has more than 10000 disjuncts, a negated `exists` whose complement
// exceeds the work budget) is also reported as a ParseError at the place
// that caused it.
//
// Dimension names are kept as name hints (Tuple::dimNames) so that printing
// gives back the names that were read; constants and expressions in tuples
// leave their dimension unnamed.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_PARSER_H
#define PRESBURGER_PARSER_H

#include "presburger/BasicRelation.h"
#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <string_view>

namespace presburger {

/// Reads a union of sets or relations over any number of spaces. An empty
/// pair of braces gives the empty union (with the declared parameters).
/// Sets and relations cannot be mixed in one union (as in isl), nor can a
/// parameter-only set be combined with either (isl accepts that; we do not).
UnionRelation parseUnion(std::string_view text);

/// Reads a set, relation or parameter set whose disjuncts all live in one
/// space (same tuple names and arities). Throws ParseError when the text
/// names no space (`{ }`) or several.
Relation parseRelation(std::string_view text);

/// Reads a single conjunction: like parseRelation, but the result must have
/// at most one disjunct after parsing (an empty set gives an empty basic
/// relation); throws ParseError otherwise.
BasicRelation parseBasicRelation(std::string_view text);

} // namespace presburger

#endif // PRESBURGER_PARSER_H
