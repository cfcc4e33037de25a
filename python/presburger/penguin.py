# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""penguin from Python: parse a .pn module, run named passes with their
options (those penguin-opt does not expose too), read the statistics, print
the module; and the dependence analysis with presburger results.

    from presburger import penguin
    m = penguin.parse(open("k.pn").read(), "k.pn")
    r = m.run("canonicalize",
              penguin.Pass("simplify-predicates", overapproximate=True,
                           approximate_predicates=True, work_limit=10**6),
              penguin.Pass("shrink-domains", fixed_axes=["i"]))
    print(r.statistics.get("simplify-predicates", "eliminated-predicates"))
    print(m)

Passes rewrite the module in place, as penguin-opt does. A Module may be
shared between threads (they take turns on it); different modules run in
parallel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import _core

if not _core._have_penguin:  # pragma: no cover
    raise ImportError("presburger was built without penguin")

_p = _core._penguin
Statistics = _p.Statistics
Error = _core.Error
LocatedError = _core.LocatedError
ParseError = _core.PenguinParseError
PassFailure = _core.PassFailure
NotImplementedError_ = _core.PenguinNotImplementedError

#: The options each pass takes beyond penguin-opt's NAME=ARG (and
#: work_limit, which every pass takes).
PASS_OPTIONS = {
    "simplify-predicates": ("overapproximate", "approximate_predicates",
                            "fixed_axes", "keep_guards_when_all_implied"),
    "shrink-domains": ("overapproximate", "approximate_predicates",
                       "fixed_axes", "keep_guards_when_all_implied"),
    "memcpy-elimination": ("require_linear",),
    "dependences": ("mode",),
    "check-schedule": ("mode", "schedule"),
}


class Pass:
    """One pass to run: its name, penguin-opt's argument (``NAME=ARG``), and
    options:

    simplify-predicates, shrink-domains
        overapproximate (compute_divs then remove_divs: a sound superset),
        approximate_predicates (let approx(...) guards take part),
        fixed_axes (loop variables shrink-domains keeps),
        keep_guards_when_all_implied (the seed's literal short-circuit),
        work_limit (budget of each guarded engine computation; a failure
        leaves that instruction or loop unchanged and is counted)
    memcpy-elimination
        require_linear (the seed's linearity check; default True)
    dependences
        mode: "may" (default) or "exact"
    check-schedule
        schedule (inline text: a tree or an isl relation), mode
    every other pass
        work_limit (one budget for the whole pass; LimitExceeded fails it)
    """

    __slots__ = ("name", "argument", "options")

    def __init__(self, name, argument=None, **options):
        if argument is None and "=" in name:
            name, argument = name.split("=", 1)
        self.name = name
        self.argument = argument
        self.options = options

    def _spec(self):
        return (self.name, self.argument, dict(self.options))

    def __repr__(self):
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        arg = f", {self.argument!r}" if self.argument is not None else ""
        return f"Pass({self.name!r}{arg}{opts})"


@dataclass
class PassResult:
    """What a run produced besides the rewritten module."""
    statistics: Statistics
    #: What analysis passes reported (penguin-opt prints it as // lines).
    report: str = ""
    #: The passes' explanations (penguin-opt --explain), when asked for.
    explain: str = ""
    #: The module after every pass (--print-after-all), when asked for.
    print_after_all: str = ""
    #: A checking pass found what it checks violated (exit status 3).
    check_failed: bool = False
    #: (pass, seconds) per pass, when asked for (--time-passes).
    timings: list = field(default_factory=list)

    def counters(self):
        """{(pass, name): value} of every counter."""
        return {(p, n): v for p, n, _d, v in self.statistics.counters()}


class Module:
    """A penguin module: one or more kernels."""

    __slots__ = ("_m",)

    def __init__(self, text, file="<input>"):
        self._m = text if isinstance(text, _p.Module) else _p.Module(text, file)

    @staticmethod
    def read(path):
        with open(path, encoding="utf-8") as f:
            return Module(f.read(), str(path))

    def __str__(self):
        return str(self._m)

    def __repr__(self):
        return f"<penguin.Module {self._m.file}: {', '.join(self.kernel_names())}>"

    @property
    def file(self):
        return self._m.file

    def kernel_names(self):
        return self._m.kernel_names()

    def copy(self):
        return Module(self._m.copy())

    def verify(self):
        """The verifier's diagnostics (empty when the module is valid)."""
        return self._m.verify()

    def run(self, *passes, verify=True, explain=False, print_after_all=False,
            time_passes=False):
        """Runs the passes in order on this module (in place); see
        run_passes."""
        return run_passes(self, passes, verify=verify, explain=explain,
                          print_after_all=print_after_all,
                          time_passes=time_passes)

    def _kernel_index(self, kernel):
        names = self.kernel_names()
        if kernel is None:
            if len(names) != 1:
                raise _core.InvalidArgument(
                    f"the module has {len(names)} kernels: name one")
            return 0
        if isinstance(kernel, int):
            return kernel
        try:
            return names.index(kernel)
        except ValueError:
            raise _core.InvalidArgument(f"no kernel named {kernel!r}") from None

    def dependences(self, kernel=None, mode="may", types=None):
        return dependences(self, kernel, mode, types)

    def check_schedule(self, schedule, kernel=None, mode="may", types=None,
                       all=False):
        return check_schedule(self, schedule, kernel, mode, types, all)


def parse(text, file="<input>"):
    """Parses .pn text (PenguinParseError with file, line and column)."""
    return Module(text, file)


def pass_names():
    """[(name, description)] of every pass."""
    return _p.pass_names()


def run_passes(module, passes, verify=True, explain=False,
               print_after_all=False, time_passes=False):
    """Runs *passes* (names, "NAME=ARG" strings or Pass objects) in order on
    *module*, verifying after each one unless verify=False. Errors: PassFailure
    (a pass rejected its input), LocatedError (a failure at an instruction),
    InvalidArgument (an unknown pass or option)."""
    specs = []
    for p in passes:
        if isinstance(p, str):
            p = Pass(p)
        specs.append(p._spec())
    d = _p.run_passes(module._m, specs, verify, explain, print_after_all,
                      time_passes)
    return PassResult(statistics=d["statistics"], report=d["report"],
                      explain=d["explain"], print_after_all=d["print_after_all"],
                      check_failed=d["check_failed"], timings=list(d["timings"]))


@dataclass
class Dependence:
    type: str
    src_id: int
    dst_id: int
    tensor: str
    src_tensor: str
    dst_tensor: str
    #: { sM[...] -> sN[...] }
    relation: object
    #: distances in the original schedule's time
    distances: object


@dataclass
class DependenceReport:
    domain: object
    schedule: object
    schedule_tree: str
    reads: object
    writes: object
    dependences: list


@dataclass
class Violation:
    type: str
    src_id: int
    dst_id: int
    tensor: str
    src_tensor: str
    dst_tensor: str
    message: str
    violated: object
    distances: object


def dependences(module, kernel=None, mode="may", types=None):
    """The dependence analysis of one kernel (the only one by default):
    its domain (UnionSet), original schedule (UnionMap, and the tree as
    text), read and write accesses, and the RAW/WAR/WAW dependences
    (mode "may": the seed's May-dependences; "exact": value-based)."""
    k = module._kernel_index(kernel)
    dom, sched, reads, writes, deps, tree = _p.dependences(
        module._m, k, mode, list(types or []))
    return DependenceReport(dom, sched, tree, reads, writes,
                            [Dependence(*d) for d in deps])


def check_schedule(module, schedule, kernel=None, mode="may", types=None,
                   all=False):
    """Checks a candidate schedule (a UnionMap, isl text of one, or a
    schedule tree in isl's YAML) against the dependences of one kernel.
    Returns the first Violation or None (all=True: the list of every
    violation)."""
    k = module._kernel_index(kernel)
    tree = None
    umap = None
    if isinstance(schedule, str):
        body = "\n".join(l for l in schedule.splitlines()
                         if not l.lstrip().startswith("#")).strip()
        if body.startswith("{") or (body.startswith("[") and "->" in body):
            try:
                umap = _core.UnionMap(body)
            except _core.ParseError:
                tree = schedule
        else:
            tree = schedule
    else:
        umap = schedule
    out = [Violation(*v) for v in _p.check_schedule(
        module._m, k, umap, tree, mode, list(types or []), all)]
    if all:
        return out
    return out[0] if out else None
