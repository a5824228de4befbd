import ArgumentParser
import CompositionalLayout
import ErrorReporting
import Foundation
import LayoutSpec

/// Options shared by every command that reads a spec and solves it.
struct LayoutOptions: ParsableArguments {
    @Option(help: "Container width in points, instead of the spec's.")
    var width: Double?

    @Option(help: "Container height in points, instead of the spec's.")
    var height: Double?

    @Option(help: "Measure estimated items with the spec's selfSizing model (all) or keep their estimates (none).")
    var measure: MeasureMode = .all

    @Option(name: .customLong("max-items"), help: "The most items a spec may hold.")
    var maxItems: Int = SpecReader.defaultMaxItems

    @OptionGroup(title: "Layout code (.swift)" + BuildTrait.importing.helpNote) var swift: SwiftImportOptions

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(value.isFinite && value >= 0 && value <= 1_000_000) {
                throw ValidationError("\(name) must be a number of points from 0 to 1000000, got \(value)")
            }
        }
        if maxItems < 1 { throw ValidationError("--max-items must be at least 1") }
    }

    /// Reads the spec (or imports the `.swift` file, its provider asked at the container given) at `path`
    /// with the container overrides applied.
    func load(_ path: String) throws -> CollectionLayout {
        try SpecSource.layout(at: path, maxItems: maxItems, importing: swift.template(width: width, height: height))
            .withContainer(width: width, height: height)
    }
}

extension MeasureMode: ExpressibleByArgument {}

/// Which solver computes the frames.
enum SolverChoice: String, ExpressibleByArgument, CaseIterable {
    /// The fast, incremental engine (the default).
    case engine
    /// docs/layout-rules.md followed literally: the oracle the engine is tested against.
    case reference
}

extension LayoutOptions {
    /// Runs a solve of the spec at `file`, placing a solver error at that file.
    static func solving<T>(_ file: String, _ body: () throws(LayoutError) -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch {
            throw .layout(error, file: file)
        }
    }
}

/// Output paths are checked before any work, so a mistyped directory costs no solve or bench run.
enum OutputPath {
    /// The path that means standard output where a command allows it.
    static let standardOutput = "-"

    /// Throws unless a file can be created or replaced at `path`: its directory exists and is writable (writes
    /// are atomic: a temporary file beside it, then a rename) and it is not a directory itself.
    static func check(_ path: String, option: String) throws(CLIError) {
        func fail(_ reason: String) -> CLIError { .unwritable(path: path, option: option, reason: reason) }
        guard !path.isEmpty else { throw fail("the path is empty") }
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw fail("it is a directory") }
            if access(path, W_OK) != 0 { throw fail(String(cString: strerror(errno))) }
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard files.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw fail("no such directory \(directory)")
        }
        if !isDirectory.boolValue { throw fail("\(directory) is not a directory") }
        if access(directory, W_OK) != 0 {
            throw fail("the directory \(directory) is not writable: \(String(cString: strerror(errno)))")
        }
    }
}
