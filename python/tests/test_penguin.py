# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""penguin from Python: parse, run passes with options penguin-opt does
not expose, read statistics, print; the dependence analysis."""

import os
import threading

import pytest

import presburger as isl
from presburger import penguin

EXAMPLES = os.environ.get(
    "PRESBURGER_TEST_DATA",
    os.path.join(os.path.dirname(__file__), "..", "..", "docs", "examples"))

KERNEL = """kernel k(param n in [1, 64]) {
  tensor A : f32[128] DRAM input
  tensor B : f32[128] SBUF
  tensor O : f32[128] DRAM output
  for i = 0 to 128 step 1 {
    s0: B[i] = copy(A[i]) if -i + 99 >= 0 & i >= 0 & -i + 120 >= 0
  }
  for j = 0 to 128 step 1 {
    s1: O[j] = exp(B[j]) if -j + 90 >= 0 & approx(-j + 95 >= 0)
  }
}
"""


def test_parse_print_round_trip():
    m = penguin.parse(KERNEL, "k.pn")
    assert m.kernel_names() == ["k"]
    assert str(penguin.parse(str(m))) == str(m)
    assert m.verify() == []
    assert m.file == "k.pn"


def test_parse_error_is_located():
    with pytest.raises(penguin.ParseError) as e:
        penguin.parse("kernel k() {\n  for i = 0 to {\n}\n", "bad.pn")
    err = e.value
    assert isinstance(err, isl.Error) and isinstance(err, penguin.LocatedError)
    assert err.file == "bad.pn" and err.line == 2 and err.column > 0
    assert str(err).startswith("bad.pn:2:")


def test_simplify_predicates_with_statistics():
    m = penguin.parse(KERNEL)
    r = m.run("simplify-predicates")
    assert r.statistics.get("simplify-predicates", "eliminated-predicates") == 2
    assert "s0: B[i] = copy(A[i]) if -i + 99 >= 0\n" in str(m)
    assert isinstance(r.counters(), dict)
    assert "simplify-predicates" in str(r.statistics)


def test_options_penguin_opt_does_not_expose():
    base = penguin.parse(KERNEL)
    # approximate predicates as gist context: the exact guard j <= 90 stays
    # (approx(j <= 95) does not imply it), and the approx guard is kept
    m = base.copy()
    m.run(penguin.Pass("simplify-predicates", approximate_predicates=True))
    assert "approx(" in str(m)
    # fixed axes: shrink-domains keeps the loop i
    fixed = base.copy()
    fixed.run(penguin.Pass("shrink-domains", fixed_axes=["i"]))
    assert "for i = 0 to 128" in str(fixed)
    shrunk = base.copy()
    r = shrunk.run("shrink-domains")
    assert "for i = 0 to 100" in str(shrunk)
    assert r.statistics.get("shrink-domains", "eliminated-iterations") > 0
    # overapproximate is accepted
    o = base.copy()
    o.run(penguin.Pass("simplify-predicates", overapproximate=True))
    assert o.verify() == []
    # a tiny work limit: every guarded computation fails and is counted;
    # the instructions are left unchanged
    w = base.copy()
    r = w.run(penguin.Pass("simplify-predicates", work_limit=1), explain=True)
    assert r.statistics.get("simplify-predicates", "failures") > 0
    assert "left unchanged" in r.explain
    assert str(w) == str(base)
    with pytest.raises(isl.InvalidArgument):
        base.copy().run(penguin.Pass("canonicalize", bogus=True))
    with pytest.raises(isl.InvalidArgument):
        base.copy().run("no-such-pass")


def test_memcpy_elimination_and_require_linear():
    with open(os.path.join(EXAMPLES, "memcpy.pn")) as f:
        text = f.read()
    m = penguin.parse(text, "memcpy.pn")
    r = m.run("memcpy-elimination", explain=True)
    n = r.statistics.get("memcpy-elimination", "eliminated-copies")
    assert n >= 1 and "memcpy-elimination" in r.explain
    m2 = penguin.parse(text, "memcpy.pn")
    r2 = m2.run(penguin.Pass("memcpy-elimination", require_linear=False))
    assert r2.statistics.get("memcpy-elimination", "eliminated-copies") >= n


def test_dependences_pass_and_analysis():
    with open(os.path.join(EXAMPLES, "alias_stencil.pn")) as f:
        text = f.read()
    m = penguin.parse(text, "alias_stencil.pn")
    r = m.run(penguin.Pass("dependences", mode="exact"))
    assert "dependences (exact)" in r.report
    rep = m.dependences(mode="may")
    assert isinstance(rep.domain, isl.UnionSet)
    assert isinstance(rep.schedule, isl.UnionMap)
    assert rep.dependences and all(isinstance(d.relation, isl.Map) for d in rep.dependences)
    exact = m.dependences(mode="exact")
    # exact dependences are subsets of the may ones
    may = {(d.type, d.src_id, d.dst_id, d.tensor): d.relation for d in rep.dependences}
    assert exact.dependences
    for d in exact.dependences:
        assert d.relation <= may[(d.type, d.src_id, d.dst_id, d.tensor)]
    # the original schedule is legal; reversing it is not
    assert m.check_schedule(rep.schedule) is None
    with open(os.path.join(EXAMPLES, "alias_stencil.reversed.sched")) as f:
        rev = f.read()
    v = m.check_schedule(rev)
    assert v is not None and v.type in ("RAW", "WAR", "WAW") and "violation" in v.message
    assert m.check_schedule(rev, all=True)


def test_check_schedule_pass_sets_check_failed():
    with open(os.path.join(EXAMPLES, "alias_stencil.pn")) as f:
        m = penguin.parse(f.read())
    with open(os.path.join(EXAMPLES, "alias_stencil.reversed.sched")) as f:
        rev = f.read()
    rev = "\n".join(l for l in rev.splitlines() if not l.startswith("#"))
    r = m.run(penguin.Pass("check-schedule", schedule=rev))
    assert r.check_failed and "violation" in r.report
    ok = m.run(penguin.Pass("check-schedule", mode="exact",
                            schedule=str(m.dependences().schedule)))
    assert not ok.check_failed
    assert r.check_failed


def test_pass_failure_and_budget_for_whole_pass():
    m = penguin.parse(KERNEL)
    with pytest.raises(isl.Error):
        m.run(penguin.Pass("dependences", work_limit=1))


def test_threads_on_modules():
    texts = [KERNEL] * 4
    outs = [None] * 4

    def work(k):
        m = penguin.parse(texts[k])
        m.run("canonicalize", "simplify-predicates", "shrink-domains")
        outs[k] = str(m)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(set(outs)) == 1 and outs[0]
    # one shared module: the threads take turns
    shared = penguin.parse(KERNEL)
    ts = [threading.Thread(target=lambda: shared.run("canonicalize")) for _ in range(3)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert shared.verify() == []


def test_pass_names():
    names = dict(penguin.pass_names())
    for n in ("canonicalize", "verify", "simplify-predicates", "shrink-domains",
              "memcpy-elimination", "dependences", "check-schedule"):
        assert n in names
