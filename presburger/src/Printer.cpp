//===- Printer.cpp - isl notation out -------------------------------------===//
#include "presburger/Printer.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <set>
#include <sstream>

namespace presburger {

namespace {

/// Names of every column of `b` (params, dims, locals), unique and valid
/// isl identifiers.
std::vector<std::string> columnNames(const BasicRelation &b) {
  const Space &sp = b.space();
  std::vector<std::string> names = sp.paramNames();
  std::set<std::string> used(names.begin(), names.end());
  auto pick = [&](const std::string &hint, const std::string &prefix,
                  unsigned idx) {
    std::string n = hint;
    if (n.empty() || used.count(n))
      n = prefix + std::to_string(idx);
    while (used.count(n))
      n += "'";
    used.insert(n);
    return n;
  };
  if (sp.isRelation()) {
    std::vector<std::string> hints = sp.domainTuple().dimNames();
    for (unsigned i = 0; i < hints.size(); ++i)
      names.push_back(pick(hints[i], "i", i));
  }
  if (!sp.isParams()) {
    std::vector<std::string> hints = sp.rangeTuple().dimNames();
    std::string prefix = sp.isRelation() ? "o" : "i";
    for (unsigned i = 0; i < hints.size(); ++i)
      names.push_back(pick(hints[i], prefix, i));
  }
  for (unsigned k = 0; k < b.numLocals(); ++k)
    names.push_back(pick("", "e", k));
  return names;
}

/// sum of coeff*name over the given columns, isl style ("2i - j + 3").
std::string affineToString(ConstRow row, const std::vector<std::string> &names,
                           bool withConstant) {
  std::ostringstream os;
  bool first = true;
  for (unsigned c = 0; c < names.size(); ++c) {
    const Int &a = row[c];
    if (a.isZero())
      continue;
    if (first) {
      if (a == Int(-1))
        os << "-";
      else if (!a.isOne())
        os << a;
    } else {
      os << (a.isNegative() ? " - " : " + ");
      Int m = abs(a);
      if (!m.isOne())
        os << m;
    }
    os << names[c];
    first = false;
  }
  if (withConstant) {
    const Int &c = row[names.size()];
    if (first)
      os << c;
    else if (!c.isZero())
      os << (c.isNegative() ? " - " : " + ") << abs(c);
  }
  if (first && !withConstant)
    os << "0";
  return os.str();
}

/// "lhs >= rhs" or "lhs = rhs" with positive coefficients on both sides.
std::string constraintToString(ConstRow row,
                               const std::vector<std::string> &names,
                               bool isEq) {
  unsigned n = unsigned(names.size());
  std::vector<Int> pos(n + 1), neg(n + 1);
  for (unsigned c = 0; c < n; ++c) {
    if (row[c].isPositive())
      pos[c] = row[c];
    else if (row[c].isNegative())
      neg[c] = -row[c];
  }
  bool havePos = false, haveNeg = false;
  for (unsigned c = 0; c < n; ++c) {
    havePos = havePos || !pos[c].isZero();
    haveNeg = haveNeg || !neg[c].isZero();
  }
  const char *op = isEq ? " = " : " >= ";
  // Constant goes to the side that keeps it non-negative.
  if (!havePos) {
    // -neg + c >= 0  ->  neg <= c
    Int c = row[n];
    return affineToString(neg, names, false) + (isEq ? " = " : " <= ") +
           c.toString();
  }
  if (row[n].isNegative())
    neg[n] = -row[n];
  else
    pos[n] = row[n];
  return affineToString(pos, names, true) + op +
         (haveNeg ? affineToString(neg, names, true) : neg[n].toString());
}

std::string tupleText(const Tuple &t, const std::vector<std::string> &names,
                      unsigned &pos) {
  std::string out = t.name();
  if (t.isNested()) {
    out += "[";
    out += tupleText(t.nestedDomain(), names, pos);
    out += " -> ";
    out += tupleText(t.nestedRange(), names, pos);
    return out + "]";
  }
  out += "[";
  for (unsigned i = 0; i < t.numDims(); ++i)
    out += (i ? ", " : "") + names[pos++];
  return out + "]";
}

std::string paramsPrefix(const std::vector<std::string> &params) {
  if (params.empty())
    return "";
  std::string out = "[";
  for (size_t i = 0; i < params.size(); ++i)
    out += (i ? ", " : "") + params[i];
  return out + "] -> ";
}

/// The tuple part ("A[i] -> B[j]") of a disjunct.
std::string tuplesText(const Space &sp, const std::vector<std::string> &names) {
  unsigned pos = sp.numParams();
  std::string out;
  if (sp.isRelation())
    out += tupleText(sp.domainTuple(), names, pos) + " -> ";
  if (!sp.isParams())
    out += tupleText(sp.rangeTuple(), names, pos);
  return out;
}

/// The constraint part of a disjunct (after ':'), or "" for the universe.
std::string constraintsText(const BasicRelation &b,
                            const std::vector<std::string> &names) {
  if (b.isObviouslyEmpty())
    return "false";
  std::vector<std::string> parts;
  unsigned nv = b.numVars();
  std::vector<std::string> varNames(names.begin(), names.begin() + nv);
  for (unsigned i = 0; i < b.numEqualities(); ++i)
    parts.push_back(constraintToString(b.equality(i), varNames, true));
  for (unsigned i = 0; i < b.numInequalities(); ++i)
    parts.push_back(constraintToString(b.inequality(i), varNames, false));
  std::string body;
  for (size_t i = 0; i < parts.size(); ++i)
    body += (i ? " and " : "") + parts[i];
  if (b.numLocals() == 0)
    return body;
  std::string ex = "exists (";
  unsigned lo = b.offset(VarKind::Local);
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    ex += (k ? ", " : "") + names[lo + k];
    if (b.hasDivDef(k))
      ex += " = floor((" + affineToString(b.divNumerator(k), varNames, true) +
            ")/" + b.divDenominator(k).toString() + ")";
  }
  return ex + (body.empty() ? "" : ": " + body) + ")";
}

std::string disjunctText(const BasicRelation &b) {
  std::vector<std::string> names = columnNames(b);
  std::string cons = constraintsText(b, names);
  std::string head = tuplesText(b.space(), names);
  if (cons.empty())
    return head;
  return head + (head.empty() ? ": " : " : ") + cons;
}

/// The body of a relation inside the braces, without parameters.
std::string relationBody(const Relation &r) {
  if (r.numDisjuncts() == 0) {
    BasicRelation e = BasicRelation::empty(r.space());
    return disjunctText(e);
  }
  std::string out;
  for (unsigned i = 0; i < r.numDisjuncts(); ++i)
    out += (i ? "; " : "") + disjunctText(r.disjuncts()[i]);
  return out;
}

} // namespace

std::string printBasicRelation(const BasicRelation &b) {
  return paramsPrefix(b.space().paramNames()) + "{ " + disjunctText(b) + " }";
}

std::string printRelation(const Relation &r) {
  return paramsPrefix(r.space().paramNames()) + "{ " + relationBody(r) + " }";
}

std::string printUnionRelation(const UnionRelation &u) {
  std::string body;
  for (unsigned i = 0; i < u.numPieces(); ++i) {
    if (u.pieces()[i].numDisjuncts() == 0)
      continue;
    body += (body.empty() ? "" : "; ") + relationBody(u.pieces()[i]);
  }
  return paramsPrefix(u.paramNames()) + "{ " + body + (body.empty() ? "}" : " }");
}

} // namespace presburger
