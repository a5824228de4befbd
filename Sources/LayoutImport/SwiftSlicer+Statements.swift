// Part of the slicer (swift-syntax): only in a build with the Import trait (README "Optional parts").
#if Import
import SwiftSyntax

/// Statement-level slicing inside the declarations that are kept: the set-up code around a layout (a data
/// source, a delegate, cell registrations, networking, navigation items) is dropped, so that what a
/// `viewDidLoad` or a lazy collection view needs of the app is only what makes and installs the layout
/// (docs/import.md "How it works").
extension SwiftSlicer {
    /// Properties whose assignment wires cells, data or behaviour to a collection view; never a frame.
    static let setUpProperties: Set<String> = [
        "dataSource", "delegate", "prefetchDataSource", "dragDelegate", "dropDelegate", "refreshControl",
        "backgroundView", "contentConfiguration", "backgroundConfiguration", "supplementaryViewProvider",
        "dragInteractionEnabled", "reorderingCadence", "selfSizingInvalidation",
    ]
    /// Roots of statements that configure navigation, not a layout.
    static let setUpRoots: Set<String> = [
        "navigationItem", "navigationController", "tabBarItem", "tabBarController", "NotificationCenter",
    ]

    /// The byte ranges of the statements of `decl` that are dropped: set-up statements anywhere in it, and in
    /// a body that returns nothing (`viewDidLoad`, `configureHierarchy`) or a property's closure or getter, every
    /// statement that neither makes, returns or installs a layout nor defines something such a statement uses.
    /// - Complexity: O(n) in the declaration's syntax nodes, times the few statement kinds checked.
    func droppedStatements(in decl: DeclSyntax, context: SliceContext) -> [Range<Int>] {
        let finder = SetUpStatementFinder(viewMode: .sourceAccurate)
        finder.walk(decl)
        var dropped = finder.found.map { byteRange($0) }
        /// `returnsValue`: a getter's or closure's last statement is its value even without `return`.
        func slice(_ items: CodeBlockItemListSyntax, returnsValue: Bool) {
            var needed: Set<String> = []
            for item in items.reversed() {
                if returnsValue && item.id == items.last?.id {
                    needed.formUnion(Self.identifiers(item))
                    continue
                }
                let range = byteRange(item)
                if dropped.contains(where: { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }) {
                    continue
                }
                let names = Self.identifiers(item)
                let keep =
                    item.item.is(ReturnStmtSyntax.self) || item.item.is(ThrowStmtSyntax.self)
                    || Self.installsLayout(item) || !names.isDisjoint(with: context.relevant)
                    || !Self.defined(by: item).isDisjoint(with: needed)
                if keep {
                    needed.formUnion(names)
                } else {
                    dropped.append(range)
                }
            }
        }
        if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
            let returnsNothing = function.signature.returnClause.map {
                ["Void", "()"].contains($0.type.trimmedDescription)
            }
            if returnsNothing ?? true { slice(body.statements, returnsValue: false) }
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty
                {
                    slice(closure.statements, returnsValue: true)
                }
                if case .getter(let items)? = binding.accessorBlock?.accessors { slice(items, returnsValue: true) }
            }
        }
        return dropped
    }

    /// The names a statement gives a value to: declared names, an assignment's or a mutating call's root
    /// (`section.contentInsets = …` and `layout.register(…)` define `section` and `layout`); for a compound
    /// statement (`if`, `switch`, `for`) every name in it, to be safe.
    static func defined(by item: CodeBlockItemSyntax) -> Set<String> {
        if let variable = item.item.as(VariableDeclSyntax.self) {
            return variable.bindings.reduce(into: []) { $0.formUnion(identifiers($1.pattern)) }
        }
        guard let expression = unwrapped(item.item.as(ExprSyntax.self)) else { return identifiers(item) }
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            return root(first).map { [$0] } ?? identifiers(first)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base {
                return root(base).map { [$0] } ?? []
            }
            return []
        }
        return identifiers(item)
    }

    static func unwrapped(_ expression: ExprSyntax?) -> ExprSyntax? {
        var expression = expression
        while let e = expression {
            if let t = e.as(TryExprSyntax.self) {
                expression = t.expression
            } else if let a = e.as(AwaitExprSyntax.self) {
                expression = a.expression
            } else {
                break
            }
        }
        return expression
    }

    /// The variable an expression such as `self.collectionView?.layer.x` starts from (`collectionView`).
    static func root(_ expression: ExprSyntax) -> String? {
        var current = expression
        var lastMember: String?
        while true {
            if let access = current.as(MemberAccessExprSyntax.self) {
                lastMember = access.declName.baseName.text
                guard let base = access.base else { return lastMember }
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let chain = current.as(OptionalChainingExprSyntax.self) {
                current = chain.expression
            } else if let force = current.as(ForceUnwrapExprSyntax.self) {
                current = force.expression
            } else if let sub = current.as(SubscriptCallExprSyntax.self) {
                current = sub.calledExpression
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name == "self" ? lastMember : name
            } else {
                return nil
            }
        }
    }
}

/// Finds set-up statements anywhere in a declaration: assignments of `setUpProperties`, `register(…)` calls
/// and statements rooted at navigation (`navigationItem.title = …`).
final class SetUpStatementFinder: SyntaxVisitor {
    var found: [CodeBlockItemSyntax] = []

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let expression = SwiftSlicer.unwrapped(node.item.as(ExprSyntax.self)) else { return .visitChildren }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let first = sequence.elements.first,
            sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true
        {
            let member = first.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if let member, SwiftSlicer.setUpProperties.contains(member) {
                found.append(node)
                return .skipChildren
            }
            if let root = SwiftSlicer.root(first), SwiftSlicer.setUpRoots.contains(root) {
                found.append(node)
                return .skipChildren
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                access.declName.baseName.text == "register"
            {
                found.append(node)
                return .skipChildren
            }
            if let root = SwiftSlicer.root(ExprSyntax(call)), SwiftSlicer.setUpRoots.contains(root) {
                found.append(node)
                return .skipChildren
            }
        }
        return .visitChildren
    }
}
#endif
