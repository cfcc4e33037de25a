//===- PendingFunctions.h - Functions awaiting engine support --*- C++ -*-===//
//
// `coalesce`, `aff`, `poly`, `convex_hull` and `simple_hull` need engine
// operations that are not part of this build yet (UnionRelation::coalesce,
// affineHull, convexHull, simpleHull). They are parsed and type-checked like
// every other function; evaluating one reports
//   function 'coalesce' is not available in this build
// as a normal error. PendingFunctions.cpp is the single place to wire them
// when the engine provides the operations.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_PENDINGFUNCTIONS_H
#define PCALC_PENDINGFUNCTIONS_H

#include "pcalc/Ast.h"
#include "presburger/UnionRelation.h"

#include <stdexcept>

namespace presburger::calc {

/// A function of the language whose engine operation this build lacks.
class FunctionUnavailable : public std::runtime_error {
public:
  explicit FunctionUnavailable(Function f);
};

/// Whether `f` is one of the five functions above.
bool isPendingFunction(Function f);

/// Evaluates one of the five functions on a (type-checked) union; throws
/// FunctionUnavailable while the engine operation is missing.
UnionRelation evalPendingFunction(Function f, const UnionRelation &x);

} // namespace presburger::calc

#endif // PCALC_PENDINGFUNCTIONS_H
