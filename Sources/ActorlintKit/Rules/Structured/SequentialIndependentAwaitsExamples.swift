// The examples that specify `SequentialIndependentAwaits`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension SequentialIndependentAwaits {
    static let triggeringExamples: [RuleExample] = [
        // The common shape: two GET requests of one service; the second ignores the first.
        """
        struct FeedService {
            let session: URLSession
            func profile(id: Int) async throws -> Data {
                try await session.data(from: URL(string: "https://example.com/users/\\(id)")!).0
            }
            func posts(authorID: Int) async throws -> Data {
                try await session.data(from: URL(string: "https://example.com/posts?author=\\(authorID)")!).0
            }
        }
        func loadFeed(service: FeedService, id: Int) async throws -> (Data, Data) {
            ↓let profile = try await service.profile(id: id)
            let posts = try await service.posts(authorID: id)
            return (profile, posts)
        }
        """,
        // Assignments to properties that exist, and a fallback after the awaited call.
        """
        struct Profiles {
            func avatar() async -> Data? { try? await URLSession.shared.data(from: URL(string: "https://example.com/a")!).0 }
            func bio() async -> String? { (try? await URLSession.shared.data(from: URL(string: "https://example.com/b")!).0).map { String(decoding: $0, as: UTF8.self) } }
        }
        @MainActor final class ProfileModel {
            var avatar: Data?
            var bio = ""
            let profiles = Profiles()
            func refresh() async {
                ↓avatar = await profiles.avatar()
                bio = await profiles.bio() ?? ""
            }
        }
        """,
        // A plain `let` between the calls does not separate them.
        """
        func dashboard(stats: StatsClient) async throws -> String {
            ↓let visits = try await URLSession.shared.data(from: stats.visitsURL).0
            let visitCount = visits.count
            let sales = try await URLSession.shared.data(from: stats.salesURL).0
            return "\\(visitCount) \\(sales.count)"
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
        func build(base: URL) async throws -> Int {
            ↓let a = try await URLSession.shared.data(from: base.appending(path: "header")).0
            let b = try await URLSession.shared.data(from: base.appending(path: "body")).0
            let c = try await URLSession.shared.data(from: base.appending(path: String(a.count))).0
            return a.count + b.count + c.count
        }
        """,
        // `try?`: a failure of the first does not stop the second, so the second may write.
        """
        struct Sync {
            let session: URLSession
            func pull() async throws -> Data { try await session.data(from: URL(string: "https://example.com/pull")!).0 }
            func push(_ body: Data) async throws -> Data {
                var request = URLRequest(url: URL(string: "https://example.com/push")!)
                request.httpMethod = "POST"
                return try await session.upload(for: request, from: body).0
            }
            func run(_ body: Data) async {
                ↓let pulled = try? await pull()
                let pushed = try? await push(body)
                print(pulled as Any, pushed as Any)
            }
        }
        """,
        // A property set from the first result between the calls, and a tuple assignment as the
        // second (reported; the rewrite waits for a type it cannot see).
        """
        struct Directory {
            func member(_ id: Int) async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://example.com/m/\\(id)")!).0 }
            func followers(_ id: Int) async throws -> ([String], URL?) {
                let data = try await URLSession.shared.data(from: URL(string: "https://example.com/f/\\(id)")!).0
                return ([String(decoding: data, as: UTF8.self)], nil)
            }
        }
        @MainActor final class FollowersModel {
            var total = 0
            var names: [String] = []
            var next: URL?
            let directory = Directory()
            func load(id: Int) async throws {
                ↓let member = try await directory.member(id)
                total = member.count
                (names, next) = try await directory.followers(id)
            }
        }
        """,
        // Two fields of one local value, each from its own request.
        """
        struct Readings { var indoor: Double?; var outdoor: Double? }
        struct Sensors {
            func read(_ path: String) async -> Double? {
                guard let data = try? await URLSession.shared.data(from: URL(string: "https://example.com/" + path)!).0 else { return nil }
                return Double(String(decoding: data, as: UTF8.self))
            }
        }
        func snapshot(sensors: Sensors, detailed: Bool) async -> Readings {
            var readings = Readings()
            if detailed {
                ↓readings.indoor = await sensors.read("indoor")
                readings.outdoor = await sensors.read("outdoor")
            }
            return readings
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Nothing shows that the calls wait on anything: the callees are not declared in the
        // module (or do only in-memory work), so there may be nothing to overlap.
        """
        func loadFeed(service: FeedService, id: Int) async throws -> FeedScreenData {
            let profile = try await service.profile(id: id)
            let posts = try await service.posts(authorID: id)
            return FeedScreenData(profile: profile, posts: posts)
        }
        """,
        // Async functions that never wait: pure transformations marked `async`.
        """
        enum Converter {
            static func agent(from name: String) async -> String { name.uppercased() }
            static func document(from text: String) async throws -> [String] { text.split(separator: " ").map(String.init) }
            static func convert(name: String, text: String) async throws -> String {
                let agent = await agent(from: name)
                let words = try await document(from: text)
                return agent + words.joined()
            }
        }
        """,
        // A lookup that waits only in one branch (a generated document) and reads a dictionary
        // otherwise: no wait on every path.
        """
        final class Documents {
            var open: [URL: Data] = [:]
            func snapshot(_ url: URL) async throws -> Data {
                switch url.scheme {
                case "generated": return try await URLSession.shared.data(from: url).0
                default: return open[url] ?? Data()
                }
            }
            func settings(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }
            func quickFix(_ url: URL) async throws -> Int {
                let snapshot = try await snapshot(url)
                let settings = try await settings(url)
                return snapshot.count + settings.count
            }
        }
        """,
        // A write after a lookup that can fail: registering must not happen if the lookup throws.
        """
        struct Onboarding {
            let session: URLSession
            func instance(domain: String) async throws -> Data {
                try await session.data(from: URL(string: "https://\\(domain)/api/v1/instance")!).0
            }
            func createApplication(domain: String) async throws -> Data {
                var request = URLRequest(url: URL(string: "https://\\(domain)/api/v1/apps")!)
                request.httpMethod = "POST"
                return try await session.data(for: request).0
            }
            func start(domain: String) async throws {
                let server = try await instance(domain: domain)
                let application = try await createApplication(domain: domain)
                print(server, application)
            }
        }
        """,
        // `mutating` methods: two child tasks would change the same value at once.
        """
        struct Connection {
            var active: URL?
            let session: URLSession
            mutating func activeURL() async -> URL? {
                _ = try? await session.data(from: URL(string: "https://example.com/ping")!)
                active = URL(string: "https://example.com")
                return active
            }
            mutating func webhookURL() async -> URL? {
                _ = try? await session.data(from: URL(string: "https://example.com/hook")!)
                return active
            }
            mutating func urls() async -> (URL?, URL?) {
                let active = await activeURL()
                let webhook = await webhookURL()
                return (active, webhook)
            }
        }
        """,
        // One actor's methods that do their work on the actor: they queue behind each other.
        """
        actor Inventory {
            var stock: [String: Int] = [:]
            let store: StockStore
            func count(_ item: String) async -> Int {
                await withCheckedContinuation { continuation in continuation.resume(returning: stock[item] ?? 0) }
            }
            func report() async -> String {
                let apples = await count("apple")
                let pears = await self.count("pear")
                return "\\(apples) \\(pears)"
            }
        }
        """,
        // Callbacks of one object (a database with one queue): they may be served one by one.
        """
        final class Counts {
            let database: Database
            func today() async -> Int {
                await withCheckedContinuation { continuation in database.countToday { continuation.resume(returning: $0) } }
            }
            func starred() async -> Int {
                await withCheckedContinuation { continuation in database.countStarred { continuation.resume(returning: $0) } }
            }
            func summary() async -> String {
                let today = await today()
                let starred = await starred()
                return "\\(today) \\(starred)"
            }
        }
        """,
        // The later call reads state the earlier one writes.
        """
        final class Session {
            var token = ""
            func refreshToken() async throws {
                token = String(decoding: try await URLSession.shared.data(from: URL(string: "https://example.com/t")!).0, as: UTF8.self)
            }
            func profile() async throws -> Data {
                var request = URLRequest(url: URL(string: "https://example.com/me")!)
                request.setValue(token, forHTTPHeaderField: "Authorization")
                request.httpMethod = "GET"
                return try await URLSession.shared.data(for: request).0
            }
            func load() async throws -> Data {
                let refreshed: Void = try await refreshToken()
                let me = try await profile()
                print(refreshed)
                return me
            }
        }
        """,
        // The statement between the calls sets what the later call sends.
        """
        @MainActor final class SearchModel {
            var scope = "all"
            func defaults() async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://example.com/d")!).0 }
            func search() async throws -> Data {
                try await URLSession.shared.data(from: URL(string: "https://example.com/s?scope=" + scope)!).0
            }
            func start() async throws {
                let saved = try await defaults()
                scope = String(decoding: saved, as: UTF8.self)
                let results = try await search()
                print(results)
            }
        }
        """,
        // The later target is chosen by the value the earlier call assigned.
        """
        func fill(into slots: inout [Int: Data], base: URL) async throws {
            var index = 0
            index = try await URLSession.shared.data(from: base.appending(path: "index")).0.count
            slots[index] = try await URLSession.shared.data(from: base.appending(path: "slot")).0
        }
        """,
        // A comment asks for the order.
        """
        func warmUp(base: URL) async throws -> Int {
            // Sign in before loading the feed: it needs the session cookie.
            let login = try await URLSession.shared.data(from: base.appending(path: "login")).0
            let feed = try await URLSession.shared.data(from: base.appending(path: "feed")).0
            return login.count + feed.count
        }
        """,
        // The second call needs the first result.
        """
        func loadOrders(base: URL) async throws -> Data {
            let user = try await URLSession.shared.data(from: base.appending(path: "me")).0
            let orders = try await URLSession.shared.data(from: base.appending(path: "orders/\\(user.count)")).0
            return orders
        }
        """,
        // Already concurrent.
        """
        func loadFeed(base: URL) async throws -> Int {
            async let profile = URLSession.shared.data(from: base.appending(path: "me")).0
            async let posts = URLSession.shared.data(from: base.appending(path: "posts")).0
            return try await profile.count + posts.count
        }
        """,
        // In a loop: sequential awaits are often deliberate pacing.
        """
        func crawl(pages: [URL]) async throws {
            for page in pages {
                let html = try await URLSession.shared.data(from: page).0
                let robots = try await URLSession.shared.data(from: page.appending(path: "robots.txt")).0
                print(html, robots)
            }
        }
        """,
        // Something with effects runs between them.
        """
        func checkout(base: URL, analytics: Analytics) async throws {
            let total = try await URLSession.shared.data(from: base.appending(path: "total")).0
            analytics.log("checkout")
            let token = try await URLSession.shared.data(from: base.appending(path: "token")).0
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
                let first = try await URLSession.shared.data(from: URL(string: "https://example.com")!).0
                let second = try await URLSession.shared.data(from: URL(string: "https://example.com")!).0
                XCTAssertEqual(first, second)
            }
        }
        """,
        // Inside `defer` (awaiting there needs SE-0493): cleanup order is kept.
        """
        func work(base: URL) async {
            defer {
                let flushed = try? await URLSession.shared.data(from: base.appending(path: "flush")).0
                let trimmed = try? await URLSession.shared.data(from: base.appending(path: "trim")).0
                print(flushed as Any, trimmed as Any)
            }
            print("start")
        }
        """,
    ]
}
