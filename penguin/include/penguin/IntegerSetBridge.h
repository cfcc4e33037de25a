//===- IntegerSetBridge.h - Penguin expressions <-> engine sets -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bridge of the seeds (affine-predicate-bridge.txt, Stages B and C):
// how a Penguin quasi-affine expression or predicate becomes constraint rows
// of a `presburger` basic set, and how the constraints of a basic set come
// back as predicates.
//
// Variable identity is POSITIONAL (the seed's position_of): the induction
// variables of an instruction's loop nest are the set dimensions in loop
// order (outermost first), and the symbolic parameters are engine
// parameters, identified by name. One instruction is one statement tuple
// "sN" (N = its id). Dimension names are printing hints only.
//
// Forward (build_aff): the expression is flattened first (Stage A,
// linearize in quasi-affine mode: c + sum(coeff * atom)), then each atom is
// translated:
//   Index i            the set dimension of loop variable i
//   Param p            the engine parameter named p
//   floordiv(e, d)     a division local q = floor(e / d)  (addDivLocal)
//   mod(e, d)          e - d * floor(e / d)
//   ccdiv(e, d, g)     ceil(e / d) = floor((e + d - 1) / d): a local
//   ccmod(e, d, g)     e - d * ceil(e / d)            (docs/penguin-ir.md)
// Equal division atoms share one local. A leaf that is neither a variable
// of the loop nest nor a parameter of the space throws BridgeError
// "<expr> doesn't appear in params or loopnest" (the seed's literal); a
// RuntimeValue leaf is never representable and throws the same error. A
// predicate with a runtime value is illegal: checkLegalPredicate's
// "Invalid Predicate!" (IRError) is thrown before any translation.
//
// Backward (enumerate_affine_predicates): each equality becomes an `e == 0`
// predicate and each inequality an `e >= 0` predicate over the same
// variables (dimension k back to the k-th loop variable, parameters by
// name); a division local becomes floordiv(numerator, d), and a constraint
// that contains k * (N - d * floor(N / d)) is written with k * mod(N, d)
// when that makes it shorter. The defining constraints of the divisions are
// implied by the floordiv semantics and are not listed. An empty set gives
// nullopt (the seed's "None": the domain is infeasible). The round trip
// predicates -> set -> predicates gives the same set exactly.
//
// Nothing here changes a kernel; errors are typed (BridgeError, IRError,
// OverflowError from penguin; presburger::Error from the engine).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_INTEGERSETBRIDGE_H
#define PENGUIN_INTEGERSETBRIDGE_H

#include "penguin/AccessPattern.h"
#include "penguin/AffineExpr.h"
#include "penguin/AffinePredicate.h"
#include "penguin/Error.h"
#include "penguin/Kernel.h"

#include "presburger/BasicRelation.h"
#include "presburger/Relation.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace penguin {

/// An expression or set that the bridge cannot represent: an index that is
/// neither a loop variable of the nest nor a parameter, a runtime value, an
/// existential without a division definition, a space that does not fit.
class BridgeError : public Error {
public:
  using Error::Error;
};

/// The seed's literal (after the expression): "<expr> doesn't appear in
/// params or loopnest".
inline constexpr const char *kNotInParamsOrLoopnestMessage =
    " doesn't appear in params or loopnest";

/// The positional identity of one statement's variables (the seed's
/// create_domain_space): tuple name, loop variables in loop order (the set
/// dimensions), parameter names (the engine parameters, in this order).
class DomainSpace {
public:
  DomainSpace() = default;
  /// Throws BridgeError on a repeated loop variable or parameter name, or a
  /// name used as both.
  DomainSpace(std::string tupleName, std::vector<std::string> ivs,
              std::vector<std::string> params);

  const std::string &tupleName() const { return tupleName_; }
  const std::vector<std::string> &ivs() const { return ivs_; }
  const std::vector<std::string> &params() const { return params_; }
  unsigned numIvs() const { return unsigned(ivs_.size()); }
  unsigned numParams() const { return unsigned(params_.size()); }
  std::optional<unsigned> ivPosition(std::string_view name) const;
  std::optional<unsigned> paramPosition(std::string_view name) const;

  /// The engine set space `[params] -> { tuple[ivs] }` (with the loop
  /// variables as dimension name hints).
  presburger::Space space() const;
  /// The tuple alone (for relation spaces).
  presburger::Tuple tuple() const;

private:
  std::string tupleName_;
  std::vector<std::string> ivs_;
  std::vector<std::string> params_;
};

/// create_domain_space: the space of a statement in `nest` (outermost loop
/// first) over the parameters `params` (in order).
DomainSpace createDomainSpace(const LoopNest &nest,
                              std::span<const Param> params,
                              std::string tupleName = "");
/// The space of `inst` ("sN") in `nest` over the kernel's parameters.
DomainSpace createDomainSpace(const Kernel &kernel, const LoopNest &nest,
                              const Instruction &inst);

/// build_aff: translates expressions into constraint rows of one basic
/// relation, adding the division locals they need (shared between equal
/// division atoms). The loop variables are the dimensions of `ivKind`
/// (VarKind::Range for a set, VarKind::Domain for an access relation
/// sN[ivs] -> T[...]) starting at `ivFirst` among that kind; parameters are
/// found by name in the relation's space.
class AffineBuilder {
public:
  AffineBuilder(const DomainSpace &space, presburger::BasicRelation &target,
                presburger::VarKind ivKind = presburger::VarKind::Range,
                unsigned ivFirst = 0);

  /// The row of `e` (target.numCols() entries as of the return: one
  /// coefficient per parameter, dimension and local, then the constant).
  /// Throws BridgeError for an unknown index or a runtime value,
  /// OverflowError when flattening overflows int64.
  std::vector<presburger::Int> build(AffineExpr e);

  /// Adds `e >= 0` or `e == 0`. Checks legality first ("Invalid
  /// Predicate!", IRError).
  void addPredicate(const AffinePredicate &p);
  void addPredicates(std::span<const AffinePredicate> preds);

  /// Adds the constraint `row == 0` or `row >= 0` for a row returned by
  /// build (shorter rows, from before locals were added, are padded).
  void addEquality(std::vector<presburger::Int> row);
  void addInequality(std::vector<presburger::Int> row);

  /// Adds the division local floor(numerator / denom) (numerator: a row as
  /// returned by build; denom > 0) and returns its column.
  unsigned addDivLocal(std::vector<presburger::Int> numerator,
                       const presburger::Int &denom);

  /// `row` (from build, possibly before later locals were added) widened
  /// to target.numCols() entries.
  std::vector<presburger::Int> padded(std::vector<presburger::Int> row) const;

  /// The column of loop variable `pos` of the domain space.
  unsigned ivColumn(unsigned pos) const;

  const DomainSpace &space() const { return space_; }
  presburger::BasicRelation &target() { return target_; }

private:
  struct Lin; // sparse form over the variable columns
  Lin translate(AffineExpr e);
  Lin translateAtom(AffineExpr atom);
  unsigned divLocal(AffineExpr numerator, int64_t denom, bool ceiling);
  std::vector<presburger::Int> materialize(const Lin &l) const;
  void pad(std::vector<presburger::Int> &row) const;

  DomainSpace space_;
  presburger::BasicRelation &target_;
  presburger::VarKind ivKind_;
  unsigned ivFirst_;
  // (numerator node, denominator, ceiling) -> column of the local.
  std::map<std::tuple<const void *, int64_t, bool>, unsigned> divCache_;
};

/// build_aff on a fresh set: the row of `e` over the universe of `space`
/// extended by the locals it needs (returned in `set`).
std::vector<presburger::Int> buildAff(AffineExpr e, const DomainSpace &space,
                                      presburger::BasicRelation &set);

/// predicates -> set: { tuple[ivs] : p_1 and ... and p_n } over `space`
/// (every predicate, approximate or not: callers choose which to pass).
presburger::BasicRelation
predicatesToSet(std::span<const AffinePredicate> preds,
                const DomainSpace &space);

/// enumerate_affine_predicates: the constraints of the basic set `bset`
/// back to predicates over `ctx` (dimension k is loop variable
/// space.ivs()[k]; parameters by name, whatever the order of bset's
/// parameters). Equalities come first, as `e == 0` with the first term
/// positive, then the inequalities as `e >= 0`, each in the engine's row
/// order; trivially true rows and the defining rows of the divisions are
/// skipped. nullopt when bset has no integer point. Throws BridgeError when
/// bset is not a set over space's loop variables or an existential has no
/// floor-division definition, OverflowError when a coefficient does not fit
/// in int64.
std::optional<std::vector<AffinePredicate>>
enumerateAffinePredicates(const presburger::BasicRelation &bset,
                          const DomainSpace &space, ExprContext &ctx);

/// The relation { sN[ivs] -> out[addrs] } over `space` (domain tuple named
/// space.tupleName(), range tuple `outTuple`), unrestricted: one equality
/// per address. The seed's create_access without its domain. Throws
/// BridgeError for an address the bridge cannot represent (a runtime value,
/// an unknown loop variable).
presburger::Relation addressRelation(const DomainSpace &space,
                                     const std::string &outTuple,
                                     const std::vector<AffineExpr> &addrs);

/// Options of the access relation builder.
struct AccessOptions {
  /// Restrict the domain to the iteration points that execute (loop bounds,
  /// parameter bounds and the exact predicates); otherwise loop bounds and
  /// parameter bounds only.
  bool predicated = true;
  /// A dimension whose index depends on a runtime value: cover the whole
  /// extent of the tensor dimension (the seed's cover_whole_tensor_impl /
  /// full_tensor_range, a sound over-approximation) instead of throwing
  /// BridgeError.
  bool coverRuntimeIndices = false;
};

/// Adds, through `builder` (whose loop variables are the loops of `nest`,
/// in order), the loop bounds of `nest` (lb_k <= iv for every lower bound,
/// iv < ub_k for every upper bound, and iv = lb + stride * k with a division
/// local k = floor((iv - lb) / stride) for a strided loop, lb its first
/// lower bound; a loop with a non-positive stride throws BridgeError).
/// Bounds may use the variables of the enclosing loops of the nest.
void addLoopBounds(AffineBuilder &builder, const LoopNest &nest);
/// Adds lo <= p <= hi for every parameter of `params` with known bounds.
void addParamBounds(presburger::BasicRelation &target,
                    std::span<const Param> params);

/// The iteration domain of a statement in `nest`: loop bounds, parameter
/// bounds and, when given, the predicates `preds`.
presburger::BasicRelation
iterationDomain(const DomainSpace &space, const LoopNest &nest,
                std::span<const Param> params,
                std::span<const AffinePredicate> preds = {});

/// The access relation { sN[ivs] -> T[addrs] } of the access pattern `ap`
/// of `inst` over its loop nest `nest` in `kernel` (T is the tensor name,
/// one range dimension per index). The domain is restricted as `options`
/// says. Throws BridgeError for an unknown tensor or a rank mismatch, and
/// (unless coverRuntimeIndices) for an index with a runtime value.
presburger::Relation accessRelation(const Kernel &kernel,
                                    const Instruction &inst,
                                    const LoopNest &nest,
                                    const AccessPattern &ap,
                                    const AccessOptions &options = {});

} // namespace penguin

#endif // PENGUIN_INTEGERSETBRIDGE_H
