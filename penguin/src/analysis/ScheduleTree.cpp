//===- ScheduleTree.cpp - Schedule trees in isl's style -------------------===//

#include "penguin/ScheduleTree.h"

#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Printer.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace penguin {

using presburger::BasicRelation;
using presburger::ConstRow;
using presburger::Int;
using presburger::Relation;
using presburger::Space;
using presburger::Tuple;
using presburger::UnionRelation;
using presburger::VarKind;

std::string_view toString(ScheduleNodeKind kind) {
  switch (kind) {
  case ScheduleNodeKind::Domain:
    return "domain";
  case ScheduleNodeKind::Band:
    return "band";
  case ScheduleNodeKind::Sequence:
    return "sequence";
  case ScheduleNodeKind::Filter:
    return "filter";
  case ScheduleNodeKind::Mark:
    return "mark";
  case ScheduleNodeKind::Leaf:
    return "leaf";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

namespace {

void checkChild(const ScheduleNode &child, const char *parent) {
  if (child.kind() == ScheduleNodeKind::Domain)
    throw ScheduleError(std::string("a domain node can only be the root, not "
                                    "the child of a ") +
                        parent + " node");
}

void checkSetUnion(const UnionRelation &set, const char *what) {
  if (!set.isSetUnion())
    throw ScheduleError(std::string("the ") + what +
                        " must be a set of statement instances, not "
                        "a relation: " +
                        set.toString());
}

} // namespace

ScheduleNode::ScheduleNode() = default;

ScheduleNode ScheduleNode::domain(UnionRelation set, ScheduleNode child) {
  checkSetUnion(set, "domain");
  checkChild(child, "domain");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Domain;
  n.set_ = std::move(set);
  n.children_.push_back(std::move(child));
  return n;
}

ScheduleNode ScheduleNode::band(std::vector<UnionRelation> members,
                                ScheduleNode child) {
  if (members.empty())
    throw ScheduleError("a band needs at least one member");
  for (const UnionRelation &m : members) {
    if (!m.isRelationUnion())
      throw ScheduleError("a band member must map statement instances to a "
                          "time, not be a set: " +
                          m.toString());
    for (const Relation &p : m.pieces()) {
      const Tuple &out = p.space().rangeTuple();
      if (out.numDims() != 1 || out.hasName() || out.isNested())
        throw ScheduleError("a band member must map each statement to one "
                            "anonymous dimension, [(e)]: " +
                            p.toString());
      if (p.space().domainTuple().isNested() ||
          !p.space().domainTuple().hasName())
        throw ScheduleError("a band member must be defined on named "
                            "statement tuples: " +
                            p.toString());
      if (!p.isSingleValued())
        throw ScheduleError("a band member must give one time to each "
                            "instance (it is not a function): " +
                            p.toString());
    }
  }
  checkChild(child, "band");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Band;
  n.members_ = std::move(members);
  n.children_.push_back(std::move(child));
  return n;
}

ScheduleNode ScheduleNode::sequence(std::vector<ScheduleNode> filters) {
  if (filters.empty())
    throw ScheduleError("a sequence needs at least one filter child");
  for (const ScheduleNode &f : filters)
    if (f.kind() != ScheduleNodeKind::Filter)
      throw ScheduleError("every child of a sequence must be a filter node, "
                          "not a " +
                          std::string(toString(f.kind())) + " node");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Sequence;
  n.children_ = std::move(filters);
  return n;
}

ScheduleNode ScheduleNode::filter(UnionRelation set, ScheduleNode child) {
  checkSetUnion(set, "filter");
  checkChild(child, "filter");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Filter;
  n.set_ = std::move(set);
  n.children_.push_back(std::move(child));
  return n;
}

ScheduleNode ScheduleNode::mark(std::string name, ScheduleNode child) {
  if (name.empty())
    throw ScheduleError("a mark needs a name");
  checkChild(child, "mark");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Mark;
  n.name_ = std::move(name);
  n.children_.push_back(std::move(child));
  return n;
}

const UnionRelation &ScheduleNode::set() const {
  if (kind_ != ScheduleNodeKind::Domain && kind_ != ScheduleNodeKind::Filter)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no set");
  return set_;
}

const std::vector<UnionRelation> &ScheduleNode::members() const {
  if (kind_ != ScheduleNodeKind::Band)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no band members");
  return members_;
}

const std::string &ScheduleNode::markName() const {
  if (kind_ != ScheduleNodeKind::Mark)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no mark name");
  return name_;
}

const ScheduleNode &ScheduleNode::child() const {
  if (kind_ == ScheduleNodeKind::Leaf || kind_ == ScheduleNodeKind::Sequence)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no single child");
  return children_.front();
}

ScheduleTree::ScheduleTree(ScheduleNode root) : root_(std::move(root)) {
  if (root_.kind() != ScheduleNodeKind::Domain)
    throw ScheduleError("the root of a schedule tree must be a domain node, "
                        "not a " +
                        std::string(toString(root_.kind())) + " node");
}

//===----------------------------------------------------------------------===//
// Function printing
//===----------------------------------------------------------------------===//

namespace {

std::string paramsPrefix(const std::vector<std::string> &params) {
  if (params.empty())
    return "";
  std::string out = "[";
  for (size_t i = 0; i < params.size(); ++i)
    out += (i ? ", " : "") + params[i];
  return out + "] -> ";
}

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
  explicit ExprPrinter(const BasicRelation &b) : b_(b), names_(columnNames(b)) {}

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

/// The body of a disjunct as the engine prints it (without braces and
/// parameters).
std::string engineDisjunctBody(const BasicRelation &b) {
  std::string s = presburger::printBasicRelation(b);
  size_t open = s.find("{ ");
  size_t close = s.rfind(" }");
  if (open == std::string::npos || close == std::string::npos || close < open)
    return s;
  return s.substr(open + 2, close - open - 2);
}

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
  std::string domain;              // "s0[i]" (relations only)
  std::string rangeName;           // the range (or set) tuple name
  std::vector<std::string> items;  // per range dimension: name or expression
  std::vector<bool> defined;       // per range dimension
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
    ct.constraints += (i ? " and " : "") +
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
      text = engineDisjunctBody(b);
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
  std::string out = paramsPrefix(params) + "[";
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

//===----------------------------------------------------------------------===//
// YAML reading (the subset isl writes: block and flow mappings, sequences,
// double-quoted and plain scalars, '#' comments)
//===----------------------------------------------------------------------===//

namespace {

struct YValue {
  enum Kind { Scalar, Map, List } kind = Scalar;
  std::string text; // Scalar
  bool quoted = false;
  struct Entry {
    std::string key;
    int line = 0, col = 0;
  };
  std::vector<std::pair<Entry, std::shared_ptr<YValue>>> map;
  std::vector<std::shared_ptr<YValue>> list;
  int line = 0, col = 0;  // where the value starts
  int textCol = 0;        // for a quoted scalar: column of its first char
};

using YPtr = std::shared_ptr<YValue>;

class YamlReader {
public:
  YamlReader(std::string_view text, std::string file)
      : text_(text), file_(std::move(file)) {
    lineStart_.push_back(0);
    for (size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n')
        lineStart_.push_back(i + 1);
  }

  YPtr read() {
    size_t p = skipSpaceAndComments(0, text_.size());
    if (p < text_.size() && text_[p] == '{') {
      size_t pos = p;
      YPtr v = flowValue(pos, text_.size());
      pos = skipSpaceAndComments(pos, text_.size());
      if (pos < text_.size())
        fail(pos, "unexpected text after the schedule tree");
      return v;
    }
    splitLines();
    if (lines_.empty())
      fail(text_.size(), "the schedule tree is empty");
    size_t li = 0;
    if (lines_[0].indent != 0)
      failAt(lines_[0].no, lines_[0].indent + 1,
             "the schedule tree must start at the first column");
    YPtr v = blockNode(li, 0);
    if (li < lines_.size())
      failAt(lines_[li].no, lines_[li].indent + 1,
             "unexpected indentation (keys of one mapping must line up)");
    return v;
  }

  [[noreturn]] void failAt(int line, int col, const std::string &msg) const {
    throw ParseError(SourceLocation{file_, line, col}, msg);
  }
  [[noreturn]] void fail(size_t offset, const std::string &msg) const {
    auto [l, c] = position(offset);
    failAt(l, c, msg);
  }

  std::pair<int, int> position(size_t offset) const {
    size_t l = size_t(std::upper_bound(lineStart_.begin(), lineStart_.end(),
                                       offset) -
                      lineStart_.begin());
    return {int(l), int(offset - lineStart_[l - 1] + 1)};
  }

private:
  struct Line {
    int no = 0;
    int indent = 0;
    size_t begin = 0, end = 0; // content [begin, end) in text_
  };

  size_t skipSpaceAndComments(size_t p, size_t end) const {
    while (p < end) {
      char c = text_[p];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++p;
      } else if (c == '#') {
        while (p < end && text_[p] != '\n')
          ++p;
      } else {
        break;
      }
    }
    return p;
  }

  void splitLines() {
    for (size_t l = 0; l < lineStart_.size(); ++l) {
      size_t b = lineStart_[l];
      size_t e = l + 1 < lineStart_.size() ? lineStart_[l + 1] - 1 : text_.size();
      size_t p = b;
      while (p < e && text_[p] == ' ')
        ++p;
      if (p < e && text_[p] == '\t')
        failAt(int(l + 1), int(p - b + 1),
               "tabs are not allowed for indentation");
      // Strip a comment (outside quotes) and trailing blanks.
      size_t q = p;
      bool inQuote = false;
      while (q < e) {
        char c = text_[q];
        if (inQuote) {
          if (c == '\\')
            ++q;
          else if (c == '"')
            inQuote = false;
        } else if (c == '"') {
          inQuote = true;
        } else if (c == '#' && (q == p || text_[q - 1] == ' ')) {
          break;
        }
        ++q;
      }
      size_t ce = std::min(q, e);
      while (ce > p && (text_[ce - 1] == ' ' || text_[ce - 1] == '\r' ||
                        text_[ce - 1] == '\t'))
        --ce;
      if (ce == p)
        continue;
      lines_.push_back({int(l + 1), int(p - b), p, ce});
    }
  }

  bool isListItem(const Line &l) const {
    return text_[l.begin] == '-' &&
           (l.end == l.begin + 1 || text_[l.begin + 1] == ' ');
  }

  int colOf(size_t offset) const { return position(offset).second; }

  YPtr blockNode(size_t &li, int indent) {
    if (isListItem(lines_[li]))
      return blockList(li, indent);
    return blockMap(li, indent);
  }

  YPtr blockList(size_t &li, int indent) {
    auto v = std::make_shared<YValue>();
    v->kind = YValue::List;
    v->line = lines_[li].no;
    v->col = indent + 1;
    while (li < lines_.size() && lines_[li].indent == indent &&
           isListItem(lines_[li])) {
      Line &l = lines_[li];
      size_t p = l.begin + 1;
      while (p < l.end && text_[p] == ' ')
        ++p;
      if (p == l.end) {
        // The item is on the following lines.
        ++li;
        if (li >= lines_.size() || lines_[li].indent <= indent)
          failAt(l.no, indent + 1, "empty list item");
        v->list.push_back(blockNode(li, lines_[li].indent));
        continue;
      }
      // The item starts on this line: re-read the rest as a line of its own.
      l.indent = colOf(p) - 1;
      l.begin = p;
      v->list.push_back(blockNode(li, l.indent));
    }
    return v;
  }

  YPtr blockMap(size_t &li, int indent) {
    auto v = std::make_shared<YValue>();
    v->kind = YValue::Map;
    v->line = lines_[li].no;
    v->col = indent + 1;
    while (li < lines_.size() && lines_[li].indent == indent &&
           !isListItem(lines_[li])) {
      const Line l = lines_[li];
      size_t p = l.begin;
      while (p < l.end && (std::isalnum(static_cast<unsigned char>(text_[p])) ||
                           text_[p] == '_'))
        ++p;
      if (p == l.begin)
        fail(p, "expected a key");
      std::string key(text_.substr(l.begin, p - l.begin));
      YValue::Entry entry;
      entry.key = key;
      entry.line = l.no;
      entry.col = indent + 1;
      if (p == l.end) {
        // A key without value (isl's "leaf").
        v->map.push_back({entry, nullptr});
        ++li;
        continue;
      }
      if (text_[p] != ':')
        fail(p, "expected ':' after the key '" + key + "'");
      ++p;
      if (p < l.end && text_[p] != ' ')
        fail(p, "expected a space after ':'");
      while (p < l.end && text_[p] == ' ')
        ++p;
      ++li;
      if (p == l.end) {
        // The value is on the following lines (deeper, or a list at the
        // same indentation).
        if (li < lines_.size() &&
            (lines_[li].indent > indent ||
             (lines_[li].indent == indent && isListItem(lines_[li])))) {
          v->map.push_back({entry, blockNode(li, lines_[li].indent)});
        } else {
          auto empty = std::make_shared<YValue>();
          empty->line = l.no;
          empty->col = int(p - lineStart_[size_t(l.no - 1)] + 1);
          v->map.push_back({entry, empty});
        }
        continue;
      }
      size_t pos = p;
      YPtr val = flowValue(pos, l.end);
      if (pos != l.end)
        fail(pos, "unexpected text after the value of '" + key + "'");
      v->map.push_back({entry, val});
    }
    return v;
  }

  // Flow values over text_[pos, end).
  YPtr flowValue(size_t &pos, size_t end) {
    pos = skipSpaceAndComments(pos, end);
    if (pos >= end)
      fail(pos, "expected a value");
    auto v = std::make_shared<YValue>();
    auto [l, c] = position(pos);
    v->line = l;
    v->col = c;
    char ch = text_[pos];
    if (ch == '{') {
      v->kind = YValue::Map;
      ++pos;
      pos = skipSpaceAndComments(pos, end);
      if (pos < end && text_[pos] == '}') {
        ++pos;
        return v;
      }
      while (true) {
        pos = skipSpaceAndComments(pos, end);
        size_t kb = pos;
        while (pos < end &&
               (std::isalnum(static_cast<unsigned char>(text_[pos])) ||
                text_[pos] == '_'))
          ++pos;
        if (pos == kb)
          fail(pos, "expected a key");
        YValue::Entry entry;
        entry.key = std::string(text_.substr(kb, pos - kb));
        std::tie(entry.line, entry.col) = position(kb);
        pos = skipSpaceAndComments(pos, end);
        if (pos < end && text_[pos] == ':') {
          ++pos;
          v->map.push_back({entry, flowValue(pos, end)});
        } else {
          v->map.push_back({entry, nullptr});
        }
        pos = skipSpaceAndComments(pos, end);
        if (pos < end && text_[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < end && text_[pos] == '}') {
          ++pos;
          return v;
        }
        fail(pos, "expected ',' or '}' in a mapping");
      }
    }
    if (ch == '[') {
      v->kind = YValue::List;
      ++pos;
      pos = skipSpaceAndComments(pos, end);
      if (pos < end && text_[pos] == ']') {
        ++pos;
        return v;
      }
      while (true) {
        v->list.push_back(flowValue(pos, end));
        pos = skipSpaceAndComments(pos, end);
        if (pos < end && text_[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < end && text_[pos] == ']') {
          ++pos;
          return v;
        }
        fail(pos, "expected ',' or ']' in a list");
      }
    }
    if (ch == '"') {
      v->quoted = true;
      v->textCol = c + 1;
      ++pos;
      while (true) {
        if (pos >= end || text_[pos] == '\n')
          fail(pos, "unterminated string");
        char x = text_[pos];
        if (x == '"') {
          ++pos;
          return v;
        }
        if (x == '\\') {
          ++pos;
          if (pos >= end)
            fail(pos, "unterminated string");
          char e = text_[pos];
          if (e == 'n')
            v->text += '\n';
          else if (e == 't')
            v->text += '\t';
          else if (e == '"' || e == '\\' || e == '/')
            v->text += e;
          else
            fail(pos, std::string("unknown escape '\\") + e + "'");
          ++pos;
          continue;
        }
        v->text += x;
        ++pos;
      }
    }
    // Plain scalar: up to ',', '}', ']' or the end of the line.
    size_t b = pos;
    while (pos < end && text_[pos] != ',' && text_[pos] != '}' &&
           text_[pos] != ']' && text_[pos] != '\n' && text_[pos] != '#')
      ++pos;
    size_t e = pos;
    while (e > b && (text_[e - 1] == ' ' || text_[e - 1] == '\r'))
      --e;
    v->text = std::string(text_.substr(b, e - b));
    return v;
  }

  std::string_view text_;
  std::string file_;
  std::vector<size_t> lineStart_;
  std::vector<Line> lines_;
};

/// Reads isl text found in a quoted YAML string, mapping parse errors to
/// positions of the schedule text (exact on single-line strings).
class TreeBuilder {
public:
  TreeBuilder(const YamlReader &reader, std::string file)
      : reader_(reader), file_(std::move(file)) {}

  ScheduleNode node(const YValue &v, bool root) {
    if (v.kind != YValue::Map)
      reader_.failAt(v.line, v.col, "expected a schedule tree node (a mapping)");
    static const std::vector<std::string> kinds = {
        "domain", "schedule", "sequence", "filter", "mark", "leaf",
        "set",    "context",  "expansion", "extension", "guard"};
    const YValue::Entry *kindEntry = nullptr;
    const YValue *kindValue = nullptr;
    const YValue *childValue = nullptr;
    std::set<std::string> seen;
    for (const auto &[entry, value] : v.map) {
      if (!seen.insert(entry.key).second)
        reader_.failAt(entry.line, entry.col,
                       "the key '" + entry.key + "' appears twice");
      if (std::find(kinds.begin(), kinds.end(), entry.key) != kinds.end()) {
        if (kindEntry)
          reader_.failAt(entry.line, entry.col,
                         "a node has one kind; found '" + kindEntry->key +
                             "' and '" + entry.key + "'");
        kindEntry = &entry;
        kindValue = value.get();
      } else if (entry.key == "child") {
        if (!value)
          reader_.failAt(entry.line, entry.col, "'child' needs a node");
        childValue = value.get();
      } else if (entry.key == "permutable" || entry.key == "coincident" ||
                 entry.key == "options") {
        // Band attributes isl prints; they do not change the order.
      } else {
        reader_.failAt(entry.line, entry.col,
                       "unknown key '" + entry.key + "'");
      }
    }
    if (!kindEntry)
      reader_.failAt(v.line, v.col,
                     "a node needs one of the keys domain, schedule, "
                     "sequence, filter, mark");
    const std::string &k = kindEntry->key;
    auto attrsOnlyOnBand = [&]() {
      for (const auto &[entry, value] : v.map)
        if ((entry.key == "permutable" || entry.key == "coincident" ||
             entry.key == "options") &&
            k != "schedule")
          reader_.failAt(entry.line, entry.col,
                         "'" + entry.key + "' belongs to a band node");
    };
    attrsOnlyOnBand();
    if (k == "set" || k == "context" || k == "expansion" ||
        k == "extension" || k == "guard")
      reader_.failAt(kindEntry->line, kindEntry->col,
                     "'" + k + "' nodes are not supported (the dependence "
                               "check needs one total order: use a "
                               "sequence of filters)");
    if (root && k != "domain")
      reader_.failAt(kindEntry->line, kindEntry->col,
                     "the root of a schedule tree must be a domain node");
    if (!root && k == "domain")
      reader_.failAt(kindEntry->line, kindEntry->col,
                     "a domain node can only be the root");
    auto child = [&]() {
      return childValue ? node(*childValue, false) : ScheduleNode::leaf();
    };
    try {
      if (k == "leaf") {
        if (kindValue)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a leaf has no value");
        if (childValue)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a leaf has no child");
        return ScheduleNode::leaf();
      }
      if (k == "sequence") {
        if (childValue)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a sequence has filters, not a child");
        if (!kindValue || kindValue->kind != YValue::List)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a sequence needs a list of filters");
        std::vector<ScheduleNode> filters;
        for (const YPtr &item : kindValue->list) {
          ScheduleNode f = node(*item, false);
          if (f.kind() != ScheduleNodeKind::Filter)
            reader_.failAt(item->line, item->col,
                           "every item of a sequence must be a filter node");
          filters.push_back(std::move(f));
        }
        return ScheduleNode::sequence(std::move(filters));
      }
      const YValue &s = string(*kindEntry, kindValue);
      if (k == "domain")
        return ScheduleNode::domain(unionSet(s, "domain"), child());
      if (k == "filter")
        return ScheduleNode::filter(unionSet(s, "filter"), child());
      if (k == "mark")
        return ScheduleNode::mark(s.text, child());
      // schedule
      return ScheduleNode::band(band(s), child());
    } catch (const ScheduleError &e) {
      reader_.failAt(kindEntry->line, kindEntry->col, e.what());
    }
  }

private:
  const YValue &string(const YValue::Entry &entry, const YValue *v) {
    if (!v || v->kind != YValue::Scalar || (!v->quoted && v->text.empty()))
      reader_.failAt(entry.line, entry.col,
                     "'" + entry.key + "' needs a string value");
    return *v;
  }

  [[noreturn]] void islError(const YValue &s, size_t offset,
                             const presburger::ParseError &e) {
    int line = s.line, col;
    if (e.line() == 1)
      col = (s.quoted ? s.textCol : s.col) + int(offset) + int(e.column()) - 1;
    else {
      line = s.line + int(e.line()) - 1;
      col = int(e.column());
    }
    reader_.failAt(line, col, e.message());
  }

  UnionRelation unionSet(const YValue &s, const char *what) {
    UnionRelation u;
    try {
      u = presburger::parseUnion(s.text);
    } catch (const presburger::ParseError &e) {
      islError(s, 0, e);
    }
    if (!u.isSetUnion())
      reader_.failAt(s.line, s.col,
                     std::string("the ") + what +
                         " must be a set of statement instances");
    return u;
  }

  /// "[params] -> [{...}, {...}]": one union relation per member.
  std::vector<UnionRelation> band(const YValue &s) {
    const std::string &t = s.text;
    size_t p = 0;
    auto skip = [&]() {
      while (p < t.size() && (t[p] == ' ' || t[p] == '\n' || t[p] == '\t'))
        ++p;
    };
    auto bad = [&](size_t at, const std::string &msg) {
      reader_.failAt(s.line, (s.quoted ? s.textCol : s.col) + int(at), msg);
    };
    std::string params;
    skip();
    // An optional parameter list "[n, m] ->" before the member list "[{".
    if (p < t.size() && t[p] == '[') {
      size_t q = p + 1;
      while (q < t.size() && t[q] == ' ')
        ++q;
      if (q < t.size() && t[q] != '{') {
        size_t close = t.find(']', p);
        if (close == std::string::npos)
          bad(p, "unterminated parameter list");
        size_t arrow = t.find("->", close);
        if (arrow == std::string::npos)
          bad(close, "expected '->' after the parameters");
        params = t.substr(p, close - p + 1) + " -> ";
        p = arrow + 2;
        skip();
      }
    }
    if (p >= t.size() || t[p] != '[')
      bad(p, "expected '[' before the band members");
    ++p;
    std::vector<UnionRelation> members;
    while (true) {
      skip();
      if (p >= t.size() || t[p] != '{')
        bad(p, "expected '{' to start a band member");
      size_t b = p;
      int depth = 0;
      for (; p < t.size(); ++p) {
        if (t[p] == '{')
          ++depth;
        else if (t[p] == '}' && --depth == 0)
          break;
      }
      if (p >= t.size())
        bad(b, "unterminated band member");
      ++p;
      std::string member = t.substr(b, p - b);
      UnionRelation u;
      try {
        u = presburger::parseUnion(params + member);
      } catch (const presburger::ParseError &e) {
        if (e.line() == 1 && e.column() > params.size())
          islError(s, b, presburger::ParseError(
                             e.message(), 1,
                             unsigned(e.column() - params.size())));
        islError(s, 0, e);
      }
      if (!u.isRelationUnion() || u.isEmptyUnion())
        bad(b, "a band member must map statement instances to a time, "
               "{ sN[...] -> [(e)] }");
      members.push_back(std::move(u));
      skip();
      if (p < t.size() && t[p] == ',') {
        ++p;
        continue;
      }
      if (p < t.size() && t[p] == ']') {
        ++p;
        break;
      }
      bad(p, "expected ',' or ']' after a band member");
    }
    skip();
    if (p != t.size())
      bad(p, "unexpected text after the band");
    return members;
  }

  const YamlReader &reader_;
  std::string file_;
};

} // namespace

ScheduleTree ScheduleTree::parse(std::string_view text, const std::string &file) {
  YamlReader reader(text, file);
  YPtr v = reader.read();
  TreeBuilder builder(reader, file);
  return ScheduleTree(builder.node(*v, true));
}

//===----------------------------------------------------------------------===//
// Flattening
//===----------------------------------------------------------------------===//

namespace {

struct Emission {
  Relation instances;            // a set: one statement's instances
  std::vector<Relation> comps;   // each T[ivs] -> [t]
};

/// The piece of the union relation `u` whose domain tuple is `t`.
const Relation *pieceWithDomain(const UnionRelation &u, const Tuple &t) {
  for (const Relation &p : u.pieces())
    if (p.space().domainTuple() == t)
      return &p;
  return nullptr;
}

/// { T[ivs] -> [value] } on the instances `set`.
Relation constantTime(const Relation &set, int64_t value) {
  Space sp = Space::relation(set.space().paramNames(), set.space().setTuple(),
                             Tuple(1));
  BasicRelation b(sp);
  std::vector<Int> row(b.numCols());
  row[b.offset(VarKind::Range)] = Int(1);
  row.back() = Int(-value);
  b.addEquality(row);
  return Relation(std::move(b)).intersectDomain(set);
}

void flatten(const ScheduleNode &n, const UnionRelation &active,
             const std::vector<UnionRelation> &comps,
             std::vector<Emission> &out) {
  switch (n.kind()) {
  case ScheduleNodeKind::Domain:
    flatten(n.child(), n.set(), {}, out);
    return;
  case ScheduleNodeKind::Filter:
    flatten(n.child(), active.intersect(n.set()), comps, out);
    return;
  case ScheduleNodeKind::Mark:
    flatten(n.child(), active, comps, out);
    return;
  case ScheduleNodeKind::Band: {
    std::vector<UnionRelation> next = comps;
    for (const UnionRelation &m : n.members()) {
      UnionRelation c = m.intersectDomain(active);
      for (const Relation &a : active.pieces()) {
        const Relation *piece = pieceWithDomain(c, a.space().setTuple());
        bool covered = piece && a.isSubsetOf(piece->domain());
        if (!covered && !a.isEmpty())
          throw ScheduleError("the band " + printBand(n.members()) +
                              " does not give a time to every instance of " +
                              a.toString() + " that reaches it");
      }
      next.push_back(std::move(c));
    }
    flatten(n.child(), active, next, out);
    return;
  }
  case ScheduleNodeKind::Sequence: {
    for (size_t i = 0; i < n.children().size(); ++i) {
      const ScheduleNode &f = n.children()[i];
      UnionRelation sub = active.intersect(f.set());
      std::vector<UnionRelation> next;
      for (const UnionRelation &c : comps)
        next.push_back(c.intersectDomain(sub));
      UnionRelation position(sub.paramNames());
      for (const Relation &a : sub.pieces())
        position.add(constantTime(a, int64_t(i)));
      next.push_back(std::move(position));
      flatten(f.child(), sub, next, out);
    }
    return;
  }
  case ScheduleNodeKind::Leaf:
    for (const Relation &a : active.pieces()) {
      Emission e{a, {}};
      bool empty = false;
      for (const UnionRelation &c : comps) {
        const Relation *piece = pieceWithDomain(c, a.space().setTuple());
        if (!piece) {
          // The engine may drop a piece it finds empty while `a` (the same
          // instances) is not yet known to be empty.
          if (a.isEmpty()) {
            empty = true;
            break;
          }
          throw ScheduleError("no time is given to " + a.toString());
        }
        e.comps.push_back(*piece);
      }
      if (!empty)
        out.push_back(std::move(e));
    }
    return;
  }
}

/// { T[ivs] -> [t0, ..., tK-1] } from the components, padded with zeros.
Relation assemble(const Emission &e, unsigned K) {
  Space sp = Space::relation(e.instances.space().paramNames(),
                             e.instances.space().setTuple(), Tuple(K));
  Relation r = Relation::universe(sp).intersectDomain(e.instances);
  for (unsigned k = 0; k < e.comps.size(); ++k) {
    Relation c = e.comps[k]
                     .insertDims(VarKind::Range, 0, k)
                     .insertDims(VarKind::Range, k + 1, K - k - 1);
    r = r.intersect(c);
  }
  for (unsigned k = unsigned(e.comps.size()); k < K; ++k)
    r = r.fix(VarKind::Range, k, Int(0));
  return r;
}

} // namespace

UnionRelation ScheduleTree::getMap() const {
  std::vector<Emission> emissions;
  flatten(root_, UnionRelation(domain().paramNames()), {}, emissions);
  unsigned K = 0;
  for (const Emission &e : emissions)
    K = std::max(K, unsigned(e.comps.size()));
  UnionRelation out(domain().paramNames());
  for (const Emission &e : emissions)
    out.add(assemble(e, K));
  return out;
}

UnionRelation padSchedule(const UnionRelation &map) {
  unsigned K = 0;
  for (const Relation &p : map.pieces()) {
    if (!p.isRelation())
      throw ScheduleError("a schedule maps statement instances to times; "
                          "found a set: " +
                          p.toString());
    const Tuple &out = p.space().rangeTuple();
    if (out.hasName() || out.isNested())
      throw ScheduleError("the times of a schedule are anonymous flat "
                          "tuples [t0, t1, ...]; found " +
                          p.toString());
    K = std::max(K, out.numDims());
  }
  UnionRelation res(map.paramNames());
  for (const Relation &p : map.pieces()) {
    unsigned n = p.numRange();
    Relation q = p;
    if (n < K) {
      q = q.insertDims(VarKind::Range, n, K - n);
      for (unsigned k = n; k < K; ++k)
        q = q.fix(VarKind::Range, k, Int(0));
    }
    res.add(std::move(q));
  }
  return res;
}

UnionRelation parseSchedule(std::string_view text, const std::string &file) {
  // A tree starts with "domain:" or "{ domain:" (after blanks and
  // comments); anything else is a relation.
  size_t p = 0;
  while (p < text.size()) {
    char c = text[p];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++p;
    } else if (c == '#') {
      while (p < text.size() && text[p] != '\n')
        ++p;
    } else {
      break;
    }
  }
  size_t q = p;
  if (q < text.size() && text[q] == '{') {
    ++q;
    while (q < text.size() &&
           (text[q] == ' ' || text[q] == '\n' || text[q] == '\t' ||
            text[q] == '\r'))
      ++q;
  }
  if (text.substr(q, 6) == "domain") {
    size_t r = q + 6;
    while (r < text.size() && text[r] == ' ')
      ++r;
    if (r < text.size() && text[r] == ':')
      return ScheduleTree::parse(text, file).getMap();
  }
  UnionRelation u;
  try {
    u = presburger::parseUnion(text);
  } catch (const presburger::ParseError &e) {
    throw ParseError(SourceLocation{file, int(e.line()), int(e.column())},
                     e.message());
  }
  if (u.isEmptyUnion())
    throw ScheduleError("the schedule is empty");
  return padSchedule(u);
}

} // namespace penguin
