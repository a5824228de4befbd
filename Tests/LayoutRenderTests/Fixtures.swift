import CompositionalLayout

/// Hand-built solve outputs for the renderer tests: small enough to reason about, shaped like real layouts.
enum Fixtures {
    /// A vertical feed (390×844): section 0 a sideways shelf of 6 cards (orthogonal, scroller 1282×136) under
    /// a header whose kind is "Q&A <header>"; section 1 a two-column grid of 6 cells on a background
    /// decoration, with a badge on its first cell; section 2 a list of 3 rows; a layout-wide footer.
    static let feed: SolveOutput = {
        var elements: [LayoutElement] = []
        elements.append(
            LayoutElement(
                category: .supplementary, kind: "Q&A <header>", section: 0, item: 0,
                frame: Rect(x: 16, y: 0, width: 358, height: 32), zIndex: 1))
        for i in 0..<6 {
            elements.append(cell(0, i, Rect(x: 16 + Double(i) * 210, y: 48, width: 200, height: 120)))
        }
        elements.append(
            LayoutElement(
                category: .decoration, kind: "background", section: 1, item: 0,
                frame: Rect(x: 0, y: 176, width: 390, height: 232), zIndex: -1))
        for i in 0..<6 {
            let (row, column) = (Double(i / 2), Double(i % 2))
            elements.append(cell(1, i, Rect(x: 8 + column * 187, y: 184 + row * 72, width: 181, height: 64)))
        }
        elements.append(
            LayoutElement(
                category: .supplementary, kind: "badge", section: 1, item: 0,
                frame: Rect(x: 175, y: 178, width: 16, height: 16), zIndex: 1))
        for i in 0..<3 {
            elements.append(cell(2, i, Rect(x: 0, y: 408 + Double(i) * 44, width: 390, height: 44)))
        }
        elements.append(
            LayoutElement(
                category: .supplementary, kind: "layout-footer", section: -1, item: 0,
                frame: Rect(x: 0, y: 540, width: 390, height: 50), zIndex: 1))
        return SolveOutput(
            spec: "feed", container: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 590),
            elements: elements,
            sections: [
                SectionFrame(
                    index: 0, frame: Rect(x: 0, y: 0, width: 390, height: 176),
                    orthogonalContentSize: Size(width: 1282, height: 136)),
                SectionFrame(index: 1, frame: Rect(x: 0, y: 176, width: 390, height: 232)),
                SectionFrame(index: 2, frame: Rect(x: 0, y: 408, width: 390, height: 132)),
            ],
            diagnostics: [])
    }()

    /// A horizontal layout (844×390): section 0 a 2×2 grid; section 1 orthogonal, scrolling vertically, a
    /// column of 8 cells reaching y = 1040 (scroller 200×1050).
    static let horizontal: SolveOutput = {
        var elements: [LayoutElement] = []
        for i in 0..<4 {
            let (column, row) = (Double(i / 2), Double(i % 2))
            elements.append(cell(0, i, Rect(x: 10 + column * 140, y: 10 + row * 185, width: 130, height: 175)))
        }
        for i in 0..<8 {
            elements.append(cell(1, i, Rect(x: 310, y: 10 + Double(i) * 130, width: 180, height: 120)))
        }
        return SolveOutput(
            spec: "sideways", container: Size(width: 844, height: 390), contentSize: Size(width: 500, height: 390),
            elements: elements,
            sections: [
                SectionFrame(index: 0, frame: Rect(x: 0, y: 0, width: 300, height: 390)),
                SectionFrame(
                    index: 1, frame: Rect(x: 300, y: 0, width: 200, height: 390),
                    orthogonalContentSize: Size(width: 200, height: 1050)),
            ],
            diagnostics: [], scrollDirection: .horizontal)
    }()

    /// A grid of `sections` sections with `itemsPerSection` square cells each, three columns on 390 pt.
    static func grid(sections: Int, itemsPerSection: Int) -> SolveOutput {
        var elements: [LayoutElement] = []
        elements.reserveCapacity(sections * itemsPerSection)
        var frames: [SectionFrame] = []
        var y = 0.0
        for s in 0..<sections {
            let start = y
            for i in 0..<itemsPerSection {
                elements.append(
                    cell(
                        s, i,
                        Rect(
                            x: Double(i % 3) * 130, y: start + Double(i / 3) * 130,
                            width: 130, height: 130)))
            }
            y = start + Double((itemsPerSection + 2) / 3) * 130
            frames.append(SectionFrame(index: s, frame: Rect(x: 0, y: start, width: 390, height: y - start)))
        }
        return SolveOutput(
            spec: "grid", container: Size(width: 390, height: 844),
            contentSize: Size(width: 390, height: y), elements: elements, sections: frames,
            diagnostics: [])
    }

    static func cell(_ section: Int, _ item: Int, _ frame: Rect) -> LayoutElement {
        LayoutElement(category: .cell, section: section, item: item, frame: frame, zIndex: 0)
    }
}
