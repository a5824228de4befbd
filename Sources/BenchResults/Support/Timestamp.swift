import Foundation

/// The one way LayoutBench writes a moment: ISO 8601 in UTC (`2026-11-24T14:02:11Z`), with milliseconds
/// where runs are told apart within a second (the watch log). Result files, the store and the log use it.
public enum Timestamp {
    /// Now, as `2026-11-24T14:02:11Z`, or `2026-11-24T14:02:11.482Z` with `milliseconds`.
    public static func now(milliseconds: Bool = false) -> String {
        string(from: Date(), milliseconds: milliseconds)
    }

    public static func string(from date: Date, milliseconds: Bool = false) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: milliseconds))
    }
}
