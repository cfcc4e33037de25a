//===- IslOracle.h - isl as a test oracle -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Value wrappers around isl's union sets and union maps, for the
// cross-check only. An IslObject owns one isl object and copies it on copy.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CROSSCHECK_ISLORACLE_H
#define PRESBURGER_CROSSCHECK_ISLORACLE_H

#include <memory>
#include <optional>
#include <string>

struct isl_ctx;
struct isl_union_set;
struct isl_union_map;

namespace crosscheck {

class IslContext {
public:
  IslContext();
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;
  isl_ctx *get() const { return ctx_; }
  /// Starts a new case: isl may spend at most `maxOperations` steps on it.
  void startCase(unsigned long maxOperations);
  /// Whether isl gave up on the current case because of that limit (its
  /// answers are then meaningless and the case is skipped).
  bool quotaExceeded() const;
  /// Records that isl gave up for lack of operations even though its last
  /// error says otherwise.
  void noteQuotaExceeded() const { quotaNoted_ = true; }
  unsigned long maxOperations() const { return maxOperations_; }
  /// After isl failed to read a text in this context: notes the quota as
  /// exceeded when `read` (a reader that frees what it reads and says
  /// whether it read anything) reads the text in a fresh context with
  /// twenty times the limit, or fails there for the limit again. isl may
  /// report a quota error met deep inside the reader as an invalid input
  /// (even as a syntax error); this tells the two apart.
  void noteQuotaIfReaderOverran(bool (*read)(isl_ctx *, const std::string &),
                                const std::string &text) const;

private:
  isl_ctx *ctx_;
  unsigned long maxOperations_ = 0;
  mutable bool quotaNoted_ = false;
};

/// A union set or a union map (isl keeps the two types apart).
class IslObject {
public:
  IslObject() = default;
  static IslObject set(isl_union_set *s);
  static IslObject map(isl_union_map *m);
  IslObject(const IslObject &o);
  IslObject &operator=(const IslObject &o);
  IslObject(IslObject &&o) noexcept;
  IslObject &operator=(IslObject &&o) noexcept;
  ~IslObject();

  /// Reads a union map (`asMap`) or a union set; nullopt when isl rejects
  /// the text.
  static std::optional<IslObject> parse(const IslContext &ctx,
                                        const std::string &text, bool asMap);

  bool valid() const { return set_ || map_; }
  bool isSet() const { return set_ != nullptr; }
  isl_union_set *setPtr() const { return set_; }
  isl_union_map *mapPtr() const { return map_; }
  /// New isl references the caller owns.
  isl_union_set *copySet() const;
  isl_union_map *copyMap() const;

  std::string toString() const;
  /// Equality by meaning; false when the kinds differ.
  bool isEqual(const IslObject &o) const;
  bool isEmpty() const;
  /// Number of basic sets/maps and of constraints over all of them.
  unsigned numDisjuncts() const;
  unsigned numConstraints() const;

private:
  void reset();
  isl_union_set *set_ = nullptr;
  isl_union_map *map_ = nullptr;
};

} // namespace crosscheck

#endif
