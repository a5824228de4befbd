// Part of the slicer (swift-syntax): only in a build with the Import trait (README "Optional parts").
#if Import
import Foundation
import SwiftSyntax

extension Importer {
    /// The spec header's notes on what the import changed or left out: `override`s compiled as plain members,
    /// the layouts installed besides the one taken, and the properties set that place nothing
    /// (docs/import.md). `output` is the program's first evaluation (spec, sources and the lines after them).
    /// - Complexity: O(lines of output).
    static func notes(
        slice: SwiftSlicer.Slice, output: String, generated: [String: String], entry: EntryCandidate
    ) -> [String] {
        var notes = slice.notes.map { "# " + $0 + "." }
        var installed: [String] = []
        var ignored: [String] = []
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.first == ImportProgram.installedPrefix, fields.count == 4 {
                let file = generated[fields[3]] ?? fields[3]
                installed.append("\((file as NSString).lastPathComponent):\(fields[1]):\(fields[2])")
            } else if fields.first == ImportProgram.ignoredPrefix, fields.count == 2 {
                ignored.append(fields[1])
            }
        }
        if [.installs, .viewDidLoad].contains(entry.kind), installed.count > 1 {
            notes.append(
                "# \(entry.displayName) installed \(installed.count) layouts, made at "
                    + installed.joined(separator: ", ") + "; the last one (made at \(installed.last!)) is taken."
                    + " To take another, pass --entry with the member that makes it.")
        }
        if !ignored.isEmpty {
            notes.append("# Ignored (they draw, they place nothing): " + ignored.joined(separator: ", ") + ".")
        }
        return notes
    }
}

extension SwiftSlicer {
    /// The place of the first function, property or type named `name` in `paths` (for an error about it).
    /// - Complexity: O(n) in the files' tokens.
    func declarations(named name: String, in paths: [String]) -> SourcePlace? {
        for file in files where paths.contains(file.path) {
            for token in file.tree.tokens(viewMode: .sourceAccurate) where token.text == name {
                guard let parent = token.parent else { continue }
                if parent.is(FunctionDeclSyntax.self) || parent.is(IdentifierPatternSyntax.self)
                    || parent.is(ClassDeclSyntax.self) || parent.is(StructDeclSyntax.self)
                {
                    return place(token, in: file)
                }
            }
        }
        return nil
    }
}
#endif
