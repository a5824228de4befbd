// Part of the slicer (swift-syntax): only in a build with the Import trait (README "Optional parts").
#if Import
import SwiftSyntax

/// What the slicer knows about the files as a whole before it decides declaration by declaration: the entry's
/// type, every class's superclass and which classes are the app's views, and which names matter to a layout
/// (docs/import.md "How it works").
struct SliceContext {
    let entryPath: [String]
    /// Each declared class's first inherited type, by the class's simple name.
    let superclassByName: [String: String]
    let declaredTypes: Set<String>
    /// The app's view classes (cells, headers, decorations): kept with only their static members, their
    /// superclass a stand-in.
    let viewShells: Set<String>
    /// Functions and properties that build, return or install a layout (the seeds of a set-up method's slice).
    let relevant: Set<String>

    /// UIKit view classes an app's views derive from (besides names ending in `View` or `Cell`).
    static let viewSuperclasses: Set<String> = [
        "UIView", "UICollectionReusableView", "UICollectionViewCell", "UICollectionViewListCell", "UITableViewCell",
        "UIControl", "UIButton", "UILabel", "UIImageView", "UIStackView", "UIScrollView", "UIVisualEffectView",
    ]
    /// What the stand-in superclasses declare, so an `override` of it stays one.
    static let standInMembers: [String: Set<String>] = [
        "UIViewController": [
            "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
            "viewWillLayoutSubviews", "viewDidLayoutSubviews", "addChild", "didMove", "traitCollection", "title",
            "view",
        ],
        "UICollectionViewController": [
            "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
            "viewWillLayoutSubviews", "viewDidLayoutSubviews", "addChild", "didMove", "traitCollection", "title",
            "view", "collectionView",
        ],
    ]

    init(slicer: SwiftSlicer, entry: EntryCandidate) {
        entryPath = entry.typeName.map { $0.split(separator: ".").map(String.init) } ?? []
        declaredTypes = slicer.declaredTypes
        var superclasses: [String: String] = [:]
        var names: Set<String> = []
        var functions: [(name: String, decl: Syntax)] = []
        for file in slicer.files {
            for node in Self.declarations(file.tree) {
                if let c = node.as(ClassDeclSyntax.self), let first = c.inheritanceClause?.inheritedTypes.first {
                    superclasses[c.name.text] = first.type.trimmedDescription
                }
                if let f = node.as(FunctionDeclSyntax.self) { functions.append((f.name.text, node)) }
                if let v = node.as(VariableDeclSyntax.self) {
                    for binding in v.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                            continue
                        }
                        if SwiftSlicer.installsLayout(binding) || Self.mentionsLayout(binding) { names.insert(name) }
                    }
                }
            }
        }
        superclassByName = superclasses
        let host = entryPath.last
        viewShells = Set(
            superclasses.compactMap { name, superclass in
                guard name != host, !slicer.declaredTypes.contains(superclass) else { return nil }
                let viewLike =
                    Self.viewSuperclasses.contains(superclass)
                    || (!SwiftSlicer.knownInheritance.contains(superclass)
                        && (superclass.hasSuffix("View") || superclass.hasSuffix("Cell")))
                return viewLike ? name : nil
            })
        // A function matters when it returns something, installs a layout, names a layout class, or calls one
        // that matters: to a fixed point.
        // Delegate and data source methods (`collectionView(_:cellForItemAt:)`) take the view first: never seeds.
        functions.removeAll { _, decl in
            let first = decl.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.first?.type
            return ["UICollectionView", "UITableView", "UIScrollView"].contains(first?.trimmedDescription ?? "")
        }
        for (name, decl) in functions {
            let function = decl.as(FunctionDeclSyntax.self)!
            let returnsValue = function.signature.returnClause.map {
                !["Void", "()"].contains($0.type.trimmedDescription)
            }
            if returnsValue == true || SwiftSlicer.installsLayout(decl) || Self.mentionsLayout(decl) {
                names.insert(name)
            }
        }
        var changed = true
        while changed {
            changed = false
            for (name, decl) in functions where !names.contains(name) {
                if !SwiftSlicer.identifiers(decl).isDisjoint(with: names) {
                    names.insert(name)
                    changed = true
                }
            }
        }
        relevant = names
    }

    /// Every declaration in the tree, nested ones included (not those inside function bodies).
    static func declarations(_ tree: SourceFileSyntax) -> [Syntax] {
        var result: [Syntax] = []
        func walk(_ decl: DeclSyntax) {
            result.append(Syntax(decl))
            if let group = decl.asProtocol(DeclGroupSyntax.self) {
                for member in group.memberBlock.members { walk(member.decl) }
            }
        }
        for item in tree.statements { if let decl = item.item.as(DeclSyntax.self) { walk(decl) } }
        return result
    }

    /// Whether the node names a layout class or configuration (`NSCollectionLayout…`,
    /// `UICollectionViewCompositionalLayout…`, `UICollectionLayoutListConfiguration`).
    static func mentionsLayout(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let text) = token.tokenKind else { return false }
            return text.hasPrefix("NSCollectionLayout") || text.hasPrefix("UICollectionViewCompositionalLayout")
                || text == "UICollectionLayoutListConfiguration"
        }
    }

    func isClassName(_ name: String) -> Bool {
        superclassByName[name] != nil || Self.viewSuperclasses.contains(name)
            || ["UIViewController", "UICollectionViewController", "NSObject", "UICollectionView"].contains(name)
    }

    /// The superclass a kept class has in the slice: its own when declared in the files; for the entry's
    /// type a view controller stand-in; for an app's view a cell or reusable view stand-in; a UIKit class the
    /// stand-ins have; nil (none) otherwise.
    func superclass(of name: String, path: [String]) -> String? {
        guard let original = superclassByName[name] else { return nil }
        if declaredTypes.contains(original) { return original }
        if path == entryPath {
            return original == "UICollectionViewController" ? original : "UIViewController"
        }
        if viewShells.contains(name) {
            return original.contains("Cell") ? "UICollectionViewCell" : "UICollectionReusableView"
        }
        if SwiftSlicer.knownInheritance.contains(original) && isClassName(original) { return original }
        if original.hasSuffix("Controller") { return "UIViewController" }
        return nil
    }

    /// For a member of class `name` marked `override`: nil when the base can be there (declared in the files,
    /// or a member of the stand-in superclass), else the original superclass that is not among the files.
    func missingBase(ofMember member: String, inClass name: String, isHost: Bool) -> String? {
        guard let original = superclassByName[name] else { return nil }
        if declaredTypes.contains(original) { return nil }
        let standIn = superclass(of: name, path: isHost ? entryPath : [])
        if let standIn, Self.standInMembers[standIn]?.contains(member) == true { return nil }
        return original
    }
}
#endif
