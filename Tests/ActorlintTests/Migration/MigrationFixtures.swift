@testable import ActorlintKit
import Foundation
import Testing

/// A package written to a temporary folder, planned and migrated in-process.
struct MigrationFixture {
    let directory: TemporaryDirectory

    init(_ files: [String: String]) throws {
        directory = try TemporaryDirectory(withPreviewRules: true)
        for (path, text) in files { try directory.write(path, text) }
    }

    /// A copy of `Tests/Fixtures/Projects/<name>`.
    init(copying name: String) throws {
        directory = try TemporaryDirectory(withPreviewRules: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Projects/\(name)").path
        for item in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + item, toPath: directory.url(item))
        }
    }

    var actorlint: Actorlint {
        var options = Actorlint.Options()
        options.cache = .off
        options.environment = testEnvironment
        return Actorlint(options)
    }

    func plan(_ goal: MigrationGoal = .both, targets: [String] = []) throws -> MigrationPlan {
        try actorlint.migrationPlan([directory.path], MigrateOptions(goal: goal, targets: targets))
    }

    func apply(_ goal: MigrationGoal = .both, targets: [String] = [], unsafe: Bool = false, diff: Bool = false) throws -> MigrationResult {
        try actorlint.migrate([directory.path], MigrateOptions(goal: goal, targets: targets, unsafe: unsafe, diff: diff))
    }

    func read(_ path: String) throws -> String { try directory.read(path) }

    /// Every file's text, to see that nothing was written.
    func snapshot() throws -> [String: String] {
        let paths = FileManager.default.subpaths(atPath: directory.path) ?? []
        var texts: [String: String] = [:]
        for path in paths where path.hasSuffix(".swift") || path.hasSuffix(".pbxproj") || path.hasSuffix(".xcconfig") {
            texts[path] = try read(path)
        }
        return texts
    }
}

extension MigrationPlan {
    func module(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Module? {
        let found = modules.first { $0.name == name }
        #expect(found != nil, "no module \(name) in the plan", sourceLocation: sourceLocation)
        return found
    }
}

extension MigrationPlan.Module {
    /// The move of the function named `name` (`checksum` for "function `checksum(…)`").
    func move(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> MovedCode? {
        let found = moves.first { $0.name.contains("`\(name)(") }
        #expect(found != nil, "no move of \(name) in \(self.name): \(moves.map(\.name))", sourceLocation: sourceLocation)
        return found
    }

    func action(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Decision.Action? {
        move(name, sourceLocation: sourceLocation)?.decision?.action
    }
}

/// Fixtures the migration tests share: a library, a test target that tests it, and an app.
enum MigrationSources {
    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .executableTarget(name: "ShopApp", dependencies: ["Kit"]),
                .target(name: "Kit"),
                .testTarget(name: "KitTests", dependencies: ["Kit"]),
            ]
        )

        """

    /// Async functions of a library, each a case of the cost model; the comment says what the
    /// plan does with it.
    static let kit = """
        import Foundation

        public struct Item: Codable, Sendable {
            public var id: Int
        }

        // leave: awaits I/O
        public func fetch(_ url: URL) async throws -> Data {
            let (data, _) = try await URLSession.shared.data(from: url)
            return data
        }

        // mark: a loop that builds a result, nothing awaited
        public func checksum(_ values: [Int]) async -> Int {
            var total = 0
            for value in values { total += value &* 31 }
            return total
        }

        // mark: decodes a collection after the await
        public func items(from url: URL) async throws -> [Item] {
            let data = try await fetch(url)
            return try JSONDecoder().decode([Item].self, from: data)
        }

        // leave: one pass beside an await
        public func normalized(_ url: URL, query: String) async throws -> Data {
            var cleaned = ""
            for character in query { cleaned.append(character == "+" ? " " : character) }
            return try await fetch(url)
        }

        // mark: nested loops
        public func pairs(_ a: [Int], _ b: [Int]) async -> Int {
            var count = 0
            for x in a { for y in b where x == y { count += 1 } }
            return count
        }

        // leave: heavy, but its only caller is an actor
        func digest(_ values: [Int]) async -> Int {
            var total = 0
            for value in values { total += value }
            return total
        }

        actor Ledger {
            var entries: [Int] = []
            func total() async -> Int { await digest(entries) }
        }

        // leave: a literal range
        public func fixed() async -> Int {
            var total = 0
            for value in 0..<3 { total += value }
            return total
        }

        // leave: one object
        public func one(_ data: Data) async throws -> Item {
            try JSONDecoder().decode(Item.self, from: data)
        }

        // leave: builds nothing
        public func log(_ lines: [String]) async {
            for line in lines { print(line) }
        }

        // leave: waits on a stream
        public func stream(_ values: AsyncStream<Int>) async -> Int {
            var total = 0
            for await value in values { total += value }
            return total
        }

        // leave: the loop runs in a detached task, elsewhere
        public func later(_ values: [Int]) async {
            Task.detached {
                var total = 0
                for value in values { total += value }
                _ = total
            }
        }

        public protocol Source {
            func load() async throws -> Data
        }

        public func plain(_ values: [Int]) -> Int { values.count }

        """

    static let kitTests = """
        import Kit

        func checkChecksum() async {
            _ = await checksum([1, 2, 3])
        }

        """

    /// App code under default isolation MainActor: data types, a loader, a hop.
    static let app = """
        import Foundation
        import SwiftUI

        struct Post: Codable {
            var title: String
            var isDraft: Bool { title.isEmpty }
        }

        struct Draft: Sendable {
            var text: String
        }

        struct Theme: Hashable {
            var name: String
        }

        protocol Store {
            func save()
        }

        let formatter = DateFormatter()

        final class Loader {
            var cache: [Post] = []

            func parse(_ data: Data) async throws -> [Post] {
                try JSONDecoder().decode([Post].self, from: data).filter { !$0.isDraft }
            }

            func refresh(_ data: Data) async throws {
                cache = try JSONDecoder().decode([Post].self, from: data)
            }

            func title() -> String { "posts" }

            func update() {
                DispatchQueue.main.async {
                    print("updated")
                }
            }
        }

        struct ShopApp: App {
            var body: some Scene {
                WindowGroup { Text("Shop") }
            }
        }

        """

    static var files: [String: String] {
        ["Package.swift": manifest, "Sources/Kit/Kit.swift": kit, "Tests/KitTests/KitTests.swift": kitTests,
         "Sources/ShopApp/ShopApp.swift": app]
    }
}
