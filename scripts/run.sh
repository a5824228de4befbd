#!/usr/bin/env bash
# The main job: sets up the machine, builds a release binary and runs the benchmark on the embedded default
# preset (grid-10k: 100 sections of 100 square cells in 4 columns, a header each), every scenario, 1 and 2 threads.
# Extra arguments go to `layoutbench bench` (for example: --preset grid-1m --json run.json).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product layoutbench
bin="$(swift build -c release --show-bin-path)/layoutbench"
"$bin" bench --threads 1,2 "$@"
