#!/usr/bin/env python3
"""Measures the watch daemon: the latency from a save to its logged result (median of N saves, with the
daemon's default budget) and the daemon's resident memory after 10 runs and after M runs (tiny budget).

usage: scripts/measure-watch.py [BINARY] [--saves 20] [--runs 1000]
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
    if binary is None:
        binary = ".build/release/layoutbench" if os.path.exists(".build/release/layoutbench") else ".build/debug/layoutbench"
    binary = os.path.abspath(binary)
    print("binary: %s" % binary)

    # 1. Latency with the defaults a person gets (budget, scenarios, debounce).
    folder = tempfile.mkdtemp(prefix="watch-measure-")
    os.makedirs(os.path.join(folder, "specs"))
    spec, log = os.path.join(folder, "specs", "a.yaml"), os.path.join(folder, "watch.jsonl")
    open(spec, "w").write(SPEC % 0)
    p = daemon(binary, folder, [])
    wait_for(log, fnv(SPEC % 0))
    latencies = []
    for i in range(1, saves + 1):
        text = SPEC % i
        start = time.time()
        open(spec, "w").write(text)
        wait_for(log, fnv(text))
        latencies.append(time.time() - start)
    p.send_signal(signal.SIGTERM); p.wait()
    print("save -> logged result, default budget: median %.3f s, min %.3f s, max %.3f s over %d saves"
          % (statistics.median(latencies), min(latencies), max(latencies), saves))

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
