#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds Release and runs every benchmark (our engine, isl and MLIR's
# Presburger library side by side), then prints the summary: per family and
# operation our median time, isl's and MLIR's, the ratios isl/ours,
# mlir/ours and isl/mlir and the geometric means (docs/performance.md).
#
#   ./scripts/bench.sh
#
# Environment: BUILD_DIR (default build-bench), OUT (JSON results, default
# $BUILD_DIR/bench-results), REPS (repetitions, default 5), MIN_TIME (seconds
# per repetition of our side, default 0.05), FILTER (a --benchmark_filter
# regex), PROGRAMS (default "compiler scaling corpus family4"; family4 is
# presburger-replay on bench/family4/polybench.jsonl), BENCH_MLIR (0: no
# MLIR side, and MLIR 15 is not installed when missing; default 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
out=${OUT:-$build/bench-results}
reps=${REPS:-5}
min_time=${MIN_TIME:-0.05}
programs=${PROGRAMS:-compiler scaling corpus family4}
bench_mlir=${BENCH_MLIR:-1}

# MLIR 15 for the third side, installed here and not by default in
# deps.sh: only the benchmarks use it (the CI does not need it).
mlir_option=OFF
extra=()
if [ "$bench_mlir" != 0 ]; then
  mlir_option=ON
  extra=(libmlir-15-dev llvm-15-dev)
fi
"$root/scripts/deps.sh" "${extra[@]}"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DPRESBURGER_BUILD_TESTS=OFF -DPRESBURGER_BUILD_PENGUIN=OFF \
  -DPRESBURGER_BENCH_MLIR="$mlir_option" >/dev/null
# A program is bench-NAME, except family4: presburger-replay on the
# PolyBench workload bench/family4/polybench.jsonl.
targets=()
for p in $programs; do
  if [ "$p" = family4 ]; then targets+=(presburger-replay); else targets+=("bench-$p"); fi
done
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}" >&2

mkdir -p "$out"
files=()
for p in $programs; do
  args=(--benchmark_repetitions="$reps" --benchmark_min_time="$min_time"
        --benchmark_report_aggregates_only=true
        --benchmark_out="$out/$p.json" --benchmark_out_format=json)
  if [ -n "${FILTER:-}" ]; then args+=(--benchmark_filter="$FILTER"); fi
  cmd=("$build/bench/bench-$p")
  if [ "$p" = family4 ]; then
    cmd=("$build/bench/presburger-replay" --family f4
         "$root/bench/family4/polybench.jsonl")
  fi
  echo "bench: running ${cmd[*]##*/} (results in $out/$p.json)" >&2
  "${cmd[@]}" "${args[@]}" > "$out/$p.txt"
  files+=("$out/$p.json")
done

{
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "compiler: $(${CXX:-c++} --version | head -1)"
  echo "isl: $(pkg-config --modversion isl 2>/dev/null || echo 'not found')"
  if [ "$bench_mlir" != 0 ]; then
    echo "mlir: $(dpkg-query -W -f='${Version}' libmlir-15-dev 2>/dev/null || echo 'not found')"
  else
    echo "mlir: not run (BENCH_MLIR=0)"
  fi
  echo "command: REPS=$reps MIN_TIME=$min_time BENCH_MLIR=$bench_mlir ./scripts/bench.sh"
  echo
  python3 "$root/bench/summarize.py" --series "${files[@]}"
} | tee "$out/summary.txt"
