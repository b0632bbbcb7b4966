// The examples that specify `MainDispatchInAsync`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension MainDispatchInAsync {
    static let triggeringExamples: [RuleExample] = [
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
        // A task started in a plain class (Swift 5) runs on the global executor, its `catch` too.
        RuleExample("""
            final class WatchSync {
                var onError: ((Error) -> Void)?
                func login(_ client: Client) {
                    Task {
                        do { try await client.login() } catch { ↓DispatchQueue.main.async { self.onError?(error) } }
                    }
                }
            }
            """, settings: ModuleSettings(name: "App", languageMode: 5)),
        // Inside a loop's body, which runs on the spot as part of the async function.
        """
        final class Badges {
            func refresh(_ views: [BadgeView]) async {
                let count = await Inbox.shared.unread()
                views.forEach { view in ↓DispatchQueue.main.async { view.show(count) } }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
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
        // A synchronous Combine callback set up in an async function: it runs whenever the
        // publisher emits, not as part of the function, and cannot await.
        """
        final class PlanModel: ObservableObject {
            @Published var plan = ""
            var bag = Set<AnyCancellable>()
            func observe(_ feed: AnyPublisher<String, Never>) async {
                feed.sink { value in DispatchQueue.main.async { self.plan = value } }.store(in: &bag)
            }
        }
        """,
        // A stored callback assigned in an async function runs when its owner calls it.
        """
        final class Flow {
            var bridge = Bridge()
            var done = false
            func start() async {
                bridge.onFinish = { DispatchQueue.main.async { self.done = true } }
            }
        }
        """,
        // A test that lets the main queue run what was queued before it, then waits; and a hop
        // whose comment says why it must be one.
        """
        import XCTest
        final class ChatTests: XCTestCase {
            func testPostsNotification() async {
                let posted = expectation(description: "posted")
                _ = await handler.open()
                DispatchQueue.main.async { posted.fulfill() }
                await fulfillment(of: [posted])
            }
        }
        final class Commands {
            func handle(_ seal: Seal) async {
                await run()
                // Resolving on the main queue: PromiseKit's chain expects it there.
                DispatchQueue.main.async { seal.fulfill() }
            }
        }
        """,
        // The synchronous overload of an async method: its completion closure is callback code,
        // not the async overload's body, and cannot await.
        """
        final class Store {
            func count(completion: @escaping (Int) -> Void) {
                api.count { value in DispatchQueue.main.async { completion(value) } }
            }
            func count() async -> Int {
                await withCheckedContinuation { continuation in count { continuation.resume(returning: $0) } }
            }
        }
        """,
        // The completion handler of the synchronous overload, called from the async one: the
        // function waits on the continuation the block resumes.
        """
        final class Catalog {
            func categories(completion: @escaping ([String]) -> Void) { load(completion) }
            func categories() async -> [String] {
                await withCheckedContinuation { continuation in
                    categories(completion: { list in
                        DispatchQueue.main.async { continuation.resume(returning: list) }
                    })
                }
            }
        }
        """,
    ]
}
