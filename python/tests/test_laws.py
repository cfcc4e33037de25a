# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A Hypothesis campaign of algebra laws over generated sets and maps
(presburger.testing). The default profile runs in seconds; the ctest entry
python.laws.long (label `long`) runs the same laws with many more
examples.

Each example runs under a work budget of BUDGET units: an example that
exceeds it checks nothing and is rejected (as the C++ cross-check counts
budget stops apart), so a hard generated input costs a second, not minutes.
Lexmin of maps with divisions is where this happens today (issue 21)."""

import functools

from hypothesis import given, reject, strategies as st

import presburger as isl
from presburger import testing as pt

SMALL = dict(max_disjuncts=2, max_constraints=3)
pairs = pt.same_space_pairs("set", **SMALL)
triples = pt.set_spaces().flatmap(
    lambda sp: st.tuples(pt.sets(sp, **SMALL), pt.sets(sp, **SMALL),
                         pt.sets(sp, **SMALL)))
map_pairs = pt.same_space_pairs("map", **SMALL)

BUDGET = 20_000_000


def within_budget(law):
    """Runs `law` under BUDGET work units; a LimitExceeded rejects the
    example instead of failing it."""

    @functools.wraps(law)
    def run(*args, **kwargs):
        isl.set_max_operations(BUDGET)
        isl.reset_operations()
        try:
            return law(*args, **kwargs)
        except isl.LimitExceeded:
            reject()
        finally:
            isl.set_max_operations(0)
            isl.reset_operations()

    return run


@given(pairs)
@within_budget
def test_difference_and_intersection_partition(ab):
    a, b = ab
    d = a - b
    i = a & b
    assert (d | i) == a
    assert d.is_disjoint(i)
    assert (d & b).is_empty()


@given(pairs)
@within_budget
def test_de_morgan(ab):
    a, b = ab
    assert (a | b).complement() == a.complement() & b.complement()
    assert (a & b).complement() == a.complement() | b.complement()


@given(pairs)
@within_budget
def test_subset_order(ab):
    a, b = ab
    assert (a & b) <= a and a <= (a | b)
    assert (a <= b) == (a - b).is_empty()


@given(pairs)
@within_budget
def test_gist_defining_property(ab):
    a, ctx = ab
    g = a.gist(ctx)
    assert g & ctx == a & ctx


@given(pt.sets(box=6, **SMALL))
@within_budget
def test_lexmin_is_subset_and_single_valued(s):
    lo = s.lexmin()
    hi = s.lexmax()
    assert lo <= s and hi <= s
    # one point per parameter value
    assert lo.lex_lt_set(lo).is_empty() and hi.lex_lt_set(hi).is_empty()
    # and it is the least: nothing of s lies below it
    assert s.lex_lt_set(lo).is_empty()
    assert lo.params() == s.params()


@given(pt.maps(box=5, **SMALL))
@within_budget
def test_map_lexmin_single_valued(m):
    lo = m.lexmin()
    assert lo <= m and lo.is_single_valued()
    assert lo.domain() == m.domain()


@given(triples)
@within_budget
def test_distributivity(abc):
    a, b, c = abc
    assert a & (b | c) == (a & b) | (a & c)


@given(pt.sets(**SMALL))
@within_budget
def test_simplifiers_keep_points(s):
    assert s.coalesce() == s
    assert s.remove_redundancies() == s
    assert s.compute_divs() == s
    assert s <= s.convex_hull() and s <= s.simple_hull()
    assert s <= s.affine_hull() and s <= s.remove_divs()


@given(map_pairs)
@within_budget
def test_relation_laws(fg):
    f, g = fg
    assert f.reverse().reverse() == f
    assert (f | g).domain() == f.domain() | g.domain()
    assert (f & g).reverse() == f.reverse() & g.reverse()


def union_all(sets):
    """The union of *sets*, united pairwise in a balanced tree: uniting one
    point at a time copies the growing union each time (quadratic in the
    number of points, minutes on a box of 6561 points)."""
    while len(sets) > 1:
        sets = [sets[i] | sets[i + 1] if i + 1 < len(sets) else sets[i]
                for i in range(0, len(sets), 2)]
    return sets[0]


@given(pt.sets(box=4, max_disjuncts=2, max_constraints=2))
@within_budget
def test_points_and_count(s):
    pts = []
    s.foreach_point(pts.append)
    assert s.count_val() == len(pts)
    for p in pts:
        assert p.to_set() <= s
    if pts:
        assert union_all([p.to_set() for p in pts]) == s
    else:
        assert s.is_empty()


@given(pt.sets(**SMALL))
@within_budget
def test_print_parse_round_trip(s):
    assert isl.Set(str(s)) == s
