//===- Error.h - Typed errors of the penguin layer --------------*- C++ -*-===//
//
// Every failure of the penguin layer is reported by throwing one of the
// exception types below; none of the library code aborts, asserts or crashes
// on user input. `ParseError` carries a source location and renders as
// `FILE:LINE:COL: error: MESSAGE`, the format the command-line driver prints.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ERROR_H
#define PENGUIN_ERROR_H

#include <stdexcept>
#include <string>

namespace penguin {

/// A position in a source text. `line` and `column` are 1-based; a location
/// with `line == 0` is unknown (IR built through the C++ API).
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;

  bool isKnown() const { return line > 0; }
  /// "FILE:LINE:COL" when known, "FILE" (or "<unknown>") otherwise.
  std::string str() const;
};

/// Formats a diagnostic the way every penguin tool prints it:
/// `FILE:LINE:COL: error: MESSAGE` (or `FILE: error: MESSAGE` when the
/// location is unknown).
std::string formatDiagnostic(const SourceLocation &loc,
                             const std::string &message);

/// Base class of all penguin errors.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Malformed input text. `what()` is the full formatted diagnostic; the
/// parts are available separately.
class ParseError : public Error {
public:
  ParseError(SourceLocation loc, std::string message);
  const SourceLocation &location() const { return loc_; }
  const std::string &message() const { return message_; }

private:
  SourceLocation loc_;
  std::string message_;
};

/// An IR construction rule was broken (e.g. "Invalid Predicate!", a
/// non-positive denominator, expressions from two different contexts).
class IRError : public Error {
public:
  using Error::Error;
};

/// `linearize` met a term that is not affine (floor division, modulo, a
/// collective div/mod in strict mode).
class NonAffineError : public Error {
public:
  using Error::Error;
};

/// An int64 computation on coefficients or constants overflowed.
class OverflowError : public Error {
public:
  using Error::Error;
};

/// Misuse of the mask algebra (== on masks, a base mask, affine_select with
/// more than one predicate, incompatible tiles, ...).
class MaskError : public Error {
public:
  using Error::Error;
};

/// A work budget was exhausted (e.g. the disjoint-intersection enumeration
/// produced more terms than allowed).
class LimitExceeded : public Error {
public:
  using Error::Error;
};

/// A case the analysis does not handle (the seeds' NotImplementedError
/// bail-outs, e.g. a rebased address that is not linear, or no single
/// predicate set for a guard). Not a bug in the input: the caller leaves the
/// IR unchanged.
class NotImplementedError : public Error {
public:
  using Error::Error;
};

} // namespace penguin

#endif // PENGUIN_ERROR_H
