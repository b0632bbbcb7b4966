// The examples that specify `RedundantMainDispatch`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension RedundantMainDispatch {
    static let triggeringExamples: [RuleExample] = [
        """
        @MainActor final class FeedModel {
            var items: [String] = []
            func show(_ new: [String]) {
                ↓DispatchQueue.main.async {
                    self.items = new
                }
            }
        }
        """,
        """
        final class ProfileController: UIViewController {
            let label = UILabel()
            func markReady() {
                ↓DispatchQueue.main.async { self.label.text = "Ready" }
            }
        }
        """,
        // SwiftUI views are main-actor code; so are their actions.
        """
        struct Banner: View {
            @State private var visible = false
            var body: some View {
                Button("Save") { ↓DispatchQueue.main.async { visible = true } }
            }
        }
        """,
        // Default isolation MainActor makes every unannotated type main-actor code.
        RuleExample("""
            final class Coordinator {
                var title = ""
                func rename(_ text: String) { ↓OperationQueue.main.addOperation { self.title = text } }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // Swift 5 module: an async main-actor function is on the main actor in every mode, so
        // the hop after its await is redundant even with minimal checking.
        RuleExample("""
            @MainActor final class InboxModel {
                var count = 0
                func reload(_ source: InboxSource) async {
                    let fresh = await source.unreadCount()
                    ↓DispatchQueue.main.async { self.count = fresh }
                }
            }
            """, settings: ModuleSettings(name: "App", languageMode: 5)),
        // Swift 5 module: a main-actor task runs on the main actor whoever starts it.
        RuleExample("""
            final class SyncButton: NSObject {
                var title = ""
                @objc func tapped() {
                    Task { @MainActor in
                        let state = await SyncEngine.shared.run()
                        ↓DispatchQueue.main.async { self.title = state.label }
                    }
                }
            }
            """, settings: ModuleSettings(name: "App", languageMode: 5)),
        // Swift 5 module: a loop run on the spot inside a main-actor task is still the task.
        RuleExample("""
            final class BadgeUpdater {
                func refresh(_ views: [BadgeView], source: InboxSource) {
                    Task { @MainActor in
                        let count = await source.unreadCount()
                        views.forEach { view in ↓DispatchQueue.main.async { view.show(count) } }
                    }
                }
            }
            """, settings: ModuleSettings(name: "App", languageMode: 5)),
        // A helper method of a view is not a view update: the hop is as redundant as anywhere.
        """
        struct Gallery: View {
            @State private var photos: [String] = []
            var body: some View { Text("\\(photos.count)") }
            func clear() { ↓DispatchQueue.main.async { photos = [] } }
        }
        """,
        // A Combine sink that receives on the main queue, formed in main-actor code.
        """
        @MainActor final class SearchModel {
            var results: [String] = []
            var bag = Set<AnyCancellable>()
            func bind(_ query: AnyPublisher<[String], Never>) {
                query.receive(on: DispatchQueue.main).sink { found in
                    ↓DispatchQueue.main.async { self.results = found }
                }.store(in: &bag)
            }
        }
        """,
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            import Dispatch
            @MainActor final class FeedModel {
                var items: [String] = []
                func show(_ new: [String]) {

            """,
            before: """
                    DispatchQueue.main.async {
                        self.items = new
                        print(self.items.count)
                    }
            """,
            after: """
                    self.items = new
                    print(self.items.count)
            """,
            end: """

                }
            }
            """),
        // Swift 5 module: the hop after an await in an async main-actor function.
        CorrectionExample(
            around: """
            import Dispatch
            @MainActor final class InboxModel {
                var count = 0
                func reload(_ fetch: @Sendable () async -> Int) async {
                    let fresh = await fetch()

            """,
            before: """
                    DispatchQueue.main.async {
                        self.count = fresh
                    }
            """,
            after: """
                    self.count = fresh
            """,
            end: """

                }
            }
            """, settings: ModuleSettings(name: "App", languageMode: 5)),
        // A main-actor task with a throwing body: the hop in its `catch` is unwrapped there.
        CorrectionExample(
            around: """
            import Dispatch
            struct LoadFailure: Error {}
            @MainActor final class Screen {
                var message = ""
                func refresh(_ load: @escaping @Sendable () async throws -> String) {
                    Task { @MainActor in
                        do {
                            message = try await load()
                        } catch {

            """,
            before: """
                            DispatchQueue.main.async {
                                self.message = "\\(error)"
                            }
            """,
            after: """
                            self.message = "\\(error)"
            """,
            end: """

                        }
                    }
                }
            }
            """, settings: ModuleSettings(name: "App", languageMode: 5)),
        // A sink that receives on the main queue, formed in main-actor code.
        CorrectionExample(
            around: """
            import Combine
            import Dispatch
            @MainActor final class SearchModel {
                var results: [String] = []
                var bag = Set<AnyCancellable>()
                func bind(_ query: AnyPublisher<[String], Never>) {
                    query.receive(on: DispatchQueue.main).sink { found in

            """,
            before: """
                        DispatchQueue.main.async {
                            self.results = found
                        }
            """,
            after: """
                        self.results = found
            """,
            end: """

                    }.store(in: &bag)
                }
            }
            """),
    ]
}
