import SwiftSyntax

/// `.onAppear { Task { … } }`: the task outlives the view; `.task { }` is tied to it.
struct TaskInOnAppear: Rule {
    /// Its findings are inside `.onAppear` closures.
    static let triggers = ["onAppear"]

    static let description = RuleDescription(
        id: "task-in-on-appear",
        category: .tasks, set: .preview,
        summary: "`Task { }` started in `.onAppear`: use the `.task { }` modifier",
        rationale: """
            A task started in `.onAppear` is unstructured: it keeps running after the view \
            disappears, starts again on every reappearance, and an old response can overwrite a \
            newer one. The `.task { }` modifier (iOS 15+) starts the same work when the view \
            appears and cancels it when the view disappears, so its lifetime is the view's. \
            Menu content (`Menu { }`, `.contextMenu { }`) is left alone: SwiftUI turns it into a \
            platform menu rather than a view with an appear/disappear lifetime, and `.onAppear` \
            is the hook known to run there when the menu opens. \
            (Apple's `task(priority:_:)` documentation)
            """,
        fix: FixInfo(.unsafe, """
            Rewrites `.onAppear { Task { body } }` to `.task { body }` when the task is \
            the closure's only statement. The work is now cancelled when the view disappears, \
            which is usually the point, but is a change in behaviour.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let modifiers = context.file.functionCalls.compactMap { node -> (call: FunctionCallExprSyntax, closure: ClosureExprSyntax)? in
            guard node.calleeName == "onAppear", node.calledExpression.is(MemberAccessExprSyntax.self),
                  let closure = node.onlyClosure else { return nil }
            return (node, closure)
        }
        return modifiers.filter { !isInMenuContent($0.call) }.flatMap { modifier in
            let statements = modifier.closure.statements
            // Statements of the closure itself, in its `if`/`guard`/`switch` branches too, but not
            // in nested closures (those run at another time).
            let items = collect(CodeBlockItemSyntax.self, in: statements, within: .context)
            return items.compactMap { item -> Violation? in
                // Only a task whose handle is discarded (a stored task has a managed lifetime), and
                // one that inherits the view's context, as `.task { }` does.
                guard let call = item.item.as(FunctionCallExprSyntax.self), let task = TaskCreation(call),
                      !task.isDetached else { return nil }
                // `Task.immediate` starts before the modifier's closure returns; `.task` does not.
                let alone = statements.count == 1 && statements.first?.id == item.id && task.spelling == "Task"
                let fix = alone ? rewrite(modifier.call, task: call, body: task.body, context) : nil
                return context.violation(
                    "This task keeps running after the view disappears and starts again on every " +
                    "appearance; use `.task { }`, which SwiftUI cancels when the view goes away.",
                    at: call.calledExpression, fix: fix)
            }
        }
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

    /// `.onAppear { Task(args) { body } }` → `.task(args) { body }`.
    private func rewrite(_ modifier: FunctionCallExprSyntax, task: FunctionCallExprSyntax,
                         body: ClosureExprSyntax, _ context: RuleContext) -> Fix? {
        guard modifier.trailingClosure != nil, modifier.arguments.isEmpty,
              let member = modifier.calledExpression.as(MemberAccessExprSyntax.self),
              task.trailingClosure != nil else { return nil }
        let arguments = task.leftParen == nil ? "" : "(\(task.arguments.trimmedText))"
        let closure = reindent(body, removing: task.lineIndentation,
                               adding: member.period.lineIndentation)
        let edit = TextEdit(start: member.declName.positionAfterSkippingLeadingTrivia.utf8Offset,
                            end: modifier.endPositionBeforeTrailingTrivia.utf8Offset,
                            replacement: "task\(arguments) \(closure)")
        return Fix(title: "Replace with `.task { }`", safety: .unsafe, edits: [edit])
    }
}
