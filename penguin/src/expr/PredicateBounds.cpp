//===- PredicateBounds.cpp - Parallel-constraint bounds -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "expr/PredicateBounds.h"

#include "expr/Checked.h"

namespace penguin::detail {

bool BoundsCache::DirLess::operator()(const LinearExpr &a,
                                      const LinearExpr &b) const {
  const auto &x = a.terms(), &y = b.terms();
  if (x.size() != y.size())
    return x.size() < y.size();
  for (size_t k = 0; k < x.size(); ++k) {
    if (int c = compareExprs(x[k].atom, y[k].atom))
      return c < 0;
    if (x[k].coeff != y[k].coeff)
      return x[k].coeff < y[k].coeff;
  }
  return false;
}

const PredicateBound &BoundsCache::get(const AffinePredicate &p) {
  auto key = std::make_pair(static_cast<const void *>(p.expr().node()), p.ge());
  auto it = memo_.find(key);
  if (it != memo_.end())
    return it->second;
  PredicateBound b;
  LinearExpr flat = linearize(p.expr(), LinearizeMode::QuasiAffine);
  int64_t c = flat.constant();
  if (flat.isConstant()) {
    b.constantTruth = p.ge() ? c >= 0 : c == 0;
    return memo_.emplace(key, b).first->second;
  }
  int64_t g = 0;
  for (const LinearTerm &t : flat.terms())
    g = gcd64(g, t.coeff);
  int64_t sign = flat.terms().front().coeff > 0 ? 1 : -1;
  std::vector<LinearTerm> dir;
  for (const LinearTerm &t : flat.terms())
    dir.push_back({t.coeff / g * sign, t.atom});
  LinearExpr direction(std::move(dir), 0);
  auto [pos, inserted] = ids_.emplace(direction, directions_.size());
  if (inserted)
    directions_.push_back(direction);
  b.direction = pos->second;
  // L + c = sign * g * D + c.
  if (p.ge()) {
    if (sign > 0)
      b.lo = ceilDivPos(checkedNeg(c), g); // g*D >= -c
    else
      b.hi = floorDivPos(c, g); // -g*D + c >= 0  ->  D <= c / g
  } else if (c % g != 0) {
    b.infeasible = true;
  } else {
    int64_t v = sign > 0 ? checkedNeg(c / g) : c / g;
    b.lo = b.hi = v;
  }
  return memo_.emplace(key, b).first->second;
}

void BoundsTable::add(const AffinePredicate &p) {
  const PredicateBound &b = cache_.get(p);
  if (b.constantTruth) {
    if (!*b.constantTruth)
      infeasible_ = true;
    return;
  }
  if (b.infeasible) {
    infeasible_ = true;
    return;
  }
  Entry *e = nullptr;
  for (Entry &x : entries_)
    if (x.direction == b.direction)
      e = &x;
  if (!e) {
    entries_.push_back({b.direction, std::nullopt, std::nullopt});
    e = &entries_.back();
  }
  if (b.lo && (!e->lo || *b.lo > *e->lo))
    e->lo = b.lo;
  if (b.hi && (!e->hi || *b.hi < *e->hi))
    e->hi = b.hi;
  if (e->lo && e->hi && *e->lo > *e->hi)
    infeasible_ = true;
}

std::vector<AffinePredicate>
BoundsTable::canonicalPredicates(ExprContext &ctx) const {
  std::vector<AffinePredicate> out;
  for (const Entry &e : entries_) {
    AffineExpr d = cache_.direction(e.direction).toExpr(ctx);
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

std::vector<AffinePredicate>
dropDominated(std::span<const AffinePredicate> preds, BoundsCache &cache) {
  struct Range {
    std::optional<int64_t> lo, hi;
    bool hasEq = false;
    bool loTaken = false, hiTaken = false;
  };
  std::map<size_t, Range> ranges;
  for (const AffinePredicate &p : preds) {
    const PredicateBound &b = cache.get(p);
    if (b.constantTruth || b.infeasible)
      continue;
    Range &r = ranges[b.direction];
    if (b.lo && (!r.lo || *b.lo > *r.lo))
      r.lo = b.lo;
    if (b.hi && (!r.hi || *b.hi < *r.hi))
      r.hi = b.hi;
  }
  for (const AffinePredicate &p : preds) {
    const PredicateBound &b = cache.get(p);
    if (!b.constantTruth && !b.infeasible && b.lo && b.hi) {
      Range &r = ranges[b.direction];
      r.hasEq = r.hasEq || (r.lo == b.lo && r.hi == b.hi);
    }
  }
  std::vector<AffinePredicate> out;
  for (const AffinePredicate &p : preds) {
    const PredicateBound &b = cache.get(p);
    if (b.constantTruth) {
      if (!*b.constantTruth) // keep a false member: the term is false
        out.push_back(p);
      continue;
    }
    if (b.infeasible) {
      out.push_back(p);
      continue;
    }
    Range &r = ranges[b.direction];
    bool isEq = b.lo && b.hi;
    if (r.hasEq) {
      // Only the first equality of this direction survives.
      if (isEq && !r.loTaken && b.lo == r.lo && b.hi == r.hi) {
        r.loTaken = r.hiTaken = true;
        out.push_back(p);
      }
      continue;
    }
    bool keep = false;
    if (b.lo && !r.loTaken && b.lo == r.lo) {
      r.loTaken = true;
      keep = true;
    }
    if (b.hi && !r.hiTaken && b.hi == r.hi) {
      r.hiTaken = true;
      keep = true;
    }
    if (keep)
      out.push_back(p);
  }
  return out;
}

bool provablyEmpty(std::span<const AffinePredicate> preds, BoundsCache &cache) {
  BoundsTable t(cache);
  for (const AffinePredicate &p : preds) {
    t.add(p);
    if (t.infeasible())
      return true;
  }
  return false;
}

} // namespace penguin::detail
