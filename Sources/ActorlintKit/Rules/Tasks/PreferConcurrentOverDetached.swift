import SwiftSyntax

/// `Task.detached` where a `@concurrent` function or structured concurrency fits.
struct PreferConcurrentOverDetached: Rule {
    /// Its findings are calls spelled `Task.detached`.
    static let triggers = ["detached", "Detached"]

    static let description = RuleDescription(
        id: "prefer-concurrent-over-detached",
        category: .tasks,
        summary: "`Task.detached` where a `@concurrent` function or structured concurrency fits",
        rationale: """
            A detached task inherits nothing from where it is created: not the actor, not the \
            priority, not task-local values, and cancelling the task that waits for it does not \
            reach it. Developers reach for it to get work off the main actor and then bring the \
            result back, by awaiting the task's `value` or by hopping to the main actor by hand. \
            Since Swift 6.2 the explicit way is a `@concurrent` function that the caller awaits \
            (SE-0461); before it, a `nonisolated` async function leaves the caller's actor by \
            itself (SE-0338). Either keeps the work structured: it is cancelled with its caller \
            and its result comes back on the caller's actor. Apple's documentation likewise \
            advises against detached tasks when structured concurrency (`async let`, task \
            groups) can model the work. The rule reports a detached task whose result comes \
            back to its creator (awaited right away or through a local handle) and that does \
            work of its own or only awaits (then detaching moves nothing), and one created on \
            the main actor whose body hands its result back by hand (`MainActor.run`, a \
            `@MainActor` method of the same type). Created on the global concurrent executor \
            already, a detached task moves no work: it is reported only where the surrounding \
            code checks for cancellation, which the detached work no longer sees. \
            (SE-0461, SE-0338)
            """,
        limits: """
            Left alone: a detached task started from synchronous nonisolated code (no caller \
            could await anything, and a plain `Task` would inherit nothing either); a handle \
            kept in a property (its lifetime is managed: awaited or cancelled elsewhere); a \
            fire-and-forget task that does not hand its result back; a body that only awaits \
            functions this file does not declare (under `NonisolatedNonsendingByDefault` or \
            `nonisolated(nonsending)` they would run on the caller's actor, and detaching them \
            does move them), or that only awaits one call and passes a priority (the detach is \
            then about priority); \
            hand-backs through other objects' `@MainActor` methods, whose types the rule does \
            not resolve.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        let tasks = context.file.functionCalls.compactMap(TaskCreation.init).filter(\.isDetached)
        return tasks.compactMap { task in
            let origin = context.isolation.isolation(at: task.call).isolation
            switch origin {
            // Synchronous nonisolated code has no caller to await anything, and where it runs
            // is not known: a plain `Task` there inherits nothing either.
            case .nonisolated, .unknown: return nil
            case .mainActor, .globalActor, .actorInstance, .caller, .concurrent: break
            }
            // A kept handle is managed: awaited or cancelled by whoever holds it.
            if StoredTask(task, facts) != nil { return nil }
            let awaited = task.isAwaitedByCreator
            let spelling = OffActorSpelling(context.module)
            if awaited, !task.givesPriority, let callee = onlyAwaitedCall(task.body),
               awaitedFunctionLeavesTheCaller(callee, context, facts) {
                return context.violation(
                    "This detached task only awaits `\(callee)()`, which runs where it is isolated whatever task " +
                    "calls it (SE-0338): detaching moves no work, and the call loses this task's cancellation and " +
                    "priority. Await `\(callee)()` directly.", at: task.call.calledExpression)
            }
            guard doesWorkOfItsOwn(task.body) else { return nil }
            if origin == .concurrent {
                guard awaited, !task.givesPriority, let check = cancellationCheck(around: task) else { return nil }
                return context.violation(
                    "This function already runs on the global concurrent executor (SE-0338), so `Task.detached` " +
                    "moves the work to no other executor; it only cuts it off from this task's cancellation, which " +
                    "the function checks on line \(context.file.line(of: check)). Do the work here directly, or in " +
                    "an `async let`, and cancelling this task reaches it.", at: task.call.calledExpression)
            }
            let inherits = task.givesPriority ? "no actor or task-locals (its priority is given here)"
                : "no actor, priority or task-locals"
            if awaited {
                let later = task.call.parent?.is(MemberAccessExprSyntax.self) == true ? "" : ", or start it with `async let`"
                return context.violation(
                    "`Task.detached` runs this work in a task that inherits \(inherits), and that cancelling the " +
                    "task awaiting it does not reach. Move the work into \(spelling.function) and `await` it\(later): " +
                    "it leaves the actor just the same, and stays part of this task.\(spelling.compilerNote)",
                    at: task.call.calledExpression)
            }
            // A loop that runs for the owner's lifetime (a receive loop calling back into the main
            // actor per message) hands nothing back to a caller.
            guard origin.isMainActor, task.body.longLivedLoops.isEmpty, let hop = handBack(in: task.body, context, facts)
            else { return nil }
            let alsoLoses = task.givesPriority ? "task-locals" : "priority or task-locals"
            // The priority it passes is kept: the replacement passes it too.
            let priority = task.call.arguments.first { $0.label?.text == "priority" }.map { "Task(priority: \($0.expression.trimmedText)) { }" }
            return context.violation(
                "This detached task leaves the main actor only for its body to come back by hand (line " +
                "\(context.file.line(of: hop))), and inherits no \(alsoLoses). " +
                (priority.map { "`\($0)`" } ?? "A plain `Task { }`") + " stays on the main " +
                "actor: have it `await` \(spelling.function) for the work, and the result comes back without a " +
                "hop.\(spelling.compilerNote)", at: task.call.calledExpression)
        }
    }

    /// The body calls something it does not await: synchronous work that a `@concurrent`
    /// function would run instead. A call in an `if`/`guard`/`while` condition decides; it is
    /// not the work.
    private func doesWorkOfItsOwn(_ body: ClosureExprSyntax) -> Bool {
        collect(FunctionCallExprSyntax.self, in: body.statements, within: .everything).contains { inner in
            let stop = inner.nearest(orSelf: true, where: {
                $0.is(AwaitExprSyntax.self) || $0.is(ConditionElementSyntax.self) || $0.id == body.id
            })
            return stop?.id == body.id
        }
    }

    /// `f` when the body is only `[return] [try] await f(plain arguments)`: nothing runs in the
    /// detached task but the call.
    private func onlyAwaitedCall(_ body: ClosureExprSyntax) -> String? {
        guard body.statements.count == 1, let item = body.statements.first else { return nil }
        let expression = (item.item.as(ReturnStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self))?.peeled(.try)
        guard let awaited = expression?.as(AwaitExprSyntax.self),
              let call = awaited.expression.peeled(.try).as(FunctionCallExprSyntax.self), let name = call.calleeName,
              call.trailingClosure == nil,
              !contains(in: call.arguments, within: .everything, where: { $0.is(FunctionCallExprSyntax.self) || $0.is(ClosureExprSyntax.self) })
        else { return nil }
        return name
    }

    /// Every function of that name in this file is async and runs on an actor or the global
    /// concurrent executor whoever calls it, so detaching the call moves nothing. (A
    /// `nonisolated(nonsending)` function runs on its caller's actor: detaching does move it.)
    private func awaitedFunctionLeavesTheCaller(_ name: String, _ context: RuleContext, _ facts: FileFacts) -> Bool {
        guard let functions = facts.functions[name], !functions.isEmpty else { return false }
        return functions.allSatisfy { function in
            guard function.signature.effectSpecifiers?.asyncSpecifier != nil, let body = function.body else { return false }
            switch context.isolation.isolation(at: body).isolation {
            case .mainActor, .globalActor, .actorInstance, .concurrent: return true
            case .caller, .nonisolated, .unknown: return false
            }
        }
    }

    /// Where the body hands its result to the main actor itself: `MainActor.run`, a
    /// `Task { @MainActor in }` or `DispatchQueue.main.async`, or an awaited call of a method of
    /// the same type that runs on the main actor (`await self.show(result)`).
    private func handBack(in body: ClosureExprSyntax, _ context: RuleContext, _ facts: FileFacts) -> Syntax? {
        let owner = OwnerType(enclosing: body, facts)
        // The body's own calls: a hop inside a callback it hands on (a progress handler) is not
        // the body handing its result back.
        let calls = collect(FunctionCallExprSyntax.self, in: body.statements, within: .everything)
            .filter { $0.nearest(where: \.isContextBoundary)?.id == body.id }
        return calls.first { inner in
            if inner.calleeText(isOneOf: ["MainActor.run", "DispatchQueue.main.async"]) { return true }
            if let hop = TaskCreation(inner), !hop.isDetached, hop.body.signature?.attributes.contains(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "MainActor"
            }) == true { return true }
            // `await self.show(x)`, `await self?.show(x)`, `await show(x)` after `guard let self`:
            // a method of the same type, and no other function of that name in the file.
            guard let owner, inner.nearest(AwaitExprSyntax.self, within: .context) != nil, let name = inner.calleeName else { return false }
            if let member = inner.calledExpression.as(MemberAccessExprSyntax.self) {
                guard ["self", "self?"].contains(member.base?.trimmedText ?? "") else { return false }
            } else if !inner.calledExpression.is(DeclReferenceExprSyntax.self) {
                return false
            }
            let methods = facts.functions[name] ?? []
            let own = methods.allSatisfy { function in
                owner.declarations.contains { $0.memberBlock.members.contains { $0.decl.id == function.id } }
            }
            return own && !methods.isEmpty && methods.allSatisfy { method in
                method.body.map { context.isolation.isolation(at: $0).isolation.isMainActor } ?? false
            }
        }.map(Syntax.init)
    }

    /// A cancellation check of the code that creates the task (`Task.isCancelled`,
    /// `Task.checkCancellation()`, `withTaskCancellationHandler`), outside the tasks it starts.
    private func cancellationCheck(around task: TaskCreation) -> Syntax? {
        guard let scope = ExecutionContext.innermost(containing: Syntax(task.call)).node else { return nil }
        return collect(in: scope, within: .declaration) { node in
            let text: String
            if let member = node.as(MemberAccessExprSyntax.self) { text = member.trimmedText }
            else if let call = node.as(FunctionCallExprSyntax.self) { text = call.calleeName ?? "" }
            else { return false }
            guard ["Task.isCancelled", "checkCancellation", "withTaskCancellationHandler"].contains(text) else { return false }
            var current = node.parent
            while let parent = current, parent.id != scope.id {
                if let closure = parent.as(ClosureExprSyntax.self), TaskCreation(body: closure) != nil { return false }
                current = parent.parent
            }
            return true
        }.first
    }
}
