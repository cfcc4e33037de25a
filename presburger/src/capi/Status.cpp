//===- Status.cpp - Errors, versions and strings of the C API -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "capi/Handles.h"

#include "presburger/Errors.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>

#ifndef PRESBURGER_VERSION_STRING
#error "the build defines PRESBURGER_VERSION_STRING (the project's version)"
#endif

namespace presburger::capi {

void clearError(presburger_error *error) noexcept {
  if (!error)
    return;
  error->status = PRESBURGER_OK;
  error->line = 0;
  error->column = 0;
  error->message[0] = '\0';
}

void setError(presburger_error *error, presburger_status status,
              const char *message, unsigned line, unsigned column) noexcept {
  if (!error)
    return;
  error->status = status;
  error->line = line;
  error->column = column;
  size_t n = std::strlen(message);
  if (n >= PRESBURGER_ERROR_MESSAGE_SIZE)
    n = PRESBURGER_ERROR_MESSAGE_SIZE - 1;
  std::memcpy(error->message, message, n);
  error->message[n] = '\0';
}

void setErrorFromCurrentException(presburger_error *error) noexcept {
  // Most derived types first: ParseError and the others derive from Error,
  // which derives from std::runtime_error.
  try {
    throw;
  } catch (const ParseError &e) {
    setError(error, PRESBURGER_PARSE_ERROR, e.message().c_str(), e.line(),
             e.column());
  } catch (const SpaceError &e) {
    setError(error, PRESBURGER_SPACE_ERROR, e.what());
  } catch (const InvalidArgument &e) {
    setError(error, PRESBURGER_INVALID_ARGUMENT, e.what());
  } catch (const UnboundedError &e) {
    setError(error, PRESBURGER_UNBOUNDED, e.what());
  } catch (const LimitExceeded &e) {
    setError(error, PRESBURGER_LIMIT_EXCEEDED, e.what());
  } catch (const NullArgument &) {
    setError(error, PRESBURGER_INVALID_ARGUMENT, "a handle argument is NULL");
  } catch (const std::bad_alloc &) {
    setError(error, PRESBURGER_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception &e) {
    setError(error, PRESBURGER_INTERNAL_ERROR, e.what());
  } catch (...) {
    setError(error, PRESBURGER_INTERNAL_ERROR, "unknown exception");
  }
}

char *copyString(const std::string &text) {
  char *out = static_cast<char *>(std::malloc(text.size() + 1));
  if (!out)
    throw std::bad_alloc();
  std::memcpy(out, text.c_str(), text.size() + 1);
  return out;
}

} // namespace presburger::capi

extern "C" {

const char *presburger_version(void) { return PRESBURGER_VERSION_STRING; }

const char *presburger_status_name(presburger_status status) {
  switch (status) {
  case PRESBURGER_OK:
    return "ok";
  case PRESBURGER_PARSE_ERROR:
    return "parse error";
  case PRESBURGER_SPACE_ERROR:
    return "space error";
  case PRESBURGER_INVALID_ARGUMENT:
    return "invalid argument";
  case PRESBURGER_UNBOUNDED:
    return "unbounded";
  case PRESBURGER_LIMIT_EXCEEDED:
    return "work budget exceeded";
  case PRESBURGER_OUT_OF_MEMORY:
    return "out of memory";
  case PRESBURGER_INTERNAL_ERROR:
    return "internal error";
  }
  return "unknown status";
}

void presburger_string_free(char *text) { std::free(text); }

} // extern "C"
