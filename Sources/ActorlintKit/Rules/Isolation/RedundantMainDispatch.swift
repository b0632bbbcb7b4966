import SwiftSyntax

/// `DispatchQueue.main.async { }` in code that already runs on the main actor.
struct RedundantMainDispatch: Rule {
    /// Its findings are main dispatches (`MainDispatch.spellings`).
    static let triggers = MainDispatch.triggers

    static let description = RuleDescription(
        id: "redundant-main-dispatch",
        category: .isolation, set: .preview,
        summary: "`DispatchQueue.main.async` in code that already runs on the main actor",
        rationale: """
            In main-actor code (SE-0316) the hop is already done. Dispatching to the main queue again only \
            postpones the work to the next run-loop turn, so it runs after the code written below \
            it. Call the code directly. Where the compiler enforces isolation (Swift 6 mode, or \
            complete strict concurrency checking) any main-actor code counts; with Swift 5's \
            minimal checking only async main-actor functions and main-actor tasks do, because a \
            synchronous main-actor method can still be entered from another thread there. Left \
            alone, as deliberate postponements: a dispatch with a comment, test code stepping the \
            run loop, work deferred out of an initializer, a lifecycle method or `.onAppear`, \
            scrolling, measuring, focus, presentation or notifications that need the current turn \
            to finish, SwiftUI view updates and representable coordinators. Also left alone: \
            callbacks an SDK calls on a thread of its choosing (a Combine `sink` without \
            `.receive(on: DispatchQueue.main)`), and the `else` of a `Thread.isMainThread` check.
            """,
        fix: FixInfo(.unsafe, """
            Replaces the dispatch with its body. The work then runs immediately instead of on \
            the next run-loop turn, which can change ordering; not offered when the body \
            returns, has a capture list or parameters.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        MainDispatch.all(in: context.file).compactMap { dispatch in
            let here = context.isolation.isolation(at: dispatch.call)
            // Main-actor code on the main thread: a callback that an SDK calls on a thread of its
            // choosing (a Combine `sink`) is main-actor code only on paper.
            guard here.isolation == .mainActor, here.isOnMainThread else { return nil }
            let scope = ExecutionContext.innermost(containing: Syntax(dispatch.call))
            // An async function or a task on the main actor runs there in every language mode (and
            // so do the closures it runs on the spot); a synchronous one can be entered from any
            // thread where the compiler does not check.
            guard dispatch.asyncCode != nil || context.module.checksIsolation else { return nil }
            guard !dispatch.isOffMainBranch,
                  !dispatch.isDeliberateDeferral(in: context.file, index: context.isolation.index) else { return nil }
            let fix = dispatch.unwrappedBody().map { body in
                Fix(title: "Run the body now instead of on the next run-loop turn", safety: .unsafe,
                    edits: [context.replace(dispatch.call, with: body)])
            }
            return context.violation(
                "Already on the main actor: \(here.briefSentence(for: scope.summary)). `\(dispatch.spelling)` only " +
                "defers this work one run-loop turn: call it directly, or say in a comment on the dispatch why it must wait.",
                at: dispatch.call.calledExpression, fix: fix)
        }
    }
}
