//===- FlowChecks.cpp - Closure and dataflow against isl ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FlowChecks.h"

#include "presburger/Closure.h"
#include "presburger/Dataflow.h"

#include <isl/flow.h>
#include <isl/union_map.h>

#include <optional>

using namespace presburger;

namespace crosscheck {

namespace {

std::string paramsPrefix(const std::vector<std::string> &params) {
  if (params.empty())
    return "";
  std::string s = "[";
  for (size_t k = 0; k < params.size(); ++k)
    s += (k ? ", " : "") + params[k];
  return s + "] -> ";
}

std::string tuple(const std::string &name, const std::string &var,
                  unsigned dims) {
  std::string s = name + "[";
  for (unsigned k = 0; k < dims; ++k)
    s += (k ? ", " : "") + var + std::to_string(k);
  return s + "]";
}

/// `c * v + k` written for isl and the engine alike.
std::string term(int c, const std::string &v) {
  if (c == 0)
    return "";
  if (c == 1)
    return v;
  if (c == -1)
    return "-" + v;
  return std::to_string(c) + v;
}

std::string affine(const std::vector<std::pair<int, std::string>> &terms,
                   int k) {
  std::string s;
  for (const auto &[c, v] : terms) {
    std::string t = term(c, v);
    if (t.empty())
      continue;
    if (!s.empty())
      s += t[0] == '-' ? " - " + t.substr(1) : " + " + t;
    else
      s = t;
  }
  if (s.empty())
    return std::to_string(k);
  if (k > 0)
    s += " + " + std::to_string(k);
  else if (k < 0)
    s += " - " + std::to_string(-k);
  return s;
}

/// An upper bound for a loop counter: a parameter or a constant.
std::string upperBound(RandomSets &r, const std::vector<std::string> &params) {
  if (!params.empty() && r.percent(60))
    return params[r.below(unsigned(params.size()))];
  return std::to_string(r.between(3, 9));
}

/// One disjunct `x -> x + delta` over a bounded domain, sometimes guarded.
std::string uniformStep(RandomSets &r, const std::vector<std::string> &params,
                        const std::string &name, unsigned dims) {
  std::string s =
      tuple(name, "i", dims) + " -> " + tuple(name, "o", dims) + " : ";
  std::vector<int> delta(dims);
  bool moves = false;
  for (unsigned k = 0; k < dims; ++k) {
    delta[k] = r.between(-2, 3);
    moves |= delta[k] != 0;
  }
  if (!moves)
    delta[0] = 1;
  std::vector<std::string> parts;
  for (unsigned k = 0; k < dims; ++k) {
    std::string i = "i" + std::to_string(k), o = "o" + std::to_string(k);
    parts.push_back(o + " = " + affine({{1, i}}, delta[k]));
    parts.push_back(std::to_string(-r.between(0, 2)) + " <= " + i);
    parts.push_back(i + " <= " + upperBound(r, params));
  }
  if (dims == 2 && r.percent(20))
    parts.push_back("i0 <= i1");
  if (r.percent(15))
    parts.push_back("i0 mod 2 = 0");
  for (size_t k = 0; k < parts.size(); ++k)
    s += (k ? " and " : "") + parts[k];
  return s;
}

bool islTrue(isl_bool b) { return b == isl_bool_true; }

} // namespace

std::vector<std::string> closureInputs(RandomSets &r) {
  std::vector<std::string> params = r.randomParams();
  if (r.percent(25)) {
    // A random relation from a space to itself: mostly not a closure that
    // either library finds exactly, which tests the over-approximation.
    TupleShape a = r.randomTuple(2);
    GenOptions o;
    o.box = r.between(2, 5);
    o.maxDisjuncts = 2;
    o.maxConstraints = 2;
    return {r.relation(params, a, a, o)};
  }
  unsigned dims = 1 + r.below(2);
  std::string name = r.percent(50) ? "S" : "";
  unsigned pieces = 1 + r.below(2);
  std::string text = paramsPrefix(params) + "{ ";
  for (unsigned p = 0; p < pieces; ++p)
    text += (p ? "; " : "") + uniformStep(r, params, name, dims);
  return {text + " }"};
}

ClosureCheck checkClosure(const UnionRelation &ours, const IslObject &theirs,
                          const IslContext &ctx) {
  ClosureCheck out;
  UnionClosureResult mine = transitiveClosure(ours);
  out.oursExact = mine.exact;
  isl_bool exact = isl_bool_false;
  isl_union_map *t = isl_union_map_transitive_closure(theirs.copyMap(), &exact);
  if (!t)
    return out; // isl's quota (the caller skips the case) or its failure
  IslObject isl = IslObject::map(t);
  out.islExact = islTrue(exact);
  std::optional<IslObject> m =
      IslObject::parse(ctx, mine.relation.toString(), true);
  if (!m) {
    out.agree = false;
    out.detail = "isl cannot read our closure: " + mine.relation.toString();
    return out;
  }
  auto fail = [&](const std::string &what) {
    out.agree = false;
    out.detail = what + "\n  ours (" + (out.oursExact ? "exact" : "inexact") +
                 "): " + m->toString() + "\n  isl (" +
                 (out.islExact ? "exact" : "inexact") + "): " + isl.toString();
  };
  if (isl_union_map_is_subset(theirs.mapPtr(), m->mapPtr()) == isl_bool_false)
    fail("our closure does not contain R");
  else if (isl_union_map_is_subset(
               IslObject::map(
                   isl_union_map_apply_range(m->copyMap(), theirs.copyMap()))
                   .mapPtr(),
               m->mapPtr()) == isl_bool_false)
    fail("our closure is not closed under joining with R");
  else if (out.islExact &&
           isl_union_map_is_subset(isl.mapPtr(), m->mapPtr()) == isl_bool_false)
    fail("our closure misses paths of isl's exact closure");
  else if (out.oursExact &&
           isl_union_map_is_subset(m->mapPtr(), isl.mapPtr()) == isl_bool_false)
    fail("our closure, flagged exact, has pairs outside isl's closure");
  out.same = out.agree && m->isEqual(isl);
  return out;
}

std::vector<std::string> flowInputs(RandomSets &r) {
  std::vector<std::string> params = r.randomParams();
  unsigned statements = 2 + r.below(2);
  bool fused = r.percent(40);
  std::string pre = paramsPrefix(params);
  std::vector<std::string> reads, must, may, kill, schedule;
  for (unsigned s = 0; s < statements; ++s) {
    std::string name = "S" + std::to_string(s);
    unsigned dims = r.percent(30) ? 2 : 1;
    std::string inst = tuple(name, "i", dims);
    std::string domain;
    for (unsigned k = 0; k < dims; ++k) {
      std::string i = "i" + std::to_string(k);
      domain +=
          (k ? " and " : "") + ("0 <= " + i + " <= " + upperBound(r, params));
    }
    if (r.percent(25))
      domain += r.percent(50) ? " and i0 mod 2 = 0"
                              : " and i0 >= " + std::to_string(r.between(1, 3));
    auto access = [&] {
      std::vector<std::pair<int, std::string>> terms;
      const int coeffs[] = {1, 1, -1, 0, 2};
      for (unsigned k = 0; k < dims; ++k)
        terms.push_back({coeffs[r.below(5)], "i" + std::to_string(k)});
      return inst + " -> A[" + affine(terms, r.between(-2, 2)) +
             "] : " + domain;
    };
    if (r.percent(70)) {
      unsigned kind = r.below(100);
      (kind < 60 ? must : kind < 85 ? may : kill).push_back(access());
    }
    if (r.percent(70) || (s + 1 == statements && reads.empty()))
      reads.push_back(access());
    // Times of one length: [s, i0, i1] in sequence or [i0, i1, s] fused.
    std::string i0 = "i0", i1 = dims == 2 ? "i1" : "0";
    std::string time =
        fused ? "[" + i0 + ", " + i1 + ", " + std::to_string(s) + "]"
              : "[" + std::to_string(s) + ", " + i0 + ", " + i1 + "]";
    schedule.push_back(inst + " -> " + time);
  }
  if (must.empty() && may.empty())
    must.push_back("S0[i0] -> A[i0] : 0 <= i0 <= 3");
  auto unionText = [&](const std::vector<std::string> &parts) {
    if (parts.empty()) // an empty map that still reads as a map
      return pre + "{ E[i0] -> A[i0] : 1 = 0 }";
    std::string s = pre + "{ ";
    for (size_t k = 0; k < parts.size(); ++k)
      s += (k ? "; " : "") + parts[k];
    return s + " }";
  };
  return {unionText(reads), unionText(must), unionText(may), unionText(kill),
          unionText(schedule)};
}

std::string checkFlow(const std::vector<UnionRelation> &ours,
                      const std::vector<IslObject> &theirs,
                      const IslContext &ctx) {
  AccessInfo info;
  info.sink = ours[0];
  info.mustSource = ours[1];
  info.maySource = ours[2];
  info.kill = ours[3];
  info.schedule = ours[4];
  Flow mine = computeFlow(info);

  isl_union_access_info *access =
      isl_union_access_info_from_sink(theirs[0].copyMap());
  access = isl_union_access_info_set_must_source(access, theirs[1].copyMap());
  access = isl_union_access_info_set_may_source(access, theirs[2].copyMap());
  access = isl_union_access_info_set_kill(access, theirs[3].copyMap());
  access = isl_union_access_info_set_schedule_map(access, theirs[4].copyMap());
  isl_union_flow *flow = isl_union_access_info_compute_flow(access);
  if (!flow)
    return ""; // isl's quota: the caller skips the case
  const std::pair<const char *,
                  std::pair<const UnionRelation *, isl_union_map *>>
      results[] = {
          {"must dependences",
           {&mine.mustDependence, isl_union_flow_get_must_dependence(flow)}},
          {"may dependences",
           {&mine.mayDependence, isl_union_flow_get_may_dependence(flow)}},
          {"must-no-source accesses",
           {&mine.mustNoSource, isl_union_flow_get_must_no_source(flow)}},
          {"may-no-source accesses",
           {&mine.mayNoSource, isl_union_flow_get_may_no_source(flow)}},
      };
  isl_union_flow_free(flow);
  std::string detail;
  for (const auto &[what, pair] : results) {
    IslObject isl = IslObject::map(pair.second);
    if (!isl.valid())
      continue;
    std::optional<IslObject> m =
        IslObject::parse(ctx, pair.first->toString(), true);
    if (!m)
      detail += std::string("isl cannot read our ") + what + ": " +
                pair.first->toString() + "\n  ";
    else if (!m->isEqual(isl))
      detail += std::string(what) + " differ\n    ours: " + m->toString() +
                "\n    isl:  " + isl.toString() + "\n  ";
  }
  return detail;
}

} // namespace crosscheck
