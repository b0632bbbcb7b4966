// The examples that specify `CancellationShownAsError`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension CancellationShownAsError {
    static let triggeringExamples: [RuleExample] = [
        // The usual load() without its cancellation branch, awaited from the view's `.task`;
        // the service reaches URLSession, which throws `URLError(.cancelled)`.
        """
        struct UserService {
            func fetchUsers() async throws -> [User] {
                let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/users")!)
                return try JSONDecoder().decode([User].self, from: data)
            }
        }
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
        // Debounced search: every keystroke cancels the previous task, and `Task.sleep` throws.
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
        struct UploadAPI {
            let session: URLSession
            func upload(_ files: [URL], to endpoint: URLRequest) async throws {
                for file in files { _ = try await session.upload(for: endpoint, fromFile: file) }
            }
        }
        final class ImportController {
            @MainActor var status = ""
            private var running: Task<Void, Never>?
            func start(_ files: [URL], api: UploadAPI, endpoint: URLRequest) {
                running?.cancel()
                running = Task {
                    do {
                        try await api.upload(files, to: endpoint)
                    } ↓catch {
                        await MainActor.run { status = "Upload failed: \\(error)" }
                    }
                }
            }
        }
        """,
        // A protocol whose every implementation throws when cancelled, behind a property
        // wrapper named for cancelling, which cancels the previous task on each assignment.
        """
        protocol SettingsSource { func settings() async throws -> [String: Bool] }
        final class PolledSettings: SettingsSource {
            func settings() async throws -> [String: Bool] {
                try await Task.sleep(for: .seconds(1))
                return [:]
            }
        }
        @MainActor final class RoomSettingsModel {
            @CancellableTask private var loading: Task<Void, Never>?
            var alert: AlertInfo?
            let source: SettingsSource
            func reload() {
                loading = Task {
                    do {
                        _ = try await source.settings()
                    } ↓catch {
                        alert = AlertInfo(title: "Could not load the settings")
                    }
                }
            }
        }
        """,
        // The body checks for cancellation itself, then shows what that check throws.
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
        // Work that answers cancellation with an error of its own: only `Task.isCancelled` tells.
        """
        final class Download {
            private var request: Request?
            func data() async throws -> Data {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        request = Request { continuation.resume(with: $0) }
                    }
                } onCancel: {
                    request?.cancel()
                }
            }
        }
        struct AttachmentView: View {
            let download: Download
            @State private var problem: String?
            var body: some View {
                Text("").task {
                    do {
                        _ = try await download.data()
                    } ↓catch {
                        problem = error.localizedDescription
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
                func fetchUsers() async throws -> [User] {
                    try await Task.sleep(for: .milliseconds(10))
                    return [User(name: "Ada")]
                }
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
                func fetchUsers() async throws -> [User] {
                    try await Task.sleep(for: .milliseconds(10))
                    return [User(name: "Ada")]
                }
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
        CorrectionExample(
            """
            import Foundation

            final class Transfer: Sendable {
                func data() async throws -> Data {
                    try await withTaskCancellationHandler {
                        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, Error>) in
                            continuation.resume(returning: Data())
                        }
                    } onCancel: {
                    }
                }
            }

            @MainActor final class AttachmentModel {
                var problem: String?
                let transfer = Transfer()
                private var loading: Task<Void, Never>?

                func reload() {
                    loading?.cancel()
                    loading = Task { await load() }
                }

                func load() async {
                    do {
                        _ = try await transfer.data()
                    } catch {
                        problem = error.localizedDescription
                    }
                }
            }
            """,
            """
            import Foundation

            final class Transfer: Sendable {
                func data() async throws -> Data {
                    try await withTaskCancellationHandler {
                        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, Error>) in
                            continuation.resume(returning: Data())
                        }
                    } onCancel: {
                    }
                }
            }

            @MainActor final class AttachmentModel {
                var problem: String?
                let transfer = Transfer()
                private var loading: Task<Void, Never>?

                func reload() {
                    loading?.cancel()
                    loading = Task { await load() }
                }

                func load() async {
                    do {
                        _ = try await transfer.data()
                    } catch _ where Task.isCancelled {
                        // Cancelled (the screen went away, or newer work replaced this): not an error to show.
                    } catch {
                        problem = error.localizedDescription
                    }
                }
            }
            """),
    ]
}
