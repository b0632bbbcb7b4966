import SwiftSyntax

/// How far a walk over the tree goes, up (`nearest`) or down (`collect`). Code runs where it is
/// written only up to the nearest closure, which runs when it is called, and the nearest nested
/// declaration (a function, initializer, accessor, subscript or type), which runs when it is used.
enum Reach {
    /// No boundary stops the walk.
    case everything
    /// Nested declarations stop it; closures do not (a closure's code belongs to the declaration
    /// around it).
    case declaration
    /// Closures and nested declarations stop it: the code that runs as part of the code around it.
    case context
}

extension Syntax {
    /// A declaration whose body runs at another time than the code around it: a function,
    /// initializer, `deinit`, accessor block, subscript or type. A local `let x = …` is not one:
    /// its initializer runs right there; a computed property's body (its accessor block) is.
    /// One switch on the kind: walks ask this of every node, and a dozen `is` checks cost more.
    var isDeclarationBoundary: Bool {
        switch kind {
        case .functionDecl, .initializerDecl, .deinitializerDecl, .accessorBlock, .subscriptDecl, .structDecl,
             .classDecl, .actorDecl, .enumDecl, .extensionDecl, .protocolDecl:
            return true
        default:
            return false
        }
    }

    /// A closure or a declaration boundary: where the code around it stops running.
    var isContextBoundary: Bool { kind == .closureExpr || isDeclarationBoundary }

    /// Whether a walk within `reach` stops at this node.
    func bounds(_ reach: Reach) -> Bool {
        switch reach {
        case .everything: false
        case .declaration: isDeclarationBoundary
        case .context: isContextBoundary
        }
    }
}

extension SyntaxProtocol {
    /// The type or extended type around the node, its last component (`Bar` in `extension Foo.Bar`).
    var enclosingTypeName: String? {
        (nearest(where: { $0.isProtocol((any DeclGroupSyntax).self) })?.asProtocol((any DeclGroupSyntax).self)?.typeName)
            .map { $0.split(separator: ".").last.map(String.init) ?? $0 }
    }

    /// The nearest ancestor that `match` accepts (`self` first, with `orSelf`), looking no
    /// further out than `reach`: an ancestor at the boundary is still asked, one beyond it is not.
    func nearest(orSelf: Bool = false, within reach: Reach = .everything, where match: (Syntax) -> Bool) -> Syntax? {
        var current: Syntax? = orSelf ? Syntax(self) : parent
        var isSelf = orSelf
        while let node = current {
            if match(node) { return node }
            if !isSelf, node.bounds(reach) { return nil }
            isSelf = false
            current = node.parent
        }
        return nil
    }

    /// The nearest ancestor of type `T` (`self` first, with `orSelf`), looking no further out than `reach`.
    func nearest<T: SyntaxProtocol>(_ type: T.Type, orSelf: Bool = false, within reach: Reach = .everything) -> T? {
        nearest(orSelf: orSelf, within: reach) { $0.is(type) }?.as(type)
    }

    /// The nearest closure around this code in the same declaration: the capture rules ask it at
    /// every step of their walks outwards.
    var enclosingClosure: ClosureExprSyntax? { nearest(ClosureExprSyntax.self, within: .declaration) }

    /// Whether `self` lies inside `other` (or is it).
    func isInside(_ other: some SyntaxProtocol) -> Bool {
        position >= other.position && endPosition <= other.endPosition
            && (id == other.id || nearest(where: { $0.id == other.id }) != nil)
    }
}
