# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""islpy's AST generation over the engine's generator (presburger::buildAst,
AstBuild.h): AstBuild, the enum types ast_node_type, ast_expr_type and
ast_expr_op_type, the parts of AstNode and AstExpr that return them (and
Val, Id, node lists), and `codegen`, the C text the calculator's `codegen`
prints. See docs/python.md, "AST generation"."""

from __future__ import annotations

import enum as _enum

from . import _core
from ._core import AstExpr, AstNode, InvalidArgument, Map, Set, UnionMap


class ast_node_type(_enum.IntEnum):
    """isl's isl_ast_node_type (islpy's ast_node_type)."""
    error = -1
    for_ = 1
    if_ = 2
    block = 3
    mark = 4
    user = 5


class ast_expr_type(_enum.IntEnum):
    """isl's isl_ast_expr_type; `int` and `int_` are the same member."""
    error = -1
    op = 0
    id = 1
    int = 2
    int_ = 2


class ast_expr_op_type(_enum.IntEnum):
    """isl's isl_ast_expr_op_type. The generator writes and_, or_, max,
    min, minus, add, sub, mul, div (exact), fdiv_q (floor), pdiv_r (the
    remainder of nonnegative operands), eq, le, lt, ge, gt and call."""
    error = -1
    and_ = 0
    and_then = 1
    or_ = 2
    or_else = 3
    max = 4
    min = 5
    minus = 6
    add = 7
    sub = 8
    mul = 9
    div = 10
    fdiv_q = 11
    pdiv_q = 12
    pdiv_r = 13
    zdiv_r = 14
    cond = 15
    select = 16
    eq = 17
    le = 18
    lt = 19
    ge = 20
    gt = 21
    call = 22
    access = 23
    member = 24
    address_of = 25


#: isl's older name of ast_expr_op_type.
ast_op_type = ast_expr_op_type


class Id:
    """islpy's Id, reduced to what the AST shows: a name (loop iterators,
    parameters, statements)."""

    __slots__ = ("_name",)

    def __init__(self, name, user=None, context=None):
        if not isinstance(name, str):
            raise InvalidArgument(f"Id: the name must be a str, got {name!r}")
        if user is not None:
            raise NotImplementedError(
                "presburger: islpy's Id with user data is not implemented")
        self._name = name

    def get_name(self):
        return self._name

    name = property(get_name)

    def __str__(self):
        return self._name

    def __repr__(self):
        return f"Id({self._name!r})"

    def __eq__(self, other):
        return isinstance(other, Id) and other._name == self._name

    def __hash__(self):
        return hash(("Id", self._name))


class AstNodeList(tuple):
    """islpy's AstNodeList: the nodes of a block, in order (a tuple)."""

    def n_ast_node(self):
        return len(self)

    def size(self):
        return len(self)

    def get_at(self, i):
        return self[i]

    get_ast_node = get_at


# {{{ AstNode and AstExpr: the islpy methods over the extension's

def _node_get_type(self):
    return ast_node_type(self._type())


def _block_get_children(self):
    return AstNodeList(self._block_children())


def _expr_get_type(self):
    return ast_expr_type(self._type())


def _expr_get_op_type(self):
    return ast_expr_op_type(self._op_type())


def _expr_get_id(self):
    return Id(self._id_name())


def _expr_get_val(self):
    from . import Val
    return Val(self._int_value())


AstNode.get_type = _node_get_type
AstNode.block_get_children = _block_get_children
AstNode.if_get_then = AstNode.if_get_then_node
AstNode.if_get_else = AstNode.if_get_else_node
AstNode.if_has_else = AstNode.if_has_else_node
AstExpr.get_type = _expr_get_type
AstExpr.get_op_type = _expr_get_op_type
AstExpr.op_get_type = _expr_get_op_type
AstExpr.op_get_n_arg = AstExpr.get_op_n_arg
AstExpr.op_get_arg = AstExpr.get_op_arg
AstExpr.get_id = _expr_get_id
AstExpr.id_get_id = _expr_get_id
AstExpr.get_val = _expr_get_val
AstExpr.int_get_val = _expr_get_val

# }}}


def _as_schedule(schedule, what):
    if isinstance(schedule, str):
        return UnionMap(schedule)
    if isinstance(schedule, UnionMap):
        return schedule
    if isinstance(schedule, Map):
        return UnionMap.from_map(schedule)
    raise InvalidArgument(
        f"{what}: the schedule must be a UnionMap, a Map or isl text "
        f"{{ S[i] -> [t] }}, got {type(schedule).__name__}")


def _as_context(context, what):
    if context is None:
        return None
    if isinstance(context, str):
        context = Set(context)
    if not isinstance(context, Set):
        raise InvalidArgument(
            f"{what}: the context must be a params Set, e.g. "
            f"Set(\"[n] -> {{ : n >= 1 }}\"), got {type(context).__name__}")
    if not context.is_params():
        raise InvalidArgument(
            f"{what}: the context must be a params set, not {context}")
    return context


def _count(value, what, name):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 \
            or value >= 2 ** 32:
        raise InvalidArgument(
            f"{what}: {name} must be an int in [0, 2**32), got {value!r}")
    return value


class AstBuild:
    """islpy's AstBuild: the context of AST generation (a params set) and
    the generator's options. A value: the set_* methods return a new
    AstBuild. Options (presburger::AstBuildOptions): separation of loops
    shared by several statements (up to max_separated statements per loop),
    unrolling of loops of at most unroll_limit iterations (0: never), and
    the prefix of the loop iterators."""

    __slots__ = ("_context", "_separate", "_max_separated", "_unroll_limit",
                 "_prefix")

    def __init__(self, context=None, *, separate=False, max_separated=4,
                 unroll_limit=0, iterator_prefix="c"):
        what = "AstBuild"
        self._context = _as_context(context, what)
        self._separate = bool(separate)
        self._max_separated = _count(max_separated, what, "max_separated")
        self._unroll_limit = _count(unroll_limit, what, "unroll_limit")
        if not isinstance(iterator_prefix, str):
            raise InvalidArgument(
                f"{what}: iterator_prefix must be a str, got {iterator_prefix!r}")
        self._prefix = iterator_prefix

    @staticmethod
    def from_context(context):
        """The build for the parameter values of the params set `context`
        (isl_ast_build_from_context)."""
        return AstBuild(_as_context(context, "AstBuild.from_context"))

    @staticmethod
    def alloc(context=None):
        """The build for every parameter value (isl_ast_build_alloc; the
        islpy Context argument is ignored)."""
        return AstBuild()

    def _with(self, **kw):
        d = dict(separate=self._separate, max_separated=self._max_separated,
                 unroll_limit=self._unroll_limit,
                 iterator_prefix=self._prefix)
        d.update(kw)
        return AstBuild(self._context, **d)

    def get_context(self):
        """The params set the code may assume, or None (every parameter
        value)."""
        return self._context

    def set_separate(self, separate=True):
        return self._with(separate=separate)

    def set_max_separated(self, n):
        return self._with(max_separated=n)

    def set_unroll_limit(self, n):
        return self._with(unroll_limit=n)

    def set_iterator_prefix(self, prefix):
        return self._with(iterator_prefix=prefix)

    def get_separate(self):
        return self._separate

    def get_max_separated(self):
        return self._max_separated

    def get_unroll_limit(self):
        return self._unroll_limit

    def get_iterator_prefix(self):
        return self._prefix

    def node_from_schedule_map(self, schedule):
        """The code (an AstNode) that executes every instance of
        `schedule` ({ instance -> time }, a UnionMap, a Map or its text)
        once, in lexicographic order of time, for the parameter values of
        the context. InvalidArgument when a statement's schedule is not
        injective or not bounded in time; SpaceError when a piece is a set;
        LimitExceeded when the work budget runs out. Cost: see
        presburger::buildAst (exponential in the worst case)."""
        s = _as_schedule(schedule, "AstBuild.node_from_schedule_map")
        return _core._build_ast(s, self._context, self._separate,
                                self._max_separated, self._unroll_limit,
                                self._prefix)

    #: isl's older name.
    ast_from_schedule = node_from_schedule_map

    def __repr__(self):
        ctx = "" if self._context is None else f"Set(\"{self._context}\")"
        return (f"AstBuild({ctx}{', ' if ctx else ''}separate={self._separate}, "
                f"max_separated={self._max_separated}, "
                f"unroll_limit={self._unroll_limit}, "
                f"iterator_prefix={self._prefix!r})")


def codegen(schedule, context=None, *, separate=False, max_separated=4,
            unroll_limit=0, iterator_prefix="c"):
    """The C code of `schedule` (as AstBuild(context, ...)
    .node_from_schedule_map(schedule).to_C_str()): the text the
    calculator's `codegen` prints, '' for an empty schedule."""
    b = AstBuild(_as_context(context, "codegen"), separate=separate,
                 max_separated=max_separated, unroll_limit=unroll_limit,
                 iterator_prefix=iterator_prefix)
    return b.node_from_schedule_map(schedule).to_C_str()
