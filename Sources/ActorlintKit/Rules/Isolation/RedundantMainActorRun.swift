import SwiftSyntax

/// `await MainActor.run { }` in code that already runs on the main actor.
struct RedundantMainActorRun: Rule {
    /// Its findings are calls spelled `MainActor.run`.
    static let triggers = ["MainActor"]

    static let description = RuleDescription(
        id: "redundant-main-actor-run",
        category: .isolation,
        summary: "`await MainActor.run { }` in code that already runs on the main actor",
        rationale: """
            `MainActor.run` is a bridge for code that is not on the main actor. Where the \
            enclosing code is already main-actor isolated it adds a suspension point and a \
            closure for nothing, and suggests to the reader that the surrounding code runs \
            elsewhere. Under default isolation MainActor, a type whose primary declaration \
            conforms to a protocol inheriting `SendableMetatype` (`AppIntent`, `Error`) is not \
            main-actor code (SE-0466), so its hops are left alone.
            """,
        fix: FixInfo(.safe, """
            Replaces `await MainActor.run { body }` with the body: the whole statement list when \
            the result is unused, or the single expression when it is. The code already runs on \
            the main actor, so nothing moves.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let calls = context.file.functionCalls.filter { $0.calleeText(isOneOf: ["MainActor.run"]) && $0.onlyClosure != nil }
        return calls.compactMap { call in
            let here = context.isolation.isolation(at: call)
            guard here.isolation == .mainActor, let body = call.onlyClosure else { return nil }
            let scope = ExecutionContext.innermost(containing: Syntax(call)).summary
            return context.violation(
                "Already on the main actor: \(here.briefSentence(for: scope)). `await MainActor.run` adds a " +
                "suspension point and a closure for nothing; run the code directly.",
                at: call.calledExpression, fix: unwrap(call, body: body, context))
        }
    }

    /// The `await`/`try` expression that wraps the call, and its replacement.
    private func unwrap(_ call: FunctionCallExprSyntax, body: ClosureExprSyntax, _ context: RuleContext) -> Fix? {
        guard body.signature == nil, !body.statements.containsReturn else { return nil }
        var outer = Syntax(call)
        // `try await MainActor.run { try f() }` becomes `try f()`: the body keeps its own `try`.
        while let parent = outer.parent, parent.is(AwaitExprSyntax.self) || parent.is(TryExprSyntax.self) {
            outer = parent
        }
        let isStatement = outer.parent?.is(CodeBlockItemSyntax.self) ?? false
        let replacement: String
        if isStatement {
            guard let first = body.statements.first else { return nil }
            replacement = reindent(body.statements, removing: first.lineIndentation, adding: outer.lineIndentation)
        } else {
            guard body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self) else { return nil }
            replacement = only.trimmedText
        }
        return Fix(title: "Run the code directly", safety: .safe, edits: [context.replace(outer, with: replacement)])
    }
}
