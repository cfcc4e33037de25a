//===- Printer.h - isl notation out -----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Canonical printing in isl notation: the same object always prints to the
// same string, and isl (isl_union_map_read_from_str) parses the output back
// to an equal object.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_PRINTER_H
#define PRESBURGER_PRINTER_H

#include "presburger/Int.h"

#include <string>
#include <vector>

namespace presburger {

class BasicRelation;
class Relation;
class UnionRelation;
class Tuple;

/// The parameter list that opens an isl text, `[n, m] -> `, or nothing
/// when there are no parameters. Linear in the names' length.
std::string printParamsPrefix(const std::vector<std::string> &params);
/// `b` in isl notation: `[n] -> { S[i, j = 1 + i] : 0 <= i < n }`. Locals
/// with definitions are written inline as floor/mod, the others under
/// `exists`. Linear in the size of `b` (a few sorts of its rows).
std::string printBasicRelation(const BasicRelation &b);
/// The disjunct alone, as it stands between the braces of
/// printBasicRelation (no parameter list, no braces): `S[i] : 0 <= i < n`.
/// For callers that embed disjuncts in a larger text (schedule trees).
std::string printDisjunct(const BasicRelation &b);
/// `r` in isl notation, its disjuncts separated by `;` (a disjunct that
/// prints like an earlier one is written once).
std::string printRelation(const Relation &r);
/// `u` in isl notation, its pieces in the union's order (sorted by tuples).
std::string printUnionRelation(const UnionRelation &u);
/// One piece of a quasi-affine function as isl prints the pieces of an
/// isl_pw_multi_aff: `[i] -> B[(e1), (e2)] : constraints` (no tuple and no
/// arrow for a params domain). `forms` is a basic set of the function's
/// domain space whose locals are the divisions the expressions use, each
/// expression a row over its columns; `domain` is the piece's domain (a
/// set of that space), shown as its disjuncts' constraints joined by `or`
/// and left out when some disjunct is the universe. The dimensions have
/// the same names in the expressions and the constraints.
std::string printFunctionPiece(const BasicRelation &forms,
                               const std::vector<std::vector<Int>> &rows,
                               const Tuple &range, const Relation &domain);

} // namespace presburger

#endif // PRESBURGER_PRINTER_H
