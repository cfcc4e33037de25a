//===- Mask.cpp - The mask / predicate algebra ----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Mask.h"

#include "expr/PredicateBounds.h"
#include "penguin/Error.h"

#include <algorithm>

namespace penguin {

namespace detail {
struct MaskNode {
  MaskKind kind;
  NDTile tile;                         // tile family only
  std::optional<AffinePredicate> pred; // leaves only
  std::vector<Mask> operands;          // combinators only
};
} // namespace detail

using detail::MaskNode;

std::string_view toString(MaskKind kind) {
  switch (kind) {
  case MaskKind::EQTileMask:
    return "EQTileMask";
  case MaskKind::TileMaskIntersection:
    return "TileMaskIntersection";
  case MaskKind::AlwaysTrueMask:
    return "AlwaysTrueMask";
  case MaskKind::AlwaysFalseMask:
    return "AlwaysFalseMask";
  case MaskKind::EQScalarPredicate:
    return "EQScalarPredicate";
  case MaskKind::ScalarPredicateUnion:
    return "ScalarPredicateUnion";
  case MaskKind::ScalarPredicateIntersection:
    return "ScalarPredicateIntersection";
  case MaskKind::AlwaysTruePredicate:
    return "AlwaysTruePredicate";
  case MaskKind::AlwaysFalsePredicate:
    return "AlwaysFalsePredicate";
  }
  return "?";
}

namespace {

bool isTileKind(MaskKind k) {
  return k == MaskKind::EQTileMask || k == MaskKind::TileMaskIntersection ||
         k == MaskKind::AlwaysTrueMask || k == MaskKind::AlwaysFalseMask;
}

Mask makeNode(MaskKind kind, NDTile tile, std::optional<AffinePredicate> pred,
              std::vector<Mask> operands) {
  auto n = std::make_shared<MaskNode>(
      MaskNode{kind, std::move(tile), std::move(pred), std::move(operands)});
  return Mask(std::shared_ptr<const MaskNode>(std::move(n)));
}

// The seed's base mask and abstract index predicate raise these on the
// members only their subclasses define; a default-constructed Mask (no
// node) is that base here, and throws MaskError with the same text
// (MaskTest checks each one). They are specified behaviour, not gaps.
const char *const kBaseDisjoint =
    "enumerate_disjoint_intersections not implemented for base mask";
const char *const kBaseIntersection =
    "enumerate_intersection_predicates not implemented for base mask";
const char *const kBasePredicates =
    "predicates not implemented for base index predicate";
const char *const kBaseShape = "shape not implemented for base index predicate";
const char *const kBaseTile = "tile not implemented for base index predicate";
const char *const kBaseOperator = "operators not implemented for base mask";

void checkLeafPredicate(const AffinePredicate &pred) {
  if (pred.isApprox())
    throw MaskError("an approximate predicate ('" + pred.str() +
                    "') cannot be used in a mask: masks are exact");
}

// Index leaves of a mask's leaf predicates, in first-seen order.
void collectIndices(const Mask &m, std::vector<AffineExpr> &out) {
  if (m.kind() == MaskKind::EQTileMask ||
      m.kind() == MaskKind::EQScalarPredicate) {
    forEachLeaf(m.predicate().expr(), [&](AffineExpr leaf) {
      if (leaf.kind() == ExprKind::Index &&
          std::find(out.begin(), out.end(), leaf) == out.end())
        out.push_back(leaf);
    });
    return;
  }
  for (const Mask &o : m.operands())
    collectIndices(o, out);
}

bool structurallyEqual(const Mask &a, const Mask &b) {
  if (a.isSameObject(b))
    return true;
  if (a.isBase() || b.isBase() || a.kind() != b.kind())
    return false;
  if (a.isTile() && !(a.tile() == b.tile()))
    return false;
  if (a.kind() == MaskKind::EQTileMask ||
      a.kind() == MaskKind::EQScalarPredicate)
    return a.predicate() == b.predicate();
  const auto &x = a.operands(), &y = b.operands();
  if (x.size() != y.size())
    return false;
  for (size_t k = 0; k < x.size(); ++k)
    if (!structurallyEqual(x[k], y[k]))
      return false;
  return true;
}

void appendUnique(std::vector<Mask> &ops, const Mask &m) {
  for (const Mask &o : ops)
    if (structurallyEqual(o, m))
      return;
  ops.push_back(m);
}

//===--------------------------------------------------------------------===//
// Disjoint normal form
//===--------------------------------------------------------------------===//

using Term = std::vector<AffinePredicate>;
using Dnf = std::vector<Term>;

void checkBudget(size_t n) {
  if (n > kMaxDisjointTerms)
    throw LimitExceeded("disjoint-intersection enumeration exceeded " +
                        std::to_string(kMaxDisjointTerms) + " AND-terms");
}

// The disjoint normal form of a mask: a list of AND-terms, pairwise
// disjoint, whose union is the mask. One engine per enumeration; it owns
// the memo of the per-predicate bounds analysis used to prune empty terms.
class DnfEngine {
public:
  Dnf of(const Mask &m) {
    switch (m.kind()) {
    case MaskKind::EQTileMask:
    case MaskKind::EQScalarPredicate: {
      if (auto s = simplify({m.predicate()}))
        return Dnf{*s};
      return Dnf{};
    }
    case MaskKind::AlwaysTrueMask:
    case MaskKind::AlwaysTruePredicate:
      return Dnf{Term{}};
    case MaskKind::AlwaysFalseMask:
    case MaskKind::AlwaysFalsePredicate:
      return Dnf{};
    case MaskKind::TileMaskIntersection:
    case MaskKind::ScalarPredicateIntersection: {
      // The cross product of the operands' terms: disjoint because each
      // operand's terms are.
      Dnf acc{Term{}};
      for (const Mask &o : m.operands()) {
        acc = conj(acc, of(o));
        if (acc.empty())
          break;
      }
      return acc;
    }
    case MaskKind::ScalarPredicateUnion: {
      // o1 | o2 | ... = o1, (~o1 & o2), (~o1 & ~o2 & o3), ...: each new part
      // is disjoint from everything before it. The complement of the
      // prefix is kept incrementally.
      Dnf acc;
      Dnf prefixNot{Term{}};
      for (const Mask &o : m.operands()) {
        Dnf d = of(o);
        Dnf part = conj(prefixNot, d);
        acc.insert(acc.end(), part.begin(), part.end());
        checkBudget(acc.size());
        prefixNot = conj(prefixNot, negate(d));
      }
      return acc;
    }
    }
    return Dnf{};
  }

  // ~(t1 | t2 | ...) = ~t1 & ~t2 & ...
  Dnf negate(const Dnf &d) {
    Dnf acc{Term{}}; // true
    for (const Term &t : d) {
      acc = conj(acc, complementTerm(t));
      if (acc.empty())
        break;
    }
    return acc;
  }

private:
  // Drops trivially true conjuncts, duplicates and dominated parallel
  // bounds; nullopt when the term is proven empty.
  std::optional<Term> simplify(const Term &t) {
    Term out;
    for (const AffinePredicate &p : t) {
      if (p.isTriviallyTrue())
        continue;
      if (std::find(out.begin(), out.end(), p) == out.end())
        out.push_back(p);
    }
    if (detail::provablyEmpty(out, cache_))
      return std::nullopt;
    return detail::dropDominated(out, cache_);
  }

  Dnf conj(const Dnf &a, const Dnf &b) {
    if (!a.empty() && b.size() > kMaxDisjointTerms / a.size())
      checkBudget(kMaxDisjointTerms + 1);
    Dnf out;
    for (const Term &x : a)
      for (const Term &y : b) {
        Term t = x;
        t.insert(t.end(), y.begin(), y.end());
        if (auto s = simplify(t))
          out.push_back(std::move(*s));
      }
    return out;
  }

  Dnf complementPredicate(const AffinePredicate &p) {
    Dnf out;
    auto push = [&](const AffinePredicate &q) {
      if (auto s = simplify({q}))
        out.push_back(std::move(*s));
    };
    if (p.ge()) {
      push(negateInequality(p));
    } else {
      ExprContext &ctx = const_cast<ExprContext &>(p.expr().context());
      push(predGt(p.expr(), ctx.constant(0)));
      push(predLt(p.expr(), ctx.constant(0)));
    }
    return out;
  }

  // ~(p1 & ... & pk) = ~p1 | (p1 & ~p2) | ... | (p1 & ... & ~pk), disjoint.
  Dnf complementTerm(const Term &t) {
    Dnf out;
    for (size_t m = 0; m < t.size(); ++m) {
      Term prefix(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(m));
      Dnf part = conj(Dnf{prefix}, complementPredicate(t[m]));
      out.insert(out.end(), part.begin(), part.end());
      checkBudget(out.size());
    }
    return out;
  }

  detail::BoundsCache cache_;
};

Dnf dnfOf(const Mask &m) { return DnfEngine().of(m); }
Dnf dnfNotOf(const Mask &m) {
  DnfEngine e;
  return e.negate(e.of(m));
}

std::vector<Mask> termsToMasks(const Dnf &d, const Mask &self) {
  std::vector<Mask> out;
  out.reserve(d.size());
  for (const Term &t : d) {
    if (self.isTile()) {
      if (t.empty()) {
        out.push_back(AlwaysTrueMask(self.tile()));
        continue;
      }
      std::vector<Mask> leaves;
      for (const AffinePredicate &p : t)
        leaves.push_back(EQTileMask(self.tile(), p));
      out.push_back(TileMaskIntersection(std::move(leaves)));
    } else {
      if (t.empty()) {
        out.push_back(AlwaysTruePredicate());
        continue;
      }
      std::vector<Mask> leaves;
      for (const AffinePredicate &p : t)
        leaves.push_back(EQScalarPredicate(p));
      out.push_back(ScalarPredicateIntersection(std::move(leaves)));
    }
  }
  return out;
}

} // namespace

//===----------------------------------------------------------------------===//
// Mask queries
//===----------------------------------------------------------------------===//

const MaskNode &Mask::checked(const char *what) const {
  if (!node_)
    throw MaskError(what);
  return *node_;
}

MaskKind Mask::kind() const {
  return checked("kind not implemented for base mask").kind;
}

MaskFamily Mask::family() const {
  return isTileKind(kind()) ? MaskFamily::Tile : MaskFamily::Scalar;
}

bool Mask::isTopConstant() const {
  MaskKind k = kind();
  return k == MaskKind::AlwaysTrueMask || k == MaskKind::AlwaysTruePredicate;
}

bool Mask::isBottomConstant() const {
  MaskKind k = kind();
  return k == MaskKind::AlwaysFalseMask || k == MaskKind::AlwaysFalsePredicate;
}

const AffinePredicate &Mask::predicate() const {
  const MaskNode &n = checked(kBasePredicates);
  if (!n.pred)
    throw MaskError("predicate() requested on a " +
                    std::string(toString(n.kind)) + ", which is not a leaf");
  return *n.pred;
}

const std::vector<Mask> &Mask::operands() const {
  return checked(kBaseOperator).operands;
}

const NDTile &Mask::tile() const {
  const MaskNode &n = checked(kBaseTile);
  if (!isTileKind(n.kind))
    throw MaskError("tile not implemented for scalar predicate " +
                    std::string(toString(n.kind)));
  return n.tile;
}

std::vector<int64_t> Mask::shape() const {
  const MaskNode &n = checked(kBaseShape);
  if (!isTileKind(n.kind))
    throw MaskError("shape not implemented for scalar predicate " +
                    std::string(toString(n.kind)));
  return n.tile.shape();
}

std::vector<Mask> Mask::enumerateDisjointIntersections() const {
  checked(kBaseDisjoint);
  return termsToMasks(dnfOf(*this), *this);
}

std::vector<Mask> Mask::enumerateInvertDisjointIntersections() const {
  checked(kBaseDisjoint);
  return termsToMasks(dnfNotOf(*this), *this);
}

std::vector<AffinePredicate> Mask::enumerateIntersectionPredicates() const {
  checked(kBaseIntersection);
  Dnf d = dnfOf(*this);
  if (d.size() == 1)
    return d.front();
  if (d.empty())
    throw MaskError("enumerate_intersection_predicates: '" + str() +
                    "' is always false and has no intersection term");
  throw MaskError("enumerate_intersection_predicates: '" + str() + "' has " +
                  std::to_string(d.size()) +
                  " disjoint intersection terms; use "
                  "enumerate_disjoint_intersections");
}

std::vector<std::vector<AffinePredicate>> Mask::predicates(EqForm form) const {
  checked(kBasePredicates);
  std::vector<std::vector<AffinePredicate>> out;
  for (const Term &t : dnfOf(*this)) {
    if (form == EqForm::Keep) {
      out.push_back(t);
      continue;
    }
    std::vector<AffinePredicate> ge;
    for (const AffinePredicate &p : t) {
      if (p.ge()) {
        ge.push_back(p);
        continue;
      }
      auto [a, b] = normalizeEqToGe(p);
      ge.push_back(a);
      ge.push_back(b);
    }
    out.push_back(std::move(ge));
  }
  return out;
}

bool Mask::isAlwaysFalse() const {
  checked(kBaseDisjoint);
  return dnfOf(*this).empty();
}

bool Mask::evaluate(const Valuation &values) const {
  const MaskNode &n = checked("evaluate not implemented for base mask");
  switch (n.kind) {
  case MaskKind::EQTileMask:
  case MaskKind::EQScalarPredicate:
    return n.pred->evaluate(values);
  case MaskKind::AlwaysTrueMask:
  case MaskKind::AlwaysTruePredicate:
    return true;
  case MaskKind::AlwaysFalseMask:
  case MaskKind::AlwaysFalsePredicate:
    return false;
  case MaskKind::TileMaskIntersection:
  case MaskKind::ScalarPredicateIntersection:
    for (const Mask &o : n.operands)
      if (!o.evaluate(values))
        return false;
    return true;
  case MaskKind::ScalarPredicateUnion:
    for (const Mask &o : n.operands)
      if (o.evaluate(values))
        return true;
    return false;
  }
  return false;
}

std::string Mask::str() const {
  const MaskNode &n = checked("str not implemented for base mask");
  switch (n.kind) {
  case MaskKind::EQTileMask:
  case MaskKind::EQScalarPredicate:
    return n.pred->str();
  case MaskKind::AlwaysTrueMask:
  case MaskKind::AlwaysTruePredicate:
    return "true";
  case MaskKind::AlwaysFalseMask:
  case MaskKind::AlwaysFalsePredicate:
    return "false";
  default:
    break;
  }
  bool isUnion = n.kind == MaskKind::ScalarPredicateUnion;
  if (n.operands.empty())
    return isUnion ? "false" : "true";
  std::string s;
  for (size_t k = 0; k < n.operands.size(); ++k) {
    if (k)
      s += isUnion ? " | " : " & ";
    const Mask &o = n.operands[k];
    bool paren = !o.operands().empty();
    s += paren ? "(" + o.str() + ")" : o.str();
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Tile adapters
//===----------------------------------------------------------------------===//

NDTile Mask::asTile() const { return tile(); }

Mask Mask::broadcastTile(const NDTile &target) const {
  const NDTile &own = tile();
  if (own == target)
    return *this;
  for (const TileAxis &a : own.axes()) {
    auto k = target.axisOf(a.index);
    if (!k)
      throw MaskError("broadcast_tile: axis '" + a.index.name() + "' of " +
                      own.str() + " is missing from " + target.str());
    int64_t te = target.axes()[*k].extent;
    if (te != a.extent && a.extent != 1)
      throw MaskError("broadcast_tile: axis '" + a.index.name() +
                      "' has extent " + std::to_string(a.extent) +
                      ", which does not broadcast to " + std::to_string(te));
  }
  const MaskNode &n = *node_;
  std::vector<Mask> ops;
  for (const Mask &o : n.operands)
    ops.push_back(o.broadcastTile(target));
  return makeNode(n.kind, target, n.pred, std::move(ops));
}

Mask Mask::projectTile(std::span<const AffineExpr> keep) const {
  const NDTile &own = tile();
  for (AffineExpr k : keep)
    if (!own.hasAxis(k))
      throw MaskError("project_tile: '" + (k.isNull() ? "<null>" : k.str()) +
                      "' is not an axis of " + own.str());
  std::vector<TileAxis> axes;
  for (const TileAxis &a : own.axes())
    if (std::find(keep.begin(), keep.end(), a.index) != keep.end())
      axes.push_back(a);
  NDTile target(std::move(axes));
  std::vector<AffineExpr> used;
  collectIndices(*this, used);
  for (AffineExpr u : used)
    if (!target.hasAxis(u))
      throw MaskError("project_tile: the mask depends on axis '" + u.name() +
                      "', which is projected away");
  struct Rebuild {
    const NDTile &t;
    Mask operator()(const Mask &m) const {
      std::vector<Mask> ops;
      for (const Mask &o : m.operands())
        ops.push_back((*this)(o));
      std::optional<AffinePredicate> p;
      if (m.kind() == MaskKind::EQTileMask)
        p = m.predicate();
      return makeNode(m.kind(), t, p, std::move(ops));
    }
  };
  return Rebuild{target}(*this);
}

std::pair<Mask, Mask> Mask::alignTile(const Mask &other) const {
  NDTile common = combineTileWith(tile(), other.tile());
  return {broadcastTile(common), other.broadcastTile(common)};
}

Mask Mask::toScalar() const {
  const MaskNode &n = checked("toScalar not implemented for base mask");
  switch (n.kind) {
  case MaskKind::EQTileMask:
    return EQScalarPredicate(*n.pred);
  case MaskKind::TileMaskIntersection: {
    std::vector<Mask> ops;
    for (const Mask &o : n.operands)
      ops.push_back(o.toScalar());
    return ScalarPredicateIntersection(std::move(ops));
  }
  case MaskKind::AlwaysTrueMask:
    return AlwaysTruePredicate();
  case MaskKind::AlwaysFalseMask:
    return AlwaysFalsePredicate();
  default:
    return *this;
  }
}

Mask Mask::promoteToMask(const NDTile &t) const {
  const MaskNode &n = checked("_promote_to_mask not implemented for base mask");
  switch (n.kind) {
  case MaskKind::EQTileMask:
  case MaskKind::TileMaskIntersection:
  case MaskKind::AlwaysTrueMask:
  case MaskKind::AlwaysFalseMask:
    return broadcastTile(t);
  case MaskKind::AlwaysTruePredicate:
    return AlwaysTrueMask(t);
  case MaskKind::AlwaysFalsePredicate:
    return AlwaysFalseMask(t);
  case MaskKind::EQScalarPredicate:
    return EQTileMask(t, *n.pred);
  case MaskKind::ScalarPredicateIntersection: {
    std::vector<Mask> ops;
    for (const Mask &o : n.operands)
      ops.push_back(o.promoteToMask(t));
    return TileMaskIntersection::create(std::move(ops));
  }
  case MaskKind::ScalarPredicateUnion: {
    std::vector<Mask> terms = enumerateDisjointIntersections();
    if (terms.empty())
      return AlwaysFalseMask(t);
    if (terms.size() == 1)
      return terms.front().promoteToMask(t);
    throw MaskError("_promote_to_mask: '" + str() + "' has " +
                    std::to_string(terms.size()) +
                    " disjoint terms; a tile mask is a single AND-term");
  }
  }
  return *this;
}

//===----------------------------------------------------------------------===//
// Named classes and smart constructors
//===----------------------------------------------------------------------===//

TileMask::TileMask(const Mask &m) : Mask(m) {
  if (isBase() || !isTile())
    throw MaskError(
        std::string("expected a tile mask, got ") +
        (isBase() ? "the base mask" : std::string(toString(kind())).c_str()));
}

static Mask makeEQTile(NDTile tile, AffinePredicate pred) {
  checkLeafPredicate(pred);
  forEachLeaf(pred.expr(), [&](AffineExpr leaf) {
    if (leaf.kind() == ExprKind::Index && !tile.hasAxis(leaf))
      throw MaskError("EQTileMask: index '" + leaf.name() +
                      "' is not an axis of tile " + tile.str());
  });
  return makeNode(MaskKind::EQTileMask, std::move(tile), std::move(pred), {});
}

EQTileMask::EQTileMask(NDTile tile, AffinePredicate pred)
    : TileMask(makeEQTile(std::move(tile), std::move(pred))) {}

static Mask makeTileIntersection(std::vector<Mask> operands) {
  NDTile common;
  for (const Mask &o : operands) {
    if (o.isBase() || !o.isTile())
      throw MaskError(std::string("TileMaskIntersection operands must be tile "
                                  "masks, got ") +
                      (o.isBase() ? "the base mask"
                                  : std::string(toString(o.kind())).c_str()));
    common = combineTileWith(common, o.tile());
  }
  for (Mask &o : operands)
    o = o.broadcastTile(common);
  return makeNode(MaskKind::TileMaskIntersection, std::move(common),
                  std::nullopt, std::move(operands));
}

TileMaskIntersection::TileMaskIntersection(std::vector<Mask> operands)
    : TileMask(makeTileIntersection(std::move(operands))) {}

Mask TileMaskIntersection::create(std::vector<Mask> operands) {
  NDTile common;
  for (const Mask &o : operands) {
    if (o.isBase() || !o.isTile())
      throw MaskError("TileMaskIntersection::create needs tile masks");
    common = combineTileWith(common, o.tile());
  }
  std::vector<Mask> flat;
  for (const Mask &o : operands) {
    if (o.kind() == MaskKind::AlwaysTrueMask)
      continue;
    if (o.kind() == MaskKind::AlwaysFalseMask)
      return AlwaysFalseMask(common);
    if (o.kind() == MaskKind::TileMaskIntersection) {
      for (const Mask &x : o.operands())
        appendUnique(flat, x.broadcastTile(common));
      continue;
    }
    appendUnique(flat, o.broadcastTile(common));
  }
  if (flat.empty())
    return AlwaysTrueMask(common);
  if (flat.size() == 1)
    return flat.front();
  return TileMaskIntersection(std::move(flat));
}

AlwaysTrueMask::AlwaysTrueMask(NDTile tile)
    : TileMask(makeNode(MaskKind::AlwaysTrueMask, std::move(tile), std::nullopt,
                        {})) {}
AlwaysFalseMask::AlwaysFalseMask(NDTile tile)
    : TileMask(makeNode(MaskKind::AlwaysFalseMask, std::move(tile),
                        std::nullopt, {})) {}

ScalarPredicate::ScalarPredicate(const Mask &m) : Mask(m) {
  if (isBase() || !isScalar())
    throw MaskError(
        std::string("expected a scalar predicate, got ") +
        (isBase() ? "the base mask" : std::string(toString(kind())).c_str()));
}

static Mask makeEQScalar(AffinePredicate pred) {
  checkLeafPredicate(pred);
  return makeNode(MaskKind::EQScalarPredicate, NDTile(), std::move(pred), {});
}

EQScalarPredicate::EQScalarPredicate(AffinePredicate pred)
    : ScalarPredicate(makeEQScalar(std::move(pred))) {}

static std::vector<Mask> demoteAll(std::vector<Mask> ops) {
  for (Mask &o : ops) {
    if (o.isBase())
      throw MaskError(kBaseOperator);
    o = o.toScalar();
  }
  return ops;
}

ScalarPredicateUnion::ScalarPredicateUnion(std::vector<Mask> operands)
    : ScalarPredicate(makeNode(MaskKind::ScalarPredicateUnion, NDTile(),
                               std::nullopt, demoteAll(std::move(operands)))) {}

ScalarPredicateIntersection::ScalarPredicateIntersection(
    std::vector<Mask> operands)
    : ScalarPredicate(makeNode(MaskKind::ScalarPredicateIntersection, NDTile(),
                               std::nullopt, demoteAll(std::move(operands)))) {}

Mask ScalarPredicateUnion::create(std::vector<Mask> operands) {
  std::vector<Mask> flat;
  for (const Mask &o : demoteAll(std::move(operands))) {
    if (o.kind() == MaskKind::AlwaysFalsePredicate)
      continue;
    if (o.kind() == MaskKind::AlwaysTruePredicate)
      return AlwaysTruePredicate();
    if (o.kind() == MaskKind::ScalarPredicateUnion) {
      for (const Mask &x : o.operands())
        appendUnique(flat, x);
      continue;
    }
    appendUnique(flat, o);
  }
  if (flat.empty())
    return AlwaysFalsePredicate();
  if (flat.size() == 1)
    return flat.front();
  return ScalarPredicateUnion(std::move(flat));
}

Mask ScalarPredicateIntersection::create(std::vector<Mask> operands) {
  std::vector<Mask> flat;
  for (const Mask &o : demoteAll(std::move(operands))) {
    if (o.kind() == MaskKind::AlwaysTruePredicate)
      continue;
    if (o.kind() == MaskKind::AlwaysFalsePredicate)
      return AlwaysFalsePredicate();
    if (o.kind() == MaskKind::ScalarPredicateIntersection) {
      for (const Mask &x : o.operands())
        appendUnique(flat, x);
      continue;
    }
    appendUnique(flat, o);
  }
  if (flat.empty())
    return AlwaysTruePredicate();
  if (flat.size() == 1)
    return flat.front();
  return ScalarPredicateIntersection(std::move(flat));
}

AlwaysTruePredicate::AlwaysTruePredicate()
    : ScalarPredicate(makeNode(MaskKind::AlwaysTruePredicate, NDTile(),
                               std::nullopt, {})) {}
AlwaysFalsePredicate::AlwaysFalsePredicate()
    : ScalarPredicate(makeNode(MaskKind::AlwaysFalsePredicate, NDTile(),
                               std::nullopt, {})) {}

Mask constantMask(bool value, MaskFamily family, const NDTile &tile) {
  if (family == MaskFamily::Tile)
    return value ? Mask(AlwaysTrueMask(tile)) : Mask(AlwaysFalseMask(tile));
  return value ? Mask(AlwaysTruePredicate()) : Mask(AlwaysFalsePredicate());
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

Mask operator&(const Mask &a, const Mask &b) {
  if (a.isBase() || b.isBase())
    throw MaskError(kBaseOperator);
  if (a.isTile() && b.isTile())
    return TileMaskIntersection::create({a, b});
  return ScalarPredicateIntersection::create({a, b});
}

Mask operator|(const Mask &a, const Mask &b) {
  if (a.isBase() || b.isBase())
    throw MaskError(kBaseOperator);
  // The short-circuits of TileMask.__or__ and the lattice constants.
  if (a.isBottomConstant())
    return b;
  if (b.isBottomConstant())
    return a;
  if (a.isTopConstant())
    return a;
  if (b.isTopConstant())
    return b;
  // No tile union exists: the OR is built on the scalar side.
  return ScalarPredicateUnion::create({a, b});
}

Mask operator~(const Mask &a) {
  if (a.isBase())
    throw MaskError(kBaseOperator);
  switch (a.kind()) {
  case MaskKind::AlwaysTrueMask:
    return AlwaysFalseMask(a.tile());
  case MaskKind::AlwaysFalseMask:
    return AlwaysTrueMask(a.tile());
  case MaskKind::AlwaysTruePredicate:
    return AlwaysFalsePredicate();
  case MaskKind::AlwaysFalsePredicate:
    return AlwaysTruePredicate();
  case MaskKind::EQTileMask:
  case MaskKind::EQScalarPredicate: {
    const AffinePredicate &p = a.predicate();
    if (p.ge()) {
      AffinePredicate n = negateInequality(p);
      if (a.isTile())
        return EQTileMask(a.tile(), n);
      return EQScalarPredicate(n);
    }
    ExprContext &ctx = const_cast<ExprContext &>(p.expr().context());
    return ScalarPredicateUnion::create(
        {EQScalarPredicate(predGt(p.expr(), ctx.constant(0))),
         EQScalarPredicate(predLt(p.expr(), ctx.constant(0)))});
  }
  case MaskKind::TileMaskIntersection:
  case MaskKind::ScalarPredicateIntersection: {
    std::vector<Mask> inv;
    for (const Mask &o : a.operands())
      inv.push_back(~o);
    return ScalarPredicateUnion::create(std::move(inv));
  }
  case MaskKind::ScalarPredicateUnion: {
    std::vector<Mask> inv;
    for (const Mask &o : a.operands())
      inv.push_back(~o);
    return ScalarPredicateIntersection::create(std::move(inv));
  }
  }
  return a;
}

Mask applyMaskOperator(MaskOperator op, const Mask &a, const Mask &b) {
  switch (op) {
  case MaskOperator::And:
    return a & b;
  case MaskOperator::Or:
    return a | b;
  case MaskOperator::Equal:
  case MaskOperator::NotEqual:
    throw MaskError(kMaskNotEqualNotSupported);
  }
  throw MaskError(kMaskNotEqualNotSupported);
}

//===----------------------------------------------------------------------===//
// Index wrappers
//===----------------------------------------------------------------------===//

TileIndex::TileIndex(NDTile tile, AffineExpr expr)
    : tile_(std::move(tile)), expr_(expr) {
  if (expr.isNull())
    throw MaskError("TileIndex over a null expression");
  forEachLeaf(expr, [&](AffineExpr leaf) {
    if (leaf.kind() == ExprKind::Index && !tile_.hasAxis(leaf))
      throw MaskError("TileIndex: index '" + leaf.name() +
                      "' is not an axis of tile " + tile_.str());
  });
}

TileIndex TileIndex::axis(const NDTile &tile, size_t k) {
  if (k >= tile.rank())
    throw MaskError("TileIndex::axis: tile " + tile.str() + " has no axis " +
                    std::to_string(k));
  return TileIndex(tile, tile.axes()[k].index);
}

TileIndex operator+(const TileIndex &a, int64_t c) {
  return TileIndex(a.tile_, a.expr_ + c);
}
TileIndex operator-(const TileIndex &a, int64_t c) {
  return TileIndex(a.tile_, a.expr_ - c);
}
TileIndex operator*(const TileIndex &a, int64_t c) {
  return TileIndex(a.tile_, a.expr_ * c);
}
TileIndex operator+(const TileIndex &a, AffineExpr e) {
  return TileIndex(a.tile_, a.expr_ + e);
}
TileIndex operator-(const TileIndex &a, AffineExpr e) {
  return TileIndex(a.tile_, a.expr_ - e);
}

#define PENGUIN_TILE_CMP(OP, VERB)                                             \
  Mask operator OP(const TileIndex &a, AffineExpr b) {                         \
    return EQTileMask(a.tile_, VERB(a.expr_, b));                              \
  }                                                                            \
  Mask operator OP(const TileIndex &a, int64_t b) {                            \
    return EQTileMask(a.tile_, VERB(a.expr_, b));                              \
  }
PENGUIN_TILE_CMP(>=, predGe)
PENGUIN_TILE_CMP(>, predGt)
PENGUIN_TILE_CMP(<=, predLe)
PENGUIN_TILE_CMP(<, predLt)
PENGUIN_TILE_CMP(==, predEq)
#undef PENGUIN_TILE_CMP
Mask operator!=(const TileIndex &a, AffineExpr b) { return ~(a == b); }
Mask operator!=(const TileIndex &a, int64_t b) { return ~(a == b); }

ScalarIndex::ScalarIndex(AffineExpr expr) : expr_(expr) {
  if (expr.isNull())
    throw MaskError("ScalarIndex over a null expression");
}

#define PENGUIN_SCALAR_CMP(OP, VERB)                                           \
  Mask operator OP(const ScalarIndex &a, AffineExpr b) {                       \
    return EQScalarPredicate(VERB(a.expr_, b));                                \
  }                                                                            \
  Mask operator OP(const ScalarIndex &a, int64_t b) {                          \
    return EQScalarPredicate(VERB(a.expr_, b));                                \
  }
PENGUIN_SCALAR_CMP(>=, predGe)
PENGUIN_SCALAR_CMP(>, predGt)
PENGUIN_SCALAR_CMP(<=, predLe)
PENGUIN_SCALAR_CMP(<, predLt)
PENGUIN_SCALAR_CMP(==, predEq)
#undef PENGUIN_SCALAR_CMP
Mask operator!=(const ScalarIndex &a, AffineExpr b) { return ~(a == b); }
Mask operator!=(const ScalarIndex &a, int64_t b) { return ~(a == b); }

//===----------------------------------------------------------------------===//
// Consumers
//===----------------------------------------------------------------------===//

AffinePredicate affineSelectPredicate(const Mask &mask) {
  std::vector<std::vector<AffinePredicate>> lowered = mask.predicates();
  size_t total = 0;
  for (const auto &t : lowered)
    total += t.size();
  if (lowered.size() == 1 && lowered.front().size() == 1)
    return lowered.front().front();
  throw MaskError(std::string(kAffineSelectMessage) + std::to_string(total));
}

} // namespace penguin
