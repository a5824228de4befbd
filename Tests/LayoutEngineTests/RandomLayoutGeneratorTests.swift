import CompositionalLayout
import LayoutReplay
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// The random layout and operation generators that the property tests and the benchmarks use: they cover
/// every feature of docs/layout-rules.md §2–§7, stay valid specs, are reproducible, and solve with the reference.
@Suite("Random layout and operation generators")
struct RandomLayoutGeneratorTests {
    /// Every feature appears within the first 200 seeds.
    @Test func everyFeatureAppearsWithin200Seeds() {
        var seen = Set<LayoutFeature>()
        for seed in 0..<200 {
            seen.formUnion(LayoutFeature.census(of: RandomLayoutGenerator.layout(seed: UInt64(seed))))
        }
        let missing = LayoutFeature.allCases.filter { !seen.contains($0) }
        #expect(missing.isEmpty, "features never generated: \(missing)")
    }

    /// The features of rules revision 1.1 come often enough for the property tests to hold the engine to the
    /// reference on them: display scales 2 and 3 (§1), orthogonal sections without instances (§4.2), grouped
    /// and insetGrouped lists (§7). Counted over the first 200 seeds by solving with the reference.
    @Test func revisionOnePointOneFeaturesAreFrequent() throws {
        var scales: [Double: Int] = [:]
        var emptyOrthogonal = 0, groupedLists = 0
        for seed in 0..<200 {
            let layout = RandomLayoutGenerator.layout(seed: UInt64(seed))
            if let scale = layout.container.displayScale { scales[scale, default: 0] += 1 }
            let output = try ReferenceSolver.solve(layout)
            let withCells = Set(output.elements.filter { $0.category == .cell }.map(\.section))
            if output.sections.contains(where: { $0.orthogonalContentSize != nil && !withCells.contains($0.index) }) {
                emptyOrthogonal += 1
            }
            let appearances = try layout.resolvedSections().compactMap { $0.section.listConfiguration?.appearance }
            if appearances.contains(where: { $0 == .grouped || $0 == .insetGrouped }) { groupedLists += 1 }
        }
        #expect(scales[2, default: 0] >= 10 && scales[3, default: 0] >= 10, "display scales: \(scales)")
        #expect(emptyOrthogonal >= 8, "layouts with an empty orthogonal section: \(emptyOrthogonal)")
        #expect(groupedLists >= 20, "layouts with a grouped or insetGrouped list: \(groupedLists)")
        print(
            "revision 1.1 features in 200 seeds: scales \(scales), empty orthogonal \(emptyOrthogonal), grouped lists \(groupedLists)"
        )
    }

    /// The same seed gives the same layout and the same operations; different seeds differ.
    @Test func seedsAreReproducible() {
        for seed: UInt64 in [0, 1, 42, 0xFFFF_FFFF_FFFF_FFFF] {
            #expect(RandomLayoutGenerator.layout(seed: seed) == RandomLayoutGenerator.layout(seed: seed))
            let a = RandomScenario(seed: seed, operations: 20), b = RandomScenario(seed: seed, operations: 20)
            #expect(a.operations == b.operations)
        }
        #expect(RandomLayoutGenerator.layout(seed: 1) != RandomLayoutGenerator.layout(seed: 2))
    }

    /// Generated layouts respect the format: written as YAML they read back to the same layout (element
    /// kinds unique per section, values within the limits, contradiction-free anchors).
    @Test(arguments: 0..<100)
    func layoutsAreValidSpecs(_ seed: Int) throws {
        let layout = RandomLayoutGenerator.layout(seed: UInt64(seed))
        let yaml = SpecWriter.yaml(layout)
        let read = try SpecReader.read(yaml: yaml, file: "random-\(seed).yaml")
        guard read != layout else { return }
        // Name the first line where the spec of what was read differs from the spec written.
        let written = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let reread = SpecWriter.yaml(read).split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(written, reread).enumerated().first { $0.element.0 != $0.element.1 }
        Issue.record(
            """
            seed \(seed) does not read back as the layout written\(line.map { " (line \($0.offset + 1): '\($0.element.0)' reads as '\($0.element.1)')" } ?? "")
            """)
    }

    /// Generated layouts solve with the reference at their own container and after a rotation and at widths
    /// 0 and 1024, with no duplicate element keys, and within the item bounds.
    @Test(arguments: 0..<150)
    func layoutsSolveWithTheReference(_ seed: Int) throws {
        let layout = RandomLayoutGenerator.layout(seed: UInt64(seed))
        #expect((1...6).contains(layout.sectionCount))
        #expect(layout.sections.allSatisfy { (0...40).contains($0.items) })
        let containers = [
            layout.container.size, Size(width: layout.container.height, height: layout.container.width),
            Size(width: 0, height: 844), Size(width: 1024, height: 1366),
        ]
        for size in containers {
            let output = try ReferenceSolver.solve(layout.withContainer(width: size.width, height: size.height))
            let duplicates = output.differences(from: output)
            #expect(duplicates.isEmpty, "seed \(seed) at \(size.width) x \(size.height): \(duplicates)")
        }
    }

    /// Random operation sequences are valid for the states they meet, and replay with the reference.
    @Test(arguments: 0..<60)
    func operationsReplayWithTheReference(_ seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed), operations: 25)
        #expect(scenario.operations.count == 25)
        do {
            let replayer = try Replayer(state: scenario.initialState, solver: .reference)
            try replayer.apply(scenario.operations.numberedAsLines)
            #expect(replayer.state.itemCount <= RandomOperationGenerator.Options().maxItems + 40 * 6)
        } catch {
            Issue.record("\(error)\n\(scenario)")
        }
    }

    /// The operation generator reaches every kind of operation, definitions by name, and width 0.
    @Test func operationsCoverEveryKind() {
        var kinds = Set<String>()
        var byName = false, zeroWidth = false, rotation = false
        for seed in 0..<60 {
            let scenario = RandomScenario(seed: UInt64(seed), operations: 25, movesSections: seed % 2 == 1)
            var container = scenario.layout.container.size
            for operation in scenario.operations {
                let line = OperationsWriter.line(operation)
                kinds.insert(String(line.split(separator: "\"")[3]))
                if case .insertSections(_, .name, _, _) = operation { byName = true }
                if case let .resize(width, height, _) = operation {
                    if width == 0 { zeroWidth = true }
                    if width == container.height && height == container.width && width != height { rotation = true }
                    container = Size(width: width, height: height)
                }
            }
        }
        #expect(kinds == Set(OperationsReader.fields.map(\.op)))
        #expect(byName && zeroWidth && rotation)
    }
}
