//===- Coalesce.cpp - Replacing pairs of disjuncts by one -----------------===//
//
// Coalescing after Verdoolaege, "Integer Set Coalescing" (IMPACT 2015); the
// case analysis follows the paper and isl's description of it, written anew
// for this engine. See docs/algorithms/coalesce.md.
//
// Every constraint of one basic relation is classified against the rational
// relaxation of the other: valid (implied), separate (no point satisfies
// it), cut (some points do), adjacent to an equality (the other lies on the
// hyperplane just outside), or adjacent to an inequality (the other has the
// opposite facet just outside). The classification selects a case; each
// case builds the candidate basic relation and checks the conditions under
// which it holds exactly the integer points of the union. Candidates that
// rest on a geometric argument beyond the two simplest cases are in
// addition verified exactly (candidate minus the two pieces is empty)
// before they replace the pair, so a result is never an approximation.
//
//===----------------------------------------------------------------------===//
#include "solve/DifferenceConstraints.h"
#include "basic/FuseCuts.h"

#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/Relation.h"
#include "presburger/Simplex.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <optional>

namespace presburger {

namespace {

using Vec = std::vector<Int>;

Vec toVec(ConstRow r) { return Vec(r.begin(), r.end()); }

Vec negated(ConstRow r) {
  Vec v(r.size());
  for (size_t i = 0; i < r.size(); ++i)
    v[i] = -r[i];
  return v;
}

/// `r` with its constant increased by `delta`.
Vec shifted(ConstRow r, int64_t delta) {
  Vec v = toVec(r);
  v.back() += Int(delta);
  return v;
}

bool sameRow(ConstRow a, ConstRow b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

bool isNegation(ConstRow a, ConstRow b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != -b[i])
      return false;
  return true;
}

/// b's tableau, its construction charged to the budget.
Simplex simplexOf(const BasicRelation &b) {
  WorkBudget::charge(b.numConstraints() * b.numCols());
  return Simplex(b.equalities(), b.inequalities());
}

/// Divides `v` by the gcd of all its entries (an exact rescaling).
void divideByContent(Vec &v) {
  Int g = rowGcd(ConstRow(v));
  if (g.isZero() || g.isOne())
    return;
  for (Int &x : v)
    x = divExact(x, g);
}

//===----------------------------------------------------------------------===//
// Reducing coefficients on the lattice of the equalities.
//===----------------------------------------------------------------------===//

/// Tightens the inequalities of `b` over the integer points of the affine
/// lattice of its equalities, and rewrites an inequality whose linear part
/// has a common factor g > 1 on that lattice as the inequality divided by g
/// (expressed in a coordinate of the lattice). For example with i = 4q,
/// 10 - i >= 0 becomes 2 - q >= 0. Exact on the points of `b`; makes
/// adjacency visible between strided pieces. Returns false when `b` has no
/// integer point on its equalities.
bool reduceCoefficients(BasicRelation &b) {
  if (b.numEqualities() == 0 || b.numInequalities() == 0)
    return true;
  unsigned n = b.numVars();
  Matrix e(b.numEqualities(), n);
  for (unsigned r = 0; r < b.numEqualities(); ++r)
    for (unsigned c = 0; c < n; ++c)
      e.at(r, c) = b.equality(r)[c];
  ColumnEchelon ce = columnEchelon(e);
  if (ce.rank == n)
    return true;
  std::optional<IntegerLattice> lat = solveIntegerEqualities(b.equalities());
  if (!lat) {
    b.markEmpty();
    return false;
  }
  unsigned k = n - ce.rank;
  // The lattice directions are the last k columns of U (as in
  // solveIntegerEqualities); the matching rows of U^-1 give the lattice
  // coordinates z = V (x - origin) of a point x.
  Matrix uinv = inverseUnimodular(ce.u);
  WorkBudget::charge(b.numInequalities() * n * k);
  bool changed = false;
  for (unsigned r = 0; r < b.numInequalities(); ++r) {
    ConstRow a = b.inequality(r);
    Vec az(k);
    for (unsigned j = 0; j < k; ++j)
      for (unsigned c = 0; c < n; ++c)
        if (!a[c].isZero())
          az[j] += a[c] * ce.u.at(c, ce.rank + j);
    Int g = rowGcd(ConstRow(az));
    if (g.isZero() || g.isOne())
      continue;
    Int value0 = a[n];
    for (unsigned c = 0; c < n; ++c)
      if (!a[c].isZero())
        value0 += a[c] * lat->origin[c];
    Vec out(n + 1);
    for (unsigned j = 0; j < k; ++j) {
      Int coef = divExact(az[j], g);
      if (coef.isZero())
        continue;
      for (unsigned c = 0; c < n; ++c)
        if (!uinv.at(ce.rank + j, c).isZero())
          out[c] += coef * uinv.at(ce.rank + j, c);
    }
    Int constant = floorDiv(value0, g);
    for (unsigned c = 0; c < n; ++c)
      if (!out[c].isZero())
        constant -= out[c] * lat->origin[c];
    out[n] = constant;
    std::copy(out.begin(), out.end(), b.inequalitiesMut().row(r).begin());
    changed = true;
  }
  if (changed)
    return b.normalize();
  return true;
}

//===----------------------------------------------------------------------===//
// Local normalizations.
//===----------------------------------------------------------------------===//

/// For each division local q = floor((f + c) / d) fixed by an equality
/// d*q = f + c (a stride), rewrites it as q' = floor(f / d) with
/// q = q' + ceil(c / d): on the points of `b` both are the same integer, and
/// two pieces whose strides differ by a constant get the same division.
void normalizeStrideDivs(BasicRelation &b) {
  unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (!b.hasDivDef(k) || b.divNumerator(k)[nv].isZero())
      continue;
    const Int &d = b.divDenominator(k);
    ConstRow num = b.divNumerator(k);
    bool stride = false;
    for (unsigned e = 0; e < b.numEqualities() && !stride; ++e) {
      ConstRow r = b.equality(e);
      if (abs(r[lo + k]) != d)
        continue;
      // r = s * (f + c - d*q) for s = +-1.
      int s = r[lo + k].isNegative() ? 1 : -1;
      bool match = true;
      for (unsigned c = 0; c <= nv && match; ++c)
        if (c != lo + k)
          match = (s > 0 ? r[c] : -r[c]) == num[c];
      stride = match;
    }
    if (!stride)
      continue;
    Int shift = ceilDiv(num[nv], d);
    // Substitute q = q' + shift everywhere: constants gain coef * shift.
    auto apply = [&](Matrix &m) {
      for (unsigned r = 0; r < m.numRows(); ++r)
        if (!m.at(r, lo + k).isZero())
          m.at(r, nv) += m.at(r, lo + k) * shift;
    };
    apply(b.equalitiesMut());
    apply(b.inequalitiesMut());
    for (unsigned l = 0; l < b.numLocals(); ++l) {
      if (l == k || !b.hasDivDef(l) || b.divNumerator(l)[lo + k].isZero())
        continue;
      Vec other = toVec(b.divNumerator(l));
      other[nv] += other[lo + k] * shift;
      Int den = b.divDenominator(l);
      b.setDivDef(l, other, den);
    }
    Vec own = toVec(num);
    own[nv] = Int(0);
    Int den = d;
    b.setDivDef(k, own, den);
  }
}

/// Drops locals whose only constraints are a pair e <= d*q <= e + c with
/// c >= d - 1 (such as their own definition): some integer q always
/// satisfies them, so they constrain nothing.
void dropUnconstrainingLocals(BasicRelation &b) {
  bool changed = true;
  while (changed) {
    changed = false;
    unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
    for (unsigned k = 0; k < b.numLocals() && !changed; ++k) {
      unsigned col = lo + k;
      bool used = false;
      for (unsigned e = 0; e < b.numEqualities() && !used; ++e)
        used = !b.equality(e)[col].isZero();
      for (unsigned l = 0; l < b.numLocals() && !used; ++l)
        used = l != k && b.hasDivDef(l) && !b.divNumerator(l)[col].isZero();
      if (used)
        continue;
      std::vector<unsigned> rows;
      for (unsigned i = 0; i < b.numInequalities(); ++i)
        if (!b.inequality(i)[col].isZero())
          rows.push_back(i);
      if (rows.size() != 2)
        continue;
      ConstRow r0 = b.inequality(rows[0]), r1 = b.inequality(rows[1]);
      bool opposite = true;
      for (unsigned c = 0; c < nv && opposite; ++c)
        opposite = r0[c] == -r1[c];
      if (!opposite)
        continue;
      Int d = abs(r0[col]);
      if (r0[nv] + r1[nv] < d - Int(1))
        continue;
      b.removeInequality(rows[1]);
      b.removeInequality(rows[0]);
      b.removeVarsRaw(VarKind::Local, k, 1);
      changed = true;
    }
  }
}

/// Makes explicit the variables (locals included) that take a single
/// integer value on the rational relaxation of `b`: v = c is added as an
/// equality, or, with `asPair`, as the two inequalities v >= c, v <= c. The
/// integer points do not change. Returns false when some variable has no
/// integer value in its range (then `b` has no integer point). Two LPs per
/// variable, restricted to the columns `vars` when given.
bool fixIntegerConstants(BasicRelation &b,
                         std::optional<std::vector<unsigned>> vars = {},
                         bool asPair = false, bool tightenBounds = false) {
  Simplex s = simplexOf(b);
  if (s.isEmpty())
    return false;
  if (!vars) {
    vars.emplace();
    for (unsigned v = 0; v < b.numVars(); ++v)
      vars->push_back(v);
  }
  for (unsigned v : *vars) {
    WorkBudget::charge(b.numConstraints() + 1);
    Optimum lo = s.computeVarOptimum(v, false);
    Optimum hi = s.computeVarOptimum(v, true);
    if (tightenBounds) {
      // A fractional bound rounds: v >= ceil(min), v <= floor(max).
      for (const Optimum *o : {&lo, &hi}) {
        if (!o->isBounded() || o->value.isInteger())
          continue;
        bool upper = o == &hi;
        if (lo.isBounded() && hi.isBounded() &&
            lo.value.ceil() >= hi.value.floor())
          break; // Fixed or empty: handled below.
        Vec row(b.numCols());
        row[v] = Int(upper ? -1 : 1);
        row.back() = upper ? o->value.floor() : -o->value.ceil();
        b.addInequality(row);
        s.addInequality(row);
      }
    }
    if (!lo.isBounded() || !hi.isBounded() || lo.value == hi.value)
      continue;
    Int l = lo.value.ceil(), h = hi.value.floor();
    if (l > h)
      return false;
    if (l != h)
      continue;
    Vec row(b.numCols());
    row[v] = Int(1);
    row.back() = -l;
    s.addEquality(row);
    if (!asPair) {
      b.addEquality(row);
      continue;
    }
    b.addInequality(row);
    b.addInequality(negated(ConstRow(row)));
  }
  return true;
}

/// Drops the inequalities implied by the others (over the rationals)
/// without touching anything else (no merging of opposite pairs).
bool removeRedundantInequalities(BasicRelation &b) {
  Simplex s = simplexOf(b);
  if (s.isEmpty())
    return false;
  unsigned base = 2 * b.numEqualities();
  s.detectRedundant(base, base + b.numInequalities());
  for (unsigned i = b.numInequalities(); i-- > 0;)
    if (s.isMarkedRedundant(base + i))
      b.removeInequality(i);
  return true;
}

/// Eliminates a division local q = floor(f / d) whose defining pair
/// d*q <= f <= d*q + d - 1 is among the constraints and which appears
/// elsewhere only with coefficient +-1 (no equality, no other definition):
/// a.x + q >= 0 holds exactly when f + d*a.x >= 0, and a.x - q >= 0 when
/// d*a.x + d - 1 - f >= 0. For example floor(i/2) <= 2 is i <= 5.
void eliminateBoundedDivs(BasicRelation &b) {
  bool changed = true;
  while (changed) {
    changed = false;
    unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
    for (unsigned k = 0; k < b.numLocals() && !changed; ++k) {
      unsigned col = lo + k;
      if (!b.hasDivDef(k))
        continue;
      bool used = false;
      for (unsigned e = 0; e < b.numEqualities() && !used; ++e)
        used = !b.equality(e)[col].isZero();
      for (unsigned l = 0; l < b.numLocals() && !used; ++l)
        used = l != k && b.hasDivDef(l) && !b.divNumerator(l)[col].isZero();
      if (used)
        continue;
      const Int &d = b.divDenominator(k);
      Vec lower = toVec(b.divNumerator(k)); // f - d*q >= 0
      lower[col] = -d;
      Vec upper = negated(ConstRow(lower)); // d*q - f + d - 1 >= 0
      upper.back() += d - Int(1);
      int lowerRow = -1, upperRow = -1;
      bool unit = true;
      for (unsigned i = 0; i < b.numInequalities() && unit; ++i) {
        ConstRow r = b.inequality(i);
        if (r[col].isZero())
          continue;
        if (lowerRow < 0 && sameRow(r, ConstRow(lower)))
          lowerRow = int(i);
        else if (upperRow < 0 && sameRow(r, ConstRow(upper)))
          upperRow = int(i);
        else
          unit = abs(r[col]).isOne();
      }
      if (!unit || lowerRow < 0 || upperRow < 0)
        continue;
      ConstRow f = b.divNumerator(k);
      Matrix &m = b.inequalitiesMut();
      for (unsigned i = 0; i < m.numRows(); ++i) {
        if (int(i) == lowerRow || int(i) == upperRow || m.at(i, col).isZero())
          continue;
        bool plus = m.at(i, col).isPositive();
        // Row a.x + q >= 0 becomes d*a.x + f >= 0; a.x - q >= 0 becomes
        // d*a.x - f + d - 1 >= 0.
        m.at(i, col) = Int(0);
        for (unsigned c = 0; c <= nv; ++c) {
          m.at(i, c) *= d;
          if (!f[c].isZero())
            m.at(i, c) += plus ? f[c] : -f[c];
        }
        if (!plus)
          m.at(i, nv) += d - Int(1);
      }
      b.removeInequality(unsigned(std::max(lowerRow, upperRow)));
      b.removeInequality(unsigned(std::min(lowerRow, upperRow)));
      b.removeVarsRaw(VarKind::Local, k, 1);
      changed = true;
    }
  }
}

/// BasicRelation::simplify plus the removal of locals that constrain
/// nothing and of divisions that are only bounded. False when `b` is
/// empty.
bool simplifyPiece(BasicRelation &b) {
  if (!b.simplify())
    return false;
  unsigned locals = b.numLocals();
  dropUnconstrainingLocals(b);
  eliminateBoundedDivs(b);
  if (b.numLocals() != locals)
    return b.simplify();
  return true;
}

/// The representation used for the pair tests: strides normalized and
/// coefficients reduced on the lattice of the equalities. `simplified`: `b`
/// comes out of simplifyPiece, so its redundancies need another pass only
/// when the rows change here.
bool prepareWork(BasicRelation &b, bool simplified) {
  std::optional<BasicRelation> before;
  if (simplified)
    before = b;
  normalizeStrideDivs(b);
  unsigned eqs = b.numEqualities();
  if (!reduceCoefficients(b))
    return false;
  if (b.numLocals() > 0 && b.numEqualities() != eqs) {
    // Tightening on the lattice may fix a local (i = 4e + 1 on
    // -2 <= i <= 1 gives e = 0): substitute it away.
    if (!b.simplifyLocals())
      return false;
    normalizeStrideDivs(b);
    if (!reduceCoefficients(b))
      return false;
  }
  if (before && before->numLocals() == b.numLocals() &&
      before->equalities() == b.equalities() &&
      before->inequalities() == b.inequalities())
    return true;
  return b.removeRedundancies();
}

/// A second representation, tried when the first one fuses nothing: the
/// working one with single-valued variables fixed and fractional variable
/// bounds rounded. It is closer to the integer hull, which exposes
/// adjacencies that an earlier fusion hid, but it may also drop constraints
/// that the rounded bounds make redundant, so it does not replace the
/// first. Returns false when `b` is empty.
bool prepareTight(BasicRelation &b) {
  unsigned eqs = b.numEqualities();
  if (!fixIntegerConstants(b, {}, false, true))
    return false;
  if (b.numEqualities() != eqs && !reduceCoefficients(b))
    return false;
  return b.removeRedundancies();
}

//===----------------------------------------------------------------------===//
// Constraint classification.
//===----------------------------------------------------------------------===//

enum class Status { Valid, Separate, Cut, AdjEq, AdjIneq };

/// One basic relation of the pair, with its tableau and the status of each
/// of its constraints with respect to the other one.
struct Side {
  BasicRelation rel;
  /// Two entries per equality e: [2k] for e >= 0, [2k + 1] for -e >= 0.
  std::vector<Status> eq;
  std::vector<Status> ineq;

  /// Shortest paths when `rel` is a difference system: optima of
  /// difference rows without the tableau.
  std::optional<difference::Distances> graph;

  explicit Side(BasicRelation r)
      : rel(std::move(r)),
        graph(rel.numLocals() == 0
                  ? difference::Distances::of(rel.equalities(),
                                              rel.inequalities(),
                                              rel.numVars())
                  : std::nullopt) {}

  /// The tableau of `rel`, built on first use (the graph often answers).
  Simplex &tab() {
    if (!tab_)
      tab_.emplace(simplexOf(rel));
    return *tab_;
  }
  /// Rational emptiness (a system with a graph is not empty).
  bool isEmpty() { return !graph && tab().isEmpty(); }
  /// The rational optimum of `row` over `rel`.
  Optimum optimum(ConstRow row, bool maximize) {
    if (graph)
      if (std::optional<Optimum> o = graph->optimum(row, maximize))
        return *o;
    return tab().computeOptimum(row, maximize);
  }

  unsigned numEq() const { return rel.numEqualities(); }
  unsigned numIneq() const { return rel.numInequalities(); }
  /// Equality direction d (see `eq`) as an inequality row.
  Vec eqDir(unsigned d) const {
    ConstRow r = rel.equality(d / 2);
    return d % 2 == 0 ? toVec(r) : negated(r);
  }
  /// Index of inequality `i` among the tableau's constraints.
  unsigned ineqIndex(unsigned i) const { return 2 * numEq() + i; }

private:
  std::optional<Simplex> tab_;
};

bool anyOf(const std::vector<Status> &v, Status s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
unsigned countOf(const std::vector<Status> &v, Status s) {
  return unsigned(std::count(v.begin(), v.end(), s));
}
bool allOf(const std::vector<Status> &v, Status s) {
  return std::all_of(v.begin(), v.end(), [&](Status x) { return x == s; });
}
int findOf(const std::vector<Status> &v, Status s) {
  auto it = std::find(v.begin(), v.end(), s);
  return it == v.end() ? -1 : int(it - v.begin());
}

/// The status of c(x) >= 0 with respect to `other`. Sets `looseHint` when
/// c separates the pieces only by a fractional amount (a sign that the
/// rational relaxation of `other` is not tight over the integers).
Status classify(const Vec &c, Side &other, bool &looseHint) {
  WorkBudget::charge(other.rel.numConstraints() + 1);
  Optimum mn = other.optimum(c, /*maximize=*/false);
  if (mn.isBounded() && mn.value.sign() >= 0)
    return Status::Valid;
  Optimum mx = other.optimum(c, /*maximize=*/true);
  if (!mx.isBounded() || mx.value.sign() >= 0)
    return Status::Cut;
  if (mx.value != Fraction(Int(-1))) {
    if (!mx.value.isInteger())
      looseHint = true;
    return Status::Separate;
  }
  if (mn.isBounded() && mn.value == Fraction(Int(-1)))
    return Status::AdjEq;
  // Adjacent to an inequality t >= 0 of `other`: c + 1 + t vanishes on the
  // affine hull of `other` (syntactically when `other` has no equalities).
  for (unsigned i = 0; i < other.numIneq(); ++i) {
    ConstRow r = other.rel.inequality(i);
    bool opposite = true;
    for (size_t k = 0; k + 1 < r.size() && opposite; ++k)
      opposite = c[k] == -r[k];
    if (opposite && c.back() + Int(1) + r.back() == Int(0))
      return Status::AdjIneq;
  }
  if (other.numEq() > 0) {
    for (unsigned i = 0; i < other.numIneq(); ++i) {
      ConstRow r = other.rel.inequality(i);
      Vec sum(c.size());
      for (size_t k = 0; k < c.size(); ++k)
        sum[k] = c[k] + r[k];
      sum.back() += Int(1);
      if (other.tab().isRedundantEquality(sum))
        return Status::AdjIneq;
    }
  }
  return Status::Separate;
}

/// Whether every constraint of `s` holds on every rational point of `tab`.
bool containsAll(const Side &s, Simplex &tab) {
  if (tab.isEmpty())
    return true;
  for (unsigned d = 0; d < 2 * s.numEq(); ++d)
    if (!tab.isRedundantInequality(s.eqDir(d)))
      return false;
  for (unsigned i = 0; i < s.numIneq(); ++i)
    if (!tab.isRedundantInequality(s.rel.inequality(i)))
      return false;
  return true;
}

/// The constraint ridge + lambda * bound with the smallest lambda >= 0 that
/// holds on `set` (bound > 0 on `set`): `ridge` rotated around its
/// intersection with bound = 0 until it touches `set`. A linear-fractional
/// program, solved as an LP over the homogenized cone of `set`
/// (Charnes-Cooper). nullopt when no such lambda exists.
std::optional<Vec> wrapConstraint(const BasicRelation &set, ConstRow bound,
                                  ConstRow ridge) {
  unsigned n = set.numVars();
  WorkBudget::charge(set.numConstraints() * (n + 2));
  // Variables (y, t): y = t x, t = 1 / bound(x).
  Simplex s(n + 1);
  auto homog = [&](ConstRow r) {
    Vec h(n + 2);
    for (unsigned c = 0; c < n; ++c)
      h[c] = r[c];
    h[n] = r[n];
    return h;
  };
  for (unsigned i = 0; i < set.numEqualities() && !s.isEmpty(); ++i)
    s.addEquality(homog(set.equality(i)));
  for (unsigned i = 0; i < set.numInequalities() && !s.isEmpty(); ++i)
    s.addInequality(homog(set.inequality(i)));
  Vec t(n + 2);
  t[n] = Int(1);
  s.addInequality(t);
  Vec b = homog(bound);
  b.back() = Int(-1);
  s.addEquality(b);
  if (s.isEmpty())
    return std::nullopt;
  Vec obj = homog(ridge);
  for (Int &v : obj)
    v.negate();
  Optimum opt = s.computeOptimum(obj, /*maximize=*/true);
  if (!opt.isBounded())
    return std::nullopt;
  // lambda = num / den: den * ridge + num * bound.
  const Int &num = opt.value.num(), &den = opt.value.den();
  if (num.isNegative())
    return std::nullopt; // ridge already holds on set (not called for that).
  Vec out(n + 1);
  for (unsigned c = 0; c <= n; ++c)
    out[c] = den * ridge[c] + num * bound[c];
  divideByContent(out);
  return out;
}

bool coveredBy(const BasicRelation &c,
               const std::vector<const BasicRelation *> &pieces, size_t idx);

/// Whether every integer point of `c` lies in the union of `pieces`:
/// coveredBy when the locals of the pieces have (or are given, from their
/// constraints) division definitions, Relation::subtract otherwise. Exact;
/// false when it cannot decide.
/// Whether every row of `b` is a difference row and `b` has no locals.
bool isDifferenceSystem(const BasicRelation &b) {
  return b.numLocals() == 0 &&
         difference::isDifferenceSystem(b.equalities(), b.inequalities(),
                                        b.numVars());
}

/// coveredBy for difference systems without locals: every part split off
/// is a difference system too, whose integer emptiness the constraint
/// graph decides without a tableau.
bool coveredByDifference(const BasicRelation &c,
                         const std::vector<const BasicRelation *> &pieces,
                         size_t idx) {
  if (idx == pieces.size())
    return c.isEmpty();
  const BasicRelation &p = *pieces[idx];
  BasicRelation cur = c;
  auto handle = [&](const Vec &r) {
    BasicRelation outside = cur;
    Vec neg = negated(ConstRow(r));
    neg.back() -= Int(1);
    outside.addInequality(neg);
    if (!outside.isEmpty() && !coveredByDifference(outside, pieces, idx + 1))
      return false;
    cur.addInequality(r);
    return true;
  };
  for (unsigned e = 0; e < p.numEqualities(); ++e) {
    Vec r = toVec(p.equality(e));
    if (!handle(r) || !handle(negated(ConstRow(r))))
      return false;
  }
  for (unsigned i = 0; i < p.numInequalities(); ++i)
    if (!handle(toVec(p.inequality(i))))
      return false;
  return true;
}

bool coveredByPieces(const BasicRelation &c,
                     const std::vector<const BasicRelation *> &pieces) {
  if (isDifferenceSystem(c) &&
      std::all_of(pieces.begin(), pieces.end(), [](const BasicRelation *p) {
        return isDifferenceSystem(*p);
      }))
    return coveredByDifference(c, pieces, 0);
  std::vector<BasicRelation> defined;
  defined.reserve(pieces.size());
  bool allDefined = true;
  for (const BasicRelation *p : pieces) {
    defined.push_back(*p);
    allDefined = allDefined && defined.back().detectDivDefinitions() &&
                 defined.back().divisionOrder().has_value();
  }
  if (allDefined) {
    std::vector<const BasicRelation *> ptrs;
    for (const BasicRelation &d : defined)
      ptrs.push_back(&d);
    return coveredBy(c, ptrs, 0);
  }
  Relation cand(c);
  Relation union_(pieces.front()->space());
  for (const BasicRelation *p : pieces)
    union_.addDisjunct(*p);
  try {
    return cand.subtract(union_).isEmpty();
  } catch (const UnboundedError &) {
    return false;
  } catch (const InvalidArgument &) {
    return false;
  }
}

//===----------------------------------------------------------------------===//
// One pair.
//===----------------------------------------------------------------------===//

struct Wraps {
  std::vector<Vec> rows;
  Int maxCoef; // Bound on wrapped coefficients (as isl's bounded wrapping).
};

class PairCoalescer {
public:
  /// `a` and `b` are `origA` and `origB` over one common list of locals.
  PairCoalescer(const BasicRelation &origA, const BasicRelation &origB,
                BasicRelation a, BasicRelation b)
      : origA_(origA), origB_(origB), s_{Side(std::move(a)), Side(std::move(b))} {}

  enum class Change { None, DropFirst, DropSecond, Fuse };
  Change run();
  /// After run() found nothing: whether a tighter form of the pieces might
  /// (see classify), or the pieces were close enough to try the fallback.
  bool looseHint() const { return looseHint_; }
  Change dispatch();
  BasicRelation takeFused() { return std::move(*fused_); }

private:
  const BasicRelation &origA_, &origB_;
  Side s_[2];
  std::optional<BasicRelation> fused_;
  bool looseHint_ = false;

  bool computeIneqStatus(unsigned i);
  void computeEqStatus(unsigned i);
  Change fuse(unsigned i, unsigned j, const std::vector<Vec> &extra,
              bool proven, bool checkNumber = false);
  Change fuseRelation(BasicRelation c, bool proven);
  bool verify(const BasicRelation &c) const;
  void setCommonDivs(BasicRelation &c, unsigned i, unsigned j);

  Change checkFacets(unsigned i, unsigned j);
  Change checkAdjIneq(unsigned i, unsigned j);
  Change isAdjIneqExtension(unsigned i, unsigned j);
  Change checkAdjEq(unsigned i, unsigned j);
  Change checkSingleAdjEq(unsigned i, unsigned j);
  Change isRelaxedExtension(unsigned i, unsigned j,
                            const std::vector<unsigned> &relax);
  Change canWrapInFacet(unsigned i, unsigned j, unsigned k, bool wrapFacet);
  Change checkEqAdjEq(unsigned i, unsigned j);
  Change canWrapInSet(unsigned i, unsigned j);
  Change wrapInFacets(unsigned i, unsigned j);
  Change separatingEquality(unsigned i, unsigned j);

  Wraps initWraps() const;
  bool addWraps(Wraps &w, unsigned side, ConstRow bound,
                const BasicRelation &set, const Simplex *redundancy);
  bool allowed(const Wraps &w, const Vec &row) const;
};

bool PairCoalescer::computeIneqStatus(unsigned i) {
  Side &me = s_[i], &other = s_[1 - i];
  me.ineq.assign(me.numIneq(), Status::Valid);
  for (unsigned k = 0; k < me.numIneq(); ++k) {
    me.ineq[k] = classify(toVec(me.rel.inequality(k)), other, looseHint_);
    if (me.ineq[k] == Status::Separate)
      return false;
  }
  return true;
}

void PairCoalescer::computeEqStatus(unsigned i) {
  Side &me = s_[i], &other = s_[1 - i];
  me.eq.assign(2 * me.numEq(), Status::Valid);
  for (unsigned d = 0; d < 2 * me.numEq(); ++d)
    me.eq[d] = classify(me.eqDir(d), other, looseHint_);
}

bool PairCoalescer::verify(const BasicRelation &c) const {
  // c lies in the union, and (by construction, checked anyway) both pieces
  // lie in c.
  return coveredByPieces(c, {&origA_, &origB_}) &&
         coveredByPieces(origA_, {&c}) && coveredByPieces(origB_, {&c});
}

void PairCoalescer::setCommonDivs(BasicRelation &c, unsigned i,
                                  unsigned j) {
  const BasicRelation &a = s_[i].rel, &b = s_[j].rel;
  unsigned lo = c.offset(VarKind::Local);
  for (unsigned k = 0; k < c.numLocals(); ++k) {
    if (!a.hasDivDef(k) || !b.hasDivDef(k) ||
        a.divDenominator(k) != b.divDenominator(k) ||
        !sameRow(a.divNumerator(k), b.divNumerator(k)))
      continue;
    // When both pieces satisfy q = floor(num / den), every integer point of
    // their union does: the defining constraints keep the points. A
    // definition is only a record; rely on it only where the constraints of
    // each piece imply it.
    Vec lower = toVec(a.divNumerator(k));
    lower[lo + k] = -a.divDenominator(k);
    Vec upper = negated(ConstRow(lower));
    upper.back() += a.divDenominator(k) - Int(1);
    bool enforced = true;
    for (unsigned side : {i, j})
      enforced = enforced && s_[side].tab().isRedundantInequality(lower) &&
                 s_[side].tab().isRedundantInequality(upper);
    if (!enforced)
      continue;
    c.addInequality(lower);
    c.addInequality(upper);
    c.setDivDef(k, a.divNumerator(k), a.divDenominator(k));
  }
}

PairCoalescer::Change PairCoalescer::fuseRelation(BasicRelation c,
                                                  bool proven) {
  if (!simplifyPiece(c))
    return Change::None;
  if (!proven && !verify(c))
    return Change::None;
  fused_ = std::move(c);
  return Change::Fuse;
}

PairCoalescer::Change PairCoalescer::fuse(unsigned i, unsigned j,
                                          const std::vector<Vec> &extra,
                                          bool proven, bool checkNumber) {
  const Side &a = s_[i], &b = s_[j];
  BasicRelation c(a.rel.space());
  c.insertVars(VarKind::Local, 0, a.rel.numLocals());
  for (const Side *s : {&a, &b}) {
    for (unsigned k = 0; k < s->numEq(); ++k) {
      bool pos = s->eq[2 * k] == Status::Valid;
      bool neg = s->eq[2 * k + 1] == Status::Valid;
      if (pos && neg)
        c.addEquality(s->rel.equality(k));
      else if (pos || neg)
        c.addInequality(s->eqDir(2 * k + (pos ? 0 : 1)));
    }
    for (unsigned k = 0; k < s->numIneq(); ++k)
      if (s->ineq[k] == Status::Valid)
        c.addInequality(s->rel.inequality(k));
  }
  for (const Vec &r : extra)
    c.addInequality(r);
  setCommonDivs(c, i, j);
  if (checkNumber) {
    BasicRelation probe = c;
    if (!simplifyPiece(probe))
      return Change::None;
    unsigned before = 2 * (a.numEq() + b.numEq()) + a.numIneq() + b.numIneq();
    unsigned after = 2 * probe.numEqualities() + probe.numInequalities();
    if (after > before)
      return Change::None;
  }
  return fuseRelation(std::move(c), proven);
}

// Case: all constraints valid or cut, no equality cut. When every cut facet
// of i lies inside j (every cut constraint of j holds on it), the valid
// constraints of both describe the union.
PairCoalescer::Change PairCoalescer::checkFacets(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  for (unsigned k = 0; k < a.numIneq(); ++k) {
    if (a.ineq[k] != Status::Cut)
      continue;
    unsigned snap = a.tab().getSnapshot();
    a.tab().addEquality(a.rel.inequality(k));
    bool inside = true;
    for (unsigned l = 0; l < b.numIneq() && inside; ++l)
      if (b.ineq[l] == Status::Cut &&
          !a.tab().isRedundantInequality(b.rel.inequality(l)))
        inside = false;
    a.tab().rollback(snap);
    if (!inside)
      return Change::None;
  }
  return fuse(i, j, {}, /*proven=*/false);
}

// Case: i has a single inequality adjacent to an inequality of j and all
// its other constraints valid; j has cut constraints. Replacing the
// adjacent inequality f >= 0 by f <= -1 and adding the valid inequalities
// of j gives the part of the candidate outside i: if it lies in j, the
// valid constraints of both describe the union.
PairCoalescer::Change PairCoalescer::isAdjIneqExtension(unsigned i,
                                                        unsigned j) {
  Side &a = s_[i], &b = s_[j];
  int k = findOf(a.ineq, Status::AdjIneq);
  if (k < 0)
    return Change::None;
  BasicRelation r = a.rel;
  r.removeInequality(unsigned(k));
  Vec opposite = negated(a.rel.inequality(unsigned(k)));
  opposite.back() -= Int(1);
  r.addInequality(opposite);
  for (unsigned l = 0; l < b.numIneq(); ++l)
    if (b.ineq[l] == Status::Valid)
      r.addInequality(b.rel.inequality(l));
  Simplex t = simplexOf(r);
  if (!t.isEmpty()) {
    // Fix variables that take a single integer value (the test is about
    // integer points); no integer value at all means nothing sticks out.
    for (unsigned v = 0; v < r.numVars(); ++v) {
      Optimum lo = t.computeVarOptimum(v, false);
      Optimum hi = t.computeVarOptimum(v, true);
      if (!lo.isBounded() || !hi.isBounded())
        continue;
      Int l = lo.value.ceil(), h = hi.value.floor();
      if (l > h)
        return fuse(i, j, {}, false);
      if (l == h && !(lo.value == hi.value)) {
        Vec eq(r.numCols());
        eq[v] = Int(1);
        eq.back() = -l;
        t.addEquality(eq);
      }
    }
  }
  if (!containsAll(b, t))
    return Change::None;
  return fuse(i, j, {}, /*proven=*/false);
}

// Case: a pair of adjacent inequalities.
PairCoalescer::Change PairCoalescer::checkAdjIneq(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  unsigned countI = countOf(a.ineq, Status::AdjIneq);
  unsigned countJ = countOf(b.ineq, Status::AdjIneq);
  if (countI != 1 && countJ != 1)
    return Change::None;
  bool cutI = anyOf(a.eq, Status::Cut) || anyOf(a.ineq, Status::Cut);
  bool cutJ = anyOf(b.eq, Status::Cut) || anyOf(b.ineq, Status::Cut);
  // A single pair of adjacent facets f >= 0 and g >= 0 and nothing else
  // sticking out: a point of the candidate with f >= 0 satisfies every
  // constraint of i, one with g >= 0 every constraint of j, and when
  // g = -f - 1 the rest lie strictly between two adjacent hyperplanes,
  // where there is no integer point. When the adjacency only holds on the
  // affine hull of one piece (classify's second test), that hull need not
  // be the candidate's: check the candidate exactly.
  if (!cutI && !cutJ && countI == 1 && countJ == 1) {
    ConstRow f = a.rel.inequality(unsigned(findOf(a.ineq, Status::AdjIneq)));
    ConstRow g = b.rel.inequality(unsigned(findOf(b.ineq, Status::AdjIneq)));
    bool opposite = f.back() + g.back() + Int(1) == Int(0);
    for (size_t c = 0; c + 1 < f.size() && opposite; ++c)
      opposite = f[c] == -g[c];
    return fuse(i, j, {}, /*proven=*/opposite);
  }
  if (countI == 1 && !cutI) {
    Change c = isAdjIneqExtension(i, j);
    if (c != Change::None)
      return c;
  }
  if (countJ == 1 && !cutJ)
    return isAdjIneqExtension(j, i);
  return Change::None;
}

Wraps PairCoalescer::initWraps() const {
  Wraps w;
  w.maxCoef = Int(0);
  for (const Side &s : s_) {
    auto update = [&](ConstRow r) {
      for (size_t c = 0; c + 1 < r.size(); ++c)
        if (abs(r[c]) > w.maxCoef)
          w.maxCoef = abs(r[c]);
    };
    for (unsigned k = 0; k < s.numEq(); ++k)
      if (s.eq.empty() || s.eq[2 * k] != Status::Valid ||
          s.eq[2 * k + 1] != Status::Valid)
        update(s.rel.equality(k));
    for (unsigned k = 0; k < s.numIneq(); ++k)
      if (s.ineq[k] != Status::Valid)
        update(s.rel.inequality(k));
  }
  return w;
}

bool PairCoalescer::allowed(const Wraps &w, const Vec &row) const {
  for (size_t c = 0; c + 1 < row.size(); ++c)
    if (abs(row[c]) > w.maxCoef)
      return false;
  return true;
}

// Wraps every constraint of side `side` that is not valid for the other
// piece (and not redundant in `redundancy`, when given) around `bound` so
// that it includes `set`. False when some wrap fails.
bool PairCoalescer::addWraps(Wraps &w, unsigned side, ConstRow bound,
                             const BasicRelation &set,
                             const Simplex *redundancy) {
  const Side &s = s_[side];
  auto wrapOne = [&](ConstRow r) {
    std::optional<Vec> out = wrapConstraint(set, bound, r);
    if (!out || sameRow(ConstRow(*out), bound) || !allowed(w, *out))
      return false;
    w.rows.push_back(std::move(*out));
    return true;
  };
  for (unsigned l = 0; l < s.numIneq(); ++l) {
    if (s.ineq[l] == Status::Valid)
      continue;
    ConstRow r = s.rel.inequality(l);
    if (isNegation(bound, r) || sameRow(bound, r))
      continue;
    if (redundancy && redundancy->isMarkedRedundant(s.ineqIndex(l)))
      continue;
    if (!wrapOne(r))
      return false;
  }
  for (unsigned l = 0; l < s.numEq(); ++l) {
    ConstRow r = s.rel.equality(l);
    if (isNegation(bound, r) || sameRow(bound, r))
      continue;
    for (unsigned m = 0; m < 2; ++m) {
      if (s.eq[2 * l + m] == Status::Valid)
        continue;
      Vec dir = s.eqDir(2 * l + m);
      if (!wrapOne(ConstRow(dir)))
        return false;
    }
  }
  return true;
}

// Case: inequality k of i is adjacent to an equality of j (j lies on the
// hyperplane f_k = -1). Wrap the constraints of j around f_k + 1 = 0 to
// include i, and, when i has cut constraints, those of the facet f_k = 0 of
// i around it to include j.
PairCoalescer::Change PairCoalescer::canWrapInFacet(unsigned i, unsigned j,
                                                    unsigned k,
                                                    bool wrapFacet) {
  Side &a = s_[i];
  Vec bound = shifted(a.rel.inequality(k), 1);
  Wraps w = initWraps();
  w.rows.push_back(bound);
  if (!addWraps(w, j, bound, a.rel, nullptr))
    return Change::None;
  if (wrapFacet) {
    unsigned snap = a.tab().getSnapshot();
    a.tab().addEquality(a.rel.inequality(k));
    a.tab().detectRedundant(a.ineqIndex(0), a.ineqIndex(a.numIneq()));
    Vec bound2 = negated(a.rel.inequality(k));
    size_t first = w.rows.size();
    bool ok = addWraps(w, i, bound2, s_[j].rel, &a.tab());
    a.tab().rollback(snap);
    if (!ok)
      return Change::None;
    for (size_t r = first; r < w.rows.size(); ++r)
      if (!a.tab().isRedundantInequality(w.rows[r]))
        return Change::None;
  }
  return fuse(i, j, w.rows, /*proven=*/false);
}

// Case: the pieces lie on adjacent parallel hyperplanes (an equality of i
// is adjacent to an equality of j). Wrap both around the hyperplanes.
PairCoalescer::Change PairCoalescer::checkEqAdjEq(unsigned i, unsigned j) {
  Side &a = s_[i];
  int k = findOf(a.eq, Status::AdjEq);
  if (k < 0)
    return Change::None;
  Vec dir = a.eqDir(unsigned(k));
  Vec bound = shifted(ConstRow(dir), 1);
  Wraps w = initWraps();
  w.rows.push_back(bound);
  if (!addWraps(w, j, bound, a.rel, nullptr))
    return Change::None;
  Vec bound2 = negated(ConstRow(dir));
  w.rows.push_back(bound2);
  if (!addWraps(w, i, bound2, s_[j].rel, nullptr))
    return Change::None;
  return fuse(i, j, w.rows, /*proven=*/false);
}

// Relax the inequalities `relax` of i by one; if each relaxed facet
// (f + 1 = 0, tightened over the integers) lies in j, the relaxed i is the
// union.
PairCoalescer::Change
PairCoalescer::isRelaxedExtension(unsigned i, unsigned j,
                                  const std::vector<unsigned> &relax) {
  Side &a = s_[i];
  BasicRelation r = a.rel;
  for (unsigned l : relax)
    r.inequalitiesMut().at(l, r.numVars()) += Int(1);
  Simplex t = simplexOf(r);
  for (unsigned l : relax) {
    unsigned snap = t.getSnapshot();
    unsigned idx = 2 * r.numEqualities() + l;
    t.detectRedundant(idx, idx + 1);
    bool redundant = t.isMarkedRedundant(idx);
    t.rollback(snap);
    if (redundant)
      return Change::None;
  }
  for (unsigned l : relax) {
    BasicRelation facet = r;
    facet.addEquality(r.inequality(l));
    if (!facet.normalize() || !reduceCoefficients(facet))
      continue; // No integer point on this facet.
    Simplex f = simplexOf(facet);
    if (!containsAll(s_[j], f))
      return Change::None;
  }
  BasicRelation c = r;
  for (unsigned k = 0; k < c.numLocals(); ++k)
    c.setDivDef(k, {}, Int(0));
  setCommonDivs(c, i, j);
  return fuseRelation(std::move(c), /*proven=*/false);
}

PairCoalescer::Change PairCoalescer::checkSingleAdjEq(unsigned i,
                                                      unsigned j) {
  Side &a = s_[i], &b = s_[j];
  int k = findOf(a.ineq, Status::AdjEq);
  if (k < 0)
    return Change::None;
  std::vector<unsigned> relax{unsigned(k)};
  bool tryRelax = true;
  bool anyCut = false;
  for (unsigned l = 0; l < a.numIneq(); ++l) {
    if (a.ineq[l] != Status::Cut)
      continue;
    anyCut = true;
    if (tryRelax && !b.tab().isRedundantInequality(shifted(a.rel.inequality(l), 1)))
      tryRelax = false;
    relax.push_back(l);
  }
  if (tryRelax) {
    Change c = isRelaxedExtension(i, j, relax);
    if (c != Change::None)
      return c;
  }
  return canWrapInFacet(i, j, unsigned(k), anyCut);
}

// At least one equality is adjacent to an inequality of the other piece.
PairCoalescer::Change PairCoalescer::checkAdjEq(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  if (anyOf(a.eq, Status::AdjIneq) && anyOf(b.eq, Status::AdjIneq))
    return Change::None;
  if (anyOf(a.eq, Status::AdjIneq))
    return checkAdjEq(j, i);
  // j has an equality adjacent to an inequality of i.
  if (countOf(a.ineq, Status::AdjEq) != 1) {
    auto validOrCut = [](Status s) {
      return s == Status::Valid || s == Status::Cut;
    };
    if (std::all_of(a.eq.begin(), a.eq.end(), validOrCut) &&
        std::all_of(a.ineq.begin(), a.ineq.end(), validOrCut))
      return canWrapInSet(i, j);
    return Change::None;
  }
  if (anyOf(a.eq, Status::Cut))
    return Change::None;
  if (anyOf(b.ineq, Status::AdjEq) || anyOf(a.ineq, Status::AdjIneq) ||
      anyOf(b.ineq, Status::AdjIneq))
    return Change::None;
  return checkSingleAdjEq(i, j);
}

// For each cut constraint t of i (which j passes by at most one), add the
// relaxed t + 1 >= 0 and wrap the constraints of j bounding its part on
// t = -1 around it to include i.
PairCoalescer::Change PairCoalescer::wrapInFacets(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  Wraps w = initWraps();
  auto handle = [&](const Vec &t) {
    Vec relaxed = shifted(ConstRow(t), 1);
    unsigned snap = b.tab().getSnapshot();
    b.tab().addEquality(relaxed);
    bool ok = true;
    if (b.tab().isEmpty()) {
      w.rows.push_back(t); // t >= 0 holds on the integer points of j.
    } else {
      b.tab().detectRedundant(b.ineqIndex(0), b.ineqIndex(b.numIneq()));
      w.rows.push_back(relaxed);
      ok = addWraps(w, j, relaxed, a.rel, &b.tab());
    }
    b.tab().rollback(snap);
    return ok;
  };
  for (unsigned d = 0; d < a.eq.size(); ++d)
    if (a.eq[d] == Status::Cut && !handle(a.eqDir(d)))
      return Change::None;
  for (unsigned k = 0; k < a.numIneq(); ++k)
    if (a.ineq[k] == Status::Cut && !handle(toVec(a.rel.inequality(k))))
      return Change::None;
  return fuse(i, j, w.rows, /*proven=*/false, /*checkNumber=*/true);
}

// Case: j sticks out of i by at most one at each cut constraint of i.
PairCoalescer::Change PairCoalescer::canWrapInSet(unsigned i, unsigned j) {
  Side &a = s_[i], &b = s_[j];
  unsigned n = countOf(a.eq, Status::Cut) + countOf(a.ineq, Status::Cut);
  if (n == 0)
    return Change::None;
  for (unsigned d = 0; d < a.eq.size(); ++d)
    if (a.eq[d] == Status::Cut &&
        !b.tab().isRedundantInequality(shifted(ConstRow(a.eqDir(d)), 1)))
      return Change::None;
  for (unsigned k = 0; k < a.numIneq(); ++k)
    if (a.ineq[k] == Status::Cut &&
        !b.tab().isRedundantInequality(shifted(a.rel.inequality(k), 1)))
      return Change::None;
  return wrapInFacets(i, j);
}

// An equality of i separates it from j: j may still extend i across it.
PairCoalescer::Change PairCoalescer::separatingEquality(unsigned i,
                                                        unsigned j) {
  Side &b = s_[j];
  if (!allOf(b.eq, Status::Valid))
    return Change::None;
  unsigned adj = 0;
  for (Status s : b.ineq) {
    if (s == Status::Valid)
      continue;
    if (s != Status::AdjIneq)
      return Change::None;
    ++adj;
  }
  if (adj != 1)
    return Change::None;
  return isAdjIneqExtension(j, i);
}

PairCoalescer::Change PairCoalescer::run() {
  if (s_[0].isEmpty())
    return Change::DropFirst;
  if (s_[1].isEmpty())
    return Change::DropSecond;
  if (!computeIneqStatus(0) || !computeIneqStatus(1))
    return Change::None;
  computeEqStatus(0);
  computeEqStatus(1);
  Change c = dispatch();
  if (c != Change::None)
    return c;
  // The cases above prove exactness geometrically and miss some unions
  // that are one basic relation (when the equalities of a piece are written
  // in a basis that hides an adjacency, or when an earlier fusion took a
  // piece that a later one needed). The valid constraints of both always
  // describe a superset of the union; keep it when it is exact.
  looseHint_ = true;
  return fuse(0, 1, {}, /*proven=*/false);
}

PairCoalescer::Change PairCoalescer::dispatch() {
  Side &a = s_[0], &b = s_[1];
  if (anyOf(a.eq, Status::Separate))
    return separatingEquality(0, 1);
  if (anyOf(b.eq, Status::Separate))
    return separatingEquality(1, 0);
  if (allOf(a.eq, Status::Valid) && allOf(a.ineq, Status::Valid))
    return Change::DropSecond;
  if (allOf(b.eq, Status::Valid) && allOf(b.ineq, Status::Valid))
    return Change::DropFirst;
  if (anyOf(a.eq, Status::AdjEq))
    return checkEqAdjEq(0, 1);
  if (anyOf(b.eq, Status::AdjEq))
    return checkEqAdjEq(1, 0);
  if (anyOf(a.eq, Status::AdjIneq) || anyOf(b.eq, Status::AdjIneq))
    return checkAdjEq(0, 1);
  if (anyOf(a.ineq, Status::AdjEq) || anyOf(b.ineq, Status::AdjEq))
    return Change::None; // An inequality next to an equality that is not
                         // one of the pair's: cannot happen after the above.
  if (anyOf(a.ineq, Status::AdjIneq) || anyOf(b.ineq, Status::AdjIneq))
    return checkAdjIneq(0, 1);
  Change c = Change::None;
  if (!anyOf(a.eq, Status::Cut) && !anyOf(b.eq, Status::Cut))
    c = checkFacets(0, 1);
  if (c == Change::None)
    c = canWrapInSet(0, 1);
  if (c == Change::None)
    c = canWrapInSet(1, 0);
  return c;
}

//===----------------------------------------------------------------------===//
// Common locals for a pair.
//===----------------------------------------------------------------------===//

/// Whether every integer point of `c` lies in one of pieces[idx..], whose
/// locals all have division definitions. Splits `c` along the constraints
/// of one piece that `c` does not imply (c and r <= -1, then c and r >= 0
/// for the next one; the piece's divisions become division locals of `c`
/// first, so that negating a constraint is exact, reusing a local of `c`
/// that is provably the same division up to a constant) and recurses on the
/// parts outside it; stops at the first part with an integer point outside
/// every piece. A piece stands for the points where its constraints hold
/// with its locals at their definitions, a subset of its points: a "yes" is
/// always right.
bool coveredBy(const BasicRelation &c,
               const std::vector<const BasicRelation *> &pieces, size_t idx) {
  if (idx == pieces.size())
    return c.isEmpty();
  const BasicRelation &p = *pieces[idx];
  BasicRelation cur = c;
  Simplex s = simplexOf(cur);
  if (s.isEmpty())
    return true;
  unsigned lo = cur.offset(VarKind::Local), plo = p.offset(VarKind::Local);
  // p's local k is cur's local map[k] plus shift[k].
  std::vector<unsigned> map(p.numLocals());
  std::vector<Int> shift(p.numLocals());
  auto mapRow = [&](ConstRow r) {
    Vec v(cur.numCols());
    for (unsigned col = 0; col < plo; ++col)
      v[col] = r[col];
    v.back() = r.back();
    for (unsigned l = 0; l < p.numLocals(); ++l) {
      if (r[plo + l].isZero())
        continue;
      v[lo + map[l]] += r[plo + l];
      v.back() += r[plo + l] * shift[l];
    }
    return v;
  };
  if (p.numLocals() > 0) {
    std::optional<std::vector<unsigned>> order = p.divisionOrder();
    if (!order)
      throw InvalidArgument("coveredBy: a local without definition");
    for (unsigned k : *order) {
      const Int &den = p.divDenominator(k);
      Vec v = mapRow(p.divNumerator(k));
      // Reuse a local q of `cur` when its constraints force
      // floor(v / den) = q + t for a constant t (the candidate often
      // carries the pieces' divisions, or the same ones shifted by a
      // constant after the stride normalization): fewer variables for the
      // emptiness tests below.
      bool reused = false;
      for (unsigned l = 0; l < cur.numLocals() && !reused; ++l) {
        if (!cur.hasDivDef(l) || cur.divDenominator(l) != den)
          continue;
        ConstRow other = cur.divNumerator(l);
        if (!std::equal(other.begin(), other.end() - 1, v.begin()))
          continue;
        // On the integer points of cur, v - den * q lies in
        // [den * t, den * t + den - 1].
        Vec rest = v;
        rest[lo + l] -= den;
        Optimum mn = s.computeOptimum(rest, /*maximize=*/false);
        Optimum mx = s.computeOptimum(rest, /*maximize=*/true);
        if (!mn.isBounded() || !mx.isBounded())
          continue;
        Int t = floorDiv(mn.value.ceil(), den);
        if (floorDiv(mx.value.floor(), den) != t)
          continue;
        map[k] = l;
        shift[k] = t;
        reused = true;
      }
      if (reused)
        continue;
      map[k] = cur.addDivLocal(v, den);
      s.addVariable();
      unsigned last = cur.numInequalities();
      s.addInequality(cur.inequality(last - 2));
      s.addInequality(cur.inequality(last - 1));
    }
  }
  auto handle = [&](const Vec &r) {
    if (s.isRedundantInequality(r))
      return true;
    BasicRelation outside = cur;
    Vec neg = negated(ConstRow(r));
    neg.back() -= Int(1);
    outside.addInequality(neg);
    if (outside.normalize() && !coveredBy(outside, pieces, idx + 1))
      return false;
    cur.addInequality(r);
    s.addInequality(r);
    return true;
  };
  for (unsigned e = 0; e < p.numEqualities() && !s.isEmpty(); ++e) {
    Vec r = mapRow(p.equality(e));
    if (!handle(r))
      return false;
    if (!s.isEmpty() && !handle(negated(ConstRow(r))))
      return false;
  }
  for (unsigned i = 0; i < p.numInequalities() && !s.isEmpty(); ++i)
    if (!handle(mapRow(p.inequality(i))))
      return false;
  return true;
}

/// A list of division definitions over [vars | divs | const] (a div only
/// refers to earlier ones).
struct DivList {
  std::vector<Vec> num; // Each of width lo + maxDivs + 1 (grown as needed).
  std::vector<Int> den;
};

/// `b` over the locals `divs` (b's local k becomes divs index map[k]); the
/// other divs are added with their defining constraints.
BasicRelation liftTo(const BasicRelation &b, const std::vector<unsigned> &map,
                     const DivList &divs) {
  unsigned lo = b.offset(VarKind::Local);
  unsigned nd = unsigned(divs.num.size());
  BasicRelation out(b.space());
  out.insertVars(VarKind::Local, 0, nd);
  unsigned nc = out.numCols();
  auto mapRow = [&](ConstRow r) {
    Vec v(nc);
    for (unsigned c = 0; c < lo; ++c)
      v[c] = r[c];
    for (unsigned k = 0; k < b.numLocals(); ++k)
      v[lo + map[k]] += r[lo + k];
    v.back() = r.back();
    return v;
  };
  auto divRow = [&](unsigned d) {
    Vec v(nc);
    const Vec &src = divs.num[d];
    for (unsigned c = 0; c < lo; ++c)
      v[c] = src[c];
    for (unsigned k = 0; k < nd; ++k)
      v[lo + k] = src[lo + k];
    v.back() = src.back();
    return v;
  };
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    out.addEquality(mapRow(b.equality(e)));
  for (unsigned i = 0; i < b.numInequalities(); ++i)
    out.addInequality(mapRow(b.inequality(i)));
  std::vector<bool> present(nd, false);
  for (unsigned k = 0; k < b.numLocals(); ++k)
    present[map[k]] = true;
  for (unsigned d = 0; d < nd; ++d) {
    Vec num = divRow(d);
    out.setDivDef(d, num, divs.den[d]);
    if (present[d])
      continue;
    Vec lower = num;
    lower[lo + d] = -divs.den[d];
    Vec upper = negated(ConstRow(lower));
    upper.back() += divs.den[d] - Int(1);
    out.addInequality(lower);
    out.addInequality(upper);
  }
  return out;
}

/// `a` and `b` over one common list of division locals (the union of their
/// divisions, identical definitions shared), when all their locals have
/// definitions.
struct Aligned {
  BasicRelation a, b;
  /// Columns of the divisions added to a (of b's) and to b (of a's).
  std::vector<unsigned> addedToA, addedToB;
};

std::optional<Aligned> alignDivs(const BasicRelation &a,
                                 const BasicRelation &b) {
  std::optional<std::vector<unsigned>> orderA = a.divisionOrder();
  std::optional<std::vector<unsigned>> orderB = b.divisionOrder();
  if (!orderA || !orderB)
    return std::nullopt;
  unsigned lo = a.offset(VarKind::Local);
  unsigned maxDivs = a.numLocals() + b.numLocals();
  unsigned width = lo + maxDivs + 1;
  DivList divs;
  std::vector<unsigned> mapA(a.numLocals()), mapB(b.numLocals());
  auto addFrom = [&](const BasicRelation &src, const std::vector<unsigned> &order,
                     std::vector<unsigned> &map) {
    for (unsigned k : order) {
      ConstRow num = src.divNumerator(k);
      Vec v(width);
      for (unsigned c = 0; c < lo; ++c)
        v[c] = num[c];
      for (unsigned l = 0; l < src.numLocals(); ++l)
        if (!num[lo + l].isZero())
          v[lo + map[l]] += num[lo + l];
      v.back() = num[src.numVars()];
      bool found = false;
      for (unsigned d = 0; d < divs.num.size() && !found; ++d)
        if (divs.den[d] == src.divDenominator(k) && divs.num[d] == v) {
          map[k] = d;
          found = true;
        }
      if (found)
        continue;
      map[k] = unsigned(divs.num.size());
      divs.num.push_back(std::move(v));
      divs.den.push_back(src.divDenominator(k));
    }
  };
  addFrom(a, *orderA, mapA);
  addFrom(b, *orderB, mapB);
  // Trim the numerators to the final number of divs.
  unsigned nd = unsigned(divs.num.size());
  for (Vec &v : divs.num) {
    Int c = v.back();
    v.resize(lo + nd + 1);
    v.back() = c;
  }
  Aligned out{liftTo(a, mapA, divs), liftTo(b, mapB, divs), {}, {}};
  std::vector<bool> inA(nd, false), inB(nd, false);
  for (unsigned k : mapA)
    inA[k] = true;
  for (unsigned k : mapB)
    inB[k] = true;
  for (unsigned d = 0; d < nd; ++d) {
    if (!inA[d])
      out.addedToA.push_back(lo + d);
    if (!inB[d])
      out.addedToB.push_back(lo + d);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// The driver.
//===----------------------------------------------------------------------===//

struct Piece {
  BasicRelation orig; // Simplified; what is returned if it never fuses.
  bool removed = false;

  /// Sets orig; the working form is derived on first use (a fused piece
  /// that meets no other piece never needs it). `simplified`: `b` comes
  /// out of simplifyPiece.
  void prepare(BasicRelation b, bool simplified) {
    orig = std::move(b);
    simplified_ = simplified;
    work_.reset();
    tight_.reset();
    tightDone_ = false;
  }
  /// Derives the working form; false when it finds the piece empty.
  bool ensureWork() {
    if (work_)
      return true;
    BasicRelation w = orig;
    if (!prepareWork(w, simplified_))
      return false;
    work_ = std::move(w);
    return true;
  }
  /// With coefficients reduced; used for the pair tests. ensureWork()
  /// must have succeeded.
  const BasicRelation &work() const { return *work_; }
  /// `work` tightened (see prepareTight), computed on first use; nullopt
  /// when it is the same as `work`.
  const std::optional<BasicRelation> &tight() const {
    if (!tightDone_) {
      tightDone_ = true;
      // A difference system without implicit equalities is tight already:
      // its variable bounds are integral (total unimodularity) and none
      // is fixed.
      if (work().numEqualities() == 0 && work().numLocals() == 0 &&
          difference::redundantInequalities(work().inequalities(),
                                            work().numVars()))
        return tight_;
      BasicRelation t = work();
      if (prepareTight(t) && (!(t.equalities() == work().equalities()) ||
                              !(t.inequalities() == work().inequalities())))
        tight_ = std::move(t);
      else
        tight_.reset();
    }
    return tight_;
  }

private:
  std::optional<BasicRelation> work_;
  bool simplified_ = false;
  mutable std::optional<BasicRelation> tight_;
  mutable bool tightDone_ = false;
};

enum class PairChange { None, DropFirst, DropSecond, Fuse };

/// Whether dropping one piece of the pair keeps the points: the dropped
/// piece lies in the other, checked exactly on the simplified pieces. The
/// pair tests decide containment on derived forms (strides normalized,
/// coefficients reduced on lattices, divisions aligned); a mistake there
/// would lose points silently, so the decision is confirmed here.
bool confirmDrop(const Piece &pa, const Piece &pb, PairChange c) {
  const Piece &dropped = c == PairChange::DropFirst ? pa : pb;
  const Piece &kept = c == PairChange::DropFirst ? pb : pa;
  return coveredByPieces(dropped.orig, {&kept.orig});
}

PairChange coalesceForms(const Piece &pa, const Piece &pb,
                         const BasicRelation &a, const BasicRelation &b,
                         BasicRelation &fused, bool &loose) {
  std::vector<std::pair<BasicRelation, BasicRelation>> attempts;
  if (a.numLocals() == 0 && b.numLocals() == 0) {
    attempts.emplace_back(a, b);
  } else {
    BasicRelation ca = a, cb = b;
    ca.detectDivDefinitions();
    cb.detectDivDefinitions();
    if (auto aligned = alignDivs(ca, cb)) {
      bool added = !aligned->addedToA.empty() || !aligned->addedToB.empty();
      if (added) {
        // A division added to a piece may take a single integer value there
        // (as floor(x / 4) on 4 <= x <= 5): fix it, as a pair of
        // inequalities. Its defining constraints may then be redundant.
        // On the lattice of a piece's equalities an added division may be
        // an affine function (floor(x/2) is 2e + 1 where x = 4e + 3): the
        // lattice reduction turns its two defining constraints into that
        // equality.
        // A lifted piece found empty here has no integer point (the pieces
        // are never empty, so this does not happen when all is well).
        bool emptyA =
            !(aligned->addedToA.empty() || reduceCoefficients(aligned->a)) ||
            !fixIntegerConstants(aligned->a, aligned->addedToA, true) ||
            !removeRedundantInequalities(aligned->a);
        bool emptyB =
            !emptyA &&
            (!(aligned->addedToB.empty() || reduceCoefficients(aligned->b)) ||
             !fixIntegerConstants(aligned->b, aligned->addedToB, true) ||
             !removeRedundantInequalities(aligned->b));
        PairChange drop = emptyA   ? PairChange::DropFirst
                          : emptyB ? PairChange::DropSecond
                                   : PairChange::None;
        if (drop != PairChange::None && confirmDrop(pa, pb, drop))
          return drop;
        if (drop == PairChange::None)
          attempts.emplace_back(std::move(aligned->a), std::move(aligned->b));
      } else {
        attempts.emplace_back(std::move(aligned->a), std::move(aligned->b));
      }
      if (added && a.numLocals() == b.numLocals())
        attempts.emplace_back(a, b);
    } else if (a.numLocals() == b.numLocals()) {
      // Matching the locals by position is exact too: the union of the
      // lifted pieces projects onto the union of the pieces.
      attempts.emplace_back(a, b);
    }
  }
  for (auto &[la, lb] : attempts) {
    PairCoalescer pc(pa.orig, pb.orig, std::move(la), std::move(lb));
    switch (pc.run()) {
    case PairCoalescer::Change::None:
      loose = loose || pc.looseHint();
      continue;
    case PairCoalescer::Change::DropFirst:
      if (!confirmDrop(pa, pb, PairChange::DropFirst))
        continue;
      return PairChange::DropFirst;
    case PairCoalescer::Change::DropSecond:
      if (!confirmDrop(pa, pb, PairChange::DropSecond))
        continue;
      return PairChange::DropSecond;
    case PairCoalescer::Change::Fuse:
      fused = pc.takeFused();
      return PairChange::Fuse;
    }
  }
  return PairChange::None;
}

PairChange coalescePair(const Piece &pa, const Piece &pb,
                        BasicRelation &fused) {
  bool loose = false;
  PairChange c = coalesceForms(pa, pb, pa.work(), pb.work(), fused, loose);
  if (c != PairChange::None || !loose)
    return c;
  const std::optional<BasicRelation> &ta = pa.tight(), &tb = pb.tight();
  if (!ta && !tb)
    return c;
  return coalesceForms(pa, pb, ta ? *ta : pa.work(), tb ? *tb : pb.work(), fused,
                       loose);
}

std::vector<BasicRelation> coalescePieces(std::vector<Piece> pieces) {
  int n = int(pieces.size());
  // As isl: each piece, from the last to the first, against every later
  // one; after a fusion the new piece is tested against all later ones
  // again, so that no pair of the result fuses.
  for (int i = n - 1; i >= 0; --i) {
    if (pieces[i].removed)
      continue;
    for (int j = i + 1; j < n; ++j) {
      if (pieces[j].removed)
        continue;
      // A piece found empty here is dropped (cannot happen: the input
      // pieces and the fused unions are not empty).
      if (!pieces[i].ensureWork()) {
        pieces[i].removed = true;
        break;
      }
      if (!pieces[j].ensureWork()) {
        pieces[j].removed = true;
        continue;
      }
      WorkBudget::charge(pieces[i].work().numConstraints() +
                         pieces[j].work().numConstraints() + 1);
      BasicRelation fused;
      PairChange c = coalescePair(pieces[i], pieces[j], fused);
      if (c == PairChange::None)
        continue;
      if (c == PairChange::DropSecond) {
        pieces[j].removed = true;
        continue;
      }
      if (c == PairChange::DropFirst) {
        pieces[i].removed = true;
        break;
      }
      pieces[j].removed = true;
      pieces[i].prepare(std::move(fused), /*simplified=*/false);
      j = i;
    }
  }
  std::vector<BasicRelation> out;
  for (Piece &p : pieces)
    if (!p.removed)
      out.push_back(std::move(p.orig));
  return out;
}

} // namespace

Relation Relation::coalesce() const {
  WorkBudget::Operation op;
  // One disjunct has nothing to fuse with: it is returned as it is, as isl
  // does (removeRedundancies simplifies it when asked).
  if (disjuncts_.size() <= 1) {
    Relation result(space_);
    for (const BasicRelation &d : disjuncts_)
      if (!d.isObviouslyEmpty())
        result.disjuncts_.push_back(d);
    return result;
  }
  // A polyhedron split in pieces (index-set splitting, peeling) is put back
  // together syntactically before any piece is simplified.
  std::vector<BasicRelation> input;
  input.reserve(disjuncts_.size());
  for (const BasicRelation &d : disjuncts_) {
    BasicRelation b = d;
    if (b.normalize())
      input.push_back(std::move(b));
  }
  if (input.size() > 1)
    fuseAdjacentCuts(input);
  std::vector<Piece> pieces;
  for (BasicRelation &b : input) {
    if (!simplifyPiece(b) || b.isEmpty())
      continue;
    Piece p;
    p.prepare(std::move(b), /*simplified=*/true);
    pieces.push_back(std::move(p));
  }
  // The working forms of the input pieces (a single piece needs none).
  if (pieces.size() > 1)
    std::erase_if(pieces, [](Piece &p) { return !p.ensureWork(); });
  Relation result(space_);
  std::vector<BasicRelation> out;
  if (pieces.size() == 1)
    out.push_back(std::move(pieces.front().orig));
  else if (pieces.size() > 1)
    out = coalescePieces(std::move(pieces));
  for (BasicRelation &b : out) {
    b.setSpace(space_);
    result.disjuncts_.push_back(std::move(b));
  }
  return result;
}

Relation Relation::removeRedundancies() const {
  WorkBudget::Operation op;
  Relation result(space_);
  for (const BasicRelation &d : disjuncts_) {
    BasicRelation b = d;
    if (!b.normalize() || !simplifyPiece(b) || b.isEmpty())
      continue;
    b.setSpace(space_);
    result.disjuncts_.push_back(std::move(b));
  }
  return result;
}

UnionRelation UnionRelation::coalesce() const {
  WorkBudget::Operation op;
  return map([](const Relation &r) { return r.coalesce(); });
}

} // namespace presburger
