import CompositionalLayout
import LayoutReplay
import LayoutSpec
import LayoutTestSupport
import PropertyBased
import Testing

/// `replay` through the `Replayer` API that the command uses: random operation files written out, read
/// back, and replayed with the engine and with the reference give the same output after every operation
/// (issue 3, "Tests"); replay errors name the failing line and stop there.
@Suite("Replay")
struct ReplayTests {
    /// Random operation files round-trip through `OperationsWriter` and `OperationsReader`, and the
    /// reference replay after every line equals a fresh solve of the state reached (the replayer keeps
    /// its state right).
    @Test(arguments: 0..<30)
    func referenceReplayOfRandomFiles(_ seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 500, operations: 15)
        let file = try OperationsReader.read(text: OperationsWriter.text(scenario.operations), file: "random.jsonl")
        #expect(file.map(\.operation) == scenario.operations)
        #expect(file.map(\.line) == Array(1...scenario.operations.count))
        var state = scenario.initialState
        var outputs: [SolveOutput] = []
        _ = try Replayer.replay(scenario.layout, measure: scenario.measure, operations: file, solver: .reference) {
            _, output in
            outputs.append(output)
        }
        for (step, operation) in scenario.operations.enumerated() {
            try state.apply(operation)
            let differences = outputs[step].differences(from: try Replayer.solve(state))
            #expect(differences.isEmpty, "\(differences)\n\(scenario.trace(failingAt: step + 1))")
        }
    }

    /// The engine and the reference replay random files to the same output after every operation.
    @Test
    func engineAndReferenceReplayAlike() async {
        await propertyCheck(count: 40, input: Gen<UInt64>.value(in: 0...UInt64.max).withoutShrink()) { seed in
            let scenario = RandomScenario(seed: seed, operations: 15)
            do {
                let file = try OperationsReader.read(
                    text: OperationsWriter.text(scenario.operations), file: "random.jsonl")
                var byReference: [SolveOutput] = [], byEngine: [SolveOutput] = []
                _ = try Replayer.replay(
                    scenario.layout, measure: scenario.measure, operations: file,
                    solver: .reference
                ) { byReference.append($1) }
                _ = try Replayer.replay(
                    scenario.layout, measure: scenario.measure, operations: file,
                    solver: .engine
                ) { byEngine.append($1) }
                #expect(byEngine.count == byReference.count)
                for step in byReference.indices where step < byEngine.count {
                    let differences = byEngine[step].differences(from: byReference[step])
                    if !differences.isEmpty {
                        Issue.record("\(differences.joined(separator: "\n"))\n\(scenario.trace(failingAt: step + 1))")
                        return
                    }
                }
            } catch {
                Issue.record("\(error)\n\(scenario)")
            }
        }
    }

    /// An operation addressing what does not exist stops the replay at its line; the error names the file,
    /// the line and the operation, and nothing after it is applied.
    @Test(arguments: ReplaySolver.allCases)
    func failingOperationNamesItsLine(_ solver: ReplaySolver) throws {
        let layout = try TrapSpecs.load("examples/E1.yaml")
        let text = """
            {"op": "insertItems", "section": 0, "at": 12, "count": 3}

            {"op": "deleteItems", "section": 0, "at": 10, "count": 6}
            {"op": "resize", "width": 100, "height": 100}
            """
        let operations = try OperationsReader.read(text: text, file: "bad.jsonl")
        var applied: [Int] = []
        do {
            _ = try Replayer.replay(layout, operations: operations, solver: solver, file: "bad.jsonl") { located, _ in
                applied.append(located.line)
            }
            Issue.record("the replay should stop at line 3")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("bad.jsonl:3: error: {\"op\": \"deleteItems\""), "\(error)")
            #expect(error.description.contains("section 0 has 15 items"), "\(error)")
            guard case .operation = error.cause else {
                Issue.record("expected an operation error, got \(error.cause)"); return
            }
        }
        #expect(applied == [1])
    }

    /// A resize to a width no variant covers is an error at its line (docs/operations.md).
    @Test(arguments: ReplaySolver.allCases)
    func widthWithoutVariantIsAnError(_ solver: ReplaySolver) throws {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            subitems: [item])
        let definition = SectionDefinition(
            name: "narrow only", items: 3, fields: SectionFields(),
            variants: [
                SectionVariant(when: WidthCondition(maxWidth: 600), fields: SectionFields(content: .group(group)))
            ])
        let layout = CollectionLayout(
            name: "variants", container: LayoutContainer(width: 390, height: 844), sections: [definition])
        let replayer = try Replayer(layout: layout, solver: solver)
        do {
            try replayer.apply(.resize(width: 844, height: 390), line: 4)
            Issue.record("a width without a variant should fail")
        } catch {
            #expect(error.line == 4)
            guard case .layout(let cause) = error.cause, case .noVariantForWidth = cause.reason else {
                Issue.record("got \(error.cause)"); return
            }
            #expect(cause.path == "sections[0]")
        }
        // The layout cannot be solved from the start at that width either.
        #expect(throws: ReplayError.self) { try Replayer(layout: layout.withContainer(width: 700), solver: solver) }
    }
}
