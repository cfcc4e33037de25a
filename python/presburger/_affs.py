# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""islpy's make_zero_and_vars / affs_from_space: a PwAff per variable of a
set space, for building sets without string manipulation:

    v = isl.make_zero_and_vars("i,j", "n")
    s = v[0].le_set(v["i"]) & v["i"].lt_set(v["n"])

The expressions are the engine's PwAff (python/src/Functions.cpp), so the
arithmetic and the comparisons are its operations.
"""

from __future__ import annotations

from ._core import InvalidArgument, PwAff, Space


def _space_of(space):
    if hasattr(space, "get_space"):
        space = space.get_space()
    if not isinstance(space, Space):
        raise TypeError("expected a Space")
    return space


def affs_from_space(space):
    """{name: PwAff} for every named parameter and set dimension of *space*,
    and {0: the zero PwAff} (islpy's affs_from_space)."""
    space = _space_of(space)
    if space.is_map():
        raise InvalidArgument("affs_from_space needs a set space")
    result = {0: PwAff.zero_on_domain(space)}
    for name, (tp, idx) in space.get_var_dict().items():
        result[name] = PwAff.var_on_domain(space, tp, idx)
    return result


def make_zero_and_vars(set_vars, params=(), ctx=None):
    """islpy's make_zero_and_vars: PwAffs for the set variables and the
    parameters (comma-separated strings or lists), and 0."""
    if isinstance(set_vars, str):
        set_vars = [s.strip() for s in set_vars.split(",") if s.strip()]
    if isinstance(params, str):
        params = [s.strip() for s in params.split(",") if s.strip()]
    space = Space.create_from_names(ctx, set=list(set_vars), params=list(params))
    return affs_from_space(space)
