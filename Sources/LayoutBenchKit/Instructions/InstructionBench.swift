import BenchResults
import Foundation

/// The parent side of `bench --metric instructions`: runs this very binary again, stripped, under callgrind
/// with a hidden command (`_count-instructions`) that counts exactly N operations of each scenario
/// (`InstructionProbe`), and turns the dumps into a result file whose results carry `instructions`.
///
/// valgrind refuses the release binary as SwiftPM builds it ("Possibly corrupted debuginfo file"), so the
/// child runs a stripped copy in a temporary folder. The child runs with one thread and
/// `SWIFT_DETERMINISTIC_HASHING=1` (Swift seeds its hashes per process otherwise, and dictionary work would
/// vary), and with jemalloc's time-based purging off (`mallocConfiguration`): under valgrind on a loaded
/// machine an operation takes long enough in wall time for the decay timers to fire inside it at moments that
/// depend on the load, and the study saw same-build counts differ by up to 0.49 % from that alone.
public struct InstructionBench: Sendable {
    /// The binary to count (this process's executable).
    public var binary: String
    /// The hidden command's line (`_count-instructions` with the inputs, scenarios, operations and seed),
    /// given the work-iterations file of the pass (nil for none); the CLI's `BenchInvocation` renders it.
    public var childArguments: @Sendable (_ workIterationsFile: String?) -> [String]
    public var scenarios: [ScenarioKind]
    public var operations: Int
    public var seed: UInt64
    public var extraWork: ExtraWork?
    /// How each scenario kind is built (the CLI adds `snapshot-check`: `ScenarioCatalog`).
    public var catalog = ScenarioCatalog.builtIn

    public init(
        binary: String, childArguments: @escaping @Sendable (_ workIterationsFile: String?) -> [String],
        scenarios: [ScenarioKind], operations: Int, seed: UInt64, extraWork: ExtraWork?
    ) {
        self.binary = binary; self.childArguments = childArguments; self.scenarios = scenarios
        self.operations = operations; self.seed = seed; self.extraWork = extraWork
    }

    /// Counts every scenario of every input and returns the report.
    /// jemalloc's options for the counted child: no time-based purging of dirty or muzzy pages, so no
    /// purge runs at a moment that depends on how fast the machine was. Options already in `MALLOC_CONF`
    /// come first; these last (jemalloc takes the last value of an option).
    public static func mallocConfiguration(adding existing: String?) -> String {
        let fixed = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        guard let existing, !existing.isEmpty else { return fixed }
        return existing + "," + fixed
    }

    public func run(
        inputs: [BenchInput], configuration: RunnerConfiguration, environment: RunEnvironment,
        progress: ProgressReporter = .silent
    ) throws -> BenchReport {
        guard let valgrind = Executables.find("valgrind") else { throw InstructionError.valgrindMissing }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutbench-instructions-\(UUID().uuidString)"
        ).path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stripped = try strip(into: folder)

        progress.report("counting instructions under callgrind (\(operations) operations per scenario)...")
        // Every pass reads an iterations file with every key (zeros here), so the plain and the work pass
        // start up alike: reading the file allocates, and a different heap state before the first operation
        // changed an insert's count by 4 % when only the work pass read one.
        let zeros = Dictionary(
            inputs.flatMap { input in scenarios.map { ("\(input.name)|\($0.rawValue)", 0) } },
            uniquingKeysWith: { a, _ in a })
        var counts = try count(
            valgrind: valgrind, binary: stripped, folder: folder, pass: "plain", workIterations: zeros)
        var iterations: [String: Int] = [:]
        if let extraWork, extraWork.isActive {
            guard let perIteration = counts.workPerIteration, perIteration > 0 else {
                throw InstructionError.noCounts(log: "no work-loop dump")
            }
            for (key, total) in counts.totals {
                let perOperation = Double(total) / Double(operations)
                iterations[key] = Int((perOperation * extraWork.percent / 100 / perIteration).rounded())
            }
            progress.report(
                "counting again with the test-only work knob (\(extraWork.percent)% more instructions per operation)..."
            )
            counts = try count(
                valgrind: valgrind, binary: stripped, folder: folder, pass: "work", workIterations: iterations)
        }

        var results: [ScenarioResult] = []
        var skipped: [String] = []
        for input in inputs {
            let context = ScenarioContext(input: input, threads: 1, seed: seed)
            for kind in scenarios {
                let key = "\(input.name)|\(kind.rawValue)"
                let scenario: any BenchScenario
                do {
                    scenario = try catalog.make(kind, context)
                } catch let error as BenchError {
                    guard case .notApplicable = error else { throw error }
                    skipped.append(error.description)
                    continue
                }
                guard let total = counts.totals[key] else { throw InstructionError.noCounts(log: "no dump for \(key)") }
                var parameters = scenario.parameters
                parameters["operations"] = "\(operations)"
                if let extra = iterations[key] { parameters["extraWorkIterations"] = "\(extra)" }
                var result = ScenarioResult(
                    spec: input.name, specHash: input.contentHash, items: input.items, scenario: kind.rawValue,
                    threads: 1,
                    parameters: parameters, unit: kind.unit, workItems: scenario.workItems, warmupSamples: 1,
                    samplesNs: [], summaryNs: SummaryNs(samples: []), wallTotalNs: 0, cpuTotalNs: 0,
                    memory: .unavailable)
                result.instructions = InstructionCount(total: total, operations: operations)
                results.append(result)
            }
        }
        var runner = configuration
        runner.extraWork = extraWork
        return BenchReport(
            createdAt: Timestamp.now(), machine: environment.machine, toolchain: environment.toolchain,
            gitCommit: environment.gitCommit,
            run: RunInfo(
                scenarios: scenarios.map(\.rawValue), threads: [1], runner: runner,
                buildConfiguration: BuildCheck.configuration, allocator: nil, commandLine: environment.commandLine),
            specs: inputs.map(SpecInfo.init), results: results, skipped: skipped)
    }

    /// A stripped copy of the binary in `folder` (valgrind cannot read the unstripped release binary).
    func strip(into folder: String) throws(InstructionError) -> String {
        let output = "\(folder)/layoutbench-stripped"
        guard let strip = Executables.find("strip") else {
            throw .stripFailed("`strip` is not installed (apt-get install -y binutils)")
        }
        let status = ChildProcess.run(strip, ["-o", output, binary], output: .log(path: "\(folder)/strip.log")).status
        guard status == 0 else { throw .stripFailed(ChildProcess.tail("\(folder)/strip.log")) }
        return output
    }

    struct Counts {
        var totals: [String: UInt64] = [:]
        var workPerIteration: Double?
    }

    /// One callgrind run of the hidden command; the dumps it leaves, by `spec|scenario`.
    func count(valgrind: String, binary: String, folder: String, pass: String, workIterations: [String: Int])
        throws(InstructionError) -> Counts
    {
        let dumpFolder = "\(folder)/\(pass)"
        try? FileManager.default.createDirectory(atPath: dumpFolder, withIntermediateDirectories: true)
        var arguments = [
            "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
            "--callgrind-out-file=\(dumpFolder)/callgrind.out", binary,
        ]
        var workFile: String?
        if !workIterations.isEmpty {
            let path = "\(folder)/\(pass)-work-iterations.json"
            let data = (try? JSONEncoder().encode(workIterations)) ?? Data()
            _ = FileManager.default.createFile(atPath: path, contents: data)
            workFile = path
        }
        arguments += childArguments(workFile)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment["MALLOC_CONF"] = Self.mallocConfiguration(adding: environment["MALLOC_CONF"])
        environment[ExtraWork.environmentKey] = nil
        let log = "\(folder)/\(pass).log"
        let status = ChildProcess.run(valgrind, arguments, environment: environment, output: .log(path: log)).status
        guard status == 0 else { throw .childFailed(status: status, log: ChildProcess.tail(log)) }
        var counts = Counts()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dumpFolder)) ?? []
        for file in files {
            guard let text = try? String(contentsOfFile: "\(dumpFolder)/\(file)", encoding: .utf8),
                let dump = CallgrindDump.parse(text), let label = dump.label
            else { continue }
            let parts = label.split(separator: "|").map(String.init)
            if parts.first == InstructionProbe.scenarioLabel, parts.count >= 3 {
                counts.totals["\(parts[1])|\(parts[2])"] = dump.instructions
            } else if parts.first == InstructionProbe.workLabel, parts.count == 2, let n = Double(parts[1]), n > 0 {
                counts.workPerIteration = Double(dump.instructions) / n
            }
        }
        guard !counts.totals.isEmpty else {
            throw .noCounts(
                log: InstructionProbe.isCompiledIn
                    ? ChildProcess.tail(log)
                    : "this layoutbench was built without valgrind's headers (<valgrind/callgrind.h>): install valgrind and rebuild"
            )
        }
        return counts
    }
}

/// Why instructions could not be counted.
public enum InstructionError: Error, Hashable, Sendable, CustomStringConvertible {
    case valgrindMissing
    case stripFailed(String)
    case childFailed(status: Int32, log: String)
    case noCounts(log: String)

    public var description: String {
        switch self {
        case .valgrindMissing:
            return
                "--metric instructions needs valgrind, which is not on PATH: install it with `sudo apt-get install -y valgrind` (or run scripts/setup.sh), then rebuild so the counting hooks are compiled in"
        case .stripFailed(let reason):
            return "cannot make the stripped copy of the binary valgrind needs: \(reason)"
        case let .childFailed(status, log):
            return "the counting run under valgrind failed (exit \(status)):\n\(log)"
        case .noCounts(let log):
            return "the counting run under valgrind produced no counts: \(log)"
        }
    }
}

/// Finding programs on PATH and running them with their output in a log file.
enum Executables {
    static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
