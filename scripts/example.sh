#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Quick start, command 1: builds the library and the calculator (nothing
# else: no tests, no benchmarks, no penguin) and runs the calculator on the
# bundled tour. The test command (scripts/test.sh) builds everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target presburger-calc >&2
exec "$build/presburger/calc/presburger-calc" "$root/docs/examples/tour.pcalc"
