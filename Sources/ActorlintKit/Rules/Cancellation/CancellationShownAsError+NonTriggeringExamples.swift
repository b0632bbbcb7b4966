// The examples that specify what `CancellationShownAsError` leaves alone: near misses first.
extension CancellationShownAsError {
    static let nonTriggeringExamples: [RuleExample] = [
        // A continuation over a callback API with no cancellation handler: cancelling the
        // `.task` does not make it throw.
        """
        final class ProfileStore {
            func profile() async throws -> Profile {
                try await withCheckedThrowingContinuation { continuation in
                    legacyClient.fetchProfile { continuation.resume(with: $0) }
                }
            }
        }
        struct ProfileScreen: View {
            let store: ProfileStore
            @State private var errorText: String?
            var body: some View {
                Text("").task {
                    do {
                        _ = try await store.profile()
                    } catch {
                        errorText = error.localizedDescription
                    }
                }
            }
        }
        """,
        // The callee catches every error, cancellation included, and throws its own: what
        // reaches the catch-all is never a cancellation error.
        """
        enum SyncError: Error { case server(String) }
        final class SyncClient {
            func pull() async throws -> Data {
                do {
                    return try await URLSession.shared.data(from: URL(string: "https://example.com/pull")!).0
                } catch {
                    if let error = error as? SyncError {
                        throw error
                    }
                    throw SyncError.server(error.localizedDescription)
                }
            }
        }
        struct SyncScreen: View {
            let client: SyncClient
            @State private var failure: String?
            var body: some View {
                Text("").task {
                    do {
                        _ = try await client.pull()
                    } catch {
                        failure = error.localizedDescription
                    }
                }
            }
        }
        """,
        // A synchronous process run behind an `async` function never throws a cancellation.
        """
        struct Git {
            func fetch() async throws {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
                try process.run()
                process.waitUntilExit()
            }
        }
        struct FetchButton: View {
            let git: Git
            @State private var failure: String?
            var body: some View {
                Text("").task {
                    do { try await git.fetch() } catch { failure = error.localizedDescription }
                }
            }
        }
        """,
        // A stream just ends when its consumer is cancelled: the loop finishes, nothing throws.
        """
        final class CloneModel {
            var failure: Error?
            private var cloning: Task<Void, Never>?
            func clone(_ progress: AsyncThrowingStream<Double, Error>) {
                cloning?.cancel()
                cloning = Task {
                    do {
                        for try await step in progress { print(step) }
                    } catch {
                        failure = error
                    }
                }
            }
        }
        """,
        // The `.task` awaits another type's `load()`: this one is not shown to run in it.
        """
        struct Client {
            func get() async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://example.com")!).0 }
        }
        @MainActor final class RepliesFetcher {
            var failed = false
            let client = Client()
            func load() async {
                do { _ = try await client.get() } catch { failed = true; errorMessage = "\\(error)" }
            }
            var errorMessage = ""
        }
        @MainActor final class StatusesFetcher {
            func load() async {}
        }
        struct StatusesList: View {
            let fetcher: StatusesFetcher
            var body: some View {
                List { }.task { await fetcher.load() }
            }
        }
        """,
        // An app error type wraps the cancellation: `catch is CancellationError` would not match it.
        """
        enum SyncError: Error { case network(Error) }
        struct Syncer {
            func sync() async throws {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    throw SyncError.network(error)
                }
            }
        }
        struct SyncScreen: View {
            let syncer: Syncer
            @State private var failure: String?
            var body: some View {
                Text("").task {
                    do { try await syncer.sync() } catch { failure = "\\(error)" }
                }
            }
        }
        """,
        // The usual load(): both cancellation branches come first.
        """
        struct SearchField: View {
            @State private var errorMessage: String?
            var body: some View {
                Text("").task {
                    do {
                        try await Task.sleep(for: .seconds(1))
                        _ = try await URLSession.shared.data(from: URL(string: "https://example.com")!)
                    } catch is CancellationError {
                    } catch let error as URLError where error.code == .cancelled {
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
        }
        """,
        // The catch-all checks for cancellation itself.
        """
        struct ArticleScreen: View {
            @State private var errorText: String?
            var body: some View {
                Text("").task {
                    do {
                        try await Task.sleep(for: .seconds(1))
                    } catch {
                        guard !(error is CancellationError), !Task.isCancelled else { return }
                        errorText = error.localizedDescription
                    }
                }
            }
        }
        """,
        // A button's task: nobody keeps its handle, so nobody cancels it.
        """
        struct ProfileEditor: View {
            @State private var saveError: String?
            var body: some View {
                Button("Save") {
                    Task {
                        do {
                            try await Task.sleep(for: .seconds(1))
                        } catch {
                            saveError = error.localizedDescription
                        }
                    }
                }
            }
        }
        """,
        // Nothing shows that this function ever runs in a cancelled task.
        """
        @MainActor final class Composer {
            var postingError: String?
            func post(_ text: String) async {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    postingError = error.localizedDescription
                }
            }
        }
        """,
        // Logging, even at error level, is not shown to the user.
        """
        struct TimelineScreen: View {
            var body: some View {
                List { }.task {
                    do {
                        try await Task.sleep(for: .seconds(1))
                    } catch {
                        print("refresh failed:", error)
                        logger.error("timeline load failed: \\(error)")
                    }
                }
            }
        }
        """,
        // Clearing state and falling back to cached content show no error.
        """
        struct InstancePicker: View {
            @State private var name = ""
            @State private var lookupError: String?
            @State private var state = ViewState.empty
            var body: some View {
                TextField("Server", text: $name).task(id: name) {
                    do {
                        try await Task.sleep(for: .milliseconds(300))
                        state = .display(directory.lookup(name))
                    } catch {
                        state = .display(cache.last)
                        lookupError = nil
                    }
                }
            }
        }
        """,
        // The app's own cancel flag decides, in a task its owner cancels.
        """
        @MainActor final class CleanupModel {
            var status = CleanupStatus.idle
            private var running: Task<Void, Never>?
            func start() {
                running = Task {
                    do {
                        try await Task.sleep(for: .seconds(5))
                    } catch {
                        if !status.isCanceled { status = .failed(error) }
                    }
                }
            }
            func stop() {
                status = .canceled
                running?.cancel()
            }
        }
        """,
        // A newer request moves the counter on before cancelling the old one: the stale
        // task leaves the catch-all before it shows anything.
        """
        @MainActor final class StatsModel {
            var status = Status.idle
            private var generation = 0
            private var fetching: Task<Void, Never>?
            func fetch() {
                fetching?.cancel()
                generation += 1
                let current = generation
                fetching = Task {
                    do {
                        try await Task.sleep(for: .seconds(1))
                    } catch {
                        guard generation == current else { return }
                        status = .failed(error)
                    }
                }
            }
        }
        """,
        // Rethrown: the caller decides.
        """
        struct Refresher: View {
            @State private var lastError: Error?
            var body: some View {
                Text("").task { try? await sync() }
            }
            func sync() async throws {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    lastError = error
                    throw error
                }
            }
        }
        """,
        // An empty catch-all, as in a typical `.task(id:)` search.
        """
        struct SearchBox: View {
            @State private var query = ""
            var body: some View {
                TextField("Search", text: $query).task(id: query) {
                    do {
                        try await Task.sleep(for: .milliseconds(300))
                    } catch {
                        // superseded by a newer query
                    }
                }
            }
        }
        """,
    ]
}
