//===- ParserLowering.cpp - From isl formulas to relations ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One body (`S[i] : formula`) becomes a Relation in three passes:
//
//  1. Expressions are evaluated to *pieces*: a list of (condition, rational
//     affine form) whose conditions partition the universe. min/max and `?:`
//     make several pieces; floor/ceil/mod introduce division variables
//     q = floor(num / den), shared by all uses of the same division in the
//     same quantifier scope.
//  2. The formula is rewritten into a tree of atoms (`row >= 0`, `row = 0`)
//     joined by and/or/exists, with negation pushed down to the atoms
//     (De Morgan; over the integers not(e >= 0) is -e - 1 >= 0). A negated
//     `exists` stays as a node that is complemented in pass 3.
//  3. The tree is put in disjunctive normal form over a working space whose
//     columns are the parameters, the dimensions, and per scope its exists
//     variables and divisions. Closing a scope turns its columns into locals
//     (divisions keep their definitions); a negated `exists` is the
//     complement of its relation (Relation::complement), which needs every
//     local to have a floor-division form.
//
// Division columns are free while the formula is lowered; their defining
// constraints are conjoined when their scope is closed. This is exact, also
// under negation: the complement is taken before the definitions restrict
// the division columns to their values.
//
//===----------------------------------------------------------------------===//
#include "basic/Divisions.h"
#include "text/ParserImpl.h"

#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <algorithm>
#include <map>

namespace presburger::parser {

namespace {

constexpr size_t kMaxPieces = 1024;
constexpr size_t kMaxClauses = 10000;

using SparseRow = std::vector<std::pair<unsigned, Int>>; // Sorted by var.

/// (sum coeffs + constant) / den with den > 0.
struct Lin {
  std::map<unsigned, Int> coeffs;
  Int constant{0};
  Int den{1};
};

Lin linConst(Int c) {
  Lin l;
  l.constant = std::move(c);
  return l;
}

Lin linVar(unsigned v) {
  Lin l;
  l.coeffs[v] = Int(1);
  return l;
}

/// Divides numerator and denominator by their gcd.
void reduce(Lin &l) {
  for (auto it = l.coeffs.begin(); it != l.coeffs.end();)
    it = it->second.isZero() ? l.coeffs.erase(it) : std::next(it);
  Int g = l.den;
  g = gcd(g, l.constant);
  for (auto &[v, c] : l.coeffs)
    g = gcd(g, c);
  if (g.isZero() || g.isOne())
    return;
  l.den = divExact(l.den, g);
  l.constant = divExact(l.constant, g);
  for (auto &[v, c] : l.coeffs)
    c = divExact(c, g);
}

/// a + sign * b.
Lin addLin(const Lin &a, const Lin &b, int sign) {
  Int den = lcm(a.den, b.den);
  Int fa = divExact(den, a.den), fb = divExact(den, b.den);
  if (sign < 0)
    fb = -fb;
  Lin r;
  r.den = den;
  r.constant = a.constant * fa + b.constant * fb;
  for (const auto &[v, c] : a.coeffs)
    r.coeffs[v] += c * fa;
  for (const auto &[v, c] : b.coeffs)
    r.coeffs[v] += c * fb;
  reduce(r);
  return r;
}

/// a * num / den (den > 0).
Lin scaleLin(const Lin &a, const Int &num, const Int &den) {
  Lin r = a;
  r.den *= den;
  r.constant *= num;
  for (auto &[v, c] : r.coeffs)
    c *= num;
  reduce(r);
  return r;
}

/// Node of the lowered formula tree.
struct LNode {
  enum class Kind : uint8_t { True, False, Atom, And, Or, Exists, NotExists };
  Kind kind;
  SparseRow row; // Atom: sum row[k].second * var(row[k].first) + constant
  Int constant{0};
  bool isEq = false; // Atom: = 0, else >= 0
  std::vector<uint32_t> kids;
  unsigned scope = 0;
  SourcePos pos;
};

using LId = uint32_t;
constexpr LId kTrue = 0, kFalse = 1;

struct Piece {
  LId cond;
  Lin value;
};
using Pieces = std::vector<Piece>;

struct DivDef {
  SparseRow num; // Integer numerator over variables.
  Int constant;
  Int den;
};

class Lowering {
public:
  Lowering(Ast &ast, const BodyAst &body) : ast_(ast), body_(body) {
    nodes_.push_back(LNode{LNode::Kind::True, {}, Int(0), false, {}, 0, {}});
    nodes_.push_back(LNode{LNode::Kind::False, {}, Int(0), false, {}, 0, {}});
  }

  Relation run();

private:
  //===--------------------------------------------------------------------===//
  // Formula tree construction
  //===--------------------------------------------------------------------===//

  LId add(LNode n) {
    nodes_.push_back(std::move(n));
    return LId(nodes_.size() - 1);
  }

  LId mkAnd(const std::vector<LId> &parts, SourcePos pos) {
    std::vector<LId> kids;
    for (LId p : parts) {
      if (p == kFalse)
        return kFalse;
      if (p == kTrue)
        continue;
      if (nodes_[p].kind == LNode::Kind::And)
        kids.insert(kids.end(), nodes_[p].kids.begin(), nodes_[p].kids.end());
      else
        kids.push_back(p);
    }
    if (kids.empty())
      return kTrue;
    if (kids.size() == 1)
      return kids[0];
    LNode n{LNode::Kind::And, {}, Int(0), false, std::move(kids), 0, pos};
    return add(std::move(n));
  }

  LId mkOr(const std::vector<LId> &parts, SourcePos pos) {
    std::vector<LId> kids;
    for (LId p : parts) {
      if (p == kTrue)
        return kTrue;
      if (p == kFalse)
        continue;
      if (nodes_[p].kind == LNode::Kind::Or)
        kids.insert(kids.end(), nodes_[p].kids.begin(), nodes_[p].kids.end());
      else
        kids.push_back(p);
    }
    if (kids.empty())
      return kFalse;
    if (kids.size() == 1)
      return kids[0];
    LNode n{LNode::Kind::Or, {}, Int(0), false, std::move(kids), 0, pos};
    return add(std::move(n));
  }

  /// The atom `num >= 0` (or `= 0`) where num is the numerator of `l`
  /// shifted by `shift`; constant atoms are decided on the spot.
  LId mkAtom(const Lin &l, int sign, const Int &shift, bool isEq,
             SourcePos pos) {
    LNode n{LNode::Kind::Atom, {}, Int(0), isEq, {}, 0, pos};
    for (const auto &[v, c] : l.coeffs)
      if (!c.isZero())
        n.row.emplace_back(v, sign < 0 ? -c : c);
    n.constant = (sign < 0 ? -l.constant : l.constant) + shift;
    if (n.row.empty()) {
      bool holds = isEq ? n.constant.isZero() : !n.constant.isNegative();
      return holds ? kTrue : kFalse;
    }
    return add(std::move(n));
  }

  /// a op b for two affine forms, exactly (strict means a difference of
  /// any positive amount); used for the cases of min, max and lists.
  LId compare(const Lin &a, CmpOp op, const Lin &b, SourcePos pos) {
    Lin d = addLin(a, b, -1); // a - b; its numerator has a - b's sign.
    switch (op) {
    case CmpOp::Eq:
      return mkAtom(d, 1, Int(0), true, pos);
    case CmpOp::Ne:
      return mkOr({mkAtom(d, 1, Int(-1), false, pos),
                   mkAtom(d, -1, Int(-1), false, pos)},
                  pos);
    case CmpOp::Ge:
      return mkAtom(d, 1, Int(0), false, pos);
    case CmpOp::Gt:
      return mkAtom(d, 1, Int(-1), false, pos);
    case CmpOp::Le:
      return mkAtom(d, -1, Int(0), false, pos);
    case CmpOp::Lt:
      return mkAtom(d, -1, Int(-1), false, pos);
    default:
      break;
    }
    return kFalse; // Lexicographic operators are handled by lexCompare.
  }

  /// `a op b` as isl reads it from the text, or its exact complement when
  /// `neg`. For rational values isl takes a strict comparison as a
  /// difference of at least one (`i/2 > 1` is `i/2 >= 2`, `i/3 != 1` is
  /// `i/3 <= 0 or i/3 >= 2`); the complement (from `not`) is exact.
  LId compareUser(const Lin &a, CmpOp op, const Lin &b, bool neg,
                  SourcePos pos) {
    Lin d = addLin(a, b, -1); // Numerator N over denominator den > 0.
    const Int &den = d.den;
    Int one(1);
    switch (op) {
    case CmpOp::Ge: // N >= 0; not: N <= -1
      return neg ? mkAtom(d, -1, -one, false, pos)
                 : mkAtom(d, 1, Int(0), false, pos);
    case CmpOp::Le: // -N >= 0; not: N >= 1
      return neg ? mkAtom(d, 1, -one, false, pos)
                 : mkAtom(d, -1, Int(0), false, pos);
    case CmpOp::Gt: // N >= den; not: N <= den - 1
      return neg ? mkAtom(d, -1, den - one, false, pos)
                 : mkAtom(d, 1, -den, false, pos);
    case CmpOp::Lt: // N <= -den; not: N >= 1 - den
      return neg ? mkAtom(d, 1, den - one, false, pos)
                 : mkAtom(d, -1, -den, false, pos);
    case CmpOp::Eq: // N = 0; not: N >= 1 or N <= -1
      if (!neg)
        return mkAtom(d, 1, Int(0), true, pos);
      return mkOr(
          {mkAtom(d, 1, -one, false, pos), mkAtom(d, -1, -one, false, pos)},
          pos);
    case CmpOp::Ne: // N >= den or N <= -den; not: |N| <= den - 1
      if (!neg)
        return mkOr(
            {mkAtom(d, 1, -den, false, pos), mkAtom(d, -1, -den, false, pos)},
            pos);
      return mkAnd({mkAtom(d, 1, den - one, false, pos),
                    mkAtom(d, -1, den - one, false, pos)},
                   pos);
    default:
      break;
    }
    return kFalse;
  }

  /// Whether the value of `v` is an integer (always, unless rational).
  LId integral(const Lin &v, bool neg, SourcePos pos) {
    if (v.den.isOne())
      return neg ? kFalse : kTrue;
    return compare(v, neg ? CmpOp::Ne : CmpOp::Eq, floorLin(v), pos);
  }

  static CmpOp negateOp(CmpOp op) {
    switch (op) {
    case CmpOp::Eq:
      return CmpOp::Ne;
    case CmpOp::Ne:
      return CmpOp::Eq;
    case CmpOp::Lt:
      return CmpOp::Ge;
    case CmpOp::Le:
      return CmpOp::Gt;
    case CmpOp::Gt:
      return CmpOp::Le;
    case CmpOp::Ge:
      return CmpOp::Lt;
    case CmpOp::LexLt:
      return CmpOp::LexGe;
    case CmpOp::LexLe:
      return CmpOp::LexGt;
    case CmpOp::LexGt:
      return CmpOp::LexLe;
    case CmpOp::LexGe:
      return CmpOp::LexLt;
    }
    return op;
  }

  /// a op b for lists compared lexicographically.
  LId lexCompare(const std::vector<Lin> &a, CmpOp op, const std::vector<Lin> &b,
                 SourcePos pos) {
    bool greater = op == CmpOp::LexGt || op == CmpOp::LexGe;
    bool orEqual = op == CmpOp::LexLe || op == CmpOp::LexGe;
    CmpOp strict = greater ? CmpOp::Gt : CmpOp::Lt;
    std::vector<LId> alternatives;
    std::vector<LId> prefixEqual;
    for (size_t k = 0; k < a.size(); ++k) {
      std::vector<LId> conj = prefixEqual;
      conj.push_back(compare(a[k], strict, b[k], pos));
      alternatives.push_back(mkAnd(conj, pos));
      prefixEqual.push_back(compare(a[k], CmpOp::Eq, b[k], pos));
    }
    if (orEqual)
      alternatives.push_back(mkAnd(prefixEqual, pos));
    return mkOr(alternatives, pos);
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  void checkPieces(size_t n, SourcePos pos) {
    if (n > kMaxPieces)
      fail(pos, "expression too complex: more than " +
                    std::to_string(kMaxPieces) +
                    " cases from min, max and '?:'");
  }

  /// All combinations of the pieces of several expressions.
  std::vector<std::pair<LId, std::vector<Lin>>>
  combine(const std::vector<Pieces> &lists, SourcePos pos) {
    std::vector<std::pair<LId, std::vector<Lin>>> out{{kTrue, {}}};
    for (const Pieces &ps : lists) {
      checkPieces(out.size() * ps.size(), pos);
      std::vector<std::pair<LId, std::vector<Lin>>> next;
      for (const auto &[cond, vals] : out)
        for (const Piece &p : ps) {
          LId c = mkAnd({cond, p.cond}, pos);
          if (c == kFalse)
            continue;
          std::vector<Lin> v = vals;
          v.push_back(p.value);
          next.emplace_back(c, std::move(v));
        }
      out = std::move(next);
    }
    return out;
  }

  /// The variable q = floor(l), created once per scope and division.
  Lin floorLin(const Lin &in) {
    Lin l = in;
    reduce(l);
    if (l.den.isOne())
      return l;
    if (l.coeffs.empty())
      return linConst(floorDiv(l.constant, l.den));
    unsigned scope = body_.scope;
    unsigned depth = ast_.scopes[scope].depth;
    for (const auto &[v, c] : l.coeffs) {
      unsigned s = ast_.vars[v].scope;
      if (ast_.scopes[s].depth > depth) {
        depth = ast_.scopes[s].depth;
        scope = s;
      }
    }
    DivDef def;
    for (const auto &[v, c] : l.coeffs)
      def.num.emplace_back(v, c);
    def.constant = l.constant;
    def.den = l.den;
    auto key = std::make_tuple(scope, def.num, def.constant, def.den);
    auto it = divIndex_.find(key);
    if (it != divIndex_.end())
      return linVar(it->second);
    unsigned index = unsigned(scopeDivs_[scope].size());
    ast_.vars.push_back(VarInfo{"", VarRole::Div, scope, index});
    unsigned q = unsigned(ast_.vars.size() - 1);
    scopeDivs_[scope].push_back(q);
    divDefs_[q] = std::move(def);
    divIndex_.emplace(std::move(key), q);
    return linVar(q);
  }

  /// Where the expression `id` has no value: only pieces (Piecewise)
  /// leave parts undefined; kFalse for every other expression.
  LId undefinedWhere(NodeId id) {
    const ExprNode &e = ast_.exprs[id];
    SourcePos pos = e.pos;
    switch (e.kind) {
    case ExprNode::Kind::Var:
    case ExprNode::Kind::Const:
      return kFalse;
    case ExprNode::Kind::Piecewise: {
      std::vector<NodeId> args = e.args, conds = e.conds;
      std::vector<LId> none;
      for (size_t k = 0; k < args.size(); ++k) {
        LId fails = conds[k] == kNoNode ? kFalse : lowerForm(conds[k], true);
        none.push_back(mkOr({fails, undefinedWhere(args[k])}, pos));
      }
      return mkAnd(none, pos);
    }
    case ExprNode::Kind::Ternary: {
      NodeId cond = e.cond, a = e.args[0], b = e.args[1];
      return mkOr({mkAnd({lowerForm(cond, false), undefinedWhere(a)}, pos),
                   mkAnd({lowerForm(cond, true), undefinedWhere(b)}, pos)},
                  pos);
    }
    default: {
      std::vector<NodeId> args = e.args;
      std::vector<LId> any;
      for (NodeId a : args)
        any.push_back(undefinedWhere(a));
      return mkOr(any, pos);
    }
    }
  }

  Pieces lowerExpr(NodeId id) {
    const ExprNode &e = ast_.exprs[id];
    SourcePos pos = e.pos;
    switch (e.kind) {
    case ExprNode::Kind::Var:
      return {{kTrue, linVar(e.var)}};
    case ExprNode::Kind::Const:
      return {{kTrue, linConst(e.num)}};
    case ExprNode::Kind::Sum: {
      // Partial sums, one per combination of the pieces seen so far (a
      // single one unless min, max or ?: are summed).
      std::vector<NodeId> args = e.args;
      std::vector<int8_t> signs = e.signs;
      Pieces acc{{kTrue, Lin()}};
      for (size_t k = 0; k < args.size(); ++k) {
        Pieces term = lowerExpr(args[k]);
        if (term.size() == 1 && term[0].cond == kTrue) {
          for (Piece &p : acc)
            p.value = addLin(p.value, term[0].value, signs[k]);
          continue;
        }
        checkPieces(acc.size() * term.size(), pos);
        Pieces next;
        for (const Piece &p : acc)
          for (const Piece &q : term) {
            LId c = mkAnd({p.cond, q.cond}, pos);
            if (c != kFalse)
              next.push_back({c, addLin(p.value, q.value, signs[k])});
          }
        acc = std::move(next);
      }
      return acc;
    }
    case ExprNode::Kind::Scale: {
      Int num = e.num, den = e.den;
      Pieces ps = lowerExpr(e.args[0]);
      for (Piece &p : ps)
        p.value = scaleLin(p.value, num, den);
      return ps;
    }
    case ExprNode::Kind::Floor:
    case ExprNode::Kind::Ceil: {
      bool isCeil = e.kind == ExprNode::Kind::Ceil;
      Pieces ps = lowerExpr(e.args[0]);
      for (Piece &p : ps) {
        if (isCeil)
          p.value = scaleLin(floorLin(scaleLin(p.value, Int(-1), Int(1))),
                             Int(-1), Int(1));
        else
          p.value = floorLin(p.value);
      }
      return ps;
    }
    case ExprNode::Kind::Mod: {
      Int m = e.num;
      Pieces ps = lowerExpr(e.args[0]);
      for (Piece &p : ps) {
        Lin q = floorLin(scaleLin(p.value, Int(1), m));
        p.value = addLin(p.value, scaleLin(q, m, Int(1)), -1);
      }
      return ps;
    }
    case ExprNode::Kind::Min:
    case ExprNode::Kind::Max: {
      bool isMin = e.kind == ExprNode::Kind::Min;
      std::vector<Pieces> lists;
      for (NodeId a : e.args)
        lists.push_back(lowerExpr(a));
      Pieces out;
      for (auto &[cond, vals] : combine(lists, pos)) {
        checkPieces(out.size() + vals.size(), pos);
        // Piece j: vals[j] is the first minimum (maximum).
        for (size_t j = 0; j < vals.size(); ++j) {
          std::vector<LId> conj{cond};
          for (size_t k = 0; k < vals.size(); ++k) {
            if (k == j)
              continue;
            CmpOp op = isMin ? (k < j ? CmpOp::Lt : CmpOp::Le)
                             : (k < j ? CmpOp::Gt : CmpOp::Ge);
            conj.push_back(compare(vals[j], op, vals[k], pos));
          }
          LId c = mkAnd(conj, pos);
          if (c != kFalse)
            out.push_back({c, vals[j]});
        }
      }
      return out;
    }
    case ExprNode::Kind::Piecewise: {
      // One case per non-empty set of pieces whose conditions hold (and
      // the others' do not); none where no condition holds.
      std::vector<NodeId> args = e.args, conds = e.conds;
      size_t n = args.size();
      std::vector<Pieces> values;
      std::vector<LId> yes, no;
      for (size_t k = 0; k < n; ++k) {
        values.push_back(lowerExpr(args[k]));
        yes.push_back(conds[k] == kNoNode ? kTrue : lowerForm(conds[k], false));
        // A piece does not apply where its condition fails or its value
        // (itself pieces in parentheses) is undefined.
        LId fails = conds[k] == kNoNode ? kFalse : lowerForm(conds[k], true);
        no.push_back(mkOr({fails, undefinedWhere(args[k])}, pos));
      }
      Pieces out;
      for (size_t mask = 1; mask < (size_t(1) << n); ++mask) {
        std::vector<LId> conj;
        std::vector<Pieces> summed;
        for (size_t k = 0; k < n; ++k) {
          bool in = mask & (size_t(1) << k);
          conj.push_back(in ? yes[k] : no[k]);
          if (in)
            summed.push_back(values[k]);
        }
        LId c = mkAnd(conj, pos);
        if (c == kFalse)
          continue;
        for (auto &[cond, vals] : combine(summed, pos)) {
          Lin sum;
          for (const Lin &v : vals)
            sum = addLin(sum, v, 1);
          LId both = mkAnd({c, cond}, pos);
          if (both != kFalse)
            out.push_back({both, std::move(sum)});
        }
        checkPieces(out.size(), pos);
      }
      return out;
    }
    case ExprNode::Kind::Ternary: {
      NodeId condNode = e.cond;
      NodeId a = e.args[0], b = e.args[1];
      LId yes = lowerForm(condNode, false);
      LId no = lowerForm(condNode, true);
      Pieces pa = lowerExpr(a), pb = lowerExpr(b);
      Pieces out;
      checkPieces(pa.size() + pb.size(), pos);
      for (Piece &p : pa) {
        LId c = mkAnd({yes, p.cond}, pos);
        if (c != kFalse)
          out.push_back({c, std::move(p.value)});
      }
      for (Piece &p : pb) {
        LId c = mkAnd({no, p.cond}, pos);
        if (c != kFalse)
          out.push_back({c, std::move(p.value)});
      }
      return out;
    }
    }
    return {};
  }

  //===--------------------------------------------------------------------===//
  // Formulas, with negation pushed to the atoms
  //===--------------------------------------------------------------------===//

  LId lowerForm(NodeId id, bool neg) {
    const FormNode &f = ast_.forms[id];
    SourcePos pos = f.pos;
    switch (f.kind) {
    case FormNode::Kind::True:
      return neg ? kFalse : kTrue;
    case FormNode::Kind::False:
      return neg ? kTrue : kFalse;
    case FormNode::Kind::Cmp: {
      CmpOp op = f.op;
      NodeId l = f.lhs[0], r = f.rhs[0];
      Pieces pl = lowerExpr(l), pr = lowerExpr(r);
      // The pieces of each side partition the space, so the negation of
      // the comparison is the same case split with the negated comparison.
      std::vector<LId> alternatives;
      checkPieces(pl.size() * pr.size(), pos);
      for (const Piece &a : pl)
        for (const Piece &b : pr)
          alternatives.push_back(mkAnd(
              {a.cond, b.cond, compareUser(a.value, op, b.value, neg, pos)},
              pos));
      return mkOr(alternatives, pos);
    }
    case FormNode::Kind::LexCmp: {
      // isl compares the lists in an integer space: every value must be an
      // integer (a rational one makes the comparison false).
      CmpOp op = f.op;
      std::vector<NodeId> lhs = f.lhs, rhs = f.rhs;
      size_t n = lhs.size();
      std::vector<Pieces> lists;
      for (NodeId a : lhs)
        lists.push_back(lowerExpr(a));
      for (NodeId b : rhs)
        lists.push_back(lowerExpr(b));
      std::vector<LId> alternatives;
      for (auto &[cond, vals] : combine(lists, pos)) {
        std::vector<Lin> a(vals.begin(), vals.begin() + long(n));
        std::vector<Lin> b(vals.begin() + long(n), vals.end());
        std::vector<LId> allIntegral, someRational;
        for (const Lin &v : vals) {
          allIntegral.push_back(integral(v, false, pos));
          someRational.push_back(integral(v, true, pos));
        }
        std::vector<LId> holds = allIntegral;
        holds.push_back(lexCompare(a, neg ? negateOp(op) : op, b, pos));
        LId value = mkAnd(holds, pos);
        if (neg)
          value = mkOr({mkOr(someRational, pos), value}, pos);
        alternatives.push_back(mkAnd({cond, value}, pos));
      }
      return mkOr(alternatives, pos);
    }
    case FormNode::Kind::And:
    case FormNode::Kind::Or: {
      bool conj = (f.kind == FormNode::Kind::And) != neg;
      std::vector<NodeId> kidsAst = f.kids;
      std::vector<LId> kids;
      for (NodeId k : kidsAst) {
        LId l = lowerForm(k, neg);
        kids.push_back(l);
        if (conj && l == kFalse)
          break;
      }
      return conj ? mkAnd(kids, pos) : mkOr(kids, pos);
    }
    case FormNode::Kind::Not:
      return lowerForm(f.kids[0], !neg);
    case FormNode::Kind::Implies: {
      // a implies b  ==  not a or b.
      NodeId a = f.kids[0], b = f.kids[1];
      if (!neg)
        return mkOr({lowerForm(a, true), lowerForm(b, false)}, pos);
      return mkAnd({lowerForm(a, false), lowerForm(b, true)}, pos);
    }
    case FormNode::Kind::Exists: {
      unsigned scope = f.scope;
      LId body = lowerForm(f.kids[0], false);
      if (body == kFalse)
        return neg ? kTrue : kFalse;
      LNode n{neg ? LNode::Kind::NotExists : LNode::Kind::Exists,
              {},
              Int(0),
              false,
              {body},
              scope,
              pos};
      return add(std::move(n));
    }
    }
    return kFalse;
  }

  //===--------------------------------------------------------------------===//
  // Columns and materialization
  //===--------------------------------------------------------------------===//

  /// Exists variables then divisions of `scope`: its extra columns.
  std::vector<unsigned> extras(unsigned scope) const {
    std::vector<unsigned> out;
    if (scope != body_.scope)
      out = ast_.scopes[scope].vars;
    auto it = scopeDivs_.find(scope);
    if (it != scopeDivs_.end())
      out.insert(out.end(), it->second.begin(), it->second.end());
    return out;
  }

  /// Assigns a column to every variable visible in `scope` (recursively
  /// for its ancestors); returns the number of columns.
  unsigned layout(unsigned scope) {
    auto it = width_.find(scope);
    if (it != width_.end())
      return it->second;
    unsigned base;
    if (scope == body_.scope) {
      base = unsigned(ast_.params.size() + body_.dims.size());
    } else {
      base = layout(ast_.scopes[scope].parent);
    }
    std::vector<unsigned> ex = extras(scope);
    for (size_t j = 0; j < ex.size(); ++j)
      column_[ex[j]] = base + unsigned(j);
    base_[scope] = base;
    width_[scope] = base + unsigned(ex.size());
    return base + unsigned(ex.size());
  }

  unsigned column(unsigned var) const {
    const VarInfo &info = ast_.vars[var];
    if (info.role == VarRole::Param)
      return info.index;
    if (info.role == VarRole::Dim)
      return unsigned(ast_.params.size()) + info.index;
    return column_.at(var);
  }

  /// The working space of `scope`: the parameters and one set dimension
  /// per other column.
  Space workingSpace(unsigned scope) {
    unsigned w = layout(scope);
    return Space::set(ast_.params, Tuple(w - unsigned(ast_.params.size())));
  }

  void checkClauses(size_t n, SourcePos pos) {
    if (n > kMaxClauses)
      fail(pos, "formula too complex: more than " +
                    std::to_string(kMaxClauses) + " disjuncts");
  }

  std::vector<BasicRelation> materialize(LId id, unsigned scope) {
    const LNode &n = nodes_[id];
    SourcePos pos = n.pos;
    switch (n.kind) {
    case LNode::Kind::True:
      return {BasicRelation(workingSpace(scope))};
    case LNode::Kind::False:
      return {};
    case LNode::Kind::Atom: {
      BasicRelation b(workingSpace(scope));
      addAtomRow(b, n);
      if (!b.normalize())
        return {};
      return {std::move(b)};
    }
    case LNode::Kind::And: {
      std::vector<uint32_t> kids = n.kids;
      // Atoms are rows of one clause; only the other parts multiply.
      BasicRelation atoms(workingSpace(scope));
      std::vector<LId> others;
      for (LId k : kids) {
        if (nodes_[k].kind != LNode::Kind::Atom) {
          others.push_back(k);
          continue;
        }
        WorkBudget::charge(1);
        addAtomRow(atoms, nodes_[k]);
      }
      if (!atoms.normalize())
        return {};
      std::vector<BasicRelation> acc{std::move(atoms)};
      for (LId k : others) {
        std::vector<BasicRelation> part = materialize(k, scope);
        checkClauses(acc.size() * part.size(), pos);
        std::vector<BasicRelation> next;
        for (const BasicRelation &x : acc)
          for (const BasicRelation &y : part) {
            WorkBudget::charge(x.numConstraints() + y.numConstraints() + 1);
            BasicRelation z = x.intersect(y);
            if (z.normalize())
              next.push_back(std::move(z));
          }
        acc = std::move(next);
        if (acc.empty())
          break;
      }
      return acc;
    }
    case LNode::Kind::Or: {
      std::vector<uint32_t> kids = n.kids;
      std::vector<BasicRelation> out;
      for (LId k : kids) {
        std::vector<BasicRelation> part = materialize(k, scope);
        checkClauses(out.size() + part.size(), pos);
        for (BasicRelation &b : part)
          out.push_back(std::move(b));
      }
      return out;
    }
    case LNode::Kind::Exists: {
      unsigned inner = n.scope;
      LId body = n.kids[0];
      std::vector<BasicRelation> clauses = materialize(body, inner);
      for (BasicRelation &c : clauses)
        closeScope(c, inner);
      return clauses;
    }
    case LNode::Kind::NotExists: {
      unsigned inner = n.scope;
      LId body = n.kids[0];
      std::vector<BasicRelation> clauses = materialize(body, inner);
      Relation r(workingSpace(scope));
      for (BasicRelation &c : clauses) {
        closeScope(c, inner);
        r.addDisjunct(std::move(c));
      }
      Relation comp;
      try {
        comp = r.complement();
      } catch (const InvalidArgument &) {
        fail(pos, "negation of 'exists' (by 'not', '!', 'implies' or a "
                  "condition) is only supported when its variables have a "
                  "floor-division form; this one has none");
      }
      std::vector<BasicRelation> out;
      checkClauses(comp.numDisjuncts(), pos);
      for (const BasicRelation &b : comp.disjuncts())
        out.push_back(b);
      return out;
    }
    }
    return {};
  }

  void addAtomRow(BasicRelation &b, const LNode &atom) {
    std::vector<Int> row(b.numCols());
    for (const auto &[v, c] : atom.row)
      row[column(v)] = c;
    row.back() = atom.constant;
    if (atom.isEq)
      b.addEquality(row);
    else
      b.addInequality(row);
  }

  /// Turns the exists variables and divisions of `scope` into locals of
  /// `c` (which lives in the working space of `scope`); divisions get their
  /// defining constraints and definitions.
  void closeScope(BasicRelation &c, unsigned scope) {
    std::vector<unsigned> ex = extras(scope);
    if (ex.empty())
      return;
    unsigned base = base_.at(scope);
    // Defining constraints den*q <= num <= den*q + den - 1.
    for (unsigned q : ex) {
      auto it = divDefs_.find(q);
      if (it == divDefs_.end())
        continue;
      const DivDef &d = it->second;
      std::vector<Int> num(c.numCols());
      for (const auto &[v, coeff] : d.num)
        num[column(v)] = coeff;
      num.back() = d.constant;
      for (const std::vector<Int> &row : definingRows(num, d.den, column(q)))
        c.addInequality(row);
    }
    unsigned oldLocals = c.numLocals();
    unsigned nParams = unsigned(ast_.params.size());
    c.convertToLocals(VarKind::Range, base - nParams, unsigned(ex.size()));
    unsigned localStart = c.offset(VarKind::Local);
    for (size_t j = 0; j < ex.size(); ++j) {
      auto it = divDefs_.find(ex[j]);
      if (it == divDefs_.end())
        continue;
      const DivDef &d = it->second;
      std::vector<Int> num(c.numCols());
      for (const auto &[v, coeff] : d.num) {
        unsigned col = column(v);
        if (col >= base)
          col = localStart + oldLocals + (col - base);
        num[col] = coeff;
      }
      num.back() = d.constant;
      c.setDivDef(oldLocals + unsigned(j), num, d.den);
    }
  }

  Ast &ast_;
  const BodyAst &body_;
  std::vector<LNode> nodes_;
  std::map<std::tuple<unsigned, SparseRow, Int, Int>, unsigned> divIndex_;
  std::map<unsigned, DivDef> divDefs_;
  std::map<unsigned, std::vector<unsigned>> scopeDivs_;
  std::map<unsigned, unsigned> column_, base_, width_;
};

/// The space a body denotes.
Space bodySpace(const Ast &ast, const BodyAst &body) {
  switch (body.kind) {
  case BodyKind::Params:
    return Space::params(ast.params);
  case BodyKind::Set:
    return Space::set(ast.params, body.range);
  case BodyKind::Relation:
    return Space::relation(ast.params, body.domain, body.range);
  }
  return Space::params(ast.params);
}

/// `c` (a basic set over params and the dims, plus locals) moved into
/// `space`, which has the same columns.
BasicRelation rebuild(const BasicRelation &c, const Space &space) {
  BasicRelation out(space);
  out.insertVars(VarKind::Local, 0, c.numLocals());
  for (unsigned i = 0; i < c.numEqualities(); ++i)
    out.addEquality(c.equality(i));
  for (unsigned i = 0; i < c.numInequalities(); ++i)
    out.addInequality(c.inequality(i));
  for (unsigned k = 0; k < c.numLocals(); ++k)
    if (c.hasDivDef(k))
      out.setDivDef(k, c.divNumerator(k), c.divDenominator(k));
  return out;
}

Relation Lowering::run() {
  std::vector<LId> parts;
  if (ast_.paramFormula != kNoNode)
    parts.push_back(lowerForm(ast_.paramFormula, false));
  parts.push_back(lowerForm(body_.formula, false));
  LId root = mkAnd(parts, body_.pos);

  Space space = bodySpace(ast_, body_);
  Relation result(space);
  for (BasicRelation &c : materialize(root, body_.scope)) {
    closeScope(c, body_.scope);
    BasicRelation d = rebuild(c, space);
    // `i mod 4 = 0` is i = 4e with e's defining rows, one of which the
    // equality fixes: dropped once here rather than in every operation.
    if (!d.normalize() || !d.dropInequalitiesFixedByEqualities())
      continue;
    result.addDisjunct(std::move(d));
  }
  return result;
}

} // namespace

Relation lowerBody(Ast &ast, const BodyAst &body) {
  return Lowering(ast, body).run();
}

void tidy(Relation &r) {
  Relation out(r.space());
  for (const BasicRelation &d : r.disjuncts()) {
    BasicRelation simplified = d;
    // Substitutions can leave rows with a common factor: normalize again.
    if (!simplified.simplifyLocals() || !simplified.normalize() ||
        simplified.isEmpty())
      continue;
    out.addDisjunct(std::move(simplified));
  }
  r = std::move(out);
}

} // namespace presburger::parser
