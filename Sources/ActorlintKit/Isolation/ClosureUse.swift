import SwiftSyntax

/// How a function's body uses a closure it was handed: whether an `@escaping` parameter is really
/// kept. A completion handler declared `@escaping` but only called before the function returns
/// holds its captures no longer than a non-escaping closure would.
enum ClosureUse {
    /// Whether every use of `name` in `body` is a direct call (`name(…)`, `name?(…)`) made by the
    /// body itself: not inside a closure or a nested function, not stored, returned or passed on.
    /// False when the body never uses it (nothing shows it is not kept elsewhere).
    static func onlyCalledDirectly(_ name: String, in body: CodeBlockSyntax) -> Bool {
        var uses = 0
        for token in body.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  reference.parent?.is(MemberAccessExprSyntax.self) != true || isBase(reference) else { continue }
            guard isCalled(reference), !isDeferred(reference, below: body) else { return false }
            uses += 1
        }
        return uses > 0
    }

    /// `x` in `x.y`: the member access reads `x` itself.
    private static func isBase(_ reference: DeclReferenceExprSyntax) -> Bool {
        reference.parent?.as(MemberAccessExprSyntax.self)?.base?.id == reference.id
    }

    /// `name(…)` or `name?(…)`.
    private static func isCalled(_ reference: DeclReferenceExprSyntax) -> Bool {
        var callee = Syntax(reference)
        if let chained = callee.parent?.as(OptionalChainingExprSyntax.self) { callee = Syntax(chained) }
        return callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == callee.id
    }

    /// Inside a closure, a nested function or a `defer` of `body`: run later, or not by the body itself.
    private static func isDeferred(_ reference: DeclReferenceExprSyntax, below body: CodeBlockSyntax) -> Bool {
        var node = reference.parent
        while let current = node, current.id != body.id {
            if current.is(ClosureExprSyntax.self) || current.is(FunctionDeclSyntax.self) || current.is(DeferStmtSyntax.self) { return true }
            node = current.parent
        }
        return false
    }
}

extension FunctionParameterSyntax {
    /// The name the body uses: `completion` in `load(then completion: …)`.
    var internalName: String { (secondName ?? firstName).text.replacingBackticks }
}
