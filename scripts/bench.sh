#!/usr/bin/env bash
# Builds Release and runs every benchmark (our engine and isl side by side),
# then prints the summary: per family and operation our median time, isl's,
# the ratio isl/ours and the geometric means (docs/performance.md).
#
#   ./scripts/bench.sh
#
# Environment: BUILD_DIR (default build-bench), OUT (JSON results, default
# $BUILD_DIR/bench-results), REPS (repetitions, default 5), MIN_TIME (seconds
# per repetition of our side, default 0.05), FILTER (a --benchmark_filter
# regex), PROGRAMS (default "compiler scaling corpus").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
out=${OUT:-$build/bench-results}
reps=${REPS:-5}
min_time=${MIN_TIME:-0.05}
programs=${PROGRAMS:-compiler scaling corpus}

"$root/scripts/deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DPRESBURGER_BUILD_TESTS=OFF -DPRESBURGER_BUILD_PENGUIN=OFF >/dev/null
targets=()
for p in $programs; do targets+=("bench-$p"); done
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}" >&2

mkdir -p "$out"
files=()
for p in $programs; do
  args=(--benchmark_repetitions="$reps" --benchmark_min_time="$min_time"
        --benchmark_report_aggregates_only=true
        --benchmark_out="$out/$p.json" --benchmark_out_format=json)
  if [ -n "${FILTER:-}" ]; then args+=(--benchmark_filter="$FILTER"); fi
  echo "bench: running bench-$p (results in $out/$p.json)" >&2
  "$build/bench/bench-$p" "${args[@]}" > "$out/$p.txt"
  files+=("$out/$p.json")
done

{
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "compiler: $(${CXX:-c++} --version | head -1)"
  echo "isl: $(pkg-config --modversion isl 2>/dev/null || echo 'not found')"
  echo "command: REPS=$reps MIN_TIME=$min_time ./scripts/bench.sh"
  echo
  python3 "$root/bench/summarize.py" --series "${files[@]}"
} | tee "$out/summary.txt"
