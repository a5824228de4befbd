import BenchResults

// The test-only knobs as `bench` reads them from its environment: a bad value is bad input (`BenchError`).

extension ExtraWork {
    /// The knob from the environment; nil when unset or 0.
    public static func fromEnvironment(_ environment: [String: String]) throws(BenchError) -> ExtraWork? {
        guard let text = environment[environmentKey], !text.isEmpty else { return nil }
        guard let p = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), p.isFinite, p >= 0, p <= 1_000
        else {
            throw BenchError.badArgument("\(environmentKey) must be a percentage from 0 to 1000, got '\(text)'")
        }
        return p > 0 ? ExtraWork(percent: p) : nil
    }
}

extension Slowdown {
    /// The knob as the environment sets it; throws on a value that is not a non-negative number.
    public static func fromEnvironment(_ environment: [String: String]) throws(BenchError) -> Slowdown {
        var result = Slowdown()
        if let text = environment["LAYOUTBENCH_SLOWDOWN_NS"], !text.isEmpty {
            guard let ns = UInt64(text) else {
                throw BenchError.badArgument(
                    "LAYOUTBENCH_SLOWDOWN_NS must be a whole number of nanoseconds, got '\(text)'")
            }
            result.fixedNs = ns
        }
        if let text = environment["LAYOUTBENCH_SLOWDOWN_PERCENT"], !text.isEmpty {
            guard let p = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), p.isFinite, p >= 0 else {
                throw BenchError.badArgument("LAYOUTBENCH_SLOWDOWN_PERCENT must be a number >= 0, got '\(text)'")
            }
            result.percent = p
        }
        return result
    }
}
