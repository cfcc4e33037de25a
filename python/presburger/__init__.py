# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""presburger: exact Presburger arithmetic (integer sets and relations in
isl notation), shaped like islpy so that islpy code runs with

    import presburger as isl

The classes are values: every method returns a new object. Engine work runs
with the GIL released, under the calling thread's operation budget
(Context.set_max_operations). See docs/python.md.
"""

from __future__ import annotations

from fractions import Fraction as _Fraction
import math as _math
import re as _re

from . import _core
from ._core import (  # noqa: F401
    Aff,
    BasicMap,
    BasicSet,
    Error,
    FixedBox,
    InvalidArgument,
    LimitExceeded,
    Map,
    MultiAff,
    ParseError,
    Point,
    PwAff,
    PwMultiAff,
    Set,
    Space,
    SpaceError,
    StrideInfo,
    UnboundedError,
    UnionMap,
    UnionSet,
    dim_type,
)

__version__ = _core.__version__

#: islpy spells the error class both ways.
error = Error

# {{{ Context and the operation budget


class Context:
    """islpy's Context, kept for compatibility. The engine has no context:
    every object stands alone, and the operation budget belongs to the
    calling thread, whatever Context object it is set through."""

    def set_max_operations(self, n: int) -> None:
        """Limit the engine work of the calling thread to *n* units from
        now until reset_operations() (0: no limit but the engine's
        per-operation default). Exceeding it raises LimitExceeded, and
        every later call raises it too until the count is reset."""
        set_max_operations(n)

    def get_max_operations(self) -> int:
        return get_max_operations()

    def reset_operations(self) -> None:
        reset_operations()

    def get_operations(self) -> int:
        return get_operations()

    def __eq__(self, other):
        return isinstance(other, Context)

    def __ne__(self, other):
        return not isinstance(other, Context)

    def __hash__(self):
        return hash(Context)

    def __reduce__(self):
        return (_get_default_context, ())

    def __repr__(self):
        return "Context()"


def _get_default_context():
    return DEFAULT_CONTEXT


DEFAULT_CONTEXT = Context()


def set_max_operations(n: int) -> None:
    """The calling thread's operation budget (engine work units); 0 removes
    it. Other threads are not affected."""
    if n < 0:
        raise ValueError("set_max_operations: n must be >= 0")
    _core._set_max_operations(int(n))


def get_max_operations() -> int:
    return _core._get_max_operations()


def reset_operations() -> None:
    """Start counting the calling thread's operations from zero."""
    _core._reset_operations()


def get_operations() -> int:
    """Work units the calling thread used since the last reset (counted
    while a maximum is set)."""
    return _core._get_operations()


# }}}

# {{{ Val


class Val:
    """islpy's Val: an exact integer or rational, or +-infinity, or NaN."""

    __slots__ = ("_v",)

    def __init__(self, src, context=None):
        if isinstance(src, Val):
            self._v = src._v
        elif isinstance(src, bool):
            self._v = int(src)
        elif isinstance(src, int):
            self._v = src
        elif isinstance(src, _Fraction):
            self._v = src.numerator if src.denominator == 1 else src
        elif isinstance(src, float) and (_math.isinf(src) or _math.isnan(src)):
            self._v = src
        elif isinstance(src, str):
            t = src.strip()
            if t in ("infty", "+infty", "inf"):
                self._v = _math.inf
            elif t in ("-infty", "-inf"):
                self._v = -_math.inf
            elif t.lower() == "nan":
                self._v = _math.nan
            else:
                try:
                    f = _Fraction(t)
                except ValueError:
                    raise InvalidArgument(f"Val: cannot read {src!r}") from None
                self._v = f.numerator if f.denominator == 1 else f
        elif hasattr(src, "__index__"):
            self._v = src.__index__()
        else:
            raise TypeError(f"Val: cannot make a value of {type(src).__name__}")

    # islpy's constructors
    @staticmethod
    def int_from_si(ctx, v):
        return Val(int(v))

    int_from_ui = int_from_si

    @staticmethod
    def zero(ctx=None):
        return Val(0)

    @staticmethod
    def one(ctx=None):
        return Val(1)

    @staticmethod
    def negone(ctx=None):
        return Val(-1)

    @staticmethod
    def infty(ctx=None):
        return Val(_math.inf)

    @staticmethod
    def neginfty(ctx=None):
        return Val(-_math.inf)

    @staticmethod
    def nan(ctx=None):
        return Val(_math.nan)

    @staticmethod
    def read_from_str(ctx, s):
        return Val(s)

    def get_ctx(self):
        return DEFAULT_CONTEXT

    # queries
    def is_int(self):
        return isinstance(self._v, int)

    def is_rat(self):
        return isinstance(self._v, (int, _Fraction))

    def is_infty(self):
        return self._v == _math.inf

    def is_neginfty(self):
        return self._v == -_math.inf

    def is_nan(self):
        return isinstance(self._v, float) and _math.isnan(self._v)

    def is_zero(self):
        return self._v == 0

    def is_one(self):
        return self._v == 1

    def is_negone(self):
        return self._v == -1

    def is_pos(self):
        return not self.is_nan() and self._v > 0

    def is_neg(self):
        return not self.is_nan() and self._v < 0

    def is_nonneg(self):
        return not self.is_nan() and self._v >= 0

    def is_nonpos(self):
        return not self.is_nan() and self._v <= 0

    def sgn(self):
        if self.is_nan():
            return 0
        return (self._v > 0) - (self._v < 0)

    def get_num_si(self):
        return self._v.numerator if self.is_rat() else int(self._v)

    def get_den_si(self):
        return self._v.denominator if self.is_rat() else 1

    def to_python(self):
        """The value as a Python int (ValueError when it is not an
        integer)."""
        if not self.is_int():
            raise ValueError("can only convert integer Val to python")
        return self._v

    # arithmetic
    @staticmethod
    def _of(x):
        return x._v if isinstance(x, Val) else Val(x)._v

    def add(self, other):
        return Val(self._v + Val._of(other))

    def sub(self, other):
        return Val(self._v - Val._of(other))

    def mul(self, other):
        return Val(self._v * Val._of(other))

    def div(self, other):
        o = Val._of(other)
        if o == 0:
            return Val.nan()
        if self.is_rat() and isinstance(o, (int, _Fraction)):
            return Val(_Fraction(self._v) / o)
        return Val(self._v / o)

    def neg(self):
        return Val(-self._v)

    def abs(self):
        return Val(abs(self._v))

    def floor(self):
        return Val(_math.floor(self._v)) if self.is_rat() else Val(self)

    def ceil(self):
        return Val(_math.ceil(self._v)) if self.is_rat() else Val(self)

    def min(self, other):
        return Val(min(self._v, Val._of(other)))

    def max(self, other):
        return Val(max(self._v, Val._of(other)))

    def gcd(self, other):
        return Val(_math.gcd(self.to_python(), Val(other).to_python()))

    def mod(self, other):
        return Val(self.to_python() % Val(other).to_python())

    __add__ = add
    __sub__ = sub
    __mul__ = mul
    __truediv__ = div
    __neg__ = neg
    __abs__ = abs

    def __radd__(self, other):
        return Val(Val._of(other) + self._v)

    def __rsub__(self, other):
        return Val(Val._of(other) - self._v)

    def __rmul__(self, other):
        return Val(Val._of(other) * self._v)

    def __floordiv__(self, other):
        return self.div(other).floor()

    def __mod__(self, other):
        return self.mod(other)

    # comparisons
    def _cmp_other(self, other):
        if isinstance(other, (Val, int, _Fraction)):
            return Val._of(other)
        return None

    def eq(self, other):
        return self == other

    def __eq__(self, other):
        o = self._cmp_other(other)
        if o is None:
            return NotImplemented
        return self._v == o

    def __ne__(self, other):
        o = self._cmp_other(other)
        if o is None:
            return NotImplemented
        return self._v != o

    def __lt__(self, other):
        return self._v < Val._of(other)

    def __le__(self, other):
        return self._v <= Val._of(other)

    def __gt__(self, other):
        return self._v > Val._of(other)

    def __ge__(self, other):
        return self._v >= Val._of(other)

    lt = __lt__
    le = __le__
    gt = __gt__
    ge = __ge__

    def __hash__(self):
        return hash(self._v)

    def __bool__(self):
        return not self.is_zero()

    def __int__(self):
        return self.to_python()

    def __index__(self):
        return self.to_python()

    def __float__(self):
        return float(self._v)

    def __str__(self):
        if self.is_nan():
            return "NaN"
        if self.is_infty():
            return "infty"
        if self.is_neginfty():
            return "-infty"
        return str(self._v)

    to_str = __str__

    def __repr__(self):
        return f'Val("{self}")'

    def __reduce__(self):
        return (Val, (str(self),))


def _val(x):
    """A Python int for an engine argument (Val or int)."""
    if isinstance(x, Val):
        return x.to_python()
    return x


# }}}

# {{{ spaces and names

_CHECK_DIM_TYPES = (dim_type.param, dim_type.in_, dim_type.out)


def _dim_types_of(obj_space):
    if obj_space.is_params():
        return [dim_type.param]
    if obj_space.is_set():
        return [dim_type.param, dim_type.set]
    return [dim_type.param, dim_type.in_, dim_type.out]


def _space_get_var_dict(self, dimtype=None, ignore_out=False):
    """{name: (dim_type, index)} of the named variables."""
    result = {}
    types = [dimtype] if dimtype is not None else _dim_types_of(self)
    if ignore_out and dimtype is None:
        types = [t for t in types if t != dim_type.out]
    for tp in types:
        for i in range(self.dim(tp)):
            name = self.get_dim_name(tp, i)
            if name is not None:
                if name in result:
                    raise RuntimeError(f"non-unique var name '{name}' encountered")
                result[name] = (tp, i)
    return result


def _space_get_var_names(self, dimtype):
    return [self.get_dim_name(dimtype, i) for i in range(self.dim(dimtype))]


def _space_repr(self):
    return f"Space('{self}')"


def _space_reduce(self):
    if self.is_map():
        return (_space_from_text, ("map", str(Map.universe(self))))
    return (_space_from_text, ("set", str(Set.universe(self))))


def _space_from_text(kind, text):
    return (Map(text) if kind == "map" else Set(text)).get_space()


Space.get_var_dict = _space_get_var_dict
Space.get_var_names = _space_get_var_names
Space.__repr__ = _space_repr
Space.__reduce__ = _space_reduce
Space.get_ctx = lambda self: DEFAULT_CONTEXT


def _obj_get_var_dict(self, dimtype=None):
    return self.get_space().get_var_dict(dimtype)


def _obj_get_var_names(self, dimtype):
    return self.get_space().get_var_names(dimtype)


# }}}

# {{{ generic behaviour of the set and map classes

_SET_FAMILY = (BasicSet, Set)
_MAP_FAMILY = (BasicMap, Map)


def _family(obj):
    if isinstance(obj, _SET_FAMILY):
        return _SET_FAMILY
    if isinstance(obj, _MAP_FAMILY):
        return _MAP_FAMILY
    if isinstance(obj, UnionSet):
        return (UnionSet,)
    if isinstance(obj, UnionMap):
        return (UnionMap,)
    return ()


def _full(obj):
    """A BasicSet/BasicMap as a Set/Map; others unchanged."""
    if isinstance(obj, BasicSet):
        return obj.to_set()
    if isinstance(obj, BasicMap):
        return obj.to_map()
    return obj


def _generic_repr(self):
    return f'{type(self).__name__}("{self}")'


def _generic_reduce(self):
    return (_read_from_str, (type(self).__name__, str(self)))


def _read_from_str(cls_name, text):
    return globals()[cls_name](text)


def _generic_eq(self, other):
    if not isinstance(other, _family(self)):
        return NotImplemented
    return _full(self).is_equal(_full(other))


def _generic_ne(self, other):
    r = _generic_eq(self, other)
    return r if r is NotImplemented else not r


def _op(method, reflected=False):
    def f(self, other):
        if not isinstance(other, _family(self)):
            return NotImplemented
        if method == "intersect" and type(self) is type(other) and \
                isinstance(self, (BasicSet, BasicMap)):
            return self.intersect(other)  # stays one conjunction
        a, b = (_full(other), _full(self)) if reflected else (_full(self), _full(other))
        return getattr(a, method)(b)

    f.__name__ = method
    return f


def _le(self, other):
    if not isinstance(other, _family(self)):
        return NotImplemented
    return _full(self).is_subset(_full(other))


def _lt(self, other):
    if not isinstance(other, _family(self)):
        return NotImplemented
    return _full(self).is_strict_subset(_full(other))


def _ge(self, other):
    if not isinstance(other, _family(self)):
        return NotImplemented
    return _full(other).is_subset(_full(self))


def _gt(self, other):
    if not isinstance(other, _family(self)):
        return NotImplemented
    return _full(other).is_strict_subset(_full(self))


def _project_out_except(self, names, types):
    """islpy's project_out_except: project out every variable of the given
    dim_types whose name is not in *names*."""
    obj = self
    for tp in types:
        while True:
            space = obj.get_space()
            var_dict = space.get_var_dict(tp)
            keep = {var_dict[n][1] for n in names if n in var_dict}
            drop = sorted(set(range(space.dim(tp))) - keep)
            if not drop:
                break
            first = drop[0]
            count = 1
            while first + count in drop:
                count += 1
            obj = obj.project_out(tp, first, count)
    return obj


def _eliminate_except(self, names, types):
    obj = self
    for tp in types:
        space = obj.get_space()
        var_dict = space.get_var_dict(tp)
        keep = {var_dict[n][1] for n in names if n in var_dict}
        for i in sorted(set(range(space.dim(tp))) - keep):
            obj = obj.eliminate(tp, i, 1)
    return obj


def _align_params(self, model):
    """islpy's align_params: parameters are aligned by name anyway; this
    adds the parameters of *model* that the object lacks."""
    params = model.params() if not model.is_params() else model
    return self.intersect_params(Set.universe(params))


for _cls in (BasicSet, Set, BasicMap, Map):
    _cls.__repr__ = _generic_repr
    _cls.__reduce__ = _generic_reduce
    _cls.__eq__ = _generic_eq
    _cls.__ne__ = _generic_ne
    _cls.__and__ = _op("intersect")
    _cls.__rand__ = _op("intersect", True)
    _cls.__or__ = _op("union")
    _cls.__ror__ = _op("union", True)
    _cls.__sub__ = _op("subtract")
    _cls.__rsub__ = _op("subtract", True)
    _cls.__le__ = _le
    _cls.__lt__ = _lt
    _cls.__ge__ = _ge
    _cls.__gt__ = _gt
    _cls.get_var_dict = _obj_get_var_dict
    _cls.get_var_names = _obj_get_var_names
    _cls.get_ctx = lambda self: DEFAULT_CONTEXT
    _cls.project_out_except = _project_out_except
    _cls.eliminate_except = _eliminate_except
    _cls.align_params = _align_params
    _cls.read_from_str = staticmethod(
        (lambda c: lambda ctx, s: c(s))(_cls))


def _forward_to_full(self, name):
    # BasicSet / BasicMap: what they lack, Set / Map have (islpy converts
    # basic objects the same way).
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(_full(self), name)


BasicSet.__getattr__ = _forward_to_full
BasicMap.__getattr__ = _forward_to_full


def _get_basic_sets(self):
    return list(self._basic_parts())


def _foreach_basic_set(self, callback):
    for b in self._basic_parts():
        callback(b)


Set.get_basic_sets = _get_basic_sets
Set.foreach_basic_set = _foreach_basic_set
Set.get_basic_set_list = _get_basic_sets
Map.get_basic_maps = _get_basic_sets
Map.foreach_basic_map = _foreach_basic_set
Map.get_basic_map_list = _get_basic_sets
BasicSet.get_basic_sets = lambda self: [self]
BasicMap.get_basic_maps = lambda self: [self]

for _cls in (Set, Map):
    _cls.count_val = (lambda f: lambda self: Val(f(self)))(_cls.count_val)


_dim_max_raw = Set.dim_max_val
_dim_min_raw = Set.dim_min_val


def _dim_max_val(self, pos):
    """The largest value of set dimension *pos* over the integer points
    (parameters free); Val.infty() when unbounded."""
    v = _dim_max_raw(self, pos)
    return Val(v) if v is not None else Val.infty()


def _dim_min_val(self, pos):
    v = _dim_min_raw(self, pos)
    return Val(v) if v is not None else Val.neginfty()


Set.dim_max_val = _dim_max_val
Set.dim_min_val = _dim_min_val


def _map_power(self, k=None):
    """R^k. With an integer k: the exact power (a Map). Otherwise the power
    with the exponent as a new parameter named *k* (default "k"), as a
    tuple (map, exact): exact False means a superset of every power."""
    if isinstance(k, (int, Val)) and not isinstance(k, bool):
        return self._power_int(_val(k))
    return self._power_param("k" if k is None else k)


def _umap_power(self, k=None):
    if isinstance(k, (int, Val)) and not isinstance(k, bool):
        return self._power_int(_val(k))
    raise NotImplementedError(
        "UnionMap.power with a parametric exponent is not implemented; "
        "give an integer k")


Map.power = _map_power
UnionMap.power = _umap_power

# }}}

# {{{ unions


def _union_hash(self):
    # Unions compare by meaning across spaces whose pieces may be empty,
    # so only the class is hashed (consistent with ==, not discriminating).
    return hash(type(self).__name__)


for _cls in (UnionSet, UnionMap):
    _cls.__repr__ = _generic_repr
    _cls.__reduce__ = _generic_reduce
    _cls.__eq__ = _generic_eq
    _cls.__ne__ = _generic_ne
    _cls.__hash__ = _union_hash
    _cls.__and__ = _op("intersect")
    _cls.__or__ = _op("union")
    _cls.__sub__ = _op("subtract")
    _cls.__le__ = _le
    _cls.__lt__ = _lt
    _cls.__ge__ = _ge
    _cls.__gt__ = _gt
    _cls.get_ctx = lambda self: DEFAULT_CONTEXT
    _cls.read_from_str = staticmethod(
        (lambda c: lambda ctx, s: c(s))(_cls))
    _cls.count_val = (lambda f: lambda self: Val(f(self)))(_cls.count_val)

UnionSet.foreach_set = lambda self, cb: [cb(s) for s in self.get_sets()] and None
UnionMap.foreach_map = lambda self, cb: [cb(m) for m in self.get_maps()] and None
UnionSet.get_set_list = UnionSet.get_sets
UnionMap.get_map_list = UnionMap.get_maps


def _uset_foreach_point(self, callback):
    for space, values in self._points():
        callback(Point._from_values(space, values))


UnionSet.foreach_point = _uset_foreach_point
UnionSet.n_basic_set = lambda self: sum(s.n_basic_set() for s in self.get_sets())
UnionMap.n_basic_map = lambda self: sum(m.n_basic_map() for m in self.get_maps())


def _compute_flow_legacy(sink, must_source, may_source, schedule):
    """isl_union_map_compute_flow: (must_dep, may_dep, must_no_source,
    may_no_source)."""
    info = UnionAccessInfo.from_sink(sink).set_must_source(must_source) \
        .set_may_source(may_source).set_schedule_map(schedule)
    f = info.compute_flow()
    return (f.get_must_dependence(), f.get_may_dependence(),
            f.get_must_no_source(), f.get_may_no_source())


UnionMap.compute_flow = staticmethod(_compute_flow_legacy)

# }}}

# {{{ points

_set_foreach_point_raw = Set.foreach_point


def _set_foreach_point(self, callback):
    """Calls *callback* with every Point of the set (which must have finitely
    many points, parameters included), in lexicographic order."""
    _set_foreach_point_raw(self, callback)


Set.foreach_point = _set_foreach_point
BasicSet.foreach_point = lambda self, cb: self.to_set().foreach_point(cb)


def _point_get_coordinate_val(self, tp, pos):
    return Val(self._coordinate(tp, pos))


def _point_set_coordinate_val(self, tp, pos, v):
    return self._set_coordinate(tp, pos, _val(v))


def _point_str(self):
    if self.is_void():
        return "void"
    return str(self.to_set())


def _point_eq(self, other):
    if not isinstance(other, Point):
        return NotImplemented
    if self.is_void() or other.is_void():
        return self.is_void() and other.is_void()
    return self.get_space() == other.get_space() and \
        self._values() == other._values()


def _point_hash(self):
    return hash(("Point", tuple(self._values()) if not self.is_void() else None))


def _point_from_values(space, values):
    p = Point.zero(space)
    k = 0
    for tp in _dim_types_of(space):
        for i in range(space.dim(tp)):
            p = p._set_coordinate(tp, i, values[k])
            k += 1
    return p


Point.get_coordinate_val = _point_get_coordinate_val
Point.set_coordinate_val = _point_set_coordinate_val
Point.__str__ = _point_str
Point.__repr__ = lambda self: f'Point("{self}")'
Point.__eq__ = _point_eq
Point.__ne__ = lambda self, o: not _point_eq(self, o)
Point.__hash__ = _point_hash
Point._from_values = staticmethod(_point_from_values)
Point.get_ctx = lambda self: DEFAULT_CONTEXT
Point.__reduce__ = lambda self: (
    _point_from_state, (self.get_space(), None if self.is_void() else self._values()))


def _point_from_state(space, values):
    if values is None:
        return Set.empty(space).sample_point()
    return _point_from_values(space, values)


# }}}

from ._constraints import Constraint  # noqa: E402
from ._functions import Quotient  # noqa: E402,F401
from ._affs import make_zero_and_vars, affs_from_space  # noqa: E402
from ._flow import UnionAccessInfo, UnionFlow, AccessInfo, Flow  # noqa: E402
from ._codegen import (  # noqa: E402,F401
    AstBuild, AstExpr, AstNode, AstNodeList, Id, ast_expr_op_type, ast_expr_type,
    ast_node_type, ast_op_type, codegen)
from ._missing import install_missing as _install_missing  # noqa: E402

_install_missing(globals())

__all__ = [
    "Aff", "PwAff", "MultiAff", "PwMultiAff", "StrideInfo", "FixedBox", "BasicMap", "BasicSet", "Constraint", "Context",
    "DEFAULT_CONTEXT", "Error", "InvalidArgument", "LimitExceeded", "Map",
    "ParseError", "Point", "Set", "Space", "SpaceError", "UnboundedError",
    "UnionAccessInfo", "UnionFlow", "UnionMap", "UnionSet", "Val", "dim_type",
    "affs_from_space", "make_zero_and_vars", "set_max_operations",
    "get_max_operations", "reset_operations", "get_operations",
    "AstBuild", "AstExpr", "AstNode", "AstNodeList", "Id", "ast_expr_op_type",
    "ast_expr_type", "ast_node_type", "ast_op_type", "codegen",
]
