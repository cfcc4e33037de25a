//===- FunctionChecks.cpp - Quasi-affine functions against isl ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FunctionChecks.h"

#include "presburger/FixedBox.h"
#include "presburger/FunctionText.h"
#include "presburger/Parser.h"
#include "presburger/StrideInfo.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/fixed_box.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/stride_info.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <cstdlib>

using namespace presburger;

namespace crosscheck {

namespace {

std::string paramsText(const std::vector<std::string> &params) {
  std::string out;
  for (size_t i = 0; i < params.size(); ++i)
    out += (i ? ", " : "") + params[i];
  return params.empty() ? "" : "[" + out + "] -> ";
}

std::string tupleText(const TupleShape &t,
                      const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i ? ", " : "") + names[i];
  return t.name + "[" + out + "]";
}

std::vector<std::string> names(const char *prefix, unsigned n) {
  std::vector<std::string> out;
  for (unsigned i = 0; i < n; ++i)
    out.push_back(prefix + std::to_string(i));
  return out;
}

/// c0 + sum c_v v, small coefficients.
std::string linear(RandomSets &r, const std::vector<std::string> &vars) {
  std::string out = std::to_string(r.between(-4, 4));
  for (const std::string &v : vars)
    if (r.percent(60))
      out += " + " + std::to_string(r.between(-3, 3)) + "*" + v;
  return out;
}

/// A quasi-affine expression: linear, plus maybe a floor division or a
/// mod, maybe nested.
std::string quasiAffine(RandomSets &r, const std::vector<std::string> &vars) {
  std::string out = linear(r, vars);
  if (r.percent(50)) {
    std::string inner = linear(r, vars);
    if (r.percent(30))
      inner += " + floor((" + linear(r, vars) + ")/" +
               std::to_string(r.between(2, 4)) + ")";
    out += " + " + std::to_string(r.between(-2, 2)) + "*floor((" + inner +
           ")/" + std::to_string(r.between(2, 5)) + ")";
  }
  if (r.percent(25))
    out += " + ((" + linear(r, vars) + ") mod " +
           std::to_string(r.between(2, 4)) + ")";
  return out;
}

std::string islText(char *s) {
  std::string out = s ? s : "(null)";
  std::free(s);
  return out;
}

/// Our function's text as isl reads it, as a map (or, for a params domain,
/// a set); null when isl cannot read it.
isl_map *islGraph(const IslContext &ctx, const std::string &text,
                  bool paramsDomain) {
  isl_pw_multi_aff *p = isl_pw_multi_aff_read_from_str(ctx.get(), text.c_str());
  if (!p) {
    // A result too large for isl's reader within its operation limit is
    // counted as isl's quota, as for relations.
    ctx.noteQuotaIfReaderOverran(
        +[](isl_ctx *c, const std::string &t) {
          isl_pw_multi_aff *f = isl_pw_multi_aff_read_from_str(c, t.c_str());
          isl_pw_multi_aff_free(f);
          return f != nullptr;
        },
        text);
    return nullptr;
  }
  if (paramsDomain)
    return isl_map_from_range(isl_set_from_pw_multi_aff(p));
  return isl_map_from_pw_multi_aff(p);
}

/// Adds the disjuncts and constraints of the domain of one of isl's pieces
/// to the FunctionSizes `user`.
isl_stat countPieceDomain(isl_set *domain, isl_multi_aff *ma, void *user) {
  auto *sizes = static_cast<FunctionSizes *>(user);
  isl_set_foreach_basic_set(
      domain,
      +[](isl_basic_set *b, void *u) {
        auto *s = static_cast<FunctionSizes *>(u);
        ++s->islDisjuncts;
        s->islConstraints += unsigned(isl_basic_set_n_constraint(b));
        isl_basic_set_free(b);
        return isl_stat_ok;
      },
      sizes);
  isl_set_free(domain);
  isl_multi_aff_free(ma);
  return isl_stat_ok;
}

/// Empty when our function (text) is isl's (a pw_multi_aff, consumed);
/// then `sizes`, when given, gets isl's sizes.
std::string compareFunctions(const IslContext &ctx, const std::string &ours,
                             isl_pw_multi_aff *theirs, bool paramsDomain,
                             FunctionSizes *sizes = nullptr) {
  if (!theirs)
    return "isl failed";
  if (sizes)
    isl_pw_multi_aff_foreach_piece(theirs, countPieceDomain, sizes);
  std::string theirsText = islText(isl_pw_multi_aff_to_str(theirs));
  isl_map *want = paramsDomain
                      ? isl_map_from_range(isl_set_from_pw_multi_aff(theirs))
                      : isl_map_from_pw_multi_aff(theirs);
  if (ours.size() >= 4 && ours.compare(ours.size() - 4, 4, "{  }") == 0) {
    // isl prints the function defined nowhere as `{  }` and cannot read it.
    bool empty = isl_map_is_empty(want) == isl_bool_true;
    isl_map_free(want);
    return empty ? "" : "ours is empty, isl's: " + theirsText;
  }
  isl_map *got = islGraph(ctx, ours, paramsDomain);
  if (!got) {
    isl_map_free(want);
    return "isl cannot read our function " + ours;
  }
  bool same = isl_map_is_equal(got, want) == isl_bool_true;
  isl_map_free(got);
  isl_map_free(want);
  if (same)
    return "";
  return "ours: " + ours + "\n  isl:  " + theirsText;
}

} // namespace

namespace {

/// A single-valued relation of one or two pieces from `a` to `b`.
std::string functionGraph(RandomSets &r, const std::vector<std::string> &params,
                          const TupleShape &a, const TupleShape &b) {
  std::vector<std::string> in = names("i", a.dims), out = names("o", b.dims);
  std::vector<std::string> vars = params;
  vars.insert(vars.end(), in.begin(), in.end());
  auto piece = [&](const std::string &cond) {
    std::string s;
    for (unsigned j = 0; j < b.dims; ++j)
      s += (j ? " and " : "") + out[j] + " = " + quasiAffine(r, vars);
    return "(" + s + " and " + cond + ")";
  };
  int k = r.between(-3, 3);
  std::string cond = "i0 >= " + std::to_string(k);
  if (r.percent(50))
    cond += " and " + linear(r, vars) + " >= 0";
  std::string text = paramsText(params) + "{ " + tupleText(a, in) + " -> " +
                     tupleText(b, out) + " : " + piece(cond);
  if (r.percent(70))
    text += " or " + piece("i0 < " + std::to_string(k) + " and " +
                           linear(r, vars) + " <= 5");
  return text + " }";
}

} // namespace

std::string singleValuedRelation(RandomSets &r) {
  std::vector<std::string> params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  return functionGraph(r, params, a, b);
}

std::vector<std::string> pullbackInputs(RandomSets &r) {
  std::vector<std::string> params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2), x = r.randomTuple(2);
  std::string rel = functionGraph(r, params, a, b);
  std::vector<std::string> in = names("x", x.dims);
  std::vector<std::string> vars = params;
  vars.insert(vars.end(), in.begin(), in.end());
  std::string outs;
  for (unsigned j = 0; j < a.dims; ++j)
    outs += std::string(j ? ", " : "") + "(" + quasiAffine(r, vars) + ")";
  std::string ma = paramsText(params) + "{ " + tupleText(x, in) + " -> " +
                   a.name + "[" + outs + "] }";
  return {rel, ma};
}

std::vector<std::string> functionPairInputs(RandomSets &r, bool sameRange) {
  std::vector<std::string> params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  TupleShape c = sameRange ? b : r.randomTuple(2);
  return {functionGraph(r, params, a, b), functionGraph(r, params, a, c),
          "{ [" + std::to_string(r.between(-3, 3)) + "] }"};
}

std::string stridedInput(RandomSets &r, bool relation) {
  std::vector<std::string> params = r.randomParams();
  TupleShape a = r.randomTuple(2), b = r.randomTuple(2);
  std::vector<std::string> in = names("i", relation ? a.dims : 0),
                           out = names("o", b.dims);
  std::vector<std::string> vars = params;
  vars.insert(vars.end(), in.begin(), in.end());
  vars.insert(vars.end(), out.begin(), out.end());
  // Sometimes the parameters are free and the first output ranges over
  // [p, p + k] or [0, p]: a box of constant size or none.
  bool freeParams = !params.empty() && r.percent(30);
  auto disjunct = [&](unsigned index) {
    std::string s;
    for (const std::string &v : vars) {
      if (freeParams && v == params[0])
        continue;
      if (freeParams && v == out[0]) {
        s += (s.empty() ? "" : " and ") +
             (r.percent(50) ? params[0] + " <= " + v + " <= " + params[0] +
                                  " + " + std::to_string(r.between(0, 6))
                            : "0 <= " + v + " <= " + params[0]);
        continue;
      }
      s += (s.empty() ? "" : " and ") + std::string("-6 <= ") + v + " <= 6";
    }
    for (unsigned k = 0, n = unsigned(r.between(1, 2)); k < n; ++k) {
      std::string m = std::to_string(r.between(2, 6));
      std::string e = linear(r, vars) + " + " +
                      std::to_string(r.between(1, 3)) + "*" + out[0];
      if (r.percent(50))
        s += " and (" + e + ") mod " + m + " = " +
             std::to_string(r.between(0, 5) % std::stoi(m));
      else
        s += " and exists (e" + std::to_string(index) + std::to_string(k) +
             " : " + e + " = " + m + "*e" + std::to_string(index) +
             std::to_string(k) + ")";
    }
    if (r.percent(40))
      s += " and " + linear(r, vars) + " >= 0";
    return "(" + s + ")";
  };
  std::string head = paramsText(params) + "{ " +
                     (relation ? tupleText(a, in) + " -> " : "") +
                     tupleText(b, out) + " : " + disjunct(0);
  if (r.percent(30))
    head += " or " + disjunct(1);
  return head + " }";
}

std::string checkFromRelation(const Relation &rel, const IslObject &theirs,
                              const IslContext &ctx) {
  PwMultiAff f = PwMultiAff::fromRelation(rel);
  if (!f.toRelation().isEqual(rel))
    return "back to a relation: " + f.toRelation().toString() +
           " is not the input";
  isl_map *m = isl_map_from_union_map(isl_union_map_copy(theirs.mapPtr()));
  return compareFunctions(ctx, f.toString(), isl_pw_multi_aff_from_map(m),
                          false);
}

std::string checkLexoptPwMultiAff(const Relation &in, const IslObject &theirs,
                                  const IslContext &ctx, bool max,
                                  FunctionSizes *sizes) {
  PwMultiAff f = max ? in.lexmaxPwMultiAff() : in.lexminPwMultiAff();
  if (sizes)
    for (const PwMultiAff::Piece &piece : f.pieces())
      sizes->ourDomains.push_back(piece.domain);
  isl_pw_multi_aff *p;
  if (theirs.isSet()) {
    isl_set *s = isl_set_from_union_set(theirs.copySet());
    p = max ? isl_set_lexmax_pw_multi_aff(s) : isl_set_lexmin_pw_multi_aff(s);
  } else {
    isl_map *m = isl_map_from_union_map(theirs.copyMap());
    p = max ? isl_map_lexmax_pw_multi_aff(m) : isl_map_lexmin_pw_multi_aff(m);
  }
  return compareFunctions(ctx, f.toString(), p, theirs.isSet(), sizes);
}

std::string checkDimOpt(const Relation &set, const IslObject &theirs,
                        const IslContext &ctx, bool max, FunctionSizes *sizes) {
  PwAff f = max ? set.dimMax(0) : set.dimMin(0);
  if (sizes)
    for (const PwAff::Piece &piece : f.pieces())
      sizes->ourDomains.push_back(piece.domain);
  isl_pw_aff *p;
  if (theirs.isSet()) {
    isl_set *s = isl_set_from_union_set(theirs.copySet());
    p = max ? isl_set_dim_max(s, 0) : isl_set_dim_min(s, 0);
  } else {
    isl_map *m = isl_map_from_union_map(theirs.copyMap());
    p = max ? isl_map_dim_max(m, 0) : isl_map_dim_min(m, 0);
  }
  return compareFunctions(ctx, f.toString(), isl_pw_multi_aff_from_pw_aff(p),
                          theirs.isSet(), sizes);
}

std::string checkStrideInfo(const Relation &in, const IslObject &theirs,
                            const IslContext &ctx) {
  bool set = in.isSet();
  StrideInfo si = set ? strideInfo(in, 0) : rangeStrideInfo(in, 0);
  isl_stride_info *info;
  isl_set *points;
  unsigned pos = 0;
  if (set) {
    points = isl_set_from_union_set(theirs.copySet());
    info = isl_set_get_stride_info(points, 0);
  } else {
    isl_map *m = isl_map_from_union_map(theirs.copyMap());
    pos = unsigned(isl_map_dim(m, isl_dim_in));
    info = isl_map_get_range_stride_info(m, 0);
    points = isl_map_wrap(m);
  }
  isl_val *stride = isl_stride_info_get_stride(info);
  std::string theirsText =
      islText(isl_val_to_str(stride)) + ", " +
      islText(isl_aff_to_str(isl_stride_info_get_offset(info)));
  isl_stride_info_free(info);
  std::string oursText = si.stride.toString() + ", " + si.offset.toString();
  // Ours is isl's or a multiple of it: our affine hull of a union can keep
  // a congruence that isl's alignment of the disjuncts' divisions loses;
  // the offset check below proves it.
  Int islStride(int64_t(isl_val_get_num_si(stride)));
  bool sameStride = mod(si.stride, islStride).isZero();
  isl_val_free(stride);
  if (!sameStride) {
    isl_set_free(points);
    return "stride: ours " + oursText + ", isl's " + theirsText;
  }
  // Our offset is valid: every point has (value - offset) mod stride = 0.
  isl_aff *off = isl_aff_read_from_str(ctx.get(), si.offset.toString().c_str());
  if (!off) {
    isl_set_free(points);
    return "isl cannot read our offset " + si.offset.toString();
  }
  isl_space *space = isl_set_get_space(points);
  if (!set)
    off = isl_aff_pullback_multi_aff(
        off, isl_multi_aff_domain_map(isl_space_unwrap(isl_space_copy(space))));
  isl_aff *value = isl_aff_var_on_domain(isl_local_space_from_space(space),
                                         isl_dim_set, pos);
  isl_aff *diff = isl_aff_mod_val(
      isl_aff_sub(value, off),
      isl_val_int_from_si(ctx.get(), long(*si.stride.toInt64())));
  isl_set *onLattice = isl_set_from_basic_set(isl_aff_zero_basic_set(diff));
  bool valid = isl_set_is_subset(points, onLattice) == isl_bool_true;
  isl_set_free(points);
  isl_set_free(onLattice);
  return valid ? ""
               : "our offset is not valid: ours " + oursText + ", isl's " +
                     theirsText;
}

std::string checkFixedBox(const Relation &in, const IslObject &theirs,
                          const IslContext &ctx) {
  bool set = in.isSet();
  FixedBox ours = set ? simpleFixedBoxHull(in) : rangeSimpleFixedBoxHull(in);
  isl_fixed_box *box;
  isl_set *domain;
  if (set) {
    isl_set *s = isl_set_from_union_set(theirs.copySet());
    box = isl_set_get_simple_fixed_box_hull(s);
    domain = isl_set_params(s);
  } else {
    isl_map *m = isl_map_from_union_map(theirs.copyMap());
    box = isl_map_get_range_simple_fixed_box_hull(m);
    domain = isl_map_domain(m);
  }
  bool valid = isl_fixed_box_is_valid(box) == isl_bool_true;
  std::string theirsText = islText(isl_fixed_box_to_str(box));
  std::string oursText = "invalid";
  if (ours.valid) {
    oursText = ours.offset.toString() + " sizes";
    for (const Int &v : ours.size)
      oursText += " " + v.toString();
  }
  std::string detail;
  if (valid != ours.valid) {
    detail = "validity: ours " + oursText + ", isl's " + theirsText;
  } else if (valid) {
    // Each size at most isl's (our simple hull can be tighter; a tie
    // between two bounds may pick another offset), and our box holds
    // every point: in isl, the graph of our offset applied to
    // { c -> y : c <= y < c + size }.
    isl_multi_val *size = isl_fixed_box_get_size(box);
    std::string cs, ys, cons;
    for (unsigned d = 0; d < ours.size.size(); ++d) {
      isl_val *v = isl_multi_val_get_at(size, int(d));
      if (Int(int64_t(isl_val_get_num_si(v))) < ours.size[d])
        detail = "sizes: ours " + oursText + ", isl's " + theirsText;
      isl_val_free(v);
      std::string k = std::to_string(d);
      cs += (d ? ", c" : "c") + k;
      ys += (d ? ", y" : "y") + k;
      cons += std::string(d ? " and " : "") + "c" + k + " <= y" + k + " < c" +
              k + " + " + ours.size[d].toString();
    }
    isl_multi_val_free(size);
    const std::string &name = in.space().rangeTuple().name();
    std::string spread = "{ " + name + "[" + cs + "] -> " + name + "[" + ys +
                         "] : " + cons + " }";
    isl_pw_multi_aff *mine = isl_pw_multi_aff_read_from_str(
        ctx.get(), ours.offset.toString().c_str());
    isl_map *t = isl_map_read_from_str(ctx.get(), spread.c_str());
    if (detail.empty() && (!mine || !t)) {
      detail = "isl cannot read our box " + oursText;
    } else if (detail.empty()) {
      bool holds;
      if (set) {
        isl_set *b = isl_set_apply(isl_set_from_pw_multi_aff(mine), t);
        isl_set *pts = isl_set_from_union_set(theirs.copySet());
        holds = isl_set_is_subset(pts, b) == isl_bool_true;
        isl_set_free(pts);
        isl_set_free(b);
      } else {
        isl_map *b = isl_map_apply_range(isl_map_from_pw_multi_aff(mine), t);
        isl_map *pts = isl_map_from_union_map(theirs.copyMap());
        holds = isl_map_is_subset(pts, b) == isl_bool_true;
        isl_map_free(pts);
        isl_map_free(b);
      }
      mine = nullptr;
      t = nullptr;
      if (!holds)
        detail =
            "our box misses points: ours " + oursText + ", isl's " + theirsText;
    }
    isl_pw_multi_aff_free(mine);
    isl_map_free(t);
  }
  isl_set_free(domain);
  isl_fixed_box_free(box);
  return detail;
}

std::string checkPullback(const Relation &rel, const Relation &maGraph,
                          const IslObject &theirs, const IslContext &ctx) {
  PwMultiAff g = PwMultiAff::fromRelation(maGraph);
  if (g.numPieces() != 1 || !g.pieces()[0].domain.isUniverse())
    return "the graph of a multi-affine function read as " + g.toString();
  // Our text of the function, which isl reads too.
  std::string maText = g.pieces()[0].ma.toString();
  PwMultiAff f = PwMultiAff::fromRelation(rel).pullback(g.pieces()[0].ma);
  isl_map *m = isl_map_from_union_map(theirs.copyMap());
  isl_multi_aff *ma = isl_multi_aff_read_from_str(ctx.get(), maText.c_str());
  if (!ma) {
    isl_map_free(m);
    return "isl cannot read " + maText;
  }
  isl_pw_multi_aff *p =
      isl_pw_multi_aff_pullback_multi_aff(isl_pw_multi_aff_from_map(m), ma);
  return compareFunctions(ctx, f.toString(), p, false);
}

std::string
checkFunctionArithmetic(const std::string &op, const Relation &first,
                        const Relation &second, const Relation &factor,
                        const IslObject &theirsFirst,
                        const IslObject &theirsSecond, const IslContext &ctx) {
  PwMultiAff f = PwMultiAff::fromRelation(first);
  PwMultiAff g = PwMultiAff::fromRelation(second);
  DimBounds kb = factor.dimBounds(VarKind::Range, 0);
  if (kb.empty || !kb.lower)
    return "the factor " + factor.toString() + " is no single value";
  Int k = *kb.lower;
  isl_pw_multi_aff *x =
      isl_pw_multi_aff_from_map(isl_map_from_union_map(theirsFirst.copyMap()));
  isl_pw_multi_aff *y =
      isl_pw_multi_aff_from_map(isl_map_from_union_map(theirsSecond.copyMap()));
  PwMultiAff ours;
  isl_pw_multi_aff *theirs = nullptr;
  if (op == "add") {
    ours = f.add(g);
    theirs = isl_pw_multi_aff_add(x, y);
  } else if (op == "sub") {
    ours = f.sub(g);
    theirs = isl_pw_multi_aff_sub(x, y);
  } else if (op == "union_add") {
    ours = f.unionAdd(g);
    theirs = isl_pw_multi_aff_union_add(x, y);
  } else if (op == "range_product") {
    ours = f.rangeProduct(g);
    theirs = isl_pw_multi_aff_range_product(x, y);
  } else if (op == "flat_range_product") {
    ours = f.flatRangeProduct(g);
    theirs = isl_pw_multi_aff_flat_range_product(x, y);
  } else if (op == "neg") {
    ours = f.neg();
    theirs = isl_pw_multi_aff_neg(x);
    isl_pw_multi_aff_free(y);
  } else if (op == "scale") {
    ours = f.scale(k);
    theirs = isl_pw_multi_aff_scale_val(
        x, isl_val_read_from_str(ctx.get(), k.toString().c_str()));
    isl_pw_multi_aff_free(y);
  } else {
    isl_pw_multi_aff_free(x);
    isl_pw_multi_aff_free(y);
    return "no function operation " + op;
  }
  return compareFunctions(ctx, ours.toString(), theirs, false);
}

} // namespace crosscheck
