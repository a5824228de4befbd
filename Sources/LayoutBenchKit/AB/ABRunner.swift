import BenchResults
import Foundation

/// Runs `ab`'s plan: each run is a child `BINARY bench ARGUMENTS --json FILE`, with the side's own extra
/// environment, its output in a log beside the file. Same arguments (specs, scenarios, seed) for both sides.
public struct ABRunner: Sendable {
    public var baseBinary: String
    public var headBinary: String
    /// The child's command line (both sides get the same) for the result file it writes.
    public var benchArguments: @Sendable (_ resultFile: String) -> [String]
    public var baseEnvironment: [String: String]
    public var headEnvironment: [String: String]
    /// Where the result files and logs go.
    public var folder: String

    public init(
        baseBinary: String, headBinary: String,
        benchArguments: @escaping @Sendable (_ resultFile: String) -> [String],
        baseEnvironment: [String: String],
        headEnvironment: [String: String], folder: String
    ) {
        self.baseBinary = baseBinary; self.headBinary = headBinary; self.benchArguments = benchArguments
        self.baseEnvironment = baseEnvironment; self.headEnvironment = headEnvironment; self.folder = folder
    }

    /// Checks that both binaries exist and can run.
    public func validate() throws(ABError) {
        for (side, path) in [("BASE_BINARY", baseBinary), ("HEAD_BINARY", headBinary)] {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw .notExecutable(side: side, path: path)
            }
        }
    }

    /// Every run of `plan`, in order; `progress` hears about each before it starts.
    public func run(_ plan: ABPlan, progress: (String) -> Void) throws(ABError) -> [PairedComparison.Pair] {
        try validate()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var reports: [Int: (base: BenchReport?, head: BenchReport?)] = [:]
        let runs = plan.runs
        for (index, run) in runs.enumerated() {
            progress("ab: run \(index + 1)/\(runs.count): pair \(run.pair + 1) \(run.side.rawValue)")
            let report = try runOnce(pair: run.pair, side: run.side)
            if run.side == .base {
                reports[run.pair, default: (nil, nil)].base = report
            } else {
                reports[run.pair, default: (nil, nil)].head = report
            }
        }
        return (0..<plan.pairs).compactMap { pair in
            guard let both = reports[pair], let b = both.base, let h = both.head else { return nil }
            return PairedComparison.Pair(base: b, head: h)
        }
    }

    func runOnce(pair: Int, side: ABPlan.Side) throws(ABError) -> BenchReport {
        let name = "pair-\(pair + 1)-\(side.rawValue)"
        let json = "\(folder)/\(name).json", log = "\(folder)/\(name).log"
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        environment["GITHUB_STEP_SUMMARY"] = nil
        for (key, value) in side == .base ? baseEnvironment : headEnvironment { environment[key] = value }
        let binary = side == .base ? baseBinary : headBinary
        let status = ChildProcess.run(
            binary, benchArguments(json), environment: environment,
            output: .log(path: log)
        ).status
        guard status == 0 else { throw .childFailed(side: side.rawValue, status: status, log: ChildProcess.tail(log)) }
        do {
            return try BenchReport.load(path: json)
        } catch {
            throw .badResult(side: side.rawValue, reason: error.description)
        }
    }
}

/// Why `ab` could not compare (bad input, exit 2).
public enum ABError: Error, Hashable, Sendable, CustomStringConvertible {
    case notExecutable(side: String, path: String)
    case childFailed(side: String, status: Int32, log: String)
    case badResult(side: String, reason: String)

    public var description: String {
        switch self {
        case let .notExecutable(side, path):
            return
                "\(side) \(path) is not an executable file; build it first (swift build -c release --product layoutbench) and give the path of .build/release/layoutbench"
        case let .childFailed(side, status, log):
            return "the \(side) build's bench run failed (exit \(status)); its last lines:\n\(log)"
        case let .badResult(side, reason):
            return
                "the \(side) build wrote a result file this layoutbench cannot read (\(reason)); are the two builds too far apart?"
        }
    }
}
