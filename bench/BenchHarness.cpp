//===- BenchHarness.cpp - Side-by-side benchmarks of the engine and isl ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "BenchHarness.h"
#include "HarnessValues.h"

#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <benchmark/benchmark.h>

#ifdef PRESBURGER_BENCH_HAVE_ISL
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#endif

#ifdef PRESBURGER_BENCH_HAVE_MLIR
#include "MlirPeer.h"
#endif

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

using presburger::LexOrder;
using presburger::Relation;
using presburger::VarKind;
using presburger::WorkBudget;

namespace bench {

namespace {

//===----------------------------------------------------------------------===//
// Our side
//===----------------------------------------------------------------------===//

using OurFn = std::function<OurResult(const std::vector<Relation> &,
                                      const std::vector<int> &)>;

/// The work budget of a convex or polyhedral hull here: ten times an
/// operation's default. The wrapping hull of family 1's peeled tiled
/// domain at depth 3 needs 106 million units (1.35 s; isl takes 3.1 s), just
/// past the default of 100 million, which would leave the case unmeasured;
/// a user's own call stops there (docs/performance.md, "Hulls").
const uint64_t kHullBudget = 10 * WorkBudget::kDefaultLimit;

/// The relation holding just `r`'s sample point, or nothing (same space).
Relation samplePointOf(const Relation &r) {
  Relation out(r.space());
  if (std::optional<presburger::Point> p = r.samplePoint()) {
    presburger::BasicRelation b(r.space());
    std::vector<presburger::Int> eq(b.numCols());
    for (unsigned c = 0; c < p->size(); ++c) {
      std::fill(eq.begin(), eq.end(), presburger::Int(0));
      eq[c] = presburger::Int(1);
      eq.back() = -(*p)[c];
      b.addEquality(eq);
    }
    out.addDisjunct(std::move(b));
  }
  return out;
}

/// The set tuple of a set is its Range; a relation's range is projected.
VarKind projectedKind(const Relation &r) {
  (void)r;
  return VarKind::Range;
}

//===----------------------------------------------------------------------===//
// isl's side
//===----------------------------------------------------------------------===//

#ifdef PRESBURGER_BENCH_HAVE_ISL
/// Dispatches on set/map: `fs` for sets, `fm` for maps (same arity).
template <typename FS, typename FM> IslVal unary(IslVal *in, FS fs, FM fm) {
  if (in[0].set)
    return fs(in[0].set);
  return fm(in[0].map);
}
/// A property test of one set or map (isl's `__isl_keep` predicates): runs
/// `test` on the map (sets are tested as maps with a zero-dimensional
/// domain) and frees the input.
template <typename FM> IslVal mapTest(IslVal *in, FM test) {
  isl_map *m = in[0].map ? in[0].map : isl_map_from_range(in[0].set);
  in[0].set = nullptr;
  in[0].map = nullptr;
  IslVal v = islBool(test(m));
  isl_map_free(m);
  return v;
}
template <typename FS, typename FM> IslVal binary(IslVal *in, FS fs, FM fm) {
  if (in[0].set && in[1].set)
    return fs(in[0].set, in[1].set);
  if (in[0].map && in[1].map)
    return fm(in[0].map, in[1].map);
  // Mixed kinds: nothing sensible; free and report an error.
  in[0].free();
  in[1].free();
  return IslVal();
}
#endif

//===----------------------------------------------------------------------===//
// The operation table
//===----------------------------------------------------------------------===//

struct OpImpl {
  OperationInfo info;
  OurFn ours;
#ifdef PRESBURGER_BENCH_HAVE_ISL
  IslFn isl;
#endif
  /// How results are compared: "equal" (same points), "gist" (same points
  /// inside the context, the second input), "superset" (ours contains the
  /// first input; for over-approximations whose exact form may differ),
  /// "member" (sampling: ours is a point of the first input, or empty
  /// exactly when isl's is).
  const char *check = "equal";
};

#ifdef PRESBURGER_BENCH_HAVE_ISL
#define ISL(...) , __VA_ARGS__
#else
#define ISL(...)
#endif

const std::vector<OpImpl> &opTable() {
  static const std::vector<OpImpl> table = {
      {{"is_empty", 1, 0, "integer emptiness"},
       [](auto &in, auto &) {
         return truth(in[0].isEmpty());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_set *s) {
               IslVal v = islBool(isl_set_is_empty(s));
               isl_set_free(s);
               return v;
             },
             [](isl_map *m) {
               IslVal v = islBool(isl_map_is_empty(m));
               isl_map_free(m);
               return v;
             });
       })},
      {{"sample", 1, 0, "one integer point (or none: empty)"},
       [](auto &in, auto &) {
         return value(samplePointOf(in[0]));
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_set *s) {
               return islSet(isl_set_from_basic_set(isl_set_sample(s)));
             },
             [](isl_map *m) {
               return islMap(isl_map_from_basic_map(isl_map_sample(m)));
             });
       }),
       "member"},
      {{"is_disjoint", 2, 0,
        "disjointness test (emptiness of the intersection)"},
       [](auto &in, auto &) {
         return truth(in[0].isDisjoint(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) {
               IslVal v = islBool(isl_set_is_disjoint(a, b));
               isl_set_free(a);
               isl_set_free(b);
               return v;
             },
             [](isl_map *a, isl_map *b) {
               IslVal v = islBool(isl_map_is_disjoint(a, b));
               isl_map_free(a);
               isl_map_free(b);
               return v;
             });
       })},
      {{"intersect", 2, 0, "intersection"},
       [](auto &in, auto &) {
         return value(in[0].intersect(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) {
               return islSet(isl_set_intersect(a, b));
             },
             [](isl_map *a, isl_map *b) {
               return islMap(isl_map_intersect(a, b));
             });
       })},
      {{"union", 2, 0, "union"},
       [](auto &in, auto &) {
         return value(in[0].unite(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) { return islSet(isl_set_union(a, b)); },
             [](isl_map *a, isl_map *b) {
               return islMap(isl_map_union(a, b));
             });
       })},
      {{"subtract", 2, 0, "difference"},
       [](auto &in, auto &) {
         return value(in[0].subtract(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) {
               return islSet(isl_set_subtract(a, b));
             },
             [](isl_map *a, isl_map *b) {
               return islMap(isl_map_subtract(a, b));
             });
       })},
      {{"complement", 1, 0, "complement"},
       [](auto &in, auto &) {
         return value(in[0].complement());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(isl_set_complement(s)); },
             [](isl_map *m) { return islMap(isl_map_complement(m)); });
       })},
      {{"is_subset", 2, 0, "inclusion test"},
       [](auto &in, auto &) {
         return truth(in[0].isSubsetOf(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) {
               IslVal v = islBool(isl_set_is_subset(a, b));
               isl_set_free(a);
               isl_set_free(b);
               return v;
             },
             [](isl_map *a, isl_map *b) {
               IslVal v = islBool(isl_map_is_subset(a, b));
               isl_map_free(a);
               isl_map_free(b);
               return v;
             });
       })},
      {{"is_equal", 2, 0, "equality test"},
       [](auto &in, auto &) {
         return truth(in[0].isEqual(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) {
               IslVal v = islBool(isl_set_is_equal(a, b));
               isl_set_free(a);
               isl_set_free(b);
               return v;
             },
             [](isl_map *a, isl_map *b) {
               IslVal v = islBool(isl_map_is_equal(a, b));
               isl_map_free(a);
               isl_map_free(b);
               return v;
             });
       })},
      {{"project", 1, 2,
        "project out set (or range) dimensions [pos, pos + n)"},
       [](auto &in, auto &ints) {
         return value(in[0].projectOut(projectedKind(in[0]), unsigned(ints[0]),
                                       unsigned(ints[1])));
       } ISL([](IslVal *in, auto &ints) {
         unsigned pos = unsigned(ints[0]), n = unsigned(ints[1]);
         return unary(
             in,
             [&](isl_set *s) {
               return islSet(isl_set_project_out(s, isl_dim_set, pos, n));
             },
             [&](isl_map *m) {
               return islMap(isl_map_project_out(m, isl_dim_out, pos, n));
             });
       })},
      {{"apply", 2, 0, "image of a set under a relation"},
       [](auto &in, auto &) {
         return value(in[0].apply(in[1]));
       } ISL([](IslVal *in, auto &) {
         if (!in[0].set || !in[1].map) {
           in[0].free();
           in[1].free();
           return IslVal();
         }
         return islSet(isl_set_apply(in[0].set, in[1].map));
       })},
      {{"apply_range", 2, 0, "composition of relations (this, then other)"},
       [](auto &in, auto &) {
         return value(in[0].applyRange(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) {
               return islSet(isl_set_apply(a, isl_map_from_range(b)));
             },
             [](isl_map *a, isl_map *b) {
               return islMap(isl_map_apply_range(a, b));
             });
       })},
      {{"reverse", 1, 0, "inverse relation"},
       [](auto &in, auto &) {
         return value(in[0].reverse());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(s); },
             [](isl_map *m) { return islMap(isl_map_reverse(m)); });
       })},
      {{"domain", 1, 0, "domain of a relation"},
       [](auto &in, auto &) {
         return value(in[0].domain());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(s); },
             [](isl_map *m) { return islSet(isl_map_domain(m)); });
       })},
      {{"range", 1, 0, "range of a relation"},
       [](auto &in, auto &) {
         return value(in[0].range());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(s); },
             [](isl_map *m) { return islSet(isl_map_range(m)); });
       })},
      {{"deltas", 1, 0, "difference vectors of a relation"},
       [](auto &in, auto &) {
         return value(in[0].deltas());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(s); },
             [](isl_map *m) { return islSet(isl_map_deltas(m)); });
       })},
      {{"lex_lt", 2, 0, "lexicographic order relation (<<)"},
       [](auto &in, auto &) {
         return value(in[0].lexOrderTo(in[1], LexOrder::LT));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) {
               return islMap(isl_set_lex_lt_set(a, b));
             },
             [](isl_map *a, isl_map *b) {
               return islMap(isl_map_lex_lt_map(a, b));
             });
       })},
      {{"lexmin", 1, 0, "lexicographic minimum"},
       [](auto &in, auto &) {
         return value(in[0].lexmin());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(isl_set_lexmin(s)); },
             [](isl_map *m) { return islMap(isl_map_lexmin(m)); });
       })},
      {{"lexmax", 1, 0, "lexicographic maximum"},
       [](auto &in, auto &) {
         return value(in[0].lexmax());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(isl_set_lexmax(s)); },
             [](isl_map *m) { return islMap(isl_map_lexmax(m)); });
       })},
      {{"gist", 2, 0, "simplification in a context"},
       [](auto &in, auto &) {
         return value(in[0].gist(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](isl_set *a, isl_set *b) { return islSet(isl_set_gist(a, b)); },
             [](isl_map *a, isl_map *b) { return islMap(isl_map_gist(a, b)); });
       }),
       "gist"},
      {{"convex_hull", 1, 0, "convex hull (over-approximation, one disjunct)"},
       [](auto &in, auto &) {
         WorkBudget::Scope budget(kHullBudget);
         return value(Relation(in[0].convexHull()));
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_set *s) {
               return islSet(isl_set_from_basic_set(isl_set_convex_hull(s)));
             },
             [](isl_map *m) {
               return islMap(isl_map_from_basic_map(isl_map_convex_hull(m)));
             });
       }),
       "superset"},
      {{"polyhedral_hull", 1, 0, "convex hull without divisions (iscc poly)"},
       [](auto &in, auto &) {
         WorkBudget::Scope budget(kHullBudget);
         return value(Relation(in[0].polyhedralHull()));
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_set *s) {
               return islSet(
                   isl_set_from_basic_set(isl_set_polyhedral_hull(s)));
             },
             [](isl_map *m) {
               return islMap(
                   isl_map_from_basic_map(isl_map_polyhedral_hull(m)));
             });
       }),
       "superset"},
      {{"simple_hull", 1, 0,
        "simple hull (translates of the input's constraints)"},
       [](auto &in, auto &) {
         return value(Relation(in[0].simpleHull()));
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_set *s) {
               return islSet(isl_set_from_basic_set(isl_set_simple_hull(s)));
             },
             [](isl_map *m) {
               return islMap(isl_map_from_basic_map(isl_map_simple_hull(m)));
             });
       }),
       "superset"},
      {{"params", 1, 0, "the parameter values with a point (iscc params)"},
       [](auto &in, auto &) {
         return value(in[0].params());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(isl_set_params(s)); },
             [](isl_map *m) { return islSet(isl_map_params(m)); });
       })},
      {{"affine_hull", 1, 0, "smallest affine subspace holding every point"},
       [](auto &in, auto &) {
         return value(Relation(in[0].affineHull()));
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_set *s) {
               return islSet(isl_set_from_basic_set(isl_set_affine_hull(s)));
             },
             [](isl_map *m) {
               return islMap(isl_map_from_basic_map(isl_map_affine_hull(m)));
             });
       })},
      {{"is_universe", 1, 0, "whether every point is in"},
       [](auto &in, auto &) {
         return truth(in[0].isUniverse());
       } ISL([](IslVal *in, auto &) {
         // isl has no exact universe test on sets and maps: universe <= m.
         return mapTest(in, [](isl_map *m) {
           isl_map *all = isl_map_universe(isl_map_get_space(m));
           isl_bool b = isl_map_is_subset(all, m);
           isl_map_free(all);
           return b;
         });
       })},
      {{"is_single_valued", 1, 0, "whether each input has one output"},
       [](auto &in, auto &) {
         return truth(in[0].isSingleValued());
       } ISL([](IslVal *in, auto &) {
         return mapTest(in, isl_map_is_single_valued);
       })},
      {{"is_injective", 1, 0, "whether each output has one input"},
       [](auto &in, auto &) {
         return truth(in[0].isInjective());
       } ISL([](IslVal *in, auto &) {
         return mapTest(in, isl_map_is_injective);
       })},
      {{"is_bijective", 1, 0, "single-valued and injective"},
       [](auto &in, auto &) {
         return truth(in[0].isBijective());
       } ISL([](IslVal *in, auto &) {
         return mapTest(in, isl_map_is_bijective);
       })},
      {{"coalesce", 1, 0, "fewer disjuncts, same points"},
       [](auto &in, auto &) {
         return value(in[0].coalesce());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in, [](isl_set *s) { return islSet(isl_set_coalesce(s)); },
             [](isl_map *m) { return islMap(isl_map_coalesce(m)); });
       })},
  };
  return table;
}

const OpImpl *findImpl(const std::string &name) {
  for (const OpImpl &op : opTable())
    if (name == op.info.name)
      return &op;
  return nullptr;
}

unsigned gMismatches = 0;
unsigned gMlirMismatches = 0;

#ifdef PRESBURGER_BENCH_HAVE_ISL
/// Whether our result means the same as isl's: `check` is OpImpl::check,
/// `inputKinds` the isl kinds the case's inputs were read as.
bool sameResult(const std::string &check, const OurResult &ours,
                const IslVal &theirs, const Case &c,
                const std::vector<IslKind> &inputKinds, std::string &why) {
  if (ours.boolean >= 0 || theirs.boolean >= 0) {
    if (ours.boolean == theirs.boolean)
      return true;
    why = "ours " + std::to_string(ours.boolean) + ", isl " +
          std::to_string(theirs.boolean);
    return false;
  }
  if (!ours.isValue() || !theirs.isRel()) {
    why = "missing result";
    return false;
  }
  std::string mineText = ours.toString();
  auto differ = [&] {
    why = "ours: " + mineText + "\n    isl:  " + islToString(theirs);
    return false;
  };
  if (check == "member") {
    // Samples differ legitimately: ours (a point, or nothing) must lie in
    // the input, and be empty exactly when isl's is.
    isl_bool theirsEmpty = islIsEmpty(theirs);
    bool oursEmpty = ours.numDisjuncts() == 0;
    isl_bool inside = isl_bool_true;
    if (!oursEmpty) {
      IslVal mine = islRead(mineText, inputKinds[0]);
      IslVal input = islRead(c.inputs[0], inputKinds[0]);
      inside = islIsSubset(mine, input);
      mine.free();
      input.free();
    }
    if (inside == isl_bool_true && theirsEmpty != isl_bool_error &&
        oursEmpty == (theirsEmpty == isl_bool_true))
      return true;
    return differ();
  }
  // Read ours as isl's result is held (an empty union reads as either).
  IslKind kind = theirs.set    ? IslKind::Set
                 : theirs.map  ? IslKind::Map
                 : theirs.uset ? IslKind::UnionSet
                               : IslKind::UnionMap;
  IslVal mine = islRead(mineText, kind);
  if (!mine.isRel()) {
    why = "isl cannot read our result " + mineText;
    return false;
  }
  IslVal other = islCopy(theirs);
  if (check == "gist") {
    // Same points inside the context.
    IslVal ctx = islRead(c.inputs[1], inputKinds[1]);
    mine = islIntersect(mine, islCopy(ctx));
    other = islIntersect(other, ctx);
  }
  if (check == "superset") {
    // Over-approximations (hulls): ours must contain the input. The two
    // results may differ legitimately (different lifted spaces, rational
    // relaxations of different representations: docs/algorithms/hulls.md);
    // a difference is noted, not counted as a mismatch.
    IslVal input = islRead(c.inputs[0], inputKinds[0]);
    isl_bool contains = islIsSubset(input, mine);
    isl_bool eq = islIsEqual(mine, other);
    input.free();
    mine.free();
    other.free();
    if (contains != isl_bool_true) {
      why = "the input is not contained in ours: " + mineText;
      return false;
    }
    if (eq != isl_bool_true)
      std::cerr << "bench: note: " << c.family << "/" << c.op << "/"
                << c.instance
                << ": valid but different from isl's\n    ours: " << mineText
                << "\n    isl:  " << islToString(theirs) << "\n";
    return true;
  }
  isl_bool eq = islIsEqual(mine, other);
  mine.free();
  other.free();
  if (eq == isl_bool_true)
    return true;
  return differ();
}
#endif

#ifdef PRESBURGER_BENCH_HAVE_MLIR
/// Whether MLIR's result means the same as ours: truth values directly,
/// relations converted back and compared by our engine.
bool sameAsMlir(const OurResult &ours, const MlirResult &theirs,
                std::string &why) {
  if (ours.boolean >= 0 || theirs.boolean >= 0) {
    if (ours.boolean == theirs.boolean)
      return true;
    why = "ours " + std::to_string(ours.boolean) + ", mlir " +
          std::to_string(theirs.boolean);
    return false;
  }
  if (!ours.rel || !theirs.rel) {
    why = "missing result";
    return false;
  }
  if (theirs.unbounded) {
    why = "mlir finds the minimum unbounded; ours: " + ours.rel->toString();
    return false;
  }
  try {
    if (theirs.rel->isEqual(*ours.rel))
      return true;
  } catch (const std::exception &e) {
    why = "cannot compare (" + std::string(e.what()) + ")\n    ";
  }
  why +=
      "ours: " + ours.rel->toString() + "\n    mlir: " + theirs.rel->toString();
  return false;
}
#endif

using Clock = std::chrono::steady_clock;

/// Timed seconds and wall-time cap per repetition of an isl benchmark (see
/// registerCase).
constexpr double kIslMinTime = 0.05;
constexpr double kIslMaxWall = 0.25;

#ifdef PRESBURGER_BENCH_HAVE_MLIR
/// Number of cases with an mlir side, and of those refused, by reason.
unsigned gMlirCases = 0;
std::map<std::string, unsigned> gMlirRefused;

/// Registers `<base>/mlir` when MLIR has the operation: the inputs are
/// converted here, outside the timed region (MLIR's objects hold no caches,
/// so they are shared by every iteration, as ours are), MLIR runs once and
/// its result is compared with ours (label MISMATCH-MLIR when they differ).
/// No mlir side when MLIR cannot take the inputs (MlirCase::prepare) or
/// when our engine failed (nothing to compare with).
void registerMlir(const Case &c, const std::string &base,
                  const std::vector<Relation> &inputs,
                  const std::optional<OurResult> &ours) {
  if (!mlirHasOperation(c.op))
    return;
  std::string whyNot = "our engine failed";
  std::shared_ptr<const MlirCase> mc;
  if (ours)
    mc = MlirCase::prepare(c.op, inputs, whyNot);
  if (!mc) {
    ++gMlirRefused[whyNot];
    std::cerr << "bench: " << base << ": no mlir side: " << whyNot << "\n";
    return;
  }
  // MLIR may crash on inputs it does not support: name the case first.
  if (std::getenv("PRESBURGER_BENCH_MLIR_TRACE"))
    std::cerr << "bench: mlir: " << base << std::endl;
  std::string label, why;
  MlirResult once;
  try {
    once = mc->runOnce();
    if (!sameAsMlir(*ours, once, why))
      label = "MISMATCH-MLIR";
  } catch (const std::exception &e) {
    why = std::string("cannot read MLIR's result back: ") + e.what();
    label = "MISMATCH-MLIR";
  }
  if (!label.empty()) {
    ++gMlirMismatches;
    std::cerr << "bench: MISMATCH-MLIR " << base << "\n    " << why << "\n";
  }
  ++gMlirCases;
  double outDisjuncts = once.numDisjuncts;
  benchmark::RegisterBenchmark(
      (base + "/mlir").c_str(),
      [mc, outDisjuncts, label](benchmark::State &state) {
        for (auto _ : state) {
          auto t0 = Clock::now();
          mc->run(); // Consumes and destroys MLIR's result.
          auto t1 = Clock::now();
          state.SetIterationTime(
              std::chrono::duration<double>(t1 - t0).count());
        }
        state.counters["out_disjuncts"] = outDisjuncts;
        if (!label.empty())
          state.SetLabel(label);
      })
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond);
}
#endif

} // namespace

const std::vector<OperationInfo> &operations() {
  static const std::vector<OperationInfo> infos = [] {
    std::vector<OperationInfo> v;
    for (const OpImpl &op : opTable())
      v.push_back(op.info);
    return v;
  }();
  return infos;
}

const OperationInfo *findOperation(const std::string &name) {
  const OpImpl *op = findImpl(name);
  return op ? &op->info : nullptr;
}

unsigned numMismatches() { return gMismatches; }
unsigned numMlirMismatches() { return gMlirMismatches; }

namespace {

/// Reads one isl-notation object starting at `pos` (after blanks): an
/// optional parameter list and arrow, then a brace-balanced body.
std::optional<std::string> readObject(const std::string &line, size_t &pos) {
  size_t start = pos;
  int depth = 0;
  bool seenBrace = false;
  for (; pos < line.size(); ++pos) {
    char ch = line[pos];
    if (ch == '{') {
      ++depth;
      seenBrace = true;
    } else if (ch == '}') {
      if (--depth < 0)
        return std::nullopt;
      if (depth == 0 && seenBrace) {
        ++pos;
        return line.substr(start, pos - start);
      }
    }
  }
  return std::nullopt;
}

void skipBlanks(const std::string &line, size_t &pos) {
  while (pos < line.size() &&
         std::isspace(static_cast<unsigned char>(line[pos])))
    ++pos;
}

} // namespace

bool parseCorpusLine(const std::string &line, Case &c, std::string &error) {
  size_t pos = 0;
  skipBlanks(line, pos);
  size_t opEnd = pos;
  while (opEnd < line.size() &&
         !std::isspace(static_cast<unsigned char>(line[opEnd])))
    ++opEnd;
  c.op = line.substr(pos, opEnd - pos);
  pos = opEnd;
  const OperationInfo *info = findOperation(c.op);
  if (!info) {
    error = "unknown operation '" + c.op + "'";
    return false;
  }
  for (unsigned i = 0; i < info->arity; ++i) {
    skipBlanks(line, pos);
    std::optional<std::string> obj = readObject(line, pos);
    if (!obj) {
      error = "expected " + std::to_string(info->arity) + " object(s)";
      return false;
    }
    c.inputs.push_back(*obj);
  }
  for (unsigned i = 0; i < info->numInts; ++i) {
    skipBlanks(line, pos);
    size_t used = 0;
    try {
      c.ints.push_back(std::stoi(line.substr(pos), &used));
    } catch (const std::exception &) {
      error = "expected " + std::to_string(info->numInts) + " integer(s)";
      return false;
    }
    pos += used;
  }
  skipBlanks(line, pos);
  if (pos != line.size()) {
    error = "trailing text";
    return false;
  }
  return true;
}

double runOurs(const Case &c, unsigned iterations) {
  const OpImpl *op = findImpl(c.op);
  if (!op || c.inputs.size() != op->info.arity)
    throw std::invalid_argument("unknown operation or wrong arity");
  std::function<OurResult()> run;
  try {
    auto inputs = std::make_shared<std::vector<Relation>>();
    for (const std::string &text : c.inputs)
      inputs->push_back(presburger::parseRelation(text));
    run = [inputs, fn = op->ours, &c] { return fn(*inputs, c.ints); };
  } catch (const std::exception &) {
    // Objects over several spaces run the union version, as registerCase.
    const UnionOpImpl *uop = findUnionOperation(c.op);
    if (!uop)
      throw;
    auto unions = std::make_shared<std::vector<presburger::UnionRelation>>();
    for (const std::string &text : c.inputs)
      unions->push_back(presburger::parseUnion(text));
    run = [unions, fn = uop->ours] { return fn(*unions); };
  }
  auto t0 = Clock::now();
  for (unsigned i = 0; i < iterations; ++i) {
    OurResult r = run();
    benchmark::DoNotOptimize(r);
  }
  return std::chrono::duration<double>(Clock::now() - t0).count() /
         std::max(1u, iterations);
}

std::string registerCase(const Case &c) {
  const OpImpl *op = findImpl(c.op);
  std::string base = c.family + "/" + c.op + "/" + c.instance;
  if (!op || c.inputs.size() != op->info.arity ||
      c.ints.size() != op->info.numInts) {
    std::cerr << "bench: " << base << ": unknown operation or wrong arity\n";
    return "unknown operation or wrong arity";
  }
  // Parse once; the parsed values are shared by every iteration. A case
  // whose inputs span several spaces runs the union version of the
  // operation (UnionOps.cpp) on UnionRelation and isl's union types.
  std::function<OurResult()> oursRun;
  std::shared_ptr<std::vector<Relation>> inputs; // Single-space cases.
  std::vector<IslKind> kinds;
#ifdef PRESBURGER_BENCH_HAVE_ISL
  IslFn islFn = op->isl;
#endif
  try {
    inputs = std::make_shared<std::vector<Relation>>();
    for (const std::string &text : c.inputs) {
      inputs->push_back(presburger::parseRelation(text));
      kinds.push_back(inputs->back().isRelation() ? IslKind::Map
                                                  : IslKind::Set);
    }
    oursRun = [inputs, fn = op->ours, ints = c.ints] {
      return fn(*inputs, ints);
    };
  } catch (const std::exception &e) {
    std::string whyNot = std::string("we cannot parse the input: ") + e.what();
    inputs.reset();
    kinds.clear();
    auto unions = std::make_shared<std::vector<presburger::UnionRelation>>();
    try {
      for (const std::string &text : c.inputs) {
        unions->push_back(presburger::parseUnion(text));
        kinds.push_back(unions->back().isRelationUnion() ? IslKind::UnionMap
                                                         : IslKind::UnionSet);
      }
    } catch (const std::exception &) {
      unions.reset(); // Not a union either: report the first error.
    }
    const UnionOpImpl *uop = findUnionOperation(c.op);
    if (unions && !uop)
      whyNot = "'" + c.op + "' has no version over several spaces";
    if (!unions || !uop) {
      std::cerr << "bench: " << base << ": " << whyNot << "\n";
      return whyNot;
    }
    oursRun = [unions, fn = uop->ours] { return fn(*unions); };
#ifdef PRESBURGER_BENCH_HAVE_ISL
    islFn = uop->isl;
#endif
  }

  // One run of ours, for the check and the output-size counter.
  std::optional<OurResult> ourOnce;
  std::string ourError;
  try {
    ourOnce = oursRun();
  } catch (const std::exception &e) {
    ourError = e.what();
  }
  double ourDisjuncts = ourOnce ? double(ourOnce->numDisjuncts()) : 0.0;

  std::string label;
#ifdef PRESBURGER_BENCH_HAVE_ISL
  auto freshIsl = [texts = c.inputs, kinds](std::vector<IslVal> &out) {
    out.clear();
    for (size_t i = 0; i < texts.size(); ++i)
      out.push_back(islRead(texts[i], kinds[i]));
    for (const IslVal &v : out)
      if (!v.isRel())
        return false;
    return true;
  };
  std::vector<IslVal> islIn;
  double islOpSeconds = 0, islParseSeconds = 0;
  bool islOk = freshIsl(islIn);
  double islOutDisjuncts = 0;
  if (!islOk) {
    for (IslVal &v : islIn)
      v.free();
    std::cerr << "bench: " << base << ": isl cannot parse the input\n";
  } else {
    auto t0 = Clock::now();
    IslVal islOnce = islFn(islIn.data(), c.ints);
    islOpSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
    // Two more cold runs for a steadier estimate of the costs (the first
    // one pays for warming caches).
    for (int k = 0; k < 2; ++k) {
      auto p0 = Clock::now();
      freshIsl(islIn);
      auto p1 = Clock::now();
      IslVal again = islFn(islIn.data(), c.ints);
      auto p2 = Clock::now();
      again.free();
      islParseSeconds = std::chrono::duration<double>(p1 - p0).count();
      islOpSeconds = std::min(islOpSeconds,
                              std::chrono::duration<double>(p2 - p1).count());
    }
    islOutDisjuncts = islDisjuncts(islOnce);
    if (islOnce.boolean < 0 && !islOnce.isRel()) {
      std::cerr << "bench: " << base << ": isl failed\n";
      islOk = false;
    } else if (ourOnce) {
      std::string why;
      if (!sameResult(op->check, *ourOnce, islOnce, c, kinds, why)) {
        ++gMismatches;
        label = "MISMATCH";
        std::cerr << "bench: MISMATCH " << base << "\n    " << why << "\n";
      }
    }
    islOnce.free();
  }
#endif
  if (!ourError.empty())
    std::cerr << "bench: " << base << ": our engine failed: " << ourError
              << "\n";

  benchmark::RegisterBenchmark(
      (base + "/ours").c_str(),
      [oursRun, ourDisjuncts, label, ourError](benchmark::State &state) {
        if (!ourError.empty()) {
          state.SkipWithError(ourError.c_str());
          return;
        }
        for (auto _ : state) {
          auto t0 = Clock::now();
          {
            OurResult r = oursRun();
            benchmark::DoNotOptimize(r);
          }
          auto t1 = Clock::now();
          state.SetIterationTime(
              std::chrono::duration<double>(t1 - t0).count());
        }
        state.counters["out_disjuncts"] = ourDisjuncts;
        if (!label.empty())
          state.SetLabel(label);
      })
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond);

#ifdef PRESBURGER_BENCH_HAVE_ISL
  if (islOk) {
    std::vector<int> ints = c.ints;
    // isl's inputs are read afresh before every iteration, which costs more
    // than many operations: Google Benchmark's own iteration estimate would
    // spend most of the run parsing. The count is fixed instead, from the
    // costs measured above: enough iterations for kIslMinTime of timed work,
    // but at most kIslMaxWall seconds of wall time per repetition.
    double perIteration = islParseSeconds + islOpSeconds;
    double wanted = kIslMinTime / std::max(islOpSeconds, 1e-9);
    double capped = kIslMaxWall / std::max(perIteration, 1e-9);
    auto iterations = benchmark::IterationCount(
        std::max(1.0, std::min({wanted, capped, 1e6})));
    benchmark::RegisterBenchmark(
        (base + "/isl").c_str(),
        [freshIsl, islFn, ints, islOutDisjuncts,
         label](benchmark::State &state) {
          std::vector<IslVal> in;
          for (auto _ : state) {
            // Fresh objects, read outside the timed region (isl caches inside
            // its objects).
            freshIsl(in);
            auto t0 = Clock::now();
            {
              IslVal r = islFn(in.data(), ints);
              benchmark::DoNotOptimize(r);
              r.free();
            }
            auto t1 = Clock::now();
            state.SetIterationTime(
                std::chrono::duration<double>(t1 - t0).count());
          }
          state.counters["out_disjuncts"] = islOutDisjuncts;
          if (!label.empty())
            state.SetLabel(label);
        })
        ->Iterations(iterations)
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond);
  }
#endif
#ifdef PRESBURGER_BENCH_HAVE_MLIR
  if (inputs) // MLIR has no objects over several spaces.
    registerMlir(c, base, *inputs, ourOnce);
#endif
  return std::string();
}

int runBenchmarks(int argc, char **argv,
                  benchmark::BenchmarkReporter *display) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  if (display)
    benchmark::RunSpecifiedBenchmarks(display);
  else
    benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (gMismatches)
    std::cerr
        << "bench: " << gMismatches
        << " case(s) where the engine and isl disagree (label MISMATCH)\n";
#ifdef PRESBURGER_BENCH_HAVE_MLIR
  std::cerr << "bench: " << gMlirCases << " case(s) with an mlir side (MLIR "
            << mlirVersion() << ")";
  for (const auto &[why, n] : gMlirRefused)
    std::cerr << "; " << n << " not given to MLIR: " << why;
  std::cerr << "\n";
  if (gMlirMismatches)
    std::cerr << "bench: " << gMlirMismatches
              << " case(s) where the engine and MLIR disagree (label "
                 "MISMATCH-MLIR)\n";
#endif
  return 0;
}

} // namespace bench
