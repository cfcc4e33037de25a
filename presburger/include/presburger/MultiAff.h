//===- MultiAff.h - Tuples of quasi-affine expressions ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A function from a domain space to a range tuple whose every output is a
// quasi-affine expression of the inputs (isl's isl_multi_aff):
//
//   { [i] -> [(i), (1 + 2i)] }      [n] -> { A[i] -> B[(n - i)] }
//
// The domain is a set space or a params space (a function of the
// parameters only, `[n] -> { [(n), (0)] }`). Values: copyable, small.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_MULTIAFF_H
#define PRESBURGER_MULTIAFF_H

#include "presburger/Aff.h"

#include <string>
#include <vector>

namespace presburger {

class MultiAff {
public:
  /// The function from the params space without parameters to `[]`.
  MultiAff() = default;
  /// The function from `domain` to the tuple `range` with the given
  /// outputs (as many as the tuple has dimensions, each on `domain`;
  /// parameters aligned by name). Throws SpaceError otherwise.
  MultiAff(Space domain, Tuple range, std::vector<Aff> affs);
  /// The identity on the set space `space`.
  static MultiAff identity(const Space &space);

  /// The domain space (set or params space), the range tuple, and the
  /// function's space: the relation space domain -> range, or for a params
  /// domain the set space of the range.
  const Space &domainSpace() const { return domain_; }
  const Tuple &rangeTuple() const { return range_; }
  Space space() const;
  unsigned numOutputs() const { return unsigned(affs_.size()); }
  /// Output `i`, and all outputs.
  const Aff &aff(unsigned i) const { return affs_[i]; }
  const std::vector<Aff> &affs() const { return affs_; }

  /// The function x -> this(ma(x)) (ma's range tuple must be this
  /// function's domain tuple). One Aff::pullback per output.
  MultiAff pullback(const MultiAff &ma) const;
  /// Output-wise sum and difference (isl's isl_multi_aff_add, _sub): the
  /// same domain tuple and range tuple, else SpaceError. Negation and
  /// integer multiple. One Aff operation per output.
  MultiAff add(const MultiAff &o) const;
  MultiAff sub(const MultiAff &o) const;
  MultiAff neg() const;
  MultiAff scale(const Int &k) const;
  /// The outputs of this then of `o` (the same domain tuple, else
  /// SpaceError): to the wrapped tuple [R1 -> R2] (isl's
  /// isl_multi_aff_range_product), or to one anonymous flat tuple
  /// (isl_multi_aff_flat_range_product).
  MultiAff rangeProduct(const MultiAff &o) const;
  MultiAff flatRangeProduct(const MultiAff &o) const;
  /// The outputs at `point` (the parameters, then the domain dimensions).
  std::vector<Int> eval(const Point &point) const;
  /// The graph {x -> f(x)} as a basic relation (for a params domain, the
  /// set {f()}): one equality per output, the divisions as locals.
  BasicRelation toBasicRelation() const;

  /// The same parameters in the order `params` (a superset).
  void alignParams(const std::vector<std::string> &params);
  /// Output by output Aff::isPlainEqual, same range tuple.
  bool isPlainEqual(const MultiAff &o) const;

  /// isl notation, `{ [i] -> [(i), (1 + 2i)] }`, as isl prints an
  /// isl_multi_aff. Defined by the text layer.
  std::string toString() const;

private:
  Space domain_;
  Tuple range_;
  std::vector<Aff> affs_;
};

} // namespace presburger

#endif // PRESBURGER_MULTIAFF_H
