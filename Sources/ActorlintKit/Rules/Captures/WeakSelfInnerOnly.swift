import SwiftSyntax

/// `[weak self]` only on an inner closure: the escaping closure around it captures self strongly.
struct WeakSelfInnerOnly: Rule {
    /// Its findings are `[weak self]` captures.
    static let triggers = ["weak"]

    static let description = RuleDescription(
        id: "weak-self-inner-only",
        category: .captures,
        summary: "`[weak self]` only on an inner closure while the escaping closure around it captures self strongly",
        rationale: """
            A closure captures what its nested closures capture, at the moment it is created: to \
            hand `self` to an inner `[weak self]` closure later, the outer closure must hold \
            `self` itself, strongly. So `api.load { result in Task { [weak self] in … } }` keeps \
            the owner alive for as long as `load` keeps its completion handler (until the \
            response arrives, or for ever for observers and Combine sinks), and the inner weak \
            capture protects nothing. Put `[weak self]` on the outermost escaping closure; the \
            inner closures then see the outer weak reference. Closures the API runs before \
            returning (`map`, `forEach`, `withTaskGroup`, `withCheckedContinuation`…) are \
            looked through, and a surrounding `Task` body is left to `reflexive-weak-self`. So \
            are closures a queue runs once, right away (`DispatchQueue.main.async`, \
            `asyncAfter`, `OperationQueue.addOperation`), and closures called on the spot \
            (`lazy var x = { … }()`): they hold `self` only until they have run, while the inner \
            closure they create (an alert action, a completion, a stored callback) may be kept \
            much longer, so its own weak capture is the one that matters. Nor does it report \
            when the outer closure uses `self` itself: its strong capture is then its own \
            choice, not a side effect of the inner closure. \
            Swift 6.4 diagnoses this shape too (diagnostic group `ImplicitStrongCapture`); \
            Swift 6.3 compiles it silently. (the Swift book, "Strong Reference Cycles for Closures")
            """,
        compilerGroup: .implicitStrongCapture,
        fix: FixInfo(.safe, """
            Adds `weak self` to the outermost escaping closure (merging into its capture list) \
            and removes it from inner closures that run in place (`map`, `forEach`). A task or a \
            queue's block keeps its own capture: it may not read the outer closure's weak \
            variable from another thread, and `guard let self` needs it for implicit `self`. \
            Offered when the outer closures use `self` nowhere else.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        let index = context.isolation.index
        return context.file.closures.compactMap { inner in
            guard let capture = inner.weakSelfCapture, let outer = strongEscapingOuterClosure(of: inner, facts, index) else { return nil }
            let line = context.file.line(of: outer)
            if usesSelfItself(outer, facts) {
                // Its strong capture is its own choice, and a cycle only when `self` keeps it.
                guard let keeper = keeper(of: outer, facts) else { return nil }
                return context.violation(
                    "This `[weak self]` breaks no cycle: the \(outer.displayName) on line \(line) uses `self` " +
                    "strongly and is kept by `self` (\(keeper)), so neither is ever released. Capture `self` weakly there.",
                    at: capture)
            }
            return context.violation(
                "Only this inner closure captures `self` weakly: the escaping \(outer.displayName) on line \(line) " +
                "holds `self` strongly to pass it in, for as long as it is kept. Put `[weak self]` on that outer closure.",
                at: capture, fix: fix(outer, facts, context))
        }
    }

    /// Whether the outer closures use `self` themselves (`self.x`, `super`, or a member of the
    /// owner by its bare name), outside inner closures that capture `self` on their own: then
    /// their strong capture is their own choice, not a side effect of the inner closure, and the
    /// inner weak capture is about the inner closure's own, possibly longer, life.
    private func usesSelfItself(_ outer: ClosureExprSyntax, _ facts: FileFacts) -> Bool {
        let members = OwnerType(enclosing: outer, facts)?.memberNames ?? []
        return LocalNames(around: outer).selfReferences(in: outer.statements).contains { reference in
            guard !reference.isInOwnCapture(of: outer) else { return false }
            if reference.isExplicitSelf { return true }
            guard let name = reference.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
            return members.contains(name.replacingBackticks)
        }
    }

    /// How `self` keeps the outer closure, in words ("stored in `cancellables`"), when the code
    /// shows it: the subscription or observer token it makes is stored in a property of the owner
    /// (`.store(in: &cancellables)`, `token = center.addObserver { … }`), or the closure itself is
    /// assigned to one.
    private func keeper(of outer: ClosureExprSyntax, _ facts: FileFacts) -> String? {
        guard let owner = OwnerType(enclosing: outer, facts), owner.isReferenceType else { return nil }
        func property(_ expression: ExprSyntax) -> String? {
            var expression = expression
            if let reference = expression.as(InOutExprSyntax.self) { expression = reference.expression }
            guard let name = expression.propertyName else { return nil }
            let explicit = expression.trimmedText.hasPrefix("self.")
            guard explicit || (owner.storedPropertyNames.contains(name) && !LocalNames(around: outer).names.contains(name)) else { return nil }
            return name
        }
        if let target = assignmentTarget(of: ExprSyntax(outer)), let name = property(target) { return "stored in `\(name)`" }
        guard var top = outer.invocation.map({ ExprSyntax($0.call) }) else { return nil }
        // Up the chain: `publisher.sink { }.store(in: &cancellables)`.
        while let member = top.parent?.as(MemberAccessExprSyntax.self), member.base?.id == top.id,
              let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            if member.declName.baseName.text == "store", let argument = call.arguments.first?.expression, let name = property(argument) {
                return "stored in `\(name)`"
            }
            top = ExprSyntax(call)
        }
        if let target = assignmentTarget(of: top), let name = property(target) { return "stored in `\(name)`" }
        if let argument = top.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           ["insert", "append"].contains(call.calleeName ?? ""), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
           let name = property(base) {
            return "stored in `\(name)`"
        }
        return nil
    }

    private func fix(_ outer: ClosureExprSyntax, _ facts: FileFacts, _ context: RuleContext) -> Fix? {
        // Everything in the outer closures that would now see an optional `self`.
        let locals = LocalNames(around: outer)
        let uses = locals.selfReferences(in: outer.statements).filter { !$0.isInOwnCapture(of: outer) }
        guard uses.isEmpty else { return nil }
        let index = context.isolation.index
        let builder = EditBuilder(context.file)
        var edits = [builder.addWeakSelf(to: outer)]
        for inner in collect(ClosureExprSyntax.self, in: outer.statements, within: .everything) {
            guard let capture = inner.weakSelfCapture, strongEscapingOuterClosure(of: inner, facts, index)?.id == outer.id else { continue }
            // A closure between the two that may run concurrently (a task, a queue's block) would
            // capture the outer weak `self`, a variable: an error in Swift 6, a warning in 5.
            if closures(between: inner, and: outer).contains(where: { mayRunConcurrently($0, facts, context.isolation) }) { return nil }
            // `guard let self` enables implicit self only with the closure's own weak capture, and
            // a task or a queue's block must capture the weak reference itself, not the variable.
            if SelfUnwrap.all(in: inner).contains(where: { $0.name == "self" }) || mayRunConcurrently(inner, facts, context.isolation) { continue }
            edits += builder.removeCapture(capture, from: inner)
        }
        return Fix(title: "Move `[weak self]` to the outer closure", safety: .safe, edits: edits)
    }

    /// The closures strictly between `inner` and `outer`.
    private func closures(between inner: ClosureExprSyntax, and outer: ClosureExprSyntax) -> [ClosureExprSyntax] {
        var found: [ClosureExprSyntax] = []
        var current = inner.enclosingClosure
        while let closure = current, closure.id != outer.id {
            found.append(closure)
            current = closure.enclosingClosure
        }
        return found
    }

    /// A task body, a queue's block, or a closure an API declares `@Sendable` or main-actor: it
    /// may run on another thread than the code that creates it, so it may not read a captured
    /// variable of that code. Unknown APIs count as concurrent.
    private func mayRunConcurrently(_ closure: ClosureExprSyntax, _ facts: FileFacts, _ model: IsolationModel) -> Bool {
        switch closure.role(facts, index: model.index) {
        case .task, .runsOnce, .unknown: return true
        case .nonEscaping, .escaping: break
        }
        guard let (call, label) = closure.invocation else { return false }
        let behaviour = IsolationModel.behaviour(of: call, callee: call.calleeText) ?? model.projectBehaviour(of: call, label: label)
        return behaviour.map { $0.kind == .nonisolated || $0.kind == .mainActor } ?? false
    }
}

private extension ClosureExprSyntax {
    /// "closure passed to `load`", "closure stored in `onChange`".
    var displayName: String {
        if let (call, _) = invocation, let name = call.calleeName { return "closure passed to `\(name)`" }
        if let target = assignmentTarget(of: ExprSyntax(self)), let name = target.propertyName {
            return "closure stored in `\(name)`"
        }
        return "closure"
    }
}

/// For a closure with `[weak self]`: the outermost escaping closure around it that captures self
/// strongly, if the search can tell. Walks out through non-escaping closures and closures queued
/// to run once (a dispatch holds `self` only until it runs, while the inner closure it creates may
/// be kept much longer: its own weak capture is the one that matters); stops at a `Task` body (its
/// own capture is `reflexive-weak-self`'s concern), at a closure that already does not own self,
/// at an explicit `[self]`, and at anything it cannot place.
private func strongEscapingOuterClosure(of inner: ClosureExprSyntax, _ facts: FileFacts, _ index: ProjectIndex) -> ClosureExprSyntax? {
    var outermost: ClosureExprSyntax?
    var current = inner.enclosingClosure
    while let closure = current {
        if closure.capturesSelfWithoutOwning || closure.capturesSelfStrongExplicitly { return nil }
        switch closure.role(facts, index: index) {
        case .task: return outermost
        case .nonEscaping, .runsOnce: break
        case .escaping: outermost = closure
        case .unknown: return outermost
        }
        current = closure.enclosingClosure
    }
    return outermost
}
