//===- Replay.cpp - Times a user's own workload against isl and MLIR ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// presburger-replay reads a workload of JSON lines,
//
//   {"op": "intersect", "args": ["[n] -> { [i] : 0 <= i < n }", "..."]}
//
// where op is a calculator function or operator name (docs/calculator.md)
// or a harness operation name (bench-corpus --list), and args are objects in
// isl notation (integers for the harness's `project`). Other fields are
// ignored. Each line that can run becomes a benchmark case timed by the
// harness's rules (BenchHarness.h: ours, isl and MLIR side by side, answers
// compared through isl before timing); a line that cannot run is counted as
// skipped with its reason. At the end it prints, per operation and overall,
// the geometric means of the ratios isl/ours and mlir/ours of the medians,
// and writes the same as JSON with --report.
//
//   presburger-replay [--report FILE] [--family NAME] [--only-op OP]...
//                     [--lines N,M-K] WORKLOAD.jsonl [Google Benchmark flags]
//
// --only-op (repeatable; the harness's operation name, as in the case
// names) and --lines (line numbers and ranges of the workload) select the
// lines to run; the others are neither checked nor timed nor counted.
//
// Cases are named NAME/<operation>/line<N>/<engine> (NAME defaults to
// `replay`; scripts/bench.sh runs family 4 as `f4`), so bench/summarize.py
// reads the --benchmark_out JSON as it reads the other programs'.
//
//===----------------------------------------------------------------------===//
#include "BenchHarness.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include "presburger/Parser.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

using nlohmann::json;

/// A workload name and the harness operation it runs. `swapIfMapFirst`:
/// calculator application `m(s)` may come as [map, set]; the harness's
/// apply takes [set, map].
struct Alias {
  const char *name;
  const char *op;
  bool swapIfMapFirst = false;
};

/// Calculator spellings (functions and operators) of the harness's
/// operations; harness names are accepted as they are.
constexpr Alias kAliases[] = {
    {"+", "union"},
    {"*", "intersect"},
    {"-", "subtract"},
    {"%", "gist"},
    {".", "apply_range"},
    {"join", "apply_range"},
    {"compose", "apply_range"},
    {"apply", "apply", true},
    {"^-1", "reverse"},
    {"dom", "domain"},
    {"ran", "range"},
    {"aff", "affine_hull"},
    {"poly", "polyhedral_hull"},
    {"hull", "convex_hull"},
    {"subset", "is_subset"},
    {"<=", "is_subset"},
    {"=", "is_equal"},
    {"equal", "is_equal"},
    {"<<", "lex_lt"},
};

const char *harnessOperation(const std::string &name, bool &swap) {
  swap = false;
  for (const Alias &a : kAliases)
    if (name == a.name) {
      swap = a.swapIfMapFirst;
      return a.op;
    }
  const bench::OperationInfo *info = bench::findOperation(name);
  return info ? info->name : nullptr;
}

bool isRelationText(const std::string &text) {
  try {
    return presburger::parseRelation(text).isRelation();
  } catch (const std::exception &) {
    return false; // The harness reports the parse error.
  }
}

/// Builds the case of one workload line, or says why it cannot run.
std::optional<bench::Case> caseOfLine(const std::string &line, unsigned lineNo,
                                      const std::string &family,
                                      std::string &why) {
  json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    why = "not a JSON value";
    return std::nullopt;
  }
  if (!j.is_object() || !j.contains("op") || !j["op"].is_string()) {
    why = "no \"op\" string";
    return std::nullopt;
  }
  if (!j.contains("args") || !j["args"].is_array()) {
    why = "no \"args\" array";
    return std::nullopt;
  }
  std::string name = j["op"].get<std::string>();
  bool swap = false;
  const char *op = harnessOperation(name, swap);
  if (!op) {
    why = "operation '" + name + "' is not in the harness";
    return std::nullopt;
  }
  const bench::OperationInfo &info = *bench::findOperation(op);
  bench::Case c;
  c.family = family;
  c.op = op;
  c.instance = "line" + std::to_string(lineNo);
  for (const json &arg : j["args"]) {
    if (arg.is_string())
      c.inputs.push_back(arg.get<std::string>());
    else if (arg.is_number_integer())
      c.ints.push_back(arg.get<int>());
    else {
      why = "an argument is neither a string nor an integer";
      return std::nullopt;
    }
  }
  if (c.inputs.size() != info.arity || c.ints.size() != info.numInts) {
    why = "'" + name + "' takes " + std::to_string(info.arity) +
          " object(s) and " + std::to_string(info.numInts) + " integer(s)";
    return std::nullopt;
  }
  if (swap && c.inputs.size() == 2 && isRelationText(c.inputs[0]) &&
      !isRelationText(c.inputs[1]))
    std::swap(c.inputs[0], c.inputs[1]);
  return c;
}

/// Forwards to the console reporter and keeps every timed repetition:
/// replay/<op>/<instance>/<engine>[/manual_time] -> times (microseconds).
class CollectingReporter : public benchmark::ConsoleReporter {
public:
  std::map<std::string, std::map<std::string, std::vector<double>>> times;
  std::map<std::string, std::string> opOf;

  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &run : runs) {
      // Every repetition, or the median aggregate alone (when the run
      // reports aggregates only).
      bool median =
          run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if ((run.run_type != Run::RT_Iteration && !median) || run.error_occurred)
        continue;
      std::vector<std::string> parts = split(run.run_name.function_name);
      if (parts.size() < 4)
        continue;
      std::string key = parts[1] + "/" + parts[2];
      opOf[key] = parts[1];
      times[key][parts[3]].push_back(toMicroseconds(run));
    }
  }

private:
  static std::vector<std::string> split(const std::string &name) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
      size_t slash = name.find('/', start);
      parts.push_back(name.substr(start, slash - start));
      if (slash == std::string::npos)
        return parts;
      start = slash + 1;
    }
  }
  static double toMicroseconds(const Run &run) {
    return run.GetAdjustedRealTime() /
           benchmark::GetTimeUnitMultiplier(run.time_unit) * 1e6;
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// Geometric mean of ratios, accumulated in logarithms.
struct GeoMean {
  double logSum = 0;
  unsigned count = 0;
  double worst = INFINITY;
  void add(double ratio) {
    logSum += std::log(ratio);
    ++count;
    worst = std::min(worst, ratio);
  }
  json toJson() const {
    if (!count)
      return json{{"cases", 0}};
    return json{{"cases", count},
                {"geomean", std::exp(logSum / count)},
                {"worst", worst}};
  }
  std::string text() const {
    if (!count)
      return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2fx (n=%u, worst %.2fx)",
                  std::exp(logSum / count), count, worst);
    return buf;
  }
};

/// Reads "N,M-K" (line numbers and inclusive ranges) into `out`; false
/// with the reason in `why` when the text is not of that form.
bool parseLineList(const std::string &text, std::set<unsigned> &out,
                   std::string &why) {
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find(',', pos);
    if (end == std::string::npos)
      end = text.size();
    std::string item = text.substr(pos, end - pos);
    size_t dash = item.find('-');
    auto number = [&](const std::string &t, unsigned &v) {
      if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos ||
          t.size() > 9)
        return false;
      v = unsigned(std::stoul(t));
      return true;
    };
    unsigned lo = 0, hi = 0;
    bool ok = dash == std::string::npos ? number(item, lo) && number(item, hi)
                                        : number(item.substr(0, dash), lo) &&
                                              number(item.substr(dash + 1), hi);
    if (!ok || lo > hi || hi - lo > 1000000) {
      why = "'" + item + "' is not a line number or a range N-M";
      return false;
    }
    for (unsigned l = lo; l <= hi; ++l)
      out.insert(l);
    pos = end + 1;
  }
  return true;
}

/// Per-operation and overall geometric means of isl/ours and mlir/ours.
json summarize(const CollectingReporter &r) {
  std::map<std::string, GeoMean> isl, mlir;
  GeoMean islAll, mlirAll;
  json cases = json::array();
  for (const auto &[key, engines] : r.times) {
    auto ours = engines.find("ours");
    if (ours == engines.end() || ours->second.empty())
      continue;
    const std::string &op = r.opOf.at(key);
    double oursMedian = median(ours->second);
    json entry{{"case", key}, {"op", op}, {"ours_us", oursMedian}};
    for (auto [engine, sums, all] :
         {std::tuple{"isl", &isl, &islAll}, {"mlir", &mlir, &mlirAll}}) {
      auto it = engines.find(engine);
      if (it == engines.end() || it->second.empty() || oursMedian <= 0)
        continue;
      double m = median(it->second);
      entry[std::string(engine) + "_us"] = m;
      (*sums)[op].add(m / oursMedian);
      all->add(m / oursMedian);
    }
    cases.push_back(entry);
  }
  json perOp = json::object();
  std::cout << "\nreplay summary (ratio = their median / our median; above 1 "
               "we are faster)\n";
  for (const auto &[op, g] : isl) {
    perOp[op]["isl_over_ours"] = g.toJson();
    std::cout << "  " << op << ": isl/ours " << g.text();
    if (mlir.count(op)) {
      perOp[op]["mlir_over_ours"] = mlir.at(op).toJson();
      std::cout << ", mlir/ours " << mlir.at(op).text();
    }
    std::cout << "\n";
  }
  std::cout << "  overall: isl/ours " << islAll.text();
  if (mlirAll.count)
    std::cout << ", mlir/ours " << mlirAll.text();
  std::cout << "\n";
  return json{{"per_operation", perOp},
              {"overall",
               {{"isl_over_ours", islAll.toJson()},
                {"mlir_over_ours", mlirAll.toJson()}}},
              {"cases", cases}};
}

} // namespace

int main(int argc, char **argv) {
  std::string workload, reportPath, family = "replay";
  std::vector<char *> rest{argv[0]};
  std::set<std::string> onlyOps;
  std::set<unsigned> onlyLines;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--report") == 0 && i + 1 < argc)
      reportPath = argv[++i];
    else if (std::strcmp(argv[i], "--family") == 0 && i + 1 < argc)
      family = argv[++i];
    else if (std::strcmp(argv[i], "--only-op") == 0 && i + 1 < argc)
      onlyOps.insert(argv[++i]);
    else if (std::strcmp(argv[i], "--lines") == 0 && i + 1 < argc) {
      std::string why;
      if (!parseLineList(argv[++i], onlyLines, why)) {
        std::cerr << "presburger-replay: --lines: " << why << "\n";
        return 2;
      }
    } else if (std::strncmp(argv[i], "--", 2) != 0 && workload.empty())
      workload = argv[i];
    else
      rest.push_back(argv[i]);
  }
  if (workload.empty()) {
    std::cerr << "usage: presburger-replay [--report FILE] [--family NAME] "
                 "[--only-op OP]... [--lines N,M-K] WORKLOAD.jsonl [Google "
                 "Benchmark flags]\n";
    return 2;
  }
  std::ifstream in(workload);
  if (!in) {
    std::cerr << "presburger-replay: cannot read " << workload << "\n";
    return 2;
  }
  std::map<std::string, unsigned> skipped;
  json skippedLines = json::array();
  unsigned lineNo = 0, registered = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    if (!onlyLines.empty() && !onlyLines.count(lineNo))
      continue;
    std::string why;
    std::optional<bench::Case> c = caseOfLine(line, lineNo, family, why);
    if (c && !onlyOps.empty() && !onlyOps.count(c->op))
      continue;
    if (c)
      why = bench::registerCase(*c);
    if (why.empty()) {
      ++registered;
      continue;
    }
    std::cerr << workload << ":" << lineNo << ": skipped: " << why << "\n";
    ++skipped[why.substr(0, why.find('\n'))];
    skippedLines.push_back({{"line", lineNo}, {"reason", why}});
  }
  std::cerr << "presburger-replay: " << registered << " of " << lineNo
            << " line(s) run\n";

  CollectingReporter reporter;
  int n = int(rest.size());
  if (int rc = bench::runBenchmarks(n, rest.data(), &reporter))
    return rc;
  json report = summarize(reporter);
  report["workload"] = workload;
  report["lines"] = lineNo;
  report["run"] = registered;
  report["skipped"] = skippedLines;
  report["mismatches"] = {{"isl", bench::numMismatches()},
                          {"mlir", bench::numMlirMismatches()}};
  std::cout << "  run " << registered << " line(s), skipped "
            << skippedLines.size() << "; mismatches: isl "
            << bench::numMismatches() << ", mlir " << bench::numMlirMismatches()
            << "\n";
  for (const auto &[why, count] : skipped)
    std::cout << "  skipped " << count << ": " << why << "\n";
  if (!reportPath.empty()) {
    std::ofstream out(reportPath);
    out << report.dump(2) << "\n";
    if (!out) {
      std::cerr << "presburger-replay: cannot write " << reportPath << "\n";
      return 2;
    }
  }
  return bench::numMismatches() || bench::numMlirMismatches() ? 1 : 0;
}
