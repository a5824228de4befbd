import BenchResults
import Foundation

/// What a run's first line showed: the frames' summary, the picture drawn (or why not) and the lint change.
/// The run's record carries the same (`picture`, `lint`, `warnings`, `firstLook`), and its second line leaves
/// them out.
struct ShownFirstLook: Sendable {
    /// nil when the child wrote no summary (the end of the run then shows everything).
    var look: FirstLook?
    var picture: String?
    var lint: LintChange?
    var warnings: [String]

    /// What the second line must not repeat.
    var console: Console.Shown { Console.Shown(picture: picture != nil, lint: lint != nil, warnings: warnings) }
}

/// The first phase of a run (`FirstLook`): the child says its first look is written, the daemon reads it and
/// prints the run's first line at once; and a save of another spec does not wait behind a running bench.
/// All on `queue`.
extension WatchDaemon {
    /// Reads the first look the running child wrote and prints the run's first line. A child that is no longer
    /// the running one (cancelled, stopped) or a summary that cannot be read prints nothing: the run's end then
    /// shows it all.
    func firstLookWritten(by child: ChildProcess) {
        guard var run = current, run.child === child, run.firstLook == nil,
            let data = FileManager.default.contents(atPath: FirstLook.file(forResult: run.resultFile)),
            var look = try? JSONDecoder().decode(FirstLook.self, from: data)
        else { return }
        look.after = Self.seconds(since: run.started)
        let drawn = pictureOutcome(run)
        let shown = ShownFirstLook(look: look, picture: drawn.picture, lint: lintChange(run), warnings: drawn.warnings)
        run.firstLook = shown
        current = run
        let relative = scanner.relativePath(run.spec)
        let line = console.firstLookBlock(
            look, specHash: run.hash, picture: shown.picture, lint: shown.lint, warnings: shown.warnings,
            time: Self.timestamp(), relativePath: relative)
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
        configuration.onFirstLook?(run.spec, relative, shown.picture)
        if run.saveWaiting { cancelBench() }
    }

    /// A save of another spec while a run is going: once the run's first line is out (at once, or when it
    /// comes: a first phase takes a fraction of a second), its bench is cancelled, logged as `cancelled`, and
    /// its spec queued again behind the new save (`benchEnded`), so the new save's first line comes at once
    /// instead of after seconds of timing. Only a save of a later batch than the run's does this, so specs
    /// considered together (the start, a checkout's burst, a rescan) run each in turn, each to its verdict.
    /// Not with `--once`, which runs every spec once.
    func preemptBench(for path: String) {
        guard !configuration.once, var run = current, run.spec != path, run.batch != batch, !run.preempted
        else { return }
        guard run.firstLook != nil else {
            run.saveWaiting = true
            current = run
            return
        }
        logger.debug(
            "another spec was saved: cancelling the running bench, to run again after it",
            metadata: ["spec": "\(run.spec)", "saved": "\(path)"])
        cancelBench()
    }

    private func cancelBench() {
        guard var run = current, !run.preempted else { return }
        run.preempted = true
        current = run
        run.child.cancel()
    }

    /// The record of a run that did not end ok, with what its first line showed (its picture and lint change
    /// are this content's, whatever happened to the bench after).
    func record(
        of run: CurrentRun, _ status: RunStatus, error: RecordedError? = nil, duration: Double? = nil
    ) -> RunRecord {
        RunRecord(
            time: Self.timestamp(), spec: run.spec, specHash: run.hash, status: status, error: error,
            duration: duration ?? Self.seconds(since: run.started), picture: run.firstLook?.picture,
            warnings: run.firstLook?.warnings, lint: run.firstLook?.lint, firstLook: run.firstLook?.look)
    }
}
