//===- Errors.h - The typed errors the engine throws ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every failure the engine can meet on user input is one of these; none of
// them is an assertion or a crash. All derive from presburger::Error, itself
// a std::runtime_error, so callers can catch one type.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_ERRORS_H
#define PRESBURGER_ERRORS_H

#include <cstdint>
#include <stdexcept>
#include <string>

namespace presburger {

/// Base of all engine errors.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Text that is not valid isl notation. `line` and `column` are 1-based and
/// point at the offending token.
class ParseError : public Error {
public:
  ParseError(std::string message, unsigned line, unsigned column)
      : Error(std::to_string(line) + ":" + std::to_string(column) + ": " +
              message),
        message_(std::move(message)), line_(line), column_(column) {}
  /// The message without the position.
  const std::string &message() const { return message_; }
  /// Where the offending token starts (1-based).
  unsigned line() const { return line_; }
  unsigned column() const { return column_; }

private:
  std::string message_;
  unsigned line_, column_;
};

/// Two objects whose spaces do not fit the operation (a set where a relation
/// is needed, different tuple names or arities, ...).
class SpaceError : public Error {
public:
  using Error::Error;
};

/// An operation gave up because it exceeded its work budget (or was
/// cancelled). Thrown for the limit in force, whoever set it: the
/// operation's default or a WorkBudget::Scope, possibly one opened by the
/// engine for an optional step of its own; `scope()` says which.
class LimitExceeded : public Error {
public:
  using Error::Error;
  /// `scope`: the id of the WorkBudget::Scope whose own limit was hit.
  LimitExceeded(const std::string &message, uint64_t scope)
      : Error(message), scope_(scope) {}
  /// The id of the WorkBudget::Scope whose own limit was spent; 0 for the
  /// default limit of an operation, a cancellation or an error thrown by
  /// other code. WorkBudget::Scope::stoppedBy compares it.
  uint64_t scope() const { return scope_; }

private:
  uint64_t scope_ = 0;
};

/// A result that does not exist as a finite value, such as the lexicographic
/// minimum of a set unbounded from below.
class UnboundedError : public Error {
public:
  using Error::Error;
};

/// An argument outside the range an operation accepts (a dimension index
/// past the end, a zero divisor, ...).
class InvalidArgument : public Error {
public:
  using Error::Error;
};

} // namespace presburger

#endif // PRESBURGER_ERRORS_H
