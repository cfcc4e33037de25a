//===- RandomSchedules.h - Compiler-shaped schedules ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Random inputs of AST generation, shared by the engine's tests and the
// cross-check against isl: statements of one or two dimensions bounded by
// the parameter n (with random extra bounds, triangles, strides, a bound by
// m) under the schedules compilers produce: identity, interchange, skew,
// tiles (floor(i/3), 2x2 tiles), shifts, and a sequence dimension first or
// in the middle when there are several statements.
//
//===----------------------------------------------------------------------===//
#ifndef TESTS_SUPPORT_RANDOMSCHEDULES_H
#define TESTS_SUPPORT_RANDOMSCHEDULES_H

#include <string>
#include <vector>

namespace schedules {

/// Statement `index` of `numStmts` and its schedule, `NAME[i, j] -> [...]
/// : constraints`; `pick(lo, hi)` draws an integer in [lo, hi].
template <typename Pick>
std::string randomStatement(Pick &&pick, unsigned index, unsigned numStmts) {
  unsigned dims = unsigned(pick(1, 2));
  std::vector<std::string> it = {"i", "j"};
  it.resize(dims);
  std::string name = std::string(1, char('A' + index));
  std::string tuple = name + "[" + it[0] + (dims > 1 ? ", j" : "") + "]";
  std::string cons;
  for (unsigned d = 0; d < dims; ++d)
    cons += (d ? " and " : "") + std::string("0 <= ") + it[d] + " <= n";
  if (dims > 1 && pick(0, 1))
    cons += " and j <= i + " + std::to_string(pick(0, 2));
  if (pick(0, 2) == 0)
    cons += " and " + it[0] + " mod " + std::to_string(pick(2, 3)) + " = " +
            std::to_string(pick(0, 1));
  if (pick(0, 2) == 0)
    cons += " and " + it[dims - 1] + " <= m";
  std::vector<std::string> t;
  std::string i0 = it[0], i1 = dims > 1 ? it[1] : "0";
  int shift = pick(0, 2);
  switch (pick(0, 5)) {
  case 0:
    t = {i0, i1};
    break;
  case 1:
    t = {i1, i0};
    break;
  case 2:
    t = {i0 + " + " + i1, i1};
    break;
  case 3:
    t = {"floor(" + i0 + "/3)", i0, i1};
    break;
  case 4:
    t = {i0 + " + " + std::to_string(shift), i1};
    break;
  default:
    // isl reads no floor of a constant: a missing j tiles as 0.
    t = {"floor(" + i0 + "/2)", dims > 1 ? "floor(" + i1 + "/2)" : "0", i0, i1};
    break;
  }
  if (numStmts > 1) {
    std::string seq = std::to_string(pick(0, int(numStmts) - 1));
    if (pick(0, 1))
      t.insert(t.begin(), seq);
    else
      t.insert(t.begin() + 1, seq);
  }
  std::string time;
  for (size_t k = 0; k < t.size(); ++k)
    time += (k ? ", " : "") + t[k];
  return tuple + " -> [" + time + "] : " + cons;
}

/// A schedule of `numStmts` random statements over the parameters n, m.
template <typename Pick>
std::string randomSchedule(Pick &&pick, unsigned numStmts) {
  std::string text = "[n, m] -> { ";
  for (unsigned s = 0; s < numStmts; ++s)
    text += (s ? "; " : "") + randomStatement(pick, s, numStmts);
  return text + " }";
}

} // namespace schedules

#endif // TESTS_SUPPORT_RANDOMSCHEDULES_H
