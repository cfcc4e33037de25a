//===- Statistics.h - Named statistics counters -----------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Passes count what they did in named counters (pass, name, description),
// the way LLVM's STATISTIC does; `penguin-opt --stats` prints them. A
// Statistics object is owned by whoever runs the passes (no global state).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_STATISTICS_H
#define PENGUIN_STATISTICS_H

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

namespace penguin {

class Statistics {
public:
  struct Counter {
    std::string pass;
    std::string name;
    std::string description;
    int64_t value = 0;
  };

  /// The counter (pass, name), created with `description` and value 0 the
  /// first time. The reference stays valid for the lifetime of this object.
  int64_t &counter(std::string_view pass, std::string_view name,
                   std::string_view description);
  /// The value of (pass, name), 0 when it does not exist.
  int64_t get(std::string_view pass, std::string_view name) const;
  /// All counters in creation order.
  const std::deque<Counter> &counters() const { return counters_; }

  /// One line per counter, "  <value> <pass> - <description>", under a
  /// header; counters are listed in creation order.
  std::string str() const;

private:
  std::deque<Counter> counters_;
};

} // namespace penguin

#endif // PENGUIN_STATISTICS_H
