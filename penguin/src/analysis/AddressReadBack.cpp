//===- AddressReadBack.cpp - Access relations back to address expressions -===//

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
using presburger::Space;
using presburger::Tuple;
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

/// Reads the addresses of one basic relation, or nullopt when its
/// equalities do not determine every range dimension over parameters, loop
/// variables and divisions of those.
std::optional<std::vector<AffineExpr>>
readBasic(BasicRelation b, const DomainSpace &space, ExprContext &ctx) {
  b.simplifyLocals();
  b.detectDivDefinitions();
  b.canonicalizeLocals();
  const unsigned paramOff = b.offset(VarKind::Param);
  const unsigned domOff = b.offset(VarKind::Domain);
  const unsigned rangeOff = b.offset(VarKind::Range);
  const unsigned localOff = b.offset(VarKind::Local);
  const unsigned nLocals = b.numLocals();
  const unsigned nRange = b.numRange();
  const unsigned constCol = b.constCol();

  // Locals usable in an expression: defined by a division whose numerator
  // uses no range dimension and only usable locals (definitions only use
  // earlier locals after canonicalizeLocals).
  std::vector<bool> usable(nLocals, false);
  for (unsigned k = 0; k < nLocals; ++k) {
    if (!b.hasDivDef(k))
      continue;
    presburger::ConstRow num = b.divNumerator(k);
    bool ok = true;
    for (unsigned r = 0; r < nRange && ok; ++r)
      ok = num[rangeOff + r].isZero();
    for (unsigned j = 0; j < nLocals && ok; ++j)
      if (!num[localOff + j].isZero())
        ok = j < k && usable[j];
    usable[k] = ok;
  }

  std::vector<std::optional<AffineExpr>> localExpr(nLocals);
  const std::vector<std::string> &params = b.space().paramNames();
  std::function<AffineExpr(const std::vector<Int> &)> rowExpr;
  auto local = [&](unsigned k) -> AffineExpr {
    if (!localExpr[k]) {
      presburger::ConstRow num = b.divNumerator(k);
      std::vector<Int> n(num.begin(), num.end());
      localExpr[k] =
          ctx.floorDiv(rowExpr(n), checkedInt64(b.divDenominator(k)));
    }
    return *localExpr[k];
  };
  rowExpr = [&](const std::vector<Int> &row) -> AffineExpr {
    std::vector<AffineExpr> terms;
    for (unsigned p = 0; p < b.numParams(); ++p)
      if (!row[paramOff + p].isZero())
        terms.push_back(
            ctx.mult(checkedInt64(row[paramOff + p]), ctx.param(params[p])));
    for (unsigned d = 0; d < b.numDomain(); ++d)
      if (!row[domOff + d].isZero())
        terms.push_back(ctx.mult(checkedInt64(row[domOff + d]),
                                 ctx.index(space.ivs()[d])));
    for (unsigned k = 0; k < nLocals; ++k)
      if (!row[localOff + k].isZero())
        terms.push_back(ctx.mult(checkedInt64(row[localOff + k]), local(k)));
    if (!row[constCol].isZero())
      terms.push_back(ctx.constant(checkedInt64(row[constCol])));
    return ctx.sum(terms);
  };

  // Gauss-Jordan elimination of the range columns over the equalities.
  std::vector<std::vector<Int>> eqs;
  for (unsigned r = 0; r < b.numEqualities(); ++r)
    eqs.emplace_back(b.equality(r).begin(), b.equality(r).end());
  std::vector<std::optional<size_t>> pivot(nRange);
  std::vector<bool> used(eqs.size(), false);
  for (unsigned d = 0; d < nRange; ++d) {
    unsigned col = rangeOff + d;
    std::optional<size_t> best;
    for (size_t r = 0; r < eqs.size(); ++r) {
      if (used[r] || eqs[r][col].isZero())
        continue;
      if (!best || abs(eqs[r][col]) < abs(eqs[*best][col]))
        best = r;
    }
    if (!best)
      continue; // maybe fixed by a pair of inequalities (below)
    used[*best] = true;
    pivot[d] = best;
    const std::vector<Int> &pr = eqs[*best];
    for (size_t r = 0; r < eqs.size(); ++r) {
      if (r == *best || eqs[r][col].isZero())
        continue;
      Int g = gcd(eqs[r][col], pr[col]);
      Int a = divExact(pr[col], g), c = divExact(eqs[r][col], g);
      for (size_t j = 0; j < eqs[r].size(); ++j)
        eqs[r][j] = a * eqs[r][j] - c * pr[j];
      normalizeRow(eqs[r]);
    }
  }

  // Whether `row` uses only parameters, loop variables, usable locals and
  // the range dimensions in `allowed`.
  std::vector<std::optional<AffineExpr>> rangeExpr(nRange);
  auto expressible = [&](const std::vector<Int> &row, unsigned except) {
    for (unsigned r = 0; r < nRange; ++r)
      if (r != except && !row[rangeOff + r].isZero() && !rangeExpr[r])
        return false;
    for (unsigned k = 0; k < nLocals; ++k)
      if (!row[localOff + k].isZero() && !usable[k])
        return false;
    return true;
  };
  // The expression of a row in which the range dimensions already read
  // back are replaced by their expressions.
  auto exprWithRange = [&](std::vector<Int> row) {
    std::vector<AffineExpr> extra;
    for (unsigned r = 0; r < nRange; ++r)
      if (!row[rangeOff + r].isZero()) {
        extra.push_back(
            ctx.mult(checkedInt64(row[rangeOff + r]), *rangeExpr[r]));
        row[rangeOff + r] = Int(0);
      }
    extra.push_back(rowExpr(row));
    return ctx.sum(extra);
  };

  // A dimension without an equality: a pair e - c*a >= 0,
  // -e + c*a + k >= 0 with 0 <= k < c fixes a = floor(e / c).
  for (unsigned d = 0; d < nRange; ++d) {
    if (pivot[d])
      continue;
    unsigned col = rangeOff + d;
    for (unsigned r1 = 0; r1 < b.numInequalities() && !rangeExpr[d]; ++r1) {
      std::vector<Int> lo(b.inequality(r1).begin(), b.inequality(r1).end());
      if (!(lo[col] < Int(0)) || !expressible(lo, d))
        continue;
      Int c = -lo[col];
      for (unsigned r2 = 0; r2 < b.numInequalities(); ++r2) {
        presburger::ConstRow hi = b.inequality(r2);
        bool opposite = true;
        for (unsigned j = 0; j < constCol && opposite; ++j)
          opposite = hi[j] == -lo[j];
        if (!opposite)
          continue;
        Int k = hi[constCol] + lo[constCol];
        if (k < Int(0) || !(k < c))
          continue;
        std::vector<Int> e = lo;
        e[col] = Int(0);
        rangeExpr[d] = ctx.floorDiv(exprWithRange(e), checkedInt64(c));
        break;
      }
    }
    if (!rangeExpr[d])
      return std::nullopt; // a range dimension nothing fixes
  }

  // The equality-fixed dimensions; a pivot row may use the others.
  for (unsigned d = 0; d < nRange; ++d) {
    if (!pivot[d])
      continue;
    std::vector<Int> row = eqs[*pivot[d]];
    unsigned col = rangeOff + d;
    if (row[col] < Int(0))
      for (Int &v : row)
        v = -v;
    Int c = row[col];
    row[col] = Int(0);
    if (!expressible(row, d))
      return std::nullopt; // an existential that is not a division
    for (Int &v : row)
      v = -v; // a_d = (-rest) / c
    AffineExpr e = exprWithRange(row);
    if (c != Int(1))
      e = ctx.floorDiv(e, checkedInt64(c));
    rangeExpr[d] = e;
  }
  std::vector<AffineExpr> out;
  for (unsigned d = 0; d < nRange; ++d)
    out.push_back(linearizeAffineExpr(*rangeExpr[d], LinearizeMode::QuasiAffine));
  return out;
}

} // namespace

Relation addressRelation(const DomainSpace &space, const std::string &outTuple,
                         const std::vector<AffineExpr> &addrs) {
  Space sp = Space::relation(space.params(), space.tuple(),
                             Tuple(outTuple, unsigned(addrs.size())));
  BasicRelation rel(sp);
  AffineBuilder b(space, rel, VarKind::Domain);
  unsigned out = rel.offset(VarKind::Range);
  for (unsigned d = 0; d < addrs.size(); ++d) {
    std::vector<Int> row = b.build(addrs[d]);
    for (Int &v : row)
      v = -v;
    row[out + d] += Int(1);
    b.addEquality(std::move(row));
  }
  return Relation(std::move(rel));
}

std::vector<AffineExpr> readBackAddresses(const Relation &acc,
                                          const DomainSpace &space,
                                          ExprContext &ctx) {
  if (!acc.isRelation() || acc.numDomain() != space.numIvs())
    throw BridgeError("address read-back: " + acc.space().toString() +
                      " is not a relation over the " +
                      std::to_string(space.numIvs()) +
                      " loop variables of " + space.tupleName());
  if (acc.isEmpty())
    throw NotImplementedError("address read-back: the access relation is "
                              "empty (no iteration reaches the tensor)");
  const std::string outTuple = acc.space().rangeTuple().name();
  Relation dom = acc.domain();

  // A candidate answer is accepted only when it gives `acc` back exactly.
  auto check = [&](const std::vector<AffineExpr> &addrs) {
    Relation rebuilt = addressRelation(space, outTuple, addrs);
    rebuilt = rebuilt.setTupleName(VarKind::Domain,
                                   acc.space().domainTuple().name())
                  .intersectDomain(dom);
    return rebuilt.isEqual(acc);
  };
  // All disjuncts must give the same expressions.
  auto fromPieces = [&](const Relation &r)
      -> std::optional<std::vector<AffineExpr>> {
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
