import CompositionalLayout

/// The layout a snapshot is taken of: one layout for every configuration (a spec, or a model built in Swift),
/// or one per configuration (`.swift` code whose section provider was asked in each configuration's
/// environment, or a UIKit layout object asked again per configuration).
public enum SnapshotLayouts: Sendable {
    case same(CollectionLayout)
    /// By configuration id.
    case perConfiguration([String: CollectionLayout])

    func layout(for configuration: SnapshotConfiguration) -> CollectionLayout? {
        switch self {
        case .same(let layout): return layout
        case .perConfiguration(let layouts): return layouts[configuration.id]
        }
    }
}

/// A layout that cannot be solved in one configuration of the matrix (no variant for its width, too many
/// items): bad input, naming the configuration.
public struct SnapshotSolveError: Error, Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var configuration: String
    public var error: LayoutError?

    public init(source: String, configuration: String, error: LayoutError?) {
        self.source = source
        self.configuration = configuration
        self.error = error
    }

    public var description: String {
        "\(source): in configuration \(configuration): "
            + (error.map { "\($0)" } ?? "no layout was built for this configuration")
    }
}

extension GoldenFile {
    /// Solves the layout in every configuration of `matrix`, in order: the golden file of the layout as it is.
    /// - Throws: `SnapshotSolveError` for the first configuration the layout cannot be solved in.
    /// - Complexity: one solve per configuration: O(configurations × (sections + items × log items)).
    public static func record(
        layout name: String, source: String, entry: String? = nil, layouts: SnapshotLayouts,
        matrix: SnapshotMatrix
    ) throws(SnapshotSolveError) -> GoldenFile {
        var blocks: [Block] = []
        blocks.reserveCapacity(matrix.configurations.count)
        for configuration in matrix.configurations {
            guard let layout = layouts.layout(for: configuration) else {
                throw SnapshotSolveError(source: source, configuration: configuration.id, error: nil)
            }
            do {
                blocks.append(
                    Block(configuration: configuration, frames: try SnapshotFrames.solve(layout, in: configuration)))
            } catch {
                throw SnapshotSolveError(source: source, configuration: configuration.id, error: error)
            }
        }
        return GoldenFile(layout: name, source: source, entry: entry, blocks: blocks)
    }
}
