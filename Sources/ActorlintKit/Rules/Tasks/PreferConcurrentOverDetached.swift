import SwiftSyntax

/// `Task.detached` where a `@concurrent` function or structured concurrency fits.
struct PreferConcurrentOverDetached: Rule {
    /// Its findings are calls spelled `Task.detached`.
    static let triggers = ["detached", "Detached"]

    static let description = RuleDescription(
        id: "prefer-concurrent-over-detached",
        category: .tasks, set: .preview,
        summary: "`Task.detached` where a `@concurrent` function or structured concurrency fits",
        rationale: """
            A detached task inherits nothing from where it is created: not the actor, not the \
            priority, not task-local values, and nobody cancels it when its creator goes away. \
            Developers reach for it to get work off the main actor and then bring the result \
            back, by awaiting the task's `value` or by hopping to the main actor by hand. Since \
            Swift 6.2 the explicit way is a `@concurrent` function that the caller awaits \
            (SE-0461), which keeps the work structured: it is cancelled with its caller and its \
            result comes back on the caller's actor. Apple's documentation likewise advises \
            against detached tasks when structured concurrency (`async let`, task groups) can \
            model the work. The rule reports a detached task that does synchronous work of its \
            own and whose result comes back to its creator: awaited right away, through a local \
            handle, or handed to the main actor by hand from inside. A fire-and-forget detached \
            task (a background job started from synchronous code, a loop that runs for its \
            owner's lifetime, a handle kept in a property) is not something a caller could \
            await, and a body that only awaits moves no work anywhere (its detach is about \
            priority or cancellation): both are left alone, as is a detached task created on \
            the global concurrent executor already, where detaching leaves no actor and changes \
            only priority, task-locals and cancellation. \
            (SE-0461)
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let tasks = context.file.functionCalls.compactMap(TaskCreation.init).filter(\.isDetached)
        return tasks.compactMap { task in
            let call = task.call
            guard resultComesBack(task), doesWorkOfItsOwn(task.body) else { return nil }
            let origin = context.isolation.isolation(at: call).isolation
            // Already on the global concurrent executor: the detach moves no work off an actor;
            // what it changes is priority, task-locals and cancellation, which is deliberate.
            if origin == .concurrent { return nil }
            let from = origin.isMainActor ? " Here it leaves the main actor only to come back by hand." : ""
            return context.violation(
                "`\(task.spelling)` starts an unstructured task that inherits no actor, priority or " +
                "task-locals and that nobody cancels.\(from) Move the work into a `@concurrent` " +
                "function and `await` it, or use `async let` / a task group.",
                at: call.calledExpression)
        }
    }

    /// The body calls something it does not await: synchronous work that a `@concurrent`
    /// function would run instead. A body that only awaits (`await Task.yield()`, `await
    /// other.run()`) moves no work anywhere; detaching it is about priority or about not
    /// inheriting cancellation, a decision this rule does not second-guess.
    private func doesWorkOfItsOwn(_ body: ClosureExprSyntax) -> Bool {
        collect(FunctionCallExprSyntax.self, in: body.statements, within: .everything).contains { inner in
            // A call in an `if`/`guard`/`while` condition decides; it is not the work.
            let stop = inner.nearest(orSelf: true, where: {
                $0.is(AwaitExprSyntax.self) || $0.is(ConditionElementSyntax.self) || $0.id == body.id
            })
            return stop?.id == body.id
        }
    }

    /// The creator gets the task's result: `await Task.detached { }.value`, a local handle whose
    /// `value` or `result` it reads, or a body that hands its result to the main actor itself.
    private func resultComesBack(_ task: TaskCreation) -> Bool {
        let call = task.call
        if let member = call.parent?.as(MemberAccessExprSyntax.self), member.base?.id == call.id,
           ["value", "result"].contains(member.declName.baseName.text) { return true }
        if let binding = call.parent?.parent?.as(PatternBindingSyntax.self),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let scope = binding.nearest(orSelf: true, where: { $0.is(CodeBlockItemListSyntax.self) }),
           collect(MemberAccessExprSyntax.self, in: scope, within: .everything).contains(where: { access in
               ["value", "result"].contains(access.declName.baseName.text)
                   && access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
           }) { return true }
        return collect(FunctionCallExprSyntax.self, in: task.body.statements, within: .everything).contains { inner in
            if inner.calleeText == "MainActor.run" || inner.calleeText == "DispatchQueue.main.async" { return true }
            if let hop = TaskCreation(inner), !hop.isDetached, hop.body.signature?.attributes.contains(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "MainActor"
            }) == true { return true }
            return false
        }
    }
}
