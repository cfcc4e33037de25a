//===- PredicateBounds.cpp - Parallel-constraint bounds -------------------===//

#include "PredicateBounds.h"

#include "Checked.h"

namespace penguin::detail {

void BoundsTable::tighten(Entry &e, std::optional<int64_t> lo,
                          std::optional<int64_t> hi) {
  if (lo && (!e.lo || *lo > *e.lo))
    e.lo = lo;
  if (hi && (!e.hi || *hi < *e.hi))
    e.hi = hi;
  if (e.lo && e.hi && *e.lo > *e.hi)
    infeasible_ = true;
}

void BoundsTable::add(const AffinePredicate &p) {
  LinearExpr flat = linearize(p.expr(), LinearizeMode::QuasiAffine);
  int64_t c = flat.constant();
  if (flat.isConstant()) {
    bool holds = p.ge() ? c >= 0 : c == 0;
    if (!holds)
      infeasible_ = true;
    return;
  }
  int64_t g = 0;
  for (const LinearTerm &t : flat.terms())
    g = gcd64(g, t.coeff);
  int64_t sign = flat.terms().front().coeff > 0 ? 1 : -1;
  std::vector<LinearTerm> dir;
  for (const LinearTerm &t : flat.terms())
    dir.push_back({t.coeff / g * sign, t.atom});
  LinearExpr direction(std::move(dir), 0);
  // L + c = sign * g * D + c.
  std::optional<int64_t> lo, hi;
  if (p.ge()) {
    if (sign > 0)
      lo = ceilDivPos(checkedNeg(c), g); // g*D >= -c
    else
      hi = floorDivPos(c, g); // -g*D + c >= 0  ->  D <= c / g
  } else {
    if (c % g != 0) {
      infeasible_ = true;
      return;
    }
    int64_t v = sign > 0 ? checkedNeg(c / g) : c / g;
    lo = hi = v;
  }
  for (Entry &e : entries_)
    if (e.direction == direction) {
      tighten(e, lo, hi);
      return;
    }
  entries_.push_back({std::move(direction), std::nullopt, std::nullopt});
  tighten(entries_.back(), lo, hi);
}

std::vector<AffinePredicate>
BoundsTable::canonicalPredicates(ExprContext &ctx) const {
  std::vector<AffinePredicate> out;
  for (const Entry &e : entries_) {
    AffineExpr d = e.direction.toExpr(ctx);
    if (e.lo && e.hi && *e.lo == *e.hi) {
      out.push_back(predEq(d, *e.lo));
      continue;
    }
    if (e.lo)
      out.push_back(predGe(d, *e.lo));
    if (e.hi)
      out.push_back(predLe(d, *e.hi));
  }
  return out;
}

bool provablyEmpty(const std::vector<AffinePredicate> &preds) {
  BoundsTable t;
  for (const AffinePredicate &p : preds) {
    t.add(p);
    if (t.infeasible())
      return true;
  }
  return false;
}

} // namespace penguin::detail
