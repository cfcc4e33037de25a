//===- UnionOps.cpp - Harness operations on objects over several spaces ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A compiler's objects usually span several statements and arrays
// (`{ S[i] -> A[i]; T[j] -> A[j + 1] }`): isl's union sets and maps, our
// UnionRelation. When an input of a case names several spaces, the harness
// runs the operation of the same name from this table (ours on
// UnionRelation, isl's isl_union_* function), with the same timing and
// checking rules as the single-space table in BenchHarness.cpp.
//
//===----------------------------------------------------------------------===//
#include "HarnessValues.h"

using presburger::LexOrder;
using presburger::UnionRelation;

namespace bench {

namespace {

#ifdef PRESBURGER_BENCH_HAVE_ISL
#define ISL(...) , __VA_ARGS__

/// Dispatches on union set / union map: `fs` for sets, `fm` for maps.
template <typename FS, typename FM> IslVal unary(IslVal *in, FS fs, FM fm) {
  if (in[0].uset)
    return fs(in[0].uset);
  return fm(in[0].umap);
}
template <typename FS, typename FM> IslVal binary(IslVal *in, FS fs, FM fm) {
  if (in[0].uset && in[1].uset)
    return fs(in[0].uset, in[1].uset);
  if (in[0].umap && in[1].umap)
    return fm(in[0].umap, in[1].umap);
  in[0].free();
  in[1].free();
  return IslVal();
}
/// A test that keeps its arguments (__isl_keep); frees them after.
template <typename FS, typename FM>
IslVal binaryTest(IslVal *in, FS fs, FM fm) {
  IslVal v;
  if (in[0].uset && in[1].uset)
    v = islBool(fs(in[0].uset, in[1].uset));
  else if (in[0].umap && in[1].umap)
    v = islBool(fm(in[0].umap, in[1].umap));
  in[0].free();
  in[1].free();
  return v;
}
/// A property of a union map (sets are not maps: an error).
template <typename FM> IslVal mapTest(IslVal *in, FM test) {
  IslVal v;
  if (in[0].umap)
    v = islBool(test(in[0].umap));
  in[0].free();
  return v;
}
#else
#define ISL(...)
#endif

using In = std::vector<UnionRelation>;

const std::vector<UnionOpImpl> &unionOpTable() {
  static const std::vector<UnionOpImpl> table = {
      {"is_empty", [](const In &in) { return truth(in[0].isEmpty()); } ISL(
                       [](IslVal *in, auto &) {
                         IslVal v = islBool(islIsEmpty(in[0]));
                         in[0].free();
                         return v;
                       })},
      {"sample",
       [](const In &in) {
         return value(in[0].sample());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_union_set *s) {
               return islSet(isl_set_from_basic_set(isl_union_set_sample(s)));
             },
             [](isl_union_map *m) {
               return islMap(isl_map_from_basic_map(isl_union_map_sample(m)));
             });
       })},
      {"is_disjoint",
       [](const In &in) {
         return truth(in[0].isDisjoint(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binaryTest(in, isl_union_set_is_disjoint,
                           isl_union_map_is_disjoint);
       })},
      {"intersect",
       [](const In &in) {
         return value(in[0].intersect(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](auto *a, auto *b) {
               return islUnionSet(isl_union_set_intersect(a, b));
             },
             [](auto *a, auto *b) {
               return islUnionMap(isl_union_map_intersect(a, b));
             });
       })},
      {"union", [](const In &in) { return value(in[0].unite(in[1])); } ISL(
                    [](IslVal *in, auto &) {
                      return binary(
                          in,
                          [](auto *a, auto *b) {
                            return islUnionSet(isl_union_set_union(a, b));
                          },
                          [](auto *a, auto *b) {
                            return islUnionMap(isl_union_map_union(a, b));
                          });
                    })},
      {"subtract",
       [](const In &in) {
         return value(in[0].subtract(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](auto *a, auto *b) {
               return islUnionSet(isl_union_set_subtract(a, b));
             },
             [](auto *a, auto *b) {
               return islUnionMap(isl_union_map_subtract(a, b));
             });
       })},
      {"is_subset",
       [](const In &in) {
         return truth(in[0].isSubsetOf(in[1]));
       } ISL([](IslVal *in, auto &) {
         return binaryTest(in, isl_union_set_is_subset,
                           isl_union_map_is_subset);
       })},
      {"is_equal", [](const In &in) { return truth(in[0].isEqual(in[1])); } ISL(
                       [](IslVal *in, auto &) {
                         return binaryTest(in, isl_union_set_is_equal,
                                           isl_union_map_is_equal);
                       })},
      {"apply",
       [](const In &in) {
         return value(in[0].apply(in[1]));
       } ISL([](IslVal *in, auto &) {
         if (!in[0].uset || !in[1].umap) {
           in[0].free();
           in[1].free();
           return IslVal();
         }
         return islUnionSet(isl_union_set_apply(in[0].uset, in[1].umap));
       })},
      {"apply_range",
       [](const In &in) {
         return value(in[0].applyRange(in[1]));
       } ISL([](IslVal *in, auto &) {
         if (!in[0].umap || !in[1].umap) {
           in[0].free();
           in[1].free();
           return IslVal();
         }
         return islUnionMap(isl_union_map_apply_range(in[0].umap, in[1].umap));
       })},
      {"reverse", [](const In &in) { return value(in[0].reverse()); } ISL(
                      [](IslVal *in, auto &) {
                        return unary(
                            in, [](isl_union_set *s) { return islUnionSet(s); },
                            [](isl_union_map *m) {
                              return islUnionMap(isl_union_map_reverse(m));
                            });
                      })},
      {"domain", [](const In &in) { return value(in[0].domain()); } ISL(
                     [](IslVal *in, auto &) {
                       return unary(
                           in, [](isl_union_set *s) { return islUnionSet(s); },
                           [](isl_union_map *m) {
                             return islUnionSet(isl_union_map_domain(m));
                           });
                     })},
      {"range", [](const In &in) { return value(in[0].range()); } ISL(
                    [](IslVal *in, auto &) {
                      return unary(
                          in, [](isl_union_set *s) { return islUnionSet(s); },
                          [](isl_union_map *m) {
                            return islUnionSet(isl_union_map_range(m));
                          });
                    })},
      {"deltas", [](const In &in) { return value(in[0].deltas()); } ISL(
                     [](IslVal *in, auto &) {
                       return unary(
                           in, [](isl_union_set *s) { return islUnionSet(s); },
                           [](isl_union_map *m) {
                             return islUnionSet(isl_union_map_deltas(m));
                           });
                     })},
      {"lex_lt",
       [](const In &in) {
         return value(in[0].lexOrderTo(in[1], LexOrder::LT));
       } ISL([](IslVal *in, auto &) {
         return binary(
             in,
             [](auto *a, auto *b) {
               return islUnionMap(isl_union_set_lex_lt_union_set(a, b));
             },
             [](auto *a, auto *b) {
               return islUnionMap(isl_union_map_lex_lt_union_map(a, b));
             });
       })},
      {"lexmin", [](const In &in) { return value(in[0].lexmin()); } ISL(
                     [](IslVal *in, auto &) {
                       return unary(
                           in,
                           [](isl_union_set *s) {
                             return islUnionSet(isl_union_set_lexmin(s));
                           },
                           [](isl_union_map *m) {
                             return islUnionMap(isl_union_map_lexmin(m));
                           });
                     })},
      {"lexmax", [](const In &in) { return value(in[0].lexmax()); } ISL(
                     [](IslVal *in, auto &) {
                       return unary(
                           in,
                           [](isl_union_set *s) {
                             return islUnionSet(isl_union_set_lexmax(s));
                           },
                           [](isl_union_map *m) {
                             return islUnionMap(isl_union_map_lexmax(m));
                           });
                     })},
      {"gist", [](const In &in) { return value(in[0].gist(in[1])); } ISL(
                   [](IslVal *in, auto &) {
                     return binary(
                         in,
                         [](auto *a, auto *b) {
                           return islUnionSet(isl_union_set_gist(a, b));
                         },
                         [](auto *a, auto *b) {
                           return islUnionMap(isl_union_map_gist(a, b));
                         });
                   })},
      {"polyhedral_hull",
       [](const In &in) {
         return value(in[0].polyhedralHull());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_union_set *s) {
               return islUnionSet(isl_union_set_polyhedral_hull(s));
             },
             [](isl_union_map *m) {
               return islUnionMap(isl_union_map_polyhedral_hull(m));
             });
       })},
      {"simple_hull",
       [](const In &in) {
         return value(in[0].simpleHull());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_union_set *s) {
               return islUnionSet(isl_union_set_simple_hull(s));
             },
             [](isl_union_map *m) {
               return islUnionMap(isl_union_map_simple_hull(m));
             });
       })},
      {"affine_hull",
       [](const In &in) {
         return value(in[0].affineHull());
       } ISL([](IslVal *in, auto &) {
         return unary(
             in,
             [](isl_union_set *s) {
               return islUnionSet(isl_union_set_affine_hull(s));
             },
             [](isl_union_map *m) {
               return islUnionMap(isl_union_map_affine_hull(m));
             });
       })},
      {"coalesce", [](const In &in) { return value(in[0].coalesce()); } ISL(
                       [](IslVal *in, auto &) {
                         return unary(
                             in,
                             [](isl_union_set *s) {
                               return islUnionSet(isl_union_set_coalesce(s));
                             },
                             [](isl_union_map *m) {
                               return islUnionMap(isl_union_map_coalesce(m));
                             });
                       })},
      {"params", [](const In &in) { return value(in[0].params()); } ISL(
                     [](IslVal *in, auto &) {
                       return unary(
                           in,
                           [](isl_union_set *s) {
                             return islSet(isl_union_set_params(s));
                           },
                           [](isl_union_map *m) {
                             return islSet(isl_union_map_params(m));
                           });
                     })},
      {"is_single_valued",
       [](const In &in) { return truth(in[0].isSingleValued()); } ISL(
           [](IslVal *in, auto &) {
             return mapTest(in, isl_union_map_is_single_valued);
           })},
      {"is_injective",
       [](const In &in) { return truth(in[0].isInjective()); } ISL(
           [](IslVal *in, auto &) {
             return mapTest(in, isl_union_map_is_injective);
           })},
      {"is_bijective",
       [](const In &in) { return truth(in[0].isBijective()); } ISL(
           [](IslVal *in, auto &) {
             return mapTest(in, isl_union_map_is_bijective);
           })},
  };
  return table;
}

} // namespace

const UnionOpImpl *findUnionOperation(const std::string &name) {
  for (const UnionOpImpl &op : unionOpTable())
    if (name == op.name)
      return &op;
  return nullptr;
}

} // namespace bench
