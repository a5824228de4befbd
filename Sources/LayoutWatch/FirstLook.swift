/// A run's first phase: what one solve of the saved layout shows, before any timing. The bench child solves
/// the spec once, draws the picture, writes the lint findings and this summary (`bench --first-look FILE`,
/// atomically), then prints `marker` on its standard output and goes on to bench; the daemon prints the run's
/// first line when it reads the marker, so a save is answered in a fraction of a second while the bench and
/// its lock-step verdict (seconds) follow as the run's second line. The log still holds one record per run,
/// written when the run ends; this summary is its `firstLook` field.
public struct FirstLook: Codable, Hashable, Sendable {
    /// Items in the layout (every section).
    public var items: Int
    public var sections: Int
    /// The content size, in points.
    public var contentWidth: Double
    public var contentHeight: Double
    /// How many layout diagnostics the solve gave (docs/layout-rules.md).
    public var diagnostics: Int
    /// Seconds from the run's start to the daemon's reading this (set by the daemon; nil in the child's file).
    public var after: Double?

    public init(items: Int, sections: Int, contentWidth: Double, contentHeight: Double, diagnostics: Int) {
        self.items = items; self.sections = sections
        self.contentWidth = contentWidth; self.contentHeight = contentHeight; self.diagnostics = diagnostics
    }

    /// The line the child prints once the first look is written (its only meaning on standard output).
    public static let marker = "layoutbench: first look written"

    /// Where the child of a run writes its first look, beside its result file.
    public static func file(forResult resultFile: String) -> String { resultFile + ".first-look.json" }

    /// `48 items in 3 sections, 390 × 1840 pt` (and the diagnostics, when there are some).
    public var summary: String {
        func points(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        }
        var text = "\(items) item\(items == 1 ? "" : "s") in \(sections) section\(sections == 1 ? "" : "s"), "
        text += "\(points(contentWidth)) × \(points(contentHeight)) pt"
        if diagnostics > 0 { text += ", \(diagnostics) diagnostic\(diagnostics == 1 ? "" : "s")" }
        return text
    }
}
