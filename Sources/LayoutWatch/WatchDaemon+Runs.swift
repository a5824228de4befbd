import BenchResults
import ErrorReporting
import Foundation
import LayoutStore
import Logging

/// Running one spec: bench it in a child, in two phases. First the child reads and checks the spec, solves it
/// once, draws its picture, writes its lint findings and the frames' summary and says so on its standard
/// output: the daemon prints the run's first line at once (`WatchDaemon+FirstLook.swift`). Then it benches,
/// with the lock-step pairing against the previous save, and exits; on failure it leaves a failure record in
/// its result file. The daemon then logs, stores and prints the outcome (the run's second line). The daemon
/// itself reads a saved file once, for its hash (`consider`), and never parses it. All on `queue`.
extension WatchDaemon {
    func startNextRun() {
        defer { reportHealth() }
        guard !stopping, current == nil, let spec = runs.startNext() else { return }
        let started = ContinuousClock.now
        guard let hash = pendingHash.removeValue(forKey: spec) ?? nil else {
            lastHash[spec] = nil
            let exists = FileManager.default.fileExists(atPath: spec)
            let message =
                "\(spec): error: "
                + (exists
                    ? "cannot read the file" : "no such file (deleted or renamed away); its last results are kept")
            finish(
                RunRecord(
                    time: Self.timestamp(), spec: spec, specHash: nil, status: .error,
                    error: RecordedError(message: message, file: spec, code: "io"),
                    duration: Self.seconds(since: started)))
            return
        }
        lastHash[spec] = hash
        runCounter += 1
        let resultFile = runFolder.resultFile(run: runCounter)
        let child = ChildProcess()
        let picture = picturePath(for: spec)
        current = CurrentRun(
            spec: spec, hash: hash, child: child, started: started, resultFile: resultFile,
            picture: picture.path, pictureWarning: picture.warning, batch: batch)
        let arguments = configuration.benchArguments(
            spec, scanner.swiftNeighbours(of: spec), resultFile, picture.path, snapshots[spec])
        logger.debug("starting a run", metadata: ["spec": "\(spec)", "hash": "\(hash)"])
        child.start(
            executable: configuration.executable, arguments: arguments, timeout: timeLimit,
            onLine: { [weak self] line in
                guard let self, line == FirstLook.marker else { return }
                queue.async { self.firstLookWritten(by: child) }
            },
            completion: { [weak self] outcome in
                guard let self else { return }
                queue.async { self.benchEnded(child, outcome) }
            })
    }

    var timeLimit: Duration { .milliseconds(Int64(configuration.timeoutSeconds * 1000)) }

    private func benchEnded(_ child: ChildProcess, _ outcome: ChildOutcome) {
        guard let run = current, run.child === child else { return }  // stopped meanwhile: already logged
        defer {
            for file in [
                run.resultFile, WatchConfiguration.lintFile(forResult: run.resultFile),
                FirstLook.file(forResult: run.resultFile), WatchConfiguration.snapshotFile(forResult: run.resultFile),
                WatchConfiguration.pairedFile(forResult: run.resultFile),
            ] {
                try? FileManager.default.removeItem(atPath: file)
            }
        }
        let duration = Self.seconds(since: run.started)
        switch outcome {
        case .exited(0, _):
            do {
                let report = try BenchReport.load(path: run.resultFile)
                finishOK(run, report: report, look: run.firstLook ?? lateLook(run))
            } catch {
                finish(
                    failure(
                        run, .error,
                        RecordedError(message: "the child's result file cannot be read: \(error)", code: "result")))
            }
        case let .exited(code, _):
            let error = Self.childError(resultFile: run.resultFile, exitCode: code)
            if error.code == Self.noLayoutEntryCode && !scanner.swiftNeighbours(of: run.spec).isEmpty {
                helpersOnly(run)
                return
            }
            finish(failure(run, .error, error), after: run.firstLook)
        case let .signalled(signal, stderr):
            let message =
                "the bench child was killed by signal \(signal)" + (stderr.isEmpty ? "" : ": " + Self.lastLine(stderr))
            finish(
                failure(run, .crashed, RecordedError(message: message, code: "signal \(signal)")), after: run.firstLook)
        case .cancelled:
            // A newer save superseded it: run the new content even if it equals the cancelled one.
            lastHash[run.spec] = nil
            finish(record(of: run, .cancelled, duration: duration), after: run.firstLook)
            // Cancelled for another spec's save (which now runs): this content runs again after it.
            if run.preempted { consider(run.spec) }
        case .timedOut:
            let limit = String(format: "%g", configuration.timeoutSeconds)
            finish(
                failure(
                    run, .timeout,
                    RecordedError(message: "the run took longer than \(limit) s and was killed", code: "timeout")),
                after: run.firstLook)
        case .cannotStart(let reason):
            finish(
                failure(
                    run, .error,
                    RecordedError(message: "cannot start \(configuration.executable): \(reason)", code: "spawn")))
        }
    }

    /// The import's failure code for Swift code with no layout entry (`ImportError.Kind.noEntry`).
    static let noLayoutEntryCode = "import-no-entry"

    /// A `.swift` file with no layout entry beside other Swift files: helpers the layouts beside it are
    /// compiled with (their runs follow its saves), not a failure. Said on the console; no result to log.
    private func helpersOnly(_ run: CurrentRun) {
        let relative = scanner.relativePath(run.spec)
        logger.debug("no layout entry: helpers of the layouts beside it", metadata: ["spec": "\(run.spec)"])
        FileHandle.standardOutput.write(
            Data((console.helpersLine(relativePath: relative) + "\n").utf8))
        runEnded()
    }

    private func failure(_ run: CurrentRun, _ status: RunStatus, _ error: RecordedError) -> RunRecord {
        record(of: run, status, error: error)
    }

    /// Where `--render` draws the spec's picture, its folder created; nil without `--render` (or when the
    /// folder cannot be created: `warning` says so).
    func picturePath(for spec: String) -> (path: String?, warning: String?) {
        guard let folder = configuration.renderFolder else { return (nil, nil) }
        let picture = folder + "/" + (scanner.relativePath(spec) as NSString).deletingPathExtension + ".svg"
        do {
            try FileManager.default.createDirectory(
                atPath: (picture as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
        } catch {
            return (nil, "cannot create \(folder): \(error.localizedDescription)")
        }
        return (picture, nil)
    }

    /// The bench child drew the picture after a solve that worked, before benching (`bench --picture`,
    /// written atomically): it is new when the file changed since the run started.
    func pictureOutcome(_ run: CurrentRun) -> (picture: String?, warnings: [String]) {
        if let warning = run.pictureWarning { return (nil, [warning]) }
        guard let picture = run.picture else { return (nil, []) }
        let modified = (try? FileManager.default.attributesOfItem(atPath: picture))?[.modificationDate] as? Date
        guard let modified, modified >= run.startedAt else {
            return (nil, ["the picture was not redrawn; the previous one is kept"])
        }
        return (picture, [])
    }

    /// Without a first line (its summary could not be written or read), the picture and lint are read at the
    /// run's end, and its one block shows them.
    private func lateLook(_ run: CurrentRun) -> ShownFirstLook {
        let drawn = pictureOutcome(run)
        return ShownFirstLook(look: nil, picture: drawn.picture, lint: lintChange(run), warnings: drawn.warnings)
    }

    private func finishOK(_ run: CurrentRun, report: BenchReport, look: ShownFirstLook) {
        var warnings = look.warnings
        let previous = previousRun(of: run.spec)
        var changes = ChangeCalculator.changes(previous: previous, current: report, threshold: configuration.threshold)
        changes = ChangeCalculator.paired(
            changes, measured: Self.pairedChanges(run.resultFile), current: report, threshold: configuration.threshold)
        keepSnapshot(of: run)
        var storeRun: Int64?
        if let store {
            do {
                storeRun = try store.add(report, metadata: RunMetadata(label: nil, dirty: false, origin: "watch"))
            } catch {
                warnings.append("not stored: \(error)")
                logger.error("cannot store the run", metadata: ["spec": "\(run.spec)", "error": "\(error)"])
            }
        }
        previousOK[run.spec] = report
        let summaries = report.results.map { ScenarioSummary($0, change: changes[$0.key]) }
        if configuration.once && summaries.contains(where: { $0.change?.verdict == .slower }) {
            onceWorst = max(onceWorst, 1)
        }
        // The hash the child read (the file may have changed since it was checked).
        let hash = report.specs.first?.contentHash ?? run.hash
        var record = RunRecord(
            time: Self.timestamp(), spec: run.spec, specHash: hash, status: .ok, results: summaries,
            duration: Self.seconds(since: run.started), picture: look.picture, storeRun: storeRun, warnings: warnings,
            lint: look.lint)
        record.firstLook = look.look
        finish(record, after: run.firstLook)
    }

    /// The lock-step changes the child measured against the previous snapshot (empty when it measured none).
    static func pairedChanges(_ resultFile: String) -> [PairedChange] {
        guard let data = FileManager.default.contents(atPath: WatchConfiguration.pairedFile(forResult: resultFile))
        else { return [] }
        return (try? JSONDecoder().decode([PairedChange].self, from: data)) ?? []
    }

    /// Keeps the layout this ok run benched as the spec's snapshot (the next run is timed against it),
    /// replacing the older one.
    private func keepSnapshot(of run: CurrentRun) {
        let written = WatchConfiguration.snapshotFile(forResult: run.resultFile)
        guard FileManager.default.fileExists(atPath: written) else { return }
        let kept = run.resultFile + ".before.yaml"
        do {
            try FileManager.default.moveItem(atPath: written, toPath: kept)
        } catch {
            // The next run then compares the two runs' medians, as `history` does; said, not silent.
            logger.warning(
                "cannot keep the layout this run benched; the next run is not timed against it in lock-step",
                metadata: ["spec": "\(run.spec)", "error": "\(error)"])
            return
        }
        if let old = snapshots[run.spec] { try? FileManager.default.removeItem(atPath: old) }
        snapshots[run.spec] = kept
    }

    /// What changed in the spec's findings since its previous linted run: the findings the child wrote
    /// beside its result (`WatchConfiguration.lintFile`). Nil without lint, when the child wrote none (it
    /// could not lint the layout it benched), or when nothing changed.
    func lintChange(_ run: CurrentRun) -> LintChange? {
        guard configuration.lints,
            let data = FileManager.default.contents(atPath: WatchConfiguration.lintFile(forResult: run.resultFile)),
            let findings = try? JSONDecoder().decode([WatchLintFinding].self, from: data)
        else { return nil }
        defer { lastFindings[run.spec] = findings }
        return LintChange.between(previous: lastFindings[run.spec] ?? [], current: findings)
    }

    /// The previous ok run of `spec`: this session's, or else the store's newest.
    private func previousRun(of spec: String) -> BenchReport? {
        if let report = previousOK[spec] { return report }
        guard let store, previousLoaded.insert(spec).inserted else { return nil }
        do {
            return try store.latestRun(spec: spec)?.report
        } catch {
            logger.warning(
                "cannot read the previous run from the store", metadata: ["spec": "\(spec)", "error": "\(error)"])
            return nil
        }
    }

    /// Tells `onHealth` the specs known and the runs waiting: O(specs).
    func reportHealth() {
        guard let onHealth = configuration.onHealth else { return }
        let known = Set(lastHash.keys).union(runs.pending).union(current.map { [$0.spec] } ?? [])
        onHealth(WatchHealth(watchedSpecs: known.count, queueLength: runs.pending.count))
    }

    /// Logs and prints the record (`after` the run's first line, when it was printed), then starts the next run
    /// (or, with `--once`, stops when none is left).
    func finish(_ record: RunRecord, after firstLook: ShownFirstLook? = nil) {
        if record.status != .ok && record.status != .cancelled {
            if configuration.once { onceWorst = 2 }
            logger.warning(
                "run failed",
                metadata: [
                    "spec": "\(record.spec)", "status": "\(record.status.rawValue)",
                    "error": "\(record.error?.message ?? "")",
                ])
        }
        append(record, after: firstLook)
        runEnded()
    }

    /// The running run is over: start the next one (or, with `--once`, stop when none is left).
    private func runEnded() {
        current = nil
        runs.finishRunning()
        if configuration.once && runs.isIdle {
            stop(code: onceWorst)
            return
        }
        startNextRun()
    }

    /// Writes the record to the log and the console (without what the run's first line, `after`, already
    /// showed). A log that cannot be written (a full disk) is reported; the spec is run again on its next change.
    func append(_ record: RunRecord, after firstLook: ShownFirstLook? = nil) {
        do {
            try log.append(record)
        } catch {
            lastHash[record.spec] = nil
            logger.error("the record was not logged", metadata: ["error": "\(error)"])
        }
        let relative = scanner.relativePath(record.spec)
        configuration.onRecord?(record, relative)
        let block = console.block(for: record, relativePath: relative, shown: firstLook?.console)
        FileHandle.standardOutput.write(Data((block + "\n").utf8))
    }

    /// A failed child's error, from the failure record `bench --json FILE` leaves in FILE (never from its
    /// standard error); without a record (the child died before writing one), the exit code alone.
    static func childError(resultFile: String, exitCode: Int32) -> RecordedError {
        guard let data = FileManager.default.contents(atPath: resultFile),
            let record = try? JSONDecoder().decode(FailureRecord.self, from: data)
        else {
            return RecordedError(
                message: "the bench child exited with \(exitCode) and left no failure record",
                code: "exit \(exitCode)")
        }
        return RecordedError(
            message: record.message, file: record.file, line: record.line, column: record.column,
            code: record.code)
    }

    static func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last.map(String.init) ?? ""
    }
}
