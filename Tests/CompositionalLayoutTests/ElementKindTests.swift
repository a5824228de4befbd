import CompositionalLayout
import Dispatch
import Testing

@Suite("Interned element kinds")
struct ElementKindTests {
    @Test("a name is one kind, and the kind gives the name back")
    func interning() {
        let header = ElementKind("element-kind-tests.header")
        let again = ElementKind("element-kind-tests.header")
        let footer = ElementKind("element-kind-tests.footer")
        #expect(header == again)
        #expect(header != footer)
        #expect(header.name == "element-kind-tests.header")
        #expect(footer.description == "element-kind-tests.footer")
        #expect(Set([header, again, footer]).count == 2)
    }

    /// The category shares the optional kind's word: a query's result is 64 bytes an element (72 with the
    /// category stored first), and every element written is one store less.
    @Test("an element is 64 bytes: its category packs beside the interned kind")
    func elementSize() {
        #expect(MemoryLayout<LayoutElement>.stride == 64)
        #expect(MemoryLayout<LayoutElement>.offset(of: \LayoutElement.section) == 8)
    }

    @Test("an element's kind reads and writes its name through the interned kind")
    func elementKind() {
        var element = LayoutElement(
            category: .supplementary, kind: "element-kind-tests.badge", section: 2, item: 1,
            frame: Rect(x: 0, y: 0, width: 10, height: 10), zIndex: 1)
        #expect(element.kind == "element-kind-tests.badge")
        #expect(element.internedKind == ElementKind("element-kind-tests.badge"))
        #expect(
            element.key == ElementKey(category: .supplementary, kind: "element-kind-tests.badge", section: 2, item: 1))
        element.kind = "element-kind-tests.pill"
        #expect(element.internedKind?.name == "element-kind-tests.pill")
        element.kind = nil
        #expect(element.internedKind == nil)
        let cell = LayoutElement(cellInSection: 0, item: 3, frame: .zero)
        #expect(cell.kind == nil)
        #expect(cell == LayoutElement(category: .cell, kind: nil, section: 0, item: 3, frame: .zero, zIndex: 0))
    }

    @Test("the definitions keep their interned kind equal to their name when it changes")
    func definitionsFollowTheirName() {
        var header = BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: "element-kind-tests.top", alignment: .top)
        #expect(header.internedKind.name == "element-kind-tests.top")
        header.elementKind = "element-kind-tests.bottom"
        #expect(header.internedKind == ElementKind("element-kind-tests.bottom"))
        var background = DecorationItem.background(elementKind: "element-kind-tests.back")
        background.elementKind = "element-kind-tests.front"
        #expect(background.internedKind.name == "element-kind-tests.front")
        var badge = SupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .absolute(8), heightDimension: .absolute(8)),
            elementKind: "element-kind-tests.dot", containerAnchor: LayoutAnchor(edges: .top))
        badge.elementKind = "element-kind-tests.ring"
        #expect(badge.internedKind.name == "element-kind-tests.ring")
    }

    @Test("an element holds nothing to release, so an array of them is freed without a call per element")
    func elementIsTriviallyDestructible() {
        // A `String?` field back in the element would make it non-trivial again, and every rect query's result
        // would pay for it (docs/engine-instructions.md).
        #expect(_isPOD(LayoutElement.self))
        #expect(_isPOD(ElementKind?.self))
    }

    @Test("threads interning the same names at once agree on every kind")
    func concurrentInterning() {
        let names = (0..<64).map { "element-kind-tests.concurrent-\($0)" }
        let results = ResultBox(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // Each thread goes through the names in its own order.
            let order = names.indices.map { (thread * 17 + $0 * 5) % names.count }
            var kinds = [ElementKind?](repeating: nil, count: names.count)
            for i in order { kinds[i] = ElementKind(names[i]) }
            results.set(thread, kinds.map { $0! })
        }
        let first = results.values[0]
        #expect(Set(first).count == names.count)
        for thread in 1..<8 { #expect(results.values[thread] == first) }
        for (i, kind) in first.enumerated() { #expect(kind.name == names[i]) }
    }
}

/// Per-thread results of `concurrentPerform`, each slot written by one thread.
private final class ResultBox: @unchecked Sendable {
    private(set) var values: [[ElementKind]]
    private let lock = DispatchSemaphore(value: 1)
    init(count: Int) { values = Array(repeating: [], count: count) }
    func set(_ index: Int, _ kinds: [ElementKind]) {
        lock.wait()
        values[index] = kinds
        lock.signal()
    }
}
