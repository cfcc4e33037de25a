//===- TestSupport.h - Comparisons shared by the engine tests ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef PRESBURGER_TESTS_TESTSUPPORT_H
#define PRESBURGER_TESTS_TESTSUPPORT_H

#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <gtest/gtest.h>

namespace presburger::testing {

/// `got` holds the same points as the isl-notation `expected`.
inline void expectSame(const Relation &got, const char *expected) {
  Relation want = parseRelation(expected);
  EXPECT_TRUE(got.isEqual(want))
      << "got " << got.toString() << "\nwant " << want.toString();
}

/// The same for unions.
inline void expectSame(const UnionRelation &got, const char *expected) {
  UnionRelation want = parseUnion(expected);
  EXPECT_TRUE(got.isEqual(want))
      << "got " << got.toString() << "\nwant " << want.toString();
}

} // namespace presburger::testing

#endif // PRESBURGER_TESTS_TESTSUPPORT_H
