import BenchResults
import Foundation

/// The per-run block a person reads: time, spec, picture, each scenario's median, change and verdict.
/// Colour only on a terminal and never with `NO_COLOR` set (https://no-color.org).
public struct Console: Sendable {
    public var colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    /// Whether stdout should get colour, given the environment.
    public static func wantsColour(environment: [String: String], stdoutIsTerminal: Bool) -> Bool {
        stdoutIsTerminal && environment["NO_COLOR"] == nil
    }

    public func block(for record: RunRecord, relativePath: String) -> String {
        let clock = record.time.count >= 19 ? String(record.time.dropFirst(11).prefix(8)) : record.time
        var head = "[\(clock)] \(relativePath)  "
        switch record.status {
        case .ok: head += paint("ok", .green)
        case .cancelled: head += paint("cancelled", .dim)
        default: head += paint(record.status.rawValue.uppercased(), .red)
        }
        head += " in " + String(format: "%.2f", record.duration) + " s"
        if let hash = record.specHash { head += "  #" + hash.prefix(8) }
        var lines = [head]
        if let picture = record.picture { lines.append("    picture: \(picture)") }
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
        if let lint = record.lint {
            for finding in lint.new {
                lines.append(
                    "    "
                        + paint("lint: \(finding.code) \(finding.line):\(finding.column): \(finding.message)", .yellow))
            }
            if lint.fixed > 0 { lines.append("    lint: \(lint.fixed) finding\(lint.fixed == 1 ? "" : "s") fixed") }
        }
        for warning in record.warnings ?? [] { lines.append("    " + paint("warning: " + warning, .yellow)) }
        return lines.joined(separator: "\n")
    }

    /// The line for a `.swift` file with no layout entry beside layout files: helpers, compiled with them.
    public func helpersLine(relativePath: String, time: String = Timestamp.now(milliseconds: true)) -> String {
        let clock = time.count >= 19 ? String(time.dropFirst(11).prefix(8)) : time
        return "[\(clock)] \(relativePath)  "
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
