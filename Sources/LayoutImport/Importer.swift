import CompositionalLayout
import CompositionalLayoutUIKit
import ErrorReporting
import Foundation
import LayoutSpec

/// An imported layout: the model and the spec text written for it (with its header comment).
public struct ImportResult: Sendable {
    public var layout: CollectionLayout
    public var yaml: String
    /// Whether it came from the cache (nothing compiled).
    public var cached: Bool
    /// Where the user's code built each node (docs/import.md); `layoutbench lint` reports findings there.
    public var sources: ImportSources = ImportSources()
}

/// `layoutbench import`: the layout that Swift code builds, as a spec. The code is sliced to its layout part
/// (`SwiftSlicer`), compiled by the real `swiftc` with a small driver against `CompositionalLayoutUIKit` and
/// run; the spec it prints is read back, the rotated container's differences become variants, and the result
/// is cached by content hash (docs/import.md).
public enum Importer {
    static let cacheVersion = "layoutbench-import-2"

    public static func importLayout(
        _ request: ImportRequest, cache: ImportCache = .standard(),
        toolchain given: SwiftToolchain? = nil
    ) throws(ImportError) -> ImportResult {
        #if Import
        return try sliceAndRun(request, cache: cache, toolchain: given)
        #else
        // Without the slicer nothing is imported, not even from the cache: a lean build answers alike every time.
        throw missingTrait(request)
        #endif
    }

    /// What a build without the Import trait answers, placed at the first file given.
    static func missingTrait(_ request: ImportRequest) -> ImportError {
        let missing = MissingBuildTrait(.importing, feature: "importing Swift layout code")
        var error = ImportError(file: request.files.first ?? "input", message: missing.message)
        error.kind = .missingTrait
        return error
    }
}

#if Import
extension Importer {
    /// The request's files and helpers, read; a file that cannot be read is an error at its path.
    static func readSources(_ request: ImportRequest) throws(ImportError) -> [(path: String, text: String)] {
        var sources: [(path: String, text: String)] = []
        for path in request.files + request.helpers {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ImportError(file: path, message: "cannot read the file")
            }
            sources.append((path, String(decoding: data, as: UTF8.self)))
        }
        return sources
    }

    /// `importLayout` in a build with the slicer: read, look up the cache, slice, compile, run, read back.
    static func sliceAndRun(
        _ request: ImportRequest, cache: ImportCache, toolchain given: SwiftToolchain?
    ) throws(ImportError) -> ImportResult {
        let sources = try readSources(request)
        let toolchain: SwiftToolchain
        if let given { toolchain = given } else { toolchain = try SwiftToolchain.locate() }
        let itemCounts = request.itemCounts ?? ImportRequest.defaultItems
        let container = request.container ?? ImportRequest.defaultContainer
        var keyParts = [
            cacheVersion, toolchain.fingerprint, request.entry ?? "", "\(itemCounts)",
            ImportProgram.literal(container),
        ]
        for source in sources { keyParts += [source.path, source.text] }
        let key = ImportCache.key(keyParts)
        if let text = cache.spec(key), let sources = cache.sources(key).flatMap(ImportSources.init(text:)),
            let layout = try? SpecReader.read(yaml: text, file: request.files[0])
        {
            return ImportResult(layout: layout, yaml: text, cached: true, sources: sources)
        }

        let slicer = SwiftSlicer(files: sources)
        let entry = try chooseEntry(
            slicer.candidates().filter { request.files.contains($0.place.file) }, request: request, slicer: slicer)
        var containers = [container]
        if container.width != container.height {
            var rotated = container
            swap(&rotated.width, &rotated.height)
            containers.append(rotated)
        }
        let work = cache.directory + "/work-" + key
        defer { try? FileManager.default.removeItem(atPath: work) }
        let slice = slicer.slice(entry: entry)
        let (output, generated) = try compileAndRun(
            slice.files,
            program: ImportProgram.source(
                entry: entry, containers: containers, itemCounts: itemCounts), entry: entry, toolchain: toolchain,
            work: work)
        let chunks = output.components(separatedBy: ImportProgram.specMarker + "\n").dropFirst()
        var layouts: [CollectionLayout] = []
        var nodes: [[Int: [(path: String, LayoutSourceLocation)]]] = []
        for whole in chunks {
            let parts = whole.components(separatedBy: ImportProgram.sourcesMarker + "\n")
            let chunk = parts[0]
            nodes.append(ImportSources.parse(Substring(parts.count > 1 ? parts[1] : ""), generated: generated))
            do {
                layouts.append(try SpecReader.read(yaml: chunk, file: entry.place.file))
            } catch {
                throw ImportError(
                    file: entry.place.file, line: entry.place.line, column: entry.place.column,
                    message: "the layout \(entry.displayName) builds cannot be written as a spec: \(error)")
            }
        }
        guard layouts.count == containers.count else {
            throw ImportError(
                file: entry.place.file, line: entry.place.line, column: entry.place.column,
                message: "the layout program printed "
                    + "\(layouts.count) specs for \(containers.count) containers")
        }
        var header = [
            "# Imported by `layoutbench import` from \(request.files.joined(separator: ", "))"
                + (request.helpers.isEmpty ? "," : " (with \(request.helpers.joined(separator: ", "))),"),
            "# entry \(entry.displayName) (\(entry.place.file):\(entry.place.line)).",
            "# Container \(describe(container))\(request.container == nil ? " (the default; pass --container)" : "");"
                + " items per section \(itemCounts.map(String.init).joined(separator: ", "))"
                + (request.itemCounts == nil ? " (the default; pass --items)." : "."),
        ]
        header += notes(slice: slice, output: chunks.first ?? "", generated: generated, entry: entry)
        var layout = layouts[0]
        if layouts.count == 2 {
            let merged = variants(layouts[0], layouts[1])
            layout = merged.layout
            header += merged.notes
        }
        layout.name = entry.displayName
        let text = header.joined(separator: "\n") + "\n" + SpecWriter.yaml(layout)
        do {
            layout = try SpecReader.read(yaml: text, file: entry.place.file)
        } catch {
            throw ImportError(
                file: entry.place.file, line: entry.place.line, column: entry.place.column,
                message: "the imported spec does not read back: \(error)")
        }
        let nodeSources = ImportSources.map(layout, given: nodes[0], rotated: nodes.count > 1 ? nodes[1] : [:])
        cache.store(text, sources: nodeSources.text, key: key)
        return ImportResult(layout: layout, yaml: text, cached: false, sources: nodeSources)
    }

    static func describe(_ container: LayoutContainer) -> String {
        var text = "\(formatNumber(container.width)) × \(formatNumber(container.height))"
        if let scale = container.displayScale { text += " at \(formatNumber(scale))x" }
        return text
    }

    // MARK: The entry

    static func chooseEntry(
        _ candidates: [EntryCandidate], request: ImportRequest, slicer: SwiftSlicer
    ) throws(ImportError) -> EntryCandidate {
        let first = request.files.first ?? "input"
        if let wanted = request.entry {
            let name = wanted.hasSuffix("()") ? String(wanted.dropLast(2)) : wanted
            let matches = candidates.filter {
                $0.name == name || ($0.typeName.map { "\($0).\(name)" } ?? "") == name
                    || "\($0.typeName ?? "").\($0.name)" == name
            }
            if matches.count == 1 { return matches[0] }
            let known = candidates.map(\.displayName).joined(separator: ", ")
            if matches.isEmpty {
                let simple = String(name.split(separator: ".").last ?? Substring(name))
                let found = slicer.declarations(named: simple, in: request.files)
                throw ImportError(
                    file: found?.file ?? first, line: found?.line ?? 1, column: found?.column ?? 1,
                    message: "--entry \(wanted): "
                        + (found == nil
                            ? "no function or property of that name in the given files"
                            : "this declaration neither returns a layout or a section without arguments, "
                                + "nor installs a layout in a collection view, nor is a section provider")
                        + (known.isEmpty ? "" : "; the candidates are \(known)")
                        + "; docs/import.md lists the entries taken")
            }
            let second = matches[1]
            throw ImportError(
                file: second.place.file, line: second.place.line, column: second.place.column,
                message:
                    "--entry \(wanted) names \(matches.count) declarations "
                    + "(\(matches.map(located).joined(separator: ", "))); "
                    + "write it as Type.member")
        }
        if candidates.isEmpty {
            var error = ImportError(
                file: first, line: 1, column: 1,
                message: "no layout entry found: no function or property returns a UICollectionViewLayout or an "
                    + "NSCollectionLayoutSection without arguments, installs a layout in a collection view or is a "
                    + "section provider; give the file that builds the layout, or write a function "
                    + "`func createLayout() -> UICollectionViewLayout` in an adapter file (docs/import.md)")
            error.kind = .noEntry
            throw error
        }
        // The first kind present wins: a layout returned, then installed, then viewDidLoad, a section, a provider.
        let best = candidates.map(\.kind).min()!
        var tier = candidates.filter { $0.kind == best }
        // `Type()` runs an installing `init()` before any instance member: another installer is the one meant.
        if tier.contains(where: { $0.name != "init" }) { tier.removeAll { $0.name == "init" } }
        if tier.count == 1 { return tier[0] }
        let second = tier[1]
        throw ImportError(
            file: second.place.file, line: second.place.line, column: second.place.column,
            message: "\(tier.count) candidate entries that each \(best.describing): "
                + "\(tier.map(located).joined(separator: ", ")); pass --entry with one of them")
    }

    static func located(_ candidate: EntryCandidate) -> String {
        "\(candidate.displayName) at \((candidate.place.file as NSString).lastPathComponent):\(candidate.place.line)"
    }

    // MARK: Compiling and running

    static func compileAndRun(
        _ sliced: [(path: String, text: String)], program: String, entry: EntryCandidate,
        toolchain: SwiftToolchain, work: String
    ) throws(ImportError) -> (output: String, generated: [String: String]) {
        let files = FileManager.default
        try? files.removeItem(atPath: work)
        var generated: [String: String] = [:]  // generated path → user's path
        var arguments = ["-swift-version", "5", "-Onone", "-wmo", "-diagnostic-style", "llvm", "-I", toolchain.modules]
        do {
            try files.createDirectory(atPath: work + "/yaml", withIntermediateDirectories: true)
            // LayoutSpec's module needs the system libyaml's module map to be found by importers.
            try Data("module CLibYAML [system] {\n    header \"shim.h\"\n    link \"yaml\"\n    export *\n}\n".utf8)
                .write(to: URL(fileURLWithPath: work + "/yaml/module.modulemap"))
            try Data("#include <yaml.h>\n".utf8).write(to: URL(fileURLWithPath: work + "/yaml/shim.h"))
            arguments += ["-Xcc", "-fmodule-map-file=" + work + "/yaml/module.modulemap"]
            for (index, file) in sliced.enumerated() {
                let folder = work + "/src\(index)"
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let path = folder + "/" + (file.path as NSString).lastPathComponent
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
                generated[path] = file.path
                arguments.append(path)
            }
            try Data(program.utf8).write(to: URL(fileURLWithPath: work + "/main.swift"))
        } catch {
            throw ImportError(file: work, message: "cannot write the program to compile: \(error.localizedDescription)")
        }
        arguments += [work + "/main.swift"] + toolchain.objects + ["-lyaml", "-o", work + "/layout-program"]
        let compiled = try ProcessResult.run(toolchain.swiftc, arguments, in: work)
        if compiled.status != 0 {
            throw compilerError(compiled.stderr, generated: generated, program: work + "/main.swift", entry: entry)
        }
        let run = try ProcessResult.run(work + "/layout-program", [], in: work)
        if run.status != 0 {
            throw runtimeError(run, generated: generated, entry: entry)
        }
        return (run.stdout, generated)
    }

    /// The compiler's errors at the user's lines (the sliced files keep every line), with what to do.
    static func compilerError(
        _ text: String, generated: [String: String], program: String,
        entry: EntryCandidate
    ) -> ImportError {
        var errors: [ImportError] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let diagnostic = parseDiagnostic(String(line)), diagnostic.kind == "error" else {
                if !errors.isEmpty, !line.isEmpty, parseDiagnostic(String(line)) == nil, errors.count == 1 {
                    errors[0].details.append(String(line))  // the compiler's excerpt of the user's line
                }
                continue
            }
            let message = diagnostic.message + advice(for: diagnostic.message)
            if let user = generated[diagnostic.file] {
                errors.append(
                    ImportError(file: user, line: diagnostic.line, column: diagnostic.column, message: message))
            } else if diagnostic.file == program {
                errors.append(
                    ImportError(
                        file: entry.place.file, line: entry.place.line, column: entry.place.column,
                        message: "calling the entry as `\(entry.callExpression)`: \(message)"))
            } else {
                errors.append(
                    ImportError(
                        file: diagnostic.file, line: diagnostic.line, column: diagnostic.column,
                        message: message))
            }
        }
        guard var first = errors.first else {
            return ImportError(
                file: entry.place.file, line: entry.place.line, column: entry.place.column,
                message: "swiftc failed: " + text.split(separator: "\n").suffix(5).joined(separator: " "))
        }
        first.details += errors.dropFirst().map(\.description)
        return first
    }

    static func advice(for message: String) -> String {
        if let symbol = quoted(message), message.hasPrefix("cannot find") {
            return "; '\(symbol)' is declared neither in the given files nor in the UIKit API that "
                + "CompositionalLayoutUIKit covers: give the file that declares it, pass --entry to choose an entry "
                + "that does not need it, or write a small adapter file declaring it (docs/import.md)"
        }
        // "value of type 'T' has no member 'm'" or "type 'T' has no member 'm'": the member is the last quoted.
        if message.contains("has no member"), let member = lastQuoted(message), let type = quoted(message) {
            return
                "; CompositionalLayoutUIKit does not cover '\(type).\(member)' (docs/import.md lists what it covers): "
                + "remove it from the layout code or declare it in an adapter file (docs/import.md)"
        }
        return ""
    }

    /// The last word between single quotes in `text`.
    static func lastQuoted(_ text: String) -> String? {
        guard let end = text.lastIndex(of: "'") else { return nil }
        let before = text[..<end]
        guard let start = before.lastIndex(of: "'") else { return nil }
        return String(before[before.index(after: start)...])
    }

    /// The first word between single quotes in `text`.
    static func quoted(_ text: String) -> String? {
        guard let start = text.firstIndex(of: "'") else { return nil }
        let rest = text[text.index(after: start)...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    struct Diagnostic {
        var file: String
        var line: Int
        var column: Int
        var kind: String
        var message: String
    }

    /// `PATH:LINE:COL: error: MESSAGE` (the llvm diagnostic style).
    static func parseDiagnostic(_ line: String) -> Diagnostic? {
        for kind in ["error", "warning", "note"] {
            guard let range = line.range(of: ": \(kind): ") else { continue }
            let place = line[..<range.lowerBound].split(separator: ":")
            guard place.count >= 3, let l = Int(place[place.count - 2]), let c = Int(place[place.count - 1]) else {
                continue
            }
            return Diagnostic(
                file: place.dropLast(2).joined(separator: ":"), line: l, column: c, kind: kind,
                message: String(line[range.upperBound...]))
        }
        return nil
    }

    /// The program stopped: a conversion error (provider returned nil, something the spec cannot say) at the
    /// entry, or a crash in the user's code at the user's line.
    static func runtimeError(_ run: ProcessResult, generated: [String: String], entry: EntryCandidate) -> ImportError {
        if let range = run.stderr.range(of: ImportProgram.errorMarker) {
            let message = run.stderr[range.upperBound...].split(separator: "\n").first.map(String.init) ?? ""
            return ImportError(
                file: entry.place.file, line: entry.place.line, column: entry.place.column,
                message: "the layout \(entry.displayName) builds: \(message)")
        }
        // `PATH:LINE: Fatal error: MESSAGE`, from a force unwrap, a precondition or an index out of range.
        for line in run.stderr.split(separator: "\n") {
            guard let range = line.range(of: ": Fatal error: ") else { continue }
            let place = line[..<range.lowerBound]
            if let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]),
                let user = generated[String(place[..<colon])]
            {
                return ImportError(
                    file: user, line: number, column: firstColumn(ofLine: number, in: user),
                    message: "the layout code stopped: "
                        + line[range.upperBound...] + " (check --items: the code may expect other sections)")
            }
            return ImportError(
                file: entry.place.file, line: entry.place.line, column: entry.place.column,
                message: "the layout code stopped: \(line[range.upperBound...])")
        }
        let tail = run.stderr.split(separator: "\n").prefix(3).joined(separator: " ")
        return ImportError(
            file: entry.place.file, line: entry.place.line, column: entry.place.column,
            message: "the layout code stopped (exit status \(run.status))\(tail.isEmpty ? "" : ": " + tail)")
    }

    /// The column of the first character that is not a space on `line` of the file at `path` (1 when unread):
    /// a crash is reported at a line, and its statement starts there.
    static func firstColumn(ofLine line: Int, in path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 1 }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(line - 1) else { return 1 }
        return (lines[line - 1].firstIndex { $0 != " " && $0 != "\t" }).map {
            lines[line - 1].distance(from: lines[line - 1].startIndex, to: $0) + 1
        } ?? 1
    }
}
#endif
