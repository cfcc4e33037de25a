#!/usr/bin/env bash
# Quick start, command 1: builds and runs the main job on the bundled example.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$root/build} "$root/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release >&2
exec "${BUILD_DIR:-$root/build}/presburger/calc/presburger-calc" "$root/docs/examples/tour.pcalc"
