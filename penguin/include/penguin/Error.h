//===- Error.h - Typed errors of the penguin layer --------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every failure of the penguin layer is reported by throwing one of the
// exception types below; none of the library code aborts, asserts or crashes
// on user input. They derive from the engine's presburger::Error, so one
// handler catches a failure of either layer. A `LocatedError` (a
// `ParseError`, or a failure met while processing an instruction or a loop,
// see locatedAt) carries a source location and renders as
// `FILE:LINE:COL: error: MESSAGE`, the format the command-line driver prints.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_ERROR_H
#define PENGUIN_ERROR_H

#include "presburger/Errors.h"

#include <string>
#include <string_view>
#include <vector>

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
/// `FILE:LINE:COL: SEVERITY: MESSAGE` (or `FILE: SEVERITY: MESSAGE` when the
/// location is unknown); SEVERITY is "error", "warning" or "remark".
std::string formatDiagnostic(const SourceLocation &loc,
                             const std::string &message,
                             std::string_view severity = "error");

/// Base class of all penguin errors (an engine error too, so that
/// `catch (const presburger::Error &)` sees both layers).
class Error : public presburger::Error {
public:
  using presburger::Error::Error;
};

/// A failure tied to a place in the input. `what()` is the full formatted
/// diagnostic; the parts are available separately.
class LocatedError : public Error {
public:
  LocatedError(SourceLocation loc, std::string message);
  const SourceLocation &location() const { return loc_; }
  const std::string &message() const { return message_; }

private:
  SourceLocation loc_;
  std::string message_;
};

/// Malformed input text.
class ParseError : public LocatedError {
public:
  using LocatedError::LocatedError;
};

struct Diagnostic {
  SourceLocation loc;
  std::string message;
  /// `FILE:LINE:COL: error: MESSAGE`.
  std::string str() const { return formatDiagnostic(loc, message); }
};

/// A pass rejected its input. `what()` is all diagnostics, one per line.
class PassFailure : public Error {
public:
  explicit PassFailure(std::vector<Diagnostic> diagnostics);
  const std::vector<Diagnostic> &diagnostics() const { return diagnostics_; }

private:
  std::vector<Diagnostic> diagnostics_;
};

/// Runs `fn` on behalf of the instruction or loop at `loc`. A failure it
/// raises without a location of its own (an engine error such as an
/// overflow or an exhausted work budget, an IR or analysis error raised
/// deep inside) comes out as a LocatedError at `loc`, so that every tool
/// reports it as `FILE:LINE:COL: error: ...`; located errors pass through
/// unchanged, so the innermost call wins. A NotImplementedError passes
/// through too: it is a bail-out its caller handles, not a failure.
template <typename F>
decltype(auto) locatedAt(const SourceLocation &loc, F &&fn);

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

/// The message locatedAt gives an engine error: "the integer-set engine
/// failed: " and its text.
std::string engineFailureMessage(const presburger::Error &e);

template <typename F>
decltype(auto) locatedAt(const SourceLocation &loc, F &&fn) {
  try {
    return fn();
  } catch (const LocatedError &) {
    throw;
  } catch (const PassFailure &) {
    throw;
  } catch (const NotImplementedError &) {
    throw;
  } catch (const Error &e) {
    throw LocatedError(loc, e.what());
  } catch (const presburger::Error &e) {
    throw LocatedError(loc, engineFailureMessage(e));
  }
}

} // namespace penguin

#endif // PENGUIN_ERROR_H
