// The examples that specify `CancellationShownAsError`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension CancellationShownAsError {
    static let triggeringExamples: [RuleExample] = [
        // The usual load() without its cancellation branches, awaited from the view's `.task`.
        """
        @MainActor final class UserListModel {
            var users: [User] = []
            var errorMessage: String?
            let service = UserService()
            func load() async {
                do {
                    users = try await service.fetchUsers()
                } ↓catch {
                    errorMessage = "Could not load users: \\(error.localizedDescription)"
                }
            }
        }
        struct UserListScreen: View {
            @State private var model = UserListModel()
            var body: some View {
                List(model.users) { Text($0.name) }
                    .task { await model.load() }
            }
        }
        """,
        // Debounced search: every keystroke cancels the previous task.
        """
        struct SearchScreen: View {
            @State private var query = ""
            @State private var failure: Error?
            var body: some View {
                List { }.task(id: query) {
                    do {
                        try await Task.sleep(for: .milliseconds(300))
                        try await search(query)
                    } ↓catch let searchError {
                        failure = searchError
                    }
                }
            }
        }
        """,
        // Cancellation is handled, but URLSession's own cancellation error is not; the
        // function is awaited two calls below `.refreshable`.
        """
        @MainActor final class FeedModel {
            var failure: Error?
            func refresh() async {
                await fetch(URL(string: "https://example.com/feed")!)
            }
            func fetch(_ url: URL) async {
                do {
                    let (data, _) = try await URLSession.shared.data(from: url)
                    print(data.count)
                } catch is CancellationError {
                } ↓catch {
                    failure = error
                }
            }
        }
        struct FeedScreen: View {
            let model: FeedModel
            var body: some View {
                List { }.refreshable { await model.refresh() }
            }
        }
        """,
        // The error reaches the UI through a hop to the main actor, in a task its owner cancels.
        """
        final class ImportController {
            @MainActor var status = ""
            private var running: Task<Void, Never>?
            func start(_ files: [URL], api: API) {
                running?.cancel()
                running = Task {
                    do {
                        try await api.upload(files)
                    } ↓catch {
                        await MainActor.run { status = "Upload failed: \\(error)" }
                    }
                }
            }
        }
        """,
        // A property wrapper named for cancelling cancels the previous task on each assignment.
        """
        @MainActor final class RoomSettingsModel {
            @CancellableTask private var loading: Task<Void, Never>?
            var alert: AlertInfo?
            func reload(proxy: SettingsProxy) {
                loading = Task {
                    do {
                        _ = try await proxy.settings()
                    } ↓catch {
                        alert = AlertInfo(title: "Could not load the settings")
                    }
                }
            }
        }
        """,
        // An alert after a typed branch, in a function that checks for cancellation itself.
        """
        @MainActor final class Checkout {
            func pay(_ cart: Cart) async {
                do {
                    try Task.checkCancellation()
                    try await cart.submit()
                } catch CheckoutError.emptyCart {
                    return
                } ↓catch {
                    showAlert(title: "Payment failed", message: error.localizedDescription)
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The usual load(): both cancellation branches come first.
        """
        @MainActor final class UserListModel {
            var errorMessage: String?
            func load(service: UserService) async {
                do {
                    _ = try await service.fetchUsers()
                } catch is CancellationError {
                } catch let error as URLError where error.code == .cancelled {
                } catch {
                    errorMessage = error.localizedDescription
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
                        try await api.load()
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
                            try await profile.save()
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
            func post(_ text: String, api: API) async {
                do {
                    try await api.post(text)
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
                        try await timeline.load()
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
                        state = .display(try await directory.lookup(name))
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
            func start(api: API) {
                running = Task {
                    do {
                        try await api.cleanUp()
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
            func fetch(api: API) {
                fetching?.cancel()
                generation += 1
                let current = generation
                fetching = Task {
                    do {
                        status = .done(try await api.stats())
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
        func sync(api: API, state: State) async throws {
            do {
                try await api.sync()
            } catch {
                state.lastError = error
                throw error
            }
        }
        """,
        // Nothing cancellable is awaited: the do body is synchronous.
        """
        struct ImportScreen: View {
            @State private var errorMessage: String?
            var body: some View {
                Text("").task {
                    do {
                        _ = try JSONSerialization.jsonObject(with: data)
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
        }
        """,
        // The error goes to a local that the function returns, not to the screen.
        """
        func attempt(api: API) async -> Error? {
            var failure: Error?
            do {
                try Task.checkCancellation()
                try await api.ping()
            } catch {
                failure = error
            }
            return failure
        }
        """,
        // An empty catch-all, as in a typical `.task(id:)` search.
        """
        struct SearchField: View {
            @State private var query = ""
            var body: some View {
                TextField("Search", text: $query).task(id: query) {
                    do {
                        try await Task.sleep(for: .milliseconds(300))
                        try await search.run(query)
                    } catch {
                        // superseded by a newer query
                    }
                }
            }
        }
        """,
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            """
            import Foundation

            struct User: Sendable { let name: String }
            struct UserService: Sendable {
                func fetchUsers() async throws -> [User] { [User(name: "Ada")] }
            }

            @MainActor final class UserListModel {
                var users: [User] = []
                var errorMessage: String?
                let service = UserService()
                private var loading: Task<Void, Never>?

                func reload() {
                    loading?.cancel()
                    loading = Task { await load() }
                }

                func load() async {
                    do {
                        users = try await service.fetchUsers()
                    } catch {
                        errorMessage = "Could not load users: \\(error.localizedDescription)"
                    }
                }
            }
            """,
            """
            import Foundation

            struct User: Sendable { let name: String }
            struct UserService: Sendable {
                func fetchUsers() async throws -> [User] { [User(name: "Ada")] }
            }

            @MainActor final class UserListModel {
                var users: [User] = []
                var errorMessage: String?
                let service = UserService()
                private var loading: Task<Void, Never>?

                func reload() {
                    loading?.cancel()
                    loading = Task { await load() }
                }

                func load() async {
                    do {
                        users = try await service.fetchUsers()
                    } catch is CancellationError {
                        // Cancelled (the screen went away, or newer work replaced this): not an error to show.
                    } catch {
                        errorMessage = "Could not load users: \\(error.localizedDescription)"
                    }
                }
            }
            """),
        CorrectionExample(
            """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            @MainActor final class AvatarModel {
                var image: Data?
                var failure: Error?

                func load(from url: URL) async {
                    do {
                        try Task.checkCancellation()
                        let (data, _) = try await URLSession.shared.data(from: url)
                        image = data
                    } catch {
                        failure = error
                    }
                }
            }
            """,
            """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            @MainActor final class AvatarModel {
                var image: Data?
                var failure: Error?

                func load(from url: URL) async {
                    do {
                        try Task.checkCancellation()
                        let (data, _) = try await URLSession.shared.data(from: url)
                        image = data
                    } catch is CancellationError {
                        // Cancelled (the screen went away, or newer work replaced this): not an error to show.
                    } catch let error as URLError where error.code == .cancelled {
                        // URLSession reports cancellation as URLError.cancelled.
                    } catch {
                        failure = error
                    }
                }
            }
            """),
    ]
}
