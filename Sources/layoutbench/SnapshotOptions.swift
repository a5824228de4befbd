import ArgumentParser
import CompositionalLayout
import Foundation
import LayoutImport
import LayoutSnapshot
import LayoutSpec

/// `--devices`, `--orientations` and `--traits` of `snapshot record` and `snapshot check`: the matrix
/// (docs/snapshots.md "The matrix").
struct SnapshotMatrixOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Devices (ids; sets default, all, iphones, ipads; id:portrait or id:landscape), or a matrix file "
                + "(.yaml, .yml, .json). `layoutbench snapshot devices` lists them.",
            valueName: "list|file"))
    var devices: String?

    @Option(help: ArgumentHelp("Orientations to take each device in. Default: both.", valueName: "portrait,landscape"))
    var orientations: String?

    @Option(
        help: ArgumentHelp(
            "Directions (ltr, rtl) and text sizes (content size categories: extraSmall … "
                + "accessibilityExtraExtraExtraLarge) to cross each device with. Default: ltr at large.",
            valueName: "list"))
    var traits: String?

    /// Whether any of the three was given (else `check` takes the golden's own configurations).
    var isGiven: Bool { devices != nil || orientations != nil || traits != nil }

    /// `--devices` names a file rather than devices: it has a path separator or a file extension it reads.
    var devicesFile: String? {
        guard let devices else { return nil }
        let lower = devices.lowercased()
        if devices.contains("/") || lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || lower.hasSuffix(".json") {
            return devices
        }
        return FileManager.default.fileExists(atPath: devices) ? devices : nil
    }

    func validate() throws {
        if devicesFile != nil, orientations != nil || traits != nil {
            throw ValidationError(
                "--orientations and --traits cross built-in devices; a matrix file (--devices FILE) names each "
                    + "configuration itself (docs/snapshots.md)")
        }
    }

    /// The matrix the options describe; the default matrix when none is given.
    func matrix() throws -> SnapshotMatrix {
        if let file = devicesFile { return try SnapshotMatrix.read(contentsOf: file) }
        return try SnapshotMatrix.parse(devices: devices, orientations: orientations, traits: traits)
    }
}

/// What `snapshot` reads a layout with: the spec reader's item limit and import's options for `.swift` code.
struct SnapshotLayoutOptions: ParsableArguments {
    @Option(name: .customLong("max-items"), help: "The most items a layout may hold.")
    var maxItems: Int = SpecReader.defaultMaxItems

    @OptionGroup(title: "Layout code (.swift)") var swift: SwiftImportOptions

    func validate() throws {
        if maxItems < 1 { throw ValidationError("--max-items must be at least 1") }
        if swift.container != nil {
            throw ValidationError(
                "--container has no effect here: each configuration of the matrix is the container; give your own "
                    + "containers in a matrix file (--devices FILE, docs/snapshots.md)")
        }
    }

    /// A layout as `snapshot` takes it: its name, its entry (`.swift`) and the layout in each configuration.
    struct Loaded {
        var name: String
        var entry: String?
        var layouts: SnapshotLayouts
    }

    /// Reads the spec at `path`, or imports the `.swift` file there once for every configuration of `matrix`
    /// (its section provider asked in each configuration's environment, docs/import.md).
    func load(_ path: String, matrix: SnapshotMatrix) throws -> Loaded {
        guard SpecSource.isSwift(path) else {
            let layout = try SpecReader.read(contentsOf: path, maxItems: maxItems)
            return Loaded(name: layout.name, entry: nil, layouts: .same(layout))
        }
        let imported = try Importer.importLayouts(
            SpecSource.request(path, try swift.template()), containers: matrix.configurations.map(\.container))
        var byID: [String: CollectionLayout] = [:]
        for (configuration, layout) in zip(matrix.configurations, imported.layouts) {
            if layout.itemCount > maxItems {
                throw CLIError.badArgument(
                    "\(path): the imported layout has \(layout.itemCount) items, over --max-items")
            }
            byID[configuration.id] = layout
        }
        return Loaded(name: imported.entry, entry: imported.entry, layouts: .perConfiguration(byID))
    }

    /// The golden file of the layout at `path` in `folder`.
    func goldenPath(_ path: String, in folder: String) -> String {
        let name = GoldenFile.fileName(forSource: path, entry: SpecSource.isSwift(path) ? swift.entry : nil)
        return (folder as NSString).appendingPathComponent(name)
    }
}

extension SnapshotLayoutOptions {
    /// Two layouts given whose goldens would be one file (`a/grid.yaml` and `b/grid.yaml`): bad input before
    /// any solve.
    func checkDistinctGoldens(_ paths: [String], in folder: String) throws {
        var seen: [String: String] = [:]
        for path in paths {
            let golden = goldenPath(path, in: folder)
            if let other = seen[golden] {
                throw CLIError.badArgument(
                    "\(other) and \(path) would both be snapshotted to \(golden); snapshot them to separate folders")
            }
            seen[golden] = path
        }
    }
}
