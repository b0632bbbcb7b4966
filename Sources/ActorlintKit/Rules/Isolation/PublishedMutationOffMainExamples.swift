// The examples that specify `PublishedMutationOffMain`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension PublishedMutationOffMain {
    static let triggeringExamples: [RuleExample] = [
        """
        final class FeedModel: ObservableObject {
            @Published var items: [String] = []
            func load(_ url: URL) {
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    ↓self.items = decode(data)
                }.resume()
            }
        }
        """,
        // A nonisolated async method runs on the global concurrent executor (SE-0338).
        """
        final class ProfileModel: ObservableObject {
            @Published var name = ""
            func refresh() async throws {
                let profile = try await api.profile()
                ↓name = profile.name
            }
        }
        """,
        """
        @Observable final class Gallery {
            var thumbnails: [Data] = []
            func render(_ images: [Data]) {
                DispatchQueue.global().async {
                    ↓self.thumbnails.append(contentsOf: images)
                }
            }
        }
        """,
        // An element or a member of the published value changes it too.
        """
        final class Ticker: ObservableObject {
            @Published var prices: [String: Double] = [:]
            @Published var status = Status()
            func start() {
                Task.detached {
                    for await quote in feed() {
                        ↓self.prices[quote.symbol] = quote.price
                        ↓self.status.updated = quote.time
                    }
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // A `@Sendable` timer block fires on the run loop that scheduled it: here every call of
        // the private method that schedules it is on the main thread.
        """
        final class Screensaver: ObservableObject {
            @Published var isActive = false
            private var timer: Timer?
            var bag = Set<AnyCancellable>()
            init(_ settings: AnyPublisher<Bool, Never>) {
                settings.receive(on: DispatchQueue.main).sink { [weak self] _ in self?.restart() }.store(in: &bag)
            }
            @MainActor func wake() { restart() }
            private func restart() {
                timer?.invalidate()
                timer = Timer.scheduledTimer(withTimeInterval: 60, repeats: false) { [weak self] _ in
                    self?.isActive = true
                }
            }
        }
        """,
        // A sink after `.receive(on: DispatchQueue.main)` runs on the main queue, wherever it was formed.
        """
        final class PlanModel: ObservableObject {
            @Published var plan = ""
            var bag = Set<AnyCancellable>()
            func observe(_ feed: AnyPublisher<String, Never>) async {
                feed.receive(on: DispatchQueue.main).sink { [weak self] value in self?.plan = value }.store(in: &bag)
            }
        }
        """,
        // A @MainActor model: the compiler already rejects off-main assignments.
        """
        @MainActor final class FeedModel: ObservableObject {
            @Published var items: [String] = []
            func refresh() async throws { items = try await api.items() }
        }
        """,
        // The hop is made before assigning.
        """
        final class FeedModel: ObservableObject {
            @Published var items: [String] = []
            func load(_ url: URL) {
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    DispatchQueue.main.async { self.items = decode(data) }
                }.resume()
            }
        }
        """,
        // Under NonisolatedNonsendingByDefault the async method runs on its caller's actor.
        RuleExample("""
            final class ProfileModel: ObservableObject {
                @Published var name = ""
                func refresh() async throws { name = try await api.profile().name }
            }
            """, settings: ModuleSettings(name: "App", features: [ModuleSettings.nonisolatedNonsendingByDefault])),
        // Not published state: a plain property, or a local with the same name.
        """
        final class Cache: ObservableObject {
            @Published var count = 0
            var raw: [Data] = []
            func fill() {
                DispatchQueue.global().async {
                    self.raw = []
                    var count = 0
                    count += 1
                    var raw = [Data()]
                    raw[0] = Data()
                }
            }
        }
        """,
    ]
}
