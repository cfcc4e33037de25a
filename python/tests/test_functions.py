# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Aff, PwAff, MultiAff and PwMultiAff with islpy's names: functions as
isl strings, expected results as strings (compared by meaning unless the
text itself is the point), and laws over generated functions."""

import pickle

import pytest
from hypothesis import given, reject, strategies as st

import presburger as isl
from presburger import testing as pt

from test_laws import within_budget

PA, A, MA, PMA = isl.PwAff, isl.Aff, isl.MultiAff, isl.PwMultiAff
S, M = isl.Set, isl.Map
dt = isl.dim_type


def point(text):
    """The only point of the set `text`."""
    return S(text).sample_point()


def value(v):
    """A Val as an int, or None for NaN (isl's value outside the domain)."""
    return None if v.is_nan() else v.to_python()


# {{{ text


def test_text_is_isl_notation():
    assert str(PA("[n] -> { [i] -> [(floor(i/2) + n)] : i >= 0 }")) == \
        "[n] -> { [i] -> [(n + floor((i)/2))] : i >= 0 }"
    assert str(MA("{ [i] -> [(i), (2i + 1)] }")) == "{ [i] -> [(i), (1 + 2i)] }"
    assert str(A("{ [i] -> [(floor((3 + i)/4))] }")) == \
        "{ [i] -> [(1 + floor((-1 + i)/4))] }"
    assert str(PMA("[n] -> { [(n), (0)] : n > 0 }")) == "[n] -> { [(n), (0)] : n > 0 }"
    f = PA("{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }")
    assert repr(f) == 'PwAff("{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }")'
    assert PA.read_from_str(isl.DEFAULT_CONTEXT, str(f)) == f


def test_any_relation_text_of_a_function_reads():
    assert PA("{ [i] -> [j] : 2j <= i <= 2j + 1 }") == PA("{ [i] -> [(floor(i/2))] }")
    assert PMA("{ [i] -> [j, k] : j = i + 1 and k = 2j }") == \
        PMA("{ [i] -> [(i + 1), (2i + 2)] }")


def test_equality_is_by_meaning():
    assert PA("{ [i] -> [(2*floor(i/2) + (i mod 2))] }") == PA("{ [i] -> [(i)] }")
    assert A("{ [i] -> [(2i)] }") == PA("{ [i] -> [(i + i)] }")
    assert PA("{ [i] -> [(i)] }") != PA("{ [i] -> [(i)] : i >= 0 }")
    assert MA("{ [i] -> [(i), (i)] }") == PMA("{ [i] -> [(i), (i)] }")
    assert A("{ [i] -> [(i + 1)] }").plain_is_equal(A("{ [i] -> [(1 + i)] }"))
    assert not A("{ [i] -> [(i)] }").plain_is_equal(A("{ [i] -> [(i + 1)] }"))
    f = PA("[n] -> { [i] -> [(n + floor(i/3))] : i >= n }")
    assert hash(f) == hash(PA(str(f)))
    assert f.is_equal(PA(str(f)))


def test_pickle():
    for f in (A("{ [i] -> [(i mod 3)] }"), PA("[n] -> { [i] -> [(n)] : i < n }"),
              MA("{ A[i] -> B[(i), (-i)] }"), PMA("{ [i] -> [(i)] : i > 0 }"),
              PA("{ [i] -> [(i)] : false }")):
        g = pickle.loads(pickle.dumps(f))
        assert type(g) is type(f) and g == f and g.get_space() == f.get_space()


# }}}

# {{{ arithmetic


def test_arithmetic_on_the_intersection_of_the_domains():
    f = PA("[n] -> { [i] -> [(n + i)] : i >= 0 }")
    g = PA("{ [i] -> [(2i)] : i <= 10 }")
    assert f.add(g) == PA("[n] -> { [i] -> [(n + 3i)] : 0 <= i <= 10 }")
    assert f - g == PA("[n] -> { [i] -> [(n - i)] : 0 <= i <= 10 }")
    assert -f == PA("[n] -> { [i] -> [(-n - i)] : i >= 0 }")
    assert f.neg() == -f


def test_constants_and_scaling():
    f = PA("{ [i] -> [(i)] : i >= 0 }")
    assert f + 3 == 3 + f == PA("{ [i] -> [(i + 3)] : i >= 0 }")
    assert 3 - f == PA("{ [i] -> [(3 - i)] : i >= 0 }")
    assert 2 * f == f * 2 == f.scale_val(2) == f.scale_val(isl.Val(2))
    assert f.mul(PA("{ [i] -> [(5)] }")) == PA("{ [i] -> [(5i)] : i >= 0 }")
    assert (2 * f).scale_down_val(2) == f
    assert (4 * f).div(PA("{ [i] -> [(2)] }")) == 2 * f
    assert f.floor() == f.ceil() == f


def test_floor_division_and_modulo():
    f = PA("[n] -> { [i] -> [(i + n)] }")
    assert f // 2 == f.floor_div_val(2) == PA("[n] -> { [i] -> [(floor((i + n)/2))] }")
    assert f % 3 == f.mod_val(3) == PA("[n] -> { [i] -> [((i + n) mod 3)] }")
    assert (f % 3).ge_set(0) == S("[n] -> { [i] }")
    assert (f % 3).lt_set(3) == S("[n] -> { [i] }")


def test_min_max_are_piecewise():
    x, y = PA("{ [i] -> [(i)] }"), PA("{ [i] -> [(-i)] }")
    assert x.min(y) == PA("{ [i] -> [(-i)] : i >= 0; [i] -> [(i)] : i < 0 }")
    assert x.max(y) == PA("{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }")
    # on the intersection of the domains; the union_ forms keep the rest
    a, b = PA("{ [i] -> [(i)] : i <= 5 }"), PA("{ [i] -> [(3)] : i >= 0 }")
    assert a.min(b).domain() == S("{ [i] : 0 <= i <= 5 }")
    assert a.union_min(b) == PA(
        "{ [i] -> [(i)] : i <= 3; [i] -> [(3)] : i > 3 }")
    assert a.union_max(b) == PA(
        "{ [i] -> [(i)] : i < 0; [i] -> [(3)] : 0 <= i <= 3 or i > 5; "
        "[i] -> [(i)] : 3 < i <= 5 }")
    assert a.union_add(b) == PA(
        "{ [i] -> [(i)] : i < 0; [i] -> [(i + 3)] : 0 <= i <= 5; "
        "[i] -> [(3)] : i > 5 }")


def test_aff_meets_pwaff():
    a = A("{ [i] -> [(2i + 1)] }")
    g = PA("{ [i] -> [(i)] : i >= 0 }")
    assert isinstance(a + a, isl.Aff)
    assert isinstance(a + g, isl.PwAff)
    assert a + g == PA("{ [i] -> [(3i + 1)] : i >= 0 }")
    assert a.min(g) == PA("{ [i] -> [(i)] : i >= 0 }")
    assert a.le_set(g) == S("{ [i] : 0 <= i and 2i + 1 <= i }")
    assert a.domain() == S("{ [i] }")


def test_products_and_quotients_that_are_not_quasi_affine_raise():
    v = isl.make_zero_and_vars("i", "n")
    with pytest.raises(isl.InvalidArgument, match="not quasi-affine"):
        v["i"].mul(v["n"])
    with pytest.raises(isl.InvalidArgument, match="floor"):
        (v["i"] + 1).scale_down_val(2).le_set(v[0])  # a rational expression
    with pytest.raises(isl.InvalidArgument, match="not integral"):
        v["i"].div(PA("[n] -> { [i] -> [(2)] : i > 0; [i] -> [(3)] : i <= 0 }"))
    with pytest.raises(isl.InvalidArgument):
        v["i"] // 0


def test_quotients_are_for_floor_and_ceil():
    # isl's rational expressions exist here until floor() or ceil()
    x = PA("[n] -> { [i] -> [(i + n)] : i >= 0 }")
    assert x.scale_down_val(2).floor() == x // 2
    assert x.scale_down_val(2).ceil() == PA("[n] -> { [i] -> [(-floor((-i - n)/2))] : i >= 0 }")
    assert x.scale_down_val(-2).floor() == PA("[n] -> { [i] -> [(floor((-i - n)/2))] : i >= 0 }")
    assert x.div(PA("{ [i] -> [(3)] }")).floor() == x // 3
    assert A("{ [i] -> [(i)] }").div(3).ceil() == A("{ [i] -> [(-floor(-i/3))] }")
    assert x.scale_down_val(4).scale_val(2).floor() == x // 2
    assert x.scale_down_val(2).scale_val(2) == x
    assert x.scale_down_val(2).scale_down_val(3).floor() == x // 6
    assert (2 * x).scale_down_val(2) == x  # integral: an expression again


# }}}

# {{{ comparisons


def test_comparisons_give_sets():
    f = PA("[n] -> { [i] -> [(n - i)] : i >= 0 }")
    g = PA("{ [i] -> [(i)] }")
    assert f.le_set(g) == S("[n] -> { [i] : i >= 0 and n - i <= i }")
    assert f.lt_set(g) == S("[n] -> { [i] : i >= 0 and n - i < i }")
    assert f.ge_set(g) == S("[n] -> { [i] : i >= 0 and n - i >= i }")
    assert f.gt_set(g) == S("[n] -> { [i] : i >= 0 and n - i > i }")
    assert f.eq_set(g) == S("[n] -> { [i] : i >= 0 and n = 2i }")
    assert f.ne_set(g) == S("[n] -> { [i] : i >= 0 and n != 2i }")
    assert f.nonneg_set() == S("[n] -> { [i] : 0 <= i <= n }")
    assert f.pos_set() == S("[n] -> { [i] : 0 <= i < n }")
    assert f.zero_set() == S("[n] -> { [i] : i = n and i >= 0 }")
    assert f.non_zero_set() == S("[n] -> { [i] : i != n and i >= 0 }")
    # a function of the parameters compares to a parameter set
    assert PA("[n] -> { [(n)] }").le_set(PA("[n] -> { [(3)] }")) == S("[n] -> { : n <= 3 }")


def test_aff_basic_sets():
    a, b = A("{ [i, j] -> [(i)] }"), A("{ [i, j] -> [(j + 1)] }")
    assert a.le_basic_set(b) == isl.BasicSet("{ [i, j] : i <= j + 1 }")
    assert a.lt_basic_set(b) == isl.BasicSet("{ [i, j] : i < j + 1 }")
    assert a.eq_basic_set(b) == isl.BasicSet("{ [i, j] : i = j + 1 }")
    assert (a % 2).zero_basic_set() == isl.BasicSet("{ [i, j] : i mod 2 = 0 }")
    assert a.neg_basic_set() == isl.BasicSet("{ [i, j] : i < 0 }")


# }}}

# {{{ composition and preimages


def test_pullback():
    f = PA("[n] -> { [i, j] -> [(i + floor(j/2))] : i < n }")
    ma = MA("{ [k] -> [(k), (2k + 1)] }")
    assert f.pullback_multi_aff(ma) == PA("[n] -> { [k] -> [(2k)] : k < n }")
    pma = PMA("{ [k] -> [(k), (0)] : k >= 0; [k] -> [(0), (k)] : k < 0 }")
    assert f.pullback_pw_multi_aff(pma) == PA(
        "[n] -> { [k] -> [(k)] : 0 <= k < n; [k] -> [(floor(k/2))] : k < 0 and n > 0 }")
    assert MA("{ [i, j] -> [(i + j), (i - j)] }").pullback_multi_aff(ma) == \
        MA("{ [k] -> [(3k + 1), (-k - 1)] }")
    assert PMA("{ [i, j] -> [(i)] : j > 0 }").pullback_multi_aff(ma) == \
        PMA("{ [k] -> [(k)] : k >= 0 }")
    assert A("{ [i, j] -> [(j mod 4)] }").pullback_multi_aff(ma) == \
        A("{ [k] -> [((2k + 1) mod 4)] }")


def test_preimages():
    ma = MA("{ [i] -> [(i), (2i + 1)] }")
    assert S("{ [a, b] : 0 <= a < b < 5 }").preimage_multi_aff(ma) == S("{ [i] : 0 <= i <= 1 }")
    assert S("{ [a, b] : b = 2a + 1 }").preimage_pw_multi_aff(
        PMA("{ [i] -> [(i), (2i + 1)] : i >= 0 }")) == S("{ [i] : i >= 0 }")
    assert M("{ [a, b] -> [c] : c = a + b }").preimage_domain_multi_aff(ma) == \
        M("{ [i] -> [3i + 1] }")
    assert M("{ [c] -> [a, b] : c = a + b }").preimage_range_multi_aff(ma) == \
        M("{ [c] -> [i] : c = 3i + 1 }")
    assert M("{ [a] -> [c] : c = 2a }").preimage_domain_pw_multi_aff(
        PMA("{ [i] -> [(i)] : i >= 0 }")) == M("{ [i] -> [2i] : i >= 0 }")
    assert M("{ [c] -> [a] : c = 2a }").preimage_range_pw_multi_aff(
        PMA("{ [i] -> [(i - 1)] }")) == M("{ [c] -> [i] : c = 2i - 2 }")


# }}}

# {{{ evaluation, pieces, accessors


def test_eval_at_points():
    f = PA("[n] -> { [i] -> [(floor(i/2) + n)] : i >= 0 }")
    assert f.eval(point("[n] -> { [i] : i = 5 and n = 7 }")) == 9
    assert f.eval(point("[n] -> { [i] : i = -1 and n = 7 }")).is_nan()
    assert A("{ [i] -> [(i mod 4)] }").eval(point("{ [-3] }")) == 1
    # the parameters of the point are matched by name
    g = PA("[m, n] -> { [(n - m)] }")
    assert g.eval(point("[n, m] -> { : n = 10 and m = 3 }")) == 7
    q = MA("{ [i] -> A[(i), (2i)] }").eval(point("{ [3] }"))
    assert q.to_set() == S("{ A[3, 6] }")
    assert PMA("{ [i] -> [(i)] : i > 0 }").eval(point("{ [0] }")) is None
    with pytest.raises(isl.SpaceError):
        f.eval(point("{ [1, 2] }"))
    with pytest.raises(isl.InvalidArgument, match="parameter 'n'"):
        f.eval(point("{ [1] }"))


def test_pieces():
    f = PA("{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }")
    pieces = f.get_pieces()
    assert [(str(s), str(a)) for s, a in pieces] == [
        ("{ [i] : i >= 0 }", "{ [i] -> [(i)] }"),
        ("{ [i] : i < 0 }", "{ [i] -> [(-i)] }")]
    seen = []
    f.foreach_piece(lambda s, a: seen.append((s, a)))
    assert seen == pieces and f.n_piece() == 2
    assert f.domain() == f.get_aggregate_domain() == S("{ [i] }")
    assert A("{ [i] -> [(i)] }").get_pieces() == [(S("{ [i] }"), A("{ [i] -> [(i)] }"))]
    g = PMA("{ [i] -> [(i), (0)] : i > 0 }")
    assert g.get_pieces() == [(S("{ [i] : i > 0 }"), MA("{ [i] -> [(i), (0)] }"))]
    assert PA("{ [i] -> [(2)] }").as_aff() == A("{ [i] -> [(2)] }")
    assert PA("{ [i] -> [(2)] }").isa_aff() and not f.isa_aff()
    with pytest.raises(isl.InvalidArgument):
        f.as_aff()


def test_multi_accessors():
    ma = MA("[n] -> { A[i, j] -> B[(i + n), (floor(j/3)), (0)] }")
    assert ma.dim(dt.in_) == 2 and ma.dim(dt.out) == 3 and ma.dim(dt.param) == 1
    assert ma.get_aff(0) == ma.get_at(0) == A("[n] -> { A[i, j] -> [(i + n)] }")
    assert ma.get_list() == [ma.get_aff(k) for k in range(3)]
    assert ma.set_aff(2, A("[n] -> { A[i, j] -> [(j)] }")) == \
        MA("[n] -> { A[i, j] -> B[(i + n), (floor(j/3)), (j)] }")
    assert ma.get_space() == M("[n] -> { A[i, j] -> B[a, b, c] }").get_space()
    assert ma.get_domain_space() == S("[n] -> { A[i, j] }").get_space()
    assert ma + ma == ma.scale_val(2)
    assert (ma - ma) == MA.zero(ma.get_space())
    pma = PMA("{ [i] -> [(i), (-i)] : i >= 0 }")
    assert pma.get_pw_aff(1) == pma.get_at(1) == PA("{ [i] -> [(-i)] : i >= 0 }")
    assert MA.identity(M("{ [i, j] -> [a, b] }").get_space()) == MA("{ [i, j] -> [(i), (j)] }")
    assert MA.from_aff_list(M("{ [i] -> [a, b] }").get_space(),
                            [A("{ [i] -> [(i)] }"), A("{ [i] -> [(1)] }")]) == \
        MA("{ [i] -> [(i), (1)] }")
    with pytest.raises(isl.InvalidArgument):
        ma.get_aff(3)


def test_aff_coefficients():
    a = A("[n] -> { [i, j] -> [(2i - j + 3n + 4)] }")
    assert a.get_coefficient_val(dt.in_, 0) == 2
    assert a.get_coefficient_val(dt.param, 0) == 3
    assert a.get_constant_val() == 4
    assert a.get_coefficients_by_name() == {"i": 2, "j": -1, "n": 3, 1: 4}
    assert a.set_coefficient_val(dt.in_, 1, 5).set_constant_val(0) == \
        A("[n] -> { [i, j] -> [(2i + 5j + 3n)] }")
    assert a.get_var_dict() == {"n": (dt.param, 0), "i": (dt.in_, 0), "j": (dt.in_, 1)}
    z = A.zero_on_domain(S("[n] -> { [i, j] }").get_space())
    assert z.set_coefficients_by_name({"i": 1, "n": -1, 1: 2}) == \
        A("[n] -> { [i, j] -> [(i - n + 2)] }")
    c = isl.BasicSet("{ [i, j] : 2i + 3j >= 4 }").get_constraints()[0]
    assert c.get_aff() == A("{ [i, j] -> [(2i + 3j - 4)] }")


# }}}

# {{{ conversions and lexicographic optima


def test_conversions():
    m = M("{ [i] -> [j, k] : j = 2i and k = i mod 3 }")
    f = PMA.from_map(m)
    assert f == PMA("{ [i] -> [(2i), (i mod 3)] }")
    assert M.from_pw_multi_aff(f) == m == f.as_map() == m.as_pw_multi_aff().as_map()
    assert M.from_multi_aff(MA("{ [i] -> [(i + 1)] }")) == M("{ [i] -> [i + 1] }")
    assert M.from_pw_aff(PA("{ [i] -> [(i)] : i > 0 }")) == M("{ [i] -> [i] : i > 0 }")
    assert M.from_aff(A("{ [i] -> [(-i)] }")) == M("{ [i] -> [-i] }")
    assert S.from_pw_multi_aff(PMA("[n] -> { [(n), (0)] : n > 0 }")) == \
        S("[n] -> { [n, 0] : n > 0 }")
    assert PMA.from_set(S("[n] -> { [n, 0] : n > 0 }")) == PMA("[n] -> { [(n), (0)] : n > 0 }")
    assert PMA.from_pw_aff(PA("{ [i] -> [(i)] }")) == PMA("{ [i] -> [(i)] }")
    assert S("{ [i] : 0 <= i < 3 }").indicator_function() == PA(
        "{ [i] -> [(1)] : 0 <= i < 3; [i] -> [(0)] : i < 0 or i >= 3 }")
    with pytest.raises(isl.InvalidArgument, match="single-valued"):
        PMA.from_map(M("{ [i] -> [j] : j >= i }"))
    with pytest.raises(isl.SpaceError):
        M.from_pw_multi_aff(PMA("[n] -> { [(n)] }"))


def test_lexmin_lexmax_and_dim_bounds():
    s = S("[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i }")
    assert s.lexmin_pw_multi_aff() == PMA("[n] -> { [(0), (0)] : n > 0 }")
    assert s.lexmax_pw_multi_aff() == PMA("[n] -> { [(n - 1), (n - 1)] : n > 0 }")
    assert s.dim_max(1) == PA("[n] -> { [(n - 1)] : n > 0 }")
    assert s.dim_min(1) == PA("[n] -> { [(0)] : n > 0 }")
    m = M("[n] -> { [i] -> [j] : i <= j < n }")
    assert m.lexmin_pw_multi_aff() == PMA("[n] -> { [i] -> [(i)] : i < n }")
    assert m.lexmax_pw_multi_aff() == PMA("[n] -> { [i] -> [(n - 1)] : i < n }")
    # the tiled loop: the last tile
    t = S("[n] -> { [o] : 0 <= o and 16 o < n }")
    assert t.dim_max(0) == PA("[n] -> { [(floor((n - 1)/16))] : n > 0 }")
    # BasicSet forwards to Set
    assert isl.BasicSet("[n] -> { [i] : 0 <= i < n }").dim_max(0) == \
        PA("[n] -> { [(n - 1)] : n > 0 }")
    with pytest.raises(isl.UnboundedError):
        S("{ [i] : i >= 0 }").dim_max(0)
    with pytest.raises(isl.InvalidArgument):
        s.dim_max(2)


# }}}

# {{{ islpy idioms and errors


def test_make_zero_and_vars_gives_pwaffs():
    v = isl.make_zero_and_vars("i,j", "n")
    assert all(isinstance(x, isl.PwAff) for x in v.values())
    assert v["i"] == PA("[n] -> { [i, j] -> [(i)] }")
    assert v[0] == PA("[n] -> { [i, j] -> [(0)] }")
    e = (v["i"] + 2 * v["j"] - v["n"]) // 3
    assert e == PA("[n] -> { [i, j] -> [(floor((i + 2j - n)/3))] }")
    assert e.eval(point("[n] -> { [i, j] : i = 4 and j = 1 and n = 0 }")) == 2
    w = isl.affs_from_space(S("[n] -> { [i, j] }").get_space())
    assert w.keys() == v.keys()
    z = isl.PwAff.zero_on_domain(S("{ [i] }").get_space())
    assert isl.PwAff.var_on_domain(S("{ [i] }").get_space(), dt.set, 0) - z == \
        PA("{ [i] -> [(i)] }")
    assert isl.PwAff.val_on_domain(S("{ [i] : i > 0 }"), 7) == PA("{ [i] -> [(7)] : i > 0 }")
    assert isl.PwAff.alloc(S("{ [i] : i > 0 }"), A("{ [i] -> [(i)] }")) == \
        PA("{ [i] -> [(i)] : i > 0 }")
    assert isl.PwAff.empty(M("{ [i] -> [o] }").get_space()).is_empty()


def test_bad_text_raises_with_line_and_column():
    with pytest.raises(isl.ParseError) as e:
        PA("{ [i] -> [(i) }")
    assert (e.value.line, e.value.column) == (1, 15)
    with pytest.raises(isl.ParseError) as e:
        PA("{ [i] -> [j] : j >= i }")  # not a function
    assert (e.value.line, e.value.column) == (1, 1)
    with pytest.raises(isl.ParseError):
        A("{ [i] -> [(i)] : i >= 0 }")  # an Aff has no domain
    with pytest.raises(isl.ParseError):
        MA("{ [i] -> [(i)]; [j, k] -> [(j)] }")


def test_mismatched_spaces_raise():
    f = PA("{ [i] -> [(i)] }")
    g = PA("{ [i, j] -> [(i)] }")
    for op in (f.add, f.sub, f.min, f.max, f.le_set, f.eq_set, f.union_add, f.mul):
        with pytest.raises(isl.SpaceError):
            op(g)
    with pytest.raises(isl.SpaceError):
        f.pullback_multi_aff(MA("{ [k] -> [(k), (k)] }"))
    with pytest.raises(isl.SpaceError):
        S("{ [a] }").preimage_multi_aff(MA("{ [k] -> [(k), (k)] }"))
    with pytest.raises(isl.SpaceError):
        MA("{ [i] -> [(i)] }").add(MA("{ [i] -> [(i), (i)] }"))
    with pytest.raises(TypeError):
        f + S("{ [i] }")


# }}}

# {{{ laws over generated functions

SPACE = S("[n] -> { [i, j] }").get_space()
V = isl.affs_from_space(SPACE)
small = st.integers(-3, 3)


@st.composite
def exprs(draw):
    """A quasi-affine expression of i, j, n, sometimes with a floor division
    or a modulo."""
    e = V[0] + draw(st.integers(-5, 5))
    for name in ("i", "j", "n"):
        e = e + draw(small) * V[name]
    kind = draw(st.sampled_from(["affine", "floor", "mod"]))
    if kind != "affine":
        d = draw(st.integers(2, 4))
        e = (e // d if kind == "floor" else e % d) + draw(small) * V["j"]
    return e


@st.composite
def pw_affs(draw):
    """A piecewise expression: one or two expressions on generated domains."""
    dom = draw(pt.sets(SPACE, max_disjuncts=2, max_constraints=2, box=6))
    f = draw(exprs()).intersect_domain(dom)
    if draw(st.booleans()):
        other = draw(pt.sets(SPACE, max_disjuncts=1, max_constraints=2,
                             existentials=False))
        try:
            f = f.union_max(draw(exprs()).intersect_domain(other))
        except isl.LimitExceeded:  # a hard domain difference: draw again
            reject()
    return f


@st.composite
def multi_affs(draw):
    """A function [n] -> { [i, j] -> [i', j'] }."""
    outs = [draw(exprs()).as_aff() for _ in range(2)]
    return MA.from_aff_list(M("[n] -> { [i, j] -> [a, b] }").get_space(), outs)


points = st.tuples(st.integers(-6, 6), st.integers(-6, 6), st.integers(-6, 6)).map(
    lambda v: isl.Point.zero(SPACE).set_coordinate_val(dt.param, 0, v[0])
    .set_coordinate_val(dt.set, 0, v[1]).set_coordinate_val(dt.set, 1, v[2]))


@given(pw_affs(), multi_affs(), points)
@within_budget
def test_pullback_then_eval_is_eval_then_eval(f, ma, p):
    assert value(f.pullback_multi_aff(ma).eval(p)) == value(f.eval(ma.eval(p)))
    assert (p.to_set() <= f.domain().preimage_multi_aff(ma)) == \
        (ma.eval(p).to_set() <= f.domain())


@given(pw_affs(), pw_affs(), points)
@within_budget
def test_min_max_agree_with_le_set(f, g, p):
    low = f.min(g)
    assert low == f.intersect_domain(f.le_set(g)).union_add(
        g.intersect_domain(f.gt_set(g)))
    assert f.max(g) == f.intersect_domain(f.ge_set(g)).union_add(
        g.intersect_domain(f.lt_set(g)))
    a, b = value(f.eval(p)), value(g.eval(p))
    both = a is not None and b is not None
    assert value(low.eval(p)) == (min(a, b) if both else None)
    assert value((f + g).eval(p)) == (a + b if both else None)
    assert value((f - g).eval(p)) == (a - b if both else None)


@given(pw_affs(), points)
@within_budget
def test_graph_round_trip_and_division(f, p):
    assert PMA.from_map(f.as_map()) == f.to_pw_multi_aff()
    assert PMA.from_map(M.from_pw_aff(f)).get_pw_aff(0) == f
    a = value(f.eval(p))
    assert value((f // 3).eval(p)) == (None if a is None else a // 3)
    assert value((f % 3).eval(p)) == (None if a is None else a % 3)
    assert value((3 * f).eval(p)) == (None if a is None else 3 * a)


@given(pt.sets(SPACE, max_disjuncts=2, max_constraints=3, box=4))
@within_budget
def test_lexmin_pw_multi_aff_is_lexmin(s):
    try:
        lo, hi = s.lexmin_pw_multi_aff(), s.lexmax_pw_multi_aff()
        top = s.dim_max(1)
    except isl.InvalidArgument as e:
        # the engine's known gap (docs/functions.md): an output that only
        # the bounds of a local pin is not read as a function yet
        if "quasi-affine" not in str(e):
            raise
        reject()
    assert S.from_pw_multi_aff(lo) == s.lexmin()
    assert S.from_pw_multi_aff(hi) == s.lexmax()
    assert S.from_pw_aff(top) == s.project_out(dt.set, 0, 1).lexmax()

# }}}

# {{{ strides and fixed-size boxes


def test_stride_info():
    s = S("[n] -> { [i, j] : exists e : i = n + 3e and 0 <= j <= 4 }")
    si = s.get_stride_info(0)
    assert si.get_stride() == 3
    assert si.get_offset() == A("[n] -> { [i, j] -> [(n)] }")
    assert s.get_stride(0) == 3 and s.get_stride(1) == 1
    # Every disjunct is 2 (mod 3), through divisions of its own.
    u = S("{ [i, j] : (-5 <= i <= 5 and -5 <= j <= 5 and i mod 6 = 5) or "
          "(-5 <= i <= 5 and -5 <= j <= 5 and (1 + i + 3j) mod 6 = 0) }")
    assert u.get_stride(0) == 3
    r = M("{ [i] -> [o, p] : exists e : o = 2i + 5e and p = o }")
    ri = r.get_range_stride_info(0)
    assert ri.get_stride() == 5
    assert (ri.get_offset() - A("{ [i] -> [(2i)] }")) % 5 == A("{ [i] -> [(0)] }")
    with pytest.raises(isl.InvalidArgument):
        s.get_stride_info(2)


def test_simple_fixed_box_hull():
    b = S("[n] -> { [i, j] : n <= i < n + 4 and 0 <= j <= 2 }"
          ).get_simple_fixed_box_hull()
    assert b.is_valid()
    assert b.get_offset() == MA("[n] -> { [(n), (0)] }")
    assert b.get_size() == [4, 3]
    assert all(isinstance(v, isl.Val) for v in b.get_size())
    r = M("{ [i] -> [o] : i <= o <= i + 2 }").get_range_simple_fixed_box_hull()
    assert r.get_offset() == MA("{ [i] -> [(i)] }") and r.get_size() == [3]
    # No constant size: i ranges over [0, n].
    nobox = S("[n] -> { [i] : 0 <= i <= n }").get_simple_fixed_box_hull()
    assert not nobox.is_valid()
    with pytest.raises(isl.InvalidArgument):
        nobox.get_size()


def box_set(s, b):
    """The box of *b* as a set of *s*'s space: offset <= x < offset + size."""
    graph = S.from_multi_aff(b.get_offset())
    size = [v.to_python() for v in b.get_size()]
    shift = M("[n] -> { [a, b] -> [i, j] : a <= i < a + %d and "
              "b <= j < b + %d }" % tuple(size))
    return graph.apply(shift)


@given(pt.sets(SPACE, max_disjuncts=2, max_constraints=3, box=4))
@within_budget
def test_every_point_in_the_box_and_on_the_stride(s):
    b = s.get_simple_fixed_box_hull()
    if s.is_empty():
        return
    # Every variable is in [-4, 4]: a box of size at most 9 always exists.
    assert b.is_valid()
    assert all(v.to_python() <= 9 for v in b.get_size())
    assert s <= box_set(s, b)
    for pos, var in ((0, V["i"]), (1, V["j"])):
        si = s.get_stride_info(pos)
        k = si.get_stride().to_python()
        assert k >= 1
        off = isl.PwAff.from_aff(si.get_offset())
        assert s <= ((var - off) % k).zero_set()

# }}}

# {{{ PwMultiAff arithmetic, Map.dim_min / dim_max


def test_pw_multi_aff_arithmetic():
    f = PMA("[n] -> { [i] -> [(i), (n)] : i >= 0; [i] -> [(-i), (0)] : i < 0 }")
    g = PMA("[n] -> { [i] -> [(2i), (1)] : i <= 5 }")
    assert f.add(g) == f + g == PMA(
        "[n] -> { [i] -> [(3i), (1 + n)] : 0 <= i <= 5; [i] -> [(i), (1)] : i < 0 }")
    assert f.sub(g) == f - g == PMA(
        "[n] -> { [i] -> [(-i), (-1 + n)] : 0 <= i <= 5; [i] -> [(-3i), (-1)] : i < 0 }")
    assert f.union_add(g) == PMA(
        "[n] -> { [i] -> [(3i), (1 + n)] : 0 <= i <= 5; [i] -> [(i), (1)] : i < 0;"
        " [i] -> [(i), (n)] : i > 5 }")
    assert f.neg() == -f == PMA(
        "[n] -> { [i] -> [(-i), (-n)] : i >= 0; [i] -> [(i), (0)] : i < 0 }")
    assert g.scale_val(-3) == -3 * g == PMA("[n] -> { [i] -> [(-6i), (-3)] : i <= 5 }")
    h = PMA("[n] -> { [i] -> B[(floor(i/2))] : i >= 2 }")
    assert str(g.range_product(h)) == \
        "[n] -> { [i] -> [[(2i), (1)] -> B[(floor((i)/2))]] : 2 <= i <= 5 }"
    assert g.flat_range_product(h) == PMA(
        "[n] -> { [i] -> [(2i), (1), (floor((i)/2))] : 2 <= i <= 5 }")
    ma = MA("{ [i] -> [(i), (2i + 1)] }")
    assert ma.range_product(ma) == MA("{ [i] -> [[(i), (1 + 2i)] -> [(i), (1 + 2i)]] }")
    assert ma + PMA("{ [i] -> [(1), (1)] : i > 0 }") == \
        PMA("{ [i] -> [(1 + i), (2 + 2i)] : i > 0 }")
    with pytest.raises(isl.SpaceError):
        f.add(h)


def test_map_dim_min_max():
    m = M("[n] -> { A[i] -> B[j, k] : 0 <= j <= i + n and k = 2j }")
    assert m.dim_max(0) == PA("[n] -> { A[i] -> [(n + i)] : i >= -n }")
    assert m.dim_min(0) == PA("[n] -> { A[i] -> [(0)] : i >= -n }")
    assert m.dim_max(1) == PA("[n] -> { A[i] -> [(2n + 2i)] : i >= -n }")


@given(pw_affs(), pw_affs(), points)
@within_budget
def test_pw_multi_aff_sum_is_sum_of_values(f, g, p):
    pf, pg = f.to_pw_multi_aff(), g.to_pw_multi_aff()
    both = pf.flat_range_product(pg)
    a, b = value(f.eval(p)), value(g.eval(p))
    s = (pf + pg).get_pw_aff(0)
    u = pf.union_add(pg).get_pw_aff(0)
    assert value(s.eval(p)) == (a + b if a is not None and b is not None else None)
    assert value(u.eval(p)) == (a + b if a is not None and b is not None
                                else a if a is not None else b)
    assert value(both.get_pw_aff(1).eval(p)) == \
        (b if a is not None and b is not None else None)

# }}}
