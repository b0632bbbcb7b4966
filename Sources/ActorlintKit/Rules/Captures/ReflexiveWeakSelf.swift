import SwiftSyntax

/// `[weak self]` on a task whose work is finite: the task releases self when it ends anyway.
struct ReflexiveWeakSelf: Rule {
    /// Its findings are `[weak self]` captures.
    static let triggers = ["weak"]

    static let description = RuleDescription(
        id: "reflexive-weak-self",
        category: .captures,
        summary: "`[weak self]` on a `Task` whose work is finite: self is released when the task ends",
        rationale: """
            A task holds its closure, and everything the closure captured, until the task \
            finishes; then it lets go. A strong `self` in a task that loads something and \
            returns only keeps the object alive a little longer: there is no reference cycle to \
            break, so the `[weak self]` carried over from completion-handler days is noise, and \
            it costs a `guard let self` or a `self?.` at every use, which hides the real control \
            flow. Weak capture still matters for tasks that never finish on their own (a \
            `for await` or `while true` loop); this rule stays quiet for those, for bodies that \
            sleep, wait for another task's result or await an event by name (`waitUntil…`, \
            `waitFor…`): a delayed or queued action that should not run for a dead owner; for bodies that run a closure they were handed (its length is \
            the caller's business), in `deinit`, for a stored task that `deinit` cancels (the weak \
            capture is what lets the owner go first), and in an escaping closure that captures \
            `self` weakly without unwrapping it first (the task's own weak capture keeps it from \
            capturing that closure's weak variable). \
            (the Swift book, "Strong Reference Cycles for Closures")
            """,
        fix: FixInfo(.unsafe, """
            Drops the `weak self` capture, turns `self?.` and `self!` into `self.`, removes \
            `guard let self else { … }` (and renames a `strongSelf` binding to `self`). Offered \
            only when every use of `self` converts mechanically. Unsafe because the work now \
            also runs when the owner has gone away in the meantime.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        let index = context.isolation.index
        return context.file.closures.compactMap { closure in
            guard let capture = closure.weakSelfCapture, let task = TaskCreation(body: closure),
                  !closure.mayBeLongLived(following: facts), !runsWorkHandedIn(closure), !awaitsAnEvent(closure),
                  selfIsPlainStrong(around: task.call, facts, index),
                  task.call.nearest(orSelf: true, where: { $0.is(DeinitializerDeclSyntax.self) }) == nil,
                  !isManaged(task, facts)
            else { return nil }
            let inActor = OwnerType(enclosing: task.call, facts)?.kind == .actor
            return context.violation(message(task, inActor: inActor), at: capture, fix: fix(task, capture: capture, facts, context))
        }
    }

    private func message(_ task: TaskCreation, inActor: Bool) -> String {
        var text = "`[weak self]` breaks no cycle here: the task releases `self` when its work ends, and its body " +
            "has no long-lived loop. Capture `self` strongly and drop the `guard let self`/`self?.` it forces."
        if inActor {
            text += " In an actor, the strong capture also makes the task run on the actor."
        } else if task.body.selfUseFollowsAwait {
            text += " (The weak capture only skips the work after the first `await` if the owner is gone by then.)"
        }
        return text
    }

    /// A task whose handle the owner stores and cancels in its `deinit`: the weak capture is what
    /// lets the owner go, and so cancel the work, before it ends: a deliberate pair.
    private func isManaged(_ task: TaskCreation, _ facts: FileFacts) -> Bool {
        guard let stored = StoredTask(task, facts) else { return false }
        return stored.owner.declarations.contains { declaration in
            declaration.memberBlock.members.contains { member in
                guard let deinitializer = member.decl.as(DeinitializerDeclSyntax.self) else { return false }
                return collect(FunctionCallExprSyntax.self, in: deinitializer, within: .everything).contains { call in
                    call.calleeName == "cancel" && call.calledExpression.as(MemberAccessExprSyntax.self)?.base
                        .map { mentions(stored.property, in: $0) } == true
                }
            }
        }
    }

    /// Whether the body awaits an event by name (`waitUntilPlaybackFinishes()`, `waitForLogin()`)
    /// and uses `self` after it: how long the wait takes is not the task's to say, and skipping
    /// what follows for an owner gone by then is the point of the weak capture. (With nothing
    /// after it, the weak capture skips nothing.)
    private func awaitsAnEvent(_ closure: ClosureExprSyntax) -> Bool {
        let selfUses = closure.selfUsePositions.references + closure.selfUsePositions.unwraps
        return collect(AwaitExprSyntax.self, in: closure.statements, within: .context).contains { awaited in
            let name = awaited.expression.peeled(.try).awaitedCall?.calleeName ?? ""
            return (name.hasPrefix("waitUntil") || name.hasPrefix("waitFor")) && selfUses.contains { $0 >= awaited.endPosition }
        }
    }

    /// Whether the body awaits a closure it was handed (`await operation()`, where `operation` is
    /// a parameter or a local value, not a function): how long that work runs, and whether it
    /// ever ends, is the caller's business, so the body cannot be called finite.
    private func runsWorkHandedIn(_ closure: ClosureExprSyntax) -> Bool {
        guard let member = closure.nearest(orSelf: true, where: { $0.parent?.is(MemberBlockItemSyntax.self) == true
            || $0.parent?.parent?.is(SourceFileSyntax.self) == true }) else { return false }
        var values = Set(collect(IdentifierPatternSyntax.self, in: member, within: .everything).map { $0.identifier.text.replacingBackticks })
        for parameter in collect(FunctionParameterSyntax.self, in: member, within: .everything) { values.insert((parameter.secondName ?? parameter.firstName).text) }
        for parameter in collect(ClosureParameterSyntax.self, in: member, within: .everything) { values.insert((parameter.secondName ?? parameter.firstName).text) }
        for parameter in collect(ClosureShorthandParameterSyntax.self, in: member, within: .everything) { values.insert(parameter.name.text) }
        values.subtract(collect(FunctionDeclSyntax.self, in: member, within: .everything).map(\.name.text))
        return collect(AwaitExprSyntax.self, in: closure.statements, within: .everything).contains { awaited in
            guard let call = awaited.expression.peeled(.try).as(FunctionCallExprSyntax.self) else { return false }
            var callee = call.calledExpression
            if let chained = callee.as(OptionalChainingExprSyntax.self) { callee = chained.expression }
            guard case .identifier(let name)? = callee.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind else { return false }
            return values.contains(name.replacingBackticks)
        }
    }

    /// Whether `self` around the task is a strong reference that lives no longer than the code
    /// creating the task: every closure between the task and its function is non-escaping, queued
    /// to run once, or another task body, and captures `self` strongly; or the nearest closure that
    /// captures `self` weakly has unwrapped it (`guard let self`) before creating the task, so the
    /// task captures that strong binding. Without the unwrap, the task's own `[weak self]` is what
    /// keeps it from capturing the outer weak variable (a `@Sendable` closure may not).
    private func selfIsPlainStrong(around call: FunctionCallExprSyntax, _ facts: FileFacts, _ index: ProjectIndex) -> Bool {
        var current = call.enclosingClosure
        while let closure = current {
            if closure.weakSelfCapture != nil {
                return SelfUnwrap.all(in: closure).contains { $0.name == "self" && $0.scope.contains(call.position) }
            }
            if closure.capturesSelfWithoutOwning || closure.capturesSelfStrongExplicitly { return false }
            switch closure.role(facts, index: index) {
            case .task, .nonEscaping, .runsOnce: break
            case .escaping, .unknown: return false
            }
            current = closure.enclosingClosure
        }
        return true
    }

    private func fix(_ task: TaskCreation, capture: ClosureCaptureSyntax, _ facts: FileFacts,
                     _ context: RuleContext) -> Fix? {
        // In an actor, a strong capture makes the task isolated to it, while the weak one was
        // not: the awaits and the executor change, which is no mechanical rewrite.
        if OwnerType(enclosing: task.call, facts)?.kind == .actor { return nil }
        let builder = EditBuilder(context.file)
        let closure = task.body
        var edits = builder.removeCapture(capture, from: closure)
        let unwraps = SelfUnwrap.all(in: closure)
        // An unwrap in a nested closure would bind a non-optional `self` after the fix.
        let nestedUnwraps = collect(ClosureExprSyntax.self, in: closure.statements, within: .everything).filter { nested in
            !Syntax(nested).isInOwnCapture(of: closure) && !nested.captureItems.contains(where: \.isSelf)
                && !SelfUnwrap.all(in: nested).isEmpty
        }
        guard nestedUnwraps.isEmpty else { return nil }
        // A nested task that also captures weakly becomes reflexive once this one is strong:
        // the fix would reveal a finding `check` never showed, and a second `fix` change more.
        if collect(ClosureExprSyntax.self, in: closure.statements, within: .everything).contains(where: {
            $0.capturesSelfWithoutOwning && TaskCreation(body: $0) != nil
        }) { return nil }
        let locals = LocalNames(around: closure)
        // Where `self` (the name) is already strong: after `guard let self`.
        var strongScopes: [Range<AbsolutePosition>] = []
        for unwrap in unwraps {
            guard unwrap.isGuard else { return nil }
            if let condition = builder.deleteCondition(unwrap.condition) {
                edits.append(condition)
            } else {
                edits.append(builder.deleteStatement(unwrap.item))
            }
            if unwrap.name == "self" {
                strongScopes.append(unwrap.scope)
                // A detached task has no implicit self: members used bare after the guard would break.
                if task.isDetached, locals.selfReferences(in: closure).contains(where: {
                    !$0.isExplicitSelf && unwrap.scope.contains($0.position)
                }) { return nil }
            } else {
                for reference in collect(DeclReferenceExprSyntax.self, in: closure, within: .everything)
                where reference.baseName.text == unwrap.name && unwrap.scope.contains(reference.position) {
                    edits.append(context.replace(reference, with: "self"))
                }
            }
        }
        for reference in selfReferences(in: closure) {
            if unwraps.contains(where: { reference.isInside($0.condition) }) { continue }
            if strongScopes.contains(where: { $0.contains(reference.position) }) { continue }
            if let chain = reference.parent?.as(OptionalChainingExprSyntax.self) {
                guard resultIsUnused(chain, task: task) else { return nil }
                edits.append(context.replace(chain.questionMark, with: ""))
            } else if let unwrapped = reference.parent?.as(ForceUnwrapExprSyntax.self) {
                edits.append(context.replace(unwrapped.exclamationMark, with: ""))
            } else {
                // `self` used as an optional value (`self == nil`, `f(self)`): no mechanical rewrite.
                return nil
            }
        }
        // Two unwraps of the same name (a repeated `guard let strongSelf = self`) both reach
        // the uses after the second: each use is renamed once.
        var seen: Set<TextEdit> = []
        let fix = Fix(title: "Capture `self` strongly", safety: .unsafe, edits: edits.filter { seen.insert($0).inserted })
        // Statements the parser could not separate (`guard …` twice on broken lines) are
        // deleted as one and again as their parts.
        return fix.hasOverlappingEdits ? nil : fix
    }

    /// `self` in the task body, including non-escaping and escaping nested closures, but not in
    /// nested closures that capture `self` themselves (their `self` is their own).
    private func selfReferences(in closure: ClosureExprSyntax) -> [DeclReferenceExprSyntax] {
        collect(DeclReferenceExprSyntax.self, in: closure.statements, within: .everything).filter { reference in
            guard reference.baseName.tokenKind == .keyword(.self) else { return false }
            var current = reference.enclosingClosure
            while let nested = current, nested.id != closure.id {
                if nested.captureItems.contains(where: \.isSelf) { return false }
                current = nested.enclosingClosure
            }
            return true
        }
    }

    /// Whether removing the `?` of `self?.…` keeps the code valid: the chain's value is thrown
    /// away (a statement, the target of an assignment, `_ = …`), so its optionality never mattered.
    private func resultIsUnused(_ chain: OptionalChainingExprSyntax, task: TaskCreation) -> Bool {
        var top = Syntax(chain)
        while let parent = top.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == top.id { top = parent; continue }
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == top.id { top = parent; continue }
            if let subscripted = parent.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == top.id {
                top = parent; continue
            }
            if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { top = parent; continue }
            break
        }
        while let parent = top.parent, parent.is(AwaitExprSyntax.self) || parent.is(TryExprSyntax.self) { top = parent }
        if let list = top.parent?.as(ExprListSyntax.self), list.parent?.parent?.is(CodeBlockItemSyntax.self) == true {
            let elements = Array(list)
            guard elements.count == 3 else { return false }
            if elements[0].id == top.id { return elements[1].isAssignmentOperator }
            return elements[2].id == top.id && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self)
        }
        guard let item = top.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        // The only statement of a closure is its return value.
        guard list.count == 1, let owner = list.parent?.as(ClosureExprSyntax.self) else { return true }
        if owner.id == task.body.id {
            return task.isDiscarded || assignmentTarget(of: ExprSyntax(task.call))?.isPropertyReference == true
        }
        return ["forEach", "async", "asyncAfter"].contains(owner.invocation?.call.calleeName ?? "")
    }
}

private extension ExprSyntax {
    /// `=`, `+=`, `-=`, `&&=`…, but not comparisons.
    var isAssignmentOperator: Bool {
        if `is`(AssignmentExprSyntax.self) { return true }
        guard let op = self.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
    }
}

private extension ClosureExprSyntax {
    /// Whether the body touches `self` weakly (a `self?.` or a `guard let self`) after its first
    /// `await` has completed, with no `guard let self` before it: then the weak capture skips
    /// what follows if the owner is gone by then. (`await self?.load()` alone reads `self` before
    /// it suspends.)
    var selfUseFollowsAwait: Bool {
        guard let firstAwait = collect(AwaitExprSyntax.self, in: statements, within: .context).first else { return false }
        let (references, unwraps) = selfUsePositions
        if unwraps.contains(where: { $0 < firstAwait.position }) { return false }
        return (references + unwraps).contains { $0 >= firstAwait.endPosition }
    }

    /// Where the body names `self` (`self?.x`, `self.x`), and where it unwraps it (`guard let self`).
    var selfUsePositions: (references: [AbsolutePosition], unwraps: [AbsolutePosition]) {
        let references = collect(DeclReferenceExprSyntax.self, in: statements, within: .context)
            .filter { $0.baseName.tokenKind == .keyword(.self) }.map(\.position)
        return (references, SelfUnwrap.all(in: self).map(\.condition.position))
    }
}
