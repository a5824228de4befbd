// Part of the slicer (swift-syntax): only in a build with the Import trait (README "Optional parts").
#if Import
import Foundation
import SwiftSyntax

extension SwiftSlicer {
    /// A declaration that is kept or dropped as a whole, or a type whose members are decided one by one.
    final class Unit {
        let node: Syntax
        let names: Set<String>
        /// The names it uses, those of the statements it drops left out.
        let references: Set<String>
        let members: [Unit]
        /// For a type or extension: its (extended) type's name.
        let typeName: String?
        let isExtension: Bool
        /// Kept whenever its type is (enum cases, protocol requirements, stored properties of value types).
        let followsType: Bool
        let isStaticMember: Bool
        /// Byte ranges blanked when it is kept: `private`/`fileprivate`, an `override` without a base, set-up
        /// statements that place nothing.
        let blanked: [Range<Int>]
        /// Why an `override` was dropped, for the spec's header.
        let overrideNote: String?
        var kept = false

        init(
            node: Syntax, names: Set<String>, references: Set<String>, members: [Unit], typeName: String?,
            isExtension: Bool, followsType: Bool, isStaticMember: Bool = false, blanked: [Range<Int>] = [],
            overrideNote: String? = nil
        ) {
            self.node = node; self.names = names; self.references = references; self.members = members
            self.typeName = typeName; self.isExtension = isExtension; self.followsType = followsType
            self.isStaticMember = isStaticMember; self.blanked = blanked; self.overrideNote = overrideNote
        }
    }

    static func identifiers(_ node: some SyntaxProtocol) -> Set<String> {
        var names: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind { names.insert(text.trimmingCharacters(in: ["`"])) }
        }
        return names
    }

    /// `private` and `fileprivate` (with `(set)`) among the modifiers: blanked, so the generated program and
    /// the other files reach the member as the user's own code does
    /// (docs/import.md "The shapes taken, with an example of each").
    func accessRanges(_ modifiers: DeclModifierListSyntax?) -> [Range<Int>] {
        (modifiers ?? []).compactMap { modifier in
            let kind = modifier.name.tokenKind
            guard kind == .keyword(.private) || kind == .keyword(.fileprivate) else { return nil }
            return byteRange(modifier)
        }
    }

    /// Interface Builder and Objective-C attributes (`@IBOutlet`, `@objc`): blanked, as the stand-ins are plain
    /// Swift classes and there is no Objective-C runtime here.
    func objcAttributeRanges(_ decl: DeclSyntax) -> [Range<Int>] {
        guard let attributes = decl.asProtocol(WithAttributesSyntax.self)?.attributes else { return [] }
        return attributes.compactMap { element in
            guard let attribute = element.as(AttributeSyntax.self),
                Self.objcAttributes.contains(attribute.attributeName.trimmedDescription)
            else { return nil }
            return byteRange(attribute)
        }
    }

    static let objcAttributes: Set<String> = [
        "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction", "objc", "objcMembers", "NSManaged",
    ]

    /// The unit of `decl`; `enclosingClass` is the simple name of the class it is a member of (directly or
    /// through an extension), `isHost` whether that class is the entry's type.
    func unit(
        _ decl: DeclSyntax, in enclosing: (name: String, isClass: Bool, isValue: Bool, isProtocol: Bool, isHost: Bool)?,
        file: File, context: SliceContext
    ) -> Unit {
        if let group = decl.asProtocol(DeclGroupSyntax.self), let name = declaredName(of: group) {
            let isExtension = decl.is(ExtensionDeclSyntax.self)
            let simpleName = String(name.split(separator: ".").last ?? Substring(name))
            let isClass = decl.is(ClassDeclSyntax.self) || (isExtension && context.superclassByName[simpleName] != nil)
            let path = (enclosing.map { [$0.name] } ?? []) + name.split(separator: ".").map(String.init)
            let inner = (
                name: simpleName, isClass: isClass,
                isValue: decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self),
                isProtocol: decl.is(ProtocolDeclSyntax.self),
                isHost: path == context.entryPath || (isExtension && [simpleName] == context.entryPath.suffix(1))
            )
            let members = group.memberBlock.members.map { unit($0.decl, in: inner, file: file, context: context) }
            var shell = Self.identifiers(group.attributes)
            if let inheritance = group.inheritanceClause { shell.formUnion(Self.identifiers(inheritance)) }
            if let generics = group.genericWhereClause { shell.formUnion(Self.identifiers(generics)) }
            return Unit(
                node: Syntax(decl), names: isExtension ? [] : [simpleName], references: shell, members: members,
                typeName: name, isExtension: isExtension, followsType: false,
                blanked: accessRanges(group.modifiers) + objcAttributeRanges(decl))
        }
        let inValueType = enclosing?.isValue ?? false
        var names: Set<String> = []
        var followsType = enclosing?.isProtocol ?? false
        var modifiers: DeclModifierListSyntax?
        if let f = decl.as(FunctionDeclSyntax.self) {
            // A delegate or data source method (`collectionView(_:cellForItemAt:)`) shares its name with the
            // collection view property: never reached by it.
            let first = f.signature.parameterClause.parameters.first?.type.trimmedDescription ?? ""
            if !["UICollectionView", "UITableView", "UIScrollView"].contains(Self.stripOptional(first)) {
                names.insert(f.name.text)
            }
            modifiers = f.modifiers
        }
        if let v = decl.as(VariableDeclSyntax.self) {
            for binding in v.bindings { names.formUnion(Self.identifiers(binding.pattern)) }
            let stored = v.bindings.allSatisfy { $0.accessorBlock == nil }
            if inValueType && stored && !isStatic(v.modifiers) { followsType = true }
            modifiers = v.modifiers
        }
        if let c = decl.as(EnumCaseDeclSyntax.self) {
            for element in c.elements { names.insert(element.name.text) }
            followsType = true
        }
        if let t = decl.as(TypeAliasDeclSyntax.self) {
            names.insert(t.name.text)
            modifiers = t.modifiers
        }
        if let a = decl.as(AssociatedTypeDeclSyntax.self) { names.insert(a.name.text); followsType = true }
        if let i = decl.as(InitializerDeclSyntax.self) {
            // A class's `init()` is what `Type()` runs for an instance entry (it may make the collection view).
            let plain = i.signature.parameterClause.parameters.isEmpty && i.optionalMark == nil
            if inValueType || (enclosing?.isClass == true && plain) { followsType = true }
            modifiers = i.modifiers
        }
        if let s = decl.as(SubscriptDeclSyntax.self) {
            names.insert("subscript")
            modifiers = s.modifiers
        }
        // What a kept protocol conformance needs (`CustomStringConvertible`, `Hashable`, `Identifiable`).
        if !names.isDisjoint(with: ["description", "debugDescription", "hash", "==", "<", "id"]) { followsType = true }
        var blanked = accessRanges(modifiers) + objcAttributeRanges(decl)
        let dropped = droppedStatements(in: decl, context: context)
        blanked += dropped
        var overrideNote: String?
        if let enclosing, enclosing.isClass, let name = names.first,
            let modifier = modifiers?.first(where: { $0.name.tokenKind == .keyword(.override) }),
            let base = context.missingBase(ofMember: name, inClass: enclosing.name, isHost: enclosing.isHost)
        {
            blanked.append(byteRange(modifier))
            let at = place(modifier, in: file)
            overrideNote =
                "\((at.file as NSString).lastPathComponent):\(at.line):\(at.column): `override` of \(name) "
                + "compiled as a plain member: its base class \(base) is not among the given files"
        }
        var references: Set<String> = []
        for token in decl.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
            if dropped.contains(where: { $0.contains(offset) }) { continue }
            references.insert(text.trimmingCharacters(in: ["`"]))
        }
        return Unit(
            node: Syntax(decl), names: names, references: references, members: [], typeName: nil,
            isExtension: false, followsType: followsType, isStaticMember: modifiers.map(isStatic) ?? false,
            blanked: blanked, overrideNote: overrideNote)
    }
}
#endif
