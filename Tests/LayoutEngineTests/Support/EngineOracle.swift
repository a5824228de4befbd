import CompositionalLayout
import LayoutEngine
import SeededRandom

/// Holds an engine to the reference solver at one step: its full output, content size, element count,
/// cell frames by index path and rect queries must equal a fresh reference solve of the same state.
/// Returns readable problems; empty when they agree.
enum EngineOracle {
    /// Everything the engine says about `state`'s layout against `expected` (a fresh reference solve).
    static func problems(engine: LayoutEngine, expected: SolveOutput, queries rng: inout BenchRandom) -> [String] {
        var problems: [String] = []
        let actual = engine.output()
        problems += actual.differences(from: expected, limit: 8).map { "output: \($0)" }
        if actual.elements.count != expected.elements.count {
            problems.append("output: \(actual.elements.count) elements, expected \(expected.elements.count)")
        }
        let size = engine.contentSize
        if abs(size.width - expected.contentSize.width) > 1e-6 || abs(size.height - expected.contentSize.height) > 1e-6
        {
            problems.append(
                "contentSize: \(size.width) x \(size.height), expected \(expected.contentSize.width) x \(expected.contentSize.height)"
            )
        }
        problems += cellFrameProblems(engine: engine, expected: expected, rng: &rng)
        for rect in queryRects(expected, rng: &rng) {
            problems += queryProblems(engine.elements(in: rect), rect: rect, expected: expected)
        }
        return problems
    }

    /// `frame(of:)` for a few items (and one past the end of a section) against the reference's cells.
    static func cellFrameProblems(engine: LayoutEngine, expected: SolveOutput, rng: inout BenchRandom) -> [String] {
        var problems: [String] = []
        var cells: [IndexPath: Rect] = [:]
        for element in expected.elements where element.category == .cell {
            cells[IndexPath(section: element.section, item: element.item)] = element.frame
        }
        let state = engine.state
        guard !state.sections.isEmpty else { return [] }
        for _ in 0..<4 {
            let section = rng.int(0...(state.sections.count - 1))
            let count = state.sections[section].items.count
            let path = IndexPath(section: section, item: rng.int(0...count))  // `count` itself does not exist
            let frame = engine.frame(of: path)
            let wanted = cells[path]
            switch (frame, wanted) {
            case (nil, nil):
                break
            case let (frame?, wanted?) where close(frame, wanted):
                break
            default:
                problems.append(
                    "frame(of: \(path)): \(frame.map(describe) ?? "nil"), expected \(wanted.map(describe) ?? "nil")")
            }
        }
        problems += materializeProblems(engine: engine, expected: cells)
        return problems
    }

    /// `writeCellFrames` (1 and 2 workers) writes exactly the expected cells, in `forEachCellFrame`'s order.
    static func materializeProblems(engine: LayoutEngine, expected cells: [IndexPath: Rect]) -> [String] {
        var order: [(IndexPath, Rect)] = []
        engine.forEachCellFrame { order.append(($0, $1)) }
        var problems: [String] = []
        if order.count != cells.count {
            problems.append("forEachCellFrame: \(order.count) cells, expected \(cells.count)")
        }
        for threads in [1, 2] {
            let buffer = UnsafeMutableBufferPointer<Rect>.allocate(capacity: max(1, order.count))
            defer { buffer.deallocate() }
            // A grain of 1 so that 2 threads really split the (small) layouts under test.
            let grain = engine.parallelGrain
            engine.parallelGrain = 1
            let written = engine.writeCellFrames(into: buffer, threads: threads)
            engine.parallelGrain = grain
            guard written == order.count else {
                problems.append(
                    "writeCellFrames (\(threads) threads): \(written) cells, forEachCellFrame \(order.count)")
                continue
            }
            for (k, (path, frame)) in order.enumerated()
            where buffer[k] != frame || !(cells[path].map { close($0, frame) } ?? false) {
                problems.append(
                    "writeCellFrames (\(threads) threads) slot \(k) \(path): \(describe(buffer[k])), expected \(cells[path].map(describe) ?? "nil")"
                )
                break
            }
        }
        return problems
    }

    /// The engine's answer to `elements(in: rect)` against the reference's elements intersecting `rect`, as
    /// sets of keys. Elements within 1e-6 of the rect's edges may go either way (frames agree within 1e-6).
    static func queryProblems(_ found: [LayoutElement], rect: Rect, expected: SolveOutput) -> [String] {
        let keys = found.map(\.key)
        let actual = Set(keys)
        var problems: [String] = []
        if actual.count != keys.count { problems.append("elements(in: \(describe(rect))) lists an element twice") }
        let required = Set(expected.elements.filter { $0.frame.intersects(rect.insetBy(1e-6)) }.map(\.key))
        let allowed = Set(expected.elements.filter { $0.frame.intersects(rect.insetBy(-1e-6)) }.map(\.key))
        let missing = required.subtracting(actual), extra = actual.subtracting(allowed)
        if !missing.isEmpty || !extra.isEmpty {
            problems.append(
                "elements(in: \(describe(rect))): missing \(missing.sorted().prefix(4).map(describe)), extra \(extra.sorted().prefix(4).map(describe))"
            )
        }
        return problems
    }

    /// A few rects: the first screen, random ones over the content (some empty, some past the ends) and one
    /// holding everything.
    static func queryRects(_ output: SolveOutput, rng: inout BenchRandom) -> [Rect] {
        let content = output.contentSize
        let screen = Size(width: max(1, output.container.width), height: max(1, output.container.height))
        var rects = [
            Rect(x: 0, y: 0, width: screen.width, height: screen.height),
            Rect(x: -1e6, y: -1e6, width: 3e6, height: 3e6),
        ]
        for k in 0..<3 {
            // Coordinates off the half-point grid, so edges rarely touch frames exactly.
            // (Content can be negative: negative spacings may overlap sections.)
            let x = rng.double(span(content.width)) + 0.0123
            let y = rng.double(span(content.height)) + 0.0321
            let w = k == 0 ? 0 : rng.double(0...screen.width * 1.5)
            let h = k == 0 ? 0 : rng.double(0...screen.height * 1.5)
            rects.append(Rect(x: x, y: y, width: w, height: h))
        }
        return rects
    }

    /// From a little before the content to a little past its end.
    private static func span(_ length: Double) -> ClosedRange<Double> {
        (min(0, length) - 0.1 * abs(length) - 20)...(max(0, length) + 20)
    }

    static func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) <= 1e-6 && abs(a.y - b.y) <= 1e-6 && abs(a.width - b.width) <= 1e-6
            && abs(a.height - b.height) <= 1e-6
    }

    static func describe(_ r: Rect) -> String { "[\(r.x), \(r.y), \(r.width), \(r.height)]" }
    static func describe(_ k: ElementKey) -> String {
        "(\(k.category.rawValue)\(k.kind.map { " \($0)" } ?? ""), \(k.section), \(k.item))"
    }
}

extension Rect {
    /// The rectangle shrunk by `d` on every side (grown for negative `d`); never below zero size.
    func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }
}
