#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Summarizes Google Benchmark JSON output of the bench-* programs.

Benchmark names are <family>/<operation>/<instance>/<engine>[/manual_time]
with engine `ours`, `isl` or `mlir` (MLIR's Presburger library, on the
operations it has). For every (family, operation, instance) the median time
of each engine is taken (the `median` aggregate when the run used
--benchmark_repetitions, else the single run), and the ratio is isl / ours:
above 1 we are faster, below 1 isl is.

Printed per family and operation: the number of instances, the geometric
mean of our medians and of isl's, the geometric mean of the ratios (equal to
the ratio of the two geometric means), the worst ratio and how many
instances are slower than isl; then per family the geometric mean of all
instance ratios. When there are mlir rows, the same per operation and per
family for MLIR: its median (geometric mean), mlir / ours (above 1 we are
faster than MLIR) and isl / mlir (above 1 MLIR is faster than isl), over
the instances MLIR runs; without mlir rows the output is as before.
--detail adds one row per instance; --markdown prints Markdown tables
(docs/performance.md is made of them); --series prints the scaling family
as one table per series (instance names <series>-<step>); --cpu takes CPU
time instead of wall time (for runs on a loaded machine).

Usage: summarize.py [--detail] [--markdown] [--series] [--cpu] FILE.json...
Python 3 standard library only.
"""

import argparse
import json
import math
import re
import sys
from collections import OrderedDict, defaultdict

UNIT = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


def load(paths, clock="real_time"):
    """(family, op, instance) -> {engine: median microseconds}, labels."""
    medians = defaultdict(dict)
    singles = defaultdict(dict)
    labels = {}
    errors = {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        for b in data.get("benchmarks", []):
            name = b.get("run_name") or b["name"]
            # Drop Google Benchmark's suffixes (manual_time, iterations:N).
            parts = [p for p in name.split("/")
                     if p != "manual_time" and ":" not in p]
            if len(parts) < 4:
                continue
            family, op, engine = parts[0], parts[1], parts[-1]
            instance = "/".join(parts[2:-1])
            key = (family, op, instance)
            if b.get("error_occurred"):
                errors[(key, engine)] = b.get("error_message", "error")
                continue
            t = b[clock] * UNIT[b.get("time_unit", "ns")]
            if b.get("label"):
                # MISMATCH (ours against isl) and MISMATCH-MLIR (ours
                # against MLIR) come from different engines' rows.
                labels.setdefault(key, set()).add(b["label"])
            if b.get("run_type") == "aggregate":
                if b.get("aggregate_name") == "median":
                    medians[key][engine] = t
            else:
                singles[key].setdefault(engine, []).append(t)
    for key, engines in singles.items():
        for engine, ts in engines.items():
            if engine not in medians[key]:
                ts = sorted(ts)
                medians[key][engine] = ts[len(ts) // 2]
    labels = {k: ", ".join(sorted(v)) for k, v in labels.items()}
    return medians, labels, errors


def geomean(xs):
    xs = [x for x in xs if x > 0]
    if not xs:
        return float("nan")
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt_time(us):
    if us != us:
        return "-"
    if us >= 1e6:
        return "%.2f s" % (us / 1e6)
    if us >= 1e3:
        return "%.2f ms" % (us / 1e3)
    if us >= 1:
        return "%.2f us" % us
    return "%.0f ns" % (us * 1e3)


def fmt_ratio(r):
    if r != r:
        return "-"
    if r >= 100:
        return "%.0fx" % r
    if r >= 10:
        return "%.1fx" % r
    return "%.2fx" % r


class Table:
    def __init__(self, markdown, header):
        self.markdown = markdown
        self.header = header
        self.rows = []

    def add(self, row):
        self.rows.append([str(c) for c in row])

    def render(self):
        if self.markdown:
            out = ["| " + " | ".join(self.header) + " |",
                   "|" + "|".join("---" if i == 0 else "---:"
                                  for i in range(len(self.header))) + "|"]
            out += ["| " + " | ".join(r) + " |" for r in self.rows]
            return "\n".join(out)
        widths = [len(h) for h in self.header]
        for r in self.rows:
            widths = [max(w, len(c)) for w, c in zip(widths, r)]
        line = lambda r: "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths)))
        return "\n".join([line(self.header), line(["-" * w for w in widths])] +
                         [line(r) for r in self.rows])


def ratio(m, num, den):
    """m[num] / m[den] when both engines have a median, else NaN."""
    if num in m and den in m:
        return m[num] / m[den]
    return float("nan")


def natural_key(s):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def mean_line(family, what, ratios, op_means, slower_than=None):
    """The summary line of one ratio over a family: the geometric mean over
    the cases and over the operations' means, and with `slower_than` the
    number of cases below 1."""
    line = ("%s: geometric mean of %s over %d cases: %s "
            "(over the %d operations' geometric means: %s)"
            % (family, what, len(ratios), fmt_ratio(geomean(ratios)),
               len(op_means), fmt_ratio(geomean(op_means))))
    if slower_than:
        line += "; %d cases slower than %s" % (
            sum(1 for r in ratios if r < 1), slower_than)
    return line


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--detail", action="store_true",
                    help="one row per instance")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--cpu", action="store_true",
                    help="CPU time instead of wall time (a loaded machine)")
    ap.add_argument("--series", action="store_true",
                    help="scaling tables for the family f2")
    args = ap.parse_args()

    medians, labels, errors = load(args.files,
                                   "cpu_time" if args.cpu else "real_time")
    if not medians and not errors:
        print("no benchmark results found", file=sys.stderr)
        return 1

    families = OrderedDict()
    for key in sorted(medians, key=lambda k: (k[0], k[1], natural_key(k[2]))):
        families.setdefault(key[0], OrderedDict()).setdefault(key[1], []).append(key)

    have_isl = any("isl" in e for e in medians.values())
    have_mlir = any("mlir" in e for e in medians.values())
    out = []
    for family, ops in families.items():
        title = {"f1": "family 1: compiler-sized problems",
                 "f2": "family 2: scaling series",
                 "corpus": "family 3: corpus of recorded operations"}.get(family, family)
        out.append(("## " if args.markdown else "== ") + title)
        out.append("")
        header = ["operation", "cases", "ours (geomean of medians)"]
        if have_isl:
            header += ["isl (geomean of medians)", "isl/ours (geomean)",
                       "worst isl/ours", "slower than isl"]
        if have_mlir:
            header += ["mlir cases", "mlir (geomean of medians)",
                       "mlir/ours (geomean)", "slower than mlir"]
            if have_isl:
                header += ["isl/mlir (geomean)"]
        t = Table(args.markdown, header)
        all_ratios = []
        op_means = []
        mlir_ratios, mlir_op_means = [], []
        isl_mlir_ratios, isl_mlir_op_means = [], []
        for op, keys in ops.items():
            ours = [medians[k]["ours"] for k in keys if "ours" in medians[k]]
            ratios = [medians[k]["isl"] / medians[k]["ours"] for k in keys
                      if "ours" in medians[k] and "isl" in medians[k]]
            isl = [medians[k]["isl"] for k in keys
                   if "ours" in medians[k] and "isl" in medians[k]]
            row = [op, len(keys), fmt_time(geomean(ours))]
            if have_isl:
                slower = sum(1 for r in ratios if r < 1)
                row += [fmt_time(geomean(isl)), fmt_ratio(geomean(ratios)),
                        fmt_ratio(min(ratios)) if ratios else "-",
                        "%d" % slower]
                all_ratios += ratios
                if ratios:
                    op_means.append(geomean(ratios))
            if have_mlir:
                with_mlir = [k for k in keys
                             if "mlir" in medians[k] and "ours" in medians[k]]
                mr = [medians[k]["mlir"] / medians[k]["ours"] for k in with_mlir]
                row += ["%d" % len(with_mlir) if with_mlir else "-",
                        fmt_time(geomean([medians[k]["mlir"] for k in with_mlir])),
                        fmt_ratio(geomean(mr)),
                        "%d" % sum(1 for r in mr if r < 1) if mr else "-"]
                mlir_ratios += mr
                if mr:
                    mlir_op_means.append(geomean(mr))
                if have_isl:
                    im = [medians[k]["isl"] / medians[k]["mlir"] for k in with_mlir
                          if "isl" in medians[k]]
                    row += [fmt_ratio(geomean(im))]
                    isl_mlir_ratios += im
                    if im:
                        isl_mlir_op_means.append(geomean(im))
            t.add(row)
        out.append(t.render())
        out.append("")
        if have_isl and all_ratios:
            out.append(mean_line(family, "isl/ours", all_ratios, op_means,
                                 "isl"))
            out.append("")
        if have_mlir and mlir_ratios:
            out.append(mean_line(family, "mlir/ours", mlir_ratios,
                                 mlir_op_means, "mlir"))
            if isl_mlir_ratios:
                out.append(mean_line(family, "isl/mlir", isl_mlir_ratios,
                                     isl_mlir_op_means))
            out.append("")

        if args.detail or (args.series and family == "f2"):
            if args.series and family == "f2":
                # One table per series: rows are steps, columns per operation.
                series = OrderedDict()
                for op, keys in ops.items():
                    for k in keys:
                        m = re.match(r"(.*)-([^-]+)$", k[2])
                        s, step = (m.group(1), m.group(2)) if m else (k[2], "")
                        series.setdefault(s, OrderedDict()).setdefault(op, []).append((step, k))
                for s, by_op in series.items():
                    out.append(("### " if args.markdown else "-- ") + "series " + s)
                    out.append("")
                    h = ["operation", "step", "ours"]
                    if have_isl:
                        h += ["isl", "isl/ours"]
                    if have_mlir:
                        h += ["mlir", "mlir/ours"]
                        if have_isl:
                            h += ["isl/mlir"]
                    st = Table(args.markdown, h)
                    for op, steps in by_op.items():
                        for step, k in steps:
                            m = medians[k]
                            row = [op, step, fmt_time(m.get("ours", float("nan")))]
                            if have_isl:
                                row += [fmt_time(m.get("isl", float("nan"))),
                                        fmt_ratio(ratio(m, "isl", "ours"))]
                            if have_mlir:
                                row += [fmt_time(m.get("mlir", float("nan"))),
                                        fmt_ratio(ratio(m, "mlir", "ours"))]
                                if have_isl:
                                    row.append(fmt_ratio(ratio(m, "isl", "mlir")))
                            st.add(row)
                    out.append(st.render())
                    out.append("")
            else:
                h = ["operation", "instance", "ours"]
                if have_isl:
                    h += ["isl", "isl/ours"]
                if have_mlir:
                    h += ["mlir", "mlir/ours"]
                    if have_isl:
                        h += ["isl/mlir"]
                h += ["note"]
                dt = Table(args.markdown, h)
                for op, keys in ops.items():
                    for k in keys:
                        m = medians[k]
                        row = [op, k[2], fmt_time(m.get("ours", float("nan")))]
                        if have_isl:
                            row += [fmt_time(m.get("isl", float("nan"))),
                                    fmt_ratio(ratio(m, "isl", "ours"))]
                        if have_mlir:
                            row += [fmt_time(m.get("mlir", float("nan"))),
                                    fmt_ratio(ratio(m, "mlir", "ours"))]
                            if have_isl:
                                row.append(fmt_ratio(ratio(m, "isl", "mlir")))
                        row.append(labels.get(k, ""))
                        dt.add(row)
                out.append(dt.render())
                out.append("")

    mism = sorted("/".join(k) for k, l in labels.items()
                  if "MISMATCH" in l.split(", "))
    if mism:
        out.append("cases where the results differ (MISMATCH): " + ", ".join(mism))
    mism = sorted("/".join(k) for k, l in labels.items()
                  if "MISMATCH-MLIR" in l.split(", "))
    if mism:
        out.append("cases where MLIR's result differs from ours (MISMATCH-MLIR): "
                   + ", ".join(mism))
    if errors:
        out.append("cases that failed: " + ", ".join(
            "/".join(k) + "/" + e + " (" + msg + ")" for (k, e), msg in sorted(errors.items())))
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
