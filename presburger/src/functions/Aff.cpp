//===- Aff.cpp - Quasi-affine expressions ---------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An expression is a row over the columns of its local space, a basic set
// whose locals are the divisions. Every operation that makes a division
// goes through newDivision, which keeps the normal form of Aff.h, so that
// equal expressions built in different ways usually end up written alike
// (and print as isl prints them).
//
//===----------------------------------------------------------------------===//
#include "presburger/Aff.h"
#include "basic/Divisions.h"
#include "presburger/Errors.h"
#include "presburger/MultiAff.h"

#include <algorithm>

namespace presburger {

namespace {

// Int's floor division and remainder are hidden friends, found by
// argument-dependent lookup only, which Aff's own floorDiv and mod would
// hide inside its members.
Int floorOf(const Int &a, const Int &b) { return floorDiv(a, b); }
Int remainderOf(const Int &a, const Int &b) { return mod(a, b); }

/// `row` (the constant last) widened to `width` columns: zeros are inserted
/// before the constant.
std::vector<Int> widen(std::vector<Int> row, unsigned width) {
  Int c = row.back();
  row.back() = Int(0);
  row.resize(width - 1);
  row.push_back(c);
  return row;
}

/// a += k * b, over the same columns.
void addMultiple(std::vector<Int> &a, const Int &k, const std::vector<Int> &b) {
  for (size_t c = 0; c < a.size(); ++c)
    if (!b[c].isZero())
      a[c] += k * b[c];
}

/// floor(num / den) over the local space `ls` (num: ls.numCols() entries),
/// as a row over ls's columns after `ls` got the division it needs (if
/// any). The normal form: no common factor, coefficients in (-d/2, d/2]
/// (the integer parts moved out), inner divisions with coefficient one
/// flattened, an existing equal division reused.
std::vector<Int> newDivision(BasicRelation &ls, std::vector<Int> num, Int den) {
  if (!den.isPositive())
    throw InvalidArgument("floor division by a non-positive constant " +
                          den.toString());
  unsigned lo = ls.offset(VarKind::Local);
  std::vector<Int> out(num.size(), Int(0));
  for (;;) {
    Int g = den;
    for (const Int &v : num)
      g = gcd(g, v);
    if (!g.isOne()) {
      for (Int &v : num)
        v = divExact(v, g);
      den = divExact(den, g);
    }
    if (den.isOne()) {
      addMultiple(out, Int(1), num);
      return out;
    }
    // Coefficients into (-d/2, d/2]: floor((a + q*d*x)/d) = floor(a/d) + q*x.
    for (size_t c = 0; c < num.size(); ++c) {
      Int r = remainderOf(num[c], den);
      if (Int(2) * r > den)
        r -= den;
      Int q = divExact(num[c] - r, den);
      if (!q.isZero()) {
        out[c] += q;
        num[c] = r;
      }
    }
    // floor((floor(a/m) + b)/d) = floor((a + m*b)/(m*d)) for integer b.
    bool flattened = false;
    for (unsigned k = 0; k < ls.numLocals() && !flattened; ++k) {
      if (!num[lo + k].isOne())
        continue;
      ConstRow inner = ls.divNumerator(k);
      const Int &m = ls.divDenominator(k);
      num[lo + k] = Int(0);
      for (size_t c = 0; c < num.size(); ++c)
        num[c] = num[c] * m + inner[c];
      den *= m;
      flattened = true;
    }
    if (!flattened)
      break;
  }
  bool constant = true;
  for (size_t c = 0; c + 1 < num.size() && constant; ++c)
    constant = num[c].isZero();
  if (constant) {
    out.back() += floorOf(num.back(), den);
    return out;
  }
  unsigned k;
  if (std::optional<unsigned> same = findDivision(ls, ConstRow(num), den)) {
    k = *same;
  } else {
    k = ls.addDivLocal(ConstRow(num), den);
    out = widen(std::move(out), ls.numCols());
  }
  out[lo + k] += Int(1);
  return out;
}

/// The column permutation of alignParams: entry c of a row over
/// [cur params | rest] goes to map[c] in a row over [params | rest].
std::vector<Int> alignRow(const std::vector<Int> &row,
                          const std::vector<std::string> &cur,
                          const std::vector<std::string> &params) {
  unsigned shift = unsigned(params.size() - cur.size());
  std::vector<Int> out(row.size() + shift, Int(0));
  for (size_t i = 0; i < cur.size(); ++i) {
    auto it = std::find(params.begin(), params.end(), cur[i]);
    if (it == params.end())
      throw SpaceError("parameter '" + cur[i] +
                       "' missing from the target list");
    out[size_t(it - params.begin())] = row[i];
  }
  for (size_t c = cur.size(); c < row.size(); ++c)
    out[c + shift] = row[c];
  return out;
}

void checkDomain(const Space &s) {
  if (s.isRelation())
    throw SpaceError("the domain of an expression is a set or params space, "
                     "not " +
                     s.toString());
}

} // namespace

Aff::Aff(Space domain) : ls_(std::move(domain)) {
  checkDomain(ls_.space());
  row_.assign(ls_.numCols(), Int(0));
}

Aff::Aff(BasicRelation ls, std::vector<Int> row)
    : ls_(std::move(ls)), row_(std::move(row)) {
  dropUnusedDivs();
}

Aff Aff::constant(Space domain, Int value) {
  Aff a(std::move(domain));
  a.row_.back() = std::move(value);
  return a;
}

Aff Aff::param(Space domain, unsigned pos) {
  Aff a(std::move(domain));
  if (pos >= a.ls_.numParams())
    throw InvalidArgument("no parameter " + std::to_string(pos));
  a.row_[pos] = Int(1);
  return a;
}

Aff Aff::dim(Space domain, unsigned pos) {
  Aff a(std::move(domain));
  if (pos >= a.ls_.numDims())
    throw InvalidArgument("no dimension " + std::to_string(pos));
  a.row_[a.ls_.numParams() + pos] = Int(1);
  return a;
}

Aff Aff::linear(Space domain, const std::vector<Int> &row) {
  Aff a(std::move(domain));
  if (row.size() != a.row_.size())
    throw InvalidArgument("linear: the row has the wrong size");
  a.row_ = row;
  return a;
}

bool Aff::isConstant() const {
  for (size_t c = 0; c + 1 < row_.size(); ++c)
    if (!row_[c].isZero())
      return false;
  return true;
}

void Aff::dropUnusedDivs() {
  unsigned lo = ls_.offset(VarKind::Local), n = ls_.numLocals();
  if (n == 0)
    return;
  std::vector<bool> used(n, false);
  for (unsigned k = n; k-- > 0;) {
    used[k] = used[k] || !row_[lo + k].isZero();
    if (!used[k])
      continue;
    ConstRow num = ls_.divNumerator(k);
    for (unsigned j = 0; j < k; ++j)
      used[j] = used[j] || !num[lo + j].isZero();
  }
  if (std::all_of(used.begin(), used.end(), [](bool u) { return u; }))
    return;
  // Rebuild the local space with the used divisions only (definitions use
  // earlier divisions only, so one pass in order suffices).
  BasicRelation ls(ls_.space());
  std::vector<unsigned> target(n, 0);
  auto mapRow = [&](ConstRow r) {
    std::vector<Int> out(ls.numCols(), Int(0));
    for (unsigned c = 0; c < lo; ++c)
      out[c] = r[c];
    for (unsigned k = 0; k < n; ++k)
      if (!r[lo + k].isZero())
        out[lo + target[k]] += r[lo + k];
    out.back() = r.back();
    return out;
  };
  for (unsigned k = 0; k < n; ++k)
    if (used[k])
      target[k] = ls.addDivLocal(ConstRow(mapRow(ls_.divNumerator(k))),
                                 ls_.divDenominator(k));
  row_ = mapRow(ConstRow(row_));
  ls_ = std::move(ls);
}

void Aff::alignParams(const std::vector<std::string> &params) {
  if (ls_.space().paramNames() == params)
    return;
  row_ = alignRow(row_, ls_.space().paramNames(), params);
  ls_.alignParams(params);
}

void alignParams(Aff &a, Aff &b) {
  std::vector<std::string> p =
      mergeParams(a.domainSpace().paramNames(), b.domainSpace().paramNames());
  a.alignParams(p);
  b.alignParams(p);
}

Aff Aff::add(const Aff &o) const {
  Aff a = *this, b = o;
  presburger::alignParams(a, b);
  if (!a.domainSpace().sameTuples(b.domainSpace()))
    throw SpaceError(
        "expressions on different domains: " + a.domainSpace().toString() +
        " and " + b.domainSpace().toString());
  LocalMap map = importDivisions(a.ls_, b.ls_);
  std::vector<Int> row = widen(std::move(a.row_), a.ls_.numCols());
  addMultiple(row, Int(1), map.mapRow(ConstRow(b.row_), a.ls_.numCols()));
  return Aff(std::move(a.ls_), std::move(row));
}

Aff Aff::sub(const Aff &o) const { return add(o.neg()); }

Aff Aff::neg() const { return scale(Int(-1)); }

Aff Aff::scale(const Int &k) const {
  std::vector<Int> row = row_;
  for (Int &v : row)
    v *= k;
  return Aff(ls_, std::move(row));
}

Aff Aff::floorDiv(const Int &d) const {
  BasicRelation ls = ls_;
  std::vector<Int> row = newDivision(ls, row_, d);
  return Aff(std::move(ls), std::move(row));
}

Aff Aff::mod(const Int &d) const { return sub(floorDiv(d).scale(d)); }

Aff Aff::combine(const std::vector<Int> &row, const std::vector<Aff> &vars,
                 const Space &domain) {
  if (row.size() != vars.size() + 1)
    throw InvalidArgument("combine: the row has the wrong size");
  Aff acc = constant(domain, row.back());
  for (size_t c = 0; c < vars.size(); ++c)
    if (!row[c].isZero())
      acc = acc.add(vars[c].scale(row[c]));
  return acc;
}

Aff Aff::substitute(const std::vector<Aff> &vars, const Space &domain) const {
  unsigned lo = ls_.offset(VarKind::Local);
  if (vars.size() != lo)
    throw InvalidArgument("substitute: one expression per parameter and "
                          "dimension is needed");
  std::vector<Aff> all = vars;
  auto prefix = [&](ConstRow r, unsigned n) {
    std::vector<Int> out(r.begin(), r.begin() + n);
    out.push_back(r.back());
    return out;
  };
  for (unsigned k = 0; k < ls_.numLocals(); ++k)
    all.push_back(combine(prefix(ls_.divNumerator(k), lo + k), all, domain)
                      .floorDiv(ls_.divDenominator(k)));
  return combine(row_, all, domain);
}

Aff Aff::pullback(const MultiAff &ma) const {
  const Space &dom = domainSpace();
  if (dom.isSet() ? ma.rangeTuple() != dom.setTuple() : ma.numOutputs() != 0)
    throw SpaceError("pullback: the function's range " +
                     tupleToString(ma.rangeTuple()) +
                     " is not the expression's domain " + dom.toString());
  MultiAff m = ma;
  Aff self = *this;
  std::vector<std::string> params =
      mergeParams(dom.paramNames(), m.domainSpace().paramNames());
  self.alignParams(params);
  m.alignParams(params);
  std::vector<Aff> vars;
  for (unsigned p = 0; p < params.size(); ++p)
    vars.push_back(param(m.domainSpace(), p));
  for (unsigned j = 0; j < m.numOutputs(); ++j)
    vars.push_back(m.aff(j));
  return self.substitute(vars, m.domainSpace());
}

Int Aff::eval(const Point &point) const {
  unsigned lo = ls_.offset(VarKind::Local);
  if (point.size() != lo)
    throw InvalidArgument("eval: the point has " +
                          std::to_string(point.size()) + " values, " +
                          std::to_string(lo) + " expected");
  std::vector<Int> v = point;
  auto dot = [&](ConstRow r) {
    Int s = r.back();
    for (size_t c = 0; c < v.size(); ++c)
      if (!r[c].isZero())
        s += r[c] * v[c];
    return s;
  };
  for (unsigned k = 0; k < ls_.numLocals(); ++k)
    v.push_back(floorOf(dot(ls_.divNumerator(k)), ls_.divDenominator(k)));
  return dot(ConstRow(row_));
}

BasicRelation Aff::nonNegativeSet(bool strict) const {
  BasicRelation b = ls_;
  std::vector<Int> r = row_;
  if (strict)
    r.back() -= Int(1);
  b.addInequality(r);
  return b;
}

BasicRelation Aff::zeroSet() const {
  BasicRelation b = ls_;
  b.addEquality(row_);
  return b;
}

bool Aff::isPlainEqual(const Aff &o) const {
  return ls_.space() == o.ls_.space() && row_ == o.row_ &&
         ls_.isObviouslyEqual(o.ls_);
}

} // namespace presburger
