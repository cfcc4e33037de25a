//===- ParametricLexMin.cpp - Parametric integer programming --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "presburger/ParametricLexMin.h"
#include "basic/Divisions.h"
#include "core/Rows.h"
#include "presburger/Errors.h"
#include "presburger/Fraction.h"
#include "presburger/Simplex.h"
#include "presburger/WorkBudget.h"
#include "solve/DifferenceConstraints.h"
#include "solve/Tableau.h"

#include <cassert>

namespace presburger {

namespace {

constexpr unsigned kDen = 0, kConst = 1, kBigM = 2, kSym = 3;

/// The state of one branch of the search: the tableau and its context.
class PipBranch {
public:
  PipBranch(const BasicRelation &problem, unsigned numSymbols,
            const BasicRelation &context);

  /// Runs the dual simplex and the splits/cuts for this branch, appending
  /// pieces to `out`.
  void solve(LexMinResult &out, unsigned numBoundedVars);

private:
  struct Unknown {
    bool isRow = false;
    unsigned pos = 0;
  };

  unsigned numVars() const { return unsigned(vars_.size()); }
  unsigned colStart() const { return kSym + numSyms_; }
  Unknown &unknown(int u) { return u >= 0 ? vars_[u] : cons_[~u]; }
  const Unknown &unknown(int u) const { return u >= 0 ? vars_[u] : cons_[~u]; }

  void addProblemRow(ConstRow row, unsigned numSymbols, bool negate);
  void pivot(unsigned row, unsigned col);
  std::optional<unsigned> lexPivotColumn(unsigned row) const;
  /// The symbolic part (symbols then constant) of a row's constant.
  std::vector<Int> symbolicConstant(unsigned row) const;
  void addSymbolColumn();
  void addContextInequality(const std::vector<Int> &row);
  bool contextNonEmptyWith(const std::vector<Int> &row);
  /// Whether the context has no integer point. Answered by a cached sample
  /// when one survives; otherwise by a search whose point is cached.
  bool contextIntegerEmpty();
  /// Whether some cached sample satisfies `row` >= 0.
  bool sampleSatisfies(const std::vector<Int> &row) const;
  /// The context local defined as floor(num / den), if there is one.
  std::optional<unsigned> findContextDiv(const std::vector<Int> &num,
                                         const Int &den) const;
  /// Makes row `row`'s value integral: either by rewriting its symbolic
  /// constant through an existing division when the context shows they
  /// agree, or by adding a Gomory cut.
  void makeIntegral(unsigned row);
  /// The fractional part of a row's symbolic constant: the numerator
  /// reduced modulo the row's denominator, and the division of the context
  /// it defines, normalized.
  struct FractionalPart {
    std::vector<Int> num; // Over the context's columns, constant last.
    std::vector<Int> divNum;
    Int divDen;
    bool symbolic = false; // Whether a symbol has a nonzero coefficient.
  };
  FractionalPart fractionalPart(unsigned row) const;
  void addCut(unsigned row, const FractionalPart &f,
              std::optional<unsigned> existingDiv);
  /// A symbol of row `row`'s cut worth enumerating instead of cutting, and
  /// its integer range on the context: when the cut would nest a new
  /// division in a context that already holds kNestingDivisions divisions
  /// of earlier cuts, a symbol of the cut that takes at most
  /// kEnumeratedValues integer values there. Cuts on the parameters can
  /// otherwise nest without end, each division a division of the one
  /// before it, walking the symbol's few values one deeper level at a time
  /// (isl's hardest lexmin test).
  struct SmallSymbol {
    unsigned column;
    Int lo, hi;
  };
  std::optional<SmallSymbol> smallSymbolOfCut(unsigned row);
  /// The integers symbol column `s` takes between its rational bounds on
  /// the context, [ceil(min), floor(max)]; nullopt when unbounded. Two
  /// rational optimizations.
  std::optional<std::pair<Int, Int>> integerRange(unsigned s);
  /// Restricts the context to symbol column `column` = `value` and folds
  /// that column into every row's constant; then does the same for each
  /// other symbol the context now fixes to one integer (a division of the
  /// fixed symbol, say). O(symbols) rational optimizations.
  void fixSymbol(unsigned column, const Int &value);
  void recordSolution(LexMinResult &out, unsigned numBoundedVars);

  Matrix tab_;
  unsigned numSyms_;
  std::vector<int> rowUnknown_;
  std::vector<int> colUnknown_; // Indexed by absolute column; <0 unused.
  std::vector<Unknown> vars_, cons_;
  BasicRelation context_;
  Simplex contextSimplex_;
  /// Integer points of context_ (locals included), kept valid as the
  /// context shrinks and gains divisions: most splits and emptiness tests
  /// of the context are answered by one of them, as in isl's context
  /// tableau, instead of by an integer search.
  std::vector<std::vector<Int>> samples_;
  /// Set once the integer search found the context empty.
  bool knownEmpty_ = false;
  /// The divisions cuts added to the context on the path to this branch.
  unsigned cutDivisions_ = 0;
};

constexpr unsigned kNestingDivisions = 4;
constexpr unsigned kEnumeratedValues = 8;

PipBranch::PipBranch(const BasicRelation &problem, unsigned numSymbols,
                     const BasicRelation &context)
    : numSyms_(context.numVars()), context_(context),
      contextSimplex_(context.equalities(), context.inequalities()) {
  unsigned n = problem.numVars() - numSymbols;
  tab_ = Matrix(0, kSym + numSyms_ + n);
  colUnknown_.assign(colStart(), 0);
  vars_.resize(n);
  for (unsigned i = 0; i < n; ++i) {
    vars_[i].pos = colStart() + i;
    colUnknown_.push_back(int(i));
  }
  for (unsigned i = 0; i < problem.numEqualities(); ++i) {
    addProblemRow(problem.equality(i), numSymbols, false);
    addProblemRow(problem.equality(i), numSymbols, true);
  }
  for (unsigned i = 0; i < problem.numInequalities(); ++i)
    addProblemRow(problem.inequality(i), numSymbols, false);
}

void PipBranch::addProblemRow(ConstRow row, unsigned numSymbols, bool negate) {
  WorkBudget::charge(tab_.numColumns());
  unsigned r = tab_.appendZeroRow();
  Int sign = negate ? Int(-1) : Int(1);
  tab_.at(r, kDen) = Int(1);
  tab_.at(r, kConst) = sign * row.back();
  for (unsigned s = 0; s < numSymbols; ++s)
    tab_.at(r, kSym + s) = sign * row[s];
  for (unsigned i = 0; i < numVars(); ++i) {
    Int a = sign * row[numSymbols + i];
    if (a.isZero())
      continue;
    // a * y_i = a * y'_i - a * M.
    tab_.at(r, kBigM) -= a * tab_.at(r, kDen);
    const Unknown &var = vars_[i];
    if (!var.isRow) {
      tab_.at(r, var.pos) += a * tab_.at(r, kDen);
      continue;
    }
    tableau::addMultipleOfRow(tab_, r, var.pos, a);
  }
  tab_.normalizeRow(r, 0, tab_.numColumns());
  cons_.push_back({true, r});
  rowUnknown_.push_back(~int(cons_.size() - 1));
}

void PipBranch::pivot(unsigned row, unsigned col) {
  tableau::pivot(tab_, row, col);
  int rowU = rowUnknown_[row], colU = colUnknown_[col];
  rowUnknown_[row] = colU;
  colUnknown_[col] = rowU;
  unknown(rowU) = {false, col};
  unknown(colU) = {true, row};
}

std::optional<unsigned> PipBranch::lexPivotColumn(unsigned row) const {
  // Among columns with a positive entry in `row`, the one whose column,
  // divided by that entry, is lexicographically smallest over the variables
  // in order: this keeps every column lexico-positive.
  std::optional<unsigned> best;
  for (unsigned c = colStart(); c < tab_.numColumns(); ++c) {
    if (!tab_.at(row, c).isPositive())
      continue;
    if (!best) {
      best = c;
      continue;
    }
    const Int &pc = tab_.at(row, c), &pb = tab_.at(row, *best);
    int cmp = 0;
    for (unsigned i = 0; i < numVars() && cmp == 0; ++i) {
      const Unknown &v = vars_[i];
      // Entries (scaled by the row denominator, which is common).
      Int ec, eb;
      if (v.isRow) {
        ec = tab_.at(v.pos, c);
        eb = tab_.at(v.pos, *best);
      } else {
        ec = Int(v.pos == c ? 1 : 0);
        eb = Int(v.pos == *best ? 1 : 0);
      }
      // Compare ec / pc with eb / pb (pc, pb > 0).
      cmp = compare(ec * pb, eb * pc);
    }
    if (cmp < 0)
      best = c;
  }
  return best;
}

std::vector<Int> PipBranch::symbolicConstant(unsigned row) const {
  std::vector<Int> out(numSyms_ + 1);
  for (unsigned s = 0; s < numSyms_; ++s)
    out[s] = tab_.at(row, kSym + s);
  out[numSyms_] = tab_.at(row, kConst);
  return out;
}

void PipBranch::addSymbolColumn() {
  unsigned col = colStart();
  tab_.insertColumns(col, 1);
  colUnknown_.insert(colUnknown_.begin() + col, 0);
  for (unsigned c = col + 1; c < colUnknown_.size(); ++c)
    unknown(colUnknown_[c]).pos = c;
  ++numSyms_;
}

void PipBranch::addContextInequality(const std::vector<Int> &given) {
  // Every context column is an integer (symbols and divisions): the row
  // divided by its coefficients' gcd, the constant floored, has the same
  // integer points and fewer rational ones, so the sign tests on the
  // context find fewer rows undetermined (a split on -240j + 61041 >= 0
  // leaves j <= 254, not j <= 254.33, and the next row's -240j + 61040
  // is then known non-negative).
  std::vector<Int> row = given;
  tightenInequality(row);
  context_.addInequality(row);
  contextSimplex_.addInequality(row);
  std::erase_if(samples_, [&](const std::vector<Int> &point) {
    return affineValue(row, point).isNegative();
  });
}

bool PipBranch::sampleSatisfies(const std::vector<Int> &row) const {
  for (const std::vector<Int> &point : samples_)
    if (!affineValue(row, point).isNegative())
      return true;
  return false;
}

bool PipBranch::contextIntegerEmpty() {
  if (!samples_.empty())
    return false;
  if (knownEmpty_ || contextSimplex_.isEmpty())
    return true;
  // A difference system (loop bounds on the parameters) is decided on its
  // graph, which also gives a point; otherwise the witness, then a search.
  std::optional<std::vector<Int>> point;
  std::vector<Int> graphPoint;
  if (std::optional<bool> empty =
          difference::solve(context_.equalities(), context_.inequalities(),
                            context_.numVars(), &graphPoint)) {
    if (!*empty)
      point = std::move(graphPoint);
  } else {
    // The context tableau's vertex, when integral, is a point already.
    std::optional<std::vector<Int>> vertex = contextSimplex_.integralSample();
    if (vertex && vertex->size() == context_.numVars() &&
        context_.containsPoint(*vertex))
      point = std::move(vertex);
    if (!point)
      point = context_.cheapWitness();
    if (!point)
      point = context_.findIntegerSample();
  }
  if (!point) {
    knownEmpty_ = true;
    return true;
  }
  samples_.push_back(std::move(*point));
  return false;
}

bool PipBranch::contextNonEmptyWith(const std::vector<Int> &row) {
  if (sampleSatisfies(row))
    return true;
  unsigned snap = contextSimplex_.getSnapshot();
  contextSimplex_.addInequality(row);
  bool nonEmpty = !contextSimplex_.isEmpty();
  contextSimplex_.rollback(snap);
  return nonEmpty;
}

std::optional<unsigned> PipBranch::findContextDiv(const std::vector<Int> &num,
                                                  const Int &den) const {
  return findDivision(context_, num, den);
}

PipBranch::FractionalPart PipBranch::fractionalPart(unsigned row) const {
  // -(c + a.s) = r.s + r0 + d L(s) with r = (-a) mod d, r0 = (-c) mod d
  // and L integral: the fractional part of -(c + a.s)/d is that of
  // (r.s + r0)/d, and floor((r.s + r0)/d), divided by the common factor
  // of r, r0 and d, is the division every row with this fractional part
  // shares (as isl reduces a parametric cut's division).
  FractionalPart f;
  const Int &d = tab_.at(row, kDen);
  f.num.assign(context_.numCols(), Int(0));
  for (unsigned s = 0; s < numSyms_; ++s) {
    f.num[s] = mod(-tab_.at(row, kSym + s), d);
    f.symbolic = f.symbolic || !f.num[s].isZero();
  }
  f.num.back() = mod(-tab_.at(row, kConst), d);
  Int g = d;
  for (const Int &v : f.num)
    g = gcd(g, v);
  f.divNum = f.num;
  for (Int &v : f.divNum)
    v = divExact(v, g);
  f.divDen = divExact(d, g);
  return f;
}

void PipBranch::makeIntegral(unsigned row) {
  // With f = r.s + r0 the reduced numerator (fractionalPart) and
  // q = floor(f / d), the value is integral exactly where e = d q - f is
  // zero (e lies in [-(d-1), 0] by definition).
  const Int d = tab_.at(row, kDen);
  FractionalPart f = fractionalPart(row);
  std::optional<unsigned> div;
  if (f.symbolic)
    div = findContextDiv(f.divNum, f.divDen);
  if (div) {
    unsigned qCol = context_.offset(VarKind::Local) + *div;
    std::vector<Int> e(context_.numCols());
    for (unsigned c = 0; c < e.size(); ++c)
      e[c] = -f.num[c];
    e[qCol] += d;
    if (contextSimplex_.isRedundantInequality(e)) {
      // e == 0 on the context: the symbolic constant c + a.s equals
      // c + a.s + f - d q, a multiple of d.
      for (unsigned s = 0; s < numSyms_; ++s)
        tab_.at(row, kSym + s) += f.num[s];
      tab_.at(row, kConst) += f.num.back();
      tab_.at(row, kSym + qCol) -= d;
      tab_.normalizeRow(row, 0, tab_.numColumns());
      return;
    }
  }
  addCut(row, f, div);
}

void PipBranch::addCut(unsigned row, const FractionalPart &f,
                       std::optional<unsigned> existingDiv) {
  // Row value u = (c + m M + a.s + b.y) / d must be an integer, with y >= 0
  // integral, so sum (b_j mod d) y_j - f + d q >= 0 where f = r.s + r0 is
  // the reduced numerator and q = floor(f / d) (m is a multiple of d, so M
  // cancels): the fractional parts of b.y/d and f/d agree.
  const Int d = tab_.at(row, kDen);
  // Without symbols q is a number, 0: no division joins the context (its
  // rational relaxation would leave q fractional and the rows on it of
  // undetermined sign, splitting the search for nothing).
  std::optional<unsigned> qCol;
  if (existingDiv) {
    qCol = kSym + context_.offset(VarKind::Local) + *existingDiv;
  } else if (f.symbolic) {
    for (std::vector<Int> &point : samples_)
      point.push_back(floorDiv(affineValue(f.divNum, point), f.divDen));
    context_.addDivLocal(f.divNum, f.divDen);
    ++cutDivisions_;
    // Keep the simplex of the context in step: a variable, two constraints.
    contextSimplex_.addVariable();
    unsigned nr = context_.numInequalities();
    contextSimplex_.addInequality(context_.inequality(nr - 2));
    contextSimplex_.addInequality(context_.inequality(nr - 1));
    addSymbolColumn();
    qCol = kSym + numSyms_ - 1;
  }
  unsigned r = tab_.appendZeroRow();
  tab_.at(r, kDen) = d;
  tab_.at(r, kConst) = -f.num.back();
  for (unsigned s = 0; s + 1 < f.num.size(); ++s)
    tab_.at(r, kSym + s) = -f.num[s];
  if (qCol)
    tab_.at(r, *qCol) += d;
  for (unsigned c = colStart(); c < tab_.numColumns(); ++c)
    tab_.at(r, c) = mod(tab_.at(row, c), d);
  tab_.normalizeRow(r, 0, tab_.numColumns());
  cons_.push_back({true, r});
  rowUnknown_.push_back(~int(cons_.size() - 1));
}

std::optional<PipBranch::SmallSymbol>
PipBranch::smallSymbolOfCut(unsigned row) {
  if (cutDivisions_ < kNestingDivisions)
    return std::nullopt;
  FractionalPart f = fractionalPart(row);
  if (!f.symbolic || findContextDiv(f.divNum, f.divDen))
    return std::nullopt;
  std::optional<SmallSymbol> best;
  for (unsigned s = 0; s < numSyms_; ++s) {
    if (f.divNum[s].isZero())
      continue;
    std::optional<std::pair<Int, Int>> range = integerRange(s);
    if (!range)
      continue;
    auto &[first, last] = *range;
    if (last - first >= Int(kEnumeratedValues))
      continue;
    if (!best || last - first < best->hi - best->lo)
      best = SmallSymbol{s, first, last};
  }
  return best;
}

std::optional<std::pair<Int, Int>> PipBranch::integerRange(unsigned s) {
  std::vector<Int> unit(numSyms_ + 1);
  unit[s] = Int(1);
  Optimum lo = contextSimplex_.computeOptimum(unit, false);
  if (!lo.isBounded())
    return std::nullopt;
  Optimum hi = contextSimplex_.computeOptimum(unit, true);
  if (!hi.isBounded())
    return std::nullopt;
  return std::pair{lo.value.ceil(), hi.value.floor()};
}

void PipBranch::fixSymbol(unsigned column, const Int &value) {
  std::vector<std::pair<unsigned, Int>> pending{{column, value}};
  std::vector<bool> fixed(numSyms_, false);
  fixed[column] = true;
  while (!pending.empty()) {
    auto [s, v] = std::move(pending.back());
    pending.pop_back();
    std::vector<Int> row(numSyms_ + 1);
    row[s] = Int(1);
    row.back() = -v;
    addContextInequality(row);
    row[s] = Int(-1);
    row.back() = v;
    addContextInequality(row);
    WorkBudget::charge(tab_.numRows());
    for (unsigned r = 0; r < tab_.numRows(); ++r) {
      Int &entry = tab_.at(r, kSym + s);
      if (entry.isZero())
        continue;
      tab_.at(r, kConst) += entry * v;
      entry = Int(0);
    }
    if (contextSimplex_.isEmpty())
      return;
    // Symbols the context now fixes to one integer, if rows use them.
    for (unsigned t = 0; t < numSyms_; ++t) {
      if (fixed[t])
        continue;
      bool used = false;
      for (unsigned r = 0; r < tab_.numRows() && !used; ++r)
        used = !tab_.at(r, kSym + t).isZero();
      if (!used)
        continue;
      std::optional<std::pair<Int, Int>> range = integerRange(t);
      if (range && range->first == range->second) {
        fixed[t] = true;
        pending.emplace_back(t, range->first);
      }
    }
  }
}

void PipBranch::recordSolution(LexMinResult &out, unsigned numBoundedVars) {
  if (contextIntegerEmpty())
    return;
  LexMinPiece piece;
  piece.domain = context_;
  piece.values = Matrix(numVars(), context_.numCols());
  piece.known.assign(numVars(), false);
  for (unsigned i = 0; i < numVars(); ++i) {
    const Unknown &v = vars_[i];
    if (!v.isRow || tab_.at(v.pos, kBigM) != tab_.at(v.pos, kDen)) {
      if (i < numBoundedVars) {
        out.unbounded = true;
        return;
      }
      continue; // An unbounded helper variable: its value is not needed.
    }
    const Int &d = tab_.at(v.pos, kDen);
    for (unsigned s = 0; s < numSyms_; ++s)
      piece.values.at(i, s) = divExact(tab_.at(v.pos, kSym + s), d);
    piece.values.at(i, numSyms_) = divExact(tab_.at(v.pos, kConst), d);
    piece.known[i] = true;
  }
  out.pieces.push_back(std::move(piece));
}

void PipBranch::solve(LexMinResult &out, unsigned numBoundedVars) {
  // Rows before scanStart are known non-negative on the context: a split
  // only shrinks the context and leaves the rows as they are, so the scan
  // resumes where it stopped; a pivot or a cut changes rows and restarts it.
  unsigned scanStart = 0;
  while (true) {
    WorkBudget::charge(tab_.numRows() + 1);
    if (contextSimplex_.isEmpty())
      return;
    // 1. A row whose constant is negative everywhere on the context is
    // pivoted on before any split (as isl's find_solutions does): the
    // pivot often settles the sign of the undetermined rows, whose splits
    // would each double the search. Only when no row must be pivoted is
    // the context split, on the first undetermined row.
    bool pivoted = false;
    std::optional<unsigned> splitRow;
    std::vector<Int> splitExpr;
    unsigned first = scanStart;
    scanStart = 0;
    for (unsigned r = first; r < tab_.numRows() && !pivoted; ++r) {
      int m = tab_.at(r, kBigM).sign();
      if (m > 0)
        continue;
      if (m == 0) {
        std::vector<Int> expr = symbolicConstant(r);
        std::vector<Int> neg(expr.size());
        for (size_t c = 0; c < expr.size(); ++c)
          neg[c] = -expr[c];
        neg.back() -= Int(1);
        // A sample with expr <= -1 shows expr >= 0 is not redundant.
        if (!sampleSatisfies(neg) &&
            contextSimplex_.isRedundantInequality(expr))
          continue;
        if (contextNonEmptyWith(expr)) {
          if (!splitRow) {
            splitRow = r;
            splitExpr = std::move(expr);
          }
          continue;
        }
      }
      std::optional<unsigned> col = lexPivotColumn(r);
      if (!col)
        return; // No solution anywhere on this context.
      pivot(r, *col);
      pivoted = true;
    }
    if (!pivoted && splitRow) {
      // Split: expr >= 0 here, expr <= -1 in a copy.
      std::vector<Int> neg(splitExpr.size());
      for (size_t c = 0; c < splitExpr.size(); ++c)
        neg[c] = -splitExpr[c];
      neg.back() -= Int(1);
      {
        PipBranch other = *this;
        other.addContextInequality(neg);
        if (!other.contextIntegerEmpty())
          other.solve(out, numBoundedVars);
        if (out.unbounded)
          return;
      }
      addContextInequality(splitExpr);
      if (contextIntegerEmpty())
        return;
      // Rows before the split row were non-negative and stay so.
      scanStart = *splitRow;
      continue;
    }
    if (pivoted)
      continue;
    // 2. Integrality of the variables, in order.
    bool cut = false;
    for (unsigned i = 0; i < numVars() && !cut; ++i) {
      const Unknown &v = vars_[i];
      if (!v.isRow)
        continue;
      unsigned r = v.pos;
      const Int &d = tab_.at(r, kDen);
      if (d.isOne())
        continue;
      if (!mod(tab_.at(r, kBigM), d).isZero()) {
        // A non-integral multiple of M: the variable is unbounded and its
        // integrality cannot be settled by a cut. Report it (conservative
        // for helper variables).
        if (!contextIntegerEmpty())
          out.unbounded = true;
        return;
      }
      bool integral = mod(tab_.at(r, kConst), d).isZero();
      for (unsigned s = 0; s < numSyms_ && integral; ++s)
        integral = mod(tab_.at(r, kSym + s), d).isZero();
      if (integral)
        continue;
      if (std::optional<SmallSymbol> small = smallSymbolOfCut(r)) {
        // One branch per value of the symbol, this one for the last.
        for (Int v = small->lo; v < small->hi; v += Int(1)) {
          PipBranch other = *this;
          other.fixSymbol(small->column, v);
          if (!other.contextIntegerEmpty())
            other.solve(out, numBoundedVars);
          if (out.unbounded)
            return;
        }
        fixSymbol(small->column, small->hi);
        if (contextIntegerEmpty())
          return;
      } else {
        makeIntegral(r);
      }
      cut = true;
    }
    if (cut)
      continue;
    recordSolution(out, numBoundedVars);
    return;
  }
}

} // namespace

LexMinResult parametricLexMin(const BasicRelation &problem, unsigned numSymbols,
                              const BasicRelation &context,
                              unsigned numBoundedVars) {
  WorkBudget::Operation op;
  if (context.numVars() < numSymbols || !context.isSet())
    throw InvalidArgument("lexmin context must be a set over the symbols");
  if (problem.numParams() != 0 || !problem.isSet() ||
      problem.numDims() < numSymbols)
    throw InvalidArgument("lexmin problem must be a set over symbols and "
                          "variables");
  LexMinResult out;
  if (problem.isObviouslyEmpty() || context.isObviouslyEmpty())
    return out;
  // Flatten: every column of the problem after the symbols (dimensions
  // and locals alike) is a variable to minimize.
  BasicRelation widened(Space::set({}, Tuple(problem.numVars())));
  for (unsigned i = 0; i < problem.numEqualities(); ++i)
    widened.addEquality(problem.equality(i));
  for (unsigned i = 0; i < problem.numInequalities(); ++i)
    widened.addInequality(problem.inequality(i));
  PipBranch root(widened, numSymbols, context);
  root.solve(out, numBoundedVars);
  return out;
}

} // namespace presburger
