#!/usr/bin/env bash
# A/A and A/B study of the CI comparison: does `compare`/`ab` stay quiet on two runs of the same build, and
# does it catch a build made slower on purpose?
#
#   1. 20 pairs of same-build `bench` runs compared with `compare`        (expect: no exit 1)
#   2. 20 `ab` runs of the same build against itself                      (expect: no exit 1)
#   3. 20 `ab` runs with head 10% slower (LAYOUTBENCH_SLOWDOWN_PERCENT=10) (expect: exit 1 in >= 19)
#   4. 20 pairs of `bench --metric instructions` compared                 (expect: no exit 1; counts within 0.1%)
#   5. 20 `ab --metric instructions` with head doing 3% more work
#      (_LAYOUTBENCH_WORK_PERCENT=3)                                      (expect: exit 1 in 20)
#
# Usage: scripts/aa-study.sh [OUT_DIR]
#   env: PAIRS=20, AB_PAIRS (default: ab's own default), BUDGET=0.05, OPS=5, STEPS="1 2 3 4 5",
#        SCENARIOS (default full,resize,query,insert,measure-one,move-section: a representative subset of
#        whole solves, edits, measuring and queries that keeps the whole study near 25 minutes here; all for
#        every scenario)
# It builds the release binary, copies it (so a rebuild meanwhile cannot change it) and writes every result
# file, the exit code of every comparison and a summary to OUT_DIR (default /tmp/layoutbench-aa-study).
set -uo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/layoutbench-aa-study}"
pairs="${PAIRS:-20}"; budget="${BUDGET:-0.05}"; ops="${OPS:-5}"
scenarios="${SCENARIOS:-full,resize,query,insert,measure-one,move-section}"
ab_pairs=(); [ -n "${AB_PAIRS:-}" ] && ab_pairs=(--pairs "$AB_PAIRS")
steps="${STEPS:-1 2 3 4 5}"
mkdir -p "$out"
swift build -c release --product layoutbench >/dev/null || exit 2
bin="$out/layoutbench"
cp "$(swift build -c release --show-bin-path)/layoutbench" "$bin"
presets=(--preset grid-10k --preset selfsizing-10k --scenarios "$scenarios")
timed=("${presets[@]}" --threads 1 --time-budget "$budget" --rounds 5 --no-memory)
counted=("${presets[@]}" --skip lazy-scroll --skip parse --operations "$ops")
date > "$out/started"
summary="$out/summary.txt"
: > "$summary"
tally() {  # name, file of exit codes
  local name="$1" file="$2"
  printf '%-44s exits: %s | 0:%s 1:%s 2:%s\n' "$name" "$(tr '\n' ' ' < "$file")" \
    "$(grep -cx 0 "$file")" "$(grep -cx 1 "$file")" "$(grep -cx 2 "$file")" | tee -a "$summary"
}
verdicts() {  # the verdict column of every compared row, counted
  awk '$4 == "time" || $4 == "instructions" {print $NF}' "$@" | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}' | sed 's/, $//; s/^/   verdicts of all rows: /' >> "$summary"
  echo >> "$summary"
}
for step in $steps; do
  case "$step" in
  1) : > "$out/compare-aa.codes"
     for i in $(seq 1 "$pairs"); do
       "$bin" bench "${timed[@]}" --json "$out/aa-$i-a.json" >/dev/null 2>&1
       "$bin" bench "${timed[@]}" --json "$out/aa-$i-b.json" >/dev/null 2>&1
       "$bin" compare "$out/aa-$i-a.json" "$out/aa-$i-b.json" > "$out/compare-aa-$i.txt" 2>&1
       echo $? >> "$out/compare-aa.codes"
     done
     tally "1. compare, A/A time (threshold 5%)" "$out/compare-aa.codes"
     verdicts "$out"/compare-aa-*.txt;;
  2) : > "$out/ab-aa.codes"
     for i in $(seq 1 "$pairs"); do
       "$bin" ab "$bin" "$bin" "${ab_pairs[@]}" "${timed[@]}" > "$out/ab-aa-$i.txt" 2>&1
       echo $? >> "$out/ab-aa.codes"
     done
     tally "2. ab, A/A time (threshold 5%)" "$out/ab-aa.codes"; verdicts "$out"/ab-aa-*.txt;;
  3) : > "$out/ab-slow.codes"
     for i in $(seq 1 "$pairs"); do
       "$bin" ab "$bin" "$bin" "${ab_pairs[@]}" --head-env LAYOUTBENCH_SLOWDOWN_PERCENT=10 "${timed[@]}" > "$out/ab-slow-$i.txt" 2>&1
       echo $? >> "$out/ab-slow.codes"
     done
     tally "3. ab, head 10% slower (time knob)" "$out/ab-slow.codes"; verdicts "$out"/ab-slow-*.txt;;
  4) : > "$out/instr-aa.codes"
     for i in $(seq 1 "$pairs"); do
       "$bin" bench --metric instructions "${counted[@]}" --json "$out/instr-$i-a.json" >/dev/null 2>&1
       "$bin" bench --metric instructions "${counted[@]}" --json "$out/instr-$i-b.json" >/dev/null 2>&1
       "$bin" compare "$out/instr-$i-a.json" "$out/instr-$i-b.json" > "$out/instr-aa-$i.txt" 2>&1
       echo $? >> "$out/instr-aa.codes"
     done
     tally "4. compare, A/A instructions (threshold 1%)" "$out/instr-aa.codes"
     python3 - "$out" "$pairs" >> "$summary" <<'PY'
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
counts = {}
for i in range(1, n + 1):
    for side in "ab":
        for r in json.load(open(f"{out}/instr-{i}-{side}.json"))["results"]:
            counts.setdefault((r["spec"], r["scenario"]), []).append(r["instructions"]["total"])
worst = max((max(v) - min(v)) / min(v) for v in counts.values())
exact = sum(1 for v in counts.values() if len(set(v)) == 1)
print(f"   instruction totals over {2 * n} runs: {exact}/{len(counts)} results identical in every run; largest spread {worst * 100:.4f}%")
PY
     ;;
  5) : > "$out/ab-work.codes"
     for i in $(seq 1 "$pairs"); do
       "$bin" ab "$bin" "$bin" --metric instructions --head-env _LAYOUTBENCH_WORK_PERCENT=3 "${counted[@]}" > "$out/ab-work-$i.txt" 2>&1
       echo $? >> "$out/ab-work.codes"
     done
     tally "5. ab --metric instructions, head +3% work" "$out/ab-work.codes"; verdicts "$out"/ab-work-*.txt;;
  esac
done
echo "study: $(cat "$out/started") to $(date); scenarios $scenarios; budget $budget s; pairs $pairs" >> "$summary"
cat "$summary"
