# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""AST generation from Python: AstBuild, AstNode and AstExpr with islpy's
method names, and codegen. The C text of simple schedules is compared with
what isl writes for them; every other check runs the tree: an interpreter
below walks the AstNode through islpy's accessors only, for several
parameter values, and the instances it executes are compared by brute
force with the schedule's points in order of time (the same random
schedules as tests/support/RandomSchedules.h draws in C++)."""

import pytest
from hypothesis import given, strategies as st

import presburger as isl
from presburger import (AstBuild, Set, UnionMap, ast_expr_op_type,
                        ast_expr_type, ast_node_type, codegen)

Op = ast_expr_op_type


# {{{ an interpreter of the AST through islpy's accessors

def evaluate(e, env):
    t = e.get_type()
    if t == ast_expr_type.int:
        return e.get_val().to_python()
    if t == ast_expr_type.id:
        return env[e.get_id().get_name()]
    assert t == ast_expr_type.op
    op = e.get_op_type()
    args = [e.get_op_arg(i) for i in range(e.get_op_n_arg())]
    if op in (Op.and_, Op.or_):
        assert len(args) == 2  # binary, as isl's
    v = [evaluate(a, env) for a in args]
    if op == Op.minus:
        return -v[0]
    if op == Op.add:
        return v[0] + v[1]
    if op == Op.sub:
        return v[0] - v[1]
    if op == Op.mul:
        return v[0] * v[1]
    if op == Op.fdiv_q:
        assert v[1] > 0
        return v[0] // v[1]
    if op == Op.div:
        assert v[1] > 0 and v[0] % v[1] == 0, "an inexact division"
        return v[0] // v[1]
    if op == Op.pdiv_r:
        assert v[0] >= 0 and v[1] > 0, "a remainder of a negative value"
        return v[0] % v[1]
    if op == Op.min:
        return min(v)
    if op == Op.max:
        return max(v)
    compare = {Op.eq: lambda a, b: a == b, Op.le: lambda a, b: a <= b,
               Op.lt: lambda a, b: a < b, Op.ge: lambda a, b: a >= b,
               Op.gt: lambda a, b: a > b,
               Op.and_: lambda a, b: bool(a and b),
               Op.or_: lambda a, b: bool(a or b)}
    return int(compare[op](v[0], v[1]))


def run(node, env, out, steps=None):
    """Appends the instances (name, coordinates) `node` executes to out."""
    steps = steps if steps is not None else [0]
    t = node.get_type()
    if t == ast_node_type.block:
        children = node.block_get_children()
        assert children.n_ast_node() == len(children)
        for i in range(children.n_ast_node()):
            run(children.get_at(i), env, out, steps)
    elif t == ast_node_type.for_:
        name = node.for_get_iterator().get_id().get_name()
        assert name not in env
        step = evaluate(node.for_get_inc(), env)
        assert step > 0
        env[name] = evaluate(node.for_get_init(), env)
        while evaluate(node.for_get_cond(), env):
            steps[0] += 1
            assert steps[0] < 100000, "a runaway loop"
            run(node.for_get_body(), env, out, steps)
            env[name] += step
        del env[name]
    elif t == ast_node_type.if_:
        if evaluate(node.if_get_cond(), env):
            run(node.if_get_then_node(), env, out, steps)
        elif node.if_has_else_node():
            run(node.if_get_else_node(), env, out, steps)
    else:
        assert t == ast_node_type.user
        call = node.user_get_expr()
        assert call.get_op_type() == Op.call
        stmt = call.get_op_arg(0).get_id().get_name()
        coords = tuple(evaluate(call.get_op_arg(i), env)
                       for i in range(1, call.get_op_n_arg()))
        out.append((stmt, coords))
    return out


def scheduled(schedule, values):
    """{(name, coordinates): time} of the schedule's instances at the
    parameter values, by enumeration of its points."""
    fix = " and ".join(f"{p} = {v}" for p, v in values.items())
    params = ", ".join(values)
    u = schedule.intersect_params(Set(f"[{params}] -> {{ : {fix} }}"))
    times = {}
    for m in u.get_map_list():
        name = m.get_tuple_name(isl.dim_type.in_) or "S"
        n_in = m.dim(isl.dim_type.in_)
        n_out = m.dim(isl.dim_type.out)

        def add(p, name=name, n_in=n_in, n_out=n_out):
            c = [p.get_coordinate_val(isl.dim_type.set, k).to_python()
                 for k in range(n_in + n_out)]
            key = (name, tuple(c[:n_in]))
            assert key not in times
            times[key] = tuple(c[n_in:])
        m.wrap().foreach_point(add)
    return times


def check_scans(schedule, context=None, values=(-1, 0, 1, 3), **options):
    """The code of `schedule` executes its instances once each in time
    order for every combination of the parameters in `values` (those the
    context holds); returns the AstNode."""
    schedule = UnionMap(schedule)
    node = AstBuild(context, **options).node_from_schedule_map(schedule)
    check_runs(node, schedule, context, values)
    return node


def check_runs(node, schedule, context, values):
    """`node` runs the instances of `schedule` once each in time order for
    the parameter values of `values` that the context holds."""
    params = schedule.get_space().get_var_names(isl.dim_type.param)
    ctx = None if context is None else Set(context)
    grid = [{}]
    for p in params:
        grid = [dict(g, **{p: v}) for g in grid for v in values]
    ran = 0
    for env in grid:
        if ctx is not None and params:
            fix = " and ".join(f"{p} = {v}" for p, v in env.items())
            point = Set(f"[{', '.join(env)}] -> {{ : {fix} }}")
            if point.intersect(ctx.align_params(point.get_space())).is_empty():
                continue
        times = scheduled(schedule, env)
        executed = run(node, dict(env), [])
        where = f"at {env}:\n{node.to_C_str()}"
        assert len(executed) == len(set(executed)), "an instance twice " + where
        assert set(executed) == set(times), where
        depth = max((len(t) for t in times.values()), default=0)
        order = [times[i] + (0,) * (depth - len(times[i])) for i in executed]
        assert order == sorted(order), "out of time order " + where
        ran += 1
    assert ran > 0


def test_the_check_sees_wrong_code():
    # The code of one schedule run against the points of another: missing
    # instances, extra ones, the wrong order.
    node = AstBuild().node_from_schedule_map(TRIANGLE)
    for other in ["[n] -> { S[i, j] -> [i, j] : 0 <= j < i < n }",
                  "[n] -> { S[i, j] -> [i, j] : 0 <= j <= i <= n }",
                  "[n] -> { S[i, j] -> [j, i] : 0 <= j <= i < n }"]:
        with pytest.raises(AssertionError):
            check_runs(node, UnionMap(other), None, (2, 3))

# }}}


# {{{ the code of simple schedules

TRIANGLE = "[n] -> { S[i, j] -> [i, j] : 0 <= j <= i < n }"


def test_triangle_prints_two_loops():
    expected = ("for (int c0 = 0; c0 <= n - 1; c0 += 1)\n"
                "  for (int c1 = 0; c1 <= c0; c1 += 1)\n"
                "    S(c0, c1);\n")
    assert codegen(TRIANGLE) == expected
    node = AstBuild.from_context(Set("{ : }")).node_from_schedule_map(
        UnionMap(TRIANGLE))
    assert node.to_C_str() == expected == str(node)
    check_scans(TRIANGLE)


def test_triangle_through_the_accessors():
    node = isl.AstBuild.alloc().node_from_schedule_map(UnionMap(TRIANGLE))
    assert node.get_type() == ast_node_type.for_
    assert node.for_get_iterator().get_id().get_name() == "c0"
    assert node.for_get_iterator().get_id() == isl.Id("c0")
    assert node.for_get_init().get_type() == ast_expr_type.int
    assert node.for_get_init().get_val() == 0
    assert node.for_get_cond().to_C_str() == "c0 <= n - 1"
    assert node.for_get_cond().get_op_type() == Op.le
    assert node.for_get_cond().get_op_arg(0) == node.for_get_iterator()
    assert node.for_get_inc().get_val() == 1
    assert not node.for_is_degenerate()
    inner = node.for_get_body()
    assert inner.for_get_cond().get_op_arg(1).to_C_str() == "c0"
    user = inner.for_get_body()
    assert user.get_type() == ast_node_type.user
    call = user.user_get_expr()
    assert call.get_type() == ast_expr_type.op
    assert call.get_op_type() == Op.call
    assert call.get_op_n_arg() == 3
    assert call.to_C_str() == "S(c0, c1)"
    assert [call.get_op_arg(i).to_C_str() for i in range(3)] == ["S", "c0", "c1"]
    assert call.get_op_arg(2).get_id().get_name() == "c1"
    # Children outlive the objects they came from.
    del node, inner
    assert call.get_op_arg(1).get_id().get_name() == "c0"


def test_sequence_is_a_block():
    s = "[n] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] : 0 <= i < n }"
    node = check_scans(s)
    body = node.for_get_body()
    assert body.get_type() == ast_node_type.block
    kids = body.block_get_children()
    assert [k.user_get_expr().to_C_str() for k in kids] == ["S(c0)", "T(c0)"]
    assert codegen(s) == ("for (int c0 = 0; c0 <= n - 1; c0 += 1) {\n"
                          "  S(c0);\n"
                          "  T(c0);\n"
                          "}\n")


def test_guards_are_ifs():
    s = "{ S[i] -> [i] : 0 <= i < 3; T[i] -> [i + 1] : 0 <= i < 2 }"
    node = check_scans(s)
    assert codegen(s) == ("for (int c0 = 0; c0 <= 2; c0 += 1) {\n"
                          "  S(c0);\n"
                          "  if (c0 >= 1)\n"
                          "    T(c0 - 1);\n"
                          "}\n")
    guard = node.for_get_body().block_get_children()[1]
    assert guard.get_type() == ast_node_type.if_
    assert guard.if_get_cond().get_op_type() == Op.ge
    assert not guard.if_has_else_node()
    with pytest.raises(isl.InvalidArgument, match="no else branch"):
        guard.if_get_else_node()


def test_stride_tiles_and_skews():
    strided = "[n] -> { S[i] -> [i] : 0 <= i < n and i mod 3 = 1 }"
    assert codegen(strided) == ("for (int c0 = 1; c0 <= n - 1; c0 += 3)\n"
                                "  S(c0);\n")
    assert check_scans(strided, values=range(-1, 8)).for_get_inc().get_val() == 3
    tiled = "[n] -> { S[i] -> [floor(i/4), i] : 0 <= i < n }"
    node = check_scans(tiled, values=range(-1, 10))
    upper = node.for_get_cond().get_op_arg(1)
    assert upper.get_op_type() == Op.fdiv_q
    assert upper.to_C_str() == "floord(n - 1, 4)"
    inner = node.for_get_body().for_get_cond().get_op_arg(1)
    assert inner.get_op_type() == Op.min and inner.get_op_n_arg() == 2
    check_scans("[n] -> { S[i, j] -> [i + j, j] : 0 <= i < n and 0 <= j < n }")
    check_scans("[n, m] -> { S[i, j] -> [j, i] : 0 <= i < n and 0 <= j <= m }")
    check_scans("[n] -> { S[i, j] -> [floor(i/2), floor(j/2), i, j] : "
                "0 <= i < n and 0 <= j < n }")
    check_scans("[n] -> { S[i] -> [2i + 1] : 0 <= i < n }")


def test_context_and_options():
    s = "[n] -> { S[i] -> [i] : 0 <= i <= 2 and n >= 1 }"
    assert "if (n >= 1)" in codegen(s)
    assert codegen(s, "[n] -> { : n >= 1 }") == codegen(
        s, Set("[n] -> { : n >= 1 }")) == ("for (int c0 = 0; c0 <= 2; c0 += 1)\n"
                                            "  S(c0);\n")
    check_scans(s, "[n] -> { : n >= 1 }")
    three = "{ S[i] -> [i] : 0 <= i <= 2 }"
    assert codegen(three, unroll_limit=3) == "S(0);\nS(1);\nS(2);\n"
    assert codegen(three, unroll_limit=2) == codegen(three)
    assert codegen(three, iterator_prefix="t") == (
        "for (int t0 = 0; t0 <= 2; t0 += 1)\n  S(t0);\n")
    two = "[n, m] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] : 0 <= i < m }"
    b = AstBuild().set_separate()
    assert b.get_separate() and not AstBuild().get_separate()
    separated = b.node_from_schedule_map(two)
    assert separated.to_C_str() == codegen(two, separate=True) != codegen(two)
    assert separated._counts()[1] < AstBuild().node_from_schedule_map(two)._counts()[1]
    check_scans(two, separate=True)
    check_scans(two, separate=True, max_separated=1)
    assert AstBuild().set_unroll_limit(5).get_unroll_limit() == 5


def test_empty_and_anonymous():
    node = AstBuild().node_from_schedule_map("{ }")
    assert node.get_type() == ast_node_type.block
    assert len(node.block_get_children()) == 0
    assert node.to_C_str() == "" == codegen("{ }")
    assert codegen("{ [i] -> [i] : 0 <= i <= 1 }") == (
        "for (int c0 = 0; c0 <= 1; c0 += 1)\n  S(c0);\n")
    assert codegen(isl.Map("{ A[i] -> [i] : 0 <= i <= 1 }")) == (
        "for (int c0 = 0; c0 <= 1; c0 += 1)\n  A(c0);\n")


def test_conjunctions_are_binary():
    s = ("[n, m, k] -> { S[i] -> [i] : 0 <= i < 3 and n >= 1 and m >= 1 and "
         "k >= 1 }")
    node = check_scans(s, values=(0, 1))
    assert node.get_type() == ast_node_type.if_
    cond = node.if_get_cond()
    assert cond.get_op_type() == Op.and_ and cond.get_op_n_arg() == 2
    left = cond.get_op_arg(0)
    assert left.get_op_type() == Op.and_ and left.get_op_n_arg() == 2
    leaves = [left.get_op_arg(0), left.get_op_arg(1), cond.get_op_arg(1)]
    assert sorted(x.to_C_str() for x in leaves) == ["k >= 1", "m >= 1", "n >= 1"]
    assert cond.to_C_str() == " && ".join(x.to_C_str() for x in leaves)
    assert cond.is_equal(node.if_get_cond()) and hash(cond) == hash(node.if_get_cond())

# }}}


# {{{ errors

def test_bad_input_raises_our_errors():
    with pytest.raises(isl.InvalidArgument, match="same time"):
        codegen("{ S[i] -> [0] : 0 <= i < 2 }")
    with pytest.raises(isl.InvalidArgument, match="time dimension 0"):
        codegen("[n] -> { S[i] -> [i] : i >= 0 }")
    with pytest.raises(isl.SpaceError, match="expected a union map"):
        codegen("{ S[i] : 0 <= i < 2 }")
    with pytest.raises(isl.InvalidArgument, match="got UnionSet"):
        codegen(isl.UnionSet("{ S[i] : 0 <= i < 2 }"))
    with pytest.raises(isl.InvalidArgument, match="params set"):
        codegen("{ S[i] -> [i] : 0 <= i < 2 }", "{ [i] : i >= 0 }")
    with pytest.raises(isl.InvalidArgument, match="params Set"):
        AstBuild.from_context(3)
    with pytest.raises(isl.InvalidArgument, match="the schedule must be"):
        AstBuild().node_from_schedule_map(42)
    with pytest.raises(isl.InvalidArgument, match="unroll_limit"):
        AstBuild().set_unroll_limit(-1)
    with pytest.raises(isl.InvalidArgument, match="not a C identifier"):
        codegen("{ S[i] -> [i] : 0 <= i < 2 }", iterator_prefix="2x")
    with pytest.raises(isl.ParseError):
        codegen("{ S[i] -> [i] : ")
    node = AstBuild().node_from_schedule_map(TRIANGLE)
    with pytest.raises(isl.InvalidArgument, match="is a for loop, not an if"):
        node.if_get_cond()
    with pytest.raises(isl.InvalidArgument, match="not a block"):
        node.block_get_children()
    with pytest.raises(isl.InvalidArgument, match="argument 2 of an operation of 2"):
        node.for_get_cond().get_op_arg(2)
    with pytest.raises(isl.InvalidArgument, match="not an operation"):
        node.for_get_init().get_op_type()
    with pytest.raises(isl.InvalidArgument, match="not a name"):
        node.for_get_init().get_id()
    with pytest.raises(isl.InvalidArgument, match="not an integer"):
        node.for_get_iterator().get_val()


def test_what_is_not_implemented_says_so():
    node = AstBuild().node_from_schedule_map(TRIANGLE)
    with pytest.raises(NotImplementedError, match="AstBuild.set_options"):
        AstBuild().set_options(UnionMap("{ }"))
    with pytest.raises(NotImplementedError, match="AstNode.print"):
        node.print(None, None)


def test_the_work_budget_applies():
    s = UnionMap("[n, m] -> { S[i, j] -> [i + j, j] : 0 <= i < n and "
                 "0 <= j < m; T[i] -> [i, 1] : 0 <= i < n }")
    try:
        isl.set_max_operations(50)
        with pytest.raises(isl.LimitExceeded):
            codegen(s)
    finally:
        isl.set_max_operations(0)
        isl.reset_operations()

# }}}


# {{{ random schedules (tests/support/RandomSchedules.h's shapes)

def random_statement(pick, index, num_stmts):
    dims = pick(1, 2)
    it = ["i", "j"][:dims]
    name = chr(ord("A") + index)
    tuple_ = f"{name}[{', '.join(it)}]"
    cons = " and ".join(f"0 <= {v} <= n" for v in it)
    if dims > 1 and pick(0, 1):
        cons += f" and j <= i + {pick(0, 2)}"
    if pick(0, 2) == 0:
        cons += f" and {it[0]} mod {pick(2, 3)} = {pick(0, 1)}"
    if pick(0, 2) == 0:
        cons += f" and {it[-1]} <= m"
    i0, i1 = it[0], (it[1] if dims > 1 else "0")
    shift = pick(0, 2)
    shape = pick(0, 5)
    if shape == 0:
        t = [i0, i1]
    elif shape == 1:
        t = [i1, i0]
    elif shape == 2:
        t = [f"{i0} + {i1}", i1]
    elif shape == 3:
        t = [f"floor({i0}/3)", i0, i1]
    elif shape == 4:
        t = [f"{i0} + {shift}", i1]
    else:
        t = [f"floor({i0}/2)", f"floor({i1}/2)" if dims > 1 else "0", i0, i1]
    if num_stmts > 1:
        seq = str(pick(0, num_stmts - 1))
        t.insert(0 if pick(0, 1) else 1, seq)
    return f"{tuple_} -> [{', '.join(t)}] : {cons}"


@given(st.data())
def test_random_schedules_run_in_time_order(data):
    def pick(lo, hi):
        return data.draw(st.integers(lo, hi))
    num = pick(1, 3)
    text = "[n, m] -> { " + "; ".join(
        random_statement(pick, s, num) for s in range(num)) + " }"
    options = data.draw(st.sampled_from([{}, {"separate": True},
                                         {"unroll_limit": 3}]))
    context = data.draw(st.sampled_from([None, "[n, m] -> { : n >= 1 and m >= 0 }"]))
    check_scans(text, context, values=(-1, 0, 2, 3), **options)

# }}}
