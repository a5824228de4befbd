import CompositionalLayout
import SolverKernel

/// A solve read in parts, for a reader that shows only some of it (a picture of a large layout): the outline
/// (sections, sizes, diagnostics) without any element, how many elements each section has, and the elements
/// of chosen sections. Together they give exactly what `output()` gives, without making every element.
extension LayoutEngine {
    /// `output()` without its elements: the spec, container, content size, every section's frame (in index
    /// order) and the diagnostics. Complexity: O(sections).
    public func outline() -> SolveOutput {
        // §10.3 right-to-left: mirrored, then rounded (§1), as `output()` does.
        if isRightToLeft { return outline(scale: nil).mirroredHorizontally().pixelRounded(pixelScale) }
        return outline(scale: pixelScale)
    }

    func outline(scale: Double?) -> SolveOutput {
        var frames: [SectionFrame] = []
        frames.reserveCapacity(sections.count)
        let across = state.layout.container.size.length(scrollAxis.other)
        var diagnostics: [LayoutDiagnostic] = []
        for (index, g) in sections.enumerated() {
            let frame = Rect.along(
                scrollAxis, origin: sectionStart(index), length: g.extent, acrossOrigin: 0, acrossLength: across)
            frames.append(
                SectionFrame(
                    index: index, frame: frame.pixelRounded(scale),
                    orthogonalContentSize: g.orthogonalContentSize?.pixelRounded(scale)))
            // A section keeps its diagnostics when sections before it are inserted or deleted: renumber here.
            diagnostics += g.diagnostics.map { LayoutDiagnostic(section: index, kind: $0.kind, message: $0.message) }
        }
        return SolveOutput(
            spec: state.layout.name, container: state.layout.container.size,
            contentSize: exactContentSize.pixelRounded(scale),
            elements: [], sections: frames, diagnostics: diagnostics,
            scrollDirection: state.layout.configuration.scrollDirection)
    }

    /// How many elements `output()` has in section `index` (cells, their supplementaries, group
    /// supplementaries, boundary items and decorations), counted without making them.
    /// - Complexity: O(cells of the template + boundary items) for a fixed-size section; O(items of the
    ///   section) for an estimated one.
    public func elementCount(inSection index: Int) -> Int {
        let g = sections[index]
        let cache = definitions[g.definition]!
        var count = 0
        switch g.storage {
        case let .fixed(_, instances):
            let template = cache.template!
            guard instances > 0, template.count > 0 else { break }
            let full = min(instances, g.itemCount / template.count)
            let perFull = Self.instanceElementCount(
                present: template.count, lists: template.supplementaries.lists, hosts: template.hosts,
                leafList: { template.leafSupplementaries.isEmpty ? 0 : template.leafSupplementaries[$0] })
            count += full * perFull
            if full < instances {
                count += Self.instanceElementCount(
                    present: g.itemCount - full * template.count, lists: template.supplementaries.lists,
                    hosts: template.hosts,
                    leafList: { template.leafSupplementaries.isEmpty ? 0 : template.leafSupplementaries[$0] })
            }
        case .estimated(let storage):
            let lists = storage.supplementaries.lists
            let hasLeafLists = storage.hasLeafSupplementaries
            for q in 0..<storage.count {
                let items = storage.items(of: q)
                let first = items.lowerBound
                count += Self.instanceElementCount(
                    present: items.count, lists: lists, hosts: storage.hosts.isEmpty ? [] : storage.hosts[q],
                    leafList: { hasLeafLists ? storage.leafSupplementary(first + $0) : 0 })
            }
        }
        let saved = lendSizing()
        defer { returnSizing(saved) }
        solver.forEachSectionElement(g, index: index, cache: cache, sizing: lentSizing) { _ in count += 1 }
        return count
    }

    /// The elements one instance emits (see `Emitter.emitInstance`): its present cells, their anchored
    /// supplementaries, and the supplementaries of its groups that hold a present cell.
    private static func instanceElementCount(
        present: Int, lists: [[SupplementaryItem]], hosts: [GroupHost], leafList: (Int) -> UInt16
    ) -> Int {
        var count = present
        for leaf in 0..<present {
            let list = leafList(leaf)
            if list != 0 { count += lists[Int(list)].count }
        }
        for host in hosts where host.leafCount > 0 && host.firstLeaf < present { count += host.supplementaries.count }
        return count
    }

    /// Every element of the sections in `range` (clamped to the layout's sections), as `output()` has them
    /// (mirrored and rounded alike), in section order. Complexity: O(elements of those sections).
    public func elements(inSections range: ClosedRange<Int>) -> [LayoutElement] {
        let lo = max(0, range.lowerBound), hi = min(sections.count - 1, range.upperBound)
        guard lo <= hi else { return [] }
        var elements: [LayoutElement] = []
        let saved = lendSizing()
        defer { returnSizing(saved) }
        let scale = isRightToLeft ? nil : pixelScale
        let emitter = Emitter(engine: self, filter: nil, scale: scale)
        for index in lo...hi { emitter.emitSection(index, into: &elements) }
        if isRightToLeft { mirrorAndRound(&elements) }
        return elements
    }

    /// The layout's own boundary items (section −1), as `output()` has them. Complexity: O(boundary items).
    public func layoutElements() -> [LayoutElement] {
        var elements = layoutBoundaryElements()
        if isRightToLeft {
            mirrorAndRound(&elements)
        } else {
            for i in elements.indices { elements[i] = elements[i].pixelRounded(pixelScale) }
        }
        return elements
    }

    /// §10.3 exact left-to-right frames mirrored, then rounded (§1).
    private func mirrorAndRound(_ elements: inout [LayoutElement]) {
        let width = mirrorWidth, scale = pixelScale
        for i in elements.indices {
            elements[i].frame = elements[i].frame.mirrored(inWidth: width).pixelRounded(scale)
        }
    }
}
