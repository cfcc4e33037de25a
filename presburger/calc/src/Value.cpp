//===- Value.cpp - The calculator's values --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Value.h"

#include "presburger/Printer.h"

namespace presburger::calc {

Value Value::boolean(bool b) {
  Value v;
  v.isBoolean_ = true;
  v.boolean_ = b;
  return v;
}

Value Value::of(UnionRelation u) {
  Value v;
  v.union_ = std::move(u);
  return v;
}

Value Value::text(std::string code) {
  Value v;
  v.isText_ = true;
  v.text_ = std::move(code);
  return v;
}

Value::Kind Value::kind() const {
  if (isBoolean_)
    return Kind::Boolean;
  if (isText_)
    return Kind::Text;
  if (union_.isEmptyUnion())
    return Kind::Empty;
  if (union_.isParamsUnion())
    return Kind::Params;
  if (union_.isSetUnion())
    return Kind::Set;
  if (union_.isRelationUnion())
    return Kind::Relation;
  return Kind::Mixed;
}

std::string describe(Value::Kind kind) {
  switch (kind) {
  case Value::Kind::Boolean:
    return "a boolean";
  case Value::Kind::Empty:
    return "the empty set";
  case Value::Kind::Set:
    return "a set";
  case Value::Kind::Relation:
    return "a relation";
  case Value::Kind::Params:
    return "a params set";
  case Value::Kind::Mixed:
    return "a union of sets and relations";
  case Value::Kind::Text:
    return "C code";
  }
  return "a value";
}

namespace {

/// A params set in isl notation. The engine's printer writes a params
/// disjunct without constraints as nothing at all, so that the universe
/// `[n] -> { : }` comes out as `[n] -> { }` (which reads back as the empty
/// set) and `[n] -> { : n > 0 } + [n] -> { : }` as `[n] -> { : n >= 1;  }`.
/// Each disjunct is printed on its own here and an empty one is written
/// `:`, as isl writes it.
std::string formatParams(const UnionRelation &u) {
  const Relation &piece = u.pieces().front();
  std::string whole = u.toString();
  if (piece.numDisjuncts() == 0)
    return whole;
  std::string prefix = whole.substr(0, whole.find('{'));
  std::string body;
  for (const BasicRelation &d : piece.disjuncts()) {
    std::string text = printBasicRelation(d);
    size_t open = text.find('{'), close = text.rfind('}');
    std::string inner = text.substr(open + 1, close - open - 1);
    size_t first = inner.find_first_not_of(' ');
    size_t last = inner.find_last_not_of(' ');
    inner = first == std::string::npos ? ":"
                                       : inner.substr(first, last - first + 1);
    body += (body.empty() ? "" : "; ") + inner;
  }
  return prefix + "{ " + body + " }";
}

} // namespace

std::string formatValue(const Value &v) {
  if (v.isBoolean())
    return v.asBoolean() ? "True" : "False";
  if (v.isText()) {
    const std::string &t = v.asText();
    return t.empty() || t.back() != '\n' ? t : t.substr(0, t.size() - 1);
  }
  if (v.kind() == Value::Kind::Params)
    return formatParams(v.asUnion());
  return v.asUnion().toString();
}

} // namespace presburger::calc
