//===- IslValues.cpp - The isl side's values, generic over their kind -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "HarnessValues.h"

#include <isl/options.h>

#include <cstdlib>

namespace bench {

void IslVal::free() {
  isl_set_free(set);
  isl_map_free(map);
  isl_union_set_free(uset);
  isl_union_map_free(umap);
  set = nullptr;
  map = nullptr;
  uset = nullptr;
  umap = nullptr;
}

isl_ctx *islContext() {
  static isl_ctx *ctx = [] {
    isl_ctx *c = isl_ctx_alloc();
    isl_options_set_on_error(c, ISL_ON_ERROR_CONTINUE);
    return c;
  }();
  return ctx;
}

IslVal islRead(const std::string &text, IslKind kind) {
  isl_ctx *ctx = islContext();
  const char *str = text.c_str();
  IslVal v;
  switch (kind) {
  case IslKind::Set:
    v.set = isl_set_read_from_str(ctx, str);
    break;
  case IslKind::Map:
    v.map = isl_map_read_from_str(ctx, str);
    break;
  case IslKind::UnionSet:
    v.uset = isl_union_set_read_from_str(ctx, str);
    break;
  case IslKind::UnionMap:
    v.umap = isl_union_map_read_from_str(ctx, str);
    break;
  }
  if (!v.isRel())
    isl_ctx_reset_error(ctx);
  return v;
}

std::string islToString(const IslVal &v) {
  char *s = v.set    ? isl_set_to_str(v.set)
            : v.map  ? isl_map_to_str(v.map)
            : v.uset ? isl_union_set_to_str(v.uset)
            : v.umap ? isl_union_map_to_str(v.umap)
                     : nullptr;
  if (!s)
    return v.boolean < 0 ? "<error>" : (v.boolean ? "true" : "false");
  std::string out(s);
  std::free(s);
  return out;
}

namespace {
isl_stat countBasicSet(isl_set *s, void *user) {
  *static_cast<unsigned *>(user) += unsigned(isl_set_n_basic_set(s));
  isl_set_free(s);
  return isl_stat_ok;
}
isl_stat countBasicMap(isl_map *m, void *user) {
  *static_cast<unsigned *>(user) += unsigned(isl_map_n_basic_map(m));
  isl_map_free(m);
  return isl_stat_ok;
}
} // namespace

unsigned islDisjuncts(const IslVal &v) {
  unsigned n = 0;
  if (v.set)
    n = unsigned(isl_set_n_basic_set(v.set));
  else if (v.map)
    n = unsigned(isl_map_n_basic_map(v.map));
  else if (v.uset)
    isl_union_set_foreach_set(v.uset, countBasicSet, &n);
  else if (v.umap)
    isl_union_map_foreach_map(v.umap, countBasicMap, &n);
  return n;
}

IslVal islCopy(const IslVal &v) {
  IslVal c;
  c.set = isl_set_copy(v.set);
  c.map = isl_map_copy(v.map);
  c.uset = isl_union_set_copy(v.uset);
  c.umap = isl_union_map_copy(v.umap);
  c.boolean = v.boolean;
  return c;
}

isl_bool islIsEqual(const IslVal &a, const IslVal &b) {
  if (a.set && b.set)
    return isl_set_is_equal(a.set, b.set);
  if (a.map && b.map)
    return isl_map_is_equal(a.map, b.map);
  if (a.uset && b.uset)
    return isl_union_set_is_equal(a.uset, b.uset);
  if (a.umap && b.umap)
    return isl_union_map_is_equal(a.umap, b.umap);
  return isl_bool_error;
}

isl_bool islIsSubset(const IslVal &a, const IslVal &b) {
  if (a.set && b.set)
    return isl_set_is_subset(a.set, b.set);
  if (a.map && b.map)
    return isl_map_is_subset(a.map, b.map);
  if (a.uset && b.uset)
    return isl_union_set_is_subset(a.uset, b.uset);
  if (a.umap && b.umap)
    return isl_union_map_is_subset(a.umap, b.umap);
  return isl_bool_error;
}

isl_bool islIsEmpty(const IslVal &v) {
  if (v.set)
    return isl_set_is_empty(v.set);
  if (v.map)
    return isl_map_is_empty(v.map);
  if (v.uset)
    return isl_union_set_is_empty(v.uset);
  if (v.umap)
    return isl_union_map_is_empty(v.umap);
  return isl_bool_error;
}

IslVal islIntersect(IslVal a, IslVal b) {
  IslVal r;
  if (a.set && b.set)
    r.set = isl_set_intersect(a.set, b.set);
  else if (a.map && b.map)
    r.map = isl_map_intersect(a.map, b.map);
  else if (a.uset && b.uset)
    r.uset = isl_union_set_intersect(a.uset, b.uset);
  else if (a.umap && b.umap)
    r.umap = isl_union_map_intersect(a.umap, b.umap);
  else {
    a.free();
    b.free();
  }
  return r;
}

} // namespace bench
