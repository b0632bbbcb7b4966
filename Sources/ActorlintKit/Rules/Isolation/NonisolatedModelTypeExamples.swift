// The examples that specify `NonisolatedModelType`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension NonisolatedModelType {
    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            struct ↓Post: Decodable, Sendable {
                let id: Int
                let title: String
            }
            @concurrent func decodePosts(from data: Data) async throws -> [Post] {
                try JSONDecoder().decode([Post].self, from: data)
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        RuleExample("""
            enum ↓Currency: String, Codable { case euro, dollar }
            actor RatesCache {
                var rates: [Currency: Double] = [:]
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Already nonisolated.
        RuleExample("""
            nonisolated struct Post: Decodable, Sendable { let id: Int }
            @concurrent func decode(_ data: Data) async throws -> [Post] { try JSONDecoder().decode([Post].self, from: data) }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // Not a default-MainActor module: value types are nonisolated already.
        """
        struct Post: Decodable, Sendable { let id: Int }
        @concurrent func decode(_ data: Data) async throws -> [Post] { try JSONDecoder().decode([Post].self, from: data) }
        """,
        // Used only on the main actor.
        RuleExample("""
            struct Filter: Codable { var query = "" }
            final class SearchModel { var filter = Filter() }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // Not Sendable or Codable: not a model type that travels.
        RuleExample("""
            struct Layout { var spacing = 8.0 }
            @concurrent func measure(_ layout: Layout) async -> Double { layout.spacing }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample("""
            import Foundation
            public struct Post: Decodable, Sendable {
                let id: Int
                var label: String { "#\\(id)" }
            }
            @concurrent func labels(_ data: Data) async throws -> [String] {
                try JSONDecoder().decode([Post].self, from: data).map(\\.label)
            }
            """, """
            import Foundation
            public nonisolated struct Post: Decodable, Sendable {
                let id: Int
                var label: String { "#\\(id)" }
            }
            @concurrent func labels(_ data: Data) async throws -> [String] {
                try JSONDecoder().decode([Post].self, from: data).map(\\.label)
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
    ]
}
