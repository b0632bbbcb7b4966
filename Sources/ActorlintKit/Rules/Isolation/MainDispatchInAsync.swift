import SwiftSyntax

/// `DispatchQueue.main.async` inside async code that does not run on the main actor.
struct MainDispatchInAsync: Rule {
    /// Its findings are main dispatches (`MainDispatch.spellings`).
    static let triggers = MainDispatch.triggers

    static let description = RuleDescription(
        id: "main-dispatch-in-async",
        category: .isolation,
        summary: "`DispatchQueue.main.async` inside async code that is not on the main actor: await a `@MainActor` method instead",
        rationale: """
            Inside an async function the structured way to reach the main actor is to await \
            main-actor code: a `@MainActor` method of the model, or a `@MainActor` function. \
            A dispatch to the main queue from async code fires and forgets: the function goes \
            on before the UI update happened, errors cannot propagate, and the compiler cannot \
            check what the closure touches. (seed 000, checklist 3; seed 001, common mistake 1: \
            mark the model @MainActor and update it in its own async method)
            """,
        triggering: [
            """
            final class FeedLoader {
                var onLoaded: (([String]) -> Void)?
                func load() async throws {
                    let items = try await fetchItems()
                    ↓DispatchQueue.main.async { self.onLoaded?(items) }
                }
            }
            """,
            """
            actor Synchronizer {
                func sync(_ model: SyncModel) async {
                    let count = await model.pending()
                    ↓DispatchQueue.main.async { model.showBadge(count) }
                }
            }
            """,
            """
            @concurrent func export(_ rows: [String], done: @escaping @Sendable (String) -> Void) async {
                let text = rows.joined(separator: "\\n")
                ↓DispatchQueue.main.async { done(text) }
            }
            """,
        ],
        nonTriggering: [
            // Main-actor async code: redundant-main-dispatch's business, not this rule's.
            """
            @MainActor final class Model {
                var text = ""
                func load() async { DispatchQueue.main.async { self.text = "x" } }
            }
            """,
            // A synchronous callback: main-dispatch-in-callback's business.
            """
            final class Socket {
                func onMessage(_ handler: @escaping (String) -> Void) {
                    receive { message in DispatchQueue.main.async { handler(message) } }
                }
            }
            """,
            // The recommended form.
            """
            @MainActor final class FeedModel {
                var items: [String] = []
                func apply(_ new: [String]) { items = new }
            }
            func refresh(_ model: FeedModel) async throws {
                let items = try await fetchItems()
                await model.apply(items)
            }
            """,
            // A delay is not a hop.
            """
            func pulse() async { DispatchQueue.main.asyncAfter(deadline: .now() + 1) { print("tick") } }
            """,
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        MainDispatch.all(in: context.file).compactMap { dispatch in
            let here = context.isolation.isolation(at: dispatch.call)
            let scope = ExecutionContext.innermost(containing: Syntax(dispatch.call))
            guard isAsyncOffMain(here.isolation, scope) else { return nil }
            return context.violation(
                "This async code does not run on the main actor: \(here.sentence(for: scope.summary)). " +
                "`\(dispatch.spelling)` fires and forgets, so the function continues before the update " +
                "happens; make the update a `@MainActor` method and `await` it.",
                at: dispatch.call.calledExpression)
        }
    }

    private func isAsyncOffMain(_ isolation: Isolation, _ scope: ExecutionContext) -> Bool {
        switch isolation {
        case .concurrent, .caller: return true
        case .actorInstance, .globalActor: return scope.isAsync
        case .mainActor, .nonisolated, .unknown: return false
        }
    }
}
