#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ with -sanitize=fuzzer,address and runs one or all of them.
#
#   scripts/fuzz.sh [TARGET|all] [SECONDS]     TARGET: read solve replay calc write; default: all, 60 s each
#   scripts/fuzz.sh build                      build only
#   scripts/fuzz.sh smoke                      CI's run: every target for a fixed number of inputs from an empty
#                                              corpus, seed 1, fixed hashing and addresses: the same on every run
#                                              and machine (of one toolchain)
#   FUZZ_KEEP_GOING=1 scripts/fuzz.sh solve 600    go on past findings (libFuzzer's -fork=1 -ignore_*)
#   FUZZ_PARALLEL=2 scripts/fuzz.sh smoke        two targets at a time (each fuzzer uses one core; CI does this)
#   FUZZ_SEED=7 scripts/fuzz.sh write 30         libFuzzer's -seed: the same mutations in the same order
#
# Exits 1 when a target stopped on a crash, a finding, a timeout (10 s an input) or running out of memory
# (2 GB); the input is left in Fuzz/.build-fuzz/findings/TARGET/ (Fuzz/README.md says how to keep it as a case).
# The build has its own scratch folder, so the ordinary build stays cached; the corpus grows in
# Fuzz/.build-fuzz/corpus/TARGET/ from run to run, seeded from the fixture specs, docs/examples, Fuzz/Seeds/
# and the kept cases of Tests/Fixtures/fuzz-cases/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch="$root/Fuzz/.build-fuzz"
all_targets=(read solve replay calc write)

target=${1:-all}
seconds=${2:-60}
smoke=0
case "$target" in
  all) targets=("${all_targets[@]}") ;;
  smoke) targets=("${all_targets[@]}"); smoke=1; seconds=${2:-300}; FUZZ_SEED=${FUZZ_SEED:-1} ;;
  build) targets=() ;;
  read|solve|replay|calc|write) targets=("$target") ;;
  *) echo "fuzz.sh: unknown target '$target' (read, solve, replay, calc, write, all, smoke, build)" >&2; exit 2 ;;
esac

# The smoke's inputs a target: about 30 s each here (2 cores, two targets at a time); a count, not a time,
# so that a slower or faster runner tries the very same inputs. SECONDS is then only a cap (default 300 s).
declare -A smoke_runs=([read]=60000 [solve]=12000 [replay]=60000 [calc]=30000 [write]=60000)

product() { echo "Fuzz$(tr '[:lower:]' '[:upper:]' <<<"${1:0:1}")${1:1}"; }

build() {
  local started=$SECONDS
  mkdir -p "$scratch/logs"
  # Every executable of Fuzz/ and what it needs of the root package, instrumented. The sanitizers' only
  # other output is a warning about __asan_extra_spill_area, left out.
  if ! swift build --package-path Fuzz --scratch-path "$scratch" -c release \
      -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$scratch/logs/build.log" 2>&1; then
    grep -v "__asan_extra_spill_area" "$scratch/logs/build.log" | tail -40 >&2
    echo "fuzz.sh: the sanitizer build failed" >&2
    exit 1
  fi
  echo "fuzz.sh: built in $((SECONDS - started)) s"
}

# The seeds of a target, gathered afresh each run: specs for read, solve and write; each example spec
# followed by `%%` and the example operations for replay; expressions for calc. Kept cases seed too.
seeds() {
  local t=$1 dir="$scratch/seeds/$1"
  rm -rf "$dir" && mkdir -p "$dir"
  case "$t" in
    read|solve|write)
      find Tests/Fixtures/specs docs/examples -name '*.yaml' -exec cp {} "$dir/" \;
      cp Fuzz/Seeds/specs/* "$dir/" ;;
    replay)
      for spec in docs/examples/*.yaml Tests/Fixtures/specs/examples/E1*.yaml; do
        { cat "$spec"; echo "%%"; cat docs/examples/chips-ops.jsonl; } >"$dir/$(basename "$spec" .yaml).txt"
      done
      cp Fuzz/Seeds/replay/* "$dir/" ;;
    calc)
      cp Fuzz/Seeds/calc/* "$dir/" ;;
  esac
  if [ -d "Tests/Fixtures/fuzz-cases/$t" ]; then
    find "Tests/Fixtures/fuzz-cases/$t" -type f ! -name '*.expect' -exec cp {} "$dir/" \;
  fi
  echo "$dir"
}

run() {
  local t=$1 bin log seed_dir dict max_len=8192
  bin="$scratch/release/$(product "$t")"
  log="$scratch/logs/$t.log"
  local corpus="$scratch/corpus/$t"
  if [ "$smoke" = 1 ]; then
    corpus="$scratch/smoke-corpus/$t"  # empty, as on a clean clone: the grown corpus would change the inputs
    rm -rf "$corpus"
  fi
  mkdir -p "$corpus" "$scratch/findings/$t" "$scratch/logs"
  seed_dir=$(seeds "$t")
  case "$t" in
    calc) dict=Fuzz/Dictionaries/calc.dict; max_len=12000 ;;  # past calc's 10,000 characters
    replay) dict=Fuzz/Dictionaries/replay.dict ;;
    *) dict=Fuzz/Dictionaries/spec.dict ;;
  esac
  local flags=(-max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -dict="$dict"
               -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$scratch/findings/$t/")
  if [ "$smoke" = 1 ]; then
    # The entropic schedule does not repeat from run to run even with a seed (measured: Fuzz/README.md).
    flags+=(-runs="${smoke_runs[$t]}" -entropic=0)
  fi
  local fixed_addresses=()
  if [ "$smoke" = 1 ] && setarch -R true 2>/dev/null; then
    # Without address randomisation: libFuzzer's comparison tracing feeds pointer values to the mutator.
    fixed_addresses=(setarch -R)
  fi
  local hashing=()
  if [ -n "${FUZZ_SEED:-}" ]; then
    # The same mutations, and Swift's hashing fixed so that coverage (what is kept) repeats as well.
    flags+=(-seed="$FUZZ_SEED")
    hashing=(SWIFT_DETERMINISTIC_HASHING=1)
  fi
  if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
    flags+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  if [ "$smoke" = 1 ]; then
    echo "fuzz.sh: $t for ${smoke_runs[$t]} inputs, seed $FUZZ_SEED (at most $seconds s; log: $log)"
  else
    echo "fuzz.sh: $t for $seconds s (log: $log)"
  fi
  local inputs=("$corpus" "$seed_dir")
  if [ "$smoke" = 1 ]; then
    # The seeds named in sorted order, not read from the folder: libFuzzer sorts them by size alone, so ties
    # keep the order they came in, and a folder lists them in its file system's order.
    if find "$seed_dir" -type f -name '*,*' | grep -q .; then
      echo "fuzz.sh: a seed file's name holds a comma, which -seed_inputs cannot name" >&2
      return 1
    fi
    inputs=(-seed_inputs="$(find "$seed_dir" -type f | LC_ALL=C sort | paste -sd, -)" "$corpus")
  fi
  local status=0
  "${fixed_addresses[@]}" env "${hashing[@]}" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
    "$bin" "${flags[@]}" "${inputs[@]}" >"$log" 2>&1 || status=$?
  local last_cov executed
  last_cov=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  executed=$(grep -E '^stat::number_of_executed_units' "$log" | tail -1 || true)
  # -fork=1 (FUZZ_KEEP_GOING) prints no final stats; its last coverage line counts the inputs instead.
  echo "fuzz.sh: $t: ${last_cov:-no coverage line}${executed:+; $executed}"
  if [ "$smoke" = 1 ] && [ "$status" -eq 0 ] && ! grep -qE "^#${smoke_runs[$t]}[[:space:]]+DONE" "$log"; then
    # A slow runner: the inputs tried are a prefix of the smoke's, not all of them. Not a failure.
    echo "fuzz.sh: $t: stopped at the $seconds s cap before its ${smoke_runs[$t]} inputs"
  fi
  local found
  found=$(find "$scratch/findings/$t" -type f -newer "$seed_dir" | head -20)
  if [ "$status" -ne 0 ] || [ -n "$found" ]; then
    echo "fuzz.sh: $t stopped (exit $status); its findings:" >&2
    grep -E 'ERROR: |==ERROR|SUMMARY|Fatal error|fuzz [a-z]+: ' "$log" | head -20 >&2 || true
    for f in $found; do echo "  $f" >&2; done
    return 1
  fi
}

build
failed=()
lanes=${FUZZ_PARALLEL:-1}
if [ "$lanes" -le 1 ]; then
  for t in "${targets[@]}"; do
    run "$t" || failed+=("$t")
  done
else
  # Up to $lanes targets at once (each fuzzer is one thread): each run's lines and exit status go to files,
  # printed in the targets' order once all have ended.
  for t in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n || true; done
    (
      code=0
      run "$t" || code=1
      echo "$code" >"$scratch/logs/$t.status"
    ) >"$scratch/logs/$t.out" 2>&1 &
  done
  wait
  for t in "${targets[@]}"; do
    cat "$scratch/logs/$t.out"
    [ "$(cat "$scratch/logs/$t.status" 2>/dev/null)" = 0 ] || failed+=("$t")
  done
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: findings in: ${failed[*]}" >&2
  exit 1
fi
