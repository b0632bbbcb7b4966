import SwiftSyntax

/// A published property of a UI model assigned in code that runs off the main actor.
struct PublishedMutationOffMain: Rule {
    static let triggers = UIModel.triggers

    static let description = RuleDescription(
        id: "published-mutation-off-main",
        category: .isolation, set: .preview,
        summary: "A `@Published` / observed property of a UI model assigned in a callback that runs off the main actor",
        rationale: """
            SwiftUI reads a model's published state on the main actor. An assignment from a \
            URLSession completion handler, a background queue, a detached task or a nonisolated \
            async method runs on another thread: SwiftUI warns "Publishing changes from \
            background threads is not allowed" and the view may read half-updated state. The \
            fix is not another `DispatchQueue.main.async` but a `@MainActor` model that makes \
            the change in its own async method. (SE-0316; Apple's `ObservableObject` documentation)
            """,
        limits: """
            A callback's type is not its thread: a `@Sendable` timer block fires on the run loop \
            of the thread that scheduled it, a Combine sink after `.receive(on:)` the main queue \
            runs there, an observer registered with `queue: .main` too. Where the code does not \
            prove the thread (a timer scheduled by a method that other files may call, a sink \
            without `.receive(on:)`, an API whose queue actorlint does not know), the rule stays \
            quiet. Callers are followed only for `private` methods, within the file.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        UIModel.all(in: context.file, index: context.isolation.index).flatMap { model -> [Violation] in
            let typeIsolation = context.isolation.isolation(of: ExecutionContext(kind: .typeDeclaration, node: Syntax(model.decl)))
            guard typeIsolation.isolation == .nonisolated else { return [] }
            return UIModel.StateChange.all(in: model).compactMap { assignment in
                let here = context.isolation.isolation(at: assignment.node)
                guard here.isolation == .concurrent || (here.isolation == .nonisolated && isCallback(assignment.node)) else { return nil }
                // A callback whose thread the API decides (a timer, a publisher) is off the main
                // actor only on paper until the code proves where it runs.
                guard here.thread == .asIsolated else { return nil }
                let scope = ExecutionContext.innermost(containing: assignment.node).summary
                return context.violation(
                    "`\(assignment.property)` is state a SwiftUI view reads, but this assignment runs off the main actor: " +
                    "\(here.sentence(for: scope)). Mark `\(model.decl.name.text)` `@MainActor` and make the change in its own async method.",
                    at: assignment.node)
            }
        }
    }

    /// Code inside a closure the catalogue knows to run off the main actor (not a plain
    /// nonisolated method, whose callers decide where it runs).
    private func isCallback(_ node: Syntax) -> Bool {
        var context = ExecutionContext.innermost(containing: node)
        while context.kind == .closure, let closure = context.node?.as(ClosureExprSyntax.self) {
            if let call = closure.invocation?.call,
               IsolationModel.behaviour(of: call, callee: call.calleeText)?.kind == .nonisolated {
                return true
            }
            guard let parent = context.parent else { return false }
            context = parent
        }
        return false
    }
}
