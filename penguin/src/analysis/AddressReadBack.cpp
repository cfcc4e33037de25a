//===- AddressReadBack.cpp - Access relations back to address expressions -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/AddressReadBack.h"

#include "penguin/Error.h"
#include "penguin/Linearize.h"

#include "presburger/Errors.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::VarKind;

namespace {

int64_t checkedInt64(const Int &v) {
  std::optional<int64_t> s = v.toInt64();
  if (!s)
    throw OverflowError("address read-back: coefficient " + v.toString() +
                        " does not fit in 64 bits");
  return *s;
}

void normalizeRow(std::vector<Int> &row) {
  Int g(0);
  for (const Int &v : row)
    g = gcd(g, v);
  if (g > Int(1))
    for (Int &v : row)
      v = divExact(v, g);
}

/// Reads the addresses of one basic relation back as one expression per
/// range dimension (read()), in steps: the locals that can be written as
/// divisions, the Gauss-Jordan elimination of the range columns over the
/// equalities, the dimensions a pair of inequalities fixes as a floor, then
/// the dimensions the equalities fix.
class BasicReader {
public:
  BasicReader(BasicRelation b, const DomainSpace &space, ExprContext &ctx)
      : b_(std::move(b)), space_(space), ctx_(ctx) {
    b_.simplifyLocals();
    b_.detectDivDefinitions();
    b_.canonicalizeLocals();
    paramOff_ = b_.offset(VarKind::Param);
    domOff_ = b_.offset(VarKind::Domain);
    rangeOff_ = b_.offset(VarKind::Range);
    localOff_ = b_.offset(VarKind::Local);
    nLocals_ = b_.numLocals();
    nRange_ = b_.numRange();
    constCol_ = b_.constCol();
    localExpr_.resize(nLocals_);
    rangeExpr_.resize(nRange_);
  }

  /// The addresses, or nullopt when the equalities and inequality pairs do
  /// not determine every range dimension over parameters, loop variables
  /// and divisions of those.
  std::optional<std::vector<AffineExpr>> read() {
    markUsableLocals();
    eliminateRangeColumns();
    for (unsigned d = 0; d < nRange_; ++d)
      if (!pivot_[d] && !floorFromInequalityPair(d))
        return std::nullopt; // a range dimension nothing fixes
    for (unsigned d = 0; d < nRange_; ++d)
      if (pivot_[d] && !fromEquality(d))
        return std::nullopt; // an existential that is not a division
    std::vector<AffineExpr> out;
    for (unsigned d = 0; d < nRange_; ++d)
      out.push_back(
          linearizeAffineExpr(*rangeExpr_[d], LinearizeMode::QuasiAffine));
    return out;
  }

private:
  /// Locals usable in an expression: defined by a division whose numerator
  /// uses no range dimension and only usable locals (definitions only use
  /// earlier locals after canonicalizeLocals).
  void markUsableLocals() {
    usable_.assign(nLocals_, false);
    for (unsigned k = 0; k < nLocals_; ++k) {
      if (!b_.hasDivDef(k))
        continue;
      presburger::ConstRow num = b_.divNumerator(k);
      bool ok = true;
      for (unsigned r = 0; r < nRange_ && ok; ++r)
        ok = num[rangeOff_ + r].isZero();
      for (unsigned j = 0; j < nLocals_ && ok; ++j)
        if (!num[localOff_ + j].isZero())
          ok = j < k && usable_[j];
      usable_[k] = ok;
    }
  }

  AffineExpr local(unsigned k) {
    if (!localExpr_[k]) {
      presburger::ConstRow num = b_.divNumerator(k);
      std::vector<Int> n(num.begin(), num.end());
      localExpr_[k] =
          ctx_.floorDiv(rowExpr(n), checkedInt64(b_.divDenominator(k)));
    }
    return *localExpr_[k];
  }

  /// The expression of a row over parameters, loop variables and usable
  /// locals (its range columns are ignored).
  AffineExpr rowExpr(const std::vector<Int> &row) {
    const std::vector<std::string> &params = b_.space().paramNames();
    std::vector<AffineExpr> terms;
    for (unsigned p = 0; p < b_.numParams(); ++p)
      if (!row[paramOff_ + p].isZero())
        terms.push_back(
            ctx_.mult(checkedInt64(row[paramOff_ + p]), ctx_.param(params[p])));
    for (unsigned d = 0; d < b_.numDomain(); ++d)
      if (!row[domOff_ + d].isZero())
        terms.push_back(ctx_.mult(checkedInt64(row[domOff_ + d]),
                                  ctx_.index(space_.ivs()[d])));
    for (unsigned k = 0; k < nLocals_; ++k)
      if (!row[localOff_ + k].isZero())
        terms.push_back(ctx_.mult(checkedInt64(row[localOff_ + k]), local(k)));
    if (!row[constCol_].isZero())
      terms.push_back(ctx_.constant(checkedInt64(row[constCol_])));
    return ctx_.sum(terms);
  }

  /// Gauss-Jordan elimination of the range columns over the equalities:
  /// pivot_[d] is the row that fixes dimension d (none: maybe a pair of
  /// inequalities does).
  void eliminateRangeColumns() {
    for (unsigned r = 0; r < b_.numEqualities(); ++r)
      eqs_.emplace_back(b_.equality(r).begin(), b_.equality(r).end());
    pivot_.assign(nRange_, std::nullopt);
    std::vector<bool> used(eqs_.size(), false);
    for (unsigned d = 0; d < nRange_; ++d) {
      unsigned col = rangeOff_ + d;
      std::optional<size_t> best;
      for (size_t r = 0; r < eqs_.size(); ++r) {
        if (used[r] || eqs_[r][col].isZero())
          continue;
        if (!best || abs(eqs_[r][col]) < abs(eqs_[*best][col]))
          best = r;
      }
      if (!best)
        continue;
      used[*best] = true;
      pivot_[d] = best;
      const std::vector<Int> &pr = eqs_[*best];
      for (size_t r = 0; r < eqs_.size(); ++r) {
        if (r == *best || eqs_[r][col].isZero())
          continue;
        Int g = gcd(eqs_[r][col], pr[col]);
        Int a = divExact(pr[col], g), c = divExact(eqs_[r][col], g);
        for (size_t j = 0; j < eqs_[r].size(); ++j)
          eqs_[r][j] = a * eqs_[r][j] - c * pr[j];
        normalizeRow(eqs_[r]);
      }
    }
  }

  /// Whether `row` uses only parameters, loop variables, usable locals and
  /// range dimensions already read back (`except` aside).
  bool expressible(const std::vector<Int> &row, unsigned except) const {
    for (unsigned r = 0; r < nRange_; ++r)
      if (r != except && !row[rangeOff_ + r].isZero() && !rangeExpr_[r])
        return false;
    for (unsigned k = 0; k < nLocals_; ++k)
      if (!row[localOff_ + k].isZero() && !usable_[k])
        return false;
    return true;
  }

  /// The expression of a row in which the range dimensions already read
  /// back are replaced by their expressions.
  AffineExpr exprWithRange(std::vector<Int> row) {
    std::vector<AffineExpr> extra;
    for (unsigned r = 0; r < nRange_; ++r)
      if (!row[rangeOff_ + r].isZero()) {
        extra.push_back(
            ctx_.mult(checkedInt64(row[rangeOff_ + r]), *rangeExpr_[r]));
        row[rangeOff_ + r] = Int(0);
      }
    extra.push_back(rowExpr(row));
    return ctx_.sum(extra);
  }

  /// A dimension without an equality: a pair e - c*a >= 0,
  /// -e + c*a + k >= 0 with 0 <= k < c fixes a = floor(e / c).
  bool floorFromInequalityPair(unsigned d) {
    unsigned col = rangeOff_ + d;
    for (unsigned r1 = 0; r1 < b_.numInequalities(); ++r1) {
      std::vector<Int> lo(b_.inequality(r1).begin(), b_.inequality(r1).end());
      if (!(lo[col] < Int(0)) || !expressible(lo, d))
        continue;
      Int c = -lo[col];
      for (unsigned r2 = 0; r2 < b_.numInequalities(); ++r2) {
        presburger::ConstRow hi = b_.inequality(r2);
        bool opposite = true;
        for (unsigned j = 0; j < constCol_ && opposite; ++j)
          opposite = hi[j] == -lo[j];
        if (!opposite)
          continue;
        Int k = hi[constCol_] + lo[constCol_];
        if (k < Int(0) || !(k < c))
          continue;
        std::vector<Int> e = lo;
        e[col] = Int(0);
        rangeExpr_[d] = ctx_.floorDiv(exprWithRange(e), checkedInt64(c));
        return true;
      }
    }
    return false;
  }

  /// An equality-fixed dimension; its pivot row may use the others.
  bool fromEquality(unsigned d) {
    std::vector<Int> row = eqs_[*pivot_[d]];
    unsigned col = rangeOff_ + d;
    if (row[col] < Int(0))
      for (Int &v : row)
        v = -v;
    Int c = row[col];
    row[col] = Int(0);
    if (!expressible(row, d))
      return false;
    for (Int &v : row)
      v = -v; // a_d = (-rest) / c
    AffineExpr e = exprWithRange(row);
    if (c != Int(1))
      e = ctx_.floorDiv(e, checkedInt64(c));
    rangeExpr_[d] = e;
    return true;
  }

  BasicRelation b_;
  const DomainSpace &space_;
  ExprContext &ctx_;
  unsigned paramOff_, domOff_, rangeOff_, localOff_, nLocals_, nRange_,
      constCol_;
  std::vector<bool> usable_;
  std::vector<std::optional<AffineExpr>> localExpr_, rangeExpr_;
  std::vector<std::vector<Int>> eqs_;
  std::vector<std::optional<size_t>> pivot_;
};

std::optional<std::vector<AffineExpr>>
readBasic(BasicRelation b, const DomainSpace &space, ExprContext &ctx) {
  return BasicReader(std::move(b), space, ctx).read();
}

} // namespace

std::vector<AffineExpr> readBackAddresses(const Relation &acc,
                                          const DomainSpace &space,
                                          ExprContext &ctx) {
  if (!acc.isRelation() || acc.numDomain() != space.numIvs())
    throw BridgeError("address read-back: " + acc.space().toString() +
                      " is not a relation over the " +
                      std::to_string(space.numIvs()) + " loop variables of " +
                      space.tupleName());
  if (acc.isEmpty())
    throw NotImplementedError("address read-back: the access relation is "
                              "empty (no iteration reaches the tensor)");
  const std::string outTuple = acc.space().rangeTuple().name();
  Relation dom = acc.domain();

  // A candidate answer is accepted only when it gives `acc` back exactly.
  auto check = [&](const std::vector<AffineExpr> &addrs) {
    Relation rebuilt = addressRelation(space, outTuple, addrs);
    rebuilt =
        rebuilt.setTupleName(VarKind::Domain, acc.space().domainTuple().name())
            .intersectDomain(dom);
    return rebuilt.isEqual(acc);
  };
  // All disjuncts must give the same expressions.
  auto fromPieces =
      [&](const Relation &r) -> std::optional<std::vector<AffineExpr>> {
    std::optional<std::vector<AffineExpr>> common;
    for (const BasicRelation &b : r.disjuncts()) {
      std::optional<std::vector<AffineExpr>> e = readBasic(b, space, ctx);
      if (!e || (common && *common != *e))
        return std::nullopt;
      common = std::move(e);
    }
    return common;
  };

  // Fewer pieces, each with its implicit equalities explicit (coalesce
  // leaves a single disjunct as it is).
  auto simplified = [](const Relation &r) {
    return r.numDisjuncts() > 1 ? r.coalesce() : r.removeRedundancies();
  };
  std::optional<std::vector<AffineExpr>> addrs = fromPieces(simplified(acc));
  if (addrs && check(*addrs))
    return *addrs;
  if (!acc.isSingleValued())
    throw NotImplementedError(
        "address read-back: the access relation is not single-valued (some "
        "iteration reaches several addresses): " +
        acc.toString());
  addrs = fromPieces(simplified(acc.lexmin()));
  if (addrs && check(*addrs))
    return *addrs;
  throw NotImplementedError("address read-back: no single quasi-affine "
                            "address per dimension expresses " +
                            acc.toString());
}

} // namespace penguin
