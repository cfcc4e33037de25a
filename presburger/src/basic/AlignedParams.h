//===- AlignedParams.h - Operands over one parameter list -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the engine (not installed). Binary operations align their
// operands' parameters by name; most operands already share one list, and
// copying them only to align nothing was a tenth of a small intersection.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SRC_BASIC_ALIGNEDPARAMS_H
#define PRESBURGER_SRC_BASIC_ALIGNEDPARAMS_H

namespace presburger {

/// fn(a', b') where a' and b' are `a` and `b` over one parameter list: the
/// operands themselves when their lists agree (no copy), else copies
/// aligned by alignParams(T &, T &) (a's order first, then b's new names).
/// T is BasicRelation, Relation or any type with space() and alignParams.
template <typename T, typename Fn>
decltype(auto) withAlignedParams(const T &a, const T &b, Fn &&fn) {
  if (a.space().paramNames() == b.space().paramNames())
    return fn(a, b);
  T x = a, y = b;
  alignParams(x, y);
  return fn(static_cast<const T &>(x), static_cast<const T &>(y));
}

} // namespace presburger

#endif // PRESBURGER_SRC_BASIC_ALIGNEDPARAMS_H
