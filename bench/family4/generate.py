#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes bench/family4/polybench.jsonl, family 4 of the benchmarks: the
operations a polyhedral compiler issues on PolyBench/C 4.2 kernels (after
FPL's measurement of isl inside Polly), as a presburger-replay workload.

Each kernel below is written by hand in isl notation: its statements'
iteration domains, their write and read accesses and the original schedule
(the loop nest as a 2d+1 schedule). For every kernel the workload holds the
operations of a dependence analysis and a legality check, in the order a
compiler issues them:

  - per statement: lexmin and lexmax of the domain (first and last
    iteration), the gist of a tail guard against the domain;
  - coalesce of the union of domains, and its parameters;
  - per dependence kind (flow W.R^-1, anti R.W^-1, output W.W^-1): the
    candidate pairs (join of accesses), the order of the schedule
    (S << S), their intersection (the dependences), their emptiness, their
    coalesced form and the equality of the two, the last source of each
    sink (lexmax of the reversed dependences), the parameters for which
    dependences exist, the dependences in time (S^-1 . D . S), their
    distance vectors (deltas) and the legality test (time dependences a
    subset of the lexicographically positive order);
  - the instances with no incoming flow dependence (domain minus the range
    of the flow dependences).

The intermediate objects (a join's result given to the next operation) are
computed with presburger-calc once, here; the replay tool checks every
operation's result against isl when it runs. Usage:

  bench/family4/generate.py [PRESBURGER_CALC] > bench/family4/polybench.jsonl

(default build/presburger/calc/presburger-calc). Python 3 standard library.
"""

import json
import subprocess
import sys


class Stmt:
    def __init__(self, name, iters, domain, sched, writes, reads):
        self.name, self.iters, self.domain = name, iters, domain
        self.sched, self.writes, self.reads = sched, writes, reads


# name: (parameters, context constraint, statements)
# A statement: (name, iterators, domain constraints, schedule, writes,
# reads); schedules of one kernel have the same number of dimensions.
KERNELS = {
    "gemm": ("NI, NJ, NK", "NI >= 1 and NJ >= 1 and NK >= 1", [
        Stmt("S0", "i, j", "0 <= i < NI and 0 <= j < NJ", "i, 0, j, 0",
             ["C[i, j]"], ["C[i, j]"]),
        Stmt("S1", "i, k, j", "0 <= i < NI and 0 <= k < NK and 0 <= j < NJ",
             "i, 1, k, j", ["C[i, j]"], ["C[i, j]", "A[i, k]", "B[k, j]"]),
    ]),
    "2mm": ("NI, NJ, NK, NL", "NI >= 1 and NJ >= 1 and NK >= 1 and NL >= 1", [
        Stmt("S0", "i, j", "0 <= i < NI and 0 <= j < NJ", "0, i, j, 0, 0",
             ["tmp[i, j]"], []),
        Stmt("S1", "i, j, k", "0 <= i < NI and 0 <= j < NJ and 0 <= k < NK",
             "0, i, j, 1, k", ["tmp[i, j]"],
             ["tmp[i, j]", "A[i, k]", "B[k, j]"]),
        Stmt("S2", "i, j", "0 <= i < NI and 0 <= j < NL", "1, i, j, 0, 0",
             ["D[i, j]"], ["D[i, j]"]),
        Stmt("S3", "i, j, k", "0 <= i < NI and 0 <= j < NL and 0 <= k < NJ",
             "1, i, j, 1, k", ["D[i, j]"],
             ["D[i, j]", "tmp[i, k]", "C[k, j]"]),
    ]),
    "atax": ("M, N", "M >= 1 and N >= 1", [
        Stmt("S0", "i", "0 <= i < N", "0, i, 0, 0", ["y[i]"], []),
        Stmt("S1", "i", "0 <= i < M", "1, i, 0, 0", ["tmp[i]"], []),
        Stmt("S2", "i, j", "0 <= i < M and 0 <= j < N", "1, i, 1, j",
             ["tmp[i]"], ["tmp[i]", "A[i, j]", "x[j]"]),
        Stmt("S3", "i, j", "0 <= i < M and 0 <= j < N", "1, i, 2, j",
             ["y[j]"], ["y[j]", "A[i, j]", "tmp[i]"]),
    ]),
    "bicg": ("M, N", "M >= 1 and N >= 1", [
        Stmt("S0", "i", "0 <= i < M", "0, i, 0, 0", ["s[i]"], []),
        Stmt("S1", "i", "0 <= i < N", "1, i, 0, 0", ["q[i]"], []),
        Stmt("S2", "i, j", "0 <= i < N and 0 <= j < M", "1, i, 1, j",
             ["s[j]"], ["s[j]", "r[i]", "A[i, j]"]),
        Stmt("S3", "i, j", "0 <= i < N and 0 <= j < M", "1, i, 2, j",
             ["q[i]"], ["q[i]", "A[i, j]", "p[j]"]),
    ]),
    "mvt": ("N", "N >= 1", [
        Stmt("S0", "i, j", "0 <= i < N and 0 <= j < N", "0, i, j",
             ["x1[i]"], ["x1[i]", "A[i, j]", "y1[j]"]),
        Stmt("S1", "i, j", "0 <= i < N and 0 <= j < N", "1, i, j",
             ["x2[i]"], ["x2[i]", "A[j, i]", "y2[j]"]),
    ]),
    "syrk": ("M, N", "M >= 1 and N >= 1", [
        Stmt("S0", "i, j", "0 <= j <= i < N", "i, 0, j, 0", ["C[i, j]"],
             ["C[i, j]"]),
        Stmt("S1", "i, k, j", "0 <= k < M and 0 <= j <= i < N", "i, 1, k, j",
             ["C[i, j]"], ["C[i, j]", "A[i, k]", "A[j, k]"]),
    ]),
    "trmm": ("M, N", "M >= 1 and N >= 1", [
        Stmt("S0", "i, j, k", "0 <= i < M and 0 <= j < N and i < k < M",
             "i, j, 0, k", ["B[i, j]"], ["B[i, j]", "A[k, i]", "B[k, j]"]),
        Stmt("S1", "i, j", "0 <= i < M and 0 <= j < N", "i, j, 1, 0",
             ["B[i, j]"], ["B[i, j]"]),
    ]),
    "lu": ("N", "N >= 1", [
        Stmt("S0", "i, j, k", "0 <= i < N and 0 <= j < i and 0 <= k < j",
             "i, 0, j, 0, k", ["A[i, j]"], ["A[i, j]", "A[i, k]", "A[k, j]"]),
        Stmt("S1", "i, j", "0 <= i < N and 0 <= j < i", "i, 0, j, 1, 0",
             ["A[i, j]"], ["A[i, j]", "A[j, j]"]),
        Stmt("S2", "i, j, k", "0 <= i < N and i <= j < N and 0 <= k < i",
             "i, 1, j, 0, k", ["A[i, j]"], ["A[i, j]", "A[i, k]", "A[k, j]"]),
    ]),
    "cholesky": ("N", "N >= 1", [
        Stmt("S0", "i, j, k", "0 <= i < N and 0 <= j < i and 0 <= k < j",
             "i, 0, j, 0, k", ["A[i, j]"], ["A[i, j]", "A[i, k]", "A[j, k]"]),
        Stmt("S1", "i, j", "0 <= i < N and 0 <= j < i", "i, 0, j, 1, 0",
             ["A[i, j]"], ["A[i, j]", "A[j, j]"]),
        Stmt("S2", "i, k", "0 <= i < N and 0 <= k < i", "i, 1, k, 0, 0",
             ["A[i, i]"], ["A[i, i]", "A[i, k]"]),
        Stmt("S3", "i", "0 <= i < N", "i, 2, 0, 0, 0", ["A[i, i]"],
             ["A[i, i]"]),
    ]),
    "jacobi-1d": ("T, N", "T >= 1 and N >= 3", [
        Stmt("S0", "t, i", "0 <= t < T and 1 <= i < N - 1", "t, 0, i",
             ["B[i]"], ["A[i - 1]", "A[i]", "A[i + 1]"]),
        Stmt("S1", "t, i", "0 <= t < T and 1 <= i < N - 1", "t, 1, i",
             ["A[i]"], ["B[i - 1]", "B[i]", "B[i + 1]"]),
    ]),
    "jacobi-2d": ("T, N", "T >= 1 and N >= 3", [
        Stmt("S0", "t, i, j", "0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1",
             "t, 0, i, j", ["B[i, j]"],
             ["A[i, j]", "A[i, j - 1]", "A[i, j + 1]", "A[i + 1, j]",
              "A[i - 1, j]"]),
        Stmt("S1", "t, i, j", "0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1",
             "t, 1, i, j", ["A[i, j]"],
             ["B[i, j]", "B[i, j - 1]", "B[i, j + 1]", "B[i + 1, j]",
              "B[i - 1, j]"]),
    ]),
    "seidel-2d": ("T, N", "T >= 1 and N >= 3", [
        Stmt("S0", "t, i, j", "0 <= t < T and 1 <= i <= N - 2 and 1 <= j <= N - 2",
             "t, i, j", ["A[i, j]"],
             ["A[i - 1, j - 1]", "A[i - 1, j]", "A[i - 1, j + 1]",
              "A[i, j - 1]", "A[i, j]", "A[i, j + 1]", "A[i + 1, j - 1]",
              "A[i + 1, j]", "A[i + 1, j + 1]"]),
    ]),
    "heat-3d": ("T, N", "T >= 1 and N >= 3", [
        Stmt("S0", "t, i, j, k",
             "1 <= t <= T and 1 <= i < N - 1 and 1 <= j < N - 1 and "
             "1 <= k < N - 1", "t, 0, i, j, k", ["B[i, j, k]"],
             ["A[i + 1, j, k]", "A[i, j, k]", "A[i - 1, j, k]",
              "A[i, j + 1, k]", "A[i, j - 1, k]", "A[i, j, k + 1]",
              "A[i, j, k - 1]"]),
        Stmt("S1", "t, i, j, k",
             "1 <= t <= T and 1 <= i < N - 1 and 1 <= j < N - 1 and "
             "1 <= k < N - 1", "t, 1, i, j, k", ["A[i, j, k]"],
             ["B[i + 1, j, k]", "B[i, j, k]", "B[i - 1, j, k]",
              "B[i, j + 1, k]", "B[i, j - 1, k]", "B[i, j, k + 1]",
              "B[i, j, k - 1]"]),
    ]),
    "fdtd-2d": ("T, NX, NY", "T >= 1 and NX >= 2 and NY >= 2", [
        Stmt("S0", "t, j", "0 <= t < T and 0 <= j < NY", "t, 0, j, 0",
             ["ey[0, j]"], ["fict[t]"]),
        Stmt("S1", "t, i, j", "0 <= t < T and 1 <= i < NX and 0 <= j < NY",
             "t, 1, i, j", ["ey[i, j]"],
             ["ey[i, j]", "hz[i, j]", "hz[i - 1, j]"]),
        Stmt("S2", "t, i, j", "0 <= t < T and 0 <= i < NX and 1 <= j < NY",
             "t, 2, i, j", ["ex[i, j]"],
             ["ex[i, j]", "hz[i, j]", "hz[i, j - 1]"]),
        Stmt("S3", "t, i, j",
             "0 <= t < T and 0 <= i < NX - 1 and 0 <= j < NY - 1",
             "t, 3, i, j", ["hz[i, j]"],
             ["hz[i, j]", "ex[i, j + 1]", "ex[i, j]", "ey[i + 1, j]",
              "ey[i, j]"]),
    ]),
    "floyd-warshall": ("N", "N >= 1", [
        Stmt("S0", "k, i, j", "0 <= k < N and 0 <= i < N and 0 <= j < N",
             "k, i, j", ["path[i, j]"],
             ["path[i, j]", "path[i, k]", "path[k, j]"]),
    ]),
}


def union(params, pieces):
    return "[%s] -> { %s }" % (params, "; ".join(pieces) if pieces else "")


def lex_positive(n):
    """{ [t0..] -> [u0..] : t << u } in isl notation."""
    t = ["t%d" % k for k in range(n)]
    u = ["u%d" % k for k in range(n)]
    terms = []
    for k in range(n):
        eq = ["%s = %s" % (t[m], u[m]) for m in range(k)]
        terms.append("(" + " and ".join(eq + ["%s < %s" % (t[k], u[k])]) + ")")
    return "{ [%s] -> [%s] : %s }" % (", ".join(t), ", ".join(u),
                                     " or ".join(terms))


def kernel_objects(params, stmts):
    dom = {s.name: "%s[%s] : %s" % (s.name, s.iters, s.domain) for s in stmts}
    domain = union(params, list(dom.values()))
    sched = union(params, ["%s[%s] -> [%s] : %s" % (s.name, s.iters, s.sched,
                                                    s.domain) for s in stmts])

    def accesses(kind):
        return union(params, ["%s[%s] -> %s : %s" % (s.name, s.iters, a,
                                                     s.domain)
                              for s in stmts for a in getattr(s, kind)])
    return dom, domain, sched, accesses("writes"), accesses("reads")


class Calc:
    """Computes intermediate objects with presburger-calc."""

    def __init__(self, binary):
        self.binary = binary

    def eval(self, bindings, exprs):
        script = "".join("%s := %s;\n" % kv for kv in bindings.items())
        script += "".join("print %s;\n" % e for e in exprs)
        out = subprocess.run([self.binary], input=script, text=True,
                             capture_output=True, check=True).stdout
        lines = [l for l in out.splitlines() if l.strip()]
        if len(lines) != len(exprs):
            raise RuntimeError("calc printed %d lines for %d expressions:\n%s"
                               % (len(lines), len(exprs), out))
        return lines


def emit(out, kernel, op, *args):
    out.append(json.dumps({"op": op, "args": list(args), "kernel": kernel}))


def kernel_workload(calc, name, params, context, stmts, out):
    dom, domain, sched, writes, reads = kernel_objects(params, stmts)
    depth = len(stmts[0].sched.split(","))
    # Per statement: first and last iteration, a tail guard's gist.
    for s in stmts:
        d = "[%s] -> { %s }" % (params, dom[s.name])
        emit(out, name, "lexmin", d)
        emit(out, name, "lexmax", d)
        last = s.iters.split(",")[-1].strip()
        guarded = "[%s] -> { %s and %s >= 1 and %s }" % (
            params, dom[s.name], last, context)
        emit(out, name, "gist", guarded, d)
    emit(out, name, "coalesce", domain)
    emit(out, name, "params", domain)
    b = {"D": domain, "S": sched, "W": writes, "R": reads}
    kinds = {"flow": ("W", "R"), "anti": ("R", "W"), "output": ("W", "W")}
    for kind, (src, snk) in kinds.items():
        inv, cand, order, dep = calc.eval(b, [
            "%s^-1" % snk, "%s . %s^-1" % (src, snk), "S << S",
            "(%s . %s^-1) * (S << S)" % (src, snk)])
        emit(out, name, ".", b[src], inv)
        emit(out, name, "<<", sched, sched)
        emit(out, name, "*", cand, order)
        emit(out, name, "is_empty", dep)
        emit(out, name, "coalesce", dep)
        coalesced, rev, before, time, sinks = calc.eval(dict(b, X=dep), [
            "coalesce X", "X^-1", "S^-1 . X", "S^-1 . X . S", "ran X"])
        emit(out, name, "=", dep, coalesced)
        emit(out, name, "lexmax", rev)
        emit(out, name, "params", dep)
        emit(out, name, ".", before, sched)
        emit(out, name, "deltas", time)
        emit(out, name, "subset", time, lex_positive(depth))
        if kind == "flow":
            emit(out, name, "-", domain, sinks)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else \
        "build/presburger/calc/presburger-calc"
    calc = Calc(binary)
    out = []
    for name, (params, context, stmts) in KERNELS.items():
        kernel_workload(calc, name, params, context, stmts, out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
