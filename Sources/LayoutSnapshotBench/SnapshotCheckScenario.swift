import BenchResults
import CompositionalLayout
import LayoutBenchKit
import LayoutSnapshot

extension ScenarioCatalog {
    /// Every scenario `layoutbench bench` offers: LayoutBenchKit's and `snapshot-check`.
    public static var standard: ScenarioCatalog {
        builtIn.adding(.snapshotCheck) { try SnapshotCheckScenario($0) }
    }
}

/// `snapshot-check`: what `layoutbench snapshot check` does for one layout once it is read (or imported), over
/// a 40-configuration matrix (every built-in device, portrait and landscape, left-to-right and right-to-left):
/// read the golden file's text, solve the layout in each configuration, compare every frame. The golden is
/// recorded once in the untimed set-up, so every sample compares equal frames, as a passing CI check does.
///
/// Opt-in (`--scenarios snapshot-check`; `all` leaves it out): a sample is 40 solves, and it keeps 40 copies
/// of the layout's frames, so it refuses layouts over `itemLimit` items.
final class SnapshotCheckScenario: BenchScenario {
    public let kind = ScenarioKind.snapshotCheck
    private let context: ScenarioContext
    private let matrix: SnapshotMatrix
    private let goldenText: String
    private var matched = 0

    /// The most items a layout may have here: 40 × 200,000 elements kept is a few hundred MB.
    static let itemLimit = 200_000

    /// The matrix: 10 devices × 2 orientations × 2 directions.
    static func matrix() -> SnapshotMatrix {
        // Built-in names only: parse cannot fail.
        (try? SnapshotMatrix.parse(devices: "all", traits: "ltr,rtl")) ?? SnapshotMatrix([])
    }

    init(_ context: ScenarioContext) throws {
        self.context = context
        guard context.input.items <= Self.itemLimit else {
            throw BenchError.notApplicable(
                scenario: ScenarioKind.snapshotCheck.rawValue, spec: context.input.name,
                reason: "it keeps \(Self.matrix().configurations.count) solves of every item; "
                    + "give a layout of at most \(Self.itemLimit) items")
        }
        matrix = Self.matrix()
        do {
            goldenText = try GoldenFile.record(
                layout: context.layout.name, source: context.input.source, layouts: .same(context.layout),
                matrix: matrix
            ).text
        } catch {
            guard let layoutError = error.error else { throw BenchError.badArgument(error.description) }
            throw BenchError.layout(
                layoutError, source: context.input.source, context: "in configuration \(error.configuration)")
        }
        try runSample()
        guard matched == matrix.configurations.count else {
            throw BenchError.badArgument("snapshot-check: a solve differs from the one just recorded (a bug)")
        }
    }

    public var workItems: Int { context.input.items * matrix.configurations.count }
    public var footprintItems: Int? { nil }
    public var parameters: [String: String] {
        [
            "configurations": "\(matrix.configurations.count)", "golden bytes": "\(goldenText.utf8.count)",
            "matrix": "--devices all --traits ltr,rtl", "measure": "all",
        ]
    }

    public func prepareSample() throws { matched = 0 }

    public func runSample() throws {
        let golden = try GoldenFile(text: goldenText, file: "golden")
        let now = try GoldenFile.record(
            layout: context.layout.name, source: context.input.source, layouts: .same(context.layout),
            matrix: SnapshotMatrix(golden.configurations))
        matched = LayoutCheck.compare(golden: golden, current: now.blocks).count { $0.passed }
    }
}
