//===- NoExceptionsTest.cpp - A C++ consumer built with -fno-exceptions ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiled with -fno-exceptions, as LLVM, MLIR and Polly are: it can use
// the engine through the C API only, and every failure must come back as a
// status, never as an exception (which would terminate this program).
//
//===----------------------------------------------------------------------===//
#include "presburger/capi.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#error "this test must be compiled with -fno-exceptions"
#endif

namespace {

struct RelationDeleter {
  void operator()(presburger_relation *r) const { presburger_relation_free(r); }
};
using RelationPtr = std::unique_ptr<presburger_relation, RelationDeleter>;

std::string str(const presburger_relation *r) {
  presburger_error error;
  char *text = presburger_relation_to_string(r, &error);
  std::string out = text ? text : std::string("error: ") + error.message;
  presburger_string_free(text);
  return out;
}

int failures = 0;

void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

} // namespace

int main() {
  presburger_error error;
  RelationPtr a(presburger_relation_parse("{ [i] : 0 <= i < 10 }", &error));
  RelationPtr b(presburger_relation_parse("{ [i] : 5 <= i < 15 }", &error));
  check(a && b, "parse");
  RelationPtr both(presburger_relation_intersect(a.get(), b.get(), &error));
  check(str(both.get()) == "{ [i] : 5 <= i <= 9 }", "intersect");

  // Every kind of failure, none of them an exception.
  RelationPtr bad(presburger_relation_parse("{ [i] : i < }", &error));
  check(!bad && error.status == PRESBURGER_PARSE_ERROR && error.line == 1 &&
            error.column > 0,
        "parse error with its place");
  RelationPtr dom(presburger_relation_domain(a.get(), &error));
  check(!dom && error.status == PRESBURGER_SPACE_ERROR, "space error");
  RelationPtr low(presburger_relation_parse("{ [i] : i <= 5 }", &error));
  RelationPtr least(presburger_relation_lexmin(low.get(), &error));
  check(!least && error.status == PRESBURGER_UNBOUNDED, "unbounded");
  RelationPtr big(presburger_relation_parse(
      "[n, m] -> { [i, j] : i >= n and i >= m and j >= i - 3 }", &error));
  presburger_relation_set_work_budget(big.get(), 5);
  RelationPtr m(presburger_relation_lexmin(big.get(), &error));
  check(!m && error.status == PRESBURGER_LIMIT_EXCEEDED, "work budget");
  check(presburger_relation_is_subset(nullptr, a.get(), &error) == -1 &&
            error.status == PRESBURGER_INVALID_ARGUMENT,
        "NULL argument");
  check(presburger_relation_is_empty(both.get(), &error) == 0 &&
            error.status == PRESBURGER_OK,
        "the error is reset by a successful call");

  if (failures)
    return 1;
  std::printf("no-exceptions consumer ok\n");
  return 0;
}
