# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""islpy's UnionAccessInfo / UnionFlow over the engine's exact dataflow
analysis (presburger::computeFlow, Dataflow.h)."""

from __future__ import annotations

from . import _core
from ._core import UnionMap


def _empty_like(u):
    return UnionMap.empty(u.get_space())


class UnionAccessInfo:
    """What a dataflow analysis reads: sink accesses, must and may sources,
    kills, and a schedule (as a map; islpy's Schedule objects are not
    implemented: use set_schedule_map)."""

    __slots__ = ("_sink", "_must", "_may", "_kill", "_schedule")

    def __init__(self, sink, must=None, may=None, kill=None, schedule=None):
        self._sink = UnionMap(sink) if not isinstance(sink, UnionMap) else sink
        e = _empty_like(self._sink)
        self._must = must if must is not None else e
        self._may = may if may is not None else e
        self._kill = kill if kill is not None else e
        self._schedule = schedule

    @staticmethod
    def from_sink(sink):
        return UnionAccessInfo(sink)

    def _with(self, **kw):
        d = dict(must=self._must, may=self._may, kill=self._kill,
                 schedule=self._schedule)
        d.update(kw)
        return UnionAccessInfo(self._sink, **d)

    def set_must_source(self, must):
        return self._with(must=UnionMap(must) if not isinstance(must, UnionMap) else must)

    def set_may_source(self, may):
        return self._with(may=UnionMap(may) if not isinstance(may, UnionMap) else may)

    def set_kill(self, kill):
        return self._with(kill=UnionMap(kill) if not isinstance(kill, UnionMap) else kill)

    def set_schedule_map(self, schedule):
        return self._with(schedule=UnionMap(schedule) if not isinstance(schedule, UnionMap) else schedule)

    def set_schedule(self, schedule):
        if hasattr(schedule, "get_map"):
            return self.set_schedule_map(schedule.get_map())
        raise NotImplementedError(
            "UnionAccessInfo.set_schedule: schedule trees are not "
            "implemented; use set_schedule_map")

    def compute_flow(self):
        if self._schedule is None:
            raise _core.InvalidArgument("compute_flow needs a schedule (set_schedule_map)")
        must_dep, may_dep, must_no, may_no = _core._compute_flow(
            self._sink, self._must, self._may, self._kill, self._schedule)
        return UnionFlow(must_dep, may_dep, must_no, may_no)

    def __str__(self):
        return (f"sink: {self._sink}\nmust_source: {self._must}\n"
                f"may_source: {self._may}\nkill: {self._kill}\n"
                f"schedule_map: {self._schedule}")


class UnionFlow:
    """The result of compute_flow."""

    __slots__ = ("_must", "_may", "_must_no", "_may_no")

    def __init__(self, must, may, must_no, may_no):
        self._must, self._may, self._must_no, self._may_no = must, may, must_no, may_no

    def get_must_dependence(self):
        return self._must

    def get_may_dependence(self):
        return self._may

    def get_must_no_source(self):
        return self._must_no

    def get_may_no_source(self):
        return self._may_no

    def get_full_must_dependence(self):
        raise NotImplementedError("UnionFlow.get_full_must_dependence is not implemented")

    def get_full_may_dependence(self):
        raise NotImplementedError("UnionFlow.get_full_may_dependence is not implemented")


class AccessInfo:
    """isl's single-map access info (isl_access_info) is not implemented:
    use UnionAccessInfo."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("AccessInfo is not implemented; use UnionAccessInfo")


class Flow:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("Flow is not implemented; use UnionFlow")
