//===- ConstraintBuilder.h - Constraints over named variables ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Builds a basic set or relation from constraints written in C++ over named
// variables, without going through text: what isl_constraint and
// isl_basic_set_add_constraint, or MLIR's IntegerRelation::addBound, are
// for. Names stand for the parameters, the tuple dimensions and any
// existential variables declared; comparisons between affine expressions
// make constraints.
//
//   using namespace presburger;
//   ConstraintBuilder b = ConstraintBuilder::set({"n"}, "S", {"i", "j"});
//   AffineExpr i = b["i"], j = b["j"], n = b["n"];
//   b.add(0 <= i).add(i < n).add(0 <= j).add(j <= i);
//   BasicRelation s = b.build();  // [n] -> { S[i, j] : 0 <= i < n and 0 <= j
//   <= i }
//
//   AffineExpr e = b.addExistential("e");
//   b.add(i == 2 * e);            // i even
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CONSTRAINTBUILDER_H
#define PRESBURGER_CONSTRAINTBUILDER_H

#include "presburger/BasicRelation.h"
#include "presburger/Int.h"
#include "presburger/Relation.h"

#include <map>
#include <string>
#include <vector>

namespace presburger {

/// An affine expression c + sum(coefficient * variable) over variables
/// named by strings. A value: copy it, combine it with + - and integer *.
class AffineExpr {
public:
  /// The constant `c`. O(1).
  AffineExpr(long long c = 0) : constant_(c) {}
  /// The constant `c`, of any size. O(1).
  AffineExpr(Int c) : constant_(std::move(c)) {}
  /// The variable `name` with coefficient 1. O(1).
  static AffineExpr variable(const std::string &name);

  /// The coefficient of each variable that has a nonzero one. O(1).
  const std::map<std::string, Int> &terms() const { return terms_; }
  /// The coefficient of `name` (0 when absent). O(log terms).
  Int coefficient(const std::string &name) const;
  /// The constant term. O(1).
  const Int &constant() const { return constant_; }

  /// The sum, coefficients added term by term. O(terms).
  friend AffineExpr operator+(const AffineExpr &a, const AffineExpr &b);
  /// The difference, term by term. O(terms).
  friend AffineExpr operator-(const AffineExpr &a, const AffineExpr &b);
  /// The negation. O(terms).
  friend AffineExpr operator-(const AffineExpr &a);
  /// Every coefficient and the constant multiplied by `k`. O(terms).
  friend AffineExpr operator*(const Int &k, const AffineExpr &a);
  /// `k * a`. O(terms).
  friend AffineExpr operator*(const AffineExpr &a, const Int &k) {
    return k * a;
  }
  /// `Int(k) * a`. O(terms).
  friend AffineExpr operator*(long long k, const AffineExpr &a) {
    return Int(k) * a;
  }
  /// `Int(k) * a`. O(terms).
  friend AffineExpr operator*(const AffineExpr &a, long long k) {
    return Int(k) * a;
  }

private:
  std::map<std::string, Int> terms_;
  Int constant_;
};

/// `expr == 0` (an equality) or `expr >= 0` (an inequality).
struct AffineConstraint {
  /// The constrained expression.
  AffineExpr expr;
  /// `expr == 0` when true, `expr >= 0` when false.
  bool isEquality = false;
};

/// Comparisons of affine expressions, as constraints: `a <= b` is
/// `b - a >= 0`; strict ones hold over the integers (`a < b` is
/// `b - a - 1 >= 0`). O(terms).
AffineConstraint operator==(const AffineExpr &a, const AffineExpr &b);
AffineConstraint operator<=(const AffineExpr &a, const AffineExpr &b);
AffineConstraint operator>=(const AffineExpr &a, const AffineExpr &b);
AffineConstraint operator<(const AffineExpr &a, const AffineExpr &b);
AffineConstraint operator>(const AffineExpr &a, const AffineExpr &b);

/// Collects constraints over the named variables of one space and builds
/// the basic set or relation they define.
class ConstraintBuilder {
public:
  /// A builder for a set with parameters `params` and the tuple `name`
  /// (empty: anonymous) of dimensions `dims`. Every name must be distinct
  /// and non-empty (InvalidArgument otherwise). O(names).
  static ConstraintBuilder set(std::vector<std::string> params,
                               std::string name, std::vector<std::string> dims);
  /// A builder for a relation from the tuple `domainName[domainDims]` to
  /// `rangeName[rangeDims]`, with parameters `params`. O(names).
  static ConstraintBuilder relation(std::vector<std::string> params,
                                    std::string domainName,
                                    std::vector<std::string> domainDims,
                                    std::string rangeName,
                                    std::vector<std::string> rangeDims);

  /// The variable `name` (a parameter, a dimension or an existential) as
  /// an expression; InvalidArgument when the builder has no such name.
  /// O(log names).
  AffineExpr operator[](const std::string &name) const;
  /// Declares an existentially quantified variable `name` (a local of the
  /// result) and returns it. InvalidArgument when the name is taken.
  AffineExpr addExistential(const std::string &name);

  /// Adds a constraint. Names that are not the builder's are reported by
  /// build(). O(terms).
  ConstraintBuilder &add(const AffineConstraint &c);
  /// Adds `name >= value` (MLIR's addBound(BoundType::LB, ...)).
  ConstraintBuilder &addLowerBound(const std::string &name, const Int &value);
  /// Adds `name <= value` (MLIR's addBound(BoundType::UB, ...)).
  ConstraintBuilder &addUpperBound(const std::string &name, const Int &value);
  /// Adds `name == value` (isl_basic_set_fix_si).
  ConstraintBuilder &addEquality(const std::string &name, const Int &value);

  /// The space of the result (dimension names as printing hints). O(1).
  const Space &space() const { return space_; }
  /// The basic set or relation of the constraints added so far, normalized
  /// (rows divided by their gcd, trivially redundant rows dropped).
  /// InvalidArgument when a constraint uses a name the builder does not
  /// have. O(constraints * variables).
  BasicRelation build() const;
  /// build() as a Relation. Same cost.
  Relation buildRelation() const { return Relation(build()); }

private:
  ConstraintBuilder(Space space, std::vector<std::string> names);

  Space space_;
  /// Names of the parameters, domain and range dimensions, then the
  /// existentials, in column order.
  std::vector<std::string> names_;
  std::map<std::string, unsigned> columns_;
  unsigned numExistentials_ = 0;
  std::vector<AffineConstraint> constraints_;
};

} // namespace presburger

#endif // PRESBURGER_CONSTRAINTBUILDER_H
