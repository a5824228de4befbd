// Part of the slicer (swift-syntax): only in a build with the Import trait (README "Optional parts").
#if Import
import SwiftSyntax

/// A place in a user's file.
struct SourcePlace: Hashable, Sendable {
    var file: String
    var line: Int
    var column: Int
}

/// Something the importer can call to get a layout (docs/import.md "Entries"): a function or property, at top
/// level or in a type, that returns a layout, installs one in a collection view, returns a section, or is a
/// section provider.
struct EntryCandidate: Hashable, Sendable {
    /// How the entry gives its layout, in the order entries are looked for without `--entry`.
    enum Kind: Int, Hashable, Sendable, Comparable {
        /// Returns `UICollectionViewLayout` or `UICollectionViewCompositionalLayout`.
        case layout
        /// Makes a collection view or controller with a layout, or sets one (`collectionViewLayout =`,
        /// `setCollectionViewLayout`): the layout is read from what the stand-ins recorded.
        case installs
        /// `viewDidLoad()`, which installs a layout through what it calls.
        case viewDidLoad
        /// Returns `NSCollectionLayoutSection`: the layout of that one section.
        case section
        /// A section provider: a function taking the section index and the environment, or a property holding
        /// such a closure.
        case provider

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        var describing: String {
            switch self {
            case .layout: return "returns a layout"
            case .installs: return "installs a layout in a collection view"
            case .viewDidLoad: return "is viewDidLoad"
            case .section: return "returns a section"
            case .provider: return "is a section provider"
            }
        }
    }

    /// The type it is declared in (its extension's type), nil at top level.
    var typeName: String?
    var name: String
    var isStatic: Bool
    var isFunction: Bool
    var place: SourcePlace
    var kind: Kind = .layout
    /// A provider function's two argument labels (`_` for none).
    var labels: [String] = []

    /// `Type.member()` as a user writes it for `--entry`.
    var displayName: String {
        (typeName.map { $0 + "." } ?? "") + name + (isFunction ? "()" : "")
    }

    /// The value the member is reached through: the type (static), a new instance, or nothing (top level).
    var host: String? {
        guard let typeName else { return nil }
        return isStatic ? typeName : "\(typeName)()"
    }

    /// The Swift expression that calls or reads the member; an instance member makes its type with `Type()`.
    var callExpression: String {
        if name == "init", let typeName { return "\(typeName)()" }
        let call = name + (isFunction && kind != .provider ? "()" : "")
        return host.map { "\($0).\(call)" } ?? call
    }

    /// Swift statements that leave the layout in `made` (`UICollectionViewLayout?`); a section entry gives a
    /// layout of that section, a provider a layout asking it, an installing entry the last layout installed.
    var programStatements: String {
        switch kind {
        case .layout:
            return "let made: UICollectionViewLayout? = \(callExpression)"
        case .installs, .viewDidLoad:
            return "LayoutBenchHost.installed = []\n_ = \(callExpression)\n"
                + "let made: UICollectionViewLayout? = LayoutBenchHost.installed.last"
        case .section:
            return "let section: NSCollectionLayoutSection? = \(callExpression)\n"
                + "let made: UICollectionViewLayout? = section.map { UICollectionViewCompositionalLayout(section: $0) }"
        case .provider:
            guard isFunction else {
                return "let made: UICollectionViewLayout? = UICollectionViewCompositionalLayout("
                    + "sectionProvider: \(callExpression))"
            }
            let arguments = zip(labels, ["index", "environment"]).map { $0 == "_" ? $1 : "\($0): \($1)" }
            return "let host = \(host ?? "()")\n"
                + "let made: UICollectionViewLayout? = UICollectionViewCompositionalLayout { index, environment in "
                + "\(typeName == nil ? "" : "host.")\(name)(\(arguments.joined(separator: ", "))) }"
        }
    }
}

extension SwiftSlicer {
    static let sectionTypes: Set<String> = ["NSCollectionLayoutSection"]
    static let providerTypes: Set<String> = [
        "UICollectionViewCompositionalLayoutSectionProvider",
        "(Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?",
        "(Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?",
    ]

    /// The protocols the files declare.
    var protocolNames: Set<String> {
        var names: Set<String> = []
        for file in files {
            for item in file.tree.statements {
                if let p = item.item.as(ProtocolDeclSyntax.self) { names.insert(p.name.text) }
            }
        }
        return names
    }

    /// Every member that can be an entry: returning a layout or a section with no parameters to fill in,
    /// installing a layout, `viewDidLoad`, or a section provider.
    /// - Complexity: O(n) in the files' syntax nodes.
    func candidates() -> [EntryCandidate] {
        var result: [EntryCandidate] = []
        let protocols = protocolNames
        for file in files {
            for item in file.tree.statements {
                collect(item.item, typeName: nil, file: file, protocols: protocols, into: &result)
            }
        }
        return result
    }

    private func collect(
        _ node: some SyntaxProtocol, typeName: String?, file: File, protocols: Set<String>,
        into result: inout [EntryCandidate]
    ) {
        if let function = node.as(FunctionDeclSyntax.self) {
            guard function.body != nil else { return }  // a protocol's requirement: nothing to run
            let parameters = function.signature.parameterClause.parameters
            let returned = function.signature.returnClause?.type
            var kind: EntryCandidate.Kind?
            var labels: [String] = []
            if parameters.isEmpty, let returned {
                if isLayoutType(returned, in: typeName) {
                    kind = .layout
                } else if Self.sectionTypes.contains(Self.stripOptional(returned.trimmedDescription)) {
                    kind = .section
                }
            } else if parameters.isEmpty, Self.installsLayout(function) {
                kind = .installs
            } else if parameters.isEmpty, function.name.text == "viewDidLoad" {
                kind = .viewDidLoad
            } else if parameters.count == 2, let returned,
                Self.sectionTypes.contains(Self.stripOptional(returned.trimmedDescription)),
                Self.stripOptional(parameters.first!.type.trimmedDescription) == "Int",
                parameters.last!.type.trimmedDescription.contains("NSCollectionLayoutEnvironment")
            {
                kind = .provider
                labels = parameters.map { $0.firstName.text }
            }
            guard let kind else { return }
            result.append(
                EntryCandidate(
                    typeName: typeName, name: function.name.text, isStatic: isStatic(function.modifiers),
                    isFunction: true, place: place(function.name, in: file), kind: kind, labels: labels))
        } else if let initializer = node.as(InitializerDeclSyntax.self), let typeName,
            initializer.signature.parameterClause.parameters.isEmpty, initializer.optionalMark == nil,
            Self.installsLayout(initializer)
        {
            // `init()` making the collection view: `Type()` runs it.
            result.append(
                EntryCandidate(
                    typeName: typeName, name: "init", isStatic: true, isFunction: true,
                    place: place(initializer.initKeyword, in: file), kind: .installs))
        } else if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
                    let kind = propertyKind(binding, typeName: typeName)
                else { continue }
                result.append(
                    EntryCandidate(
                        typeName: typeName, name: name.text, isStatic: isStatic(variable.modifiers),
                        isFunction: false, place: place(name, in: file), kind: kind))
            }
        } else if let type = node.asProtocol(DeclGroupSyntax.self) {
            // A protocol's members are requirements (or, in its extensions, need a conforming type to run).
            guard let name = declaredName(of: type), !type.is(ProtocolDeclSyntax.self),
                !(type.is(ExtensionDeclSyntax.self) && protocols.contains(name))
            else { return }
            let qualified = typeName.map { "\($0).\(name)" } ?? name
            for member in type.memberBlock.members {
                collect(member.decl, typeName: qualified, file: file, protocols: protocols, into: &result)
            }
        }
    }

    private func propertyKind(_ binding: PatternBindingSyntax, typeName: String?) -> EntryCandidate.Kind? {
        let declared = binding.typeAnnotation.map { Self.stripOptional($0.type.trimmedDescription) }
        let callee =
            binding.initializer.flatMap {
                $0.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
                    ?? $0.value.as(MacroExpansionExprSyntax.self)?.trimmedDescription
            }
        if let type = binding.typeAnnotation?.type, isLayoutType(type, in: typeName) { return .layout }
        if let callee, Self.layoutTypes.contains(callee) { return .layout }
        if let declared, Self.sectionTypes.contains(declared) { return .section }
        if let callee, Self.sectionTypes.contains(callee) { return .section }
        if let declared, Self.providerTypes.contains(declared) { return .provider }
        if Self.installsLayout(binding) { return .installs }
        return nil
    }

    static func stripOptional(_ text: String) -> String {
        var text = text
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("(") && text.hasSuffix(")") && !text.contains("->") {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }

    func isLayoutType(_ type: TypeSyntax, in typeName: String?) -> Bool {
        let text = Self.stripOptional(type.trimmedDescription)
        if text == "Self" { return typeName == "UICollectionViewCompositionalLayout" }
        return Self.layoutTypes.contains(text)
    }

    /// Whether the code hands a layout to a collection view itself: an argument labelled
    /// `collectionViewLayout:` (`UICollectionView(frame:collectionViewLayout:)`,
    /// `UICollectionViewController(collectionViewLayout:)`), `….collectionViewLayout = …` or
    /// `setCollectionViewLayout(…)`.
    /// - Complexity: O(n) in the node's tokens.
    static func installsLayout(_ node: some SyntaxProtocol) -> Bool {
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            if text == "setCollectionViewLayout" { return true }
            guard text == "collectionViewLayout" else { continue }
            if token.parent?.is(LabeledExprSyntax.self) == true { return true }
            // `x.collectionViewLayout = …`: the member access is the assignment's left side.
            if let access = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                let sequence = access.parent?.as(ExprListSyntax.self),
                sequence.first?.id == access.id,
                sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true
            {
                return true
            }
        }
        return false
    }
}
#endif
