#!/usr/bin/env bash
# Peers side by side: LayoutBench's engine and Taffy (the Rust flexbox/grid engine, through PyPI's
# `stretchable`) on the same shape, a grid of N items (100 per section, 4 square columns, a header each).
#
#   scripts/peers/compare-taffy.sh [ITEMS...]        # default: 10000 100000 1000000
#
# Installs stretchable (pinned) into a virtualenv in ~/.cache, outside the repository: no peer code is
# committed. Builds layoutbench in release, runs `layoutbench bench --preset grid-N --scenarios
# full,full-materialize --threads 1,2 --json`, and prints both engines' median solve time and ns per item.
# Taffy is timed on its compute call only (see taffy_grid.py). About 7 minutes for the three sizes (building
# and freeing a million Python nodes per run dominates; the timed calls are a few seconds).
# Env: RUNS (Taffy runs per size, default 5), LAYOUTBENCH_BIN (a release binary to use instead of building).
set -euo pipefail
cd "$(dirname "$0")/../.."

STRETCHABLE_VERSION=1.1.8
venv="${XDG_CACHE_HOME:-$HOME/.cache}/layoutbench-peers/venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import stretchable" 2>/dev/null || "$venv/bin/pip" install -q "stretchable==$STRETCHABLE_VERSION"

bin="${LAYOUTBENCH_BIN:-}"
if [ -z "$bin" ]; then
  swift build -c release --product layoutbench >&2
  bin="$(swift build -c release --show-bin-path)/layoutbench"
fi

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for n in "${sizes[@]}"; do
  echo "== grid of $n items ==" 
  "$bin" bench --preset "grid-$n" --scenarios full,full-materialize --threads 1,2 --time-budget 2 --no-memory --json "$out/ours-$n.json" >/dev/null
  "$venv/bin/python" scripts/peers/taffy_grid.py --items "$n" --runs "${RUNS:-5}" --ours "$out/ours-$n.json"
  echo
done
