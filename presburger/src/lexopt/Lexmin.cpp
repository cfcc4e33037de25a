//===- Lexmin.cpp - Lexicographic minimum and maximum of relations --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "basic/FuseCuts.h"
#include "lexopt/BeatenParts.h"
#include "lexopt/ComponentwiseOptimum.h"
#include "lexopt/LexOptPieces.h"
#include "presburger/Errors.h"
#include "presburger/LinearAlgebra.h"
#include "presburger/ParametricLexMin.h"
#include "presburger/Relation.h"
#include "presburger/Simplex.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"
#include "simplify/CoalesceWithinBudget.h"
#include "solve/RowDescent.h"

#include <algorithm>

namespace presburger {

namespace {

/// The answer of pointLexOpt.
struct PointOptimum {
  bool empty = false;     // b has no rational point (hence no integer one).
  std::vector<Int> point; // Otherwise the integer lexicographic optimum.
};

/// Integer values of one coordinate tried above its rational minimum
/// (below its maximum) before the parametric solver takes over: a parity
/// or a stride moves the optimum by a step or two; a thin polytope may
/// move it far.
constexpr unsigned kRoundingTries = 4;

/// The integer range of one coordinate of a point lexmin, read from the
/// rows alone (decoupledRange).
struct DecoupledRange {
  std::optional<Int> lo, hi; // nullopt: unbounded on that side.
  bool empty = false;        // An equality with no integer solution.
  bool unbounded(bool maximize) const { return maximize ? !hi : !lo; }
  bool hasInteger() const { return !empty && (!lo || !hi || *lo <= *hi); }
};

/// The constant of `row` plus its terms in variables 0..i-1 at `prefix`:
/// what remains of the row besides variable i and later ones.
Int valueOfPrefix(ConstRow row, unsigned i, const std::vector<Int> &prefix) {
  Int rest = row.back();
  for (unsigned k = 0; k < i; ++k)
    if (!row[k].isZero())
      rest += row[k] * prefix[k];
  return rest;
}

/// When no row of b that reads variable i reads a later variable (a later
/// dimension or a local): the integers that variable i may take with
/// variables 0..i-1 at `prefix`, bound by bound; otherwise nullopt. Such a
/// variable is independent of the rest once the earlier ones are fixed.
/// O(rows x columns).
std::optional<DecoupledRange> decoupledRange(const BasicRelation &b, unsigned i,
                                             const std::vector<Int> &prefix) {
  unsigned n = b.numVars();
  DecoupledRange range;
  // a x_i + rest >= 0 (or = 0), rest the prefix's value plus the constant.
  auto read = [&](ConstRow row, bool equality) {
    const Int &a = row[i];
    if (a.isZero())
      return true;
    for (unsigned c = i + 1; c < n; ++c)
      if (!row[c].isZero())
        return false;
    Int rest = valueOfPrefix(row, i, prefix);
    auto tightenLo = [&](const Int &v) {
      if (!range.lo || *range.lo < v)
        range.lo = v;
    };
    auto tightenHi = [&](const Int &v) {
      if (!range.hi || v < *range.hi)
        range.hi = v;
    };
    if (equality) { // x_i = -rest / a, when an integer.
      Int v = floorDiv(-rest, a);
      if (v * a != -rest)
        range.empty = true;
      tightenLo(v);
      tightenHi(v);
    } else if (a.isPositive()) { // x_i >= -rest / a.
      tightenLo(ceilDiv(-rest, a));
    } else { // x_i <= rest / -a.
      tightenHi(floorDiv(rest, -a));
    }
    return true;
  };
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    if (!read(b.equality(e), true))
      return std::nullopt;
  for (unsigned r = 0; r < b.numInequalities(); ++r)
    if (!read(b.inequality(r), false))
      return std::nullopt;
  return range;
}

/// x_i = residue (mod modulus): the values a coordinate can take.
struct Stride {
  Int modulus, residue;
};

/// A stride of variable i of b with variables 0..i-1 at `prefix`, read
/// from an equality x_i + m e + (earlier variables) + c = 0 (or -x_i)
/// with one local e, |m| >= 2, and no later dimension: x_i is then
/// -(c + earlier) modulo |m| on every point. nullopt when b has none.
std::optional<Stride> strideOf(const BasicRelation &b, unsigned i,
                               const std::vector<Int> &prefix) {
  unsigned numDims = b.numDims(), n = b.numVars();
  for (unsigned e = 0; e < b.numEqualities(); ++e) {
    ConstRow row = b.equality(e);
    const Int &a = row[i];
    if (!(a.isOne() || (-a).isOne()))
      continue;
    bool fits = true;
    for (unsigned c = i + 1; c < numDims && fits; ++c)
      fits = row[c].isZero();
    std::optional<Int> m;
    for (unsigned c = numDims; c < n && fits; ++c) {
      if (row[c].isZero())
        continue;
      fits = !m;
      m = abs(row[c]);
    }
    if (!fits || !m || *m < Int(2))
      continue;
    Int rest = valueOfPrefix(row, i, prefix);
    // a x_i = -rest - m e: x_i = -a rest (mod m), as a = +-1.
    return Stride{*m, mod(-(a * rest), *m)};
  }
  return std::nullopt;
}

/// For a basic set without parameters: its integer lexicographic optimum,
/// coordinate by coordinate. A dimension whose rows read no later variable
/// takes the end of its integer range (decoupledRange), read off the rows.
/// Otherwise its rational optimum, with the earlier ones fixed, is taken
/// when integral and the set has no locals, or
/// when the vertex is integral (locals included: an integer point);
/// otherwise the integers from the optimum rounded inwards (ceil, ceil + 1,
/// ...; floor, floor - 1, ... to maximize) are tried for an integer point
/// with the earlier coordinates, and the first that has one is the integer
/// optimum of that coordinate (a polygon's edge between two lattice
/// points; strides, parities). nullopt when a coordinate is unbounded,
/// fractional in a set with huge coefficients and no locals (a thin
/// polytope, where integer tests are expensive and the solver's cuts do
/// better: line 113 of the corpus), or when kRoundingTries integers fail
/// (the parametric solver decides and reports). Boxes, loop nests
/// with unit coefficients, strides (i = 4e), parities (i odd) and lattices
/// already compressed end here: one tableau, n optimizations and a few
/// integer tests instead of the parametric solver.
std::optional<PointOptimum> pointLexOpt(const BasicRelation &b, bool maximize) {
  if (b.isObviouslyEmpty())
    return PointOptimum{true, {}};
  // Boxes and coupled boxes: the corner of the variables' own bounds.
  // (A corner that is a point, locals included, is optimal in each
  // coordinate on its own.)
  unsigned numDims = b.numDims();
  if (std::optional<std::vector<Int>> corner = b.boundCorner(maximize)) {
    corner->resize(numDims);
    return PointOptimum{false, std::move(*corner)};
  }
  unsigned n = b.numVars();
  WorkBudget::charge(b.numConstraints() * b.numCols());
  Simplex tab(b.equalities(), b.inequalities());
  PointOptimum out;
  if (tab.isEmpty()) {
    out.empty = true;
    return out;
  }
  // b with the coordinates fixed so far, for the integer tests (not on thin
  // polytopes without locals). Each coordinate fixed keeps an integer point
  // in it (an integral vertex or an integer test), except an integral
  // optimum taken without locals, which the last coordinate confirms.
  // Built at the first integer test, from out.point.
  bool locals = b.numLocals() > 0;
  bool integerTests = locals || (!hasLargeCoefficient(b.inequalities()) &&
                                 !hasLargeCoefficient(b.equalities()));
  std::optional<BasicRelation> fixed;
  auto fixing = [n](unsigned i, const Int &v) {
    std::vector<Int> eq(n + 1); // x_i - v = 0.
    eq[i] = Int(1);
    eq[n] = -v;
    return eq;
  };
  // `atOptimum`: v is x_i's rational optimum over the tableau, so the
  // tableau already implies x_i >= v (x_i <= v to maximize) and one
  // inequality fixes x_i there.
  auto fix = [&](unsigned i, const Int &v, bool atOptimum) {
    out.point.push_back(v);
    if (i + 1 == numDims)
      return; // The last coordinate: no later optimum reads the fixing.
    std::vector<Int> eq = fixing(i, v);
    if (fixed)
      fixed->addEquality(eq);
    if (!atOptimum) {
      tab.addEquality(eq);
      return;
    }
    if (!maximize) // x_i - v = 0 as v - x_i >= 0.
      for (Int &c : eq)
        c = -c;
    tab.addInequality(eq);
  };
  // Whether the coordinates fixed so far extend to an integer point of b:
  // an integral vertex or an integer test shows it; an integral rational
  // optimum taken without locals does not (the end confirms it).
  bool extends = false;
  for (unsigned i = 0; i < numDims; ++i) {
    // A coordinate whose rows read no later variable ranges, with the
    // earlier ones fixed, over an integer interval independent of the
    // rest: its end is the optimum, without an optimization or an integer
    // test, when the interval has an integer and either the fixed
    // coordinates extend to an integer point (so some value of it does,
    // and then all do) or there are no locals (each coordinate then keeps
    // the tableau feasible, and the last confirms the point as above).
    if (std::optional<DecoupledRange> range = decoupledRange(b, i, out.point)) {
      if (range->unbounded(maximize))
        return std::nullopt;
      if (range->hasInteger() && (extends || !locals)) {
        fix(i, maximize ? *range->hi : *range->lo, /*atOptimum=*/false);
        continue;
      }
    }
    Optimum o = tab.computeVarOptimum(i, maximize);
    if (!o.isBounded())
      return std::nullopt;
    // Without locals, an integral optimum is taken: the point fixed in the
    // end is all dimensions, integral, hence an integer point (and each
    // fixing keeps the tableau feasible). With locals, a vertex integral in
    // every coordinate is an integer point: its value of x_i is the integer
    // optimum. Otherwise the integer tests below, unless skipped (a thin
    // polytope).
    if (!locals && o.value.isInteger()) {
      fix(i, o.value.num(), /*atOptimum=*/true);
      extends = false;
      continue;
    }
    if (!integerTests)
      return std::nullopt;
    if (tab.integralSample()) {
      fix(i, o.value.num(), /*atOptimum=*/true);
      extends = true;
      continue;
    }
    if (!fixed) {
      fixed = b;
      for (unsigned k = 0; k < out.point.size(); ++k)
        fixed->addEquality(fixing(k, out.point[k]));
    }
    Int v = maximize ? o.value.floor() : o.value.ceil();
    // A stride of x_i skips the values off its residue: the tries step by
    // its modulus from the first value on it.
    Int step(1);
    if (std::optional<Stride> st = strideOf(b, i, out.point)) {
      Int off = mod(st->residue - v, st->modulus); // v + off is on it.
      v = maximize ? v + off - (off.isZero() ? Int(0) : st->modulus) : v + off;
      step = st->modulus;
    }
    bool found = false;
    for (unsigned t = 0; t < kRoundingTries && !found; ++t) {
      // The probe x_i = v is added to `fixed` and taken off again (fix
      // adds it for good), where a copy of `fixed` cost more than the
      // emptiness test's first steps.
      fixed->addEquality(fixing(i, v));
      found = !fixed->isEmpty();
      fixed->removeEquality(fixed->numEqualities() - 1);
      if (!found)
        v += maximize ? -step : step;
    }
    if (!found)
      return std::nullopt;
    fix(i, v, /*atOptimum=*/false);
    extends = true;
  }
  return out;
}

/// A local that strides a range variable: an equality of b ties range
/// variable `range` to `local` alone among the locals and the later range
/// variables, so on b's points the two move together.
struct StridePromotion {
  unsigned range, local;
  bool rangeGrowsWithLocal;
};

/// The range variables of b tied to a local by an equality over symbols,
/// earlier range variables, that range variable and one local (not a
/// division of the symbols, not already taken): with the earlier range
/// variables fixed, optimizing the local optimizes the range variable.
std::vector<StridePromotion>
strideLocals(const BasicRelation &b, const std::vector<bool> &isSymbolDiv) {
  std::vector<StridePromotion> out;
  const Space &space = b.space();
  unsigned rangeCol = space.offset(VarKind::Range), nRange = space.numRange();
  unsigned lo = space.offset(VarKind::Local), nl = b.numLocals();
  if (nl == 0)
    return out;
  std::vector<bool> taken(nl, false);
  for (unsigned i = 0; i < nRange; ++i) {
    for (unsigned e = 0; e < b.numEqualities(); ++e) {
      ConstRow row = b.equality(e);
      if (row[rangeCol + i].isZero())
        continue;
      bool laterRange = false;
      for (unsigned j = i + 1; j < nRange && !laterRange; ++j)
        laterRange = !row[rangeCol + j].isZero();
      if (laterRange)
        continue;
      std::optional<unsigned> local;
      bool fits = true;
      for (unsigned k = 0; k < nl && fits; ++k) {
        if (row[lo + k].isZero())
          continue;
        fits = !local && !isSymbolDiv[k] && !taken[k];
        local = k;
      }
      if (!fits || !local)
        continue;
      taken[*local] = true;
      // a j + c e + ... = 0: j grows with e when a and c differ in sign.
      bool grows = row[rangeCol + i].sign() != row[lo + *local].sign();
      out.push_back({i, *local, grows});
      break;
    }
  }
  return out;
}

/// An equality m e + h(x) = 0 of b whose one local e is a pure
/// existential: in no other row and no division definition, not a
/// division of the symbols. It says h(x) = 0 mod |m|.
struct PureStride {
  unsigned eq, local;
  int lastRange; // The last range variable h involves (-1: none).
};

std::vector<PureStride> pureStrides(const BasicRelation &b,
                                    const std::vector<bool> &isSymbolDiv) {
  unsigned lo = b.offset(VarKind::Local), nl = b.numLocals();
  unsigned rangeCol = b.offset(VarKind::Range), nRange = b.space().numRange();
  std::vector<unsigned> uses(nl, 0);
  for (unsigned k = 0; k < nl; ++k) {
    for (unsigned i = 0; i < b.numEqualities(); ++i)
      uses[k] += !b.equality(i)[lo + k].isZero();
    for (unsigned i = 0; i < b.numInequalities(); ++i)
      uses[k] += !b.inequality(i)[lo + k].isZero();
    for (unsigned l = 0; l < nl; ++l)
      uses[k] += b.hasDivDef(l) && !b.divNumerator(l)[lo + k].isZero();
  }
  std::vector<PureStride> out;
  for (unsigned i = 0; i < b.numEqualities(); ++i) {
    ConstRow row = b.equality(i);
    std::optional<unsigned> local;
    bool fits = true;
    for (unsigned k = 0; k < nl && fits; ++k) {
      if (row[lo + k].isZero())
        continue;
      fits = !local && !isSymbolDiv[k] && uses[k] == 1;
      local = k;
    }
    if (!fits || !local)
      continue;
    int last = -1;
    for (unsigned j = 0; j < nRange; ++j)
      if (!row[rangeCol + j].isZero())
        last = int(j);
    out.push_back({i, *local, last});
  }
  return out;
}

/// The row m e + h = 0 (e in column `col`, m > 0) with h rewritten so
/// that the coefficient of column `lead` is 1 when it is invertible
/// modulo m, and every coefficient of h reduced modulo m: the same
/// condition h = 0 mod m, as e only lives in this row.
std::vector<Int> reducedStride(std::vector<Int> row, unsigned col,
                               unsigned lead) {
  Int m = row[col];
  if (m.isOne())
    return row;
  Int a = mod(row[lead], m);
  if (!a.isZero() && gcd(a, m).isOne()) {
    Int inv = mod(extendedGcd(a, m).first, m);
    for (unsigned c = 0; c < row.size(); ++c)
      if (c != col)
        row[c] = row[c] * inv;
  }
  for (unsigned c = 0; c < row.size(); ++c) {
    if (c == col)
      continue;
    row[c] = mod(row[c], m);
    if (row[c] + row[c] > m) // The representative nearest zero.
      row[c] -= m;
  }
  return row;
}

/// Merges the pure strides (pureStrides) of b that end on one range
/// variable, two at a time, into one stride modulo their lcm and one
/// modulo their gcd (the Chinese remainder theorem, as a unimodular
/// change of the two existentials and of the two rows): j = 1 mod 3 and
/// j = 2 mod 5 become j = 7 mod 15. The solver then optimizes one
/// promoted stride instead of cutting its way through the others. Exact.
/// Only moduli neither of which divides the other are merged: for m1 | m2
/// the pair would come back as itself (gcd m1, lcm m2) and the loop would
/// not end. Each merge replaces a, b by gcd < min and lcm > max with the
/// same product, so the sum of the squared logarithms of the moduli grows,
/// over finitely many values: the loop ends.
void mergeStrides(BasicRelation &b, const std::vector<bool> &isSymbolDiv) {
  unsigned lo = b.offset(VarKind::Local);
  unsigned rangeCol = b.offset(VarKind::Range);
  auto modulus = [&](const PureStride &s) {
    return abs(b.equality(s.eq)[lo + s.local]);
  };
  auto neitherDivides = [&](const PureStride &x, const PureStride &y) {
    Int a = modulus(x), c = modulus(y);
    return !mod(c, a).isZero() && !mod(a, c).isZero();
  };
  while (true) {
    std::vector<PureStride> strides = pureStrides(b, isSymbolDiv);
    std::optional<std::pair<PureStride, PureStride>> pair;
    for (unsigned x = 0; x < strides.size() && !pair; ++x)
      for (unsigned y = x + 1; y < strides.size() && !pair; ++y)
        if (strides[x].lastRange >= 0 &&
            strides[x].lastRange == strides[y].lastRange &&
            neitherDivides(strides[x], strides[y]))
          pair = {strides[x], strides[y]};
    if (!pair)
      return;
    WorkBudget::charge(b.numCols());
    auto [s1, s2] = *pair;
    unsigned c1 = lo + s1.local, c2 = lo + s2.local;
    std::vector<Int> r1(b.equality(s1.eq).begin(), b.equality(s1.eq).end());
    std::vector<Int> r2(b.equality(s2.eq).begin(), b.equality(s2.eq).end());
    if (r1[c1].isNegative())
      for (Int &v : r1)
        v = -v;
    if (r2[c2].isNegative())
      for (Int &v : r2)
        v = -v;
    Int m1 = r1[c1], m2 = r2[c2];
    Int g = gcd(m1, m2);
    auto [u, v] = extendedGcd(m1, m2);
    Int f1 = divExact(m1, g), f2 = divExact(m2, g);
    std::vector<Int> low(r1.size()), high(r1.size());
    for (unsigned c = 0; c < r1.size(); ++c) {
      if (c == c1 || c == c2)
        continue;
      low[c] = u * r1[c] + v * r2[c];    // g e1' + ...: h = 0 mod gcd.
      high[c] = f1 * r2[c] - f2 * r1[c]; // lcm e2' + ...: mod lcm.
    }
    low[c1] = g;
    high[c2] = f1 * m2;
    unsigned lead = rangeCol + unsigned(s1.lastRange);
    low = reducedStride(std::move(low), c1, lead);
    high = reducedStride(std::move(high), c2, lead);
    b.removeEquality(std::max(s1.eq, s2.eq));
    b.removeEquality(std::min(s1.eq, s2.eq));
    b.setDivDef(s1.local, ConstRow(), Int(0));
    b.setDivDef(s2.local, ConstRow(), Int(0));
    if (!g.isOne())
      b.addEquality(low);
    b.addEquality(high);
  }
}

/// The point optimum (from pointLexOpt) as a relation in
/// `space`: one disjunct fixing every variable, or none when empty.
Relation pointOptimumRelation(const Space &space, const PointOptimum &p) {
  Relation result(space);
  if (p.empty)
    return result;
  BasicRelation dst(space);
  std::vector<Int> eq(dst.numCols());
  for (unsigned i = 0; i < p.point.size(); ++i) {
    eq[i] = Int(-1);
    eq.back() = p.point[i];
    dst.addEquality(eq);
    eq[i] = Int(0);
  }
  result.addDisjunct(std::move(dst));
  return result;
}

/// The parametric problem of the lexicographic optimum of one basic
/// relation: which of its columns are symbols, which are optimized (and
/// where each lands), and the context and problem handed to
/// parametricLexMin.
struct LexOptProblem {
  unsigned numSymbols = 0;   // Parameters and domain.
  unsigned contextWidth = 0; // Symbols plus the divisions of symbols.
  unsigned numOrdered = 0;   // Optimized variables: range and promoted locals.
  /// Problem variable (after the context columns) of each range dimension.
  std::vector<unsigned> rangeVar;
  /// Whether the context's locals after the symbols' divisions are copies
  /// of the problem's variables: always, except for a problem without
  /// symbols and existentials (buildLexOptProblem).
  bool contextHasCopies = false;
  BasicRelation context, problem;
};

/// Columns of the problem, in order: symbols, divisions of the symbols alone
/// (tiles of the source loops: floor(i/32), which go to the context with
/// their definitions, where the solver reuses them), the range (each
/// promoted stride local just before its range variable), then the other
/// locals (existentials, which only need to exist). With `maximize` the
/// range (and each promoted local that moves with it) is negated.
LexOptProblem buildLexOptProblem(const BasicRelation &b, bool maximize) {
  const Space &space = b.space();
  LexOptProblem out;
  unsigned numSymbols = out.numSymbols = space.offset(VarKind::Range);
  unsigned nRange = space.numRange();
  unsigned rangeCol = space.offset(VarKind::Range);
  unsigned lo = space.offset(VarKind::Local), nl = b.numLocals();
  std::vector<unsigned> symbolDivs = b.divisionsOf(numSymbols);
  std::vector<bool> isSymbolDiv(nl, false);
  for (unsigned k : symbolDivs)
    isSymbolDiv[k] = true;
  unsigned nsd = unsigned(symbolDivs.size());
  // Strides of the range (j = 4e): the range variable moves with its local,
  // so the local is optimized just before it (and the range variable then
  // follows). The solver then cuts on e once (e = ceil(i/4)) instead of on
  // j and again on e, which nested divisions and split the result.
  std::vector<StridePromotion> promoted = strideLocals(b, isSymbolDiv);
  std::vector<bool> isPromoted(nl, false);
  std::vector<bool> negateLocal(nl, false);
  std::vector<int> promotedBefore(nRange, -1);
  for (const StridePromotion &p : promoted) {
    isPromoted[p.local] = true;
    promotedBefore[p.range] = int(p.local);
    // Optimize e in the direction that optimizes j.
    negateLocal[p.local] = maximize == p.rangeGrowsWithLocal;
  }
  std::vector<unsigned> newCol(b.numVars());
  for (unsigned c = 0; c < numSymbols; ++c)
    newCol[c] = c;
  for (unsigned i = 0; i < nsd; ++i)
    newCol[lo + symbolDivs[i]] = numSymbols + i;
  unsigned contextWidth = out.contextWidth = numSymbols + nsd;
  unsigned next = contextWidth;
  out.rangeVar.resize(nRange);
  for (unsigned i = 0; i < nRange; ++i) {
    if (promotedBefore[i] >= 0)
      newCol[lo + unsigned(promotedBefore[i])] = next++;
    out.rangeVar[i] = next - contextWidth;
    newCol[rangeCol + i] = next++;
  }
  out.numOrdered = next - contextWidth;
  for (unsigned k = 0; k < nl; ++k)
    if (!isSymbolDiv[k] && !isPromoted[k])
      newCol[lo + k] = next++;
  auto convert = [&](ConstRow row, unsigned width) {
    std::vector<Int> v(width + 1);
    for (unsigned c = 0; c < b.numVars(); ++c) {
      if (row[c].isZero())
        continue;
      bool negate = (maximize && c >= rangeCol && c < rangeCol + nRange) ||
                    (c >= lo && negateLocal[c - lo]);
      v[newCol[c]] = negate ? -row[c] : row[c];
    }
    v.back() = row.back();
    return v;
  };
  out.context = BasicRelation(Space::set({}, Tuple(numSymbols)));
  for (unsigned i = 0; i < nsd; ++i) // Over the context's columns so far.
    out.context.addDivLocal(
        convert(b.divNumerator(symbolDivs[i]), numSymbols + i),
        b.divDenominator(symbolDivs[i]));
  // Rows on the symbols alone constrain the context (the domain of b):
  // left in the problem, each would split the context in two, and the
  // side where it fails would be proved infeasible on its own.
  auto symbolic = [&](ConstRow row) {
    for (unsigned c = 0; c < b.numVars(); ++c)
      if (!row[c].isZero() && newCol[c] >= contextWidth)
        return false;
    return true;
  };
  out.problem = BasicRelation(Space::set({}, Tuple(b.numVars())));
  for (unsigned i = 0; i < b.numEqualities(); ++i) {
    if (symbolic(b.equality(i)))
      out.context.addEquality(convert(b.equality(i), contextWidth));
    else
      out.problem.addEquality(convert(b.equality(i), b.numVars()));
  }
  for (unsigned i = 0; i < b.numInequalities(); ++i) {
    if (symbolic(b.inequality(i)))
      out.context.addInequality(convert(b.inequality(i), contextWidth));
    else
      out.problem.addInequality(convert(b.inequality(i), b.numVars()));
  }
  // Existential locals only need to exist: bound them first.
  if (nl > nsd + promoted.size())
    out.problem = boundExistentials(out.problem, contextWidth + out.numOrdered);
  // The context is the domain of b exactly, as isl's context holds the
  // domain with its existentials: the problem's variables become
  // existential locals of the context and its rows constrain them. The
  // solver's integer tests on the context then see where the problem has
  // integer points, and it never explores (with cuts that cannot end)
  // symbols where only rational solutions exist.
  // Without symbols and existentials there is nothing to explore: the
  // solver's own cuts decide the one problem (lexicographic Gomory cuts end
  // on a bounded one; solveLexOpt tests an unbounded answer for integer
  // emptiness), and the copy would only make it sample the problem first
  // (60 us of 63 for a point of large coefficients, isl 15).
  if (contextWidth == 0 && nl == promoted.size())
    return out;
  out.contextHasCopies = true;
  unsigned numProblemVars = out.problem.numVars() - contextWidth;
  for (unsigned v = 0; v < numProblemVars; ++v)
    out.context.addLocal();
  for (unsigned i = 0; i < out.problem.numEqualities(); ++i)
    out.context.addEquality(out.problem.equality(i));
  for (unsigned i = 0; i < out.problem.numInequalities(); ++i)
    out.context.addInequality(out.problem.inequality(i));
  return out;
}

/// Appends to `key` the affine form `row` over the columns of `domain`
/// (symbols, then its division locals, constant last) with every local
/// written out as its definition, so that one expression reads the same
/// in two pieces whose contexts number their divisions differently.
void appendAffineKey(const BasicRelation &domain, ConstRow row,
                     unsigned numSymbols, std::string &key) {
  for (unsigned c = 0; c < numSymbols; ++c)
    key += row[c].toString() + ',';
  key += row.back().toString();
  unsigned lo = domain.offset(VarKind::Local);
  for (unsigned k = 0; k < domain.numLocals(); ++k) {
    if (row[lo + k].isZero())
      continue;
    key += " + " + row[lo + k].toString() + " floor((";
    appendAffineKey(domain, domain.divNumerator(k), numSymbols, key);
    key += ")/" + domain.divDenominator(k).toString() + ')';
  }
  key += ';';
}

/// The values of a piece's range dimensions written canonically:
/// pieces with equal keys have the same optimum (as functions of the
/// symbols), and only their domains differ.
std::string valueKey(const LexOptProblem &lp, const LexMinPiece &piece,
                     unsigned numRange) {
  std::string key;
  for (unsigned i = 0; i < numRange; ++i)
    appendAffineKey(piece.domain, piece.values.row(lp.rangeVar[i]),
                    lp.numSymbols, key);
  return key;
}

/// One piece of the solver's answer as a disjunct in `space`: the piece's
/// domain over the symbols, with the range dimensions equal to their
/// values (negated back for a maximum); nullopt when it is empty.
///
/// The domain holds the context's existential copies of the problem's
/// variables (buildLexOptProblem), each equal on the piece to the solver's
/// value for it: those whose value is known and reads no copy are replaced
/// by it row by row while the domain is copied into `space` (so the rows
/// land over the symbols and divisions, and most become bounds on the
/// symbols alone or trivial); the others stay locals, tied to their range
/// variable by an equality. Cost: one pass over the domain's rows per
/// substituted copy it mentions, then one normalization and redundancy
/// test of what remains.
std::optional<BasicRelation> pieceRelation(const Space &space,
                                           const LexOptProblem &lp,
                                           const LexMinPiece &piece,
                                           bool maximize) {
  const BasicRelation &domain = piece.domain;
  unsigned numSymbols = lp.numSymbols;
  unsigned rangeCol = space.offset(VarKind::Range);
  unsigned srcLo = domain.offset(VarKind::Local);
  unsigned srcLocals = domain.numLocals();
  unsigned firstCopy = lp.contextWidth - numSymbols; // Local index.
  unsigned numCopies =
      lp.contextHasCopies ? lp.problem.numVars() - lp.contextWidth : 0;
  // Which copies are substituted (by problem variable), and where each
  // local that stays lands among dst's locals.
  std::vector<bool> substituted(numCopies, false);
  for (unsigned v = 0; v < numCopies; ++v) {
    if (!piece.known[v])
      continue;
    ConstRow value = piece.values.row(v);
    substituted[v] = std::all_of(value.begin() + srcLo + firstCopy,
                                 value.begin() + srcLo + firstCopy + numCopies,
                                 [](const Int &x) { return x.isZero(); });
  }
  auto copyOf = [&](unsigned k) -> int {
    return k >= firstCopy && k < firstCopy + numCopies ? int(k - firstCopy)
                                                       : -1;
  };
  std::vector<int> newLocal(srcLocals, -1);
  unsigned kept = 0;
  for (unsigned k = 0; k < srcLocals; ++k)
    if (copyOf(k) < 0 || !substituted[unsigned(copyOf(k))])
      newLocal[k] = int(kept++);
  BasicRelation dst(space);
  dst.insertVars(VarKind::Local, 0, kept);
  unsigned dstLo = dst.offset(VarKind::Local);
  // Where a column of the domain lands in dst (not a substituted copy).
  auto dstCol = [&](unsigned c) {
    if (c < srcLo)
      return c;
    if (c == domain.numVars())
      return dst.numVars();
    return dstLo + unsigned(newLocal[c - srcLo]);
  };
  // out += scale * row, for a row over the domain's columns; a substituted
  // copy's value reads no copy, so it lands on kept columns only.
  auto addMapped = [&](ConstRow row, const Int &scale, Row out) {
    for (unsigned c = 0; c < domain.numCols(); ++c) {
      const Int &a = row[c];
      if (a.isZero())
        continue;
      int v = c >= srcLo && c < domain.numVars() ? copyOf(c - srcLo) : -1;
      if (v < 0 || !substituted[unsigned(v)]) {
        out[dstCol(c)] += scale * a;
        continue;
      }
      ConstRow value = piece.values.row(unsigned(v));
      for (unsigned d = 0; d < domain.numCols(); ++d)
        if (!value[d].isZero())
          out[dstCol(d)] += scale * a * value[d];
    }
  };
  std::vector<Int> out(dst.numCols());
  auto mapped = [&](ConstRow row) -> std::vector<Int> & {
    std::fill(out.begin(), out.end(), Int(0));
    addMapped(row, Int(1), out);
    return out;
  };
  for (unsigned i = 0; i < domain.numEqualities(); ++i)
    dst.addEquality(mapped(domain.equality(i)));
  for (unsigned i = 0; i < domain.numInequalities(); ++i)
    dst.addInequality(mapped(domain.inequality(i)));
  for (unsigned k = 0; k < srcLocals; ++k)
    if (newLocal[k] >= 0 && domain.hasDivDef(k))
      dst.setDivDef(unsigned(newLocal[k]), mapped(domain.divNumerator(k)),
                    domain.divDenominator(k));
  Int sign = maximize ? Int(-1) : Int(1);
  for (unsigned i = 0; i < space.numRange(); ++i) {
    // range_i = +-(value over symbols and the piece's divisions).
    unsigned v = lp.rangeVar[i];
    std::fill(out.begin(), out.end(), Int(0));
    addMapped(piece.values.row(v), sign, out);
    out[rangeCol + i] = Int(-1);
    dst.addEquality(out);
    if (numCopies == 0 || substituted[v])
      continue;
    // The copy that stays is the optimum.
    std::fill(out.begin(), out.end(), Int(0));
    out[rangeCol + i] = -sign;
    out[dstLo + unsigned(newLocal[firstCopy + v])] = Int(1);
    dst.addEquality(out);
  }
  // The existential copy of the problem leaves rows that the piece's
  // values make redundant: dropped here, one LP each, before the pieces
  // are merged and compared with other disjuncts' (which costs more on
  // every row).
  if ((kept > 0 && !dst.simplifyLocals()) || !dst.removeRedundancies())
    return std::nullopt;
  return dst;
}

/// The pieces of the solver's answer as disjuncts in `space`: each piece's
/// domain over the symbols, with the range dimensions equal to their
/// values (negated back for a maximum). Pieces with the same value (the
/// solver splits the context on rows that do not always decide the
/// optimum: lexmax i < n, i < m, i <= 99 gives i = n - 1 on both sides of
/// m <= 99) are merged as isl merges the pieces of a piecewise affine
/// optimum: their union is coalesced, one group at a time.
Relation optimumPieces(const Space &space, const LexOptProblem &lp,
                       const LexMinResult &res, bool maximize) {
  std::vector<std::string> keys;
  std::vector<Relation> groups;
  for (const LexMinPiece &piece : res.pieces) {
    std::optional<BasicRelation> dst =
        pieceRelation(space, lp, piece, maximize);
    if (!dst)
      continue;
    std::string key = valueKey(lp, piece, space.numRange());
    auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end()) {
      keys.push_back(std::move(key));
      groups.emplace_back(space);
      it = keys.end() - 1;
    }
    groups[unsigned(it - keys.begin())].addDisjunct(std::move(*dst));
  }
  Relation result(space);
  coalesceEachWithinBudget(groups);
  for (Relation &g : groups) {
    for (const BasicRelation &b : g.disjuncts())
      result.addDisjunct(b);
  }
  return result;
}

/// The solver's answer as one point when there are no symbols (a set
/// without parameters): one piece whose values are constants, read off
/// without building its relation; nullopt otherwise.
std::optional<PointOptimum> constantOptimum(const LexOptProblem &lp,
                                            const LexMinResult &res,
                                            bool maximize) {
  if (lp.numSymbols != 0 || res.pieces.size() != 1)
    return std::nullopt;
  const LexMinPiece &piece = res.pieces.front();
  PointOptimum out{false, {}};
  for (unsigned var : lp.rangeVar) {
    ConstRow v = piece.values.row(var);
    if (!std::all_of(v.begin(), v.end() - 1,
                     [](const Int &c) { return c.isZero(); }))
      return std::nullopt;
    out.point.push_back(maximize ? -v.back() : v.back());
  }
  return out;
}

/// b with its strides on one range variable merged (mergeStrides), when
/// it has two; b itself otherwise.
BasicRelation withMergedStrides(const BasicRelation &b) {
  std::vector<bool> isSymbolDiv(b.numLocals(), false);
  for (unsigned k : b.divisionsOf(b.space().offset(VarKind::Range)))
    isSymbolDiv[k] = true;
  std::vector<PureStride> strides = pureStrides(b, isSymbolDiv);
  if (strides.size() < 2)
    return b;
  BasicRelation merged = b;
  mergeStrides(merged, isSymbolDiv);
  // The existential of a unit stride (a gcd of 1) is then fixed by its
  // row: substituted away.
  merged.simplifyLocals();
  return merged;
}

/// The parametric solver's answer for the optimum of `lp` (no pieces when
/// its context is empty). Throws UnboundedError.
LexMinResult solveLexOpt(LexOptProblem &lp, bool maximize) {
  if (!lp.context.normalize())
    return {};
  LexMinResult res =
      parametricLexMin(lp.problem, lp.contextWidth, lp.context, lp.numOrdered);
  // Without the copy in the context, the solver does not know whether the
  // problem has integer points before it reports an unbounded variable.
  if (res.unbounded && !lp.contextHasCopies && lp.problem.isEmpty())
    return {};
  if (res.unbounded)
    throw UnboundedError(std::string(maximize ? "lexmax" : "lexmin") +
                         " is unbounded: a range dimension has no " +
                         (maximize ? "upper" : "lower") + " bound");
  return res;
}

/// The lexicographic optimum of one basic relation, as disjoint pieces.
Relation basicLexOpt(const BasicRelation &b, bool maximize) {
  const Space &space = b.space();
  if (space.offset(VarKind::Range) == 0)
    if (std::optional<PointOptimum> p = pointLexOpt(b, maximize))
      return pointOptimumRelation(space, *p);
  if (std::optional<Relation> r = componentwiseOptimum(b, maximize))
    return std::move(*r);
  LexOptProblem lp = buildLexOptProblem(withMergedStrides(b), maximize);
  LexMinResult res = solveLexOpt(lp, maximize);
  if (std::optional<PointOptimum> p = constantOptimum(lp, res, maximize))
    return pointOptimumRelation(space, *p);
  return optimumPieces(space, lp, res, maximize);
}

/// The point `b` is when it is one fixed point (every variable equal to a
/// constant, no locals, no inequalities); nullopt otherwise.
std::optional<std::vector<Int>> fixedPoint(const BasicRelation &b) {
  unsigned n = b.numVars();
  if (b.numLocals() > 0 || b.numInequalities() > 0 || b.numEqualities() != n)
    return std::nullopt;
  std::vector<Int> point(n);
  std::vector<bool> seen(n, false);
  for (unsigned e = 0; e < n; ++e) {
    ConstRow row = b.equality(e);
    unsigned col = n;
    for (unsigned c = 0; c < n; ++c) {
      if (row[c].isZero())
        continue;
      if (col != n || !(row[c] == Int(1) || row[c] == Int(-1)))
        return std::nullopt;
      col = c;
    }
    if (col == n || seen[col])
      return std::nullopt;
    seen[col] = true;
    // row[col] * x + k = 0.
    point[col] = row[col].isOne() ? -row[n] : row[n];
  }
  return point;
}

/// The pieces of one basic relation's optimum with those that are one
/// piece split by the solver put back together (its context splits on a
/// row's sign often leave pieces of one formula: j = i where i mod 4 = 0
/// beside j = 4 ceil(i/4)). Only pieces with divisions are tried: those
/// come from the solver's cuts, where one formula is written two ways;
/// pieces without are split on affine rows and differ (their failed
/// fusion tests cost a fifth of the solver). Syntactic (FuseCuts); full
/// coalescing here cost more than the solver.
Relation fuseSplitPieces(Relation pieces) {
  if (std::none_of(pieces.disjuncts().begin(), pieces.disjuncts().end(),
                   [](const BasicRelation &b) { return b.numLocals() > 0; }))
    return pieces;
  std::vector<BasicRelation> parts(pieces.disjuncts().begin(),
                                   pieces.disjuncts().end());
  size_t before = parts.size();
  fuseAdjacentCuts(parts);
  if (parts.size() == before)
    return pieces;
  Relation out(pieces.space());
  for (BasicRelation &p : parts)
    out.addDisjunct(std::move(p));
  return out.removeRedundancies();
}

Relation lexOpt(const Relation &r, bool maximize) {
  WorkBudget::Operation op;
  if (r.isParams())
    throw SpaceError("lexmin/lexmax of a params set");
  if (r.numDisjuncts() == 0)
    return r;
  Relation all(r.space());
  std::vector<Relation> parts; // The optimum of each disjunct.
  for (const BasicRelation &b : r.disjuncts()) {
    parts.push_back(basicLexOpt(b, maximize));
    for (const BasicRelation &p : parts.back().disjuncts())
      all.addDisjunct(p);
  }
  if (r.numDisjuncts() == 1)
    return all.numDisjuncts() > 1 ? fuseSplitPieces(std::move(all)) : all;
  // A set without parameters: each disjunct's optimum is one point, and
  // the optimum of the union is the best of them.
  if (r.isSet() && r.space().numParams() == 0) {
    std::optional<std::vector<Int>> best;
    unsigned bestIndex = 0;
    bool allPoints = true;
    for (unsigned i = 0; i < all.numDisjuncts() && allPoints; ++i) {
      std::optional<std::vector<Int>> p = fixedPoint(all.disjuncts()[i]);
      if (!p) {
        allPoints = false;
        break;
      }
      if (!best || (maximize ? *p > *best : *p < *best)) {
        best = std::move(p);
        bestIndex = i;
      }
    }
    if (allPoints) {
      Relation out(r.space());
      if (best)
        out.addDisjunct(all.disjuncts()[bestIndex]);
      return out;
    }
  }
  // Across disjuncts: each piece of one disjunct's optimum loses the points
  // where another disjunct's optimum is better, as isl compares the pieces
  // of two optima pairwise. A piece is compared only with the other
  // disjuncts' optima (a disjunct's own optimum is one point per symbol
  // value, never better than itself): subtracting from every candidate the
  // union of all beaten candidates compared each with pieces of
  // unrelated symbol values, and ran out of budget on a few percent of
  // random relations with five disjuncts.
  // Ties go to the earlier disjunct, so that the pieces are disjoint (a
  // function is read off them without a disjointness test): a piece of d
  // loses where an earlier disjunct's value is as good, and where a later
  // one's is better. The pieces are compared pairwise on their common
  // domain, level by level (BeatenParts.h), which decides most pairs of
  // affine values without a constraint; the order relation is for values
  // with divisions.
  Space rangeSpace = r.isSet() ? r.space() : r.space().rangeSpace();
  Relation order = Relation::lexOrder(rangeSpace, rangeSpace,
                                      maximize ? LexOrder::GT : LexOrder::LT);
  auto asRelation = [&](const Relation &part) {
    return r.isSet()
               ? Relation::universeBetween(
                     Space::set(r.space().paramNames(), Tuple()), r.space())
                     .intersectRange(part)
               : part;
  };
  // Every piece of every disjunct's optimum, prepared once for the
  // comparisons.
  std::vector<std::vector<OptimumPiece>> candidates;
  for (const Relation &part : parts) {
    candidates.emplace_back();
    Relation graph = asRelation(part);
    for (const BasicRelation &piece : graph.disjuncts())
      candidates.back().emplace_back(piece);
  }
  Relation best(asRelation(Relation(r.space())).space());
  for (size_t d = 0; d < candidates.size(); ++d) {
    for (const OptimumPiece &piece : candidates[d]) {
      // The points of the piece that another disjunct beats: inside the
      // piece, which keeps the difference from splitting it on rows of
      // other symbol values.
      Relation p(piece.graph), beaten(p.space());
      bool lost = false;
      for (size_t e = 0; e < candidates.size() && !lost; ++e) {
        if (e == d)
          continue;
        for (const OptimumPiece &other : candidates[e])
          if ((lost = addBeatenParts(piece, other, maximize, e < d, order,
                                     beaten)))
            break;
      }
      if (lost)
        continue;
      // The beaten parts are fused first: each piece of the difference
      // splits on the rows of every part subtracted, so fewer, larger parts
      // give far fewer pieces (a piece less nine parts, one with a
      // division, gave 426 pieces and 188 million units; less the six
      // they fuse into, 166 pieces and a fifth of the work).
      if (beaten.numDisjuncts() > 1)
        beaten = coalesceWithinBudget(std::move(beaten));
      Relation rest = beaten.numDisjuncts() ? p.subtract(beaten) : p;
      for (const BasicRelation &b : rest.disjuncts())
        best.addDisjunct(b);
    }
  }
  // The difference leaves many small pieces; fusing them keeps the
  // piecewise result readable and cheap for later operations (a single
  // piece, which coalesce returns as it is, is simplified).
  best = best.numDisjuncts() > 1 ? coalesceWithinBudget(std::move(best))
                                 : best.removeRedundancies();
  return r.isSet() ? best.range() : best;
}

} // namespace

std::vector<LexMinPiece> basicLexOptPieces(const BasicRelation &b,
                                           bool maximize) {
  WorkBudget::Operation op;
  LexOptProblem lp = buildLexOptProblem(withMergedStrides(b), maximize);
  LexMinResult res = solveLexOpt(lp, maximize);
  unsigned nRange = b.numRange();
  Int sign = maximize ? Int(-1) : Int(1);
  std::vector<LexMinPiece> out;
  unsigned copies = lp.contextWidth - lp.numSymbols; // First copy's local.
  for (LexMinPiece &piece : res.pieces) {
    // The context's existential copies of the problem's variables equal
    // the solver's point on the piece (the lexicographic minimum of all of
    // them, a point of the problem): written so, they are substituted away
    // (by the caller: the values are over these columns), and the domain
    // keeps only divisions (and the copies of helpers without a bound).
    unsigned lo = piece.domain.offset(VarKind::Local);
    for (unsigned v = 0; v < piece.values.numRows() && lp.contextHasCopies;
         ++v) {
      if (!piece.known[v])
        continue;
      std::vector<Int> eq(piece.values.row(v).begin(),
                          piece.values.row(v).end());
      for (Int &x : eq)
        x = -x;
      eq[lo + copies + v] += Int(1);
      piece.domain.addEquality(eq);
    }
    LexMinPiece p;
    p.values = Matrix(nRange, piece.domain.numCols());
    for (unsigned i = 0; i < nRange; ++i)
      for (unsigned c = 0; c < piece.domain.numCols(); ++c)
        p.values.at(i, c) = sign * piece.values.at(lp.rangeVar[i], c);
    p.known.assign(nRange, true);
    p.domain = std::move(piece.domain);
    out.push_back(std::move(p));
  }
  return out;
}

Relation Relation::lexmin() const { return lexOpt(*this, false); }
Relation Relation::lexmax() const { return lexOpt(*this, true); }

UnionRelation UnionRelation::lexmin() const {
  return map([](const Relation &r) { return r.lexmin(); });
}

UnionRelation UnionRelation::lexmax() const {
  return map([](const Relation &r) { return r.lexmax(); });
}

} // namespace presburger
