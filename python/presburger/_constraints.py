# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""islpy's Constraint: one affine equality or inequality over a space,
with BasicSet/BasicMap/Set/Map.add_constraint and get_constraints."""

from __future__ import annotations

from . import _core, _text
from ._core import BasicMap, BasicSet, InvalidArgument, Map, Set, dim_type

_dt = dim_type


def _norm(tp):
    tp = _dt(int(tp))
    return _dt.out if tp == _dt.set else tp


class Constraint:
    """``sum(coeff * var) + constant >= 0`` (inequality) or ``== 0``
    (equality) over a space; constraints read from a basic set may also
    involve its divisions (dim_type.div)."""

    __slots__ = ("_space", "_eq", "_coeffs", "_const", "_divs", "_div_coeffs")

    def __init__(self, space, is_eq, coeffs=None, const=0, divs=(), div_coeffs=()):
        self._space = space
        self._eq = bool(is_eq)
        self._coeffs = dict(coeffs or {})  # (int(dim_type), pos) -> int
        self._const = int(const)
        self._divs = tuple(divs)
        self._div_coeffs = tuple(div_coeffs) or (0,) * len(self._divs)

    # islpy's constructors
    @staticmethod
    def equality_alloc(space):
        return Constraint(_as_space(space), True)

    @staticmethod
    def inequality_alloc(space):
        return Constraint(_as_space(space), False)

    @staticmethod
    def eq_from_names(space, coefficients=None):
        return Constraint.equality_alloc(space).set_coefficients_by_name(
            coefficients or {})

    @staticmethod
    def ineq_from_names(space, coefficients=None):
        return Constraint.inequality_alloc(space).set_coefficients_by_name(
            coefficients or {})

    # queries
    def get_space(self):
        return self._space

    space = property(get_space)

    def get_ctx(self):
        from . import DEFAULT_CONTEXT
        return DEFAULT_CONTEXT

    def is_equality(self):
        return self._eq

    def is_div_constraint(self):
        return any(self._div_coeffs)

    def _check(self, tp, pos):
        tp = _norm(tp)
        if tp == _dt.div:
            if pos >= len(self._divs):
                raise InvalidArgument("coefficient of a division past the end")
            return tp
        if pos >= self._space.dim(tp):
            raise InvalidArgument("coefficient past the end")
        return tp

    def get_coefficient_val(self, tp, pos):
        from . import Val
        tp = self._check(tp, pos)
        if tp == _dt.div:
            return Val(self._div_coeffs[pos])
        return Val(self._coeffs.get((int(tp), pos), 0))

    def get_constant_val(self):
        from . import Val
        return Val(self._const)

    def _copy(self, **kw):
        c = Constraint(self._space, self._eq, self._coeffs, self._const,
                       self._divs, self._div_coeffs)
        for k, v in kw.items():
            setattr(c, k, v)
        return c

    def set_coefficient_val(self, tp, pos, v):
        from . import _val
        tp = self._check(tp, pos)
        if tp == _dt.div:
            dc = list(self._div_coeffs)
            dc[pos] = int(_val(v))
            return self._copy(_div_coeffs=tuple(dc))
        coeffs = dict(self._coeffs)
        coeffs[(int(tp), pos)] = int(_val(v))
        return self._copy(_coeffs=coeffs)

    set_coefficient_si = set_coefficient_val

    def set_constant_val(self, v):
        from . import _val
        return self._copy(_const=int(_val(v)))

    set_constant_si = set_constant_val

    def set_coefficients(self, tp, args):
        c = self
        for i, v in enumerate(args):
            c = c.set_coefficient_val(tp, i, v)
        return c

    def set_coefficients_by_name(self, iterable, name_to_dim=None):
        items = iterable.items() if hasattr(iterable, "items") else iterable
        if name_to_dim is None:
            name_to_dim = self._space.get_var_dict()
        c = self
        for name, coeff in items:
            if name == 1:
                c = c.set_constant_val(coeff)
            else:
                tp, idx = name_to_dim[name]
                c = c.set_coefficient_val(tp, idx, coeff)
        return c

    def get_coefficients_by_name(self, dimtype=None, dim_to_name=None):
        from . import Val
        result = {}
        types = [dimtype] if dimtype is not None else _text.dim_types(self._space) + [_dt.param]
        for tp in types:
            for i in range(self._space.dim(tp)):
                v = self._coeffs.get((int(_norm(tp)), i), 0)
                if v:
                    name = (dim_to_name[tp, i] if dim_to_name is not None
                            else self._space.get_dim_name(tp, i))
                    result[name] = Val(v)
        if self._const:
            result[1] = Val(self._const)
        return result

    def get_aff(self):
        from ._functions import aff_from_constraint
        return aff_from_constraint(self)

    def _expression(self, names):
        terms = []
        for i in range(self._space.dim(_dt.param)):
            v = self._coeffs.get((int(_dt.param), i), 0)
            if v:
                terms.append((v, names[("p", self._space.get_dim_name(_dt.param, i))]))
        for tp in _text.dim_types(self._space):
            for i in range(self._space.dim(tp)):
                v = self._coeffs.get((int(_norm(tp)), i), 0)
                if v:
                    terms.append((v, names[(int(_norm(tp)), i)]))
        divs = _div_texts(self._divs, self._space, names)
        for k, v in enumerate(self._div_coeffs):
            if v:
                terms.append((v, divs[k]))
        out = " + ".join(f"{v}*{t}" for v, t in terms) or "0"
        return f"{out} + {self._const}"

    def _as_basic(self):
        """The constraint as a basic set or map of its space."""
        op = "=" if self._eq else ">="
        obj = _text.build(self._space, lambda n: f"{self._expression(n)} {op} 0")
        parts = obj.get_basic_sets() if isinstance(obj, Set) else obj.get_basic_maps()
        if len(parts) == 1:
            return parts[0]
        return obj.convex_hull()  # an equality with divisions splits no further

    def __str__(self):
        return str(self._as_basic())

    def __repr__(self):
        return f'Constraint("{self}")'

    def __eq__(self, other):
        if not isinstance(other, Constraint):
            return NotImplemented
        return (self._space == other._space and self._eq == other._eq
                and {k: v for k, v in self._coeffs.items() if v}
                == {k: v for k, v in other._coeffs.items() if v}
                and self._const == other._const and self._divs == other._divs
                and self._div_coeffs == other._div_coeffs)

    def __hash__(self):
        return hash((self._eq, self._const))


def _as_space(space):
    return space.get_space() if hasattr(space, "get_space") else space


def _div_texts(divs, space, names):
    """The floor expressions of the divisions (each may use earlier ones)."""
    out = []
    var_names = []
    for i in range(space.dim(_dt.param)):
        var_names.append(names[("p", space.get_dim_name(_dt.param, i))])
    for tp in _text.dim_types(space):
        for i in range(space.dim(tp)):
            var_names.append(names[(int(_norm(tp)), i)])
    for d in divs:
        if d is None:
            raise NotImplementedError(
                "a constraint over an existential variable without a "
                "division definition cannot be used outside its basic set")
        num, const, den = d
        all_names = var_names + out
        terms = [f"{c}*{all_names[k]}" for k, c in enumerate(num) if c]
        out.append(f"floor(({' + '.join(terms) or '0'} + {const})/{den})")
    return out


def _constraints_of(self):
    space = self.get_space()
    divs = self._divs()
    nvars = space.dim(_dt.param) + sum(space.dim(t) for t in _text.dim_types(space))
    result = []
    for is_eq, coeffs, const in self._rows():
        cd = {}
        k = 0
        for i in range(space.dim(_dt.param)):
            if coeffs[k]:
                cd[(int(_dt.param), i)] = coeffs[k]
            k += 1
        for tp in _text.dim_types(space):
            for i in range(space.dim(tp)):
                if coeffs[k]:
                    cd[(int(_norm(tp)), i)] = coeffs[k]
                k += 1
        result.append(Constraint(space, is_eq, cd, const, divs, coeffs[nvars:]))
    return result


def _add_constraint(self, c):
    """The object with constraint *c* added (parameters matched by name,
    dimensions by position)."""
    space = self.get_space()
    cs = c.get_space()
    for tp in _text.dim_types(space):
        if space.dim(tp) != cs.dim(tp):
            raise _core.SpaceError("add_constraint: the constraint's space does not fit")
    if c.is_div_constraint():
        return self.intersect(type(self)(c._as_basic()) if not isinstance(self, (BasicSet, BasicMap))
                              else c._as_basic())
    obj = self
    missing = [cs.get_dim_name(_dt.param, i) for i in range(cs.dim(_dt.param))
               if cs.get_dim_name(_dt.param, i) not in space.get_var_dict(_dt.param)]
    if missing:
        obj = obj.intersect_params(Set.universe(cs.params()))
        space = obj.get_space()
    if isinstance(obj, (Set, Map)):
        return obj.intersect(c._as_basic())
    by_name = {cs.get_dim_name(_dt.param, i): c._coeffs.get((int(_dt.param), i), 0)
               for i in range(cs.dim(_dt.param))}
    row = [by_name.get(space.get_dim_name(_dt.param, i), 0)
           for i in range(space.dim(_dt.param))]
    for tp in _text.dim_types(space):
        for i in range(space.dim(tp)):
            row.append(c._coeffs.get((int(_norm(tp)), i), 0))
    return obj._add_row(c.is_equality(), row, c._const)


def _add_constraints(self, constraints):
    obj = self
    for c in constraints:
        obj = obj.add_constraint(c)
    return obj


def _foreach_constraint(self, callback):
    for c in self.get_constraints():
        callback(c)


for _cls in (BasicSet, BasicMap):
    _cls.get_constraints = _constraints_of
    _cls.get_constraint_list = _constraints_of
    _cls.foreach_constraint = _foreach_constraint
for _cls in (BasicSet, BasicMap, Set, Map):
    _cls.add_constraint = _add_constraint
    _cls.add_constraints = _add_constraints
