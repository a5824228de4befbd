import BenchResults
import Foundation

/// The per-run blocks a person reads. A run's first line comes at once after the save: time, spec, the
/// frames' summary of one solve, the picture and the lint change. Its second line comes when the bench ends:
/// each scenario's median, change and lock-step verdict (or the failure). Colour only on a terminal and never
/// with `NO_COLOR` set (https://no-color.org).
public struct Console: Sendable {
    public var colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    /// Whether stdout should get colour, given the environment.
    public static func wantsColour(environment: [String: String], stdoutIsTerminal: Bool) -> Bool {
        stdoutIsTerminal && environment["NO_COLOR"] == nil
    }

    /// What a run's first line already showed, so its second line does not repeat it.
    public struct Shown: Hashable, Sendable {
        public var picture: Bool
        public var lint: Bool
        public var warnings: [String]

        public init(picture: Bool, lint: Bool, warnings: [String]) {
            self.picture = picture; self.lint = lint; self.warnings = warnings
        }
    }

    /// A run's first line: `[14:02:11] grid.yaml  solved in 0.12 s  #5a072db2  48 items in 3 sections, ...`,
    /// then the picture, the lint change and the picture's warning, each on a line of its own.
    public func firstLookBlock(
        _ look: FirstLook, specHash: String, picture: String?, lint: LintChange?, warnings: [String], time: String,
        relativePath: String
    ) -> String {
        var head = "[\(Self.clock(time))] \(relativePath)  " + paint("solved", .green)
        head += " in " + String(format: "%.2f", look.after ?? 0) + " s  #" + specHash.prefix(8) + "  " + look.summary
        var lines = [head]
        if let picture { lines.append("    picture: \(picture)") }
        lines += lintLines(lint)
        for warning in warnings { lines.append("    " + paint("warning: " + warning, .yellow)) }
        return lines.joined(separator: "\n")
    }

    /// A run's block; `shown`: what its first line showed, left out here (the run's second line).
    public func block(for record: RunRecord, relativePath: String, shown: Shown? = nil) -> String {
        var head = "[\(Self.clock(record.time))] \(relativePath)  "
        switch record.status {
        case .ok: head += paint("ok", .green)
        case .cancelled: head += paint("cancelled", .dim)
        default: head += paint(record.status.rawValue.uppercased(), .red)
        }
        head += " in " + String(format: "%.2f", record.duration) + " s"
        if let hash = record.specHash { head += "  #" + hash.prefix(8) }
        var lines = [head]
        if let picture = record.picture, shown?.picture != true { lines.append("    picture: \(picture)") }
        if let error = record.error { lines.append("    " + paint(error.message, .red)) }
        for result in record.results ?? [] {
            var line = "    " + result.scenario.padding(toLength: 14, withPad: " ", startingAt: 0)
            line += "\(result.threads) thr".padding(toLength: 7, withPad: " ", startingAt: 0)
            line += BenchFormat.duration(ns: result.summaryNs.median).leftPadded(10)
            if let change = result.change {
                line += "  " + BenchFormat.change(change.ratio).leftPadded(7) + "  "
                switch change.verdict {
                case .slower: line += paint("SLOWER", .red)
                case .faster: line += paint("faster", .green)
                case .same: line += "same"
                case .inconclusive: line += paint("inconclusive", .dim)
                }
                if change.specChanged { line += "  (spec changed)" }
                if let pairs = change.lockstepPairs { line += paint("  lock-step, \(pairs) pairs", .dim) }
            } else {
                line += "  (first run)"
            }
            lines.append(line)
        }
        if shown?.lint != true { lines += lintLines(record.lint) }
        for warning in record.warnings ?? [] where !(shown?.warnings.contains(warning) ?? false) {
            lines.append("    " + paint("warning: " + warning, .yellow))
        }
        return lines.joined(separator: "\n")
    }

    private func lintLines(_ lint: LintChange?) -> [String] {
        guard let lint else { return [] }
        var lines = lint.new.map { finding in
            "    " + paint("lint: \(finding.code) \(finding.line):\(finding.column): \(finding.message)", .yellow)
        }
        if lint.fixed > 0 { lines.append("    lint: \(lint.fixed) finding\(lint.fixed == 1 ? "" : "s") fixed") }
        return lines
    }

    /// `14:02:11` of an ISO 8601 time.
    static func clock(_ time: String) -> String {
        time.count >= 19 ? String(time.dropFirst(11).prefix(8)) : time
    }

    /// The line for a `.swift` file with no layout entry beside layout files: helpers, compiled with them.
    public func helpersLine(relativePath: String, time: String = Timestamp.now(milliseconds: true)) -> String {
        return "[\(Self.clock(time))] \(relativePath)  "
            + paint("helpers", .dim) + " (no layout entry; compiled with the layouts beside it)"
    }

    enum Colour: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case dim = "2"
    }

    func paint(_ text: String, _ colour: Colour) -> String {
        self.colour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
