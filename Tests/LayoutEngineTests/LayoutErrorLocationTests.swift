import CompositionalLayout
import LayoutEngine
import LayoutSpec
import ReferenceSolver
import Testing

/// A layout that cannot be solved says which definition (the spec's `sections[i]`) and which section failed,
/// with either solver, so the CLI can point at the spec as it does for spec errors.
@Suite("Layout error locations")
struct LayoutErrorLocationTests {
    /// Two fine sections (one definition, count 2), then a definition whose tiny items would repeat past the limit.
    static func runaway() throws -> CollectionLayout {
        try SpecReader.read(
            yaml: """
                version: 1
                container: { width: 1000000, height: 844 }
                sections:
                  - count: 2
                    items: 3
                    group:
                      horizontal:
                        size: { width: fractionalWidth(1), height: absolute(44) }
                        subitems: [ { item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } } } ]
                  - name: tiny
                    items: 5
                    group:
                      horizontal:
                        size: { width: fractionalWidth(1), height: absolute(44) }
                        subitems: [ { item: { size: { width: absolute(0.001), height: fractionalHeight(1) } } } ]
                """)
    }

    @Test("a runaway group names its definition and its first section with both solvers, in the same words")
    func runawayGroup() throws {
        let layout = try Self.runaway()
        var messages: [String] = []
        do {
            _ = try ReferenceSolver.solve(layout)
            Issue.record("the reference solved a runaway group")
        } catch {
            #expect(error.path == "sections[1]")
            #expect(error.section == 2)
            #expect(error.description.contains("a group instance of section 2 would place more than 10000000 items"))
            messages.append(error.description)
        }
        do {
            _ = try LayoutEngine(layout: layout).output()
            Issue.record("the engine solved a runaway group")
        } catch {
            #expect(error.path == "sections[1]")
            // The engine fails in the definition's shared template: it names the first section that builds.
            #expect(error.section == 2)
            messages.append(error.description)
        }
        #expect(messages.count == 2 && messages[0] == messages[1], "\(messages)")
    }

    @Test("a width no variant covers names the definition")
    func noVariant() throws {
        let layout = try SpecReader.read(
            yaml: """
                version: 1
                container: { width: 390, height: 844 }
                sections:
                  - items: 1
                    group: { horizontal: { size: { width: fractionalWidth(1), height: absolute(44) }, subitems: [ { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } } ] } }
                  - name: narrow
                    items: 3
                    variants:
                      - when: { maxWidth: 600 }
                        group: { horizontal: { size: { width: fractionalWidth(1), height: absolute(44) }, subitems: [ { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } } ] } }
                """
        ).withContainer(width: 800)
        #expect(
            throws: LayoutError(.noVariantForWidth(width: 800), definition: 1, definitionName: "narrow", section: 1)
        ) {
            try ReferenceSolver.solve(layout)
        }
        do {
            _ = try LayoutEngine(layout: layout)
            Issue.record("the engine solved a width no variant covers")
        } catch {
            #expect(error.path == "sections[1]")
            #expect(error.description.contains("'narrow'") && error.description.contains("800"))
        }
    }
}
