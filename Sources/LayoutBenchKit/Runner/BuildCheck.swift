import BenchResults

/// Whether this binary was built for measuring. A debug build of Swift is often 10 to 100 times slower than
/// a release build and its numbers mean nothing, so `bench` refuses to run one unless told otherwise.
public enum BuildCheck {
    /// The configuration this module was compiled in ("debug" or "release").
    public static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    public static var isDebug: Bool { configuration == "debug" }

    /// The warning a debug build prints on standard error.
    public static let debugWarning = """
        ************************************************************************
        WARNING: this is a DEBUG build of layoutbench. Its timings are not
        representative (often 10-100x slower than release). Build with
          swift build -c release --product layoutbench
        ************************************************************************
        """
}
