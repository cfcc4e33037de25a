#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs the Debian packages the project needs, when they are missing.
# Safe to run repeatedly; does nothing when everything is present.
#
#   scripts/deps.sh [EXTRA-PACKAGE...]
set -euo pipefail
# What each is for: the build (cmake, ninja-build, g++, libboost-dev for
# Boost.Multiprecision, libedit-dev for the calculator's line editing), the
# tests (libgtest-dev, libgmock-dev, libisl-dev for the cross-checks,
# gcc (the C compiler) and pkg-config for the C API tests), the benchmarks
# (libbenchmark-dev; nlohmann-json3-dev for presburger-replay), the fuzzers
# (clang, PRESBURGER_FUZZ=ON), the format check of scripts/test.sh
# (clang-format), the API
# reference (doxygen, the `docs` target) and the Python package and its tests
# (pybind11-dev, python3-pybind11, python3-dev, python3-pytest,
# python3-hypothesis).
packages=(cmake ninja-build gcc g++ clang clang-format libboost-dev libgtest-dev libgmock-dev
  libbenchmark-dev nlohmann-json3-dev libisl-dev libedit-dev pkg-config doxygen
  pybind11-dev python3-pybind11 python3-dev python3-pytest python3-hypothesis)
# Extra packages a caller needs (scripts/bench.sh: MLIR 15).
packages+=("$@")
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "deps: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2; then
  "${sudo_cmd[@]}" apt-get update >&2
  "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi
