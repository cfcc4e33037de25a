# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Hypothesis strategies for presburger objects, to cross-check polyhedral
code (yours, or the engine) on generated sets and maps.

    from hypothesis import given
    from presburger.testing import sets, set_spaces

    @given(sets())
    def test_coalesce_keeps_points(s):
        assert s.coalesce() == s

The generator family is the one of the C++ cross-check against isl
(tests/crosscheck/RandomSets.cpp): 0-2 parameters (n, m), named or
anonymous tuples of 1-3 dimensions (here also nested ones, [A[..] -> B[..]]),
1-3 disjuncts of 1-4 constraints with coefficients in [-3, 3] and constants
in [-8, 8]; equalities, inequalities, strict ones, strides ``(e) mod k = r``
and floor divisions ``floor((e)/k) >= f``, and existentially quantified
variables. Every object is built from drawn components (coefficients,
constraint kinds, lists of disjuncts), not from random strings, so
Hypothesis shrinks a failing case towards fewer disjuncts, fewer
constraints, smaller coefficients and no divisions.
"""

from __future__ import annotations

from hypothesis import strategies as st

from . import Map, Set, Space, dim_type

__all__ = ["set_spaces", "map_spaces", "sets", "maps", "basic_sets",
           "render_set", "render_map"]

_PARAMS = ("n", "m")
_TUPLE_NAMES = ("", "S", "A", "B")
# Constraint kinds, simplest first (Hypothesis shrinks towards the front).
_KINDS = ("ge", "le", "eq", "gt", "lt", "mod", "floor_ge", "floor_le")
_PLAIN_KINDS = _KINDS[:5]


# {{{ spaces

@st.composite
def _tuple_shape(draw, max_dims, nested, allow_name=True):
    name = draw(st.sampled_from(_TUPLE_NAMES)) if allow_name else ""
    if nested and draw(st.booleans()):
        dom = draw(_tuple_shape(max(1, max_dims - 1), False))
        ran = draw(_tuple_shape(max(1, max_dims - 1), False))
        return (name, dom, ran)
    return (name, draw(st.integers(1, max_dims)))


def _tuple_text(shape, prefix, counter):
    if len(shape) == 3:
        name, dom, ran = shape
        return f"{name}[{_tuple_text(dom, prefix, counter)} -> {_tuple_text(ran, prefix, counter)}]"
    name, n = shape
    names = []
    for _ in range(n):
        names.append(f"{prefix}{counter[0]}")
        counter[0] += 1
    return f"{name}[{', '.join(names)}]"


def _params_text(params):
    return f"[{', '.join(params)}] -> " if params else ""


@st.composite
def set_spaces(draw, max_params=2, max_dims=3, nested=True, named=True):
    """Set spaces: 0..max_params parameters (n, m), a tuple of 1..max_dims
    dimensions, named or not, sometimes nested ([A[..] -> B[..]])."""
    params = list(_PARAMS[:draw(st.integers(0, max_params))])
    shape = draw(_tuple_shape(max_dims, nested, named))
    text = f"{_params_text(params)}{{ {_tuple_text(shape, 'i', [0])} }}"
    return Set(text).get_space()


@st.composite
def map_spaces(draw, max_params=2, max_dims=3, nested=True, named=True):
    """Map spaces: parameters as set_spaces, a domain and a range tuple."""
    params = list(_PARAMS[:draw(st.integers(0, max_params))])
    dom = draw(_tuple_shape(max_dims, nested, named))
    ran = draw(_tuple_shape(max_dims, nested, named))
    text = (f"{_params_text(params)}{{ {_tuple_text(dom, 'i', [0])} -> "
            f"{_tuple_text(ran, 'o', [0])} }}")
    return Map(text).get_space()


# }}}

# {{{ bodies

def _affine_text(coeffs, names, const):
    terms = []
    for c, v in zip(coeffs, names):
        if c:
            terms.append(f"{c}*{v}" if c != 1 else v)
    t = " + ".join(terms)
    if not t:
        return str(const)
    return f"{t} + {const}" if const else t


@st.composite
def _affine(draw, names, max_coeff, max_const, allow_zero=True):
    coeffs = [draw(st.integers(-max_coeff, max_coeff)) for _ in names]
    const = draw(st.integers(-max_const, max_const))
    if not allow_zero and names and not any(coeffs):
        coeffs[draw(st.integers(0, len(names) - 1))] = 1
    return _affine_text(coeffs, names, const)


@st.composite
def _constraint(draw, names, o):
    kinds = _KINDS if o["divisions"] else _PLAIN_KINDS
    kind = draw(st.sampled_from(kinds))
    e = draw(_affine(names, o["max_coeff"], o["max_const"], allow_zero=False))
    if kind == "ge":
        return f"{e} >= 0"
    if kind == "le":
        return f"{e} <= 0"
    if kind == "eq":
        return f"{e} = 0"
    if kind == "gt":
        return f"{e} > 0"
    if kind == "lt":
        return f"{e} < {draw(st.integers(0, o['max_const']))}"
    k = draw(st.integers(2, 4))
    if kind == "mod":
        return f"({e}) mod {k} = {draw(st.integers(0, k - 1))}"
    f = draw(_affine(names, 2, 4))
    op = ">=" if kind == "floor_ge" else "<="
    return f"floor(({e})/{k}) {op} {f}"


@st.composite
def _disjunct(draw, names, o):
    scope = list(names)
    exists = o["existentials"] and draw(st.booleans())
    if exists:
        scope.append("e0")
    parts = []
    if o["box"]:
        b = o["box"]
        parts += [f"-{b} <= {v} <= {b}" for v in names]
        if exists:
            parts.append(f"-{2 * b} <= e0 <= {2 * b}")
    parts += draw(st.lists(_constraint(scope, o), min_size=1,
                           max_size=o["max_constraints"]))
    conj = " and ".join(parts)
    return f"exists (e0 : {conj})" if exists else conj


def _options(max_disjuncts, max_constraints, max_coeff, max_const, divisions,
             existentials, box):
    return dict(max_disjuncts=max_disjuncts, max_constraints=max_constraints,
                max_coeff=max_coeff, max_const=max_const, divisions=divisions,
                existentials=existentials, box=box)


def _space_tuple_text(space, tp_prefix, counter, kind):
    """The tuple text of a set space (kind 'set') or of the domain / range
    of a map space, with fresh dimension names."""
    if space.is_wrapping():
        inner = space.unwrap()
        name = space.get_tuple_name(dim_type.set) or ""
        return (f"{name}[{_space_tuple_text(inner.domain(), tp_prefix, counter, 'set')}"
                f" -> {_space_tuple_text(inner.range(), tp_prefix, counter, 'set')}]")
    name = space.get_tuple_name(dim_type.set) or ""
    names = []
    for _ in range(space.dim(dim_type.set)):
        names.append(f"{tp_prefix}{counter[0]}")
        counter[0] += 1
    return f"{name}[{', '.join(names)}]"


def _params_of(space):
    return [space.get_dim_name(dim_type.param, i)
            for i in range(space.dim(dim_type.param))]


def render_set(space, disjuncts):
    """The isl text of a set of *space* whose disjuncts are given as
    condition texts over i0, i1, ... and the parameters."""
    c = [0]
    tup = _space_tuple_text(space, "i", c, "set") if not space.is_params() else ""
    return f"{_params_text(_params_of(space))}{{ {tup} : {' or '.join(disjuncts)} }}"


def render_map(space, disjuncts):
    c1, c2 = [0], [0]
    dom = _space_tuple_text(space.domain(), "i", c1, "set")
    ran = _space_tuple_text(space.range(), "o", c2, "set")
    return (f"{_params_text(_params_of(space))}{{ {dom} -> {ran} : "
            f"{' or '.join(disjuncts)} }}")


def _set_vars(space):
    if space.is_params():
        return []
    return [f"i{k}" for k in range(space.dim(dim_type.set))]


def _map_vars(space):
    return ([f"i{k}" for k in range(space.dim(dim_type.in_))]
            + [f"o{k}" for k in range(space.dim(dim_type.out))])


@st.composite
def sets(draw, space=None, max_disjuncts=3, max_constraints=4, max_coeff=3,
         max_const=8, divisions=True, existentials=True, box=None):
    """Sets of *space* (a set Space; drawn by set_spaces() when None): a
    union of 1..max_disjuncts conjunctions of 1..max_constraints random
    constraints over the dimensions and parameters, with strides and floor
    divisions (divisions=True) and an existential variable
    (existentials=True). With box=b every variable is kept in [-b, b], so
    the set is bounded (finitely many points, lexmin defined)."""
    if space is None:
        space = draw(set_spaces())
    if space.is_map():
        raise ValueError("sets() needs a set space")
    o = _options(max_disjuncts, max_constraints, max_coeff, max_const,
                 divisions, existentials, box)
    names = _set_vars(space) + _params_of(space)
    disjuncts = draw(st.lists(_disjunct(names, o), min_size=1,
                              max_size=max_disjuncts))
    return Set(render_set(space, disjuncts))


@st.composite
def basic_sets(draw, space=None, max_constraints=4, max_coeff=3, max_const=8,
               divisions=False, box=None):
    """Basic sets (one conjunction, no existential) of *space*."""
    s = draw(sets(space, 1, max_constraints, max_coeff, max_const, divisions,
                  False, box))
    parts = s.get_basic_sets()
    if len(parts) == 1:
        return parts[0]
    # A stride may split into pieces on some parameter values: keep one.
    from . import BasicSet
    return parts[0] if parts else BasicSet.empty(s.get_space())


@st.composite
def maps(draw, space=None, max_disjuncts=3, max_constraints=4, max_coeff=3,
         max_const=8, divisions=True, existentials=True, box=None):
    """Maps of *space* (a map Space; drawn by map_spaces() when None), built
    as sets() are, over the domain and range dimensions and parameters."""
    if space is None:
        space = draw(map_spaces())
    if not space.is_map():
        raise ValueError("maps() needs a map space")
    o = _options(max_disjuncts, max_constraints, max_coeff, max_const,
                 divisions, existentials, box)
    names = _map_vars(space) + _params_of(space)
    disjuncts = draw(st.lists(_disjunct(names, o), min_size=1,
                              max_size=max_disjuncts))
    return Map(render_map(space, disjuncts))


def same_space_pairs(kind="set", **options):
    """Pairs (a, b) of sets (or maps) over one drawn space."""
    spaces = set_spaces() if kind == "set" else map_spaces()
    gen = sets if kind == "set" else maps
    return spaces.flatmap(lambda sp: st.tuples(gen(sp, **options), gen(sp, **options)))


__all__.append("same_space_pairs")
