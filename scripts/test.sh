#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Quick start, command 2: builds and runs every test.
#   0. the format check (scripts/check-format.sh: .clang-format on every
#      C++ source);
#   1. the Release build: unit tests, calculator and penguin-opt tests,
#      the install test and the cross-check against isl;
#   2. the unit tests again under AddressSanitizer + UndefinedBehaviorSanitizer.
# SKIP_SANITIZERS=1 skips step 2 (for a quick local run).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)

"$root/scripts/deps.sh"
"$root/scripts/check-format.sh"

BUILD_DIR=$root/build "$root/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release \
  -DPRESBURGER_WERROR=ON
ctest --test-dir "$root/build" --output-on-failure -j "$jobs" -LE long

if [ "${SKIP_SANITIZERS:-0}" != 1 ]; then
  BUILD_DIR=$root/build-asan "$root/scripts/build.sh" -DCMAKE_BUILD_TYPE=Debug \
    -DPRESBURGER_SANITIZE=address,undefined -DPRESBURGER_BUILD_BENCH=OFF \
    -DPRESBURGER_WERROR=ON
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$root/build-asan" --output-on-failure -j "$jobs" \
      -LE 'long|nosan'
fi
echo "all tests passed"
