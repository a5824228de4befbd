#!/usr/bin/env python3
"""Measures the watch daemon: for each of N saves, the latency from the save to its picture being written,
to the run's first line on the console, and to its logged result (the verdict line); median of N saves, with
the daemon's default budget. Then the daemon's resident memory after 10 runs and after M runs (tiny budget).

usage: scripts/measure-watch.py [BINARY] [--saves 20] [--runs 1000] [--no-rss] [--progress]
Part 1 also counts the verdicts of the unchanged layout's runs (same, slower, faster, inconclusive; the
first run has no previous run, so none): each save rewrites the spec with only a comment changed. The
picture is `--render`'s SVG: a save's picture counts as written when the file is replaced (its inode or
modification time changes; the comment does not change what it shows).
--no-rss skips part 2 (the memory runs); --progress prints a line per save to stderr.
BINARY defaults to .build/release/layoutbench, else .build/debug/layoutbench."""
import json, os, signal, statistics, subprocess, sys, tempfile, threading, time

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

def stamp(path):
    try:
        st = os.stat(path)
        return (st.st_ino, st.st_mtime_ns)
    except FileNotFoundError:
        return None

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

class Console:
    """The daemon's standard output, each line with the time it was read."""
    def __init__(self, stream):
        self.lines, self.lock = [], threading.Lock()
        threading.Thread(target=self.read, args=(stream,), daemon=True).start()
    def read(self, stream):
        for line in iter(stream.readline, b""):
            with self.lock:
                self.lines.append((time.time(), line.decode(errors="replace")))
    def first(self, needle, after):
        with self.lock:
            return next((t for t, line in self.lines if t >= after and needle in line), None)

def daemon(binary, folder, extra, console=False):
    spec_dir = os.path.join(folder, "specs")
    args = [binary, "watch", spec_dir, "--log", os.path.join(folder, "watch.jsonl"),
            "--store", os.path.join(folder, "results.sqlite"), "--log-level", "warning"] + extra
    out = subprocess.PIPE if console else subprocess.DEVNULL
    return subprocess.Popen(args, stdout=out, stderr=subprocess.DEVNULL, cwd=folder)

def describe(name, values):
    return "%s: median %.3f s, min %.3f s, max %.3f s over %d saves" % (
        name, statistics.median(values), min(values), max(values), len(values))

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
    print("load before: %s" % open("/proc/loadavg").read().strip())

    # 1. Latency with the defaults a person gets (budget, scenarios, debounce), and a picture per save.
    folder = tempfile.mkdtemp(prefix="watch-measure-")
    os.makedirs(os.path.join(folder, "specs"))
    spec, log = os.path.join(folder, "specs", "a.yaml"), os.path.join(folder, "watch.jsonl")
    picture = os.path.join(folder, "pictures", "a.svg")
    open(spec, "w").write(SPEC % 0)
    p = daemon(binary, folder, ["--render", os.path.join(folder, "pictures")], console=True)
    console = Console(p.stdout)
    first = wait_for(log, fnv(SPEC % 0))
    to_picture, to_line, to_result, saved = [], [], [], []
    for i in range(1, saves + 1):
        text = SPEC % i
        before = stamp(picture)
        start = time.time()
        open(spec, "w").write(text)
        drawn = None
        deadline = start + 60
        while drawn is None and time.time() < deadline:
            if stamp(picture) != before:
                drawn = time.time()
            else:
                time.sleep(0.002)
        if drawn is None:
            raise SystemExit("save %d: the picture was not redrawn within 60 s" % i)
        saved.append(wait_for(log, fnv(text)))
        logged = time.time()
        time.sleep(0.05)  # the console line of the logged record follows its log line
        shown = console.first("#" + fnv(text)[:8], start)
        to_picture.append(drawn - start)
        to_line.append((shown or logged) - start)
        to_result.append(logged - start)
        if progress:
            print("measure-watch: save %d/%d %s %s picture %.2f s, first line %.2f s, result %.2f s"
                  % (i, saves, saved[-1]["status"], worst(saved[-1]), to_picture[-1], to_line[-1], to_result[-1]),
                  file=sys.stderr, flush=True)
    p.send_signal(signal.SIGTERM); p.wait()
    print(describe("save -> picture written", to_picture))
    print(describe("save -> the run's first console line", to_line))
    print(describe("save -> logged result (the verdict), default budget", to_result))
    print("load after: %s" % open("/proc/loadavg").read().strip())
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
