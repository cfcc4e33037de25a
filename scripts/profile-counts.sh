#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Instruction counts (callgrind, deterministic) per run of our side of each
# line of bench/profile-set.txt (or of the file given): the figures quoted
# in docs/performance.md and in the optimisation commits. Needs valgrind and
# a build with bench-profile (BUILD_DIR, default build-bench).
#
#   ./scripts/profile-counts.sh [FILE]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
file=${1:-$root/bench/profile-set.txt}
n=${RUNS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while IFS= read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
    "$build/bench/bench-profile" -n "$n" "$line" >/dev/null 2>&1
  total=$(callgrind_annotate --inclusive=yes "$tmp/cg" 2>/dev/null |
    grep 'bench::runOurs' | head -1 | awk '{gsub(",", "", $1); print $1}')
  printf '%10d  %s\n' "$((total / n))" "$(echo "$line" | cut -c1-90)"
done < "$file"
