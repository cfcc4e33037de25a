//===- FunctionChecks.h - Quasi-affine functions against isl ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The cross-check's cases for the function classes (PwMultiAff.h,
// PwAff.h): random single-valued relations (piecewise quasi-affine graphs
// with floor divisions and parameters) and random multi-affine functions,
// and the comparisons with isl's isl_pw_multi_aff_from_map,
// isl_map_lexmin_pw_multi_aff, isl_set_dim_max and
// isl_pw_multi_aff_pullback_multi_aff. Our functions are compared as isl
// reads their text (isl_pw_multi_aff_read_from_str), so printing is
// checked too.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CROSSCHECK_FUNCTIONCHECKS_H
#define PRESBURGER_CROSSCHECK_FUNCTIONCHECKS_H

#include "IslOracle.h"
#include "RandomSets.h"

#include "presburger/Relation.h"

#include <string>
#include <vector>

namespace crosscheck {

/// A single-valued relation of two pieces A -> B (text): each output a
/// random quasi-affine expression of the inputs and parameters.
std::string singleValuedRelation(RandomSets &r);
/// A single-valued relation A -> B and a multi-affine function X -> A
/// (texts).
std::vector<std::string> pullbackInputs(RandomSets &r);

/// Two single-valued relations A -> B (with `sameRange`, else A -> B and
/// A -> C) of one or two pieces each, over the same parameters, and a
/// one-point set { [k] } with k in [-3, 3] (texts).
std::vector<std::string> functionPairInputs(RandomSets &r, bool sameRange);

/// A set (or, with `relation`, a relation) whose dimensions have strides:
/// boxes with one or two congruences over the dimensions and parameters,
/// through `mod` or an existential, maybe in two disjuncts (text).
std::string stridedInput(RandomSets &r, bool relation);

/// Each check is empty when ours agrees with isl, otherwise what differs.
/// The relation `rel` read as a function, then back to a relation, equals
/// the input, and isl reads our text to the function isl makes of it.
std::string checkFromRelation(const presburger::Relation &rel,
                              const IslObject &theirs, const IslContext &ctx);
/// The sizes of two functions that agree: the domains of our pieces, and
/// the disjuncts and constraints of the domains of isl's pieces (as isl
/// counts them), for the result-size columns of the report.
struct FunctionSizes {
  std::vector<presburger::Relation> ourDomains;
  unsigned islDisjuncts = 0, islConstraints = 0;
};
/// lexmin (or lexmax) as a function, of a relation or a set; `sizes`, when
/// given, is filled when the two agree.
std::string checkLexoptPwMultiAff(const presburger::Relation &in,
                                  const IslObject &theirs,
                                  const IslContext &ctx, bool max,
                                  FunctionSizes *sizes = nullptr);
/// dim_max (or dim_min) of dimension 0 of a set, or of range dimension 0
/// of a relation (a function of the domain).
std::string checkDimOpt(const presburger::Relation &set,
                        const IslObject &theirs, const IslContext &ctx,
                        bool max, FunctionSizes *sizes = nullptr);
/// The function `rel` (single-valued, A -> B) pulled back by the multi-affine
/// function whose graph is `maGraph` (X -> A).
std::string checkPullback(const presburger::Relation &rel,
                          const presburger::Relation &maGraph,
                          const IslObject &theirs, const IslContext &ctx);

/// The arithmetic operation `op` of PwMultiAff (add, sub, union_add,
/// range_product, flat_range_product on both functions; neg, and scale by
/// the value of the one-point set `factor`, on the first) against isl's
/// isl_pw_multi_aff_* of the same functions.
std::string checkFunctionArithmetic(const std::string &op,
                                    const presburger::Relation &first,
                                    const presburger::Relation &second,
                                    const presburger::Relation &factor,
                                    const IslObject &theirsFirst,
                                    const IslObject &theirsSecond,
                                    const IslContext &ctx);

/// The stride of dimension 0 of a set (range dimension 0 of a relation):
/// isl's stride or a multiple of it (our hull of a union can keep a
/// congruence isl's loses), and our offset valid (every point's value is
/// offset + stride * k, checked by isl), hence congruent to isl's.
std::string checkStrideInfo(const presburger::Relation &in,
                            const IslObject &theirs, const IslContext &ctx);

/// The simple fixed-size box hull of a set (of a relation's range): valid
/// exactly where isl's is, and then no size larger than isl's (our simple
/// hull can be tighter, a tie between bounds may pick another offset) and
/// every point inside our box (checked by isl).
std::string checkFixedBox(const presburger::Relation &in,
                          const IslObject &theirs, const IslContext &ctx);

} // namespace crosscheck

#endif // PRESBURGER_CROSSCHECK_FUNCTIONCHECKS_H
