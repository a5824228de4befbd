#!/usr/bin/env python3
"""Measures the watch daemon: the latency from a save to its logged result (median of N saves, with the
daemon's default budget) and the daemon's resident memory after 10 runs and after M runs (tiny budget).

usage: scripts/measure-watch.py [BINARY] [--saves 20] [--runs 1000] [--no-rss] [--progress]
Part 1 also counts the verdicts of the unchanged layout's runs (same, slower, faster, inconclusive; the
first run has no previous run, so none): each save rewrites the spec with only a comment changed.
--no-rss skips part 2 (the memory runs); --progress prints a line per save to stderr.
BINARY defaults to .build/release/layoutbench, else .build/debug/layoutbench."""
import json, os, signal, statistics, subprocess, sys, tempfile, time

SPEC = """version: 1
name: tiny
container: { width: 390, height: 844 }
sections:
  - items: 12
    group:
      horizontal:
        size: { width: fractionalWidth(1), height: absolute(100) }
        subitem: { item: { size: { width: fractionalWidth(0.25), height: fractionalHeight(1) } } }
        count: 4
# variant %d
"""

def fnv(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h

def records(log):
    try:
        with open(log) as f:
            return [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []

def wait_for(log, hash_, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        for r in reversed(records(log)):
            if r.get("specHash") == hash_ and r["status"] in ("ok", "error", "crashed", "timeout"):
                return r
        time.sleep(0.005)
    raise SystemExit("no record for %s within %ss" % (hash_, timeout))

def row_verdicts(record):
    return [x["change"]["verdict"] for x in record.get("results") or [] if x.get("change")]

def worst(record):
    if record.get("status") != "ok":
        return record.get("status", "?")
    verdicts = row_verdicts(record)
    for word in ("slower", "inconclusive", "faster", "same"):
        if word in verdicts:
            return word
    return "none"

def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

def daemon(binary, folder, extra):
    spec_dir = os.path.join(folder, "specs")
    args = [binary, "watch", spec_dir, "--log", os.path.join(folder, "watch.jsonl"),
            "--store", os.path.join(folder, "results.sqlite"), "--log-level", "warning"] + extra
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder)

def main():
    argv = sys.argv[1:]
    binary = next((a for a in argv if not a.startswith("--") and not a.isdigit()), None)
    saves = int(argv[argv.index("--saves") + 1]) if "--saves" in argv else 20
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 1000
    rss, progress = "--no-rss" not in argv, "--progress" in argv
    if binary is None:
        release = ".build/release/layoutbench"
        binary = release if os.path.exists(release) else ".build/debug/layoutbench"
    binary = os.path.abspath(binary)
    print("binary: %s" % binary)

    # 1. Latency with the defaults a person gets (budget, scenarios, debounce).
    folder = tempfile.mkdtemp(prefix="watch-measure-")
    os.makedirs(os.path.join(folder, "specs"))
    spec, log = os.path.join(folder, "specs", "a.yaml"), os.path.join(folder, "watch.jsonl")
    open(spec, "w").write(SPEC % 0)
    p = daemon(binary, folder, [])
    first = wait_for(log, fnv(SPEC % 0))
    latencies, saved = [], []
    for i in range(1, saves + 1):
        text = SPEC % i
        start = time.time()
        open(spec, "w").write(text)
        saved.append(wait_for(log, fnv(text)))
        latencies.append(time.time() - start)
        if progress:
            print("measure-watch: save %d/%d %s %s %.1f s" % (i, saves, saved[-1]["status"], worst(saved[-1]),
                                                            latencies[-1]), file=sys.stderr, flush=True)
    p.send_signal(signal.SIGTERM); p.wait()
    print("save -> logged result, default budget: median %.3f s, min %.3f s, max %.3f s over %d saves"
          % (statistics.median(latencies), min(latencies), max(latencies), saves))
    # Every save changed a comment only: the layout is the same, so each run's verdict against the one
    # before should be `same` (issue 16's check: same in >= 18 of 20 saves, slower in none). A save's
    # verdict is its run's worst scenario (slower > inconclusive > faster > same; none: no change computed,
    # as for the first run, which has no previous run; a run that failed counts by its status).
    count = lambda words: ", ".join("%s %d" % (w, words.count(w)) for w in sorted(set(words))) or "nothing"
    per_save = [worst(r) for r in saved]
    per_row = [v for r in saved for v in row_verdicts(r)]
    print("verdicts of the %d saves of the unchanged layout (a save's worst scenario): %s" % (saves, count(per_save)))
    print("verdicts of every scenario of those saves: %s" % count(per_row))
    print("the first run (before any save): %s" % worst(first))
    need = -(-saves * 18 // 20)  # 18 of 20, scaled
    met = per_save.count("same") >= need and "slower" not in per_row
    print("target (same in >= %d of %d saves, slower in none): %s" % (need, saves, "met" if met else "NOT met"))
    if not rss:
        return

    # 2. Resident memory after 10 and after `runs` runs (tiny budget, no debounce, so runs are quick).
    folder = tempfile.mkdtemp(prefix="watch-measure-")
    os.makedirs(os.path.join(folder, "specs"))
    spec, log = os.path.join(folder, "specs", "a.yaml"), os.path.join(folder, "watch.jsonl")
    open(spec, "w").write(SPEC % 0)
    p = daemon(binary, folder, ["--repetitions", "1", "--rounds", "1", "--debounce", "0", "--scenarios", "full"])
    wait_for(log, fnv(SPEC % 0))
    at = {}
    start = time.time()
    for i in range(1, runs):
        text = SPEC % i
        open(spec, "w").write(text)
        wait_for(log, fnv(text))
        n = i + 1
        if n in (10, 100, runs):
            at[n] = rss_kib(p.pid)
            print("after %d runs: RSS %d KiB (%.1f s)" % (n, at[n], time.time() - start), flush=True)
    p.send_signal(signal.SIGTERM); p.wait()
    if 10 in at and runs in at:
        print("RSS growth from 10 to %d runs: %+d KiB" % (runs, at[runs] - at[10]))

if __name__ == "__main__":
    main()
