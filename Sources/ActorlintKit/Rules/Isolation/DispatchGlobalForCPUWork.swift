import SwiftSyntax

/// `DispatchQueue.global().async { work; DispatchQueue.main.async { assign } }`.
struct DispatchGlobalForCPUWork: Rule {
    static let description = RuleDescription(
        id: "dispatch-global-for-cpu-work",
        category: .isolation,
        set: .modernize,
        summary: "`DispatchQueue.global().async { work; DispatchQueue.main.async { … } }`: use a `@concurrent` function and `await`",
        rationale: """
            The GCD round trip (do the work on a global queue, hop back to the main queue to \
            publish the result) is what a `@concurrent` function and an `await` express \
            directly: the work runs on the concurrent executor, the result comes back on the \
            caller's actor, errors propagate with `throws`, cancellation reaches the work, and \
            the compiler checks every value that crosses. (SE-0461) With a compiler older than \
            Swift 6.2, which has no `@concurrent`, the message says to write a `nonisolated` async \
            function, which leaves the actor by itself there (SE-0338).
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    /// `DispatchQueue.global(…)` is always spelled with `global`.
    static let triggers = ["global"]

    func violations(in context: RuleContext) -> [Violation] {
        // From the shared walk; the callee's text is built only for calls named `async`.
        let found = context.file.functionCalls.filter { node in
            guard node.calleeName == "async" else { return false }
            let callee = node.calleeText
            guard callee.hasPrefix("DispatchQueue.global("), callee.hasSuffix(".async"), let body = node.onlyClosure else { return false }
            return body.statements.count >= 2 && body.containsMainDispatch
        }
        let spelling = OffActorSpelling(context.module)
        return found.map { call in
            context.violation(
                "This is the GCD round trip: work on a global queue, then a hop back to the main queue with the result. " +
                "A\(spelling.function.dropFirst()) that returns the result, awaited from main-actor code, does the same with " +
                "structured cancellation, `throws` and compiler-checked isolation.\(spelling.compilerNote)",
                at: call.calledExpression)
        }
    }
}

private extension ClosureExprSyntax {
    /// The closure's own statements hop to the main queue somewhere (not counting nested closures' hops deeper than one level).
    var containsMainDispatch: Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if MainDispatch(node) != nil { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.found
    }
}
