# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Engine errors arrive as Python exceptions deriving from isl.Error."""

import pytest

import presburger as isl
from presburger import Map, Set, dim_type


def test_parse_error_has_position():
    with pytest.raises(isl.ParseError) as e:
        Set("{ [i] : i >= }")
    err = e.value
    assert isinstance(err, isl.Error) and isinstance(err, ValueError)
    assert err.line == 1 and err.column > 1
    assert err.message and str(err).startswith(f"{err.line}:{err.column}:")
    with pytest.raises(isl.ParseError) as e:
        Set("{ [i] :\n  i >= 0 and\n  j < 2 }")
    assert e.value.line == 3


def test_space_errors():
    with pytest.raises(isl.SpaceError):
        Set("{ A[i] }").intersect(Set("{ B[i] }"))
    with pytest.raises(isl.SpaceError):
        Map("{ [i] -> [j] }").apply_range(Map("{ [a, b] -> [c] }"))
    with pytest.raises(isl.Error):
        Set("{ [i] }").project_out(dim_type.in_, 0, 1)


def test_invalid_argument():
    with pytest.raises(isl.InvalidArgument):
        Set("{ [i] }").project_out(dim_type.set, 0, 3)
    with pytest.raises(isl.InvalidArgument):
        Set("{ [i] }").fix_si(dim_type.set, 4, 0)


def test_unbounded():
    with pytest.raises(isl.UnboundedError):
        Set("{ [i] : i < 0 }").lexmin()


def test_limit_exceeded_and_reset():
    hard = Set("{ [i, j, k] : 0 <= i, j, k < 40 and 3i + 5j + 7k = 101 } - "
               "{ [i, j, k] : (i + j) mod 3 = 0 }") if False else None
    a = Set("{ [i, j] : 0 <= i, j < 100 and (i + 2j) mod 7 = 3 }")
    b = Set("{ [i, j] : (3i - j) mod 5 = 1 or (i + j) mod 4 = 2 }")
    isl.DEFAULT_CONTEXT.set_max_operations(5)
    try:
        with pytest.raises(isl.LimitExceeded) as e:
            a.subtract(b).coalesce().count_val()
        assert isinstance(e.value, isl.Error)
        # stays exceeded until reset, as isl's max_operations
        with pytest.raises(isl.LimitExceeded):
            a.subtract(b)
        isl.DEFAULT_CONTEXT.reset_operations()
        assert isl.DEFAULT_CONTEXT.get_operations() == 0
    finally:
        isl.DEFAULT_CONTEXT.set_max_operations(0)
        isl.DEFAULT_CONTEXT.reset_operations()
    # with no maximum the same work succeeds
    assert not a.subtract(b).is_empty()


def test_operations_are_counted():
    isl.set_max_operations(10 ** 9)
    try:
        isl.reset_operations()
        Set("{ [i] : 0 <= i < 10 }").subtract(Set("{ [i] : i mod 3 = 0 }")).is_empty()
        assert isl.get_operations() > 0
        assert isl.get_max_operations() == 10 ** 9
    finally:
        isl.set_max_operations(0)
        isl.reset_operations()


def test_not_implemented_is_python_builtin():
    with pytest.raises(NotImplementedError):
        isl.MultiPwAff("{ [i] -> [(i)] }")
    with pytest.raises(NotImplementedError):
        isl.UnionAccessInfo.from_sink(isl.UnionMap("{ }")).set_schedule(object())
