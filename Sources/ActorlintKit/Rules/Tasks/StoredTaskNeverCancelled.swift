import SwiftSyntax

/// A long-lived task kept in a property that its owner never cancels.
struct StoredTaskNeverCancelled: Rule {
    /// Its findings are task creations (`TaskCreation`: a callee starting with `Task`).
    static let triggers = ["Task"]

    static let description = RuleDescription(
        id: "stored-task-never-cancelled",
        category: .tasks,
        summary: "A `Task` with a long-lived loop is stored in a property that is never cancelled",
        rationale: """
            An unstructured task runs until its body returns; keeping its handle in a property \
            only makes cancelling it possible. A body that loops over an async sequence, or \
            `while true` / `while !Task.isCancelled`, returns only when the sequence ends or the \
            task is cancelled, so if the owner never calls `cancel()` the loop keeps running, \
            and keeps everything it captured alive, after the screen or object is gone. Setting \
            the property to `nil` or assigning a new task does not cancel the old one. Cancel it \
            where the owner's work ends (`deinit`, `viewDidDisappear`, `onDisappear`, a `stop()` \
            method); in SwiftUI, prefer `.task { }`, which is cancelled with the view. \
            (SE-0304)
            """,
        limits: """
            Only cancels in the owner's own declaration and its extensions in the same file are \
            seen. A poll that ends by a condition of its own (`while await job.isRunning()`, a \
            `while true` that breaks when the work is done) is not a long-lived loop here.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        return context.file.functionCalls.compactMap { call in
            guard let task = TaskCreation(call), let stored = StoredTask(task, facts),
                  let loop = task.body.longLivedLoops.first, !stored.isCancelledByOwner else { return nil }
            // A task that holds its owner keeps `deinit` from running: cancelling there never happens.
            let holdsOwner = stored.ownerUses != nil
            let advice = stored.owner.isSwiftUIView
                ? "In a view, start the work with `.task { }`, which SwiftUI cancels when the view disappears, or cancel it in `.onDisappear`."
                : holdsOwner
                ? "Cancel it where the owner's work ends: `viewDidDisappear` or a `stop()` method (not `deinit`, which does not run while the task holds `self`)."
                : "Cancel it where the owner's work ends: `deinit`, `viewDidDisappear`, or a `stop()` method."
            // With `[weak self]` the task does not keep its owner; say only that it runs on.
            let keeps = task.body.captureItems.contains { $0.isSelf && $0.specifier != nil } ? "" : ", and keeps what it captured alive,"
            return context.violation(
                "`\(stored.property)` keeps a task that runs a \(loop.loopKind), and nothing in `\(stored.owner.name)` " +
                "(in this file) cancels it. Replacing or dropping the handle does not stop a task: it keeps " +
                "running\(keeps) until its sequence ends. \(advice)",
                at: stored.target)
        }
    }
}
