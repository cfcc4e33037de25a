//===- Value.h - The calculator's values -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A value is a boolean, a union of sets or relations (a
// presburger::UnionRelation): a union set, a union relation, a params set
// `[n] -> { : n > 0 }`, or the empty union, which has no space and so is
// accepted wherever a set, a relation or a params set is; or the C text
// that `codegen` writes, which no operation takes.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_VALUE_H
#define PCALC_VALUE_H

#include "presburger/UnionRelation.h"

#include <string>

namespace presburger::calc {

class Value {
public:
  enum class Kind {
    Boolean,
    Empty,    // the empty union: no piece, so no space
    Set,      // every piece a set
    Relation, // every piece a relation
    Params,   // a single params piece
    Mixed,    // sets and relations together (never built by the language)
    Text,     // C code (codegen)
  };

  static Value boolean(bool b);
  static Value of(UnionRelation u);
  /// C code, lines ending in newlines (printed without the last one).
  static Value text(std::string code);

  Kind kind() const;
  bool isBoolean() const { return isBoolean_; }
  bool asBoolean() const { return boolean_; }
  bool isText() const { return isText_; }
  const std::string &asText() const { return text_; }
  /// The union; only for non-boolean values.
  const UnionRelation &asUnion() const { return union_; }

private:
  bool isBoolean_ = false;
  bool isText_ = false;
  std::string text_;
  bool boolean_ = false;
  UnionRelation union_;
};

/// "a boolean", "a set", "a relation", "a params set", "the empty set",
/// "a union of sets and relations".
std::string describe(Value::Kind kind);

/// The printed form: `True`, `False`, or isl notation (canonical: the same
/// value always prints the same text).
std::string formatValue(const Value &v);

} // namespace presburger::calc

#endif // PCALC_VALUE_H
