//===- Operations.h - Operators and functions on values --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The meaning of each operator and function of the language, with its type
// rules. An operand of the wrong kind throws TypeError; the engine's own
// errors (presburger::Error and its subclasses) pass through. The evaluator
// adds the position.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_OPERATIONS_H
#define PCALC_OPERATIONS_H

#include "pcalc/Ast.h"
#include "pcalc/Value.h"

#include <stdexcept>

namespace presburger::calc {

/// An operator or function applied to values of kinds it does not accept.
class TypeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

Value evalBinary(BinaryOp op, const Value &a, const Value &b);
Value evalCall(Function f, const Value &x);
/// `m(s)`: the image of the set `s` under the relation `m`.
Value evalApply(const Value &m, const Value &s);
/// `m^-1`.
Value evalInverse(const Value &m);
/// `m^+`: the transitive closure of the relation `m` (over all its spaces),
/// exact when an exact closure is found, otherwise a superset of it that is
/// closed under composition with `m` (Closure.h).
Value evalClosure(const Value &m);
/// `m^K` for the exponent `k` >= 1, as written (a decimal literal).
Value evalPower(const Value &m, const std::string &k);
/// `last W before R under S` (Last) and `any W before R under S` (Any):
/// the flow dependences { source -> sink } of the reads `r` on the writes
/// `w` under the schedule `s` (Dataflow.h): for Last the last write of each
/// element before the read, all writes taken as definite; for Any every
/// write of the element before the read.
Value evalFlow(FlowKind kind, const Value &w, const Value &r, const Value &s);

/// The points of `u` (sets, relations or a params set) whose parameters
/// satisfy the params set `p` (iscc's `*` with a params set).
UnionRelation intersectParams(const UnionRelation &u, const UnionRelation &p);

} // namespace presburger::calc

#endif // PCALC_OPERATIONS_H
