import Foundation

/// A saved article as the reading-list API returns it. Unannotated, so in this module it is
/// main-actor code, yet it is decoded and read by the `@concurrent` functions below.
struct Article: Codable, Identifiable, Sendable {
    let id: Int
    let title: String
    let url: URL
    let savedAt: Date
    let minutes: Int
}

/// Reading totals for a week. Marked `nonisolated`, so it is usable from any isolation.
nonisolated struct ReadingStats: Codable, Sendable {
    let articlesRead: Int
    let minutesRead: Int
}

/// One line of the exported history: plain data, opted out of the module's default.
nonisolated struct HistoryRow: Sendable {
    let title: String
    let url: URL
    let savedAt: Date
}

@concurrent
func decodeArticles(from data: Data) async throws -> [Article] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode([Article].self, from: data).sorted { $0.savedAt > $1.savedAt }
}

@concurrent
func decodeStats(from data: Data) async throws -> ReadingStats {
    try JSONDecoder().decode(ReadingStats.self, from: data)
}

/// The reading-list endpoints. Explicitly nonisolated: the client has nothing to do with the UI.
nonisolated struct ReadingListClient: Sendable {
    let baseURL = URL(string: "https://reading.example.com/api")!

    func articles() async throws -> [Article] {
        try await decodeArticles(from: get("articles"))
    }

    func stats(weekOf date: Date) async throws -> ReadingStats {
        try await decodeStats(from: get("stats?week=\(Int(date.timeIntervalSince1970))"))
    }

    func article(_ id: Int) async throws -> Article {
        try await decodeArticles(from: get("articles/\(id)"))[0]
    }

    func related(to id: Int) async throws -> [Article] {
        try await decodeArticles(from: get("articles/\(id)/related"))
    }

    private func get(_ path: String) async throws -> Data {
        let (data, response) = try await URLSession.shared.data(from: URL(string: path, relativeTo: baseURL)!)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        return data
    }
}
