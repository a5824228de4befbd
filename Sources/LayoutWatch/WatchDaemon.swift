import BenchResults
import Dispatch
import Foundation
import LayoutStore
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The watch daemon: file events → debounce → one child run at a time → log record, store, picture, console.
///
/// Every piece of mutable state below is touched on `queue` only (events, timers, child completions and
/// signals are all delivered there), which is what makes the class safe to share; hence `@unchecked`.
public final class WatchDaemon: @unchecked Sendable {
    let configuration: WatchConfiguration
    let scanner: SpecScanner
    let logger: Logger
    let log: RunLogWriter
    let store: (any ResultStore)?
    let console: Console
    let queue = DispatchQueue(label: "layoutbench.watch")
    private let watcher: any FileWatcher
    /// Where the children write their files; removed when the daemon stops.
    let runFolder: RunFolder
    private let finished = DispatchSemaphore(value: 0)

    var debouncer: Debouncer<String>
    var runs = RunQueue<String>()
    /// The hash of the content last run (or running) per spec: a save that changes nothing is skipped.
    var lastHash: [String: String] = [:]
    /// The hash `consider` read for each queued spec (nil: the file could not be read), so a run does not
    /// read the file again.
    var pendingHash: [String: String?] = [:]
    /// The previous ok run per spec, for the changes (read from the store the first time it is needed).
    var previousOK: [String: BenchReport] = [:]
    var previousLoaded: Set<String> = []
    /// Per spec, the findings of its last linted run (what the next run's are compared with).
    var lastFindings: [String: [WatchLintFinding]] = [:]
    /// Per spec, the layout its last ok run benched, as a spec file the child wrote (`snapshotFile`): the next
    /// run times the new layout against it in lock-step (`bench --paired-with`). In `runFolder`: removed when the
    /// daemon stops.
    var snapshots: [String: String] = [:]
    var current: CurrentRun?
    var stopping = false
    var exitCode: Int32 = 0
    /// `--once`: the worst outcome so far (2 bad input or a failed run, 1 a regression).
    var onceWorst: Int32 = 0
    var runCounter = 0
    /// Counts the batches of specs considered together (the start, a debounced burst of saves, a rescan): a save
    /// cancels only a bench started before its batch (`preemptBench`).
    var batch = 0
    private var timer: DispatchSourceTimer?
    private var signalSources: [DispatchSourceSignal] = []

    /// The run in progress.
    struct CurrentRun {
        var spec: String
        var hash: String
        var child: ChildProcess
        var started: ContinuousClock.Instant
        var resultFile: String
        /// Where the child draws the picture (`--render`), or why it cannot.
        var picture: String?
        var pictureWarning: String?
        /// The wall-clock start, to tell a picture drawn by this run from an older one.
        var startedAt = Date()
        /// The first phase's outcome, once the child wrote it and its line was printed (the bench runs then).
        var firstLook: ShownFirstLook?
        /// Cancelled so that another spec's save runs first: queued again once its cancel is logged.
        var preempted = false
        /// Another spec was saved during the first phase: the bench is cancelled once the first line is out.
        var saveWaiting = false
        /// The daemon's `batch` when the run started.
        var batch = 0
    }

    public init(configuration: WatchConfiguration, logger: Logger, store: (any ResultStore)?) throws(WatchSetupError) {
        self.configuration = configuration
        self.logger = logger
        self.store = store
        scanner = try SpecScanner(paths: configuration.paths, rules: configuration.rules)
        do {
            log = try RunLogWriter(path: configuration.logPath)
        } catch {
            throw .cannotOpen(path: configuration.logPath, reason: error.description)
        }
        if log.foundTornLine {
            logger.warning(
                "the log's last line was torn by an earlier crash; readers skip it, new records start on a fresh line",
                metadata: ["log": "\(configuration.logPath)"])
        }
        console = Console(colour: configuration.colour)
        let debounceNs = UInt64(max(0, configuration.debounceMs)) * 1_000_000
        debouncer = Debouncer(delayNs: debounceNs, maxWaitNs: max(debounceNs * 10, 1_000_000_000))
        watcher = PlatformWatcher.make(folders: scanner.watchedFolders)
        runFolder = try RunFolder()
    }

    /// Runs until SIGINT or SIGTERM (or, with `--once`, until every spec ran once); returns the exit code.
    public func run() -> Int32 {
        // The kept snapshots, and any file a cancelled child left. On the queue, after the block that stopped
        // the daemon: that block goes on removing its run's files, and a removal of the folder racing it left
        // the folder behind.
        defer { queue.sync { runFolder.remove() } }
        let scan = scanner.scan()
        for (path, target) in scan.outside {
            logger.warning(
                "skipping a symlink that leads outside the watched paths",
                metadata: ["path": "\(path)", "target": "\(target)"])
        }
        if scan.specs.isEmpty && configuration.once {
            logger.error("\(WatchSetupError.noSpecs(paths: configuration.paths))")
            return 2
        }
        installSignalHandlers()
        if !configuration.once {
            do {
                try watcher.start { [weak self] event in
                    guard let self else { return }
                    queue.async { self.handle(event) }
                }
            } catch {
                logger.error("\(error)")
                return 2
            }
            logger.info(
                "watching",
                metadata: [
                    "folders": "\(scanner.watchedFolders.joined(separator: ", "))",
                    "specs": "\(scan.specs.count)", "log": "\(configuration.logPath)",
                ])
        }
        queue.async { [self] in
            if configuration.initialRun || configuration.once {
                batch += 1
                for spec in scan.specs { consider(spec) }
            }
            if configuration.once && runs.isIdle { stop(code: onceWorst) }
        }
        finished.wait()
        return exitCode
    }

    // MARK: - Events (on `queue`)

    private func handle(_ event: WatchEvent) {
        guard !stopping else { return }
        switch event {
        case .rescanNeeded:
            logger.warning("file events were lost (inotify queue overflow): rescanning every spec")
            rescan()
        case .changed(let path):
            switch scanner.classify(path) {
            case .ignored:
                return
            case .outside(let target):
                logger.warning(
                    "skipping a symlink that leads outside the watched paths",
                    metadata: ["path": "\(path)", "target": "\(target)"])
            case .spec:
                // A `.swift` file is compiled with its neighbours: their imports change with it.
                for spec in [path] + scanner.swiftNeighbours(of: path) {
                    debouncer.note(spec, at: DispatchTime.now().uptimeNanoseconds)
                }
                armTimer()
            }
        }
    }

    /// Looks at every spec again (after lost events, or SIGHUP); unchanged ones are skipped by their hash.
    func rescan() {
        batch += 1
        watcher.refresh()
        let scan = scanner.scan()
        for (path, target) in scan.outside {
            logger.warning(
                "skipping a symlink that leads outside the watched paths",
                metadata: ["path": "\(path)", "target": "\(target)"])
        }
        for spec in Set(scan.specs).union(lastHash.keys).sorted() { consider(spec) }
    }

    private func armTimer() {
        guard let deadline = debouncer.nextDeadline else { return }
        if timer == nil {
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.setEventHandler { [weak self] in self?.flushDue() }
            source.resume()
            timer = source
        }
        timer?.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
    }

    private func flushDue() {
        batch += 1
        for path in debouncer.takeDue(at: DispatchTime.now().uptimeNanoseconds) { consider(path) }
        armTimer()
    }

    /// A spec may have changed: queue a run unless its content is what was last run.
    func consider(_ path: String) {
        guard !stopping else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) || lastHash[path] != nil || configuration.once {
                // Unreadable, or a spec we ran that vanished: say so once; its last results stay.
                pendingHash[path] = .some(nil)
                submit(path)
            }
            return
        }
        let hash = Self.contentHash(data, neighbours: scanner.swiftNeighbours(of: path))
        let runningSame = current?.spec == path && current?.hash == hash
        if runningSame || (lastHash[path] == hash && current?.spec != path && !runs.pending.contains(path)) {
            logger.debug("unchanged content, skipped", metadata: ["spec": "\(path)", "hash": "\(hash)"])
            return
        }
        pendingHash[path] = hash
        submit(path)
    }

    /// The hash a run is known by: the spec's bytes, and for a `.swift` spec its neighbours' names and bytes
    /// too (it is compiled with them), so a save of a helper file runs the layouts beside it again.
    static func contentHash(_ data: Data, neighbours: [String]) -> String {
        guard !neighbours.isEmpty else { return ContentHash.fnv1a64(data) }
        var whole = data
        for path in neighbours {
            whole.append(Data(("\n// " + path + "\n").utf8))
            whole.append(FileManager.default.contents(atPath: path) ?? Data())
        }
        return ContentHash.fnv1a64(whole)
    }

    private func submit(_ path: String) {
        if runs.submit(path) == .cancelRunning, let current {
            logger.debug("a newer save supersedes the running run: cancelling it", metadata: ["spec": "\(path)"])
            current.child.cancel()
        } else {
            preemptBench(for: path)
        }
        startNextRun()
    }

    // MARK: - Signals and stopping

    private func installSignalHandlers() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                if signalNumber == SIGHUP {
                    logger.info("SIGHUP: reading the watch list again")
                    rescan()
                } else {
                    logger.info("stopping", metadata: ["signal": "\(signalNumber == SIGINT ? "SIGINT" : "SIGTERM")"])
                    stop(code: 0)
                }
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Stops: the record being written is whole (this runs on `queue`, after it), the child is killed and its
    /// run logged as cancelled.
    func stop(code: Int32) {
        guard !stopping else { return }
        stopping = true
        watcher.stop()
        timer?.cancel()
        if let current {
            current.child.cancel()
            try? FileManager.default.removeItem(atPath: current.resultFile)
            append(record(of: current, .cancelled), after: current.firstLook)
            self.current = nil
        }
        snapshots = [:]
        exitCode = code
        finished.signal()
    }

    static func timestamp() -> String { Timestamp.now(milliseconds: true) }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
