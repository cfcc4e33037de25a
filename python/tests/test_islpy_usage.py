# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""islpy-style code as it appears in polyhedral tools (loop domains built
from affine expressions, dependences by composition with a lexicographic
order, gist against a context, lexmin/lexmax for loop bounds), ported by
changing the import only."""

import presburger as isl


def test_loop_domain_from_affs():
    v = isl.make_zero_and_vars("i,j", "n")
    dom = (v[0].le_set(v["i"]) & v["i"].lt_set(v["n"])
           & v[0].le_set(v["j"]) & v["j"].le_set(v["i"]))
    assert dom == isl.Set("[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i }")
    assert dom.get_var_names(isl.dim_type.set) == ["i", "j"]
    # the islpy docstring example
    v = isl.make_zero_and_vars("i,j,k", "n")
    myset = (v[0].le_set(v["i"] + v["j"])
             & (v["i"] + v["j"]).lt_set(v["n"])
             & (v[0].le_set(v["i"]))
             & (v["i"].le_set(13 + v["n"])))
    assert myset == isl.Set(
        "[n] -> { [i, j, k] : 0 <= i + j < n and 0 <= i <= 13 + n }")
    s = isl.Set("[n] -> { [i, j, k] : 0 <= i, j, k < n }")
    w = isl.affs_from_space(s.space)
    assert (w["i"] * 2).ge_set(w["n"]) & s == isl.Set(
        "[n] -> { [i, j, k] : 0 <= i, j, k < n and 2i >= n }")
    assert (w["i"] // 2).eq_set(w["j"]) == isl.Set(
        "[n] -> { [i, j, k] : j = floor(i / 2) }")
    assert (w["i"] % 3).eq_set(w[0] + 1) == isl.Set("[n] -> { [i, j, k] : i mod 3 = 1 }")
    assert w["i"].min(w["j"]).ge_set(w[0]) == isl.Set("[n] -> { [i, j, k] : i >= 0 and j >= 0 }")


def test_loopy_style_bounds():
    # The domain of a tiled loop and the bounds of one of its variables.
    dom = isl.Set("[n] -> { [i_outer, i_inner] : 0 <= i_inner < 16 and "
                  "0 <= 16 i_outer + i_inner < n }")
    only_outer = dom.project_out_except(["i_outer"], [isl.dim_type.set])
    assert only_outer == isl.Set("[n] -> { [i_outer] : 0 <= i_outer and 16 i_outer < n }")
    lo = only_outer.lexmin()
    hi = only_outer.lexmax()
    assert lo == isl.Set("[n] -> { [0] : n >= 1 }")
    assert hi == isl.Set("[n] -> { [o] : 16 o < n <= 16 o + 16 and o >= 0 }")
    # the number of iterations for a concrete n
    assert dom.fix_si(isl.dim_type.param, 0, 100).count_val() == 100
    # bounds as a basic set's constraints
    for c in only_outer.get_basic_sets()[0].get_constraints():
        coeffs = c.get_coefficients_by_name()
        assert set(coeffs) <= {"n", "i_outer", 1}


def test_dependences_by_composition():
    writes = isl.UnionMap("[n] -> { S[i, j] -> A[i, j] : 0 <= i, j < n }")
    reads = isl.UnionMap("[n] -> { S[i, j] -> A[i - 1, j + 1] : 0 <= i, j < n }")
    sched = isl.UnionMap("[n] -> { S[i, j] -> [i, j] }")
    before = sched.lex_lt_union_map(sched)
    dep = writes.apply_range(reads.reverse()).intersect(before)
    assert dep == isl.UnionMap(
        "[n] -> { S[i, j] -> S[1 + i, -1 + j] : 0 <= i <= -2 + n and 0 < j < n }")
    assert dep.deltas() == isl.UnionSet("[n] -> { S[1, -1] : n >= 2 }")
    # legality of an interchanged schedule
    inter = isl.UnionMap("[n] -> { S[i, j] -> [j, i] }")
    violated = dep.intersect(inter.lex_ge_union_map(inter))
    assert not violated.is_empty()


def test_gist_guard_against_loop_domain():
    dom = isl.BasicSet("[n] -> { [i] : 0 <= i < n }")
    guard = isl.Set("[n] -> { [i] : 0 <= i < n and i < n - 1 and i >= 0 }")
    g = guard.gist(dom.to_set())
    assert g == isl.Set("[n] -> { [i] : i < n - 1 }")
    assert g & dom == guard & dom
    # and against a parameter context
    s = isl.Set("[n] -> { [i] : 0 <= i < n and n >= 4 }")
    assert s.gist_params(isl.Set("[n] -> { : n >= 10 }")) == isl.Set("[n] -> { [i] : 0 <= i < n }")


def test_space_building_idioms():
    space = isl.Space.create_from_names(isl.DEFAULT_CONTEXT, set=["x", "y"], params=["n"])
    bset = (isl.BasicSet.universe(space)
            .add_constraint(isl.Constraint.ineq_from_names(space, {1: -1, "x": 1}))
            .add_constraint(isl.Constraint.ineq_from_names(space, {"n": 1, "x": -1}))
            .add_constraint(isl.Constraint.ineq_from_names(space, {1: -1, "y": 1}))
            .add_constraint(isl.Constraint.ineq_from_names(space, {1: 5, "y": -1})))
    bset2 = isl.BasicSet("[n] -> { [x, y] : x >= 0 and x < 5 and y >= 0 and y < x+4 }")
    hull = (bset.to_set() | bset2).convex_hull()
    assert bset <= hull and bset2 <= hull
    m = isl.Map("{ [i] -> [j] : j = 2i }")
    assert m.get_var_dict() == {"i": (isl.dim_type.in_, 0), "j": (isl.dim_type.out, 0)}
    ms = isl.Space.create_from_names(isl.DEFAULT_CONTEXT, in_=["i"], out=["j"])
    assert isl.Map.universe(ms).intersect(m) == m


def test_flow_like_islpy():
    sink = isl.UnionMap("[n] -> { S1[i] -> A[i - 1] : 1 <= i < n }")
    src = isl.UnionMap("[n] -> { S0[i] -> A[i] : 0 <= i < n }")
    sched = isl.UnionMap("[n] -> { S0[i] -> [i, 0]; S1[i] -> [i, 1] }")
    ai = isl.UnionAccessInfo.from_sink(sink).set_must_source(src).set_schedule_map(sched)
    flow = ai.compute_flow()
    assert flow.get_must_dependence() == isl.UnionMap(
        "[n] -> { S0[i] -> S1[i + 1] : 0 <= i < n - 1 }")
    assert flow.get_may_no_source().is_empty()
