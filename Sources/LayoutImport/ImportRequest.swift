import CompositionalLayout
import Foundation
import LayoutSpec

/// What to import: the Swift files, which entry, how many items per section and the container.
public struct ImportRequest: Hashable, Sendable {
    /// Paths of the Swift files as the user gave them (errors name them so); the entry is one of theirs.
    public var files: [String]
    /// Further Swift files compiled with `files` for what they declare (helpers, section enums, a second
    /// view controller's layout); their own entries are not candidates. `watch` gives a layout file's
    /// neighbours in its folder here, as an app target compiles a folder's files together.
    public var helpers: [String] = []
    /// `Type.member`, `member` or a function's name; nil: the one candidate.
    public var entry: String?
    /// Items per section; nil: one section of `defaultItems`.
    public var itemCounts: [Int]?
    /// The container; nil: `defaultContainer`.
    public var container: LayoutContainer?

    public init(
        files: [String], helpers: [String] = [], entry: String? = nil, itemCounts: [Int]? = nil,
        container: LayoutContainer? = nil
    ) {
        self.files = files
        self.helpers = helpers.filter { !files.contains($0) }
        self.entry = entry
        self.itemCounts = itemCounts
        self.container = container
    }

    /// One section of 20 items, written in the spec's header when used.
    public static let defaultItems = [20]
    /// An iPhone in portrait (390 × 844 at 3x), written in the spec's header when used.
    public static let defaultContainer = LayoutContainer(width: 390, height: 844, displayScale: 3)

    /// `--items`: `N` (one section of N items) or `a,b,c` (a section each).
    public static func itemCounts(parsing text: String) throws(ImportError) -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let counts = parts.map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? -1) >= 0 }) else {
            throw ImportError(
                file: "--items",
                message: "'\(text)' is not a list of item counts; give N or a,b,c "
                    + "(whole numbers from 0, one per section)")
        }
        return counts.map { $0! }
    }

    /// `--container` with `--width`, `--height` and `--display-scale` over it (over `defaultContainer` without
    /// it); nil when none of them is given.
    public static func container(
        parsing text: String?, width: Double? = nil, height: Double? = nil, displayScale: Double? = nil
    ) throws(SpecError) -> LayoutContainer? {
        guard text != nil || width != nil || height != nil || displayScale != nil else { return nil }
        var box = try text.map { text throws(SpecError) in try container(parsing: text) } ?? defaultContainer
        if let width { box.width = width }
        if let height { box.height = height }
        if let displayScale { box.displayScale = displayScale }
        return box
    }

    /// `--container`: the spec format's container mapping (docs/spec-format.md "container"), YAML or JSON, read by
    /// LayoutSpec's reader as the container of a version 2 spec.
    public static func container(parsing text: String) throws(SpecError) -> LayoutContainer {
        let oneLine = text.replacingOccurrences(of: "\n", with: " ")
        let spec =
            "container: \(oneLine)\nversion: 2\nname: container\nsections:\n"
            + "  - items: 1\n    list: { appearance: plain }\n"
        return try SpecReader.read(yaml: spec, file: "--container").container
    }
}
