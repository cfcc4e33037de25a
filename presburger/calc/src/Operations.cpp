//===- Operations.cpp - Operators and functions on values -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Operations.h"

#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"
#include "presburger/Closure.h"
#include "presburger/Dataflow.h"

#include <string>

namespace presburger::calc {

namespace {

using Kind = Value::Kind;

bool isUnion(Kind k) { return k != Kind::Boolean && k != Kind::Text; }
bool isSetLike(Kind k) { return k == Kind::Set || k == Kind::Empty; }
bool isRelationLike(Kind k) { return k == Kind::Relation || k == Kind::Empty; }

/// Two unions of the same kind (the empty union fits any kind).
bool sameKind(Kind a, Kind b) {
  if (!isUnion(a) || !isUnion(b))
    return false;
  return a == b || a == Kind::Empty || b == Kind::Empty;
}

const char *meaning(BinaryOp op) {
  switch (op) {
  case BinaryOp::Equal:
    return "equality";
  case BinaryOp::Subset:
    return "subset";
  case BinaryOp::ProperSubset:
    return "proper subset";
  case BinaryOp::Superset:
    return "superset";
  case BinaryOp::ProperSuperset:
    return "proper superset";
  case BinaryOp::Union:
    return "union";
  case BinaryOp::Difference:
    return "difference";
  case BinaryOp::Intersect:
    return "intersection";
  case BinaryOp::Gist:
    return "gist";
  case BinaryOp::Join:
    return "join";
  case BinaryOp::Cross:
    return "product";
  case BinaryOp::Universal:
    return "universal relation";
  case BinaryOp::LexLt:
  case BinaryOp::LexLe:
  case BinaryOp::LexGt:
  case BinaryOp::LexGe:
    return "lexicographic order";
  }
  return "operator";
}

[[noreturn]] void binaryTypeError(BinaryOp op, Kind a, Kind b,
                                  const std::string &hint = "") {
  std::string msg = std::string("'") + spelling(op) + "' (" + meaning(op) +
                    ") does not apply to " + describe(a) + " and " +
                    describe(b);
  if (!hint.empty())
    msg += "; " + hint;
  throw TypeError(msg);
}

[[noreturn]] void callTypeError(Function f, const char *needs, Kind got) {
  throw TypeError(std::string("'") + name(f) + "' needs " + needs + ", got " +
                  describe(got));
}

LexOrder lexOrderOf(BinaryOp op) {
  switch (op) {
  case BinaryOp::LexLt:
    return LexOrder::LT;
  case BinaryOp::LexLe:
    return LexOrder::LE;
  case BinaryOp::LexGt:
    return LexOrder::GT;
  default:
    return LexOrder::GE;
  }
}

Value compare(BinaryOp op, const UnionRelation &a, const UnionRelation &b) {
  switch (op) {
  case BinaryOp::Equal:
    return Value::boolean(a.isEqual(b));
  case BinaryOp::Subset:
    return Value::boolean(a.isSubsetOf(b));
  case BinaryOp::ProperSubset:
    return Value::boolean(a.isSubsetOf(b) && !b.isSubsetOf(a));
  case BinaryOp::Superset:
    return Value::boolean(b.isSubsetOf(a));
  default: // ProperSuperset
    return Value::boolean(b.isSubsetOf(a) && !a.isSubsetOf(b));
  }
}

} // namespace

UnionRelation intersectParams(const UnionRelation &u, const UnionRelation &p) {
  if (u.isParamsUnion() || u.isEmptyUnion() || p.isEmptyUnion())
    return u.intersect(p);
  const Relation &params = p.pieces().front();
  UnionRelation out(u.paramNames());
  for (const Relation &r : u.pieces())
    out.add(r.intersectParams(params));
  return out;
}

Value evalBinary(BinaryOp op, const Value &av, const Value &bv) {
  Kind a = av.kind(), b = bv.kind();
  if (!isUnion(a) || !isUnion(b))
    binaryTypeError(op, a, b);
  const UnionRelation &x = av.asUnion(), &y = bv.asUnion();
  switch (op) {
  case BinaryOp::Equal:
  case BinaryOp::Subset:
  case BinaryOp::ProperSubset:
  case BinaryOp::Superset:
  case BinaryOp::ProperSuperset:
    if (!sameKind(a, b))
      binaryTypeError(op, a, b);
    return compare(op, x, y);
  case BinaryOp::Union:
    if (!sameKind(a, b))
      binaryTypeError(op, a, b);
    return Value::of(x.unite(y));
  case BinaryOp::Difference:
    if (!sameKind(a, b))
      binaryTypeError(op, a, b);
    return Value::of(x.subtract(y));
  case BinaryOp::Intersect:
    if (sameKind(a, b))
      return Value::of(x.intersect(y));
    if (a == Kind::Relation && b == Kind::Set)
      return Value::of(x.intersectDomain(y));
    if (b == Kind::Params)
      return Value::of(intersectParams(x, y));
    if (a == Kind::Params)
      return Value::of(intersectParams(y, x));
    binaryTypeError(op, a, b,
                    a == Kind::Set && b == Kind::Relation
                        ? "to restrict the domain of a relation m to a set "
                          "s, write m * s"
                        : "");
  case BinaryOp::Gist:
    if (a == Kind::Set && b == Kind::Relation)
      binaryTypeError(op, a, b,
                      "the context of a set is a set or a params "
                      "set");
    if (sameKind(a, b) || (a == Kind::Relation && b == Kind::Set) ||
        (b == Kind::Params && a != Kind::Mixed))
      return Value::of(x.gist(y));
    binaryTypeError(op, a, b);
  case BinaryOp::Join:
    if (!isRelationLike(a) || !isRelationLike(b))
      binaryTypeError(op, a, b, "'.' joins two relations");
    return Value::of(x.applyRange(y));
  case BinaryOp::Cross:
    if (!(isSetLike(a) && isSetLike(b)) &&
        !(isRelationLike(a) && isRelationLike(b)))
      binaryTypeError(op, a, b, "'cross' takes two sets or two relations");
    return Value::of(x.product(y));
  case BinaryOp::Universal:
    if (!isSetLike(a) || !isSetLike(b))
      binaryTypeError(op, a, b, "'->' relates two sets");
    return Value::of(x.universeTo(y));
  case BinaryOp::LexLt:
  case BinaryOp::LexLe:
  case BinaryOp::LexGt:
  case BinaryOp::LexGe:
    if (!(isSetLike(a) && isSetLike(b)) &&
        !(isRelationLike(a) && isRelationLike(b)))
      binaryTypeError(op, a, b,
                      "lexicographic orders relate two sets or "
                      "two relations");
    return Value::of(x.lexOrderTo(y, lexOrderOf(op)));
  }
  binaryTypeError(op, a, b);
}

Value evalCall(Function f, const Value &xv) {
  Kind k = xv.kind();
  const UnionRelation &x = xv.asUnion();
  switch (f) {
  case Function::Coalesce:
  case Function::Aff:
  case Function::Poly:
  case Function::ConvexHull:
  case Function::SimpleHull:
    if (!isUnion(k))
      callTypeError(f, "a set, a relation or a params set", k);
    if (f == Function::Coalesce)
      return Value::of(x.coalesce());
    if (f == Function::Aff)
      return Value::of(x.affineHull());
    if (f == Function::SimpleHull)
      return Value::of(x.simpleHull());
    // The language defines convex_hull as poly: isl's polyhedral hull,
    // without divisions.
    return Value::of(x.polyhedralHull());
  case Function::Lexmin:
  case Function::Lexmax:
    if (!isSetLike(k) && !isRelationLike(k))
      callTypeError(f, "a set or a relation", k);
    return Value::of(f == Function::Lexmin ? x.lexmin() : x.lexmax());
  case Function::Dom:
  case Function::Ran:
  case Function::Deltas:
    if (!isRelationLike(k))
      callTypeError(f, "a relation", k);
    if (f == Function::Dom)
      return Value::of(x.domain());
    if (f == Function::Ran)
      return Value::of(x.range());
    return Value::of(x.deltas());
  case Function::Sample:
  case Function::Params:
  case Function::Universe:
  case Function::IsEmpty:
  case Function::IsUniverse:
    if (!isUnion(k))
      callTypeError(f, "a set, a relation or a params set", k);
    if (f == Function::Sample)
      return Value::of(x.sample());
    if (f == Function::Params)
      return Value::of(x.params());
    if (f == Function::Universe)
      return Value::of(x.universe());
    if (f == Function::IsEmpty)
      return Value::boolean(x.isEmpty());
    return Value::boolean(x.isUniverse());
  case Function::Wrap:
    if (!isRelationLike(k))
      callTypeError(f, "a relation", k);
    return Value::of(x.wrap());
  case Function::Unwrap:
    if (!isSetLike(k))
      callTypeError(f, "a set of pairs [A[..] -> B[..]]", k);
    return Value::of(x.unwrap());
  case Function::DomainMap:
  case Function::RangeMap:
  case Function::Curry:
  case Function::Uncurry:
  case Function::Zip:
    if (!isRelationLike(k))
      callTypeError(f, "a relation", k);
    if (f == Function::DomainMap)
      return Value::of(x.domainMap());
    if (f == Function::RangeMap)
      return Value::of(x.rangeMap());
    // Pieces without the nesting that curry, uncurry or zip needs have no
    // image (as in isl): `curry { A[i] -> B[j] }` is empty.
    if (f == Function::Curry)
      return Value::of(x.curry());
    if (f == Function::Uncurry)
      return Value::of(x.uncurry());
    return Value::of(x.zip());
  case Function::Identity:
    if (!isSetLike(k))
      callTypeError(f, "a set", k);
    return Value::of(x.identity());
  case Function::IsSingleValued:
  case Function::IsInjective:
  case Function::IsBijective:
    if (!isRelationLike(k))
      callTypeError(f, "a relation", k);
    if (f == Function::IsSingleValued)
      return Value::boolean(x.isSingleValued());
    if (f == Function::IsInjective)
      return Value::boolean(x.isInjective());
    return Value::boolean(x.isBijective());
  case Function::IsExactClosure:
    if (!isRelationLike(k))
      callTypeError(f, "a relation", k);
    return Value::boolean(transitiveClosure(x).exact);
  case Function::Codegen:
    if (!isRelationLike(k))
      callTypeError(f, "a schedule { instance -> time }", k);
    return Value::text(printC(buildAst(x)));
  default:
    break;
  }
  throw std::logic_error(std::string("unhandled function '") + name(f) + "'");
}

Value evalApply(const Value &mv, const Value &sv) {
  Kind m = mv.kind(), s = sv.kind();
  if (!isRelationLike(m))
    throw TypeError("cannot apply " + describe(m) +
                    ": in m(s), m must be a relation");
  if (!isSetLike(s))
    throw TypeError("a relation applies to a set: in m(s), s must be a set, "
                    "got " +
                    describe(s));
  return Value::of(sv.asUnion().apply(mv.asUnion()));
}

Value evalInverse(const Value &mv) {
  Kind m = mv.kind();
  if (!isRelationLike(m))
    throw TypeError("'^-1' (inverse) needs a relation, got " + describe(m));
  return Value::of(mv.asUnion().reverse());
}

Value evalClosure(const Value &mv) {
  Kind m = mv.kind();
  if (!isRelationLike(m))
    throw TypeError("'^+' (transitive closure) needs a relation, got " +
                    describe(m));
  return Value::of(transitiveClosure(mv.asUnion()).relation);
}

Value evalPower(const Value &mv, const std::string &k) {
  Kind m = mv.kind();
  if (!isRelationLike(m))
    throw TypeError("'^" + k + "' (power) needs a relation, got " +
                    describe(m));
  // The parser admits at most 19 digits, not all zero: this fits.
  return Value::of(power(mv.asUnion(), std::stoull(k)));
}

Value evalFlow(FlowKind kind, const Value &w, const Value &r, const Value &s) {
  auto needRelation = [&](const Value &v, const char *what) {
    if (!isRelationLike(v.kind()))
      throw TypeError(std::string("'") + name(kind) + "' needs " + what +
                      ", got " + describe(v.kind()));
  };
  needRelation(w, "write accesses { instance -> element } before 'before'");
  needRelation(r, "read accesses { instance -> element } after 'before'");
  needRelation(s, "a schedule { instance -> time } after 'under'");
  AccessInfo info;
  info.sink = r.asUnion();
  if (kind == FlowKind::Last)
    info.mustSource = w.asUnion();
  else
    info.maySource = w.asUnion();
  info.schedule = s.asUnion();
  Flow flow = computeFlow(info);
  return Value::of(
      (kind == FlowKind::Last ? flow.mustDependence : flow.mayDependence)
          .coalesce());
}

} // namespace presburger::calc
