# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Several threads: on different objects, on one shared object, and with
per-thread operation budgets. The GIL is released during engine work, so
the threads really run the engine at the same time."""

import threading
import time

import presburger as isl
from presburger import Set

SHARED = Set("[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i and (i + j) mod 3 = 0 }")
OTHER = Set("[n] -> { [i, j] : 0 <= i < n and j mod 2 = 0 }")
EXPECTED = {
    "sub": SHARED.subtract(OTHER),
    "lexmin": SHARED.lexmin(),
    "coalesce": SHARED.union(OTHER).coalesce(),
    "count": SHARED.fix_si(isl.dim_type.param, 0, 30).count_val(),
}


def run_threads(target, n=4):
    errors = []

    def wrap(k):
        try:
            target(k)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    ts = [threading.Thread(target=wrap, args=(k,)) for k in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors


def test_shared_object_many_readers():
    def work(k):
        for _ in range(5):
            assert SHARED.subtract(OTHER) == EXPECTED["sub"]
            assert SHARED.lexmin() == EXPECTED["lexmin"]
            assert SHARED.union(OTHER).coalesce() == EXPECTED["coalesce"]
            assert SHARED.fix_si(isl.dim_type.param, 0, 30).count_val() == EXPECTED["count"]
            str(SHARED), hash(SHARED), SHARED.get_space()

    run_threads(work, 4)


def test_different_objects():
    def work(k):
        s = Set(f"{{ [i] : 0 <= i < {10 + k} }}")
        for _ in range(20):
            assert s.count_val() == 10 + k
            assert (s - Set("{ [i] : i mod 2 = 0 }")).count_val() == (10 + k) // 2

    run_threads(work, 4)


def test_budget_is_per_thread():
    a = Set("{ [i, j] : 0 <= i, j < 60 and (i + 2j) mod 7 = 3 }")
    b = Set("{ [i, j] : (3i - j) mod 5 = 1 or (i + j) mod 4 = 2 }")
    outcome = {}
    started = threading.Barrier(2)

    def limited():
        isl.set_max_operations(3)
        started.wait()
        try:
            a.subtract(b).count_val()
            outcome["limited"] = "finished"
        except isl.LimitExceeded:
            outcome["limited"] = "limited"
        finally:
            isl.set_max_operations(0)
            isl.reset_operations()

    def free():
        started.wait()
        outcome["free"] = a.subtract(b).is_empty()
        outcome["free_max"] = isl.get_max_operations()

    run_threads(lambda k: (limited if k == 0 else free)(), 2)
    assert outcome["limited"] == "limited"
    assert outcome["free"] is False and outcome["free_max"] == 0


def test_gil_is_released():
    # While one thread runs a long engine call, another keeps running
    # Python code.
    big = Set("{ [i, j, k] : 0 <= i, j, k < 25 and (i + 2j + 3k) mod 5 = 1 }")
    done = threading.Event()
    ticks = []

    def engine():
        for _ in range(3):
            big.count_val()
        done.set()

    def python():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t1 = threading.Thread(target=engine)
    t2 = threading.Thread(target=python)
    t0 = time.perf_counter()
    t1.start()
    t2.start()
    t1.join()
    t2.join()
    elapsed = time.perf_counter() - t0
    # The Python thread ticked throughout, not only after the engine call.
    assert len(ticks) > 3 or elapsed < 0.05
