import CompositionalLayout
import SolverKernel
import Testing

/// `BoundaryItemsPlacement.forEachFrame` (what a section's overhang reads) and `forEachElement` (what queries
/// and the output read) must give the same frames in the same order for every kind of boundary item, and the
/// decorations' frames likewise: the overhang would otherwise miss what a query returns.
@Suite("Boundary items' frames alone equal their elements' frames")
struct BoundaryFramesAgreementTests {
    static func item(
        _ alignment: BoundaryAlignment, width: LayoutDimension, height: LayoutDimension, extends: Bool,
        offset: Point = .zero, kind: String
    ) -> BoundarySupplementaryItem {
        BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: width, heightDimension: height), elementKind: kind,
            alignment: alignment, absoluteOffset: offset, extendsBoundary: extends)
    }

    /// Extending headers and footers (two of one kind), items inside the host at every alignment, offsets,
    /// fractional and estimated lengths.
    static let items: [BoundarySupplementaryItem] = [
        item(.top, width: .fractionalWidth(1), height: .absolute(44), extends: true, kind: "header"),
        item(.topLeading, width: .absolute(120), height: .estimated(30), extends: true, kind: "header"),
        item(.bottom, width: .fractionalWidth(0.5), height: .absolute(20), extends: true, kind: "footer"),
        item(.bottomTrailing, width: .absolute(60), height: .absolute(18), extends: true, kind: "footer"),
        item(.leading, width: .absolute(30), height: .absolute(30), extends: false, kind: "badge"),
        item(.trailing, width: .absolute(30), height: .fractionalHeight(0.1), extends: false, kind: "badge"),
        item(
            .topTrailing, width: .absolute(16), height: .absolute(16), extends: false,
            offset: Point(x: -4, y: 3), kind: "dot"),
        item(.bottomLeading, width: .estimated(50), height: .absolute(12), extends: false, kind: "dot"),
        item(.top, width: .absolute(80), height: .absolute(10), extends: true, offset: Point(x: 2, y: -1), kind: "x"),
    ]

    @Test(
        "forEachFrame gives forEachElement's frames, in order, on both scroll axes, with and without insets",
        arguments: [Axis.y, Axis.x], [nil, EdgeInsets(top: 8, leading: 12, bottom: 6, trailing: 20)])
    func framesAgree(scrollAxis: Axis, insets: EdgeInsets?) {
        let container = LayoutContainer(width: 390, height: 844)
        for padding in [0.0, 22] {
            let placement = BoundaryItemsPlacement(
                items: Self.items, section: 3, container: container, scrollAxis: scrollAxis, followedInsets: insets,
                sizing: .estimates, startPadding: padding)
            var elements: [Rect] = []
            placement.forEachElement(sectionStart: 100, contentStart: 180, contentEnd: 940) {
                elements.append($0.frame)
            }
            var frames: [Rect] = []
            placement.forEachFrame(sectionStart: 100, contentStart: 180, contentEnd: 940) { frames.append($0) }
            #expect(frames.count == Self.items.count)
            #expect(frames == elements, "scroll axis \(scrollAxis), insets \(String(describing: insets))")
        }
    }

    @Test(
        "appendElements (rect queries) gives forEachElement's elements, in order, and keeps what select keeps",
        arguments: [Axis.y, Axis.x], [nil, EdgeInsets(top: 8, leading: 12, bottom: 6, trailing: 20)])
    func queryElementsAgree(scrollAxis: Axis, insets: EdgeInsets?) {
        let container = LayoutContainer(width: 390, height: 844)
        for padding in [0.0, 22] {
            var elements: [LayoutElement] = []
            BoundaryItemsPlacement(
                items: Self.items, section: 3, container: container, scrollAxis: scrollAxis, followedInsets: insets,
                sizing: .estimates, startPadding: padding
            ).forEachElement(sectionStart: 100, contentStart: 180, contentEnd: 940) { elements.append($0) }
            func append(_ select: (Rect) -> Rect?) -> [LayoutElement] {
                var out: [LayoutElement] = []
                BoundaryItemsPlacement.appendElements(
                    Self.items, section: 3, container: container, scrollAxis: scrollAxis, followedInsets: insets,
                    measuresSupplementaries: false, startPadding: padding, sectionStart: 100, contentStart: 180,
                    contentEnd: 940, select: select, into: &out)
                return out
            }
            #expect(append { $0 } == elements, "scroll axis \(scrollAxis), insets \(String(describing: insets))")
            // A selection keeps the selected items with the frames it returns, in order.
            let moved = append { $0.width > 40 ? $0.offsetBy(dx: 1, dy: 2) : nil }
            let expected = elements.filter { $0.frame.width > 40 }.map {
                var e = $0
                e.frame = e.frame.offsetBy(dx: 1, dy: 2)
                return e
            }
            #expect(!moved.isEmpty && moved.count < elements.count)
            #expect(moved == expected)
        }
    }

    @Test("appendDecorationElements (rect queries) gives forEachDecorationElement's elements, in order")
    func queryDecorationsAgree() {
        let decorations = [
            DecorationItem(elementKind: "background"),
            DecorationItem(elementKind: "frame", contentInsets: EdgeInsets(top: 4, leading: 8, bottom: 2, trailing: 6)),
            DecorationItem(elementKind: "frame"),
        ]
        let container = LayoutContainer(width: 390, height: 844)
        for scrollAxis in [Axis.y, .x] {
            var elements: [LayoutElement] = []
            forEachDecorationElement(
                decorations, section: 1, sectionStart: 40, extent: 700, container: container, scrollAxis: scrollAxis
            ) { elements.append($0) }
            var all: [LayoutElement] = [], some: [LayoutElement] = []
            appendDecorationElements(
                decorations, section: 1, sectionStart: 40, extent: 700, container: container, scrollAxis: scrollAxis,
                select: { $0 }, into: &all)
            appendDecorationElements(
                decorations, section: 1, sectionStart: 40, extent: 700, container: container, scrollAxis: scrollAxis,
                select: { $0.x == 0 ? nil : $0 }, into: &some)
            #expect(all == elements)
            // Items count every decoration of their kind, selected or not.
            #expect(some == elements.filter { $0.frame.x != 0 })
        }
    }

    @Test("forEachDecorationFrame gives forEachDecorationElement's frames, in order")
    func decorationFramesAgree() {
        let decorations = [
            DecorationItem(elementKind: "background"),
            DecorationItem(
                elementKind: "background", contentInsets: EdgeInsets(top: 4, leading: 8, bottom: 2, trailing: 6)),
            DecorationItem(
                elementKind: "frame", contentInsets: EdgeInsets(top: 500, leading: 300, bottom: 600, trailing: 300)),
        ]
        let container = LayoutContainer(width: 390, height: 844)
        for scrollAxis in [Axis.y, .x] {
            var elements: [Rect] = []
            forEachDecorationElement(
                decorations, section: 1, sectionStart: 40, extent: 700, container: container, scrollAxis: scrollAxis
            ) { elements.append($0.frame) }
            var frames: [Rect] = []
            forEachDecorationFrame(
                decorations, sectionStart: 40, extent: 700, container: container, scrollAxis: scrollAxis
            ) { frames.append($0) }
            #expect(frames.count == 3)
            #expect(frames == elements)
        }
    }
}
