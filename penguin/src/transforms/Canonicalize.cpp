//===- Canonicalize.cpp - Predicate and expression normalisation ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Canonicalize.h"

#include "expr/PredicateBounds.h"
#include "penguin/Linearize.h"

#include <algorithm>

namespace penguin {

namespace {

struct Counters {
  int64_t predicatesRemoved = 0;
  int64_t equalitiesFormed = 0;
  int64_t neverExecuted = 0;
  int64_t expressionsRewritten = 0;
};

bool samePredicates(std::span<const AffinePredicate> a,
                    std::span<const AffinePredicate> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

std::vector<AffinePredicate>
canonicalize(std::span<const AffinePredicate> preds, ExprContext &ctx,
             Counters &c) {
  detail::BoundsCache cache;
  detail::BoundsTable table(cache);
  std::vector<AffinePredicate> exact;
  size_t exactIn = 0, eqIn = 0;
  for (const AffinePredicate &p : preds) {
    if (p.isApprox())
      continue;
    ++exactIn;
    eqIn += p.isEquality();
    table.add(p);
  }
  bool alreadyFalse =
      exactIn == 1 &&
      std::any_of(preds.begin(), preds.end(), [](const AffinePredicate &p) {
        return !p.isApprox() && p.isTriviallyFalse();
      });
  if (table.infeasible()) {
    exact = {falsePredicate(ctx)};
    if (!alreadyFalse)
      ++c.neverExecuted;
  } else {
    exact = table.canonicalPredicates(ctx);
    size_t eqOut = 0;
    for (const AffinePredicate &p : exact)
      eqOut += p.isEquality();
    if (eqOut > eqIn)
      c.equalitiesFormed += static_cast<int64_t>(eqOut - eqIn);
  }
  // Approximate predicates: normalised, deduplicated, and dropped when they
  // repeat an exact predicate. They never fold anything.
  std::vector<AffinePredicate> out = exact;
  for (const AffinePredicate &p : preds) {
    if (!p.isApprox())
      continue;
    AffinePredicate n = normalizePredicate(p);
    bool dup =
        std::any_of(out.begin(), out.end(), [&](const AffinePredicate &q) {
          return q.expr() == n.expr() && q.ge() == n.ge();
        });
    if (!dup)
      out.push_back(n);
  }
  if (out.size() < preds.size())
    c.predicatesRemoved += static_cast<int64_t>(preds.size() - out.size());
  return out;
}

AffineExpr canonicalExpr(AffineExpr e, Counters &c) {
  if (e.isNull())
    return e;
  AffineExpr flat = linearizeAffineExpr(e, LinearizeMode::QuasiAffine);
  if (!(flat == e))
    ++c.expressionsRewritten;
  return flat;
}

void canonicalizeInstruction(Instruction &inst, ExprContext &ctx, Counters &c) {
  std::vector<AffinePredicate> preds = canonicalize(inst.predicates, ctx, c);
  if (!samePredicates(preds, inst.predicates))
    inst.predicates = std::move(preds);
  auto fix = [&](AccessPattern &ap) {
    for (AffineExpr &e : ap.indices)
      e = canonicalExpr(e, c);
  };
  if (inst.dst)
    fix(*inst.dst);
  for (Operand &o : inst.operands)
    if (auto *ap = std::get_if<AccessPattern>(&o))
      fix(*ap);
}

/// Canonicalizes every instruction and loop bound of `body`; a failure
/// (an int64 overflow while flattening) is located at its instruction or
/// loop.
void canonicalizeBody(std::vector<Stmt> &body, ExprContext &ctx, Counters &c) {
  for (Stmt &s : body) {
    if (Instruction *inst = s.asInstruction()) {
      locatedAt(inst->loc, [&] { canonicalizeInstruction(*inst, ctx, c); });
    } else if (Loop *l = s.asLoop()) {
      locatedAt(l->loc, [&] {
        l->lb = canonicalExpr(l->lb, c);
        l->ub = canonicalExpr(l->ub, c);
        for (AffineExpr &b : l->moreLbs)
          b = canonicalExpr(b, c);
        for (AffineExpr &b : l->moreUbs)
          b = canonicalExpr(b, c);
      });
      canonicalizeBody(l->body, ctx, c);
    } else if (Scope *sc = s.asScope()) {
      canonicalizeBody(sc->body, ctx, c);
    }
  }
}

void record(Statistics *stats, const Counters &c) {
  if (!stats)
    return;
  stats->counter("canonicalize", "predicates-removed",
                 "Number of predicates removed (redundant, duplicate or "
                 "trivially true)") += c.predicatesRemoved;
  stats->counter("canonicalize", "equalities-formed",
                 "Number of equalities formed from opposite bounds") +=
      c.equalitiesFormed;
  stats->counter("canonicalize", "never-executed",
                 "Number of instructions whose guard was proven false") +=
      c.neverExecuted;
  stats->counter("canonicalize", "expressions-rewritten",
                 "Number of index and bound expressions rewritten to flat "
                 "form") += c.expressionsRewritten;
}

class CanonicalizePass : public Pass {
public:
  std::string_view name() const override { return "canonicalize"; }
  std::string_view description() const override {
    return "normalise predicates and flatten index expressions";
  }
  void run(Module &module, PassContext &ctx) override {
    canonicalizeModule(module, &ctx.stats);
  }
};

} // namespace

std::vector<AffinePredicate>
canonicalizePredicates(std::span<const AffinePredicate> preds,
                       ExprContext &ctx) {
  Counters c;
  return canonicalize(preds, ctx, c);
}

void canonicalizeKernel(Kernel &kernel, Statistics *stats) {
  Counters c;
  canonicalizeBody(kernel.body, kernel.context(), c);
  record(stats, c);
}

void canonicalizeModule(Module &module, Statistics *stats) {
  Counters c;
  for (Kernel &k : module.kernels)
    canonicalizeBody(k.body, k.context(), c);
  record(stats, c);
}

std::unique_ptr<Pass> createCanonicalizePass() {
  return std::make_unique<CanonicalizePass>();
}

} // namespace penguin
