// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "RandomSets.h"
#include "presburger/Printer.h"

namespace crosscheck {

std::vector<std::string> RandomSets::randomParams() {
  static const char *names[] = {"n", "m"};
  std::vector<std::string> out;
  unsigned k = below(3);
  for (unsigned i = 0; i < k; ++i)
    out.push_back(names[i]);
  return out;
}

TupleShape RandomSets::randomTuple(unsigned maxDims, bool allowName) {
  static const char *names[] = {"", "", "S", "A"};
  TupleShape t;
  t.name = allowName ? names[below(4)] : "";
  t.dims = 1 + below(maxDims);
  return t;
}

std::string RandomSets::affine(const std::vector<std::string> &vars,
                               int maxCoeff, int maxConst, bool allowZero) {
  std::string out;
  bool any = false;
  for (const std::string &v : vars) {
    if (percent(45))
      continue;
    int c = between(-maxCoeff, maxCoeff);
    if (c == 0)
      continue;
    if (any)
      out += c < 0 ? " - " : " + ";
    else if (c < 0)
      out += "-";
    int a = c < 0 ? -c : c;
    if (a != 1)
      out += std::to_string(a);
    out += v;
    any = true;
  }
  if (!any && !allowZero && !vars.empty()) {
    out = vars[below(unsigned(vars.size()))];
    any = true;
  }
  int k = between(-maxConst, maxConst);
  if (!any)
    return std::to_string(k);
  if (k != 0)
    out += (k < 0 ? " - " : " + ") + std::to_string(k < 0 ? -k : k);
  return out;
}

std::string RandomSets::constraint(const std::vector<std::string> &vars,
                                   const GenOptions &o) {
  if (percent(o.stridePercent)) {
    int m = between(2, 4);
    switch (below(3)) {
    case 0:
      return "(" + affine(vars, o.maxCoeff, o.maxConst, false) + ") mod " +
             std::to_string(m) + " = " + std::to_string(below(unsigned(m)));
    case 1:
      return "floor((" + affine(vars, o.maxCoeff, o.maxConst, false) + ")/" +
             std::to_string(m) + ") >= " + affine(vars, 2, 4, true);
    default:
      return "floor((" + affine(vars, o.maxCoeff, o.maxConst, false) + ")/" +
             std::to_string(m) + ") <= " + affine(vars, 2, 4, true);
    }
  }
  std::string lhs = affine(vars, o.maxCoeff, o.maxConst, false);
  switch (below(6)) {
  case 0:
    return lhs + " = 0";
  case 1:
  case 2:
    return lhs + " >= 0";
  case 3:
    return lhs + " <= 0";
  case 4:
    return lhs + " > 0";
  default:
    return lhs + " < " + std::to_string(between(0, o.maxConst));
  }
}

std::string RandomSets::body(const std::vector<std::string> &params,
                             const std::vector<std::string> &vars,
                             const GenOptions &o) {
  std::vector<std::string> all = vars;
  all.insert(all.end(), params.begin(), params.end());
  unsigned nd = 1 + below(o.maxDisjuncts);
  std::string out;
  for (unsigned d = 0; d < nd; ++d) {
    std::vector<std::string> scope = all;
    std::string prefix, suffix;
    if (percent(o.existsPercent)) {
      scope.push_back("e0");
      prefix = "exists (e0 : ";
      suffix = ")";
    }
    std::vector<std::string> parts;
    if (o.box > 0) {
      for (const std::string &v : all)
        parts.push_back("-" + std::to_string(o.box) + " <= " + v +
                        " <= " + std::to_string(o.box));
      if (scope.size() > all.size())
        parts.push_back("-" + std::to_string(2 * o.box) +
                        " <= e0 <= " + std::to_string(2 * o.box));
    }
    unsigned nc = 1 + below(o.maxConstraints);
    for (unsigned c = 0; c < nc; ++c)
      parts.push_back(constraint(scope, o));
    std::string conj;
    for (size_t i = 0; i < parts.size(); ++i)
      conj += (i ? " and " : "") + parts[i];
    out += (d ? " or " : "") + prefix + conj + suffix;
  }
  return out;
}

std::string RandomSets::tupleText(const TupleShape &t,
                                  const std::vector<std::string> &names) {
  std::string out = t.name + "[";
  for (size_t i = 0; i < names.size(); ++i)
    out += (i ? ", " : "") + names[i];
  return out + "]";
}

std::string RandomSets::paramsText(const std::vector<std::string> &params) {
  return presburger::printParamsPrefix(params);
}

SideShape RandomSets::randomSide(bool nested) {
  SideShape s;
  s.flat = randomTuple();
  s.nested = nested;
  if (nested) {
    s.first = randomTuple(2);
    s.second = randomTuple(2);
    // Factors of 0-2 dimensions: 0-dimensional ones (`C[]`) are common in
    // tagged accesses.
    s.first.dims = below(3);
    s.second.dims = below(3);
    if (s.first.dims + s.second.dims == 0)
      s.second.dims = 1;
  }
  return s;
}

std::string RandomSets::sideText(const SideShape &s,
                                 const std::vector<std::string> &names) {
  if (!s.nested)
    return tupleText(s.flat, names);
  std::vector<std::string> a(names.begin(), names.begin() + s.first.dims);
  std::vector<std::string> b(names.begin() + s.first.dims, names.end());
  return s.flat.name + "[" + tupleText(s.first, a) + " -> " +
         tupleText(s.second, b) + "]";
}

std::string RandomSets::set(const std::vector<std::string> &params,
                            const TupleShape &t, const GenOptions &o) {
  SideShape s;
  s.flat = t;
  return set(params, s, o);
}

std::string RandomSets::set(const std::vector<std::string> &params,
                            const SideShape &t, const GenOptions &o) {
  std::vector<std::string> vars;
  for (unsigned i = 0; i < t.dims(); ++i)
    vars.push_back("i" + std::to_string(i));
  return paramsText(params) + "{ " + sideText(t, vars) + " : " +
         body(params, vars, o) + " }";
}

std::string RandomSets::relation(const std::vector<std::string> &params,
                                 const TupleShape &dom, const TupleShape &ran,
                                 const GenOptions &o) {
  SideShape d, r;
  d.flat = dom;
  r.flat = ran;
  return relation(params, d, r, o);
}

std::string RandomSets::relation(const std::vector<std::string> &params,
                                 const SideShape &dom, const SideShape &ran,
                                 const GenOptions &o) {
  std::vector<std::string> in, out, all;
  for (unsigned i = 0; i < dom.dims(); ++i)
    in.push_back("i" + std::to_string(i));
  for (unsigned i = 0; i < ran.dims(); ++i)
    out.push_back("o" + std::to_string(i));
  all = in;
  all.insert(all.end(), out.begin(), out.end());
  return paramsText(params) + "{ " + sideText(dom, in) + " -> " +
         sideText(ran, out) + " : " + body(params, all, o) + " }";
}

} // namespace crosscheck
