//===- ConditionLowering.cpp - `if` conditions to predicates --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Conditions are parsed into a small tree (ParserImpl.h) and lowered here:
// conjunctions of comparisons as written, compound ones through the mask
// algebra (De Morgan, disjoint AND-terms), as the seed's mask path does.
//
//===----------------------------------------------------------------------===//

#include "penguin/Mask.h"
#include "text/ParserImpl.h"

namespace penguin::text {

Mask toMask(const Cond &c, const Diagnoser &diag) {
  switch (c.kind) {
  case Cond::Leaf:
    return diag.guardIR(c.tok,
                        [&]() -> Mask { return EQScalarPredicate(*c.pred); });
  case Cond::True:
    return AlwaysTruePredicate();
  case Cond::False:
    return AlwaysFalsePredicate();
  case Cond::Not:
    return diag.guardIR(c.tok, [&] { return ~toMask(c.kids[0], diag); });
  case Cond::And:
  case Cond::Or: {
    // n-ary at once: the smart constructors apply the same identities as
    // the binary operators (flatten, lattice constants, dedupe).
    std::vector<Mask> kids;
    for (const Cond &k : c.kids)
      kids.push_back(toMask(k, diag));
    return diag.guardIR(c.tok, [&] {
      return c.kind == Cond::And
                 ? ScalarPredicateIntersection::create(std::move(kids))
                 : ScalarPredicateUnion::create(std::move(kids));
    });
  }
  case Cond::Approx:
    diag.error(c.tok,
               "approx(...) is only allowed as a top-level conjunct of an "
               "'if' condition");
  }
  diag.error(c.tok, "malformed condition");
}

static void flattenAnd(const Cond &c, std::vector<const Cond *> &out) {
  if (c.kind == Cond::And) {
    for (const Cond &k : c.kids)
      flattenAnd(k, out);
    return;
  }
  out.push_back(&c);
}

// A condition that is a conjunction of comparisons, approx(...), true and
// false is attached as written. One with compound conjuncts (|, ~, !=) is
// lowered as a whole through the mask algebra (the plain conjuncts prune
// the disjoint terms) and must come down to a single AND-term.
std::vector<AffinePredicate> lowerCondition(const Cond &c, ExprContext &ctx,
                                            const Diagnoser &diag) {
  std::vector<const Cond *> conjuncts;
  flattenAnd(c, conjuncts);
  bool compound = false;
  for (const Cond *k : conjuncts)
    compound = compound || k->kind == Cond::Or || k->kind == Cond::Not;
  std::vector<AffinePredicate> out, approx;
  std::vector<Mask> exact;
  for (const Cond *k : conjuncts) {
    switch (k->kind) {
    case Cond::Leaf:
      out.push_back(*k->pred);
      break;
    case Cond::Approx:
      approx.push_back(k->kids[0].pred->withApprox(true));
      continue;
    case Cond::True:
      break;
    case Cond::False:
      out.push_back(falsePredicate(ctx));
      break;
    default:
      break;
    }
    if (compound)
      exact.push_back(toMask(*k, diag));
  }
  if (compound) {
    Mask m = diag.guardIR(c.tok, [&] {
      return ScalarPredicateIntersection::create(std::move(exact));
    });
    auto lowered =
        diag.guardIR(c.tok, [&] { return m.predicates(EqForm::Keep); });
    if (lowered.size() > 1)
      diag.error(c.tok,
                 "the condition '" + m.str() + "' lowers to " +
                     std::to_string(lowered.size()) +
                     " disjoint AND-terms; an instruction is guarded by a "
                     "single conjunction (use one instruction per term)");
    out = lowered.empty() ? std::vector<AffinePredicate>{falsePredicate(ctx)}
                          : lowered[0];
  } else {
    // Keep the written order of exact and approximate conjuncts.
    out.clear();
    for (const Cond *k : conjuncts) {
      if (k->kind == Cond::Leaf)
        out.push_back(*k->pred);
      else if (k->kind == Cond::Approx)
        out.push_back(k->kids[0].pred->withApprox(true));
      else if (k->kind == Cond::False)
        out.push_back(falsePredicate(ctx));
    }
    return out;
  }
  out.insert(out.end(), approx.begin(), approx.end());
  return out;
}

} // namespace penguin::text
