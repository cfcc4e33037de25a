# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""islpy's reshaping methods: curry, zip, flatten, the factors, the maps to
a factor and the flat products, on Set, Map and UnionMap. Inputs and
expected results in isl notation, compared by meaning in the same space."""

import pytest

import presburger as isl
from presburger import Map, Set, UnionMap


def same(a, want):
    """a holds the points of `want`, in its space (objects of different
    spaces are never equal)."""
    assert a.is_equal(type(a)(want)), f"{a} != {want}"


def test_domain_and_range_maps():
    m = Map("[n] -> { A[i] -> B[j] : j = i + n and 0 <= i < n }")
    same(m.domain_map(),
         "[n] -> { [A[i] -> B[j]] -> A[k] : k = i and j = i + n and 0 <= i < n }")
    same(m.range_map(),
         "[n] -> { [A[i] -> B[j]] -> B[k] : k = j and j = i + n and 0 <= i < n }")
    # The domain map sends wrap(m) onto dom(m).
    assert m.wrap().apply(m.domain_map()).is_equal(m.domain())


def test_curry_uncurry_zip():
    c = Map("{ S[A[i] -> B[j]] -> C[k] : k = i + j and i mod 2 = 0 }")
    same(c.curry(), "{ A[i] -> [B[j] -> C[k]] : k = i + j and i mod 2 = 0 }")
    same(c.curry().uncurry(),
         "{ [A[i] -> B[j]] -> C[k] : k = i + j and i mod 2 = 0 }")
    assert c.can_curry() and not c.can_uncurry() and not c.can_zip()
    z = Map("{ [A[i] -> B[j]] -> [C[k] -> D[l]] : k = i + j and l = i }")
    same(z.zip(), "{ [A[i] -> C[k]] -> [B[j] -> D[l]] : k = i + j and l = i }")
    assert z.domain_is_wrapping() and z.range_is_wrapping()


def test_flatten():
    same(Set("{ S[A[i] -> B[j]] : i < j }").flatten(), "{ [i, j] : i < j }")
    same(Set("{ S[i, j] : i < j }").flatten(), "{ S[i, j] : i < j }")
    m = Map("{ S[A[i] -> B[j]] -> T[C[k] -> [l]] : i < j and k = 2l }")
    same(m.flatten(), "{ [i, j] -> [k, l] : i < j and k = 2l }")
    same(m.flatten_domain(), "{ [i, j] -> T[C[k] -> [l]] : i < j and k = 2l }")
    same(m.flatten_range(), "{ S[A[i] -> B[j]] -> [k, l] : i < j and k = 2l }")


def test_factors():
    r = Map("{ X[i] -> [B[j] -> C[k]] : k = i + j and j > 0 }")
    same(r.range_factor_domain(), "{ X[i] -> B[j] : j > 0 }")
    same(r.range_factor_range(), "{ X[i] -> C[k] : k > i }")
    d = Map("{ [B[j] -> C[k]] -> X[i] : k = i + j and j > 0 }")
    same(d.domain_factor_domain(), "{ B[j] -> X[i] : j > 0 }")
    same(d.domain_factor_range(), "{ C[k] -> X[i] : k > i }")
    p = Map("{ [A[i] -> B[j]] -> [C[k] -> D[l]] : k = 2i and l = j + 1 }")
    same(p.factor_domain(), "{ A[i] -> C[k] : k = 2i }")
    same(p.factor_range(), "{ B[j] -> D[l] : l = j + 1 }")


def test_flat_products():
    a = Map("{ A[i] -> B[j] : j = i }")
    same(a.flat_range_product(Map("{ A[i] -> F[j] : j > i }")),
         "{ A[i] -> [j, j2] : j = i and j2 > i }")
    same(a.flat_domain_product(Map("{ C[i] -> B[j] : j > i }")),
         "{ [i, i2] -> B[j] : j = i and i2 < j }")
    same(a.flat_product(Map("{ C[i] -> D[j] : j > i }")),
         "{ [i, i2] -> [j, j2] : j = i and j2 > i2 }")
    same(Set("{ A[i] : i > 0 }").flat_product(Set("{ C[j] : j < 4 }")),
         "{ [i, j] : i > 0 and j < 4 }")


def test_union_maps():
    u = UnionMap("{ [A[i] -> B[j]] -> C[k] : k = i + j; D[i] -> E[j]; "
                 "F[i] -> [G[j] -> H[k]] : i = j + k }")
    same(u.curry(), "{ A[i] -> [B[j] -> C[k]] : k = i + j }")
    same(u.uncurry(), "{ [F[i] -> G[j]] -> H[k] : i = j + k }")
    same(u.zip(), "{ }")
    same(u.range_factor_range(), "{ F[i] -> H[k] }")
    same(u.domain_factor_domain(), "{ A[i] -> C[k] }")
    same(UnionMap("{ A[i] -> B[j] : j = i; D[i] -> E[] }").domain_map(),
         "{ [A[i] -> B[j]] -> A[k] : k = i and j = i; [D[i] -> E[]] -> D[k] : k = i }")
    a = UnionMap("{ A[i] -> B[j] : j = i; D[i] -> E[] }")
    b = UnionMap("{ A[i] -> F[j] : j > i; G[i] -> B[j] : j < i }")
    same(a.flat_range_product(b), "{ A[i] -> [j, l] : j = i and l > i }")
    same(a.flat_domain_product(b), "{ [i, g] -> B[j] : j = i and j < g }")


def test_missing_nesting_raises():
    with pytest.raises(isl.SpaceError, match="curry"):
        Map("{ A[i] -> B[j] }").curry()
    with pytest.raises(isl.SpaceError, match="zip"):
        Map("{ [A[i] -> B[j]] -> C[k] }").zip()
    with pytest.raises(isl.SpaceError, match="range_factor_domain"):
        Map("{ A[i] -> B[j] }").range_factor_domain()
