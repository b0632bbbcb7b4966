// The fix examples of `SequentialIndependentAwaits`: `FixCompileTests` compiles each before and
// after with swiftc in Swift 6 mode.
extension SequentialIndependentAwaits {
    private static let imports = """
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif

        """

    /// A correction whose code around the rewritten function is the same before and after.
    private static func correction(_ around: String, _ before: String, _ after: String, end: String = "") -> CorrectionExample {
        CorrectionExample(around: imports + around, before: before, after: after, end: end)
    }

    static let correctionExamples: [CorrectionExample] = [
        // Throwing GET requests of a Sendable service, read in one later statement.
        correction("""
            struct FeedService: Sendable {
                func profile(id: Int) async throws -> Data {
                    try await URLSession.shared.data(from: URL(string: "https://example.com/users/\\(id)")!).0
                }
                func posts(authorID: Int) async throws -> Data {
                    try await URLSession.shared.data(from: URL(string: "https://example.com/posts/\\(authorID)")!).0
                }
            }
            func loadFeed(service: FeedService, id: Int) async throws -> Int {

            """, """
                let profile = try await service.profile(id: id)
                let posts = try await service.posts(authorID: id)
                return profile.count + posts.count
            }
            """, """
                async let profile = service.profile(id: id)
                async let posts = service.posts(authorID: id)
                return try await profile.count + posts.count
            }
            """),
        // Assignments to properties of a main-actor model, and a fallback after the call.
        correction("""
            struct ProfileAPI: Sendable {
                func avatar() async -> Data? { try? await URLSession.shared.data(from: URL(string: "https://example.com/a")!).0 }
                func bio() async -> String? {
                    let data = try? await URLSession.shared.data(from: URL(string: "https://example.com/b")!).0
                    return data.map { String(decoding: $0, as: UTF8.self) }
                }
            }
            @MainActor final class ProfileModel {
                var avatar: Data?
                var bio = ""
                let api = ProfileAPI()
                func refresh() async {

            """, """
                    avatar = await api.avatar()
                    bio = await api.bio() ?? ""
                    print("refreshed")
            """, """
                    async let newAvatar: Data? = api.avatar()
                    async let newBio: String = api.bio() ?? ""
                    avatar = await newAvatar
                    bio = await newBio
                    print("refreshed")
            """, end: "\n    }\n}"),
        // A generic getter whose type came from the assignment: the `async let` is given the
        // type the property is declared with.
        correction("""
            struct Track: Decodable, Sendable { let title: String }
            struct Artist: Decodable, Sendable { let name: String }
            struct MusicClient: Sendable {
                func get<Entity: Decodable & Sendable>(_ path: String) async throws -> Entity {
                    let data = try await URLSession.shared.data(from: URL(string: "https://example.com/" + path)!).0
                    return try JSONDecoder().decode(Entity.self, from: data)
                }
            }
            @MainActor final class ArtistScreen {
                var tracks: [Track] = []
                var artist: Artist?
                let client = MusicClient()
                func load() async throws {

            """, """
                    tracks = try await client.get("tracks")
                    artist = try await client.get("artist")
            """, """
                    async let newTracks: [Track] = client.get("tracks")
                    async let newArtist: Artist? = client.get("artist")
                    tracks = try await newTracks
                    artist = try await newArtist
            """, end: "\n    }\n}"),
        // Main-actor helpers that wait on the network, `try?`, and a plain `let` between them.
        correction("""
            @MainActor final class SyncScreen {
                func remoteCount() async throws -> Int {
                    try await URLSession.shared.data(from: URL(string: "https://example.com/remote")!).0.count
                }
                func archivedCount() async throws -> Int {
                    try await URLSession.shared.data(from: URL(string: "https://example.com/archive")!).0.count
                }
                func reload() async -> String {

            """, """
                    let remote = try? await remoteCount()
                    let label = "items"
                    let archived = try? await archivedCount()
                    return "\\(label): \\(remote ?? 0) \\(archived ?? 0)"
            """, """
                    async let remote = try? remoteCount()
                    let label = "items"
                    async let archived = try? archivedCount()
                    return await "\\(label): \\(remote ?? 0) \\(archived ?? 0)"
            """, end: "\n    }\n}"),
        // A property set from the first value between the calls moves after the last of them.
        correction("""
            struct StatsAPI: Sendable {
                func visits() async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://example.com/v")!).0 }
                func sales() async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://example.com/s")!).0 }
            }
            @MainActor final class StatsScreen {
                var visitCount = 0
                let api = StatsAPI()
                func load() async throws -> Int {

            """, """
                    let visits = try await api.visits()
                    visitCount = visits.count
                    let sales = try await api.sales()
                    return sales.count
            """, """
                    async let visits = api.visits()
                    async let sales = api.sales()
                    visitCount = try await visits.count
                    return try await sales.count
            """, end: "\n    }\n}"),
        // Callbacks of two different objects through continuations, in a Sendable class.
        correction("""
            final class Station: Sendable {
                func fetch(_ completion: @escaping @Sendable (String) -> Void) { completion("sun") }
            }
            final class Dashboard: Sendable {
                let weather = Station()
                let pollen = Station()
                func forecast() async -> String {
                    await withCheckedContinuation { continuation in weather.fetch { continuation.resume(returning: $0) } }
                }
                func pollenLevel() async -> String {
                    await withCheckedContinuation { continuation in pollen.fetch { continuation.resume(returning: $0) } }
                }
                func refresh() async -> String {

            """, """
                    let sky = await forecast()
                    let air = await pollenLevel()
                    return sky + air
            """, """
                    async let sky = forecast()
                    async let air = pollenLevel()
                    return await sky + air
            """, end: "\n    }\n}"),
    ]
}
