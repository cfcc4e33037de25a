//===- Printer.h - isl notation out -----------------------------*- C++ -*-===//
//
// Canonical printing in isl notation: the same object always prints to the
// same string, and isl (isl_union_map_read_from_str) parses the output back
// to an equal object.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_PRINTER_H
#define PRESBURGER_PRINTER_H

#include <string>

namespace presburger {

class BasicRelation;
class Relation;
class UnionRelation;

/// `b` in isl notation: "[n] -> { S[i] : 0 <= i < n }".
std::string printBasicRelation(const BasicRelation &b);
/// The disjunct alone, as it stands between the braces of
/// printBasicRelation (no parameter list, no braces): "S[i] : 0 <= i < n".
/// For callers that embed disjuncts in a larger text (schedule trees).
std::string printDisjunct(const BasicRelation &b);
/// `r` in isl notation, disjuncts separated by "; ".
std::string printRelation(const Relation &r);
/// `u` in isl notation, one parameter list for all its spaces.
std::string printUnionRelation(const UnionRelation &u);

} // namespace presburger

#endif // PRESBURGER_PRINTER_H
