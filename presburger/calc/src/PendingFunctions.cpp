//===- PendingFunctions.cpp - Functions awaiting engine support -----------===//
//
// To wire a function once the engine has it, replace its `throw` below by
// the engine call, e.g. `return x.coalesce();`.
//
//===----------------------------------------------------------------------===//
#include "pcalc/PendingFunctions.h"

namespace presburger::calc {

FunctionUnavailable::FunctionUnavailable(Function f)
    : std::runtime_error(std::string("function '") + name(f) +
                         "' is not available in this build") {}

bool isPendingFunction(Function f) {
  switch (f) {
  case Function::Coalesce:
  case Function::Aff:
  case Function::Poly:
  case Function::ConvexHull:
  case Function::SimpleHull:
    return true;
  default:
    return false;
  }
}

UnionRelation evalPendingFunction(Function f, const UnionRelation &x) {
  (void)x;
  switch (f) {
  case Function::Coalesce:   // x.coalesce()
  case Function::Aff:        // x.affineHull()
  case Function::Poly:       // x.convexHull() (isl's poly: the convex hull)
  case Function::ConvexHull: // x.convexHull()
  case Function::SimpleHull: // x.simpleHull()
    throw FunctionUnavailable(f);
  default:
    throw std::logic_error(std::string("evalPendingFunction: '") + name(f) +
                           "' is not a pending function");
  }
}

} // namespace presburger::calc
