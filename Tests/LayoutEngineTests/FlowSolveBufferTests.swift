import CompositionalLayout
import Testing

@testable import LayoutEngine

/// `FlowSolveBuffer` is the one place a flow solve writes through raw pointers: its writers must hand back
/// exactly what was written, in order, through growth (a larger section after a smaller one) and reuse
/// (a smaller one after), and the storage frozen from it must hold the same rows and cells.
@Suite("Flow solve buffer")
struct FlowSolveBufferTests {
    private static func cell(_ i: Int) -> Rect {
        Rect(origin: Point(x: Double(i), y: Double(2 * i)), size: Size(width: Double(i % 7) + 1, height: 3))
    }

    @Test("rows and cells come back as written, through growth and reuse, and freeze into the same storage")
    func writesComeBack() {
        let buffer = FlowSolveBuffer()
        for (round, items) in [3, 1000, 10, 0, 257].enumerated() {
            var seenCells: [Rect] = [], seenFirst: [Int32] = [], seenSizes: [Size] = [], seenStrides: [Double] = []
            let rowLength = 4
            let storage = buffer.solve(room: items, strideTerms: nil) {
                (cells: inout FlowCellWriter, rows: inout FlowRowWriter) -> RelativeExtent in
                var extent = RelativeExtent()
                var first = 0
                while first < items {
                    let count = min(rowLength, items - first)
                    for i in first..<first + count {
                        cells.append(Self.cell(i))
                        extent.add(Self.cell(i), P: .y)
                    }
                    // A cell dropped again (as "no room" drops a row's cells) must leave nothing behind; within
                    // the room, as a solve's are (one more item must remain).
                    if first + count < items {
                        let mark = cells.count
                        cells.append(Self.cell(-1))
                        cells.truncate(to: mark)
                    }
                    rows.append(
                        firstItem: Int32(first), size: Size(width: 100, height: Double(round + count)),
                        stride: Double(round + count + 1))
                    first += count
                }
                return extent
            } freeze: { columns in
                seenCells = Array(columns.cells)
                seenFirst = Array(columns.firstItem)
                seenSizes = Array(columns.sizes)
                seenStrides = Array(columns.strides)
                return EstimatedInstances.make(columns)
            }
            let rows = (items + rowLength - 1) / rowLength
            #expect(seenCells == (0..<items).map(Self.cell), "round \(round)")
            #expect(seenFirst == (0..<rows).map { Int32($0 * rowLength) }, "round \(round)")
            #expect(
                seenSizes.map(\.height) == (0..<rows).map { Double(round + min(rowLength, items - $0 * rowLength)) })
            #expect(seenStrides == seenSizes.map { $0.height + 1 })
            #expect(storage.count == rows && storage.itemCount == items, "round \(round)")
            for q in 0..<rows {
                #expect(storage.firstItem(q) == q * rowLength)
                #expect(storage.stride(q) == seenStrides[q])
            }
        }
    }
}
