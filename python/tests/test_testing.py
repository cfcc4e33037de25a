# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The strategies of presburger.testing generate what they promise, and
the example of docs/python.md (checking a user function) works."""

from hypothesis import given, strategies as st

import presburger as isl
from presburger import testing as pt


@given(pt.set_spaces())
def test_set_spaces(sp):
    assert sp.is_set()
    assert 0 <= sp.dim(isl.dim_type.param) <= 2
    assert isl.Set.universe(sp).get_space() == sp


@given(pt.map_spaces())
def test_map_spaces(sp):
    assert sp.is_map()
    assert sp.domain().is_set() and sp.range().is_set()


@given(pt.set_spaces().flatmap(lambda sp: st.tuples(st.just(sp), pt.sets(sp))))
def test_sets_live_in_their_space(sp_s):
    sp, s = sp_s
    assert isl.Set.universe(sp).get_space() == s.get_space() or \
        s.get_space().is_set()
    assert s.get_tuple_name() == isl.Set.universe(sp).get_tuple_name()
    assert s.dim(isl.dim_type.set) == sp.dim(isl.dim_type.set)


@given(pt.maps())
def test_maps(m):
    assert isinstance(m, isl.Map)


@given(pt.sets(box=3))
def test_boxed_sets_are_finite(s):
    s.count_val()  # raises when unbounded


def test_shapes_cover_the_family():
    seen = {"params": False, "nested": False, "named": False, "div": False,
            "exists": False, "disjuncts": False}

    @given(pt.sets())
    def collect(s):
        sp = s.get_space()
        seen["params"] |= sp.dim(isl.dim_type.param) > 0
        seen["nested"] |= sp.is_wrapping()
        seen["named"] |= s.get_tuple_name() is not None
        seen["disjuncts"] |= s.n_basic_set() > 1
        text = str(s)
        seen["div"] |= "mod" in text or "floor" in text
        seen["exists"] |= "exists" in text

    from hypothesis import settings
    settings(max_examples=200, database=None)(collect)()
    assert all(seen.values()), seen


# The docs/python.md example: checking a user function against the engine.
def my_bounding_box(s):
    """A user function under test: the box of a set's points per
    dimension (here: through dim_min_val / dim_max_val)."""
    n = s.dim(isl.dim_type.set)
    box = isl.Set.universe(s.get_space())
    for k in range(n):
        lo, hi = s.dim_min_val(k), s.dim_max_val(k)
        if lo.is_int():
            box = box.lower_bound_val(isl.dim_type.set, k, lo)
        if hi.is_int():
            box = box.upper_bound_val(isl.dim_type.set, k, hi)
    return box


@given(pt.sets(box=5, max_disjuncts=2))
def test_user_bounding_box_contains_the_set(s):
    if s.is_empty():
        return
    assert s <= my_bounding_box(s)
