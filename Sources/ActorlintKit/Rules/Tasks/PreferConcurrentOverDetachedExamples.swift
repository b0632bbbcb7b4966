// The examples that specify `PreferConcurrentOverDetached`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension PreferConcurrentOverDetached {
    static let triggeringExamples: [RuleExample] = [
        // Awaited on the spot: exactly what awaiting a `@concurrent` function does.
        """
        @MainActor final class Exporter {
            var csv = ""
            func export(_ rows: [String]) async {
                csv = await ↓Task.detached(priority: .userInitiated) {
                    rows.joined(separator: "\\n")
                }.value
            }
        }
        """,
        // Off the main actor, then back to it by hand.
        """
        @MainActor final class MembersModel {
            var roles: [String: String] = [:]
            func rebuild(_ members: [Member]) {
                ↓Task.detached {
                    let roles = members.reduce(into: [String: String]()) { $0[$1.id] = $1.role }
                    await MainActor.run { self.roles = roles }
                }
            }
        }
        """,
        // A local handle awaited later: `async let`.
        """
        @MainActor func loadPage() async throws -> Page {
            let thumbnails = ↓Task.detached { try renderThumbnails() }
            let text = try await fetchText()
            return Page(text: text, thumbnails: try await thumbnails.value)
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
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
        // Fire-and-forget from synchronous code: there is no caller to await anything.
        """
        final class Launch {
            func reportInstall() {
                Task.detached(priority: .background) { await Attribution.shared.report() }
            }
        }
        """,
        // A loop that runs for the owner's lifetime cannot be structured under a caller.
        """
        final class Bridge {
            func start(_ channel: Channel) {
                Task.detached { [weak self] in
                    while let message = await channel.next() { await self?.handle(message) }
                }
            }
        }
        """,
        // A handle kept so that others can await or cancel it.
        """
        final class Warmup {
            var cache: Task<Index, Never>?
            func begin(_ files: [String]) { cache = Task.detached { Index(files) } }
        }
        """,
        // The body only awaits: it moves no work off the actor, the detach is about
        // priority or about not inheriting cancellation.
        """
        func settle() async {
            await Task.detached(priority: .background) { await Task.yield() }.value
        }
        """,
        // Already on the global concurrent executor (a nonisolated async function without
        // NonisolatedNonsendingByDefault): the detach is about not inheriting task-locals.
        """
        func recordOutsideTheTest() async {
            await Task.detached { Issue.record("outside") }.value
        }
        """,
        // Only a check of its own before awaiting: nothing to move.
        """
        actor Scheduler {
            let job: Job
            func start() async -> Status {
                let run = Task.detached(priority: .low) {
                    if !Task.isCancelled && !job.isAbandoned() { await job.execute() }
                    return await job.finish()
                }
                return await run.value
            }
        }
        """,
        // Something else called `detached`.
        """
        struct Sheet { func detached() -> Sheet { self } }
        func show(_ sheet: Sheet) { _ = sheet.detached() }
        """,
        "// Task.detached { } is mentioned only in this comment",
    ]
}
