//===- ConstraintBuilder.cpp - Constraints over named variables -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/ConstraintBuilder.h"

#include "presburger/Errors.h"
#include "presburger/WorkBudget.h"

namespace presburger {

AffineExpr AffineExpr::variable(const std::string &name) {
  AffineExpr e;
  e.terms_[name] = Int(1);
  return e;
}

Int AffineExpr::coefficient(const std::string &name) const {
  auto it = terms_.find(name);
  return it == terms_.end() ? Int(0) : it->second;
}

AffineExpr operator+(const AffineExpr &a, const AffineExpr &b) {
  AffineExpr out = a;
  for (const auto &[name, c] : b.terms_) {
    Int sum = out.coefficient(name) + c;
    if (sum.isZero())
      out.terms_.erase(name);
    else
      out.terms_[name] = sum;
  }
  out.constant_ = a.constant_ + b.constant_;
  return out;
}

AffineExpr operator-(const AffineExpr &a) { return Int(-1) * a; }

AffineExpr operator-(const AffineExpr &a, const AffineExpr &b) {
  return a + -b;
}

AffineExpr operator*(const Int &k, const AffineExpr &a) {
  AffineExpr out;
  if (k.isZero())
    return out;
  for (const auto &[name, c] : a.terms_)
    out.terms_[name] = k * c;
  out.constant_ = k * a.constant_;
  return out;
}

AffineConstraint operator==(const AffineExpr &a, const AffineExpr &b) {
  return {a - b, true};
}
AffineConstraint operator<=(const AffineExpr &a, const AffineExpr &b) {
  return {b - a, false};
}
AffineConstraint operator>=(const AffineExpr &a, const AffineExpr &b) {
  return {a - b, false};
}
AffineConstraint operator<(const AffineExpr &a, const AffineExpr &b) {
  return {b - a - 1, false};
}
AffineConstraint operator>(const AffineExpr &a, const AffineExpr &b) {
  return {a - b - 1, false};
}

namespace {

Tuple namedTuple(std::string name, const std::vector<std::string> &dims) {
  Tuple t(std::move(name), unsigned(dims.size()));
  t.setDimNames(dims);
  return t;
}

std::vector<std::string> concat(std::vector<std::string> a,
                                const std::vector<std::string> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

} // namespace

ConstraintBuilder::ConstraintBuilder(Space space,
                                     std::vector<std::string> names)
    : space_(std::move(space)), names_(std::move(names)) {
  for (unsigned k = 0; k < names_.size(); ++k) {
    if (names_[k].empty())
      throw InvalidArgument("ConstraintBuilder: a variable has no name");
    if (!columns_.emplace(names_[k], k).second)
      throw InvalidArgument("ConstraintBuilder: the name '" + names_[k] +
                            "' is used twice");
  }
}

ConstraintBuilder ConstraintBuilder::set(std::vector<std::string> params,
                                         std::string name,
                                         std::vector<std::string> dims) {
  Space space = Space::set(params, namedTuple(std::move(name), dims));
  return ConstraintBuilder(std::move(space), concat(params, dims));
}

ConstraintBuilder ConstraintBuilder::relation(
    std::vector<std::string> params, std::string domainName,
    std::vector<std::string> domainDims, std::string rangeName,
    std::vector<std::string> rangeDims) {
  Space space =
      Space::relation(params, namedTuple(std::move(domainName), domainDims),
                      namedTuple(std::move(rangeName), rangeDims));
  return ConstraintBuilder(std::move(space),
                           concat(concat(params, domainDims), rangeDims));
}

AffineExpr ConstraintBuilder::operator[](const std::string &name) const {
  if (!columns_.count(name))
    throw InvalidArgument("ConstraintBuilder: no variable named '" + name +
                          "' in " + space_.toString());
  return AffineExpr::variable(name);
}

AffineExpr ConstraintBuilder::addExistential(const std::string &name) {
  if (name.empty() || columns_.count(name))
    throw InvalidArgument("ConstraintBuilder: the existential '" + name +
                          "' needs a new, non-empty name");
  columns_.emplace(name, unsigned(names_.size()));
  names_.push_back(name);
  ++numExistentials_;
  return AffineExpr::variable(name);
}

ConstraintBuilder &ConstraintBuilder::add(const AffineConstraint &c) {
  constraints_.push_back(c);
  return *this;
}

ConstraintBuilder &ConstraintBuilder::addLowerBound(const std::string &name,
                                                    const Int &value) {
  return add((*this)[name] >= AffineExpr(value));
}

ConstraintBuilder &ConstraintBuilder::addUpperBound(const std::string &name,
                                                    const Int &value) {
  return add((*this)[name] <= AffineExpr(value));
}

ConstraintBuilder &ConstraintBuilder::addEquality(const std::string &name,
                                                  const Int &value) {
  return add((*this)[name] == AffineExpr(value));
}

BasicRelation ConstraintBuilder::build() const {
  WorkBudget::Operation op;
  BasicRelation b(space_);
  for (unsigned k = 0; k < numExistentials_; ++k)
    b.addLocal();
  // The builder's columns are those of the relation: parameters, domain,
  // range, then the locals in the order they were declared.
  for (const AffineConstraint &c : constraints_) {
    std::vector<Int> row(b.numCols(), Int(0));
    for (const auto &[name, coeff] : c.expr.terms()) {
      auto it = columns_.find(name);
      if (it == columns_.end())
        throw InvalidArgument("ConstraintBuilder: no variable named '" + name +
                              "' in " + space_.toString());
      row[it->second] = coeff;
    }
    row.back() = c.expr.constant();
    if (c.isEquality)
      b.addEquality(row);
    else
      b.addInequality(row);
  }
  b.normalize();
  return b;
}

} // namespace presburger
