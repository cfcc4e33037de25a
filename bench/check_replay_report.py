#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks presburger-replay's report on bench/replay-example.jsonl: the 23
well-formed lines run (with an isl time beside ours), the last four are
skipped for their own reasons, nothing disagrees, and the summary covers
every operation that ran."""
import json
import sys

report = json.load(open(sys.argv[1]))
errors = []
if report["lines"] != 27:
    errors.append(f"lines: {report['lines']}")
if report["run"] != 23:
    errors.append(f"run: {report['run']}")
reasons = {s["line"]: s["reason"] for s in report["skipped"]}
expected = {
    24: "not in the harness",
    25: "takes 2 object(s)",
    26: "not a JSON value",
    27: "we cannot parse the input",
}
for line, text in expected.items():
    if text not in reasons.get(line, ""):
        errors.append(f"line {line}: reason {reasons.get(line)!r}")
if report["mismatches"] != {"isl": 0, "mlir": 0}:
    errors.append(f"mismatches: {report['mismatches']}")
cases = report["cases"]
if len(cases) != 23 or any("isl_us" not in c for c in cases):
    errors.append("every case that ran needs an isl median")
ops = {c["op"] for c in cases}
if set(report["per_operation"]) != ops:
    errors.append("the per-operation summary misses operations")
overall = report["overall"]["isl_over_ours"]
if overall.get("cases") != 23 or not overall.get("geomean", 0) > 0:
    errors.append(f"overall: {overall}")
for e in errors:
    print("check_replay_report:", e)
sys.exit(1 if errors else 0)
