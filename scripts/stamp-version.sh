#!/usr/bin/env bash
# Records the commit a layoutbench binary was built from beside it (layoutbench.commit), for
# `layoutbench --version`. Run after `swift build`; copy the stamp with the binary. Usage:
#   scripts/stamp-version.sh [BIN_DIR]   (default: the release bin folder)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-$(swift build -c release --show-bin-path)}"
commit="$(git rev-parse HEAD 2>/dev/null || echo "${GITHUB_SHA:-${CI_COMMIT_SHA:-unknown}}")"
if ! git diff --quiet HEAD -- 2>/dev/null; then commit="$commit-dirty"; fi
echo "$commit" > "$dir/layoutbench.commit"
echo "stamp-version: $dir/layoutbench.commit = $commit" >&2
