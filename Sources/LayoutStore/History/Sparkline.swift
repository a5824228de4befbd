/// A row of block characters drawing a series: the smallest value ▁, the largest █. A flat series draws
/// its middle (▄) so it does not read as "all at the minimum".
public enum Sparkline {
    public static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func render(_ values: [Double]) -> String {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return "" }
        return String(
            values.map { value -> Character in
                guard value.isFinite else { return " " }
                guard high > low else { return blocks[3] }
                let index = Int(((value - low) / (high - low) * Double(blocks.count - 1)).rounded())
                return blocks[min(blocks.count - 1, max(0, index))]
            })
    }
}
