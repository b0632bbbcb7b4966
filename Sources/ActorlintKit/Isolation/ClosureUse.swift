import SwiftSyntax

/// How a function's body uses a closure it was handed: whether an `@escaping` parameter is really
/// kept. A completion handler declared `@escaping` but only called before the function returns
/// holds its captures no longer than a non-escaping closure would, and one only handed to a
/// queue that runs it once, soon (`DispatchQueue.main.async(execute: block)`), no longer than
/// that block.
public enum ClosureUse: String, Sendable {
    /// Every use is a direct call the body itself makes (`name(…)`, `name?(…)`).
    case called
    /// Every use is a direct call or a hand-off to a queue that runs it once (as the block, or
    /// called in the queued closure).
    case queued
    /// Stored, returned, passed on, called from a closure it does not queue, or never used.
    case kept

    /// How `body` uses the closure named `name`.
    static func of(_ name: String, in body: CodeBlockSyntax) -> ClosureUse {
        var use = ClosureUse.called
        var uses = 0
        for token in body.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  reference.parent?.is(MemberAccessExprSyntax.self) != true || isBase(reference) else { continue }
            uses += 1
            if isCalled(reference), !isDeferred(reference, below: body) { continue }
            guard isQueued(reference, below: body) else { return .kept }
            use = .queued
        }
        return uses > 0 ? use : .kept
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

    /// Handed to `queue.async(execute: name)` / `asyncAfter(deadline:execute:)`, or called inside
    /// the closure of such a call made by the body itself.
    private static func isQueued(_ reference: DeclReferenceExprSyntax, below body: CodeBlockSyntax) -> Bool {
        if let argument = reference.parent?.as(LabeledExprSyntax.self), argument.label?.text == "execute",
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return queuesOnce(call) && !isDeferred(reference, below: body)
        }
        guard isCalled(reference), let closure = reference.parent?.nearest(ClosureExprSyntax.self),
              let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
              queuesOnce(call) else { return false }
        // The queued closure must be the body's own, not inside another closure.
        var node = call.parent
        while let current = node, current.id != body.id {
            if current.is(ClosureExprSyntax.self) || current.is(FunctionDeclSyntax.self) { return false }
            node = current.parent
        }
        return true
    }

    /// `DispatchQueue.main.async`, `queue.asyncAfter(…)`, `OperationQueue.main.addOperation`.
    private static func queuesOnce(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
        return ["async", "asyncAfter", "addOperation", "sync"].contains(member.declName.baseName.text)
    }
}

extension FunctionParameterSyntax {
    /// The name the body uses: `completion` in `load(then completion: …)`.
    var internalName: String { (secondName ?? firstName).text.replacingBackticks }
}
