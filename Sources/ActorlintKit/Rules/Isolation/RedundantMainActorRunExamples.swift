// The examples that specify `RedundantMainActorRun`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension RedundantMainActorRun {
    static let triggeringExamples: [RuleExample] = [
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
    ]

    static let nonTriggeringExamples: [RuleExample] = [
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
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            @MainActor final class SettingsModel {
                var name = ""
                func save(_ value: String) async {

            """,
            before: """
                    await MainActor.run {
                        self.name = value
                        print(self.name)
                    }
            """,
            after: """
                    self.name = value
                    print(self.name)
            """,
            end: """

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
            around: """
            struct SaveFailure: Error {}
            @MainActor final class Draft {
                var saved = false
                func write() throws { saved = true }
                func save() async throws {

            """,
            before: """
                    try await MainActor.run {
                        try self.write()
                    }
            """,
            after: """
                    try self.write()
            """,
            end: """

                }
            }
            """),
    ]
}
