import SwiftSyntax

/// A task stored in its owner, looping for ever, holding the owner strongly: neither is released.
struct LongLivedTaskStrongSelf: Rule {
    /// Its findings are task creations (`TaskCreation`: a callee starting with `Task`).
    static let triggers = ["Task"]

    static let description = RuleDescription(
        id: "long-lived-task-strong-self",
        category: .captures, set: .preview,
        summary: "A stored task with a long-lived loop captures `self` strongly: the owner is never released",
        rationale: """
            A task keeps its closure's captures until it finishes. When the task runs a \
            `for await` (or `while true`, `while !Task.isCancelled`) loop, it finishes only when \
            the sequence ends or someone cancels it, and the natural place to cancel it, the \
            owner's `deinit`, never runs while the task holds the owner: the object owns the \
            task through the property, the task owns the object through its closure. Capture \
            `self` weakly and unwrap it inside the loop, so the owner can go away between two \
            elements and the next unwrap ends the task. (the Swift book, "Strong Reference Cycles for Closures")
            """,
        limits: """
            Left alone: an owner that cancels the task in a method of its own other than \
            `deinit` (a `stop()` that whoever owns the object calls), where the cycle is broken \
            on purpose, and a poll that ends by a condition of its own (`while await \
            job.isRunning()`). Whether anything calls that `stop()` is not checked, and cancels \
            from other types are not seen.
            """,
        fix: FixInfo(.unsafe, """
            Adds `[weak self]` to the task's capture list and `guard let self else { return }` \
            as the first statement of the loop. Offered when the task has one such loop, uses \
            `self` only inside it, and is not in an actor (there a weak capture would take the \
            task off the actor). Unsafe: the task now ends when its owner goes away.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        return context.file.functionCalls.compactMap { call in
            guard let task = TaskCreation(call), let stored = StoredTask(task, facts),
                  let loop = task.body.longLivedLoops.first, let uses = stored.ownerUses else { return nil }
            // A method other than `deinit` that cancels the task (a `stop()`, not the start
            // method cancelling the task it replaces) is how the owner breaks the cycle on purpose.
            let cancels = stored.cancellations
            let inDeinit = cancels.contains { $0.nearest(DeinitializerDeclSyntax.self) != nil }
            let stops = cancels.contains { cancel in
                guard cancel.nearest(DeinitializerDeclSyntax.self) == nil else { return false }
                let function = cancel.nearest(where: \.isDeclarationBoundary)
                return function.map { !task.call.isInside($0) } ?? true
            }
            if stops { return nil }
            let deinitNote = inDeinit ? ", and the `deinit` that cancels the task never runs" : ""
            // In an actor, the strong capture is what isolates the task's closure to the actor.
            let actorNote = stored.owner.kind == .actor
                ? " In an actor this also takes the task off the actor: only a closure that captures `self` strongly is " +
                  "isolated to it, so its accesses to the actor's state then need `await`."
                : ""
            return context.violation(
                "This task is stored in `\(stored.property)` and runs a \(loop.loopKind) that ends only when " +
                "\(loop.loopEnd), while its closure holds `self` strongly: the " +
                "object owns the task and the task owns the object, so neither is released\(deinitNote). " +
                "Capture `[weak self]` and unwrap it inside the loop.\(actorNote)",
                at: call.calledExpression, fix: fix(task, stored: stored, uses: uses, context))
        }
    }

    private func fix(_ task: TaskCreation, stored: StoredTask, uses: [Syntax], _ context: RuleContext) -> Fix? {
        let loops = task.body.longLivedLoops
        guard stored.owner.kind == .class, loops.count == 1, let body = loops[0].loopBody,
              uses.allSatisfy({ $0.isInside(body) }) else { return nil }
        // Bare names that might be members the file does not show (inherited ones) count too.
        let locals = LocalNames(around: task.body)
        guard locals.selfReferences(in: task.body.statements).allSatisfy({ $0.isInside(body) }) else { return nil }
        let builder = EditBuilder(context.file)
        return Fix(title: "Capture `self` weakly and unwrap it inside the loop", safety: .unsafe, edits: [
            builder.addWeakSelf(to: task.body),
            builder.insertFirst("guard let self else { return }", in: body),
        ])
    }
}
