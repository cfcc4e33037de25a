//===- Stream.h - Printing the value types on std::ostream ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `os << x` for the engine's value types, in the notation their toString()
// gives: isl notation for sets and relations (canonical, read back by isl
// and by the Parser), `[n] -> { S[2] -> T[1] }` for spaces. Int's own
// operator<< is in Int.h.
//
//   presburger::Relation r = presburger::parseRelation("{ [i] : 0 <= i < 4 }");
//   std::cout << r.lexmax() << "\n";   // { [i = 3] }
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_STREAM_H
#define PRESBURGER_STREAM_H

#include "presburger/Fraction.h"
#include "presburger/Hulls.h"
#include "presburger/Int.h"
#include "presburger/Matrix.h"

#include <ostream>

namespace presburger {

class Tuple;
class Space;
class BasicRelation;
class Relation;
class UnionRelation;

/// Writes the tuple as tupleToString does: its name and its dimensions,
/// by their name hints where it has them (`S[i, j]`, `[A[i] -> B[j]]`).
/// O(size of the tuple).
std::ostream &operator<<(std::ostream &os, const Tuple &t);
/// Writes Space::toString(), e.g. `[n] -> { A[2] -> B[1] }`. O(size).
std::ostream &operator<<(std::ostream &os, const Space &s);
/// Writes the basic relation in isl notation (printBasicRelation).
/// O(constraints * variables).
std::ostream &operator<<(std::ostream &os, const BasicRelation &b);
/// Writes the relation in canonical isl notation (printRelation).
/// O(disjuncts * constraints * variables).
std::ostream &operator<<(std::ostream &os, const Relation &r);
/// Writes the union in canonical isl notation (printUnionRelation).
/// O(pieces * disjuncts * constraints * variables).
std::ostream &operator<<(std::ostream &os, const UnionRelation &u);
/// Writes `num/den`, or `num` for an integer. O(digits).
std::ostream &operator<<(std::ostream &os, const Fraction &f);
/// Writes the matrix row by row (Matrix::toString). O(entries).
std::ostream &operator<<(std::ostream &os, const Matrix &m);
/// Writes the bounds as `empty`, or `[lower, upper]` with `-inf`/`+inf`
/// for a missing bound, followed by ` mod stride = offset` when the
/// stride is above 1: `[0, 9] mod 3 = 1`. O(digits).
std::ostream &operator<<(std::ostream &os, const DimBounds &b);

} // namespace presburger

#endif // PRESBURGER_STREAM_H
