//===- AffineHull.cpp - Affine hulls of relations -------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// isl's isl_map_affine_hull:
//  1. For each disjunct (without the divisions only their own definitions
//     constrain), the affine hull of its integer points over all its
//     columns, locals included (integerAffineHull, IntegerAffineHull.h,
//     grows a set of integer points until no integer point of the disjunct
//     lies off one of their equalities). Divisions these equalities fix with a
//     unit coefficient are substituted away; then only the equalities are kept.
//  2. The locals are projected out of these equalities as a lattice: what
//     remains are equalities on the other columns plus congruences
//     "e(x) = 0 mod m", each written in a canonical form with a new
//     division floor(e(x) / m) (isl makes the strides of existentials
//     explicit this way and keeps its own, normalized, divisions; the
//     canonical form plays the part of isl's normalization). A congruence
//     the remaining equalities already imply is dropped: as in isl, where
//     such a division is eliminated through a unit-coefficient equality.
//  3. The divisions of all disjuncts are aligned; a disjunct gets the
//     defining constraints of the divisions it did not have, and the affine
//     hull of the union is the affine hull of the integer affine hulls of
//     these lifted disjuncts.
//
//===----------------------------------------------------------------------===//
#include "basic/Divisions.h"
#include "hulls/IntegerAffineHull.h"
#include "hulls/LiftedSpace.h"
#include "hulls/RationalPolyhedron.h"

#include "presburger/LinearAlgebra.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

namespace presburger {

using namespace hulls;

namespace {

using FracRow = std::vector<Fraction>;

/// The smallest integer multiple of a rational row, and the multiplier.
std::vector<Int> integerMultiple(const FracRow &row, Int &scale) {
  scale = Int(1);
  for (const Fraction &f : row)
    scale = lcm(scale, f.den());
  std::vector<Int> out;
  for (const Fraction &f : row)
    out.push_back(f.num() * divExact(scale, f.den()));
  return out;
}

/// The congruence num . [x 1] = 0 (mod m) in a canonical form: entries
/// reduced to [0, m), common factors with m divided out, and (for m <= 64)
/// multiplied by the unit of Z/mZ that makes the entries lexicographically
/// smallest. Returns false when the congruence is trivial (m = 1).
bool canonicalStride(std::vector<Int> &num, Int &m) {
  for (Int &v : num)
    v = mod(v, m);
  Int g = gcd(rowGcd(ConstRow(num)), m);
  if (!g.isOne() && !g.isZero()) {
    for (Int &v : num)
      v = divExact(v, g);
    m = divExact(m, g);
  }
  if (m.isOne())
    return false;
  std::optional<int64_t> small = m.toInt64();
  if (small && *small <= 64) {
    std::vector<Int> best = num;
    for (int64_t u = 2; u < *small; ++u) {
      if (!gcd(Int(u), m).isOne())
        continue;
      std::vector<Int> t;
      for (const Int &v : num)
        t.push_back(mod(v * Int(u), m));
      if (t < best)
        best = std::move(t);
    }
    num = std::move(best);
  }
  return true;
}

/// Whether the congruence num . [x 1] = 0 (mod m) (num has n + 1 entries)
/// holds at every integer point of `lattice` (the integer solutions of some
/// equalities over n variables; nullopt when there are none). A stride that
/// a piece's equalities already imply must not become a division of its
/// own: in the lifted space of a union it would tie the divisions of the
/// other pieces to its own and shrink the hull.
bool congruenceImplied(const std::optional<Compression> &lattice, unsigned n,
                       const std::vector<Int> &num, const Int &m) {
  if (!lattice)
    return true; // No integer solution: every congruence holds.
  Int value = num[n];
  for (unsigned v = 0; v < n; ++v)
    value += num[v] * lattice->origin[v];
  if (!mod(value, m).isZero())
    return false;
  for (unsigned j = 0; j < lattice->dim(); ++j) {
    Int step(0);
    for (unsigned v = 0; v < n; ++v)
      step += num[v] * lattice->basis.at(v, j);
    if (!mod(step, m).isZero())
      return false;
  }
  return true;
}

/// Drops the strides that the equalities `pure` (rows over base + 1
/// columns) imply on their own. A stride implied by other strides stays: in
/// the lifted space its division can be shared with another piece that has
/// that stride alone, and the union keeps it.
void dropImpliedStrides(
    unsigned base, const Matrix &pure,
    std::vector<std::pair<std::vector<Int>, Int>> &strides) {
  std::optional<Compression> lattice = compressEqualities(pure);
  std::erase_if(strides, [&](const std::pair<std::vector<Int>, Int> &s) {
    return congruenceImplied(lattice, base, s.first, s.second);
  });
}

/// The equalities `eqs` (rows over [vars | locals | const]) of the integer
/// affine hull of a disjunct in `space` with `nl` locals, with
/// every local projected out as a lattice: equalities on the variables,
/// plus one new division per congruence. Divisions are projected out too:
/// the strides they carry come back in canonical form (canonicalStride), so
/// that two disjuncts with the same congruence share one division whatever
/// their own definitions were. The result holds only those equalities; its
/// divisions have definitions and no defining constraints.
BasicRelation projectLocals(const Space &space, unsigned nl,
                            const Matrix &eqs) {
  unsigned base = space.offset(VarKind::Local);
  unsigned rows = eqs.numRows();
  // Each equality: its variable part (with the constant) and its local
  // part.
  std::vector<FracRow> varRows(rows, FracRow(base + 1));
  Matrix loc(rows, nl);
  for (unsigned r = 0; r < rows; ++r) {
    for (unsigned c = 0; c < base; ++c)
      varRows[r][c] = Fraction(eqs.at(r, c));
    varRows[r][base] = Fraction(eqs.at(r, base + nl));
    for (unsigned j = 0; j < nl; ++j)
      loc.at(r, j) = eqs.at(r, base + j);
  }
  std::vector<FracRow> pure;
  std::vector<std::pair<std::vector<Int>, Int>> strides;
  if (nl == 0) {
    pure = varRows;
  } else {
    // locals = V w with loc V = [H 0] in column echelon form; w is any
    // integer vector. Solve the pivot rows for w (rational functions of
    // the variables): the other rows are equalities, and each w must be an
    // integer, a congruence.
    ColumnEchelon ce = columnEchelon(loc);
    std::vector<FracRow> w(ce.rank);
    unsigned next = 0;
    for (unsigned r = 0; r < rows; ++r) {
      FracRow s = varRows[r];
      for (unsigned l = 0; l < next; ++l) {
        const Int &h = ce.h.at(r, l);
        if (h.isZero())
          continue;
        for (unsigned c = 0; c <= base; ++c)
          s[c] = s[c] + Fraction(h) * w[l][c];
      }
      if (next < ce.rank && ce.pivotRows[next] == r) {
        Fraction inv(Int(-1), ce.h.at(r, next));
        for (Fraction &f : s)
          f = f * inv;
        w[next++] = std::move(s);
      } else {
        pure.push_back(std::move(s));
      }
    }
    for (const FracRow &wj : w) {
      Int modulus;
      std::vector<Int> num = integerMultiple(wj, modulus);
      if (canonicalStride(num, modulus))
        strides.emplace_back(std::move(num), std::move(modulus));
    }
  }
  Matrix pureRows(0, base + 1);
  for (const FracRow &p : pure) {
    Int scale;
    std::vector<Int> row = integerMultiple(p, scale);
    bool zero = true;
    for (const Int &v : row)
      zero = zero && v.isZero();
    if (!zero)
      pureRows.appendRow(row);
  }
  if (!strides.empty())
    dropImpliedStrides(base, pureRows, strides);
  unsigned ns = unsigned(strides.size());
  unsigned width = base + ns + 1;
  BasicRelation out(space);
  out.insertVars(VarKind::Local, 0, ns);
  auto place = [&](ConstRow row) { // Over base + 1 columns.
    std::vector<Int> full(width);
    for (unsigned c = 0; c < base; ++c)
      full[c] = row[c];
    full[width - 1] = row[base];
    return full;
  };
  for (unsigned r = 0; r < pureRows.numRows(); ++r)
    out.addEquality(place(pureRows.row(r)));
  for (unsigned t = 0; t < ns; ++t) {
    std::vector<Int> eq = place(ConstRow(strides[t].first));
    eq[base + t] = -strides[t].second;
    out.addEquality(eq);
    out.setDivDef(t, place(ConstRow(strides[t].first)), strides[t].second);
  }
  return out;
}

} // namespace

BasicRelation Relation::affineHull() const {
  WorkBudget::Operation op;
  std::vector<BasicRelation> locals;
  for (const BasicRelation &d : disjuncts_) {
    BasicRelation b = d;
    if (!b.simplifyLocals())
      continue;
    // A division that only its own definition constrains says nothing
    // about the disjunct (isl's disjuncts never carry one).
    dropFreeDivisions(b);
    // As isl: the equalities are Gauss-eliminated and the divisions they
    // fix with a unit coefficient substituted away, then only the
    // equalities are kept.
    if (!addIntegerAffineHull(b))
      continue;
    locals.push_back(projectLocals(space_, b.numLocals(), b.equalities()));
  }
  return hulls::affineHullOfLocals(space_, locals);
}

namespace hulls {

BasicRelation affineHullOfLocals(const Space &space,
                                 const std::vector<BasicRelation> &locals) {
  if (locals.empty())
    return BasicRelation::empty(space);
  // A piece whose integer points span the space (no equality, no stride)
  // makes the hull of the union the universe: no lifting, no generators.
  for (const BasicRelation &p : locals)
    if (p.numEqualities() == 0 && p.numLocals() == 0) {
      WorkBudget::charge(locals.size());
      return BasicRelation(space);
    }
  Lifted lifted = liftToCommonDivisions(space, locals);
  unsigned n = lifted.model.numVars();
  Matrix gens(0, n + 1);
  for (const BasicRelation &u : lifted.pieces) {
    std::optional<AffineHullResult> ah = integerAffineHull(u);
    if (!ah)
      continue;
    for (unsigned i = 0; i < ah->generators.numRows(); ++i)
      gens.appendRow(ah->generators.row(i));
  }
  if (gens.numRows() == 0)
    return BasicRelation::empty(space);
  BasicRelation out =
      overlay(lifted.model, affineHullOfGenerators(gens), Matrix(0, n + 1));
  if (!finishHull(out))
    return BasicRelation::empty(space);
  return out;
}

BasicRelation affineHullOfDetected(const Space &space,
                                   const std::vector<BasicRelation> &detected) {
  std::vector<BasicRelation> locals;
  for (const BasicRelation &p : detected)
    locals.push_back(projectLocals(space, p.numLocals(), p.equalities()));
  return affineHullOfLocals(space, locals);
}

} // namespace hulls

} // namespace presburger
