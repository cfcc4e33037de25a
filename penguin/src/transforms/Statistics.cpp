//===- Statistics.cpp - Named statistics counters -------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Statistics.h"

#include <algorithm>

namespace penguin {

int64_t &Statistics::counter(std::string_view pass, std::string_view name,
                             std::string_view description) {
  for (Counter &c : counters_)
    if (c.pass == pass && c.name == name)
      return c.value;
  counters_.push_back(
      {std::string(pass), std::string(name), std::string(description), 0});
  return counters_.back().value;
}

int64_t Statistics::get(std::string_view pass, std::string_view name) const {
  for (const Counter &c : counters_)
    if (c.pass == pass && c.name == name)
      return c.value;
  return 0;
}

std::string Statistics::str() const {
  std::string out = "===--- penguin statistics ---===\n";
  size_t width = 1;
  for (const Counter &c : counters_)
    width = std::max(width, std::to_string(c.value).size());
  for (const Counter &c : counters_) {
    std::string v = std::to_string(c.value);
    out += "  " + std::string(width - v.size(), ' ') + v + " " + c.pass + "." +
           c.name + " - " + c.description + "\n";
  }
  return out;
}

} // namespace penguin
