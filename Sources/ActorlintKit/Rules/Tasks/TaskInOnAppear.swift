import SwiftSyntax

/// `.onAppear { Task { … } }`: the task outlives the view; `.task { }` is tied to it.
struct TaskInOnAppear: Rule {
    /// Its findings are inside `.onAppear` closures or the methods they call.
    static let triggers = ["onAppear"]

    static let description = RuleDescription(
        id: "task-in-on-appear",
        category: .tasks, set: .preview,
        summary: "`Task { }` started in `.onAppear`: use the `.task { }` modifier",
        rationale: """
            A task started in `.onAppear` is unstructured: it keeps running after the view \
            disappears, and unless the code guards against it another one starts on every \
            appearance, so an old response can overwrite a newer one. The `.task { }` modifier \
            (iOS 15+) starts the same work when the view appears and cancels it when the view \
            disappears, so its lifetime is the view's. The rule looks at tasks started in the \
            `.onAppear` closure itself (plain or detached) and in a method of the view that only \
            `.onAppear` calls. It reports only work that `.task` could cancel and that may be \
            cancelled: the task's body suspends somewhere, and nothing shows that stopping it \
            half-way would leave a lasting mark. \
            (Apple's `task(priority:_:)` documentation)
            """,
        limits: """
            Left alone: a body with no `await` (nothing to cancel; it runs to its end either \
            way); a comment beside the code that speaks of the choice (`.task`, `onAppear`, \
            cancelling, "intentionally"); work that records itself as done in a flag the \
            `.onAppear` checks (a cancelled run would count as done), or whose `catch`, in the \
            body or in a function it awaits in the module, writes shared state (a type's \
            static or shared instance, user defaults: cancellation would be recorded as a \
            failure for good); menu content (`Menu { }`, `.contextMenu { }`), which SwiftUI \
            turns into a platform menu, where `.onAppear` is the hook known to run when it \
            opens; a task whose handle is kept (its lifetime is managed). Callees are matched \
            by name, so a function of the same name elsewhere in the module can keep it quiet.
            """,
        fix: FixInfo(.unsafe, """
            Rewrites `.onAppear { Task { body } }` to `.task { body }` when the task is the \
            closure's only statement, keeping the comments around it. A body that can throw is \
            wrapped in `do { … } catch {}`: `.task`'s action cannot throw, and the error the \
            task's discarded handle held was dropped as well. The work is now cancelled when \
            the view disappears, which is usually the point, but is a change in behaviour.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    /// A task that an `.onAppear` action starts, directly or through a method of the view.
    private struct Start {
        let modifier: FunctionCallExprSyntax
        let task: TaskCreation
        /// The code the task is a statement of: the action closure's or the method's body.
        let root: Syntax
        /// The method of the view that `.onAppear` calls, when the task is started there.
        let helper: FunctionDeclSyntax?
        /// The path from `.onAppear` to the task passes no condition and no early exit.
        let isUnconditional: Bool
    }

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        var reportedHelpers: Set<SyntaxIdentifier> = []
        var violations: [Violation] = []
        for modifier in context.file.functionCalls where modifier.calleeName == "onAppear" {
            guard modifier.calledExpression.is(MemberAccessExprSyntax.self), !isInMenuContent(modifier) else { continue }
            for start in starts(of: modifier, facts) {
                if let helper = start.helper {
                    guard !reportedHelpers.contains(helper.id) else { continue }
                    reportedHelpers.insert(helper.id)
                }
                guard mayBeCancelled(start, context, facts) else { continue }
                violations.append(violation(start, context))
            }
        }
        return violations
    }

    // MARK: Which tasks `.onAppear` starts

    private func starts(of modifier: FunctionCallExprSyntax, _ facts: FileFacts) -> [Start] {
        if let closure = modifier.onlyClosure {
            return items(of: closure.statements).flatMap { item -> [Start] in
                guard let call = item.item.as(FunctionCallExprSyntax.self) else { return [] }
                let direct = isUnconditional(item, in: Syntax(closure))
                if let task = TaskCreation(call) {
                    return [Start(modifier: modifier, task: task, root: Syntax(closure), helper: nil, isUnconditional: direct)]
                }
                guard let name = calledMethod(call), let helper = helper(named: name, from: modifier, facts) else { return [] }
                return starts(in: helper, modifier: modifier, calledUnconditionally: direct)
            }
        }
        // `.onAppear(perform: load)`
        guard let reference = modifier.arguments.first(where: { $0.label?.text == "perform" })?.expression,
              let name = reference.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? reference.as(MemberAccessExprSyntax.self).flatMap({ $0.base?.trimmedText == "self" ? $0.declName.baseName.text : nil }),
              let helper = helper(named: name, from: modifier, facts) else { return [] }
        return starts(in: helper, modifier: modifier, calledUnconditionally: true)
    }

    private func starts(in helper: FunctionDeclSyntax, modifier: FunctionCallExprSyntax, calledUnconditionally: Bool) -> [Start] {
        guard let body = helper.body else { return [] }
        return items(of: body.statements).compactMap { item in
            guard let call = item.item.as(FunctionCallExprSyntax.self), let task = TaskCreation(call) else { return nil }
            return Start(modifier: modifier, task: task, root: Syntax(body), helper: helper,
                         isUnconditional: calledUnconditionally && isUnconditional(item, in: Syntax(body)))
        }
    }

    /// Statements of the code itself, in its `if`/`guard`/`switch` branches too, but not in
    /// nested closures (those run at another time).
    private func items(of statements: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
        collect(CodeBlockItemSyntax.self, in: statements, within: .context)
    }

    /// `load()` or `self.load()`.
    private func calledMethod(_ call: FunctionCallExprSyntax) -> String? {
        guard call.trailingClosure == nil else { return nil }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "self" {
            return member.declName.baseName.text
        }
        return nil
    }

    /// A synchronous method of the view (in this file) that only `.onAppear` actions call: what
    /// it starts, `.onAppear` starts.
    private func helper(named name: String, from modifier: FunctionCallExprSyntax, _ facts: FileFacts) -> FunctionDeclSyntax? {
        guard let owner = OwnerType(enclosing: modifier, facts), owner.isSwiftUIView else { return nil }
        let candidates = (facts.functions[name] ?? []).filter { function in
            owner.declarations.contains { $0.memberBlock.members.contains { $0.decl.id == function.id } }
        }
        guard candidates.count == 1, let helper = candidates.first,
              helper.signature.effectSpecifiers?.asyncSpecifier == nil else { return nil }
        let uses = owner.declarations.flatMap { declaration in
            collect(DeclReferenceExprSyntax.self, in: declaration, within: .everything).filter { reference in
                // `load`, `self.load`; not `model.load`, another type's member.
                guard reference.baseName.text == name else { return false }
                return !reference.isMemberName || reference.parent?.as(MemberAccessExprSyntax.self)?.base?.trimmedText == "self"
            }
        }
        return uses.allSatisfy(isInOnAppearAction) ? helper : nil
    }

    private func isInOnAppearAction(_ node: some SyntaxProtocol) -> Bool {
        var child = Syntax(node)
        var current = node.parent
        while let parent = current, !parent.isDeclarationBoundary {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calleeName == "onAppear",
               call.calledExpression.id != child.id { return true }
            child = parent
            current = parent.parent
        }
        return false
    }

    /// No `if`, `guard`, `switch` or loop decides whether the statement runs, and no statement
    /// before it in `root` can leave early (`guard … else { return }`, `#if DEBUG … return`, a
    /// `try` that throws out of a `do`).
    private func isUnconditional(_ item: CodeBlockItemSyntax, in root: Syntax) -> Bool {
        var current = item.parent
        var topLevel: CodeBlockItemListSyntax?
        while let node = current, node.id != root.id {
            switch node.kind {
            case .codeBlockItemList: topLevel = node.as(CodeBlockItemListSyntax.self)
            case .codeBlockItem, .ifConfigClause, .ifConfigClauseList, .ifConfigDecl, .codeBlock, .doStmt: break
            default: return false
            }
            current = node.parent
        }
        guard let statements = topLevel else { return false }
        return !statements.contains { earlier in
            earlier.position < item.position && contains(in: earlier, within: .context) {
                $0.is(GuardStmtSyntax.self) || $0.is(ReturnStmtSyntax.self) || $0.is(ThrowStmtSyntax.self)
                    || $0.as(TryExprSyntax.self).map { $0.questionOrExclamationMark == nil } == true
            }
        }
    }

    // MARK: Whether `.task` may cancel it

    private func mayBeCancelled(_ start: Start, _ context: RuleContext, _ facts: FileFacts) -> Bool {
        let body = start.task.body
        // Nothing to cancel: the body never suspends (or only to hop back to the main actor),
        // so it runs to its end either way.
        guard suspendsForWork(body), !saysOnAppearIsDeliberate(start) else { return false }
        // A cancelled run would leave a lasting mark: a failure recorded for good...
        if LastingFailure.isRecorded(in: body) { return false }
        let index = context.isolation.index
        if CancellationSource.awaitedCallees(in: body, facts: facts).contains(where: index.recordsFailureForGood) { return false }
        // ...a one-shot step taken on failure (`if !didFallBack { didFallBack = true; … }`)...
        if spendsOneShotOnFailure(body, facts) { return false }
        // ...or the work recorded as done in a flag that the appearance checks first.
        return !recordsItselfAsDone(start)
    }

    /// An `await` (or `for await`) of something other than `MainActor.run`: a suspension at
    /// which cancellation can stop the work.
    private func suspendsForWork(_ body: ClosureExprSyntax) -> Bool {
        contains(in: body.statements, within: .context) { node in
            if node.as(ForStmtSyntax.self)?.awaitKeyword != nil { return true }
            guard let awaited = node.as(AwaitExprSyntax.self) else { return false }
            return awaited.expression.awaitedCall?.calleeText(isOneOf: ["MainActor.run"]) != true
        }
    }

    /// A `catch` of the body, or a method of this file it calls, that takes a step meant to
    /// happen once: it checks a flag and sets it (`if !didFallBack { didFallBack = true }`).
    /// A cancellation would take that step for a failure that never happened.
    private func spendsOneShotOnFailure(_ body: ClosureExprSyntax, _ facts: FileFacts) -> Bool {
        collect(CatchClauseSyntax.self, in: body.statements, within: .context).contains { clause in
            // Closures in the clause (`MainActor.run { }`) run on the spot: they are searched too.
            let called = collect(FunctionCallExprSyntax.self, in: clause.body, within: .declaration).compactMap(calledMethod)
            let scopes = [Syntax(clause.body)] + called.flatMap { facts.functions[$0] ?? [] }.compactMap { $0.body.map(Syntax.init) }
            return scopes.contains { scope in
                collect(IfExprSyntax.self, in: scope, within: .declaration).contains { branch in
                    setsFlag(readIn: Syntax(branch.conditions), within: Syntax(branch.body))
                }
            }
        }
    }

    /// `scope` sets to `true` or `false` a name that `conditions` reads.
    private func setsFlag(readIn conditions: Syntax, within scope: Syntax) -> Bool {
        let read = Set(collect(DeclReferenceExprSyntax.self, in: conditions, within: .context).map(\.baseName.text))
        return UnfoldedAssignment.all(in: scope, within: .context).contains { assignment in
            guard assignment.operatorText == "=", assignment.value.is(BooleanLiteralExprSyntax.self),
                  let name = assignment.target.propertyName else { return false }
            return read.contains(name)
        }
    }

    /// A comment in the modifier, or in the method it calls, that speaks of the choice.
    private func saysOnAppearIsDeliberate(_ start: Start) -> Bool {
        let words = [".task", "task modifier", "task {", "onappear", "cancel", "intention", "deliberate", "on purpose", "purposely"]
        var comments = start.modifier.arguments.commentTexts + (start.modifier.trailingClosure?.commentTexts ?? [])
        if let member = start.modifier.calledExpression.as(MemberAccessExprSyntax.self) {
            comments += member.period.commentTexts + member.declName.commentTexts
        }
        if let helper = start.helper { comments += helper.commentTexts }
        return comments.contains { comment in words.contains(where: comment.contains) }
    }

    /// The names a condition before the task reads (`isLoaded` in `guard !isLoaded`,
    /// `embedded` in `if model.embedded == nil`) are set to `true` or `false`, before the task
    /// or in its body: the work marks itself as done, so a run cancelled half-way would never
    /// be repeated.
    private func recordsItselfAsDone(_ start: Start) -> Bool {
        var conditions: [Syntax] = []
        var current = start.task.call.parent
        while let node = current, node.id != start.root.id {
            if let branch = node.as(IfExprSyntax.self) { conditions.append(Syntax(branch.conditions)) }
            current = node.parent
        }
        conditions += collect(GuardStmtSyntax.self, in: start.root, within: .context)
            .filter { $0.position < start.task.call.position }.map { Syntax($0.conditions) }
        return [Syntax(start.root), Syntax(start.task.body)].contains { scope in
            conditions.contains { setsFlag(readIn: $0, within: scope) }
        }
    }

    // MARK: The finding

    private func violation(_ start: Start, _ context: RuleContext) -> Violation {
        let task = start.task
        let again = start.isUnconditional ? ", and another starts on every appearance" : ""
        let advice = task.isDetached
            ? "Start the work with `.task { }` instead, which SwiftUI cancels when the view goes away, and await " +
              "from there what must run off the main actor."
            : "Use `.task { }`, which SwiftUI cancels when the view goes away."
        let what = task.isDetached ? "This detached task" : "This task"
        let message: String
        if let helper = start.helper {
            let labels = helper.signature.parameterClause.parameters.map { ($0.firstName.tokenKind == .wildcard ? "_" : $0.firstName.text) + ":" }
            message = "`.onAppear` (line \(context.file.line(of: start.modifier))) calls `\(helper.name.text)(\(labels.joined()))`, which " +
                "starts this task: it keeps running after the view disappears\(again). \(advice)"
        } else {
            message = "\(what) keeps running after the view disappears\(again). \(advice)"
        }
        let fix = start.helper == nil && task.spelling == "Task" ? Self.taskModifierFix(start.modifier, task: task, context) : nil
        return context.violation(message, at: task.call.calledExpression, fix: fix)
    }

    /// Inside the items of a `Menu { }` or `.contextMenu { }` (not their `label:` or `preview:`).
    private func isInMenuContent(_ modifier: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(modifier).parent
        while let node = current, !node.isDeclarationBoundary {
            if let closure = node.as(ClosureExprSyntax.self), let (call, label) = closure.invocation,
               ["Menu", "contextMenu"].contains(call.calleeName ?? ""),
               [nil, "content", "menuItems", "menu"].contains(label) {
                return true
            }
            current = node.parent
        }
        return false
    }
}
