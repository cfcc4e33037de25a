// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "IslOracle.h"

#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <cstdlib>

namespace crosscheck {

IslContext::IslContext() : ctx_(isl_ctx_alloc()) {
  isl_options_set_on_error(ctx_, ISL_ON_ERROR_CONTINUE);
}
IslContext::~IslContext() { isl_ctx_free(ctx_); }

void IslContext::startCase(unsigned long maxOperations) {
  maxOperations_ = maxOperations;
  quotaNoted_ = false;
  isl_ctx_reset_error(ctx_);
  isl_ctx_set_max_operations(ctx_, maxOperations);
  isl_ctx_reset_operations(ctx_);
}

bool IslContext::quotaExceeded() const {
  return quotaNoted_ || isl_ctx_last_error(ctx_) == isl_error_quota;
}

IslObject IslObject::set(isl_union_set *s) {
  IslObject o;
  o.set_ = s;
  return o;
}
IslObject IslObject::map(isl_union_map *m) {
  IslObject o;
  o.map_ = m;
  return o;
}
IslObject::IslObject(const IslObject &o)
    : set_(o.set_ ? isl_union_set_copy(o.set_) : nullptr),
      map_(o.map_ ? isl_union_map_copy(o.map_) : nullptr) {}
IslObject &IslObject::operator=(const IslObject &o) {
  if (this != &o) {
    reset();
    set_ = o.set_ ? isl_union_set_copy(o.set_) : nullptr;
    map_ = o.map_ ? isl_union_map_copy(o.map_) : nullptr;
  }
  return *this;
}
IslObject::IslObject(IslObject &&o) noexcept : set_(o.set_), map_(o.map_) {
  o.set_ = nullptr;
  o.map_ = nullptr;
}
IslObject &IslObject::operator=(IslObject &&o) noexcept {
  if (this != &o) {
    reset();
    set_ = o.set_;
    map_ = o.map_;
    o.set_ = nullptr;
    o.map_ = nullptr;
  }
  return *this;
}
IslObject::~IslObject() { reset(); }

void IslObject::reset() {
  if (set_)
    isl_union_set_free(set_);
  if (map_)
    isl_union_map_free(map_);
  set_ = nullptr;
  map_ = nullptr;
}

void IslContext::noteQuotaIfReaderOverran(bool (*read)(isl_ctx *,
                                                       const std::string &),
                                          const std::string &text) const {
  if (quotaExceeded())
    return;
  isl_ctx_reset_error(ctx_);
  isl_ctx *fresh = isl_ctx_alloc();
  isl_options_set_on_error(fresh, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(fresh, 20 * maxOperations());
  if (read(fresh, text) || isl_ctx_last_error(fresh) == isl_error_quota)
    noteQuotaExceeded();
  isl_ctx_free(fresh);
}

std::optional<IslObject> IslObject::parse(const IslContext &ctx,
                                          const std::string &text, bool asMap) {
  if (asMap) {
    if (isl_union_map *m = isl_union_map_read_from_str(ctx.get(), text.c_str()))
      return map(m);
  } else if (isl_union_set *s =
                 isl_union_set_read_from_str(ctx.get(), text.c_str())) {
    return set(s);
  }
  // A quota error stays visible: the case is then skipped, not counted as a
  // text isl cannot read.
  ctx.noteQuotaIfReaderOverran(
      asMap ? +[](isl_ctx *c, const std::string &t) {
        isl_union_map *m = isl_union_map_read_from_str(c, t.c_str());
        isl_union_map_free(m);
        return m != nullptr;
      }
            : +[](isl_ctx *c, const std::string &t) {
                isl_union_set *s = isl_union_set_read_from_str(c, t.c_str());
                isl_union_set_free(s);
                return s != nullptr;
              },
      text);
  return std::nullopt;
}

isl_union_set *IslObject::copySet() const {
  return set_ ? isl_union_set_copy(set_) : nullptr;
}
isl_union_map *IslObject::copyMap() const {
  return map_ ? isl_union_map_copy(map_) : nullptr;
}

std::string IslObject::toString() const {
  char *s = set_ ? isl_union_set_to_str(set_)
                 : (map_ ? isl_union_map_to_str(map_) : nullptr);
  if (!s)
    return "<invalid>";
  std::string out(s);
  free(s);
  return out;
}

bool IslObject::isEqual(const IslObject &o) const {
  if (set_ && o.set_)
    return isl_union_set_is_equal(set_, o.set_) == isl_bool_true;
  if (map_ && o.map_)
    return isl_union_map_is_equal(map_, o.map_) == isl_bool_true;
  // An empty union set and an empty union map both mean "nothing".
  return isEmpty() && o.isEmpty();
}

bool IslObject::isEmpty() const {
  if (set_)
    return isl_union_set_is_empty(set_) == isl_bool_true;
  if (map_)
    return isl_union_map_is_empty(map_) == isl_bool_true;
  return true;
}

namespace {
struct Counts {
  unsigned disjuncts = 0, constraints = 0;
};
isl_stat countBasicSet(isl_basic_set *b, void *user) {
  auto *c = static_cast<Counts *>(user);
  ++c->disjuncts;
  c->constraints += unsigned(isl_basic_set_n_constraint(b));
  isl_basic_set_free(b);
  return isl_stat_ok;
}
isl_stat countSet(isl_set *s, void *user) {
  isl_stat r = isl_set_foreach_basic_set(s, countBasicSet, user);
  isl_set_free(s);
  return r;
}
isl_stat countBasicMap(isl_basic_map *b, void *user) {
  auto *c = static_cast<Counts *>(user);
  ++c->disjuncts;
  c->constraints += unsigned(isl_basic_map_n_constraint(b));
  isl_basic_map_free(b);
  return isl_stat_ok;
}
isl_stat countMap(isl_map *m, void *user) {
  isl_stat r = isl_map_foreach_basic_map(m, countBasicMap, user);
  isl_map_free(m);
  return r;
}
Counts counts(const IslObject &o) {
  Counts c;
  if (o.setPtr())
    isl_union_set_foreach_set(o.setPtr(), countSet, &c);
  if (o.mapPtr())
    isl_union_map_foreach_map(o.mapPtr(), countMap, &c);
  return c;
}
} // namespace

unsigned IslObject::numDisjuncts() const { return counts(*this).disjuncts; }
unsigned IslObject::numConstraints() const { return counts(*this).constraints; }

} // namespace crosscheck
