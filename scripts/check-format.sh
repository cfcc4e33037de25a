#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Checks that the C++ sources (*.h, *.cpp) under the given directories (the
# whole tree by default) are formatted as .clang-format says. Lists the files
# that are not and exits 1; `clang-format -i FILE` fixes one. Needs
# clang-format (Debian's clang-format 14 or newer).
#
#   ./scripts/check-format.sh [DIR...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
format=${CLANG_FORMAT:-clang-format}
if ! command -v "$format" >/dev/null; then
  echo "check-format: $format not found (apt-get install clang-format)" >&2
  exit 2
fi
if [ "$#" -eq 0 ]; then
  set -- .
fi
bad=0
checked=0
while IFS= read -r -d '' file; do
  checked=$((checked + 1))
  if ! "$format" --dry-run --Werror "$file" >/dev/null 2>&1; then
    echo "not formatted: $file"
    bad=$((bad + 1))
  fi
done < <(git ls-files -z --cached --others --exclude-standard -- "$@" |
  grep -zE '\.(h|cpp)$' || true)
if [ "$bad" -ne 0 ]; then
  echo "check-format: $bad of $checked files need clang-format -i" >&2
  exit 1
fi
echo "check-format: $checked files formatted"
