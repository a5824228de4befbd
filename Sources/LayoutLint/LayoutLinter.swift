import CompositionalLayout
import LayoutSpec

/// Finds compositional layout's known traps in a layout before a device does (docs/lint.md). Static checks
/// read the model at the spec's own container; width checks solve the layout with the reference solver at
/// common device widths, portrait and landscape, and name the first width where a trap shows.
public enum LayoutLinter {
    /// Widths checked when none are given: iPhone SE to 12.9" iPad, in points.
    public static let commonWidths: [Double] = [320, 375, 390, 414, 430, 744, 820, 1024]

    /// The findings of `layout` (read from `file`; `locator` places them on the spec's lines, or they point
    /// at line 1 when there is none), in the order of the spec's lines.
    /// - Complexity: one reference solve per width and orientation, plus O(nodes) per section definition.
    public static func lint(
        _ layout: CollectionLayout, file: String, locator: SpecLocator?,
        widths: [Double] = commonWidths
    ) -> [LintFinding] {
        var linter = Linter(layout: layout, file: file, locator: locator)
        linter.staticChecks()
        for container in LintContainers.containers(for: layout.container, widths: widths) {
            linter.widthChecks(at: container)
        }
        return linter.findings.sorted { ($0.line, $0.column, $0.check.code) < ($1.line, $1.column, $1.check.code) }
    }
}

/// The containers width checks solve at: each width portrait (with the height of the device of that width,
/// or the spec's own height) and landscape (that height as the width), narrowest first.
enum LintContainers {
    /// Portrait heights of the devices of the common widths.
    static let heights: [Double: Double] = [
        320: 568, 375: 667, 390: 844, 414: 896, 430: 932, 744: 1133,
        820: 1180, 1024: 1366,
    ]

    static func containers(for base: LayoutContainer, widths: [Double]) -> [LayoutContainer] {
        var sizes: [Size] = []
        for width in widths where width > 0 {
            let height = heights[width] ?? base.height
            sizes.append(Size(width: width, height: height))
            sizes.append(Size(width: height, height: width))
        }
        var seen: Set<Size> = []
        return sizes.sorted { ($0.width, $0.height) < ($1.width, $1.height) }.filter { seen.insert($0).inserted }.map {
            var container = base
            container.width = $0.width
            container.height = $0.height
            return container
        }
    }

    /// "390 × 844 (portrait)": how a finding names a container.
    static func describe(_ container: LayoutContainer) -> String {
        let orientation = container.width > container.height ? "landscape" : "portrait"
        return "\(format(container.width)) × \(format(container.height)) pt (\(orientation))"
    }
}

/// A length for messages: whole numbers without a fraction, others to at most 2 decimals.
func format(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

/// The state of one lint run: the findings so far, one per check and node.
struct Linter {
    let layout: CollectionLayout
    let file: String
    let locator: SpecLocator?
    private(set) var findings: [LintFinding] = []
    private var reported: Set<String> = []
    /// Definitions whose cells overflow for a reason a static check already gave (no width finding then).
    var overflowExplained: Set<Int> = []

    init(layout: CollectionLayout, file: String, locator: SpecLocator?) {
        self.layout = layout
        self.file = file
        self.locator = locator
    }

    /// Adds a finding for the node at `path`, unless that check already reported that node.
    mutating func report(_ check: LintCheck, at path: [SpecPathComponent], _ message: String, fix: String) {
        let where_ = path.pathText
        guard reported.insert("\(check.code) \(where_)").inserted else { return }
        let position = locator?.position(of: path) ?? (line: 1, column: 1)
        findings.append(
            LintFinding(
                check: check, file: file, line: position.line, column: position.column,
                path: where_, message: message, fix: fix))
    }

    /// Where the section in force for definition `index` at `layout` takes its group or list from: the base
    /// definition, or the variant that holds and sets it.
    func contentPath(definition index: Int, in layout: CollectionLayout) -> [SpecPathComponent] {
        let definition = layout.sections[index]
        let width = layout.effectiveContentSize.width
        if let variant = definition.variantIndex(width: width, traits: layout.container.traits),
            definition.variants[variant].fields.content != nil
        {
            return ["sections", .index(index), "variants", .index(variant)]
        }
        return ["sections", .index(index)]
    }

    /// The path of a group's node (`horizontal`, `vertical` or `custom` below `base`).
    static func groupPath(_ base: [SpecPathComponent], _ group: LayoutGroup) -> [SpecPathComponent] {
        switch group.arrangement {
        case .horizontal: return base + ["horizontal"]
        case .vertical: return base + ["vertical"]
        case .custom: return base + ["custom"]
        }
    }
}
