//===- Parser.h - Reading the .pn text form ---------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A hand-written recursive-descent parser for the Penguin IR text form
// (grammar in docs/penguin-ir.md). Every malformed input raises ParseError
// with `FILE:LINE:COL: error: MESSAGE` saying what was expected; nothing in
// the parser crashes, asserts or recurses without bound (nesting deeper than
// kMaxNesting levels is an error).
//
// The parser resolves names (loop variables, parameters, runtime values),
// builds predicates through the comparison verbs (a predicate already in
// native form `E >= 0` / `E == 0` is kept as written), lowers mask
// conditions through the mask algebra, and attaches predicates through the
// checked path ("Invalid Predicate!"). Semantic checks that do not need name
// resolution (ranks, strides, duplicate ids, ...) are the verifier's job.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_PARSER_H
#define PENGUIN_PARSER_H

#include "penguin/Error.h"
#include "penguin/Kernel.h"
#include "penguin/Names.h"

#include <string>
#include <string_view>

namespace penguin {

/// Maximum nesting of parentheses, unary operators, loops and scopes.
inline constexpr int kMaxNesting = 200;

/// Parses a whole module (one or more kernels). `file` is used in
/// diagnostics and recorded in every source location.
Module parseModule(std::string_view text, std::string file = "<input>");

} // namespace penguin

#endif // PENGUIN_PARSER_H
