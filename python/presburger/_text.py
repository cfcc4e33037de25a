# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Building sets from conditions written over a space's variables: the
variables get internal names, the condition is written with them, the text
is parsed, and the original name hints are put back."""

from __future__ import annotations

from . import _core

dt = _core.dim_type


def dim_types(space):
    if space.is_params():
        return []
    if space.is_set():
        return [dt.set]
    return [dt.in_, dt.out]


def internal_names(space):
    """(renamed space, {key: name}) where key is ("p", name) for a parameter
    and (int(dim_type), pos) for a dimension."""
    names = {}
    sp = space
    k = 0
    for tp in dim_types(space):
        for i in range(space.dim(tp)):
            nm = f"__d{k}"
            k += 1
            sp = sp.set_dim_name(tp, i, nm)
            names[(int(tp), i)] = nm
    for i in range(space.dim(dt.param)):
        p = space.get_dim_name(dt.param, i)
        names[("p", p)] = p
    return sp, names


def build(space, condition):
    """The Set (or Map) of *space* where *condition* holds; *condition* is a
    function from the names dictionary to isl-notation text."""
    sp, names = internal_names(space)
    if sp.is_map():
        cls = _core.Map
    else:
        cls = _core.Set
    text = str(cls.universe(sp)).rstrip()
    assert text.endswith("}"), text
    head = text[:-1].rstrip()
    if head.endswith(":"):
        head = head[:-1].rstrip()
    obj = cls(f"{head} : {condition(names)} }}")
    # Keep the space as given: its parameters (the text may have lost
    # unused ones) and its name hints.
    obj = obj.intersect_params(_core.Set.universe(space.params()))
    for tp in dim_types(space):
        for i in range(space.dim(tp)):
            obj = obj.set_dim_name(tp, i, space.get_dim_name(tp, i) or "")
    return obj
