# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Python side of Aff, PwAff, MultiAff and PwMultiAff (bound in
python/src/Functions.cpp): islpy's operators (numbers taken as constants),
Val results, piece lists, names, equality by meaning, repr and pickling.

An Aff meeting a PwAff becomes a PwAff, and a PwAff method called on an Aff
converts it (islpy's implicit conversion), e.g. ``aff.min(other)``.
"""

from __future__ import annotations

import math as _math

from ._core import (
    Aff,
    FixedBox,
    InvalidArgument,
    MultiAff,
    PwAff,
    PwMultiAff,
    Set,
    StrideInfo,
    dim_type,
)
from . import DEFAULT_CONTEXT, Val, _val

_dt = dim_type
_EXPRS = (Aff, PwAff)
_MULTIS = (MultiAff, PwMultiAff)
_ALL = (Aff, PwAff, MultiAff, PwMultiAff)


def _is_number(x):
    return isinstance(x, (int, Val)) and not isinstance(x, bool)


def _same_kind(a, b):
    """(a, b) as one class (an Aff meeting a PwAff becomes a PwAff), or
    None when b is no expression."""
    if not isinstance(b, _EXPRS):
        return None
    if isinstance(a, Aff) and isinstance(b, PwAff):
        return a.to_pw_aff(), b
    if isinstance(a, PwAff) and isinstance(b, Aff):
        return a, b.to_pw_aff()
    return a, b


def _constant_like(expr, v):
    """The constant *v* on the whole domain space of *expr*, of its class."""
    c = Aff.val_on_domain(expr.get_domain_space(), _val(v))
    return c if isinstance(expr, Aff) else PwAff.from_aff(c)


# {{{ operators (islpy's: numbers are constants)


def _add(self, other):
    if _is_number(other):
        return self.add_constant_val(_val(other))
    pair = _same_kind(self, other)
    return NotImplemented if pair is None else pair[0].add(pair[1])


def _sub(self, other):
    if _is_number(other):
        return self.add_constant_val(-_val(other))
    pair = _same_kind(self, other)
    return NotImplemented if pair is None else pair[0].sub(pair[1])


def _rsub(self, other):
    if _is_number(other):
        return self.neg().add_constant_val(_val(other))
    pair = _same_kind(self, other)
    return NotImplemented if pair is None else pair[1].sub(pair[0])


def _mul(self, other):
    if _is_number(other):
        return self.scale_val(_val(other))
    pair = _same_kind(self, other)
    return NotImplemented if pair is None else pair[0].mul(pair[1])


def _floordiv(self, other):
    """islpy's ``//``: floor(self / other) for a positive constant."""
    if not _is_number(other):
        return NotImplemented
    return self.floor_div_val(_val(other))


def _mod(self, other):
    if not _is_number(other):
        return NotImplemented
    return self.mod_val(_val(other))


def _binary(cls, name):
    """cls.name taking a number (a constant on the domain) or, on an Aff, a
    PwAff (then computed on PwAffs)."""
    raw = getattr(cls, name)

    def f(self, other):
        if _is_number(other):
            other = _constant_like(self, other)
        elif isinstance(self, Aff) and isinstance(other, PwAff):
            return getattr(self.to_pw_aff(), name)(other)
        return raw(self, other)

    f.__name__ = name
    f.__doc__ = raw.__doc__
    return f


for _cls in _EXPRS:
    _cls.__add__ = _add
    _cls.__radd__ = _add
    _cls.__sub__ = _sub
    _cls.__rsub__ = _rsub
    _cls.__mul__ = _mul
    _cls.__rmul__ = _mul
    _cls.__neg__ = _cls.neg
    _cls.__floordiv__ = _floordiv
    _cls.__mod__ = _mod
    for _name in ("le_set", "lt_set", "ge_set", "gt_set", "eq_set", "ne_set",
                  "add", "sub", "mul", "div"):
        setattr(_cls, _name, _binary(_cls, _name))
for _name in ("min", "max", "union_add", "union_min", "union_max"):
    setattr(PwAff, _name, _binary(PwAff, _name))
for _name in ("le_basic_set", "lt_basic_set", "ge_basic_set",
              "gt_basic_set", "eq_basic_set"):
    setattr(Aff, _name, _binary(Aff, _name))

def _multi_pair(a, b):
    """(a, b) as one class (a MultiAff meeting a PwMultiAff becomes a
    PwMultiAff), or None when b is no tuple of expressions."""
    if not isinstance(b, _MULTIS):
        return None
    if isinstance(a, MultiAff) and isinstance(b, PwMultiAff):
        return a.to_pw_multi_aff(), b
    if isinstance(a, PwMultiAff) and isinstance(b, MultiAff):
        return a, b.to_pw_multi_aff()
    return a, b


for _cls in _MULTIS:
    _cls.__add__ = lambda self, other: NotImplemented \
        if _multi_pair(self, other) is None \
        else (lambda p: p[0].add(p[1]))(_multi_pair(self, other))
    _cls.__sub__ = lambda self, other: NotImplemented \
        if _multi_pair(self, other) is None \
        else (lambda p: p[0].sub(p[1]))(_multi_pair(self, other))
    _cls.__neg__ = _cls.neg
    _cls.__mul__ = lambda self, other: self.scale_val(_val(other)) \
        if _is_number(other) else NotImplemented
    _cls.__rmul__ = _cls.__mul__


# {{{ quotients: isl's rational expressions, for floor() and ceil()


class Quotient:
    """``num / den``, an expression over an integer den > 1 that does not
    divide it: what isl's scale_down_val and div give before floor() or
    ceil() (islpy's ``aff.scale_down_val(d).floor()``). The engine's
    functions hold integer values, so floor() and ceil() (and scaling,
    which keeps a quotient) are what a Quotient is for; any other method
    raises InvalidArgument."""

    __slots__ = ("num", "den")

    def __init__(self, num, den):
        self.num, self.den = num, den

    def floor(self):
        return self.num.floor_div_val(self.den)

    def ceil(self):
        return -((-self.num).floor_div_val(self.den))

    def neg(self):
        return Quotient(-self.num, self.den)

    __neg__ = neg

    def scale_val(self, val):
        v = _val(val)
        g = _math.gcd(v, self.den)
        return _quotient(self.num.scale_val(v // g), self.den // g)

    def scale_down_val(self, val):
        d = _val(val)
        if d == 0:
            raise InvalidArgument("scale_down_val by zero")
        q = _quotient(self.num, self.den * abs(d))
        return -q if d < 0 else q

    def __floordiv__(self, d):
        return self.num.floor_div_val(self.den * _val(d))

    def __str__(self):
        return f"({self.num}) / {self.den}"

    def __repr__(self):
        return f"Quotient({self.num!r}, {self.den})"

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise InvalidArgument(
            f"{name} of a rational expression {self}: take floor() or ceil() "
            "first (functions hold integer values here)")


def _quotient(num, den):
    """num / den (den > 0): an expression when den divides it exactly."""
    if den == 1 or num._divisible_by(den):
        return num._scale_down_exact(den)
    return Quotient(num, den)


def _scale_down_val(self, val):
    """self / val: an expression when val divides every coefficient, else
    a Quotient (for floor() or ceil())."""
    d = _val(val)
    if d == 0:
        raise InvalidArgument("scale_down_val by zero")
    q = _quotient(self, abs(d))
    return -q if d < 0 else q


def _constant_value(e):
    """The value of a constant expression (a number, or an Aff or PwAff
    that is one constant on its whole domain space), else None."""
    if _is_number(e):
        return _val(e)
    if isinstance(e, PwAff):
        if not e.isa_aff():
            return None
        e = e.as_aff()
    if isinstance(e, Aff) and e.is_cst():
        return e.get_constant_val().to_python()
    return None


def _div(self, other):
    """self / other for a constant other (islpy's div): see
    scale_down_val."""
    c = _constant_value(other)
    if c is None:
        pair = _same_kind(self, other)
        if pair is None:
            raise TypeError("div by a constant expression")
        return pair[0]._div_exact(pair[1])
    return _scale_down_val(self, c)


for _cls in _EXPRS:
    _cls._scale_down_exact = _cls.scale_down_val
    _cls.scale_down_val = _scale_down_val
    _cls._div_exact = _cls.div
    _cls.div = _div

# }}}


def _aff_getattr(self, name):
    # islpy converts an Aff to a PwAff for the PwAff methods (min, max,
    # domain, pullback_pw_multi_aff, ...).
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(self.to_pw_aff(), name)


Aff.__getattr__ = _aff_getattr

# }}}

# {{{ values, coefficients, names


def _aff_eval(self, pnt):
    """The value at the Point *pnt* (a Val)."""
    return Val(self._eval(pnt))


def _pwaff_eval(self, pnt):
    """The value at the Point *pnt* (a Val; NaN outside the domain, as
    isl)."""
    v = self._eval(pnt)
    return Val.nan() if v is None else Val(v)


Aff._eval = Aff.eval
Aff.eval = _aff_eval
PwAff._eval = PwAff.eval
PwAff.eval = _pwaff_eval

Aff.get_constant_val = lambda self: Val(self._constant())
Aff.get_coefficient_val = lambda self, tp, pos: Val(self._coefficient(tp, pos))
Aff.set_coefficient_si = Aff.set_coefficient_val
Aff.set_constant_si = Aff.set_constant_val
Aff.add_constant_si = Aff.add_constant_val


def _set_coefficients(self, dim_tp, args):
    for i, coeff in enumerate(args):
        self = self.set_coefficient_val(dim_tp, i, coeff)
    return self


def _set_coefficients_by_name(self, iterable, name_to_dim=None):
    """Sets the coefficients named in *iterable* (a dict or pairs; the key
    1 is the constant)."""
    items = iterable.items() if hasattr(iterable, "items") else iterable
    if name_to_dim is None:
        name_to_dim = self.get_var_dict()
    for name, coeff in items:
        if name == 1:
            self = self.set_constant_val(coeff)
        else:
            tp, idx = name_to_dim[name]
            self = self.set_coefficient_val(tp, idx, coeff)
    return self


def _get_coefficients_by_name(self, dimtype=None, dim_to_name=None):
    """{name: Val} of the nonzero coefficients of the parameters and domain
    dimensions, and {1: the constant} when it is nonzero."""
    types = [dimtype] if dimtype is not None else [_dt.param, _dt.in_]
    result = {}
    for tp in types:
        for i in range(self.dim(tp)):
            coeff = self.get_coefficient_val(tp, i)
            if coeff:
                name = (dim_to_name[tp, i] if dim_to_name is not None
                        else self.get_dim_name(tp, i))
                result[name] = coeff
    const = self.get_constant_val()
    if const:
        result[1] = const
    return result


Aff.set_coefficients = _set_coefficients
Aff.set_coefficients_by_name = _set_coefficients_by_name
Aff.get_coefficients_by_name = _get_coefficients_by_name


def _get_dim_name(self, tp, pos):
    return self.get_space().get_dim_name(tp, pos)


def _get_var_dict(self, dimtype=None):
    # islpy leaves out the output of expressions and functions.
    return self.get_space().get_var_dict(dimtype, ignore_out=True)


def _get_var_names(self, dimtype):
    return [self.get_dim_name(dimtype, i) for i in range(self.dim(dimtype))]


for _cls in _ALL:
    _cls.get_dim_name = _get_dim_name
    _cls.get_var_dict = _get_var_dict
    _cls.get_var_names = _get_var_names
    _cls.get_ctx = lambda self: DEFAULT_CONTEXT
    _cls.space = property(lambda self: self.get_space())

# }}}

# {{{ pieces and outputs


def _aff_get_pieces(self):
    return [(Set.universe(self.get_domain_space()), self)]


def _get_pieces(self):
    """[(Set, Aff)] (PwAff) or [(Set, MultiAff)] (PwMultiAff): the pieces,
    their domains disjoint."""
    return list(self._pieces())


def _foreach_piece(self, callback):
    for dom, f in self.get_pieces():
        callback(dom, f)


Aff.get_pieces = _aff_get_pieces
for _cls in (PwAff, PwMultiAff):
    _cls.get_pieces = _get_pieces
    _cls.foreach_piece = _foreach_piece
    _cls.get_aggregate_domain = _cls.domain

MultiAff.get_at = MultiAff.get_aff
MultiAff.set_at = MultiAff.set_aff
PwMultiAff.get_at = PwMultiAff.get_pw_aff
PwMultiAff.as_set = lambda self: Set.from_pw_multi_aff(self)

# }}}

# {{{ equality, hashing, text


def _family(obj):
    return _EXPRS if isinstance(obj, _EXPRS) else _MULTIS


def _eq(self, other):
    """Equal functions: the same domain and the same values on it."""
    if not isinstance(other, _family(self)):
        return NotImplemented
    a, b = self, other
    if type(a) is not type(b):
        a = a.to_pw_aff() if isinstance(a, Aff) else a
        b = b.to_pw_aff() if isinstance(b, Aff) else b
        a = a.to_pw_multi_aff() if isinstance(a, MultiAff) else a
        b = b.to_pw_multi_aff() if isinstance(b, MultiAff) else b
    return a.is_equal(b)


def _ne(self, other):
    r = _eq(self, other)
    return r if r is NotImplemented else not r


def _hash(self):
    # The shape of the function's space: consistent with == (equal functions
    # have one shape, whatever their class and parameters).
    return hash(("function", self._shape_hash()))


def _repr(self):
    return f'{type(self).__name__}("{self}")'


def _reduce(self):
    if isinstance(self, (PwAff, PwMultiAff)) and self.n_piece() == 0:
        return (_empty, (type(self).__name__, self.get_space()))  # "{  }"
    return (_from_text, (type(self).__name__, str(self)))


def _from_text(cls_name, text):
    return globals()[cls_name](text)


def _empty(cls_name, space):
    return globals()[cls_name].empty(space)


for _cls in _ALL:
    _cls.__eq__ = _eq
    _cls.__ne__ = _ne
    _cls.__hash__ = _hash
    _cls.__repr__ = _repr
    _cls.__reduce__ = _reduce

# }}}


def aff_from_constraint(c):
    """The expression of a Constraint (islpy's Constraint.get_aff):
    sum(coeff * var) + constant, on the constraint's set space."""
    sp = c.get_space()
    if c.is_div_constraint():
        raise NotImplementedError("Constraint.get_aff with divisions")
    if sp.is_map():
        raise InvalidArgument("an Aff lives on a set space")
    npar = sp.dim(_dt.param)
    row = [0] * (npar + (sp.dim(_dt.set) if sp.is_set() else 0) + 1)
    for (tp, pos), v in c._coeffs.items():
        row[pos if _dt(tp) == _dt.param else npar + pos] = v
    row[-1] = c._const
    return Aff._linear(sp, row)


# {{{ StrideInfo and FixedBox: integers as Val

StrideInfo.get_stride = lambda self: Val(self._stride())
StrideInfo.get_stride.__doc__ = "The stride (a Val, at least 1)."
StrideInfo.__repr__ = lambda self: (
    f"StrideInfo(stride={self._stride()}, offset={self.get_offset()})")


def _box_size(self):
    """The sizes, one Val per dimension, as a list (islpy: a MultiVal; index
    it with ``[i]`` where islpy code calls ``get_val(i)``). InvalidArgument
    for an invalid box."""
    return [Val(v) for v in self._size()]


def _box_repr(self):
    if not self.is_valid():
        return "FixedBox(invalid)"
    return f"FixedBox(offset={self.get_offset()}, size={self._size()})"


def _set_get_stride(self, pos):
    """The stride of set dimension *pos* (a Val; isl_set_get_stride)."""
    return self.get_stride_info(pos).get_stride()


Set.get_stride = _set_get_stride
FixedBox.get_size = _box_size
FixedBox.__repr__ = _box_repr

# }}}
