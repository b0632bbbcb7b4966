// The examples that specify `UIModelMissingMainActor`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension UIModelMissingMainActor {
    /// An app target: its models are UI state.
    private static let appModule = ModuleSettings(name: "App", kind: .app)
    private static let swift5AppModule = ModuleSettings(name: "App", kind: .app, languageMode: 5)

    static let triggeringExamples: [RuleExample] = [
        // A synchronous method changes the state: nothing checks which thread calls it, in a
        // module whose other models are `@MainActor`.
        RuleExample("""
            final class ↓CartModel: ObservableObject {
                @Published var items: [String] = []
                func add(_ item: String) { items.append(item) }
            }
            @MainActor final class OrdersModel: ObservableObject { @Published var orders: [String] = [] }
            @MainActor @Observable final class AccountModel { var name = "" }
            """, settings: appModule),
        // A task started in a plain method runs on the global concurrent executor.
        RuleExample("""
            final class ↓RatingModel: ObservableObject {
                @Published var stars = 0
                func refresh(_ api: RatingAPI) {
                    Task {
                        let value = await api.stars()
                        stars = value
                    }
                }
            }
            """, settings: swift5AppModule),
        // The published value hops back by hand, but the task changes the loading state off the
        // main actor, where `update` reads it.
        RuleExample("""
            final class ↓ScoreModel: ObservableObject {
                @Published var score: Int?
                private var loading = false
                func update(_ api: ScoreAPI) {
                    guard !loading else { return }
                    loading = true
                    Task {
                        let value = try? await api.score()
                        await MainActor.run { self.score = value }
                        loading = false
                    }
                }
            }
            """, settings: swift5AppModule),
        // Every change is already main-actor code, marked one piece at a time.
        RuleExample("""
            final class ↓BlockedModel: ObservableObject {
                @Published var requirements: [String] = []
                @Published var info: String?
                func load(_ checker: Checker) {
                    Task { @MainActor in
                        requirements = await checker.missing()
                    }
                }
                @MainActor func show(_ text: String) { info = text }
            }
            """, settings: swift5AppModule),
        RuleExample("""
            public final class ↓DetailModel: ObservableObject {
                @Published var rows: [String] = []
                func appear(_ title: String) { rows = [title] }
            }
            struct DetailView: View {
                @StateObject var model = DetailModel()
                var body: some View { Text(model.rows.first ?? "") }
            }
            @MainActor final class PurchaseModel: ObservableObject { @Published var busy = false }
            @MainActor final class RestoreModel: ObservableObject { @Published var busy = false }
            final class PaywallHelper {}
            struct Price {}
            enum Period {}
            """, settings: ModuleSettings(name: "PaywallUI", kind: .library)),
        RuleExample("""
            @Observable
            final class ↓SearchModel {
                var query = ""
                var results: [String] = []
                func clear() { query = ""; results = [] }
            }
            @MainActor @Observable final class HistoryModel { var entries: [String] = [] }
            @MainActor @Observable final class FiltersModel { var tags: [String] = [] }
            """, settings: appModule),
        // `ObservableObject` through a superclass of the module.
        RuleExample("""
            class BaseModel: ObservableObject {
                func log(_ text: String) { print(text) }
            }
            final class ↓ProfileModel: BaseModel {
                @Published var name = ""
                func rename(_ text: String) { name = text }
            }
            @MainActor final class FeedModel: ObservableObject { @Published var posts: [String] = [] }
            @MainActor final class InboxModel: ObservableObject { @Published var unread = 0 }
            """, settings: appModule),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // State changed only through bindings and in the initializer: no code of its own to check.
        RuleExample("""
            final class ToggleModel: ObservableObject {
                @Published var flag = false
                @Published var host = "" { didSet { UserDefaults.standard.set(host, forKey: "host") } }
                @Published private(set) var names: [String]
                init() { names = Bundle.main.infoDictionary?.keys.map { $0 } ?? [] }
            }
            """, settings: appModule),
        // A background operation of the module uses it: `@MainActor` would make that an error.
        RuleExample("""
            final class UploadModel: ObservableObject {
                @Published var progress = 0.0
                func update(_ value: Double) { progress = value }
            }
            final class UploadOperation: Operation {
                let model: UploadModel
                init(model: UploadModel) { self.model = model }
                override func main() { model.update(0.5) }
            }
            """, settings: appModule),
        // An `EnvironmentKey`'s default value is built in nonisolated code.
        RuleExample("""
            final class OrientationHolder: ObservableObject {
                @Published var isLandscape = false
                func update(_ landscape: Bool) { isLandscape = landscape }
            }
            struct OrientationKey: EnvironmentKey {
                static let defaultValue = OrientationHolder()
            }
            """, settings: appModule),
        // Work run off the main actor on purpose, hopping back by hand: `@MainActor` would move it.
        RuleExample("""
            final class DownloadTask: ObservableObject {
                @Published var state = "idle"
                func start(_ source: URL, to folder: URL) {
                    Task {
                        let file = try await fetch(source)
                        try FileManager.default.moveItem(at: file, to: folder)
                        await MainActor.run { self.state = "done" }
                    }
                }
            }
            """, settings: swift5AppModule),
        // A synchronous method in a module whose models are not `@MainActor` by practice: the
        // module keeps its models on the main thread its own way.
        RuleExample("""
            final class CartModel: ObservableObject {
                @Published var items: [String] = []
                func add(_ item: String) { items.append(item) }
            }
            final class OrdersModel: ObservableObject { @Published var orders: [String] = [] }
            """, settings: appModule),
        // A view model of a library module that a view of the module observes is UI state too,
        // but one that no view observes is left alone.
        RuleExample("""
            public final class Status: ObservableObject {
                @Published public var favourited = false
                public func toggle() { favourited.toggle() }
            }
            """, settings: ModuleSettings(name: "FeedKit", kind: .library)),
        // Changes delivered on the main queue, and in a callback whose thread actorlint cannot tell.
        RuleExample("""
            final class EpisodesModel: ObservableObject {
                @Published var titles: [String] = []
                @Published var count = 0
                var bag = Set<AnyCancellable>()
                func bind(_ feed: AnyPublisher<[String], Never>, _ api: CountAPI) {
                    feed.receive(on: RunLoop.main).sink { [weak self] in self?.titles = $0 }.store(in: &bag)
                    api.fetchCount { value in self.count = value }
                }
            }
            """, settings: appModule),
        // A `@Sendable` observer block uses `self`; a conformance whose witnesses would move.
        RuleExample("""
            final class ClockModel: ObservableObject {
                @Published var now = Date()
                func start() {
                    NotificationCenter.default.addObserver(forName: .init("tick"), object: nil, queue: .main) { _ in self.now = Date() }
                }
            }
            final class TabModel: ObservableObject, Hashable {
                @Published var title = ""
                func rename(_ text: String) { title = text }
                static func == (lhs: TabModel, rhs: TabModel) -> Bool { lhs === rhs }
                func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
            }
            """, settings: appModule),
        // The recommended form.
        RuleExample("""
            @MainActor @Observable
            final class SearchModel {
                var query = ""
                func clear() { query = "" }
            }
            """, settings: appModule),
        // Main-actor by the module's default isolation.
        RuleExample("""
            final class CartModel: ObservableObject {
                @Published var items: [String] = []
                func add(_ item: String) { items.append(item) }
            }
            """, settings: ModuleSettings(name: "App", kind: .app, defaultIsolation: .mainActor)),
        // Main-actor by inheritance.
        RuleExample("""
            @MainActor class BaseModel {}
            final class ProfileModel: BaseModel, ObservableObject {
                @Published var name = ""
                func rename(_ text: String) { name = text }
            }
            """, settings: appModule),
        // No published state: nothing for a view to observe.
        RuleExample("""
            final class Router: ObservableObject {
                let objectWillChange = ObservableObjectPublisher()
                func go() { objectWillChange.send() }
            }
            """, settings: appModule),
        // Deliberately nonisolated, or isolated to another global actor.
        RuleExample("""
            nonisolated final class Counter: ObservableObject {
                @Published var value = 0
                func bump() { value += 1 }
            }
            @globalActor actor StoreActor { static let shared = StoreActor() }
            @StoreActor final class Store: ObservableObject {
                @Published var value = 0
                func bump() { value += 1 }
            }
            """, settings: appModule),
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            """
            import Observation

            /// What the search screen shows.
            @Observable
            final class SearchModel {
                var query = ""
                func clear() { query = "" }
            }

            @MainActor @Observable final class HistoryModel { var entries: [String] = [] }
            @MainActor @Observable final class FiltersModel { var tags: [String] = [] }
            """,
            """
            import Observation

            /// What the search screen shows.
            @MainActor
            @Observable
            final class SearchModel {
                var query = ""
                func clear() { query = "" }
            }

            @MainActor @Observable final class HistoryModel { var entries: [String] = [] }
            @MainActor @Observable final class FiltersModel { var tags: [String] = [] }
            """, settings: appModule),
        // A task started in a plain method: with the class on the main actor, so is the task.
        CorrectionExample(
            """
            import Combine

            protocol RatingAPI: Sendable { func stars() async -> Int }

            final class RatingModel: ObservableObject {
                @Published var stars = 0
                func refresh(_ api: RatingAPI) {
                    Task {
                        let value = await api.stars()
                        stars = value
                    }
                }
            }
            """,
            """
            import Combine

            protocol RatingAPI: Sendable { func stars() async -> Int }

            @MainActor
            final class RatingModel: ObservableObject {
                @Published var stars = 0
                func refresh(_ api: RatingAPI) {
                    Task {
                        let value = await api.stars()
                        stars = value
                    }
                }
            }
            """, settings: swift5AppModule),
        // Changes already marked `@MainActor` one by one, and a superclass of the module.
        CorrectionExample(
            """
            import Combine

            class BaseModel: ObservableObject {
                func log(_ text: String) { print(text) }
            }

            final class ItemModel: BaseModel {
                @Published var info: String?
                @MainActor func show(_ text: String) { info = text }
            }
            """,
            """
            import Combine

            class BaseModel: ObservableObject {
                func log(_ text: String) { print(text) }
            }

            @MainActor
            final class ItemModel: BaseModel {
                @Published var info: String?
                @MainActor func show(_ text: String) { info = text }
            }
            """, settings: swift5AppModule),
    ]
}
