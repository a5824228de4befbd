#!/usr/bin/env bash
# The measurement study of issue 16's "Done when": is a number from `layoutbench` the same when the same
# build is measured twice, does `ab` stay quiet on A/A and catch a build slowed on purpose, and does `watch`
# say `same` for an unchanged spec? Every step runs at 1 thread on the presets grid-10k and selfsizing-10k.
#
#   a  spread: RUNS processes of `bench --preset grid-10k,selfsizing-10k --threads 1 --time-budget 0.1`,
#      otherwise default options (every scenario). Per (spec, scenario): min and max of the medians, max/min,
#      warm-up spent (median) and results not steady. Target: every max/min <= 1.05. The largest max/min is
#      the figure for `compare`'s run-to-run floor.
#   b  ab A/A (the same binary twice), default threshold (5%), RUNS runs.     Target: no exit 1.
#   c  ab, head 3% slower (--head-env LAYOUTBENCH_SLOWDOWN_PERCENT=3), at --threshold SMALL_THRESHOLD (a 3%
#      change needs a threshold below 3% to be called slower), RUNS runs.   Target: exit 1 in >= 19 of 20.
#   d  ab, head 10% slower, default threshold, RUNS runs.                   Target: exit 1 in 20 of 20.
#   e  b and d again with the other core kept busy by a spinning shell     Targets: A/A no exit 1;
#      (`sh -c 'while :; do :; done'`, stopped after the step, or on exit).  10% exit 1 in >= 19 of 20.
#   f  the smallest slowdown caught: f0 is A/A at SMALL_THRESHOLD (a low threshold must not false-alarm),
#      then for N in SWEEP, head N% slower at SMALL_THRESHOLD, RUNS runs each, stopping at the first N caught
#      (exit 1) in >= 19 of 20. Every N tried is reported. (N=3 reuses step c's runs when c ran earlier in
#      this invocation: the same ab command.)
#   g  watch: an unchanged spec saved SAVES times (scripts/measure-watch.py --no-rss: each save rewrites only
#      a comment), verdicts tallied.                                       Target: same in >= 18, slower in none.
#   h  (not in the default list) RUNS pairs of `bench --metric instructions` compared: no exit 1, counts
#      within 0.1%. Needs valgrind.
#   i  (not in the default list) RUNS runs of `ab --metric instructions`, head doing 3% more work
#      (_LAYOUTBENCH_WORK_PERCENT=3): exit 1 in all. Needs valgrind.
# Every ab step runs the scenarios full,resize,query,insert,measure-one,move-section (6 scenarios × 2 presets
# = 12 rows a run) with ab's default lock-step method and --max-time (60 s); "within 60 s" is checked on each
# run's wall time. "19 of 20" and "18 of 20" scale with RUNS and SAVES (rounded up).
#
# Usage: scripts/aa-study.sh [OUT_DIR]            (default OUT_DIR: /tmp/layoutbench-aa-study)
#   env: RUNS=20                runs of every step (processes in a, ab runs in b to f, pairs in h, runs in i)
#        STEPS="a b c d e f g"  steps to run, in the order given (h and i only when named)
#        SMALL_THRESHOLD=1%     ab's --threshold in c and f (5% or 5 is five percent; 0.5% is half a percent)
#        SWEEP="2 3 4 5 6 8"    slowdowns (percent) tried in f, smallest first
#        BIN                    the layoutbench binary to study; unset: `swift build -c release --product
#                               layoutbench` here and take that
#        SAVES=$RUNS            saves in g
#        For a quick check of the plumbing only (the study's figures need the defaults):
#        BUDGET=0.1 (a's --time-budget), MAX_TIME (ab's --max-time; unset: ab's default, 60 s),
#        PRESETS=grid-10k,selfsizing-10k, SCENARIOS=full,resize,query,insert,measure-one,move-section (ab's),
#        OPS=5 (h and i: --operations)
# The binary is copied into OUT_DIR first, so a rebuild meanwhile cannot change what is measured. Each step
# keeps its files in OUT_DIR/<step>/ (run-I.json, .txt, .err, and runs.tsv: run, exit code, seconds, worker
# pairs) and appends to OUT_DIR/summary.txt (never truncated: a study run in parts accumulates there): the
# date, load average and commit at the start, the exit-code tallies, wall times, row verdicts and whether the
# target was met, and the date and load average at the end. A line per run goes to stderr as it finishes,
# such as `aa-study: d 7/20 exit 1 14.2 s`. The full study takes well over an hour: run it on a quiet machine.
set -uo pipefail
out="${1:-/tmp/layoutbench-aa-study}"
# OUT_DIR and BIN as the caller wrote them, relative to the caller's folder; then work from the package root.
mkdir -p "$out" || exit 2
out="$(cd "$out" && pwd)"
[ -n "${BIN:-}" ] && [ -e "$BIN" ] && BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
cd "$(dirname "$0")/.." || exit 2
runs="${RUNS:-20}"
steps="${STEPS:-a b c d e f g}"
small="${SMALL_THRESHOLD:-1%}"
sweep="${SWEEP:-2 3 4 5 6 8}"
saves="${SAVES:-$runs}"
budget="${BUDGET:-0.1}"
presets="${PRESETS:-grid-10k,selfsizing-10k}"
scenarios="${SCENARIOS:-full,resize,query,insert,measure-one,move-section}"
ops="${OPS:-5}"
max_time="${MAX_TIME:-}"
time_limit="${MAX_TIME:-60}"  # each ab run must finish within this wall time
for step in $steps; do
  case "$step" in a|b|c|d|e|f|g|h|i) ;; *) echo "aa-study: unknown step '$step' (a to i)" >&2; exit 2;; esac
done
case "$runs" in ''|*[!0-9]*|0) echo "aa-study: RUNS must be a whole number >= 1" >&2; exit 2;; esac
case "$saves" in ''|*[!0-9]*|0) echo "aa-study: SAVES must be a whole number >= 1" >&2; exit 2;; esac
summary="$out/summary.txt"

# The binary, copied (with its commit stamp, if any) so a rebuild cannot change it mid-study.
if [ -n "${BIN:-}" ]; then
  src="$BIN"
else
  swift build -c release --product layoutbench >/dev/null || exit 2
  src="$(swift build -c release --show-bin-path)/layoutbench"
fi
[ -x "$src" ] || { echo "aa-study: no executable at $src" >&2; exit 2; }
bin="$out/layoutbench"
cp "$src" "$bin" || exit 2
rm -f "$out/layoutbench.commit"
[ -f "$(dirname "$src")/layoutbench.commit" ] && cp "$(dirname "$src")/layoutbench.commit" "$out/"
# The commit: the stamp beside the binary if there is one, else this work tree's HEAD when the binary was
# copied (with a note when the sources differ from it, or when BIN came from elsewhere).
commit_note=""
if [ -f "$out/layoutbench.commit" ]; then
  commit="$(head -n 1 "$out/layoutbench.commit")"; commit_note="from the stamp beside the binary"
else
  commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  git diff --quiet HEAD -- Sources Package.swift Package.resolved 2>/dev/null || commit="$commit+changes"
  commit_note="git HEAD of $(pwd) when the binary was copied; +changes: uncommitted changes under Sources/Package"
  [ -n "${BIN:-}" ] && commit_note="$commit_note; BIN was given, so it may have been built from another commit"
fi

load() { uptime | sed 's/.*load average: *//'; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
say() { echo "$*" | tee -a "$summary"; }
# "19 of 20" for any count: ceil(n × k / 20).
of20() { echo $(( ($1 * $2 + 19) / 20 )); }
step_start() {  # id, title (the title may come in several words)
  say ""
  say "== $1. ${*:2} =="
  say "   started $(date '+%F %T %Z'), load average $(load); commit $commit; RUNS=$runs"
}
step_end() { say "   ended $(date '+%F %T %Z'), load average $(load)"; }

# The bench options of every ab run: 2 presets × 6 scenarios, 1 thread.
ab_rows=(--preset "$presets" --scenarios "$scenarios" --threads 1)
ab_limit=(); [ -n "$max_time" ] && ab_limit=(--max-time "$max_time")
c_ran=""  # set when step c ran in this invocation: f then reuses its runs for N=3

# ab_series ID TARGET [ab options...]: RUNS runs of `ab BIN BIN OPTIONS <ab_rows>`, then the tally.
# TARGET: none (no exit 1), most (exit 1 in >= 19 of 20), all (exit 1 in every run).
ab_series() {
  local id="$1" target="$2"; shift 2
  local dir="$out/$id"
  mkdir -p "$dir"
  rm -f "$dir"/run-* "$dir"/runs.tsv
  local i t0 t1 code secs pairs
  for i in $(seq 1 "$runs"); do
    t0=$(now)
    "$bin" ab "$bin" "$bin" "${ab_limit[@]}" "$@" --export-json "$dir/run-$i.json" "${ab_rows[@]}" \
      > "$dir/run-$i.txt" 2> "$dir/run-$i.err"
    code=$?
    t1=$(now); secs=$(elapsed "$t0" "$t1")
    pairs=$(sed -n 's/^ab: \([0-9]*\) worker pairs in .*/\1/p' "$dir/run-$i.err" | tail -n 1)
    printf '%s\t%s\t%s\t%s\n' "$i" "$code" "$secs" "${pairs:--}" >> "$dir/runs.tsv"
    echo "aa-study: $id $i/$runs exit $code $secs s" >&2
  done
  ab_tally "$id" "$target" "$dir"
}

# ab_tally ID TARGET DIR: exit codes, wall times, worker pairs, row verdicts, target; returns 0 when met.
# (ID names the step being tallied; DIR holds the runs, another step's when they are reused.)
ab_tally() {
  local target="$2" dir="$3"
  python3 - "$dir" "$target" "$time_limit" <<'PY' | tee -a "$summary"
import glob, json, os, statistics, sys
folder, target, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(folder, "runs.tsv")) if line.strip()]
n = len(rows)
codes = [int(r[1]) for r in rows]
secs = [float(r[2]) for r in rows]
pairs = [int(r[3]) for r in rows if r[3].isdigit()]
ones, twos = codes.count(1), codes.count(2)
print("   exits: %s | exit 0: %d, exit 1: %d, exit 2: %d" % (" ".join(map(str, codes)), codes.count(0), ones, twos))
if limit > 0:
    print("   wall time: median %.1f s, max %.1f s; %d of %d runs over %.0f s"
          % (statistics.median(secs), max(secs), sum(s > limit for s in secs), n, limit))
else:
    print("   wall time: median %.1f s, max %.1f s" % (statistics.median(secs), max(secs)))
if pairs:
    print("   worker pairs a run: median %g, min %d, max %d" % (statistics.median(pairs), min(pairs), max(pairs)))
verdicts, slower = {}, {}
for path in sorted(glob.glob(os.path.join(folder, "run-*.json"))):
    try:
        report = json.load(open(path))["report"]
    except (OSError, ValueError, KeyError):
        continue
    for c in report["comparisons"]:
        verdicts[c["verdict"]] = verdicts.get(c["verdict"], 0) + 1
        if c["verdict"] == "slower":
            name = "%s %s" % (c["spec"], c["scenario"])
            slower[name] = slower.get(name, 0) + 1
if verdicts:
    print("   row verdicts over all runs: %s" % ", ".join("%s %d" % kv for kv in sorted(verdicts.items())))
if slower:
    print("   rows called slower: %s" % ", ".join("%s ×%d" % kv for kv in sorted(slower.items())))
for i, code in enumerate(codes, 1):
    if code == 2:
        err = [l.strip() for l in open(os.path.join(folder, "run-%s.err" % rows[i - 1][0])) if l.strip()]
        print("   run %s exit 2: %s" % (rows[i - 1][0], err[-1] if err else "(no message)"))
need = -(-n * 19 // 20)
met = {"none": ones == 0 and twos == 0, "most": ones >= need, "all": ones == n}[target]
words = {"none": "no exit 1, no exit 2", "most": "exit 1 in >= %d of %d" % (need, n),
         "all": "exit 1 in %d of %d" % (n, n)}[target]
print("   target (%s): %s%s" % (words, "met" if met else "NOT met",
      ("; every run within %.0f s: %s" % (limit, "yes" if max(secs) <= limit else "NO")) if limit > 0 else ""))
sys.exit(0 if met else 1)
PY
}

spinner_pid=""
stop_spinner() {
  if [ -n "$spinner_pid" ]; then kill "$spinner_pid" 2>/dev/null; wait "$spinner_pid" 2>/dev/null; spinner_pid=""; fi
}
trap stop_spinner EXIT
trap 'exit 130' INT TERM

say ""
say "######## aa-study $(date '+%F %T %Z') on $(hostname), $(nproc) cores; binary $src (copied to $bin)"
say "######## $("$bin" --version 2>/dev/null); commit $commit ($commit_note)"
say "######## STEPS='$steps' RUNS=$runs SMALL_THRESHOLD=$small SWEEP='$sweep' SAVES=$saves BUDGET=$budget" \
  "MAX_TIME=${max_time:-default} PRESETS=$presets SCENARIOS=$scenarios"

for step in $steps; do
  case "$step" in
  a) step_start a "spread: $runs processes of bench --preset $presets --threads 1 --time-budget $budget" \
       "(default options otherwise)"
     dir="$out/a"; mkdir -p "$dir"; rm -f "$dir"/run-* "$dir"/runs.tsv
     for i in $(seq 1 "$runs"); do
       t0=$(now)
       "$bin" bench --preset "$presets" --threads 1 --time-budget "$budget" --json "$dir/run-$i.json" \
         > "$dir/run-$i.txt" 2> "$dir/run-$i.err"
       code=$?
       secs=$(elapsed "$t0" "$(now)")
       printf '%s\t%s\t%s\n' "$i" "$code" "$secs" >> "$dir/runs.tsv"
       echo "aa-study: a $i/$runs exit $code $secs s" >&2
     done
     python3 - "$dir" <<'PY' | tee -a "$summary"
import glob, json, os, statistics, sys
folder = sys.argv[1]
rows = [line.split("\t") for line in open(os.path.join(folder, "runs.tsv")) if line.strip()]
codes, secs = [int(r[1]) for r in rows], [float(r[2]) for r in rows]
print("   exits: %s | wall time: median %.1f s, max %.1f s"
      % (" ".join(map(str, codes)), statistics.median(secs), max(secs)))
medians, warmups, unsteady, files = {}, {}, {}, 0
for path in glob.glob(os.path.join(folder, "run-*.json")):
    try:
        results = json.load(open(path))["results"]
    except (OSError, ValueError, KeyError):
        continue
    files += 1
    for r in results:
        key = (r["spec"], r["scenario"], r["threads"])
        medians.setdefault(key, []).append(r["summaryNs"]["median"])
        if r.get("warmupSpentNs") is not None:
            warmups.setdefault(key, []).append(r["warmupSpentNs"])
        unsteady[key] = unsteady.get(key, 0) + (r.get("steadyState") is False)
print("   %d of %d runs wrote results" % (files, len(rows)))
if not medians:
    sys.exit(0)
def ns(v):
    return "%.3g ns" % v if v < 1e3 else "%.3g µs" % (v / 1e3) if v < 1e6 else "%.3g ms" % (v / 1e6)
print("   %-16s %-22s %10s %10s %8s %12s %10s" % ("spec", "scenario", "min", "max", "max/min", "warm-up", "not steady"))
spread = {}
for key in sorted(medians):
    v = medians[key]
    spread[key] = max(v) / min(v) if min(v) > 0 else float("inf")
    w = warmups.get(key)
    print("   %-16s %-22s %10s %10s %8.3f %12s %5d of %d"
          % (key[0], key[1], ns(min(v)), ns(max(v)), spread[key],
             ("%.3f s" % (statistics.median(w) / 1e9)) if w else "-", unsteady[key], len(v)))
over = [k for k in sorted(spread) if spread[k] > 1.05]
print("   rows with max/min > 1.05: %d of %d%s" % (len(over), len(spread),
      (" (" + ", ".join("%s %s %.3f" % (k[0], k[1], spread[k]) for k in over) + ")") if over else ""))
print("   results not steady: %d of %d" % (sum(unsteady.values()), sum(len(v) for v in medians.values())))
top = max(spread, key=spread.get)
print("   largest max/min: %.3f (%s %s), the figure for compare's run-to-run floor (%.1f%%)"
      % (spread[top], top[0], top[1], (spread[top] - 1) * 100))
print("   target (every row's max/min <= 1.05): %s" % ("met" if not over else "NOT met"))
PY
     step_end;;
  b) step_start b "ab A/A, default threshold (5%), $runs runs"
     ab_series b none
     step_end;;
  c) step_start c "ab, head 3% slower (LAYOUTBENCH_SLOWDOWN_PERCENT=3), --threshold $small" \
       "(below 3%, so a 3% change can be called slower), $runs runs"
     ab_series c most --threshold "$small" --head-env LAYOUTBENCH_SLOWDOWN_PERCENT=3
     c_ran=yes
     step_end;;
  d) step_start d "ab, head 10% slower (LAYOUTBENCH_SLOWDOWN_PERCENT=10), default threshold (5%), $runs runs"
     ab_series d all --head-env LAYOUTBENCH_SLOWDOWN_PERCENT=10
     step_end;;
  e) step_start e "the other core kept busy by a spinning shell: ab A/A and head 10% slower," \
       "default threshold, $runs runs each"
     sh -c 'while :; do :; done' &
     spinner_pid=$!
     say "   spinner pid $spinner_pid started; load average $(load)"
     say "   -- e-aa: A/A"
     ab_series e-aa none
     say "   -- e-10: head 10% slower"
     ab_series e-10 most --head-env LAYOUTBENCH_SLOWDOWN_PERCENT=10
     stop_spinner
     say "   spinner stopped"
     step_end;;
  f) step_start f "smallest slowdown caught at --threshold $small: A/A (f0), then N% slower for N in $sweep," \
       "$runs runs each"
     say "   -- f0: A/A at --threshold $small"
     ab_series f0 none --threshold "$small"
     caught=""
     for n in $sweep; do
       say "   -- f-$n: head $n% slower at --threshold $small"
       if [ "$n" = 3 ] && [ -n "$c_ran" ]; then
         say "   the same runs as step c (3% slower at --threshold $small, RUNS=$runs, this invocation): reused"
         if ab_tally "f-$n" most "$out/c"; then caught="$n"; break; fi
       elif ab_series "f-$n" most --threshold "$small" --head-env "LAYOUTBENCH_SLOWDOWN_PERCENT=$n"; then
         caught="$n"; break
       fi
     done
     if [ -n "$caught" ]; then
       say "   smallest slowdown caught (exit 1) in >= $(of20 "$runs" 19) of $runs runs at --threshold $small: $caught%"
     else
       say "   no slowdown in '$sweep' was caught in >= $(of20 "$runs" 19) of $runs runs at --threshold $small"
     fi
     step_end;;
  g) step_start g "watch: an unchanged spec saved $saves times (scripts/measure-watch.py)"
     mkdir -p "$out/g"
     t0=$(now)
     python3 scripts/measure-watch.py "$bin" --saves "$saves" --no-rss --progress \
       > "$out/g/measure-watch.txt" 2> >(tee "$out/g/measure-watch.err" >&2)
     code=$?
     sed 's/^/   /' "$out/g/measure-watch.txt" | tee -a "$summary"
     say "   measure-watch exit $code, $(elapsed "$t0" "$(now)") s"
     step_end;;
  h) step_start h "compare, A/A instructions: $runs pairs of bench --metric instructions (threshold 1%)"
     dir="$out/h"; mkdir -p "$dir"; rm -f "$dir"/*
     counted=(--preset "$presets" --scenarios "$scenarios" --skip lazy-scroll --skip parse --operations "$ops")
     for i in $(seq 1 "$runs"); do
       t0=$(now)
       "$bin" bench --metric instructions "${counted[@]}" --json "$dir/run-$i-a.json" >/dev/null 2>&1
       "$bin" bench --metric instructions "${counted[@]}" --json "$dir/run-$i-b.json" >/dev/null 2>&1
       "$bin" compare "$dir/run-$i-a.json" "$dir/run-$i-b.json" > "$dir/compare-$i.txt" 2>&1
       code=$?
       secs=$(elapsed "$t0" "$(now)")
       printf '%s\t%s\t%s\t-\n' "$i" "$code" "$secs" >> "$dir/runs.tsv"
       echo "aa-study: h $i/$runs exit $code $secs s" >&2
     done
     python3 - "$dir" "$runs" <<'PY' | tee -a "$summary"
import json, sys
folder, n = sys.argv[1], int(sys.argv[2])
codes = [int(l.split("\t")[1]) for l in open(folder + "/runs.tsv") if l.strip()]
print("   exits: %s | exit 0: %d, exit 1: %d, exit 2: %d; target (no exit 1): %s"
      % (" ".join(map(str, codes)), codes.count(0), codes.count(1), codes.count(2),
         "met" if 1 not in codes else "NOT met"))
counts = {}
for i in range(1, n + 1):
    for side in "ab":
        try:
            results = json.load(open("%s/run-%d-%s.json" % (folder, i, side)))["results"]
        except (OSError, ValueError, KeyError):
            continue
        for r in results:
            counts.setdefault((r["spec"], r["scenario"]), []).append(r["instructions"]["total"])
if counts:
    worst = max((max(v) - min(v)) / min(v) for v in counts.values())
    exact = sum(1 for v in counts.values() if len(set(v)) == 1)
    print("   instruction totals over %d runs: %d/%d results identical in every run; largest spread %.4f%%"
          " (target <= 0.1%%)" % (2 * n, exact, len(counts), worst * 100))
PY
     step_end;;
  i) step_start i "ab --metric instructions, head +3% work (_LAYOUTBENCH_WORK_PERCENT=3), $runs runs"
     ab_rows_saved=("${ab_rows[@]}")
     ab_rows=(--preset "$presets" --scenarios "$scenarios" --skip lazy-scroll --skip parse --operations "$ops")
     time_limit_saved="$time_limit"; time_limit=0  # no 60 s limit under valgrind
     ab_series i all --metric instructions --head-env _LAYOUTBENCH_WORK_PERCENT=3
     ab_rows=("${ab_rows_saved[@]}"); time_limit="$time_limit_saved"
     step_end;;
  esac
done
say ""
say "######## aa-study done $(date '+%F %T %Z'); summary in $summary"
