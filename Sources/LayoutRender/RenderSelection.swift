import CompositionalLayout

/// Which part of a solve output a picture shows: all of it, a range of sections (`RenderOptions.sections`),
/// or, for a layout over the element limit, its leading sections (or the leading items of its first section).
/// Also the region of content coordinates the picture covers.
struct RenderSelection {
    /// The layout's scroll axis: y for a vertical layout, x for a horizontal one.
    let scrollAxis: Axis
    /// The frames of the drawn sections, in index order.
    private(set) var sections: [SectionFrame]
    /// The drawn elements, in paint order (zIndex, then decoration, cell, supplementary, then key).
    private(set) var elements: [LayoutElement]
    /// The covered content, along the scroll axis.
    private(set) var scrollExtent: ClosedRange<Double>
    /// The covered content, across the scroll axis.
    let crossExtent: ClosedRange<Double>
    /// Where the viewport is drawn along the scroll axis: 0, or the first drawn section's start.
    let viewportOffset: Double
    /// A title line saying what part is shown, nil when everything is.
    let note: String?
    /// Sections whose scroller is drawn at its full length (orthogonal sections drawn whole).
    let fullScrollerSections: Set<Int>
    /// How many sections the layout has (drawn or not).
    let sectionCount: Int
    /// How many elements the layout has (drawn or not).
    let elementCount: Int
    /// Whether this is the device's view (`RenderOptions.full` false): the container's width across, each
    /// orthogonal section at its scroll offset.
    let deviceView: Bool
    /// In the device's view, what each drawn orthogonal section hides beyond the container's edges.
    private(set) var markers: [ScrollMarker]

    /// The part of this selection within `along` on the scroll axis: one screen of a picture cut into screens.
    /// Complexity: O(d) for the d drawn elements.
    func cut(along: ClosedRange<Double>) -> RenderSelection {
        var part = self
        let axis = scrollAxis
        part.scrollExtent = along
        part.sections = sections.filter {
            $0.frame.end(axis) >= along.lowerBound && $0.frame.origin(axis) <= along.upperBound
        }
        part.elements = elements.filter { overlaps($0.frame, along, along: axis) }
        part.markers = markers.filter {
            $0.along.upperBound > along.lowerBound && $0.along.lowerBound < along.upperBound
        }
        return part
    }

    /// The region as a rectangle in content coordinates.
    var region: Rect {
        scrollAxis == .y
            ? Rect(
                x: crossExtent.lowerBound, y: scrollExtent.lowerBound,
                width: crossExtent.upperBound - crossExtent.lowerBound,
                height: scrollExtent.upperBound - scrollExtent.lowerBound)
            : Rect(
                x: scrollExtent.lowerBound, y: crossExtent.lowerBound,
                width: scrollExtent.upperBound - scrollExtent.lowerBound,
                height: crossExtent.upperBound - crossExtent.lowerBound)
    }

    /// Chooses what to draw, asking `source` only for the elements of the sections it draws (and, when a
    /// section is cut after some items, for that section's leading part by rect query: `leadingElements`).
    /// Complexity: O(sections) plus the source's counts, O(elements fetched), plus sorting the drawn elements.
    init(source: some RenderSource, options: RenderOptions) {
        let output = source.outline()
        let axis: Axis = output.scrollDirection == .horizontal ? .x : .y
        let across = axis.other
        scrollAxis = axis
        let frames = output.sections
        let layoutWideElements = source.layoutElements()
        let counts = frames.map { source.elementCount(inSection: $0.index) }
        let total = counts.reduce(0, +) + layoutWideElements.count

        // 1. Which sections, and whether the last one is cut after some items.
        var range: ClosedRange<Int>? = options.sections
        var itemCutoff: Int? = nil
        // The cut section's elements as read for its cutoff (its leading part only), so it is not read again.
        var cutSectionElements: [LayoutElement]? = nil
        var limitNote = false
        if range == nil, total > max(0, options.elementLimit), let first = frames.first {
            limitNote = true
            let (last, cut) = Self.leadingSections(frames: frames, counts: counts, limit: max(0, options.elementLimit))
            range = first.index...last
            if let cut, let frame = frames.first(where: { $0.index == cut.section }) {
                let leading = Self.leadingElements(
                    of: frame, in: source, budget: cut.budget, axis: axis, window: output.container.length(axis))
                itemCutoff = Self.itemCutoff(leading, section: cut.section, budget: cut.budget)
                cutSectionElements = leading
            }
        }
        let drawnFrames = range.map { r in frames.filter { r.contains($0.index) } } ?? frames
        let partialSection = itemCutoff != nil ? drawnFrames.last?.index : nil

        // 2. The drawn sections' elements (the cut section keeps its leading items).
        var drawn: [LayoutElement] = []
        var cutCells = [LayoutElement]()
        var cutOthers = [LayoutElement]()
        if let range {
            let lo = drawnFrames.first?.index ?? range.lowerBound, hi = drawnFrames.last?.index ?? range.upperBound
            var read: [LayoutElement]
            if let cutSectionElements, partialSection == hi {
                read = hi > lo ? source.elements(inSections: lo...(hi - 1)) : []
                read += cutSectionElements
            } else {
                read = source.elements(inSections: lo...hi)
            }
            for element in read {
                guard element.section >= lo, element.section <= hi, range.contains(element.section) else { continue }
                if element.section == partialSection, let itemCutoff {
                    guard element.item < itemCutoff else { continue }
                    if element.category == .cell { cutCells.append(element) } else { cutOthers.append(element) }
                } else {
                    drawn.append(element)
                }
            }
        } else {
            if let first = frames.first, let last = frames.last {
                drawn = source.elements(inSections: first.index...last.index)
            }
            drawn += layoutWideElements
        }

        // 3. The region along the scroll axis.
        let contentLength = output.contentSize.length(axis)
        let cutIsOrthogonal = partialSection != nil && drawnFrames.last?.orthogonalContentSize != nil
        var scrollLo = 0.0, scrollHi = 0.0, viewport = 0.0
        if range == nil {
            // The whole layout: content that is shorter than the screen still shows the whole viewport.
            scrollHi = max(contentLength, frames.last?.frame.end(axis) ?? 0, output.container.length(axis))
        } else if let firstDrawn = drawnFrames.first, let lastDrawn = drawnFrames.last {
            let startsLayout = firstDrawn.index == frames.first?.index
            let endsLayout = lastDrawn.index == frames.last?.index && partialSection == nil
            scrollLo = startsLayout ? 0 : firstDrawn.frame.origin(axis)
            // A section cut after some items ends after its last drawn cell (unless it is orthogonal).
            scrollHi =
                partialSection != nil && !cutIsOrthogonal
                ? lastDrawn.frame.origin(axis)
                : endsLayout ? max(contentLength, lastDrawn.frame.end(axis)) : lastDrawn.frame.end(axis)
            viewport = startsLayout ? 0 : scrollLo
        }
        for element in drawn + cutCells {
            scrollLo = min(scrollLo, element.frame.origin(axis)); scrollHi = max(scrollHi, element.frame.end(axis))
        }
        let scrollRange = scrollLo...max(scrollLo, scrollHi)
        drawn += cutCells
        drawn += cutOthers.filter { cutIsOrthogonal || overlaps($0.frame, scrollRange, along: axis) }
        if range != nil {
            drawn += layoutWideElements.filter { overlaps($0.frame, scrollRange, along: axis) }
        }

        // 4. The region across, wide enough for every drawn element and every whole scroller.
        var crossLo = 0.0, crossHi = output.container.length(across)
        for element in drawn {
            crossLo = min(crossLo, element.frame.origin(across)); crossHi = max(crossHi, element.frame.end(across))
        }
        var fullScrollers = Set<Int>()
        for section in drawnFrames where section.index != partialSection {
            if let scroller = section.orthogonalContentSize {
                fullScrollers.insert(section.index)
                crossHi = max(crossHi, scroller.length(across))
            }
        }

        sections = drawnFrames
        scrollExtent = scrollRange
        viewportOffset = viewport
        deviceView = !options.full
        if options.full {
            elements = drawn.sorted(by: paintsBefore)
            crossExtent = crossLo...crossHi
            fullScrollerSections = fullScrollers
            markers = []
        } else {
            // The device's view: the container across, whatever lies beyond it dropped or marked.
            let containerAcross = output.container.length(across)
            let view = DeviceView.apply(
                elements: drawn, sections: drawnFrames, containerAcross: containerAcross, axis: axis,
                offsets: options.scrollOffsets)
            elements = view.elements.sorted(by: paintsBefore)
            crossExtent = 0...max(containerAcross, 1)
            fullScrollerSections = []
            markers = view.markers
        }
        sectionCount = frames.count
        elementCount = total
        note = Self.note(
            requested: options.sections, limited: limitNote, limit: options.elementLimit,
            drawnFrames: drawnFrames, sectionCount: frames.count, itemCutoff: itemCutoff,
            drawnCount: elements.count, total: total)
    }

    /// The output's section frames sorted by index, or, when the output has none, frames made from each
    /// section's elements (along the scroll axis) and the container (across).
    static func sectionFrames(of output: SolveOutput, axis: Axis) -> [SectionFrame] {
        if !output.sections.isEmpty {
            return output.sections.sorted { $0.index < $1.index }
        }
        var spans: [Int: (lo: Double, hi: Double)] = [:]
        for element in output.elements where element.section >= 0 {
            let lo = element.frame.origin(axis), hi = element.frame.end(axis)
            if let span = spans[element.section] {
                spans[element.section] = (min(span.lo, lo), max(span.hi, hi))
            } else {
                spans[element.section] = (lo, hi)
            }
        }
        let across = output.container.length(axis.other)
        return spans.keys.sorted().map { index in
            let span = spans[index]!
            let frame =
                axis == .y
                ? Rect(x: 0, y: span.lo, width: across, height: span.hi - span.lo)
                : Rect(x: span.lo, y: 0, width: span.hi - span.lo, height: across)
            return SectionFrame(index: index, frame: frame)
        }
    }

    /// The last of the leading sections whose elements (`counts`, one per frame) fit under `limit`, and, when
    /// even the first section with elements does not fit, that section with the budget left for its items.
    /// Complexity: O(sections).
    static func leadingSections(frames: [SectionFrame], counts: [Int], limit: Int)
        -> (last: Int, cut: (section: Int, budget: Int)?)
    {
        var sum = 0
        var last: Int? = nil
        for (frame, count) in zip(frames, counts) {
            if sum + count > limit {
                if sum > 0, let last { return (last, nil) }
                return (frame.index, (frame.index, limit - sum))
            }
            sum += count
            last = frame.index
        }
        return (last ?? frames.last!.index, nil)
    }

    /// The elements of the section `frame` in a window from its start along the scroll axis, `window` long and
    /// doubled until it holds more than `budget` of them; a window that reaches the section's end reads the
    /// whole section instead (so nothing it has outside its frame is missed). A rect query each time, so a
    /// section of a million items is read only as far as the picture needs.
    /// Complexity: the source's rect queries, O(log n + k) each on the engine, over at most twice the elements
    /// finally found, in O(log(section length / window)) doublings.
    static func leadingElements(
        of frame: SectionFrame, in source: some RenderSource, budget: Int, axis: Axis, window: Double
    ) -> [LayoutElement] {
        let start = frame.frame.origin(axis), end = frame.frame.end(axis)
        // Across the scroll axis the window has no bound: an orthogonal section's items run past the container.
        let across = 1e15
        var length = max(1, window)
        while start + length < end {
            let rect =
                axis == .y
                ? Rect(x: -across, y: start, width: 2 * across, height: length)
                : Rect(x: start, y: -across, width: length, height: 2 * across)
            let found = source.elements(in: rect).filter { $0.section == frame.index }
            if found.count > budget { return found }
            length *= 2
        }
        return source.elements(inSections: frame.index...frame.index)
    }

    /// The largest k such that the section's elements with item < k number at most `budget` (at least 1).
    /// Complexity: O(elements given).
    private static func itemCutoff(_ elements: [LayoutElement], section: Int, budget: Int) -> Int {
        var perItem: [Int] = []
        for element in elements where element.section == section && element.item >= 0 {
            if element.item >= perItem.count { perItem += [Int](repeating: 0, count: element.item - perItem.count + 1) }
            perItem[element.item] += 1
        }
        var sum = 0
        for (item, count) in perItem.enumerated() {
            if sum + count > budget { return max(1, item) }
            sum += count
        }
        return max(1, perItem.count)
    }

    /// The title line describing a partial picture.
    private static func note(
        requested: ClosedRange<Int>?, limited: Bool, limit: Int, drawnFrames: [SectionFrame],
        sectionCount: Int, itemCutoff: Int?, drawnCount: Int, total: Int
    ) -> String? {
        guard requested != nil || limited else { return nil }
        guard let first = drawnFrames.first?.index, let last = drawnFrames.last?.index else {
            let asked = requested.map { "\($0.lowerBound)–\($0.upperBound)" } ?? ""
            return "no section in \(asked): the layout has \(sectionCount) section\(sectionCount == 1 ? "" : "s")"
        }
        var shown = (first == last ? "section \(first)" : "sections \(first)–\(last)") + " of \(sectionCount)"
        if let itemCutoff {
            shown += first == last ? "," : ", section \(last)"
            shown += " items 0–\(groupedCount(itemCutoff - 1)) only"
        }
        let counts = "\(groupedCount(drawnCount)) of \(groupedCount(total)) elements"
        return (limited ? "element limit \(groupedCount(limit)): " : "") + "showing \(shown) (\(counts))"
    }
}

/// Paint order: zIndex, then decorations under cells under supplementaries, then the element key and frame.
func paintsBefore(_ a: LayoutElement, _ b: LayoutElement) -> Bool {
    if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
    if a.category != b.category { return paintRank(a.category) < paintRank(b.category) }
    if a.section != b.section { return a.section < b.section }
    if a.kind != b.kind { return (a.kind ?? "") < (b.kind ?? "") }
    if a.item != b.item { return a.item < b.item }
    let fa = a.frame, fb = b.frame
    return (fa.x, fa.y, fa.width, fa.height) < (fb.x, fb.y, fb.width, fb.height)
}

private func paintRank(_ category: ElementCategory) -> Int {
    switch category {
    case .decoration: return 0
    case .cell: return 1
    case .supplementary: return 2
    }
}

/// Whether `frame` overlaps the range along `axis` (a zero-length frame counts when inside it, edges included).
func overlaps(_ frame: Rect, _ range: ClosedRange<Double>, along axis: Axis) -> Bool {
    let lo = frame.origin(axis), hi = frame.end(axis)
    if hi <= lo { return range.contains(lo) }
    return lo < range.upperBound && hi > range.lowerBound
}
