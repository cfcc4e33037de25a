//===- ScheduleTreePrinter.cpp - Schedule trees as text -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Printing schedule trees in isl's YAML (block and flow styles), with band
// members in isl's function notation ("[{ s0[i] -> [(i)] }]") and sets in
// the engine's notation.
//
//===----------------------------------------------------------------------===//

#include "penguin/ScheduleTree.h"

#include "presburger/Printer.h"

#include <algorithm>
#include <optional>
#include <set>

namespace penguin {

using presburger::BasicRelation;
using presburger::ConstRow;
using presburger::Int;
using presburger::Relation;
using presburger::Space;
using presburger::UnionRelation;
using presburger::VarKind;

//===----------------------------------------------------------------------===//
// Function printing
//===----------------------------------------------------------------------===//

namespace {

/// Column names of a disjunct: parameters, domain and range dimensions
/// (name hints, or i<k> / o<k>), locals e<k>; unique.
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
  std::vector<std::string> hints = sp.rangeTuple().dimNames();
  for (unsigned i = 0; i < hints.size(); ++i)
    names.push_back(pick(hints[i], sp.isRelation() ? "o" : "i", i));
  for (unsigned k = 0; k < b.numLocals(); ++k)
    names.push_back(pick("", "e", k));
  return names;
}

/// Prints disjunct-level expressions in isl's aff style: the constant
/// first, then parameters, dimensions and divisions ("-3 + n + 2i - j").
class ExprPrinter {
public:
  explicit ExprPrinter(const BasicRelation &b)
      : b_(b), names_(columnNames(b)) {}

  const std::vector<std::string> &names() const { return names_; }

  /// The term of column `c` in an expression: a variable name or, for a
  /// local with a division definition, floor((num)/d).
  std::string term(unsigned c) const {
    unsigned lo = b_.offset(VarKind::Local);
    if (c < lo)
      return names_[c];
    unsigned k = c - lo;
    return "floor((" + expr(b_.divNumerator(k), Int(1)) + ")/" +
           b_.divDenominator(k).toString() + ")";
  }

  /// (row . x + const) / den, with den dividing every entry.
  std::string expr(ConstRow row, const Int &den) const {
    std::string out;
    Int c = divExact(row[b_.numVars()], den);
    if (!c.isZero())
      out = c.toString();
    for (unsigned col = 0; col < b_.numVars(); ++col) {
      Int a = divExact(row[col], den);
      if (a.isZero())
        continue;
      if (out.empty()) {
        if (a == Int(-1))
          out += "-";
        else if (!a.isOne())
          out += a.toString();
      } else {
        out += a.isNegative() ? " - " : " + ";
        Int m = abs(a);
        if (!m.isOne())
          out += m.toString();
      }
      out += term(col);
    }
    return out.empty() ? "0" : out;
  }

  /// "lhs >= rhs" / "lhs = rhs" with non-negative coefficients on both
  /// sides (the engine's spelling), locals as their divisions.
  std::string constraint(ConstRow row, bool isEq) const {
    unsigned n = b_.numVars();
    std::vector<Int> pos(n + 1), neg(n + 1);
    bool havePos = false, haveNeg = false;
    for (unsigned c = 0; c < n; ++c) {
      if (row[c].isPositive()) {
        pos[c] = row[c];
        havePos = true;
      } else if (row[c].isNegative()) {
        neg[c] = -row[c];
        haveNeg = true;
      }
    }
    if (!havePos)
      return linear(neg, false) + (isEq ? " = " : " <= ") + row[n].toString();
    if (row[n].isNegative())
      neg[n] = -row[n];
    else
      pos[n] = row[n];
    return linear(pos, true) + (isEq ? " = " : " >= ") +
           (haveNeg ? linear(neg, true) : neg[n].toString());
  }

private:
  // Engine order (constant last) for constraints.
  std::string linear(const std::vector<Int> &row, bool withConstant) const {
    std::string out;
    unsigned n = b_.numVars();
    for (unsigned c = 0; c < n; ++c) {
      if (row[c].isZero())
        continue;
      if (!out.empty())
        out += " + ";
      if (!row[c].isOne())
        out += row[c].toString();
      out += term(c);
    }
    if (withConstant && !row[n].isZero())
      out += (out.empty() ? "" : " + ") + row[n].toString();
    return out.empty() ? "0" : out;
  }

  const BasicRelation &b_;
  std::vector<std::string> names_;
};

/// Whether inequality `row` is one of the two defining constraints of a
/// division local of `b`.
bool isDivDefinition(const BasicRelation &b, ConstRow row) {
  for (unsigned k = 0; k < b.numLocals(); ++k)
    if (b.hasDivDef(k))
      for (const std::vector<Int> &def : b.divisionBounds(k))
        if (std::equal(row.begin(), row.end(), def.begin(), def.end()))
          return true;
  return false;
}

/// A disjunct in isl's compact notation: the range (or set) dimensions
/// that a unit equality defines over the parameters, the domain, earlier
/// kept dimensions and defined divisions are written as expressions in the
/// tuple; the other constraints follow the ':'.
struct CompactText {
  std::string domain;             // "s0[i]" (relations only)
  std::string rangeName;          // the range (or set) tuple name
  std::vector<std::string> items; // per range dimension: name or expression
  std::vector<bool> defined;      // per range dimension
  std::string constraints;
};

std::optional<CompactText> compactText(const BasicRelation &b) {
  if (b.isObviouslyEmpty() || b.isParams())
    return std::nullopt;
  const Space &sp = b.space();
  if (sp.rangeTuple().isNested() ||
      (sp.isRelation() && sp.domainTuple().isNested()))
    return std::nullopt;
  unsigned out0 = b.offset(VarKind::Range), nOut = b.numRange();
  unsigned lo = b.offset(VarKind::Local), nv = b.numVars();
  auto isOut = [&](unsigned c) { return c >= out0 && c < out0 + nOut; };
  // Locals that print as floor((...)/d): defined over parameters, domain
  // dimensions and earlier such locals.
  std::vector<bool> usable(b.numLocals(), false);
  for (unsigned k = 0; k < b.numLocals(); ++k) {
    if (!b.hasDivDef(k))
      continue;
    bool ok = true;
    ConstRow num = b.divNumerator(k);
    for (unsigned c = 0; c < nv && ok; ++c)
      if (!num[c].isZero() &&
          (isOut(c) || (c >= lo && (c - lo >= k || !usable[c - lo]))))
        ok = false;
    usable[k] = ok;
  }
  std::vector<int> eqFor(nOut, -1);
  std::vector<bool> eqUsed(b.numEqualities(), false);
  for (unsigned o = 0; o < nOut; ++o) {
    for (unsigned e = 0; e < b.numEqualities() && eqFor[o] < 0; ++e) {
      if (eqUsed[e])
        continue;
      ConstRow row = b.equality(e);
      const Int &a = row[out0 + o];
      if (!(a.isOne() || a == Int(-1)))
        continue;
      bool ok = true;
      for (unsigned c = 0; c < nv && ok; ++c) {
        if (c == out0 + o || row[c].isZero())
          continue;
        if (isOut(c))
          ok = c - out0 < o && eqFor[c - out0] < 0; // an earlier kept one
        else if (c >= lo)
          ok = usable[c - lo];
      }
      if (ok) {
        eqFor[o] = int(e);
        eqUsed[e] = true;
      }
    }
  }
  // The remaining constraints, with the defined dimensions substituted
  // (their definitions only use kept dimensions), without duplicates and
  // trivially true rows; a local without a printable definition sends the
  // disjunct to the engine's printer.
  std::vector<std::pair<std::vector<Int>, bool>> rest;
  auto keep = [&](ConstRow row, bool isEq) {
    std::vector<Int> r(row.begin(), row.end());
    for (unsigned o = 0; o < nOut; ++o) {
      if (eqFor[o] < 0 || r[out0 + o].isZero())
        continue;
      ConstRow def = b.equality(unsigned(eqFor[o]));
      // r -= (r_o / def_o) * def, with def_o = +-1.
      Int f = r[out0 + o] * def[out0 + o];
      for (unsigned c = 0; c < r.size(); ++c)
        r[c] = r[c] - f * def[c];
    }
    bool trivial = true;
    for (unsigned c = 0; c < nv; ++c) {
      if (r[c].isZero())
        continue;
      trivial = false;
      if (c >= lo && !usable[c - lo])
        return false;
    }
    if (trivial) {
      if (isEq ? !r.back().isZero() : r.back().isNegative())
        rest.push_back({std::move(r), isEq}); // a contradiction: keep it
      return true;
    }
    for (const auto &[x, eq] : rest)
      if (eq == isEq && x == r)
        return true;
    rest.push_back({std::move(r), isEq});
    return true;
  };
  for (unsigned e = 0; e < b.numEqualities(); ++e)
    if (!eqUsed[e] && !keep(b.equality(e), true))
      return std::nullopt;
  for (unsigned i = 0; i < b.numInequalities(); ++i)
    if (!isDivDefinition(b, b.inequality(i)) && !keep(b.inequality(i), false))
      return std::nullopt;
  ExprPrinter printer(b);
  const std::vector<std::string> &names = printer.names();
  CompactText ct;
  unsigned pos = sp.numParams();
  if (sp.isRelation()) {
    ct.domain = sp.domainTuple().name() + "[";
    for (unsigned i = 0; i < sp.numDomain(); ++i)
      ct.domain += (i ? ", " : "") + names[pos++];
    ct.domain += "]";
  }
  ct.rangeName = sp.rangeTuple().name();
  for (unsigned o = 0; o < nOut; ++o) {
    ct.defined.push_back(eqFor[o] >= 0);
    if (eqFor[o] < 0) {
      ct.items.push_back(names[out0 + o]);
      continue;
    }
    ConstRow row = b.equality(unsigned(eqFor[o]));
    // a*t + rest = 0  ->  t = -rest / a
    std::vector<Int> rest(row.begin(), row.end());
    Int a = rest[out0 + o];
    rest[out0 + o] = Int(0);
    for (Int &v : rest)
      v = -v;
    ct.items.push_back(printer.expr(ConstRow(rest), a));
  }
  for (size_t i = 0; i < rest.size(); ++i)
    ct.constraints +=
        (i ? " and " : "") +
        printer.constraint(ConstRow(rest[i].first), rest[i].second);
  return ct;
}

/// Simplified disjuncts of `r` (same points; empty ones dropped).
std::vector<BasicRelation> simplifiedDisjuncts(const Relation &r) {
  std::vector<BasicRelation> out;
  for (BasicRelation b : r.disjuncts()) {
    if (!b.simplify())
      continue;
    out.push_back(std::move(b));
  }
  return out;
}

/// One piece of a band member: "s0[i] -> [(i)]".
std::string bandPieceText(const Relation &piece) {
  std::string out;
  std::vector<BasicRelation> ds = simplifiedDisjuncts(piece);
  for (const BasicRelation &b : ds) {
    std::optional<CompactText> ct = compactText(b);
    std::string text;
    if (ct && ct->items.size() == 1 && ct->defined[0] &&
        ct->rangeName.empty()) {
      text = ct->domain + " -> [(" + ct->items[0] + ")]";
      if (!ct->constraints.empty())
        text += " : " + ct->constraints;
    } else {
      text = presburger::printDisjunct(b);
    }
    out += (out.empty() ? "" : "; ") + text;
  }
  return out;
}

std::vector<std::string> unionParams(const std::vector<UnionRelation> &us) {
  std::vector<std::string> params;
  for (const UnionRelation &u : us)
    for (const std::string &p : u.paramNames())
      if (std::find(params.begin(), params.end(), p) == params.end())
        params.push_back(p);
  return params;
}

} // namespace

std::string printBand(const std::vector<UnionRelation> &members) {
  std::vector<UnionRelation> ms = members;
  std::vector<std::string> params = unionParams(ms);
  std::string out = presburger::printParamsPrefix(params) + "[";
  for (size_t m = 0; m < ms.size(); ++m) {
    ms[m].alignParams(params);
    std::string body;
    for (const Relation &p : ms[m].pieces()) {
      std::string t = bandPieceText(p);
      if (!t.empty())
        body += (body.empty() ? "" : "; ") + t;
    }
    out += (m ? ", " : "") + ("{ " + body + (body.empty() ? "}" : " }"));
  }
  return out + "]";
}

std::string printCompact(const UnionRelation &u) {
  UnionRelation simplified(u.paramNames());
  for (const Relation &p : u.pieces()) {
    Relation r(p.space());
    for (BasicRelation &b : simplifiedDisjuncts(p))
      r.addDisjunct(std::move(b));
    simplified.add(r);
  }
  return presburger::printUnionRelation(simplified);
}

std::string printCompact(const Relation &r) {
  Relation simplified(r.space());
  for (BasicRelation &b : simplifiedDisjuncts(r))
    simplified.addDisjunct(std::move(b));
  return presburger::printRelation(simplified);
}

//===----------------------------------------------------------------------===//
// YAML printing
//===----------------------------------------------------------------------===//

namespace {

std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// The canonical text of a union set: every piece simplified.
std::string setText(const UnionRelation &u) {
  UnionRelation s(u.paramNames());
  for (const Relation &p : u.pieces()) {
    Relation q(p.space());
    for (BasicRelation b : simplifiedDisjuncts(p))
      q.addDisjunct(std::move(b));
    s.add(std::move(q));
  }
  return s.toString();
}

/// The "key: value" of a node's own line.
std::string headText(const ScheduleNode &n) {
  switch (n.kind()) {
  case ScheduleNodeKind::Domain:
    return "domain: " + quote(setText(n.set()));
  case ScheduleNodeKind::Band:
    return "schedule: " + quote(printBand(n.members()));
  case ScheduleNodeKind::Filter:
    return "filter: " + quote(setText(n.set()));
  case ScheduleNodeKind::Mark:
    return "mark: " + quote(n.markName());
  case ScheduleNodeKind::Sequence:
    return "sequence:";
  case ScheduleNodeKind::Leaf:
    return "leaf";
  }
  return "";
}

// Block style: `first` is the prefix of the node's first line, `rest` of
// its following lines.
void printBlock(const ScheduleNode &n, const std::string &first,
                const std::string &rest, std::string &out) {
  out += first + headText(n) + "\n";
  if (n.kind() == ScheduleNodeKind::Sequence) {
    for (const ScheduleNode &f : n.children())
      printBlock(f, rest + "- ", rest + "  ", out);
    return;
  }
  if (n.kind() == ScheduleNodeKind::Leaf || n.child().isLeaf())
    return;
  out += rest + "child:\n";
  printBlock(n.child(), rest + "  ", rest + "  ", out);
}

void printFlow(const ScheduleNode &n, std::string &out) {
  if (n.kind() == ScheduleNodeKind::Leaf) {
    out += "{ leaf }";
    return;
  }
  out += "{ ";
  if (n.kind() == ScheduleNodeKind::Sequence) {
    out += "sequence: [ ";
    for (size_t i = 0; i < n.children().size(); ++i) {
      if (i)
        out += ", ";
      printFlow(n.children()[i], out);
    }
    out += " ] }";
    return;
  }
  out += headText(n);
  if (!n.child().isLeaf()) {
    out += ", child: ";
    printFlow(n.child(), out);
  }
  out += " }";
}

} // namespace

std::string ScheduleTree::str(YamlStyle style) const {
  std::string out;
  if (style == YamlStyle::Block)
    printBlock(root_, "", "", out);
  else
    printFlow(root_, out);
  return out;
}

} // namespace penguin
