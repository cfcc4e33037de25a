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

std::string printBasicRelation(const BasicRelation &b);
std::string printRelation(const Relation &r);
std::string printUnionRelation(const UnionRelation &u);

} // namespace presburger

#endif // PRESBURGER_PRINTER_H
