import Foundation

/// The Swift compiler and the build products the imported code is compiled against: this package's
/// `CompositionalLayoutUIKit`, `CompositionalLayout` and `LayoutSpec` modules and their object files, found
/// beside the running `layoutbench` (its build folder) or in `LAYOUTBENCH_IMPORT_SUPPORT`.
public struct SwiftToolchain: Sendable {
    /// `swiftc`: `LAYOUTBENCH_SWIFTC`, else the first on `PATH`.
    public var swiftc: String
    /// The folder holding `CompositionalLayoutUIKit.swiftmodule` (with `LayoutSpec`'s and the model's).
    public var modules: String
    /// The object files of the support modules.
    public var objects: [String]

    static let supportModules = ["CompositionalLayoutUIKit", "CompositionalLayout", "LayoutSpec", "ErrorReporting"]

    /// Finds the compiler and the support modules.
    /// - Throws: `ImportError` saying what is missing and how to provide it.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = ProcessInfo.processInfo.arguments[0]
    ) throws(ImportError) -> SwiftToolchain {
        guard let swiftc = findSwiftc(environment) else {
            throw ImportError(
                file: "layoutbench",
                message: "no swiftc found on PATH; install a Swift toolchain or set "
                    + "LAYOUTBENCH_SWIFTC to its swiftc (docs/import.md)")
        }
        let executableDirectory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            .path
        var roots = [executableDirectory]
        if let support = environment["LAYOUTBENCH_IMPORT_SUPPORT"] { roots.insert(support, at: 0) }
        let files = FileManager.default
        for root in roots {
            for modules in [root + "/Modules", root]
            where files.fileExists(atPath: modules + "/CompositionalLayoutUIKit.swiftmodule") {
                var objects: [String] = []
                for module in supportModules {
                    let folder = root + "/" + module + ".build"
                    let names = (try? files.contentsOfDirectory(atPath: folder)) ?? []
                    objects += names.filter { $0.hasSuffix(".o") }.sorted().map { folder + "/" + $0 }
                }
                if !objects.isEmpty { return SwiftToolchain(swiftc: swiftc, modules: modules, objects: objects) }
            }
        }
        throw ImportError(
            file: "layoutbench",
            message: "the CompositionalLayoutUIKit module was not found beside "
                + "\(executable); run layoutbench from its build folder (swift build) or set "
                + "LAYOUTBENCH_IMPORT_SUPPORT to that folder (docs/import.md)")
    }

    static func findSwiftc(_ environment: [String: String]) -> String? {
        if let given = environment["LAYOUTBENCH_SWIFTC"], !given.isEmpty { return given }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(folder) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// What the cache key takes from the toolchain and the support modules without running anything: the
    /// compiler's real path, size and date, and each support module's size and date.
    public var fingerprint: String {
        var parts: [String] = []
        let real = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
        for path in [
            real, modules + "/CompositionalLayoutUIKit.swiftmodule", modules + "/CompositionalLayout.swiftmodule",
            modules + "/LayoutSpec.swiftmodule",
        ] {
            let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            parts.append("\(path):\(size):\(date)")
        }
        return parts.joined(separator: "|")
    }
}

/// A process run to its end, both outputs read.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String

    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws(ImportError)
        -> ProcessResult
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw ImportError(file: executable, message: "cannot run: \(error.localizedDescription)")
        }
        // Both pipes are drained before waiting, on two threads, so neither can fill and block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
