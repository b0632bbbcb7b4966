import SwiftSyntax

// Loops that run for as long as their task does.

extension StmtSyntax {
    /// A loop that runs until its sequence ends or its task is cancelled: `for await`,
    /// `for try await`, `while let x = await it.next()`, and `while true`, `while
    /// !Task.isCancelled`, `repeat { } while true` without an exit of their own. A `while` whose
    /// Boolean condition awaits (`while await job.isRunning()`), or a `while true` that breaks
    /// or returns when something it checks comes true, is a poll that ends by itself.
    var isLongLivedLoop: Bool {
        if let loop = self.as(ForStmtSyntax.self) { return loop.awaitKeyword != nil }
        if let loop = self.as(WhileStmtSyntax.self) {
            if loop.conditions.count == 1, let expression = loop.conditions.first?.condition.as(ExprSyntax.self),
               expression.runsUntilCancelled { return !hasExitOfItsOwn }
            return loop.conditions.contains { element in
                element.condition.is(OptionalBindingConditionSyntax.self) && element.containsAwait
            }
        }
        if let loop = self.as(RepeatStmtSyntax.self) { return loop.condition.runsUntilCancelled && !hasExitOfItsOwn }
        return false
    }

    /// A `break` out of this loop, or a `return`, under an `if` or `guard` that checks something
    /// other than cancellation, whether `self` is still there or whether the next element came,
    /// and not in a `catch` clause (a cancelled sleep throws into one): the loop ends when a
    /// condition of its own comes true.
    private var hasExitOfItsOwn: Bool {
        guard let body = loopBody else { return false }
        return contains(in: body, within: .context) { node in
            if let exit = node.as(BreakStmtSyntax.self) {
                guard exit.label == nil || exit.label?.text == self.parent?.as(LabeledStmtSyntax.self)?.label.text else { return false }
                // An unlabelled `break` leaves the innermost loop or `switch`: it must be this loop.
                if exit.label == nil, let inner = exit.nearest(where: { Flow.isLoop($0) || $0.is(SwitchExprSyntax.self) }),
                   inner.id != self.id { return false }
            } else if !node.is(ReturnStmtSyntax.self) {
                return false
            }
            if let clause = node.nearest(CatchClauseSyntax.self, within: .context), clause.isInside(body) { return false }
            guard let decision = node.nearest(where: { $0.is(IfExprSyntax.self) || $0.is(GuardStmtSyntax.self) || $0.id == body.id }),
                  decision.id != body.id else { return true }
            let conditions = decision.as(IfExprSyntax.self).map { Syntax($0.conditions) }
                ?? decision.as(GuardStmtSyntax.self).map { Syntax($0.conditions) }
            let text = conditions?.trimmedText ?? ""
            // `guard let self`: the owner is gone. `guard let x = await it.next()`: the sequence
            // ended, as in `while let x = await it.next()`. Neither is a condition of the loop's own.
            let unwrapsSelfOrPulls = conditions.map { collect(OptionalBindingConditionSyntax.self, in: $0, within: .context).contains { binding in
                binding.pattern.trimmedText == "self" || binding.initializer?.value.trimmedText == "self"
                    || binding.initializer?.value.containsAwait == true
            } } ?? false
            return !unwrapsSelfOrPulls && !text.contains("isCancelled")
        }
    }

    /// How findings name the loop.
    var loopKind: String {
        if let loop = self.as(ForStmtSyntax.self) { return loop.tryKeyword == nil ? "`for await` loop" : "`for try await` loop" }
        if self.is(RepeatStmtSyntax.self) { return "`repeat … while` loop" }
        if let loop = self.as(WhileStmtSyntax.self) { return "`while \(loop.conditions.trimmedText)` loop" }
        return "loop"
    }

    /// The loop body, for the loops above.
    var loopBody: CodeBlockSyntax? {
        if let loop = self.as(ForStmtSyntax.self) { return loop.body }
        if let loop = self.as(WhileStmtSyntax.self) { return loop.body }
        if let loop = self.as(RepeatStmtSyntax.self) { return loop.body }
        return nil
    }
}

extension ExprSyntax {
    /// `true` or `!Task.isCancelled`.
    var runsUntilCancelled: Bool {
        let text = trimmedText.filter { !$0.isWhitespace }
        return text == "true" || text == "!Task.isCancelled"
    }
}

extension ClosureExprSyntax {
    /// Long-lived loops that this closure itself runs (not nested closures), outermost first.
    var longLivedLoops: [StmtSyntax] {
        let loops = collect(StmtSyntax.self, in: statements, within: .context).filter(\.isLongLivedLoop)
        return loops.filter { loop in !loops.contains { $0.id != loop.id && loop.isInside($0) } }
    }

    /// Whether the closure might run for a long or open-ended time: any long-lived loop, any loop
    /// that awaits, a sleep, or a wait for another task's result (`await previous?.value`: a
    /// place in a queue of tasks), anywhere in it. Used to stay quiet, so it errs towards "yes".
    var mayBeLongLived: Bool {
        for statement in collect(StmtSyntax.self, in: statements, within: .everything) {
            if statement.isLongLivedLoop { return true }
            if statement.is(WhileStmtSyntax.self) || statement.is(RepeatStmtSyntax.self),
               !collect(AwaitExprSyntax.self, in: statement, within: .everything).isEmpty { return true }
        }
        if collect(AwaitExprSyntax.self, in: statements, within: .everything).contains(where: \.waitsForTaskResult) { return true }
        return collect(FunctionCallExprSyntax.self, in: statements, within: .everything).contains(where: \.isSleep)
    }
}
