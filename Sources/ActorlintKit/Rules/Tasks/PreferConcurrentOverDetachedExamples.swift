// The examples that specify `PreferConcurrentOverDetached`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension PreferConcurrentOverDetached {
    /// A module whose compiler is stated to predate Swift 6.2: no `@concurrent` yet.
    static let swift61: ModuleSettings = {
        var settings = ModuleSettings.plainSwift6
        settings.compiler = CompilerVersion(version: "6.1", certainty: .stated, evidence: "stated in .actorlint.json")
        return settings
    }()

    /// A module built by Swift 6.2 or later.
    static let swift62: ModuleSettings = {
        var settings = ModuleSettings.plainSwift6
        settings.compiler = CompilerVersion(version: "6.2", certainty: .minimum, evidence: "swift-tools-version 6.2")
        return settings
    }()

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
        RuleExample("""
        @MainActor func loadPage() async throws -> Page {
            let thumbnails = ↓Task.detached { try renderThumbnails() }
            let text = try await fetchText()
            return Page(text: text, thumbnails: try await thumbnails.value)
        }
        """, settings: swift62),
        // A compiler before Swift 6.2 has no `@concurrent`: the advice is a nonisolated async function.
        RuleExample("""
        @MainActor final class ReceiptScreen {
            var receipt = ""
            func load(_ data: [UInt8]) async {
                receipt = await ↓Task.detached { String(decoding: data, as: UTF8.self) }.value
            }
        }
        """, settings: swift61),
        // Back to the main actor by awaiting a `@MainActor` method of the same type.
        """
        @MainActor final class SearchModel {
            var results: [String] = []
            func search(_ query: String, in corpus: [String]) {
                ↓Task.detached {
                    let found = corpus.filter { $0.contains(query) }
                    await self.show(found)
                }
            }
            func show(_ found: [String]) { results = found }
        }
        """,
        // The same after `guard let self`, with implicit `self`.
        """
        final class TranscriptScreen: UIViewController {
            func loadTranscript(_ id: String) {
                ↓Task.detached { [weak self] in
                    guard let self else { return }
                    let loader = TranscriptLoader(id: id)
                    let transcript = await loader.load()
                    await show(transcript)
                }
            }
            func show(_ transcript: String) {}
        }
        """,
        // The body only awaits an actor's method: it runs on that actor anyway, and the
        // detached task only loses the caller's cancellation and priority.
        """
        actor Store { func load() async -> [Int] { [] } }
        @MainActor final class ListModel {
            let store = Store()
            var items: [Int] = []
            func reload() async {
                items = await ↓Task.detached { await self.store.load() }.value
            }
        }
        """,
        // Already off any actor, and the function checks for cancellation, which the detached
        // work no longer sees.
        """
        func indexAll(_ files: [String]) async -> [Int] {
            var sizes: [Int] = []
            for file in files {
                if Task.isCancelled { break }
                sizes.append(await ↓Task.detached { checksum(of: file) }.value)
            }
            return sizes
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // A handle kept in the property of a nested type, assigned in an extension of its
        // qualified name, beside an `if let` of the same name elsewhere in the function.
        """
        struct HistoryScreen {}
        extension HistoryScreen {
            @MainActor final class Model {
                var loadTask: Task<Int, Never>?
                var total = 0
                func show(_ count: Int) { total = count }
            }
        }
        extension HistoryScreen.Model {
            func reload() async {
                if let loadTask { _ = await loadTask.value }
                loadTask = Task.detached {
                    let count = (1...1_000).reduce(0, +)
                    await MainActor.run { self.show(count) }
                    return count
                }
            }
        }
        """,
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
        // A synchronous method of a nonisolated class: there is no caller to await a
        // function, and a plain `Task` would inherit nothing either.
        """
        final class SearchIndex {
            var status = ""
            func rebuild(_ files: [String]) {
                Task.detached {
                    let index = files.sorted()
                    await MainActor.run { self.status = "\\(index.count) files" }
                }
            }
        }
        """,
        // A handle kept and cancelled: a managed lifetime.
        """
        @MainActor final class QuickOpen {
            var results: [String] = []
            var running: Task<Void, Never>?
            func search(_ query: String, in files: [String]) {
                running?.cancel()
                running = Task.detached(priority: .userInitiated) {
                    let found = files.filter { $0.contains(query) }
                    guard !Task.isCancelled else { return }
                    await MainActor.run { self.results = found }
                }
            }
        }
        """,
        // A receive loop that calls back into the main actor per message, for the owner's
        // lifetime: nothing is handed back to a caller.
        """
        @MainActor final class CallDriver {
            func start(_ channel: Channel) {
                Task.detached { [weak self] in
                    while true {
                        guard let message = await channel.receive() else { return }
                        log(message)
                        await self?.handle(message)
                    }
                }
            }
            func handle(_ message: String) {}
        }
        """,
        // Fire-and-forget from the main actor: nothing comes back to it.
        """
        @MainActor final class LogWriter {
            func flush(_ lines: [String]) {
                Task.detached(priority: .background) { save(lines.joined(separator: "\\n")) }
            }
        }
        """,
        // Only awaits a function the file does not declare: under NonisolatedNonsendingByDefault
        // it would run on the caller's actor, and detaching does move it.
        """
        @MainActor final class Feed {
            var posts: [Post] = []
            func reload(_ api: API) async {
                posts = await Task.detached { await api.fetchPosts() }.value
            }
        }
        """,
        // Only awaits a `nonisolated(nonsending)` function: that one runs on its caller's actor.
        """
        nonisolated(nonsending) func decode(_ data: [UInt8]) async -> Int { data.count }
        @MainActor final class Loader {
            var size = 0
            func load(_ data: [UInt8]) async {
                size = await Task.detached { await decode(data) }.value
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
