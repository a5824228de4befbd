// The slicer (swift-syntax): only in a build with the Import trait (README "Optional parts").
#if Import
import Foundation
import SwiftParser
import SwiftSyntax

/// Cuts the layout code out of an app's Swift files with swift-syntax: keeps the entry and the declarations it
/// reaches (by name, transitively), blanks everything else while keeping every line where it was, so the
/// compiler's line numbers are the user's. `import UIKit` becomes the UIKit-named module.
struct SwiftSlicer {
    struct File {
        var path: String
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
        var bytes: [UInt8]
    }

    /// Types layout code may return; the names are UIKit's.
    static let layoutTypes: Set<String> = ["UICollectionViewLayout", "UICollectionViewCompositionalLayout"]
    /// Protocols and types a kept declaration may keep in its inheritance clause (the standard library's).
    static let knownInheritance: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "String", "Double",
        "Float", "CGFloat", "Character", "CaseIterable", "Hashable", "Equatable", "Comparable", "Sendable", "Codable",
        "Encodable", "Decodable", "Identifiable", "CustomStringConvertible", "RawRepresentable", "AnyObject",
        "UIViewController", "UICollectionViewController", "UICollectionViewCompositionalLayout",
        "UICollectionViewLayout", "NSCollectionLayoutSection", "NSCollectionLayoutItem", "NSCollectionLayoutGroup",
        "NSObject", "UIView", "UIScrollView", "UICollectionView", "UICollectionReusableView", "UICollectionViewCell",
        "UICollectionViewListCell", "NSCollectionLayoutSupplementaryItem",
        "NSCollectionLayoutBoundarySupplementaryItem",
        "NSCollectionLayoutDecorationItem",
    ]
    /// What `import UIKit` and friends become; other modules' imports are dropped (a symbol used from them is
    /// then reported by the compiler at the user's line).
    static let importReplacements: [String: String?] = [
        "UIKit": "CompositionalLayoutUIKit", "Foundation": "Foundation", "Swift": "Swift",
    ]

    var files: [File]
    /// Names of the types the files declare.
    let declaredTypes: Set<String>

    init(files: [(path: String, text: String)]) {
        self.files = files.map { file in
            let tree = Parser.parse(source: file.text)
            return File(
                path: file.path, tree: tree,
                converter: SourceLocationConverter(fileName: file.path, tree: tree), bytes: Array(file.text.utf8))
        }
        var names: Set<String> = []
        for file in self.files {
            for token in file.tree.tokens(viewMode: .sourceAccurate) {
                guard let parent = token.parent, case .identifier(let text) = token.tokenKind else { continue }
                if parent.is(ClassDeclSyntax.self) || parent.is(StructDeclSyntax.self) || parent.is(EnumDeclSyntax.self)
                    || parent.is(ProtocolDeclSyntax.self) || parent.is(ActorDeclSyntax.self)
                {
                    names.insert(text)
                }
            }
        }
        self.declaredTypes = names
    }

    // MARK: Entries

    func place(_ node: some SyntaxProtocol, in file: File) -> SourcePlace {
        let location = file.converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourcePlace(file: file.path, line: location.line, column: location.column)
    }

    func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    func declaredName(of group: some DeclGroupSyntax) -> String? {
        if let c = group.as(ClassDeclSyntax.self) { return c.name.text }
        if let s = group.as(StructDeclSyntax.self) { return s.name.text }
        if let e = group.as(EnumDeclSyntax.self) { return e.name.text }
        if let a = group.as(ActorDeclSyntax.self) { return a.name.text }
        if let p = group.as(ProtocolDeclSyntax.self) { return p.name.text }
        if let x = group.as(ExtensionDeclSyntax.self) { return x.extendedType.trimmedDescription }
        return nil
    }

    // MARK: Slicing

    /// What the slicer made of the files: their sliced text (every line where it was) and notes for the spec's
    /// header about what was changed to compile (an `override` made a plain member).
    struct Slice {
        var files: [(path: String, text: String)]
        var notes: [String]
    }

    /// The sliced text of every file (same lines as the user's): the entry and what it reaches by name,
    /// private members made internal, the app's view classes cut to their static values.
    /// - Complexity: O(n · r) in the files' syntax nodes n and the rounds r of reachability (r is at most the
    ///   length of the longest chain of references, small in practice).
    func slice(entry: EntryCandidate) -> Slice {
        let context = SliceContext(slicer: self, entry: entry)
        var roots: [[Unit]] = []
        for file in files {
            roots.append(
                file.tree.statements.compactMap { item in
                    guard let decl = item.item.as(DeclSyntax.self), !decl.is(ImportDeclSyntax.self) else { return nil }
                    return unit(decl, in: nil, file: file, context: context)
                })
        }
        // Reachability by name, to a fixed point: a kept unit's references keep the units declaring them.
        var referenced: Set<String> = []
        var keptTypes: Set<String> = []
        let entryPath = context.entryPath
        func visit(_ units: [Unit], enclosing: [String], typeKept: Bool, shell: Bool) -> Bool {
            var changed = false
            for unit in units {
                if let typeName = unit.typeName {
                    let path = enclosing + typeName.split(separator: ".").map(String.init)
                    let simple = path.last ?? typeName
                    let isHost = path == entryPath
                    let keepShell = isHost || keptTypes.contains(simple) || referenced.contains(simple)
                    if keepShell && !keptTypes.contains(simple) { keptTypes.insert(simple); changed = true }
                    let isShell = context.viewShells.contains(simple) && !isHost
                    if visit(
                        unit.members, enclosing: path, typeKept: keepShell || unit.isExtension, shell: isShell)
                    {
                        changed = true
                    }
                    let anyMember = unit.members.contains { $0.kept }
                    if !unit.kept && (keepShell || (unit.isExtension && anyMember)) {
                        unit.kept = true
                        referenced.formUnion(unit.references)
                        changed = true
                    }
                    continue
                }
                // An app's view class keeps only the static values the layout reads.
                guard !unit.kept, !(shell && !unit.isStaticMember) else { continue }
                let isEntry = enclosing == entryPath && unit.names.contains(entry.name)
                if isEntry || (typeKept && unit.followsType) || !unit.names.isDisjoint(with: referenced) {
                    unit.kept = true
                    referenced.formUnion(unit.references)
                    changed = true
                }
            }
            return changed
        }
        while roots.reduce(false, { visit($1, enclosing: [], typeKept: false, shell: false) || $0 }) {}

        var notes: [String] = []
        let sliced = zip(files, roots).map { file, units in
            var editor = TextEditor(bytes: file.bytes)
            for item in file.tree.statements {
                if let importDecl = item.item.as(ImportDeclSyntax.self) {
                    let module = importDecl.path.first?.name.text ?? ""
                    let range = byteRange(importDecl)
                    if let replacement = Self.importReplacements[module], let replacement {
                        editor.replace(range, with: "import " + replacement)
                    } else {
                        editor.blank(range)
                    }
                } else if !item.item.is(DeclSyntax.self) {
                    editor.blank(byteRange(item.item))  // top-level statements: an app's, not the layout's
                }
            }
            for unit in units { apply(unit, context: context, enclosing: [], editor: &editor, notes: &notes) }
            return (file.path, String(decoding: editor.bytes, as: UTF8.self))
        }
        return Slice(files: sliced, notes: notes)
    }

    func byteRange(_ node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    private func apply(
        _ unit: Unit, context: SliceContext, enclosing: [String], editor: inout TextEditor, notes: inout [String]
    ) {
        guard unit.kept else {
            editor.blank(byteRange(unit.node))
            return
        }
        for range in unit.blanked { editor.blank(range) }
        if let note = unit.overrideNote { notes.append(note) }
        guard let typeName = unit.typeName, let group = unit.node.asProtocol(DeclGroupSyntax.self) else { return }
        let path = enclosing + typeName.split(separator: ".").map(String.init)
        if let inheritance = group.inheritanceClause {
            let simple = path.last ?? typeName
            var kept = inheritance.inheritedTypes.map(\.type.trimmedDescription).filter {
                Self.knownInheritance.contains($0) || declaredTypes.contains($0)
            }
            if unit.node.is(ClassDeclSyntax.self), let superclass = context.superclass(of: simple, path: path) {
                kept = [superclass] + kept.filter { $0 != superclass && !context.isClassName($0) }
            }
            editor.replace(byteRange(inheritance), with: kept.isEmpty ? "" : ": " + kept.joined(separator: ", "))
        }
        for member in unit.members {
            apply(member, context: context, enclosing: path, editor: &editor, notes: &notes)
        }
    }
}

/// Byte edits that keep every newline where it was, so line numbers do not move: blanks first, then
/// replacements from the end of the file back (a longer text only pushes the rest of its own line).
struct TextEditor {
    let original: [UInt8]
    private var blanks: [Range<Int>] = []
    private var replacements: [(Range<Int>, [UInt8])] = []

    init(bytes: [UInt8]) { self.original = bytes }

    /// Spaces over everything but line breaks.
    mutating func blank(_ range: Range<Int>) { blanks.append(range) }

    /// `text` at the start of the range, the rest blanked.
    mutating func replace(_ range: Range<Int>, with text: String) {
        blanks.append(range)
        replacements.append((range, Array(text.utf8)))
    }

    var bytes: [UInt8] {
        var bytes = original
        for range in blanks {
            for i in range where bytes[i] != 0x0A && bytes[i] != 0x0D { bytes[i] = 0x20 }
        }
        for (range, new) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            let firstLineEnd = bytes[range].firstIndex(of: 0x0A) ?? range.upperBound
            let end = min(firstLineEnd, range.lowerBound + new.count)
            bytes.replaceSubrange(range.lowerBound..<end, with: new)
        }
        return bytes
    }
}
#endif
