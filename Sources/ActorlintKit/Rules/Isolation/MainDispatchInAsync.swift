import SwiftSyntax

/// `DispatchQueue.main.async` inside async code that does not run on the main actor.
struct MainDispatchInAsync: Rule {
    /// Its findings are main dispatches (`MainDispatch.spellings`).
    static let triggers = MainDispatch.triggers

    static let description = RuleDescription(
        id: "main-dispatch-in-async",
        category: .isolation,
        summary: "`DispatchQueue.main.async` inside async code that is not on the main actor: await a `@MainActor` method instead",
        rationale: """
            Inside async code the structured way to reach the main actor is to await main-actor \
            code: a `@MainActor` method of the model, a `@MainActor` function, or \
            `MainActor.run { … }` (SE-0316). A dispatch to the main queue from async code queues the work and \
            goes on: whatever follows in the function runs before the update, the function cannot \
            wait for it or get a result back, and the compiler does not check the closure as part \
            of the function. Only async code counts: a synchronous callback written inside an async \
            function (a Combine `sink`, a completion handler, a continuation's body) runs when it is \
            called, where no `await` is possible; main-dispatch-in-callback covers those.
            """,
        limits: """
            Left alone: a dispatch with a comment on it (its author says why it must be a hop), \
            and test code, where a hop lets the main queue run what was queued before it. The \
            synchronous overload of an async method is callback code, not the async overload's \
            body, even when both share a name.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        MainDispatch.all(in: context.file).compactMap { dispatch in
            guard let code = dispatch.asyncCode else { return nil }
            let here = context.isolation.isolation(of: code)
            guard Self.isOffMain(here.isolation) else { return nil }
            // A hop whose comment says why it is one, and a test waiting for the main queue to run
            // what was queued before it, want the main queue's order, not just the main actor.
            guard !dispatch.isJustified, !TestCode.contains(dispatch.call, in: context.file) else { return nil }
            let order: String
            switch Self.statementAfter(dispatch, in: code) {
            case let next? where next.id == Syntax(dispatch.call).id: order = "; the loop may go on before it runs"
            case let next?: order = "; line \(context.file.line(of: next)) may run before it"
            case nil: order = ""
            }
            return context.violation(
                "\(here.briefSentence(for: code.summary).capitalizedFirst). `\(dispatch.spelling)` does not wait " +
                "for the update\(order). `await` a `@MainActor` method or `MainActor.run { … }` instead.",
                at: dispatch.call.calledExpression)
        }
    }

    /// Off the main actor, or on an actor that need not be it (a caller's, under SE-0461).
    static func isOffMain(_ isolation: Isolation) -> Bool {
        switch isolation {
        case .concurrent, .caller, .actorInstance, .globalActor: true
        case .mainActor, .nonisolated, .unknown: false
        }
    }

    /// The first statement of `code` that runs after the dispatch is queued: one after it in a
    /// block around it, or the dispatch itself again in a loop.
    static func statementAfter(_ dispatch: MainDispatch, in code: ExecutionContext) -> Syntax? {
        var current = Syntax(dispatch.call)
        while let parent = current.parent, parent.id != code.node?.id {
            if let item = current.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
               let index = list.firstIndex(where: { $0.id == item.id }), list.index(after: index) != list.endIndex {
                return Syntax(list[list.index(after: index)])
            }
            if parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self) {
                return Syntax(dispatch.call)
            }
            current = parent
        }
        return nil
    }
}

private extension String {
    /// "Function `load()` …" to open a sentence.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
