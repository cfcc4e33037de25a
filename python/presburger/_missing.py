# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""islpy names this package does not implement: each raises
NotImplementedError naming itself (docs/python.md lists them)."""

from __future__ import annotations

MISSING = {
    "Set": [
        "card", "compute_vertices", "get_id_dict",
        "get_dim_id", "set_dim_id", "get_tuple_id", "set_tuple_id",
        "coefficients",
        "solutions", "plain_get_val_if_fixed", "is_box", "align_divs",
        "partial_lexmin", "partial_lexmax", "unshifted_simple_hull", "is_bounded",
        "is_singleton", "drop_constraints_involving_dims",
        "involves_dims", "to_list", "polynomial_hull",
    ],
    "Map": [
        "get_id_dict", "get_dim_id", "set_dim_id",
        "get_tuple_id", "set_tuple_id", "partial_lexmin", "partial_lexmax",
        "align_divs", "fixed_power_val", "reaching_path_lengths",
        "drop_constraints_involving_dims", "involves_dims", "to_list",
        "sum",
    ],
    "UnionSet": [
        "compute_schedule", "get_basic_set_list", "lexmin_pw_multi_aff",
        "preimage_multi_aff", "coefficients", "solutions",
        "identity_union_pw_multi_aff", "card", "polyhedral_hull_list",
    ],
    "UnionMap": [
        "flatten_domain", "flatten_range", "as_union_pw_multi_aff",
        "lexmin_union_pw_multi_aff", "preimage_domain_multi_aff",
        "fixed_power_val", "schedule_compute", "get_basic_map_list",
        "card",
    ],
    "Space": [
        "get_id_dict", "get_dim_id", "set_dim_id", "get_tuple_id",
        "set_tuple_id", "align_params", "curry", "uncurry", "zip",
        "flatten_domain", "flatten_range", "join", "drop_dims",
    ],
    "Point": ["get_coordinates"],
    "AstBuild": [
        "set_options", "set_iterators", "set_at_each_domain",
        "set_before_each_for", "set_after_each_for", "node_from",
        "expr_from", "access_from", "call_from", "get_schedule",
        "get_schedule_space",
    ],
    "AstNode": [
        "print", "get_annotation", "set_annotation", "mark_get_id",
        "mark_get_node", "foreach_descendant_top_down",
        "map_descendant_bottom_up", "to_str", "to_list",
    ],
    "AstExpr": ["set_op_arg", "substitute_ids", "to_str", "print"],
}

# Whole classes of islpy that have no counterpart yet.
MISSING_CLASSES = [
    "Schedule", "ScheduleNode", "ScheduleConstraints", "MultiPwAff",
    "UnionPwAff", "UnionPwMultiAff", "MultiUnionPwAff", "QPolynomial",
    "PwQPolynomial", "UnionPwQPolynomial", "Vertices", "Vertex", "Cell",
    "MultiVal", "Mat", "Vec", "Printer",
]

MISSING_FUNCTIONS = ["align_spaces", "align_two"]


def _stub(qualname):
    def f(*args, **kwargs):
        raise NotImplementedError(
            f"presburger: islpy's {qualname} is not implemented")
    f.__name__ = qualname.rsplit(".", 1)[-1]
    f.__doc__ = f"islpy's {qualname}: not implemented (raises NotImplementedError)."
    return f


def _missing_class(name):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"presburger: islpy's {name} is not implemented")

    def __getattr__(cls, attr):
        raise NotImplementedError(f"presburger: islpy's {name}.{attr} is not implemented")

    meta = type(f"_{name}Meta", (type,), {"__getattr__": __getattr__})
    return meta(name, (), {"__init__": __init__,
                           "__doc__": f"islpy's {name}: not implemented."})


class LocalSpace:
    """islpy's LocalSpace, reduced to what affs_from_space-style code uses:
    from_space gives the space back."""

    @staticmethod
    def from_space(space):
        return space


def install_missing(namespace):
    for cls_name, names in MISSING.items():
        cls = namespace[cls_name]
        for n in names:
            if not hasattr(cls, n):
                setattr(cls, n, _stub(f"{cls_name}.{n}"))
    for n in MISSING_CLASSES:
        namespace.setdefault(n, _missing_class(n))
    for n in MISSING_FUNCTIONS:
        namespace.setdefault(n, _stub(n))
    namespace.setdefault("LocalSpace", LocalSpace)
