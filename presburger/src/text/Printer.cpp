//===- Printer.cpp - isl notation out -------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Prints sets and relations the way isl does, close enough that isl reads
// the text back to an equal object and a reader recognizes the style:
//
//   [n] -> { S[i, j = 1 + i] : 0 <= i < n and (j) mod 2 = 0 }
//
//  - names: parameters as given; dimensions from the tuple's name hints
//    when they are valid, unused identifiers, otherwise fresh ones (i0, i1
//    for sets and domains, o0, o1 for ranges, e0, e1 for existentials);
//  - a dimension fixed by an equality over earlier dimensions is printed in
//    its tuple (`[i, j = 1 + i]`, or `[i] -> [1 + i]` when it has no name
//    and no disjunct of the relation shows it by name);
//  - locals with a floor-division definition are written inline as
//    `floor((num)/den)` (their defining constraints are implied and not
//    printed), and `num - den*floor(num/den)` as `(num) mod den`; locals
//    without one are declared in `exists (e0, e1: ...)`;
//  - each constraint is solved for its last variable, and a lower and an
//    upper bound of the same term are chained (`0 <= i <= 9`); `i >= 1`
//    prints as `i > 0` like isl;
//  - constraints are sorted by that variable, then equalities, chains,
//    lower and upper bounds, then by text, and a constraint that prints
//    exactly like another is written once: the same object always prints
//    the same string, whatever the order of its rows.
//
//===----------------------------------------------------------------------===//
#include "presburger/Printer.h"
#include "basic/Divisions.h"
#include "basic/RowAccess.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include "text/ParserImpl.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace presburger {

std::string printParamsPrefix(const std::vector<std::string> &params) {
  if (params.empty())
    return "";
  std::string out = "[";
  for (size_t i = 0; i < params.size(); ++i)
    out += (i ? ", " : "") + params[i];
  return out + "] -> ";
}

namespace {

using parser::isPlainIdentifier;

/// An affine form to print: coefficient per column, a constant, and
/// optionally one `(num) mod den` term with coefficient modCoeff.
struct Form {
  std::vector<Int> coeffs; // numVars() entries.
  Int constant;
  Int modCoeff;            // Zero: no mod term.
  std::vector<Int> modNum; // numCols() entries (constant last).
  Int modDen;
};

class DisjunctPrinter {
public:
  /// `forceNamed` (per dimension, optional): show these dimensions by name
  /// even when their value is written in the tuple.
  /// `tupleDefinitions`: write dimensions fixed by an equality in their
  /// tuple (`[i, j = 1 + i]`); without it, every constraint stays in the
  /// body, as isl prints the domains of a function's pieces.
  explicit DisjunctPrinter(const BasicRelation &b,
                           const std::vector<bool> *forceNamed = nullptr,
                           bool tupleDefinitions = true)
      : b_(b), sp_(b.space()), nv_(b.numVars()), lo_(b.offset(VarKind::Local)),
        nLocals_(b.numLocals()), forceNamed_(forceNamed),
        tupleDefinitions_(tupleDefinitions) {}

  /// After print(): which dimensions the text shows by name.
  const std::vector<bool> &dimsShownByName() const { return shownByName_; }

  /// "tuples : constraints", "tuples" for the universe, ": constraints"
  /// for a params set.
  std::string print() {
    if (b_.isObviouslyEmpty()) {
      assignNames();
      std::string head = tuplesText();
      return head + (head.empty() ? ": false" : " : false");
    }
    std::string body = printBody();
    std::string head = tuplesText();
    if (body.empty())
      return head.empty() ? ":" : head;
    return head + (head.empty() ? ": " : " : ") + body;
  }

  /// The constraints alone (empty for the universe), `exists` included.
  std::string printBody() {
    if (b_.isObviouslyEmpty())
      return "false";
    prepareNames();
    markDefinitionalRows();
    if (tupleDefinitions_) {
      chooseTupleDefinitions();
    } else {
      usedEq_.assign(b_.numEqualities(), false);
      hasTupleExpr_.clear();
    }
    std::vector<std::string> items = constraintItems();
    std::string body;
    for (size_t i = 0; i < items.size(); ++i)
      body += (i ? " and " : "") + items[i];
    std::vector<unsigned> quantified;
    for (unsigned k = 0; k < nLocals_; ++k)
      if (!inline_[k] && referencedCols_.count(lo_ + k))
        quantified.push_back(k);
    if (!quantified.empty()) {
      std::string ex = "exists (";
      for (size_t i = 0; i < quantified.size(); ++i)
        ex += (i ? ", " : "") + names_[lo_ + quantified[i]];
      body = ex + ": " + (body.empty() ? "true" : body) + ")";
    }
    return body;
  }

  /// Names the variables and decides which locals print inline; once.
  void prepareNames() {
    if (prepared_)
      return;
    classifyLocals();
    assignNames();
    prepared_ = true;
  }

  /// `row` (numCols() entries) as isl writes an affine expression: the
  /// constant first, inline divisions as floor, `(e) mod d` where that is
  /// shorter.
  std::string expressionText(ConstRow row) {
    prepareNames();
    return formText(rowForm(row));
  }

  /// The tuples with every dimension by name (`[i, j]`, `A[i] -> B[j]`).
  std::string plainTuplesText() {
    prepareNames();
    hasTupleExpr_.clear();
    return tuplesText();
  }

private:
  //===--------------------------------------------------------------------===//
  // Locals and names
  //===--------------------------------------------------------------------===//

  /// Defined locals whose definitions are acyclic are printed inline.
  void classifyLocals() {
    inline_.assign(nLocals_, false);
    std::vector<int> state(nLocals_, 0); // 0 new, 1 visiting, 2 done
    std::vector<bool> ok(nLocals_, false);
    for (unsigned k = 0; k < nLocals_; ++k)
      visitLocal(k, state, ok);
    for (unsigned k = 0; k < nLocals_; ++k)
      inline_[k] = ok[k];
  }
  bool visitLocal(unsigned k, std::vector<int> &state, std::vector<bool> &ok) {
    if (state[k] == 2)
      return ok[k];
    if (state[k] == 1)
      return false; // Cycle.
    state[k] = 1;
    bool good = b_.hasDivDef(k) && b_.divDenominator(k).isPositive();
    if (good) {
      ConstRow num = b_.divNumerator(k);
      for (unsigned j = 0; j < nLocals_ && good; ++j)
        if (j != k && !num[lo_ + j].isZero() && b_.hasDivDef(j))
          good = visitLocal(j, state, ok);
      good = good && num[lo_ + k].isZero();
    }
    state[k] = 2;
    ok[k] = good;
    return good;
  }

  void assignNames() {
    names_.assign(nv_, "");
    hinted_.assign(nv_, false);
    std::set<std::string> used(sp_.paramNames().begin(),
                               sp_.paramNames().end());
    for (unsigned p = 0; p < sp_.numParams(); ++p)
      names_[p] = sp_.paramNames()[p];
    // Valid, unique hints first, so that fresh names never take them.
    std::vector<std::string> hints;
    if (sp_.isRelation())
      for (std::string &h : sp_.domainTuple().dimNames())
        hints.push_back(std::move(h));
    if (!sp_.isParams())
      for (std::string &h : sp_.rangeTuple().dimNames())
        hints.push_back(std::move(h));
    unsigned first = sp_.numParams();
    for (unsigned d = 0; d < hints.size(); ++d)
      if (isPlainIdentifier(hints[d]) && used.insert(hints[d]).second) {
        names_[first + d] = hints[d];
        hinted_[first + d] = true;
      }
    auto fresh = [&](const std::string &prefix, unsigned idx) {
      std::string n = prefix + std::to_string(idx);
      while (used.count(n))
        n += "'";
      used.insert(n);
      return n;
    };
    unsigned nDomain = sp_.isRelation() ? sp_.numDomain() : 0;
    for (unsigned d = 0; d < hints.size(); ++d) {
      if (hinted_[first + d])
        continue;
      bool inRange = sp_.isRelation() && d >= nDomain;
      names_[first + d] = fresh(inRange ? "o" : "i", inRange ? d - nDomain : d);
    }
    // Existential names: e0, e1, ... numbered among the undefined locals.
    unsigned idx = 0;
    for (unsigned k = 0; k < nLocals_; ++k)
      if (inline_.empty() || !inline_[k])
        names_[lo_ + k] = fresh("e", idx++);
  }

  //===--------------------------------------------------------------------===//
  // Text of terms and forms
  //===--------------------------------------------------------------------===//

  /// The text of column `c` as an atom: a name or `floor((...)/d)`.
  const std::string &atom(unsigned c) {
    if (c < lo_ || !inline_[c - lo_])
      return names_[c];
    unsigned k = c - lo_;
    auto it = divText_.find(k);
    if (it != divText_.end())
      return it->second;
    ConstRow num = b_.divNumerator(k);
    Form f;
    f.coeffs.assign(num.begin(), num.begin() + nv_);
    f.constant = num[nv_];
    std::string text =
        "floor((" + formText(f) + ")/" + b_.divDenominator(k).toString() + ")";
    return divText_[k] = std::move(text);
  }
  bool isInlineCol(unsigned c) const { return c >= lo_ && inline_[c - lo_]; }

  /// "coefficient times atom" as the first term (leading sign included).
  void appendTerm(std::string &out, const Int &coeff, const std::string &a,
                  bool compound, bool first) {
    Int m = abs(coeff);
    if (first) {
      if (coeff.isNegative())
        out += "-";
    } else {
      out += coeff.isNegative() ? " - " : " + ";
    }
    if (!m.isOne())
      out += m.toString() + (compound ? "*" : "");
    out += a;
  }

  std::string modText(const Form &f) {
    Form num;
    num.coeffs.assign(f.modNum.begin(), f.modNum.begin() + nv_);
    num.constant = f.modNum[nv_];
    return "(" + formText(num) + ") mod " + f.modDen.toString();
  }

  /// isl's order: the constant first, then the terms by column.
  std::string formText(const Form &f) {
    std::string out;
    bool first = true;
    if (!f.constant.isZero()) {
      out += f.constant.toString();
      first = false;
    }
    for (unsigned c = 0; c < nv_; ++c) {
      if (f.coeffs[c].isZero())
        continue;
      appendTerm(out, f.coeffs[c], atom(c), isInlineCol(c), first);
      first = false;
    }
    if (!f.modCoeff.isZero()) {
      // `2*(i) mod 5` would read as (2*i) mod 5.
      std::string m = modText(f);
      appendTerm(out, f.modCoeff, abs(f.modCoeff).isOne() ? m : "(" + m + ")",
                 true, first);
      first = false;
    }
    if (first)
      out = "0";
    return out;
  }

  /// Columns that `c` stands for when printed (inline divisions expand).
  void collectSupport(unsigned c, std::set<unsigned> &out) {
    if (!out.insert(c).second || !isInlineCol(c))
      return;
    ConstRow num = b_.divNumerator(c - lo_);
    for (unsigned j = 0; j < nv_; ++j)
      if (!num[j].isZero())
        collectSupport(j, out);
  }
  void noteReferences(const Form &f) {
    for (unsigned c = 0; c < nv_; ++c)
      if (!f.coeffs[c].isZero())
        collectSupport(c, referencedCols_);
    if (!f.modCoeff.isZero())
      for (unsigned c = 0; c < nv_; ++c)
        if (!f.modNum[c].isZero())
          collectSupport(c, referencedCols_);
  }

  //===--------------------------------------------------------------------===//
  // Rows
  //===--------------------------------------------------------------------===//

  /// Inequalities implied by the definition of an inline local are not
  /// printed: with q = floor(n/d), every row lambda*(n - d*q) + c >= 0 with
  /// c >= 0, and lambda*(d*q - n + d - 1) + c >= 0, holds.
  void markDefinitionalRows() {
    skipIneq_.assign(b_.numInequalities(), false);
    for (unsigned i = 0; i < b_.numInequalities(); ++i) {
      ConstRow r = b_.inequality(i);
      for (unsigned k = 0; k < nLocals_ && !skipIneq_[i]; ++k) {
        if (!inline_[k] || r[lo_ + k].isZero())
          continue;
        for (const std::vector<Int> &base :
             definingRows(b_.divNumerator(k), b_.divDenominator(k), lo_ + k)) {
          if (impliedBy(r, base)) {
            skipIneq_[i] = true;
            break;
          }
        }
      }
    }
  }

  /// Whether `r >= 0` follows from `base >= 0` over the integers: r's
  /// variable part is a positive multiple l of base's and its constant at
  /// least l times base's (rounded as the normalization does).
  bool impliedBy(ConstRow r, const std::vector<Int> &base) const {
    Int rg, bg;
    for (unsigned c = 0; c < nv_; ++c) {
      rg = gcd(rg, r[c]);
      bg = gcd(bg, base[c]);
    }
    if (rg.isZero() || bg.isZero())
      return false;
    for (unsigned c = 0; c < nv_; ++c)
      if (divExact(r[c], rg) != divExact(base[c], bg))
        return false;
    // r = rg * (v . x) + rc, base = bg * (v . x) + bc, v primitive.
    // base >= 0 gives v.x >= ceil(-bc / bg); r >= 0 needs v.x >= -rc / rg.
    Int need = ceilDiv(-r[nv_], rg), have = ceilDiv(-base[nv_], bg);
    return have >= need;
  }

  /// Dimensions fixed by an equality over earlier columns are printed in
  /// their tuple.
  void chooseTupleDefinitions() {
    usedEq_.assign(b_.numEqualities(), false);
    unsigned firstDim = sp_.numParams();
    std::vector<Form> chosen(sp_.numDims());
    std::vector<bool> has(sp_.numDims(), false);
    for (unsigned d = 0; d < sp_.numDims(); ++d) {
      unsigned col = firstDim + d;
      for (unsigned e = 0; e < b_.numEqualities() && !has[d]; ++e) {
        if (usedEq_[e])
          continue;
        ConstRow r = b_.equality(e);
        if (abs(r[col]) != Int(1))
          continue;
        bool ok = true;
        for (unsigned c = 0; c < nv_ && ok; ++c) {
          if (c == col || r[c].isZero())
            continue;
          std::set<unsigned> support;
          collectSupport(c, support);
          for (unsigned s : support)
            if (s >= col && !isInlineCol(s))
              ok = false;
        }
        if (!ok)
          continue;
        // col = -(rest) / r[col].
        Form f;
        f.coeffs.assign(nv_, Int(0));
        Int sgn = r[col].isPositive() ? Int(-1) : Int(1);
        for (unsigned c = 0; c < nv_; ++c)
          if (c != col)
            f.coeffs[c] = r[c] * sgn;
        f.constant = r[nv_] * sgn;
        usedEq_[e] = true;
        has[d] = true;
        chosen[d] = std::move(f);
      }
    }
    // Texts after all choices: a tuple expression may only use the names of
    // dimensions that are written as names.
    for (unsigned d = 0; d < sp_.numDims(); ++d)
      if (has[d]) {
        noteReferences(chosen[d]);
        tupleExprText_[d] = formText(chosen[d]);
      }
    hasTupleExpr_ = has;
  }

  /// A mod term for row `r` when it contains k*(n - d*floor(n/d)) for an
  /// inline local and that makes the row shorter.
  Form rowForm(ConstRow r) {
    Form f;
    f.coeffs.assign(r.begin(), r.begin() + nv_);
    f.constant = r[nv_];
    auto support = [&](const Form &g) {
      unsigned n = 0;
      for (unsigned c = 0; c < nv_; ++c)
        n += !g.coeffs[c].isZero();
      return n;
    };
    for (unsigned k = 0; k < nLocals_; ++k) {
      unsigned q = lo_ + k;
      if (!inline_[k] || r[q].isZero())
        continue;
      const Int &d = b_.divDenominator(k);
      if (!mod(r[q], d).isZero())
        continue;
      Int kk = -divExact(r[q], d);
      ConstRow num = b_.divNumerator(k);
      Form g;
      g.coeffs.assign(nv_, Int(0));
      for (unsigned c = 0; c < nv_; ++c)
        g.coeffs[c] = r[c] - kk * num[c];
      g.coeffs[q] = Int(0);
      g.constant = r[nv_] - kk * num[nv_];
      if (support(g) + 1 >= support(f))
        continue;
      g.modCoeff = kk;
      g.modNum.assign(num.begin(), num.end());
      g.modDen = d;
      return g;
    }
    return f;
  }

  struct Item {
    unsigned pivot;
    int kind; // 0 equality, 1 chain, 2 lower bound, 3 upper bound
    std::string text;
    bool operator<(const Item &o) const {
      if (pivot != o.pivot)
        return pivot < o.pivot;
      if (kind != o.kind)
        return kind < o.kind;
      return text < o.text;
    }
  };

  /// Text for the printed constraints, sorted.
  std::vector<std::string> constraintItems() {
    struct Bound {
      std::string rhs;
      bool strict;
    };
    // Key: pivot position, pivot text -> lower / upper bounds.
    std::map<std::pair<unsigned, std::string>,
             std::pair<std::vector<Bound>, std::vector<Bound>>>
        bounds;
    std::vector<Item> items;
    auto handle = [&](ConstRow r, bool isEq) {
      Form f = rowForm(r);
      noteReferences(f);
      // The pivot: the mod term, else the last non-local, else the last
      // local column.
      unsigned pivot = nv_;
      Int coeff;
      std::string pivotText;
      unsigned pivotKey;
      if (!f.modCoeff.isZero()) {
        coeff = f.modCoeff;
        f.modCoeff = Int(0);
        Form unit;
        unit.modNum = f.modNum;
        unit.modDen = f.modDen;
        pivotText = modText(unit);
        pivotKey = nv_;
        for (unsigned c = nv_; c-- > 0;)
          if (!unit.modNum[c].isZero()) {
            pivotKey = c;
            break;
          }
      } else {
        for (unsigned c = lo_; c-- > 0;)
          if (!f.coeffs[c].isZero()) {
            pivot = c;
            break;
          }
        if (pivot == nv_)
          for (unsigned c = nv_; c-- > lo_;)
            if (!f.coeffs[c].isZero()) {
              pivot = c;
              break;
            }
        if (pivot == nv_) {
          // A constant row (normally removed by normalization).
          bool holds = isEq ? f.constant.isZero() : !f.constant.isNegative();
          items.push_back({0, 0, holds ? "0 = 0" : "1 = 0"});
          return;
        }
        coeff = f.coeffs[pivot];
        f.coeffs[pivot] = Int(0);
        pivotText = atom(pivot);
        pivotKey = pivot;
        if (!abs(coeff).isOne())
          pivotText = abs(coeff).toString() + (isInlineCol(pivot) ? "*" : "") +
                      pivotText;
      }
      if (pivot == nv_ && !abs(coeff).isOne())
        pivotText = abs(coeff).toString() + "*" + pivotText;
      // coeff*P + rest (>= or =) 0  ->  |coeff|*P (>=, <=, =) -rest*sign.
      bool positive = coeff.isPositive();
      Form rhs = f;
      if (positive) {
        for (Int &c : rhs.coeffs)
          c = -c;
        rhs.constant = -rhs.constant;
      }
      if (isEq) {
        items.push_back({pivotKey, 0, pivotText + " = " + formText(rhs)});
        return;
      }
      // Lower bound (positive): P >= rhs; strict when rhs = x + 1.
      // Upper bound: P <= rhs; strict when rhs = x - 1.
      Int strictConst = positive ? Int(1) : Int(-1);
      bool strict = rhs.constant == strictConst;
      if (strict)
        rhs.constant = Int(0);
      Bound bd{formText(rhs), strict};
      auto &slot = bounds[{pivotKey, pivotText}];
      (positive ? slot.first : slot.second).push_back(std::move(bd));
    };
    for (unsigned e = 0; e < b_.numEqualities(); ++e)
      if (!usedEq_[e])
        handle(b_.equality(e), true);
    for (unsigned i = 0; i < b_.numInequalities(); ++i)
      if (!skipIneq_[i])
        handle(b_.inequality(i), false);
    auto byText = [](const Bound &a, const Bound &b) {
      return std::make_pair(a.rhs, a.strict) < std::make_pair(b.rhs, b.strict);
    };
    auto sameText = [](const Bound &a, const Bound &b) {
      return a.rhs == b.rhs && a.strict == b.strict;
    };
    for (auto &[key, lu] : bounds) {
      auto &[lows, ups] = lu;
      // Repeated bounds (e.g. from two locals with the same definition)
      // say nothing new.
      std::sort(lows.begin(), lows.end(), byText);
      lows.erase(std::unique(lows.begin(), lows.end(), sameText), lows.end());
      std::sort(ups.begin(), ups.end(), byText);
      ups.erase(std::unique(ups.begin(), ups.end(), sameText), ups.end());
      size_t n = std::min(lows.size(), ups.size());
      for (size_t i = 0; i < n; ++i)
        items.push_back({key.first, 1,
                         lows[i].rhs + (lows[i].strict ? " < " : " <= ") +
                             key.second + (ups[i].strict ? " < " : " <= ") +
                             ups[i].rhs});
      for (size_t i = n; i < lows.size(); ++i)
        items.push_back(
            {key.first, 2,
             key.second + (lows[i].strict ? " > " : " >= ") + lows[i].rhs});
      for (size_t i = n; i < ups.size(); ++i)
        items.push_back(
            {key.first, 3,
             key.second + (ups[i].strict ? " < " : " <= ") + ups[i].rhs});
    }
    std::sort(items.begin(), items.end());
    std::vector<std::string> out;
    for (Item &it : items)
      if (out.empty() || out.back() != it.text)
        out.push_back(std::move(it.text));
    return out;
  }

  //===--------------------------------------------------------------------===//
  // Tuples
  //===--------------------------------------------------------------------===//

  bool showName(unsigned dim) const {
    unsigned col = sp_.numParams() + dim;
    if (dim >= hasTupleExpr_.size() || !hasTupleExpr_[dim])
      return true;
    return hinted_[col] || referencedCols_.count(col) ||
           (forceNamed_ && dim < forceNamed_->size() && (*forceNamed_)[dim]);
  }

  std::string tupleText(const Tuple &t, unsigned &dim) {
    std::string out = t.name();
    if (t.isNested()) {
      out += "[";
      out += tupleText(t.nestedDomain(), dim);
      out += " -> ";
      out += tupleText(t.nestedRange(), dim);
      return out + "]";
    }
    out += "[";
    for (unsigned i = 0; i < t.numDims(); ++i, ++dim) {
      if (i)
        out += ", ";
      unsigned col = sp_.numParams() + dim;
      bool named = showName(dim);
      shownByName_.push_back(named);
      if (dim < hasTupleExpr_.size() && hasTupleExpr_[dim])
        out += named ? names_[col] + " = " + tupleExprText_[dim]
                     : tupleExprText_[dim];
      else
        out += names_[col];
    }
    return out + "]";
  }

  std::string tuplesText() {
    shownByName_.clear();
    if (sp_.isParams())
      return "";
    unsigned dim = 0;
    std::string out;
    if (sp_.isRelation())
      out += tupleText(sp_.domainTuple(), dim) + " -> ";
    out += tupleText(sp_.rangeTuple(), dim);
    return out;
  }

  const BasicRelation &b_;
  const Space &sp_;
  unsigned nv_, lo_, nLocals_;
  std::vector<bool> inline_;
  std::vector<std::string> names_;
  std::vector<bool> hinted_;
  std::map<unsigned, std::string> divText_;
  std::vector<bool> skipIneq_, usedEq_;
  std::vector<bool> hasTupleExpr_;
  std::map<unsigned, std::string> tupleExprText_;
  std::set<unsigned> referencedCols_;
  const std::vector<bool> *forceNamed_;
  bool tupleDefinitions_;
  bool prepared_ = false;
  std::vector<bool> shownByName_;
};

/// The form a disjunct is printed in, as isl prints after its Gaussian
/// elimination: each equality without locals that has a unit coefficient
/// on some dimension or parameter (the last such column) is substituted
/// into every other constraint and division, then rows are normalized, which
/// drops the constraints that became trivial and keeps the tightest of parallel
/// ones. The same points; the stored object is not changed.
BasicRelation displayForm(const BasicRelation &in) {
  if (in.numEqualities() == 0 || in.isObviouslyEmpty())
    return in;
  BasicRelation b = in;
  Matrix &eqs = mutableEqualities(b);
  Matrix &ineqs = mutableInequalities(b);
  unsigned lo = b.offset(VarKind::Local), nc = b.numCols();
  std::vector<bool> pivot(lo, false);
  for (unsigned e = 0; e < eqs.numRows(); ++e) {
    // Equalities with locals stay as they are: they are strides and
    // division definitions, which the printer shows as `mod` and `floor`.
    bool hasLocal = false;
    for (unsigned c = lo; c < b.numVars() && !hasLocal; ++c)
      hasLocal = !eqs.at(e, c).isZero();
    if (hasLocal)
      continue;
    unsigned col = lo;
    for (unsigned c = lo; c-- > 0;)
      if (!pivot[c] && abs(eqs.at(e, c)) == Int(1)) {
        col = c;
        break;
      }
    if (col == lo)
      continue;
    pivot[col] = true;
    Int a = eqs.at(e, col); // +-1, so a * a = 1
    auto eliminate = [&](Row row) {
      if (row[col].isZero())
        return;
      Int f = -row[col] * a;
      for (unsigned c = 0; c < nc; ++c)
        if (!eqs.at(e, c).isZero())
          row[c] += f * eqs.at(e, c);
    };
    for (unsigned r = 0; r < eqs.numRows(); ++r)
      if (r != e)
        eliminate(eqs.row(r));
    for (unsigned r = 0; r < ineqs.numRows(); ++r)
      eliminate(ineqs.row(r));
    for (unsigned k = 0; k < b.numLocals(); ++k) {
      if (!b.hasDivDef(k) || b.divNumerator(k)[col].isZero())
        continue;
      std::vector<Int> num(b.divNumerator(k).begin(), b.divNumerator(k).end());
      eliminate(Row(num));
      b.setDivDef(k, ConstRow(num), b.divDenominator(k));
    }
  }
  if (std::none_of(pivot.begin(), pivot.end(), [](bool p) { return p; }) ||
      !b.normalize())
    return in;
  // Divisions of what became constants fold away.
  std::optional<std::vector<unsigned>> order = b.divisionOrder();
  if (order && std::is_sorted(order->begin(), order->end())) {
    b.reduceDivCoefficients();
    if (!b.normalize())
      return in;
  }
  return b;
}

/// The body of a relation inside the braces, without parameters. A
/// dimension shown by name in one disjunct is shown by name in all, so that
/// the names read back are the names printed.
std::string relationBody(const Relation &r) {
  if (r.numDisjuncts() == 0)
    return DisjunctPrinter(BasicRelation::empty(r.space())).print();
  std::vector<bool> named(r.space().numDims(), false);
  std::vector<BasicRelation> shown;
  shown.reserve(r.numDisjuncts());
  for (const BasicRelation &b : r.disjuncts())
    shown.push_back(displayForm(b));
  for (const BasicRelation &b : shown) {
    DisjunctPrinter p(b);
    p.print();
    const std::vector<bool> &shown = p.dimsShownByName();
    for (size_t d = 0; d < shown.size() && d < named.size(); ++d)
      named[d] = named[d] || shown[d];
  }
  std::vector<std::string> texts;
  for (unsigned i = 0; i < r.numDisjuncts(); ++i) {
    std::string text = DisjunctPrinter(shown[i], &named).print();
    // Disjuncts stored differently can print the same; once is enough.
    if (std::find(texts.begin(), texts.end(), text) == texts.end())
      texts.push_back(std::move(text));
  }
  std::string out;
  for (size_t i = 0; i < texts.size(); ++i) {
    // `{ : }` reads as the universe, but `{ :; : }` does not read at all.
    std::string text =
        texts[i] == ":" && texts.size() > 1 ? ": true" : texts[i];
    out += (i ? "; " : "") + text;
  }
  return out;
}

} // namespace

std::string printDisjunct(const BasicRelation &b) {
  return DisjunctPrinter(displayForm(b)).print();
}

std::string printBasicRelation(const BasicRelation &b) {
  return printParamsPrefix(b.space().paramNames()) + "{ " + printDisjunct(b) +
         " }";
}

std::string printRelation(const Relation &r) {
  return printParamsPrefix(r.space().paramNames()) + "{ " + relationBody(r) +
         " }";
}

std::string printUnionRelation(const UnionRelation &u) {
  std::string body;
  for (const Relation &r : u.pieces()) {
    if (r.numDisjuncts() == 0)
      continue;
    body += (body.empty() ? "" : "; ") + relationBody(r);
  }
  return printParamsPrefix(u.paramNames()) + "{ " + body +
         (body.empty() ? "}" : " }");
}

std::string printFunctionPiece(const BasicRelation &forms,
                               const std::vector<std::vector<Int>> &rows,
                               const Tuple &range, const Relation &domain) {
  DisjunctPrinter exprs(forms);
  std::string out = forms.isParams() ? "" : exprs.plainTuplesText() + " -> ";
  // The outputs in the shape of the range tuple, nested ones as
  // `[B[(e1)] -> C[(e2)]]`, as isl prints them.
  size_t next = 0;
  std::function<std::string(const Tuple &)> tupleOf =
      [&](const Tuple &t) -> std::string {
    if (t.isNested()) {
      std::string first = tupleOf(t.nestedDomain()); // the outputs in order
      return t.name() + "[" + first + " -> " + tupleOf(t.nestedRange()) + "]";
    }
    std::string text = t.name() + "[";
    for (unsigned i = 0; i < t.numDims(); ++i, ++next)
      text += (i ? ", (" : "(") +
              exprs.expressionText(ConstRow(rows.at(next))) + ")";
    return text + "]";
  };
  out += tupleOf(range);
  std::string cond;
  for (const BasicRelation &b : domain.disjuncts()) {
    BasicRelation shown = displayForm(b);
    std::string body = DisjunctPrinter(shown, nullptr, false).printBody();
    if (body.empty())
      return out; // A universe disjunct: no condition.
    cond += (cond.empty() ? "" : " or ") + body;
  }
  return cond.empty() ? out : out + " : " + cond;
}

// The toString methods of the objects are defined here, in the text layer,
// so that the layers below never include the printer.
std::string BasicRelation::toString() const {
  return printBasicRelation(*this);
}
std::string Relation::toString() const { return printRelation(*this); }
std::string UnionRelation::toString() const {
  return printUnionRelation(*this);
}

} // namespace presburger
