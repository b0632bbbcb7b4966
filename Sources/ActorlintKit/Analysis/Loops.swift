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

    /// Whether the loop's own code can leave it: a `return`, or a `break` of this loop (not of a
    /// `switch` or a loop inside it). A `for await` that returns when the awaited event arrives
    /// waits for one event; it is not a stream held open.
    var hasExit: Bool {
        guard let body = loopBody else { return false }
        if !collect(ReturnStmtSyntax.self, in: body, within: .context).isEmpty { return true }
        return collect(BreakStmtSyntax.self, in: body, within: .context).contains { statement in
            let target = statement.parent?.nearest(where: { node in
                node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self) || node.is(SwitchExprSyntax.self)
            })
            if let label = statement.label?.text {
                return self.parent?.as(LabeledStmtSyntax.self)?.label.text == label
            }
            return target?.id == self.id
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
    var mayBeLongLived: Bool { Syntax(statements).mayBeLongLived }

    /// `mayBeLongLived`, or a long-lived loop (`for await`, `while !Task.isCancelled`) in a
    /// function of this file that the closure calls on `self` (`self?.observe()`, `listen()`), a
    /// few calls deep: a task whose body runs a helper's endless loop lives as long as it. (A
    /// callee's bounded retry loop or sleep is not counted: it ends.)
    func mayBeLongLived(following facts: FileFacts) -> Bool {
        var seen: Set<String> = []
        return mayBeLongLived || Syntax(statements).callsLongLivedLoop(facts, depth: 3, seen: &seen)
    }
}

extension Syntax {
    var mayBeLongLived: Bool {
        for statement in collect(StmtSyntax.self, in: self, within: .everything) {
            if statement.isLongLivedLoop { return true }
            if statement.is(WhileStmtSyntax.self) || statement.is(RepeatStmtSyntax.self),
               !collect(AwaitExprSyntax.self, in: statement, within: .everything).isEmpty { return true }
        }
        if collect(AwaitExprSyntax.self, in: self, within: .everything).contains(where: \.waitsForTaskResult) { return true }
        return collect(FunctionCallExprSyntax.self, in: self, within: .everything).contains(where: \.isSleep)
    }

    fileprivate func callsLongLivedLoop(_ facts: FileFacts, depth: Int, seen: inout Set<String>) -> Bool {
        guard depth > 0 else { return false }
        for call in collect(FunctionCallExprSyntax.self, in: self, within: .everything) {
            guard let name = call.selfMethodName, seen.insert(name).inserted else { continue }
            for function in facts.functions[name] ?? [] {
                guard let body = function.body else { continue }
                if collect(StmtSyntax.self, in: body, within: .everything).contains(where: { $0.isLongLivedLoop && !$0.hasExit }) {
                    return true
                }
                if Syntax(body).callsLongLivedLoop(facts, depth: depth - 1, seen: &seen) { return true }
            }
        }
        return false
    }
}

extension FunctionCallExprSyntax {
    /// The method this call makes on `self`: `name()`, `self.name()`, `self?.name()`, `self!.name()`.
    var selfMethodName: String? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self), case .identifier(let name) = reference.baseName.tokenKind {
            return name
        }
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), var base = member.base else { return nil }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        if let unwrapped = base.as(ForceUnwrapExprSyntax.self) { base = unwrapped.expression }
        guard base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        return member.declName.baseName.text
    }
}
