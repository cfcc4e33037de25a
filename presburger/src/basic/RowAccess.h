//===- RowAccess.h - Rewriting the rows of a basic relation -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). The public interface of
// BasicRelation only adds and removes constraints; the engine's own
// algorithms that rewrite rows in place (Gaussian elimination, folding one
// local into another, reductions on a lattice, substitutions for printing)
// reach the rows here. A caller keeps the rows numCols() wide and leaves
// the division definitions true on the points.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASIC_ROWACCESS_H
#define PRESBURGER_SRC_BASIC_ROWACCESS_H

#include "presburger/BasicRelation.h"

namespace presburger {

namespace detail {
struct BasicRelationRows {
  static Matrix &equalities(BasicRelation &b) { return b.mutEqs(); }
  static Matrix &inequalities(BasicRelation &b) { return b.mutIneqs(); }
};
} // namespace detail

/// The equality rows of `b`, to rewrite in place.
inline Matrix &mutableEqualities(BasicRelation &b) {
  return detail::BasicRelationRows::equalities(b);
}
/// The inequality rows of `b`, to rewrite in place.
inline Matrix &mutableInequalities(BasicRelation &b) {
  return detail::BasicRelationRows::inequalities(b);
}

} // namespace presburger

#endif // PRESBURGER_SRC_BASIC_ROWACCESS_H
