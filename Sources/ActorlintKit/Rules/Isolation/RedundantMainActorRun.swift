import SwiftSyntax

/// `await MainActor.run { }` in code that already runs on the main actor.
struct RedundantMainActorRun: Rule {
    /// Its findings are calls spelled `MainActor.run`.
    static let triggers = ["MainActor"]

    static let description = RuleDescription(
        id: "redundant-main-actor-run",
        category: .isolation,
        summary: "`await MainActor.run { }` in code that already runs on the main actor",
        rationale: """
            `MainActor.run` is a bridge for code that is not on the main actor. Where the \
            enclosing code is already main-actor isolated it adds a suspension point and a \
            closure for nothing, and suggests to the reader that the surrounding code runs \
            elsewhere. Under default isolation MainActor, a type whose primary declaration \
            conforms to a protocol inheriting `SendableMetatype` (`AppIntent`, `Error`) is not \
            main-actor code (SE-0466), so its hops are left alone.
            """,
        fix: FixInfo(.safe, """
            Replaces `await MainActor.run { body }` with the body: the whole statement list when \
            the result is unused, or the single expression when it is. The code already runs on \
            the main actor, so nothing moves.
            """),
        triggering: [
            """
            @MainActor final class SettingsModel {
                var name = ""
                func save(_ value: String) async {
                    await ↓MainActor.run { self.name = value }
                }
            }
            """,
            """
            @MainActor func refreshBadge(_ count: Int) async -> String {
                let text = await ↓MainActor.run { "\\(count) new" }
                return text
            }
            """,
            // Default isolation MainActor: a conformance to a protocol that does not inherit
            // `Sendable` leaves the type main-actor code.
            RuleExample("""
                protocol Refreshing { func refresh() async }
                struct FeedRefresher: Refreshing {
                    func refresh() async { await ↓MainActor.run { Feed.shared.reload() } }
                }
                """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        ],
        nonTriggering: [
            // A @concurrent function really needs the hop.
            """
            @MainActor final class Model { var rows: [String] = [] }
            @concurrent func publish(_ rows: [String], to model: Model) async {
                await MainActor.run { model.rows = rows }
            }
            """,
            // Nonisolated async code (SE-0338 without NonisolatedNonsendingByDefault).
            """
            final class Sync {
                func run(model: MainModel) async { await MainActor.run { model.touch() } }
            }
            """,
            // An actor's method.
            """
            actor Store {
                func notify(_ model: MainModel) async { await MainActor.run { model.touch() } }
            }
            """,
            // SE-0466 as amended: `AppIntent` inherits `Sendable`, so default isolation MainActor
            // is not inferred for the intent and `perform()` runs off the main actor.
            RuleExample("""
                struct OpenInboxIntent: AppIntent {
                    static let title: LocalizedStringResource = "Open Inbox"
                    func perform() async throws -> some IntentResult {
                        await MainActor.run { Router.shared.open(.inbox) }
                        return .result()
                    }
                }
                """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
            // The same for an error type, and for the members of its extensions.
            RuleExample("""
                enum UploadError: Error { case rejected }
                extension UploadError {
                    func report() async { await MainActor.run { Banner.shared.show("Upload failed") } }
                }
                """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        ],
        corrections: [
            CorrectionExample(
                """
                @MainActor final class SettingsModel {
                    var name = ""
                    func save(_ value: String) async {
                        await MainActor.run {
                            self.name = value
                            print(self.name)
                        }
                    }
                }
                """,
                """
                @MainActor final class SettingsModel {
                    var name = ""
                    func save(_ value: String) async {
                        self.name = value
                        print(self.name)
                    }
                }
                """),
            CorrectionExample(
                """
                @MainActor func label(_ count: Int) async -> String {
                    let text = await MainActor.run { "\\(count) new" }
                    return text
                }
                """,
                """
                @MainActor func label(_ count: Int) async -> String {
                    let text = "\\(count) new"
                    return text
                }
                """),
            // A throwing body: `try await MainActor.run { try … }` keeps the body's own `try`.
            CorrectionExample(
                """
                struct SaveFailure: Error {}
                @MainActor final class Draft {
                    var saved = false
                    func write() throws { saved = true }
                    func save() async throws {
                        try await MainActor.run {
                            try self.write()
                        }
                    }
                }
                """,
                """
                struct SaveFailure: Error {}
                @MainActor final class Draft {
                    var saved = false
                    func write() throws { saved = true }
                    func save() async throws {
                        try self.write()
                    }
                }
                """),
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        let calls = context.file.functionCalls.filter { $0.calleeText(isOneOf: ["MainActor.run"]) && $0.onlyClosure != nil }
        return calls.compactMap { call in
            let here = context.isolation.isolation(at: call)
            guard here.isolation == .mainActor, let body = call.onlyClosure else { return nil }
            let scope = ExecutionContext.innermost(containing: Syntax(call)).summary
            return context.violation(
                "Already on the main actor: \(here.briefSentence(for: scope)). `await MainActor.run` adds a " +
                "suspension point and a closure for nothing; run the code directly.",
                at: call.calledExpression, fix: unwrap(call, body: body, context))
        }
    }

    /// The `await`/`try` expression that wraps the call, and its replacement.
    private func unwrap(_ call: FunctionCallExprSyntax, body: ClosureExprSyntax, _ context: RuleContext) -> Fix? {
        guard body.signature == nil, !body.statements.containsReturn else { return nil }
        var outer = Syntax(call)
        // `try await MainActor.run { try f() }` becomes `try f()`: the body keeps its own `try`.
        while let parent = outer.parent, parent.is(AwaitExprSyntax.self) || parent.is(TryExprSyntax.self) {
            outer = parent
        }
        let isStatement = outer.parent?.is(CodeBlockItemSyntax.self) ?? false
        let replacement: String
        if isStatement {
            guard let first = body.statements.first else { return nil }
            replacement = reindent(body.statements, removing: first.lineIndentation, adding: outer.lineIndentation)
        } else {
            guard body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self) else { return nil }
            replacement = only.trimmedText
        }
        return Fix(title: "Run the code directly", safety: .safe, edits: [context.replace(outer, with: replacement)])
    }
}
