import SwiftSyntax

/// `[weak self]` + `guard let self` before a long-lived loop: self is strong for the whole loop.
struct WeakSelfStrongBeforeLoop: Rule {
    /// It looks only at closures that see a `[weak self]` capture.
    static let triggers = ["weak"]

    static let description = RuleDescription(
        id: "weak-self-strong-before-loop",
        category: .captures,
        summary: "`guard let self` before a long-lived loop makes the weak capture useless",
        rationale: """
            `[weak self]` on a task that loops over an async sequence is meant to let the owner \
            go away while the loop waits. Unwrapping `self` once, before the loop starts, binds \
            a strong reference that lives until the loop ends: the owner is kept alive for as \
            long as the sequence produces values, and if the owner is the one that would cancel \
            the task (in `deinit`), that never happens. Unwrap inside the loop instead: `self` is \
            then strong only while one element is handled, and the next `guard` ends the task \
            once the owner is gone. (the Swift book, "Strong Reference Cycles for Closures")
            """,
        limits: """
            Left alone: a task whose creator awaits its `value` or `result` (the creating method \
            holds `self` for as long as the loop runs anyway), and a polling loop that ends by a \
            condition of its own (`while await job.isRunning()`, a `while true` that breaks when \
            the work is done), which is not a sequence its owner holds open. Closures other than \
            a task's are looked at the same way, without knowing how long they run.
            """,
        fix: FixInfo(.safe, """
            Moves the `guard let self` to the first statement of the loop body. Offered when \
            nothing outside the loop body (the loop's sequence included) uses `self` after the \
            guard, and the guard unwraps only `self`.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        context.file.closures.flatMap { closure -> [Violation] in
            guard closure.seesWeakSelf else { return [] }
            // The method that creates the task waits for it: `self` is alive for the whole loop
            // anyway, held by the method's own call.
            if let task = TaskCreation(body: closure), task.isAwaitedByCreator { return [] }
            let loops = closure.longLivedLoops
            return SelfUnwrap.all(in: closure).compactMap { unwrap -> Violation? in
                let covered = loops.filter { unwrap.scope.contains($0.positionAfterSkippingLeadingTrivia) }
                guard let loop = covered.first else { return nil }
                let line = context.file.line(of: loop)
                return context.violation(
                    "`\(unwrap.isGuard ? "guard" : "if") let \(unwrap.name)` before the \(loop.loopKind) on line " +
                    "\(line) makes `self` strong for the whole loop, so the weak capture does nothing: the " +
                    "owner stays alive until \(loop.loopEnd). Unwrap `self` inside the loop, so it is " +
                    "held only while one pass of the loop runs.",
                    at: unwrap.statement,
                    fix: covered.count == 1 ? fix(unwrap, loop: loop, closure: closure, context) : nil)
            }
        }
    }

    private func fix(_ unwrap: SelfUnwrap, loop: StmtSyntax, closure: ClosureExprSyntax,
                     _ context: RuleContext) -> Fix? {
        guard unwrap.isGuard, let guardStatement = unwrap.statement.as(GuardStmtSyntax.self),
              guardStatement.conditions.count == 1, let body = loop.loopBody else { return nil }
        // After the move, `self` is optional again everywhere in the guard's scope but the loop body.
        let locals = LocalNames(around: closure)
        let outside = locals.selfReferences(in: closure.statements).filter { reference in
            unwrap.scope.contains(reference.position) && !reference.isInside(body) && !reference.isInOwnCapture(of: closure)
        }
        let renamed = unwrap.name == "self" ? [] : collect(DeclReferenceExprSyntax.self, in: closure.statements, within: .everything).filter {
            $0.baseName.text == unwrap.name && unwrap.scope.contains($0.position) && !$0.isInside(body)
        }
        guard outside.isEmpty, renamed.isEmpty else { return nil }
        let builder = EditBuilder(context.file)
        var edits = [builder.deleteStatement(unwrap.item)]
        // A loop that already unwraps per element needs only the outer guard gone.
        let alreadyInside = body.statements.first.map { first in
            SelfUnwrap.all(in: closure).contains { $0.item.id == first.id && $0.isGuard }
        } ?? false
        if !alreadyInside {
            edits.append(builder.insertFirst(unwrap.statement.trimmedText, in: body,
                                             currentIndentation: unwrap.item.lineIndentation))
        }
        return Fix(title: "Move `guard let \(unwrap.name)` into the loop", safety: .safe, edits: edits)
    }
}
