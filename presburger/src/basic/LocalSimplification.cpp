//===- LocalSimplification.cpp - Existential locals made simpler ----------===//
#include "presburger/BasicRelation.h"
#include "presburger/WorkBudget.h"

#include <algorithm>

namespace presburger {

namespace {
/// dst += scale * src over all columns.
void addScaled(Row dst, ConstRow src, const Int &scale) {
  if (scale.isZero())
    return;
  for (size_t c = 0; c < dst.size(); ++c)
    if (!src[c].isZero())
      dst[c] += scale * src[c];
}
} // namespace

std::array<std::vector<Int>, 2>
BasicRelation::divisionBounds(unsigned k) const {
  unsigned lo = offset(VarKind::Local);
  std::vector<Int> upperOfQ(divNum_.row(k).begin(), divNum_.row(k).end());
  upperOfQ[lo + k] = -divDen_[k];
  std::vector<Int> lowerOfQ(upperOfQ.size());
  for (size_t c = 0; c < upperOfQ.size(); ++c)
    lowerOfQ[c] = -upperOfQ[c];
  lowerOfQ.back() += divDen_[k] - Int(1);
  for (std::vector<Int> *r : {&upperOfQ, &lowerOfQ}) {
    Int g(0);
    for (size_t c = 0; c + 1 < r->size(); ++c)
      g = gcd(g, (*r)[c]);
    if (!g.isZero() && !g.isOne()) {
      for (size_t c = 0; c + 1 < r->size(); ++c)
        (*r)[c] = divExact((*r)[c], g);
      r->back() = floorDiv(r->back(), g);
    }
  }
  return {std::move(upperOfQ), std::move(lowerOfQ)};
}

bool BasicRelation::allLocalsDefined() const {
  for (unsigned k = 0; k < numLocals_; ++k)
    if (!hasDivDef(k))
      return false;
  return true;
}

std::vector<unsigned> BasicRelation::divisionsOf(unsigned numCols) const {
  unsigned lo = offset(VarKind::Local);
  std::vector<unsigned> order;
  std::vector<bool> done(numLocals_, false);
  for (bool progress = true; progress;) {
    progress = false;
    for (unsigned k = 0; k < numLocals_; ++k) {
      if (done[k] || !hasDivDef(k))
        continue;
      bool ready = true;
      for (unsigned c = numCols; c < lo + numLocals_ && ready; ++c)
        if (!divNum_.at(k, c).isZero())
          ready = c >= lo && done[c - lo];
      if (!ready)
        continue;
      done[k] = true;
      order.push_back(k);
      progress = true;
    }
  }
  return order;
}

std::optional<std::vector<unsigned>> BasicRelation::divisionOrder() const {
  std::vector<unsigned> order = divisionsOf(offset(VarKind::Local));
  if (order.size() != numLocals_)
    return std::nullopt;
  return order;
}

bool BasicRelation::simplifyLocals() {
  if (!normalize())
    return false;
  if (numLocals_ == 0)
    return true;
  bool changed = true;
  while (changed) {
    changed = false;
    WorkBudget::charge(numConstraints() + 1);
    unsigned lo = offset(VarKind::Local);
    for (unsigned k = 0; k < numLocals_ && !changed; ++k) {
      unsigned col = lo + k;
      // 0. A division of a constant is that constant.
      if (hasDivDef(k)) {
        bool constant = true;
        for (unsigned c = 0; c < numVars() && constant; ++c)
          constant = divNum_.at(k, c).isZero();
        if (constant) {
          Int v = floorDiv(divNum_.at(k, numVars()), divDen_[k]);
          auto fold = [&](Matrix &m) {
            for (unsigned r = 0; r < m.numRows(); ++r)
              if (!m.at(r, col).isZero()) {
                m.at(r, numVars()) += m.at(r, col) * v;
                m.at(r, col) = Int(0);
              }
          };
          fold(eqs_);
          fold(ineqs_);
          fold(divNum_);
          removeVarsRaw(VarKind::Local, k, 1);
          if (!normalize())
            return false;
          changed = true;
          break;
        }
      }
      // 1. Unit coefficient in an equality: substitute.
      for (unsigned e = 0; e < eqs_.numRows(); ++e) {
        Int a = eqs_.at(e, col);
        if (abs(a) != Int(1))
          continue;
        std::vector<Int> eq(eqs_.row(e).begin(), eqs_.row(e).end());
        // q = -(eq - a q) / a; row += (-row[q] / a) * eq eliminates q.
        for (unsigned r = 0; r < eqs_.numRows(); ++r)
          if (r != e)
            addScaled(eqs_.row(r), eq, -eqs_.at(r, col) * a);
        for (unsigned r = 0; r < ineqs_.numRows(); ++r)
          addScaled(ineqs_.row(r), eq, -ineqs_.at(r, col) * a);
        for (unsigned d = 0; d < numLocals_; ++d)
          if (hasDivDef(d) && !divNum_.at(d, col).isZero()) {
            // Keep the definition's value on the set: num += c*eq scaled.
            // When the equality involves d itself the definition would
            // refer to itself: forget it instead.
            if (!eq[lo + d].isZero()) {
              setDivDef(d, {}, Int(0));
              continue;
            }
            addScaled(divNum_.row(d), eq, -divNum_.at(d, col) * a);
          }
        eqs_.removeRow(e);
        removeVarsRaw(VarKind::Local, k, 1);
        changed = true;
        break;
      }
      if (changed)
        break;
      // 2. Occurrences in the constraints.
      bool inEq = false;
      unsigned lower = 0, upper = 0;
      bool unitLower = true, unitUpper = true;
      for (unsigned e = 0; e < eqs_.numRows(); ++e)
        inEq = inEq || !eqs_.at(e, col).isZero();
      for (unsigned i = 0; i < ineqs_.numRows(); ++i) {
        int s = ineqs_.at(i, col).sign();
        if (s > 0) {
          ++lower;
          unitLower = unitLower && ineqs_.at(i, col).isOne();
        } else if (s < 0) {
          ++upper;
          unitUpper = unitUpper && ineqs_.at(i, col) == Int(-1);
        }
      }
      bool usedByDiv = false;
      for (unsigned d = 0; d < numLocals_; ++d)
        usedByDiv = usedByDiv || (hasDivDef(d) && !divNum_.at(d, col).isZero());
      if (inEq || usedByDiv)
        continue;
      if (lower == 0 || upper == 0) {
        // Unused, or bounded on one side only: always satisfiable.
        for (unsigned i = ineqs_.numRows(); i-- > 0;)
          if (!ineqs_.at(i, col).isZero())
            ineqs_.removeRow(i);
        removeVarsRaw(VarKind::Local, k, 1);
        changed = true;
        break;
      }
      if (!(unitLower || unitUpper) || lower * upper > 16)
        continue;
      // 3. Exact Fourier-Motzkin: every pair of bounds combines.
      std::vector<unsigned> lows, ups;
      for (unsigned i = 0; i < ineqs_.numRows(); ++i) {
        int s = ineqs_.at(i, col).sign();
        if (s > 0)
          lows.push_back(i);
        else if (s < 0)
          ups.push_back(i);
      }
      Matrix combined(0, numCols());
      for (unsigned l : lows)
        for (unsigned u : ups) {
          Int a = ineqs_.at(l, col), b = -ineqs_.at(u, col);
          std::vector<Int> row(numCols());
          for (unsigned c = 0; c < numCols(); ++c)
            row[c] = b * ineqs_.at(l, c) + a * ineqs_.at(u, c);
          combined.appendRow(row);
        }
      for (unsigned i = ineqs_.numRows(); i-- > 0;)
        if (!ineqs_.at(i, col).isZero())
          ineqs_.removeRow(i);
      for (unsigned r = 0; r < combined.numRows(); ++r)
        ineqs_.appendRow(combined.row(r));
      removeVarsRaw(VarKind::Local, k, 1);
      if (!normalize())
        return false;
      changed = true;
    }
  }
  detectDivDefinitions();
  canonicalizeLocals();
  return true;
}

bool BasicRelation::eliminateUnitDivisions() {
  bool changed = true;
  while (changed) {
    changed = false;
    unsigned lo = offset(VarKind::Local), nc = numCols();
    for (unsigned k = 0; k < numLocals_ && !changed; ++k) {
      if (!hasDivDef(k))
        continue;
      unsigned col = lo + k;
      bool blocked = false;
      for (unsigned e = 0; e < eqs_.numRows() && !blocked; ++e)
        blocked = !eqs_.at(e, col).isZero();
      for (unsigned j = 0; j < numLocals_ && !blocked; ++j)
        blocked = j != k && hasDivDef(j) && !divNum_.at(j, col).isZero();
      if (blocked)
        continue;
      const Int &d = divDen_[k];
      std::array<std::vector<Int>, 2> stored = divisionBounds(k);
      // Which defining row `row` is (1: q's upper bound, 2: its lower
      // bound, 0: neither). A row no tighter than a stored defining row is
      // implied by the definition.
      auto definitional = [&](ConstRow row) {
        for (int which = 0; which < 2; ++which) {
          const std::vector<Int> &def = stored[which];
          if (std::equal(row.begin(), row.end() - 1, def.begin()) &&
              row[nc - 1] >= def.back())
            return which + 1;
        }
        return 0;
      };
      // Only where the constraints themselves pin q to floor(e/d) (both
      // defining rows present): a definition alone may be a mere record.
      bool ok = true, haveLower = false, haveUpper = false;
      for (unsigned i = 0; i < ineqs_.numRows() && ok; ++i) {
        const Int &a = ineqs_.at(i, col);
        if (a.isZero())
          continue;
        int which = definitional(ineqs_.row(i));
        haveUpper = haveUpper || which == 1;
        haveLower = haveLower || which == 2;
        ok = which != 0 || abs(a) == Int(1);
      }
      if (!ok || !haveLower || !haveUpper)
        continue;
      Matrix kept(0, nc);
      for (unsigned i = 0; i < ineqs_.numRows(); ++i) {
        const Int a = ineqs_.at(i, col);
        if (!a.isZero() && definitional(ineqs_.row(i)) != 0)
          continue;
        std::vector<Int> row(ineqs_.row(i).begin(), ineqs_.row(i).end());
        if (!a.isZero()) {
          // With q = floor(e/d): q + r >= 0 is e + d*r >= 0 and
          // -q + r >= 0 is -e + d*r + d - 1 >= 0.
          for (unsigned c = 0; c < nc; ++c)
            row[c] = c == col ? Int(0) : d * row[c] + a * divNum_.at(k, c);
          if (!a.isOne())
            row.back() += d - Int(1);
        }
        kept.appendRow(row);
      }
      ineqs_ = std::move(kept);
      removeVarsRaw(VarKind::Local, k, 1);
      if (!normalize())
        return false;
      changed = true;
    }
  }
  return true;
}

void BasicRelation::reduceDivCoefficients() {
  unsigned lo = offset(VarKind::Local);
  unsigned cst = numVars();
  // Locals are in definition order: a definition uses only earlier locals,
  // and a change of variable of local k only touches later definitions.
  // Coefficients land in (-d/2, d/2], as isl keeps them.
  std::vector<std::pair<unsigned, Int>> constant; // local, its value
  for (unsigned k = 0; k < numLocals_; ++k) {
    if (!hasDivDef(k))
      continue;
    Int den = divDen_[k];
    bool allZero = true;
    for (unsigned c = 0; c <= cst; ++c) {
      if (c == lo + k)
        continue;
      Int a = divNum_.at(k, c);
      Int q = floorDiv(a, den);
      if (Int(2) * (a - q * den) > den)
        q += Int(1);
      if (!q.isZero()) {
        // floor((num + q*d*x)/d) = floor(num/d) + q*x: the old local is
        // the new one plus q*x wherever it occurs.
        divNum_.at(k, c) -= q * den;
        auto shift = [&](Matrix &m, unsigned from) {
          for (unsigned r = from; r < m.numRows(); ++r)
            if (!m.at(r, lo + k).isZero())
              m.at(r, c) += m.at(r, lo + k) * q;
        };
        shift(eqs_, 0);
        shift(ineqs_, 0);
        shift(divNum_, k + 1);
      }
      if (c != cst)
        allZero = allZero && divNum_.at(k, c).isZero();
    }
    if (allZero)
      constant.emplace_back(k, floorDiv(divNum_.at(k, cst), den));
  }
  // A division of a constant is that constant.
  for (size_t i = constant.size(); i-- > 0;) {
    auto [k, v] = constant[i];
    unsigned col = lo + k, last = numVars(); // columns shift as locals go
    auto fold = [&](Matrix &m) {
      for (unsigned r = 0; r < m.numRows(); ++r)
        if (!m.at(r, col).isZero()) {
          m.at(r, last) += m.at(r, col) * v;
          m.at(r, col) = Int(0);
        }
    };
    fold(eqs_);
    fold(ineqs_);
    fold(divNum_);
    removeVarsRaw(VarKind::Local, k, 1);
  }
}

void BasicRelation::canonicalizeLocals() {
  unsigned lo = offset(VarKind::Local);
  // A definition that uses its own local is a cycle of length one.
  auto dependsOn = [&](unsigned k, unsigned j) {
    return hasDivDef(k) && !divNum_.at(k, lo + j).isZero();
  };
  // Topological order; a definition whose dependencies never resolve sits
  // on a cycle and is forgotten, then the order is recomputed.
  std::vector<unsigned> order;
  while (true) {
    order.clear();
    std::vector<bool> placed(numLocals_, false);
    bool progress = true;
    while (progress) {
      progress = false;
      for (unsigned k = 0; k < numLocals_; ++k) {
        if (placed[k])
          continue;
        bool ready = true;
        for (unsigned j = 0; j < numLocals_ && ready; ++j)
          if (!placed[j] && dependsOn(k, j))
            ready = false;
        if (ready) {
          placed[k] = true;
          order.push_back(k);
          progress = true;
        }
      }
    }
    if (order.size() == numLocals_)
      break;
    for (unsigned k = 0; k < numLocals_; ++k)
      if (!placed[k]) {
        setDivDef(k, {}, Int(0));
        break;
      }
  }
  // Reorder the locals into that order (a permutation of columns and of
  // the definition table).
  bool identity = true;
  for (unsigned i = 0; i < order.size(); ++i)
    identity = identity && order[i] == i;
  if (!identity) {
    std::vector<unsigned> map(numCols());
    for (unsigned c = 0; c < numCols(); ++c)
      map[c] = c;
    for (unsigned i = 0; i < order.size(); ++i)
      map[lo + order[i]] = lo + i;
    auto permute = [&](Matrix &m) {
      Matrix out(m.numRows(), m.numColumns());
      for (unsigned r = 0; r < m.numRows(); ++r)
        for (unsigned c = 0; c < m.numColumns(); ++c)
          out.at(r, map[c]) = m.at(r, c);
      m = std::move(out);
    };
    permute(eqs_);
    permute(ineqs_);
    permute(divNum_);
    Matrix defs(numLocals_, numCols());
    std::vector<Int> dens(numLocals_);
    for (unsigned i = 0; i < order.size(); ++i) {
      std::copy(divNum_.row(order[i]).begin(), divNum_.row(order[i]).end(),
                defs.row(i).begin());
      dens[i] = divDen_[order[i]];
    }
    divNum_ = std::move(defs);
    divDen_ = std::move(dens);
  }
  reduceDivCoefficients();
  // Merge locals with identical definitions into the earlier one.
  for (unsigned k = 0; k < numLocals_; ++k) {
    if (!hasDivDef(k))
      continue;
    for (unsigned j = k + 1; j < numLocals_;) {
      bool same = hasDivDef(j) && divDen_[j] == divDen_[k];
      for (unsigned c = 0; c < numCols() && same; ++c)
        same = divNum_.at(j, c) == divNum_.at(k, c);
      if (!same) {
        ++j;
        continue;
      }
      unsigned cj = lo + j, ck = lo + k;
      auto fold = [&](Matrix &m) {
        for (unsigned r = 0; r < m.numRows(); ++r)
          if (!m.at(r, cj).isZero()) {
            m.at(r, ck) += m.at(r, cj);
            m.at(r, cj) = Int(0);
          }
      };
      fold(eqs_);
      fold(ineqs_);
      fold(divNum_);
      removeVarsRaw(VarKind::Local, j, 1);
    }
  }
  normalize();
}

bool BasicRelation::detectDivDefinitions() {
  unsigned lo = offset(VarKind::Local);
  bool progress = true;
  while (progress) {
    progress = false;
    for (unsigned k = 0; k < numLocals_; ++k) {
      if (hasDivDef(k))
        continue;
      unsigned col = lo + k;
      // A definition may only use variables and already-defined locals
      // (no cycles through undefined ones).
      auto usable = [&](ConstRow row) {
        for (unsigned j = 0; j < numLocals_; ++j)
          if (j != k && !row[lo + j].isZero() && !hasDivDef(j))
            return false;
        return true;
      };
      // Equality d*q + e = 0.
      for (unsigned e = 0; e < eqs_.numRows(); ++e) {
        Int d = eqs_.at(e, col);
        if (d.isZero() || !usable(eqs_.row(e)))
          continue;
        std::vector<Int> num(eqs_.row(e).begin(), eqs_.row(e).end());
        if (d.isPositive())
          for (Int &v : num)
            v.negate();
        num[col] = Int(0);
        setDivDef(k, num, abs(d));
        progress = true;
        break;
      }
      if (hasDivDef(k))
        continue;
      // Pair e - d*q >= 0 and -e + d*q + c >= 0 with 0 <= c < d.
      for (unsigned i = 0; i < ineqs_.numRows() && !hasDivDef(k); ++i) {
        Int d = -ineqs_.at(i, col);
        if (!d.isPositive() || !usable(ineqs_.row(i)))
          continue;
        for (unsigned j = 0; j < ineqs_.numRows(); ++j) {
          if (j == i || ineqs_.at(j, col) != d)
            continue;
          bool opposite = true;
          for (unsigned c = 0; c < numVars() && opposite; ++c)
            if (c != col && ineqs_.at(i, c) != -ineqs_.at(j, c))
              opposite = false;
          if (!opposite)
            continue;
          Int slack = ineqs_.at(i, numVars()) + ineqs_.at(j, numVars());
          if (slack.isNegative() || slack >= d)
            continue;
          std::vector<Int> num(ineqs_.row(i).begin(), ineqs_.row(i).end());
          num[col] = Int(0);
          setDivDef(k, num, d);
          progress = true;
          break;
        }
      }
    }
  }
  return allLocalsDefined();
}

} // namespace presburger
