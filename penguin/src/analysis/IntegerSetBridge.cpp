//===- IntegerSetBridge.cpp - Penguin expressions <-> engine sets ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/IntegerSetBridge.h"

#include "penguin/Linearize.h"

#include <algorithm>
#include <set>

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::Space;
using presburger::Tuple;
using presburger::VarKind;

namespace {

int64_t toInt64(const Int &v, const char *what) {
  std::optional<int64_t> s = v.toInt64();
  if (!s)
    throw OverflowError(std::string(what) + " " + v.toString() +
                        " does not fit in 64 bits");
  return *s;
}

} // namespace

//===----------------------------------------------------------------------===//
// DomainSpace
//===----------------------------------------------------------------------===//

DomainSpace::DomainSpace(std::string tupleName, std::vector<std::string> ivs,
                         std::vector<std::string> params)
    : tupleName_(std::move(tupleName)), ivs_(std::move(ivs)),
      params_(std::move(params)) {
  std::set<std::string_view> seen;
  for (const std::string &n : ivs_)
    if (!seen.insert(n).second)
      throw BridgeError("loop variable '" + n +
                        "' appears twice in the loop nest");
  for (const std::string &n : params_)
    if (!seen.insert(n).second)
      throw BridgeError("parameter '" + n +
                        "' repeats a parameter or a loop variable");
}

std::optional<unsigned> DomainSpace::ivPosition(std::string_view name) const {
  for (unsigned k = 0; k < ivs_.size(); ++k)
    if (ivs_[k] == name)
      return k;
  return std::nullopt;
}

std::optional<unsigned>
DomainSpace::paramPosition(std::string_view name) const {
  for (unsigned k = 0; k < params_.size(); ++k)
    if (params_[k] == name)
      return k;
  return std::nullopt;
}

Tuple DomainSpace::tuple() const {
  Tuple t(tupleName_, numIvs());
  t.setDimNames(ivs_);
  return t;
}

Space DomainSpace::space() const { return Space::set(params_, tuple()); }

DomainSpace createDomainSpace(const LoopNest &nest,
                              std::span<const Param> params,
                              std::string tupleName) {
  std::vector<std::string> ivs, ps;
  for (const Loop *l : nest)
    ivs.push_back(l->iv);
  for (const Param &p : params)
    ps.push_back(p.name);
  return DomainSpace(std::move(tupleName), std::move(ivs), std::move(ps));
}

DomainSpace createDomainSpace(const Kernel &kernel, const LoopNest &nest,
                              const Instruction &inst) {
  return createDomainSpace(nest, kernel.params, inst.statementName());
}

//===----------------------------------------------------------------------===//
// AffineBuilder (build_aff)
//===----------------------------------------------------------------------===//

struct AffineBuilder::Lin {
  std::map<unsigned, Int> coeffs; // variable column -> coefficient
  Int constant;

  void addScaled(const Lin &o, const Int &s) {
    for (const auto &[c, v] : o.coeffs) {
      Int &slot = coeffs[c];
      slot += v * s;
      if (slot.isZero())
        coeffs.erase(c);
    }
    constant += o.constant * s;
  }
};

AffineBuilder::AffineBuilder(const DomainSpace &space, BasicRelation &target,
                             VarKind ivKind, unsigned ivFirst)
    : space_(space), target_(target), ivKind_(ivKind), ivFirst_(ivFirst) {
  if (ivKind != VarKind::Range && ivKind != VarKind::Domain)
    throw BridgeError("loop variables must be domain or range dimensions");
  if (ivFirst + space.numIvs() > target.numVars(ivKind))
    throw BridgeError("the relation has fewer dimensions than the loop nest (" +
                      std::to_string(target.numVars(ivKind)) + " < " +
                      std::to_string(ivFirst + space.numIvs()) + ")");
}

unsigned AffineBuilder::ivColumn(unsigned pos) const {
  return target_.offset(ivKind_) + ivFirst_ + pos;
}

std::vector<Int> AffineBuilder::padded(std::vector<Int> row) const {
  pad(row);
  return row;
}

void AffineBuilder::pad(std::vector<Int> &row) const {
  // Rows built before more locals were added: the new local columns go
  // between the old variables and the constant.
  if (row.empty())
    row.resize(1);
  if (row.size() > target_.numCols())
    throw BridgeError("constraint row wider than the relation");
  Int c = row.back();
  row.back() = Int(0);
  row.resize(target_.numCols());
  row.back() = c;
}

std::vector<Int> AffineBuilder::materialize(const Lin &l) const {
  std::vector<Int> row(target_.numCols());
  for (const auto &[c, v] : l.coeffs)
    row[c] = v;
  row.back() = l.constant;
  return row;
}

unsigned AffineBuilder::divLocal(AffineExpr numerator, int64_t denom,
                                 bool ceiling) {
  auto key = std::make_tuple(static_cast<const void *>(numerator.node()), denom,
                             ceiling);
  auto it = divCache_.find(key);
  if (it != divCache_.end())
    return it->second;
  Lin num = translate(numerator);
  if (ceiling)
    num.constant += Int(denom - 1); // ceil(e/d) = floor((e + d - 1)/d)
  unsigned col = addDivLocal(materialize(num), Int(denom));
  divCache_.emplace(key, col);
  return col;
}

unsigned AffineBuilder::addDivLocal(std::vector<Int> numerator,
                                    const Int &denom) {
  if (!denom.isPositive())
    throw BridgeError("division by a non-positive denominator " +
                      denom.toString());
  pad(numerator);
  unsigned k = target_.addDivLocal(presburger::ConstRow(numerator), denom);
  return target_.offset(VarKind::Local) + k;
}

AffineBuilder::Lin AffineBuilder::translateAtom(AffineExpr atom) {
  Lin out;
  auto notFound = [&](const std::string &extra) -> BridgeError {
    return BridgeError(atom.str() + kNotInParamsOrLoopnestMessage + extra);
  };
  switch (atom.kind()) {
  case ExprKind::Index: {
    std::optional<unsigned> pos = space_.ivPosition(atom.name());
    if (!pos)
      throw notFound("");
    out.coeffs[ivColumn(*pos)] = Int(1);
    return out;
  }
  case ExprKind::Param: {
    std::optional<unsigned> col;
    if (space_.paramPosition(atom.name()))
      col = target_.space().findParam(atom.name());
    if (!col)
      throw notFound("");
    out.coeffs[*col] = Int(1);
    return out;
  }
  case ExprKind::RuntimeValue:
    throw notFound(" (a runtime value has no integer-set representation)");
  case ExprKind::FloorDiv:
  case ExprKind::CCDiv: {
    unsigned col = divLocal(atom.numerator(), atom.denominator(),
                            atom.kind() == ExprKind::CCDiv);
    out.coeffs[col] = Int(1);
    return out;
  }
  case ExprKind::Modulo:
  case ExprKind::CCMod: {
    // e - d * div(e, d), with the division of the same rounding.
    unsigned col = divLocal(atom.numerator(), atom.denominator(),
                            atom.kind() == ExprKind::CCMod);
    out = translate(atom.numerator());
    Lin q;
    q.coeffs[col] = Int(1);
    out.addScaled(q, Int(-atom.denominator()));
    return out;
  }
  default:
    // linearize never yields a Sum, Mult or Constant atom.
    throw BridgeError("unexpected atom '" + atom.str() + "' in a flat form");
  }
}

AffineBuilder::Lin AffineBuilder::translate(AffineExpr e) {
  LinearExpr flat = linearize(e, LinearizeMode::QuasiAffine);
  Lin out;
  out.constant = Int(flat.constant());
  for (const LinearTerm &t : flat.terms())
    out.addScaled(translateAtom(t.atom), Int(t.coeff));
  return out;
}

std::vector<Int> AffineBuilder::build(AffineExpr e) {
  Lin l = translate(e);
  return materialize(l);
}

void AffineBuilder::addEquality(std::vector<Int> row) {
  pad(row);
  target_.addEquality(presburger::ConstRow(row));
}

void AffineBuilder::addInequality(std::vector<Int> row) {
  pad(row);
  target_.addInequality(presburger::ConstRow(row));
}

void AffineBuilder::addPredicate(const AffinePredicate &p) {
  checkLegalPredicate(p);
  std::vector<Int> row = build(p.expr());
  if (p.ge())
    addInequality(std::move(row));
  else
    addEquality(std::move(row));
}

void AffineBuilder::addPredicates(std::span<const AffinePredicate> preds) {
  for (const AffinePredicate &p : preds)
    addPredicate(p);
}

std::vector<Int> buildAff(AffineExpr e, const DomainSpace &space,
                          BasicRelation &set) {
  set = BasicRelation(space.space());
  AffineBuilder b(space, set);
  return b.build(e);
}

BasicRelation predicatesToSet(std::span<const AffinePredicate> preds,
                              const DomainSpace &space) {
  BasicRelation set(space.space());
  AffineBuilder b(space, set);
  b.addPredicates(preds);
  return set;
}

//===----------------------------------------------------------------------===//
// enumerate_affine_predicates
//===----------------------------------------------------------------------===//

namespace {

/// Divides the variable part of `r` by its gcd, flooring the constant (the
/// normal form of an inequality over the integers).
void normalizeInequalityRow(std::vector<Int> &r) {
  Int g(0);
  for (size_t c = 0; c + 1 < r.size(); ++c)
    g = gcd(g, r[c]);
  if (g.isZero() || g.isOne())
    return;
  for (size_t c = 0; c + 1 < r.size(); ++c)
    r[c] = divExact(r[c], g);
  r.back() = floorDiv(r.back(), g);
}

size_t countNonZero(const std::vector<Int> &r) {
  size_t n = 0;
  for (size_t c = 0; c + 1 < r.size(); ++c)
    n += !r[c].isZero();
  return n;
}

} // namespace

std::optional<std::vector<AffinePredicate>>
enumerateAffinePredicates(const BasicRelation &bset, const DomainSpace &space,
                          ExprContext &ctx) {
  if (!bset.isSet())
    throw BridgeError("enumerate_affine_predicates needs a set, not " +
                      bset.space().toString());
  if (bset.numDims() != space.numIvs())
    throw BridgeError("the set has " + std::to_string(bset.numDims()) +
                      " dimensions but the loop nest has " +
                      std::to_string(space.numIvs()));
  for (const std::string &p : bset.space().paramNames())
    if (space.ivPosition(p))
      throw BridgeError("parameter '" + p +
                        "' has the name of a loop variable");

  BasicRelation b = bset;
  if (b.isObviouslyEmpty() || b.isEmpty())
    return std::nullopt;
  if (!b.allLocalsDefined()) {
    b.detectDivDefinitions();
    if (!b.allLocalsDefined()) {
      if (!b.simplifyLocals())
        return std::nullopt;
      b.detectDivDefinitions();
    }
  }
  b.canonicalizeLocals();
  if (!b.allLocalsDefined())
    throw BridgeError("an existentially quantified variable of " +
                      b.toString() +
                      " has no floor-division definition: it cannot be "
                      "written as a predicate");

  const unsigned nVars = b.numVars();
  const unsigned localOff = b.offset(VarKind::Local);
  const unsigned paramOff = b.offset(VarKind::Param);
  const unsigned dimOff = b.offset(VarKind::Range);
  std::vector<AffineExpr> atoms(nVars);
  for (unsigned k = 0; k < b.numParams(); ++k)
    atoms[paramOff + k] = ctx.param(b.space().paramNames()[k]);
  for (unsigned k = 0; k < b.numDims(); ++k)
    atoms[dimOff + k] = ctx.index(space.ivs()[k]);

  // Turns a row over [vars | const] plus extra terms into a flat form.
  auto flatOf = [&](const std::vector<Int> &row,
                    std::vector<LinearTerm> extra) -> LinearExpr {
    std::vector<LinearTerm> terms = std::move(extra);
    for (unsigned c = 0; c < nVars; ++c) {
      if (row[c].isZero())
        continue;
      if (atoms[c].isNull())
        throw BridgeError("a division definition refers to a later "
                          "existential variable");
      terms.push_back({toInt64(row[c], "coefficient"), atoms[c]});
    }
    return LinearExpr(std::move(terms), toInt64(row.back(), "constant"));
  };

  // The divisions, in definition order, and their defining rows.
  std::vector<AffineExpr> numerators(b.numLocals());
  std::vector<std::vector<Int>> defRows;
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    std::vector<Int> num(b.divNumerator(k).begin(), b.divNumerator(k).end());
    if (!num[localOff + k].isZero())
      throw BridgeError("a division is defined in terms of itself");
    numerators[k] = flatOf(num, {}).toExpr(ctx);
    atoms[localOff + k] = ctx.floorDiv(
        numerators[k], toInt64(b.divDenominator(k), "denominator"));
    std::vector<Int> lower = num;
    lower[localOff + k] = -b.divDenominator(k);
    std::vector<Int> upper(lower.size());
    for (size_t c = 0; c < lower.size(); ++c)
      upper[c] = -lower[c];
    upper.back() += b.divDenominator(k) - Int(1);
    normalizeInequalityRow(lower);
    normalizeInequalityRow(upper);
    defRows.push_back(std::move(lower));
    defRows.push_back(std::move(upper));
  }

  // A row as a flat form, with m * (N - d * floor(N / d)) folded into
  // m * mod(N, d) where that leaves fewer terms. The row may first be
  // scaled by a positive t so that the coefficient of the division is a
  // multiple of d (the engine divides rows by their gcd); the result is
  // then divided by the gcd of its coefficients again (flooring the
  // constant of an inequality, which is exact over the integers).
  auto rowToFlat = [&](std::vector<Int> row, bool isEquality) -> LinearExpr {
    std::vector<std::pair<Int, unsigned>> mods; // (coefficient, local)
    for (unsigned k = 0; k < b.numLocals(); ++k) {
      unsigned col = localOff + k;
      const Int &den = b.divDenominator(k);
      if (row[col].isZero())
        continue;
      Int t = divExact(den, gcd(row[col], den));
      std::vector<Int> rest = row;
      for (Int &v : rest)
        v *= t;
      Int m = -divExact(rest[col], den);
      presburger::ConstRow num = b.divNumerator(k);
      for (size_t c = 0; c < rest.size(); ++c)
        rest[c] -= m * num[c];
      rest[col] += m * den; // cancels the division's coefficient
      if (countNonZero(rest) + 1 < countNonZero(row)) {
        for (auto &[coeff, local] : mods)
          coeff *= t;
        mods.push_back({m, k});
        row = std::move(rest);
      }
    }
    Int g(0);
    for (size_t c = 0; c + 1 < row.size(); ++c)
      g = gcd(g, row[c]);
    for (const auto &[coeff, local] : mods)
      g = gcd(g, coeff);
    if (g > Int(1) && (!isEquality || mod(row.back(), g).isZero())) {
      for (size_t c = 0; c + 1 < row.size(); ++c)
        row[c] = divExact(row[c], g);
      row.back() = floorDiv(row.back(), g);
      for (auto &[coeff, local] : mods)
        coeff = divExact(coeff, g);
    }
    std::vector<LinearTerm> modTerms;
    for (const auto &[coeff, local] : mods)
      modTerms.push_back(
          {toInt64(coeff, "coefficient"),
           ctx.mod(numerators[local],
                   toInt64(b.divDenominator(local), "denominator"))});
    return flatOf(row, std::move(modTerms));
  };

  std::vector<AffinePredicate> out;
  for (unsigned r = 0; r < b.numEqualities(); ++r) {
    std::vector<Int> row(b.equality(r).begin(), b.equality(r).end());
    LinearExpr f = rowToFlat(std::move(row), true);
    if (f.isConstant() && f.constant() == 0)
      continue;
    if (!f.terms().empty() && f.terms().front().coeff < 0)
      f = f.scaled(-1);
    out.emplace_back(f.toExpr(ctx), /*ge=*/false);
  }
  for (unsigned r = 0; r < b.numInequalities(); ++r) {
    std::vector<Int> row(b.inequality(r).begin(), b.inequality(r).end());
    std::vector<Int> normalized = row;
    normalizeInequalityRow(normalized);
    if (std::find(defRows.begin(), defRows.end(), normalized) != defRows.end())
      continue;
    LinearExpr f = rowToFlat(std::move(row), false);
    if (f.isConstant() && f.constant() >= 0)
      continue;
    out.emplace_back(f.toExpr(ctx), /*ge=*/true);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Domains and access relations
//===----------------------------------------------------------------------===//

void addLoopBounds(AffineBuilder &builder, const LoopNest &nest) {
  if (nest.size() != builder.space().numIvs())
    throw BridgeError("the loop nest has " + std::to_string(nest.size()) +
                      " loops but the space has " +
                      std::to_string(builder.space().numIvs()) +
                      " loop variables");
  for (unsigned p = 0; p < nest.size(); ++p) {
    const Loop &loop = *nest[p];
    if (loop.iv != builder.space().ivs()[p])
      throw BridgeError("loop variable '" + loop.iv + "' is not dimension " +
                        std::to_string(p) + " of the space");
    if (loop.stride <= 0)
      throw BridgeError("loop '" + loop.iv + "' has a non-positive stride " +
                        std::to_string(loop.stride));
    unsigned iv = builder.ivColumn(p);
    // lb_k <= iv for every lower bound, iv < ub_k for every upper bound.
    std::vector<Int> lowerOfFirst;
    for (AffineExpr bound : loop.lowerBounds()) {
      std::vector<Int> lb = builder.build(bound);
      // iv - lb >= 0
      std::vector<Int> lower(lb.size());
      for (size_t c = 0; c < lb.size(); ++c)
        lower[c] = -lb[c];
      lower[iv] += Int(1);
      builder.addInequality(lower);
      if (lowerOfFirst.empty())
        lowerOfFirst = std::move(lower);
    }
    for (AffineExpr bound : loop.upperBounds()) {
      // ub - iv - 1 >= 0
      std::vector<Int> upper = builder.build(bound);
      upper[iv] -= Int(1);
      upper.back() -= Int(1);
      builder.addInequality(upper);
    }
    if (loop.stride > 1) {
      // iv = lb + stride * k, k = floor((iv - lb) / stride), lb the first
      // lower bound
      unsigned k = builder.addDivLocal(lowerOfFirst, Int(loop.stride));
      std::vector<Int> eq = builder.padded(lowerOfFirst);
      eq[k] = Int(-loop.stride);
      builder.addEquality(std::move(eq));
    }
  }
}

void addParamBounds(BasicRelation &target, std::span<const Param> params) {
  for (const Param &p : params) {
    std::optional<unsigned> col = target.space().findParam(p.name);
    if (!col || (!p.lo && !p.hi))
      continue;
    if (p.lo) {
      std::vector<Int> row(target.numCols());
      row[*col] = Int(1);
      row.back() = -Int(*p.lo);
      target.addInequality(presburger::ConstRow(row));
    }
    if (p.hi) {
      std::vector<Int> row(target.numCols());
      row[*col] = Int(-1);
      row.back() = Int(*p.hi);
      target.addInequality(presburger::ConstRow(row));
    }
  }
}

BasicRelation iterationDomain(const DomainSpace &space, const LoopNest &nest,
                              std::span<const Param> params,
                              std::span<const AffinePredicate> preds) {
  BasicRelation set(space.space());
  addParamBounds(set, params);
  AffineBuilder b(space, set);
  addLoopBounds(b, nest);
  b.addPredicates(preds);
  return set;
}

Relation accessRelation(const Kernel &kernel, const Instruction &inst,
                        const LoopNest &nest, const AccessPattern &ap,
                        const AccessOptions &options) {
  const Tensor *t = kernel.findTensor(ap.tensor);
  if (!t)
    throw BridgeError("access to the undeclared tensor '" + ap.tensor + "'");
  if (t->rank() != ap.rank())
    throw BridgeError(
        "access " + ap.str() + " has " + std::to_string(ap.rank()) +
        " indices for a tensor of rank " + std::to_string(t->rank()));
  DomainSpace ds = createDomainSpace(kernel, nest, inst);
  Space sp = Space::relation(ds.params(), ds.tuple(),
                             Tuple(ap.tensor, unsigned(ap.rank())));
  BasicRelation rel(sp);
  addParamBounds(rel, kernel.params);
  AffineBuilder b(ds, rel, VarKind::Domain);
  addLoopBounds(b, nest);
  if (options.predicated)
    b.addPredicates(dropApproxPredicates(inst.predicates));
  unsigned out = rel.offset(VarKind::Range);
  for (unsigned d = 0; d < ap.rank(); ++d) {
    AffineExpr idx = ap.indices[d];
    if (idx.hasRuntimeValue() && options.coverRuntimeIndices) {
      std::vector<Int> lo(rel.numCols()), hi(rel.numCols());
      lo[out + d] = Int(1);
      hi[out + d] = Int(-1);
      hi.back() = Int(t->shape[d] - 1);
      b.addInequality(lo);
      b.addInequality(hi);
      continue;
    }
    std::vector<Int> row = b.build(idx);
    for (Int &v : row)
      v = -v;
    row[out + d] += Int(1);
    b.addEquality(std::move(row));
  }
  return Relation(std::move(rel));
}

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

} // namespace penguin
