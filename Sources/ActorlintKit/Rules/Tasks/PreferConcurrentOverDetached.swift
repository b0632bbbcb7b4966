import SwiftSyntax

/// `Task.detached` where a `@concurrent` function or structured concurrency fits.
struct PreferConcurrentOverDetached: Rule {
    /// Its findings are calls spelled `Task.detached`.
    static let triggers = ["detached"]

    static let description = RuleDescription(
        id: "prefer-concurrent-over-detached",
        category: .tasks,
        summary: "`Task.detached` where a `@concurrent` function or structured concurrency fits",
        rationale: """
            A detached task inherits nothing from where it is created: not the actor, not the \
            priority, not task-local values, and nobody cancels it when its creator goes away. \
            Developers reach for it to get work off the main actor, but since Swift 6.2 the \
            explicit way is a `@concurrent` function that the caller awaits (SE-0461), which keeps \
            the work structured: it is cancelled with its caller and its result comes back on the \
            caller's actor. Apple's documentation likewise advises against detached tasks when \
            structured concurrency (`async let`, task groups) can model the work. \
            (seed 000, pitfalls; seed 001, FAQ "Task vs Task.detached")
            """,
        triggering: [
            """
            @MainActor final class Exporter {
                func export(_ rows: [String]) {
                    ↓Task.detached {
                        _ = rows.joined(separator: "\\n")
                    }
                }
            }
            """,
            """
            func warmUp() {
                let handle = ↓Task.detached(priority: .background) { 42 }
                _ = handle
            }
            """,
        ],
        nonTriggering: [
            // The recommended form: a @concurrent function awaited by the caller.
            """
            @concurrent func makeCSV(_ rows: [String]) async -> String { rows.joined(separator: "\\n") }
            @MainActor final class Exporter {
                var csv = ""
                func export(_ rows: [String]) async { csv = await makeCSV(rows) }
            }
            """,
            // An unstructured task that inherits its context is a different decision.
            "func start() { Task { await Task.yield() } }",
            // Something else called `detached`.
            """
            struct Sheet { func detached() -> Sheet { self } }
            func show(_ sheet: Sheet) { _ = sheet.detached() }
            """,
            "// Task.detached { } is mentioned only in this comment",
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        let calls = context.file.functionCalls.filter { $0.calleeText(isOneOf: ["Task.detached"]) }
        return calls.map { call in
            let origin = context.isolation.isolation(at: call).isolation
            let from = origin.isMainActor ? " It leaves the main actor only to come back by hand;" : ""
            return context.violation(
                "`Task.detached` starts an unstructured task that inherits no actor, priority or " +
                "task-locals and that nobody cancels.\(from) move the work into a `@concurrent` " +
                "function and `await` it, or use `async let` / a task group.",
                at: call.calledExpression)
        }
    }
}
