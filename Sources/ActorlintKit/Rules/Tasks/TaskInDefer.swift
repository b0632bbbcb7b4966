import SwiftSyntax

/// `defer { Task { await cleanup() } }` in async code: with Swift 6.4 the `defer` can await the
/// cleanup itself (SE-0493).
struct TaskInDefer: Rule {
    /// Its findings are in `defer` bodies.
    static let triggers = ["defer"]

    static let description = RuleDescription(
        id: "task-in-defer",
        category: .tasks, set: .preview,
        summary: "`defer { Task { … } }` in async code, a task that only runs async cleanup: await it in the `defer` (Swift 6.4)",
        rationale: """
            Before Swift 6.4 a `defer` body could not `await`, so async cleanup was started in an \
            unstructured task from the `defer`: it runs after the function has returned, nobody \
            awaits it (its errors, if it throws, are lost), and callers go on before the cleanup \
            is done (a file still open, a lock still held, a spinner still spinning). Since Swift 6.4 a `defer` \
            in async code may `await`, and the function waits for it on every way out (SE-0493). \
            The task was never cancelled with the function's task, whereas code in the `defer` \
            sees that cancellation; `withTaskCancellationShield` (SE-0504, also Swift 6.4) keeps \
            the cleanup from seeing it, as the task did. The rule reports only where the \
            project's compiler is known to be Swift 6.4 or later, and only a task whose handle \
            is dropped, that inherits the caller's context (`Task`, `Task.immediate`: a detached \
            task is left alone, its detachment may be the point) and that awaits something.
            """,
        limits: """
            Only statements of the `defer` body itself are looked at, not tasks started in \
            closures inside it. Whether the caller may wait for the cleanup is not known: the fix \
            is unsafe for that reason.
            """,
        fix: FixInfo(.unsafe, """
            Replaces `Task { … }` (with its arguments) by `await withTaskCancellationShield { … }`: \
            the cleanup runs before the function returns, still without seeing the task's \
            cancellation. Offered when the task's closure has no signature or capture list and no \
            `try` or `throw` whose error would have to leave the `defer` (use `try?` or \
            `do`/`catch` inside it first). The function now waits for the cleanup: a change in \
            behaviour. The text after the fix is checked against SE-0493 and SE-0504 by reading \
            only: actorlint's tests run Swift 6.3, which compiles the code before the fix but not \
            after it.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        guard context.module.compilerSupports(CompilerVersion.asyncDefer) == true, let compiler = context.module.compiler else {
            return []
        }
        return collect(DeferStmtSyntax.self, in: context.file.tree, within: .everything).flatMap { deferred -> [Violation] in
            let enclosing = ExecutionContext.innermost(containing: Syntax(deferred))
            guard enclosing.isAsync else { return [] }
            return deferred.body.statements.compactMap { item -> Violation? in
                guard let call = item.item.as(FunctionCallExprSyntax.self), let task = TaskCreation(call),
                      !task.isDetached, task.body.statements.containsAwait else { return nil }
                let throwing = throwsOut(of: task.body)
                return context.violation(
                    "This `\(task.spelling)` only runs async cleanup, after \(name(of: enclosing)) has returned: nothing " +
                    "awaits it, so callers go on before the cleanup is done\(throwing ? " and its errors are lost" : ""). " +
                    "This project builds with \(compiler.phrase), where a `defer` in async code can `await` it (SE-0493); " +
                    "`withTaskCancellationShield` keeps it from seeing the task's cancellation, as the task did (SE-0504).",
                    at: call.calledExpression, fix: throwing ? nil : fix(task))
            }
        }
    }

    /// "`upload(…)`", "the closure passed to `Task`": what returns before the task runs.
    private func name(of context: ExecutionContext) -> String {
        if let function = context.node?.as(FunctionDeclSyntax.self) {
            return "`\(function.name.text)(\(function.signature.parameterClause.parameters.isEmpty ? "" : "…"))`"
        }
        return "the " + context.summary
    }

    /// `Task(args) { body }` → `await withTaskCancellationShield { body }`.
    private func fix(_ task: TaskCreation) -> Fix? {
        guard let closure = task.call.trailingClosure, task.call.additionalTrailingClosures.isEmpty,
              task.body.signature == nil else { return nil }
        let edit = TextEdit(start: task.call.calledExpression.positionAfterSkippingLeadingTrivia.utf8Offset,
                            end: closure.positionAfterSkippingLeadingTrivia.utf8Offset,
                            replacement: "await withTaskCancellationShield ")
        return Fix(title: "Await the cleanup in the `defer`, shielded from cancellation", safety: .unsafe, edits: [edit])
    }

    /// A `try` (not `try?` or `try!`) or `throw` in the closure itself: a `defer` body cannot
    /// throw, so its error would have nowhere to go.
    private func throwsOut(of closure: ClosureExprSyntax) -> Bool {
        contains(in: closure.statements, within: .context) { node in
            if let tried = node.as(TryExprSyntax.self) { return tried.questionOrExclamationMark == nil }
            return node.is(ThrowStmtSyntax.self)
        }
    }
}
