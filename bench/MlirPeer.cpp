//===- MlirPeer.cpp - MLIR's Presburger library as a third benchmark side -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Conversions between our objects and mlir::presburger's, and MLIR's side of
// the operations it has (see MlirPeer.h).
//
// What MLIR 15 is not given (prepare() refuses the case), and why:
//  - coefficients of magnitude above kMaxCoefficient: MLIR 15 stores int64
//    and multiplies without overflow checks, so large coefficients give
//    silently wrong answers rather than errors;
//  - in a set that MLIR subtracts (subtract, complement, is_subset,
//    is_equal), a local bounded by a pair of rows tighter than a floor
//    division's: MLIR takes the pair for a division's definition and its
//    result is wrong (hasTightDivisionPair);
//  - lexmin of a union (PWMAFunction::unionLexMin does not support locals)
//    and of a set without dimensions.
// Tried and found right, hence not excluded: locals that are not divisions
// in a subtracted set (MLIR first rewrites it with
// computeReprWithOnlyDivLocals), divisions defined by an equality,
// parameters, relations. No input of the three families crashes MLIR.
//
//===----------------------------------------------------------------------===//
#include "MlirPeer.h"

#include "mlir/Analysis/Presburger/IntegerRelation.h"
#include "mlir/Analysis/Presburger/PWMAFunction.h"
#include "mlir/Analysis/Presburger/PresburgerRelation.h"
#include "mlir/Analysis/Presburger/Simplex.h"
#include "mlir/Analysis/Presburger/Utils.h"
#include "llvm/Config/llvm-config.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace mp = mlir::presburger;
using presburger::BasicRelation;
using presburger::ConstRow;
using presburger::Int;
using presburger::Relation;
using presburger::Space;

namespace bench {

namespace {

/// The largest coefficient (or constant) magnitude handed to MLIR: products
/// of three such numbers still fit in int64. On family 2's coef inputs (a
/// lattice stride 2^C), MLIR's coalesce returns points outside its input
/// from C = 30 on (subtract, is_subset and lexmin were still right at 31).
constexpr int64_t kMaxCoefficient = int64_t(1) << 20;

enum class Op {
  IsEmpty,
  Intersect,
  Union,
  Subtract,
  Complement,
  IsSubset,
  IsEqual,
  Coalesce,
  LexminPoint,    // findIntegerLexMin: no parameters, no domain.
  LexminSymbolic, // findSymbolicIntegerLexMin.
};

struct OpName {
  const char *name;
  Op op;
  /// Which inputs MLIR subtracts (bit i: input i): the second input of
  /// subtract and is_subset (a subset test is an emptiness test of a
  /// difference), the input of complement, both inputs of is_equal.
  unsigned subtrahends;
};

// The harness's operation names (BenchHarness.cpp) that MLIR has.
constexpr OpName kOps[] = {
    {"is_empty", Op::IsEmpty, 0},      {"intersect", Op::Intersect, 0},
    {"union", Op::Union, 0},           {"subtract", Op::Subtract, 2},
    {"complement", Op::Complement, 1}, {"is_subset", Op::IsSubset, 2},
    {"is_equal", Op::IsEqual, 3},      {"coalesce", Op::Coalesce, 0},
    {"lexmin", Op::LexminSymbolic, 0},
};

const OpName *findOp(const std::string &name) {
  for (const OpName &o : kOps)
    if (name == o.name)
      return &o;
  return nullptr;
}

/// Column correspondence for a space with P parameters, D domain and R
/// range dimensions: ours [P | D | R | locals | const], MLIR's
/// [D | R | P | locals | const].
struct Columns {
  unsigned p, d, r;
  unsigned toMlir(unsigned c) const {
    if (c < p)
      return d + r + c;
    if (c < p + d + r)
      return c - p;
    return c;
  }
  unsigned toOurs(unsigned m) const {
    if (m < d + r)
      return p + m;
    if (m < d + r + p)
      return m - d - r;
    return m;
  }
};

Columns columnsOf(const Space &s) {
  return {s.numParams(), s.numDomain(), s.numRange()};
}

/// `row` permuted into MLIR's column order; false when a coefficient is too
/// large for MLIR.
bool toMlirRow(ConstRow row, const Columns &cols, std::vector<int64_t> &out) {
  out.assign(row.size(), 0);
  for (unsigned c = 0; c < row.size(); ++c) {
    std::optional<int64_t> v = row[c].toInt64();
    if (!v || *v > kMaxCoefficient || *v < -kMaxCoefficient)
      return false;
    out[cols.toMlir(c)] = *v;
  }
  return true;
}

/// Whether some local of `r` is bounded by a pair of rows that MLIR takes
/// for a division although it is tighter than one: c <= expr - d*q <= d - 1
/// with c > 0. MLIR 15's subtraction treats the pair as the division's
/// definition, never negates it and loses the tightening: the complement of
/// { [i] : exists e : 3e <= i <= 3e + 1 } comes out empty. (Locals it does
/// not recognize as divisions at all are fine: the subtraction first
/// rewrites the subtrahend with computeReprWithOnlyDivLocals.)
bool hasTightDivisionPair(const mp::IntegerRelation &r) {
  std::vector<mp::MaybeLocalRepr> repr(r.getNumLocalVars());
  r.getLocalReprs(&repr);
  unsigned firstLocal = r.getVarKindOffset(mp::VarKind::Local);
  unsigned constCol = r.getNumCols() - 1;
  for (unsigned k = 0; k < repr.size(); ++k) {
    if (repr[k].kind != mp::ReprKind::Inequality)
      continue;
    // The two rows, in either order (MLIR 15 stores the upper bound in
    // lowerBoundIdx); the divisor is q's coefficient in its lower bound.
    unsigned a = repr[k].repr.inequalityPair.lowerBoundIdx;
    unsigned b = repr[k].repr.inequalityPair.upperBoundIdx;
    unsigned q = firstLocal + k;
    int64_t d = std::max(r.atIneq(a, q), r.atIneq(b, q));
    if (r.atIneq(a, constCol) + r.atIneq(b, constCol) != d - 1)
      return true;
  }
  return false;
}

/// One disjunct in MLIR's terms; nullopt with the reason in `why` when MLIR
/// cannot take it.
std::optional<mp::IntegerRelation> toMlir(const BasicRelation &b,
                                          bool subtrahend, std::string &why) {
  // A set is a relation without domain for MLIR (getSetSpace gives the
  // same space).
  Columns cols = columnsOf(b.space());
  mp::IntegerRelation out(mp::PresburgerSpace::getRelationSpace(
      cols.d, cols.r, cols.p, b.numLocals()));
  std::vector<int64_t> row;
  for (unsigned i = 0; i < b.numEqualities(); ++i) {
    if (!toMlirRow(b.equality(i), cols, row)) {
      why = "a coefficient above 2^20 (MLIR 15 computes in unchecked int64)";
      return std::nullopt;
    }
    out.addEquality(row);
  }
  for (unsigned i = 0; i < b.numInequalities(); ++i) {
    if (!toMlirRow(b.inequality(i), cols, row)) {
      why = "a coefficient above 2^20 (MLIR 15 computes in unchecked int64)";
      return std::nullopt;
    }
    out.addInequality(row);
  }
  if (subtrahend && hasTightDivisionPair(out)) {
    why = "a local bounded more tightly than a division, in a subtracted "
          "set (MLIR 15's subtraction drops the tightening)";
    return std::nullopt;
  }
  return out;
}

/// A relation in MLIR's terms (a union of the converted disjuncts).
std::optional<mp::PresburgerRelation>
toMlir(const Relation &rel, bool subtrahend, std::string &why) {
  Columns cols = columnsOf(rel.space());
  mp::PresburgerRelation out = mp::PresburgerRelation::getEmpty(
      mp::PresburgerSpace::getRelationSpace(cols.d, cols.r, cols.p));
  for (const BasicRelation &b : rel.disjuncts()) {
    std::optional<mp::IntegerRelation> d = toMlir(b, subtrahend, why);
    if (!d)
      return std::nullopt;
    out.unionInPlace(*d);
  }
  return out;
}

/// An MLIR disjunct back in our terms, in `space` (same variable counts).
BasicRelation fromMlir(const mp::IntegerRelation &r, const Space &space) {
  Columns cols = columnsOf(space);
  BasicRelation b(space);
  for (unsigned l = 0; l < r.getNumLocalVars(); ++l)
    b.addLocal();
  std::vector<Int> row(r.getNumCols());
  for (unsigned i = 0; i < r.getNumEqualities(); ++i) {
    for (unsigned m = 0; m < r.getNumCols(); ++m)
      row[cols.toOurs(m)] = Int(r.atEq(i, m));
    b.addEquality(row);
  }
  for (unsigned i = 0; i < r.getNumInequalities(); ++i) {
    for (unsigned m = 0; m < r.getNumCols(); ++m)
      row[cols.toOurs(m)] = Int(r.atIneq(i, m));
    b.addInequality(row);
  }
  return b;
}

Relation fromMlir(const mp::PresburgerRelation &r, const Space &space) {
  Relation out(space);
  for (const mp::IntegerRelation &d : r.getAllDisjuncts())
    out.addDisjunct(fromMlir(d, space));
  return out;
}

/// A symbolic lexmin back in our terms: each piece is the relation
/// {inputs -> outputs : domain(inputs) and outputs = f(inputs)}. The
/// piece's variables are [our domain dims | our params | locals].
Relation fromMlir(const mp::PWMAFunction &f, const Space &space) {
  Columns cols = columnsOf(space);
  Relation out(space);
  for (unsigned i = 0; i < f.getNumPieces(); ++i) {
    const mp::MultiAffineFunction &piece = f.getPiece(i);
    const mp::IntegerPolyhedron &dom = piece.getDomain();
    unsigned numIn = dom.getNumDimAndSymbolVars();
    unsigned numDimsIn = dom.getNumDimVars();
    if (numDimsIn != cols.d || numIn != cols.d + cols.p ||
        piece.getNumOutputs() != cols.r)
      throw std::logic_error("unexpected layout of MLIR's lexmin");
    // Piece column m -> our column.
    auto ours = [&](unsigned m) {
      if (m < numDimsIn)
        return cols.p + m;
      if (m < numIn)
        return m - numDimsIn;
      return m + cols.r; // Locals and constant: after our range.
    };
    BasicRelation b(space);
    for (unsigned l = 0; l < dom.getNumLocalVars(); ++l)
      b.addLocal();
    std::vector<Int> row(b.numCols());
    for (unsigned e = 0; e < dom.getNumEqualities(); ++e) {
      std::fill(row.begin(), row.end(), Int(0));
      for (unsigned m = 0; m < dom.getNumCols(); ++m)
        row[ours(m)] = Int(dom.atEq(e, m));
      b.addEquality(row);
    }
    for (unsigned e = 0; e < dom.getNumInequalities(); ++e) {
      std::fill(row.begin(), row.end(), Int(0));
      for (unsigned m = 0; m < dom.getNumCols(); ++m)
        row[ours(m)] = Int(dom.atIneq(e, m));
      b.addInequality(row);
    }
    for (unsigned k = 0; k < cols.r; ++k) {
      std::fill(row.begin(), row.end(), Int(0));
      llvm::ArrayRef<int64_t> expr = piece.getOutputExpr(k);
      for (unsigned m = 0; m < expr.size(); ++m)
        row[ours(m)] = Int(-expr[m]);
      row[cols.p + cols.d + k] = row[cols.p + cols.d + k] + Int(1);
      b.addEquality(row);
    }
    out.addDisjunct(std::move(b));
  }
  return out;
}

} // namespace

struct MlirCase::Impl {
  Op op;
  Space space; // Of the result (the first input's, parameters aligned).
  // Sets too are held as PresburgerRelation: PresburgerSet's operations
  // call the same code and copy the result into a PresburgerSet, which
  // would add a copy to the timed region.
  std::vector<mp::PresburgerRelation> in;
};

MlirCase::MlirCase(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MlirCase::~MlirCase() = default;

bool mlirHasOperation(const std::string &op) { return findOp(op) != nullptr; }

const char *mlirVersion() { return LLVM_VERSION_STRING; }

std::unique_ptr<MlirCase> MlirCase::prepare(const std::string &opName,
                                            const std::vector<Relation> &inputs,
                                            std::string &whyNot) {
  const OpName *o = findOp(opName);
  if (!o) {
    whyNot = "MLIR has no such operation";
    return nullptr;
  }
  // MLIR's symbols are positional: align our parameters by name first.
  std::vector<Relation> aligned = inputs;
  std::vector<std::string> params;
  for (const Relation &r : aligned)
    params = presburger::mergeParams(params, r.space().paramNames());
  for (Relation &r : aligned)
    r.alignParams(params);

  auto impl = std::make_unique<Impl>();
  impl->op = o->op;
  impl->space = aligned[0].space();
  if (o->op == Op::LexminSymbolic) {
    if (aligned[0].numDisjuncts() != 1) {
      whyNot = aligned[0].numDisjuncts()
                   ? "lexmin of a union (MLIR 15's PWMAFunction::unionLexMin "
                     "does not take locals)"
                   : "lexmin of an empty set without disjuncts";
      return nullptr;
    }
    if (aligned[0].numRange() == 0) {
      whyNot = "lexmin of a set without dimensions";
      return nullptr;
    }
    if (aligned[0].numParams() == 0 && aligned[0].numDomain() == 0)
      impl->op = Op::LexminPoint;
  }
  for (unsigned i = 0; i < aligned.size(); ++i) {
    std::optional<mp::PresburgerRelation> r =
        toMlir(aligned[i], (o->subtrahends >> i) & 1, whyNot);
    if (!r)
      return nullptr;
    impl->in.push_back(std::move(*r));
  }
  return std::unique_ptr<MlirCase>(new MlirCase(std::move(impl)));
}

void MlirCase::run() const {
  const std::vector<mp::PresburgerRelation> &in = impl_->in;
  switch (impl_->op) {
  case Op::IsEmpty: {
    bool b = in[0].isIntegerEmpty();
    benchmark::DoNotOptimize(b);
    break;
  }
  case Op::IsSubset: {
    bool b = in[0].isSubsetOf(in[1]);
    benchmark::DoNotOptimize(b);
    break;
  }
  case Op::IsEqual: {
    bool b = in[0].isEqual(in[1]);
    benchmark::DoNotOptimize(b);
    break;
  }
  case Op::Intersect: {
    mp::PresburgerRelation r = in[0].intersect(in[1]);
    benchmark::DoNotOptimize(r);
    break;
  }
  case Op::Union: {
    mp::PresburgerRelation r = in[0].unionSet(in[1]);
    benchmark::DoNotOptimize(r);
    break;
  }
  case Op::Subtract: {
    mp::PresburgerRelation r = in[0].subtract(in[1]);
    benchmark::DoNotOptimize(r);
    break;
  }
  case Op::Complement: {
    mp::PresburgerRelation r = in[0].complement();
    benchmark::DoNotOptimize(r);
    break;
  }
  case Op::Coalesce: {
    mp::PresburgerRelation r = in[0].coalesce();
    benchmark::DoNotOptimize(r);
    break;
  }
  case Op::LexminPoint: {
    mp::MaybeOptimum<llvm::SmallVector<int64_t, 8>> r =
        in[0].getDisjunct(0).findIntegerLexMin();
    benchmark::DoNotOptimize(r);
    break;
  }
  case Op::LexminSymbolic: {
    mp::SymbolicLexMin r = in[0].getDisjunct(0).findSymbolicIntegerLexMin();
    benchmark::DoNotOptimize(r);
    break;
  }
  }
}

MlirResult MlirCase::runOnce() const {
  const std::vector<mp::PresburgerRelation> &in = impl_->in;
  const Space &space = impl_->space;
  MlirResult res;
  auto relation = [&](const mp::PresburgerRelation &r) {
    res.rel = fromMlir(r, space);
    res.numDisjuncts = r.getNumDisjuncts();
  };
  switch (impl_->op) {
  case Op::IsEmpty:
    res.boolean = in[0].isIntegerEmpty();
    break;
  case Op::IsSubset:
    res.boolean = in[0].isSubsetOf(in[1]);
    break;
  case Op::IsEqual:
    res.boolean = in[0].isEqual(in[1]);
    break;
  case Op::Intersect:
    relation(in[0].intersect(in[1]));
    break;
  case Op::Union:
    relation(in[0].unionSet(in[1]));
    break;
  case Op::Subtract:
    relation(in[0].subtract(in[1]));
    break;
  case Op::Complement:
    relation(in[0].complement());
    break;
  case Op::Coalesce:
    relation(in[0].coalesce());
    break;
  case Op::LexminPoint: {
    // The minimum over [dims | locals]: its first dims are the lexmin of
    // the set's projection.
    mp::MaybeOptimum<llvm::SmallVector<int64_t, 8>> r =
        in[0].getDisjunct(0).findIntegerLexMin();
    res.rel = Relation(space);
    res.unbounded = r.isUnbounded();
    if (r.isBounded()) {
      BasicRelation b(space);
      std::vector<Int> row(b.numCols());
      for (unsigned k = 0; k < space.numRange(); ++k) {
        std::fill(row.begin(), row.end(), Int(0));
        row[k] = Int(1);
        row.back() = Int(-(*r)[k]);
        b.addEquality(row);
      }
      res.rel->addDisjunct(std::move(b));
      res.numDisjuncts = 1;
    }
    break;
  }
  case Op::LexminSymbolic: {
    mp::SymbolicLexMin r = in[0].getDisjunct(0).findSymbolicIntegerLexMin();
    res.rel = fromMlir(r.lexmin, space);
    res.unbounded = !r.unboundedDomain.isIntegerEmpty();
    res.numDisjuncts = r.lexmin.getNumPieces();
    break;
  }
  }
  return res;
}

} // namespace bench
