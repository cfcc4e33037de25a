//===- RelationAlgebra.cpp - Composition, products, projection ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every operation here is built the same way: a destination basic relation
// in the result space, optionally with extra leading locals for the tuples
// the operation hides, receives the constraints of the operands through
// column maps (BasicRelation::appendMapped); then the locals are simplified.
//
//===----------------------------------------------------------------------===//
#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <numeric>

namespace presburger {

namespace {

/// Column layout of a result space with `extra` hidden locals in front.
struct Layout {
  unsigned np, dom, ran, loc;
  explicit Layout(const Space &s)
      : np(s.numParams()), dom(s.offset(VarKind::Domain)),
        ran(s.offset(VarKind::Range)), loc(s.offset(VarKind::Local)) {}
};

/// Identity map for the parameter columns, then `rest` appended.
std::vector<unsigned> paramsThen(unsigned np, std::vector<unsigned> rest) {
  std::vector<unsigned> map(np);
  std::iota(map.begin(), map.end(), 0u);
  map.insert(map.end(), rest.begin(), rest.end());
  return map;
}

/// `n` consecutive columns starting at `start`.
std::vector<unsigned> run(unsigned start, unsigned n) {
  std::vector<unsigned> v(n);
  std::iota(v.begin(), v.end(), start);
  return v;
}

std::vector<unsigned> concat(std::vector<unsigned> a,
                             const std::vector<unsigned> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// Combines every pair of disjuncts of `a` and `b` into a basic relation of
/// `space` with `extraLocals` leading locals, through the given maps.
Relation combine(const Relation &a, const Relation *b, const Space &space,
                 unsigned extraLocals, const std::vector<unsigned> &mapA,
                 const std::vector<unsigned> &mapB) {
  Relation result(space);
  auto build = [&](const BasicRelation &x, const BasicRelation *y) {
    BasicRelation dst(space);
    dst.insertVars(VarKind::Local, 0, extraLocals);
    dst.appendMapped(x, mapA);
    if (y)
      dst.appendMapped(*y, mapB);
    if (dst.simplifyLocals())
      result.addDisjunct(std::move(dst));
  };
  for (const BasicRelation &x : a.disjuncts()) {
    if (!b) {
      build(x, nullptr);
      continue;
    }
    for (const BasicRelation &y : b->disjuncts())
      build(x, &y);
  }
  result.removeContainedDisjuncts();
  return result;
}

void requireRelation(const Relation &r, const char *op) {
  if (!r.isRelation())
    throw SpaceError(std::string(op) + " needs a relation, got " +
                     r.space().toString());
}

void requireSet(const Relation &r, const char *op) {
  if (!r.isSet())
    throw SpaceError(std::string(op) + " needs a set, got " +
                     r.space().toString());
}

void requireSameTuple(const Tuple &a, const Tuple &b, const char *op) {
  if (a != b)
    throw SpaceError(std::string(op) + ": tuples do not match: " +
                     tupleToString(a) + " and " + tupleToString(b));
}

/// Copies of a and b with their parameters aligned.
std::pair<Relation, Relation> aligned(const Relation &a, const Relation &b) {
  Relation x = a, y = b;
  alignParams(x, y);
  return {std::move(x), std::move(y)};
}

VarKind checkDimKind(const Relation &r, VarKind kind, const char *op) {
  if (kind == VarKind::Local)
    throw InvalidArgument(std::string(op) + ": locals are not dimensions");
  if (kind == VarKind::Domain && !r.isRelation())
    throw SpaceError(std::string(op) + ": a set has no domain tuple");
  if (kind == VarKind::Range && r.isParams())
    throw SpaceError(std::string(op) + ": a params set has no tuple");
  return kind;
}

} // namespace

Relation Relation::identity(const Space &setSpace) {
  if (!setSpace.isSet())
    throw SpaceError("identity needs a set space, got " + setSpace.toString());
  Space space = Space::relation(setSpace.paramNames(), setSpace.setTuple(),
                                setSpace.setTuple());
  BasicRelation b(space);
  unsigned n = setSpace.numRange();
  Layout l(space);
  for (unsigned i = 0; i < n; ++i) {
    std::vector<Int> eq(b.numCols());
    eq[l.dom + i] = Int(1);
    eq[l.ran + i] = Int(-1);
    b.addEquality(eq);
  }
  return Relation(b);
}

Relation Relation::universeBetween(const Space &dom, const Space &ran) {
  if (!dom.isSet() || !ran.isSet())
    throw SpaceError("a universal relation needs two set spaces");
  return universe(
      Space::relation(mergeParams(dom.paramNames(), ran.paramNames()),
                      dom.setTuple(), ran.setTuple()));
}

Relation Relation::reverse() const {
  WorkBudget::Operation op;
  requireRelation(*this, "reverse");
  Space space = space_.reversed();
  Layout l(space);
  unsigned nA = numDomain(), nB = numRange();
  // Source A goes to the new range, B to the new domain.
  auto map = paramsThen(numParams(), concat(run(l.ran, nA), run(l.dom, nB)));
  return combine(*this, nullptr, space, 0, map, {});
}

Relation Relation::domain() const {
  WorkBudget::Operation op;
  requireRelation(*this, "domain");
  Space space = space_.domainSpace();
  Layout l(space);
  auto map = paramsThen(
      numParams(), concat(run(l.ran, numDomain()), run(l.loc, numRange())));
  return combine(*this, nullptr, space, numRange(), map, {});
}

Relation Relation::range() const {
  WorkBudget::Operation op;
  requireRelation(*this, "range");
  Space space = space_.rangeSpace();
  Layout l(space);
  auto map = paramsThen(
      numParams(), concat(run(l.loc, numDomain()), run(l.ran, numRange())));
  return combine(*this, nullptr, space, numDomain(), map, {});
}

Relation Relation::applyRange(const Relation &other) const {
  WorkBudget::Operation op;
  requireRelation(*this, "apply_range");
  requireRelation(other, "apply_range");
  auto [a, b] = aligned(*this, other);
  requireSameTuple(a.space_.rangeTuple(), b.space_.domainTuple(),
                   "apply_range");
  Space space = Space::relation(a.space_.paramNames(), a.space_.domainTuple(),
                                b.space_.rangeTuple());
  Layout l(space);
  unsigned nA = a.numDomain(), nB = a.numRange(), nC = b.numRange();
  auto mapA = paramsThen(a.numParams(), concat(run(l.dom, nA), run(l.loc, nB)));
  auto mapB = paramsThen(a.numParams(), concat(run(l.loc, nB), run(l.ran, nC)));
  return combine(a, &b, space, nB, mapA, mapB);
}

Relation Relation::applyDomain(const Relation &other) const {
  WorkBudget::Operation op;
  requireRelation(*this, "apply_domain");
  requireRelation(other, "apply_domain");
  return other.reverse().applyRange(*this);
}

Relation Relation::apply(const Relation &rel) const {
  WorkBudget::Operation op;
  requireSet(*this, "apply");
  requireRelation(rel, "apply");
  auto [s, r] = aligned(*this, rel);
  requireSameTuple(s.space_.setTuple(), r.space_.domainTuple(), "apply");
  Space space = r.space_.rangeSpace();
  Layout l(space);
  unsigned nA = r.numDomain(), nB = r.numRange();
  auto mapS = paramsThen(s.numParams(), run(l.loc, nA));
  auto mapR = paramsThen(s.numParams(), concat(run(l.loc, nA), run(l.ran, nB)));
  return combine(s, &r, space, nA, mapS, mapR);
}

Relation Relation::deltas() const {
  WorkBudget::Operation op;
  requireRelation(*this, "deltas");
  requireSameTuple(space_.domainTuple(), space_.rangeTuple(), "deltas");
  Space space = space_.rangeSpace();
  Layout l(space);
  unsigned n = numRange();
  Relation result(space);
  for (const BasicRelation &x : disjuncts_) {
    BasicRelation dst(space);
    dst.insertVars(VarKind::Local, 0, 2 * n);
    auto map =
        paramsThen(numParams(), concat(run(l.loc, n), run(l.loc + n, n)));
    dst.appendMapped(x, map);
    for (unsigned i = 0; i < n; ++i) {
      // d_i = y_i - x_i
      std::vector<Int> eq(dst.numCols());
      eq[l.ran + i] = Int(1);
      eq[l.loc + n + i] = Int(-1);
      eq[l.loc + i] = Int(1);
      dst.addEquality(eq);
    }
    if (dst.simplifyLocals())
      result.addDisjunct(std::move(dst));
  }
  result.removeContainedDisjuncts();
  return result;
}

Relation Relation::intersectDomain(const Relation &set) const {
  WorkBudget::Operation op;
  requireRelation(*this, "intersect_domain");
  requireSet(set, "intersect_domain");
  auto [r, s] = aligned(*this, set);
  requireSameTuple(r.space_.domainTuple(), s.space_.setTuple(),
                   "intersect_domain");
  Layout l(r.space_);
  auto mapR =
      paramsThen(r.numParams(), run(l.dom, r.numDomain() + r.numRange()));
  auto mapS = paramsThen(r.numParams(), run(l.dom, r.numDomain()));
  return combine(r, &s, r.space_, 0, mapR, mapS);
}

Relation Relation::intersectRange(const Relation &set) const {
  WorkBudget::Operation op;
  requireRelation(*this, "intersect_range");
  requireSet(set, "intersect_range");
  auto [r, s] = aligned(*this, set);
  requireSameTuple(r.space_.rangeTuple(), s.space_.setTuple(),
                   "intersect_range");
  Layout l(r.space_);
  auto mapR =
      paramsThen(r.numParams(), run(l.dom, r.numDomain() + r.numRange()));
  auto mapS = paramsThen(r.numParams(), run(l.ran, r.numRange()));
  return combine(r, &s, r.space_, 0, mapR, mapS);
}

Relation Relation::intersectParams(const Relation &params) const {
  WorkBudget::Operation op;
  if (!params.isParams())
    throw SpaceError("intersect_params needs a params set, got " +
                     params.space().toString());
  auto [r, p] = aligned(*this, params);
  Layout l(r.space_);
  auto mapP = paramsThen(r.numParams(), {});
  auto mapR =
      paramsThen(r.numParams(), run(l.dom, r.numDomain() + r.numRange()));
  return combine(p, &r, r.space_, 0, mapP, mapR);
}

Relation Relation::product(const Relation &other) const {
  WorkBudget::Operation op;
  auto [a, b] = aligned(*this, other);
  if (a.isSet() && b.isSet()) {
    Space space =
        Space::set(a.space_.paramNames(),
                   Tuple::nested("", a.space_.setTuple(), b.space_.setTuple()));
    Layout l(space);
    auto mapA = paramsThen(a.numParams(), run(l.ran, a.numRange()));
    auto mapB =
        paramsThen(a.numParams(), run(l.ran + a.numRange(), b.numRange()));
    return combine(a, &b, space, 0, mapA, mapB);
  }
  requireRelation(a, "product");
  requireRelation(b, "product");
  Space space = Space::relation(
      a.space_.paramNames(),
      Tuple::nested("", a.space_.domainTuple(), b.space_.domainTuple()),
      Tuple::nested("", a.space_.rangeTuple(), b.space_.rangeTuple()));
  Layout l(space);
  unsigned nA = a.numDomain(), nB = a.numRange(), nC = b.numDomain(),
           nD = b.numRange();
  auto mapA = paramsThen(a.numParams(), concat(run(l.dom, nA), run(l.ran, nB)));
  auto mapB = paramsThen(a.numParams(),
                         concat(run(l.dom + nA, nC), run(l.ran + nB, nD)));
  return combine(a, &b, space, 0, mapA, mapB);
}

Relation Relation::domainProduct(const Relation &other) const {
  WorkBudget::Operation op;
  requireRelation(*this, "domain_product");
  requireRelation(other, "domain_product");
  auto [a, b] = aligned(*this, other);
  requireSameTuple(a.space_.rangeTuple(), b.space_.rangeTuple(),
                   "domain_product");
  Space space = Space::relation(
      a.space_.paramNames(),
      Tuple::nested("", a.space_.domainTuple(), b.space_.domainTuple()),
      a.space_.rangeTuple());
  Layout l(space);
  unsigned nA = a.numDomain(), nB = a.numRange(), nC = b.numDomain();
  auto mapA = paramsThen(a.numParams(), concat(run(l.dom, nA), run(l.ran, nB)));
  auto mapB =
      paramsThen(a.numParams(), concat(run(l.dom + nA, nC), run(l.ran, nB)));
  return combine(a, &b, space, 0, mapA, mapB);
}

Relation Relation::rangeProduct(const Relation &other) const {
  WorkBudget::Operation op;
  requireRelation(*this, "range_product");
  requireRelation(other, "range_product");
  auto [a, b] = aligned(*this, other);
  requireSameTuple(a.space_.domainTuple(), b.space_.domainTuple(),
                   "range_product");
  Space space = Space::relation(
      a.space_.paramNames(), a.space_.domainTuple(),
      Tuple::nested("", a.space_.rangeTuple(), b.space_.rangeTuple()));
  Layout l(space);
  unsigned nA = a.numDomain(), nB = a.numRange(), nC = b.numRange();
  auto mapA = paramsThen(a.numParams(), concat(run(l.dom, nA), run(l.ran, nB)));
  auto mapB =
      paramsThen(a.numParams(), concat(run(l.dom, nA), run(l.ran + nB, nC)));
  return combine(a, &b, space, 0, mapA, mapB);
}

Relation Relation::wrap() const {
  requireRelation(*this, "wrap");
  Relation r = *this;
  r.setSpace(space_.wrapped());
  return r;
}

Relation Relation::unwrap() const {
  Relation r = *this;
  r.setSpace(space_.unwrapped());
  return r;
}

Relation Relation::params() const {
  WorkBudget::Operation op;
  Space space = space_.paramsSpace();
  auto map = paramsThen(numParams(), run(numParams(), space_.numDims()));
  return combine(*this, nullptr, space, space_.numDims(), map, {});
}

Relation Relation::projectOut(VarKind kind, unsigned pos, unsigned n) const {
  WorkBudget::Operation op;
  checkDimKind(*this, kind, "project_out");
  if (pos + n > space_.numVars(kind))
    throw InvalidArgument("project_out: dimensions past the end");
  Relation result(space_);
  bool first = true;
  for (const BasicRelation &x : disjuncts_) {
    BasicRelation b = x;
    b.convertToLocals(kind, pos, n);
    if (first) {
      result = Relation(b.space());
      first = false;
    }
    if (b.simplifyLocals())
      result.addDisjunct(std::move(b));
  }
  if (first) {
    // No disjunct: compute the projected space from an empty one.
    BasicRelation b(space_);
    b.convertToLocals(kind, pos, n);
    result = Relation(b.space());
  }
  result.removeContainedDisjuncts();
  // As in isl, a tuple that loses dimensions loses its name (renamed in
  // place: setTupleName would copy every disjunct).
  if (kind != VarKind::Param && n > 0) {
    Space s = result.space();
    result.setSpace(kind == VarKind::Domain
                        ? s.withDomainTuple(s.domainTuple().withName(""))
                        : s.withRangeTuple(s.rangeTuple().withName("")));
  }
  return result;
}

namespace {
Relation addBound(const Relation &r, VarKind kind, unsigned pos,
                  const Int &value, int which /* 0 eq, 1 lower, -1 upper */) {
  checkDimKind(r, kind, "fix/bound");
  if (pos >= r.space().numVars(kind))
    throw InvalidArgument("fix/bound: dimension past the end");
  unsigned col = r.space().offset(kind) + pos;
  Relation result(r.space());
  for (const BasicRelation &x : r.disjuncts()) {
    BasicRelation b = x;
    std::vector<Int> row(b.numCols());
    Int sign = which < 0 ? Int(-1) : Int(1);
    row[col] = sign;
    row.back() = -sign * value;
    if (which == 0)
      b.addEquality(row);
    else
      b.addInequality(row);
    if (b.normalize())
      result.addDisjunct(std::move(b));
  }
  return result;
}
} // namespace

Relation Relation::fix(VarKind kind, unsigned pos, const Int &value) const {
  return addBound(*this, kind, pos, value, 0);
}
Relation Relation::lowerBound(VarKind kind, unsigned pos,
                              const Int &value) const {
  return addBound(*this, kind, pos, value, 1);
}
Relation Relation::upperBound(VarKind kind, unsigned pos,
                              const Int &value) const {
  return addBound(*this, kind, pos, value, -1);
}

Relation Relation::insertDims(VarKind kind, unsigned pos, unsigned n) const {
  checkDimKind(*this, kind, "insert_dims");
  if (kind == VarKind::Param)
    throw InvalidArgument("insert_dims: parameters are added by name");
  if (pos > space_.numVars(kind))
    throw InvalidArgument("insert_dims: position past the end");
  BasicRelation probe(space_);
  probe.insertVars(kind, pos, n);
  Relation result(probe.space());
  for (const BasicRelation &x : disjuncts_) {
    BasicRelation b = x;
    b.insertVars(kind, pos, n);
    result.addDisjunct(std::move(b));
  }
  // As in isl, a tuple that gains dimensions loses its name.
  return n > 0 ? result.setTupleName(kind, "") : result;
}

Relation Relation::moveDims(VarKind dst, unsigned dstPos, VarKind src,
                            unsigned srcPos, unsigned n) const {
  checkDimKind(*this, dst, "move_dims");
  checkDimKind(*this, src, "move_dims");
  if (dst == VarKind::Param || src == VarKind::Param)
    throw InvalidArgument("move_dims: only domain and range dimensions move");
  if (srcPos + n > space_.numVars(src))
    throw InvalidArgument("move_dims: source past the end");
  // Old order of the dimension columns, then the moved block reinserted.
  std::vector<unsigned> domCols =
      run(space_.offset(VarKind::Domain), numDomain());
  std::vector<unsigned> ranCols =
      run(space_.offset(VarKind::Range), numRange());
  std::vector<unsigned> &from = src == VarKind::Domain ? domCols : ranCols;
  std::vector<unsigned> block(from.begin() + srcPos, from.begin() + srcPos + n);
  from.erase(from.begin() + srcPos, from.begin() + srcPos + n);
  std::vector<unsigned> &to = dst == VarKind::Domain ? domCols : ranCols;
  if (dstPos > to.size())
    throw InvalidArgument("move_dims: destination past the end");
  to.insert(to.begin() + dstPos, block.begin(), block.end());
  // Name hints follow the dimensions.
  std::vector<std::string> oldNames;
  if (isRelation())
    oldNames = space_.domainTuple().dimNames();
  std::vector<std::string> ranNames = space_.rangeTuple().dimNames();
  oldNames.insert(oldNames.end(), ranNames.begin(), ranNames.end());
  auto namesOf = [&](const std::vector<unsigned> &cols) {
    std::vector<std::string> out;
    for (unsigned c : cols)
      out.push_back(oldNames[c - numParams()]);
    return out;
  };
  // As in isl, the tuples involved in a move lose their names.
  Tuple domT("", unsigned(domCols.size()));
  Tuple ranT("", unsigned(ranCols.size()));
  domT.setDimNames(namesOf(domCols));
  ranT.setDimNames(namesOf(ranCols));
  Space space = (isSet() && domCols.empty())
                    ? Space::set(space_.paramNames(), ranT)
                    : Space::relation(space_.paramNames(), domT, ranT);
  std::vector<unsigned> map(space_.offset(VarKind::Local));
  std::iota(map.begin(), map.begin() + numParams(), 0u);
  unsigned next = numParams();
  for (unsigned c : domCols)
    map[c] = next++;
  for (unsigned c : ranCols)
    map[c] = next++;
  return combine(*this, nullptr, space, 0, map, {});
}

Relation Relation::setTupleName(VarKind kind, const std::string &name) const {
  checkDimKind(*this, kind, "set_tuple_name");
  Relation r = *this;
  if (kind == VarKind::Domain)
    r.setSpace(space_.withDomainTuple(space_.domainTuple().withName(name)));
  else if (kind == VarKind::Range)
    r.setSpace(space_.withRangeTuple(space_.rangeTuple().withName(name)));
  else
    throw InvalidArgument("set_tuple_name: parameters have no tuple");
  return r;
}

bool Relation::isSingleValued() const {
  WorkBudget::Operation op;
  requireRelation(*this, "is_single_valued");
  // Pairs of images of one domain element must coincide.
  Relation pairs = reverse().applyRange(*this);
  return pairs.isSubsetOf(identity(space_.rangeSpace()));
}

bool Relation::isInjective() const {
  WorkBudget::Operation op;
  requireRelation(*this, "is_injective");
  return reverse().isSingleValued();
}

bool Relation::isBijective() const {
  WorkBudget::Operation op;
  return isSingleValued() && isInjective();
}

} // namespace presburger
