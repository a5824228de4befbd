import CompositionalLayout
import LayoutEngine

/// What a picture is drawn from: the layout's outline and its elements, asked for by section, so that a large
/// layout is drawn without making every element first. A whole `SolveOutput` is one (`OutputRenderSource`);
/// the fast engine is another (its outline costs O(sections), and only the sections drawn are emitted).
public protocol RenderSource {
    /// The solve output without its elements: spec, container, content size, the frame of every section (in
    /// index order), diagnostics and scroll direction.
    func outline() -> SolveOutput
    /// How many elements section `index` has.
    func elementCount(inSection index: Int) -> Int
    /// Every element of the sections in `range`, in any order.
    func elements(inSections range: ClosedRange<Int>) -> [LayoutElement]
    /// The layout's own boundary items (section −1).
    func layoutElements() -> [LayoutElement]
    /// Every element whose frame intersects `rect` (edges included), layout-wide ones too: how a picture that
    /// cuts a section after some items reads only that section's leading part.
    func elements(in rect: Rect) -> [LayoutElement]
}

/// A whole solve output as a render source. Making it files the elements by section: O(elements).
public struct OutputRenderSource: RenderSource {
    private let outlineOutput: SolveOutput
    private let bySection: [Int: [LayoutElement]]
    private let sectionIndices: [Int]
    private let layoutWide: [LayoutElement]

    public init(_ output: SolveOutput) {
        var outline = output
        outline.elements = []
        // An output without section frames gets frames made from its elements (`RenderSelection.sectionFrames`).
        outline.sections = RenderSelection.sectionFrames(
            of: output, axis: output.scrollDirection == .horizontal ? .x : .y)
        var bySection: [Int: [LayoutElement]] = [:]
        var layoutWide: [LayoutElement] = []
        for element in output.elements {
            if element.section < 0 {
                layoutWide.append(element)
            } else {
                bySection[element.section, default: []].append(element)
            }
        }
        self.outlineOutput = outline
        self.bySection = bySection
        self.sectionIndices = bySection.keys.sorted()
        self.layoutWide = layoutWide
    }

    public func outline() -> SolveOutput { outlineOutput }

    public func elementCount(inSection index: Int) -> Int { bySection[index]?.count ?? 0 }

    public func elements(inSections range: ClosedRange<Int>) -> [LayoutElement] {
        var elements: [LayoutElement] = []
        for index in sectionIndices where range.contains(index) { elements += bySection[index]! }
        return elements
    }

    public func layoutElements() -> [LayoutElement] { layoutWide }

    /// Complexity: O(elements): a whole output has no index by position.
    public func elements(in rect: Rect) -> [LayoutElement] {
        var found = layoutWide.filter { $0.frame.intersects(rect) }
        for index in sectionIndices { found += bySection[index]!.filter { $0.frame.intersects(rect) } }
        return found
    }
}

/// The engine draws by section: `outline()` is O(sections), `elementCount(inSection:)` needs no element,
/// `elements(inSections:)` emits only the sections asked for (`LayoutEngine+Outline.swift`), and a cut section
/// is read by rect query, O(log n + k) (`LayoutEngine+Queries.swift`).
extension LayoutEngine: RenderSource {}
