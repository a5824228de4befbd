import Foundation

/// A relative threshold as a user writes it, read one way only: `5%` and `5` both mean five percent.
///
/// A bare number below 1 (`0.5`) is refused: it used to mean a fraction (50 %) while `1` meant 1 %, so the
/// same digits could fail or pass a build by a factor of a hundred. `0.5%` says half a percent plainly.
public struct Threshold: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The fraction: 0.05 for five percent.
    public var fraction: Double

    public init(fraction: Double) {
        self.fraction = fraction
    }

    public init(percent: Double) {
        self.fraction = percent / 100
    }

    /// Parses `5%`, `5`, `0.5%`, `12.5`; refuses a bare value below 1, a negative or non-finite value and
    /// anything of 100 % or more.
    public init(parsing text: String) throws(ThresholdError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let hasPercent = trimmed.hasSuffix("%")
        let number = hasPercent ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : trimmed
        guard let value = Double(number), value.isFinite else { throw .notANumber(text) }
        guard value >= 0 else { throw .negative(text) }
        if !hasPercent && value > 0 && value < 1 { throw .ambiguousFraction(text) }
        guard value < 100 else { throw .tooLarge(text) }
        fraction = value / 100
    }

    /// `5%`, `0.5%`.
    public var description: String {
        let percent = fraction * 100
        let rounded = (percent * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded))%" : "\(rounded)%"
    }
}

/// Why a threshold cannot be used (bad input, exit 2).
public enum ThresholdError: Error, Hashable, Sendable, CustomStringConvertible {
    case notANumber(String)
    case negative(String)
    /// A bare value below 1, such as `0.5`: percent or fraction? Refused; write `0.5%` (or `50%`).
    case ambiguousFraction(String)
    case tooLarge(String)

    public var description: String {
        switch self {
        case .notANumber(let text):
            return "threshold '\(text)' is not a percentage; write it like 5% (or 5, also five percent)"
        case .negative(let text):
            return "threshold '\(text)' is negative; a threshold is a size of change, such as 5%"
        case .ambiguousFraction(let text):
            return
                "threshold '\(text)' is ambiguous: a bare number means percent, so write '\(text)%' for \(text) percent (or '\(Self.percentText(text))' if you meant a fraction)"
        case .tooLarge(let text):
            return "threshold '\(text)' is 100% or more; a threshold is a percentage below 100, such as 5%"
        }
    }

    private static func percentText(_ text: String) -> String {
        guard let value = Double(text) else { return "5%" }
        let percent = (value * 100 * 1000).rounded() / 1000
        return percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
    }
}
