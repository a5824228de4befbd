import BenchResults

/// One callgrind dump file as `bench --metric instructions` reads it: the label the probe gave the dump
/// (its `desc: Trigger: Client Request: LABEL` line) and the instructions it counted (`totals:` or
/// `summary:` line, the first event, Ir).
public struct CallgrindDump: Hashable, Sendable {
    public var label: String?
    public var instructions: UInt64

    public init(label: String?, instructions: UInt64) {
        self.label = label
        self.instructions = instructions
    }

    /// Parses a dump's text; nil when it has no totals line.
    public static func parse(_ text: String) -> CallgrindDump? {
        var label: String?
        var totals: UInt64?
        var summary: UInt64?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("desc: Trigger: Client Request: ") {
                label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
            } else if line.hasPrefix("totals:") {
                totals = firstNumber(line.dropFirst("totals:".count))
            } else if line.hasPrefix("summary:") {
                summary = firstNumber(line.dropFirst("summary:".count))
            }
        }
        guard let instructions = totals ?? summary else { return nil }
        return CallgrindDump(label: label, instructions: instructions)
    }

    private static func firstNumber(_ text: Substring) -> UInt64? {
        text.split(separator: " ").first.flatMap { UInt64($0) }
    }
}
