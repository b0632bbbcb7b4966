// The examples that specify `SequentialIndependentAwaits`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension SequentialIndependentAwaits {
    static let triggeringExamples: [RuleExample] = [
        // The common shape: two requests to the same service, the second ignores the first.
        """
        func loadFeed(service: FeedService, id: Int) async throws -> FeedScreenData {
            ↓let profile = try await service.profile(id: id)
            let posts = try await service.posts(authorID: id)
            return FeedScreenData(profile: profile, posts: posts)
        }
        """,
        // Non-throwing awaits, three in a row, in a method: one finding for the run.
        """
        final class Dashboard {
            func refresh(weather: WeatherClient, news: NewsClient, stocks: StockClient) async -> Summary {
                ↓let forecast = await weather.forecast(for: "Berlin")
                let headlines = await news.headlines()
                let quotes = await stocks.quotes(["AAPL"])
                return Summary(forecast, headlines, quotes)
            }
        }
        """,
        // Inside a Task closure; a tuple pattern (reported, but not rewritten).
        """
        func preload(urls: (URL, URL)) {
            Task {
                ↓let (first, _) = try await URLSession.shared.data(from: urls.0)
                let (second, _) = try await URLSession.shared.data(from: urls.1)
                print(first.count + second.count)
            }
        }
        """,
        // The run is cut where a call needs an earlier value: `a` and `b` are independent,
        // `c` needs `a`.
        """
        func build(api: API) async throws -> Report {
            ↓let a = try await api.header()
            let b = try await api.body()
            let c = try await api.footer(after: a)
            return Report(a, b, c)
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Awaited initializers are hops to an actor (`UIAlertController` is main-actor), not work.
        """
        func showError(on controller: UIViewController) async {
            let alert = await UIAlertController(title: nil, message: "Failed", preferredStyle: .alert)
            let ok = await UIAlertAction(title: "OK", style: .default)
            await alert.addAction(ok)
        }
        """,
        // The first call is given the account whose local state the second reads: a remote
        // sync, then the local view of the same account.
        """
        func reconcile(account: Account, feed: Feed) async throws -> Set<String> {
            let remote = try await collectIDs(for: account, from: feed)
            let local = await account.unreadIDs()
            return remote.subtracting(local)
        }
        """,
        // The second call needs the first result.
        """
        func loadOrders(api: API) async throws -> [Order] {
            let user = try await api.currentUser()
            let orders = try await api.orders(for: user.id)
            return orders
        }
        """,
        // …also when the dependency hides in a closure argument.
        """
        func enrich(api: API) async throws -> [Row] {
            let ids = try await api.ids()
            let rows = try await api.rows(matching: { ids.contains($0) })
            return rows
        }
        """,
        // Already concurrent.
        """
        func loadFeed(service: FeedService, id: Int) async throws -> FeedScreenData {
            async let profile = service.profile(id: id)
            async let posts = service.posts(authorID: id)
            return try await FeedScreenData(profile: profile, posts: posts)
        }
        """,
        // A write and a read on the same receiver: the read must see the write.
        """
        func rename(store: ProfileStore, to name: String) async throws -> Profile {
            let saved = try await store.save(name: name)
            let profile = try await store.load()
            return profile.merged(with: saved)
        }
        """,
        // Two writes to the same receiver: their order is part of the behaviour.
        """
        func sync(server: Server, items: [Item]) async throws {
            let created = try await server.post(items)
            let deleted = try await server.delete(stale: items)
            print(created, deleted)
        }
        """,
        // Calls on the actor's own state: they would only queue behind each other anyway.
        """
        actor Inventory {
            var stock: [String: Int] = [:]
            func count(_ item: String) async -> Int { stock[item] ?? 0 }
            func report() async -> String {
                let apples = await count("apple")
                let pears = await self.count("pear")
                return "\\(apples) \\(pears)"
            }
        }
        """,
        // In a loop: sequential awaits are often deliberate pacing.
        """
        func crawl(pages: [URL], client: Client) async throws {
            for page in pages {
                let html = try await client.get(page)
                let robots = try await client.robots(for: page)
                print(html, robots)
            }
        }
        """,
        // Something runs between them.
        """
        func checkout(cart: Cart, payments: Payments) async throws {
            let total = try await cart.total()
            analytics.log("checkout")
            let token = try await payments.token()
            print(total, token)
        }
        """,
        // Not calls: awaiting properties of already-running work.
        """
        func collect(first: Task<Int, Never>, second: Task<Int, Never>) async -> Int {
            let a = await first.value
            let b = await second.value
            return a + b
        }
        """,
        // A test checks the order of its awaits.
        """
        final class CacheTests: XCTestCase {
            func testSecondLoadIsCached() async throws {
                let first = try await cache.load("key")
                let second = try await cache.load("key")
                XCTAssertEqual(first, second)
            }
        }
        """,
        // Only one await.
        """
        func single(api: API) async throws -> Int {
            let value = try await api.count()
            let doubled = value * 2
            return doubled
        }
        """,
        // Inside `defer` (awaiting there needs SE-0493): cleanup order is kept.
        """
        func work(log: Log, cache: Cache) async {
            defer {
                let flushed = await log.flush()
                let trimmed = await cache.trim()
                print(flushed, trimmed)
            }
            await log.write("start")
        }
        """,
        // `inout` arguments: the second call may see the first call's change.
        """
        func adjust(api: API) async {
            var budget = 10
            let first = await api.spend(&budget)
            let second = await api.quote(budget)
            print(first, second)
        }
        """,
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            """
            import Foundation

            struct Profile: Sendable { let name: String }
            struct Post: Sendable { let title: String }
            struct FeedScreenData: Sendable {
                let profile: Profile
                let posts: [Post]
            }
            struct FeedService: Sendable {
                func profile(id: Int) async throws -> Profile { Profile(name: "Ada") }
                func posts(authorID: Int) async throws -> [Post] { [Post(title: "Hello")] }
            }

            func loadFeed(service: FeedService, id: Int) async throws -> FeedScreenData {
                let profile = try await service.profile(id: id)
                let posts = try await service.posts(authorID: id)
                return FeedScreenData(profile: profile, posts: posts)
            }
            """,
            """
            import Foundation

            struct Profile: Sendable { let name: String }
            struct Post: Sendable { let title: String }
            struct FeedScreenData: Sendable {
                let profile: Profile
                let posts: [Post]
            }
            struct FeedService: Sendable {
                func profile(id: Int) async throws -> Profile { Profile(name: "Ada") }
                func posts(authorID: Int) async throws -> [Post] { [Post(title: "Hello")] }
            }

            func loadFeed(service: FeedService, id: Int) async throws -> FeedScreenData {
                async let profile = service.profile(id: id)
                async let posts = service.posts(authorID: id)
                return try await FeedScreenData(profile: profile, posts: posts)
            }
            """),
        // Non-throwing calls, a type annotation, and reads spread over several statements,
        // one of which already awaits.
        CorrectionExample(
            """
            import Foundation

            struct Library: Sendable {
                func bookCount() async -> Int { 3 }
                func latestTitle() async -> String { "Dune" }
                func shelf(for count: Int) async -> String { "A\\(count)" }
            }

            func summary(of library: Library) async -> String {
                let count: Int = await library.bookCount()
                let latest = await library.latestTitle()
                print("books:", count)
                let shelf = await library.shelf(for: count)
                if latest.isEmpty { return shelf }
                return "\\(latest) on \\(shelf)"
            }
            """,
            """
            import Foundation

            struct Library: Sendable {
                func bookCount() async -> Int { 3 }
                func latestTitle() async -> String { "Dune" }
                func shelf(for count: Int) async -> String { "A\\(count)" }
            }

            func summary(of library: Library) async -> String {
                async let count: Int = library.bookCount()
                async let latest = library.latestTitle()
                await print("books:", count)
                let shelf = await library.shelf(for: count)
                if await latest.isEmpty { return shelf }
                return await "\\(latest) on \\(shelf)"
            }
            """),
        // A main-actor view model: its service is a struct, so the child tasks may use it.
        CorrectionExample(
            """
            import Foundation

            struct WeatherService: Sendable {
                func temperature(in city: String) async throws -> Double { 21.5 }
                func warnings(in city: String) async throws -> [String] { [] }
            }

            @MainActor final class WeatherModel {
                let service = WeatherService()
                var city = "Berlin"
                var summary = ""

                func refresh() async throws {
                    let temperature = try await service.temperature(in: city)
                    let warnings = try await service.warnings(in: city)
                    summary = "\\(temperature)° \\(warnings.count) warnings"
                }
            }
            """,
            """
            import Foundation

            struct WeatherService: Sendable {
                func temperature(in city: String) async throws -> Double { 21.5 }
                func warnings(in city: String) async throws -> [String] { [] }
            }

            @MainActor final class WeatherModel {
                let service = WeatherService()
                var city = "Berlin"
                var summary = ""

                func refresh() async throws {
                    async let temperature = service.temperature(in: city)
                    async let warnings = service.warnings(in: city)
                    summary = try await "\\(temperature)° \\(warnings.count) warnings"
                }
            }
            """),
    ]
}
