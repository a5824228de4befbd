import CompositionalLayout

/// A layout's golden file (docs/snapshots.md "The golden file"): plain text made for `git diff`, one per
/// layout. A header names the layout, its source, its entry (`.swift` layouts), the rules revision it was
/// solved under and every configuration with its whole container; then one block per configuration, in the
/// header's order, of one line per element in `ElementKey` order:
///
/// ```text
/// layoutbench snapshot 1
/// layout: photo-grid
/// source: specs/photo-grid.yaml
/// entry: -
/// rules: 1.3
/// configuration: iphone-16/portrait { width: 393, height: 852, displayScale: 3, ... }
///
/// [iphone-16/portrait] content 393 1234
/// cell 0.0 8 8 94.33333333333333 94.33333333333333
/// supplementary header 0.0 0 0 393 44
/// decoration background 0.0 0 0 393 400
/// diagnostic 2 noRoom
/// ```
///
/// Numbers are written in their shortest form that reads back as the same Double, so a check compares
/// exactly what was solved.
public struct GoldenFile: Hashable, Sendable {
    /// The format's version, the number on the first line.
    public static let formatVersion = 1
    /// The first line's words before the version.
    public static let magic = "layoutbench snapshot"
    /// The revision of docs/layout-rules.md (and docs/version-2.md) the solvers follow; a golden recorded
    /// under another revision may differ where the rules changed.
    public static let rulesRevision = "1.3"

    /// The layout's name (the spec's `name`, or the imported entry's).
    public var layout: String
    /// The path the layout was read from, as given.
    public var source: String
    /// The `.swift` layout's entry (`FeedViewController.createLayout`); nil for a spec.
    public var entry: String?
    public var rules: String
    /// The configurations, each with its frames, in order.
    public var blocks: [Block]

    public struct Block: Hashable, Sendable {
        public var configuration: SnapshotConfiguration
        public var frames: SnapshotFrames

        public init(configuration: SnapshotConfiguration, frames: SnapshotFrames) {
            self.configuration = configuration
            self.frames = frames
        }
    }

    public init(
        layout: String, source: String, entry: String? = nil, rules: String = GoldenFile.rulesRevision,
        blocks: [Block]
    ) {
        self.layout = layout
        self.source = source
        self.entry = entry
        self.rules = rules
        self.blocks = blocks
    }

    public var configurations: [SnapshotConfiguration] { blocks.map(\.configuration) }

    /// The block of configuration `id`, or nil. Complexity: O(configurations).
    public func block(_ id: String) -> Block? { blocks.first { $0.configuration.id == id } }

    /// The file name of a layout's golden in a snapshot folder: the layout file's name without its extension,
    /// then `.snapshot.txt` (`photo-grid.yaml` → `photo-grid.snapshot.txt`); with an entry, the entry too
    /// (`Feed.swift` with `--entry Feed.grid` → `Feed.Feed.grid.snapshot.txt`), so two entries of one file
    /// keep two goldens.
    public static func fileName(forSource source: String, entry: String? = nil) -> String {
        var base = source.split(separator: "/").last.map(String.init) ?? source
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        if let entry { base += "." + entry.filter { !"/()".contains($0) } }
        return base + ".snapshot.txt"
    }
}
