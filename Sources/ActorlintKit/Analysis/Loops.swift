import SwiftSyntax

// Loops that run for as long as their task does.

extension StmtSyntax {
    /// A loop that runs until its sequence ends or its task is cancelled: `for await`,
    /// `for try await`, `while true`, `while !Task.isCancelled`, `while let x = await it.next()`,
    /// `repeat { } while true`.
    var isLongLivedLoop: Bool {
        if let loop = self.as(ForStmtSyntax.self) { return loop.awaitKeyword != nil }
        if let loop = self.as(WhileStmtSyntax.self) {
            if loop.conditions.count == 1, let expression = loop.conditions.first?.condition.as(ExprSyntax.self),
               expression.runsUntilCancelled { return true }
            return loop.conditions.contains { !collect(AwaitExprSyntax.self, in: $0, within: .everything).isEmpty }
        }
        if let loop = self.as(RepeatStmtSyntax.self) { return loop.condition.runsUntilCancelled }
        return false
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
