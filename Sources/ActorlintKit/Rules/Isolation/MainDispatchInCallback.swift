import SwiftSyntax

/// `DispatchQueue.main.async` in a synchronous callback: `Task { @MainActor in }` says the same
/// thing to the compiler.
struct MainDispatchInCallback: Rule {
    /// Its findings are main dispatches (`MainDispatch.spellings`).
    static let triggers = MainDispatch.triggers

    static let description = RuleDescription(
        id: "main-dispatch-in-callback",
        category: .isolation,
        set: .modernize,
        summary: "`DispatchQueue.main.async` in a synchronous callback: use `Task { @MainActor in }`",
        rationale: """
            At the boundary with a callback API you do not control, a hop to the main actor is \
            still needed. `Task { @MainActor in … }` (SE-0304, SE-0316) makes that hop in a form the compiler \
            understands: the closure is checked as main-actor code, so touching UI state is \
            verified instead of assumed, and it can await other async code. A callback the code \
            already puts on the main thread (`.receive(on: DispatchQueue.main)`, an observer on \
            `queue: .main`) needs no hop and is left alone.
            """,
        fix: FixInfo(.unsafe, """
            Rewrites `DispatchQueue.main.async { … }` to `Task { @MainActor in … }`, keeping the \
            capture list. A task is scheduled differently from a main-queue block, so ordering \
            against other main-queue work may change.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        MainDispatch.all(in: context.file).compactMap { dispatch in
            let here = context.isolation.isolation(at: dispatch.call)
            let scope = ExecutionContext.innermost(containing: Syntax(dispatch.call))
            // A callback is a closure; a plain method is called from wherever its callers are.
            // Inside a global-queue round trip, dispatch-global-for-cpu-work gives the better advice.
            // A callback the code proves runs on the main thread needs no hop at all.
            guard here.isolation == .nonisolated, !scope.isAsync, scope.kind == .closure,
                  !isGlobalQueueRoundTrip(scope) else { return nil }
            if case .mainThread = here.thread { return nil }
            return context.violation(
                "\(here.sentence(for: scope.summary)), so a hop to the main actor is needed here; " +
                "`Task { @MainActor in … }` makes it in a form the compiler checks as main-actor code, " +
                "where `\(dispatch.spelling)` only promises it.",
                at: dispatch.call.calledExpression, fix: rewrite(dispatch, context))
        }
    }

    private func isGlobalQueueRoundTrip(_ scope: ExecutionContext) -> Bool {
        guard let closure = scope.node?.as(ClosureExprSyntax.self), let call = closure.invocation?.call else { return false }
        return call.calleeText.hasPrefix("DispatchQueue.global(")
    }

    /// `DispatchQueue.main.async { [captures] in body }` → `Task { @MainActor [captures] in body }`.
    private func rewrite(_ dispatch: MainDispatch, _ context: RuleContext) -> Fix? {
        guard dispatch.isDispatchQueue, dispatch.call.trailingClosure != nil, dispatch.call.arguments.isEmpty else { return nil }
        let body = dispatch.body
        if let signature = body.signature, signature.parameterClause != nil || signature.attributes.count > 0 { return nil }
        let capture = body.signature?.capture.map { " " + $0.trimmedText } ?? ""
        let inKeyword = body.signature?.inKeyword
        // Replace everything from the callee to the end of `in` (or the opening brace).
        let end = inKeyword?.endPositionBeforeTrailingTrivia ?? body.leftBrace.endPositionBeforeTrailingTrivia
        let edit = TextEdit(start: dispatch.call.positionAfterSkippingLeadingTrivia.utf8Offset, end: end.utf8Offset,
                            replacement: "Task { @MainActor\(capture) in")
        return Fix(title: "Use `Task { @MainActor in }`", safety: .unsafe, edits: [edit])
    }
}
