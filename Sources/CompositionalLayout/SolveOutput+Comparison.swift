/// Comparing two solve outputs the way specs/README.md says: elements matched by `(category, kind, section,
/// item)`, frames within a tolerance, zIndex exactly, content size within the tolerance, and the number of
/// diagnostics per section.
extension SolveOutput {
    /// Human-readable differences between `self` (actual) and `expected`; empty when they agree.
    /// - Parameters:
    ///   - expected: the output `self` should equal.
    ///   - tolerance: the largest difference of a frame coordinate or content size still equal.
    ///   - limit: the most differences to list.
    /// - Complexity: O(elements).
    public func differences(from expected: SolveOutput, tolerance: Double = 1e-6, limit: Int = 20) -> [String] {
        var out: [String] = []
        func note(_ s: String) { if out.count < limit { out.append(s) } }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        if !close(contentSize.width, expected.contentSize.width)
            || !close(contentSize.height, expected.contentSize.height)
        {
            note(
                "contentSize: expected \(expected.contentSize.width) x \(expected.contentSize.height), got \(contentSize.width) x \(contentSize.height)"
            )
        }
        var actualByKey: [ElementKey: LayoutElement] = [:]
        for element in elements {
            if actualByKey.updateValue(element, forKey: element.key) != nil {
                note("duplicate element \(describe(element.key))")
            }
        }
        var seen = Set<ElementKey>()
        for element in expected.elements {
            seen.insert(element.key)
            guard let actual = actualByKey[element.key] else {
                note("missing \(describe(element.key)): expected \(describe(element.frame))")
                continue
            }
            let f = actual.frame, e = element.frame
            if !(close(f.x, e.x) && close(f.y, e.y) && close(f.width, e.width) && close(f.height, e.height)) {
                note("\(describe(element.key)): expected \(describe(e)), got \(describe(f))")
            }
            if actual.zIndex != element.zIndex {
                note("\(describe(element.key)): expected zIndex \(element.zIndex), got \(actual.zIndex)")
            }
        }
        for element in elements where !seen.contains(element.key) {
            note("unexpected \(describe(element.key)) at \(describe(element.frame))")
        }
        // Per section: the same number of diagnostics, and "no room" in the same sections (the one kind an
        // output written elsewhere can name; other kinds are compared by count).
        let actualDiagnostics = Dictionary(grouping: diagnostics, by: \.section).mapValues(\.count)
        let expectedDiagnostics = Dictionary(grouping: expected.diagnostics, by: \.section).mapValues(\.count)
        if actualDiagnostics != expectedDiagnostics {
            note(
                "diagnostics per section: expected \(expectedDiagnostics.sorted { $0.key < $1.key }), got \(actualDiagnostics.sorted { $0.key < $1.key })"
            )
        }
        let actualNoRoom = Set(diagnostics.filter { $0.kind == .noRoom }.map(\.section))
        let expectedNoRoom = Set(expected.diagnostics.filter { $0.kind == .noRoom }.map(\.section))
        if actualNoRoom != expectedNoRoom {
            note("\"no room\" in sections: expected \(expectedNoRoom.sorted()), got \(actualNoRoom.sorted())")
        }
        return out
    }
}

private func describe(_ key: ElementKey) -> String {
    "(\(key.category.rawValue)\(key.kind.map { ", \($0)" } ?? ""), section \(key.section), item \(key.item))"
}

private func describe(_ r: Rect) -> String {
    "[\(jsonNumber(r.x)), \(jsonNumber(r.y)), \(jsonNumber(r.width)), \(jsonNumber(r.height))]"
}
