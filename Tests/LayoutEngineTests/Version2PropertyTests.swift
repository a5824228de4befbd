import CompositionalLayout
import LayoutEngine
import LayoutTestSupport
import PropertyBased
import Testing

/// The engine held to the reference on random layouts with version 2 features (docs/version-2.md §10: safe areas,
/// margins, directions, traits, references, uniform dimensions, calc values, cycles, header padding) after
/// every step of random operations, including resizes that change the environment, at 1 and 2 threads.
@Suite("Engine equals the reference on random version 2 layouts")
struct Version2PropertyTests {
    @Test func randomVersion2LayoutsAndOperations() async {
        await propertyCheck(count: 100, input: Gen<UInt64>.value(in: 0...UInt64.max).withoutShrink()) { seed in
            EnginePropertyTests.check(RandomScenario(seed: seed, operations: 14, version2: true), threads: [1, 2])
        }
    }

    @Test func atDisplayScales() async {
        await propertyCheck(count: 40, input: Gen<UInt64>.value(in: 0...UInt64.max).withoutShrink()) { seed in
            EnginePropertyTests.check(
                RandomScenario(
                    seed: seed, operations: 14, displayScale: seed % 2 == 0 ? 2 : 3,
                    version2: true), threads: [1, 2])
        }
    }

    @Test(arguments: 0..<40)
    func fixedSeeds(_ seed: Int) {
        EnginePropertyTests.check(RandomScenario(seed: UInt64(seed), operations: 14, version2: true), threads: [1, 2])
    }

    /// The generator really produces the features (so the checks above are not vacuous).
    @Test func featuresAreGenerated() {
        var rtl = 0, safe = 0, uniform = 0, calc = 0, envResizes = 0, cycles = 0, uniformRootMarks = 0
        for seed in 0..<200 as Range<UInt64> {
            let s = RandomScenario(seed: seed, operations: 14, version2: true)
            if s.layout.container.layoutDirection == .rightToLeft { rtl += 1 }
            if s.layout.container.safeAreaInsets != .zero { safe += 1 }
            if !s.layout.computedValues.isEmpty { calc += 1 }
            if s.layout.selfSizing?.cycle != nil { cycles += 1 }
            if s.layout.sections.contains(where: { definition in
                if case .group(let g)? = definition.fields.content { return Self.hasUniform(.group(g)) }
                return false
            }) {
                uniform += 1
            }
            // Revision 1.2: a uniform root group with supplementaries of its own.
            if s.layout.sections.contains(where: { definition in
                if case .group(let g)? = definition.fields.content {
                    return g.layoutSize.hasUniformDimension && !g.supplementaryItems.isEmpty
                }
                return false
            }) {
                uniformRootMarks += 1
            }
            envResizes +=
                s.operations.filter {
                    if case let .resize(_, _, e) = $0 { return !e.isEmpty }; return false
                }.count
        }
        #expect(
            rtl > 30 && safe > 60 && uniform > 10 && calc > 40 && envResizes > 100 && cycles > 30
                && uniformRootMarks > 10,
            """
            rtl \(rtl), safe \(safe), uniform \(uniform), calc \(calc), environment resizes \(envResizes), \
            cycles \(cycles), uniform roots with supplementaries \(uniformRootMarks)
            """)
    }

    static func hasUniform(_ node: LayoutNode) -> Bool {
        switch node {
        case .item(let item): return item.layoutSize.hasUniformDimension
        case .group(let group):
            return group.layoutSize.hasUniformDimension || group.children.contains(where: hasUniform)
        }
    }
}
