//===- HarnessValues.h - What the benchmark sides compute on --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to bench/: the results of our side and the values of isl's side,
// shared by the harness (BenchHarness.cpp, single-space objects) and the
// operations on objects over several spaces (UnionOps.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_BENCH_HARNESSVALUES_H
#define PRESBURGER_BENCH_HARNESSVALUES_H

#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#ifdef PRESBURGER_BENCH_HAVE_ISL
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#endif

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bench {

/// What an operation of ours returns: a truth value, a relation (one
/// space) or a union relation (several spaces).
struct OurResult {
  int boolean = -1; // -1: not a truth value.
  std::optional<presburger::Relation> rel;
  std::optional<presburger::UnionRelation> urel;

  bool isValue() const { return rel || urel; }
  std::string toString() const {
    return rel ? rel->toString() : urel ? urel->toString() : std::string();
  }
  unsigned numDisjuncts() const {
    if (rel)
      return rel->numDisjuncts();
    unsigned n = 0;
    if (urel)
      for (const presburger::Relation &piece : urel->pieces())
        n += piece.numDisjuncts();
    return n;
  }
};

inline OurResult truth(bool b) {
  OurResult r;
  r.boolean = b ? 1 : 0;
  return r;
}
inline OurResult value(presburger::Relation rel) {
  OurResult r;
  r.rel = std::move(rel);
  return r;
}
inline OurResult value(presburger::UnionRelation rel) {
  OurResult r;
  r.urel = std::move(rel);
  return r;
}

/// Which isl type holds an object.
enum class IslKind { Set, Map, UnionSet, UnionMap };

#ifdef PRESBURGER_BENCH_HAVE_ISL
/// One isl value the harness owns: one of the four object kinds or a truth
/// value.
struct IslVal {
  isl_set *set = nullptr;
  isl_map *map = nullptr;
  isl_union_set *uset = nullptr;
  isl_union_map *umap = nullptr;
  int boolean = -1; // -1: not a truth value (or an isl error).

  bool isRel() const { return set || map || uset || umap; }
  void free();
};

inline IslVal islSet(isl_set *s) {
  IslVal v;
  v.set = s;
  return v;
}
inline IslVal islMap(isl_map *m) {
  IslVal v;
  v.map = m;
  return v;
}
inline IslVal islUnionSet(isl_union_set *s) {
  IslVal v;
  v.uset = s;
  return v;
}
inline IslVal islUnionMap(isl_union_map *m) {
  IslVal v;
  v.umap = m;
  return v;
}
inline IslVal islBool(isl_bool b) {
  IslVal v;
  v.boolean = b == isl_bool_error ? -1 : (b == isl_bool_true ? 1 : 0);
  return v;
}

/// isl functions take their arguments (__isl_take); `in` is owned here and
/// consumed by the call.
using IslFn = std::function<IslVal(IslVal *, const std::vector<int> &)>;

/// The harness's isl context (errors do not abort).
isl_ctx *islContext();
/// Reads `text` as an isl object of `kind`; no object on a parse error.
IslVal islRead(const std::string &text, IslKind kind);
std::string islToString(const IslVal &v);
unsigned islDisjuncts(const IslVal &v);
/// A new reference to the same object.
IslVal islCopy(const IslVal &v);
/// Kind-generic tests and intersection on objects of the same kind (an
/// error, isl_bool_error or no object, on different kinds). They keep
/// their arguments, except islIntersect, which takes both.
isl_bool islIsEqual(const IslVal &a, const IslVal &b);
isl_bool islIsSubset(const IslVal &a, const IslVal &b);
isl_bool islIsEmpty(const IslVal &v);
IslVal islIntersect(IslVal a, IslVal b);
#endif

/// An operation on objects over several spaces (UnionOps.cpp): the same
/// name as the single-space operation it generalizes.
struct UnionOpImpl {
  const char *name;
  std::function<OurResult(const std::vector<presburger::UnionRelation> &)> ours;
#ifdef PRESBURGER_BENCH_HAVE_ISL
  IslFn isl;
#endif
};

/// The union version of the harness operation `name`, or nullptr.
const UnionOpImpl *findUnionOperation(const std::string &name);

} // namespace bench

#endif // PRESBURGER_BENCH_HARNESSVALUES_H
