#!/usr/bin/env bash
# Builds the default set of traits (the lean build README's two commands use: no import, no PostgreSQL, no
# dashboard) in release, in its own build folder, and runs a short smoke of it, so that a `#if` that rots fails
# CI: solve, a bench of one preset into a result file, report, and the errors of the parts it leaves out (each
# exits 2 naming its trait and the build command that adds it; --help marks them). Then the speed gate
# (README "The speed gate: instruction budgets"): the engine's instructions per operation, counted under
# callgrind, held to Benchmarks/instruction-budgets.json; a row over its budget fails CI. Release, because
# budgets are release counts.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-lean
swift build -c release --scratch-path "$scratch" --product layoutbench
bin="$scratch/release/layoutbench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fail() { echo "lean-smoke: $*" >&2; exit 1; }
# expect STATUS NEEDLE COMMAND...: runs COMMAND, checks its exit status and that its output (stdout and stderr,
# lines joined) holds NEEDLE.
expect() {
  local status="$1" needle="$2"; shift 2
  local got=0
  "$@" >"$work/out" 2>&1 || got=$?
  [ "$got" -eq "$status" ] || { cat "$work/out" >&2; fail "'$*' exited $got, expected $status"; }
  # Help is wrapped to the terminal's width: lines are joined before looking.
  tr '\n' ' ' <"$work/out" | tr -s ' ' | grep -qF -- "$needle" \
    || { cat "$work/out" >&2; fail "'$*' did not print '$needle'"; }
}

expect 0 '"elements"' "$bin" solve docs/examples/grid.yaml --format json
expect 0 "grid-10k" "$bin" bench --preset grid-10k --scenarios full,query --threads 1 --repetitions 20 \
  --rounds 2 --warmup 0 --no-memory --allow-debug --json "$work/run.json"
expect 0 "wrote" "$bin" report "$work/run.json" -o "$work/run.html"
expect 0 "pushed" "$bin" push "$work/run.json" --store "$work/results.sqlite"
expect 2 "needs the Postgres trait" "$bin" push "$work/run.json" --store postgres://bench@127.0.0.1:9/layoutbench
expect 2 "--traits Postgres" "$bin" history grid-10k --store postgres://bench@127.0.0.1:9/layoutbench
printf 'import UIKit\n' >"$work/Layout.swift"
expect 2 "needs the Import trait" "$bin" import "$work/Layout.swift"
expect 2 "--traits Import" "$bin" solve "$work/Layout.swift"
expect 2 "needs the Dashboard trait" "$bin" watch docs/examples --once --serve 0
expect 0 "[not in this build: needs the Import trait]" "$bin" import --help
expect 0 "needs the Dashboard trait" "$bin" watch --help
echo "lean-smoke: the default build solves, benches, reports and pushes to SQLite; import, PostgreSQL and the" \
  "dashboard each exit 2 naming their trait"

# The speed gate. valgrind comes with `scripts/setup.sh --tests` (CI runs scripts/test.sh first).
if ! command -v valgrind >/dev/null; then
  [ "${CI:-}" = true ] && fail "valgrind is missing: the speed gate needs it (scripts/setup.sh --tests)"
  echo "lean-smoke: valgrind is not installed: the speed gate is skipped (scripts/setup.sh --tests installs it)"
  exit 0
fi
"$bin" bench --metric instructions --preset selfsizing-100k,chips-100k,feed-100k,grid-100k,nested-100k \
  --scenarios full,measure-one,insert,query --json "$work/instructions.json" >/dev/null
status=0
"$bin" compare --budget Benchmarks/instruction-budgets.json "$work/instructions.json" || status=$?
[ "$status" -eq 0 ] || fail "the speed gate failed (exit $status): a row above is over its budget" \
  "(Benchmarks/instruction-budgets.json; README \"The speed gate: instruction budgets\")"
echo "lean-smoke: every counted row is within its instruction budget"
