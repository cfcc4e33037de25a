//===- Pieces.h - Operations on piecewise functions, piece by piece -*- C++
//-*-//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one mechanism behind the arithmetic of PwAff and PwMultiAff: an
// operation on two piecewise functions works on each pair of pieces whose
// domains meet (on their intersection), a unary one on each piece, and
// isl's union_* operations add each operand alone where only it is
// defined.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_FUNCTIONS_PIECES_H
#define PRESBURGER_FUNCTIONS_PIECES_H

#include "presburger/Errors.h"
#include "presburger/PwAff.h"
#include "presburger/PwMultiAff.h"

namespace presburger::pieces {

/// The value of a piece: its expression, or its tuple of expressions.
inline const Aff &valueOf(const PwAff::Piece &p) { return p.aff; }
inline const MultiAff &valueOf(const PwMultiAff::Piece &p) { return p.ma; }

/// Calls `fn(d, p, q)` for every piece p of `x` and q of `y` whose domains
/// meet, d their intersection; SpaceError when the domain tuples differ.
/// One intersection and emptiness test per pair.
template <typename Pw, typename Fn>
void forMeeting(const Pw &x, const Pw &y, Fn &&fn) {
  if (!x.domainSpace().sameTuples(y.domainSpace()))
    throw SpaceError(
        "functions on different domains: " + x.domainSpace().toString() +
        " and " + y.domainSpace().toString());
  for (const auto &p : x.pieces())
    for (const auto &q : y.pieces()) {
      Relation d = p.domain.intersect(q.domain);
      if (!d.isEmpty())
        fn(std::move(d), p, q);
    }
}

/// `out` (empty, of the result's space) with one piece per pair of pieces
/// of `x` and `y` whose domains meet, the value `op(value of p, of q)`.
template <typename Out, typename Pw, typename Op>
Out pairwise(Out out, const Pw &x, const Pw &y, Op &&op) {
  forMeeting(x, y, [&](Relation d, const auto &p, const auto &q) {
    out.addPiece(std::move(d), op(valueOf(p), valueOf(q)));
  });
  return out;
}

/// `out` (empty, of the result's space) with each piece of `x`, its value
/// replaced by `op` of it.
template <typename Out, typename Pw, typename Op>
Out piecewise(Out out, const Pw &x, Op &&op) {
  for (const auto &p : x.pieces())
    out.addPiece(p.domain, op(valueOf(p)));
  return out;
}

/// isl's union_add (union_min, union_max): `both` (the operation on the
/// intersection of the domains) with the pieces of `a` where only `a` is
/// defined and those of `b` where only `b` is. Two domain differences.
template <typename Pw> Pw unionWith(Pw both, const Pw &a, const Pw &b) {
  if (!a.domainSpace().sameTuples(b.domainSpace()))
    throw SpaceError(
        "functions on different domains: " + a.domainSpace().toString() +
        " and " + b.domainSpace().toString());
  Relation da = a.domain(), db = b.domain();
  Pw onlyA = a.intersectDomain(da.subtract(db));
  Pw onlyB = b.intersectDomain(db.subtract(da));
  for (const auto &p : onlyA.pieces())
    both.addPiece(p.domain, valueOf(p));
  for (const auto &p : onlyB.pieces())
    both.addPiece(p.domain, valueOf(p));
  return both;
}

} // namespace presburger::pieces

#endif // PRESBURGER_FUNCTIONS_PIECES_H
