//===- Help.cpp - The `help;` statement -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Help.h"

#include <string>

namespace presburger::calc {

const char *functionSummary(Function f) {
  switch (f) {
  case Function::Coalesce:
    return "fewer disjuncts, same points";
  case Function::Lexmin:
    return "lexicographic minimum (per domain element)";
  case Function::Lexmax:
    return "lexicographic maximum (per domain element)";
  case Function::Dom:
    return "domain of a relation";
  case Function::Ran:
    return "range of a relation";
  case Function::Deltas:
    return "{ y - x : x -> y in m }";
  case Function::Sample:
    return "one element, or the empty set";
  case Function::Aff:
    return "affine hull";
  case Function::Poly:
    return "convex (polyhedral) hull, as isl's poly";
  case Function::ConvexHull:
    return "convex hull (the same as poly)";
  case Function::SimpleHull:
    return "simple hull";
  case Function::Params:
    return "parameter domain (a params set)";
  case Function::Wrap:
    return "relation as a set of pairs [A[..] -> B[..]]";
  case Function::Unwrap:
    return "set of pairs as a relation";
  case Function::DomainMap:
    return "{ [x -> y] -> x : x -> y in m }";
  case Function::RangeMap:
    return "{ [x -> y] -> y : x -> y in m }";
  case Function::Curry:
    return "{ x -> [y -> z] : [x -> y] -> z in m }";
  case Function::Uncurry:
    return "{ [x -> y] -> z : x -> [y -> z] in m }";
  case Function::Zip:
    return "{ [x -> z] -> [y -> w] : [x -> y] -> [z -> w] in m }";
  case Function::Universe:
    return "universe of each space";
  case Function::Identity:
    return "identity relation on a set";
  case Function::IsEmpty:
    return "True when there is no element";
  case Function::IsUniverse:
    return "True when every point is an element";
  case Function::IsSingleValued:
    return "True when each x has one image";
  case Function::IsInjective:
    return "True when each y has one preimage";
  case Function::IsBijective:
    return "single-valued and injective";
  case Function::IsExactClosure:
    return "True when m^+ is exact";
  case Function::Codegen:
    return "C code running a schedule's instances in time order";
  }
  return "?";
}

std::string languageHelp() {
  std::string out =
      "Statements (each ends with ';'):\n"
      "  NAME := EXPR;   assign        EXPR;  print EXPR;   print the value\n"
      "  help;           this list     # ...  a comment to the end of the "
      "line\n"
      "Values: sets and relations in isl notation, e.g.\n"
      "  [n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }   "
      "{ A[i] -> B[2i + 1] }\n"
      "Operators, lowest precedence first:\n"
      "  a = b  a <= b  a < b  a >= b  a > b   equal, subset, proper subset, "
      "...\n"
      "  a + b   a - b                         union, difference\n"
      "  a * b                                 intersection (relation * set: "
      "domain)\n"
      "  a % b                                 gist of a in the context b\n"
      "  a . b                                 join: {x->y} . {y->z} = "
      "{x->z}\n"
      "  a cross b                             Cartesian product\n"
      "  a -> b                                universal relation from a to "
      "b\n"
      "  a << b  a <<= b  a >> b  a >>= b      lexicographic order "
      "relations\n"
      "  m(s)    m^-1                          apply m to s; inverse of m\n"
      "  m^+     m^K                           transitive closure; K-th power "
      "(K >= 1)\n"
      "  last W before R under S               exact (value-based) flow "
      "dependences\n"
      "  any W before R under S                may-dependences\n"
      "Functions (prefix, one argument, e.g. 'lexmin dom m'):\n";
  for (int k = int(Function::Coalesce); k <= int(Function::Codegen); ++k) {
    auto f = Function(k);
    std::string line = "  ";
    line += name(f);
    line.resize(21, ' ');
    out += line + functionSummary(f) + "\n";
  }
  out += "Ctrl-C stops the running statement or drops the line being typed; "
         "Ctrl-D quits.\n";
  return out;
}

} // namespace presburger::calc
