# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Quasi-affine expressions over a set space, enough for islpy's
make_zero_and_vars / affs_from_space idiom:

    v = isl.make_zero_and_vars("i,j", "n")
    s = v[0].le_set(v["i"]) & v["i"].lt_set(v["n"])

Aff (and PwAff, the same class here) is an expression tree: affine parts
kept as coefficients, floor division, modulo, min and max on top; the
comparisons build Sets through isl notation. islpy's piecewise machinery
(get_pieces, PwAff.from_aff on arbitrary domains, ...) is not implemented.
"""

from __future__ import annotations

from . import _core, _text
from ._core import InvalidArgument, Set, Space, dim_type

_dt = dim_type


def _key(space, tp, pos):
    tp = _dt(int(tp))
    if tp == _dt.param:
        return ("p", space.get_dim_name(_dt.param, pos))
    if tp in (_dt.set, _dt.out):
        return (int(_dt.out), pos)
    raise InvalidArgument("an Aff's variables are parameters and set dimensions")


class Aff:
    """A quasi-affine expression over the set space ``get_domain_space()``."""

    __slots__ = ("_space", "_node")

    # _node: ("lin", {key: coeff}, const) | ("floor", node, d) |
    #        ("mod", node, d) | ("min", a, b) | ("max", a, b) |
    #        ("sum", [(coeff, node)...], const)

    def __init__(self, space, node=None):
        if isinstance(space, str):
            raise NotImplementedError(
                "Aff from a string is not implemented; use "
                "make_zero_and_vars or affs_from_space")
        if not space.is_set() and not space.is_params():
            raise InvalidArgument("an Aff lives on a set space")
        self._space = space
        self._node = node if node is not None else ("lin", {}, 0)

    # constructors (islpy's names)
    @staticmethod
    def zero_on_domain(space):
        return Aff(_space_of(space))

    @staticmethod
    def val_on_domain(space, v):
        from . import _val
        return Aff(_space_of(space), ("lin", {}, int(_val(v))))

    @staticmethod
    def var_on_domain(space, tp, pos):
        sp = _space_of(space)
        return Aff(sp, ("lin", {_key(sp, tp, pos): 1}, 0))

    @staticmethod
    def from_aff(aff):
        return aff

    @staticmethod
    def _from_constraint(c):
        sp = c.get_space()
        if c.is_div_constraint():
            raise NotImplementedError("Constraint.get_aff with divisions")
        lin = {}
        for (tp, pos), v in c._coeffs.items():
            if v:
                lin[_key(sp, _dt(tp), pos)] = v
        return Aff(sp, ("lin", lin, c._const))

    # queries
    def get_domain_space(self):
        return self._space

    def get_space(self):
        return self._space

    space = property(get_space)

    def get_ctx(self):
        from . import DEFAULT_CONTEXT
        return DEFAULT_CONTEXT

    def is_cst(self):
        return self._node[0] == "lin" and not any(self._node[1].values())

    def _linear(self, what):
        if self._node[0] != "lin":
            raise NotImplementedError(f"Aff.{what} of a non-affine expression")
        return self._node

    def get_constant_val(self):
        from . import Val
        return Val(self._linear("get_constant_val")[2])

    def get_coefficient_val(self, tp, pos):
        from . import Val
        return Val(self._linear("get_coefficient_val")[1].get(_key(self._space, tp, pos), 0))

    def set_coefficient_val(self, tp, pos, v):
        from . import _val
        _, lin, c = self._linear("set_coefficient_val")
        lin = dict(lin)
        lin[_key(self._space, tp, pos)] = int(_val(v))
        return Aff(self._space, ("lin", lin, c))

    set_coefficient_si = set_coefficient_val

    def set_constant_val(self, v):
        from . import _val
        _, lin, _c = self._linear("set_constant_val")
        return Aff(self._space, ("lin", dict(lin), int(_val(v))))

    set_constant_si = set_constant_val

    def get_coefficients_by_name(self, dimtype=None, dim_to_name=None):
        from . import Val
        _, lin, c = self._linear("get_coefficients_by_name")
        out = {}
        for key, v in lin.items():
            if not v:
                continue
            if key[0] == "p":
                if dimtype not in (None, _dt.param):
                    continue
                out[key[1]] = Val(v)
            else:
                if dimtype == _dt.param:
                    continue
                name = self._space.get_dim_name(_dt.set, key[1])
                out[name if name is not None else key] = Val(v)
        if c:
            out[1] = Val(c)
        return out

    def get_var_dict(self, dimtype=None):
        return self._space.get_var_dict(dimtype)

    # arithmetic
    def _coerce(self, other):
        from . import Val
        if isinstance(other, Aff):
            if other._space != self._space:
                if _compatible(self._space, other._space):
                    return other
                raise _core.SpaceError("Affs over different spaces")
            return other
        if isinstance(other, (int, Val)) and not isinstance(other, bool):
            from . import _val
            return Aff(self._space, ("lin", {}, int(_val(other))))
        return None

    def _space_with(self, other):
        if other._space == self._space:
            return self._space
        return Set.universe(self._space).intersect_params(
            Set.universe(other._space.params())).get_space()

    def add(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return Aff(self._space_with(o), _add(self._node, o._node, 1))

    def sub(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return Aff(self._space_with(o), _add(self._node, o._node, -1))

    def neg(self):
        return Aff(self._space, _scale(self._node, -1))

    def mul(self, other):
        from . import Val, _val
        if isinstance(other, Aff):
            if other.is_cst():
                other = other._node[2]
            elif self.is_cst():
                return other.mul(self._node[2])
            else:
                raise _core.Error("the product of two non-constant Affs is not affine")
        if not isinstance(other, (int, Val)) or isinstance(other, bool):
            return NotImplemented
        return Aff(self._space, _scale(self._node, int(_val(other))))

    def scale_val(self, v):
        return self.mul(v)

    def floordiv(self, d):
        from . import _val
        d = int(_val(d))
        if d <= 0:
            raise InvalidArgument("floor division by a non-positive integer")
        return Aff(self._space, ("floor", self._node, d))

    def mod_val(self, d):
        from . import _val
        d = int(_val(d))
        if d <= 0:
            raise InvalidArgument("modulo by a non-positive integer")
        return Aff(self._space, ("mod", self._node, d))

    def min(self, other):
        o = self._coerce(other)
        return Aff(self._space_with(o), ("min", self._node, o._node))

    def max(self, other):
        o = self._coerce(other)
        return Aff(self._space_with(o), ("max", self._node, o._node))

    __add__ = add
    __sub__ = sub
    __neg__ = neg
    __mul__ = mul
    __rmul__ = mul
    __floordiv__ = floordiv
    __mod__ = mod_val

    def __radd__(self, other):
        return self.add(other)

    def __rsub__(self, other):
        return self.neg().add(other)

    # comparisons: sets over the domain space
    def _compare(self, other, op):
        o = self._coerce(other)
        if o is None:
            raise TypeError(f"cannot compare an Aff with {type(other).__name__}")
        space = self._space_with(o)
        return _text.build(
            space, lambda n: f"{_render(self._node, n)} {op} {_render(o._node, n)}")

    def le_set(self, other):
        return self._compare(other, "<=")

    def lt_set(self, other):
        return self._compare(other, "<")

    def ge_set(self, other):
        return self._compare(other, ">=")

    def gt_set(self, other):
        return self._compare(other, ">")

    def eq_set(self, other):
        return self._compare(other, "=")

    def ne_set(self, other):
        return self._compare(other, "!=")

    def zero_set(self):
        return self.eq_set(0)

    def nonneg_set(self):
        return self.ge_set(0)

    def pos_set(self):
        return self.gt_set(0)

    def domain(self):
        return Set.universe(self._space)

    def __str__(self):
        names = {}
        for i in range(self._space.dim(_dt.param)):
            p = self._space.get_dim_name(_dt.param, i)
            names[("p", p)] = p
        dims = []
        for i in range(0 if self._space.is_params() else self._space.dim(_dt.set)):
            nm = self._space.get_dim_name(_dt.set, i) or f"i{i}"
            names[(int(_dt.out), i)] = nm
            dims.append(nm)
        params = [self._space.get_dim_name(_dt.param, i)
                  for i in range(self._space.dim(_dt.param))]
        head = f"[{', '.join(params)}] -> " if params else ""
        tname = "" if self._space.is_params() else (
            self._space.get_tuple_name(_dt.set) or "")
        return f"{head}{{ {tname}[{', '.join(dims)}] -> [({_render(self._node, names)})] }}"

    def __repr__(self):
        return f'Aff("{self}")'

    def __eq__(self, other):
        if not isinstance(other, Aff):
            return NotImplemented
        # Equal functions: equal graphs.
        if not _compatible(self._space, other._space):
            return False
        return self.eq_set(other).is_equal(Set.universe(self._space_with(other)))

    def __hash__(self):
        return hash("Aff")


PwAff = Aff


def _compatible(a, b):
    """Same tuples (parameters may differ: they are aligned by name)."""
    if a.is_params() != b.is_params():
        return False
    if a.is_params():
        return True
    return (a.dim(_dt.set) == b.dim(_dt.set)
            and a.get_tuple_name(_dt.set) == b.get_tuple_name(_dt.set))


def _space_of(space):
    if hasattr(space, "get_space"):
        space = space.get_space()
    if not isinstance(space, Space):
        raise TypeError("expected a Space")
    return space


def _add(a, b, sign):
    if a[0] == "lin" and b[0] == "lin":
        lin = dict(a[1])
        for k, v in b[1].items():
            lin[k] = lin.get(k, 0) + sign * v
        return ("lin", lin, a[2] + sign * b[2])
    return ("sum", [(1, a), (sign, b)], 0)


def _scale(a, c):
    if a[0] == "lin":
        return ("lin", {k: c * v for k, v in a[1].items()}, c * a[2])
    return ("sum", [(c, a)], 0)


def _render(node, names):
    kind = node[0]
    if kind == "lin":
        _, lin, c = node
        terms = [f"{v}*{names[k]}" for k, v in sorted(lin.items(), key=str) if v]
        if c or not terms:
            terms.append(f"{c}")
        return "(" + " + ".join(terms) + ")"
    if kind == "floor":
        return f"floor({_render(node[1], names)}/{node[2]})"
    if kind == "mod":
        return f"({_render(node[1], names)} mod {node[2]})"
    if kind in ("min", "max"):
        return f"{kind}({_render(node[1], names)}, {_render(node[2], names)})"
    if kind == "sum":
        terms = [f"{c}*{_render(n, names)}" for c, n in node[1]]
        if node[2]:
            terms.append(f"{node[2]}")
        return "(" + " + ".join(terms) + ")"
    raise AssertionError(kind)


def affs_from_space(space):
    """{name: Aff} for every named parameter and set dimension of *space*,
    and {0: the zero Aff} (islpy's affs_from_space)."""
    space = _space_of(space)
    if space.is_map():
        raise InvalidArgument("affs_from_space needs a set space")
    zero = Aff.zero_on_domain(space)
    result = {0: zero}
    for name, (tp, idx) in space.get_var_dict().items():
        result[name] = Aff.var_on_domain(space, tp, idx)
    return result


def make_zero_and_vars(set_vars, params=(), ctx=None):
    """islpy's make_zero_and_vars: Affs for the set variables and the
    parameters (comma-separated strings or lists), and 0."""
    if isinstance(set_vars, str):
        set_vars = [s.strip() for s in set_vars.split(",") if s.strip()]
    if isinstance(params, str):
        params = [s.strip() for s in params.split(",") if s.strip()]
    space = Space.create_from_names(ctx, set=list(set_vars), params=list(params))
    return affs_from_space(space)
