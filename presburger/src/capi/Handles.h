//===- Handles.h - The C API's handles and its exception barrier -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// Internal to the C API (src/capi/). A handle is a heap-allocated C++ value
// with the work budget its operations run under. Every exported function
// runs its body through `guarded`, which is the only place where C++ meets
// C: it translates every exception into a status in the caller's
// presburger_error and returns the function's failure value, so that no
// exception crosses the boundary (std::bad_alloc and unknown ones
// included).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CAPI_HANDLES_H
#define PRESBURGER_CAPI_HANDLES_H

#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"
#include "presburger/WorkBudget.h"
#include "presburger/capi.h"

#include <cstdint>
#include <optional>
#include <utility>

struct presburger_relation {
  presburger::Relation value;
  uint64_t budget = 0; // 0: the engine's default per operation.
};

struct presburger_union_relation {
  presburger::UnionRelation value;
  uint64_t budget = 0;
};

namespace presburger::capi {

/// Clears `error` to PRESBURGER_OK (nothing when it is null). O(1).
void clearError(presburger_error *error) noexcept;
/// Records a failure in `error` (nothing when it is null): the message is
/// copied, truncated to fit, without allocating. O(length of message).
void setError(presburger_error *error, presburger_status status,
              const char *message, unsigned line = 0,
              unsigned column = 0) noexcept;
/// Records the exception being handled (call only inside a catch block).
void setErrorFromCurrentException(presburger_error *error) noexcept;

/// Thrown for a NULL handle argument; becomes PRESBURGER_INVALID_ARGUMENT.
struct NullArgument {};

/// The budget a call on these handles runs under: the first nonzero one.
inline uint64_t budgetOf(uint64_t a, uint64_t b = 0) { return a ? a : b; }

/// Runs `body` under a work budget of `budget` units (0: the engine's
/// default per operation), with `error` cleared first and set from any
/// exception, in which case `failure` is returned.
template <typename R, typename F>
R guarded(presburger_error *error, uint64_t budget, R failure,
          F &&body) noexcept {
  clearError(error);
  try {
    std::optional<WorkBudget::Scope> scope;
    if (budget)
      scope.emplace(budget);
    return body();
  } catch (...) {
    setErrorFromCurrentException(error);
    return failure;
  }
}

/// The value behind a handle argument; throws NullArgument for NULL.
template <typename H> const auto &valueOf(const H *h) {
  if (!h)
    throw NullArgument{};
  return h->value;
}

/// A new handle holding `value` with the given budget.
inline presburger_relation *newHandle(Relation value, uint64_t budget) {
  return new presburger_relation{std::move(value), budget};
}
inline presburger_union_relation *newHandle(UnionRelation value,
                                            uint64_t budget) {
  return new presburger_union_relation{std::move(value), budget};
}

/// A C string copy of `text` (malloc'ed: presburger_string_free releases
/// it); throws std::bad_alloc when memory runs out.
char *copyString(const std::string &text);

} // namespace presburger::capi

#endif // PRESBURGER_CAPI_HANDLES_H
