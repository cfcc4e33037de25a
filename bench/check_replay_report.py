#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks presburger-replay's report on bench/replay-example.jsonl: the 31
well-formed lines (23 over one space, 8 over several) run with an isl time
beside ours, the last five are skipped for their own reasons, nothing
disagrees, and the summary covers every operation that ran."""
import json
import sys

report = json.load(open(sys.argv[1]))
errors = []
if report["lines"] != 36:
    errors.append(f"lines: {report['lines']}")
if report["run"] != 31:
    errors.append(f"run: {report['run']}")
reasons = {s["line"]: s["reason"] for s in report["skipped"]}
expected = {
    32: "not in the harness",
    33: "takes 2 object(s)",
    34: "not a JSON value",
    35: "we cannot parse the input",
    36: "has no version over several spaces",
}
for line, text in expected.items():
    if text not in reasons.get(line, ""):
        errors.append(f"line {line}: reason {reasons.get(line)!r}")
if report["mismatches"] != {"isl": 0, "mlir": 0}:
    errors.append(f"mismatches: {report['mismatches']}")
cases = report["cases"]
if len(cases) != 31 or any("isl_us" not in c for c in cases):
    errors.append("every case that ran needs an isl median")
ops = {c["op"] for c in cases}
if set(report["per_operation"]) != ops:
    errors.append("the per-operation summary misses operations")
overall = report["overall"]["isl_over_ours"]
if overall.get("cases") != 31 or not overall.get("geomean", 0) > 0:
    errors.append(f"overall: {overall}")
for e in errors:
    print("check_replay_report:", e)
sys.exit(1 if errors else 0)
