#!/usr/bin/env bash
# The main job: sets up the machine, builds a release binary and runs the benchmark on the embedded default
# preset (grid-10k: 100 sections of 100 square cells in 4 columns, a header each), every scenario, 1 and 2 threads,
# with 2 threads' speed-up timed in lock-step against 1 (--paired-speedup; not with --metric instructions).
# Extra arguments go to `layoutbench bench` (for example: --preset grid-1m --json run.json). It ends by writing
# the run's HTML report (`layoutbench report`, README's "Reports") beside the result file and printing both paths.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product layoutbench
bin="$(swift build -c release --show-bin-path)/layoutbench"
# The result file: the one --json names, else one in .build.
json=""
previous=""
# Speed-ups timed in lock-step against one thread: two medians taken seconds apart on a machine whose speed
# drifts can read 0.8x for a scenario that runs the same serial code at both thread counts.
paired=(--paired-speedup)
for argument in "$@"; do
  case "$argument" in
    --json=*) json="${argument#--json=}" ;;
    --metric=instructions) paired=() ;;
  esac
  [ "$previous" = "--json" ] && json="$argument"
  [ "$previous" = "--metric" ] && [ "$argument" = "instructions" ] && paired=()
  previous="$argument"
done
extra=()
if [ -z "$json" ]; then
  json=".build/layoutbench-run.json"
  extra=(--json "$json")
fi
"$bin" bench --threads 1,2 "${paired[@]}" "$@" "${extra[@]}"
report="${json%.json}.html"
"$bin" report "$json" -o "$report"
# Where it all went, last, so it is not lost above the table.
echo
echo "results: $json (every sample; read by compare, report, history)"
echo "report:  $report"
