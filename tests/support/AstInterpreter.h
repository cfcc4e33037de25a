//===- AstInterpreter.h - Running generated code in the tests ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tests judge generated code (presburger/Ast.h) by running it: for
// given parameter values, the sequence of statement instances it executes.
// The expected sequence comes from the schedule by brute force: every
// instance in a box, with its time, sorted (ScheduleOracle below). Equal
// times may run in any order, so a run is checked, not compared: each
// instance of the schedule exactly once, times never decreasing.
//
//===----------------------------------------------------------------------===//
#ifndef TESTS_SUPPORT_ASTINTERPRETER_H
#define TESTS_SUPPORT_ASTINTERPRETER_H

#include "presburger/Ast.h"
#include "presburger/PwMultiAff.h"
#include "presburger/UnionRelation.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace astrun {

using presburger::AstExpr;
using presburger::AstNode;

/// One executed statement instance.
struct Instance {
  std::string name;
  std::vector<int64_t> coords;
  friend bool operator<(const Instance &a, const Instance &b) {
    return std::tie(a.name, a.coords) < std::tie(b.name, b.coords);
  }
  friend bool operator==(const Instance &a, const Instance &b) {
    return a.name == b.name && a.coords == b.coords;
  }
};

inline std::string toString(const Instance &i) {
  std::string s = i.name + "(";
  for (size_t k = 0; k < i.coords.size(); ++k)
    s += (k ? ", " : "") + std::to_string(i.coords[k]);
  return s + ")";
}

/// Runs generated code; throws std::runtime_error on what the C subset
/// does not allow (an unknown name, a division by a non-positive number,
/// % of a negative value) and past `maxSteps` loop iterations.
class Interpreter {
public:
  explicit Interpreter(std::map<std::string, int64_t> params,
                       size_t maxSteps = 2000000)
      : env_(std::move(params)), maxSteps_(maxSteps) {}

  std::vector<Instance> run(const AstNode &n) {
    out_.clear();
    exec(n);
    return out_;
  }

  int64_t eval(const AstExpr &e) const {
    using K = AstExpr::Kind;
    switch (e.kind) {
    case K::Int:
      return *e.value.toInt64();
    case K::Id: {
      auto it = env_.find(e.name);
      if (it == env_.end())
        throw std::runtime_error("unknown name " + e.name);
      return it->second;
    }
    case K::Neg:
      return -eval(e.args[0]);
    case K::Min:
    case K::Max: {
      int64_t v = eval(e.args[0]);
      for (const AstExpr &a : e.args)
        v = e.kind == K::Min ? std::min(v, eval(a)) : std::max(v, eval(a));
      return v;
    }
    case K::And:
      for (const AstExpr &a : e.args)
        if (!eval(a))
          return 0;
      return 1;
    case K::Or:
      for (const AstExpr &a : e.args)
        if (eval(a))
          return 1;
      return 0;
    default:
      break;
    }
    int64_t a = eval(e.args[0]), b = eval(e.args[1]);
    switch (e.kind) {
    case K::Add:
      return a + b;
    case K::Sub:
      return a - b;
    case K::Mul:
      return a * b;
    case K::FloorDiv: {
      if (b <= 0)
        throw std::runtime_error("floord by a non-positive number");
      int64_t q = a / b;
      return (a % b != 0 && a < 0) ? q - 1 : q;
    }
    case K::Div:
      if (b <= 0 || a % b != 0)
        throw std::runtime_error("inexact division");
      return a / b;
    case K::Mod:
      if (a < 0 || b <= 0)
        throw std::runtime_error("% of a negative value");
      return a % b;
    case K::Lt:
      return a < b;
    case K::Le:
      return a <= b;
    case K::Eq:
      return a == b;
    case K::Ge:
      return a >= b;
    case K::Gt:
      return a > b;
    default:
      throw std::runtime_error("bad expression");
    }
  }

private:
  void exec(const AstNode &n) {
    switch (n.kind) {
    case AstNode::Kind::Block:
      for (const AstNode &b : n.body)
        exec(b);
      return;
    case AstNode::Kind::User: {
      Instance i{n.name, {}};
      for (const AstExpr &a : n.args)
        i.coords.push_back(eval(a));
      out_.push_back(std::move(i));
      return;
    }
    case AstNode::Kind::If:
      for (const AstNode &b : eval(n.cond) ? n.body : n.elseBody)
        exec(b);
      return;
    case AstNode::Kind::For: {
      if (env_.count(n.iterator))
        throw std::runtime_error("iterator " + n.iterator + " shadows a name");
      int64_t step = *n.step.toInt64();
      if (step <= 0)
        throw std::runtime_error("non-positive step");
      for (int64_t v = eval(n.lower);; v += step) {
        env_[n.iterator] = v;
        if (v > eval(n.upper))
          break;
        if (++steps_ > maxSteps_)
          throw std::runtime_error("too many loop iterations");
        for (const AstNode &b : n.body)
          exec(b);
      }
      env_.erase(n.iterator);
      return;
    }
    }
  }

  std::map<std::string, int64_t> env_;
  size_t maxSteps_, steps_ = 0;
  std::vector<Instance> out_;
};

/// The instances of a schedule for given parameter values by brute force:
/// every point of the box [-box, box]^n of each statement, its time read
/// from the schedule as a function (padded with zeros to the longest).
class ScheduleOracle {
public:
  ScheduleOracle(const presburger::UnionRelation &schedule, int64_t box)
      : box_(box) {
    for (const presburger::Relation &p : schedule.pieces()) {
      depth_ = std::max(depth_, p.numRange());
      fns_.push_back(presburger::PwMultiAff::fromRelation(p));
      const presburger::Tuple &t = p.space().domainTuple();
      names_.push_back(t.hasName() ? t.name() : "S");
    }
    params_ = schedule.paramNames();
  }

  /// Every instance and its time, for the parameter values `values`
  /// (by name; missing ones are 0).
  std::map<Instance, std::vector<int64_t>>
  instances(const std::map<std::string, int64_t> &values) const {
    std::map<Instance, std::vector<int64_t>> out;
    for (size_t s = 0; s < fns_.size(); ++s) {
      const presburger::PwMultiAff &f = fns_[s];
      std::vector<std::string> ps = f.domainSpace().paramNames();
      unsigned n = f.domainSpace().numRange();
      presburger::Point point;
      for (const std::string &p : ps) {
        auto it = values.find(p);
        point.push_back(it == values.end() ? 0 : it->second);
      }
      size_t np = point.size();
      point.resize(np + n, presburger::Int(-box_));
      for (;;) {
        if (auto t = f.eval(point)) {
          Instance i{names_[s], {}};
          for (unsigned k = 0; k < n; ++k)
            i.coords.push_back(*point[np + k].toInt64());
          std::vector<int64_t> time;
          for (const presburger::Int &v : *t)
            time.push_back(*v.toInt64());
          time.resize(depth_, 0);
          out[i] = time;
        }
        unsigned k = 0;
        while (k < n && point[np + k] == presburger::Int(box_))
          point[np + k++] = -box_;
        if (k == n)
          break;
        point[np + k] += 1;
      }
    }
    return out;
  }

private:
  int64_t box_;
  unsigned depth_ = 0;
  std::vector<presburger::PwMultiAff> fns_;
  std::vector<std::string> names_;
  std::vector<std::string> params_;
};

/// What is wrong with `run` as an execution of `expected` (instance ->
/// time): an instance not expected, one run twice or not at all, a time
/// that decreases. Empty when the run is right.
inline std::string
checkRun(const std::vector<Instance> &run,
         const std::map<Instance, std::vector<int64_t>> &expected) {
  std::map<Instance, int> seen;
  const std::vector<int64_t> *last = nullptr;
  for (const Instance &i : run) {
    auto it = expected.find(i);
    if (it == expected.end())
      return "ran " + toString(i) + ", which the schedule does not have";
    if (++seen[i] > 1)
      return "ran " + toString(i) + " twice";
    if (last && it->second < *last)
      return "ran " + toString(i) + " after an instance of a later time";
    last = &it->second;
  }
  for (const auto &[i, t] : expected)
    if (!seen.count(i))
      return "never ran " + toString(i);
  return "";
}

} // namespace astrun

#endif // TESTS_SUPPORT_ASTINTERPRETER_H
