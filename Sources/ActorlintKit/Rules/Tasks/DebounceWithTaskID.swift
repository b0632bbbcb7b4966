import SwiftSyntax

/// A debounce built by hand in a SwiftUI view, where `.task(id:)` does the job.
struct DebounceWithTaskID: Rule {
    /// Its findings are task creations (`TaskCreation`: a callee starting with `Task`).
    static let triggers = ["Task"]

    static let description = RuleDescription(
        id: "debounce-with-task-id",
        category: .tasks, set: .preview,
        summary: "A hand-made debounce (`.onChange` + `Task` + `Task.sleep`, or a stored task cancelled and replaced) in a SwiftUI view: use `.task(id:)`",
        rationale: """
            `.task(id: value) { … }` (iOS 15+) starts its work when the view appears, cancels the \
            running task and starts a new one whenever `value` changes, and cancels the last one \
            when the view disappears. With `try await Task.sleep(for: …)` at the top of the body, \
            a change that arrives during the sleep cancels it (the sleep throws), so only the \
            value the user paused on does the work: a debounce. Built by hand, it needs a \
            `@State` task property, a `cancel()` before every new task and one more in \
            `onDisappear`; without the cancel it is not a debounce at all, only a delay, and \
            every change still does the work. Starting a task in `.onChange` without a sleep is \
            not a debounce and is left alone, unless it cancels and replaces a stored task, \
            which is again `.task(id:)`. Also left alone: handlers that compare the old value \
            with the new one (`.task(id:)` sees only the new one), task handles shared with \
            another view (a `@Binding`), stored delays the code cancels on another branch, and \
            timers whose cancel stops them rather than restarting them. \
            (Apple's `task(id:priority:_:)` documentation)
            """,
        limits: """
            A task started in a method of the view is followed to the `.onChange` handlers of \
            the same file that call it: when one of them reacts to a transition (it reads the \
            old value for more than `old != new`), the finding is dropped. Callers in other \
            files are not seen.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        return context.file.functionCalls.compactMap { call in
            guard let task = TaskCreation(call), let owner = OwnerType(enclosing: call, facts), owner.isSwiftUIView
            else { return nil }
            let modifier = task.call.enclosingClosure?.invocation?.call
            let modifierName = modifier.flatMap { modifier -> String? in
                guard modifier.calledExpression.is(MemberAccessExprSyntax.self),
                      let name = modifier.calleeName, ["onChange", "onSubmit"].contains(name) else { return nil }
                return name
            }
            let sleeps = startsWithSleep(task.body)
            let stored = StoredTask(task, facts)
            // A handle shared with another view (a `@Binding`, or passed on as `$handle`) is
            // cancelled and replaced there too: `.task(id:)` cannot be reached from elsewhere.
            if let stored, isShared(stored) { return nil }
            // `.task(id:)` sees only the new value: a handler that compares it with the old one
            // reacts to a transition, which the modifier cannot express.
            if let handler = task.call.enclosingClosure, modifierName == "onChange", usesOldValue(handler) { return nil }
            // The same for a method of the view that such a handler calls.
            if isCalledOnTransition(task, owner) { return nil }
            let replaces = stored.map(cancelsBeforeReplacing) ?? false
            let message: String
            switch (sleeps, replaces) {
            case (true, true):
                message = "This is a hand-made debounce: cancel the stored task, start one that sleeps. " +
                    "`.task(id: value) { try await Task.sleep(for: …); … }` does the same, and also cancels " +
                    "when the view disappears, without a `@State` task property."
            case (true, false) where modifierName != nil && task.isDiscarded:
                message = "Every change starts another task that sleeps and then does the work, and none " +
                    "is cancelled: this delays the work but does not debounce it. `.task(id: value) { try " +
                    "await Task.sleep(for: …); … }` cancels the previous run (its sleep throws) when the value " +
                    "changes, and the last one when the view disappears."
            case (false, true) where modifierName == "onChange":
                message = "Cancelling the stored task and starting a new one on every change is what " +
                    "`.task(id: value) { … }` does, tied to the view's lifetime and without a `@State` task property."
            default:
                return nil
            }
            return context.violation(message, at: call.calledExpression)
        }
    }

    /// The task's first suspension is a sleep (`Task.sleep`, `clock.sleep`), not inside a loop.
    private func startsWithSleep(_ body: ClosureExprSyntax) -> Bool {
        guard let first = collect(AwaitExprSyntax.self, in: body.statements, within: .context).first,
              let call = first.expression.as(FunctionCallExprSyntax.self), call.isSleep else { return false }
        let inLoop = first.nearest(orSelf: true) { node in
            node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self)
        }.map { $0.isInside(body) } ?? false
        return !inLoop
    }

    /// `x?.cancel()` in an earlier statement of the block where `x = Task { … }` happens, on the
    /// way to the new task: not in a `guard … else` or a branch that leaves (`if !on { x?.cancel();
    /// return }` stops a timer, it does not restart one).
    private func cancelsBeforeReplacing(_ stored: StoredTask) -> Bool {
        guard let item = stored.task.call.nearest(orSelf: true, where: { $0.is(CodeBlockItemSyntax.self) }),
              let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        return list.contains { earlier in
            earlier.position < item.position && collect(FunctionCallExprSyntax.self, in: earlier, within: .everything).contains { cancel in
                guard cancel.calleeName == "cancel", cancel.arguments.isEmpty,
                      let base = cancel.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                      mentions(stored.property, in: base) else { return false }
                var current = Syntax(cancel).parent
                while let node = current, node.id != earlier.id {
                    if node.is(GuardStmtSyntax.self) { return false }
                    if let block = node.as(CodeBlockSyntax.self), block.statements.contains(where: {
                        $0.item.is(ReturnStmtSyntax.self) || $0.item.is(ThrowStmtSyntax.self)
                    }) { return false }
                    current = node.parent
                }
                return true
            }
        }
    }

    /// The task property is a `@Binding`, or its binding `$name` is handed to another view.
    private func isShared(_ stored: StoredTask) -> Bool {
        stored.owner.declarations.contains { declaration in
            let bound = declaration.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.contains { variable in
                variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == stored.property }
                    && variable.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "Binding" }
            }
            return bound || collect(DeclReferenceExprSyntax.self, in: declaration, within: .everything).contains {
                $0.baseName.text == "$" + stored.property
            }
        }
    }

    /// `{ old, new in … old … }` or `$0`: the handler reads the value before the change, for
    /// more than telling whether it changed (`old != new` is what `.task(id:)` checks itself).
    private func usesOldValue(_ handler: ClosureExprSyntax) -> Bool {
        var names: [String] = []
        if let shorthand = handler.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self) {
            names = shorthand.map(\.name.text)
        } else if let clause = handler.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self) {
            names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
        let references = collect(DeclReferenceExprSyntax.self, in: handler.statements, within: .everything)
        if names.isEmpty, references.contains(where: { $0.baseName.text == "$1" }) { names = ["$0", "$1"] }
        guard names.count == 2, names[0] != "_" else { return false }
        return references.contains { reference in
            reference.baseName.text == names[0] && !comparesWithNewValue(reference, new: names[1])
        }
    }

    /// `old != new`, `new == old`: the reference only tells whether the value changed.
    private func comparesWithNewValue(_ reference: DeclReferenceExprSyntax, new: String) -> Bool {
        guard let list = reference.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true else { return false }
        let elements = Array(list)
        guard elements.count == 3, let comparison = elements[1].as(BinaryOperatorExprSyntax.self),
              ["!=", "=="].contains(comparison.operator.text) else { return false }
        let other = elements[0].id == reference.id ? elements[2] : elements[0]
        return other.as(DeclReferenceExprSyntax.self)?.baseName.text == new
    }

    /// The task is started by a method of the view that an `.onChange` handler comparing the
    /// old value with the new one calls: that handler reacts to a transition.
    private func isCalledOnTransition(_ task: TaskCreation, _ owner: OwnerType) -> Bool {
        guard task.call.enclosingClosure == nil, let method = task.call.nearest(FunctionDeclSyntax.self) else { return false }
        let name = method.name.text
        return owner.declarations.contains { declaration in
            collect(DeclReferenceExprSyntax.self, in: declaration, within: .everything).contains { reference in
                guard reference.baseName.text == name,
                      let handler = reference.nearest(where: { node in
                          node.as(ClosureExprSyntax.self)?.invocation?.call.calleeName == "onChange"
                      })?.as(ClosureExprSyntax.self) else { return false }
                return usesOldValue(handler)
            }
        }
    }
}
