import Foundation

#if Import
import SwiftParser
import SwiftSyntax
#endif

/// A place in a user's file.
struct SourcePlace: Hashable, Sendable {
    var file: String
    var line: Int
    var column: Int
}

/// Something the importer can call to get a layout: a function or property, at top level or in a type
/// (a view controller's `createLayout()`, a static factory, an extension of `UICollectionViewCompositionalLayout`).
struct EntryCandidate: Hashable, Sendable {
    /// The type it is declared in (its extension's type), nil at top level.
    var typeName: String?
    var name: String
    var isStatic: Bool
    var isFunction: Bool
    var place: SourcePlace

    /// `Type.member()` as a user writes it for `--entry`.
    var displayName: String {
        (typeName.map { $0 + "." } ?? "") + name + (isFunction ? "()" : "")
    }

    /// The Swift expression that gets the layout; an instance member makes its type with `Type()`.
    var callExpression: String {
        let call = name + (isFunction ? "()" : "")
        guard let typeName else { return call }
        return isStatic ? "\(typeName).\(call)" : "\(typeName)().\(call)"
    }
}

#if Import
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
        "NSObject",
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

    /// Every function or property returning a layout, with no parameters to fill in.
    func candidates() -> [EntryCandidate] {
        var result: [EntryCandidate] = []
        for file in files {
            for item in file.tree.statements {
                collect(item.item, typeName: nil, file: file, into: &result)
            }
        }
        return result
    }

    private func collect(
        _ node: some SyntaxProtocol, typeName: String?, file: File, into result: inout [EntryCandidate]
    ) {
        if let function = node.as(FunctionDeclSyntax.self) {
            guard function.signature.parameterClause.parameters.isEmpty,
                let returned = function.signature.returnClause?.type,
                isLayoutType(returned, in: typeName)
            else { return }
            result.append(
                EntryCandidate(
                    typeName: typeName, name: function.name.text,
                    isStatic: isStatic(function.modifiers), isFunction: true,
                    place: place(function.name, in: file)))
        } else if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
                let typed = binding.typeAnnotation.map { isLayoutType($0.type, in: typeName) } ?? false
                let initialised =
                    binding.initializer.map { initialiser in
                        let callee =
                            initialiser.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
                            ?? initialiser.value.as(MacroExpansionExprSyntax.self)?.trimmedDescription
                        return callee.map { Self.layoutTypes.contains($0) } ?? false
                    } ?? false
                guard typed || initialised else { continue }
                result.append(
                    EntryCandidate(
                        typeName: typeName, name: name.text, isStatic: isStatic(variable.modifiers),
                        isFunction: false, place: place(name, in: file)))
            }
        } else if let type = node.asProtocol(DeclGroupSyntax.self) {
            guard let name = declaredName(of: type) else { return }
            let qualified = typeName.map { "\($0).\(name)" } ?? name
            for member in type.memberBlock.members {
                collect(member.decl, typeName: qualified, file: file, into: &result)
            }
        }
    }

    func isLayoutType(_ type: TypeSyntax, in typeName: String?) -> Bool {
        var text = type.trimmedDescription
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text == "Self" { return typeName == "UICollectionViewCompositionalLayout" }
        return Self.layoutTypes.contains(text)
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

    /// A declaration that is kept or dropped as a whole, or a type whose members are decided one by one.
    final class Unit {
        let node: Syntax
        let names: Set<String>
        let references: Set<String>
        let members: [Unit]
        /// For a type or extension: its (extended) type's name.
        let typeName: String?
        let isExtension: Bool
        /// Kept whenever its type is (enum cases, protocol requirements, stored properties of value types).
        let followsType: Bool
        var kept = false

        init(
            node: Syntax, names: Set<String>, references: Set<String>, members: [Unit], typeName: String?,
            isExtension: Bool, followsType: Bool
        ) {
            self.node = node; self.names = names; self.references = references; self.members = members
            self.typeName = typeName; self.isExtension = isExtension; self.followsType = followsType
        }
    }

    static func identifiers(_ node: some SyntaxProtocol) -> Set<String> {
        var names: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind { names.insert(text.trimmingCharacters(in: ["`"])) }
        }
        return names
    }

    func unit(_ decl: DeclSyntax, inValueType: Bool, inProtocol: Bool) -> Unit {
        if let group = decl.asProtocol(DeclGroupSyntax.self), let name = declaredName(of: group) {
            let isExtension = decl.is(ExtensionDeclSyntax.self)
            let isProtocol = decl.is(ProtocolDeclSyntax.self)
            let valueType = decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
            let members = group.memberBlock.members.map {
                unit($0.decl, inValueType: valueType, inProtocol: isProtocol)
            }
            var shell = Self.identifiers(group.attributes)
            if let inheritance = group.inheritanceClause { shell.formUnion(Self.identifiers(inheritance)) }
            if let generics = group.genericWhereClause { shell.formUnion(Self.identifiers(generics)) }
            let simpleName = String(name.split(separator: ".").last ?? Substring(name))
            return Unit(
                node: Syntax(decl), names: isExtension ? [] : [simpleName], references: shell, members: members,
                typeName: name, isExtension: isExtension, followsType: false)
        }
        var names: Set<String> = []
        var followsType = inProtocol
        if let f = decl.as(FunctionDeclSyntax.self) { names.insert(f.name.text) }
        if let v = decl.as(VariableDeclSyntax.self) {
            for binding in v.bindings { names.formUnion(Self.identifiers(binding.pattern)) }
            let stored = v.bindings.allSatisfy { $0.accessorBlock == nil }
            if inValueType && stored && !isStatic(v.modifiers) { followsType = true }
        }
        if let c = decl.as(EnumCaseDeclSyntax.self) {
            for element in c.elements { names.insert(element.name.text) }
            followsType = true
        }
        if let t = decl.as(TypeAliasDeclSyntax.self) { names.insert(t.name.text) }
        if let a = decl.as(AssociatedTypeDeclSyntax.self) { names.insert(a.name.text); followsType = true }
        if decl.is(InitializerDeclSyntax.self) && inValueType { followsType = true }
        if let s = decl.as(SubscriptDeclSyntax.self) { _ = s; names.insert("subscript") }
        return Unit(
            node: Syntax(decl), names: names, references: Self.identifiers(decl), members: [], typeName: nil,
            isExtension: false, followsType: followsType)
    }

    /// The sliced text of every file (same lines as the user's) and the entry's host type.
    func slice(entry: EntryCandidate) -> [(path: String, text: String)] {
        var roots: [[Unit]] = []
        for file in files {
            roots.append(
                file.tree.statements.compactMap { item in
                    guard let decl = item.item.as(DeclSyntax.self), !decl.is(ImportDeclSyntax.self) else { return nil }
                    return unit(decl, inValueType: false, inProtocol: false)
                })
        }
        // Reachability by name, to a fixed point: a kept unit's references keep the units declaring them.
        var referenced: Set<String> = []
        var keptTypes: Set<String> = []
        let entryPath = entry.typeName.map { $0.split(separator: ".").map(String.init) } ?? []
        func visit(_ units: [Unit], enclosing: [String], typeKept: Bool) -> Bool {
            var changed = false
            for unit in units {
                if let typeName = unit.typeName {
                    let path = enclosing + typeName.split(separator: ".").map(String.init)
                    let simple = path.last ?? typeName
                    let isHost = path == entryPath
                    let keepShell = isHost || keptTypes.contains(simple) || referenced.contains(simple)
                    if keepShell && !keptTypes.contains(simple) { keptTypes.insert(simple); changed = true }
                    if visit(unit.members, enclosing: path, typeKept: keepShell || unit.isExtension) { changed = true }
                    let anyMember = unit.members.contains { $0.kept }
                    if !unit.kept && (keepShell || (unit.isExtension && anyMember)) {
                        unit.kept = true
                        referenced.formUnion(unit.references)
                        changed = true
                    }
                    continue
                }
                guard !unit.kept else { continue }
                let isEntry = enclosing == entryPath && unit.names.contains(entry.name)
                if isEntry || (typeKept && unit.followsType) || !unit.names.isDisjoint(with: referenced) {
                    unit.kept = true
                    referenced.formUnion(unit.references)
                    changed = true
                }
            }
            return changed
        }
        while roots.reduce(false, { visit($1, enclosing: [], typeKept: false) || $0 }) {}

        return zip(files, roots).map { file, units in
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
            for unit in units { apply(unit, host: entryPath, enclosing: [], editor: &editor) }
            return (file.path, String(decoding: editor.bytes, as: UTF8.self))
        }
    }

    func byteRange(_ node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    private func apply(_ unit: Unit, host: [String], enclosing: [String], editor: inout TextEditor) {
        guard unit.kept else {
            editor.blank(byteRange(unit.node))
            return
        }
        guard let typeName = unit.typeName, let group = unit.node.asProtocol(DeclGroupSyntax.self) else { return }
        let path = enclosing + typeName.split(separator: ".").map(String.init)
        if let inheritance = group.inheritanceClause {
            let isHost = path == host && unit.node.is(ClassDeclSyntax.self)
            var kept = inheritance.inheritedTypes.map(\.type.trimmedDescription).filter {
                Self.knownInheritance.contains($0) || declaredTypes.contains($0)
            }
            if isHost, kept.first.map({ !["UIViewController", "UICollectionViewController"].contains($0) }) ?? true {
                // A view controller's superclass and protocols are the app's; the stand-in gives `view`.
                kept = ["UIViewController"]
            }
            editor.replace(byteRange(inheritance), with: kept.isEmpty ? "" : ": " + kept.joined(separator: ", "))
        }
        for member in unit.members { apply(member, host: host, enclosing: path, editor: &editor) }
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
