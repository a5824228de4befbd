import CompositionalLayout
import Foundation
import LayoutSpec
import ReferenceSolver
import SolverKernel
import Testing

@testable import LayoutEngine

/// Issue 24 (first finding): a template places at most as many slots as items can occupy; the slots past the
/// cap are counted (N, the limit, §3.1's restart, §3.3's extra, §4.1's `partial`), and every placed frame is
/// as if all were placed (docs/layout-rules.md §3.1, §3.3, §4.1).
@Suite("Templates place slots only for items")
struct TemplateSlotCapTests {
    static let wideSpec = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/fuzz-cases/solve/wide-group-one-item.yaml").standardized.path

    @Test("the wide one-item group: one cell from both solvers, one slot placed of 5,000,000 counted")
    func wideGroupOneItem() throws {
        let layout = try SpecReader.read(contentsOf: Self.wideSpec)
        let reference = try ReferenceSolver.solve(layout)
        let engine = try LayoutEngine(layout: layout)
        for output in [reference, engine.output()] {
            #expect(output.elements.map(\.frame) == [Rect(x: 0, y: 0, width: 200, height: 44)])
            // §4.1: one row of one instance, as long as the group is high.
            #expect(output.contentSize == Size(width: 1_000_000, height: 44))
        }
        #expect(engine.output().differences(from: reference).isEmpty)
        let template = try #require(engine.definitions[0]?.template)
        #expect(template.cells.count == 1 && template.count == 5_000_000)
        let root = LayoutNode.group(try layout.sections[0].section(forWidth: 1_000_000).group)
        let solver = GroupSolver(
            container: layout.container, sizing: .estimates, section: 0, itemCount: 1,
            limitsItems: false, slotCap: 1)
        let node = try solver.resolveAndSolve(root, box: Size(width: 1_000_000, height: 844), firstItem: 0)
        #expect(node.leaves.count == 1 && node.slotCount == 5_000_000)
    }

    /// Groups that fit more slots than items: flexible spacing, the spacing restart, nested and count groups,
    /// edge spacing, partial last rows.
    static let groups: [String] = [
        """
        horizontal:
          size: { width: fractionalWidth(1), height: absolute(50) }
          interItemSpacing: flexible(4)
          subitems:
            - item: { size: { width: absolute(37), height: fractionalHeight(1) } }
            - item: { size: { width: absolute(23), height: fractionalHeight(0.5) } }
        """,
        """
        horizontal:
          size: { width: fractionalWidth(1), height: absolute(40) }
          interItemSpacing: fixed(7)
          subitems:
            - item: { size: { width: fractionalWidth(0.1), height: fractionalHeight(1) } }
        """,
        """
        vertical:
          size: { width: fractionalWidth(1), height: absolute(900) }
          interItemSpacing: flexible(3)
          subitems:
            - horizontal:
                size: { width: fractionalWidth(1), height: absolute(61) }
                interItemSpacing: flexible(2)
                subitems:
                  - item: { size: { width: absolute(45), height: fractionalHeight(1) } }
            - item: { size: { width: fractionalWidth(0.5), height: absolute(30) } }
        """,
        """
        horizontal:
          size: { width: fractionalWidth(1), height: absolute(80) }
          interItemSpacing: flexible(5)
          subitems:
            - vertical:
                size: { width: absolute(50), height: fractionalHeight(1) }
                subitems:
                  - item: { size: { width: fractionalWidth(1), height: absolute(19) } }
            - item:
                size: { width: absolute(33), height: absolute(20) }
                edgeSpacing: { leading: flexible(2), top: fixed(3) }
        """,
        """
        horizontal:
          size: { width: fractionalWidth(1), height: absolute(44) }
          interItemSpacing: flexible(6)
          count: 9
          repeatingSubitem:
            vertical:
              size: { width: absolute(30), height: fractionalHeight(1) }
              subitems:
                - item: { size: { width: fractionalWidth(1), height: absolute(10) } }
        """,
    ]

    @Test("placed frames, N, size and reach equal the uncapped template's", arguments: groups.indices)
    func capKeepsFrames(_ index: Int) throws {
        let spec =
            "version: 1\nname: cap\ncontainer: { width: 390, height: 844 }\nsections:\n  - items: 1\n    group:\n"
            + Self.groups[index].split(separator: "\n").map { "      " + $0 }.joined(separator: "\n") + "\n"
        let layout = try SpecReader.read(yaml: spec)
        let root = LayoutNode.group(try layout.sections[0].section(forWidth: 390).group)
        let box = Size(width: 390, height: 844)
        func solve(_ cap: Int) throws -> SolvedNode {
            try GroupSolver(
                container: layout.container, sizing: .estimates, section: 0, itemCount: 0,
                limitsItems: false, slotCap: cap
            ).resolveAndSolve(root, box: box, firstItem: 0)
        }
        let all = try solve(.max)
        #expect(all.unplacedLeaves == 0 && all.leaves.count > 3)
        for cap in [0, 1, 2, 3, all.leaves.count - 1, all.leaves.count, all.leaves.count + 5] {
            let capped = try solve(cap)
            #expect(capped.size == all.size && capped.slotCount == all.slotCount && capped.noRoom == all.noRoom)
            #expect(capped.leaves.count >= min(cap, all.leaves.count) && capped.leaves.count <= all.leaves.count)
            #expect(capped.leaves.map(\.slot) == all.leaves.prefix(capped.leaves.count).map(\.slot), "cap \(cap)")
            #expect(capped.leaves.map(\.cell) == all.leaves.prefix(capped.leaves.count).map(\.cell), "cap \(cap)")
            for axis in Axis.allCases { #expect(capped.slotReach(axis) == all.slotReach(axis), "cap \(cap)") }
        }
        // Whole sections: every item count, both solvers (partial last rows, several instances).
        for items in [1, 2, 3, all.leaves.count - 1, all.leaves.count + 1, 2 * all.leaves.count + 3] {
            var sized = layout
            sized.sections[0].items = items
            let reference = try ReferenceSolver.solve(sized)
            #expect(reference.elements.count == items)
            #expect(try LayoutEngine(layout: sized).output().differences(from: reference).isEmpty)
        }
    }

    @Test("an insert past the engine's cap re-solves the templates; frames equal the reference")
    func insertPastTheCap() throws {
        let spec =
            "version: 1\nname: cap\ncontainer: { width: 390, height: 844 }\nsections:\n  - items: 2\n    group:\n"
            + Self.groups[0].split(separator: "\n").map { "      " + $0 }.joined(separator: "\n") + "\n"
        let engine = try LayoutEngine(layout: try SpecReader.read(yaml: spec))
        #expect(engine.definitions[0]?.template?.cells.count == 2)
        for (at, count) in [(1, 3), (0, 9), (14, 1)] {
            _ = try engine.apply(.insertItems(section: 0, at: at, count: count))
            let reference = try ReferenceSolver.solve(
                engine.state.layout, sections: engine.state.resolvedSections(),
                sizing: engine.state.sizing())
            #expect(engine.output().differences(from: reference).isEmpty)
            #expect(engine.output().elements.count == engine.itemCount(inSection: 0))
        }
    }
}
