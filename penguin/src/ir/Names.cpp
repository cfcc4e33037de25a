//===- Names.cpp - The names the text form can spell ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Names.h"

#include <set>
#include <string>

namespace penguin {

namespace {

const std::set<std::string, std::less<>> kKeywords = {
    "kernel",   "param", "in",    "tensor", "runtime", "for",
    "to",       "step",  "scope", "if",     "approx",  "input",
    "output",   "alloc", "block", "bank",   "true",    "false",
    "floordiv", "mod",   "ccdiv", "ccmod",  "inf",     "nan"};

} // namespace

bool isKeyword(std::string_view word) { return kKeywords.count(word) > 0; }

bool isValidName(std::string_view word) {
  if (word.empty() || isKeyword(word))
    return false;
  auto alpha = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  if (!alpha(word[0]))
    return false;
  for (char c : word)
    if (!alpha(c) && !(c >= '0' && c <= '9'))
      return false;
  return true;
}

} // namespace penguin
