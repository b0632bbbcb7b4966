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
                func rate(_ code: String) -> Double { rates[Currency(rawValue: code) ?? .euro] ?? 0 }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // A nested type, named as code must name it, whose members an actor reads.
        RuleExample("""
            final class FilterSettings {
                struct ↓Snapshot: Sendable {
                    let showReplies: Bool
                }
            }
            actor TimelineStore {
                var statuses: [Status] = []
                func visible(using filter: FilterSettings.Snapshot) -> [Status] {
                    filter.showReplies ? statuses : statuses.filter { !$0.isReply }
                }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Only passed through off the main actor: no member of it is used there.
        RuleExample("""
            struct Attachment: Identifiable, Sendable { let id: String }
            final class Editor {
                nonisolated func first(of candidates: [Attachment]) async -> Attachment? {
                    await withTaskGroup(of: Attachment?.self) { group in
                        for candidate in candidates { group.addTask { candidate } }
                        return await group.next() ?? nil
                    }
                }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // A nested `Data` is not the `Data` that other code names.
        RuleExample("""
            struct WidgetMessage: Codable {
                struct Data: Codable { let action: String }
                let data: Data
            }
            @concurrent func download(_ url: URL) async throws -> Data { try Data(contentsOf: url) }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
        // Generated mocks are not the module's own use.
        RuleExample("""
            // Generated using Sourcery — https://github.com/krzysztofzablocki/Sourcery
            // DO NOT EDIT
            enum Presence: Equatable, Sendable { case online, offline }
            nonisolated class PresenceServiceMock {
                @concurrent func presence() async -> Presence { Presence.online }
            }
            """, settings: ModuleSettings(name: "App", defaultIsolation: .mainActor)),
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
